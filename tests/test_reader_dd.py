"""dd: GNU coreutils, busybox and toybox transfer summaries, consecutive copies as one run."""

from __future__ import annotations

from pathlib import Path

import pytest

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
