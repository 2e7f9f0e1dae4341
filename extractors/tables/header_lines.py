"""Which line with numbers names the columns of a table instead of being its first row: a line of
mostly words over lines of mostly numbers ("2 memcpy, w/o FOO   1 memcpy, w/ FOO"), the setups of a
sweep ("1 NPS | 2 NPS | 4 NPS", "4 threads  8 threads") or the points each column was measured at
("100us | 1.5ms"), and kernels named by their versions over their runs. A line that prints figures in
the unit its rows are printed in is a row, whatever words it holds.
"""

from __future__ import annotations

import itertools
import re

from extractors.blocks import is_rule
from extractors.tables.sections import names_with_numbers
from extractors.tables.sweeps import names_a_parameter
from extractors.numbers import parse_value
from extractors.tables.tokens import Line, phrases, pipe_tokens, tokens, value_cells
from extractors.vocab.units import MEASURED_DIMENSIONS, lookup_unit


def _sweep_unit(numbers: list) -> str | None:
    """The unit of a line's numbers when they name the setups of a sweep: at least two whole counts of
    one unit word ("1 NPS | 2 NPS | 4 NPS", "4 threads  8 threads"), not percentages, nor a unit only
    measurements are printed in ("throughput:  329 Mib/s  1032Mib/s" is the first row)."""
    units = {value.unit for _, value in numbers}
    if len(numbers) < 2 or len(units) != 1 or None in units or "%" in units:
        return None
    unit = lookup_unit(next(iter(units)))
    if unit is not None and unit.dimension in MEASURED_DIMENSIONS:
        return None
    return units.pop() if all(float(value.value).is_integer() for _, value in numbers) else None


def names_setups(run: list[tuple[int, str]]) -> bool:
    """Whether a run so far is one line with digits that names setups: kernels by their version
    ("v5.0-rc6   v5.0-rc6+patch", digits but no number), the points of a sweep, or names a number is a
    part of ("2 rbtrees   augmented rbtree", "2 queues   2 queues + batching")."""
    numbered = [text for _, text in run if any(ch.isdigit() for ch in text)]
    if len(numbered) != 1:
        return False
    line_tokens = pipe_tokens(numbered[0]) if "|" in numbered[0] else tokens(numbered[0])
    numbers = [cell for cell in value_cells(line_tokens) if cell[1] is not None]
    return not numbers or _sweep_unit(numbers) is not None or names_with_numbers(numbered[0])


# A line naming one thing and its value: a short key, a colon, the value ("Test          : hackbench" in a
# test report's title, "Command: ./bench 32" over a run's results).
KEY_VALUE_LINE_RE = re.compile(r"^\s*[A-Za-z][\w ./()-]{0,30}:\s+\S")


def ends_title(above: list[str], below: str, between: list[tuple[str, tuple[int, ...]]]) -> bool:
    """Whether a rule among the lines `between` word lines and the next one ends a title's "key : value"
    lines ("Test : x", "Units : ...", a rule, then the column names): the header starts under it. Column
    names over a rule and a section title ("PERFORMANCE RATIOS") stay, as do a box's rows of names."""
    return "|" not in below and all(KEY_VALUE_LINE_RE.match(text) and "|" not in text for text in above) and \
        any(is_rule(text) for text, _ in between)


def reads_as_header(first: Line, rest: list[Line]) -> bool:
    """Whether the first line with numbers is the header: its cells are mostly words, while the lines
    under it are mostly numbers; or it names the setups of a sweep in a unit no value under it is
    printed in ("1 NPS | 2 NPS | 4 NPS" over percentages)."""
    def share(line: Line) -> float:  # a dash or "n/a" holds the place of a missing value, not a word
        return len(line.numbers) / max(1, sum(tok.text.strip("-–— ").lower() not in ("", "n/a", "na")
                                              for tok, _ in line.cells))
    if share(first) < 0.4 and all(share(line) >= 0.5 for line in rest) and not _measures_like(first, rest):
        return True
    if _names_settings(first) and all(share(line) >= 0.5 for line in rest):
        return True
    unit = _sweep_unit(first.numbers)
    if unit is not None and all(value.unit != unit for line in rest for _, value in line.numbers):
        return True
    return _names_points(first, rest) or _names_a_doubling(first, rest)


_MIN_POINTS = 3
_MIN_STEP = 1.5  # how much each point of a sweep of sizes or counts grows: doubling, or more


def _names_a_doubling(first: Line, rest: list[Line]) -> bool:
    """Whether a line names the points of a sweep of sizes or counts ("driver  16  64  256  1024" over
    rows of speeds): words first, then three or more whole numbers without a unit, each at least half as
    big again as the one before, over rows none of which grows so. A sweep led by its parameter's name
    ("queue depth  1  2  4") is read as the sweep it names (`sweeps`), not here."""
    def sweep(line: Line) -> bool:
        values = [value for _, value in line.numbers]
        return len(values) >= _MIN_POINTS and all(v.unit is None and v.value == int(v.value) and v.value > 0
                                                  for v in values) and \
            all(b.value >= a.value * _MIN_STEP for a, b in zip(values, values[1:]))
    words = [tok.text for tok, value in itertools.takewhile(lambda cell: cell[1] is None, first.cells)]
    return bool(words) and not names_a_parameter(" ".join(words)) and sweep(first) and not any(map(sweep, rest))


# The name of a setting: a word ("nice", "latency", "threads"), not a CPU's number and a colon ("0:").
_WORD_RE = re.compile(r"[A-Za-z][\w-]*")


