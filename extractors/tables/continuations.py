"""Rows printed after a blank line that carry on the grid above them ("System Benchmarks Index Score"
under the rows it sums up, an "average" row under per-CPU rows): whether they do, read in its columns,
and the grid with them added.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Sequence

from extractors.model import Cell, Grid, GridRow


def continues(above: Grid, below: Grid) -> bool:
    """Whether `below` is more rows of `above`: no header of its own, as many value columns, and each
    of its cells inside the column of `above` it stands for."""
    if any(below.header) or below.reader != above.reader or len(below.header) != len(above.header):
        return False
    if above.reader not in ("aligned",):
        return False
    spans = _spans(above)
    for row in below.rows:
        for cell, span in zip(row.cells, spans):
            if cell.text and (span is None or cell.end < span[0] or cell.start > span[1]):
                return False
    return True


_RECORD_GAP = 3  # lines a run of key: value records may skip (a test's "not tested", a tool's note under it)


def more_records(above: Grid, below: Grid, gap: int) -> bool:
    """Whether `below` is more records of the key: value run `above`, `gap` lines further down, which
    lines without a number cut apart inside one table block ("vdso: not tested", "Note: ..."): the same
    columns, and none of its row names printed again, where the run of another setup names them again."""
    return above.reader == below.reader == "keyed" and above.header == below.header and gap <= _RECORD_GAP \
        and not {row.label for row in above.rows} & {row.label for row in below.rows}


def relabelled(above: Grid, below: Grid) -> Grid:
    """`below` with its first column read as the rows' names, when `above` names its rows and `below`,
    with no header nor names of its own, has one value column more, whose cells all end before the
    first value of `above` begins: the names are numbers ("8", "24" threads), which alone read as values."""
    if any(below.header) or len(below.header) != len(above.header) + 1 or not above.rows or \
            not all(row.label for row in above.rows) or any(row.label for row in below.rows):
        return below
    starts = [row.cells[0].start for row in above.rows if row.cells and row.cells[0].text]
    if not starts or any(not row.cells[0].text or row.cells[0].end > min(starts) for row in below.rows):
        return below
    rows = tuple(GridRow(row.line, row.cells[0].text, row.cells[1:]) for row in below.rows)
    return dataclasses.replace(below, header=below.header[1:], rows=rows, header_rows=())


def extend(above: Grid, below: Grid, shift: int) -> Grid:
    """`above` with the rows of `below` (whose line numbers are `shift` lines further down) added."""
    rows = above.rows + tuple(GridRow(r.line + shift, r.label, r.cells) for r in below.rows)
    significant = above.significant + below.significant if above.significant and below.significant else ()
    return dataclasses.replace(above, last_line=below.last_line + shift, rows=rows, significant=significant)


def placed(above: Grid, below: Grid, lines: Sequence[str]) -> Grid:
    """`below` read in the columns of `above` when it has no header and fewer value columns, each of its
    cells inside a column of `above`, in order, and a mark of no value ("-", "n/a") printed in each column
    it has no cell in ("average  3378  -  3415  -"): the marks keep the places of the values left out.
    Only the last columns may go without a mark: counters under a rule that have no change column.
    `lines` are the lines `below` was read from, tabs expanded as its cells are."""
    width = len(above.header)
    if any(below.header) or not 0 < len(below.header) < width or below.reader != above.reader \
            or above.reader != "aligned":
        return below
    spans = _spans(above)
    rows = []
    for row in below.rows:
        cells = [Cell("", 0, 0)] * width
        at = 0
        for cell in (c for c in row.cells if c.text):
            at = next((i for i in range(at, width)
                       if spans[i] and spans[i][0] <= cell.end and cell.start <= spans[i][1]), None)
            if at is None:
                return below
            cells[at] = cell
            at += 1
        line = lines[row.line] if row.line < len(lines) else ""
        filled = max(i for i, cell in enumerate(cells) if cell.text) if any(c.text for c in cells) else -1
        if any(not cell.text and i < filled and
               (span is None or not _NO_VALUE_RE.search(line[max(0, span[0] - 2):span[1] + 2]))
               for i, (cell, span) in enumerate(zip(cells, spans))):
            return below
        rows.append(GridRow(row.line, row.label, tuple(cells)))
    return dataclasses.replace(below, header=("",) * width, rows=tuple(rows), header_rows=())


# What a table prints in a column where a row has no value.
_NO_VALUE_RE = re.compile(r"(?:^|\s)(?:-{1,2}|\u2013|\u2014|n/a|N/A|NA)(?:\s|$)")


def _spans(grid: Grid) -> list[tuple[int, int] | None]:
    """The character span of each value column of a grid over its rows (None for a column with no cell)."""
    return [(min(r.cells[i].start for r in grid.rows if r.cells[i].text),
             max(r.cells[i].end for r in grid.rows if r.cells[i].text)) if any(r.cells[i].text for r in grid.rows)
            else None for i in range(len(grid.header))]
