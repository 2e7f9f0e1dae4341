"""perf bench: one grid per '# Running' banner, rows as perf prints them."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import perf_bench

DATA = Path(__file__).parent / "data" / "readers" / "perf_bench"


def grids(name: str):
    return perf_bench.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, benchmarks, rows", [
    ("sched_all.txt", ["perf bench sched/messaging", "perf bench sched/pipe"],
     [[("Total time", 0.312, "sec")], [("Total time", 5.821, "sec"), ("usecs/op", 5.821043, "usecs/op"),
                                       ("ops/sec", 171790, "ops/sec")]]),
    ("futex_mem.txt", ["perf bench futex/hash", "perf bench mem/memcpy"],
     [[("thread 0", 2401024, "ops/sec"), ("thread 1", 2398720, "ops/sec"),
       ("Averaged operations/sec", 2399872, "operations/sec")], [("GB/sec", 11.71875, "GB/sec")]]),
])
def test_runs(name, benchmarks, rows):
    found = grids(name)
    assert [g.benchmark for g in found] == benchmarks
    got = [[(r.label, r.cells[0].value.value, r.cells[0].value.unit) for r in g.rows] for g in found]
    assert got == [[(label, pytest.approx(v), u) for label, v, u in run] for run in rows]


def test_averaged_spread():
    averaged = grids("futex_mem.txt")[0].rows[-1].cells[0].value
    assert averaged.spread_pct == 0.05

