"""One sentence classifier for questions and claims: what a prose sentence does about performance.

It reads the cue labels the Matcher found (`extractors.prose.cues`) and decides in this order:

1. Is it about performance? A strong subject ("throughput", "latency", "benchmark", "faster") or two
   weak ones ("time" and "cpu"), or a weak one beside a number. "regression" alone is not enough: in
   kernel mail it usually means a bug, and beside a functional word ("crash", "bisected", "regression
   tests", "build") it always does.
2. Does it ask? A question mark, a request ("please share numbers", "would be good to see", "I'd
   suggest measuring", "could you run"), an imperative aimed at the author ("Post the numbers"), or a
   doubt ("I'm skeptical", "are you sure"). A sentence that only states the speaker's own plan ("I'll
   post numbers", "let me run it") does not. What a request asks for is read by
   `extractors.prose.requesting`. Then its category: the most specific family found.
3. Else, does it assert an effect? An improvement, regression or neutral phrase that is not
   hypothetical (no hedge or plan before it: "this could improve", "we will measure"), not negated into
   neutral, and not the verb of a plain "from X to Y" result. "fixes a performance regression" claims an
   improvement; "fixes a regression" claims nothing.
"""

from __future__ import annotations

from extractors.prose.asking import (OUTCOME_NOUNS, asks, asks_for_a_difference, asks_for_no_run, asks_for_runs,
                                     asks_how_it_performs, asks_how_long, asks_how_you_ran, asks_time_saved,
                                     asks_what_was_meant, discusses_design, echoes_a_word, fears_a_cost,
                                     measured_outcome, reruns, speakers_own, states_a_pair)
from extractors.prose.clauses import aside_at, bounds_a_finding, in_means, referred_to, turn_at
from extractors.prose.effects import (DIRECTED_LABELS, EFFECT_LABELS, effect_phrases, functional, measured_figure,
                                      names_regression, only_regression, regression_is_performance, restates_an_effect,
                                      sizes_an_effect)
from extractors.prose.findings import MEASUREMENTS, finding_verb, reports_finding
from extractors.prose.pipeline import Sentence, named_otherwise
from extractors.prose.polarity import effect_magnitude, effect_polarity, turned_effects
from extractors.prose.purpose import CLAUSE_ENDS, described, purpose, wished
from extractors.prose.requesting import (ADVICE_VERBS, EVIDENCE, MEASURED_OBJECTS, NUMBER_NOUNS, OBJECT_REACH,
                                         SHOWING_VERBS, asks_for_a_new_run, asks_for_a_test, checks_a_metric,
                                         compared, imperative, opening_imperative, requested, requests_evidence)
from extractors.prose.weak_subjects import WEAK_REACH, profiles_time, weak_positions, within_reach
from extractors.vocab.benchmarks import BENCHMARK_RE
from extractors.vocab.comparisons import DEGREE_REACH, DEGREE_WORDS, DETERMINERS, SETUP_PREPOSITIONS
from extractors.vocab.performance import BENEFIT_WORDS, COST_WORDS, STORED_WORDS
from extractors.vocab.requests import BEHAVIOUR_WORDS, MEASUREMENT_VERBS, POSSIBILITY_MODALS, TRIGGER_WORDS
from extractors.vocab.units import dimension_of

CATEGORY_ORDER = ("profile", "real-workload", "comparison", "regression", "methodology", "request-data")
_CATEGORY_CUES = {"profile": "PROFILE", "real-workload": "REAL_WORKLOAD", "comparison": "COMPARISON",
                  "regression": "REGRESSION", "methodology": "METHODOLOGY", "request-data": "DATA"}
# Asked for after talk of performance, a measurement: "what results did you get?", "how does it compare?".
_CONTEXT_ASKED = frozenset({"results", "numbers", "measurements", "figures", "compare", "compared", "compares",
                            "comparison", "details"})
_ASKED_FOR = frozenset({"numbers", "measurements", "quantify", "quantified", "quantification", "measure", "measured",
                        "benchmark", "benchmarked"})
_EVIDENCE_ASKED = frozenset({"numbers", "measurements", "quantification"})  # evidence itself, with no subject needed
# What a sameness is said of when it compares two things: "the same numbers as ...", "with and without ...".
_COMPARED = frozenset({"as", "than", "with/without", "without", "both", "between", "either"})
# Families that make a weak subject a performance one in a question ("numbers" and "data" ask too little).
_QUESTION_FAMILIES = ("PROFILE", "REAL_WORKLOAD", "COMPARISON", "METHODOLOGY")
_NOISE = frozenset({"noise", "negligible", "neglectable", "insignificant", "unmeasurable", "imperceptible",
                    "deviation", "stddev", "stdev", "variance"})  # a run's variation
