"""sockperf: the `sockperf: ` summary lines of a latency (ping-pong, under-load) or throughput run.

Read: `====> avg-latency=40.123 (std-dev=1.234, ...)` (older `avg-lat= 40.123 (std-dev=1.234)`), with its
standard deviation as the spread; `Summary: Latency is 40.123 usec`, `Summary: Round trip is ...`,
`Summary: Message Rate is 123456 [msg/sec]`, `Summary: BandWidth is 12.345 MBps (98.76 Mbps)`; and the
percentiles `---> percentile 99.900 =   60.789` and `---> <MAX> observation =  123.456` (usec). The
message counts of `[Total Run]`/`[Valid Duration]` and the dropped/duplicated counts are bookkeeping.
One grid per run, a run ending where sockperf prints a result it already printed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "sockperf"

_PREFIX_RE = re.compile(r"^\s{0,4}sockperf: ")
_AVERAGE_RE = re.compile(
    r"====> (?P<label>avg-latency|avg-lat|avg-rtt)=\s{0,4}(?P<value>\d{1,12}(?:\.\d{1,6})?)"
    r"\s{0,4}\(std-dev=(?P<sd>\d{1,12}(?:\.\d{1,6})?)")
_SUMMARY_RE = re.compile(
    r"Summary: (?P<label>Latency|Round trip|Message Rate|BandWidth) is (?P<value>\d{1,15}(?:\.\d{1,6})?)"
    r"\s{0,4}(?P<unit>usec|\[msg/sec\]|MBps|Mbps)")
_PERCENTILE_RE = re.compile(
    r"---> (?P<label>percentile \d{1,3}\.\d{1,4}|<MAX> observation|<MIN> observation) =\s{0,12}"
    r"(?P<value>\d{1,12}(?:\.\d{1,6})?)\s*$")
_UNITS = {"[msg/sec]": "msg/s", "usec": "usec", "MBps": "MB/s", "Mbps": "Mbit/s"}


def detect(lines: Sequence[str]) -> bool:
    return "sockperf: " in joined(lines) and any(_result(line, i) for i, line in enumerate(lines))


def _result(line: str, i: int) -> GridRow | None:
    if len(line) > MAX_LINE or not _PREFIX_RE.match(line):
        return None
    if (average := _AVERAGE_RE.search(line)):
        made = cell_of(line, average, "value", "usec")
        made = replace(made, value=replace(made.value, spread_abs=float(average.group("sd")))) if made else None
        return row(i, average.group("label"), [made])
    if (summary := _SUMMARY_RE.search(line)):
        return row(i, summary.group("label"), [cell_of(line, summary, "value", _UNITS[summary.group("unit")])])
    if (pct := _PERCENTILE_RE.search(line)):
        return row(i, pct.group("label"), [cell_of(line, pct, "value", "usec")])
    return None


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    rows: list[GridRow] = []
    first = block = 0  # the first line of the run, and of the block of sockperf lines it is in

    def close() -> None:
        if rows:
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=("",),
                              rows=tuple(rows), benchmark="sockperf"))
        rows.clear()

    for i, line in enumerate(lines):
        made = _result(line, i)
        if made is not None:
            if any(r.label == made.label for r in rows):
                close()
                block = i
            if not rows:
                first = block if block <= i else i
            rows.append(made)
        elif not _PREFIX_RE.match(line) and line.strip():
            close()
            block = i + 1
    close()
    return grids
