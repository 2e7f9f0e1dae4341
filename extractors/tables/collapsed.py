"""Tables whose columns left no trace in the spacing: runs of spaces an archive squeezed to one, or
numbers that outgrew their printf columns and touch. Their cells are read in order, a label then the
numbers, and header words name the value columns from the right, as the columns were aligned.
"""

from __future__ import annotations

import re

from extractors.model import Cell, Grid, GridRow
from extractors.numbers import ARROW_RE
from extractors.tables.sweeps import label_column
from extractors.tables.tokens import Tok, tokens, unglued, value_cells

_CELL_GAP_RE = re.compile(r"\s{2,}|\t")
_PROSE_TAIL = 2  # words after a row's numbers, beside a label before them, that make the line a phrase


def read_collapsed(content: list[tuple[int, str]], glued_precision: int | None = None) -> Grid | None:
    """A table whose runs of spaces an archive squeezed to one, or whose numbers outgrew their printf
    columns and touch ("0.051.085224.14", split at `glued_precision` decimals): cells are read in order
    (a label, then the numbers), header words name the value columns from the right, as the columns
    were aligned. Glued rows leave no trace of where a header word stood: their columns are named only
    by header lines with one gap-separated name per column."""
    rows: list[tuple[int, str, list[Cell]]] = []
    header_words: list[list[str]] = []
    for index, text in content:
        cells = value_cells(unglued(tokens(text), glued_precision))
        if not any(value is not None for _, value in cells):
            if not rows:
                header_words.append(text.split() if glued_precision is None else _CELL_GAP_RE.split(text.strip()))
            continue
        label, values, tail = [], [], []
        for n, (tok, value) in enumerate(cells):
            if value is None and not values or not values and _names_before_colon(cells, n):
                label.append(tok.text)  # "64B input: ~90ns -> ~32ns": a size in the name before its colon
            elif value is None and ARROW_RE.fullmatch(tok.text) and n + 1 < len(cells) and cells[n + 1][1]:
                continue  # "12us -> 10us": the arrow parts two values of the row (`arrows.with_arrow_roles`)
            elif value is not None:
                values.append(Cell(tok.text, tok.start, tok.end, value))
            else:
                tail = [t.text for t, _ in cells[n:]]
                break  # words after the numbers: a note, or the label when the row starts with its value
        if not label and tail and tail[0] in ("=", ":", "-"):
            continue  # "01 = order aligned (12 bytes)": a legend giving a code's meaning, not a row
        if label and sum(word.isalpha() for word in tail) >= _PROSE_TAIL:
            continue  # "load 0 from A": a number inside words is a phrase, not a row of values
        if not label and tail and len(values) == 1:
            label = tail
        rows.append((index, " ".join(label), values))
    if len(rows) < 1 or sum(len(v) for _, _, v in rows) < 2:
        return None
    if len({len(values) for _, _, values in rows}) > 1 or not all(label for _, label, _ in rows) and not header_words:
        return None  # squeezed columns are read in order only when every row has as many, and a name
    width = max(len(values) for _, _, values in rows)
    if header_words and len(header_words[-1]) == width - 1 and width > 2 and not any(label for _, label, _ in rows):
        rows = [(i, values[0].text, values[1:]) for i, _, values in rows]  # the first column labels rows
        width -= 1
    # Column names stand right above the rows, one word per column (the first may name the label
    # column); a name continued on a second line has fewer words, right-aligned like the numbers.
    levels: list[tuple[str, ...]] = []
    used = 0
    for words in reversed(header_words):
        if len(words) == width + 1:
            words = words[1:]
        if not words or len(words) > width or glued_precision and len(words) != width:
            break
        levels.insert(0, tuple([""] * (width - len(words)) + words))
        used += 1
    if not any(all(level) for level in levels):
        levels, used = [], 0
    names = tuple(" ".join(level[i] for level in levels if level[i]) for i in range(width))
    above = header_words[:len(header_words) - used]
    caption = " ".join(" ".join(words) for words in above) or None  # lines above the column names
    grid_rows = tuple(GridRow(i, label, tuple(values) + tuple(Cell("", 0, 0) for _ in range(width - len(values))))
                      for i, label, values in rows)
    return label_column(Grid("collapsed", content[0][0] if header_words else rows[0][0], rows[-1][0], names,
                             grid_rows, caption=caption, header_rows=tuple(levels)))


def _names_before_colon(cells: list[tuple[Tok, object]], n: int) -> bool:
    """Whether the number cells[n] is a word of a row's name that a colon ends right after it, more
    numbers following ("64B input: ~90ns -> ~32ns")."""
    return n + 1 < len(cells) and cells[n + 1][1] is None and cells[n + 1][0].text.endswith(":") and \
        any(value is not None for _, value in cells[n + 2:])