def _names_settings(first: Line) -> bool:
    """Whether a line names setups by a setting and its value, each number right after the word it is
    the value of ("group   latency 0   latency 19", "nice 0   nice -20"): two or more of them, plain
    numbers, and a word first."""
    cells = [(tok.text, value) for tok, value in first.cells if tok.text.strip()]
    numbers = [i for i, (_, value) in enumerate(cells) if value is not None]
    return len(numbers) >= 2 and cells[0][1] is None and all(
        i > 0 and cells[i - 1][1] is None and _WORD_RE.fullmatch(cells[i - 1][0]) and cells[i][1].unit is None
        for i in numbers)


def _measures_like(first: Line, rest: list[Line]) -> bool:
    """Whether a wordy line prints two figures or more in the unit the rows under it are printed in
    ("psync randread   39.3MB/s   39.7MB/s   job:1 bs:4k" over "791MB/s   783MB/s"): a row that names
    its setup in words, not a header, whose names measure nothing."""
    units = [value.unit for _, value in first.numbers if value.unit and lookup_unit(value.unit)]
    return len(units) >= 2 and any(value.unit in units for line in rest for _, value in line.numbers)


def _names_points(first: Line, rest: list[Line]) -> bool:
    """Whether a line of nothing but quantities, without a label, names the point each column was
    measured at ("100us | 1.5ms" over "HFM | 0.1% | -0.1%"): every row under it has a label and no
    value under it is of the same kind of quantity."""
    words = [tok for tok, value in first.cells if value is None and tok.text.strip(" |")]
    dimensions = {(found.dimension if (found := lookup_unit(value.unit)) else None) for _, value in first.numbers}
    if words or len(first.numbers) < 2 or None in dimensions:
        return False
    return all(line.cells and line.cells[0][1] is None for line in rest) and not any(
        (found := lookup_unit(value.unit)) is not None and found.dimension in dimensions
        for line in rest for _, value in line.numbers)


_UNIT_AFTER_RE = re.compile(r"\s*\([^()]*\)$")


def same_metric(one: str, other: str) -> bool:
    """Whether two column names name one metric, the unit printed on one of them only ("BW" and
    "BW(MiB/s)"); two different units ("BW(MiB/s)", "BW(GiB/s)") are two metrics, and a unit alone
    ("(secs)") is no name of the metric an unnamed column measures."""
    if one == other:
        return True
    return bool(one and other) and (_UNIT_AFTER_RE.sub("", one) == other or one == _UNIT_AFTER_RE.sub("", other))


def group_names(cells: list, below: tuple[str, ...], columns: list[tuple[int, int]]) -> tuple[str, ...] | None:
    """The name over each value column when a header line names groups of columns: the line below
    repeats one run of column names once per phrase of this line ("IOPS  BW  IOPS  BW" under "buffer
    head   iomap"), and each phrase, in order, stands over its own run. A configuration's name is printed
    once over the metrics measured under it, however many words it has and whatever columns its words
    happen to sit over. Columns outside the runs (settings before them, a change after) get no name, and
    a name ending before the first named column names the unnamed ones ("clients" over the client counts).
    None when the line does not name groups that way."""
    named = [i for i, name in enumerate(below) if name]
    if not named:
        return None
    cells = [cell for cell in cells if cell.end > columns[named[0]][0]]
    count = len(cells)
    if count < 2:
        return None
    end = named[-1] + 1  # unnamed columns after the runs print a change or a note
    for width in range(2, end // count + 1):
        first = end - width * count
        runs = [below[first + k * width:first + (k + 1) * width] for k in range(count)]
        if not all(runs[0]) or any(not all(map(same_metric, run, runs[0])) for run in runs[1:]):
            continue
        spans = [(columns[first + k * width][0], columns[first + (k + 1) * width - 1][1]) for k in range(count)]
        over = all(cell.start < stop and cell.end > start for cell, (start, stop) in zip(cells, spans))
        apart = all(cell.end <= after for cell, (after, _) in zip(cells, spans[1:]))
        if over and apart:
            names = [""] * len(below)
            for k, cell in enumerate(cells):
                names[first + k * width:first + (k + 1) * width] = [cell.text] * width
            return tuple(names)
    return None


def _is_change(text: str) -> bool:
    """A printed change: "+5%", "-12.3%", "0%"."""
    return (value := parse_value(text)) is not None and value.unit == "%"


def counted_names(header: Line, rows: list[Line], columns: list[tuple[int, int]]) -> tuple[str, ...] | None:
    """The name over each value column when a header of single words is printed out of line with its
    columns but word for word: it has as many words as every row has cells, or one fewer where every row
    ends in a printed change ("type  Sync  bs  IOPS  BW" shifted over "cache  N  4K  417k  1631  +5%"),
    so the n-th word names the n-th cell. Every cell of every row must be one word set apart by a gap, and
    every cell right of the labels a value. None when the words do not count out that way, the first word
    does not stand over the rows' labels, or a column's cell is not the same n-th cell on every row."""
    words = tokens(header.text)
    cells = [tokens(row.text) for row in rows]
    count = len(cells[0]) if cells else 0
    if count < 2 or any(len(row) != count for row in cells) or not words or \
            any(words[0].start >= row[0].end for row in cells):
        return None  # the first word must name the label ("\tStock  Patched" leaves the label unnamed)
    if any(len(phrases(row.text, row.tab_stops)) != count for row in rows) or \
            any(sum(tok.start >= columns[0][0] for tok in row) != len(columns) for row in cells):
        return None  # a cell of two words ("2.5M records"), a unit apart from its number ("635  MiB/s")
    if len(words) != count and not (len(words) == count - 1 and all(_is_change(row[-1].text) for row in cells)):
        return None
    names = []
    for start, end in columns:
        places = {next((i for i, tok in enumerate(row) if tok.start < end and tok.end > start), None) for row in cells}
        if len(places) != 1 or None in places:
            return None
        place = places.pop()
        names.append(words[place].text if place < len(words) else "")
    return tuple(names)

