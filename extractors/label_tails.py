"""The rest of a row's name, printed on the lines under the row.

A table whose row names are long keeps its number columns narrow by wrapping each name inside the name
column: the row prints its values beside the first words of its name, and the lines right under it carry
the rest, each indented like the row and ending before the first value column ("1. Total cycles spent
in   44548   20081" over "smb311_update_preauth_hash()" over "during SMB 3.1.1 mount"). Those lines are
part of the row: the block stage keeps them in the table, and the grid reader adds them to the row's
label instead of reading them as rows or as the header of the rows below.
"""

from __future__ import annotations

import re
from typing import Sequence

# The cells of a line laid out in columns: words joined by single spaces, cells parted by two or more.
CELL_RE = re.compile(r"\S+(?: \S+)*")
# A cell that starts a value column: a figure, maybe signed, or a bound ("<", "~").
_VALUE_START_RE = re.compile(r"^[-+~<>]?\.?\d")
# A name indented less than this starts at the margin, where prose starts: the line under a row
# that starts there is as likely the sentence after the table as the rest of a name.
_MIN_INDENT = 2
_NOT_NAME_ENDS = ":.!?"  # what ends a caption or a sentence, never a name
# More lines than this under one row are a paragraph, not the rest of one name.
_MAX_TAIL_LINES = 4


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _value_column(row: str) -> int | None:
    """Where the first value of a row starts, when the row is a name (with a letter in it) followed by
    value cells; None for any other line."""
    cells = list(CELL_RE.finditer(row))
    if len(cells) < 2 or not any(ch.isalpha() for ch in cells[0].group()) or \
            not _VALUE_START_RE.match(cells[1].group()):
        return None
    return cells[1].start()


def is_label_tail(row: str, line: str) -> bool:
    """Whether `line` (tabs expanded) carries on the name of the data line `row` above it: one cell,
    indented at least as far as the row's name, ending before the row's first value column, and neither
    a caption of what follows (a colon ends those) nor a sentence (a full stop ends those, no name)."""
    stripped = line.strip()
    column = _value_column(row)
    if column is None or not stripped or "  " in stripped or stripped[-1] in _NOT_NAME_ENDS:
        return False
    indent = _indent(line)
    return indent >= max(_MIN_INDENT, _indent(row)) and len(line.rstrip()) <= column


def label_tails(lines: Sequence[str]) -> dict[int, int]:
    """The lines of `lines` (tabs expanded) that carry on the name of a row above them, each mapped to
    the index of its row (a name followed by value cells)."""
    tails: dict[int, int] = {}
    for index in range(1, len(lines)):
        row = tails.get(index - 1, index - 1)
        if index - row <= _MAX_TAIL_LINES and is_label_tail(lines[row], lines[index]):
            tails[index] = row
    return tails
