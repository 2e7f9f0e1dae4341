"""mmtests compare-kernels output: statistics per kernel with the gain over the first kernel.

Each row is a statistic of one measured quantity (`Hmean send-64`, `Amean syst-1`, `Stddev`,
`CoeffVar`, `BAmean-95`, `Max-99`, `1st-qrtle`...) followed, per kernel, by its value and its gain over
the first kernel: `1234.56 (   0.00%)` for the first, `1300.00 *   5.30%*` where the difference is
significant and `1290.00 (   4.49%)` where it is not. The kernels are named over their columns, on
one or two header lines, right-aligned with each value's gain. Columns: the baseline and its constant
`0.00%` (ignored), then a patched value and its change per further kernel; `significant` marks the rows
whose change is starred, when the output uses stars at all. The gain is signed so that positive is
better, which gives the table's direction against the raw difference of the means.

`Duration User/System/Elapsed` (and the `Ops ...` monitor rows printed with them) list one plain value
per kernel: a grid of baseline and patched columns of its own.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Sequence

from extractors.model import Cell, Grid, GridRow
from extractors.numbers import parse_value
from extractors.readers.cells import MAX_LINE, grid, joined, names_over_columns, text_cell, visual

NAME = "mmtests"

_NUM = r"[-+]?\d{1,15}(?:\.\d{1,10})?(?:e[-+]?\d{1,3})?"
# One kernel's cell: the value and its gain, "(   0.00%)" or "*   5.30%*".
_KERNEL_CELL_RE = re.compile(
    rf"\s{{1,40}}(?P<value>{_NUM}|nan|NaN)\s{{1,20}}(?P<gain>\(\s{{0,8}}(?P<g1>{_NUM})%\)|\*\s{{0,8}}(?P<g2>{_NUM})%\*)")
_WORD_RE = re.compile(r"\S{1,60}")
_DURATION_RE = re.compile(
    rf"^(?P<label>Duration\s{{1,4}}(?:User|System|Elapsed)|Ops\s{{1,4}}[A-Za-z][\w ()/-]{{0,60}}?)"
    rf"(?P<values>(?:\s{{1,40}}{_NUM}){{2,16}})\s*$")
_VALUE_RE = re.compile(r"\S+")
# The first kernel's gain over itself, however the version pads it: "(   0.00%)", "(0.00%)".
_FIRST_GAIN_RE = re.compile(r"\(\s{0,8}0\.00%\)")
_SPREAD_STAT_RE = re.compile(r"^(?:Stddev|CoeffVar|Stdev)\b", re.I)
# An arrow an author typed after a row to point at it ("...  104.46 *  45.40%*  <---", "<== this one").
_POINTER_RE = re.compile(r"\s+<[-=]{1,8}(?:\s.{0,80})?$")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    if _FIRST_GAIN_RE.search(text):
        return any(_gain_row(line) for line in lines)
    return "Duration " in text and any(_DURATION_RE.match(line) for line in lines)


def _gain_row(line: str) -> tuple[str, list[re.Match]] | None:
    """(label, kernel cells) of a row of statistics, or None; the first kernel's gain is 0. The label
    is the statistic and the measured quantity, one to four words ("Amean 1", "Hmean send-64")."""
    if len(line) > MAX_LINE or not line[:1].isalnum():
        return None
    words = list(_WORD_RE.finditer(line, 0, 120))
    for n in range(1, min(len(words), 5)):
        found = []
        pos = words[n - 1].end()
        while (match := _KERNEL_CELL_RE.match(line, pos)) is not None:
            found.append(match)
            pos = match.end()
        if len(found) >= 2 and (not line[pos:].strip() or _POINTER_RE.match(line, pos)):
            first_gain = float(found[0].group("g1") or found[0].group("g2"))
            return (" ".join(line[:words[n - 1].end()].split()), found) if first_gain == 0 else None
    return None


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    rows: list[tuple[int, str, list[Cell]]] = []
    kind = ""  # "gain" or "duration": what the open grid holds
    header: tuple[str, ...] = ()
    first = 0
    for i, line in enumerate(lines):
        gain = _gain_row(line)
        duration = None if gain else _DURATION_RE.match(line) if len(line) <= MAX_LINE else None
        now = "gain" if gain else "duration" if duration else ""
        if now and now == kind and _width(rows[-1][2], kind) == _width_of(gain, duration):
            rows.append(_row(line, i, gain, duration))
            continue
        if rows and not now and not line.strip():
            continue
        if rows:
            grids.append(_grid(lines, first, rows, kind, header))
            header = grids[-1].header
            rows, kind = [], ""
        if now:
            rows, kind, first = [_row(line, i, gain, duration)], now, i
    if rows:
        grids.append(_grid(lines, first, rows, kind, header))
    return grids


def _width(cells: list[Cell], kind: str) -> int:
    return len(cells) // 2 if kind == "gain" else len(cells)


def _width_of(gain: tuple[str, list[re.Match]] | None, duration: re.Match | None) -> int:
    return len(gain[1]) if gain else len(duration.group("values").split())


def _row(line: str, i: int, gain: tuple[str, list[re.Match]] | None,
         duration: re.Match | None) -> tuple[int, str, list[Cell]]:
    if gain:
        label, found = gain
        cells: list[Cell] = []
        for match in found:
            cells.append(text_cell(line, match.start("value"), match.end("value"),
                                   parse_value(match.group("value"))))
            number = parse_value(f"{match.group('g1') or match.group('g2')}%")
            cells.append(text_cell(line, match.start("gain"), match.end("gain"),
                                   replace(number, text=match.group("gain")) if number else None))
        return i, label, cells
    start = duration.start("values")
    cells = [text_cell(line, start + m.start(), start + m.end(), parse_value(m.group()))
             for m in _VALUE_RE.finditer(duration.group("values"))]
    return i, " ".join(duration.group("label").split()), cells


def _grid(lines: Sequence[str], first: int, rows: list[tuple[int, str, list[Cell]]], kind: str,
          previous: tuple[str, ...]) -> Grid:
    """The grid of one run of rows, named by the kernel names printed above it (or, when a table is
    split by a blank line or a remark, by those of the table before it)."""
    line, _, cells = rows[0]
    step = 2 if kind == "gain" else 1
    n = len(cells) // step
    columns = [(visual(lines[line], cells[k * step].start), visual(lines[line], cells[k * step + step - 1].end))
               for k in range(n)]
    above = _header_lines(lines, first)
    names = names_over_columns([lines[j] for j in above], columns) if above else []
    # compare-kernels prints each name cut to the column's width over the name in full ("baselin" over
    # "baseline"): the full name
    names = [words[1] if len(words := name.split()) == 2 and words[1].startswith(words[0]) else name
             for name in names]
    top = above[0] if above else first
    if not any(names):
        width = n * 2 if kind == "gain" else n
        names = list(previous[::step]) if len(previous) == width else [""] * n
    if kind == "gain":
        header = tuple(h for name in names for h in (name, ""))
        roles = ("baseline", "ignore") + ("patched", "gain") * (n - 1)
    else:
        header, roles = tuple(names), ("baseline",) + ("patched",) * (n - 1)
    grid_rows = tuple(GridRow(i, label, tuple(c)) for i, label, c in rows)
    return grid(reader=NAME, first_line=top, last_line=rows[-1][0], header=header, rows=grid_rows, roles=roles,
                benchmark="mmtests", metric=_metric(grid_rows) if kind == "gain" else None,
                higher_is_better=_direction(grid_rows) if kind == "gain" else None,
                significant=_significance(grid_rows) if kind == "gain" else ())


def _header_lines(lines: Sequence[str], first: int) -> list[int]:
    """The one or two lines of kernel names right above the first row: words, no numbers of a row."""
    out = []
    j = first - 1
    while j >= 0 and len(out) < 2 and lines[j].strip() and lines[j][:1].isspace() and len(lines[j]) <= MAX_LINE:
        out.insert(0, j)
        j -= 1
    return out


def _metric(rows: tuple[GridRow, ...]) -> str | None:
    """The measured quantity of the first row without its per-thread suffix ("ops-1" -> "ops"); None
    when the rows name only a thread or client count ("Hmean 64")."""
    parts = rows[0].label.split()
    measured = re.sub(r"-\d+$", "", parts[1]) if len(parts) >= 2 else ""
    return measured if measured and not measured.isdigit() else None


def _direction(rows: tuple[GridRow, ...]) -> bool | None:
    """Higher is better when the printed gains have the sign of the raw differences of the means."""
    votes: Counter = Counter()
    for found in rows:
        if _SPREAD_STAT_RE.match(found.label):
            continue
        base = found.cells[0].value
        for k in range(2, len(found.cells), 2):
            value, gain = found.cells[k].value, found.cells[k + 1].value
            if base is None or value is None or gain is None or value.value == base.value or gain.value == 0:
                continue
            votes[(value.value > base.value) == (gain.value > 0)] += 1
    return votes.most_common(1)[0][0] if votes else None


def _significance(rows: tuple[GridRow, ...]) -> tuple[bool | None, ...]:
    starred = [any(c.text.startswith("*") for c in found.cells[3::2]) for found in rows]
    return tuple(starred) if any(starred) else ()
