"""perf report and perf top profiles: one row per symbol with its share of the samples, no direction."""

from __future__ import annotations

from pathlib import Path

from extractors.analysis import analyze_body
from extractors.readers import perf_profile

DATA = Path(__file__).parent / "data" / "readers" / "perf_profile"


def test_a_report_is_read_by_symbol_without_the_children_lines():
    (profile,) = perf_profile.parse((DATA / "report_with_children_line.txt").read_text().split("\n"))
    assert [(row.label, row.cells[0].value.value) for row in profile.rows] == [
        ("io_issue_sqe", 12.34), ("nvme_poll_cq", 9.65), ("io_submit_sqes", 4.86)]
    assert (profile.first_line, profile.last_line, profile.unit) == (0, 8, "%")  # from perf's "# Samples:" header


def test_two_profiles_compare_each_symbol_with_itself_and_judge_none():
    found = analyze_body((DATA / "top_two_runs.txt").read_text())
    (table,) = found.tables
    pairs = {p.label: (p.baseline, p.patched, p.verdict) for p in table.item.pairs}
    # rows pair by symbol, not by rank: the two profiles list them in another order
    assert pairs["tcp_sendmsg_locked"] == (6.40, 7.03, "unknown")
    assert pairs["copy_user_enhanced_fast_string"] == (9.12, 6.88, "unknown")
    assert "handle_request" not in pairs and table.item.higher_is_better is None


def test_one_profile_compares_nothing():
    text = (DATA / "top_two_runs.txt").read_text().split("and with the new one:")[0]
    assert not analyze_body(text).tables


def test_perf_diff_output_is_not_a_profile():
    # perf diff prints a symbol found in one profile only with its share alone: still perf diff's line
    lines = ["# Baseline  Delta Abs  Shared Object      Symbol",
             "    31.02%    -22.40%  [kernel.kallsyms]  [k] bio_split_rw",
             "     7.91%     -7.02%  [kernel.kallsyms]  [k] iov_iter_is_aligned",
             "    13.65%             [kernel.kallsyms]  [k] __blk_rq_map_sg",
             "     8.80%             [kernel.kallsyms]  [k] dma_direct_map_sg",
             "     7.77%             [kernel.kallsyms]  [k] sg_next"]
    assert not perf_profile.detect(lines) and perf_profile.parse(lines) == []


_PROFILES_APART = """Hot spots with perf top -U:

1) Before the series:

  31.20%  [kernel]        [k] lock_acquire
  22.05%  [kernel]        [k] walk_tree
   9.51%  [kernel]        [k] native_halt
   4.33%  [kernel]        [k] find_next_bit

-   58.10%    20.70%  [kernel]         [k] walk_tree
   - 40.00% walk_tree
        31.10% lock_acquire
      + 2.10% find_next_bit

2) After the series:

  41.80%  [kernel]        [k] walk_tree
  25.10%  [kernel]        [k] native_halt
   6.64%  [kernel]        [k] find_next_bit
   1.02%  [kernel]        [k] lock_acquire
"""


def test_profiles_captioned_apart_with_a_call_graph_between_pair_each_symbol():
    """The caption of the second run ends the first one: read together, the two runs stay two profiles
    and each symbol's share is paired with its own, not merged into one run."""
    (table,) = [t.item for t in analyze_body(_PROFILES_APART, None).tables]
    pairs = {p.label: (p.baseline, p.patched) for p in table.pairs}
    assert pairs["walk_tree"] == (22.05, 41.8) and pairs["lock_acquire"] == (31.2, 1.02)
    assert len(pairs) == 4


def test_two_runs_under_the_same_header_spaced_otherwise_are_not_two_setups():
    """Two perf diff excerpts, each under its own "Before  After  Symbol" header (spaces in one, tabs in the
    other): the same words, so the header names no run, and the two tests' "Before" columns pair nothing."""
    body = ("Perf diff of the read test:\n\nBefore          After           Symbol\n"
            "4.68%\t\t\t\t[k] walk_tree\n3.31%\t\t\t\t[k] lock_acquire\n2.64%\t\t\t\t[k] find_next_bit\n\n"
            "Perf diff of the write test:\n\nBefore\t\tAfter\t\tSymbol\n"
            "2.82%\t\t\t\t[k] walk_tree\n2.05%\t\t\t\t[k] lock_acquire\n1.75%\t\t\t\t[k] find_next_bit\n")
    assert all(not t.item.pairs for t in analyze_body(body, None).tables)


def test_perf_reports_header_opens_a_short_profile_and_is_no_result():
    """The sample and event counts perf report prints over a profile are the run's bookkeeping: two
    profiles of one line each under that header compare their symbol, never the counts."""
    def run(samples: str, count: str, share: str) -> str:
        return (f"Samples: {samples} of event 'cycles:ppp', Event count (approx.): {count}\n"
                "Overhead  Command      Shared Object     Symbol\n   ...\n"
                f"   {share}%  io_uring-sq  [kernel.vmlinux]  [k] io_file_get\n")
    (profile,) = perf_profile.parse(run("51K", "31800100200", "0.81").split("\n"))
    assert (profile.first_line, profile.last_line) == (0, 3)
    body = "Before:\n" + run("51K", "31800100200", "0.81") + "\nAfter:\n" + run("57K", "33900200100", "0.22")
    found = analyze_body(body)
    compared = [(r.item.baseline, r.item.patched) for r in found.results] + \
        [(p.baseline, p.patched) for t in found.tables for p in t.item.pairs]
    assert compared == [(0.81, 0.22)]