# A claim under a condition is a hypothesis ("if", "unless", "whether", "otherwise"); an effect named as an aim,
# wherever the aim word stands, is none either ("making it faster is a worthy goal").
# Auxiliaries opening a condition put before its verb, not asking: "Should it stall, ...", "Were it faster, ...".
_INVERTED_CONDITIONS = frozenset({"should", "were", "had"})
_CONDITIONS_OR_AIMS = frozenset({"if", "unless", "whether", "otherwise", "goal", "goals", "aim", "aims", "aimed",
                                 "aiming", "objective", "objectives", "intent", "intention", "focus", "focuses"})
_AIM_VERBS = frozenset({"meant", "intended", "supposed", "designed"})  # before "to": "meant to produce better ..."
_METRIC_WORDS = BENEFIT_WORDS | COST_WORDS | NUMBER_NOUNS
_BEHAVIOUR = frozenset(BEHAVIOUR_WORDS)
_OF_BEHAVIOUR = frozenset({"comparison", "regression", "methodology"})  # questions that may ask of behaviour
_TRIGGERS = frozenset(TRIGGER_WORDS)
_PACE_WORDS = frozenset({"slow", "fast", "speed", "cost", "costs"})  # weak subjects a percentage before measures
_FOOTPRINT = frozenset({"size", "count"})  # dimensions of what a change stores, not of how fast it runs
_MAX_CLAIM_WORDS = 80
# Request verbs that take a benchmark as their object: "run something like iperf", "see the will-it-scale impact".
_RUN_OR_SEE = frozenset({"run", "running", "rerun", "re-run", "try", "trying", "see", "use"}) | ADVICE_VERBS
# Verbs of a run asked about: "have you run this through mmtests?", "did you try hackbench?"
_RAN = frozenset({"run", "ran", "running", "try", "tried", "test", "tested"})
_RAN_REACH = 4  # words between such a verb and the benchmark it ran
_ASKED_WHO = frozenset({"you", "anyone", "anybody", "someone", "somebody"})  # who is asked about the run
# What a question about the tree a patch applies to asks ("what kernel does this apply to?"), not where it ran.
_BASE_TREE = frozenset({"apply", "applies", "rebase", "rebased"})
_EMBEDDING = frozenset({("if",), ("whether",)})  # what opens a question embedded in a statement
# Words that open a condition: a plan after one is what a request depends on, not an offer instead of it.
_CONDITION_OPENERS = frozenset({"if", "when", "once", "before", "unless"})
# A run asked for on another setup, named after "with" or "on": another series, kernel or governor.
_ON_A_SETUP = frozenset({("with",), ("on",), ("against",)})
_OTHER_SETUPS = frozenset({"series", "patchset", "patchsets", "kernel", "kernels", "version", "versions", "governor",
                           "governors", "tree", "branch", "release", "rc"})
# Words of how much something matters: compared, they weigh a choice, not two runs ("critical" is left
# out: a critical path or section is where time goes).
_IMPORTANCE = frozenset({"crucial", "important", "necessary", "essential", "relevant", "urgent", "useful"})
# What makes a clause an option or a wish rather than a doubt about what was seen.
_COPULAS = frozenset({"is", "are", "was", "were", "gets", "got", "becomes", "became"})
# What "what is the ..." asks the size of when it asks for a measurement: a speed's gain or loss, not the
# "benefit" or the "cost" of a design choice.
_GAINS = frozenset({"gain", "gains", "speedup", "win", "improvement", "overhead", "penalty", "slowdown"})
# Words that ask whether an effect can be measured at all: "is there a measurable benefit?"
_MEASURABLE = frozenset({"measurable", "measurably", "quantifiable", "noticeable", "noticeably"})
# What "how much" or "how big" asks the size of when it asks for a measurement: a speed, or a cost paid for the
# same work ("how much does it cost?"), not what is used up ("how much space?") nor a thing ("how big is a shard?").
_SIZED = frozenset({"throughput", "bandwidth", "iops", "performance", "speed", "speedup", "gain", "gains", "benefit",
                    "win", "slowdown", "cost", "costs", "overhead", "overheads", "penalty", "latency", "latencies",
                    "cycles", "helped"})  # "how much each change helped": a benefit a run would size


def _benchmark_positions(words: tuple[str, ...]) -> list[int]:
    """Where a benchmark program is named by a word of its own ("fio", "hackbench")."""
    return [i for i, word in enumerate(words) if BENCHMARK_RE.fullmatch(word)]


