"""Where a sentence turns from what it grants to what it asserts ("I'm not sure it is right, but it
reduces the runtime"), and which hedges stand in an aside of their own ("(assuming a warm cache)"): the
parts of a sentence the claim reader (`extractors.prose.classify`) weighs apart."""

from __future__ import annotations

from extractors.vocab.requests import POSSIBILITY_MODALS

_POSSIBLE = POSSIBILITY_MODALS | {"possible", "possibly", "potentially", "can", "would", "hope", "hopefully", "wish"}
_TURNS = frozenset({"but", "however", "yet"})  # after a comma, the clause that follows is asserted
_CLAUSE_SUBJECTS = frozenset({"it", "this", "that", "the", "we", "i", "they", "there", "these", "those", "you", "he",
                              "she", "its", "our", "my"})


def aside_at(words: tuple[str, ...], start: int, position: int) -> bool:
    """Whether word `start` opens brackets closed before the effect at `position`: an aside that
    qualifies the finding ("(assuming a warm cache) the overhead is reduced to 2%"), not a hedge of it. A
    hedge further into the brackets ("(where blocking is possible)") is part of what they describe, and a
    lone word in brackets right before the effect ("it (potentially) hurts") qualifies the effect itself."""
    if not (start > 0 and words[start - 1] == "(" and ")" in words[start:position]):
        return False
    closed = words.index(")", start)
    return closed - start >= 2 and position - closed >= 2


def turn_at(words: tuple[str, ...], position: int) -> int:
    """Where a sentence turns from a doubt granted in a clause of its own ("I'm not sure this is the proper
    fix, but it reduces the runtime a lot", "I didn't benchmark it properly, but a quick test gave +5%")
    before the effect at `position`: the clause after the turn asserts the effect. -1 when it does not
    turn, or when what comes before is a possibility ("it is possible to ..., but that adds overhead"
    weighs an option) or the turn goes on with it ("..., but then ...")."""
    # "but" turns with or without the comma when a clause follows it ("I can't tell whether the leak was gone but
    # reverting it avoids ...", "... but it is faster"); "no drawbacks but a gain" is "except"
    turn = max((i for i in range(1, position) if words[i] in _TURNS and (
        words[i - 1] == "," or words[i] == "but" and _opens_clause(words[i + 1:i + 2]))), default=-1)
    if turn < 0 or words[turn + 1:turn + 2] == ("then",) or not _POSSIBLE.isdisjoint(words[:turn]):
        return -1
    return turn


def _opens_clause(word: tuple[str, ...]) -> bool:
    """Whether a word opens a clause of its own: a subject ("it", "the"), or a verb form ("reverting",
    "turned out") whose subject is the sentence's."""
    return bool(word) and (word[0] in _CLAUSE_SUBJECTS or word[0].endswith(("ing", "ed")))


# Words that single out a case where a stated effect is greatest: "slow, especially if many files are read"
_SINGLING_OUT = frozenset({"especially", "particularly", "notably", "specially"})


def bounds_a_finding(words: tuple[str, ...], index: int) -> bool:
    """Whether the "if" at `index` is "if any" ending its clause ("the impact is minimal if any"): the most
    that was seen, no condition; or singles out the case where a stated effect is greatest ("a significant
    overhead, especially if many files are checked"), which leaves the effect stated for all."""
    after = words[index + 2:index + 3]
    return words[index:index + 2] == ("if", "any") and (not after or not after[0][:1].isalnum()) \
        or index > 0 and words[index - 1] in _SINGLING_OUT


def in_means(words: tuple[str, ...], end: int, index: int) -> bool:
    """Whether the condition word at `index` belongs to the means of the effect ending at `end` ("improves
    performance by only calling wake_up() if the queue is not empty"): what the code does, no case supposed."""
    return any(words[j] == "by" and any(word.endswith("ing") for word in words[j + 1:j + 3]) for j in range(end, index))


# Words that name what someone speaks of, right before it: "referring to", "talking about", "regarding",
# "with respect to"; and the determiners that make what follows a thing already spoken of.
_REFERRING = frozenset({("referring", "to"), ("refer", "to"), ("referred", "to"), ("talking", "about"),
                        ("talked", "about"), ("talk", "about"), ("respect", "to"), ("w/respect", "to"),
                        ("regarding",), ("wrt",), ("w.r.t.",), ("concerning",)})
_REFERRED = frozenset({"the", "this", "that", "these", "those", "your", "his", "her", "their", "our"})
_REFERENCE_REACH = 3  # words from the determiner to the effect noun: "the (big) performance penalty"


def referred_to(words: tuple[str, ...], position: int) -> bool:
    """Whether the effect at `position` is a thing spoken of ("I was referring to the performance penalty",
    "what he meant regarding the overhead"): a topic named, not an effect asserted."""
    for det in range(position - 1, max(-1, position - 1 - _REFERENCE_REACH), -1):
        if words[det] in _REFERRED:
            return any(words[max(0, det - len(marker)):det] == marker for marker in _REFERRING)
    return False
