"""The cells of one line of a table: its tokens, the cells between bars or wide gaps, the number each
holds with the unit or spread printed beside it, and glued printf columns split apart again.

Every table reader (`grid`, `keyed`) cuts lines with these, so that a cell means the same whichever
structure the table has.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from extractors.numbers import SCALE_SUFFIXES, parse_value, split_glued
from extractors.vocab.metrics import METRIC_RE
from extractors.vocab.units import MEASURED_DIMENSIONS, lookup_unit

TOKEN_RE = re.compile(r"\S+")
# An arrow between a figure's unit and the next figure, with no space around it: "512.6 ms->143.2 ms" ("1->0"
# between plain numbers names a transition from one state to another).
_GLUED_ARROW_RE = re.compile(r"(?<=[A-Za-z%\u00b5])(?:->|=>|\u2192)(?=[~\d])")
# A gap between cells of an aligned line: two spaces or a tab (tabs are expanded before this is used).
GAP_RE = re.compile(r"\S {2,}\S")
# A phrase: words separated by single spaces, a bar standing alone between them ending it ("@size | @jobs").
_PHRASE_RE = re.compile(r"(?:(?!\|\s)\S)+(?: (?!\|(?:\s|$))\S+)*")
# A cell holding a number and a parenthesised remark about it ("65.4 (32.7 each job)", "12.1 (2 runs)").
_NOTED_VALUE_RE = re.compile(r"^(?P<value>\S+)\s+\([^()]*\)$")
_OPEN_SPREADS = ("(+/-", "(\u00b1", "(+-")  # a bracketed spread opened right after its value
_SPREAD_MARK = frozenset({"\u00b1", "+-", "+/-", "+/\u2212"})
# A cell that names its value: "BW=4621MB/s", "iops=125k" (the name a word, the value a number).
_KEYED_CELL_RE = re.compile(r"^(?P<name>[A-Za-z][\w/%.-]{0,20})=(?P<value>[-+~]?\d\S*)$")


def _measured_value(name: str, text: str) -> object | None:
    """The value of a named cell when it is a measurement: printed in a unit of one ("BW=4621MB/s") or
    named by a metric ("iops=125k"); a setting ("sectorsize=64k", "cpus=0-1") names a setup instead."""
    value = parse_value(text)
    if value is None or "-" in text[1:]:
        return None
    unit = lookup_unit(value.unit) if value.unit else None
    measured = unit is not None and unit.dimension in MEASURED_DIMENSIONS
    return value if measured or METRIC_RE.search(name) else None


# A change printed in brackets right after a value, maybe after its unit: "(-72.4%)", "MB/s(14.1% )",
# "MB/s( 70.38%)" (a value's own change, not a column); and the same glued to the value: "10700(22.03%)".
_CHANGE_AFTER_RE = re.compile(r"^(?P<unit>[A-Za-z\u00b5][\w/\u00b5]{0,8})?"
                              r"\(\s*(?P<change>[-+\u2212]?\d[\d.,]*\s*(?:%|pct))\s*\)$")
# A bare figure in brackets after a value, "98.34 (0.52)": the spread of the runs it averages (kernbench's
# "Elapsed Time 98.34 (0.52)", "average (stddev)" tables) when smaller than the value, or whatever its size
# when every value of the line has one ("1.00 (2.10)  0.96 (1.32)": a coefficient of variation in percent
# beside normalized values).
_BRACKETED_SPREAD_RE = re.compile(r"^\((?P<spread>\d+(?:\.\d+)?)\)$")
_GLUED_CHANGE_RE = re.compile(r"^(?P<value>[-+~]?\d[\d.,]*[kKMG]?)\(\s*[-+\u2212]?\d[\d.,]*\s*%\s*\)$")
# A cell between bars holding a value (with its unit) and its change in brackets: "2764.8 (-2.18%)",
# "61.60us (-21.19%)", "1.16 (16.00 pct)". The change stays in the cell's text, where the comparison stage
# reads it.
_NOTED_CHANGE_RE = re.compile(r"^(?P<value>[-+~]?\d[\d.,]*\s?[^\s()\d][^\s()]*|[-+~]?\d[\d.,]*)\s+"
                              r"\(\s*[-+\u2212]?\d[\d.,]*\s*(?:%|pct)\s*\)$")
# A value's change and its runs' coefficient of variation printed after it, padded inside their brackets
# as a script lines up its columns: "1.00 [ -0.00]( 2.64)" under "base[pct imp](CV)".
_ANNOTATION_AFTER_RE = re.compile(r"^\[\s*[-+\u2212]?\d[\d.]*\s*%?\](?:\(\s*\d[\d.]*\s*%?\))?$")
_MAX_CHANGE_TOKENS = 3
_MAX_CHANGE_GAP = 2


def _change_after(tokens: list[Tok], index: int, end: int) -> tuple[int, str | None, str, int] | None:
    """(tokens used, unit, change as printed, end) of a bracketed change starting at tokens[index], at
    most two spaces after a value ending at `end`, else None."""
    joined = _joined_after(tokens, index, end, _CHANGE_AFTER_RE)
    if joined is None:
        return None
    used, match, last_end = joined
    return used, match.group("unit"), match.group("change").replace(" ", ""), last_end


def _joined_after(tokens: list[Tok], index: int, end: int, pattern: re.Pattern) -> tuple[int, re.Match, int] | None:
    """(tokens used, match, end) of the fewest tokens from tokens[index], joined with the spaces between
    them, that `pattern` matches, when they start at most two spaces after `end` and hold a bracket."""
    if index >= len(tokens) or tokens[index].start - end > _MAX_CHANGE_GAP or not set("([") & set(tokens[index].text):
        return None
    text, last = "", tokens[index].start
    for used in range(1, min(_MAX_CHANGE_TOKENS, len(tokens) - index) + 1):
        token = tokens[index + used - 1]
        text += " " * (token.start - last) + token.text
        last = token.end
        match = pattern.match(text)
        if match:
            return used, match, token.end
    return None


def _repeated_names(tokens: list[Tok]) -> set[str]:
    """The names that several cells of a line print their values with ("BW=4621MB/s  BW=7337MB/s"): the
    same quantity in several columns; a name printed once ("client_poll=100us") is a row's label."""
    if not any("=" in tok.text for tok in tokens):
        return set()
    names = [match.group("name") for tok in tokens if (match := _KEYED_CELL_RE.match(tok.text))]
    return {name for name in names if names.count(name) > 1}


