"""redis-benchmark: quiet lines, CSV, and the full report with its distribution and summary."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import redis_benchmark

DATA = Path(__file__).parent / "data" / "readers" / "redis_benchmark"


def grids(name: str):
    return redis_benchmark.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, label, values", [
    ("quiet.txt", "PING_BULK", [142857.14, None]),
    ("quiet.txt", "SET", [138888.89, 0.199]),
    ("csv.txt", "GET", [144927.55, 0.196, 0.056, 0.191, 0.279, 0.359, 0.911]),
    ("full.txt", "requests per second", [123456.79]),
    ("full.txt", "99.000%", [0.423]),
    ("full.txt", "latency p95", [0.335]),
])
def test_rows(name, label, values):
    (row,) = [r for g in grids(name) for r in g.rows if r.label == label]
    assert [c.value.value if c.value else None for c in row.cells] == values


def test_report_caption_and_setup():
    (grid,) = grids("full.txt")
    assert (grid.caption, grid.first_line, grid.last_line) == ("SET", 0, 18)
    assert not any("clients" in r.label for r in grid.rows)
