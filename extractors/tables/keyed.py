"""Tables whose rows name their own columns: `key=value` / `key: value` pairs ("IOPS=125.88M,
BW=61.46GiB/s", "min=1, max=204"), read with one column per key; sequence rows, a label and a list of
values in order ("[3588, 3590, 3597] name", "psyncx1: 7000 6969 7025"), read with one column per position;
and rows that state their own changes ("hackbench: 3% slower"), one column per change.
"""

from __future__ import annotations

import dataclasses
import re

from extractors.model import Cell, Grid, GridRow
from extractors.numbers import (CHANGE_NOTE_RE, DIFFERENCE_NOTE_RE, REPORTED_CHANGE_RE, figure_then_unit,
                                parse_value)
from extractors.tables.pairing import SIDE_KINDS, column_kind
from extractors.tables.sweeps import names_a_parameter
from extractors.tables.tokens import tokens
from extractors.vocab.comparisons import CHANGE_NOUNS_SENSE, COMPARATIVES
from extractors.vocab.units import MEASURED_DIMENSIONS, lookup_unit

# "key=value" and "key: value" pairs; the key is a word, possibly with /, %, -, dots or parentheses.
# A value may group its digits by thousands ("837,487"); a comma followed by anything else ends it. A
# unit may follow after a space, as long as a rate spelled out ("transactions/sec").
_PAIR_RE = re.compile(r"(?<![\w.])(?P<key>[*]?(?=[\w.*-]*[A-Za-z])[\w*][\w/%.*()\[\]-]{0,40})\s?[=:]\s*"
                      r"(?P<value>[-+~]?(?:\d{1,3}(?:,\d{3})+(?![\d,])[^\s,;]*|\d[^\s,;]*)"
                      r"(?: [A-Za-z\u00b5/%]{1,16}(?=[\s,;]|$))?)")
# Words between a pair's separator and the next key ("..., Total Rate = 2,757 kop/s; Percpu Rate = 12"):
# the first words of that key, which names what its value is.
_KEY_WORDS_RE = re.compile(r"^(?P<separator>\s*[,;]\s*)(?P<words>(?:[A-Za-z][\w/-]*\s+){1,2})$")
_ENUMERATOR_RE = re.compile(r"^\s*\(?\d{1,3}[.)]\s+")  # "1) ", "2. ", "(3) " before an item
# A name in brackets closing a line after its last value, "... usec / round (device-dax)": what the
# line measured, when the words before its first pair are counts of the run rather than a name.
_TRAILING_TAG_RE = re.compile(r"[^()\d]*\((?P<tag>[A-Za-z][\w.+/-]*)\)\s*$")
# A spread printed after a value: "  +/-38", " ± 2.1%".
_SPREAD_AFTER_RE = re.compile(r"\s*(?P<spread>(?:\+/-|\+-|\u00b1)\s*\d[\d.,]*\s*%?)(?=\s|$)")
# "label: v1 v2 v3" or "label v1, v2, v3" or "[v1, v2, v3] label": a label and a list of numbers.
_LIST_RE = re.compile(r"^\s*\[(?P<values>[^\[\]]+)\]\s*(?P<label>.*?)\s*$")
_SUMMARY_TAIL_RE = re.compile(r"\s+(?P<key>[A-Za-z][\w.]{0,15})\s*[:=]\s*(?P<value>[-+~]?\d[\d.,]*\S*)\s*$")
_SEPARATOR_RE = re.compile(r"[\s|,;]*")
# "192: ~11s": a load (a count of what the run scales) and what was measured at it, one per line; the key is
# a plain number, so the value must carry the unit of something measured (a bare "2: 5" is a register map)
_LOAD_POINT_RE = re.compile(r"^\s*(?P<key>\d{1,7})\s?:\s+(?P<value>[~]?\d[\d.,]*\s?[A-Za-z\u00b5/%]{1,10})\s*$")
LABEL_COLON_RE = re.compile(r"^\s*(?P<label>[^:=]{1,60}?)\s*[:=]\s*(?P<values>\S.*)$")


