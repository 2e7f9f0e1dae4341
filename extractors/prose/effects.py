"""The effect phrases a sentence states ("faster", "reduces the overhead", "no difference") with their
polarity, and whether its "regression" is a slowdown or a bug: what the sentence classifier
(`extractors.prose.classify`) reads a claim from, and `extractors.prose.figures` the effect a figure has.

Pure functions of a sentence (`extractors.prose.pipeline.Sentence`).
"""

from __future__ import annotations

from extractors.prose.asking import OUTCOME_NOUNS
from extractors.prose.hardware import names_hardware
from extractors.prose.pipeline import Sentence
from extractors.prose.polarity import QUANTIFIERS
from extractors.prose.purpose import CLAUSE_ENDS, named_as_topic
from extractors.prose.requesting import NUMBER_NOUNS
from extractors.vocab.comparisons import (BAD_NOUNS, CHANGE_NOUNS, CHANGE_NOUNS_SENSE, COMPARATIVES, COPULAS,
                                          GOOD_NOUNS, RESTATING_SUBJECTS, SETUP_PREPOSITIONS)
from extractors.vocab.configurations import SWITCH_OFF_VALUES, SWITCH_ON_VALUES
from extractors.vocab.metrics import PARAMETER_WORDS
from extractors.vocab.performance import (BENEFIT_WORDS, CONFIGURED_VALUES, DEGRADED_STATE_NOUNS, FAILED_EVENT_WORDS,
                                          IDLE_CYCLES_BEFORE, PRICE_WORDS, SCALING_WORDS, STRONG_SUBJECTS)
from extractors.vocab.requests import MEASUREMENT_VERBS
from extractors.vocab.units import MEASURED_DIMENSIONS, PRICE_RE, dimension_of

_EFFECTS = (("NEUTRAL", "neutral"), ("IMPROVE_STRONG", "improvement"), ("REGRESS_STRONG", "regression"),
            ("IMPROVE", "improvement"), ("REGRESS", "regression"))
REGRESSION_NOUNS = frozenset({"regression", "regressions", "regress", "regressed", "regresses"})
# The change named as what acts ("this", "the patch", "this optimization"), and the adverbs between it and its
# verb ("this also reduces").
_CHANGE_AGENTS = CHANGE_NOUNS | {"optimization", "optimisation", "optimizations", "rework", "approach"}
_SUBJECT_ADVERBS = frozenset({"also", "further", "additionally", "now", "then", "greatly", "significantly",
                              "dramatically", "drastically"})
EFFECT_LABELS = frozenset(label for label, _ in _EFFECTS)
DIRECTED_LABELS = frozenset(label for label, polarity in _EFFECTS if polarity != "neutral")


# How a speed grows with load is named by what grows: the CPUs, threads, jobs, queue depth ... of a run.
_LOADS = frozenset(PARAMETER_WORDS) | {"cores", "load", "loads", "sockets", "nodes", "queue"}
# The states a feature is switched to, as one-word slices: "boost on" names a setting, not an effect.
_SWITCHED = frozenset((word,) for word in SWITCH_OFF_VALUES | SWITCH_ON_VALUES if word.isalpha())
# What follows the state, which ends its item ("(boost on, C2 off)"); a sentence cut after "on" (its object
# on the next lines, "a slowdown on" over a command) names no state.
_STATE_ENDS = frozenset({(",",), (")",), (";",), (".",), (":",)})
# Determiners that point at a thing after "without": "without the changes" names the run made without them.
_POINTED = frozenset((word,) for word in ("the", "this", "these", "those", "your", "my", "our", "his", "her", "their"))


_BOUND_LABELS = frozenset({"NEUTRAL", "SMALL"})  # the effects a bound on a figure is read as ("under 2%")
_BY_REACH = 10  # how far after an effect phrase "by <time>" may still size it, in words


