"""How a sentence requests: whether it opens with a request verb aimed at the author ("Post the numbers"),
whether a request asks for evidence ("can you share the workload") or for something else (advice on the
code, a fix to carry), what it asks for, whether it asks for what a run is made again with ("would you have a
test case?"), and whether what it would compare is code ("compare vi->hash").

Pure functions of a sentence's words (`extractors.prose.pipeline.Sentence`), used by the sentence
classifier (`extractors.prose.classify`) to tell a reviewer's request from a statement.
"""

from __future__ import annotations

from itertools import islice

from extractors.prose.pipeline import QUOTE_MARKS, Sentence
from extractors.prose.purpose import CLAUSE_ENDS
from extractors.prose.subjects import names_a_metric
from extractors.vocab.requests import (LEARNING_VERBS, MEASURE_VERBS, MEASURING_FORMS, READING_VERBS, REQUEST_VERBS,
                                       THING_PRONOUNS, WRITINGS)

# Words that may open a sentence before its verb: "So please ...", "Also, run ...".
_OPENERS = frozenset({"so", "also", "then", "and", "but", "maybe", "perhaps", "just", "again", "ok", "okay",
                      ",", "-", "*", "please", "pls", "kindly", "now", "next", "first", "finally"})
_IMPERATIVES = frozenset(REQUEST_VERBS) - {"do", "get", "add", "check", "try", "explain", "describe",
                                           "mention", "document", "include", "send", "report", "test", "run"}
# A word after a sentence's first word that makes that word a noun, not an imperative ("Benchmarks are"),
# or the first word of a compound noun ("Benchmark script attached below", "Profile output attached").
_NOT_AFTER_IMPERATIVE = frozenset({"to", "is", "are", "was", "were", "has", "have", "had", "will", "would", "can",
                                   "could", "should", "may", "might", "seems", "looks", "shows", "'s", "of",
                                   "results", "numbers", "data", "run", "runs", "code", "script", "scripts",
                                   "program", "source", "output", "harness", "tool", "setup", "details"})
# A verb that, second after a sentence's first word, makes the two words its subject ("Benchmark tests
# confirmed this", "Profile data shows ..."): a finite verb of being or of reporting what was seen.
_FINITE_AFTER_SUBJECT = frozenset({"is", "are", "was", "were", "has", "have", "had", "show", "shows", "showed",
                                   "confirm", "confirms", "confirmed", "indicate", "indicates", "indicated",
                                   "suggest", "suggests", "suggested", "prove", "proves", "proved", "reveal",
                                   "reveals", "revealed", "look", "looks", "looked", "seem", "seems", "seemed"})
# What numbers are called when they are asked for ("please share the data"), and evidence in general.
NUMBER_NOUNS = frozenset({"numbers", "data", "measurements", "results", "figures", "benchmarks", "stats",
                          "statistics"})
EVIDENCE = NUMBER_NOUNS | {"number", "measurement", "benchmark", "figure"}  # what a request for evidence names
# What a request right before asks for when it names a measurement ("can you share the workload"), not
# results or data, which a bug report asks for as often; and how far after the request it may stand.
MEASURED_OBJECTS = frozenset({"workload", "workloads", "benchmark", "benchmarks", "numbers", "measurements",
                              "experiments"})  # "could you experiment": one is as often an idea tried, a verb
OBJECT_REACH = 3
# Verbs of advice, what advice asks for when it asks for evidence, and how far its clause may reach.
ADVICE_VERBS = frozenset({"suggest", "recommend", "advise", "propose", "suggesting", "recommending", "advising",
                          "proposing"})
MEASURING = EVIDENCE | MEASURED_OBJECTS | frozenset(MEASURING_FORMS)
_ADVICE_REACH = 8
_RUN_REACH = 10  # a run's object and what it is to be run with: "try the v2 series from [3] with more workloads"


