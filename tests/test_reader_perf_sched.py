"""perf sched latency: a grid per run of task lines, four measured fields, timestamps left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import perf_sched

DATA = Path(__file__).parent / "data" / "readers" / "perf_sched"


def grids(name: str):
    return perf_sched.parse((DATA / name).read_text().split("\n"))


def test_one_grid_of_tasks_between_the_rules_without_the_total():
    (found,) = grids("latency.txt")
    assert (found.first_line, found.last_line) == (5, 7)
    assert [r.label for r in found.rows] == ["kworker/u16:3:412", "postgres:(24)", "ksoftirqd/2:24"]
    assert found.header == ("Runtime", "Switches", "Average delay", "Maximum delay")
    assert [c.value.value for c in found.rows[1].cells] == [18342.77, 40118, 0.118, 17.04]
    assert [c.value.unit for c in found.rows[1].cells] == ["ms", None, "ms", "ms"]
    assert found.higher_is_better is False


def test_a_line_wrapped_after_the_maximum_delay_and_the_newer_layout():
    first, newer = grids("wrapped.txt")
    assert [(r.label, r.cells[3].value.value) for r in first.rows] == [("pgbench:(9)", 9.806), ("kswapd0:98", 1.113)]
    assert [c.value.value for c in newer.rows[0].cells] == [90321.002, 230117, 0.052, 12.2]


@pytest.mark.parametrize("text", [
    "  TOTAL:                |  18397.883 ms |    41172 |",
    "| avg: 0.2 ms | max: 3 ms |",  # no task, no runtime
    "The average was avg: 0.2 ms and max: 3 ms.",
])
def test_lines_that_are_not_a_task_line(text):
    assert perf_sched.parse([text]) == [] and not perf_sched.detect([text])


def test_two_runs_under_side_captions_are_one_table():
    from extractors.analysis import analyze_body
    body = ("Measured with perf sched latency during the test.\n\nWithout the patch:\n"
            "  fio:(16)        | 80110.204 ms |    21007 | avg:    0.311 ms | max:   30.870 ms | max at:  612.1 s\n\n"
            "With the patch:\n"
            "  fio:(16)        | 79004.917 ms |    20871 | avg:    0.204 ms | max:   12.051 ms | max at:  655.9 s\n")
    (placed,) = analyze_body(body).tables
    table = placed.item
    assert [(p.baseline, p.patched) for p in table.pairs][2:] == [(0.311, 0.204), (30.87, 12.051)]
