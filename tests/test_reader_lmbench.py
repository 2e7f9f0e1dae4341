"""lmbench: its programs' one-line results, labelled as printed, with their units."""

from __future__ import annotations

from pathlib import Path

from extractors.readers import lmbench

DATA = Path(__file__).parent / "data" / "readers" / "lmbench"


def test_results():
    (grid,) = lmbench.parse((DATA / "lat.txt").read_text().split("\n"))
    rows = {r.label: (r.cells[0].value.value, r.cells[0].value.unit) for r in grid.rows}
    assert rows["Simple syscall"] == (0.0459, "microseconds")
    assert rows["Select on 100 fd's"] == (1.2345, "microseconds")
    assert rows["Pipe bandwidth"] == (4567.89, "MB/sec")
    assert len(rows) == 10
