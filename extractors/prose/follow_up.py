"""Follow-up questions: a short question right after a performance question goes on asking what that
one asked ("And with 64k pages?", "What was the workload?", "How small is it?"), though it names no
performance subject of its own."""

from __future__ import annotations

from extractors.prose.asking import asks, discusses_design
from extractors.prose.classify import category_of
from extractors.prose.effects import EFFECT_LABELS, functional
from extractors.prose.pipeline import Sentence
from extractors.prose.weak_subjects import weak_positions

# A question that goes on with the one before it: a short one naming what it measures ("What was the
# workload?"), or opening as a continuation with no verb of its own ("And smaller RAID5 arrays?", "What
# about RAID6?") or with an effect ("And are random writes impacted?").
_FOLLOW_UP_OPENERS = frozenset({"and", "also", "plus"})
_FOLLOW_UP_PAIRS = frozenset({("what", "about"), ("how", "about")})
# "For example, a database inside the guest?": an example of what the question before asked for.
_EXAMPLE_OPENERS = frozenset({("for", "example"), ("for", "instance"), ("e.g",), ("e.g.",), ("eg",)})
# "How tiny is it?", "How much?": asking the size of what the question before asked about.
_DEGREE_WORDS = frozenset({"much", "big", "large", "bad", "small", "tiny", "significant", "long", "often", "many"})
_FOLLOW_UP_WORDS = 10
_FRAGMENT_WORDS = 6
# The auxiliaries and copulas of a question with a verb of its own (a fragment holds none).
_FINITE_VERBS = frozenset({"is", "are", "was", "were", "be", "been", "do", "does", "did", "have", "has", "had", "can",
                           "could", "would", "will", "should", "may", "might", "must", "shall", "isn't", "aren't",
                           "wasn't", "don't", "doesn't", "didn't", "haven't", "hasn't", "can't", "won't", "it's",
                           "that's", "what's", "there's", "need", "needs"})
# Words that ask what a change did to something measured: "are random writes impacted?".
_EFFECT_FORMS = frozenset({"impact", "impacted", "impacts", "affected", "difference", "differences", "effect",
                           "effects"})


def read_follow_up(sentence: Sentence, asked: str) -> str | None:
    """The category of a question that goes on asking what the performance question right before it
    (of category `asked`) asked, or None. Its own family wins over the one before; design talk, bug
    reports and statements are no follow-ups."""
    if not asks(sentence) or functional(sentence):
        return None
    words = [word for word in sentence.words if word.isalnum() or "'" in word]
    if not words or len(words) > _FOLLOW_UP_WORDS:
        return None
    continued = words[0] in _FOLLOW_UP_OPENERS or tuple(words[:2]) in _FOLLOW_UP_PAIRS
    fragment = len(words) <= _FRAGMENT_WORDS and _FINITE_VERBS.isdisjoint(words)
    names_an_effect = bool(sentence.labels & EFFECT_LABELS) or not _EFFECT_FORMS.isdisjoint(words)
    degree = len(words) <= _FRAGMENT_WORDS and words[0] == "how" and words[1:2] != [] and words[1] in _DEGREE_WORDS
    example = (tuple(words[:2]) in _EXAMPLE_OPENERS or tuple(words[:1]) in _EXAMPLE_OPENERS) and \
        _FINITE_VERBS.isdisjoint(words)
    if not (continued and (fragment or names_an_effect) or example or degree or weak_positions(sentence)):
        return None
    if discusses_design(sentence.words, bool(sentence.labels & EFFECT_LABELS)):
        return None
    own = category_of(sentence, False, True)
    return asked if own in ("other", "request-data") else own
