"""Tables drawn with bars ("| a | b |", markdown, box borders): what their own layout says.

A bar-drawn table marks its cells, so its columns are the cells in order whatever their padding
(`read_by_cell_order`); markdown puts the header over a "|---|" line (`over_delimiter`); a word in the
first cell of some rows makes that cell the rows' names (`label_cell_end`), and a row of a name alone
heads the numbered rows under it (`group_labels`); rows the mail client wrapped are joined again
(`rejoin_wrapped_rows`). `extractors.tables.grid` reads the rest of a grid by position.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.blocks import is_rule
from extractors.model import Cell, Grid, GridRow
from extractors.numbers import parse_value
from extractors.tables.sweeps import header_row, label_column
from extractors.tables.tokens import GAP_RE, Line, Tok, cell_value, pipe_cells, tab_cells


def rejoin_wrapped_rows(expanded: list[tuple[str, tuple[int, ...]]]) -> list[tuple[str, tuple[int, ...]]]:
    """Rows of a bar-drawn table that the mail client wrapped, joined again: a line with fewer bars
    than the widest line of the block (or its border), followed by one whose bars make up the rest ("| ASYNC | 123.0 |
    ... |" then "186084.114 | 319550.540 |"). The joined row stands on its first line; the second is
    left blank, so the line numbers stay those of the text."""
    # a box's border marks every column edge with "+" ("+-----+-----+"), even when each row was wrapped
    widest = max((text.count("+") if is_rule(text) and "|" not in text else text.count("|") for text, _ in expanded),
                 default=0)
    if widest < _MIN_WRAPPED_BARS:
        return expanded
    # rows that end with a bar where the table's rule does: one that does not was cut, even right before
    # a bar ("| 4k read |  828k | 3233MiB/s" then "|    1236 |")
    closed = any(is_rule(text) and text.rstrip().endswith("|") for text, _ in expanded)
    out = list(expanded)
    index = 0
    while index + 1 < len(out):
        first, second = out[index][0], out[index + 1][0]
        bars, rest = first.count("|"), second.count("|")
        # a line of the table's own starts with a bar where the others do; a rule is drawn whole
        own_row = second.lstrip().startswith("|") and _indent(second) == _indent(first) and not (
            closed and not first.rstrip().endswith("|") and second.rstrip().endswith("|"))
        if first.lstrip().startswith("|") and 0 < bars < widest and rest and bars + rest == widest \
                and not own_row and not is_rule(first) and not is_rule(second):
            out[index] = (first.rstrip() + " " + second.strip(), ())
            out[index + 1] = ("", ())
            index += 2
        else:
            index += 1
    return out


# A box line that closes the rows' cells but not the first one, which spans the rows around it: "|  redis
# +------+-----+" (the name, then a rule from the next cell on).
_SPANNING_RE = re.compile(r"^\s*\|(?P<first>[^|+]*[^\s|+][^|+]*)\+[-=+]*\+?\s*\|?\s*$")


def merge_spanning_cells(expanded: list[tuple[str, tuple[int, ...]]]) -> list[tuple[str, tuple[int, ...]]]:
    """Box tables whose first cell spans several rows ("|  redis  +----+----+" between the "No" and
    "Yes" rows of one image): each row of such a group gets the whole spanning name as its first cell,
    and the line that closed the other cells becomes a rule, so line numbers stay those of the text."""
    if not any("+" in text and _SPANNING_RE.match(text) for text, _ in expanded):
        return expanded
    out = list(expanded)
    start = 0
    for end in [i for i, (text, _) in enumerate(expanded) if is_rule(text)] + [len(expanded)]:
        group = range(start, end)
        start = end + 1
        spanning = {i: m for i in group if (m := _SPANNING_RE.match(expanded[i][0]))}
        rows = [i for i in group if i not in spanning and expanded[i][0].lstrip().startswith("|")]
        if not spanning or not rows:
            continue
        firsts = {i: spanning[i].group("first") if i in spanning else expanded[i][0].split("|")[1]
                  for i in sorted([*spanning, *rows])}
        name = " ".join(" ".join(first.split()) for first in firsts.values() if first.strip())
        for i in rows:
            text = expanded[i][0]
            bar = text.index("|")
            rest = text[bar + 1:]
            out[i] = (f"{text[:bar]}| {name} |{rest[rest.index('|') + 1:]}" if "|" in rest else text, ())
        for i in spanning:
            out[i] = (_SPANNING_RE.sub(lambda m: "+" + "-" * len(m.group(0).strip()), expanded[i][0]), ())
    return out


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


# Bars the widest line of a block must have before a shorter line is read as a wrapped row: a table
# of at least three columns (two are too often prose with a bar in it).
_MIN_WRAPPED_BARS = 4


def label_rows_between_bars(waiting: list[tuple[int, str]], text: str, run: list[tuple[int, str]]) -> bool:
    """Whether lines without numbers between two rows of a table drawn with bars are rows of it too: a
    label whose values follow on the rows below ("| rotation |   |" over "|  196608 | 6.54s |")."""
    return "|" in text and "|" in run[-1][1] and all(
        t.count("|") >= 2 and sum(bool(cell.strip()) for cell in t.split("|")) == 1 for _, t in waiting)


def over_delimiter(first: Line, second: Line, expanded: list[tuple[str, tuple[int, ...]]]) -> bool:
    """Whether the first line with numbers of a table is the only line over its rule, the rows under it:
    markdown's header row ("| feature | 1 | 2 | 1000 |" over "| --- | --- |"), or the instances a tool's
    columns stand for ("CPU  0  1  2  3" over "=====")."""
    between = [expanded[i][0] for i in range(first.index + 1, second.index)]
    return first.index == min(i for i, (text, _) in enumerate(expanded) if text.strip()) and \
        any(is_rule(text) and ("-" in text or "=" in text) for text in between)


def label_cell_end(data: list[Line]) -> int:
    """Where the first cell of a table drawn with bars ends, when that cell is a label column: some
    row names itself there with a word ("| pid | 18.00s |" above "| 4096 | 8.95s |"), so the numbers
    in it are names of setups too, not values. 0 when the first cell holds values only, or columns of
    its own ("| read  16  16 |": a workload and its settings, each read as a column)."""
    ends, worded = [], False
    for line in data:
        cells = pipe_cells(line.text)
        inside = [(tok, value) for tok, value in line.cells if tok.end <= cells[0].end] if len(cells) >= 2 else []
        if len(cells) < 2 or len(inside) > 1:
            return 0
        ends.append(cells[0].end)
        worded = worded or any(value is None and any(ch.isalpha() for ch in tok.text) for tok, value in inside)
    return max(ends) if worded and len(set(ends)) == 1 else 0


def group_labels(lines: list[Line], data: list[Line]) -> dict[int, str]:
    """The label of each row under a label-only row of a bar-drawn table ("| rotation |  |" over
    "| 4096 | ..."): rows labelled only by a number are the points of that group's parameter, so they
    carry its name; a row labelled with a word starts a group of its own."""
    out, group = {}, ""
    rows = {line.index for line in data}
    for line in sorted(lines, key=lambda l: l.index):
        cells = pipe_cells(line.text)
        first = cells[0].text if cells else ""
        if line.index not in rows:
            if first and not line.numbers:
                group = first
            continue
        if parse_value(first) is not None and group:
            out[line.index] = f"{group} {first}"
        elif first:
            group = ""
    return out


def read_by_cell_order(data: list[Line], header_lines: list[Line], between: Sequence[Line] = (),
                       tabbed: bool = False) -> Grid | None:
    """A bar-delimited (or, `tabbed`, tab-separated) table whose every line has as many cells: column i
    is the i-th cell of each line, wherever it is printed (markdown tables pad their cells or not; a tab
    lands on the next stop of whatever width the author's terminal had). A tabbed header may leave the
    label column unnamed. None when the counts differ (a header cell spanning several columns) or a
    cell holds several numbers; those are read by position."""
    def cells_of(line: Line) -> list[Tok]:
        return tab_cells(line.text, line.tab_stops) if tabbed else pipe_cells(line.text)
    lines = [cells_of(line) for line in data]
    width = len(lines[0])
    # a header over the value columns only leaves the label column unnamed: a tab stop the header skips,
    # or a bar-drawn header over rows whose first cell is each a name
    named_rows = all(cells and any(ch.isalpha() for ch in cells[0].text) and cell_value(line.text, cells[0]) is None
                     for line, cells in zip(data, lines))
    heads = [[Tok(0, 0, ""), *cells] if (tabbed or named_rows) and len(cells) == width - 1 else cells
             for cells in map(cells_of, header_lines)]
    if width < 2 or any(len(cells) != width for cells in lines + heads):
        return None
    values = [[cell_value(line.text, cell) for cell in cells] for line, cells in zip(data, lines)]
    if any(v is None and GAP_RE.search(c.text) and any(ch.isdigit() for ch in c.text)
           for cells, row in zip(lines, values) for c, v in zip(cells, row)):
        return None
    numeric = [i for i in range(width) if sum(row[i] is not None for row in values) * 2 >= len(values)]
    if any(row[0] is None and any(ch.isalpha() for ch in cells[0].text) for cells, row in zip(lines, values)):
        numeric = [i for i in numeric if i]  # a word names a row in the first column: it is the labels' column
    if not numeric:
        return None
    labels = [i for i in range(width) if i not in numeric and i < numeric[0]]
    grouped = group_labels([*data, *between], data) if labels == [0] else {}
    rows = []
    for line, cells, row in zip(data, lines, values):
        label = grouped.get(line.index) or " ".join(cells[i].text for i in labels if cells[i].text)
        rows.append(GridRow(line.index, label, tuple(
            Cell(row[i][0].text, row[i][0].start, row[i][0].end, row[i][1]) if row[i] is not None else
            Cell("", cells[i].start, cells[i].end) for i in numeric)))
    header_rows = tuple(tuple(cells[i].text for i in numeric) for cells in heads if any(c.text for c in cells))
    names = tuple(" ".join(level[i] for level in header_rows if level[i]) for i in range(len(numeric)))
    label_header = " ".join(cells[i].text for cells in heads for i in labels if cells[i].text)
    grid = Grid("aligned", header_lines[0].index if header_lines else data[0].index, data[-1].index, names,
                tuple(rows), header_rows=header_rows, label_header=label_header or None)
    return header_row(label_column(grid))
