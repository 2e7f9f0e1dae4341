"""mmtests compare-kernels: kernel columns named from the header, gains, significance, direction."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import mmtests

DATA = Path(__file__).parent / "data" / "readers" / "mmtests"


def grids(name: str):
    return mmtests.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, headers", [
    ("compare.txt", [(1, 8), (10, 14)], [
        ("6.8.0-rc1 vanilla", "", "6.8.0-rc1 patched-v2r3", ""), ("6.8.0-rc1 vanilla", "6.8.0-rc1 patched-v2r3")]),
    ("lower_better_three_kernels.txt", [(0, 6), (10, 10)],
     [("v6.6 vanilla", "", "v6.7 vanilla", "", "v6.7 patched-r1", "")] * 2),
    # gains printed without padding, and the parameter's name over the row labels: no kernel's name
    ("unpadded_gains.txt", [(0, 3)], [("base-v6.9", "", "qlock-v6.9", "")]),
    # an arrow typed after a row to point at it ends no table; each name printed cut over itself in full
    ("pointed_row_and_cut_names.txt", [(0, 5)], [("vanilla-v6", "", "patched-v6", "")]),
])
def test_grids_and_kernel_names(name, spans, headers):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert [g.header for g in found] == headers


@pytest.mark.parametrize("name, grid, roles, higher, significant", [
    ("compare.txt", 0, ("baseline", "ignore", "patched", "gain"), True, (True, False, True, False, False, False)),
    ("compare.txt", 1, ("baseline", "patched"), None, ()),
    ("lower_better_three_kernels.txt", 0, ("baseline", "ignore") + ("patched", "gain") * 2, False,
     (True, True, False, False, False)),
])
def test_roles_direction_and_significance(name, grid, roles, higher, significant):
    found = grids(name)[grid]
    assert (found.roles, found.higher_is_better, found.significant) == (roles, higher, significant)


@pytest.mark.parametrize("name, label, texts, numbers", [
    ("compare.txt", "Hmean 64", ["1234.56", "(   0.00%)", "1300.00", "*   5.30%*"], [1234.56, 0, 1300, 5.3]),
    ("compare.txt", "Hmean 256", ["4000.00", "(   0.00%)", "3800.00", "*  -5.00%*"], [4000, 0, 3800, -5]),
    ("compare.txt", "BAmean-99 64", ["1230.00", "(   0.00%)", "1298.00", "(   5.53%)"], [1230, 0, 1298, 5.53]),
    ("compare.txt", "Duration Elapsed", ["1802.45", "1801.99"], [1802.45, 1801.99]),
    ("lower_better_three_kernels.txt", "1st-qrtle 1", ["0.3550", "(   0.00%)", "0.3500", "(   1.41%)", "0.3350",
                                                       "(   5.63%)"], [0.355, 0, 0.35, 1.41, 0.335, 5.63]),
])
def test_rows(name, label, texts, numbers):
    (row,) = [r for g in grids(name) for r in g.rows if r.label == label]
    assert [c.text for c in row.cells] == texts
    assert [c.value.value for c in row.cells] == [pytest.approx(n) for n in numbers]


def test_detects_gains_however_padded():
    assert mmtests.detect((DATA / "unpadded_gains.txt").read_text().split("\n"))


def test_a_table_split_by_a_remark_keeps_its_kernel_names():
    assert grids("lower_better_three_kernels.txt")[1].rows[0].label == "Amean 16"
