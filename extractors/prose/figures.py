"""Sentences that only give a figure for what the sentence before named: "It was about 2.2%." after "I
measured the overhead.", "This was an increase of roughly 7%." after a sentence naming the metric. The
figure belongs to the sentence before, which says what it measures and in which direction.
"""

from __future__ import annotations

from extractors.prose.asking import asks
from extractors.prose.effects import effect_phrases
from extractors.prose.polarity import effect_polarity
from extractors.prose.pipeline import Sentence
from extractors.vocab.comparisons import CHANGE_NOUNS_SENSE, CHANGE_VERBS
from extractors.vocab.units import DIMENSION_HIGHER_IS_BETTER, lookup_unit

_BARE_HEADS = frozenset({"it", "that", "this", "which"})
_BARE_VERBS = frozenset({"was", "is", "were", "are", "'s", "it's", "that's"})
_BARE_HEDGES = frozenset({"about", "around", "roughly", "approximately", "approx", "only", "just", "nearly",
                          "almost", "near", "~", "under", "over"})
# How far the figure of a move may stand from its word: "an increase of about 5%", "a 5% increase".
_MOVE_REACH = 4


def bare_figure(sentence: Sentence) -> float | None:
    """The percentage of a sentence that only gives a figure for what the sentence before named ("It was
    about 2.2%."), or None."""
    words = [w for w in sentence.words if w not in _BARE_HEDGES and w not in (".", "!")]
    if len(words) == 2 and words[0] in ("it's", "that's"):
        words = ["it", "is", words[1]]
    if len(words) != 3 or words[0] not in _BARE_HEADS or words[1] not in _BARE_VERBS:
        return None
    value = dict(sentence.quantities).get(sentence.words.index(words[2]))
    return abs(value.value) if value is not None and value.unit == "%" else None


def figure_polarity(previous: Sentence) -> str | None:
    """What a bare figure measures, from the sentence before it: an effect phrase gives its polarity, a
    cost ("the overhead") a regression, a benefit ("the gain") an improvement."""
    effects = effect_phrases(previous)
    if effects:
        return effect_polarity(previous, effects)
    named = sorted((start, label) for label, start, _ in previous.cues if label in ("COST_WORD", "BENEFIT_WORD"))
    if not named:
        return None
    return "regression" if named[-1][1] == "COST_WORD" else "improvement"


def moved_figure(sentence: Sentence, previous: Sentence) -> tuple[str, float] | None:
    """(polarity, magnitude) of "This was an increase of roughly 7%." after a sentence that named the metric:
    a rise of a rate is an improvement, of a time or a cost a regression."""
    if sentence.has("SUBJECT") or asks(sentence):
        return None
    moves = [(at, CHANGE_VERBS.get(w, CHANGE_NOUNS_SENSE.get(w))) for at, w in enumerate(sentence.words)]
    moves = [(at, m) for at, m in moves if m is not None]
    percents = [(at, abs(v.value)) for at, v in sentence.quantities if v.unit == "%"]
    if len(moves) != 1 or len(percents) != 1 or abs(moves[0][0] - percents[0][0]) > _MOVE_REACH:
        return None  # "if the task is 90% done by the time it sees the improvement": the figure sizes no move
    higher = _metric_direction(previous)
    if higher is None:
        return None
    return ("improvement" if moves[0][1] == higher else "regression"), percents[0][1]


def _metric_direction(sentence: Sentence) -> bool | None:
    """Whether more is better for the metric a sentence names: its units first ("561 Mop/s"), then its
    cost and benefit words."""
    for _, value in sentence.quantities:
        unit = lookup_unit(value.unit)
        if unit is not None and DIMENSION_HIGHER_IS_BETTER.get(unit.dimension) is not None:
            return DIMENSION_HIGHER_IS_BETTER[unit.dimension]
    named = sorted((start, label) for label, start, _ in sentence.cues if label in ("COST_WORD", "BENEFIT_WORD"))
    return (named[-1][1] == "BENEFIT_WORD") if named else None
