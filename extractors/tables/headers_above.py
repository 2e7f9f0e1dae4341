"""Column names printed above a table, apart from its rows: a blank line or the table block's own
edge between them ("Good Run    Bad Run" / "(Baseline)" over rows that start three lines below, or
"Kernel : baseline   baseline + patch" over "Min (MB/s) : 2215.06   33016.10"). A grid read without
names takes them when one line above it holds exactly one name per column."""

from __future__ import annotations

from typing import Sequence

from extractors.blocks import is_rule
from extractors.label_tails import CELL_RE
from extractors.numbers import parse_value
from extractors.tables.header_lines import group_names
from extractors.tables.keyed import LABEL_COLON_RE
from extractors.tables.tokens import Tok
from extractors.vocab.configurations import SPREAD_RE

_MAX_NAME_WORDS = 5  # a longer run of words is a sentence, not a column's name


def _spans(text: str) -> list[tuple[int, int, str]]:
    """The names of a line with their columns; after "Label :" only (the label column's own name)."""
    labelled = LABEL_COLON_RE.match(text)
    start = labelled.start("values") if labelled else 0
    return [(m.start(), m.end(), m.group()) for m in CELL_RE.finditer(text, start)]


def _value_names(text: str, width: int, values_start: int) -> list[tuple[int, int, str]]:
    """The names of a line over `width` value columns that start at column `values_start`: all of them,
    or all but the first when the first stands over the row labels ("Test   Before   After")."""
    spans = _spans(text)
    return spans[1:] if len(spans) == width + 1 and spans[0][1] < values_start else spans


def names_above(lines: Sequence[str], first_row: int, width: int, values_start: int
                ) -> tuple[tuple[str, ...], int, tuple[tuple[str, ...], ...]] | None:
    """(names, first line of the names, header rows) over the row at `first_row` of `lines` (the few
    lines above it, tabs expanded) with `width` value columns starting at column `values_start`, or None.
    The line with one name per column is the header; a line right below or above it adds its words to the
    name they stand under ("(Baseline)" under "Good Run"), or a line above names groups of them (a header
    row of its own)."""
    candidates = [i for i in range(first_row) if lines[i].strip()]
    main = next((i for i in reversed(candidates) if len(_value_names(lines[i], width, values_start)) == width), None)
    if main is None or width < 2:
        return None
    spans = _value_names(lines[main], width, values_start)
    if any(len(name.split()) > _MAX_NAME_WORDS or parse_value(name) is not None or name[-1] in ".,;"
           for _, _, name in spans):
        return None  # a sentence ("Figure 4 in section  16.2.3.1.2."), or a row of numbers
    if any(lines[i].strip() and i not in candidates for i in range(main + 1, first_row)):
        return None
    names = [name for _, _, name in spans]
    centres = [(a + b) / 2 for a, b, _ in spans]
    left = spans[0][0]
    top, rows = main, ()
    for other in (main - 1, main + 1):
        if other not in candidates or is_rule(lines[other]):
            continue  # a rule under the names underlines them, it adds no words
        extra = _spans(lines[other])
        # the names right of the label column's own name, each over its run of the columns below
        grouped = group_names([Tok(a, b, name) for a, b, name in extra if b > left], tuple(names),
                              [(a, b) for a, b, _ in spans]) if other < main else None
        if grouped is not None:  # "stats enabled   stats disabled" over "cycles nanosec   cycles nanosec"
            top, rows = other, (grouped, tuple(names))
            names = [f"{group} {name}" for group, name in zip(grouped, names)]
            continue
        if other < main:  # "Size" over the row labels beside "Without  With" over the values: the label column's name
            extra = [(a, b, name) for a, b, name in extra if b > left - 2]
        while len(extra) > width and SPREAD_RE.fullmatch(extra[-1][2]):
            extra = extra[:-1]  # "Min  Max  pstdev" over "201.3  228.4  (+- 1.45%)": a spread printed with its value
        if len(extra) > width or any(a < left - 2 or parse_value(name) is not None for a, _, name in extra):
            continue  # a line reaching left of the names is a caption or a row, not a name's second line
        for a, b, name in extra:
            column = min(range(width), key=lambda k: abs(centres[k] - (a + b) / 2))
            names[column] = f"{names[column]} {name}" if other > main else f"{name} {names[column]}"
    return tuple(names), top, rows or (tuple(names),)