def _weak_words(sentence: Sentence) -> set[str]:
    return {sentence.words[a] for a in weak_positions(sentence)}


def about_performance(sentence: Sentence, context: bool = False, asking: bool = False, near: bool = False) -> bool:
    """Whether the sentence has a performance subject: a strong subject word, a number in a unit of time,
    rate, bandwidth, cycles or energy, a percentage beside an effect word ("a 5% regression"), a strong
    effect ("faster"), or weak subjects that back each other up ("cpu time", "the figures look the same").
    With `context` (the message shows numbers, or the sentences before name a performance subject) a
    methodology or profile question is about performance; with `near` (the sentences right before are
    about performance) so is a question for results or a comparison; with `asking`, asking for numbers is."""
    if not only_regression(sentence) or any(measured_figure(value) for _, value in sentence.quantities):
        return True
    if sizes_an_effect(sentence):
        return True  # "a 5% regression", "reduces the total flush time by more than 90%", "a 50x decrease in"
    spans = [(start, end) for label, start, end in sentence.cues if label in EFFECT_LABELS]
    if any((start <= index < end or index == end + 1 and sentence.words[end] == "of")
           and dimension_of(value.unit) == "time" for index, value in sentence.quantities for start, end in spans):
        # "saves ~8.4 msec per channel", "an improvement of 150ms": a time inside the effect phrase, or
        # given as its size, is the time it saved
        return True
    if sentence.has("IMPROVE_STRONG") or sentence.has("REGRESS_STRONG") or profiles_time(sentence):
        return True
    if any(set(sentence.words[a:b]) & _NOISE for a, b in sentence.spans("NEUTRAL")):
        return True  # "in the noise": the measurement's own variation
    weak, words = weak_positions(sentence), sentence.words
    if any(value.unit == "%" and index + 1 in weak and words[index + 1] in _PACE_WORDS
           for index, value in sentence.quantities):
        return True  # "about 10% slow", "a 3% cost": a percentage of a speed or a cost measures it
    if any(within_reach(words, w, start, end) and (w != end - 1 or words[w] in _METRIC_WORDS)
           for w in weak for start, end in spans):
        # "cpu time is reduced", "the figures look the same": a weak subject beside its effect; the last
        # word of the effect phrase is its subject only when it names a metric ("reduces the cpu"), not
        # when it is the effect itself ("it was really slow")
        return True
    if spans and any(b < start <= b + WEAK_REACH for b in _benchmark_positions(words) for start, _ in spans):
        # "running fio shows a significant improvement": a benchmark's run, then its effect ("improved
        # the fio job file" changes the benchmark)
        return True
    if asking and weak and (asks(sentence) or sentence.has("REQUEST")) and any(
            start not in weak and not speakers_own(words, start)
            for cue in _QUESTION_FAMILIES for start, _ in sentence.spans(cue)):
        return True  # "do we really care that much to optimize?"
    if asking and context and _BASE_TREE.isdisjoint(words) and (
            sentence.has("METHODOLOGY") or profiles_time(sentence) or _compares(sentence)
            or names_regression(sentence) or asks_for_a_difference(words)
            or sentence.has("REAL_WORKLOAD") and sentence.labels & EFFECT_LABELS):
        # "Did you pin the threads?" right after the numbers; "how does it compare to X?", "do real users gain
        # from the improvements?" under them; "where was the regression detected?" after talk of one (a bug in
        # between would be FUNCTIONAL); "does it make a difference?" after numbers (after a bug report it
        # asks whether a fix works)
        return True
    if asking and near and not _CONTEXT_ASKED.isdisjoint(words) and \
            not discusses_design(words, bool(sentence.labels & EFFECT_LABELS)):
        return True  # "What results did you get?" right after "Did you run any benchmarks?"
    if asking and set(words) & _MEASURABLE and (sentence.labels & EFFECT_LABELS or asks_for_a_difference(words)):
        # "is there a measurable benefit?", "any noticeable difference?" (naming a benchmark is not
        # enough: "is it fio?")
        return True
    sized = [start for start, _ in sentence.spans("DATA") if words[start] in ("how", "what", "what's")]
    if asking and any(words[start] == "how" for start in sized) and (not _SIZED.isdisjoint(words) or any(
            words[start + 1:start + 2] == ("much",) and start < effect <= start + WEAK_REACH
            for start in sized for effect, _ in spans) or asks_time_saved(words)):
        # "how much does it cost?", "how big is the overhead?", "how much does it improve things?", "how much time
        # does it save?": the size of a cost or a benefit asked for
        return True
    if asking and (context or near) and (sized and not _GAINS.isdisjoint(words) or sentence.has("OUTCOME")):
        # "so what's the gain here?" after numbers: a benefit's size asked for (not "for what gain?"); "did
        # you see any improvement?": a run's outcome
        return True
    if asking and any(not _RUN_GAINS.isdisjoint(words[start:end]) for start, end in sentence.spans("OUTCOME")):
        # "were there other benefits observed?", "did you see any speedup?": a gain or a slowdown seen in a
        # run is a measurement's outcome, whatever was said before (a "difference" seen may be a bug's)
        return True
    if asking and (context or near) and (asks_how_long(words) or asks(sentence) and sentence.has("IMPROVE")
                                         and "make" in words):
        # "How long does it take now?" after talk of performance: a duration asked for; "does changing it to
        # X make things better?": the gain another change would make
        return True
    requests = sentence.spans("REQUEST")
    if asking and any(words[end - 1] in MEASUREMENT_VERBS and words[end - 2] not in DETERMINERS  # not "a profile"
                      or (words[end - 1] in _RUN_OR_SEE or context and words[end - 1] in SHOWING_VERBS)
                      and BENCHMARK_RE.search(" ".join(words[end:end + OBJECT_REACH + 2]))
                      or checks_a_metric(words, end) for _, end in requests):
        # "can you characterize the effect on ...", "I'd like to see the will-it-scale impact"; under numbers
        # any request for a benchmark's part asks how they were measured ("can you share the fio job?")
        return True
    if asking and (context or near) and any(reruns(words, end) for _, end in requests):
        return True  # "could you run it again?", "can we re-run the benchmark without X?" after talk of its performance
    if asking and context and any(words[end:end + 2] == ("the", "same") or asks_for_a_new_run(words, end)
                                  or words[end - 1] in _RUN_OR_SEE and words[end:end + 1] in _ON_A_SETUP
                                  and not _OTHER_SETUPS.isdisjoint(words[end:end + WEAK_REACH + 2])
                                  for _, end in requests):
        # "could you run it on the whole series?", "could you try the same test with THP off?", "do you mind
        # trying with the other series?" under numbers (not "please run xfstests")
        return True
    if asking and asks_how_it_performs(words):
        return True  # "would be good to know how this performs on ARM", "how well does it scale?"
    if asking and sentence.has("DOUBT") and (set(words) & MEASURED_OBJECTS or context and set(words) & NUMBER_NOUNS):
        # "are you sure your workload generates enough load?": doubt about how it was measured; "these
        # results look suspicious" under numbers
        return True
    if asking and any(set(words[start:end]) & EVIDENCE or set(requested(words, end)) & MEASURED_OBJECTS
                      for start, end in sentence.spans("REQUEST")):
        return True  # "you didn't post any figures", "can you share the workload": the request is for the evidence
    if asking and asks(sentence) and any(not _RAN.isdisjoint(before) and not _ASKED_WHO.isdisjoint(before)
                                         for before in (words[max(0, b - _RAN_REACH - 1):b]
                                                        for b in _benchmark_positions(words))):
        return True  # "have you run this through mmtests?": whether the author ran a benchmark
    if asking and context and (asks_for_a_test(words) or asks(sentence) and asks_how_you_ran(words)):
        return True  # "would you have some test case for this?", "did you test it on a ramdisk?" under numbers
    if asking and context and any(set(requested(words, end)) & NUMBER_NOUNS for _, end in requests):
        # "can you add more data?", "I'd be curious about results from the revert alone" under numbers: it
        # asks for more of them
        return True
    if asking and asks(sentence) and asks_for_runs(words):
        return True  # "did you run any experiments on ...?": runs asked for, whatever they measure
    named = named_otherwise(words)
    words = {word for i, word in enumerate(words) if i not in named}  # not "sector numbers"
    return asking and bool(words & _ASKED_FOR) and bool(weak or words & _EVIDENCE_ASKED)


