"""Per-interval `key=value, key=value` lines: fio's t/io_uring (`IOPS=3.1M, BW=1.5GiB/s, IOS/call=32/31`)
and the sampling tools that print the same way.

A line of two or more comma-separated `key=value` items is a sample when one of its items is a result:
a key that names a rate printed without a unit (`IOPS`, `rps`) or a value with a rate, bandwidth or time
unit (`BW=2835MiB/s`). Configuration echoed before the samples (`polled=1, fixedbufs=1`,
`submitter=0, tid=1206`) has none. Consecutive samples with the same keys are one run: rows labelled
"1", "2", ... in the order printed, one column per key whose value is one number. Fractions
(`IOS/call=32/31`), counts in brackets (`inflight=(124)`, `inflight=(77 32)`, `inflight=91 (91)`: the
requests in flight, per submitter) and anything else that is not one number is never a value. The
statistic a tool prints of one key when it stops (t/io_uring's "Maximum IOPS=2794K", under the "^C" of
the interrupt or the "Exiting on timeout" that stopped it) is the run's last row, named by the statistic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from extractors.model import Cell, Grid, GridRow
from extractors.numbers import parse_value
from extractors.readers.cells import MAX_LINE, cell, empty_cell, grid, joined
from extractors.vocab.units import lookup_unit

NAME = "kv-samples"

_KEY = r"[A-Za-z][\w/%.-]{0,30}"
_VALUE = r"\([^)\n]{0,30}\)|[^\s,()]{1,40}(?: \([^)\n]{0,20}\))?"
_ITEM = rf"{_KEY}=(?:{_VALUE})"
_LINE_RE = re.compile(rf"^\s{{0,8}}{_ITEM}(?:,\s{{1,4}}{_ITEM}){{1,20}}\s*,?\s*$")
_ITEM_RE = re.compile(rf"(?P<key>{_KEY})=(?P<value>{_VALUE})")
_LINES_RE = re.compile(_LINE_RE.pattern, re.M)
# Keys that name a throughput figure when it is printed without a unit: I/O operations, requests,
# queries, transactions, operations, messages and packets per second.
RATE_KEYS = frozenset({"iops", "kiops", "rps", "qps", "tps", "ops", "op/s", "ops/s", "msgs/s", "pps",
                       "mpps", "kpps", "reqs/s", "req/s"})
_RESULT_DIMENSIONS = frozenset({"rate", "bandwidth", "time"})
# A summary of one key under the samples: a statistic's name, then the key's item ("Maximum IOPS=2794K").
_SUMMARY_RE = re.compile(rf"^\s{{0,8}}(?P<name>maximum|minimum|average|max|min|avg|mean|median)\s+"
                         rf"(?P<item>{_KEY})=(?:{_VALUE})\s*$", re.I)
# The line of a sampling tool that stopped, between its samples and its summary: the terminal's echo of
# the interrupt ("^C", "^CExiting on signal"), or the tool's own word for it ("Exiting on timeout").
_STOPPED_RE = re.compile(r"^\s{0,8}(?:\^C|Exiting\b)")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return "=" in text and any(_is_sample(match.group()) for match in _LINES_RE.finditer(text))


def _is_sample(line: str) -> bool:
    for item in _ITEM_RE.finditer(line):
        key, value = item.group("key"), parse_value(item.group("value"))
        if value is None:
            continue
        unit = lookup_unit(value.unit)
        if key.lower() in RATE_KEYS or (unit is not None and unit.dimension in _RESULT_DIMENSIONS):
            return True
    return False


@dataclass
class _Run:
    keys: tuple[str, ...]
    columns: tuple[str, ...]  # the keys whose first value is one number
    rows: list[GridRow] = field(default_factory=list)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    run: _Run | None = None
    stopped = False  # the run's tool said on the line before that it stopped
    for i, line in enumerate(lines):
        items = list(_ITEM_RE.finditer(line)) if len(line) <= MAX_LINE and _LINE_RE.match(line) else []
        keys = tuple(item.group("key") for item in items)
        if run is not None and not items and not stopped and _STOPPED_RE.match(line):
            stopped = True
            continue
        stopped = False
        if run is not None and not items and (summary := _summary(line, i, run)) is not None:
            run.rows.append(summary)
            continue
        if not items or not _is_sample(line):
            _close(run, grids)
            run = None
            continue
        if run is None or run.keys != keys:
            _close(run, grids)
            columns = tuple(k for k, item in zip(keys, items)
                            if item.group("value")[:1] != "(" and parse_value(item.group("value")) is not None)
            run = _Run(keys, columns)
        values = {item.group("key"): item for item in items}
        cells = [_cell(line, values[key]) for key in run.columns]
        run.rows.append(GridRow(i, str(len(run.rows) + 1), tuple(cells)))
    _close(run, grids)
    return grids


def _summary(line: str, index: int, run: _Run) -> GridRow | None:
    """The row (at `index`) of a statistic of one of the run's columns printed under it, or None."""
    match = _SUMMARY_RE.match(line)
    if match is None or match.group("item") not in run.columns:
        return None
    item = _ITEM_RE.search(line, match.start("item"))
    summary = _cell(line, item)
    if summary.value is None:
        return None
    cells = (summary if key == match.group("item") else empty_cell(summary.start) for key in run.columns)
    return GridRow(index, match.group("name"), tuple(cells))


def _cell(line: str, item: re.Match) -> Cell:
    unit = "IOPS" if item.group("key").lower() == "iops" else None
    return cell(line, item.start("value"), item.end("value"), unit) or empty_cell(item.start("value"))


def _close(run: _Run | None, grids: list[Grid]) -> None:
    if run is not None and run.rows and run.columns:
        grids.append(grid(reader=NAME, first_line=run.rows[0].line, last_line=run.rows[-1].line,
                          header=run.columns, rows=tuple(run.rows)))