def sizes_an_effect(sentence: Sentence) -> bool:
    """Whether a percentage or a factor stands by an effect phrase, sizing it ("a 5% regression", "a 50x
    decrease"). A bound holding the figure itself ("less than 10%", "under 2%") says how big, not of what
    (a share of anything), unless a difference is named after it ("less than 1% difference"); "within 2%"
    is two figures' distance. A time after "by" later in the effect's clause sizes it too ("decreases the
    resume time on average by 9ms")."""
    words = sentence.words
    spans = [(start, end, label in _BOUND_LABELS and words[start] != "within"
              and OUTCOME_NOUNS.isdisjoint(words[end:end + 2]))
             for label, start, end in sentence.cues if label in EFFECT_LABELS]
    return any(value.unit in ("%", "x") and any(start - 3 <= index <= end + 3 and not (bare and start <= index < end)
                                                for start, end, bare in spans)
               or dimension_of(value.unit) == "time" and "by" in words[max(0, index - 3):index] and any(
                   end <= index <= end + _BY_REACH and CLAUSE_ENDS.isdisjoint(words[end:index]) for _, end, _ in spans)
               for index, value in sentence.quantities)


def measured_figure(value) -> bool:
    """A number in a unit that only measurements are printed in. Durations are left out: "after 30
    min", "a 5 second timeout" are everywhere in mail; so is a release's cycle ("the 6.18 cycle")."""
    if value.unit == "cycle" and not value.value.is_integer():
        return False  # "the 6.18 cycle": a release's cycle; a count of CPU cycles takes the plural
    return dimension_of(value.unit) in MEASURED_DIMENSIONS - {"time"}


def _quoted_tokens(sentence: Sentence) -> set[int]:
    """Words of a phrase cited inside the sentence, a commit title `("mm: speed up the fault path")` or
    someone's words: not the speaker's claim. A sentence that is a quotation as a whole stays a claim."""
    words = sentence.words
    marks = [i for i, w in enumerate(words) if w in ('"', "\u201c", "\u201d")]
    inside: set[int] = set()
    for begin, end in zip(marks[::2], marks[1::2]):
        if begin > 1:
            inside.update(range(begin, end + 1))
    return inside


def functional(sentence: Sentence) -> bool:
    """Whether the sentence is about a bug, a failing test or a build; a regression sized in percent ("a
    34.6% regression in the af-alg test, bisected to ...") or named by what it slows ("a performance
    regression he bisected") is a slowdown, whatever found it."""
    words = sentence.words
    return sentence.has("FUNCTIONAL") and not any(
        set(words[a:b]) & REGRESSION_NOUNS for a, b in sentence.spans("PCT_NOUN")) and not any(
        words[i] in REGRESSION_NOUNS and words[i - 1] in STRONG_SUBJECTS for i in range(1, len(words)))


def names_regression(sentence: Sentence) -> bool:
    """Whether the sentence says "regression" itself (not "drop", "hurt"): the word whose sense, a bug
    or a slowdown, the sentences around it decide."""
    return any(set(sentence.words[a:b]) & REGRESSION_NOUNS for a, b in sentence.spans("REGRESSION"))


def only_regression(sentence: Sentence) -> bool:
    """Whether the sentence's strong subjects are none, or only "regression" (which may be a bug);
    "cycles" a person has to spare is no subject."""
    words = sentence.words
    subjects = {words[a] for a, _ in sentence.spans("SUBJECT")
                if not (words[a] == "cycles" and a and words[a - 1] in IDLE_CYCLES_BEFORE)}
    return subjects <= REGRESSION_NOUNS


def regression_is_performance(sentence: Sentence) -> bool:
    """"regression" means a performance regression only beside a performance subject or a measured
    number, and never beside a bug, a failing test or a build."""
    if functional(sentence):
        return False
    sized = any(set(sentence.words[a:b]) & REGRESSION_NOUNS for a, b in sentence.spans("REGRESS_STRONG"))
    return sized or not only_regression(sentence) or any(measured_figure(v) or v.unit == "%" for _, v in sentence.quantities)


