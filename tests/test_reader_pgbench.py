"""pgbench: results captioned by the setup pgbench echoes, progress samples, the older two tps lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import pgbench

DATA = Path(__file__).parent / "data" / "readers" / "pgbench"


def grids(name: str):
    return pgbench.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans", [("run.txt", [(2, 3), (4, 16)]), ("old.txt", [(0, 8)])])
def test_grids(name, spans):
    assert [(g.first_line, g.last_line) for g in grids(name)] == spans


@pytest.mark.parametrize("name, label, number, unit", [
    ("run.txt", "latency average", 1.594, "ms"),
    ("run.txt", "tps (without initial connection time)", 20061.412345, "tps"),
    ("run.txt", "number of failed transactions", 0, None),
    ("old.txt", "tps (excluding connections establishing)", 15210.654321, "tps"),
])
def test_results(name, label, number, unit):
    (value,) = [r.cells[0].value for g in grids(name) for r in g.rows if r.label == label]
    assert (value.value, value.unit) == (number, unit)


def test_setup_is_the_caption_not_rows():
    report = grids("run.txt")[1]
    assert "number of clients: 32" in report.caption
    assert not any(r.label.startswith("number of clients") for r in report.rows)
    assert [r.label for r in grids("run.txt")[0].rows] == ["5.0 s", "10.0 s"]
