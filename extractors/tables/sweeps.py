"""Parameter sweeps in aligned grids: a first row of rising integers that heads the columns ("queue
size  2  4  8" over kernels' rows, "   4096  8192  16384" over metrics), and a first value column of
thread counts, queue depths or sizes that labels the rows. The grid reader (`extractors.tables.grid`)
reads the cells; these decide which of them name the sweep's points rather than hold results.
"""

from __future__ import annotations

import dataclasses
import re

from extractors.model import Cell, Grid, GridRow
from extractors.numbers import parse_value
from extractors.vocab.metrics import PARAMETER_RE, SUMMARY_RE
from extractors.vocab.units import lookup_unit

_MAX_PARAMETER_WORDS = 3  # "qd", "queue depth", "No of instances": a parameter's name, not a sentence's end

# A spread printed in brackets after its value, as a column of its own: "1681.1K (1.6K)".
_BRACKETED_SPREAD_RE = re.compile(r"^\((?P<spread>[\d.,]+[KMG]?)\)$")


def header_row(grid: Grid) -> Grid:
    """Read a first row of integers rising left to right above labelled rows as the header of a
    parameter sweep ("   4096  8192  16384" over "zc MB/s  2060  2950  2945"): unlabelled, or labelled
    by the parameter it sweeps ("queue size  2  4  8" over "patched  1721.8K  3016.7K  7543.0K")."""
    if len(grid.rows) < 2 or not all(row.label for row in grid.rows[1:]) or any(grid.header):
        return grid
    label = grid.rows[0].label.strip()
    if label and (len(label.split()) > _MAX_PARAMETER_WORDS or not names_a_parameter(label)):
        return grid
    grid = _spreads_merged(grid)
    values = [c.value.value if c.value is not None else None for c in grid.rows[0].cells]
    if None in values or len(values) < 2 or values != sorted(values) or not all(float(v).is_integer() for v in values):
        return grid
    if len({c.value.unit for c in grid.rows[0].cells}) > 1:
        return grid  # "1MB  645 MB/s": a size and a rate are a row, never the points of one sweep
    header = tuple(c.text for c in grid.rows[0].cells)
    return Grid(grid.reader, grid.first_line, grid.last_line, header, grid.rows[1:], caption=grid.caption,
                header_rows=(header,), label_header=label or grid.label_header)


def _spreads_merged(grid: Grid) -> Grid:
    """A sweep whose header row leaves a column empty over bracketed figures in every other row
    ("queue size 2 . 4" over "6.1-rc2  1681.1K (1.6K)  2633.0K (12.7K)"): each bracket is the spread of
    the value before it, which keeps it; the grid is returned unchanged when any such column is not."""
    first = grid.rows[0].cells
    empty = [i for i, cell in enumerate(first) if not cell.text]
    if not empty or 0 in empty or any(i - 1 in empty for i in empty):
        return grid
    if any(_BRACKETED_SPREAD_RE.match(row.cells[i].text) for row in grid.rows[1:]
           for i in range(len(first)) if i not in empty):
        return grid  # a bracket under a value column: the columns are not aligned as the header says
    header_cells = tuple(cell for i, cell in enumerate(first) if i not in empty)
    rows = [GridRow(grid.rows[0].line, grid.rows[0].label, header_cells)]
    for row in grid.rows[1:]:
        cells = list(row.cells)
        for i in reversed(empty):
            match = _BRACKETED_SPREAD_RE.match(cells[i].text)
            spread = parse_value(match.group("spread")) if match else None
            base = cells[i - 1]
            if spread is None or base.value is None:
                return grid
            cells[i - 1] = Cell(f"{base.text} {cells[i].text}", base.start, cells[i].end,
                                dataclasses.replace(base.value, spread_abs=spread.value, spread_pct=None))
            del cells[i]
        rows.append(GridRow(row.line, row.label, tuple(cells)))
    header = tuple(name for i, name in enumerate(grid.header) if i not in empty)
    return dataclasses.replace(grid, header=header, rows=tuple(rows),
                               header_rows=tuple(tuple(c for i, c in enumerate(level) if i not in empty)
                                                 for level in grid.header_rows))


