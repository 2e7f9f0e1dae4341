"""Between versions, as a pure function of a series' linked rows: re-runs, reposts, dropped and new
benchmarks, concerns left open from an earlier version, regressions reported with no numbers since."""

from __future__ import annotations

import pytest

from miner.linking.versions import comparison_key, find_version_changes


def _message(mid, version, author="Ann Author"):
    return {"message_id": mid, "series_version": version, "author_name": author}


def _row(eid, mid, benchmark, label, delta, *, author="Ann Author", origin=None, quoted=0, verdict=None, line=5):
    return {"id": eid, "message_id": mid, "benchmark": benchmark, "metric": None, "label": label, "delta_pct": delta,
            "origin_message_id": origin or mid, "quoted": quoted, "author": author, "line": line,
            "verdict": verdict or ("better" if delta > 0 else "worse")}


MESSAGES = [_message("v1@x", 1), _message("r1@x", 1, "Rob Reviewer"), _message("robot@x", 1, "kernel test robot"),
            _message("v2@x", 2), _message("v3@x", 3)]


def _changes(evidence=(), concerns=(), claims=(), versions=(1, 2, 3)):
    rows = {"evidence": list(evidence), "concerns": list(concerns), "claims": list(claims)}
    return [(c["kind"], c["benchmark"], c["label"], c["from_version"], c["to_version"])
            for c in find_version_changes("s1", list(versions), MESSAGES, rows, "Ann Author")]


def test_one_version_has_nothing_between_versions():
    assert _changes([_row("e1", "v1@x", "fio", "1", 5.0)], versions=[1]) == []


def test_rerun_dropped_new_and_reposted():
    evidence = [_row("a1", "v1@x", "fio", "1", 5.0), _row("a2", "v2@x", "fio", "1", 7.0),
                _row("b1", "v1@x", "kernel build", None, 2.0),
                _row("c2", "v2@x", "hackbench", "4", 3.0),
                _row("d1", "v1@x", "netperf", "64", 6.0), _row("d3", "v3@x", "netperf", "64", 6.0, origin="v1@x")]
    assert _changes(evidence) == [
        ("rerun", "fio", "1", 1, 2), ("reposted", "netperf", "64", 1, 3), ("dropped", "kernel build", None, 1, None),
        ("dropped", "fio", "1", 2, None), ("dropped", "hackbench", "4", 2, None), ("new", "hackbench", "4", None, 2)]


def test_concern_open_from_an_earlier_version_only():
    concerns = [{"id": "q1", "message_id": "r1@x", "origin_message_id": "r1@x", "status": "open"},
                {"id": "q2", "message_id": "r1@x", "origin_message_id": "r1@x", "status": "answered"},
                {"id": "q3", "message_id": "v3@x", "origin_message_id": "v3@x", "status": "open"}]
    assert _changes(concerns=concerns) == [("open-concern", None, None, 1, None)]


@pytest.mark.parametrize("later, expected", [
    ([], [("unanswered-regression", "will-it-scale.per_thread_ops", None, 1, None)]),
    ([_row("w2", "v2@x", None, "will-it-scale.per_thread_ops", -1.0)],
     [("rerun", "will-it-scale.per_thread_ops", None, 1, 2), ("dropped", "will-it-scale.per_thread_ops", None, 2, None)]),
    ([_row("h2", "v2@x", "hackbench", "1", 3.0)],
     [("unanswered-regression", "will-it-scale.per_thread_ops", None, 1, None)]),
], ids=["no-numbers-since", "re-measured", "other-numbers-only"])
def test_robot_regression_on_v1(later, expected):
    robot = _row("w1", "robot@x", None, "will-it-scale.per_thread_ops", -8.1, author="kernel test robot")
    assert [c for c in _changes([robot, *later]) if c[1] != "hackbench"] == expected


def test_the_authors_own_worse_numbers_are_not_a_reported_regression():
    assert _changes([_row("x1", "v1@x", "fio", "1", -3.0)]) == [("dropped", "fio", "1", 1, None)]


def test_a_reviewers_regression_claim_without_numbers_since():
    claim = {"id": "c1", "message_id": "r1@x", "origin_message_id": "r1@x", "polarity": "regression",
             "author": "Rob Reviewer", "text": "This costs me 5% on my box."}
    assert _changes(claims=[claim]) == [("unanswered-regression", None, None, 1, None)]
    assert _changes([_row("e3", "v3@x", "fio", "1", 1.0)], claims=[claim]) == [("new", "fio", "1", None, 3)]


@pytest.mark.parametrize("row, expected", [
    ({"benchmark": "Hackbench ", "metric": None, "label": "4"}, ("hackbench", "4")),
    ({"benchmark": None, "metric": None, "label": "fsmark.files_per_sec"}, ("fsmark.files_per_sec", "")),
    ({"benchmark": None, "metric": "Jobs per Minute", "label": "1"}, ("jobs per minute", "1")),
])
def test_comparison_key(row, expected):
    assert comparison_key(row) == expected
