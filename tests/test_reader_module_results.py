"""Kernel test modules' results printed as sentences behind the module's name, one run per module."""

from __future__ import annotations

from pathlib import Path

from extractors.analysis import analyze_body
from extractors.blocks import line_kind
from extractors.readers import module_results

DATA = Path(__file__).parent / "data" / "readers" / "module_results"


def grids(name: str):
    return module_results.parse((DATA / name).read_text().split("\n"))


def test_a_run_keeps_its_progress_lines_between_results_and_ends_with_the_module():
    run, = grids("progress.txt")  # one result of another module is no run
    assert (run.first_line, run.last_line, run.benchmark) == (2, 5, "mtd_speedtest")
    assert [(r.label, r.cells[0].value.value, r.cells[0].value.unit) for r in run.rows] == [
        ("eraseblock write speed", 9514, "KiB/s"), ("eraseblock read speed", 13003, "KiB/s"),
        ("2x multi-block erase speed", 150312, "KiB/s")]


def test_result_lines_are_the_tools_and_a_sentence_is_not():
    assert line_kind("mtd_speedtest: page read speed is 12044 KiB/s") == "data"
    assert line_kind("[   41.203311] mtd_speedtest: page read speed is 16920 KiB/s") == "data"
    assert line_kind("Overall the page read speed is 12044 KiB/s") == "text"
    assert not module_results.detect(["mtd_speedtest: page read speed is 12044 KiB/s"])


def test_runs_under_side_captions_compare():
    found = analyze_body((DATA / "speedtest.txt").read_text())
    table, = found.tables
    assert (table.item.baseline_label, table.item.patched_label) == ("Read speed before:", "Read speed after:")
    assert [(p.label, p.baseline, p.patched) for p in table.item.pairs] == [
        ("page read speed", 12044, 16920), ("2 page read speed", 12871, 16815)]
