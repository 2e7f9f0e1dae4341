"""fio: a grid per job (normal 3.x and 2.x output, wrapped lines, terse lines) with its group summary."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import fio

DATA = Path(__file__).parent / "data" / "readers" / "fio"


def grids(name: str):
    return fio.parse((DATA / name).read_text().split("\n"))


def value(grid, label: str):
    (found,) = [c.value for r in grid.rows if r.label == label for c in r.cells]
    return found


@pytest.mark.parametrize("name, spans, captions", [
    ("job_v3.txt", [(1, 32)], ["randread"]),
    ("two_jobs_wrapped.txt", [(2, 14), (18, 21)], ["seqwrite", "seqwrite"]),
    # two jobs summed in one group ran in one invocation: one grid, its rows named by job
    ("group_of_two.txt", [(0, 5), (7, 9)], [None, "Run status group 0 (all jobs)"]),
    ("fio2.txt", [(0, 14)], ["job1"]),
    ("terse.txt", [(2, 2)], ["randread"]),
])
def test_one_grid_per_run(name, spans, captions):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert [g.caption for g in found] == captions


@pytest.mark.parametrize("name, grid, label, text, number, unit", [
    ("job_v3.txt", 0, "read IOPS", "303k", 303000, "IOPS"),
    ("job_v3.txt", 0, "read BW", "1185MiB/s", 1185, "MiB/s"),
    ("job_v3.txt", 0, "read slat avg", "1544.87", 1544.87, "nsec"),
    ("job_v3.txt", 0, "read lat stdev", "41.04", 41.04, "usec"),
    ("job_v3.txt", 0, "read clat 99.99th", "603", 603, "usec"),
    ("job_v3.txt", 0, "read bw avg", "1185.43", 1185.43, "MiB/s"),
    ("job_v3.txt", 0, "read iops stdev", "7127.12", 7127.12, "IOPS"),
    ("job_v3.txt", 0, "cpu sys", "78.93%", 78.93, "%"),
    ("job_v3.txt", 0, "READ bw", "1185MiB/s", 1185, "MiB/s"),
    ("job_v3.txt", 0, "nvme0n1 util", "99.71%", 99.71, "%"),
    ("two_jobs_wrapped.txt", 0, "write clat stdev", "20114.87", 20114.87, "nsec"),
    ("two_jobs_wrapped.txt", 0, "write clat 20.00th", "3120", 3120, "nsec"),
    ("two_jobs_wrapped.txt", 0, "write bw stdev", "11234.10", 11234.1, "KiB/s"),
    ("two_jobs_wrapped.txt", 1, "write IOPS", "66.8k", 66800, "IOPS"),
    ("fio2.txt", 0, "read BW", "81234KB/s", 81234, "KB/s"),
    ("fio2.txt", 0, "read IOPS", "20308", 20308, "IOPS"),
    ("fio2.txt", 0, "read bw avg", "83141.75", 83141.75, "KB/s"),
    ("fio2.txt", 0, "READ bw", "81234KB/s", 81234, "KB/s"),
    ("terse.txt", 0, "read IOPS", "296238", 296238, "IOPS"),
    ("terse.txt", 0, "read clat 99.00th", "229", 229, "usec"),
    ("terse.txt", 0, "read lat avg", "105.210000", 105.21, "usec"),
    ("terse.txt", 0, "read bw avg", "1213880.320000", 1213880.32, "KiB/s"),
    ("terse.txt", 0, "cpu usr", "21.040000%", 21.04, "%"),
    ("terse.txt", 0, "nvme0n1 util", "99.71%", 99.71, "%"),
])
def test_fields(name, grid, label, text, number, unit):
    found = value(grids(name)[grid], label)
    assert (found.text, found.value, found.unit) == (text, pytest.approx(number), unit)


@pytest.mark.parametrize("name", ["job_v3.txt", "fio2.txt", "terse.txt"])
def test_histogram_buckets_depths_and_sample_counts_are_not_values(name):
    labels = {r.label for g in grids(name) for r in g.rows}
    assert not any(word in label for label in labels for word in ("samples", "per", "depth", "lat (", "ios"))
    assert not any(label.startswith("write") for label in labels)  # idle directions of the terse line


def test_the_jobs_of_one_invocation_are_one_run_not_runs_to_compare():
    jobs = grids("group_of_two.txt")[0]
    assert value(jobs, "reader read IOPS").value == 120000 and value(jobs, "writer write IOPS").value == 80100
    from extractors.analysis import analyze_body
    body = "Both sockets at once:\n\n" + (DATA / "group_of_two.txt").read_text().replace("reader", "socket0").replace(
        "writer", "socket1").replace("write:", "read:")
    assert analyze_body(body).tables == ()


def test_jobs_that_ended_in_the_same_second_ran_in_one_invocation():
    """Two groups of one job file, their summaries cut off: the end time each job's header prints says
    they ran side by side. Two runs of one job, minutes apart, stay runs to compare."""
    (both,) = grids("two_groups_cut.txt")
    assert value(both, "near read IOPS").value == 1210000 and value(both, "far read IOPS").value == 988000
    later = (DATA / "two_groups_cut.txt").read_text().replace("far:", "near:").replace("09:14:02 2024\n  read: IOPS=988k",
                                                                                       "09:31:40 2024\n  read: IOPS=988k")
    assert len(fio.parse(later.split("\n"))) == 2
    wrapped = (DATA / "two_groups_cut.txt").read_text().replace("09:14:02 2024", "\n09:14:02 2024")  # an Outlook wrap
    assert len(fio.parse(wrapped.split("\n"))) == 1


def test_fields_pasted_without_their_job_are_a_run_each_time_a_field_repeats():
    """"bw (...): min=" and "lat (...): min=" lines copied out of two reports, one run under each caption:
    the second bw line opens the second run, and the two runs compare as one table of their fields."""
    first, second = grids("pasted_fields.txt")
    assert [(g.first_line, g.last_line) for g in (first, second)] == [(1, 2), (5, 6)]
    assert value(second, "bw avg").value == pytest.approx(92760.6) and value(second, "lat max").value == 3866
    from extractors.analysis import analyze_body
    (placed,) = analyze_body((DATA / "pasted_fields.txt").read_text()).tables
    table = placed.item
    assert (table.baseline_label, table.patched_label) == ("Without the change:", "With the change:")
    assert ("lat avg", 88.5, 85.95) in {(p.label, p.baseline, p.patched) for p in table.pairs}


def test_fios_preamble_is_its_output_and_the_authors_line_above_captions_the_run():
    """"name: (g=0): rw=...", its wrapped "(T) ..." tail, "fio-3.x", "Starting 1 process" and "name: Laying
    out IO file (...)" read like prose, but fio printed them: they are the run's block, and the run's
    caption is the line above."""
    from extractors.blocks import split_blocks
    from extractors.tables.regions import find_regions

    body = ("Polled completions:\n\n"
            "job1: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B,\n"
            "(T) 4096B-4096B, ioengine=io_uring, iodepth=32\n"
            "fio-3.36\n"
            "Starting 1 process\n"
            "job1: Laying out IO file (1 file / 2048MiB)\n"
            "job1: (groupid=0, jobs=1): err= 0: pid=4242: Tue Mar  4 10:00:00 2025\n"
            "  read: IOPS=512k, BW=2000MiB/s (2097MB/s)(39.1GiB/20001msec)\n"
            "    clat (usec): min=20, max=900, avg=61.20, stdev=9.75\n")
    blocks = split_blocks(body)
    assert [b.kind for b in blocks if b.kind != "blank"] == ["prose", "table"]
    (region,) = find_regions(blocks, 0)
    assert list(region.captions.values()) == ["Polled completions:"]


def _fio_run(options: str, iops: str, avg: str) -> str:
    return (f"# fio --name=t --ioengine=io_uring --rw=randread --bs=4k --iodepth=64 {options}\n"
            "t: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B,\n"
            "(T) 4096B-4096B, ioengine=io_uring, iodepth=64\nfio-3.36\nStarting 1 process\n"
            "t: (groupid=0, jobs=1): err= 0: pid=4242: Tue Mar  4 10:00:00 2025\n"
            f"  read: IOPS={iops}, BW=2000MiB/s (2097MB/s)(39.1GiB/20001msec)\n"
            f"    clat (usec): min=20, max=900, avg={avg}, stdev=9.75\n")


def test_two_runs_whose_commands_differ_by_an_added_option_compare_without_and_with_it():
    """The same command again with "--hipri=1" added, each under a caption naming no side: the option
    is what the second run changes, so the first run is the baseline, the captions read across the
    command lines between them and the runs."""
    from extractors.analysis import analyze_body

    body = ("Interrupts,\n\n" + _fio_run("--runtime=20", "512k", "61.20") +
            "\nPolling,\n\n" + _fio_run("--runtime=20 --hipri=1", "801k", "39.10"))
    (table,) = [t.item for t in analyze_body(body, None).tables]
    assert "without --hipri=1" in table.baseline_label and "Interrupts" in table.baseline_label
    assert "with --hipri=1" in table.patched_label
    assert {p.label: (p.baseline, p.patched) for p in table.pairs}["read IOPS"] == (512000, 801000)
    dropped = body.replace("--runtime=20 --hipri=1", "--hipri=1")  # an option dropped as well: no plain change
    assert all(not t.item.pairs for t in analyze_body(dropped, None).tables)
