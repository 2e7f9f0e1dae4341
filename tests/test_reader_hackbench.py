"""hackbench: a grid per banner, captioned by it; Time lines of a loop are numbered samples."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import hackbench

DATA = Path(__file__).parent / "data" / "readers" / "hackbench"


def grids(name: str):
    return hackbench.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, rows", [
    ("runs.txt", [(2, 4), (8, 10)], [[("Time", 0.912)], [("Time", 0.874)]]),
    ("loop.txt", [(1, 5)], [[("1", 1.234), ("2", 1.198), ("3", 1.251), ("4", 1.22)]]),
])
def test_runs(name, spans, rows):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert [[(r.label, r.cells[0].value.value) for r in g.rows] for g in found] == rows
    assert all(g.caption.startswith("Running in ") and g.unit == "s" for g in found)


def test_time_lines_without_a_banner_are_not_hackbench():
    assert grids("not_time.txt") == []