def _correlative(words: tuple[str, ...]) -> int:
    """Where a sentence starts to set two comparatives against each other ("the longer the list, the more
    expensive the walk", "the smaller the overhead, the better"): how two quantities go together in general.
    The sentence's length when it does not, or when what grows is a change ("the improvement")."""
    opened = [i for i in range(len(words) - 1) if words[i] == "the" and words[i + 1] in COMPARATIVES]
    if len(opened) < 2 or any(word in CHANGE_NOUNS_SENSE for word in words[opened[1]:]):
        return len(words)  # "the larger the IO, the more significant the improvement": a change found, by size
    return opened[0]


# What follows "better" when it advises: the person who should act ("better we optimize for ...").
_ADVISED = frozenset({("we",), ("you",), ("i",), ("they",)})
# Who does a piece of work "faster for me to check": a person, not the kernel.
_PERSONS = frozenset({("me",), ("us",), ("you",), ("him",), ("her",), ("them",), ("people",), ("users",)})
_OFF = frozenset({("off",), ("of",)})  # "better off", often typed "better of"
# Verbs of representing that "better" before them grades for accuracy ("better approximates a real NIC",
# "better reflects the workload"): how faithful a model or a test is, not how fast anything runs.
_FAITHFUL = frozenset((word,) for word in ("approximates", "approximate", "reflects", "reflect", "represents",
                                           "represent", "mimics", "mimic", "models", "simulates", "matches"))
_ARTICLES = frozenset({"a", "the", "this", "that"})  # before "little": a small one of it, not hardly any
# What a run printed: "with"/"without" right after one of these says which of its results, not an effect.
_EVIDENCE_NOUNS = NUMBER_NOUNS | {"result", "runs"}
# A person said to be a comparative ("you're faster", "I am slower"); "we" is as often the code's team
# speaking for it ("we're 10% faster with the patch").
_PERSON_IS = frozenset({("you're",), ("you", "are"), ("i'm",), ("i", "am"), ("he's",), ("he", "is"), ("she's",),
                        ("she", "is")})