@dataclass(frozen=True)
class Tok:
    start: int
    end: int
    text: str


def expand(line: str) -> tuple[str, tuple[int, ...]]:
    """The line with tabs expanded to the 8-column stops a terminal shows, and the columns where a tab
    ended (a cell boundary even when the tab expanded to one space)."""
    if "\t" not in line:
        return line, ()
    out, stops = [], []
    column = 0
    for ch in line:
        if ch == "\t":
            width = 8 - column % 8
            out.append(" " * width)
            column += width
            stops.append(column)
        else:
            out.append(ch)
            column += 1
    return "".join(out), tuple(stops)


@dataclass
class Line:
    """One line of a table-like run as the grid readers see it: its place, its text (tabs expanded),
    the tab stops it had, and its tokens in order with numbers merged with their units."""
    index: int
    text: str
    tab_stops: tuple[int, ...]
    cells: list[tuple[Tok, object]]

    @property
    def numbers(self) -> list[tuple[Tok, object]]:
        return [c for c in self.cells if c[1] is not None]


def tokens(line: str) -> list[Tok]:
    """The words of a line, an arrow glued between two figures ("512.6 ms->143.2 ms") a word of its own."""
    found = [Tok(m.start(), m.end(), m.group()) for m in TOKEN_RE.finditer(line)]
    if ">" not in line and "\u2192" not in line:
        return found
    out = []
    for tok in found:
        start = tok.start
        for arrow in _GLUED_ARROW_RE.finditer(tok.text):
            out += [Tok(start, tok.start + arrow.start(), line[start:tok.start + arrow.start()]),
                    Tok(tok.start + arrow.start(), tok.start + arrow.end(), arrow.group())]
            start = tok.start + arrow.end()
        out.append(Tok(start, tok.end, line[start:tok.end]) if start != tok.start else tok)
    return out