def opening_imperative(sentence: Sentence) -> tuple[list[str], int] | None:
    """(words, place of the verb) when the sentence opens with a request verb aimed at someone ("Post the
    numbers, please", "Provide a new field ..."), quote marks left out; None otherwise."""
    if sentence.words[-1:] not in ((".",), ("!",)):
        return None  # a header or a fragment ("Benchmark  Time  CPU"), not a sentence addressed to anyone
    # the four words an imperative may open with and what follows them
    # '"profile" is the closest name' names a word, and its verb follows the closing mark
    words = list(islice((word for word in sentence.words if word not in QUOTE_MARKS), 12 + OBJECT_REACH))
    index = next((i for i, word in enumerate(words[:4]) if word not in _OPENERS), None)
    if index is not None and words[index] not in _IMPERATIVES and "please" in words[:index]:
        # "Please use X instead and redo the numbers": the request the "please" opens may be its second verb
        index = next((j for j in range(index + 2, len(words)) if words[j - 1] == "and" and words[j] in _IMPERATIVES),
                     index)
    if index is None or words[index] not in _IMPERATIVES or words[index + 1:index + 2] and \
            words[index + 1] in _NOT_AFTER_IMPERATIVE or words[index + 2:index + 3] and \
            words[index + 2] in _FINITE_AFTER_SUBJECT:
        return None
    return words, index


def imperative(sentence: Sentence) -> bool:
    """Whether the sentence is an imperative that asks for evidence: its verb measures or its object is
    evidence or a real workload ("Run fio ...", "Post the numbers", "Show us the real usage"); "Provide a
    new field to ..." is a patch describing its change."""
    if (opening := opening_imperative(sentence)) is None:
        return False
    words, index = opening
    return words[index] in MEASURING or bool(set(words[index + 1:index + 2 + OBJECT_REACH]) & MEASURING) \
        or sentence.has("REAL_WORKLOAD")


# What may stand between a verb and the figure it expects: a bound or an estimate ("see <= 15ms", "get ~2x").
_FIGURE_LEADS = frozenset({"<", ">", "<=", ">=", "=", "~", "about", "around", "roughly", "at", "least", "most"})


def _figure_next(words: tuple[str, ...], end: int) -> bool:
    """Whether what a request names first is a figure expected: a bound or an estimate before it, or a unit
    printed with it ("<= 15ms", "40%"); a bare count names what to run ("to see 3 runs of each")."""
    rest = [word for word in words[end:end + 4] if word not in _FIGURE_LEADS]
    return bool(rest) and rest[0][:1].isdigit() and (rest[0] != words[end] or not rest[0].isdigit())


def requests_evidence(words: tuple[str, ...], end: int) -> bool:
    """Whether a request ending at `end` asks for evidence: any request does, except advice ("I'd
    suggest", "I'd advise you to"), which asks for measuring only when measuring or evidence follows it
    in its clause ("I'd suggest measuring the throughput", "I'd advise you to try this with real
    applications"), not for a way to write the code ("... to implement X"); and curiosity, which asks only
    to be told ("curious to see the numbers"), not when the speaker would do it ("curious to try ...")."""
    if words[end:end + 1] and words[end] in THING_PRONOUNS and words[end + 1:end + 2] in (("not",), ("never",)):
        return False  # "I would prefer to see this not happen at all": a wish about what the code does
    if _figure_next(words, end):
        return False  # "I was hoping to see <= 15ms, but got 19": a figure expected, not evidence asked for
    if words[end - 1] in READING_VERBS and _names_a_writing(words[end:end + OBJECT_REACH]):
        return False  # "please check the documentation for the test steps": where to read, not evidence to show
    if words[end - 1] in _INDIRECT_QUESTION:
        return True  # "curious whether this patch still helps": a question to be answered, whatever it names
    if set(words[end:end + OBJECT_REACH]) & _CODE_CHANGES and not set(words[end - 1:end + OBJECT_REACH]) & MEASURING:
        return False  # "please include this fix": a change to carry, not evidence to show ("please test this patch" is)
    if words[end:end + 1] and words[end] in THING_PRONOUNS and words[end - 1] not in MEASURING and \
            EVIDENCE.isdisjoint(words[:end]) and \
            (end + 1 == len(words) or words[end + 1] in CLAUSE_ENDS or
             words[end] in _OBJECT_PRONOUNS and words[end + 1] not in _MEASURED_HOW):
        # "another reason why I'd like to see it", "I'd love to see it getting slimmer": the thing itself,
        # or a wish for it ("... to see it measured", "to see it on real workloads" ask for evidence);
        # after evidence is named, the pronoun stands for it ("if you have numbers, please add them")
        return False
    if words[end - 1] in ADVICE_VERBS and words[end:end + 1] == ("that",) and \
            words[end + 1:end + 2] not in (("you",), ("we",), ("someone",), ("somebody",)):
        return False  # "I'd suggest that such experiments are pointless": an opinion, not a request
    if end >= 2 and words[end - 2:end] == ("curious", "to"):
        return words[end:end + 1] != () and words[end] in LEARNING_VERBS  # "curious to try ...": the speaker's plan
    return words[end - 1] not in ADVICE_VERBS or bool(set(requested(words, end)) & MEASURING)


