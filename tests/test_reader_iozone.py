"""iozone's throughput mode: one grid per run, rows named by the test and the figure, runs as siblings."""

from __future__ import annotations

from pathlib import Path

from extractors.analysis import analyze_body
from extractors.readers import iozone

DATA = Path(__file__).parent / "data" / "readers" / "iozone"
TEXT = (DATA / "runs_under_captions.txt").read_text()


def test_one_grid_per_run_from_its_settings_to_its_last_result():
    first, second = iozone.parse(TEXT.split("\n"))
    assert (first.first_line, first.last_line, second.first_line, second.last_line) == (2, 27, 31, 51)
    assert [(r.label, r.cells[0].value.value, r.cells[0].value.unit) for r in first.rows[:2]] == [
        ("initial writers: Children see throughput", 301220.45, "kB/sec"),
        ("initial writers: Parent sees throughput", 300981.10, "kB/sec")]
    assert "readers: CPU utilization" in [r.label for r in second.rows]
    assert not any("xfer" in r.label for r in first.rows)  # the size each process moved is no result


def test_settings_lines_are_the_tools_not_prose():
    assert iozone.detect(TEXT.split("\n"))
    assert not iozone.detect(["Children see the results below.", "Throughput for 8 writers is fine."])


def test_runs_under_captions_are_one_table():
    (table,) = [t.item for t in analyze_body(TEXT).tables]
    assert (table.reader, table.baseline_label, table.patched_label) == ("iozone", "Baseline (v6.9):", "With the series:")
    assert (table.pairs[0].label, table.pairs[0].baseline, table.pairs[0].patched) == (
        "initial writers: Children see throughput", 301220.45, 322871.66)
