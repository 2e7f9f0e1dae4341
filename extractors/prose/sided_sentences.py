"""Two sentences in a row that each measure one figure, one run said to be without the change and the
other with it: "Without this patch the rename loop takes 13 seconds." / "With this patch it takes 7
seconds." Each sentence names its own side, so neither compares anything alone; together they are a
baseline and a patched run, whatever other words they use.
"""

from __future__ import annotations

from extractors.model import Value
from extractors.prose.grammar import PAIR_FORMS, Statement, side_of
from extractors.prose.pipeline import Sentence
from extractors.vocab.units import MEASURED_DIMENSIONS, dimension_of


def sides_in_turn(one: Sentence, other: Sentence) -> Statement | None:
    """The pair two neighbouring sentences measure, as a statement on `one`'s words (the baseline and
    the patched value at the place of `one`'s figure), or None when they do not measure one quantity on
    opposite sides."""
    if not (one.labels | other.labels).isdisjoint(PAIR_FORMS):  # each states a pair of its own
        return None
    figures = [_measured(sentence) for sentence in (one, other)]
    if any(len(found) != 1 for found in figures):
        return None
    (at, first), (there, second) = figures[0][0], figures[1][0]
    if dimension_of(first.unit) != dimension_of(second.unit):
        return None
    sides = (side_of(one.words, at, dict(one.quantities)), side_of(other.words, there, dict(other.quantities)))
    named = tuple(side[0] if side else None for side in sides)
    if named == ("baseline", "patched"):
        return Statement("SIDES", at, at + 1, (at, first), (at, second), None, None)
    if named == ("patched", "baseline"):
        return Statement("SIDES", at, at + 1, (at, second), (at, first), None, None)
    return None


def _measured(sentence: Sentence) -> list[tuple[int, Value]]:
    """The figures of a sentence in a unit that measures a run (a time, a rate, a bandwidth ...)."""
    return [(index, value) for index, value in sentence.quantities if dimension_of(value.unit) in MEASURED_DIMENSIONS]
