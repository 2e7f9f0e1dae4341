"""What a stated result measured: the clause before its statement that names a metric ("the p99 latency
drops ..."), the object of its change verb ("improves the throughput by 12%"), the metric between a
percentage and its change noun ("a 40% CPU reduction"), and which way is better for it. `extractors.results`
asks these of every statement it keeps.
"""

from __future__ import annotations

import re

from extractors.prose.grammar import Statement
from extractors.prose.pipeline import Sentence
from extractors.verdicts import metric_direction
from extractors.vocab.comparisons import (APPROXIMATELY, BOUND_WORDS, CARRYING_VERBS, CHANGE_NOUNS_SENSE, CHANGE_VERBS,
                                         OBJECT_ENDS, OBJECT_PREPOSITIONS, SUBJECT_BREAKS, SUBJECT_FILLERS, UP_DOWN)
from extractors.vocab.performance import (BENEFIT_WORDS, COST_WORDS, GENERAL_BENEFIT_WORDS, PROFILE_NOUNS,
                                          STRONG_SUBJECTS)

# The words that name what a run measured; a result's figures name the profile they are shares of ("the
# profile shows ~5% rather than ~40%"), whatever other sense the noun has elsewhere.
METRIC_WORDS = BENEFIT_WORDS | COST_WORDS | STRONG_SUBJECTS | PROFILE_NOUNS
_CHANGE_FIGURE_RE = re.compile(r"^[~+-]?\d[\d.,-]*[%x]$")  # "~10%", "2-3x": a change, not part of a name
# Words no benchmark's name holds: a change's nouns and verbs, and the verbs of a clause.
_NOT_A_NAME = frozenset(CHANGE_NOUNS_SENSE) | frozenset(CHANGE_VERBS) | {"is", "are", "was", "were", "be", "been"}


def subject_of(sentence: Sentence, first: int, last: int) -> str | None:
    """What a statement measured: the clause before it when that names a metric ("the p99 latency drops
    ..."), else the words after "of/in/on/for" that follow it ("a 5% regression of fio.read_bw"), else
    the clause before it, without function words."""
    words = sentence.words
    if first >= 2 and words[first - 1] == ":":
        first -= 1  # "hackbench: 12.3s -> 11.1s": the subject is the label before the colon
    start = first
    while start > 0 and words[start - 1] not in SUBJECT_BREAKS and first - start < 8:
        start -= 1
    end = first
    while end > start and (words[end - 1] in CHANGE_VERBS or words[end - 1] in SUBJECT_FILLERS
                           or words[end - 1] in CARRYING_VERBS):
        end -= 1
    before = _trim(words, start, end)
    if before and any(w in METRIC_WORDS for w in words[before[0]:before[1]]):
        return _text(sentence, *before)
    if last < len(words) and words[last] in OBJECT_PREPOSITIONS:
        stop = next((i for i in range(last + 1, min(len(words), last + 6)) if words[i] in OBJECT_ENDS), None)
        span = _trim(words, last + 1, stop if stop is not None else min(len(words), last + 6))
        if span:
            return _text(sentence, *span)
    return _text(sentence, *before) if before else None


def object_of(sentence: Sentence, statement: Statement) -> str | None:
    """The metric a change verb takes as its object ("improves the throughput by 12%"), when the words
    between the verb and "by" name one, what a change before "up"/"down" names ("-31.8% performance
    down"), or the metric between a percentage and its change noun ("a 40% CPU reduction"): what was
    measured, whoever the sentence's subject is."""
    words = sentence.words
    if statement.last - statement.first > 2 and (
            statement.form == "UP_DOWN" and words[statement.last - 1] in UP_DOWN
            or statement.form == "VERB_BY" and statement.first in dict(sentence.quantities)):
        span = _trim(words, statement.first + 1, statement.last - 1)  # "-31.8% performance down", "8% iops reduced"
        return _text(sentence, *span) if span else None
    if statement.form == "PCT_COMPARATIVE" or statement.last - 1 in dict(sentence.quantities) and (
            statement.form == "PCT_NOUN" or statement.form == "VERB_BY" and statement.judged is not None
            and "by" not in words[statement.first:statement.last]):
        # "51% more bytes per cycle than ...", "20% higher throughput": the metric after the comparative the
        # statement ends with; "the gain is 13% CPU per thread", "lost 9% bandwidth" after its figure (unless
        # the verb took it as its object: "lowers the map lookup time about 8% on our box")
        if statement.form == "VERB_BY" and (before := _object_before(sentence, statement)) is not None:
            return before
        stop = next((i for i in range(statement.last, min(len(words), statement.last + 5))
                     if words[i] in OBJECT_ENDS or words[i] == "than"), None)
        after = _metric_named(sentence, _trim(words, statement.last,
                                              stop if stop is not None else min(len(words), statement.last + 4)))
        if after is not None or statement.form != "PCT_NOUN":
            return after
    if statement.form == "PCT_NOUN" and statement.last - statement.first > 2:
        # "a 40% CPU reduction", "a drop in throughput of 2%": the metric between the noun and its figure
        return _metric_named(sentence, _trim(words, statement.first + 1, statement.last - 1))
    if statement.form not in ("VERB_BY", "TIMES"):
        return None
    return _object_before(sentence, statement)


