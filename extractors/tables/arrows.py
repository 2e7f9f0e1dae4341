"""Rows that print each change as an arrow between its two values ("64B   ~90ns -> ~32ns   (~2.8x)"):
the arrow says which value is the old one and which the new, so the two columns it parts are the
baseline and the patched side, whatever the header (usually none) calls them.
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

from extractors.model import Cell, Grid
from extractors.numbers import ARROW_RE

# One line with an arrow is as often a tool's account of one run ("1024 => 22 bytes" compressed) as a change.
_MIN_ROWS = 2


def with_arrow_roles(grid: Grid, lines: Sequence[str]) -> Grid:
    """The grid with roles baseline and patched on the two value columns an arrow parts in every row,
    and every other value column (a ratio or a note printed after them) ignored; the grid as it is
    when its rows print no arrow, or print it between other columns."""
    if grid.roles or len(grid.rows) < _MIN_ROWS:
        return grid
    parted = {_parted(row.cells, lines[row.line]) for row in grid.rows}
    if len(parted) != 1 or None in parted:
        return grid
    (first,) = parted
    roles = tuple("baseline" if i == first else "patched" if i == first + 1 else "ignore"
                  for i in range(len(grid.header)))
    rows = tuple(dataclasses.replace(row, label=_row_name(row.label, row.cells[:first])) if first else row
                 for row in grid.rows)
    return dataclasses.replace(grid, roles=roles, rows=rows)


# A list's bullets, which may stand alone before a row's figures ("- 64B ~90ns -> ~32ns").
_BULLETS = frozenset({"-", "*", "\u2022"})


def _row_name(label: str, leading: Sequence[Cell]) -> str:
    """The row's name when figures stand before the old one ("64B ~90ns -> ~32ns", the input size the row
    was run with): the arrow says which figures are compared, so the ones before them name the row."""
    named = [] if label.strip() in _BULLETS else [label.strip()]
    return " ".join(named + [cell.text for cell in leading]).strip()


def _parted(cells: Sequence[Cell], line: str) -> int | None:
    """The index of the value cell right before the row's one arrow, when an arrow alone parts it from
    the next value cell."""
    found = [i for i in range(len(cells) - 1) if cells[i].value is not None and cells[i + 1].value is not None
             and ARROW_RE.fullmatch(line[cells[i].end:cells[i + 1].start].strip())]
    return found[0] if len(found) == 1 else None
