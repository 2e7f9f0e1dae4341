"""turbostat: topology columns label rows, the '-' summary row, short rows, repeated headers."""

from __future__ import annotations

from pathlib import Path

from extractors.readers import turbostat

DATA = Path(__file__).parent / "data" / "readers" / "turbostat"


def grids(name: str):
    return turbostat.parse((DATA / name).read_text().split("\n"))


def test_summary_and_cpu_rows():
    (grid,) = grids("summary.txt")
    assert grid.header[:4] == ("Avg_MHz", "Busy%", "Bzy_MHz", "TSC_MHz") and grid.header[-2:] == ("PkgWatt", "RAMWatt")
    assert [r.label for r in grid.rows] == ["-", "Core 0 CPU 0", "Core 0 CPU 28", "Core 1 CPU 1"]
    summary = grid.rows[0].cells
    assert [(summary[k].value.value, summary[k].value.unit) for k in (0, 1, 10)] == [(1234, "MHz"), (45.67, "%"),
                                                                                     (89.12, "W")]
    # the CPU's trailing package-wide columns are empty
    assert [c.value is not None for c in grid.rows[2].cells] == [True] * 7 + [False] * 5


def test_interval_headers():
    found = grids("interval.txt")
    assert [(g.first_line, g.last_line) for g in found] == [(0, 1), (2, 3)]
    assert [r.cells[4].value.value for g in found for r in g.rows] == [61.23, 61.90]