# Verbs of looking at something as it runs: with a metric as their object ("worth checking the softirq
# CPU usage on the receiver", "please monitor the latency") they ask for it to be measured.
_WATCHING_VERBS = frozenset({"check", "checking", "monitor", "monitoring", "watch", "watching"})


def checks_a_metric(words: tuple[str, ...], end: int) -> bool:
    """Whether a request ending at `end` asks to look at a metric: a figure to take, not a text to read."""
    return words[end - 1] in _WATCHING_VERBS and names_a_metric(" ".join(words[end:end + OBJECT_REACH]))


def _names_a_writing(words: tuple[str, ...]) -> bool:
    """Whether words name something written down: a document, or a file or address of one ("amd-pstate.rst",
    "https://...")."""
    return bool(set(words) & WRITINGS) or any(word.startswith(("http:", "https:")) or
                                              word.endswith((".rst", ".txt", ".md", ".html", ".pdf")) for word in words)


def requested(words: tuple[str, ...], end: int) -> tuple[str, ...]:
    """What a request ending at `end` asks for: the words right after it, or, after a verb of advice,
    the rest of its clause ("I'd advise you to try the series on real workloads"), and after a verb of
    running what it is to run with ("could you try the v2 series from [3] with more workloads")."""
    if words[end - 1] in ADVICE_VERBS:
        reach = _ADVICE_REACH
    elif words[end - 1] in MEASURE_VERBS and "with" in words[end:end + _RUN_REACH]:
        reach = _RUN_REACH
    else:
        return words[end:end + OBJECT_REACH]
    for index in range(end, min(len(words), end + reach)):
        if words[index] in CLAUSE_ENDS:
            return words[end:index]
    return words[end:end + reach]


# Pronouns that can only be an object ("this", "that" may open a clause: "my question is that ..."), and
# what may follow "see it" in a request for evidence: how it was measured, or what it ran on.
_OBJECT_PRONOUNS = frozenset({"it", "them"})
_MEASURED_HOW = frozenset({"measured", "tested", "benchmarked", "profiled", "compared", "quantified", "evaluated",
                           "characterized", "characterised", "run", "done", "with", "on", "under", "against"})
# The words that open a question a request embeds ("I wonder whether ...", "interested if ...").
_INDIRECT_QUESTION = frozenset({"if", "whether"})
# What a request may ask to carry rather than to show: the change itself.
_CODE_CHANGES = frozenset({"fix", "fixes", "patch", "patches", "commit", "commits", "series", "patchset",
                           "rid"})  # "it would be better to get rid of the flag": code taken out


# What a run is made again with, asked for under its numbers: "a test case", "the reproducer", "the script",
# the benchmark's invocations or command lines ("share the fio job file" asks for the data behind the runs).
_TEST_ARTIFACTS = frozenset({"testcase", "testcases", "reproducer", "reproducers", "script", "scripts", "jobfile",
                             "job-file", "invocation", "invocations", "cmdline", "cmdlines"})
_TEST_ARTIFACT_PAIRS = frozenset({("test", "case"), ("test", "cases"), ("command", "line"), ("command", "lines"),
                                  ("test", "code"), ("test", "program"), ("test", "programs")})