# Keys whose value is a release or protocol version ("vers=4.2", "nfsvers=3", "Version: 6.1").
_VERSION_KEYS = frozenset({"v", "ver", "vers", "version", "nfsvers", "minorversion", "rev", "revision", "release"})
# Words a row's name may have before its first pair ("Average frequency for CPU0 :", "read:"); more is
# a sentence that happens to hold a "key = value".
_MAX_LABEL_WORDS = 6


def _keyed_row(line: str) -> tuple[str, list[tuple[str, Cell]]] | None:
    """(label, [(key, cell)]) of a line of key=value pairs, or None when it has fewer than one pair
    or words that are not pairs after the first pair."""
    cells: list[tuple[str, Cell]] = []
    gaps: list[str] = []  # the text between one pair and the next
    first_key = None
    position = 0
    while (match := _PAIR_RE.search(line, position)) is not None:
        text = match.group("value").rstrip(",;.")  # "before: 15.29%." closes its record like a sentence
        value = parse_value(text)
        if value is None and " " in text:
            text = text.split(" ")[0]
            value = parse_value(text)
        if value is None:  # "Percentiles: 90th: 980": the value is the next key; look again from it
            position = match.start("value")
            continue
        if match.group("key").strip("*").lower() in _VERSION_KEYS:
            position = match.end()  # "vers=4.2", "version: 6.1": which release, never a measurement
            continue
        start, end = match.start("value"), match.end()
        spread = _SPREAD_AFTER_RE.match(line, start + len(text))
        if spread is not None and (spread_value := parse_value(f"{text} {spread.group('spread')}")) is not None:
            # "w/commit:   395  +/-38": the value's spread is printed after it, and belongs to it
            printed, value, end = line[start:spread.end()].strip(), spread_value, max(end, spread.end())
        else:
            change = _printed_change(line[start + len(text):]) if end >= start + len(text) else None
            printed = f"{text} {change}" if change else text  # "5269678 (+3%)": the change stays with it
        key = match.group("key").strip("*")
        if first_key is not None:
            gap = line[position:match.start()]
            if (words := _KEY_WORDS_RE.match(gap)) is not None:  # "; Percpu Rate = 12": words of the key
                key, gap = f"{' '.join(words.group('words').split())} {key}", words.group("separator")
            gaps.append(gap)
        cells.append((key, Cell(printed, start, start + len(text), value)))
        first_key = match.start() if first_key is None else first_key
        position = end
    if not cells:
        return _load_point_row(line) or _figure_row(line)
    if len(cells) > 1 and len({key for key, _ in cells}) == 1 and all(_SEPARATOR_RE.fullmatch(gap) for gap in gaps):
        return None  # "| R:256 | R:313 |", "ttl = 0   ttl = 50": a tag on every cell of a row or header
    label = line[:first_key].strip().rstrip(":,")
    label = "" if label == "#" else label  # the mark a kselftest or KUnit test prints before its diagnostics
    tag = _TRAILING_TAG_RE.match(line, position)
    if tag is not None and any(ch.isdigit() for ch in label):
        # "159 rounds in 5.027 sec: 31617.923 usec / round (dax)": the run's name ends the line, and the
        # words before the value count the run ("sec" is no key of a field)
        label, cells = tag.group("tag"), [("", cell) for _, cell in cells]
    if "|" in label and any(ch.isdigit() for ch in label):
        return None  # "hosttags | 94k | usr=1.13%, sys=14.75%": pairs in one cell of a table with bars
    if len(label.split()) > _MAX_LABEL_WORDS:
        return None  # "There is a RAID0 device, with max_sectors_kb = 2 KB,": a sentence naming a setting
    if any(_measured(word) for word in label.split()):
        return None  # "Before 2016MB/s m:raid0 devs:2": the row's measurement is before its pairs, which tag the setup
    return label, cells


def _printed_change(rest: str) -> str | None:
    """The change printed right after a pair's value, to the end of the line or its next separator: "(+3%)",
    ", -18.7%", or a signed percentage that ends the line ("72.91 watts +4.6%")."""
    found = REPORTED_CHANGE_RE.search(" " + rest.strip())
    return found.group().strip() if found is not None and found.start() <= 1 else None


def _measured(word: str) -> bool:
    """Whether a word is a figure with a unit of something measured ("2016MB/s", "4.5ms"): the value of
    a row, never part of its name (a size or a count names a setup: "4k", "64 threads")."""
    value = parse_value(word) if word[:1].isdigit() else None
    unit = lookup_unit(value.unit) if value is not None and value.unit else None
    return unit is not None and unit.dimension in MEASURED_DIMENSIONS


