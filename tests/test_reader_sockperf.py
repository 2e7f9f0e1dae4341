"""sockperf: average latency with its deviation, summaries, percentiles; counts are not read."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import sockperf

DATA = Path(__file__).parent / "data" / "readers" / "sockperf"


def grids(name: str):
    return sockperf.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, rows", [
    ("under_load.txt", [("avg-latency", 40.123, "usec"), ("Latency", 40.123, "usec"),
                        ("<MAX> observation", 123.456, "usec"), ("percentile 99.999", 100.123, "usec"),
                        ("percentile 99.900", 60.789, "usec"), ("percentile 50.000", 40.001, "usec"),
                        ("<MIN> observation", 35.567, "usec")]),
    ("throughput.txt", [("Message Rate", 1234567, "msg/s"), ("BandWidth", 1765.432, "MB/s")]),
])
def test_rows(name, rows):
    (grid,) = grids(name)
    assert [(r.label, r.cells[0].value.value, r.cells[0].value.unit) for r in grid.rows] == rows


def test_average_latency_carries_its_deviation():
    (grid,) = grids("under_load.txt")
    assert grid.rows[0].cells[0].value.spread_abs == 1.234
    assert grid.first_line == 4
