"""Read one table-like block into a grid of cells by its structure: where its columns are, which lines
are headers, which cells hold numbers.

Hand-made tables in mail come in three structures, each read by its own logic:
- **keyed** rows (`keyed`): `key=value` or `key: value` pairs ("IOPS=125.88M, BW=61.46GiB/s", "min=1, max=204",
  "Average frequency for CPU0 : 1.180 GHz"): the columns are the keys;
- **positional** rows: cells separated by runs of spaces, tabs or `|` bars, box borders around them:
  the columns are where the numbers line up from row to row (right- or left-aligned), found by
  projecting every number's span onto the line and taking the runs that do not touch; header lines
  above the first numeric row name the columns their words sit over, a spanning cell (a bar-delimited
  header cell over several columns, a configuration name over its metrics) names all of them;
- **sequence** rows (`keyed`): a label and a list of values in order ("[3588, 3590, 3597] name",
  "psyncx1: 7000 6969 7025"), whose columns are positions in the list.
A number's unit or spread printed beside it ("3662.1 lps", "1022268 ± 2%", "852 (+/-4,6%)") belongs to
its cell (`tokens` finds the cells of one line). Tabs are expanded to the 8-column stops a terminal
shows, so tab-separated tables align.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Sequence

from extractors.blocks import is_rule
from extractors.label_tails import label_tails
from extractors.model import Cell, Grid, GridRow
from extractors.numbers import (CHANGE_NOTE_RE, as_decimal_comma, common_precision, decimal_comma_texts, parse_value,
                                split_glued)
from extractors.tables.arrows import with_arrow_roles
from extractors.tables.bars import (group_labels, label_cell_end, label_rows_between_bars, over_delimiter,
                                    merge_spanning_cells, read_by_cell_order, rejoin_wrapped_rows)
from extractors.tables.collapsed import read_collapsed
from extractors.tables.header_lines import counted_names, ends_title, group_names, names_setups, reads_as_header
from extractors.tables.keyed import is_change_row, is_keyed_line, read_changes, read_keyed, read_sequence
from extractors.tables.named_cases import join_case_names
from extractors.tables.pairing import SIDE_KINDS, column_kind
from extractors.tables.regions import framed_title, is_heading
from extractors.tables.sections import section_headings
from extractors.tables.slashed import read_slashed
from extractors.tables.sweeps import header_row, label_column, label_with_number
from extractors.tables.tokens import (GAP_RE, TOKEN_RE, Line, Tok, expand, phrases, pipe_cells, pipe_tokens, tokens,
                                      value_cells, with_label_phrases)
from extractors.vocab.configurations import RELEASE_NUMBER_RE
from extractors.vocab.machine import MACHINE_WORD_RE
from extractors.vocab.metrics import METRIC_RE
from extractors.vocab.units import lookup_unit

# The comment mark tools print before their column names ("#       Util1  Util2  Diff" of perf, gnuplot
# data): no part of the first column's name.
_COMMENT_MARK_RE = re.compile(r"^#\s+")
# A histogram or distribution line: a bucket range ("[4, 8):", "10-20:", "[8-9] -> 895"), a bar ("12 ####", "3500
# |*****", bpftrace's "1234 |@@@@     |"), or a cumulative share under a bound ("98.24% <= 0.2 ms", redis-benchmark).
_HISTOGRAM_RE = re.compile(r"^\s*[\[(]?\s*[-\d.]+\s*(?:->|-|\.\.|,)\s*[-\d.]+\s*[\])]?\s*"
                           r"(?::|[-=\u2013\u2014]+>|\u2192)"
                           r"|\d(?:\s+\|?|\s*\|)\s*[#*@=\u2580-\u259f]{3,}\s*\|?\s*$"
                           r"|^\s*\d+(?:\.\d+)?%\s*<=?\s*\d")
# A line of values by index ("  0: 2699133     2: 2699942     4: 2698189"): one reading per CPU or queue, a
# listing of instances that compares nothing, read no more than a histogram is.
_INDEXED_RE = re.compile(r"^\s*(?:\d+:\s+[-+]?\d[\d.,]*\s*){2,}$")
# What numbers a row's name: a count ("run 1", "threads 8") or a size ("chunk 64K", "bitmap 1024M").
_NAME_NUMBER_RE = re.compile(r"\d+(?:[KMGTP](?:i?B)?)?", re.I)
# A row's name, the spaces that pad it, a colon and a number after it ("Base XFS      : 544 MiB/s").
_PADDED_COLON_RE = re.compile(r"^\s*[A-Za-z][^:=]*?\S(?P<pad>\s+)(?P<colon>:)\s+[-+~]?\d")
# A name, its colon, and one value padded out to where the values of the lines around it end ("AMD Zen 1:
# 84%" over "Intel Ice Lake:  4%"): right-aligned values of one column, whatever each name is.
_RIGHT_ALIGNED_RE = re.compile(r"^\s*[A-Za-z][^:=]*:\s{2,}[-+~]?\d\S*(?=\s*$)")
# Dot leaders that carry a row's label to its value ("Trigger time:.........  0.84 s"): no part of the name.
_LEADER_RE = re.compile(r"[\s:]*\.{3,}[\s:.]*$")


def _columns(lines: list[Line]) -> list[tuple[int, int]]:
    """Column extents: the connected runs of the union of every number's span over the data lines,
    keeping those filled in at least half of the rows (a number inside some labels, "File Copy 1024
    bufsize", or a note beside one row is not a column)."""
    spans = sorted((tok.start, tok.end, line.index) for line in lines for tok, _ in line.numbers)
    columns: list[list] = []
    for start, end, index in spans:
        if columns and start < columns[-1][1]:  # spans are half-open: touching ones are two columns
            columns[-1][1] = max(columns[-1][1], end)
            columns[-1][2].add(index)
        else:
            columns.append([start, end, {index}])
    need = max(1, (len(lines) + 1) // 2)
    return [(s, e) for s, e, rows in columns if len(rows) >= need]


def _column_of(tok: Tok, columns: list[tuple[int, int]]) -> int | None:
    for index, (start, end) in enumerate(columns):
        if tok.start < end and tok.end > start:
            return index
    return None


def _header_column(tok: Tok, columns: list[tuple[int, int]], label_end: int) -> int | None:
    """The value column a header word sits over (most overlap, else the nearest one), or None for the
    label column left of the first value column and for a label column right of the last."""
    if tok.start >= columns[-1][1] + 1 and tok.start - columns[-1][1] > 1:
        return None
    best, best_overlap = None, 0
    for index, (start, end) in enumerate(columns):
        overlap = min(end, tok.end) - max(start, tok.start)
        if overlap > best_overlap:
            best, best_overlap = index, overlap
    if best is not None:
        return best
    if tok.end <= label_end:
        return None
    center = (tok.start + tok.end) / 2
    return min(range(len(columns)), key=lambda i: abs((columns[i][0] + columns[i][1]) / 2 - center))


def _positional(data: list[Line], header_lines: list[Line], piped: bool,
                between: Sequence[Line] = ()) -> Grid | None:
    label_end = label_cell_end(data) if piped else 0
    columns = [(s, e) for s, e in _columns(data) if s >= label_end]
    if not columns:
        return None
    if not piped and _numbers_in_labels(data, header_lines, columns):
        columns = columns[1:]
    first_start, last_end = columns[0][0], columns[-1][1]
    grouped = group_labels([*data, *between], data) if label_end else {}
    rows: list[GridRow] = []
    trailing: list[str] = []
    for line in data:
        cells = [Cell("", start, end) for start, end in columns]
        label_parts, tail_parts, astray = [], [], False
        for tok, value in line.cells:
            column = _column_of(tok, columns) if value is not None else None
            if column is not None:
                astray = astray or cells[column].value is not None  # two values under one column
                cells[column] = Cell(tok.text, tok.start, tok.end, value)
            elif tok.end <= first_start:
                label_parts.append(tok.text)
            elif tok.start >= last_end:
                tail_parts.append(tok.text)
            else:
                astray = astray or value is not None
        values = [(tok, value) for tok, value in line.cells if value is not None and tok.end > first_start]
        if astray and len(values) == len(columns):
            # a row typed a few columns off (the author's indentation grew with the numbers), its values
            # between columns or two under one: one value for each column, in order
            cells = [Cell(tok.text, tok.start, tok.end, value) for tok, value in values]
        label = grouped.get(line.index) or _LEADER_RE.sub("", " ".join(label_parts)).strip(" :|")
        named = next((n for n, part in enumerate(tail_parts) if not part[:1].isdigit()), 0)
        tail = " ".join(tail_parts[named:]).strip(" |")  # size's hex "15d3c" before the file name
        trailing.append("" if CHANGE_NOTE_RE.fullmatch(tail) else tail)  # "(17% improve)": a change, no name
        rows.append(GridRow(line.index, label, tuple(cells)))
    caption = None
    # labels printed after the numbers are words ("read", "randwrite", "fs/io_uring.o"); a tail led by a
    # digit ("100%*8", "64K") is a value in a form no cell reads, under a column of its own
    labels_after = not any(row.label for row in rows) and \
        sum(bool(t) and not t[:1].isdigit() for t in trailing) * 2 > len(rows)
    if labels_after:
        rows = [GridRow(row.line, tail, row.cells) for row, tail in zip(rows, trailing)]
    elif sum(bool(t) for t in trailing) == 1 and len(rows) >= 3:
        caption = next(t for t in trailing if t)  # a name printed beside one row of a block names it
    titles = [line for line in header_lines[:-1] if not piped and _is_title(line, columns)]
    if titles:  # "Range lock/unlock ops/s" over "mutex btree   OLC btree": what all columns measure
        header_lines = [line for line in header_lines if line not in titles]
        caption = caption or " ".join(line.text.strip() for line in titles)
    counted = counted_names(header_lines[-1], data, columns) if header_lines and not piped else None
    header_rows = _header_rows(header_lines, columns, first_start, piped, counted)
    names = tuple(_COMMENT_MARK_RE.sub("", " ".join(level[i] for level in header_rows if level[i]).strip())
                  for i in range(len(columns)))
    label_header = " ".join(level[-1] for level in _header_labels(header_lines, first_start, piped))
    if label_header and not names[0] and all(names[1:]) and column_kind(label_header) in SIDE_KINDS and \
            any(column_kind(name) in SIDE_KINDS for name in names[1:]):
        # "before" over "real 3m12s", "after" over "real 3m05s": each side is named over its own labels
        names, label_header = (label_header, *names[1:]), ""
    grid = Grid("aligned", header_lines[0].index if header_lines else data[0].index, data[-1].index,
                names, tuple(rows), caption=caption, header_rows=tuple(header_rows),
                label_header=label_header or None, labels_after=labels_after)
    return header_row(label_column(grid))


def _is_title(line: Line, columns: list[tuple[int, int]]) -> bool:
    """Whether a header line above another is one phrase of several words over the value columns of a
    table with more than one: a title of the table ("Lookups per second"), not a name per column."""
    found = phrases(line.text, line.tab_stops)
    return len(found) == 1 and len(columns) >= 2 and found[0].end > columns[0][0] and " " in found[0].text.strip()


def _numbers_in_labels(data: list[Line], header_lines: list[Line], columns: list[tuple[int, int]]) -> bool:
    """Whether the first value column is the number of its row's name ("run 1", "threads 8", "bitmap 64M"):
    whole numbers or sizes, each one space after a word of the row, in two rows or more, under no header
    word while two value columns or more stand right of it (a summary row, "average", may hold none)."""
    if len(columns) < 3 or any(tok.start < columns[0][1] and tok.end > columns[0][0]
                               for line in header_lines for tok, _ in line.cells):
        return False
    numbered = 0
    for line in data:
        before = None
        for tok, value in line.cells:
            if tok.start < columns[0][1] and tok.end > columns[0][0] and value is not None:
                if not (_NAME_NUMBER_RE.fullmatch(tok.text) and before is not None and before.end + 1 == tok.start):
                    return False
                numbered += 1
            before = tok if value is None else None
    return numbered >= 2


def _header_rows(header_lines: list[Line], columns: list[tuple[int, int]], label_end: int,
                 piped: bool, counted: tuple[str, ...] | None = None) -> list[tuple[str, ...]]:
    """One tuple per header line with the text over each value column; a cell spanning several columns
    (a bar-delimited group header, a configuration name over its metrics) names each of them. `counted`
    names the columns of the last line word for word (`header_lines.counted_names`)."""
    levels = []
    for line in header_lines:
        if counted is not None and line is header_lines[-1]:
            levels.append(counted)
            continue
        text = line.text
        names = [[] for _ in columns]
        cells = pipe_cells(text) if piped else phrases(text, line.tab_stops)
        # one name per value column, the first reaching from the label column into the first value
        # column and the others over their columns: the names are printed shifted to the left ("Before
        # this patch   With this patch" over "READ  BW=4621MB/s  BW=7337MB/s"), one per column in order
        shifted = not piped and len(cells) == len(columns) >= 2 and cells[0].start < label_end < cells[0].end \
            and " " in cells[0].text and all(cell.start < end and cell.end > start
                                             for cell, (start, end) in zip(cells[1:], columns[1:]))
        for position, tok in enumerate(cells):
            if piped:
                covered = [i for i, (s, e) in enumerate(columns) if tok.start < e and tok.end > s]
                if not covered and tok.end > label_end:
                    nearest = _header_column(tok, columns, label_end)
                    covered = [nearest] if nearest is not None else []
                if len(covered) > 1 and GAP_RE.search(tok.text):
                    # names spaced out over the columns of one segment: each names the column it sits over
                    for phrase in phrases(text[tok.start:tok.end], ()):
                        word = Tok(tok.start + phrase.start, tok.start + phrase.end, phrase.text)
                        column = _header_column(word, columns, label_end)
                        if column is not None:
                            names[column].append(word.text)
                    covered = []
            elif shifted:
                names[position].append(tok.text)
                covered = []
            else:
                covered = []
                for word in _split_phrase(tok, columns, label_end):
                    column = _header_column(word, columns, label_end)
                    if column is not None:
                        names[column].append(word.text)
            for i in covered:
                names[i].append(tok.text)
        levels.append(tuple(" ".join(n) for n in names))
    if not piped:
        for upper in range(len(levels) - 1):
            line = header_lines[upper]
            # the name of the label column ("test name") heads no group of value columns
            groups = [cell for cell in phrases(line.text, line.tab_stops) if cell.end > label_end]
            spread = group_names(groups, levels[upper + 1], columns)
            levels[upper] = spread or levels[upper]
    return [level for level in levels if any(level)]


def _split_phrase(tok: Tok, columns: list[tuple[int, int]], label_end: int) -> list[Tok]:
    """A header phrase as one cell, or as its words when it reaches over several columns or from the
    label column into a value column ("threads /dev/fuse" over a label and a value column)."""
    touched = sum(1 for s, e in columns if tok.start < e and tok.end > s)
    if touched <= 1 and not (tok.start < label_end < tok.end) or " " not in tok.text:
        return [tok]
    return [Tok(tok.start + m.start(), tok.start + m.end(), m.group()) for m in TOKEN_RE.finditer(tok.text)]


def _header_labels(header_lines: list[Line], label_end: int, piped: bool) -> list[tuple[str]]:
    out = []
    for line in header_lines:
        words = [tok.text for tok in (pipe_cells(line.text) if piped else tokens(line.text))
                 if tok.end <= label_end and tok.text]
        if words:
            out.append((" ".join(words),))
    return out


def read_grids(lines: Sequence[str]) -> list[Grid]:
    """The grids of one table-like block: its runs of key=value lines and its runs of columns each read
    by their own structure; an ASCII histogram (bucket ranges with counts or bars) is no grid at all.

    Line numbers in the grids index `lines`. Never raises because of the text."""
    expanded, cases = join_case_names(merge_spanning_cells(rejoin_wrapped_rows([expand(line) for line in lines])))
    tails = label_tails([text for text, _ in expanded])
    named: dict[int, tuple[str, int]] = {}  # row line -> the rest of its name, and the last line it is on
    for index, row in tails.items():
        named[row] = (f"{named[row][0] if row in named else ''} {expanded[index][0].strip()}".strip(), index)
        expanded[index] = ("", ())
    content = [(i, text) for i, (text, _) in enumerate(expanded) if text.strip() and not is_rule(text)]
    padded = _padded_colons(content) | _settings_in_bar_rows(content) | cases
    runs: list[tuple[str, list[tuple[int, str]]]] = []
    waiting: list[tuple[int, str]] = []  # lines without numbers go with the run after them
    for index, text in content:
        if framed_title(text) is not None:
            waiting = []  # "--- Linear device over SSD ---": the caption of the rows below, no header of them
            continue
        if not any(ch.isdigit() for ch in text):
            waiting = [] if waiting and ends_title([t for _, t in waiting], text, expanded[waiting[-1][0] + 1:index]) \
                else waiting
            waiting.append((index, text))
            continue
        if is_heading(text):
            continue  # "Final, host_tagset=0:": the caption of the rows below, not a row of them
        kind = "histogram" if _HISTOGRAM_RE.search(text) or _INDEXED_RE.match(text) else \
            "changes" if is_change_row(text) else \
            "keyed" if index not in padded and is_keyed_line(text) else "other"
        if runs and runs[-1][0] == kind and (not waiting or kind == "other" and (
                names_setups(runs[-1][1]) or label_rows_between_bars(waiting, text, runs[-1][1]))):
            # a lone line naming setups, then word lines, then rows: header lines all ("v5.0 v5.0" over
            # "dirty", "1 NPS | 2 NPS" over "Total threads" over the rows), read by the run's header rules
            runs[-1][1].extend(waiting + [(index, text)])
        else:
            runs.append((kind, waiting + [(index, text)]))
        waiting = []
    grids = []
    texts = [text for text, _ in expanded]
    for kind, run in runs:
        if kind == "histogram":
            continue
        grid = read_keyed(run) if kind == "keyed" else read_changes(run) if kind == "changes" else \
            read_slashed(run) or _read_run(run, expanded)
        if grid is not None:
            grids.append(with_arrow_roles(_in_one_locale(_with_named_rows(grid, named)), texts))
    return grids


def _with_named_rows(grid: Grid, named: dict[int, tuple[str, int]]) -> Grid:
    """The grid with the rest of each row's name, printed under the row, added to its label; the grid
    ends on the last line of its last row's name."""
    if not any(row.line in named for row in grid.rows):
        return grid
    rows = tuple(dataclasses.replace(row, label=f"{row.label} {named[row.line][0]}".strip()) if row.line in named
                 else row for row in grid.rows)
    last = max([grid.last_line] + [named[row.line][1] for row in grid.rows if row.line in named])
    return dataclasses.replace(grid, rows=rows, last_line=last)


def _padded_colons(content: list[tuple[int, str]]) -> set[int]:
    """Lines whose names are padded to one column where the colons stand ("Base            : 544 MiB/s"
    over "Patched version : 1015 MiB/s"), or whose lone values end at one column, three lines or more: a
    column of names and a column of values, which the longest name fills up to one space. Those lines are
    rows of one grid, not pairs of a key and a value each."""
    columns: dict[int, list[int]] = {}  # the column of a colon -> the lines with their colon there
    padded: set[int] = set()  # the columns some name is padded to with more than one space
    ends: dict[int, list[int]] = {}  # the column a lone value ends at -> the lines whose value ends there
    for index, text in content:
        if (match := _PADDED_COLON_RE.match(text)) is not None:
            columns.setdefault(match.start("colon"), []).append(index)
            if len(match.group("pad")) > 1:
                padded.add(match.start("colon"))
        if (match := _RIGHT_ALIGNED_RE.match(text)) is not None:
            ends.setdefault(match.end(), []).append(index)
    return {index for column in padded if len(columns[column]) > 1 for index in columns[column]} | \
        {index for lines in ends.values() if len(lines) > 2 for index in lines}


def _settings_in_bar_rows(content: list[tuple[int, str]]) -> set[int]:
    """Rows between bars whose first cell is a setting ("| parallel=0 | 62.897 |") among rows whose
    first cell is a name ("| Without this patch | 155.672 |"): the settings name rows of the one table,
    they are no records of key=value pairs."""
    rows = {index: text for index, text in content if text.count("|") >= 2 and any(
        parse_value(cell.text) is not None and not any(ch.isalpha() for ch in cell.text)
        for cell in pipe_cells(text)[1:])}  # rows with a plain number after their first cell
    keyed = {index for index, text in rows.items() if is_keyed_line(text)}
    return keyed if keyed and len(keyed) < len(rows) else set()


def _in_one_locale(grid: Grid) -> Grid:
    """The grid with every comma read as a decimal comma when its cells show that locale
    (`numbers.decimal_comma_texts`): "1,315" under "0,15 %" is 1.315, as the author's tool printed it."""
    texts = [cell.text for row in grid.rows for cell in row.cells if cell.value is not None]
    if not decimal_comma_texts(texts):
        return grid

    def read(cell: Cell) -> Cell:
        if cell.value is None or "," not in cell.text:
            return cell
        return dataclasses.replace(cell, value=as_decimal_comma(cell.text) or cell.value)
    return dataclasses.replace(grid, rows=tuple(dataclasses.replace(row, cells=tuple(map(read, row.cells)))
                                                for row in grid.rows))


def _read_run(content: list[tuple[int, str]], expanded: list[tuple[str, tuple[int, ...]]]) -> Grid | None:
    """One run of lines that are not key=value pairs: a sequence, collapsed or positional table."""
    sequence = read_sequence(content)
    if sequence is not None:
        return sequence
    piped = sum("|" in text for _, text in content) * 2 > len(content) and not _bars_highlight(content)
    precision = common_precision([tok for _, text in content for tok in text.split()])
    glued = not piped and any(split_glued(tok, precision) for _, text in content for tok in text.split())
    if glued or not piped and not any(GAP_RE.search(text) for _, text in content if any(ch.isdigit() for ch in text)):
        return read_collapsed(content, precision if glued else None)
    cells = [value_cells(pipe_tokens(text) if piped else tokens(text)) for _, text in content]
    if not piped:
        cells = with_label_phrases(cells)
    parsed = [Line(index, text, expanded[index][1], line_cells) for (index, text), line_cells in zip(content, cells)]
    data = [line for line in parsed if line.numbers]
    named = None
    inner = section_headings(data[1:], [])  # headings between the rows are no rows to weigh a header against
    if (len(data) >= 3 or len(data) == 2 and _names_both_sides(data[0])) and not _under_header_rule(data[0], expanded) \
            and reads_as_header(data[0], [line for line in data[1:] if line not in inner]):
        named, data = data[0], data[1:]  # "2 memcpy, w/o FOO   1 memcpy, w/ FOO": names holding a number
    elif len(data) >= 3 and over_delimiter(data[0], data[1], expanded):
        named, data = data[0], data[1:]  # the row over the "|---|" or "====" line is the header
    if not data or sum(len(line.numbers) for line in data) < 2:
        return None
    first = data[0].index
    header_lines = [line for line in parsed if line.index < first and (not line.numbers or line is named)]
    if piped:
        titles = [line for line in header_lines if "|" not in line.text and line.index < min(
            (h.index for h in header_lines if "|" in h.text), default=first)]
        header_lines = [line for line in header_lines if line not in titles]
        caption = " ".join(line.text.strip() for line in titles) or None  # a line without bars is a title
        between = [line for line in parsed if data[0].index < line.index < data[-1].index and not line.numbers]
        grid = read_by_cell_order(data, header_lines, between) or _positional(data, header_lines, piped, between)
        return dataclasses.replace(grid, caption=grid.caption or caption) if grid else None
    # tabs the author's terminal set at other stops than 8 put cells under no column: then the i-th
    # cell of each line is column i, if that reading leaves fewer cells empty or columns unnamed
    tabbed = read_by_cell_order(data, header_lines, tabbed=True) \
        if all(line.tab_stops for line in header_lines + data) else None
    if len(header_lines) == 1 and (_names_a_kernel(header_lines[0], data)
                                   or _CAPTION_PHRASE_RE.match(header_lines[0].text)):
        header_lines = []  # "v5.4 + patch(v2)", "Baseline:  no patches": the caption of the run, not a header
    headings = section_headings(data, header_lines)
    if headings:
        data = [line for line in data if line not in headings]
        header_lines = [line for line in header_lines if line not in headings]
    grid = _positional(data, header_lines, piped)
    grid = grid and label_with_number(grid, {line.index: line.text for line in data})
    if tabbed is not None and (grid is None or _misread(tabbed) < _misread(grid)):
        return tabbed
    if grid is None or not headings:
        return grid
    starts = sorted((line.index, " ".join(line.text.split())) for line in headings)
    rows = tuple(dataclasses.replace(row, label=f"{heading} {row.label}".strip()) if (heading := next(
        (text for index, text in reversed(starts) if index < row.line), None)) else row for row in grid.rows)
    return dataclasses.replace(grid, rows=rows)


_HIGHLIGHT_NUMBERS = 4  # figures in one space between two bars: more than one cell holds (a value, its spread)


def _bars_highlight(content: list[tuple[int, str]]) -> bool:
    """Whether the bars of a run set a column apart in the middle of a row ("0  4.00  0.00 | 93.00 | 1.00
    0.00 2.00"), not the borders of its cells: figures on both sides of the bars, a whole run of them in
    one space ("name | 744 809 2225" only parts the label from the values)."""
    for _, text in content:
        if "|" not in text:
            continue
        counts = [sum(parse_value(token) is not None for token in cell.split()) for cell in text.split("|")]
        if max(counts) >= _HIGHLIGHT_NUMBERS and sum(count >= 2 for count in counts) >= 2:
            return True
    return False


def _under_header_rule(line: Line, expanded: list[tuple[str, tuple[int, ...]]]) -> bool:
    """Whether a line stands right under a rule that has a line of names over it ("| kernel | ops |" over
    "|---|---|"): the rule closed the header, so the line is a row whatever words it holds ("baseline")."""
    above = [text for text, _ in expanded[:line.index] if text.strip()]
    return len(above) >= 2 and is_rule(above[-1]) and not is_rule(above[-2])


def _names_both_sides(line: Line) -> bool:
    """Whether a line's word cells name a baseline and a patched run ("0% full  unpatched  patched"): the header
    of the one row under it, whatever figure it holds."""
    kinds = {column_kind(tok.text) for tok, value in line.cells if value is None}
    return set(SIDE_KINDS) <= kinds


def _misread(grid: Grid) -> int:
    """How many cells a reading left without a number, and columns without a name."""
    return sum(cell.value is None for row in grid.rows for cell in row.cells) + sum(not name for name in grid.header)


# A name and a colon, then one phrase of words with single spaces between them ("Baseline:  no patches
# applied"): what the run below is, said the way a caption says it; column names stand apart by a gap.
_CAPTION_PHRASE_RE = re.compile(r"^\s*[A-Za-z][\w./-]*:\s+[A-Za-z][\w,.()/=-]*(?: [\w,.()/=-]+)+\s*$")


def _names_a_kernel(line: Line, data: list[Line]) -> bool:
    """Whether a header line is the name of a kernel printed where the row labels are, over nothing of
    the value columns: it names the run below, the way a caption does, not the label column."""
    words = line.text.split()
    first_value = min(tok.start for row in data for tok, value in row.cells if value is not None)
    return bool(words) and RELEASE_NUMBER_RE.match(words[0]) is not None and len(line.text.rstrip()) < first_value


def describes_machine(grid: Grid) -> bool:
    """A list of the machine's properties ("CPU core: 40", "Memory: 256G"): most row labels name one, and
    not every value is a time ("kernel startup  0.31s" times a phase of a run)."""
    labels = [row.label.strip(" :") for row in grid.rows]
    units = {cell.value.unit for row in grid.rows for cell in row.cells if cell.value is not None}
    return len(grid.header) == 1 and sum(bool(MACHINE_WORD_RE.search(label)) and not METRIC_RE.search(label)
                                         for label in labels) * 2 > len(labels) and \
        not (units and all((found := lookup_unit(unit)) and found.dimension == "time" for unit in units))
