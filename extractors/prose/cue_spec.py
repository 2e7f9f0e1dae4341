"""The compact spec language of the cue patterns (`compile_pattern`), and the fragments that both
pattern tables use: the sentence classifier's cues (`extractors.prose.cues`) and its effect phrases
(`extractors.prose.effect_cues`).
"""

from __future__ import annotations

from extractors.vocab.performance import BENEFIT_WORDS, COST_WORDS
from extractors.vocab.requests import NEGATIONS


def any_of(words) -> str:
    """One spec token matching any of the one-word entries (phrasal verbs have patterns of their own)."""
    return "|".join(sorted(word for word in set(words) if " " not in word))


_CLAUSE_MARKS = (",", ";", ":", ".", "!", "?")  # what ends a clause: a `~N` gap never crosses one


def compile_pattern(spec: str) -> list[dict]:
    """A Matcher token pattern from a compact spec, so that pattern tables stay readable.

    Tokens are separated by spaces: `a|b` matches either lower-cased word, a trailing `?` makes a token
    optional, `*N` skips up to N words, `~N` up to N tokens of a clause (words and brackets, no comma or
    stop), `PCT` is a percentage, `QTY` any other quantity, `NUMBER` either (entities of
    `extractors.prose.tokens`), `PUNCT` a punctuation mark. Example: "have|did you *2 measure|measured".
    """
    pattern: list[dict] = []
    for part in spec.split():
        if part.startswith("*") and part[1:].isdigit():
            pattern.append({"OP": "{0,%s}" % part[1:], "IS_PUNCT": False})
            continue
        if part.startswith("~") and part[1:].isdigit():
            pattern.append({"OP": "{0,%s}" % part[1:], "LOWER": {"NOT_IN": list(_CLAUSE_MARKS)}})
            continue
        optional = len(part) > 1 and part.endswith("?")
        word = part[:-1] if optional else part
        if word in ("PCT", "QTY"):
            token: dict = {"ENT_TYPE": word}
        elif word == "NUMBER":
            token = {"ENT_TYPE": {"IN": ["QTY", "PCT"]}}
        elif word.startswith("re:"):
            token = {"LOWER": {"REGEX": word[3:]}}
        elif word == "PUNCT":
            token = {"IS_PUNCT": True}
        elif "|" in word:
            token = {"LOWER": {"IN": word.split("|")}}
        else:
            token = {"LOWER": word}
        if optional:
            token["OP"] = "?"
        pattern.append(token)
    return pattern


NEGATION = any_of(NEGATIONS)
COST = any_of(COST_WORDS - {"time", "cpu"})
COST_OR_TIME = any_of(COST_WORDS | {"cost", "costs"})  # "time" is a cost once a verb says it moved
BENEFIT = any_of(BENEFIT_WORDS)
# An effect judged by its adjective: "a negative impact on throughput", "a positive effect on latency".
_EFFECT_NOUNS = "impact|impacts|effect|effects|influence"
JUDGED_BAD = "negative|adverse|detrimental|harmful " + _EFFECT_NOUNS
JUDGED_GOOD = "positive|beneficial|favorable|favourable " + _EFFECT_NOUNS
# The same judgement as the adverb of a verb of effect: "this patch adversely affects UFS performance".
_EFFECT_VERBS = "affect|affects|affected|affecting|impact|impacts|impacted|impacting"
JUDGED_BAD_VERB = "adversely|negatively|badly|severely " + _EFFECT_VERBS
JUDGED_GOOD_VERB = "positively|favorably|favourably|beneficially " + _EFFECT_VERBS
