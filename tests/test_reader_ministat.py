"""ministat: data sets as rows in order (the first is the reference), differences and significance."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import ministat

DATA = Path(__file__).parent / "data" / "readers" / "ministat"


def grids(name: str):
    return ministat.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, span, labels, significant", [
    ("two.txt", (0, 12), ["base.txt", "patched.txt", "patched.txt difference", "patched.txt difference %"],
     (None, True, True, True)),
    ("three.txt", (0, 10), ["old", "new", "newer", "newer difference", "newer difference %"],
     (None, False, True, True, True)),
    ("named_rows.txt", (0, 5), ["old", "new", "new difference", "new difference %"], (None, True, True, True)),
])
def test_rows_and_verdicts(name, span, labels, significant):
    (grid,) = grids(name)
    assert (grid.first_line, grid.last_line) == span
    assert [r.label for r in grid.rows] == labels
    assert grid.significant == significant
    assert grid.roles == ("ignore", "metric", "metric", "metric", "metric", "spread", "change", "change")


def test_statistics_and_differences():
    (grid,) = grids("two.txt")
    assert [c.value.value if c.value else None for c in grid.rows[1].cells] == [
        5, 34388, 39405, 36858, 36571.7, 1607.454, None, None]
    difference, percent = grid.rows[2].cells[6].value, grid.rows[3].cells[7].value
    assert (difference.value, difference.spread_abs) == (3060.4, 1070.09)
    assert (percent.value, percent.unit, percent.spread_abs) == (9.13244, "%", 3.19321)
