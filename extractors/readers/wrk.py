"""wrk and wrk2 (HTTP load generators): the report a run prints after `Running 30s test @ <url>`.

Read: the thread statistics `Latency   635.91us  0.89ms  12.92ms  93.69%` and `Req/Sec  56.20k  8.07k ...`
(average, with the standard deviation as its spread, and maximum), the `Latency Distribution` percentiles
(`99%  5.80ms`; wrk2's `99.000%  5.80ms`), the total `22464657 requests in 30.00s, 17.76GB read` (row
"requests", so that two runs of one length compare) and the closing `Requests/sec: 748868.53` and
`Transfer/sec: 2.95GB` (a size per second, so its unit is a rate). The thread and connection counts are
the run's setup; socket errors and non-2xx counts are bookkeeping. One grid per run, from its `Running`
banner (or its first result) to `Transfer/sec`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.numbers import parse_value
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "wrk"

_NUM = r"\d{1,15}(?:\.\d{1,6})?"
_BANNER_RE = re.compile(r"^\s{0,4}Running \d{1,6}(?:\.\d{1,3})?[smh] test @ \S{1,300}\s*$")
# "Latency   635.91us    0.89ms  12.92ms   93.69%": average, stdev, max, share within one stdev
_STATS_RE = re.compile(
    rf"^\s{{0,8}}(?P<label>Latency|Req/Sec)\s{{1,12}}(?P<avg>{_NUM}[a-zA-Z]{{0,2}})\s{{1,12}}"
    rf"(?P<sd>{_NUM}[a-zA-Z]{{0,2}})\s{{1,12}}(?P<max>{_NUM}[a-zA-Z]{{0,2}})\s{{1,12}}{_NUM}%\s*$")
_PERCENTILE_RE = re.compile(
    rf"^\s{{0,8}}(?P<pct>\d{{1,3}}(?:\.\d{{1,6}})?)%\s{{1,12}}(?P<value>{_NUM}[a-zA-Z]{{1,2}})\s*$")
_TOTAL_RE = re.compile(
    rf"^\s{{0,8}}(?P<value>\d{{1,15}}) requests in (?P<time>{_NUM}[smh]), {_NUM}[KMGT]?B read\s*$")
_RATE_RE = re.compile(
    rf"^\s{{0,4}}(?P<label>Requests/sec|Transfer/sec):\s{{1,12}}(?P<value>{_NUM})(?P<size>[KMGT]?B)?\s*$")
_SETUP_RE = re.compile(r"^\s{0,8}\d{1,6} threads? and \d{1,9} connections?\s*$")
# The banner, the setup and the total read like sentences; they are wrk's, not prose.
SENTENCE_LINES = (_BANNER_RE, _SETUP_RE, _TOTAL_RE)
# Lines of the report that hold no result besides the setup: the headings and the error counts.
_OTHER_RE = re.compile(r"^\s{0,8}(?:Thread Stats\b|Latency Distribution\b|Socket errors:|Non-2xx or 3xx responses:|"
                       r"Thread calibration:|#\[Mean|#\[Max|Detailed Percentile)")
# wrk prints a latency's unit glued to it ("635.91us", "1.20s"); the request rates are counts ("56.20k").
_TIME_UNITS = frozenset({"us", "ms", "s", "m", "h"})


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return "Requests/sec:" in text and any(_RATE_RE.match(line) for line in lines)


def _latency_cell(line: str, match: re.Match, group: str, label: str):
    made = cell_of(line, match, group)
    if made is None or made.value is None:
        return None
    if label == "Latency" and made.value.unit not in _TIME_UNITS:
        return None
    return made


def _rows(line: str, i: int) -> list[GridRow]:
    if (stats := _STATS_RE.match(line)):
        label = stats.group("label")
        average = _latency_cell(line, stats, "avg", label)
        spread = parse_value(stats.group("sd"))
        if average is not None and spread is not None and spread.unit == average.value.unit:
            average = replace(average, value=replace(average.value, spread_abs=spread.value))
        maximum = _latency_cell(line, stats, "max", label)
        return _kept(row(i, f"{label} avg", [average]), row(i, f"{label} max", [maximum]))
    if (pct := _PERCENTILE_RE.match(line)):
        made = cell_of(line, pct, "value")
        if made is None or made.value.unit not in _TIME_UNITS:
            return []
        return _kept(row(i, f"Latency {float(pct.group('pct')):g}%", [made]))
    if (total := _TOTAL_RE.match(line)):
        return _kept(row(i, "requests", [cell_of(line, total, "value")]))
    if (rate := _RATE_RE.match(line)):
        unit = f"{rate.group('size')}/s" if rate.group("size") else "req/s"
        return _kept(row(i, rate.group("label"), [cell_of(line, rate, "value", unit)]))
    return []


def _kept(*rows: GridRow | None) -> list[GridRow]:
    """The rows that hold a number (`row` gives None for a line whose value did not read)."""
    return [r for r in rows if r]


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    rows: list[GridRow] = []
    first: int | None = None

    def close() -> None:
        nonlocal first
        if rows and any(r.label == "Requests/sec" for r in rows):
            grids.append(grid(reader=NAME, first_line=first if first is not None else rows[0].line,
                              last_line=rows[-1].line, header=("",), rows=tuple(rows), benchmark="wrk"))
        rows.clear()
        first = None

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if _BANNER_RE.match(line):
            close()
            first = i
            continue
        found = _rows(line, i)
        if found:
            if any(r.label == found[0].label for r in rows):
                close()  # the same result again: the next run's report, printed without its banner
            if first is None:
                first = i
            rows.extend(found)
            if found[-1].label == "Transfer/sec":
                close()
        elif line.strip() and not _OTHER_RE.match(line) and not _SETUP_RE.match(line) and rows:
            close()
    close()
    return grids