def _load_point_row(line: str) -> tuple[str, list[tuple[str, Cell]]] | None:
    """"192: ~11s" as a row of one pair, keyed by its load, when the value is a measurement."""
    match = _LOAD_POINT_RE.match(line)
    if match is None or not _measured(match.group("value").lstrip("~").replace(" ", "")):
        return None
    value = parse_value(match.group("value"))
    if value is None:
        return None
    return "", [(match.group("key"), Cell(match.group("value"), match.start("value"), match.end("value"), value))]


def _figure_row(line: str) -> tuple[str, list[tuple[str, Cell]]] | None:
    """A line of one figure and its unit ("2.8014 uSec/loop", "113.9 watts, 0.18% more") as a row of
    one pair: the unit is the key, as "Power: 113.9 W" would name it."""
    found = figure_then_unit(line)
    if found is None:
        return None
    match, value = found
    figure = line[match.start("value"):match.end("unit")]  # "60.9 Gbps": the unit stays with its figure
    change = (match.group("change") or "").strip().strip("()")
    printed = f"{figure} ({change})" if change else figure
    return "", [(match.group("unit"), Cell(printed, match.start("value"), match.end("unit"), value))]


def _sequence_row(line: str) -> tuple[str, list[Cell], str | None] | None:
    """(label, cells, summary key) of "[a, b, c] label" or "label: a b c" (three or more numbers,
    maybe a named summary after them: "avg: 12.3"), else None."""
    match = _LIST_RE.match(line)
    if match:
        label, body, base = match.group("label"), match.group("values"), match.start("values")
    else:
        match = LABEL_COLON_RE.match(line)
        if not match:
            return None
        label, body, base = match.group("label"), match.group("values"), match.start("values")
    cells = []
    summary = _SUMMARY_TAIL_RE.search(body)  # "... 154.31  avg: 157.925": the row's own summary
    if summary:
        body = body[:summary.start()]
    for token in re.finditer(r"[^\s,;]+", body):
        if cells and REPORTED_CHANGE_RE.fullmatch(token.group()):
            # "33072.10 (+1393.05%)": the change the author printed beside a value stays with it
            last = cells[-1]
            cells[-1] = Cell(f"{last.text} {token.group()}", last.start, last.end, last.value)
            continue
        value = parse_value(token.group())
        if value is None:
            return None
        cells.append(Cell(token.group(), base + token.start(), base + token.end(), value))
    if len(cells) < 3:
        return None
    if summary:
        value = parse_value(summary.group("value"))
        if value is None:
            return None
        start = base + summary.start("value")
        cells.append(Cell(summary.group("value"), start, start + len(summary.group("value")), value,))
    return label.strip(), cells, summary.group("key") if summary else None


# "POV-Ray: 32% faster | 12% less energy", "hackbench: 3% slower": a label and the changes stated for
# it, a percentage and the comparative or change noun that says which way, or a signed percentage and
# what it changed ("Random read: +24.3% IOPS, +24.1% BW"); more cells after "|", ",", ";" may be any
# short text holding a percentage: "energy within 1%".
_CHANGE_WORDS = "|".join(sorted(set(COMPARATIVES) | set(CHANGE_NOUNS_SENSE), key=len, reverse=True))
_STATED_CHANGE = (rf"(?:[-+~]?\d{{1,6}}(?:[.,]\d{{1,4}})?\s?%\s(?:{_CHANGE_WORDS})\b|"
                  r"[-+\u2212]\d{1,6}(?:[.,]\d{1,4})?\s?%\s+[A-Za-z][\w/]*)[^|,;]{0,40}")
_CHANGE_ROW_RE = re.compile(rf"^\s*[-*]?\s*(?P<label>[^:|=\d][^:|=]{{0,59}}?)\s*:\s+(?P<changes>{_STATED_CHANGE}"
                            rf"(?:[|,;][^|,;]{{1,40}}){{0,5}})$", re.I)
_PERCENT_RE = re.compile(r"[-+~]?\d{1,6}(?:[.,]\d{1,4})?\s?%")