def _compares(sentence: Sentence) -> bool:
    """Whether a question or a request names a comparison by its own word ("how does it compare to",
    "can we have a comparison"); a sentence opening with "Compare ..." is a step of a test described.
    Code compared ("compare vi->hash", "a string compare helper") is a comparison the code makes."""
    return (asks(sentence) or sentence.has("REQUEST")) and any(
        compared(sentence.words, start, end) == "runs" for start, end in sentence.spans("COMPARISON"))


def category_of(sentence: Sentence, requested: bool, context: bool) -> str:
    """The most specific family named; asking for numbers outranks the regression they would show ("any
    measurements, so we know whether there is a regression?"). A regression is a performance one beside
    a performance subject, or right after sentences about performance (`context`)."""
    if asks_for_a_test(sentence.words) or any(reruns(sentence.words, end) and SETUP_PREPOSITIONS & set(sentence.words)
                                              for _, end in sentence.spans("REQUEST")):
        return "methodology"  # how the runs were made, to make them again; the run made again on another setup
    asked_numbers = any(sentence.words[start] in NUMBER_NOUNS for start, _ in sentence.spans("DATA"))
    for category in CATEGORY_ORDER:
        cue = _CATEGORY_CUES[category]
        if not sentence.has(cue):
            continue
        if category == "regression" and asked_numbers:
            return "request-data"
        if category == "regression" and not (regression_is_performance(sentence) or context and names_regression(sentence)) and \
                not _weak_words(sentence):
            continue
        if category == "request-data" and sentence.has("DOUBT") and not sentence.has("REQUEST"):
            break  # "these numbers look suspicious" doubts the numbers shown, asks for none
        return category
    if sentence.has("DOUBT") or asks_how_you_ran(sentence.words):
        return "methodology"  # "are you sure ...?", "which disk are you using?": how the runs were made
    # "is there a measurable gain?", "are there experiments showing ...?" ask for the measurement
    asked = requested or set(sentence.words) & _MEASURABLE or sentence.has("OUTCOME") or asks_for_runs(sentence.words) \
        or asks_how_long(sentence.words)  # "how long does it take now?" asks for a figure
    return "request-data" if asked else "other"


