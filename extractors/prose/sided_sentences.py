"""Two sentences in a row that each measure one figure, one run said to be without the change and the
other with it: "Without the fix the copy loop needs 21 seconds." / "With the fix it needs 12
seconds." Each sentence names its own side, so neither compares anything alone; together they are a
baseline and a patched run, whatever other words they use.
"""

from __future__ import annotations

from extractors.model import Value
from extractors.prose.grammar import PAIR_FORMS, Statement, names_the_change, side_of
from extractors.prose.pipeline import Sentence
from extractors.vocab.units import MEASURED_DIMENSIONS, dimension_of

# Side words that are as often prepositions of time: they name a side as a label or before the change's name.
_TIME_PREPOSITIONS = frozenset({"before", "after"})


def sides_in_turn(one: Sentence, other: Sentence) -> list[Statement]:
    """The pair two neighbouring sentences measure, as a statement on `one`'s words (the baseline and
    the patched value at the place of `one`'s figure); [] when they do not measure one quantity on
    opposite sides, or either states a pair of its own."""
    if not (one.quantities and other.quantities) or not (one.labels | other.labels).isdisjoint(PAIR_FORMS):
        return []
    figures = [_sided(sentence) for sentence in (one, other)]
    if any(len(found) != 1 for found in figures):
        return []
    (at, first, side), (_, second, other_side) = figures[0][0], figures[1][0]
    if dimension_of(first.unit) != dimension_of(second.unit) or {side, other_side} != {"baseline", "patched"}:
        return []
    base, new = (first, second) if side == "baseline" else (second, first)
    return [Statement("SIDES", at, at + 1, (at, base), (at, new), None, None)]


def _sided(sentence: Sentence) -> list[tuple[int, Value, str]]:
    """The figures of a sentence in a unit that measures a run (a time, a rate, a bandwidth ...) that its
    words put on a side, with the side: of the figures one side word reaches, the nearest ("40 cycles
    without the series, with 2 cycles of noise" has one)."""
    quantities = dict(sentence.quantities)
    nearest: dict[int, tuple[int, Value, str]] = {}  # side word -> the figure nearest to it
    for index, value in sentence.quantities:
        side = side_of(sentence.words, index, quantities) if dimension_of(value.unit) in MEASURED_DIMENSIONS else None
        if side is not None and sentence.words[side[1]] in _TIME_PREPOSITIONS and \
                sentence.words[side[1] + 1:side[1] + 2] != (":",) and not names_the_change(sentence.words, side[1] + 1):
            continue  # "sleeps 2ms before polling", "after 2ms it polls": when, not which kernel ("Before:" is)
        if side is not None and (side[1] not in nearest or abs(index - side[1]) < abs(nearest[side[1]][0] - side[1])):
            nearest[side[1]] = (index, value, side[0])
    return list(nearest.values())
