"""dd: GNU coreutils, busybox and toybox transfer summaries, consecutive copies as one run."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.analysis import analyze_body
from extractors.readers import dd, read_tool_output

DATA = Path(__file__).parent / "data" / "readers" / "dd"


def grids(name: str):
    return dd.parse((DATA / name).read_text().split("\n"))


def test_coreutils_runs_with_record_counts():
    found = grids("coreutils.txt")
    assert [(g.first_line, g.last_line) for g in found] == [(1, 3), (6, 9)]
    assert found[0].header == ("bytes", "copied", "rate")
    assert found[0].roles == ("config", "metric", "metric")
    assert [[c.value.value for c in r.cells] for r in found[1].rows] == [
        [2097152000, pytest.approx(3.20991), 653], [2097152000, pytest.approx(3.18702), 658]]
    assert [r.label for r in found[1].rows] == ["1", "2"]
    assert found[0].rows[0].cells[2].value.unit == "MB/s"


def test_busybox_seconds_and_toybox_rate_units():
    busybox, toybox = grids("busybox_toybox.txt")
    assert busybox.rows[0].cells[1].value.value == pytest.approx(1.873204)
    assert busybox.rows[0].cells[2].value.value == pytest.approx(133.5)
    assert [r.cells[2].value.value for r in toybox.rows] == [119, 114]
    assert toybox.rows[0].cells[2].value.unit == "MB/s"  # toybox's "M/s" counts bytes


def test_the_registry_finds_dd_and_a_sentence_is_no_summary():
    assert [g.reader for g in read_tool_output((DATA / "coreutils.txt").read_text().split("\n"))] == ["dd", "dd"]
    assert dd.parse(["We copied 2000 bytes copied, 3 s, 5 MB/s of it, roughly."]) == []


def test_summaries_far_apart_are_separate_runs():
    summary = "2048000 bytes (2.0 MB, 2.0 MiB) copied, 0.25 s, 8.2 MB/s"
    assert [(g.first_line, g.last_line) for g in dd.parse([summary, "", summary])] == [(0, 2)]
    assert [(g.first_line, g.last_line) for g in dd.parse([summary, "", "", "", summary])] == [(0, 0), (4, 4)]


def test_summaries_under_captions_naming_the_sides_pair():
    """One summary line right under "Without the patch:" and one under "With it:" (no record counts,
    as authors often trim them): each is a run of its own, and the captions name its side."""
    text = ("Copying to the device:\n\n"
            "Without the patch:\n"
            "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 80.5 s, 13.3 MB/s\n\n"
            "With the patch:\n"
            "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 9.75 s, 110 MB/s\n")
    (table,) = analyze_body(text).tables
    assert table.item.reader == "dd"
    assert (13.3, 110.0) in [(p.baseline, p.patched) for p in table.item.pairs]


def test_runs_under_comment_lines_in_parentheses_take_their_sides():
    """"# ram1 (stock driver)" is no command a shell runs (a bare parenthesis after a word), so it
    captions the copy below it."""
    run = "4194304+0 records in\n4194304+0 records out\n2147483648 bytes (2.1 GB, 2.0 GiB) copied, {} s, {} MB/s\n"
    text = ("Three copies:\n\n# ram0\n" + run.format("10.5", "205") + "\n# ram1 (stock driver)\n"
            + run.format("26.1", "82.3") + "\n# ram2 (patched driver)\n" + run.format("10.9", "197") + "\n")
    (table,) = analyze_body(text).tables
    assert (table.item.baseline_label, table.item.patched_label) == ("ram1 (stock driver)", "ram2 (patched driver)")
    assert (82.3, 197.0) in [(p.baseline, p.patched) for p in table.item.pairs]


def test_a_copy_of_a_few_blocks_is_test_data_not_a_run():
    """Two small copies under two captions write test patterns: their rates are dd's start-up."""
    copy = "3+1 records in\n3+1 records out\n6002 bytes (6.0 kB, 5.9 KiB) copied, {} s, {} MB/s\n"
    small = "Odd offset:\n" + copy.format("0.000412", "14.6") + "\nEven offset:\n" + copy.format("0.000301", "19.9")
    assert dd.parse(small.split("\n")) == []
    assert analyze_body(small).tables == ()
