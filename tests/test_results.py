"""Inline results: one parametrized case per statement form, with sentences written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.results import find_inline_results

DATA = Path(__file__).parent / "data" / "tables"


def summary(result):
    return (result.baseline, result.patched, result.unit, result.delta_pct, result.verdict)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a change verb with "from A to B"
        ("The cold path of foo_lock() dropped from about 900 to 700 cycles.",
         [(900.0, 700.0, "cycles", -22.22, "better")]),
        ("** the throughput is improved from 1,200MB/s to 1,500MB/s",
         [(1200.0, 1500.0, "MB/s", 25.0, "better")]),
        ("** the tail latency is reduced from 9.5ms to 4.75", [(9.5, 4.75, "ms", -50.0, "better")]),
        ("Why did the rate drop from 800 ops/sec to 600?", [(800.0, 600.0, "ops/sec", -25.0, "worse")]),
        # ranges give their middle, and their half-widths are spreads: these two overlap
        ("- Idle time drops from ~2K-4K to ~1K-3K", [(3000.0, 2000.0, None, -33.33, "noise")]),
        ("Latency went from 10.2 +/- 0.3 ms to 9.8 +/- 0.2 ms.", [(10.2, 9.8, "ms", -3.92, "noise")]),
        # arrows give the order; two configurations in parallel clauses
        ("hackbench: 12.30s -> 11.10s", [(12.3, 11.1, "s", -9.76, "better")]),
        ("Throughput (MB/s): 480 \u2192 510", [(480.0, 510.0, None, 6.25, "better")]),
        ("On the old box A=1 runs in ~40s, while A=0 runs in ~30s.", [(40.0, 30.0, "s", -25.0, "better")]),
        # both sides named on one line
        ("Score: base: 1234, patched: 1300", [(1234.0, 1300.0, None, 5.35, "better")]),
        ("Throughput: 1234 MB/s (before) vs 1300 MB/s (after).", [(1234.0, 1300.0, "MB/s", 5.35, "better")]),
        ("hackbench time, without the patch: 12.5s / with the patch: 11.9s", [(12.5, 11.9, "s", -4.8, "better")]),
        ("The build took 5.2s before and 4.8s after.", [(5.2, 4.8, "s", -7.69, "better")]),
        ("We get 120 ops/s without the patch and 130 ops/s with it.", [(120.0, 130.0, "ops/s", 8.33, "better")]),
        # a before/after block whose newlines were lost
        ("Without flushing: Score: 11066 With flushing: Score: 11031 Flushing TLB times: 3973286",
         [(11066.0, 11031.0, None, -0.32, "worse")]),
        ("Before the patch: 12.5s, after the patch: 11.9s", [(12.5, 11.9, "s", -4.8, "better")]),
        # "A and B ... without and with the patch respectively"
        ("The lock rates were 400.0 Mop/s and 420.0\nMop/s without and with the patch respectively.",
         [(400.0, 420.0, "Mop/s", 5.0, "better")]),
        ("We got 20 s and 25 s with and without the patch respectively.",
         [(25.0, 20.0, "s", -20.0, "better")]),
        # a change given only as a percentage
        ("- Frame rate improves by ~4.5%", [(None, None, None, 4.5, "better")]),
        ("kernel test robot noticed a -8.1% regression of fakebench.ops_per_sec on:",
         [(None, None, None, -8.1, "worse")]),
        ("This patch improves hackbench by 5.2% on my box.", [(None, None, None, 5.2, "better")]),
        ("It reduces the p99 latency by 30%.", [(None, None, None, -30.0, "better")]),
        ("We saw a 12% improvement in throughput.", [(None, None, None, 12.0, "better")]),
        # labelled lines, a blank line between them
        ("Without the patch: 123.4 ops/s\n\nWith the patch: 130.1 ops/s", [(123.4, 130.1, "ops/s", 5.43, "better")]),
        # an overhead alone is a negative change, over one or two sentences
        ("I measured only the overhead of the patch.  It was about 1.5%.", [(None, None, "%", -1.5, "worse")]),
        ("The overhead is around 3% on the small box.", [(None, None, "%", -3.0, "worse")]),
    ],
)
def test_prose_results(text, expected):
    assert [summary(r) for r in find_inline_results(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "No numbers here at all.",
        "The overhead is less than 0.5%.",  # a bound, not a measurement
        "It improves about 6% on my box.",  # a claim: nothing named was measured
        "Throughput drops by about 4% to 5%.",  # a span of percentages is a claim's magnitude
        "The struct size is increased from 26 cache lines to 40 cache lines.",  # a footprint, not speed
        "We scaled the test from 1 to 64 threads.",  # no change verb: a parameter sweep
        "This patch increases the default batch from 16 to 32.",  # a setting, not a measurement
        "Raise the limit from 64 to 128 entries.",
        "Batch size: 4096 -> 8192",
        "It reduces the default timeout by 50%.",
        "Patch 3 of 7 changes 12 files.",
        "The base kernel was 5.10 and I applied 3 patches.",
        "Changes 1 -> 2: fixed a typo",  # a version step, not a measurement
        "v5 -> v6: rebased",
    ],
)
def test_statements_that_are_not_results(text):
    assert find_inline_results(text) == []


def test_two_labelled_lines_with_spreads_are_one_result_at_the_first_line():
    text = (
        "10 runs of the build.\n\n"
        "Elapsed time without my patches: 500.25 +/- 2.5 s\n"
        "                with my patches: 490.00 +/- 3.0 s\n"
    )
    (result,) = find_inline_results(text)
    assert text[result.start:].startswith("Elapsed time without")
    assert result.text == "Elapsed time without my patches: 500.25 +/- 2.5 s with my patches: 490.00 +/- 3.0 s"
    assert (result.benchmark, result.baseline_spread, result.patched_spread) == ("Elapsed time", 2.5, 3.0)
    assert result.verdict == "better"  # -2.05% is outside the two spreads (1.1% together)


def test_before_after_key_value_sections():
    text = (
        "Without caching:\n"
        "Score: 2000\n"
        "\n"
        "With caching:\n"
        "Score: 2100\n"
        "Cache hits: 512\n"
    )
    (result,) = find_inline_results(text)
    assert result.start == 0  # the caption line starts the statement
    assert summary(result) == (2000.0, 2100.0, None, 5.0, "better")
    assert result.text == "Without caching: Score: 2000 With caching: Score: 2100"


def test_key_value_sections_with_several_items_per_line_and_a_range():
    text = (
        "Before this change:\n\n"
        "  Range:  0.000 - 5000.000; Mean: 200.500; Stddev: 50.000\n"
        "  Percentiles:  90th: 300.000; 99th: 900.000\n"
        "\n"
        "After this change:\n\n"
        "  Range:  0.000 - 4000.000; Mean: 180.000; Stddev: 40.000\n"
        "  Percentiles:  90th: 290.000; 99th: 700.000\n"
    )
    found = {r.benchmark.split(": ", 1)[-1]: (r.baseline, r.patched) for r in find_inline_results(text)}
    assert found == {"Range (max)": (5000.0, 4000.0), "Mean": (200.5, 180.0), "Stddev": (50.0, 40.0),
                     "90th": (300.0, 290.0), "99th": (900.0, 700.0)}


def test_fio_style_key_value_sections():
    text = (
        "Before:\n"
        "  read: IOPS=120k, BW=469MiB/s (492MB/s)(27.5GiB/60001msec)\n"
        "    clat (usec): min=3, max=812, avg=8.10, stdev=2.31\n"
        "\n"
        "After:\n"
        "  read: IOPS=131k, BW=512MiB/s (537MB/s)(30.0GiB/60001msec)\n"
        "    clat (usec): min=3, max=640, avg=7.42, stdev=1.98\n"
    )
    found = {r.benchmark: (r.baseline, r.patched, r.unit, r.verdict) for r in find_inline_results(text)}
    assert found["read IOPS"] == (120000.0, 131000.0, None, "better")
    assert found["read BW"] == (469.0, 512.0, "MiB/s", "better")
    assert found["clat (usec) avg"] == (8.1, 7.42, "usec", "better")
    assert found["clat (usec) min"][3] == "noise"


def test_one_row_comparison_table_is_an_inline_result():
    text = (DATA / "markdown.txt").read_text()
    (result,) = find_inline_results(text)
    assert (result.benchmark, result.baseline, result.patched, result.unit) == ("do_thing()", 10.0, 12.0, "us")
    assert result.verdict == "worse"


def test_restatement_of_a_result_is_not_a_second_result():
    text = "Rates were 100 ops/s and 110 ops/s without and with the patch respectively. That is an increase of 10%."
    assert len(find_inline_results(text)) == 1


def test_one_sentence_with_two_results():
    text = "With the change, the idle share is reduced from ~30% to ~20%, the fps metric is improved ~7%."
    found = [summary(r) for r in find_inline_results(text)]
    assert found == [(30.0, 20.0, "%", -33.33, "unknown"), (None, None, None, 7.0, "better")]


@pytest.mark.parametrize("bad", [None, b"from 1 to 2", 3.5])
def test_wrong_argument_type_raises(bad):
    with pytest.raises(TypeError):
        find_inline_results(bad)