def is_change_row(text: str) -> bool:
    """A line that names a thing and states its change: "hackbench: 3% slower"."""
    return "%" in text and ":" in text and bool(_CHANGE_ROW_RE.match(text.rstrip()))


def read_changes(content: list[tuple[int, str]]) -> Grid | None:
    """Rows of stated changes ("POV-Ray: 32% faster | 12% less energy"), one column per change a row
    states, named by the first row's words after its percentage; every column is a change (role
    "change"), printed with its comparative as the author wrote it."""
    rows, header = [], None
    for index, text in content:
        match = _CHANGE_ROW_RE.match(text.rstrip())
        if match is None:
            continue
        cells = []
        start = match.start("changes")
        for piece in re.finditer(r"[^|,;]+", match.group("changes")):
            found = _PERCENT_RE.search(piece.group())
            if found is None:
                cells.append(Cell("", start + piece.start(), start + piece.start()))
                continue
            at = start + piece.start()
            value = parse_value(found.group().replace(" ", ""))
            cells.append(Cell(piece.group().strip(), at, at + len(piece.group()), value))
        if header is None:
            header = tuple(_PERCENT_RE.sub("", c.text).strip() for c in cells)
        rows.append(GridRow(index, match.group("label").strip(), tuple(cells)))
    if len(rows) < 2 or header is None:
        return None
    width = len(header)
    rows = [GridRow(r.line, r.label, (r.cells + (Cell("", 0, 0),) * width)[:width]) for r in rows]
    text_of = dict(content)
    sides = [_sides(text_of[row.line]) for row in rows]
    if sum(side is not None for side in sides) >= 2:
        # "~20% increase (~2100 MB/s -> ~2600 MB/s)": the values each side measured, beside the change
        empty = (Cell("", 0, 0), Cell("", 0, 0))
        rows = [GridRow(r.line, r.label, r.cells + (side or empty)) for r, side in zip(rows, sides)]
        return Grid("changes", rows[0].line, rows[-1].line, header + ("before", "after"), tuple(rows),
                    roles=("change",) * width + ("baseline", "patched"))
    return Grid("changes", rows[0].line, rows[-1].line, header, tuple(rows), roles=("change",) * width)


# The two values of a stated change, from the first to the second: "(~2100 MB/s -> ~2600 MB/s)".
_SIDE_VALUE = r"~?\d[\d.,]*\s?[A-Za-z/%]{0,8}"
_SIDES_RE = re.compile(rf"(?P<a>{_SIDE_VALUE})\s*(?:->|=>|\u2192)\s*(?P<b>{_SIDE_VALUE})")


def _sides(text: str) -> tuple[Cell, Cell] | None:
    found = _SIDES_RE.search(text)
    if found is None:
        return None
    cells = tuple(Cell(found.group(side).strip(), found.start(side), found.end(side),
                       parse_value(found.group(side).strip())) for side in ("a", "b"))
    return cells if all(cell.value is not None for cell in cells) else None


def is_keyed_line(text: str) -> bool:
    """A line made of key=value / key: value pairs: the pairs hold all but one of its numbers. A row of
    bars with settings in its first cell and words in the others names a table's columns."""
    if text.count("|") >= 3 and not any(ch.isdigit() for cell in text.strip().strip("|").split("|")[1:] for ch in cell):
        return False
    if figure_then_unit(text):
        return True
    row = _keyed_row(text)
    if row is None:
        return False
    if "=" not in text:  # "Idle state 0 residency: 9.4%": the name's own digits are no value
        text = text.split(":", 1)[-1]
    # a value's own change is no number of its own: "(+3%)", or in words after it "(~29% reduction)", ", reduce 3%"
    values = DIFFERENCE_NOTE_RE.sub(" ", CHANGE_NOTE_RE.sub(" ", REPORTED_CHANGE_RE.sub(" ", text)))
    numbers = sum(1 for tok in tokens(values) if (parse_value(tok.text.strip(",;()")) is not None or "=" in tok.text)
                  and not REPORTED_CHANGE_RE.match(tok.text))
    if "=" not in text:  # "label: 329 MiB/s   1032 MiB/s" is a labelled row of columns, not one pair
        return len(row[1]) >= numbers
    return len(row[1]) * 2 >= numbers or len(row[1]) >= numbers - 1


