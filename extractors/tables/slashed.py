"""Tables whose every cell prints both sides at once: "318K/316K" under a header "IOPS (before/after)".

People short of columns write the baseline and the patched figure of one measurement in one cell,
joined by a slash, and say once, in the header, which side comes first: "(before/after)", "old/new",
"base/patched". Read as an aligned table, such a cell is no number at all. Here each one becomes two
cells, under two columns named after the header's metric and each side ("IOPS before", "IOPS after"),
so that the comparison stage pairs them like any two columns that name the sides.

Without the header's sides the slash means something else ("read/write", "hits/misses", a fraction),
so a run is read this way only when a line above its rows names the two sides joined by a slash.
"""

from __future__ import annotations

import re

from extractors.blocks import is_rule
from extractors.model import Cell, Grid, GridRow
from extractors.numbers import parse_value
from extractors.tables.pairing import column_kind
from extractors.tables.tokens import expand

# Two short names joined by a slash, maybe in brackets: "(before/after)", "old/new", "[base/patched]".
_SIDES_RE = re.compile(r"[(\[]?\b(?P<first>[A-Za-z][\w.+-]{0,15})\s?/\s?(?P<second>[A-Za-z][\w.+-]{0,15})\b[)\]]?")
# A cell holding two figures joined by a slash; the second starts with a digit (or a sign, or "~").
_PAIR_RE = re.compile(r"^(?P<first>[-+~]?\d[^/\s]*)/(?P<second>[-+~]?\d[^/\s]*)$")
_CELL_RE = re.compile(r"\S+(?: \S+)*")  # a cell: words with single spaces between them
_MIN_ROWS = 2


def _sides(line: str) -> tuple[re.Match, bool] | None:
    """The slash that names the two sides on a line, and whether the baseline comes first."""
    for found in _SIDES_RE.finditer(line):
        kinds = column_kind(found["first"]), column_kind(found["second"])
        if kinds in (("baseline", "patched"), ("patched", "baseline")):
            return found, kinds[0] == "baseline"
    return None


def read_slashed(run: list[tuple[int, str]]) -> Grid | None:
    """The grid of a run of lines (index, text with tabs expanded) whose rows print both sides in each
    cell under a line naming the sides, or None when the run is not such a table."""
    data = [(i, text) for i, text in run if any(ch.isdigit() for ch in text)]
    above = [(i, text) for i, text in run if data and i < data[0][0]]
    named = next(((i, text, found) for i, text in reversed(above) if (found := _sides(text))), None)
    if named is None or len(data) < _MIN_ROWS:
        return None
    header_line, header_text, (marker, base_first) = named
    rows, width = [], None
    for index, text in data:
        cells = [(m.group(), m.start(), m.end()) for m in _CELL_RE.finditer(text)]
        label = [c for c in cells if not _PAIR_RE.match(c[0])]
        pairs = [c for c in cells if _PAIR_RE.match(c[0])]
        if not pairs or cells[:len(label)] != label or width not in (None, len(pairs)):
            return None  # a label, then nothing but pairs, as many on every row
        width = len(pairs)
        row = _row(index, " ".join(c[0] for c in label), pairs, base_first)
        if row is None:
            return None
        rows.append(row)
    metrics = _metrics(header_text, width)
    first, second = (marker["first"], marker["second"])
    base, new = (first, second) if base_first else (second, first)
    header = tuple(f"{metric} {side}".strip() for metric in metrics for side in (base, new))
    return Grid("aligned", header_line, data[-1][0], header, tuple(rows))


def _row(index: int, label: str, pairs: list[tuple[str, int, int]], base_first: bool) -> GridRow | None:
    """A row of two cells per pair, the baseline's first; None when a side is not a number or the two
    sides are printed in different units."""
    cells: list[Cell] = []
    for text, start, end in pairs:
        found = _PAIR_RE.match(text)
        cut = start + found.end("first")
        one = Cell(found["first"], start, cut, parse_value(found["first"]))
        two = Cell(found["second"], cut + 1, end, parse_value(found["second"]))
        if one.value is None or two.value is None or one.value.unit != two.value.unit:
            return None
        cells.extend((one, two) if base_first else (two, one))
    return GridRow(index, label, tuple(cells))


def _metrics(header: str, width: int) -> list[str]:
    """The metric over each pair column: the header's cells without the sides' names, the first one
    being the rows' label when there is one more cell than pair columns; "" each when they do not
    line up."""
    text = _SIDES_RE.sub(lambda m: " " * len(m.group()) if _sides(m.group()) else m.group(), header)
    names = [m.group() for m in _CELL_RE.finditer(text)]
    if len(names) == width + 1:
        names = names[1:]
    return names if len(names) == width else [""] * width


def join_slashed(lines: list[str], spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The table spans of a region (first and last line), those that only blank lines part joined when
    together they read as one such table: people leave a blank line between its rows as often as not,
    and a row below the blank line has no header of its own to say which side is which."""
    out: list[tuple[int, int]] = []
    for first, last in spans:
        if out and not any(lines[k].strip() for k in range(out[-1][1] + 1, first)) and \
                _sides_in(lines, *out[-1]) and read_slashed(_content(lines, out[-1][0], last)) is not None:
            out[-1] = (out[-1][0], last)
        else:
            out.append((first, last))
    return out


def _sides_in(lines: list[str], first: int, last: int) -> bool:
    return any("/" in lines[k] and _sides(lines[k]) for k in range(first, last + 1))


def _content(lines: list[str], first: int, last: int) -> list[tuple[int, str]]:
    """The lines of a span as `read_slashed` takes them: tabs expanded, no blank lines nor rules."""
    expanded = [(k - first, expand(lines[k])[0]) for k in range(first, last + 1)]
    return [(k, text) for k, text in expanded if text.strip() and not is_rule(text)]
