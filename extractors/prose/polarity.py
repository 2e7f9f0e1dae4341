"""Which way a sentence's effect goes and by how much: the polarity of its first effect phrase (turned
by a fix, a negation, "without the patch", a small size), the effect a contrast turns to, and the
percentage that sizes it. Read by the sentence classifier (`extractors.prose.classify`) and by the bare
figures that lean on the sentence before (`extractors.prose.figures`).
"""

from __future__ import annotations

from extractors.numbers import least_size, ratio_change_pct
from extractors.prose.grammar import names_the_change
from extractors.prose.pipeline import Sentence
from extractors.vocab.comparisons import NOISE_WORDS

_NEGATION_REACH = 6  # words between a negation and the effect phrase it turns neutral
# "not only slower but ...", "not to mention the overhead", "not counting the extra copies": adds, does not negate
_ADDITIVE = frozenset({"only", "just", "merely", "mentioning", "to", "counting", "including"})
# Words between "without" and the effect it negates: "without any gain", "without much overhead".
QUANTIFIERS = frozenset({"any", "much", "a", "an", "significant", "noticeable", "measurable", "visible", "real",
                         "big", "major", "extra", "additional"})
_CONTRASTS = frozenset({"but", "however", "although", "though", "yet", ";"})  # what ends a fix's reach
_CONTRAST_WORDS = _CONTRASTS - {";"}  # what turns a sentence from the effect it grants to the one it asserts
_PASSIVE = frozenset({"is", "are", "was", "were", "be", "been", "gets", "got", "get"})
# Verbs that state what an action led to: the effect after one is the action's result, not the cost it
# removed ("removing the lock made it slower").
_CAUSING = frozenset({"made", "makes", "make", "making", "caused", "causes", "cause", "causing", "leads", "led",
                      "results", "resulted", "resulting"})
_RELATIVES = frozenset({"that", "which", "who"})
_FIX_REACH = 8  # words between a fix ("avoiding", "fixes") and the cost it removes ("... which is much more expensive")
_MAGNITUDE_REACH = 8  # words between an effect phrase and the percentage that sizes it


def _without_the_change(sentence: Sentence, position: int) -> bool:
    """Whether the effect is stated of the kernel without the change ("Without the patch, reads are 5%
    slower"): the change then has the opposite effect."""
    words = sentence.words
    start = max(0, position - _NEGATION_REACH - 2)
    return any(words[i] == "without" and names_the_change(words, i + 1) for i in range(start, position))


def _negated(sentence: Sentence, position: int) -> bool:
    """A negation up to six words before the effect, in the same clause (no comma, no "because" between):
    "I don't see a big gain".
    "without" negates only the effect right after it ("without slowing it down"); further on, it names
    what a setup lacks ("without a lock it would be faster")."""
    words = sentence.words
    return any((_without_negates(words, start, position) if words[start] == "without" else
                position - _NEGATION_REACH <= start < position and "," not in words[start:position]
                and _CLAUSE_OPENERS.isdisjoint(words[start + 2:position])  # "not because it is slow" negates it
                and not set(words[start + 1:start + 2]) & _ADDITIVE)
               for start, _ in sentence.spans("NEGATION"))


# Words that open a clause of its own, which a negation before them does not reach: "people don't use it
# because it has a performance hit", "I'm not sure why it is faster".
_CLAUSE_OPENERS = frozenset({"because", "since", "although", "though", "whereas", "but", "while", "why"})


def _without_negates(words: tuple[str, ...], start: int, position: int) -> bool:
    """"without" negates an effect right after it or after a quantifier ("without slowing it down",
    "without any gain"); before other words it names what a setup lacks ("without a lock it is faster",
    "with or without iowait boost")."""
    return position == start + 1 or position == start + 2 and words[start + 1] in QUANTIFIERS


def _led_to(words: tuple[str, ...], start: int, position: int) -> bool:
    """Whether the action at `start` led to the effect at `position` ("removing the lock made it slower"),
    rather than the effect describing what the action removed ("fix the splitting that caused regressions")."""
    return any(words[at] in _CAUSING and words[at - 1] not in _RELATIVES for at in range(start + 1, position))