def read_keyed(content: list[tuple[int, str]]) -> Grid | None:
    """A block whose numeric lines are key=value pairs (most of them), columns named by key."""
    rows = [(index, _keyed_row(text)) for index, text in content]
    keyed = [(index, row) for index, row in rows if row is not None]
    numeric = sum(1 for _, text in content if any(ch.isdigit() for ch in text))
    if not keyed or len(keyed) * 5 < numeric * 4:
        return None
    heading = None
    if _heads_its_sides(keyed):  # "Test: 64KB, g2h" over "Before: 21.6 Gb/s" / "After: 25.6 Gb/s"
        line = next(text for index, text in content if index == keyed[0][0])
        key, value = (" ".join(part.split()) for part in re.split(r"[:=]", _ENUMERATOR_RE.sub("", line), maxsplit=1))
        # what the key names ("Test: 64KB, g2h" is "64KB, g2h"), with the key when it names a setting ("link size: 10")
        heading = f"{key} {value}" if names_a_parameter(key) else value
        keyed = keyed[1:]
    keys: list[str] = []
    for _, (_, cells) in keyed:
        for key, _ in cells:
            if key not in keys:
                keys.append(key)
    singles = sum(1 for _, (_, cells) in keyed if len(cells) == 1)
    if singles * 5 >= len(keyed) * 4 and (len(keys) > 1 or singles == len(keyed)):
        # a key per line ("SqHead: 1", "50.0th: 12"): one column of values, the keys label the rows
        return dataclasses.replace(_key_per_row(keyed), caption=heading)
    grid_rows = []
    for index, (label, cells) in keyed:
        by_key = dict(cells)
        grid_rows.append(GridRow(index, label, tuple(by_key.get(key, Cell("", 0, 0)) for key in keys)))
    if len(keys) > 1 and names_a_parameter(keys[0]) and all(
            row.cells[0].value is not None and not any(ch.isalnum() for ch in row.label) for row in grid_rows):
        # "-- numjobs=1 : IOPS = 339K, ...": a setting opens each unnamed line; it names the row
        grid_rows = [GridRow(row.line, f"{keys[0]}={row.cells[0].text}", row.cells[1:]) for row in grid_rows]
        keys = keys[1:]
    return Grid("keyed", keyed[0][0], keyed[-1][0], tuple(keys), tuple(grid_rows))


def _heads_its_sides(keyed: list) -> bool:
    """Whether the first of a run of key: value lines names what the lines after it measure, each of
    those naming a side: its value is no measurement (a size, a count, a name) and its key no side."""
    if len(keyed) < 3 or any(len(cells) != 1 for _, (_, cells) in keyed):
        return False
    (_, (_, [(key, cell)])), rest = keyed[0], keyed[1:]
    unit = lookup_unit(cell.value.unit) if cell.value is not None and cell.value.unit else None
    measured = unit is not None and unit.dimension in MEASURED_DIMENSIONS and unit.dimension != "size"
    return not measured and column_kind(key) not in SIDE_KINDS and \
        all(column_kind(k) in SIDE_KINDS for _, (_, [(k, _)]) in rest)


def _key_per_row(keyed: list) -> Grid:
    rows = []
    for index, (label, cells) in keyed:
        for key, cell in cells:
            rows.append(GridRow(index, f"{label} {key}".strip() if label else key, (cell,)))
    return Grid("keyed", keyed[0][0], keyed[-1][0], ("",), tuple(rows))


def read_sequence(content: list[tuple[int, str]]) -> Grid | None:
    rows = [(index, _sequence_row(text)) for index, text in content]
    found = [(index, row) for index, row in rows if row is not None]
    if len(found) < 2 or len(found) * 5 < len(content) * 4:
        return None
    keys = {key for _, (_, _, key) in found}
    if len(keys) > 1:
        return None  # some rows end in a summary and some not: no common columns
    key = keys.pop()
    width = max(len(cells) for _, (_, cells, _) in found)
    grid_rows = tuple(
        GridRow(index, label, tuple(cells) + tuple(Cell("", 0, 0) for _ in range(width - len(cells))))
        for index, (label, cells, _) in found)
    header = ("",) * (width - 1) + (key,) if key else ("",) * width
    return Grid("sequence", found[0][0], found[-1][0], header, grid_rows)