def effect_phrases(sentence: Sentence) -> list[tuple[int, str, int]]:
    """The effect phrases of a sentence as (first word, polarity, end word), in order, without "regression"
    that is not about performance and without cited text. When every effect is the verb of a plain "from
    X to Y" result ("latency is reduced from 7.6s to 1.7s"), the sentence is a result, not a claim: none."""
    # "the smaller the overhead, the better": a rule of thumb from there on, not what a change did
    rule_of_thumb = _correlative(sentence.words)
    results = [start for label, start, _ in sentence.cues if label in ("FROM_TO", "ARROW")]
    performance_regression = regression_is_performance(sentence)
    quoted = _quoted_tokens(sentence)
    effects = []
    for label, polarity in _EFFECTS:
        for start, end in sentence.spans(label):
            if start in quoted or start >= rule_of_thumb:
                continue  # commit 1234 ("mm: speed up the fault path") is a title, not a claim
            words = set(sentence.words[start:end])
            if words & REGRESSION_NOUNS and not performance_regression and not words & MEASUREMENT_VERBS:
                continue  # "regression" alone, or beside a bug, is a bug; "could not measure any regression" is not
            if named_as_topic(sentence.words, start):
                continue  # "determine the cause of slowdown", "your concern about the cost": looked for or feared
            if sentence.words[end:end + 1] and sentence.words[end] in CONFIGURED_VALUES:
                continue  # "lowered the latency threshold", "the runtime limit": a setting, not what ran
            if end - start <= 2 and sentence.words[end - 1] in GOOD_NOUNS | BAD_NOUNS and \
                    "every" in sentence.words[max(0, start - 2):start]:
                continue  # "every gain is welcome", "every little improvement helps": any such effect, in general
            if polarity == "neutral" and sentence.words[start] == "little" and start and \
                    sentence.words[start - 1] in _ARTICLES:
                continue  # "the little regression it had": a small one, where "little regression" is hardly any
            if sentence.words[start] in SETUP_PREPOSITIONS and sentence.words[start + 1:start + 2] in _POINTED:
                continue  # "8 cycles without the changes": the run made without them, not "no change"
            if end == start + 1 and _names_a_setup(sentence.words, start):
                continue  # "with or without iowait boost": a feature switched on or off, not an effect
            if end == start + 1 and _names_machines(sentence.words, start):
                continue  # "speeds up the disk", "slower and faster devices": which machine, not what the change did
            if sentence.words[end - 1] in _JUDGING and sentence.words[end:end + 1] in _CHOICES:
                continue  # "a better answer would be ...", "a better approach": a choice judged, not a speed
            if sentence.words[start:end] == ("degraded",) and set(sentence.words[end:end + 2]) & DEGRADED_STATE_NOUNS:
                continue  # "a degraded array", "degraded RAID6": an array short of a member, not a slowdown
            if set(sentence.words[start:end]) & PRICE_WORDS and PRICE_RE.search(sentence.text):
                continue  # "the Ironwolf is £50 - 20% - cheaper": a price, not a cost in time
            if sentence.words[end - 1] == "better" and sentence.words[end:end + 1] == ("to",) and \
                    sentence.words[end + 1:end + 2] not in (("the",), ("a",)):
                continue  # "it's better to see the results with real disks": advice, not an effect
            if sentence.words[end - 1] == "better" and sentence.words[end:end + 1] in _ADVISED | _OFF | _FAITHFUL:
                continue  # "it's probably better we optimize ...", "you're better off ...": advice; "better reflects"
            if end == start + 1 and any(sentence.words[max(0, start - n):start] in _PERSON_IS for n in (1, 2)):
                continue  # "apparently, you're faster :)": a person's pace, not the code's
            if sentence.words[end:end + 1] == ("for",) and sentence.words[end + 1:end + 2] in _PERSONS and \
                    sentence.words[end + 2:end + 3] == ("to",):
                continue  # "much faster for me to check this way": a person's work, not the code's speed
            if sentence.words[end - 1] in ("rate", "rates") and set(sentence.words[max(start, end - 3):end - 1]) & \
                    FAILED_EVENT_WORDS:
                continue  # "reduces the observed failure rate": fewer failures, no speed lost or gained
            if sentence.words[start] in _CONDITION_COMPARATIVES and "at" in sentence.words[max(0, start - 2):start] \
                    and sentence.words[start - 1] in _AT_WHAT:
                continue  # "a drop at higher rates", "at lower loads", "run at the higher speed": the conditions
            if sentence.words[end - 1] in BENEFIT_WORDS and sentence.words[end:end + 1] and \
                    sentence.words[end] in _COST_HEADS:
                # "reduces the performance hit", "increases the performance overhead": the cost is what moved,
                # "performance" only names it
                continue
            if not CLAUSE_ENDS.isdisjoint(sentence.words[start + 1:end - 1]):
                continue  # "the data is same because the bandwidth ...": a phrase's words are of one clause
            if label == "NEUTRAL" and any(start <= at < end and value.unit == "%" and abs(value.value) > _SMALL_BOUND_PCT
                                          for at, value in sentence.quantities):
                continue  # "charge at less than 100%": a bound that large is a setting, no effect too small to see
            if not SCALING_WORDS.isdisjoint(sentence.words[start:end]) and not (
                    sentence.quantities or _LOADS & set(sentence.words)):
                continue  # "these bindings don't scale well to other chips": a design's reach, no load named
            if sentence.words[end - 1] in ("matter", "matters") and start and \
                    sentence.words[start - 1] in BENEFIT_WORDS:
                # "the performance doesn't matter here": how much a speed counts, not a run's effect on it ("for
                # performance it doesn't matter" says it has none; "the overhead doesn't matter" that it is small)
                continue
            if label == "NEUTRAL" and _qualifies_evidence(sentence.words, start, end):
                continue  # "the results without any changes:", "results with little change hidden": which results
            if ("more", "or", "less") in (sentence.words[start - 2:start + 1], sentence.words[start - 3:start]):
                continue  # "more or less expensive": more or less, depending; no direction
            if sentence.words[end - 1] == "up" and sentence.words[end:end + 1] == ("to",):
                continue  # "performance is not up to expectations": measured against a standard, not moved up
            if end == start + 1 and _names_an_activity_or_prospect(sentence.words, start):
                continue  # "improvement testing", "future improvements": an activity or a gain foreseen, no effect seen
            effects.append((start, polarity, end))
    # a change noun changes the first metric after it: "a drop in throughput waiting for X" is a drop of
    # throughput, not of the waiting a longer phrase reaches
    effects = [e for e in effects if not any(o[0] == e[0] and o[2] < e[2] and o[1] != e[1] for o in effects)]
    # a metric that names what a change noun right after it changes is no effect of its own: "more than 30%
    # latency improvement" improves latency, and "a 12% overhead reduction" reduces the overhead
    effects = [e for e in effects if not any(o[1] != e[1] and o[2] == e[2] + 1 and (o[0] == e[2] or e[0] < o[0] == e[2] - 1)
                                             for o in effects)]
    # a sameness with a direction as its alternative is that direction at worst: "equal or better"
    effects = [e for e in effects if not (e[1] == "neutral" and sentence.words[e[2]:e[2] + 1] == ("or",) and
                                          any(o[1] != "neutral" and e[2] < o[0] <= e[2] + 2 for o in effects))]
    # ... unless the change is the verb's subject ("This patch reduces the time from 168 to 48 ms"): the
    # sentence claims the change's effect, and its numbers are the result that backs the claim
    # ... or the effect states its own size ("is improved by 91.2% (33.0s -> 2.9s)"): the figures back it
    result_verbs = sum(any(0 <= at - start <= 6 for at in results) and not _done_by_the_change(sentence.words, start)
                       and not _sized(sentence, start, end) for start, _, end in effects)
    return sorted(effects) if result_verbs < len(effects) else []


