"""Rows compared by the change row printed under them: two runs, then their "ratio", "speedup" or "diff"
row, once or once per group of a table ("accel | software | ratio" for each hash, by block size).

The change row says which two rows it compares, and its numbers say which is the reference: a ratio of
the first row to the second (1.30 for 442.8 against 341.4) makes the second the baseline, a percentage or
a difference is taken against the baseline. Rows whose change row agrees with neither reading are left
alone: an order guessed would pair them the wrong way round.

Rows that print their change beside their value ("clv2: 12.95 +8.65%") are told here too.
"""

from __future__ import annotations

from extractors.model import Comparison, Grid, GridRow
from extractors.numbers import printed_change
from extractors.tables.pairing import column_name, pair_cells, row_kind

# How far a printed change may be from the one the two rows give, as a share of it: printed values are
# rounded ("1.30" for 1.2968), and so are the numbers they were computed from.
_AGREEMENT = 0.03
_GROUP_ROWS = 3  # two runs and their change
_SHARE_NAMES = frozenset({"percent", "percentage", "pct"})


def rows_before_changes(grid: Grid, context: str) -> tuple[list[Comparison], str, str] | None:
    """(pairs, baseline name, patched name) of a grid made of blocks of two runs and their change row,
    every block read the same way round; None when the grid is not made so or a change row does not bear
    its rows out. The group a block measures (a name printed in one of its rows beside the run's own
    name, "sha256 software") labels its pairs."""
    rows = grid.rows
    if len(rows) < _GROUP_ROWS or len(rows) % _GROUP_ROWS or len(grid.header) < 1:
        return None
    blocks = [rows[i:i + _GROUP_ROWS] for i in range(0, len(rows), _GROUP_ROWS)]
    # a run's name may carry a footnote's stars ("PadLock**"), which are no formula's sign
    if any(not _prints_change(block[2].label) or row_kind(block[0].label.rstrip("* ")) == "change"
           or row_kind(block[1].label.rstrip("* ")) == "change" for block in blocks):
        return None
    orders = {_reference(block) for block in blocks}
    if len(orders) != 1 or None in orders:
        return None
    base_index = orders.pop()
    sides = _side_names(blocks)
    pairs = []
    for block, group in zip(blocks, _group_names(blocks, sides)):
        base, new = block[base_index], block[1 - base_index]
        for column, name in enumerate(grid.header):
            label = " ".join(filter(None, (group, column_name(name, column))))
            pair = pair_cells(label, None, base.cells[column], new.cells[column], context=context,
                              grid_unit=grid.unit, grid_direction=grid.higher_is_better)
            if pair:
                pairs.append(pair)
    if not pairs:
        return None
    return pairs, sides[base_index], sides[1 - base_index]


def _prints_change(label: str) -> bool:
    """A row named as a change ("diff", "speedup"), or as a bare share ("percent"): under two runs, a
    share is the one's change against the other, which `_reference` then checks in every column."""
    return row_kind(label) == "change" or label.strip(" :").lower() in _SHARE_NAMES


def _reference(block: tuple[GridRow, ...]) -> int | None:
    """Which of a block's two runs (0 or 1) its change row is taken against, when every column bears the
    same reading out: a ratio of the other run to it, a percentage of it, or a difference from it."""
    first, second, change = block
    readings: set[int] = set()
    for a, b, c in zip(first.cells, second.cells, change.cells):
        if a.value is None or b.value is None or c.value is None or not a.value.value or not b.value.value:
            continue
        x, y, printed = a.value.value, b.value.value, c.value.value
        found = {reference for reference, computed in _readings(x, y, c.value.unit == "%", c.value.signed)
                 if _agrees(printed, computed)}
        if len(found) != 1:
            return None
        readings |= found
    return readings.pop() if len(readings) == 1 else None


def _readings(x: float, y: float, percent: bool, signed: bool) -> list[tuple[int, float]]:
    """(reference run, change it gives) for each way a change row may be printed."""
    if percent:
        return [(0, (y - x) / x * 100), (1, (x - y) / y * 100)]
    if signed:
        return [(0, y - x), (1, x - y)]
    return [(1, x / y), (0, y / x)]  # a ratio of the run to its reference


def _agrees(printed: float, computed: float) -> bool:
    return abs(printed - computed) <= max(abs(computed) * _AGREEMENT, 0.01)


def _words(label: str) -> list[str]:
    return [word.strip("*:").lower() for word in label.split() if word.strip("*:")]


def _side_names(blocks: list[tuple[GridRow, ...]]) -> tuple[str, str]:
    """Each run's name: the words its rows share in every block (the group's name stands in one row
    only), or its first block's whole label when a block is alone."""
    names = []
    for side in (0, 1):
        others = [_words(block[side].label) for block in blocks[1:]]
        shared = [word.strip("*:") for word in blocks[0][side].label.split()
                  if word.strip("*:") and all(word.strip("*:").lower() in words for words in others)]
        names.append(" ".join(shared) or blocks[0][side].label.strip())
    return names[0], names[1]


def _group_names(blocks: list[tuple[GridRow, ...]], sides: tuple[str, str]) -> list[str]:
    """What each block measures: the words of its runs' labels that are not the runs' own names."""
    if len(blocks) == 1:
        return [""]
    own = {word.lower() for word in sides[0].split() + sides[1].split()}
    return [" ".join(word for side in (0, 1) for word in block[side].label.split()
                     if word.strip("*:").lower() not in own).strip() for block in blocks]


def all_print_changes(grid: Grid) -> bool:
    """Whether every row of three or more prints its change beside its value ("clv2: 12.95 +8.65%", "cl:
    12.90 +8.22%", ...): setups measured against a reference printed elsewhere, a table of changes (two
    such rows are as often the pieces of a table a line in between cut apart)."""
    return len(grid.rows) >= 3 and all(map(prints_a_change, grid.rows))


def prints_a_change(row: GridRow) -> bool:
    """Whether a row prints a change beside one of its values ("72.91 watts +4.6%", "1203 (-3%)")."""
    return any(printed_change(cell.text) is not None for cell in row.cells)
