"""cyclictest: thread lines (ids, priorities and intervals are not values) and histogram summaries."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import cyclictest

DATA = Path(__file__).parent / "data" / "readers" / "cyclictest"


def grids(name: str):
    return cyclictest.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, header, rows", [
    ("threads.txt", [(3, 4), (5, 6)], ("Min", "Act", "Avg", "Max"),
     [("T:0", [2, 3, 3, 20]), ("T:1", [2, 4, 3, 18])]),
    ("histogram.txt", [(0, 4)], ("T:0", "T:1"), [("Total", [100000, 100000]), ("Min Latencies", [2, 2])]),
])
def test_grids(name, spans, header, rows):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert found[0].header == header
    assert [(r.label, [c.value.value for c in r.cells]) for r in found[0].rows][:2] == rows


def test_thread_ids_are_not_values():
    texts = {c.text for g in grids("threads.txt") for r in g.rows for c in r.cells}
    assert not texts & {"4567", "4568", "99", "1000", "100000"}


def test_the_threads_of_one_run_are_instances_not_setups_to_compare():
    from extractors.analysis import analyze_body
    text = ("Latency with the patch applied:\n\n"
            "T: 0 ( 3101) P:95 I:1000 C:   9000 Min:      1 Act:    2 Avg:    1 Max:       7\n"
            "T: 1 ( 3102) P:95 I:1000 C:   8998 Min:      1 Act:    3 Avg:    2 Max:      15\n")
    assert analyze_body(text).tables == ()