def read_question(sentence: Sentence, context: bool = False, near: bool = False) -> str | None:
    """The category of a reviewer's performance question or request, or None when it is not one
    (`context` and `near` as `about_performance` reads them)."""
    question = asks(sentence) and not states_a_pair(sentence)
    negations = {start for start, _ in sentence.spans("NEGATION")}
    # "I would not recommend ...", "we do not need to see every number": a request negated is none, and so is
    # a dilemma a statement embeds ("the eternal question whether you should benchmark ..."; "I'd appreciate if
    # you could run ..." asks)
    words = sentence.words
    requested = any(end - 2 not in negations and start - 1 not in negations and requests_evidence(words, end)
                    and not (words[start - 1:start] in _EMBEDDING and "should" in words[start:end])
                    for start, end in sentence.spans("REQUEST")) or imperative(sentence)
    planned = [start for label, start, _ in sentence.cues if label == "PLAN"]
    if not question and requested and any(_CONDITION_OPENERS.isdisjoint(words[max(0, at - 2):at]) for at in planned):
        # "tell me and we will post the results": an offer, not a request ("I'd want data if we are to
        # change this" states its condition)
        requested = False
    doubted = bool(set(words) & MEASUREMENTS) and any(words[end:end + 1] != ("not",)  # "I don't see why not" agrees
                                                       for _, end in sentence.spans("DOUBT"))
    if not (question or requested or doubted):
        return None
    if not about_performance(sentence, context, asking=True, near=near):
        return None
    if question and (not _TRIGGERS.isdisjoint(words) or asks_what_was_meant(words)) and \
            not sentence.labels & EFFECT_LABELS:
        return None  # "what test triggered this?": what makes a bug show; "what do you mean?": what was said
    if question and (echoes_a_word(words) or asks_for_no_run(words)):
        return None  # "what slowdown?": a word just said, echoed; "shall I post the numbers?": an offer
    if functional(sentence) and not (sentence.has("BENEFIT_WORD") or sentence.has("COST_WORD")):
        return None  # "Is this a regression from the rework?": a bug report, not a performance concern
    category = category_of(sentence, requested, context)
    if category == "other" and discusses_design(sentence.words, bool(sentence.labels & EFFECT_LABELS)):
        return None  # "why isn't it a userspace library?", "can we just revert it for now?"
    if category == "other" and fears_a_cost(sentence):
        category = "regression"  # "is there any overhead?", "does it have a performance impact?"
    if category == "comparison" and all(compared(words, a, b) == "code" for a, b in sentence.spans("COMPARISON")):
        return None  # "take the comparison with NULL outside the loop?": a comparison the code makes
    if category == "comparison" and not _IMPORTANCE.isdisjoint(words) and not sentence.has("SUBJECT"):
        return None  # "X might not be as crucial compared to Y?": how much something matters, not a speed
    if category in _OF_BEHAVIOUR and not _BEHAVIOUR.isdisjoint(words) and not sentence.has("SUBJECT"):
        # "is the scheduler smart enough to target this behavior?", "intended behaviour or a regression?", "on
        # what kernel do you see this behavior?": what the code does, not how fast
        return None
    return category