def _names_machines(words: tuple[str, ...], start: int) -> bool:
    """Whether the one-word effect at `start` names machines by their speed ("the expensive CMR drive",
    "speeds up the disk"), or is a comparative set against its opposite ("slower and faster devices", "may
    differ for slower or faster clock speeds"): a range of setups, not what the change did."""
    if names_hardware(words[start + 1:]):
        return True
    other = words[start + 2] if words[start + 1:start + 2] in _AND_OR and start + 2 < len(words) else \
        words[start - 2] if start >= 2 and words[start - 1:start] in _AND_OR else None
    return other in COMPARATIVES and words[start] in COMPARATIVES and COMPARATIVES[other] != COMPARATIVES[words[start]]


def _names_an_activity_or_prospect(words: tuple[str, ...], start: int) -> bool:
    """Whether the one-word effect at `start` names an activity ("performance improvement testing"), a gain
    foreseen ("future improvements"), or a fitness for one ("better for future work"), not an effect seen."""
    noun = words[start] in CHANGE_NOUNS_SENSE
    return noun and (words[start + 1:start + 2] in _ACTIVITIES or words[start - 1:start] in _PROSPECTS) or \
        words[start + 1:start + 3] in _FOR_PROSPECTS


def _sized(sentence: Sentence, start: int, end: int) -> bool:
    """Whether a percentage stands in the effect phrase at `start`..`end` or right after it ("improved by 91%"),
    other than a side of the result ("decreased from 1.7% to 1.3%")."""
    sides = {at for label, first, last in sentence.cues if label in ("FROM_TO", "ARROW") for at in range(first, last)}
    return any(start <= at <= end + _SIZE_REACH and value.unit == "%" and at not in sides
               for at, value in sentence.quantities)


def _done_by_the_change(words: tuple[str, ...], start: int) -> bool:
    """Whether the change is the subject of the verb at `start`: "this (also) reduces", "the patch cuts"."""
    before = [w for w in words[max(0, start - 3):start] if w not in _SUBJECT_ADVERBS]
    return bool(before) and before[-1] in _CHANGE_AGENTS


