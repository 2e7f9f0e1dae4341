"""Numbers as benchmark output prints them, shared by the table readers, tool readers and prose finders.

Mail shows the same quantity in many spellings: `5,224.14`, `0,748` (a decimal comma), `2.331e+09`,
`19%`, `233us`, `3662.1 lps`, `125.88M`, `4m35.973s`, `05:27.00`, `~2.2K`, `1700-1800`, `−3.5` (a
Unicode minus), with a spread beside it: `1022268 ± 2%`, `1.23 +- 0.01`, `852.2 (+/-4,6%)`. Archives
that lose tabs glue a row's columns together (`0.051.085224.14`), which is readable again only through
the column's fixed precision. Every function here is pure and total: text that is not a number gives
None, never an exception.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Sequence

from extractors.model import Value
from extractors.vocab.comparisons import ARROWS
from extractors.vocab.metrics import SUMMARY_WORDS
from extractors.vocab.units import MEASURED_DIMENSIONS, SCALE_SUFFIXES, dimension_of, lookup_unit

# The digits of a decimal: thousands groups ("5,224.14"), a decimal comma ("0,748", "4,6") or plain.
_DIGITS = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d+|\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"
_SIGN = r"[-+\u2212]?"
_APPROX = r"[~\u2248]?"
# A bound printed before a figure ("<29 ns", ">= 100"): the figure is the value read, as "~" marks one
# approximate; only first, where after a sign it would be an arrow ("->50").
_BOUND = r"(?:[<>]=?\s?|[\u2264\u2265]\s?)?"
# One number with an optional scale letter or unit, attached or after one space ("3662.1 lps").
_NUMBER_RE = re.compile(
    rf"^{_BOUND}(?P<approx1>{_APPROX})(?P<sign>{_SIGN})(?P<approx2>{_APPROX})(?P<digits>{_DIGITS})"
    r"(?:\s?(?P<unit>%|[kKMGT] [A-Za-z][A-Za-z]*(?:/[A-Za-z]+)?"  # "970k IOPs": a scale letter, then the unit
    r"|[A-Za-z\u00b5\u03bc][A-Za-z\u00b5\u03bc]*(?:/[A-Za-z]+)?))?$")
# A spread printed after a value: "± 2%", "+- 0.3", "+/-4,6%", and its parenthesised form; "Â±" is the
# UTF-8 "±" decoded as Latin-1, as archives show kernel test robot tables relayed by old mail clients.
_SPREAD_SPLIT_RE = re.compile(r"\s*\(?\s*(?:\u00c2?\u00b1|\+/-|\+-|\+/\u2212)\s*")
_SPREAD_RE = re.compile(rf"^(?P<digits>{_DIGITS})\s*(?P<unit>%|[A-Za-z\u00b5]+(?:/[A-Za-z]+)?)?\s*\)?$")
# time(1) and similar durations: "4m35.973s", "1h2m3s", "36m24.117s".
# A change printed beside a value, in brackets or after a comma, "5269678 (+3%)", "412 (−1.5%)",
# "5502.643, -18.7%": the statement's own change, not a column of its own. The sign is what makes it a
# change rather than a share.
REPORTED_CHANGE_RE = re.compile(r"(?:\(\s*(?P<change>[-+\u2212]\d+(?:[.,]\d+)?)\s*%\s*\)|"
                                r",\s*(?P<after_comma>[-+\u2212]\d+(?:\.\d+)?)\s*%|"
                                r"(?<=\s)(?P<trailing>[-+\u2212]\d+(?:\.\d+)?)\s*%$)(?=[,;]?(?:\s|$))")
# A change in brackets that ends a line, a percentage and maybe the words that say which way:
# "1.090s (~29% reduction)", "(12% faster)"; a note with figures of its own ("(950 -> 1050 MB/s)") is not.
# So is a difference in the value's own unit said with its direction: "3.537 secs (2.081 secs faster)".
CHANGE_NOTE_RE = re.compile(r"\s*\(\s*[~\u2248]?\s*[-+]?\d+(?:[.,]\d+)?\s*(?:%(?:\s+[A-Za-z][\w ]{0,30})?|pct|"
                            r"[A-Za-z\u00b5/]{0,8}\s+(?:faster|slower|quicker|better|worse|less|more|lower|higher|"
                            r"shorter|longer)\b[\w ]{0,20})\)\s*$")
# A difference stated in words after a value and a comma, as people write the change beside each later
# value: "0.13%, reduce 15.16%", "7293ns, increase 583ns", "12.1 s, down by 3%".
DIFFERENCE_NOTE_RE = re.compile(
    r",\s*(?:reduc(?:e|es|ed|tion)|increas(?:e|es|ed)|decreas(?:e|es|ed)|drop(?:s|ped)?|sav(?:e|es|ed|ing)|"
    r"gain(?:s|ed)?|improv(?:e|es|ed|ement)|regress(?:es|ed|ion)?|down|up)(?:\s+(?:by|of))?\s+[~]?\d+(?:[.,]\d+)?"
    r"\s?(?:%|[A-Za-z\u00b5/]{1,8})\s*\.?\s*$", re.I)
# A field and its one figure ("before this patch: 15.29%"), which a hand-written list of results may close
# with a full stop like a sentence.
_FIELD_FIGURE_RE = re.compile(r"^[^:=]{1,60}[:=]\s*[-+~]?\d[\d.,]*\s?[A-Za-z\u00b5/%]{0,10}$")
# One result on a line of its own, a figure and then its unit ("2.8014 uSec/loop", "113.9 watts", "61.2
# MB/s, 3.5% faster"), maybe with its change after a comma, as people copy one run's summary.
_FIGURE_THEN_UNIT_RE = re.compile(
    rf"^\s*(?P<value>{_DIGITS})\s?(?P<unit>[A-Za-z\u00b5][\w/.\u00b5%-]{{0,24}}?),?"
    r"(?P<change>\s+\(?[-+\u2212]?\d+(?:\.\d+)?\s*%(?:\s+[A-Za-z]+)?\)?)?\s*$")
# "4m35.973s"; the seconds of a minute never reach a thousand, so a comma in them is a decimal comma
# (bash's `time` in a locale that writes one: "3m29,002s").
_DURATION_RE = re.compile(r"^(?:(?P<h>\d+)h)?(?:(?P<m>\d+)m)(?P<s>\d+(?:[.,]\d+)?)s$")
# Clock-style elapsed times: "05:27.00", "1:02:03".
_CLOCK_RE = re.compile(r"^(?:(?P<h>\d+):)?(?P<m>\d{1,2}):(?P<s>\d{2}(?:\.\d+)?)$")
# A range of two numbers: "~2.2K-8.7K", "1700-1800", "10%-23%".
_RANGE_RE = re.compile(
    rf"^{_APPROX}(?P<lo>\d[\d,.]*[kKMG]?%?)\s*(?:-|\u2013|\.\.|~)\s*{_APPROX}(?P<hi>\d[\d,.]*[kKMG]?)"
    r"(?P<unit>%|[A-Za-z/]+)?$")
# Several numbers with the same fixed precision run together: "0.051.085224.14".
_GLUED_RE = re.compile(r"^\d+\.\d+(?:\d+\.\d+)+\d*$")
_ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
_HEX_LETTERS = frozenset("abcdef")
_MAX_CELL = 48
# A significance flag printed before a cell's figure: a capital letter in parentheses, as comparison tools
# mark a change whose confidence intervals do not overlap ("(R) -7.3%" regression, "(I) 4.1%" improvement).
_FLAG_RE = re.compile(r"^\([A-Z]\)\s*(?=[-+~\u2212\d.])")


# A comma that only a decimal comma can be: not groups of three after one to three digits ("26311,000",
# "0,15", "4,6"), and one that only a thousands separator can be: beside a decimal point or in several
# groups ("5,224.14", "1,234,567").
_DECIMAL_ONLY_RE = re.compile(r"(?<![\d,.])(?:0,\d+|\d{4,},\d+|\d{1,3},(?:\d{1,2}|\d{4,}))(?![\d,.])")
_THOUSANDS_ONLY_RE = re.compile(r"\d,\d{3}(?:,\d{3})*\.\d|\d,\d{3},\d{3}")


def decimal_comma_texts(texts: Sequence[str]) -> bool:
    """Whether numbers printed together (one table's cells) write a decimal comma: one of them can only
    be read so and none only as thousands. One table is printed in one locale, so its "1,315" beside
    "0,15 %" is 1.315, not 1315."""
    return any(_DECIMAL_ONLY_RE.search(t) for t in texts) and not any(_THOUSANDS_ONLY_RE.search(t) for t in texts)


def as_decimal_comma(text: str) -> Value | None:
    """The number in `text` read with its commas as decimal commas ("1,315" is 1.315), its text as printed."""
    value = parse_value(text.replace(",", "."))
    return None if value is None else replace(value, text=text.strip())


def _digits_value(digits: str) -> float | None:
    """The float of `_DIGITS` text: a comma is a thousands separator in groups of three after 1-3
    digits ("5,224", "1,234,567"), else a decimal comma ("0,748", "4,6", "12,75")."""
    if "," in digits:
        head = digits.split(",", 1)[0]
        groups = re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:[eE][-+]?\d+)?", digits)
        if groups and head != "0":
            digits = digits.replace(",", "")
        else:
            digits = digits.replace(",", ".", 1)
    try:
        value = float(digits)
    except ValueError:
        return None
    if value != value or value in (float("inf"), float("-inf")):
        return None
    return value


def _times(value: float, scale: float) -> float:
    """`value` times a scale letter's factor, without the binary float's tail ("2.03M" is 2030000.0, not
    2029999.9999999998): a printed number has far fewer than 12 significant digits."""
    return float(f"{value * scale:.12g}")


def _scaled(value: float, unit: str | None) -> tuple[float, str | None] | None:
    """Apply a scale letter ("125.88M" -> 125880000.0, no unit left); check a unit is one.

    A unit that is not in the vocabulary is accepted when it looks like one (a rate "Mop/s", up to three
    letters); an ordinal ("2nd") or a word is not a number's unit, so the text is not a number."""
    if unit is None or unit == "%":
        return value, unit
    if unit in SCALE_SUFFIXES:
        return _times(value, SCALE_SUFFIXES[unit]), None
    if unit[0] in SCALE_SUFFIXES and unit[1:2] == "/":  # "40K/s": thousands per second
        return _times(value, SCALE_SUFFIXES[unit[0]]), unit[1:]
    if unit[0] in SCALE_SUFFIXES and unit[1:2] == " " and (lookup_unit(unit[2:]) is not None or "/" in unit[2:]):
        return _times(value, SCALE_SUFFIXES[unit[0]]), unit[2:]  # "970k IOPs", "3k req/s": thousands of the unit
    known = lookup_unit(unit)
    if known is not None:
        # "15.5 percent" is a percentage like "15.5%", "3X" and "3 fold" a ratio like "3x"
        return value, known.name if known.name in ("%", "x") else unit
    if unit.lower() in _ORDINAL_SUFFIXES:
        return None
    if set(unit) <= _HEX_LETTERS:
        return None  # "1915e", "7ffd": the tail of a hexadecimal number (`size`'s "hex" column), no unit
    if "/" in unit and len(unit) <= 12:
        return value, unit
    if len(unit) <= 3 and unit.isalpha():
        return value, unit
    return None


def _one_number(text: str) -> Value | None:
    match = _NUMBER_RE.match(text[:-5] + "fold" if text.endswith("-fold") else text)  # "2-fold" is "2 fold"
    if match:
        value = _digits_value(match.group("digits"))
        if value is None:
            return None
        scaled = _scaled(value, match.group("unit"))
        if scaled is None:
            return None
        value, unit = scaled
        sign = match.group("sign")
        if sign in ("-", "\u2212"):
            value = -value
        return Value(value, text, unit, signed=bool(sign))
    match = _DURATION_RE.match(text) or _CLOCK_RE.match(text)
    if match:
        seconds = int(match.group("h") or 0) * 3600 + int(match.group("m")) * 60 + \
            float(match.group("s").replace(",", "."))
        return Value(seconds, text, "s")
    return None


def parse_value(cell: str) -> Value | None:
    """The number in one table cell or token, with its unit and spread, or None when it holds none.

    "5,224.14" -> 5224.14; "0,748" -> 0.748; "19%" -> 19 (unit "%"); "125.88M" -> 125880000;
    "3662.1 lps" -> 3662.1 lps; "4m35.973s" -> 275.973 s; "05:27.00" -> 327 s; "1700-1800" -> 1750
    (the middle of a range); "1022268 ± 2%" -> 1022268 with spread_pct 2; "1.23 +- 0.01" -> spread_abs
    0.01; "(-2.1%)" -> -2.1 %; "(R) -7.3%" -> -7.3 % (a flag before it). Hex ids, IP addresses, versions,
    dates and fractions are not numbers.
    """
    text = _FLAG_RE.sub("", cell.strip().strip("*"))
    if not text or len(text) > _MAX_CELL or not any(ch.isdigit() for ch in text):
        return None
    if text[0] == "(" and text[-1] == ")" and text.count("(") == 1:
        text = text[1:-1].strip()
    parts = _SPREAD_SPLIT_RE.split(text, maxsplit=1)
    if len(parts) == 2:
        return _with_spread(parts[0].strip(), parts[1].strip(), cell.strip())
    value = _one_number(text)
    if value is not None:
        return value if text == cell.strip() else Value(value.value, cell.strip(), value.unit,
                                                          signed=value.signed)
    ranged = parse_range(text)
    if ranged is not None:
        low, high, unit = ranged
        return Value((low + high) / 2, cell.strip(), unit)
    return None


def _with_spread(head: str, tail: str, printed: str) -> Value | None:
    value = _one_number(head)
    spread = _SPREAD_RE.match(tail)
    if value is None or spread is None:
        return None
    amount = _digits_value(spread.group("digits"))
    if amount is None:
        return None
    unit = spread.group("unit")
    if unit == "%" and value.unit != "%":
        return Value(value.value, printed, value.unit, spread_pct=amount, signed=value.signed)
    if unit in SCALE_SUFFIXES:
        amount = _times(amount, SCALE_SUFFIXES[unit])
    return Value(value.value, printed, value.unit or (unit if unit and unit != "%" else None),
                 spread_abs=amount, signed=value.signed)


def parse_range(text: str) -> tuple[float, float, str | None] | None:
    """A range as printed ("~2.2K-8.7K", "1700-1800", "10%-23%") as (low, high, unit); None if the
    text is not a range of two numbers with the low one first."""
    match = _RANGE_RE.match(text.strip())
    if not match:
        return None
    lo_text, hi_text = match.group("lo"), match.group("hi")
    unit = match.group("unit")
    scale = hi_text[-1] if hi_text[-1] in SCALE_SUFFIXES else ""
    if scale and unit and lookup_unit(scale + unit) is not None:
        hi_text, unit, scale = hi_text[:-1], scale + unit, ""  # "6-6.1GB/sec": the letter begins the unit
    if scale and lo_text[-1].isdigit():
        lo_text += scale  # "98-100K IOPS": a scale printed once covers both ends
    if lo_text.endswith("%"):
        lo_text, unit = lo_text[:-1], unit or "%"
    low, high = _one_number(lo_text), _one_number(hi_text)
    if low is None or high is None or low.value >= high.value:
        return None
    if unit in SCALE_SUFFIXES or (unit and _scaled(1.0, unit) is None):
        return None
    return low.value, high.value, unit


def decimals(token: str) -> int | None:
    """Digits after the decimal point of a plain number token, None when it has none or several points."""
    if token.count(".") != 1:
        return None
    head, tail = token.split(".")
    if not head.lstrip("-+").isdigit() or not tail.isdigit():
        return None
    return len(tail)


def common_precision(tokens: list[str]) -> int | None:
    """The precision most well-formed numbers of a table share: the key to splitting glued columns."""
    counts = Counter(d for d in map(decimals, tokens) if d)
    if not counts:
        return None
    precision, seen = counts.most_common(1)[0]
    return precision if seen >= 2 else None


def split_glued(token: str, precision: int | None) -> list[str] | None:
    """Split columns that lost their separator: "0.051.085224.14" with precision 2 is "0.05", "1.08",
    "5224.14" (a fixed-width printf whose numbers outgrew their columns).

    Each number is read as its integer digits, the point and exactly `precision` digits; the split is
    accepted only when it consumes the whole token. Returns None when the token is not glued that way.
    """
    if not precision or not _GLUED_RE.match(token):
        return None
    pieces: list[str] = []
    pos = 0
    while pos < len(token):
        dot = token.find(".", pos)
        if dot < 0 and pieces:
            pieces.append(token[pos:])  # an integer column glued at the end
            break
        if dot < 0 or dot == pos:
            return None
        end = dot + 1 + precision
        if end > len(token) or not token[dot + 1:end].isdigit():
            return None
        pieces.append(token[pos:end])
        pos = end
    return pieces if len(pieces) >= 2 else None


def figure_then_unit(line: str) -> tuple[re.Match, Value] | None:
    """The match and the value of a line that is one figure and its unit ("113.9 watts", "2.8014
    uSec/loop": a unit per something), maybe with a change after it ("0.89% slower"); None for any
    other line, and for a figure before a word that is no unit ("64 CPUs", "3 patches")."""
    if not line.lstrip()[:1].isdigit():
        return None
    match = _FIGURE_THEN_UNIT_RE.match(line)
    if match is None:
        return None
    unit = match.group("unit")
    if unit.endswith(".") and not match.group("change"):
        return None  # "103 MB/s.": the end of a sentence wrapped onto a line of its own
    unit = unit.rstrip(".")
    if lookup_unit(unit) is None and ("/" not in unit or lookup_unit(unit.split("/")[0]) is None):
        return None
    value = parse_value(line[match.start("value"):match.end("unit")]) or parse_value(match.group("value"))
    return (match, value) if value is not None else None


def printed_change(text: str) -> float | None:
    """The change `text` prints beside a value ("(+3%)", "(−1.5%)", ", -18.7%"), or None."""
    match = REPORTED_CHANGE_RE.search(text)
    if match is None:
        return None
    found = match.group("change") or match.group("after_comma") or match.group("trailing")
    return float(found.replace("\u2212", "-").replace(",", "."))


def low_end(value: Value) -> Value:
    """A range ("99-100%", "1.7GB/s - 1.9GB/s") as its smaller end, the figure a cautious reader quotes
    for each side of a change; any other value as it is."""
    ranged = parse_range(value.text)
    return replace(value, value=min(ranged[0], ranged[1])) if ranged else value


def least_size(value: Value) -> float:
    """The size of a stated figure; of a range ("by 20-30%"), its smaller end: the change the runs made at
    least, as a cautious reader quotes it; of a range from nothing ("0%-3% loss"), its larger end, the
    change the words name."""
    ranged = parse_range(value.text)
    if ranged and min(ranged[0], ranged[1]) == 0:
        return abs(max(ranged[0], ranged[1]))
    return abs(low_end(value).value)


def ratio_change_pct(ratio: float, up: bool) -> float:
    """The change in percent a ratio above 1 states: "1.95x faster" is +95%, "2x slower" is -50% (the
    patched side keeps 1/2 of the baseline)."""
    return (ratio - 1) * 100 if up else -(1 - 1 / ratio) * 100


# A setup and its figure in a hand-written list that closes each line like a sentence: "base: 8 cycle fast
# path.", "with the series: 10 cycle fast path,": the label, the figure, and what it measures.
_FIGURE_RECORD_RE = re.compile(
    r"^\s*(?P<label>[^:=]{1,60}?):\s+[~]?\d[\d.,]*\s?(?P<measure>[A-Za-z\u00b5%/][\w/%]{0,15})")
_MIN_RECORDS = 3  # two lines stating a figure each are as often two sentences


def records_of_one_measure(lines: Sequence[str]) -> bool:
    """Whether a paragraph is a list of setups, each stating its figure of one measure ("base: 8 cycle
    fast path." / "v7: 9 cycle fast path."): three lines or more, each naming a setup of its own before
    a colon and the same unit after the figure. A line indented deeper than the first is the wrapped tail
    of the line above it."""
    indent = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
    records = [line for line in lines if len(line) - len(line.lstrip()) <= indent]
    found = [_FIGURE_RECORD_RE.match(line) for line in records]
    if len(records) < _MIN_RECORDS or not all(found):
        return False
    labels = {m.group("label").strip().lower() for m in found}
    return len({m.group("measure").lower() for m in found}) == 1 and len(labels) == len(found)


ARROW_RE = re.compile("|".join(re.escape(arrow) for arrow in sorted(ARROWS, key=len, reverse=True)))
# A row that prints its change as an arrow between two figures, maybe with a note after them: a name (no
# sum or assignment: "x = 480 * 215 = 100.78 => 100" is arithmetic), maybe after a bullet and before a colon,
# then "~90ns -> ~32ns (~2.8x)"; the statistic both figures are may stand before them ("1KB input: avg ~1332ns
# -> ~510ns").
_ARROW_FIGURE = r"[~\u2248]?\d[\d.,]*[kKMG]?\s?[A-Za-z\u00b5/%]{0,8}"
_STATISTIC = "|".join(word for word in SUMMARY_WORDS if word.isalpha())
_ARROW_RECORD_RE = re.compile(
    rf"^\s*(?:[-*\u2022]\s+)?(?P<label>[^\s=*+-](?:[^>=*+:]{{0,40}}?[^\s:])?):?\s+(?:(?:{_STATISTIC})\.?\s+)?"
    rf"(?P<old>{_ARROW_FIGURE})\s*"
    rf"(?:{ARROW_RE.pattern})\s*(?P<new>{_ARROW_FIGURE})\s*(?:\([^()]{{0,30}}\))?\s*$")
_MIN_ARROW_RECORDS = 2


def arrow_records(lines: Sequence[str]) -> bool:
    """Whether a paragraph is rows each printing a change as an arrow from the old figure to the new
    ("64B   ~90ns -> ~32ns   (~2.8x)"), two or more, under at most one caption line ending in a colon.
    Each row's figures are in a unit of something measured: plain numbers so printed are as often the
    sizes a change moved ("text: 2614 -> 1350") as its speed. Rows that all print the same figure on both
    sides ("- Ice Lake: 12us -> 12us") state that nothing changed: sentences, read as prose."""
    rows = lines[1:] if lines and lines[0].rstrip().endswith(":") else lines
    if len(rows) < _MIN_ARROW_RECORDS:
        return False
    found = []
    for line in rows:  # most paragraphs fail on their first line: no arrow at all
        match = _ARROW_RECORD_RE.match(line) if ARROW_RE.search(line) else None
        if match is None:
            return False
        found.append(match)
    return len({m.group("label").lower() for m in found}) == len(found) and all(
        any(dimension_of((value := parse_value(m.group(side))) and value.unit) in MEASURED_DIMENSIONS
            for side in ("old", "new")) for m in found) and any(m.group("old") != m.group("new") for m in found)


def is_stated_field(line: str) -> bool:
    """Whether a line ending in a full stop is a field and its figure, maybe with its change stated after
    it ("before this patch: 15.29%.", "after this patch: 5244ns, reduce 2360ns."): a record, not a sentence."""
    return bool(_FIELD_FIGURE_RE.match(DIFFERENCE_NOTE_RE.sub("", line.strip()).rstrip(".")))


# "from 7.15 to 7.65M": the scale letter printed once belongs to both numbers
_SCALE_LETTER_RE = re.compile(r"\d([kKMG])(?![a-z])")


def shared_scale(base: Value, new: Value) -> tuple[float, float]:
    """The two values with a scale letter printed on one side only applied to both ("7.15 to 7.65M")."""
    values = [base.value, new.value]
    letters = [_SCALE_LETTER_RE.search(v.text) for v in (base, new)]
    for this, other in ((0, 1), (1, 0)):
        if letters[other] and not letters[this] and values[this]:
            scale = SCALE_SUFFIXES[letters[other].group(1)]
            if 0.1 <= values[this] * scale / values[other] <= 10:
                values[this] *= scale
    return values[0], values[1]
