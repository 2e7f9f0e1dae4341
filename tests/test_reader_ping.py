"""ping: replies as samples, the statistics block, rtt lines printed on their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import ping

DATA = Path(__file__).parent / "data" / "readers" / "ping"


def grids(name: str):
    return ping.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, captions", [
    ("run.txt", [(1, 3), (5, 7)], [None, "10.0.0.2 ping statistics"]),
    ("harness_lines.txt", [(1, 1), (2, 2), (3, 3)], [None] * 3),
])
def test_grids(name, spans, captions):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert [g.caption for g in found] == captions


def test_summary_rows():
    summary = grids("run.txt")[1]
    assert [(r.label, r.cells[0].value.value) for r in summary.rows] == [
        ("transmitted", 3), ("received", 3), ("packet loss", 0), ("time", 2031), ("rtt min", 0.040),
        ("rtt avg", 0.045), ("rtt max", 0.051), ("rtt mdev", 0.004)]
    assert [r.label for r in grids("harness_lines.txt")[2].rows] == ["rtt min", "rtt avg", "rtt max"]
