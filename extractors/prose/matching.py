"""Runs the cue and comparison patterns over a doc at the cost of the places where they can start.

The patterns are spaCy Matcher patterns (validated by `Matcher(vocab, validate=True)` when the finder is
built), but a Matcher tries every pattern at every token and builds Token objects on each call, so its
cost grows with the tables: on the io-uring archive it was three quarters of the prose pass. Every
pattern here starts with a fixed word set or a quantity, so the finder indexes patterns by their first
token and, for each token of a doc, tries only the patterns that can start there, over the doc's
LOWER / ENT_TYPE / IS_PUNCT arrays. The attributes and operators it reads are the ones the tables use:
LOWER (a word, IN, or REGEX), ENT_TYPE (a label or IN), IS_PUNCT, and OP "?" or "{0,N}".
"""

from __future__ import annotations

import re
from typing import Any

_MAX_MATCHES_PER_START = 16


class _Token:
    """One compiled pattern token: a test on (lower text, entity label, is punctuation) and its repeat."""

    __slots__ = ("words", "regex", "entities", "punct", "low", "high", "plain")

    def __init__(self, spec: dict) -> None:
        lower = spec.get("LOWER")
        self.words = {lower} if isinstance(lower, str) else set(lower["IN"]) if isinstance(lower, dict) \
            and "IN" in lower else None
        self.regex = re.compile(lower["REGEX"]) if isinstance(lower, dict) and "REGEX" in lower else None
        entity = spec.get("ENT_TYPE")
        self.entities = {entity} if isinstance(entity, str) else set(entity["IN"]) if entity else None
        self.punct = spec.get("IS_PUNCT")
        op = spec.get("OP", "1")
        if op == "?":
            self.low, self.high = 0, 1
        elif op.startswith("{"):
            self.low, self.high = 0, int(op.strip("{}").split(",")[1])
        else:
            self.low = self.high = 1
        # a word set and nothing else: tested by set membership alone
        self.plain = self.words is not None and self.regex is None and self.entities is None and self.punct is None

    def test(self, lower: str, entity: str, punct: bool) -> bool:
        if self.words is not None and lower not in self.words:
            return False
        if self.regex is not None and not self.regex.search(lower):
            return False
        if self.entities is not None and entity not in self.entities:
            return False
        return self.punct is None or self.punct == punct


def _ends(pattern: list[_Token], tokens: list[tuple[str, str, bool]], at: int, step: int = 0) -> list[int]:
    """Every end index of `pattern[step:]` matched from token `at` (spaCy's semantics without greed)."""
    while step < len(pattern) and pattern[step].low == pattern[step].high == 1:  # required tokens: no branching
        token = pattern[step]
        if at >= len(tokens) or not (tokens[at][0] in token.words if token.plain else token.test(*tokens[at])):
            return []
        at += 1
        step += 1
    if step == len(pattern):
        return [at]
    token = pattern[step]
    ends: list[int] = []
    position = at
    for count in range(token.high + 1):
        if count >= token.low:
            ends.extend(_ends(pattern, tokens, position, step + 1))
        if count == token.high or position >= len(tokens) or not token.test(*tokens[position]):
            break
        position += 1
    return ends[:_MAX_MATCHES_PER_START]


def _required_words(pattern: list[_Token]) -> set[str] | None:
    """The words the second token must be, when it is a required plain word set; else None."""
    if len(pattern) < 2 or not pattern[1].plain or pattern[1].low != 1:
        return None
    return pattern[1].words


# (label, compiled pattern, the words its second token must be or None)
_Entry = tuple[str, list[_Token], "set[str] | None"]


class CueFinder:
    """Every (label, start, end) match of the pattern tables in a doc's tokens."""

    def __init__(self, vocab: Any, tables: tuple[dict[str, list[list[dict]]], ...]) -> None:
        from spacy.matcher import Matcher

        validator = Matcher(vocab, validate=True)
        self.by_word: dict[str, list[_Entry]] = {}
        self.by_entity: dict[str, list[_Entry]] = {}
        self.by_regex: list[tuple[_Token, _Entry]] = []
        for table in tables:
            for label, patterns in table.items():
                validator.add(label, patterns)  # raises on a pattern spaCy would not accept
                for pattern in patterns:
                    compiled = [_Token(spec) for spec in pattern]
                    first = compiled[0]
                    entry = (label, compiled, _required_words(compiled))
                    if first.low == 0:
                        raise ValueError(f"{label}: a pattern must start with a required token")
                    if first.words is not None:
                        for word in first.words:
                            self.by_word.setdefault(word, []).append(entry)
                    elif first.entities is not None:
                        for entity in first.entities:
                            self.by_entity.setdefault(entity, []).append(entry)
                    elif first.regex is not None:
                        self.by_regex.append((first, entry))
                    else:
                        raise ValueError(f"{label}: a pattern must start with a word, a regex or an entity")
        self.starting: dict[str, tuple[_Entry, ...]] = {}  # word -> patterns that may start there

    def __call__(self, tokens: list[tuple[str, str, bool]]) -> list[tuple[str, int, int]]:
        """Matches over a doc's tokens as (lower-cased text, entity label or "", is punctuation)."""
        found: list[tuple[str, int, int]] = []
        starting = self.starting
        for index, (lower, entity, _punct) in enumerate(tokens):
            candidates = starting.get(lower)
            if candidates is None:
                candidates = starting[lower] = tuple(self.by_word.get(lower, ())) + tuple(
                    entry for first, entry in self.by_regex if first.regex.search(lower))
            if entity:
                candidates = candidates + tuple(self.by_entity.get(entity, ()))
            following = tokens[index + 1][0] if index + 1 < len(tokens) else None
            for label, pattern, second in candidates:  # the first token matched: it is how it was found
                if second is not None and following not in second:
                    continue  # the usual miss, decided without a call
                for end in set(_ends(pattern, tokens, index + 1, 1)):
                    found.append((label, index, end))
        return found
