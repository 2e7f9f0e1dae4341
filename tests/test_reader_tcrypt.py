"""tcrypt: the kernel's crypto speed test, in its time-budget, cycle-count and hash forms, with or
without the kernel log's timestamps."""

from __future__ import annotations

from pathlib import Path

from extractors.analysis import analyze_body
from extractors.readers import tcrypt

DATA = Path(__file__).parent / "data" / "readers" / "tcrypt"


def grids(name: str):
    return tcrypt.parse((DATA / name).read_text().split("\n"))


def test_one_grid_per_algorithm_run_from_its_heading():
    found = grids("seconds.txt")
    assert [(g.first_line, g.last_line) for g in found] == [(2, 6), (10, 14)]
    assert found[1].rows[0].label == "test 0 (128 bit key, 16 byte blocks)"
    assert [c.value.value for c in found[1].rows[0].cells] == [5120344, 81925504]
    assert found[0].header == ("operations", "bytes") and found[0].roles == ("metric", "ignore")
    assert found[0].higher_is_better is True


def test_cycle_counts_and_hash_forms():
    cycles, hash_cycles, hash_rates = grids("cycles_and_hash.txt")
    assert cycles.header == ("cycles",) and cycles.higher_is_better is False
    assert [r.cells[0].value.value for r in cycles.rows] == [212, 395]
    assert hash_cycles.rows[1].label == "test 1 (64 byte blocks, 16 bytes per update, 4 updates)"
    assert hash_cycles.higher_is_better is False
    assert hash_rates.header == ("opers/sec", "bytes/sec") and hash_rates.higher_is_better is True
    assert [r.cells[0].value.value for r in hash_rates.rows] == [2802044, 912335]


def test_runs_under_before_and_after_captions_are_one_table():
    (table,) = analyze_body((DATA / "seconds.txt").read_text()).tables
    record = table.item
    assert (record.baseline_label, record.patched_label) == ("Without the series:", "With the series:")
    first = record.pairs[0]
    assert (first.baseline, first.patched, first.verdict) == (4203118, 5120344, "better")
    assert len(record.pairs) == 4  # the byte counts scale the operations: no second result


def test_a_single_run_compares_nothing():
    assert analyze_body((DATA / "cycles_and_hash.txt").read_text()).tables == ()


def test_other_test_lines_are_not_tcrypt():
    assert not tcrypt.detect(["test 1 (boot): passed", "test 2 (suspend): failed after 3 seconds"])
