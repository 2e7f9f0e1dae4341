"""Numbers as benchmark output prints them, shared by the table and inline-result extractors.

Mail shows the same quantity in many spellings: `5,224.14`, `2.331e+09`, `19%`, `233us`, `4m35.973s`,
`05:27.00`, `~2.2K`, `−3.5` (a Unicode minus). Archives that lose tabs glue a row's columns together
(`0.051.085224.145224.140.00`), which is readable again only through the column's fixed precision.
Every function here is pure and total: text that is not a number gives None, never an exception.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

# A plain decimal: optional sign or tilde, thousands groups or digits, optional fraction and exponent.
_DECIMAL = r"[-+\u2212]?~?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?"
# Units that may follow a number, attached ("233us") or as the next word ("852.2 s").
UNIT_WORDS = frozenset(
    "s sec secs second seconds ms msec usec us µs ns min mins minutes h hr hours cycles cycle insns "
    "instructions ops op/s ops/s ops/sec iops b kb mb gb tb kib mib gib bytes kb/s mb/s gb/s kib/s mib/s "
    "gib/s mbps gbps mbit/s gbit/s tps qps rps fps mop/s mops/s records/sec records/s files/sec jobs/min "
    "transactions/sec trans/sec req/s requests/sec txkb/s pps x %".split()
)
_UNIT_SUFFIX = r"(?P<unit>%|x|[KMG](?![A-Za-z])|[A-Za-zµ][A-Za-z/µ]*(?:/[A-Za-z]+)?)?"
# One table cell holding one number, optionally with a unit or percent sign glued to it.
_NUMBER_CELL_RE = re.compile(rf"^(?P<num>{_DECIMAL}){_UNIT_SUFFIX}$")
# time(1) style durations: "4m35.973s", "1h2m3s", "36m24.117s".
_DURATION_CELL_RE = re.compile(r"^(?:(?P<h>\d+)h)?(?:(?P<m>\d+)m)(?P<s>\d+(?:\.\d+)?)s$")
# Clock-style elapsed times in tables: "05:27.00", "1:02:03".
_CLOCK_CELL_RE = re.compile(r"^(?:(?P<h>\d+):)?(?P<m>\d{1,2}):(?P<s>\d{2}(?:\.\d+)?)$")
# A token holding several numbers with the same fixed precision run together: "0.051.085224.14".
_GLUED_RE = re.compile(r"^\d+\.\d+(?:\d+\.\d+)+\d*$")
# Words that say a number is a percentage of a scale letter: K = 1000 (the scorer's convention too).
_SCALE = {"K": 1e3, "M": 1e6, "G": 1e9}
_PLAIN_START = frozenset("0123456789+-.")
_ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
# A range written as two numbers: "~2.2K-8.7K", "1700-1800".
_RANGE_RE = re.compile(
    r"^~?(?P<lo>\d[\d,.]*[KMG]?)\s*[-\u2013]\s*~?(?P<hi>\d[\d,.]*[KMG]?)(?P<unit>[A-Za-z/%]*)$"
)


@dataclass(frozen=True)
class Number:
    """One parsed number: its value, the unit printed with it (or None), and whether it was signed."""

    value: float
    unit: str | None
    signed: bool = False


def _to_float(text: str) -> float | None:
    text = text.replace("\u2212", "-").replace("~", "").replace(",", "")
    try:
        value = float(text)
    except ValueError:
        return None
    if value != value or value in (float("inf"), float("-inf")):
        return None
    return value


def parse_number(cell: str) -> Number | None:
    """The number in one table cell or token ("5,224.14", "19%", "233us", "4m35.973s", "05:27.00").

    A duration or clock time becomes seconds. Returns None for anything that is not a single number.
    """
    cell = cell.strip()
    if not cell or len(cell) > 40:
        return None
    if cell[-1].isdigit() and cell[0] in _PLAIN_START and "_" not in cell and "," not in cell:
        try:  # the common case, a plain decimal, without the regular expression
            value = float(cell)
        except ValueError:
            pass
        else:
            return Number(value, None, cell[0] in "+-")
    match = _NUMBER_CELL_RE.match(cell)
    if match:
        value = _to_float(match.group("num"))
        if value is None:
            return None
        unit = match.group("unit")
        if unit in _SCALE:
            value *= _SCALE[unit]
        elif unit and unit != "%" and unit != "x" and unit.lower() not in UNIT_WORDS \
                and not _looks_like_unit(unit):
            return None
        signed = match.group("num")[0] in "+-\u2212"
        return Number(value, unit, signed)
    match = _DURATION_CELL_RE.match(cell) or _CLOCK_CELL_RE.match(cell)
    if match:
        hours = int(match.group("h") or 0)
        return Number(hours * 3600 + int(match.group("m")) * 60 + float(match.group("s")), "s")
    return None


def _looks_like_unit(unit: str) -> bool:
    """Short unit-like suffixes not in the list ("Mop/s", "KB/s", "txkB/s"): a rate, or 1-3 letters."""
    if "/" in unit:
        return len(unit) <= 12
    return len(unit) <= 3 and unit.isalpha() and unit.lower() not in _ORDINAL_SUFFIXES


def parse_range(text: str) -> tuple[float, float, str | None] | None:
    """A range as printed ("~2.2K-8.7K", "1700-1800") as (low, high, unit); None if not a range."""
    match = _RANGE_RE.match(text.strip())
    if not match:
        return None
    low, high = parse_number(match.group("lo")), parse_number(match.group("hi"))
    if low is None or high is None or low.value > high.value:
        return None
    return low.value, high.value, match.group("unit") or None


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


def split_glued(token: str, precision: int | None) -> list[float] | None:
    """Split columns that lost their separator: "0.051.085224.14" with precision 2 is 0.05, 1.08, 5224.14.

    Each number is read as its integer digits, the point and exactly `precision` digits; the split is
    accepted only when it consumes the whole token. Returns None when the token is not glued that way.
    """
    if not precision or not _GLUED_RE.match(token):
        return None
    values: list[float] = []
    pos = 0
    while pos < len(token):
        dot = token.find(".", pos)
        if dot < 0 and values:
            values.append(float(token[pos:]))  # an integer column glued at the end ("0.00100" + JTI)
            break
        if dot < 0 or dot == pos:
            return None
        end = dot + 1 + precision
        part = token[pos:end]
        if end > len(token) or not token[dot + 1:end].isdigit():
            return None
        values.append(float(part))
        pos = end
    return values if len(values) >= 2 else None
