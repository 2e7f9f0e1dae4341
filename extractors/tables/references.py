"""The column or row a table prints its changes against: where every other column (or row) prints a
change in brackets beside its values ("TCP | SMC 698 KB/s(-73.5%) | SMC-cork 2.98 MB/s(16.0%)", "root
memcg 21694.8" over "6.0-rc1 10482.7 (-51.6%)"), the one that prints none is the baseline, provided the
printed changes are the changes its values give (a share of a total, "free: 39124992 (3.64%)", is not).

A table may also print its other columns as ratios to one of them: that column then reads 1.00 (or
100, for percentages of it) in every row, and it is the baseline ("sugov 1.00 | no-HWP 0.68 | ...").
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Cell, Grid
from extractors.numbers import printed_change
from extractors.vocab.units import lookup_unit

# A change printed in brackets beside a value: "698 KB/s(-73.5%)", "2115  (5.22%)", "1.16 (16.00 pct)" (as
# comparison scripts print each column against the first, whose changes are nil); and how far it may
# be from the change the values give, for rounded values ("2.57 MB/s" against "698 KB/s(-73.5%)").
_BRACKETED_CHANGE_RE = re.compile(r"\(\s*(?P<change>[-+\u2212]?\d[\d.,]*)\s*(?:%|pct)\s*\)")
_CHANGE_POINTS = 1.5
_CHANGE_SHARE = 0.05


def reference_column(grid: Grid, configs: list[int]) -> int | None:
    """The one configuration column whose values print no change while every other one prints its
    change beside most of its values, changes its values bear out ("TCP | SMC (-73.5%) | SMC-cork
    (16.0%)"): the changes are against it, so it is the baseline."""
    if len(configs) < 2:
        return None
    normalized = [c for c in configs if _normalized_to(grid, c, configs)]
    if len(normalized) == 1:
        return normalized[0]
    plain = [c for c in configs if not _prints_changes([row.cells[c] for row in grid.rows])]
    if not plain:  # the reference may print its own change as nil, "2826.5 (0.0%)", as a tool does for it
        plain = [c for c in configs if _prints_no_change([row.cells[c] for row in grid.rows])]
    if len(plain) != 1:
        return None
    pairs = [(row.cells[plain[0]], row.cells[c]) for row in grid.rows for c in configs if c != plain[0]]
    return plain[0] if _changes_agree(pairs) else None


def reference_row(grid: Grid, change_columns: list[int] = ()) -> int | None:
    """The one row whose values print no change while every other row prints its change beside them,
    changes its values bear out ("root memcg  21694.8" over "6.0-rc1  10482.7 (-51.6%)", ...): the
    row the changes are against. The changes may also stand in a column of their own
    (`change_columns`), empty in the reference row only."""
    for column in change_columns:
        empty = [i for i, row in enumerate(grid.rows) if row.cells[column].value is None]
        if len(grid.rows) >= 2 and len(empty) == 1 and _column_changes_agree(grid, empty[0], column):
            return empty[0]
    plain = [i for i, row in enumerate(grid.rows) if not _prints_changes(row.cells)]
    if len(grid.rows) < 2 or len(plain) != 1:
        return None
    pairs = [(a, b) for i, row in enumerate(grid.rows) if i != plain[0]
             for a, b in zip(grid.rows[plain[0]].cells, row.cells)]
    return plain[0] if _changes_agree(pairs) else None


# The values a column reads in every row when the others are printed relative to it, written as a ratio
# is ("1.00", "100.0%": a plain "1" is a count or a flag, as in a listing), and how far from it the
# ratios may go.
_UNIT_VALUES = (1.0, 100.0)
_MIN_NORMALIZED_ROWS = 2
_RATIO_RANGE = (0.1, 10.0)


def _normalized_to(grid: Grid, column: int, configs: list[int]) -> bool:
    """Whether `column` reads the same unit value written as a ratio (1.00, or 100.0) in every row of
    two or more, and the other configuration columns read ratios to it, not all the same."""
    cells = [row.cells[column] for row in grid.rows]
    if len(cells) < _MIN_NORMALIZED_ROWS or any(
            c.value is None or c.value.unit not in (None, "%") or not ("." in c.text or "%" in c.text) for c in cells):
        return False
    unit = cells[0].value.value
    if unit not in _UNIT_VALUES or any(c.value.value != unit for c in cells):
        return False
    others = [row.cells[i].value.value for row in grid.rows for i in configs
              if i != column and row.cells[i].value is not None]
    low, high = _RATIO_RANGE
    return bool(others) and all(low * unit <= v <= high * unit for v in others) and any(v != unit for v in others)


def _prints_changes(cells) -> bool:
    """Whether most of the values among `cells` print a change in brackets beside them, or the last one
    does: a change printed at the end of a row ("280 MB/s, 71.7K IOPS (+12%)") is the row's."""
    cells = [cell for cell in cells if cell.value is not None]
    return bool(cells) and (sum(_change_beside(c.text) is not None for c in cells) * 2 > len(cells)
                            or _change_beside(cells[-1].text) is not None)


def _prints_no_change(cells) -> bool:
    """Whether every change printed beside `cells` is nil ("(0.0%)"), and one is printed at least."""
    changes = [_change_beside(cell.text) for cell in cells if cell.value is not None]
    printed = [change for change in changes if change is not None]
    return bool(printed) and all(change == 0 for change in printed)


def _column_changes_agree(grid: Grid, reference: int, change: int) -> bool:
    """Whether the changes of a change column are, in size, the changes from the reference row's values
    to the row's own in a value column ("gain" 41.29% beside 6.54s, against 11.14s): the sign says which
    way is a gain, which the column's name decides, not the arithmetic. One change may match some column
    by chance ("+87.2%" beside a bandwidth 85.7% lower), so it takes two: two rows borne out by one
    column, or one row by two ("+19%" beside both 286 -> 340 MB/s and 73K -> 87K IOPS)."""
    base = grid.rows[reference].cells
    borne_out = []  # for each value column every printed change agrees with: how many it checked
    for column in range(len(grid.header)):
        if column == change or base[column].value is None or not base[column].value.value:
            continue
        checked = agreed = 0
        for row in grid.rows:
            printed, value = row.cells[change].value, row.cells[column].value
            if row is grid.rows[reference] or printed is None or value is None:
                continue
            checked += 1
            agreed += _same_size(base[column].value.value, value.value, printed.value)
        if checked and agreed == checked:
            borne_out.append(checked)
    return len(borne_out) >= 2 or any(checked >= 2 for checked in borne_out)


def _change_beside(text: str) -> float | None:
    """The change a cell prints beside its value, in brackets ("10482.7 (-51.6%)", "(16.0%)") or signed
    after it ("72.91 watts +4.6%", "5502.6, -18.7%"), or None."""
    bracketed = _BRACKETED_CHANGE_RE.search(text)
    if bracketed is not None:
        return float(bracketed.group("change").replace("\u2212", "-").replace(",", "."))
    return printed_change(text)


def _changes_agree(pairs: list[tuple[Cell, Cell]]) -> bool:
    """Whether the changes printed beside the second values of most pairs are the change from the first
    value, to the rounding the text shows ("10482.7 (-51.6%)" against 21694.8): no share of a total
    ("free: 39124992 (3.64%)") or change against something else."""
    checked = agreed = 0
    for base, new in pairs:
        change = _change_beside(new.text)
        if change is None or base.value is None or new.value is None or not base.value.value:
            continue
        scale = 1.0
        units = lookup_unit(base.value.unit), lookup_unit(new.value.unit)
        if all(units) and units[0].dimension == units[1].dimension:
            scale = units[1].factor / units[0].factor
        computed = (new.value.value * scale - base.value.value) / abs(base.value.value) * 100
        checked += 1
        agreed += abs(computed - change) <= max(_CHANGE_POINTS, abs(change) * _CHANGE_SHARE)
    return checked > 0 and agreed * 2 > checked


def change_between(grid: Grid, first: int, second: int, change: int) -> bool:
    """Whether the change column prints, in size, the change from the first column's value to the
    second's in most rows of two or more ("1.836  1.148  +37%": a time cut by 37%, printed as a gain;
    the sign says which way is better, which the table's words decide): then the two columns, unnamed
    as they are, are what the table compares."""
    checked = agreed = 0
    for row in grid.rows:
        base, new, printed = (row.cells[i].value for i in (first, second, change))
        if base is None or new is None or printed is None or not base.value:
            continue
        checked += 1
        agreed += _same_size(base.value, new.value, printed.value)
    return checked >= 2 and agreed * 2 > checked


def compared_by_change(grid: Grid, kinds: list[str], names: Sequence[str]) -> list[int]:
    """The two columns a last change column compares when no name says they are setups: the only two
    unnamed ones ("1.836  1.148  +37%"), else the only two named as a quantity each ("Combined(ns) |
    Separate(ns) | Saved"). The change, which their values bear out (`change_between`), says they are what
    the table compares; where it does not, they are as likely two fields of one record."""
    if not kinds or kinds[-1] != "change":
        return []
    unnamed = [i for i, k in enumerate(kinds) if k == "unknown" and not names[i]]
    measured = [i for i, k in enumerate(kinds) if k == "metric"]
    two = unnamed if len(unnamed) == 2 else measured if len(measured) == 2 and not unnamed else []
    return two if two and change_between(grid, *two, len(kinds) - 1) else []


def _same_size(base: float, new: float, printed: float) -> bool:
    """Whether a printed change is, in size, the change from `base` to `new`, to the rounding the text
    shows; its sign is left out (a gain column prints a cut time as positive)."""
    computed = abs(new - base) / abs(base) * 100
    return abs(computed - abs(printed)) <= max(_CHANGE_POINTS, abs(printed) * _CHANGE_SHARE)
