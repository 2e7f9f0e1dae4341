"""Where a sentence's weak subjects are ("time", "cpu", "numbers"): words that name a performance
subject only beside an effect or another subject. The everyday "time" counts only where it is the
duration of an operation."""

from __future__ import annotations

from extractors.prose.effects import REGRESSION_NOUNS
from extractors.prose.pipeline import Sentence
from extractors.vocab.comparisons import DETERMINERS
from extractors.vocab.performance import GENERAL_BENEFIT_WORDS, PROFILE_NOUNS, TIME_COMPOUNDS

# Statistics that make the time of any operation they name a measurement: "average transaction commit time".
_TIME_STATISTICS = frozenset({"average", "avg", "mean", "median", "total"})
# "time" and its plural ("compile times"), which also multiplies ("3 times faster"): the same rules
_TIME_WORDS = frozenset({"time", "times"})
# Nouns that, as what a phrase's change is in, are the measured quantity itself ("no change in write speeds")
_MEASURED_AFTER = _TIME_WORDS | GENERAL_BENEFIT_WORDS
WEAK_REACH = 4  # words between a weak subject and the effect phrase it needs
_OBJECT_REACH = 3  # a preposition and the words naming what is timed, after the phrase: "in kernel build times"
_STATISTIC_REACH = 3  # words before "time" a statistic may stand: "the average transaction commit time"
# Words after "time" that make it the duration of an operation ("the time spent in reclaim", "the time
# needed to add an entry", "the time it takes to boot"), which is measured, not a moment or a period set.
_OPERATION_TIME = frozenset({("spent",), ("taken",), ("needed",), ("required",), ("consumed",)})
_TIME_IT_TAKES = frozenset({("it", "takes"), ("it", "took"), ("they", "take"), ("we", "spend")})


def weak_positions(sentence: Sentence) -> list[int]:
    """Where the weak subjects are, leaving out "regression" and the everyday "time(s)" (only "CPU time",
    "boot time", "average <operation> time", "time spent" measure something)."""
    words = sentence.words
    return [start for start, _ in sentence.spans("WEAK_SUBJECT") if words[start] not in REGRESSION_NOUNS and (
        words[start] not in _TIME_WORDS or (start and words[start - 1] in TIME_COMPOUNDS)
        or not _TIME_STATISTICS.isdisjoint(words[max(0, start - _STATISTIC_REACH):start])
        or words[start + 1:start + 2] in _OPERATION_TIME or words[start + 1:start + 3] in _TIME_IT_TAKES)
        and not (words[start] == "runtime" and start and words[start - 1] == "at")]


def within_reach(words: tuple[str, ...], word: int, start: int, end: int) -> bool:
    """Whether a weak subject at `word` stands within `WEAK_REACH` words of the start of the phrase
    `start`..`end`, or is a measured time or speed a few words after the phrase ends ("no measurable
    difference in kernel build times", "no visible change in read speeds"): a time `weak_positions` kept is
    a duration, where an adjective there ("no impact on an already slow path") describes some other thing."""
    return abs(word - start) <= WEAK_REACH or words[word] in _MEASURED_AFTER and end <= word <= end + _OBJECT_REACH


# The bare nouns of a profile, as often a protocol's, a device's or a setting's ("the A2DP profile", "a power
# profile", "register a profile", "these profiles") as a profile of where time goes. The latter is shown
# ("show profiles", "in profiles"), made by a profiler ("a perf profile", "a CPU profile", "system wide
# profiles"), of something or seen to change ("a profile of the loop", "the profile shows", "how does the
# profile look"); the verb profiles ("to profile it").
_PROFILE_BEFORE = frozenset({"perf", "cpu", "kernel", "execution", "runtime", "flat", "cycle", "cycles", "time",
                             "timing", "wide", "in", "show", "share", "post", "see", "collect", "take", "attach",
                             "send"})
_PROFILE_AFTER = frozenset({"of", "data", "output", "outputs", "results", "shows", "showed", "show", "look", "looks",
                            "looked", "change", "changes", "changed", "differ", "differs", "compare", "compares"})
_BEFORE_THE_VERB = frozenset({"to", "you", "we", "i", "please", "can", "could", "should", "and", "also", "just"})
_AFTER_THE_VERB = frozenset({"it", "this", "that", "the", "them", "these", "those", "your", "both"})
_BEFORE = _PROFILE_BEFORE | _BEFORE_THE_VERB
_AFTER = _PROFILE_AFTER | _AFTER_THE_VERB


def profiles_time(sentence: Sentence) -> bool:
    """Whether the sentence names a profile of where time goes: a profiler's word ("profiling", "a flame
    graph", "perf record", "where is the time spent?"), or "profile" as a profile shown, made by a profiler or
    of something, asked for by itself ("Profiles, please."), or as a verb."""
    return any(b - a > 1 or sentence.words[a] not in PROFILE_NOUNS or _of_time(sentence.words, a)
               for a, b in sentence.spans("PROFILE"))


def _of_time(words: tuple[str, ...], at: int) -> bool:
    """Whether the bare noun "profile" at `at` is a profile of time (or the verb) by the words around it."""
    before, after = words[at - 1] if at else None, words[at + 1:at + 2]
    return before is None or before in _BEFORE and (before != "in" or words[at] == "profiles") \
        or at > 1 and words[at - 2] == "in" and before in DETERMINERS \
        or before.endswith("-level") or bool(after) and after[0] in _AFTER
