"""Benchmark tables: one parametrized case per format and edge case, on fixtures written for these tests
(tests/data/tables/*.txt), never on real mail."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.numbers import common_precision, parse_number, split_glued
from extractors.quotes import split_quotes
from extractors.tables import find_benchmark_tables

DATA = Path(__file__).parent / "data" / "tables"


def fixture(name: str) -> str:
    return (DATA / name).read_text()


def pairs_of(tables):
    return {(p.label, p.metric): p for t in tables for p in t.pairs}


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("5,224.14", 5224.14),
        ("-59.21%", -59.21),
        ("233us", 233.0),
        ("4m35.973s", 275.973),
        ("05:27.00", 327.0),
        ("2.331e+09", 2.331e9),
        ("\u22123.5", -3.5),
        ("1x", 1.0),
        ("0x1f", None),
        ("lp#0", None),
        ("1st", None),
        ("abc", None),
        ("", None),
    ],
)
def test_parse_number(cell, expected):
    number = parse_number(cell)
    assert (number.value if number else None) == (pytest.approx(expected) if expected is not None else None)


@pytest.mark.parametrize(
    ("token", "tokens", "expected"),
    [
        ("0.051.085224.14", ["1.16", "0.00", "5.55"], [0.05, 1.08, 5224.14]),
        ("11.917.65226.10", ["1.16", "0.00"], [11.91, 7.65, 226.10]),
        ("0.051.085", ["1.16", "0.00"], [0.05, 1.08, 5.0]),  # an integer column glued at the end
        ("0.051.0", ["1.16", "0.00"], None),  # does not split at precision 2
        ("5224.14", ["1.16", "0.00"], None),  # not glued
        ("0.051.08", [], None),  # no precision known
    ],
)
def test_split_glued(token, tokens, expected):
    assert split_glued(token, common_precision(tokens)) == expected


def test_glued_columns_are_split_by_the_tables_precision():
    first, second = find_benchmark_tables(fixture("per_config_glued.txt"))
    assert first.rows[0] == first.rows[0].__class__("1", (2.10, 0.12, 1.90, 6100.25, 6100.25))
    assert second.rows[1].values == (2.40, 0.80, 9.90, 51300.00, 5700.00)


def test_per_configuration_tables_pair_up_in_the_second():
    first, second = find_benchmark_tables(fixture("per_config_glued.txt"))
    assert (first.config, second.config) == ("feature_x off", "feature_x on")
    assert first.pairs == ()
    pairs = pairs_of([second])
    jobs = pairs[("17", "Jobs per Minute")]
    assert (jobs.baseline, jobs.patched, jobs.delta_pct, jobs.verdict) == (54020.45, 55900.25, 3.48, "better")
    wall = pairs[("25", "Wall Time")]
    assert wall.verdict == "better"  # a time column: lower is better, whatever the table's main metric
    assert second.text.startswith("feature_x on:")


def test_box_table_reads_roles_spreads_and_stated_direction():
    compile_table, pg_table = find_benchmark_tables(fixture("box.txt"))
    assert compile_table.benchmark == "compilebench"
    assert compile_table.higher_is_better is False  # "lower is better" in the title
    first = compile_table.pairs[0]
    assert (first.baseline, first.patched) == (120.5, 118.0)
    assert (first.baseline_stddev_pct, first.patched_stddev_pct) == (1.2, 1.1)
    assert first.reported_delta_pct == 2.07469
    assert first.verdict == "noise"  # -2.07% is inside 1.2% + 1.1% of spread
    assert pg_table.higher_is_better is True
    assert pg_table.rows[0].values[0] == 1200.0  # thousands separator
    assert [a.why for a in compile_table.anomalies] == []


def test_reported_improvement_that_does_not_follow_from_the_columns_is_flagged():
    _, pg_table = find_benchmark_tables(fixture("box.txt"))
    assert len(pg_table.anomalies) == 1
    assert "9%" in pg_table.anomalies[0].why and pg_table.anomalies[0].text.startswith("1x")


def test_mmtests_significance_and_direction_from_the_gain_sign():
    throughput, times = find_benchmark_tables(fixture("mmtests.txt"))
    pairs = pairs_of([throughput])
    assert pairs[("Hmean ops-1", "patched")].verdict == "better"
    assert pairs[("Hmean ops-2", "patched")].verdict == "noise"  # no asterisks: not significant
    assert pairs[("Hmean ops-4", "patched")].delta_pct == -10.0
    assert pairs[("Hmean ops-4", "patched")].verdict == "worse"
    # The second part, split from the first by a sentence, has no header: the printed gain is +10% where
    # the time fell by 10%, so lower is better.
    assert times.higher_is_better is False
    assert [p.verdict for p in times.pairs] == ["better", "worse"]


@pytest.mark.parametrize(
    ("row", "flagged"),
    [("Hmean     ops-2      2000.00 (   0.00%)     2200.00 *  10.00%*", False),
     ("Hmean     ops-2      2000.00 (   0.00%)     2200.00 *   5.00%*", True),
     ("Hmean     ops-2         0.05 (   0.00%)        0.04 *  12.30%*", False)],  # rounding of 2 decimals
)
def test_mmtests_gain_must_follow_from_the_columns(row, flagged):
    text = ("                          base                   patched\n"
            "Hmean     ops-1      1000.00 (   0.00%)     1100.00 *  10.00%*\n" + row + "\n")
    (table,) = find_benchmark_tables(text)
    assert bool(table.anomalies) == flagged


def test_mmtests_spread_rows_give_the_means_their_spread():
    text = ("                          base                   patched\n"
            "Amean     ops-1      1000.00 (   0.00%)     1030.00 (   3.00%)\n"
            "Stddev    ops-1        20.00 (   0.00%)       41.20 (-106.00%)\n"
            "CoeffVar  ops-2         2.50 (   0.00%)        1.00 (  60.00%)\n"
            "Amean     ops-2      2000.00 (   0.00%)     2100.00 *   5.00%*\n")
    (table,) = find_benchmark_tables(text)
    pairs = {p.label: p for p in table.pairs}
    assert (pairs["Amean ops-1"].baseline_stddev_pct, pairs["Amean ops-1"].patched_stddev_pct) == (2.0, 4.0)
    assert (pairs["Amean ops-2"].baseline_stddev_pct, pairs["Amean ops-2"].patched_stddev_pct) == (2.5, 1.0)
    assert pairs["Amean ops-2"].verdict == "better"  # marked significant


def test_lkp_block():
    (table,) = find_benchmark_tables(fixture("lkp.txt"))
    assert table.benchmark == "fakebench"
    assert table.columns[1:] == ("aaaaaaaaaa1234ab", "%stddev", "%change", "bbbbbbbbbb1234abcdef12345678", "%stddev")
    pairs = {p.label: p for p in table.pairs}
    ops = pairs["fakebench.ops_per_sec"]
    assert (ops.baseline, ops.patched, ops.delta_pct, ops.verdict) == (400000.0, 350000.0, -12.5, "worse")
    assert pairs["perf-stat.i.instructions"].baseline == 1.234e9
    assert table.rows[1].values == (1.234e9, None, 8.0, 1.333e9, None)  # an empty spread stays None
    assert pairs["perf-profile.self.cycles-pp.do_thing"].reported_delta_pct is None  # a change in points
    assert pairs["vmstat.system.cs"].verdict == "noise"  # +10% inside a 40% spread


@pytest.mark.parametrize(
    ("headline", "flagged"),
    [("noticed a -12.5% regression of fakebench.ops_per_sec on:", False),
     ("noticed a -21.5% regression of fakebench.ops_per_sec on:", True),
     ("noticed a 5.0% improvement of something.else on:", False)],
)
def test_lkp_headline_must_agree_with_its_table(headline, flagged):
    text = fixture("lkp.txt").replace("noticed a -12.5% regression of fakebench.ops_per_sec on:", headline)
    (table,) = find_benchmark_tables(text)
    whys = [a.why for a in table.anomalies]
    assert bool(whys) == flagged
    if flagged:
        assert whys == ["headline says -21.5% but the table prints -12.5% for fakebench.ops_per_sec"]


def test_markdown_table_with_units_in_cells_and_an_empty_column():
    tables = find_benchmark_tables(fixture("markdown.txt"))
    assert len(tables) == 1  # the one-row table below it is an inline result, not a table
    (table,) = tables
    assert table.columns == ("threads", "w/o change", "w/ change", "Change")
    assert table.unit == "us"
    assert table.rows[2].values == (2000.0, None, None)
    assert [(p.label, p.baseline, p.patched, p.verdict) for p in table.pairs] == [
        ("1", 500.0, 400.0, "better"), ("4", 1200.0, 900.0, "better")]


@pytest.mark.parametrize(
    ("text", "columns", "pairs"),
    [
        ("Threads\tBase\tPatched\n1\t100\t110\n2\t200\t230\n", ("Threads", "Base", "Patched"),
         [("1", 100.0, 110.0), ("2", 200.0, 230.0)]),
        ("                   Before      After     Change\n"
         "Throughput (MB/s)  1,200       1,350     +12.5%\n"
         "Latency p99 (us)   450         380       -15.6%\n", ("", "Before", "After", "Change"),
         [("Throughput (MB/s)", 1200.0, 1350.0), ("Latency p99 (us)", 450.0, 380.0)]),
    ],
)
def test_header_names_the_baseline_and_patched_columns(text, columns, pairs):
    (table,) = find_benchmark_tables(text)
    assert table.columns == columns
    assert [(p.label, p.baseline, p.patched) for p in table.pairs] == pairs


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("          ops/s    latency(us)\nbefore    1000     10.5\nafter     1100     9.8\n",
         [("after", "ops/s", 1000.0, 1100.0, "better"), ("after", "latency(us)", 10.5, 9.8, "better")]),
        ("            mainline   this-series\nhackbench   12.1       11.5\ntbench      900.5      950.2\n",
         [("hackbench", "this-series", 12.1, 11.5, "unknown"), ("tbench", "this-series", 900.5, 950.2, "unknown")]),
        ("NOFOO ring 1q:  10.5  11.5   avg: 11.0\nNOFOO ring 2q:  20.5  21.5   avg: 21.0\n"
         "  FOO ring 1q:  30.5  31.5   avg: 31.0\n  FOO ring 2q:  40.5  41.5   avg: 41.0\n",
         [("ring 1q", "avg", 11.0, 31.0, "unknown"), ("ring 2q", "avg", 21.0, 41.0, "unknown")]),
    ],
)
def test_configurations_named_in_rows_or_columns(text, pairs):
    (table,) = find_benchmark_tables(text)
    assert [(p.label, p.metric, p.baseline, p.patched, p.verdict) for p in table.pairs] == pairs


def test_cells_with_units_spreads_and_missing_values():
    boxed = find_benchmark_tables(
        "| test | base | patched |\n|---|---|---|\n| a | 1.2 s | 1.0 s |\n"
        "| b | 120.5 \u00b1 1.2 | 118.0 \u00b1 1.0 |\n")
    assert [r.values for r in boxed[0].rows] == [(1.2, 1.0), (120.5, 1.2, 118.0, 1.0)]
    assert boxed[0].pairs[1].baseline_stddev_pct == pytest.approx(0.9959, abs=1e-4)
    (plain,) = find_benchmark_tables(
        "            base    patched\nhackbench   12.3    N/A\ntbench      900.5   950.2\nnetperf     -       1.0\n")
    assert [(r.label, r.values) for r in plain.rows] == [
        ("hackbench", (12.3, None)), ("tbench", (900.5, 950.2)), ("netperf", (None, 1.0))]
    assert [p.label for p in plain.pairs] == ["tbench"]


def test_row_labels_give_the_direction_when_the_table_does_not():
    text = ("                   Before      After\n"
            "Throughput (MB/s)  1200        1350\n"
            "Latency p99 (us)   450         380\n")
    (table,) = find_benchmark_tables(text)
    assert [p.verdict for p in table.pairs] == ["better", "better"]


def test_time_output_printed_per_configuration():
    old, new = find_benchmark_tables(fixture("before_after_time.txt"))
    assert old.rows[0].values == (130.5,)
    assert [(p.label, p.baseline, p.patched) for p in new.pairs] == [
        ("real", 130.5, 115.0), ("user", 600.0, 598.0), ("sys", 210.25, 165.125)]
    assert new.unit == "s"


def test_perf_stat_before_and_after():
    before, after = find_benchmark_tables(fixture("perf_stat.txt"))
    assert (before.benchmark, before.config, after.config) == ("perf stat", "Before", "After")
    assert before.rows[0].values == (2510.25, 0.30)
    pairs = {p.label: p for p in after.pairs}
    elapsed = pairs["seconds time elapsed"]
    assert (elapsed.baseline, elapsed.patched, elapsed.verdict) == (2.513, 2.253, "better")
    assert pairs["context-switches"].verdict == "noise"  # -1.2% inside 5% and 6% spreads
    assert pairs["instructions"].verdict == "unknown"  # no direction for a plain count
    assert after.text.rstrip().endswith("( +-  0.27% )")  # "time elapsed" after a blank line belongs to it


def test_header_set_off_by_a_blank_line_and_rows_matched_by_position():
    block = ("Recv   Send    Send\nSocket Socket  Message  Elapsed\nSize   Size    Size     Time     Throughput\n"
             "bytes  bytes   bytes    secs.    10^6bits/sec\n\n")
    text = ("Baseline:\n" + block + " 87380  16384  16384    10.00    9413.53\n"
            " 87380  16384  65536    10.00    9602.10\n"
            "\nPatched:\n" + block + " 87380  16384  16384    10.00    9800.00\n"
            " 87380  16384  65536    10.00    9900.00\n")
    base, new = find_benchmark_tables(text)
    assert base.text.startswith("Baseline:")
    # the four stacked header lines name the columns together
    assert base.columns == ("Recv Socket Size bytes", "Send Socket Size bytes", "Send Message Size bytes",
                            "Elapsed Time secs.", "Throughput 10^6bits/sec")
    # the same label twice: rows pair by position; constant columns (sizes, time) give no pairs
    assert [(p.baseline, p.patched, p.verdict) for p in new.pairs] == [(9413.53, 9800.0, "better"),
                                                                       (9602.1, 9900.0, "better")]


@pytest.mark.parametrize(("name", "expected"), [
    ("lkp.txt", [("fakebench", 4, 4)]),
    ("box.txt", [("compilebench", 2, 2), ("pgbench", 2, 2)]),
])
def test_tables_whose_newlines_the_archive_lost(name, expected):
    collapsed = " ".join(fixture(name).split())
    tables = find_benchmark_tables(collapsed)
    assert [(t.benchmark, len(t.rows), len(t.pairs)) for t in tables] == expected
    assert all(t.text == collapsed[t.start:t.end] for t in tables)


def test_a_quoted_table_is_found_once_the_prefixes_are_stripped():
    quoted = "On Monday, Some One wrote:\n" + "\n".join("> " + line for line in fixture("box.txt").splitlines())
    blocks = [b for b in split_quotes(quoted) if b.kind == "text" and b.depth == 1]
    tables = [t for b in blocks for t in find_benchmark_tables(b.text)]
    assert [t.benchmark for t in tables] == ["compilebench", "pgbench"]


def test_summary_line_disagreeing_with_its_table_and_an_outlier_row_are_flagged():
    text = (
        "Num  Wall   Jobs per\n"
        "     Time   Minute\n"
        "1    1.00   1000.00\n"
        "2    1.10   1900.00\n"
        "3    1.20   2800.00\n"
        "4    1.30   3700.00\n"
        "5    1.40     37.00\n"
        "6    1.50   5500.00\n"
        "Max Jobs per Minute 37.00\n"
    )
    (table,) = find_benchmark_tables(text)
    whys = [a.why for a in table.anomalies]
    assert any("summary says 37" in why for why in whys)
    assert any("far out of line" in why and "37" in why for why in whys)


@pytest.mark.parametrize(("total", "flagged"), [("3000.0", False), ("4100.0", True)])
def test_total_line_below_a_table_must_be_its_column_sum(total, flagged):
    text = ("Results with the patch:\n"
            "Count    Size    Files/sec    Overhead\n"
            "1200000     0       1000.0      11928055\n"
            "2400000     0       2000.0      12140777\n"
            "\n"
            f"            Total files/sec: {total}\n")
    (table,) = find_benchmark_tables(text)
    whys = [a.why for a in table.anomalies]
    assert whys == (["summary says 4100 but the column's sum is 3000"] if flagged else [])
    if flagged:
        assert text[table.anomalies[0].start:table.anomalies[0].end].strip() == f"Total files/sec: {total}"


@pytest.mark.parametrize(
    "text",
    [
        fixture("not_tables.txt"),
        "We ran it 3 times on 2 boxes.\nIt took 5 minutes and 20 seconds.\n",
        "CPU: 8\nMemory: 16\n",
        "Score: 100\n\nWith the patch:\nScore: 120\n",
        "1 2\n",
        "",
        # one system's state, not a comparison
        "$ free -m\n             total       used       free\nMem:           112        109          2\n"
        "Swap:          713          0        713\n",
    ],
)
def test_text_that_is_not_a_benchmark_table(text):
    assert find_benchmark_tables(text) == []


@pytest.mark.parametrize("bad", [None, b"1 2\n3 4\n", 12])
def test_wrong_argument_type_raises(bad):
    with pytest.raises(TypeError):
        find_benchmark_tables(bad)
