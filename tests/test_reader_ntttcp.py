"""ntttcp: the Totals block as rows named by ntttcp's keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import ntttcp

DATA = Path(__file__).parent / "data" / "readers" / "ntttcp"


@pytest.mark.parametrize("label, text, unit", [
    ("test duration", "60.00", "seconds"), ("throughput", "16.46Gbps", "Gbps"), ("retrans segs", "1234", None),
    ("cpu speed", "2593.905MHz", "MHz"), ("softirq", "6.31%", "%"), ("cpu busy (all)", "345.67%", "%"),
])
def test_totals(label, text, unit):
    (grid,) = ntttcp.parse((DATA / "receiver.txt").read_text().split("\n"))
    assert (grid.first_line, grid.last_line) == (5, 18)
    (cell,) = [r.cells[0] for r in grid.rows if r.label == label]
    assert (cell.text, cell.value.unit) == (text, unit)
