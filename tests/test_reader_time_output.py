"""time: bash/POSIX/zsh forms and GNU time's default and -v reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.analysis import analyze_body
from extractors.readers import time_output

DATA = Path(__file__).parent / "data" / "readers" / "time_output"


def grids(name: str):
    return time_output.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, grid, rows", [
    ("shells.txt", 0, [("real", 275.973), ("user", 2184.117), ("sys", 182.456)]),
    ("shells.txt", 1, [("real", 4.56), ("user", 3.21), ("sys", 0.12)]),
    ("shells.txt", 3, [("real", 62.25), ("user", 0.031), ("sys", 0.46)]),  # a decimal comma
    ("gnu.txt", 0, [("user", 12.34), ("system", 1.23), ("elapsed", 5.67), ("CPU", 240), ("maxresident", 12345),
                    ("inputs", 0), ("outputs", 16), ("major", 0), ("minor", 1234), ("swaps", 0)]),
    # BusyBox's time puts a space after the minutes
    ("busybox.txt", 0, [("real", 1.52), ("user", 0.31), ("sys", 1.17)]),
    # GNU time's first line quoted up to "elapsed", without the CPU share
    ("gnu_without_cpu.txt", 1, [("user", 9.12), ("system", 201.30), ("elapsed", 221.08)]),
])
def test_forms(name, grid, rows):
    found = grids(name)[grid]
    assert [(r.label, r.cells[0].value.value) for r in found.rows] == [(k, pytest.approx(v)) for k, v in rows]


def test_zsh_lines_are_a_row_each_named_by_what_precedes_the_times():
    """zsh prints the command before its times; an author may put a name of the run there instead, and a
    remark on the change after them."""
    (single,) = [g for g in grids("shells.txt") if g.header == ("user", "system", "cpu", "total")]
    assert [(r.label, [c.value.value for c in r.cells]) for r in single.rows] == [
        ("make -j32", [pytest.approx(1234.56), pytest.approx(123.45), 2400, pytest.approx(56.789)])]
    lines = ["walking the tree, twice each:", "",
             "before: 2.10s user 512.40s system 1710% cpu 30.120 total",
             "after:  2.05s user 250.10s system 1650% cpu 15.200 total (-50%)",
             "   1.10s user 12.00s system 99% cpu 13.100 total"]
    (named,) = time_output.parse(lines)
    assert [r.label for r in named.rows] == ["before", "after", "3"]
    assert named.rows[1].cells[3].value.value == pytest.approx(15.2)
    found = analyze_body("\n".join(lines[:4]))
    assert [(p.label, p.baseline, p.patched) for t in found.tables for p in t.item.pairs if p.label == "total"] == [
        ("total", pytest.approx(30.12), pytest.approx(15.2))]


def test_value_first_lines_are_runs_of_one_command():
    bsd, mksh = grids("value_first.txt")
    assert bsd.header == ("real", "user", "sys")
    assert [r.label for r in bsd.rows] == ["1", "2", "3"]
    assert [c.value.value for c in bsd.rows[1].cells] == [pytest.approx(2.39), pytest.approx(1.01), pytest.approx(0.36)]
    assert [c.value.value for c in mksh.rows[0].cells] == [pytest.approx(3.21), pytest.approx(0.01), pytest.approx(2.98)]
    assert (mksh.first_line, mksh.last_line) == (7, 7)


def test_gnu_verbose_report():
    verbose = grids("gnu.txt")[1]
    assert verbose.caption == "make -j32"
    labels = {r.label: r.cells[0].value for r in verbose.rows}
    assert labels["Elapsed (wall clock) time (h:mm:ss or m:ss)"].value == pytest.approx(56.78)
    assert labels["User time (seconds)"].unit == "s"
    assert "Exit status" not in labels


def test_gnu_lines_under_side_captions_are_one_comparison():
    found = analyze_body((DATA / "gnu_without_cpu.txt").read_text())
    assert [(p.label, p.baseline, p.patched) for t in found.tables for p in t.item.pairs] == [
        ("user", 21.07, 9.12), ("system", 1804.11, 201.30), ("elapsed", pytest.approx(1862.55), pytest.approx(221.08))]