# The shortest run of border marks read as a border, not a cell: "--" is a value not printed.
_MIN_BORDER = 4


def pipe_cells(line: str) -> list[Tok]:
    """The cells of a bar-delimited line: the text between two bars with the span between them (so a
    header cell spanning several columns covers them); border bars dropped."""
    cells, start = [], 0
    for index, ch in enumerate(line + "|"):
        if ch == "|":
            text = line[start:index].strip()
            if len(text) >= _MIN_BORDER and not text.strip("+-=_"):
                text = ""  # a border the mail client joined to the line ("| bounce |  +------+------+")
            if text or (0 < start and index < len(line)):
                cells.append(Tok(start, index, text))
            start = index + 1
    return cells


def tab_cells(line: str, tab_stops: tuple[int, ...]) -> list[Tok]:
    """The cells of a tab-separated line (tabs expanded, `tab_stops` where each tab ended): the text
    between tabs, empty runs dropped ("512\t\t1024": the author doubled a tab to line a column up)."""
    cells, start = [], 0
    for stop in [*tab_stops, len(line) + 1]:
        piece = line[start:stop]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            cells.append(Tok(start + lead, start + len(piece.rstrip()), piece.strip()))
        start = stop
    return cells


def unglued(tokens: list[Tok], precision: int | None) -> list[Tok]:
    """Tokens with glued columns split apart ("0.051.085224.14" at two decimals is three numbers)."""
    out = []
    for tok in tokens:
        pieces = split_glued(tok.text, precision) if parse_value(tok.text) is None else None
        start = tok.start
        for piece in pieces or [tok.text]:
            out.append(Tok(start, start + len(piece), piece))
            start += len(piece)
    return out


def pipe_tokens(line: str) -> list[Tok]:
    """The cells of a bar-delimited data line, each as `_cell_tokens` reads it."""
    return [tok for cell in pipe_cells(line) for tok in _cell_tokens(line, cell)]


def _cell_tokens(line: str, cell: Tok) -> list[Tok]:
    """One bar-delimited cell as tokens: the whole cell, its number alone when a remark in brackets
    follows ("65.4 (32.7 each job)"), or its space-separated tokens when it holds several numbers
    apart ("|  5.07M   5.74M  71.1M", bars used only after the label), or only numbers one space apart
    ("| 120MiB/s 135MiB/s": no word between them makes them one cell)."""
    note = _NOTED_VALUE_RE.match(cell.text)
    words = cell.text.split()
    numbers = sum(parse_value(t) is not None for t in words)
    if numbers >= 2 and (GAP_RE.search(cell.text) or numbers == len(words)):
        return [Tok(cell.start + m.start(), cell.start + m.end(), m.group())
                for m in TOKEN_RE.finditer(line[cell.start:cell.end])]
    changed = _NOTED_CHANGE_RE.match(cell.text)
    if changed is not None and parse_value(changed.group("value")) is not None:
        return [cell]  # "2764.8 (-2.18%)": the value and its change, read together by `value_cells`
    if note and parse_value(cell.text) is None and parse_value(note.group("value")) is not None:
        start = line.index(note.group("value"), cell.start)
        return [Tok(start, start + len(note.group("value")), note.group("value"))]
    return [cell]


def phrases(line: str, tab_stops: tuple[int, ...]) -> list[Tok]:
    """Header cells of a space- or tab-aligned line: runs of words separated by single spaces; a tab
    or two spaces end a cell."""
    out = []
    for match in _PHRASE_RE.finditer(line):
        start = match.start()
        for stop in [c for c in tab_stops if match.start() < c < match.end()] + [match.end()]:
            text = line[start:stop].strip()
            if text and text != "|":
                lead = len(line[start:stop]) - len(line[start:stop].lstrip())
                out.append(Tok(start + lead, start + lead + len(text), text))
            start = stop
    return out