def effect_polarity(sentence: Sentence, effects: list[tuple[int, str, int]]) -> str | None:
    """The polarity of the first of `effects` (`effects.effect_phrases`) as the sentence states it: a
    regression fixed is an improvement, an effect of the kernel without the change is the opposite one,
    a negated or small one is neutral."""
    position, polarity, end = effects[0]
    words = sentence.words
    fixes = [start for start, _ in sentence.spans("FIX") + sentence.spans("LESSEN")  # "fixes a bug, but is slower"
             if not set(words[start:position]) & _CONTRASTS and not _led_to(words, start, position)
             # "Removing the tracking also slows things down": an action as the subject, whose effect it is
             and not (start == 0 and words[0].endswith("ing"))]
    fixed = [start for start, _ in sentence.spans("FIX")  # "the regression ... is fixed": the same, passive
             if 0 < start - position <= _FIX_REACH and words[start - 1] in _PASSIVE]
    if polarity == "regression" and fixed and not any(_negated(sentence, at) for at in fixed):
        return "improvement"
    if polarity == "regression" and any(0 < position - at <= _FIX_REACH for at in fixes):
        if any(_negated(sentence, at) for at in fixes):
            return "regression"  # "the fix doesn't seem to fix the slowdown": it is still there
        return "improvement"  # "fixes the performance regression": the change removes it
    if polarity != "neutral" and _without_the_change(sentence, position):
        return "regression" if polarity == "improvement" else "improvement"  # "without the patch it is slower"
    if polarity != "neutral" and (_negated(sentence, position) or _dismissed_as_noise(sentence, end)
                                  or any(position < at < end for at, _ in sentence.spans("NEUTRAL"))):
        return "neutral"  # not so, noise, or no change inside the phrase ("is insignificantly better")
    if polarity == "regression" and any(min(abs(start - position), abs(start - end + 1)) <= _NEGATION_REACH
                                        and not _large_bound(sentence, start, stop)
                                        for start, stop in sentence.spans("SMALL")):
        return "neutral"  # "negligible overhead", "the drop in throughput is not significant"
    return polarity


# The largest percentage a bound on a cost may give and still call it small ("less than 1%"): a few percent
# is what repeated kernel benchmark runs vary by; "slight regressions (less than 10%)" are regressions.
# (`effects` has a looser bound for "less than N%" standing alone as no effect at all.)
_SMALL_COST_PCT = 5.0


def _large_bound(sentence: Sentence, start: int, end: int) -> bool:
    """Whether a small-cost phrase is a bound above a few percent ("less than 10%")."""
    return any(start <= index < end and value.unit == "%" and abs(value.value) > _SMALL_COST_PCT
               for index, value in sentence.quantities)


# Words that put a change down to chance: "a 2% gain, but that was within the noise" (jitter and error are
# measured quantities too, so they do not count here).
_CHANCE_WORDS = NOISE_WORDS - {"jitter", "error"}


def _dismissed_as_noise(sentence: Sentence, end: int) -> bool:
    """Whether a contrast after the effect puts it down to noise ("..., but that is within the variance")."""
    words = sentence.words
    turns = [at for at in range(end, len(words)) if words[at] in _CONTRAST_WORDS]
    return bool(turns) and any(word in _CHANCE_WORDS for word in words[turns[0]:])


def effect_magnitude(sentence: Sentence, position: int, polarity: str, end: int | None = None) -> float | None:
    """The percentage nearest to the effect phrase (from `position` to `end`, its first word alone when
    no end is given), leaving out the ends of a from/arrow pair; a ratio ("1.95x") is the change it makes:
    +95% for an improvement, -49% (1 - 1/1.95) for a regression."""
    last = position if end is None else end - 1
    paired = set()
    for label, start, end in sentence.cues:
        if label in ("FROM_TO", "TO_FROM", "ARROW", "VS"):
            paired.update(range(start, end))
    best = None
    for index, value in sentence.quantities:
        if value.unit not in ("%", "x") or index in paired or value.unit == "x" and value.value <= 1:
            continue
        distance = 0 if position <= index <= last else min(abs(index - position), abs(index - last))
        if distance <= _MAGNITUDE_REACH and (best is None or distance < best[0]):
            best = (distance, least_size(value) if value.unit == "%" else
                    abs(ratio_change_pct(value.value, polarity == "improvement")))
    return round(best[1], 4) if best else None


def turned_effects(sentence: Sentence, effects: list[tuple[int, str, int]]) -> list[tuple[int, str, int]] | None:
    """The effects from the first directed one after a contrast ("but", "however") that follows a
    neutral one, in a clause that names what it is about ("..., but for slow disks the performance is
    several times better"): the sentence grants no change somewhere to assert one elsewhere."""
    words = sentence.words
    for index, (start, polarity, end) in enumerate(effects[1:], 1):
        contrasts = [at for at in range(effects[0][2], start) if words[at] in _CONTRAST_WORDS]
        hedged = any(contrasts and contrasts[-1] < at < end for label, at, _ in sentence.cues
                     if label in ("HEDGE", "PLAN", "DOUBT"))  # "..., but a bailout can save cycles" hopes
        if polarity != "neutral" and contrasts and not hedged and \
                any(contrasts[-1] < at < end for at, _ in sentence.spans("SUBJECT")):
            return effects[index:]
    return None
