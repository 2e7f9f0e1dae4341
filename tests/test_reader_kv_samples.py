"""key=value sample lines (t/io_uring): a run per block of samples, only single numbers as values."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import kv_samples

DATA = Path(__file__).parent / "data" / "readers" / "kv_samples"


def grids(name: str):
    return kv_samples.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, header, first_row", [
    ("io_uring_new.txt", [(5, 9), (13, 14)], ("IOPS", "BW"), ["5.12M", "2.50GiB/s"]),
    ("io_uring_old.txt", [(2, 4)], ("IOPS",), ["2401216"]),
    ("two_submitters.txt", [(2, 3)], ("IOPS", "BW"), ["5806400", "2835MiB/s"]),
])
def test_runs_of_samples(name, spans, header, first_row):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert {g.header for g in found} == {header}
    assert [c.text for c in found[0].rows[0].cells] == first_row
    samples = [r.label for r in found[0].rows if r.label[0].isdigit()]
    assert samples == [str(n) for n in range(1, len(samples) + 1)]


@pytest.mark.parametrize("line, sample", [
    ("IOPS=125.88M, BW=61.46GiB/s, IOS/call=32/31", True),
    ("IOPS=240096, IOS/call=32/31, inflight=91 (91)", True),
    ("rps=1234, lat=12us", True),
    ("polled=1, fixedbufs=1, register_files=1, buffered=0, QD=128", False),
    ("submitter=0, tid=1206", False),
    ("sq_ring=128, cq_ring=256", False),
])
def test_samples_have_a_result(line, sample):
    assert kv_samples.detect([line]) is sample


def test_iops_value_is_scaled_and_labelled():
    (cell, _) = grids("io_uring_new.txt")[0].rows[0].cells
    assert (cell.value.value, cell.value.unit) == (5.12e6, "IOPS")


def test_the_maximum_printed_after_the_interrupt_is_the_runs_last_row():
    """t/io_uring prints its maximum when ^C stops it: a row of the run named by the statistic, its
    value in its key's column; a statistic of a key the samples do not have is not."""
    (run,) = kv_samples.parse([
        "IOPS=3120K, BW=1523MiB/s, IOS/call=31/30",
        "IOPS=3131K, BW=1529MiB/s, IOS/call=31/31",
        "^CExiting on signal",
        "Maximum IOPS=3131K",
    ])
    assert (run.first_line, run.last_line) == (0, 3)
    assert [(r.label, [c.text for c in r.cells]) for r in run.rows] == [
        ("1", ["3120K", "1523MiB/s"]), ("2", ["3131K", "1529MiB/s"]), ("Maximum", ["3131K", ""])]
    (run,) = kv_samples.parse(["IOPS=3120K, BW=1523MiB/s", "IOPS=3131K, BW=1529MiB/s", "Maximum lat=12us"])
    assert [r.label for r in run.rows] == ["1", "2"]


def test_requests_in_flight_in_brackets_are_no_column():
    (run,) = kv_samples.parse(["IOPS=2794K, BW=1364MiB/s, inflight=(124)", "IOPS=2793K, BW=1363MiB/s, inflight=(62)"])
    assert run.header == ("IOPS", "BW")
