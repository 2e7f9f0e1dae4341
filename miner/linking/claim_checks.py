"""Claim checks: whether a claim agrees with the numbers behind it. The one place that decides
`claims.check` ("agrees", "disagrees" or "unchecked"); the claim extractor only finds claims.

The numbers behind a claim are the comparison the sentence names ("11% faster in elapsed time" ->
the "Elapsed" row of the nearest table above it; else of its message; else of its series), or, when it
names none, the comparisons of the nearest table or result above it in its own message (else all of
that message's). A claim with neither is "unchecked".
- A stated size ("11% faster") covers what rounds to it: it agrees with a comparison whose change
  (relative to either kernel) is within half a unit of its last digit, or 5% of its size when the
  sentence hedges ("about", "~", "roughly"); "less than N" and "more than N" are bounds. Against a table
  it agrees when one row or the mean of the rows does ("overall about 5% faster").
- A direction that contradicts the comparison's verdict disagrees whatever the size.
- A claim of no difference ("in the noise") agrees when most changes stay within a couple of percent
  (or within the bound it states, if larger); a claim of a direction without a size agrees when the
  comparisons' verdicts lean its way.
"""

from __future__ import annotations

import re
from statistics import fmean

from extractors.vocab.configurations import BASELINE_WORDS, PATCHED_WORDS

_WORD_RE = re.compile(r"[a-z][a-z_]{2,}")
# Words too common in claims and labels to show which comparison a sentence is about: the words for the
# two kernels (`extractors.vocab.configurations`) and the words every claim uses.
_STOP_WORDS = frozenset(
    "the and for with this that there case non trivial overall improvement improvements regression hit small "
    "faster slower better worse performance time times total mean average hmean amean run runs kernel result "
    "results about than less more over around roughly".split()) | frozenset(BASELINE_WORDS + PATCHED_WORDS)
_HEDGE_RE = re.compile(r"\b(?:about|around|roughly|approximately|approx|almost|nearly|some)\b|~", re.I)
_UPPER_BOUND_RE = re.compile(r"\b(?:less than|under|below|at most|up to|no more than)\b|<", re.I)
_LOWER_BOUND_RE = re.compile(r"\b(?:more than|over|above|at least|in excess of)\b|>", re.I)
_STATED_NUMBER_RE = re.compile(r"(\d+(?:\.(\d+))?)\s*%")
# Benchmarks on a quiet machine vary by a couple of percent from run to run: a "no difference" claim
# holds while most changes stay inside that band.
_NOISE_BAND_PCT = 2.0
_NEUTRAL_SHARE = 0.75  # "pretty much in the noise, except at 7 threads": most changes, not all of them
_OPPOSITE = {"improvement": "worse", "regression": "better"}


def naming_words(text: str | None) -> set[str]:
    """The words of a text that can show which comparison it is about (common claim words left out)."""
    return {w for w in _WORD_RE.findall((text or "").lower()) if w not in _STOP_WORDS}


def check_claim(claim: dict, comparisons: list[dict], names: dict[str, set[str]]) -> tuple[str, str | None]:
    """(check, id of the comparison it was checked against or None) for one claim (`text`, `polarity`,
    `magnitude_pct`, `message_id`, `line`) against the series' canonical comparisons (`delta_pct` known),
    `names[id]` being the naming words of each one's label, metric and benchmark. Pure."""
    words = naming_words(claim["text"])
    same = [e for e in comparisons if e["message_id"] == claim["message_id"]]
    above = [e for e in same if (e["line"] or 0) <= (claim["line"] or 0)]
    nearest_line = max((e["line"] or 0 for e in above), default=None)
    nearest = [e for e in above if e["line"] == nearest_line]
    if claim["magnitude_pct"] is not None:
        for pool in (nearest, same, comparisons):
            named = [e for e in pool if words & names[e["id"]]]
            if len(named) == 1 or (named and len({e["label"] for e in named}) == 1):
                return claim_check(claim["text"], claim["polarity"], claim["magnitude_pct"], named[0]), named[0]["id"]
    pool = nearest or same
    if not pool:
        return "unchecked", None
    if claim["polarity"] == "neutral":
        return _check_no_difference(claim, pool)
    if claim["magnitude_pct"] is not None:
        return _check_size(claim, pool)
    return _check_direction(claim["polarity"], pool)


def _check_no_difference(claim: dict, pool: list[dict]) -> tuple[str, str | None]:
    band = max(_NOISE_BAND_PCT, claim["magnitude_pct"] or 0.0)
    inside = [e for e in pool if abs(e["delta_pct"]) <= band]
    worst = max(pool, key=lambda e: abs(e["delta_pct"]))
    if len(inside) >= _NEUTRAL_SHARE * len(pool):
        return "agrees", None
    return "disagrees", worst["id"]


def _check_size(claim: dict, pool: list[dict]) -> tuple[str, str | None]:
    text, polarity, size = claim["text"], claim["polarity"], claim["magnitude_pct"]
    for row in pool:
        if claim_check(text, polarity, size, row) == "agrees":
            return "agrees", row["id"]
    usable = [e for e in pool if e.get("verdict") != _OPPOSITE.get(polarity)]
    if len(usable) > 1:
        mean = {"delta_pct": fmean(e["delta_pct"] for e in usable), "verdict": None}
        if claim_check(text, polarity, size, mean) == "agrees":
            return "agrees", None
    closest = min(pool, key=lambda e: abs(abs(e["delta_pct"]) - size))
    return "disagrees", closest["id"]


def _check_direction(polarity: str, pool: list[dict]) -> tuple[str, str | None]:
    wanted = "worse" if polarity == "regression" else "better"
    leaning = [e for e in pool if e.get("verdict") in ("better", "worse")]
    if not leaning:
        return "unchecked", None
    agreeing = sum(e["verdict"] == wanted for e in leaning)
    if agreeing * 2 > len(leaning):
        return "agrees", next(e["id"] for e in leaning if e["verdict"] == wanted)
    return "disagrees", next(e["id"] for e in leaning if e["verdict"] != wanted)


def claim_check(text: str, polarity: str | None, magnitude_pct: float, row: dict) -> str:
    """"agrees" or "disagrees": a claim's stated size and direction against one comparison row
    (`baseline`, `patched`, `delta_pct`, `verdict`); see the module docstring for the tolerance."""
    verdict = row.get("verdict")
    if verdict is not None and verdict == _OPPOSITE.get(polarity or ""):
        return "disagrees"
    sizes = [abs(row["delta_pct"])]
    if row.get("baseline") and row.get("patched"):
        sizes.append(abs(row["baseline"] - row["patched"]) / abs(row["patched"]) * 100)
    if _UPPER_BOUND_RE.search(text):
        return "agrees" if min(sizes) <= magnitude_pct * 1.05 else "disagrees"
    if _LOWER_BOUND_RE.search(text):
        return "agrees" if max(sizes) >= magnitude_pct * 0.95 else "disagrees"
    stated = next((m for m in _STATED_NUMBER_RE.finditer(text) if float(m.group(1)) == magnitude_pct), None)
    digits = len(stated.group(2) or "") if stated else 0
    tolerance = 0.5 * 10 ** -digits + 1e-9
    if _HEDGE_RE.search(text):
        tolerance = max(tolerance, 0.05 * magnitude_pct)
    return "agrees" if any(abs(size - magnitude_pct) <= tolerance for size in sizes) else "disagrees"