def _is_unit_word(text: str) -> bool:
    """A unit printed after its number: a known unit, or a scaled rate without a noun ("k/s", "M/s")."""
    word = text.strip("(),")
    return (lookup_unit(word) is not None or word[:1] in SCALE_SUFFIXES and word[1:] == "/s") and not text[:1].isdigit()


# A date that ends a token ("2015-08-14", "created=2023/07/16") and a time of day that may follow it.
_DATE_END_RE = re.compile(r"\d{4}([-/])\d\d\1\d\d$")
_CLOCK_RE = re.compile(r"\d{1,2}:\d\d(?::\d\d(?:[.,]\d+)?)?$")


def with_label_phrases(lines: list[list[tuple[Tok, object]]]) -> list[list[tuple[Tok, object]]]:
    """The cells of a run's lines with the numbers that open a row's name read as words: when every line
    that opens with a number has a word right after it ("4k randread", "32k pcluster + lz4hc,12 +
    fragment", "8  tasks:") and a value later, that number and the words up to the first value name the
    row. A line of values only ("4k  123.1  150.2"), or a number before values, leaves the run as it is:
    its first column may be a sweep's points."""
    led = [cells for cells in lines if cells and cells[0][1] is not None]
    if not led or not all(_names_after_number(cells) for cells in led):
        return lines
    out = []
    for cells in lines:
        if not cells or cells[0][1] is None:
            out.append(cells)
            continue
        first_value = next(i for i, (_, value) in enumerate(cells) if i > 0 and value is not None)
        out.append([(tok, None) if i < first_value else (tok, value) for i, (tok, value) in enumerate(cells)])
    return out


def _names_after_number(cells: list[tuple[Tok, object]]) -> bool:
    return len(cells) > 2 and cells[1][1] is None and any(ch.isalpha() for ch in cells[1][0].text) \
        and any(value is not None for _, value in cells[2:])


def _spread_beside_each(tokens: list[Tok]) -> bool:
    """Whether the line prints a bare figure in brackets right after each of two or more numbers: a spread
    column beside every value column."""
    pairs = sum(1 for token, after in zip(tokens, tokens[1:]) if after.start - token.end <= 2
                and _BRACKETED_SPREAD_RE.match(after.text) and parse_value(token.text) is not None)
    bracketed = sum(1 for token in tokens if _BRACKETED_SPREAD_RE.match(token.text))
    return pairs >= 2 and pairs == bracketed