def _possibility_governs(words: tuple[str, ...], position: int) -> bool:
    """Whether a possibility modal and the verb it governs stand before the effect at `position` in its
    clause: "it might give you a nice speedup", "NOWAIT may then add an improvement" (a verb and its
    object, an adverb between); "may be getting slower" reports what is seen, hedged."""
    for at in range(position - 1, max(-1, position - _MODAL_REACH), -1):
        if words[at] in CLAUSE_ENDS:
            return False
        if words[at] in POSSIBILITY_MODALS:
            verbs = [w for w in words[at + 1:position] if w not in _MODAL_ADVERBS]
            return len(verbs) >= 2 and verbs[0] not in ("be", "not", "n't", "have")
    return False


def _stated_after_the_order(words: tuple[str, ...], position: int) -> bool:
    """Whether the effect at `position` of a sentence opening with an imperative is stated in a clause of
    its own after a comma ("Compare dd and fallocate, the zero range is much faster"): a subject and a
    copula between the comma and the effect. Else the effect is what is asked for ("Make it faster")."""
    commas = [i for i in range(position) if words[i] == ","]
    return bool(commas) and not _COPULAS.isdisjoint(words[commas[-1] + 2:position])


def read_claim(sentence: Sentence, context: bool = False,
               measured: bool = False) -> tuple[str, float | None] | None:
    """(polarity, magnitude_pct) of a sentence asserting a performance effect, or None. With `context`
    (the sentence before, in the same paragraph, was about performance) an effect phrase needs no subject
    of its own: "It is slightly worse." goes on about what the sentence before measured, and neither does "no
    noticeable difference". With `measured` (the message shows numbers) neither do "no significant difference"
    and "a similar improvement is seen": in such a thread they report what a run measured."""
    if asks(sentence) or sentence.has("REQUEST") or sentence.words[0] == "please" \
            or len(sentence.words) > _MAX_CLAIM_WORDS:
        return None  # a question, or words addressed to someone ("Please slow down here.")
    ordered = opening_imperative(sentence) is not None
    # ... and a difference denied right after a sentence about performance reports on what that one measured
    outcome = measured and (_gain_seen(sentence) or restates_an_effect(sentence.words)) or \
        (measured or context and measured_outcome(sentence.words)) and _no_difference(sentence)
    if not (about_performance(sentence) or context and sentence.labels & DIRECTED_LABELS or outcome):
        return None
    if sentence.quantities and (not sentence.has("SUBJECT") or not STORED_WORDS.isdisjoint(sentence.words)) and all(
            dimension_of(value.unit) in _FOOTPRINT or dimension_of(value.unit) == "frequency" and not
            sentence.labels & {"IMPROVE_STRONG", "REGRESS_STRONG"} for _, value in sentence.quantities):
        return None  # "saves about 64 bytes per table", "sets the PLL rate to 1.8GHz": a footprint, a clock
    if functional(sentence) and not (sentence.has("BENEFIT_WORD") or sentence.has("COST_WORD")):
        return None  # "the regression tests are slower to run", "the bisected regression crashes"
    effects = effect_phrases(sentence)
    directions = sentence.spans("METRIC_DIRECTION")
    if directions:  # "(lower is better)", "higher is better for ops/s, lower for latency" describe metrics
        effects = [(start, polarity, end) for start, polarity, end in effects
                   if not any(a <= start < b for a, b in directions)
                   and sentence.words[start + 1:start + 2] != ("for",)]
    if not effects or ordered and not _stated_after_the_order(sentence.words, effects[0][0]) or \
            not sentence.quantities and all(referred_to(sentence.words, start) for start, _, _ in effects):
        return None  # "I was referring to the overhead": a topic named ("regarding the overhead, it's 3%" sizes it)
    position, _, effect_end = effects[0]
    figure = sentence.has("TIMES") or any(value.unit for _, value in sentence.quantities)
    changed = sentence.has("TIMES") or any(value.unit == "%" for _, value in sentence.quantities)
    # a condition or an aim that makes the effect a hypothesis; an "if" that only scopes a stated result ("if
    # threads < nr_cpus, there is a ~10% regression") is no hedge either
    hypothetical = _conditional(sentence, position, effect_end)
    turn = turn_at(sentence.words, position)
    hedges = [start for label, start, end in sentence.cues if label in ("HEDGE", "PLAN", "DOUBT") and start > turn
              and sentence.words[end:end + 1] != ("why",)  # "not sure why it's faster": unsure of the cause only
              and not (label == "HEDGE" and described(sentence.words, start, position))
              and not (not hypothetical and label == "HEDGE" and sentence.words[start] in _SCOPING_CONDITIONS)
              and not aside_at(sentence.words, start, position) and not finding_verb(sentence.words, start)
              # "can raise throughput by up to 45%", "we can get a 35% gain": what a run reached, when
              # the change is stated ("can boost to 3.35 GHz" tells what the hardware is able to do)
              and not (changed and "can" in sentence.words[start:start + 2])]
    # an action as the subject ("Improving the slow path ... would be a major win"): the effect is the
    # subject's, so a hedge anywhere before the last effect phrase makes the whole of it hypothetical
    reach = effects[-1][2] if sentence.words[0].endswith("ing") and position == 0 else effect_end
    # "this may add latency", "might (even) be (very) worse": a possibility right before the effect (its degree
    # words aside), and no figure measured, is a prediction (with one, "may be 5% faster", "could be 3 times
    # slower", it is an estimate of a run; a bare number is a setting: "might benefit from nr_requests=256";
    # "could not measure any regression" reports a run)
    degree = position
    while degree > max(0, position - DEGREE_REACH) and sentence.words[degree - 1] in DEGREE_WORDS:
        degree -= 1
    lead = 3 if degree >= 2 and sentence.words[degree - 2] in _MODAL_ADVERBS else 2
    before_effect = sentence.words[max(0, degree - lead):position + 3]
    # "our test results show that a bigger stripe may have better performance": a run's finding, hedged
    reported = reports_finding(sentence.words, position)
    # ... and so is a possibility with "have" a few words before ("could have a detrimental effect")
    having = sentence.words[max(0, position - _HAVE_REACH):position]
    possible = not figure and not reported and (
        any(word in _PREDICTING and after not in ("not", "n't")
            for word, after in zip(before_effect, before_effect[1:]))
        or any(word in _PREDICTING and after == "have" for word, after in zip(having, having[1:]))
        or _possibility_governs(sentence.words, position))
    if possible or any(at < reach for at in hedges) or hypothetical or any(
            word in _AIM_VERBS and after == "to" for word, after in zip(sentence.words, sentence.words[1:])) or \
            wished(sentence.words, effect_end) or sentence.words[:1] == ("to",) or purpose(sentence.words, position):
        return None  # "this could improve", "we will measure", "I doubt it is faster", "To make it faster, ..."
    polarity = effect_polarity(sentence, effects)
    turned = turned_effects(sentence, effects) if polarity == "neutral" else None
    if turned is not None:  # "about the same on fast disks, but several times better on slow ones"
        effects = turned
        position, polarity = effects[0][0], effect_polarity(sentence, effects)
    if polarity is None or not (outcome and polarity == "neutral" or _backed(sentence, polarity, effects)):
        return None
    magnitude = effect_magnitude(sentence, position, polarity, effects[0][2])
    if magnitude == 0 and polarity != "neutral":
        return None  # "0% packet loss": an effect of size zero states none
    return polarity, magnitude


