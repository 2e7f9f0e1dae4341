"""kernbench: a grid per load, each measure with its standard deviation as spread."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import kernbench

DATA = Path(__file__).parent / "data" / "readers" / "kernbench"


@pytest.mark.parametrize("grid, label, text, number, spread, unit", [
    (0, "Elapsed Time", "123.45 (1.23)", 123.45, 1.23, "s"),
    (0, "Percent CPU", "1099 (2.1)", 1099, 2.1, "%"),
    (1, "Context Switches", "234567 (2345.6)", 234567, 2345.6, None),
])
def test_measures(grid, label, text, number, spread, unit):
    found = kernbench.parse((DATA / "loads.txt").read_text().split("\n"))
    assert [g.caption for g in found] == ["Average Half load -j 16 Run", "Average Optimal load -j 32 Run"]
    (value,) = [r.cells[0].value for r in found[grid].rows if r.label == label]
    assert (value.text, value.value, value.spread_abs, value.unit) == (text, number, spread, unit)
