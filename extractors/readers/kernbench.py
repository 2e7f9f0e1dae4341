"""kernbench: `Average Optimal load -j 32 Run (std deviation):` and, under it, each measure with its
standard deviation in parentheses: `Elapsed Time 123.45 (1.23)`, `User Time`, `System Time`,
`Percent CPU`, `Context Switches`, `Sleeps`.

One grid per load (half, optimal, maximal), captioned by kernbench's heading, rows labelled by the
measure with the deviation kept as the value's spread; times are seconds, Percent CPU a percentage.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow, Value
from extractors.readers.cells import MAX_LINE, grid, has_line, text_cell

NAME = "kernbench"

_HEADING_RE = re.compile(r"^\s{0,4}(?P<caption>Average (?:\w{1,12} )?(?:\w{1,12} )?load -j \d{1,6} Run)(?: \(std deviation\))?:\s*$")
_MEASURE_RE = re.compile(
    r"^\s{0,4}(?P<label>Elapsed Time|User Time|System Time|Percent CPU|Context Switches|Sleeps)\s{1,12}"
    r"(?P<value>\d{1,15}(?:\.\d{1,6})?)\s{1,8}\((?P<sd>\d{1,15}(?:\.\d{1,6})?)\)\s*$")


def detect(lines: Sequence[str]) -> bool:
    return has_line(lines, "load -j", _HEADING_RE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    heading: tuple[int, str] | None = None
    rows: list[GridRow] = []
    for i, line in enumerate(list(lines) + [""]):
        found = _HEADING_RE.match(line) if len(line) <= MAX_LINE else None
        measure = _MEASURE_RE.match(line) if heading is not None and len(line) <= MAX_LINE else None
        if measure:
            label = measure.group("label")
            unit = "s" if label.endswith("Time") else "%" if label == "Percent CPU" else None
            start, end = measure.start("value"), measure.end("sd") + 1  # "123.45 (1.23)"
            value = Value(float(measure.group("value")), line[start:end], unit, spread_abs=float(measure.group("sd")))
            rows.append(GridRow(i, label, (text_cell(line, start, end, value),)))
            continue
        if heading is not None and rows:
            grids.append(grid(reader=NAME, first_line=heading[0], last_line=rows[-1].line, header=("",),
                              rows=tuple(rows), caption=heading[1], benchmark="kernbench"))
        heading, rows = ((i, found.group("caption")) if found else None), []
    return grids