# What a run is seen to have brought none of: "I don't see any improvement", "I don't see your boost" ("no
# improvement in readability" judges code; a regression absent is as often a functional test passed).
_GAIN_NOUNS = frozenset({"improvement", "improvements", "gain", "gains", "speedup", "boost", "benefit"})
# What a run brings that is a performance by itself: a gain or a slowdown, not any "difference".
_RUN_GAINS = _GAIN_NOUNS | {"benefits", "speedups", "slowdown", "slowdowns"}
_SEEING = frozenset({"see", "seen", "saw", "notice", "noticed", "observe", "observed", "measure", "measured"})
_SEEN_AFTER, _SEEN_BEFORE = 4, 3  # words from a gain to "seen" after it, and from "see" to the gain before

# The conditions that scope a measured figure ("if threads < nr_cpus there is a ~10% regression"), and the
# modals that make such a condition a hypothesis ("if we did that, it would be 10% faster").
_SCOPING_CONDITIONS = frozenset({"if", "unless"})
_HYPOTHETICAL_MODALS = POSSIBILITY_MODALS | {"would", "'d", "should"}
_PREDICTING = POSSIBILITY_MODALS | {"would", "'d"}  # "the benefit would be smaller", "would have a cost"
_CLAUSE_CLOSES = frozenset({",", "then"})
# Verbs of looking at runs, which make a condition the viewpoint of a measured figure, and how far after the
# condition word they stand ("if we compare", "if you look at").
_VIEWING = frozenset({"compare", "compared", "look", "looking", "measure", "measured"})
_VIEWING_REACH = 2
_BELIEF_VERBS = frozenset({"think", "believe", "agree", "assume", "suppose", "guess", "concerned", "prefer", "want",
                           "wish"})


