"""wrk and wrk2: thread statistics with their deviation, percentiles, totals and rates; setup lines are not
results, and two captioned runs pair as a before/after table."""

from __future__ import annotations

from pathlib import Path

from extractors.analysis import analyze_body
from extractors.readers import wrk

DATA = Path(__file__).parent / "data" / "readers" / "wrk"


def grids(name: str):
    return wrk.parse((DATA / name).read_text().split("\n"))


def test_one_run_reads_every_result():
    (grid,) = grids("latency.txt")
    rows = {r.label: r.cells[0].value for r in grid.rows}
    assert list(rows) == ["Latency avg", "Latency max", "Req/Sec avg", "Req/Sec max", "Latency 50%", "Latency 75%",
                          "Latency 90%", "Latency 99%", "requests", "Requests/sec", "Transfer/sec"]
    assert (rows["Latency avg"].value, rows["Latency avg"].unit, rows["Latency avg"].spread_abs) == (2.41, "ms", 1.07)
    assert rows["Req/Sec avg"].value == 13370
    assert (rows["Transfer/sec"].value, rows["Transfer/sec"].unit) == (85.43, "MB/s")
    assert grid.first_line == 1 and grid.last_line == 13  # from the banner; the command above is not the run's


def test_wrk2_percentiles_and_calibration_lines():
    (grid,) = grids("wrk2.txt")
    labels = [r.label for r in grid.rows]
    assert "Latency 99.9%" in labels and "Requests/sec" in labels
    assert not any("calibration" in label for label in labels)
    assert next(r for r in grid.rows if r.label == "Latency avg").cells[0].value.spread_abs is None  # us vs ms


def test_each_run_is_its_own_grid():
    first, second = grids("two_runs.txt")
    assert [r.label for r in first.rows] == ["requests", "Requests/sec", "Transfer/sec"]
    assert first.last_line < second.first_line


def test_captioned_runs_pair_as_one_table():
    (table,) = analyze_body((DATA / "two_runs.txt").read_text()).tables
    pairs = {p.label: (p.baseline, p.patched) for p in table.item.pairs}
    assert pairs["Requests/sec"] == (104.18, 16564.70)
    assert pairs["requests"] == (1571, 250127)
