"""will-it-scale: the testcase's per-second samples and average, and runtest.py's CSV."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import will_it_scale

DATA = Path(__file__).parent / "data" / "readers" / "will_it_scale"


def grids(name: str):
    return will_it_scale.parse((DATA / name).read_text().split("\n"))


def test_testcase_keeps_measured_seconds_and_average():
    (grid,) = grids("testcase.txt")
    assert (grid.caption, grid.header, grid.first_line, grid.last_line) == (
        "Separate process lseek", ("min", "max", "total"), 1, 9)
    assert [r.label for r in grid.rows] == ["1", "2", "3", "average"]
    assert [c.value for c in grid.rows[-1].cells][:2] == [None, None]
    assert grid.rows[-1].cells[2].value.value == 9728090


@pytest.mark.parametrize("label, values", [
    ("1", [2432014, 99.94, 2421046, 99.95, 2432014]),
    ("4", [9603456, 99.77, 9512345, 99.79, 9728056]),
])
def test_runtest_csv(label, values):
    (grid,) = grids("runtest.txt")
    assert grid.roles == ("metric", "ignore", "metric", "ignore", "ignore")
    (row,) = [r for r in grid.rows if r.label == label]
    assert [c.value.value for c in row.cells] == values
