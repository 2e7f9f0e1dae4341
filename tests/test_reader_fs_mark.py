"""fs_mark: loops as rows, setup columns marked config, summary lines under Files/sec."""

from __future__ import annotations

from pathlib import Path

from extractors.readers import fs_mark

DATA = Path(__file__).parent / "data" / "readers" / "fs_mark"


def test_run():
    (grid,) = fs_mark.parse((DATA / "run.txt").read_text().split("\n"))
    assert (grid.first_line, grid.last_line) == (0, 10)
    assert grid.roles == ("config", "config", "config", "metric", "metric")
    assert [r.label for r in grid.rows] == ["1", "2", "3", "Average Files/sec", "p50 Files/sec"]
    assert [c.value.value for c in grid.rows[1].cells] == [0, 200000, 1, 33123.4, 5345678]
    assert [c.value.value if c.value else None for c in grid.rows[3].cells] == [None, None, None, 33230.8, None]
