"""UnixBench: results with their bookkeeping columns ignored, the index table whose BASELINE is no kernel."""

from __future__ import annotations

from pathlib import Path

from extractors.readers import unixbench

DATA = Path(__file__).parent / "data" / "readers" / "unixbench"


def test_results_and_index():
    results, index = unixbench.parse((DATA / "run.txt").read_text().split("\n"))
    assert results.caption == index.caption == "8 CPUs in system; running 1 parallel copy of tests"
    assert (results.first_line, results.last_line, index.first_line, index.last_line) == (2, 8, 10, 17)
    assert results.roles == ("metric", "ignore", "ignore") and index.roles == ("ignore", "metric", "metric")
    assert [(c.value.value, c.value.unit) for c in results.rows[1].cells] == [(7890.1, "MWIPS"), (9.9, "s"), (7, None)]
    score = index.rows[-1]
    assert (score.label, [c.value.value if c.value else None for c in score.cells]) == (
        "System Benchmarks Index Score", [None, None, 2615.3])


def test_a_partial_run_indented_by_the_mail_is_its_index_table():
    # a run of some tests prints "Partial Index" over its table; higher is better for every UnixBench figure
    (index,) = unixbench.parse((DATA / "partial_indented.txt").read_text().split("\n"))
    assert [row.label for row in index.rows] == ["Execl Throughput", "File Copy 1024 bufsize 2000 maxblocks",
                                                 "Pipe Throughput", "System Benchmarks Index Score"]
    assert index.rows[1].cells[1].value.value == 512301.0 and index.rows[-1].cells[2].value.value == 1082.9
    assert index.higher_is_better is True


def test_a_result_wrapped_and_an_index_header_squeezed_by_the_mail_are_read():
    # "(10.0 s, 1" / "samples)": the client wrapped the result line; "BASELINE RESULT INDEX" lost its padding
    results, index = unixbench.parse((DATA / "wrapped_by_the_mail.txt").read_text().split("\n"))
    assert results.rows[0].cells[0].value.value == 412087.3
    assert results.last_line == 1  # the wrapped "samples)" is the result's, no caption of the index table
    assert [row.label for row in index.rows] == ["Pipe-based Context Switching", "System Benchmarks Index Score"]
    assert index.rows[-1].cells[2].value.value == 1030.2
