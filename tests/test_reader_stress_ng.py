"""stress-ng: the two-line header named over its columns, pids never values, one grid per run."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import stress_ng

DATA = Path(__file__).parent / "data" / "readers" / "stress_ng"
OLD = ("bogo ops", "real time (secs)", "usr time (secs)", "sys time (secs)", "bogo ops/s (real time)",
       "bogo ops/s (usr+sys time)")


def grids(name: str):
    return stress_ng.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, header", [
    ("metrics.txt", [(2, 4), (5, 5), (6, 6)], OLD),
    ("metrc.txt", [(2, 5)], OLD + ("CPU used per instance (%)", "RSS Max (KB)")),
])
def test_runs_and_header(name, spans, header):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert {g.header for g in found} == {header}


@pytest.mark.parametrize("name, grid, label, values, units", [
    ("metrics.txt", 1, "aio", [219306, 10.01, 0.98, 26.95, 21908.69, 7837.93], [None, "s", "s", "s", None, None]),
    ("metrc.txt", 0, "vm", [1234567, 60.01, 3.21, 115.4, 20572.79, 10408.7, 98.84, 262412],
     [None, "s", "s", "s", None, None, "%", "KB"]),
])
def test_rows(name, grid, label, values, units):
    (row,) = [r for r in grids(name)[grid].rows if r.label == label]
    assert [c.value.value for c in row.cells] == values
    assert [c.value.unit for c in row.cells] == units


def test_pids_are_not_values():
    texts = {c.text for g in grids("metrics.txt") for r in g.rows for c in r.cells}
    assert not texts & {"100", "139", "178", "[100]"}


def test_brief_output_needs_its_header():
    """`--log-brief` drops the prefix: the header opens the table, and `--times` is a grid of its own
    whose percentages (shares of the available CPU time) are no second value; the available CPU time is
    what the machine offered, no measurement of the run."""
    found = grids("brief_times.txt")
    assert [(g.first_line, g.last_line, g.header) for g in found] == [(2, 4, OLD), (9, 11, ("time",))]
    assert [(r.label, [c.value.value for c in r.cells]) for r in found[1].rows] == [
        ("user time", [12.4]), ("system time", [105.33]), ("total time", [117.73])]
    assert found[1].roles == ("metric",)  # one run's times: its rows are no setups


def test_brief_rows_without_a_header_are_not_read():
    lines = ["results:", "pipe            5123456     30.01     12.40    105.33    170725.29       43512.37"]
    assert not stress_ng.detect(lines)
    assert stress_ng.parse(lines) == []
