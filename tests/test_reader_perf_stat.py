"""perf stat: runs under the banner, bare counters, CSV, side-by-side runs, and what is not a value."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import perf_stat

DATA = Path(__file__).parent / "data" / "readers" / "perf_stat"


def grids(name: str):
    return perf_stat.parse((DATA / name).read_text().split("\n"))


def values(grid, label: str) -> list:
    return [c.value for r in grid.rows if r.label == label for c in r.cells]


@pytest.mark.parametrize("name, spans, captions", [
    ("single.txt", [(0, 18)], ["Performance counter stats for './hackbench 10'"]),
    ("repeat.txt", [(2, 9), (13, 20)], ["Performance counter stats for './spin 1000' (10 runs)"] * 2),
    ("bare_events.txt", [(2, 4), (5, 7), (11, 11), (12, 12)], [None] * 4),
    ("csv.txt", [(1, 5)], [None]),
    ("side_by_side.txt", [(1, 4)], [None]),
    ("two_counts.txt", [(1, 2)], [None]),
    ("energy.txt", [(0, 5)], ["Performance counter stats for 'system wide'"]),
    ("per_cpu_interval.txt", [(0, 7), (9, 13)], ["Performance counter stats for 'system wide'", None]),
])
def test_one_grid_per_run(name, spans, captions):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert [g.caption for g in found] == captions
    assert {g.benchmark for g in found} == {"perf stat"}


@pytest.mark.parametrize("name, grid, label, text, number, unit, spread_abs, spread_pct", [
    ("single.txt", 0, "task-clock", "1,234.56", 1234.56, "msec", None, None),
    ("single.txt", 0, "CPUs utilized", "3.912", 3.912, None, None, None),
    ("single.txt", 0, "context-switches K/sec", "10.000", 10000.0, "/sec", None, None),
    ("single.txt", 0, "cycles GHz", "3.700", 3.7, "GHz", None, None),
    ("single.txt", 0, "frontend cycles idle", "51.35%", 51.35, "%", None, None),
    ("single.txt", 0, "stalled cycles per insn", "0.35", 0.35, None, None, None),
    ("single.txt", 0, "branch-misses of all branches", "1.00%", 1.0, "%", None, None),
    ("single.txt", 0, "seconds time elapsed", "0.315595618", 0.315595618, "s", None, None),
    ("single.txt", 0, "seconds sys", "1.111111000", 1.111111, "s", None, None),
    ("repeat.txt", 1, "cycles", "8,850,000,000", 8.85e9, None, None, 0.12),
    ("repeat.txt", 0, "seconds time elapsed", "2.5130 +- 0.0080", 2.513, "s", 0.008, None),
    ("csv.txt", 0, "task-clock", "2510.25", 2510.25, "msec", None, 0.3),
    ("csv.txt", 0, "insn per cycle", "0.71", 0.71, None, None, None),
    ("energy.txt", 0, "power/energy-pkg/", "123.45", 123.45, "Joules", None, None),
    ("per_cpu_interval.txt", 0, "CPU1 insn per cycle", "0.83", 0.83, None, None, None),
    ("per_cpu_interval.txt", 1, "2.000321004 cycles", "1,230,000", 1.23e6, None, None, None),
])
def test_counters_and_metrics(name, grid, label, text, number, unit, spread_abs, spread_pct):
    (value,) = values(grids(name)[grid], label)
    assert (value.text, value.value, value.unit) == (text, pytest.approx(number), unit)
    assert (value.spread_abs, value.spread_pct) == (spread_abs, spread_pct)


def test_one_interval_is_labelled_by_its_events_alone():
    # the interval's start time differs from run to run: a second run's counters must pair by event
    (grid,) = grids("one_interval.txt")
    assert [r.label for r in grid.rows] == ["cycles", "instructions", "insn per cycle", "context-switches",
                                            "minor-faults"]


@pytest.mark.parametrize("label", ["cache-misses", "stalled-cycles-backend"])
def test_not_counted_is_a_cell_without_a_number(label):
    (row,) = [r for r in grids("single.txt")[0].rows if r.label == label]
    assert [(c.text, c.value) for c in row.cells] == [(row.cells[0].text, None)]
    assert row.cells[0].text.startswith("<not ")


def test_multiplexing_share_is_not_a_value():
    texts = [c.text for r in grids("single.txt")[0].rows for c in r.cells]
    assert not any("83.3" in t for t in texts)


@pytest.mark.parametrize("name, label, left, right", [
    ("side_by_side.txt", "cycles", 9876543210, 8850000000),
    ("side_by_side.txt", "seconds time elapsed", 2.513, 2.253),
    ("two_counts.txt", "L1-dcache-load-misses", 987654321, 912345678),
])
def test_two_runs_side_by_side(name, label, left, right):
    (grid,) = grids(name)
    assert grid.roles == ("baseline", "patched")
    assert [v.value for v in values(grid, label)] == [pytest.approx(left), pytest.approx(right)]


@pytest.mark.parametrize("event, known", [
    ("cycles", True), ("cycles:u", True), ("L1-dcache-load-misses", True), ("LLC-stores", True),
    ("syscalls:sys_enter_io_uring_enter", True), ("power/energy-pkg/", True), ("cpu_core/cycles/u", True),
    ("kworker/0:1", False), ("packets", False), ("RIP:", False), ("io_issue_sqe+0x19/0x30", False),
])
def test_event_shapes(event, known):
    assert perf_stat.is_perf_event(event) is known


def test_a_counter_named_with_its_unit_after_it_as_older_perf_prints():
    """perf before 5.x printed "task-clock (msec)"; the run under its banner is read whole."""
    lines = [" Performance counter stats for './bench' (10 runs):", "",
             "         12.104200      task-clock (msec)         #    0.004 CPUs utilized            ( +-  0.30% )",
             "          31477100      cycles                    #    2.600 GHz                      ( +-  0.30% )",
             "", "       3.110200500 seconds time elapsed                                          ( +-  0.05% )"]
    (grid,) = perf_stat.parse(lines)
    assert grid.first_line == 0
    (clock,) = [r for r in grid.rows if r.label == "task-clock"]
    assert (clock.cells[0].value.value, clock.cells[0].value.unit) == (12.1042, "msec")

