"""A claim's stated size and direction against one comparison row."""

from __future__ import annotations

import pytest

from miner.linking.claim_checks import claim_check


@pytest.mark.parametrize("text, polarity, magnitude, row, expected", [
    ("a non trivial improvement (11%) in elapsed time", "improvement", 11.0,
     {"baseline": 1574.10, "patched": 1427.08, "delta_pct": -9.34, "verdict": "unknown"}, "disagrees"),
    ("about 9% faster", "improvement", 9.0,
     {"baseline": 1574.10, "patched": 1427.08, "delta_pct": -9.34, "verdict": "unknown"}, "agrees"),
    ("10% faster", "improvement", 10.0,
     {"baseline": 1574.10, "patched": 1427.08, "delta_pct": -9.34, "verdict": "better"}, "agrees"),
    ("it was about 2.2%", "regression", 2.2, {"baseline": None, "patched": None, "delta_pct": -2.2}, "agrees"),
    ("the penalty is less than 0.5%", "neutral", 0.5,
     {"baseline": 11066, "patched": 11031, "delta_pct": -0.32}, "agrees"),
    ("the penalty is less than 0.2%", "neutral", 0.2,
     {"baseline": 11066, "patched": 11031, "delta_pct": -0.32}, "disagrees"),
    ("more than 20% better", "improvement", 20.0, {"baseline": 100, "patched": 130, "delta_pct": 30.0}, "agrees"),
    ("a 5% improvement", "improvement", 5.0,
     {"baseline": 100, "patched": 95, "delta_pct": -5.0, "verdict": "worse"}, "disagrees"),
])
def test_claim_check(text, polarity, magnitude, row, expected):
    assert claim_check(text, polarity, magnitude, row) == expected
