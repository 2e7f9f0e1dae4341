"""The pieces every reader builds grids from: cells read from a span of a line, rows, runs of lines.

A cell's `start`/`end` are character offsets in the line as given (tabs not expanded), so that
`lines[row.line][cell.start:cell.end] == cell.text` holds for every cell that a reader prints; a cell
the tool leaves empty in its column (a missing trailing column, `<not counted>`) has `value=None`.
Columns that readers line up by eye (stacked headers over right-aligned numbers) are compared in
visual columns, tabs expanded to 8, through `visual`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterable, Sequence

from extractors.model import Cell, Grid, GridRow, Value
from extractors.numbers import parse_value
from extractors.vocab.units import lookup_unit

# Longer lines are reflowed prose or data dumps: no tool prints a result line this long.
MAX_LINE = 400
_TOKEN_RE = re.compile(r"\S+")


def with_unit(value: Value, unit: str | None) -> Value:
    """`value` with the unit the tool prints elsewhere (a "(usec)" heading), unless it printed its own."""
    if unit is None or value.unit is not None:
        return value
    return replace(value, unit=unit)


def cell(line: str, start: int, end: int, unit: str | None = None) -> Cell | None:
    """The cell holding `line[start:end]` with its number, or None when that text is not a number."""
    text = line[start:end]
    value = parse_value(text)
    if value is None:
        return None
    return Cell(text, start, end, with_unit(value, unit))


def cell_of(line: str, match: re.Match, group: str | int, unit: str | None = None) -> Cell | None:
    """The cell of one group of a regex match on `line`; None when the group is absent or no number."""
    if match.group(group) is None:
        return None
    return cell(line, match.start(group), match.end(group), unit)


def text_cell(line: str, start: int, end: int, value: Value | None) -> Cell:
    """A cell whose number the reader worked out itself (a spread printed apart, an empty marker)."""
    return Cell(line[start:end], start, end, value)


def empty_cell(at: int) -> Cell:
    """A column the tool printed nothing in, on a row that has values further right."""
    return Cell("", at, at, None)


def row(line: int, label: str, cells: Iterable[Cell | None]) -> GridRow | None:
    """A row of `cells`, a field that is not a number (None) kept as an empty cell in its place so that
    the cells after it stay under their columns; None when no cell holds a number."""
    kept: list[Cell] = []
    for found in cells:
        kept.append(found if found is not None else empty_cell(kept[-1].end if kept else 0))
    if not any(c.value is not None for c in kept):
        return None
    return GridRow(line, " ".join(label.split()), tuple(kept))


def grid(**fields) -> Grid:
    """A Grid (same fields) whose rows have one cell per header column: a row that stops short (the
    min/max line under a latency-and-samples header, a receiver line without retransmits) is padded
    with empty cells, so that every row can be read column by column. The grid's `unit` is kept only
    when it is the unit of every result in it (dbench's latencies are ms, its counts are not; columns
    of the setup and bookkeeping, roles "config" and "ignore", do not count)."""
    width = len(fields["header"])
    rows = tuple(r if len(r.cells) >= width else
                 GridRow(r.line, r.label, r.cells + (empty_cell(r.cells[-1].end if r.cells else 0),) * (width - len(r.cells)))
                 for r in fields["rows"])
    unit = fields.get("unit")
    roles = fields.get("roles") or ()
    results = [k for k in range(width) if k >= len(roles) or roles[k] not in ("config", "ignore")]
    if unit is not None and any(r.cells[k].value is not None and _unit_name(r.cells[k].value.unit) != _unit_name(unit)
                                for r in rows for k in results if k < len(r.cells)):
        unit = None
    return Grid(**{**fields, "rows": rows, "unit": unit})


def _unit_name(unit: str | None) -> str | None:
    found = lookup_unit(unit)
    return found.name if found is not None else unit


def tokens(line: str) -> list[tuple[int, int, str]]:
    """The whitespace-separated words of a line with their offsets."""
    return [(m.start(), m.end(), m.group()) for m in _TOKEN_RE.finditer(line)]


def visual(line: str, offset: int) -> int:
    """The visual column of character `offset` of `line`, tabs expanded to 8."""
    return len(line[:offset].expandtabs(8))


def names_over_columns(header_lines: Sequence[str], columns: Sequence[tuple[int, int]],
                       by: str = "right") -> list[str]:
    """Column names from header lines stacked over value columns (`columns`: visual (start, end)).

    Tools print a name's words over the number they name, right-aligned with it (stress-ng, mmtests) or
    left-aligned (netperf). Right-aligned, a name fills the space after the previous column, so a word
    goes to the first column that ends at or after the word's start; left-aligned, to the column whose
    start is nearest the word's. A column's words are joined top to bottom; a word that ends before the
    first value column starts stands over the row labels ("clients", "stressor") and names none."""
    names: list[list[str]] = [[] for _ in columns]
    if not columns:
        return []
    for text in header_lines:
        for start, end, word in tokens(text):
            lo = visual(text, start)
            if visual(text, end) <= columns[0][0]:
                continue
            if by == "right":
                k = next((i for i, column in enumerate(columns) if column[1] >= lo), len(columns) - 1)
            else:
                k = min(range(len(columns)), key=lambda i: abs(columns[i][0] - lo))
            names[k].append(word)
    return [" ".join(words) for words in names]


def runs_of_lines(lines: Sequence[str], pattern: re.Pattern,
                  between: re.Pattern | None = None) -> list[list[tuple[int, re.Match]]]:
    """The runs of lines `pattern` matches, each a list of (line index, match): blank lines and lines
    `between` matches (a table's rules, the rest of a wrapped line) go on a run, any other line ends it."""
    runs: list[list[tuple[int, re.Match]]] = [[]]
    for i, line in enumerate(lines):
        found = pattern.match(line) if len(line) <= MAX_LINE else None
        if found is not None:
            runs[-1].append((i, found))
        elif line.strip() and not (between is not None and between.match(line)) and runs[-1]:
            runs.append([])
    return [run for run in runs if run]


def joined(lines: Sequence[str]) -> str:
    """The lines as one text, for a reader's substring test."""
    return "\n".join(lines)


def has_line(lines: Sequence[str], marker: str, pattern: re.Pattern) -> bool:
    """A reader's detect: the cheap substring test on the whole text, then its anchored line pattern."""
    return marker in joined(lines) and any(len(line) <= MAX_LINE and pattern.match(line) for line in lines)
