"""Charts drawn in text: gnuplot's "dumb" terminal and hand-drawn plots, whose lines are an axis and
marks between two borders ("15 +-+      **    **     +-+", "   |   ****** *     |"). Their numbers are
tick labels, not results, so a paragraph of them is a block of its own kind that no reader reads.
"""

from __future__ import annotations

import re

# An axis tick before the plot's left border ("15 +-+", "-5 +-+", "0.5 |"), then the border.
_CHART_LINE_RE = re.compile(r"^\s*(?:[-+]?\d[\d.]*[kKMG%]?\s+)?[+|](?P<inside>.*)[+|]\s*$")
_MARKS = frozenset("+-|*#")
_MIN_WIDTH = 20  # a plot is wide; "| 1 | 2 |" is a row of a small table
_MIN_MARK_SHARE = 0.6  # of the characters between the borders that are no space
_MIN_MARKS = 2  # a point drawn ("**") or a tick
# What a plot draws its points with ("**"), and its ticks ("+" beside a space): a bare "|    |" is any
# box's row, and "+-----+-----+" a box's border.
_POINT_RE = re.compile(r"[*#]|\+ | \+")
MIN_CHART_LINES = 3  # lines of marks that make a paragraph a chart, whatever axis labels it has besides


def is_chart_line(line: str) -> bool:
    """Whether a line is a row of a chart drawn in text: between a border on each side (an axis tick
    before the left one), mostly marks, some of them points or ticks."""
    if len(line) < _MIN_WIDTH or ("*" not in line and "+" not in line):
        return False
    match = _CHART_LINE_RE.match(line)
    if match is None:
        return False
    inside = match.group("inside")
    drawn = inside.replace(" ", "")
    marks = sum(ch in _MARKS for ch in drawn)
    return marks >= _MIN_MARKS and marks >= _MIN_MARK_SHARE * len(drawn) and _POINT_RE.search(inside) is not None
