"""Claim checks: a claim's stated size and direction against one comparison row, and against the numbers of
its message or series (the one checker that writes `claims.check`)."""

from __future__ import annotations

import pytest

from miner.linking.claim_checks import check_claim, claim_check, naming_words


@pytest.mark.parametrize("text, polarity, magnitude, row, expected", [
    ("a non trivial improvement (13%) in elapsed time", "improvement", 13.0,
     {"baseline": 1574.10, "patched": 1427.08, "delta_pct": -9.34, "verdict": "unknown"}, "disagrees"),
    ("about 9% faster", "improvement", 9.0,
     {"baseline": 1574.10, "patched": 1427.08, "delta_pct": -9.34, "verdict": "unknown"}, "agrees"),
    ("10% faster", "improvement", 10.0,
     {"baseline": 1574.10, "patched": 1427.08, "delta_pct": -9.34, "verdict": "better"}, "agrees"),
    ("it was about 2.2%", "regression", 2.2, {"baseline": None, "patched": None, "delta_pct": -2.2}, "agrees"),
    ("the slowdown is less than 0.4%", "neutral", 0.4,
     {"baseline": 11066, "patched": 11031, "delta_pct": -0.32}, "agrees"),
    ("the slowdown is less than 0.2%", "neutral", 0.2,
     {"baseline": 11066, "patched": 11031, "delta_pct": -0.32}, "disagrees"),
    ("more than 20% better", "improvement", 20.0, {"baseline": 100, "patched": 130, "delta_pct": 30.0}, "agrees"),
    ("a 5% improvement", "improvement", 5.0,
     {"baseline": 100, "patched": 95, "delta_pct": -5.0, "verdict": "worse"}, "disagrees"),
])
def test_claim_check(text, polarity, magnitude, row, expected):
    assert claim_check(text, polarity, magnitude, row) == expected


def _comparison(eid, delta, *, label=None, benchmark="kernel build", line=3, verdict=None, baseline=None,
                patched=None, mid="m1@x"):
    return {"id": eid, "message_id": mid, "line": line, "label": label, "metric": None, "benchmark": benchmark,
            "delta_pct": delta, "baseline": baseline, "patched": patched,
            "verdict": verdict or ("better" if delta < 0 else "worse")}


def _claim(text, polarity, magnitude=None, line=6, mid="m1@x"):
    return {"text": text, "polarity": polarity, "magnitude_pct": magnitude, "message_id": mid, "line": line}


def _check(claim, comparisons):
    names = {c["id"]: naming_words(" ".join(filter(None, (c["label"], c["metric"], c["benchmark"]))))
             for c in comparisons}
    return check_claim(claim, comparisons, names)


BUILD = [_comparison("r1", -11.0, baseline=500.0, patched=445.0)]  # "Build time without: 500.0 s, with: 445.0 s"
HACKBENCH = [_comparison(f"h{n}", d, benchmark="hackbench", label=label)
             for n, (label, d) in enumerate([("1", -3.40), ("4", -6.05), ("8", -5.61), ("16", -3.49)])]


@pytest.mark.parametrize("claim, comparisons, expected", [
    (_claim("This makes the build about 11% faster.", "improvement", 11.0), BUILD, ("agrees", "r1")),
    (_claim("This makes the build about 30% faster.", "improvement", 30.0), BUILD, ("disagrees", "r1")),
    (_claim("Unfortunately the build is slower now.", "regression"), BUILD, ("disagrees", "r1")),
    (_claim("Build times are in the noise.", "neutral"), BUILD, ("disagrees", "r1")),
    (_claim("It is all in the noise.", "neutral"), [_comparison("n1", 0.4), _comparison("n2", -1.1)], ("agrees", None)),
    (_claim("Overall hackbench gets about 5% faster with the series.", "improvement", 5.0), HACKBENCH,
     ("agrees", None)),
    (_claim("hackbench gets 20% faster.", "improvement", 20.0), HACKBENCH, ("disagrees", "h1")),
    (_claim("This should be faster.", "improvement"), [], ("unchecked", None)),
    (_claim("This should be faster.", "improvement", mid="other@x"), BUILD, ("unchecked", None)),
], ids=["size-agrees", "size-disagrees", "direction-disagrees", "noise-disagrees", "noise-agrees",
        "mean-of-a-table", "no-row-near", "no-numbers", "numbers-elsewhere"])
def test_check_claim_against_the_numbers_of_its_message(claim, comparisons, expected):
    assert _check(claim, comparisons) == expected


def test_a_named_comparison_of_the_series_is_used_when_the_message_has_none():
    claim = _claim("The kernel build is about 11% faster.", "improvement", 11.0, mid="cover@x")
    assert _check(claim, BUILD + HACKBENCH) == ("agrees", "r1")