def value_cells(tokens: list[Tok]) -> list[tuple[Tok, object]]:
    """Runs of tokens that form one number each: the number with a unit word or a spread after it.
    Returns (merged token, Value) for numbers and (token, None) for other tokens, in order. A cell
    between bars may pad its number from its unit ("42.2  MIOPS"): it reads as one space."""
    out: list[tuple[Tok, object]] = []
    repeated = _repeated_names(tokens)
    index = 0
    while index < len(tokens):
        token = tokens[index]
        spelled = " ".join(token.text.split()) if " " in token.text else token.text
        value = parse_value(spelled.rstrip(",;"))
        glued = (_GLUED_CHANGE_RE.match(token.text) or _NOTED_CHANGE_RE.match(token.text)) \
            if value is None and "(" in token.text else None
        if glued is not None:  # "10700(22.03%)": a value with its change glued to it
            value = parse_value(glued.group("value"))
        if value is None and token.text.endswith(_OPEN_SPREADS) and index + 1 < len(tokens) and \
                tokens[index + 1].start - token.end <= _MAX_CHANGE_GAP and \
                (spread := parse_value(f"{token.text} {tokens[index + 1].text}")) is not None:
            # "1.836(+/- 17%)": a spread opened right after the value and closed after a space
            token = Tok(token.start, tokens[index + 1].end, f"{token.text} {tokens[index + 1].text}")
            out.append((token, spread))
            index += 2
            continue
        keyed = _KEYED_CELL_RE.match(token.text) if value is None and repeated else None
        if keyed is not None and keyed.group("name") in repeated and \
                (value := _measured_value(keyed.group("name"), keyed.group("value"))) is not None:
            # "READ  BW=4621MB/s  BW=7337MB/s": one value per setup, each printed with its name
            token = Tok(token.start + keyed.start("value"), token.end, keyed.group("value"))
            spelled = token.text
        if value is not None and out and _CLOCK_RE.match(spelled) and _DATE_END_RE.search(out[-1][0].text):
            value = None  # "created=2015-08-14 12:12:09": the time of day of a date, not a duration
        if value is None:
            out.append((token, None))
            index += 1
            continue
        end, text = token.end, token.text.rstrip(",;")
        following = index + 1
        while following < len(tokens) and tokens[following].start - end <= 2:
            nxt = tokens[following].text
            if nxt == "(" and following + 3 < len(tokens) and tokens[following + 1].text in _SPREAD_MARK \
                    and tokens[following + 3].text == ")":  # perf stat's "( +-  4.06% )"
                candidate = f"{text} ({tokens[following + 1].text} {tokens[following + 2].text})"
                merged = parse_value(candidate)
                if merged is None:
                    break
                text, end, value, following = candidate, tokens[following + 3].end, merged, following + 4
            elif nxt in _SPREAD_MARK and following + 1 < len(tokens):
                candidate = f"{text} {nxt} {tokens[following + 1].text}"
                merged = parse_value(candidate.rstrip(",;"))
                if merged is None:
                    break
                text, end, value, following = candidate.rstrip(",;"), tokens[following + 1].end, merged, following + 2
            elif nxt.startswith(("\u00b1", "+-", "(+/-", "(\u00b1", "(+-", "+/-")):
                merged = parse_value(f"{text} {nxt}".rstrip(",;"))
                if merged is None:
                    break
                text, end, value, following = f"{text} {nxt}".rstrip(",;"), tokens[following].end, merged, following + 1
            elif (bracketed := _BRACKETED_SPREAD_RE.match(nxt)) and value.spread_abs is None and value.spread_pct is None \
                    and 0 < float(bracketed.group("spread")) and (float(bracketed.group("spread")) < abs(value.value)
                                                                   or _spread_beside_each(tokens)):
                text, end = f"{text} {nxt}", tokens[following].end
                value, following = replace(value, text=text, spread_abs=float(bracketed.group("spread"))), following + 1
            elif (change := _change_after(tokens, following, end)) is not None:
                # "1.41 MB/s(-72.4%)", "2388  (-14.84%)": the change printed beside a value is no column
                used, unit, printed, last_end = change
                merged = parse_value(f"{text} {unit}") if unit and value.unit is None else value
                if merged is None:
                    break
                text = f"{text} {unit} ({printed})" if unit else f"{text} ({printed})"
                end, value, following = last_end, merged, following + used
            elif (annotation := _joined_after(tokens, following, end, _ANNOTATION_AFTER_RE)) is not None:
                used, match, end = annotation
                text, following = f"{text} {match.group()}", following + used
                value = replace(value, text=text)
            elif _is_unit_word(nxt) and value.unit is None and tokens[following].start - end == 1:
                merged = parse_value(f"{text} {nxt.rstrip(',;')}")
                if merged is None:
                    break
                text, end, value, following = f"{text} {nxt.rstrip(',;')}", tokens[following].end, merged, following + 1
            else:
                break
        out.append((Tok(token.start, end, text), value))
        index = following
    return out


def cell_value(line: str, cell: Tok) -> tuple[Tok, object] | None:
    """(token, Value) of a bar-delimited cell holding one number, else None."""
    found = [pair for pair in value_cells(_cell_tokens(line, cell)) if pair[1] is not None]
    return found[0] if len(found) == 1 else None
