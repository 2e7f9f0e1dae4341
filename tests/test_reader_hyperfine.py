"""hyperfine: a grid per benchmark with mean ± σ, User/System, range and runs; the summary's ratios."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import hyperfine

DATA = Path(__file__).parent / "data" / "readers" / "hyperfine"


def grids(name: str):
    return hyperfine.parse((DATA / name).read_text().split("\n"))


def test_benchmarks_and_summary():
    found = grids("two.txt")
    assert [g.caption for g in found] == ["Benchmark 1: ./old-build", "Benchmark 2: ./new-build", "Summary"]
    assert [(g.first_line, g.last_line) for g in found] == [(0, 2), (4, 6), (8, 10)]


@pytest.mark.parametrize("grid, label, number, unit, spread", [
    (0, "mean", 1.234, "s", 0.012), (0, "System", 0.120, "s", None), (0, "runs", 10, None, None),
    (1, "mean", 912.3, "ms", 8.1), (1, "max", 930.2, "ms", None),
    (2, "./new-build faster than ./old-build", 1.35, "x", 0.02),
])
def test_rows(grid, label, number, unit, spread):
    (value,) = [r.cells[0].value for r in grids("two.txt")[grid].rows if r.label == label]
    assert (value.value, value.unit, value.spread_abs) == (number, unit, spread)


def test_single_run_form():
    (grid,) = grids("old_single.txt")
    assert [(r.label, r.cells[0].value.value) for r in grid.rows] == [("mean", 12.3), ("User", 4.1), ("System", 8.0)]


def test_a_time_line_broken_with_a_backslash_keeps_its_user_and_system_times():
    (grid,) = grids("broken_with_backslash.txt")
    assert [(r.label, r.cells[0].value.value) for r in grid.rows] == [
        ("mean", 512.4), ("User", 301.2), ("System", 210.9), ("min", 505.0), ("max", 521.7), ("runs", 20)]