# "share your test?": the test itself, where the words end (not "your test results", which are numbers)
_TEST_ITSELF = frozenset({("your", "test", "?"), ("your", "tests", "?"), ("your", "test", "."), ("your", "tests", ".")})
# Request verbs that ask for something to be shown ("share the fio job"), not changed ("add an option to fio");
# with "have", what asks for a test artifact ("would you have a test case?").
SHOWING_VERBS = frozenset({"share", "post", "send", "show", "provide", "give", "include", "attach", "paste",
                           "publish"})
_HAVING = SHOWING_VERBS | {"have"}


def asks_for_a_test(words: tuple[str, ...]) -> bool:
    """Whether the words ask to have what a run is made again with: "would you have a test case", "can you
    share the reproducer" (not "do they implement your test case correctly?")."""
    return any(words[i] in _HAVING and (not _TEST_ARTIFACTS.isdisjoint(words[i + 1:i + 5]) or
                                        not _TEST_ARTIFACT_PAIRS.isdisjoint(zip(words[i + 1:i + 5], words[i + 2:i + 6]))
                                        or words[i + 1:i + 4] in _TEST_ITSELF)
               for i in range(len(words)))


_OBJECT_WORDS = 2  # words after "compare" that say what is compared
# What code compares or is compared with: a field reached through a pointer ("vi->hash"), a function
# called ("memcmp()"), the nouns a comparison in code goes by (a name with underscores may be a
# feature measured, "io_uring"), and the literals code tests a value against ("a comparison against NULL").
_CODE_NOUNS = frozenset({"helper", "helpers", "function", "functions", "macro", "macros", "callback",
                         "pointer", "pointers", "field", "fields", "struct", "structs", "null", "true", "false"})


# The words that compare two setups by name ("how does it compare to", "compared against"); "vs" sets two
# things side by side as often in a design question ("passthru-poll vs block-poll you mean?").
_COMPARING = frozenset({"compare", "compares", "compared", "comparing", "comparison", "comparisons"})


def compared(words: tuple[str, ...], start: int, end: int) -> str | None:
    """What a comparison's words (`start` to `end`) compare when they name it by a comparing word ("compare",
    "comparison"): "code" when the words after it name code ("compare vi->hash", "the comparison against
    NULL"), else "runs"; None for a comparison said otherwise ("faster than a function call" compares a speed)."""
    if _COMPARING.isdisjoint(words[start:end]):
        return None
    return "code" if any(w in _CODE_NOUNS or w.endswith("()") or "->" in w for w in words[end:end + _OBJECT_WORDS]) \
        else "runs"


# A new run asked for by the act of making it, or of helping with it: "could you please do a run with MD
# raid0?", "do another run", "could you please help with a run on your platform?".
_DOING = frozenset({"do", "make", "perform", "help"})
_NEW_RUNS = frozenset({("a", "run"), ("another", "run"), ("more", "runs"), ("some", "runs")})


# More of what runs are made of, asked to be seen: "it would be interesting to see more test types"
_FURTHER = frozenset({"more", "other", "additional", "further", "extra"})
_RUN_KINDS = frozenset({"test", "tests", "runs", "workloads", "benchmarks", "configurations", "setups", "cases"})


def asks_for_a_new_run(words: tuple[str, ...], end: int) -> bool:
    """Whether the request ending at `end` asks for a new run by making it (a verb of doing, maybe "with",
    then a run: "do a run", "help with another run"), or by seeing more of them ("to see more test
    types", "to see other workloads")."""
    if words[end - 1] == "see" and not _FURTHER.isdisjoint(words[end:end + 2]) and \
            not _RUN_KINDS.isdisjoint(words[end + 1:end + 4]):
        return True
    verb = end - 1 - (words[end - 1] == "with")  # "help with": the verb is the word before
    if verb < 0 or words[verb] not in _DOING:
        return False
    after = verb + 1 + (words[verb + 1:verb + 2] == ("with",))
    return tuple(words[after:after + 2]) in _NEW_RUNS
