"""Claim checks: whether a claim's stated size and direction agree with the numbers behind it.

A claim with a stated size ("11% faster") is checked against one comparison: the row of the nearest table
above it whose label or metric the sentence names ("elapsed time" -> "Elapsed"), else any comparison of
its message, else of its series, that the sentence names. A stated "11%" covers what rounds to it, so it
agrees when the change (relative to either kernel) is within half a unit of its last digit, or 5% of its
size when the sentence hedges ("about", "~", "roughly"); "less than N" and "more than N" are bounds. A
direction that contradicts the comparison's verdict disagrees whatever the size.
"""

from __future__ import annotations

import re

_WORD_RE = re.compile(r"[a-z][a-z_]{2,}")
# Words too common in claims and labels to show which comparison a sentence is about.
_STOP_WORDS = frozenset(
    "the and for with this that there case non trivial overall improvement improvements regression hit small "
    "faster slower better worse performance time times total mean average hmean amean run runs patch patched "
    "kernel base baseline result results about than less more over around roughly".split())
_HEDGE_RE = re.compile(r"\b(?:about|around|roughly|approximately|approx|almost|nearly|some)\b|~", re.I)
_UPPER_BOUND_RE = re.compile(r"\b(?:less than|under|below|at most|up to|no more than)\b|<", re.I)
_LOWER_BOUND_RE = re.compile(r"\b(?:more than|over|above|at least|in excess of)\b|>", re.I)
_STATED_NUMBER_RE = re.compile(r"(\d+(?:\.(\d+))?)\s*%")


def naming_words(text: str | None) -> set[str]:
    """The words of a text that can show which comparison it is about (common claim words left out)."""
    return {w for w in _WORD_RE.findall((text or "").lower()) if w not in _STOP_WORDS}


def check_claim_in_series(claim: dict, canonical: list[dict],
                          names: dict[str, set[str]]) -> tuple[str, str | None]:
    """(check, evidence id) for one canonical claim against the series' canonical comparisons (`names`:
    the words of each one's label, metric and benchmark); the extractor's own check stands when no single
    comparison is named."""
    kept = (claim["check"] or "unchecked", claim.get("check_evidence_id"))
    if claim["magnitude_pct"] is None:
        return kept
    words = naming_words(claim["text"])
    same = [e for e in canonical if e["message_id"] == claim["message_id"]]
    above = [e for e in same if (e["line"] or 0) <= (claim["line"] or 0)]
    nearest_line = max((e["line"] or 0 for e in above), default=None)
    for pool in ([e for e in above if e["line"] == nearest_line], same, canonical):
        named = [e for e in pool if words & names[e["id"]]]
        if len(named) == 1 or (named and len({e["label"] for e in named}) == 1):
            return claim_check(claim["text"], claim["polarity"], claim["magnitude_pct"], named[0]), named[0]["id"]
    return kept


def claim_check(text: str, polarity: str | None, magnitude_pct: float, row: dict) -> str:
    """"agrees" or "disagrees": a claim's stated size and direction against one comparison row
    (`baseline`, `patched`, `delta_pct`, `verdict`); see the module docstring for the tolerance."""
    verdict = row.get("verdict")
    if (polarity == "improvement" and verdict == "worse") or (polarity == "regression" and verdict == "better"):
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
