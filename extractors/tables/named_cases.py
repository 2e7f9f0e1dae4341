"""Rows whose name is printed on its own line above their values.

Comparison tools that name each case by a long string of parameters print the name on one line and
the case's values on the next, under the header's columns ("alloc_test: p:1, h:0" over "8951.6 | -10.7%",
a blank line, the next case). Each values line alone is a row without a name, and each name line alone
reads as key=value records; together they are one row. Joined here before the grid is read, the joined
row standing on the values line and the name line left blank, so line numbers stay those of the text.
"""

from __future__ import annotations

import re

from extractors.blocks import is_rule
from extractors.numbers import parse_value
from extractors.tables.tokens import expand

# A line of figures only, parted by bars or by runs of spaces: the values of one case.
_CELL_SPLIT_RE = re.compile(r"\s*\|\s*|\s{2,}")
# Fewer named cases than this are as likely a sentence and a line of figures as one table.
_MIN_ROWS = 2


def _values_only(text: str) -> int:
    """How many cells a line of figures only holds (0 for any other line)."""
    cells = [cell for cell in _CELL_SPLIT_RE.split(text.strip().strip("|")) if cell]
    return len(cells) if len(cells) >= 2 and all(parse_value(cell) is not None for cell in cells) else 0


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _joined(name: str, values: str) -> str | None:
    """The row of a name line over a values line: bars part the name from the values when the values
    are parted by bars; otherwise the name must fit in the margin left of the values, where a name
    column stands."""
    if "|" in values:
        return None if "|" in name else f"{name.strip()} | {values.strip()}"
    room = _indent(values) - len(name.strip())
    return name.strip().ljust(_indent(values)) + values.lstrip() if room >= 2 else None


def join_case_names(expanded: list[tuple[str, tuple[int, ...]]]
                    ) -> tuple[list[tuple[str, tuple[int, ...]]], set[int]]:
    """The lines of one block (tabs expanded, with their tab stops) with each name line above a values
    line joined to it, when at least two cases of as many values are printed so, and the joined rows'
    indices; otherwise the lines unchanged. A joined row is a row of the grid even when its name holds
    key=value settings."""
    joins: dict[int, str] = {}
    widths: set[int] = set()
    line_widths = [_values_only(text) for text, _ in expanded]  # each line read once
    for index in range(len(expanded) - 1):
        name, values = expanded[index][0], expanded[index + 1][0]
        width = line_widths[index + 1]
        after_break = index == 0 or not expanded[index - 1][0].strip() or is_rule(expanded[index - 1][0])
        if not width or not after_break or is_rule(name) or line_widths[index] or not any(ch.isalpha() for ch in name):
            continue  # a case's name holds words and stands after a blank line, a rule or the block's start
        row = _joined(name, values)
        if row is not None:
            joins[index] = row
            widths.add(width)
    if len(joins) < _MIN_ROWS or len(widths) > 1:
        return expanded, set()
    out = list(expanded)
    for index, row in joins.items():
        out[index] = ("", ())
        out[index + 1] = (row, ())
    return out, {index + 1 for index in joins}


def _last_values_width(lines: list[str], first: int, last: int) -> int:
    """How many cells the last values line of a span holds (a rule may close the span under it)."""
    return next((width for k in range(last, first - 1, -1) if (width := _values_only(expand(lines[k])[0]))), 0)


def join_named_cases(lines: list[str], spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The table spans of a region (first and last line), a span that is one case (a name line over a
    values line) joined to the span above it when only blank lines part them and the span above ends
    on a values line as wide: the blank line between cases parts no tables."""
    out: list[tuple[int, int]] = []
    for first, last in spans:
        content = [k for k in range(first, last + 1) if lines[k].strip() and not is_rule(lines[k])]
        if out and content == [first, first + 1] and not any(lines[k].strip() for k in range(out[-1][1] + 1, first)) \
                and _values_only(expand(lines[first + 1])[0]) == _last_values_width(lines, *out[-1]) > 0:
            out[-1] = (out[-1][0], last)
        else:
            out.append((first, last))
    return out
