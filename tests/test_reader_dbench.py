"""dbench/tbench: the operation table with its progress lines, the Throughput line captioned by clients."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import dbench

DATA = Path(__file__).parent / "data" / "readers" / "dbench"


def grids(name: str):
    return dbench.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, captions", [
    ("dbench4.txt", [(5, 17), (19, 19)], [None, "8 clients 8 procs"]),
    ("tbench.txt", [(0, 2), (4, 4)], ["16 clients 16 procs"] * 2),
])
def test_grids(name, spans, captions):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert [g.caption for g in found] == captions


def test_operation_table_and_throughput():
    table, throughput = grids("dbench4.txt")
    assert table.header == ("Count", "AvgLat", "MaxLat")
    assert [c.value.value for c in table.rows[0].cells] == [1234567, 0.012, 12.345]
    assert [(r.label, r.cells[0].value.value, r.cells[0].value.unit) for r in throughput.rows] == [
        ("Throughput", 995.234, "MB/sec"), ("max_latency", 23.456, "ms")]