def _conditional(sentence: Sentence, position: int, end: int) -> bool:
    """Whether a condition or an aim makes the effect (at `position` to `end`) hypothetical: any condition
    word, except an "if" or "unless" before an effect that states its size (a percentage or a multiple in the
    phrase or beside it), with no modal of a hypothesis and no belief: a result stated for a case."""
    words = sentence.words
    if words[:1] and words[0] in _INVERTED_CONDITIONS and not asks(sentence):
        return True  # "Should the walk cause latency spikes, it would need to ...": an "if" put first
    found = {word for i, word in enumerate(words) if i > turn_at(words, position) and word in _CONDITIONS_OR_AIMS
             and not bounds_a_finding(words, i) and not in_means(words, end, i)}  # "minimal if any" supposes nothing
    if not found:
        return False
    sized = sentence.has("TIMES") and any(position - 3 <= a < end + 3 for a, _ in sentence.spans("TIMES")) or any(
        value.unit == "%" and position - 3 <= index < end + 3 for index, value in sentence.quantities)
    # an "if" whose clause closed before the effect ("if threads < nr_cpus, then ...") or that looks at the runs
    # ("if I compare them to last week's runs you're 5% better") supposes nothing; an effect inside the clause
    # ("even if we achieve a 5-30% improvement") is the condition itself
    before = all(i < position and (set(words[i:position]) & _CLAUSE_CLOSES
                                   or not _VIEWING.isdisjoint(words[i + 1:i + 1 + _VIEWING_REACH]))
                 for i, word in enumerate(words) if word in _SCOPING_CONDITIONS)
    return not (found <= _SCOPING_CONDITIONS and sized and before
                and not set(words) & (_HYPOTHETICAL_MODALS | _BELIEF_VERBS))


def _gain_seen(sentence: Sentence) -> bool:
    """Whether a gain or a slowdown is said to be seen, the words close ("similar improvement is also seen")."""
    gains, seen = ([i for i, w in enumerate(sentence.words) if w in words] for words in (_RUN_GAINS, _SEEING))
    return any(0 < s - g <= _SEEN_AFTER or 0 < g - s <= _SEEN_BEFORE for g in gains for s in seen)


def _no_difference(sentence: Sentence) -> bool:
    """Whether a neutral phrase says a run made no difference ("no significant difference", "without any
    noticeable effect", "I don't see any improvement"), not that something stayed the same or behaves alike."""
    if set(sentence.words) & _BEHAVIOUR:
        return False
    # "has no effect until it becomes a policy CPU": when a setting starts to work, not what a run measured
    phrases = [(set(sentence.words[a:b]), a, b) for a, b in sentence.spans("NEUTRAL")
               if sentence.words[b:b + 1] not in (("until",), ("unless",))]
    # ... or with no verb, a gain denied where the sentence ends: "No obvious improvement.", "With v2, no gain."
    return any(words & OUTCOME_NOUNS or words & _GAIN_NOUNS and (words & _SEEING or sentence.words[a] == "no" and (
        a == 0 or sentence.words[a - 1] == ",") and sentence.words[b:] in ((), (".",))) for words, a, b in phrases)


_MODAL_REACH = 12  # "could use semaphores signaled by a thread with some added latency": one clause, hedged
_MODAL_ADVERBS = frozenset({"then", "also", "still", "even", "actually", "further", "really"})
_HAVE_REACH = 4  # "might have a significant detrimental effect": a modal, "have", then the effect's words
def _backed(sentence: Sentence, polarity: str, effects: list[tuple[int, str, int]]) -> bool:
    """Whether the weakest effect phrases have what they need to be about performance: "better" and
    neutral phrases ("the same", "does not affect") are everyday words, so they count only beside a
    strong subject or a measured number ("the same throughput", "no difference in latency")."""
    strong = not only_regression(sentence) or any(measured_figure(v) or v.unit == "%" for _, v in sentence.quantities)
    position, _, end = effects[0]
    weak_beside = any(within_reach(sentence.words, at, position, end) for at in weak_positions(sentence))
    if polarity == "neutral":  # ... and "the same behaviour" is how the code acts, however a run shows it
        compared = bool(set(sentence.words) & _COMPARED) and bool(set(sentence.words) & (_ASKED_FOR | {"results", "scores"}))
        told = (weak_beside or compared) and _BEHAVIOUR.isdisjoint(sentence.words)
        return strong or told or any(w in _NOISE for w in sentence.words)
    if sentence.words[position] == "better" and len(effects) == 1:
        return strong or weak_beside
    return True

