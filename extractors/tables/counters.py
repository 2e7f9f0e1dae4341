"""Rows numbered by a counter in their first column ("sec | default MB/s | uncached MB/s" over
"1 | 812.4 | 1402.7", "2 | ...", one row per second of a run): the counter says which sample a row
is, so it is the row's name, not a configuration measured beside the others.
"""

from __future__ import annotations

import dataclasses

from extractors.model import Grid, GridRow
from extractors.vocab.units import dimension_of

# Fewer rows than this count up by chance as often as they number samples ("1 | 2" of two settings).
_MIN_COUNTED = 3
# What a column numbering samples is headed by, besides a unit of time ("sec", "s"): the sample's own
# name, a run, an iteration, a step of the run, or a plain number sign.
_COUNTER_NAMES = frozenset({"", "#", "n", "no", "no.", "nr", "run", "iter", "iteration", "sample", "step",
                            "round", "pass", "interval", "time", "t"})


def counted_rows(grid: Grid) -> Grid:
    """The grid with its first value column taken as the rows' names when it counts up by one from 0
    or 1 on every row that has a number there (a summary row, "avg", has none) and its header names a
    sample or a time; the grid as it is otherwise, or when its rows have names of their own."""
    if grid.roles or len(grid.header) < 3 or any(row.label for row in grid.rows):
        return grid
    header = grid.header[0].strip().lower()
    if header not in _COUNTER_NAMES and dimension_of(header) != "time":
        return grid
    counts = [row.cells[0].value for row in grid.rows if row.cells[0].text]
    numbers = [v.value if v is not None and v.unit is None and v.value.is_integer() else None
               for v in counts]
    if len(numbers) < _MIN_COUNTED or None in numbers or numbers[0] not in (0, 1) or \
            any(b - a != 1 for a, b in zip(numbers, numbers[1:])):
        return grid
    rows = tuple(GridRow(row.line, row.cells[0].text, row.cells[1:]) for row in grid.rows)
    # the counter's header ("sec") names when a sample was taken, not what it measures: it is no label header
    return dataclasses.replace(grid, header=grid.header[1:], rows=rows,
                               header_rows=tuple(line[1:] for line in grid.header_rows))
