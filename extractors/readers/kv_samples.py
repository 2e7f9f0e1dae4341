"""Per-interval `key=value, key=value` lines: fio's t/io_uring (`IOPS=3.1M, BW=1.5GiB/s, IOS/call=32/31`)
and the sampling tools that print the same way.

A line of two or more comma-separated `key=value` items is a sample when one of its items is a result:
a key that names a rate printed without a unit (`IOPS`, `rps`) or a value with a rate, bandwidth or time
unit (`BW=2835MiB/s`). Configuration echoed before the samples (`polled=1, fixedbufs=1`,
`submitter=0, tid=1206`) has none. Consecutive samples with the same keys are one run: rows labelled
"1", "2", ... in the order printed, one column per key whose value is one number. Fractions
(`IOS/call=32/31`), paired counts (`inflight=91 (91)`, `inflight=(77 32)`) and anything else that is
not one number is never a value.
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

_ITEM = r"[A-Za-z][\w/%.-]{0,30}=(?:\([^)\n]{0,30}\)|[^\s,()]{1,40}(?: \([^)\n]{0,20}\))?)"
_LINE_RE = re.compile(rf"^\s{{0,8}}{_ITEM}(?:,\s{{1,4}}{_ITEM}){{1,20}}\s*,?\s*$")
_ITEM_RE = re.compile(r"(?P<key>[A-Za-z][\w/%.-]{0,30})=(?P<value>\([^)\n]{0,30}\)|[^\s,()]{1,40}(?: \([^)\n]{0,20}\))?)")
_LINES_RE = re.compile(_LINE_RE.pattern, re.M)
# Keys that name a throughput figure when it is printed without a unit: I/O operations, requests,
# queries, transactions, operations, messages and packets per second.
RATE_KEYS = frozenset({"iops", "kiops", "rps", "qps", "tps", "ops", "op/s", "ops/s", "msgs/s", "pps",
                       "mpps", "kpps", "reqs/s", "req/s"})
_RESULT_DIMENSIONS = frozenset({"rate", "bandwidth", "time"})


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
    for i, line in enumerate(lines):
        items = list(_ITEM_RE.finditer(line)) if len(line) <= MAX_LINE and _LINE_RE.match(line) else []
        keys = tuple(item.group("key") for item in items)
        if not items or not _is_sample(line):
            _close(run, grids)
            run = None
            continue
        if run is None or run.keys != keys:
            _close(run, grids)
            columns = tuple(k for k, item in zip(keys, items) if parse_value(item.group("value")) is not None)
            run = _Run(keys, columns)
        values = {item.group("key"): item for item in items}
        cells = [_cell(line, values[key]) for key in run.columns]
        run.rows.append(GridRow(i, str(len(run.rows) + 1), tuple(cells)))
    _close(run, grids)
    return grids


def _cell(line: str, item: re.Match) -> Cell:
    unit = "IOPS" if item.group("key").lower() == "iops" else None
    return cell(line, item.start("value"), item.end("value"), unit) or empty_cell(item.start("value"))


def _close(run: _Run | None, grids: list[Grid]) -> None:
    if run is not None and run.rows and run.columns:
        grids.append(grid(reader=NAME, first_line=run.rows[0].line, last_line=run.rows[-1].line,
                          header=run.columns, rows=tuple(run.rows)))