def _object_before(sentence: Sentence, statement: Statement) -> str | None:
    """The metric between a change verb and its figure: before "by" ("improves the throughput by 12%"),
    or before the bound or estimate on the figure ("reduces the latency more than 30%")."""
    words = sentence.words
    if "by" in words[statement.first + 1:statement.last]:
        end = words.index("by", statement.first + 1)
    else:  # "reduces the latency more than 30%": the metric between the verb and the bound on the figure
        end = statement.last - 1
        while end > statement.first + 1 and (words[end - 1] in BOUND_WORDS or words[end - 1] in APPROXIMATELY
                                             or words[end - 1] == "more"):
            end -= 1
    span = _trim(words, statement.first + 1, end)
    if span and any(w in METRIC_WORDS for w in words[span[0]:span[1]]):
        return _text(sentence, *span)
    return None


def _metric_named(sentence: Sentence, span: tuple[int, int] | None) -> str | None:
    """The words of `span` when they name a metric or a rate ("CPU", "bytes per cycle"), else None."""
    if span and any(w in METRIC_WORDS or w == "per" for w in sentence.words[span[0]:span[1]]):
        return _text(sentence, *span)
    return None


def _trim(words: tuple[str, ...], start: int, end: int) -> tuple[int, int] | None:
    while start < end and (words[start] in SUBJECT_FILLERS or words[start] in CHANGE_VERBS):
        start += 1
    while end > start and words[end - 1] in SUBJECT_FILLERS:
        end -= 1
    return (start, end) if end > start else None


def benchmark_of(subject: str | None) -> str | None:
    """What a result names as measured, when its subject names a thing: not a clause with a change or a
    verb in it ("~10% increase", "range is now more", "2x improvement in CPU util"), which restates the
    change or the sentence."""
    if subject is None:
        return None
    words = subject.lower().split()
    if any(_CHANGE_FIGURE_RE.match(word) for word in words) or set(words) & _NOT_A_NAME:
        return None
    return subject


def _text(sentence: Sentence, start: int, end: int) -> str | None:
    offsets = sentence.offsets
    stop = offsets[end] if end < len(offsets) else len(sentence.text)
    return sentence.text[offsets[start]:stop].strip(" ,;:(").strip() or None


def names_a_metric(subject: str | None) -> bool:
    """Whether a subject holds a word naming what a run measured ("the p99 latency", "IOPS")."""
    return bool(subject) and any(w in METRIC_WORDS for w in subject.lower().split())


def higher_is_better(subject: str | None) -> bool | None:
    """Whether more of the metric named is better: `extractors.verdicts` first, then the cost and benefit
    words of the vocabulary ("CPU util" is a cost, "tput" a benefit)."""
    higher = metric_direction(subject) if subject else None
    if higher is None and subject:
        words = set(subject.lower().replace("%", " ").split())
        if words & COST_WORDS and not words & BENEFIT_WORDS:
            return False
        if words & BENEFIT_WORDS and not words & COST_WORDS:
            return True
    return higher


def only_generally_named(subject: str | None) -> bool:
    """Whether a subject's only metric word is a general word for speed ("performance") the unit makes precise."""
    words = set(subject.lower().split()) if subject else set()
    return bool(words & GENERAL_BENEFIT_WORDS) and not words & (BENEFIT_WORDS | COST_WORDS) - GENERAL_BENEFIT_WORDS
