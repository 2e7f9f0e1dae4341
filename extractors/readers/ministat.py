"""ministat: the legend (`x base.txt`, `+ patched.txt`), the plot, the `N Min Max Median Avg Stddev` rows
per legend symbol, and for each data set after the first its `Difference at 95.0% confidence` (the
difference of the means `3060.4 +/- 1070.09` and in percent `9.13% +/- 3.19%`) or `No difference
proven at 95.0% confidence`.

ministat compares every data set with the first, so rows are data sets in the printed order: the first
is the reference. Rows are labelled by the legend name of their symbol (the symbol when no legend is
printed, or the name printed in its place). Columns: N (a count: "ignore"), Min, Max, Median, Avg ("metric"), Stddev ("spread"), then the
difference and the difference in percent ("change") on the rows, labelled "<name> difference" and
"<name> difference %", of the lines that print them. `significant` is ministat's verdict per data set:
True under "Difference at", False under "No difference proven", None for the reference.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, empty_cell, grid, joined

NAME = "ministat"

_SYMBOLS = "x+*%#@O"
_LEGEND_RE = re.compile(rf"^(?P<sym>[{re.escape(_SYMBOLS)}]) (?P<name>\S[^\n]{{0,200}}?)\s*$")
_PLOT_RE = re.compile(r"^\s{0,4}(?:\+-{10,}\+|\|[^\n]{10,300}\|)\s*$")
_HEADER_RE = re.compile(r"^\s{1,12}N\s{1,16}Min\s{1,16}Max\s{1,16}Median\s{1,16}Avg\s{1,16}Stddev\s*$")
_NUM = r"-?\d{1,20}(?:\.\d{1,12})?(?:e[-+]?\d{1,3})?"
# A data set's row starts with its legend symbol; a name there (the symbols replaced by the data sets'
# names, as posted results often are) is read under ministat's own header too.
_STATS_RE = re.compile(
    rf"^(?P<sym>[{re.escape(_SYMBOLS)}]|[A-Za-z][\w.-]{{0,40}})\s{{1,16}}(?P<n>\d{{1,9}})"
    + "".join(rf"\s{{1,20}}(?P<{k}>{_NUM})" for k in ("min", "max", "median", "avg", "stddev")) + r"\s*$")
_DIFFERENCE_RE = re.compile(r"^\s{0,8}Difference at (?P<level>\d{1,3}(?:\.\d{1,3})?)% confidence\s*$")
_NO_DIFFERENCE_RE = re.compile(r"^\s{0,8}No difference proven at \d{1,3}(?:\.\d{1,3})?% confidence\s*$")
_ABS_RE = re.compile(rf"^\s{{1,12}}(?P<value>{_NUM} \+/- {_NUM})\s*$")
_PCT_RE = re.compile(rf"^\s{{1,12}}(?P<value>{_NUM}% \+/- {_NUM}%)\s*$")
_TEST_RE = re.compile(r"^\s{1,12}\(Student's t, pooled s = [^\n)]{1,40}\)\s*$")
DIFFERENCE_PCT = " difference %"  # the label suffix of the row holding a data set's difference in percent
HEADER = ("N", "Min", "Max", "Median", "Avg", "Stddev", "Difference", "Difference %")
ROLES = ("ignore", "metric", "metric", "metric", "metric", "spread", "change", "change")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return "Stddev" in text and any(_HEADER_RE.match(line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    legend: dict[str, str] = {}
    first: int | None = None
    rows: list[GridRow] = []
    verdicts: list[bool | None] = []
    in_table = False
    current = 0  # the row of the data set the difference lines below belong to

    def close() -> None:
        nonlocal rows, verdicts, first, in_table
        if rows:
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=HEADER, rows=tuple(rows),
                              roles=ROLES, benchmark="ministat", significant=tuple(verdicts),
                              reference_row=0))
        rows, verdicts, first, in_table = [], [], None, False

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if not in_table and (legend_line := _LEGEND_RE.match(line)) and not _STATS_RE.match(line):
            if legend_line.group("sym") == "x":
                close()
                legend = {}
            first = i if first is None else first
            legend[legend_line.group("sym")] = legend_line.group("name")
            continue
        if _PLOT_RE.match(line) and not in_table:
            first = i if first is None else first
            continue
        if _HEADER_RE.match(line):
            first, in_table = (i if first is None else first), True
            continue
        if not in_table:
            if line.strip():
                first, legend = None, {}
            continue
        stats = _STATS_RE.match(line)
        if stats:
            label = legend.get(stats.group("sym"), stats.group("sym"))
            cells = [cell_of(line, stats, k) for k in ("n", "min", "max", "median", "avg", "stddev")]
            current = len(rows)
            rows.append(GridRow(i, label, tuple(cells)))
            verdicts.append(None)
        elif _DIFFERENCE_RE.match(line) and rows:
            verdicts[current] = True
        elif _NO_DIFFERENCE_RE.match(line) and rows:
            verdicts[current] = False
        elif (found := _ABS_RE.match(line) or _PCT_RE.match(line)) and rows:
            at = found.start("value")
            pct = found.re is _PCT_RE
            label = f"{rows[current].label}" + (DIFFERENCE_PCT if pct else " difference")
            made = cell(line, at, found.end("value"))
            rows.append(GridRow(i, label, (empty_cell(at),) * (7 if pct else 6) + (made,)))
            verdicts.append(True)
        elif not _TEST_RE.match(line) and line.strip():
            close()
            legend = {}
    close()
    return grids