def _names_a_setup(words: tuple[str, ...], position: int) -> bool:
    """Whether the change noun at `position` names a feature after "with"/"without" and its name
    ("without turbo boost"), or before the state it is switched to ("boost on", "boost disabled"), not an
    effect ("without any gain", "with a big boost")."""
    if words[position] not in CHANGE_NOUNS_SENSE:
        return False
    before = words[max(0, position - 2):position]
    return len(before) == 2 and before[0] in SETUP_PREPOSITIONS and before[1] not in QUANTIFIERS or \
        words[position + 1:position + 2] in _SWITCHED and words[position + 2:position + 3] in _STATE_ENDS



# "better" or "worse" before the name of a choice ("a better approach", "the worse option") judges the choice.
_JUDGING = frozenset({"better", "worse"})
# Cost nouns that a benefit word before them only names ("performance hit", "throughput loss").
_COST_HEADS = BAD_NOUNS | {"cost", "costs"}
_CHOICES = frozenset((word,) for word in ("answer", "answers", "approach", "approaches", "solution", "solutions", "way",
                                         "ways", "idea", "ideas", "option", "options", "choice", "choices", "name",
                                         "names", "place", "fit", "design", "alternative", "alternatives"))
_AND_OR = frozenset({("and",), ("or",)})
_SIZE_REACH = 2  # words after an effect phrase where its size stands: "improved by (about) 12%"
_AT_WHAT = frozenset({"at", "the", "a"})  # "at higher rates", "at the higher speed"
# Nouns of an activity that an effect word before them names ("improvement testing", "optimization work").
_ACTIVITIES = frozenset((word,) for word in ("testing", "tests", "test", "work", "effort", "efforts", "patches",
                                            "patchset", "series", "project", "proposal", "proposals", "plan", "plans"))
# Words that make the effect after them one foreseen ("future improvements", "potential gains").
_PROSPECTS = frozenset((word,) for word in ("future", "potential", "possible", "eventual"))
_FOR_PROSPECTS = frozenset(("for",) + prospect for prospect in _PROSPECTS)  # "better for future use"
_SMALL_BOUND_PCT = 10  # the largest bound on a change that says it was too small to matter ("less than 5%")
# Comparatives that name the conditions of a run after "at" ("at higher rates", "at lower queue depths").
_CONDITION_COMPARATIVES = frozenset({"higher", "lower", "larger", "smaller", "bigger", "greater", "deeper",
                                     "shallower", "heavier", "lighter"})


def _qualifies_evidence(words: tuple[str, ...], start: int, end: int) -> bool:
    """Whether the phrase at `start` opens with "with"/"without" (or follows it) right after a word for
    what a run printed: "results without any changes" says which results, not that nothing changed
    ("results with no change in throughput" names what did not change: an effect)."""
    at = start if words[start] in ("with", "without") else start - 1
    return at >= 1 and words[at] in ("with", "without") and words[at - 1] in _EVIDENCE_NOUNS and \
        words[end:end + 1] not in (("in",), ("on",), ("to",), ("for",))


_GAIN_OR_LOSS = GOOD_NOUNS | BAD_NOUNS - {"overhead", "hit", "penalty"}
_RESTATED_REACH = 3  # words between the restating copula and the effect noun: "that's a really nice improvement"


def restates_an_effect(words: tuple[str, ...]) -> bool:
    """Whether a sentence sums up the numbers just shown as a gain or a loss ("Yup, that's a good improvement.",
    "this is a notable slowdown"): a restating subject and its copula (`vocab.comparisons.RESTATING_SUBJECTS`,
    as `extractors.results` reads "This is a 5% improvement") a few words before the noun."""
    for at, word in enumerate(words):
        if word in _GAIN_OR_LOSS:
            before = words[max(0, at - _RESTATED_REACH - 2):at]
            if any(w in RESTATING_SUBJECTS and (w.endswith("'s") or after in COPULAS)
                   for w, after in zip(before, before[1:] + ("",))):
                return True
    return False
