"""fio's status lines (the line it rewrites every second), old and new form: a run per block of lines,
a column per direction and quantity printed, no column for a direction that stays at zero."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.analysis import analyze_body
from extractors.readers import fio_status

DATA = Path(__file__).parent / "data" / "readers" / "fio_status"


def grids(name: str):
    return fio_status.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, header, first_row", [
    ("old_status_lines.txt", [(1, 3), (6, 8)], ("read bw", "read iops"), [4212e6, 1028e3]),
    ("new_status_lines.txt", [(1, 2), (4, 5)], ("read bw", "write bw", "read iops", "write iops"),
     [301.0, 129.0, 77.1e3, 33.0e3]),
])
def test_runs_of_status_lines(name, spans, header, first_row):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert {g.header for g in found} == {header}
    assert [c.value.value for c in found[0].rows[0].cells] == pytest.approx(first_row)
    assert [r.label for r in found[0].rows] == [str(n) for n in range(1, len(found[0].rows) + 1)]


@pytest.mark.parametrize("line", [
    "Jobs: 16 (f=16): [r] [0.3% done] [4212M/0K /s] [1028K/0  iops] [eta 02h:11m:40s]",
    "Jobs: 4 (f=4): [m(4)][12.5%][r=301MiB/s,w=129MiB/s][r=77.1k,w=33.0k IOPS][eta 00m:35s]",
    "Jobs: 1 (f=1): [r(1)][100.0%][r=2051MiB/s][r=525k IOPS][eta 00m:00s]",
])
def test_status_lines_are_samples(line):
    assert len(fio_status.parse([line])) == 1


@pytest.mark.parametrize("line", [
    "Jobs: 16 were started on the box",
    "Jobs: 1 (f=1): [_(1)][100.0%][eta 00m:00s]",  # the last line, the jobs done: no figures
])
def test_other_lines_are_not(line):
    assert fio_status.parse([line]) == []


def test_captioned_runs_of_status_lines_pair_by_sample():
    (table,) = analyze_body((DATA / "old_status_lines.txt").read_text()).tables
    pairs = [(p.label, p.baseline, p.patched) for p in table.item.pairs]
    assert ("1 read iops", 1028e3, 1189e3) in [(label.split(": ")[-1], b, a) for label, b, a in pairs]
