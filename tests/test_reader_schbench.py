"""schbench: a grid per percentile section, sample counts beside the latencies marked ignore."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import schbench

DATA = Path(__file__).parent / "data" / "readers" / "schbench"


def grids(name: str):
    return schbench.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, metrics, units", [
    ("old.txt", [(1, 10)], ["Latency percentiles"], [None]),  # latencies and the worker transfer rates
    ("new.txt", [(0, 5), (6, 11), (12, 17)],
     ["Wakeup Latencies percentiles", "Request Latencies percentiles", "RPS percentiles"], ["usec", "usec", "rps"]),
    ("captioned.txt", [(3, 6), (11, 14)], ["Latency percentiles"] * 2, ["usec"] * 2),
    ("one_title_two_runs.txt", [(3, 6), (10, 13)], ["Latency percentiles"] * 2, [None] * 2),
])
def test_sections(name, spans, metrics, units):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert [g.metric for g in found] == metrics
    assert [g.unit for g in found] == units
    assert {g.roles for g in found} == {("metric", "ignore")}


@pytest.mark.parametrize("name, grid, label, values", [
    ("old.txt", 0, "*99.0th", [35, 4938]),
    ("old.txt", 0, "max", [5438, None]),
    ("old.txt", 0, "avg worker transfer ops/sec", [31000.5, None]),
    ("old.txt", 0, "avg worker transfer MB/s", [121.1, None]),
    ("new.txt", 0, "*99.0th", [17, 112233]),
    ("new.txt", 2, "*50.0th", [12336, 12]),
    ("new.txt", 2, "average rps", [12330.2, None]),
    ("captioned.txt", 1, "99.9th", [4402, 20011]),
    ("one_title_two_runs.txt", 1, "avg worker transfer ops/sec", [23456.25, None]),
])
def test_rows(name, grid, label, values):
    (row,) = [r for r in grids(name)[grid].rows if r.label == label]
    assert [c.value.value if c.value else None for c in row.cells] == values