def names_a_parameter(label: str) -> bool:
    """"qd", "threads", "queue size", "# of jobs": the label or its last word names a parameter, also
    when it is written as a variable of a script or a config file, words joined by underscores
    ("BLOCK_SIZE", "queue_depth")."""
    name = label.lstrip("#").strip()
    return any(PARAMETER_RE.match(form) or PARAMETER_RE.match(form.split()[-1])
               for form in (name, name.replace("_", " ")) if form.split())


def label_column(grid: Grid) -> Grid:
    """Read a first value column of parameters (thread counts, queue depths, sizes) as the row labels
    when the rows have no other label: its header names a parameter, or its values are integers rising
    or falling through the rows."""
    if len(grid.header) < 2 or any(row.label for row in grid.rows):
        return grid
    if _crossed_parameters(grid):
        rows = tuple(GridRow(row.line, f"{row.cells[0].text}, {row.cells[1].text}", row.cells[2:]) for row in grid.rows)
        return Grid(grid.reader, grid.first_line, grid.last_line, grid.header[2:], rows,
                    header_rows=tuple(level[2:] for level in grid.header_rows),
                    label_header=" ".join(grid.header[:2]).strip() or None)
    first = [row.cells[0].value for row in grid.rows]
    if any(v is None for v in first):
        return grid
    # sizes in the units they were printed in ("512KB", "1MB") rise as the bytes they stand for
    units = [lookup_unit(v.unit) if v.unit else None for v in first]
    sized = all(unit is not None and unit.dimension == "size" for unit in units)
    values = [v.value * unit.factor for v, unit in zip(first, units)] if sized else [v.value for v in first]
    header = grid.header[0].strip()
    integers = all(float(v).is_integer() for v in values)
    monotonic = len(values) >= 3 and (values == sorted(values) or values == sorted(values, reverse=True)) \
        and len(set(values)) == len(values)
    # the other columns are statistics of one distribution ("Min Max Median Avg Stddev"): each row is the
    # run of one setup, which the first column then names
    statistics = all(SUMMARY_RE.match(name.strip()) for name in grid.header[1:])
    if not (names_a_parameter(header) or (integers and (monotonic or statistics))):
        return grid
    rows = tuple(GridRow(row.line, row.cells[0].text, row.cells[1:]) for row in grid.rows)
    return Grid(grid.reader, grid.first_line, grid.last_line, grid.header[1:], rows,
                header_rows=tuple(level[1:] for level in grid.header_rows), label_header=header or None)


def _crossed_parameters(grid: Grid) -> bool:
    """Whether the first two value columns are two swept parameters crossed ("4KB 1", "16KB 1", ...,
    "4KB 2", "16KB 2"): whole numbers or sizes, each repeating, every pair of them printed once and all
    pairs printed. Measured values never fill such a product; the columns right of them are results."""
    if len(grid.header) < 3 or len(grid.rows) < 4:
        return False
    cells = [row.cells[:2] for row in grid.rows]
    if any(c.value is None or not float(c.value.value).is_integer() for pair in cells for c in pair):
        return False
    keys = [(a.text, b.text) for a, b in cells]
    first, second = {a for a, _ in keys}, {b for _, b in keys}
    return len(first) > 1 and len(second) > 1 and len(set(keys)) == len(keys) == len(first) * len(second)


def label_with_number(grid: Grid, texts: dict[int, str]) -> Grid:
    """Read an unnamed first column whose every cell follows its row's name after one space, as the end
    of that name ("write-nt 4 bytes   4.1 GB/s   1.3 GB/s" under "ram  nvdimm"): the author spaced
    the columns wide and the words of a name by one, so a number one space after a word belongs to
    it. `texts` holds each row's line as printed (tabs expanded)."""
    if len(grid.header) < 3 or grid.header[0] or not all(grid.header[1:]) or not all(row.label for row in grid.rows):
        return grid
    for row in grid.rows:
        first, text = row.cells[0], texts.get(row.line, "")
        if first.value is None or first.start < 2 or text[first.start - 1] != " " or text[first.start - 2] == " ":
            return grid
    rows = tuple(GridRow(row.line, f"{row.label} {row.cells[0].text}", row.cells[1:]) for row in grid.rows)
    return dataclasses.replace(grid, header=grid.header[1:], rows=rows,
                               header_rows=tuple(level[1:] for level in grid.header_rows))
