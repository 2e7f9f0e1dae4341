"""Run every evidence extractor over one message body and place each finding in it.

The finders (`find_benchmark_tables`, `find_inline_results`, `find_questions`, `find_claims`) see one
block of text at a time with its quote prefixes removed and report character offsets into that block.
This module turns those offsets into body line numbers and attaches what the block knows: whether the
text is quoted and who wrote it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field, replace
from typing import Any

from extractors.claims import check_claim, find_claims
from extractors.questions import find_questions
from extractors.quotes import DIFF_START_RE, QuoteBlock, split_quotes
from extractors.results import find_inline_results
from extractors.tables import find_benchmark_tables



@dataclass(frozen=True)
class Placed:
    """A finding with its place in the body: 0-based first and last body line, quotation and author."""

    first_line: int
    last_line: int
    quoted: bool
    author: str | None
    item: Any


@dataclass(frozen=True)
class BodyFindings:
    tables: list[Placed] = field(default_factory=list)
    results: list[Placed] = field(default_factory=list)
    questions: list[Placed] = field(default_factory=list)
    claims: list[Placed] = field(default_factory=list)
    anomalies: list[Placed] = field(default_factory=list)


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(i + 1 for i, ch in enumerate(text) if ch == "\n")
    return starts


def _placer(block: QuoteBlock, author: str | None):
    starts = _line_starts(block.text)
    who = block.author if block.depth else author

    def place(item: Any, start: int, end: int) -> Placed:
        first = bisect_right(starts, start) - 1
        last = bisect_right(starts, max(start, end - 1)) - 1
        return Placed(block.first_line + first, block.first_line + last, block.depth > 0, who, item)

    return place


def analyze_body(body: str, author: str | None = None) -> BodyFindings:
    """All evidence in one decoded body. `author` is the message's sender, used for unquoted text.

    Never raises because of the body's content: text the finders cannot read yields no findings.
    """
    found = BodyFindings()
    diff = DIFF_START_RE.search(body)
    if diff:  # the unquoted diff of a patch mail holds no evidence: don't even split it into blocks
        body = body[:diff.start()]
    for block in split_quotes(body):
        if block.kind != "text":
            continue
        text = block.text
        place = _placer(block, author)
        for table in find_benchmark_tables(text):
            found.tables.append(place(table, table.start, table.end))
            for anomaly in table.anomalies:
                found.anomalies.append(place(anomaly, anomaly.start, anomaly.end))
        for result in find_inline_results(text):
            found.results.append(place(result, result.start, result.end))
        for question in find_questions(text):
            found.questions.append(place(question, question.start, question.end))
        for claim in find_claims(text):
            found.claims.append(place(claim, claim.start, claim.end))
    _check_claims(found)
    return found


def _check_claims(found: BodyFindings) -> None:
    """Set each claim's `check` against the evidence nearest to it in the same body.

    A claim sums up the table or result next to it ("Results are below. ... performance is better.",
    a table then "In this case there's an 11% improvement"), not every comparison of the message, so the
    comparisons of the nearest table or inline result (by lines, the one above winning a tie) are used.
    """
    evidence: list[tuple[int, int, list[float], list[bool | None]]] = []
    for placed in found.tables:
        pairs = [pair for pair in placed.item.pairs if pair.delta_pct is not None]
        if pairs:
            evidence.append((placed.first_line, placed.last_line, [pair.delta_pct for pair in pairs],
                             [placed.item.higher_is_better] * len(pairs)))
    for placed in found.results:
        if placed.item.delta_pct is not None:
            evidence.append((placed.first_line, placed.last_line, [placed.item.delta_pct],
                             [placed.item.higher_is_better]))
    for index, placed in enumerate(found.claims):
        line = placed.first_line
        nearest = min(evidence, default=None, key=lambda e: (
            0 if e[0] <= line <= e[1] else min(abs(line - e[1]), abs(e[0] - line)), e[0] > line))
        deltas, directions = (nearest[2], nearest[3]) if nearest else ([], [])
        checked = replace(placed.item, check=check_claim(placed.item, deltas, directions))
        found.claims[index] = replace(placed, item=checked)
