"""How a sentence asks: whether it is a question at all, whether it asks for the difference a run would
show, and whether a question that names no family of concern is design talk.

Pure functions of a sentence's text and words (`extractors.prose.pipeline.Sentence`), used by the
sentence classifier (`extractors.prose.classify`) and the inline results.
"""

from __future__ import annotations

import re

from extractors.prose.grammar import PAIR_FORMS
from extractors.prose.pipeline import Sentence
from extractors.prose.purpose import CLAUSE_ENDS
from extractors.vocab.comparisons import TAKING_VERBS
from extractors.vocab.performance import (BENEFIT_WORDS, COST_WORDS, SETTABLE_QUANTITIES, STRONG_SUBJECTS,
                                          WEAK_SUBJECTS)
from extractors.vocab.requests import EXISTENCE_WORDS, NEGATIONS

# A sentence that ends in a question mark (also before a closing bracket, quote or smiley).
# (not "<?", a tool's mark for a value it could not read: lspci's "Len=08 <?>")
_QUESTION_END_RE = re.compile(r"(?<!<)\?+\s*(?:[)\]\"'\u201d\u00bb]|[;:]-?\)|\s)*$")
# A question mark quoted as a character at the end ('... a "?" is printed'): no question.
_QUOTED_MARK_RE = re.compile(r"[\"'\u201c`]\?+[\"'\u201d`]\W*$")
# A term queried in brackets at the end, or an aside the writer asks himself there: "(netbench?)",
# "(or 4k?)", "(I assume as the run moves inward?)"; the sentence around it states.
_BRACKETED_QUERY_RE = re.compile(r"\([^()]*\?+\)\W*$")
# A question quoted at the end of a statement: 'a matter of cycles wasted on "what are we doing here?"'.
_QUOTED_QUESTION_RE = re.compile(r"\s[\"\u201c][^\"\u201c\u201d]*\?+[\"\u201d]\W*$")
# Words a sentence that asks opens with.
_QUESTION_OPENERS = frozenset({"what", "what's", "how", "why", "when", "where", "which", "who", "is", "are", "was",
                               "were", "do", "does", "did", "can", "could", "would", "will", "should", "have", "has",
                               "any", "so", "and", "but", "or"})
# What a run that changed nothing did not make ("no significant difference", "without any effect"), and
# what a question about a change's effect asks for ("does it make a difference?").
OUTCOME_NOUNS = frozenset({"difference", "differences", "effect", "impact"})
# What an outcome word after a negation or a modal is a verb of ("doesn't impact", "won't affect"), and the
# words that make a difference one between choices ("makes little difference which of them is used").
_VERB_BEFORE = frozenset(NEGATIONS) | {"will", "would", "can", "could", "may", "might", "should", "does", "do", "did",
                                         "to"}
_CHOICES = frozenset({"which", "whether", "what", "how", "who", "where"})
_CHOICE_REACH = 3


def measured_outcome(words: tuple[str, ...]) -> bool:
    """Whether an outcome word stands as the noun of what a run found ("no difference", "any impact"), not as a
    verb ("doesn't impact journal flushes") nor as the weight of a choice ("little difference which one")."""
    return any(word in OUTCOME_NOUNS and not (i and words[i - 1] in _VERB_BEFORE)
               and _CHOICES.isdisjoint(words[i + 1:i + 1 + _CHOICE_REACH]) for i, word in enumerate(words))


# A question's words that ask for a motive, check an understanding ("what was the motivation") or
# discuss what to call a thing ("what about renaming the flag", "is there a better name"), and the
# openings of a proposal ("should we", "can we", "another option might be") or of a speaker asking for
# help with their own setup ("how can I get the value", "what should I pass"): design discussion or a
# user's how-to when no family is asked.
_RATIONALE_WORDS = frozenset({"motivation", "rationale", "understand", "confirm", "name", "naming", "rename",
                              "renaming", "renamed", "instead"})  # "a cheaper getrusage() instead?" proposes
# The words an echo question opens with ("what overhead?", "which regression?"), and the verbs and
# auxiliaries that make such words open a real question instead ("what is it?", "which helps?").
_ECHOING = frozenset({"what", "which"})
_VERBS_ASKED = frozenset({"is", "are", "was", "were", "do", "does", "did", "can", "could", "would", "will",
                          "should", "has", "have", "had", "helps", "changed", "happened", "happens", "else"})
# "do you mean there is contention?", "what do we mean by ...": what was said or written
_MEANT = frozenset({("you", "mean"), ("you", "meant"), ("we", "mean"), ("they", "mean")})
_PROPOSALS = frozenset({("should", "we"), ("can", "we"), ("could", "we"), ("shall", "we"), ("would", "we"),
                        ("we", "want"), ("another", "option"), ("other", "option"), ("can", "i"), ("do", "i"),
                        ("should", "i"), ("make", "sense"), ("makes", "sense"), ("about", "we"),  # "how about we ..."
                        ("we", "should"),  # "maybe we should consider ..."
                        ("what", "if"),  # "what if we retry with a doubled timeout?": a scenario put forward
                        ("way", "to")}) | _MEANT  # "is there a safe way to make it cheaper?": how to build it
# "is the cache only for performance, or for safety too?": whether speed is what a change is for, its motive
_MOTIVE_LEADS = frozenset({"just", "only", "purely", "mainly"})
_PERFORMANCE_WORDS = BENEFIT_WORDS | COST_WORDS | STRONG_SUBJECTS | WEAK_SUBJECTS
# What a question about a measured quantity asks of a run or a change: "what latency do you get/see
# with the patch?"; without any, a question about bandwidth, latency or frequency alone is about a setting.
_RUN_OR_CHANGE = frozenset({"get", "got", "getting", "see", "seeing", "saw", "seen", "measure", "measured",
                            "observe", "observed", "notice", "noticed", "patch", "patches", "series", "change",
                            "changes", "fix", "before", "after", "with", "without", "vs", "versus"})
# Words before "difference" or "impact" that ask for a measured one ("make a difference", "see any
# difference", "a noticeable impact").
_EFFECT_ASKED = frozenset({"make", "makes", "made", "making", "see", "seeing", "saw", "notice", "noticed", "observe",
                           "observed", "measure", "measured", "measurable", "noticeable", "observable", "tangible",
                           "practical", "significant", "visible", "real", "big", "any"})


def asks(sentence: Sentence) -> bool:
    """A question mark at the end, unless it only queries a term in brackets ("improving some of the
    tests (netbench?)") or ends a question the sentence quotes ('cycles wasted on "why is this here?"'),
    in a sentence that does not open as a question."""
    if not _QUESTION_END_RE.search(sentence.text):
        return _asks_without_mark(sentence.words)
    if _QUOTED_MARK_RE.search(sentence.text):
        return False
    quoted = _BRACKETED_QUERY_RE.search(sentence.text) or _QUOTED_QUESTION_RE.search(sentence.text)
    return not (quoted and sentence.words[:1] and sentence.words[0] not in _QUESTION_OPENERS)


def states_a_pair(sentence: Sentence) -> bool:
    """Whether a sentence that ends in a question mark but does not open as one states both figures of a
    comparison ("Nearly 4x the rate, 812 MB/s vs 203 MB/s?"): a finding told with surprise, nothing asked."""
    return bool(sentence.words) and sentence.words[0] not in _QUESTION_OPENERS and \
        len(sentence.quantities) >= 2 and any(sentence.has(form) for form in PAIR_FORMS)


# A question's opening, however it ends: a question word, then an auxiliary ("but why do you think ...,
# since ...", "how does it compare ..."); a question word alone may open a clause ("how it works is ...").
_WH_WORDS = frozenset({"why", "how", "where", "when"})  # "which is", "what is more": a clause as often
_AUXILIARIES = frozenset({"do", "does", "did", "is", "are", "was", "were", "would", "could", "should", "can", "will"})
_LEADING_JOINS = frozenset({"but", "and", "so", "then", "also"})
# "what" with a form of "do" and the person or thing asked about opens a question ("what do you mean").
_DO_FORMS = frozenset({"do", "does", "did"})
_ADDRESSED = frozenset({"you", "we", "they", "it", "this", "that"})


def _asks_without_mark(words: tuple[str, ...]) -> bool:
    """Whether a sentence that ends in no question mark opens as a question: a question word and an
    auxiliary, after at most a joining word ("But why do you think it adds overhead, since ...")."""
    words = words[1:] if words[:1] and words[0] in _LEADING_JOINS else words
    if len(words) > 3 and words[0] == "what" and words[1] in _DO_FORMS and words[2] in _ADDRESSED:
        return True  # "What do you mean by ...": "what" opens clauses too ("what is more"), not with "do" and a person
    if len(words) > 4 and words[:2] in (("how", "much"), ("how", "many")) and words[3] in _AUXILIARIES:
        return True  # "How much faster is it to ...": the size asked, then the auxiliary (not "how much faster it is")
    return len(words) > 2 and words[0] in _WH_WORDS and words[1] in _AUXILIARIES


def asks_for_a_difference(words: tuple[str, ...]) -> bool:
    """Whether a question or request asks whether a change makes a difference or has an impact ("does it
    make a difference", "are you seeing any tangible differences", "an observable impact in run time"):
    asking for the effect a run would show. "What is the difference between X and Y?" asks what differs."""
    for i, word in enumerate(words):
        if word in OUTCOME_NOUNS and i and words[i - 1] not in ("the", "side") and \
                set(words[max(0, i - 3):i]) & _EFFECT_ASKED:
            return True
        if word in OUTCOME_NOUNS and words[i - 2:i] == ("how", "much") and "between" not in words[i + 1:i + 4]:
            return True  # the size of the effect: "how much difference did 'noinline' make?"
        # "are there differences in the stats when you run it with X?", not "is there a difference
        # between the two flags?" (what differs)
        if word in OUTCOME_NOUNS and words[max(0, i - 2):i] in (("are", "there"), ("is", "there")) and \
                words[i + 1:i + 2] != ("between",):
            return True
    return False


# Runs made to find something out, as a noun: "experiments" (one "experiment" is as often an idea tried).
_RUNS = frozenset({"experiments"})
# How a question asks for such runs: whether any were made ("any experiments", "some experiments"), or for
# runs that show something ("experiments showing ...", "experiments that show ...").
_RUNS_MADE = frozenset({"any", "some", "more", "other", "further"})
_RUNS_SHOWING = frozenset({"showing", "that", "which", "to", "proving", "demonstrating"})


def asks_for_runs(words: tuple[str, ...]) -> bool:
    """Whether a question asks for runs made to find something out ("did you run any experiments on
    ...?", "are there experiments showing ...?"), not about runs of another kind ("another one of those
    experiments with the community?") or the speaker's own ("come back with experiments results")."""
    return any(word in _RUNS and (i and words[i - 1] in _RUNS_MADE or words[i + 1:i + 2] and
                                  words[i + 1] in _RUNS_SHOWING) for i, word in enumerate(words))


# What the person asked did or does, by the auxiliary beside "you" ("did you", "are you", "you are"),
# not what they are asked to do ("can you try ..." requests): under numbers, how those were made.
_DONE_BY_YOU = frozenset({"did", "do", "have", "had", "are", "were"})
# Verbs of making, setting up or watching a run: "did you test it on a ramdisk?", "are you really seeing
# 200 ms?", "have you configured the NIC's interrupts?" ("have you tried X?" proposes X; "do you see a
# problem with it?" asks for a review; "are you using X?" as often asks whether X has users)
_RUN_VERBS = frozenset({"test", "tested", "testing", "run", "ran", "running", "configure", "configured", "seeing",
                        "measure", "measured", "measuring"})
_YOU_REACH = 2  # words from "you" to its verb: "are you really seeing"
# What a test verb asks about when its object is any thing at all: what else was covered ("have you
# tested anything other than suspend?"), not the setup of a run.
_COVERAGE_WORDS = frozenset({"anything", "everything", "something", "else", "other"})


_YOU_DOING = frozenset({"you're", "you've", "you\u2019re", "you\u2019ve"})  # "you" and its auxiliary in one word


def asks_how_you_ran(words: tuple[str, ...]) -> bool:
    """Whether a question asks the person addressed what they ran, on what, or what they saw (not a
    case put forward: "if you are using X, would ...?"): "you" with its auxiliary ("did you", "you are",
    "you're"), then a verb of running."""
    return any(_addressed_doing(words, i) and any(
        words[j] in _RUN_VERBS and _COVERAGE_WORDS.isdisjoint(words[j + 1:j + 2])
        for j in range(i + 1, min(i + 1 + _YOU_REACH, len(words)))) for i in range(len(words)))


def _addressed_doing(words: tuple[str, ...], i: int) -> bool:
    """Whether word `i` is the person addressed with the auxiliary of what they did or do, outside an "if"."""
    if i > 0 and words[i - 1] == "if":
        return False
    if words[i] in _YOU_DOING:
        return True
    return words[i] == "you" and (i > 0 and words[i - 1] in _DONE_BY_YOU
                                  or i + 1 < len(words) and words[i + 1] in _DONE_BY_YOU)


# Verbs whose manner, asked with "how", is a performance: "how does it perform", "how well it scales".
_PERFORMING = frozenset({"perform", "performs", "performed", "scale", "scales", "scaled"})
_OBJECT_OPENERS = frozenset((word,) for word in ("the", "a", "an", "this", "that", "these", "those", "its", "their",
                                                 "some", "any", "all", "each"))  # what opens a verb's object
_PERFORMING_REACH = 5  # words from "how" to its verb: "how the new lock performs"


def asks_how_it_performs(words: tuple[str, ...]) -> bool:
    """Whether "how" asks the manner of a verb of performing with no object after it: "how the new lock
    performs on ARM", "how well does it scale", not "how the helper performs the lookup" (an act done)."""
    return any(word == "how" and any(words[i] in _PERFORMING and words[i + 1:i + 2] not in _OBJECT_OPENERS
                                     for i in range(at + 1, min(len(words), at + 1 + _PERFORMING_REACH)))
               for at, word in enumerate(words))


def asks_what_was_meant(words: tuple[str, ...]) -> bool:
    """Whether a question asks what the person addressed meant by what they just said ("what do you
    mean?", "what do you mean, slow?", "what does the second part mean?"): what was said, not what was
    measured ("what do you mean by 80% of line rate?" asks of a figure)."""
    said = [word for word in words if any(char.isalnum() for char in word)]
    if said[:1] == ["what"] and said[-1:] == ["mean"] and not any(word[:1].isdigit() for word in said):
        return True  # "what does the second part mean?": the words asked about come before the verb
    # a figure opens with a digit; a name with one inside ("a synthetic S2 fault", "the v2 layout") is a term
    return any(pair in _MEANT and not any(word[:1].isdigit() for word in words[i + 2:])
               for i, pair in enumerate(zip(words, words[1:])))


# How a speaker offers to do the work himself: "do you want me to post the numbers?", "should I rerun it?".
_OFFERS = frozenset({("want", "me", "to"), ("like", "me", "to"), ("should", "i"), ("shall", "i")})
# What a maintainer is asked to do with patches: "can you please pull the scalability work from the tag?"
_MERGING = frozenset({"pull", "merge", "apply", "queue", "backport", "cherry-pick"})


def asks_for_no_run(words: tuple[str, ...]) -> bool:
    """Whether a question offers the speaker's own work ("would you like me to run it again?", "shall I
    post the numbers?"): the speaker will do it, nobody is asked for anything; or asks a maintainer to take
    patches in ("could you please pull ...?"), whatever the patches are said to improve."""
    if any(words[i:i + len(offer)] == offer for offer in _OFFERS for i in range(len(words))):
        return True
    return any(word in _MERGING and words[i - 2:i] in (("you", "please"), ("can", "you"), ("could", "you"))
               for i, word in enumerate(words) if i > 1)


def echoes_a_word(words: tuple[str, ...]) -> bool:
    """Whether a question's last clause is "what" or "which" and a word of performance alone ("I timed
    both, what slowdown?"): it repeats a word just said, to ask which thing it names or to deny there is
    one, and has no verb to ask anything of a run ("which function?" asks where a cost is)."""
    end = len(words)
    while end and not words[end - 1][:1].isalnum():
        end -= 1  # the marks that close the question
    opening = max((at for at in range(end) if words[at] in CLAUSE_ENDS), default=-1)
    clause = [word for word in words[opening + 1:end] if word[:1].isalnum()]
    return len(clause) in (2, 3) and clause[0] in _ECHOING and _VERBS_ASKED.isdisjoint(clause[1:]) and \
        not _PERFORMANCE_WORDS.isdisjoint(clause[1:])


# A tag at the end that checks the speaker understood what was said ("this is just for speed, right?").
_CONFIRMING = frozenset({(",", "right", "?"), (",", "correct", "?"), (",", "yes", "?")})


def discusses_design(words: tuple[str, ...], names_an_effect: bool) -> bool:
    """Whether a question of no family asks for a motive, proposes what to do or what to call it, checks
    that the speaker understood ("what was the motivation", "should we ...", "just to confirm I
    understand"), asks for help with the speaker's own setup ("how can I get ..."), or asks why
    without naming an effect ("why isn't it a library?"): design talk that mentions performance, not a
    request for evidence of it. "Why is it faster?" asks for the cause of an effect."""
    vocabulary = set(words)
    if vocabulary & _RATIONALE_WORDS or set(zip(words, words[1:])) & _PROPOSALS or words[-3:] in _CONFIRMING:
        return True
    if any(lead in _MOTIVE_LEADS and to == "for" and what in _PERFORMANCE_WORDS
           for lead, to, what in zip(words, words[1:], words[2:])):
        return True
    measured = vocabulary & _PERFORMANCE_WORDS
    if not names_an_effect and measured and measured <= SETTABLE_QUANTITIES and not vocabulary & _RUN_OR_CHANGE:
        return True  # "isn't that peak bandwidth too small?" (but "what latency do you get with the patch?")
    return "why" in words and not names_an_effect


# Words after "run this" that say where or how the run is to be made again: "run this on the whole series".
_RUN_PLACES = frozenset({"on", "with", "again", "against", "in", "at", "under", "using", "once", "twice"})
_RERUNS = frozenset({"run", "rerun", "re-run", "repeat"})  # the run shown, asked for again ("test it" tries a fix)
# Nouns for a run after a demonstrative: "re-run this testing", "repeat that benchmark".
_RUN_NOUNS = frozenset({"test", "tests", "testing", "benchmark", "benchmarks", "run", "runs", "workload", "job",
                        "experiment", "experiments", "measurement", "measurements"})


def names_the_run(words: tuple[str, ...], at: int) -> bool:
    """Whether the word at `at` points to the run talked about ("run it again", "run this on the whole
    series", "re-run this test"), not to something else to run ("run these commands")."""
    word = words[at] if at < len(words) else ""
    after = words[at + 1] if at + 1 < len(words) else "."
    return word in ("it", "them") or word in ("this", "that", "these", "those") and (
        after in CLAUSE_ENDS or after in _RUN_PLACES or after in _RUN_NOUNS)


def reruns(words: tuple[str, ...], end: int) -> bool:
    """Whether the request ending at `end` asks for the run talked about again ("run it again", "re-run
    this testing without X"), maybe as what to try ("try to repeat this experiment")."""
    if words[end - 1] == "try" and words[end:end + 1] == ("to",):
        end += 2
    return words[end - 1] in _RERUNS and names_the_run(words, end)


# Whose a use case or a workload is: the speaker's own ("my main use case", "our workloads") is told,
# not asked for.
_OWN = frozenset({"my", "our"})
_OWN_REACH = 2  # words between the possessive and the phrase: "my main use case"


def speakers_own(words: tuple[str, ...], start: int) -> bool:
    """Whether the phrase at `start` is the speaker's own: "my" or "our" at most two words before it."""
    return not _OWN.isdisjoint(words[max(0, start - _OWN_REACH):start])


_EXISTENCE_REACH = 4  # words before the cost: "is there any overhead", "have a performance impact"


def fears_a_cost(sentence: Sentence) -> bool:
    """Whether a question asks if a cost exists at all ("is there any overhead?", "does it have a
    performance impact?"): what the reviewer fears is a regression."""
    if not asks(sentence):
        return False
    words = sentence.words
    costs = [start for start, _ in sentence.spans("COST_WORD")] + [i for i, w in enumerate(words) if w == "impact"]
    return any(not EXISTENCE_WORDS.isdisjoint(words[max(0, at - _EXISTENCE_REACH):at]) for at in costs)


_DURATION_ASKED = (("how", "long"), ("how", "much", "time"))
_TAKING_REACH = 5  # words after the question that hold its verb: "how much time does the firmware load take"


# Verbs of time won back ("how much time does it save?", "how much time do we gain by batching?"): the time
# saved is a speed-up's size, whoever asks it.
_SAVING_VERBS = frozenset({"save", "saves", "saved", "saving", "gain", "gains", "gained", "shave", "shaves", "shaved",
                           "win", "wins", "won"})


def asks_time_saved(words: tuple[str, ...]) -> bool:
    """Whether the words ask how much time something saves: the size of a speed-up, asked for."""
    return any(words[i:i + 3] == ("how", "much", "time")
               and not _SAVING_VERBS.isdisjoint(words[i + 3:i + 3 + _TAKING_REACH]) for i in range(len(words) - 2))


def asks_how_long(words: tuple[str, ...]) -> bool:
    """Whether the words ask how long something takes: "how long does it take now?", "how much time does
    the probe() call take?" (the brackets of a function's name count as no words)."""
    words = tuple(word for word in words if word not in ("(", ")"))
    return any(words[i:i + len(asked)] == asked
               and not TAKING_VERBS.isdisjoint(words[i + len(asked):i + len(asked) + _TAKING_REACH])
               for asked in _DURATION_ASKED for i in range(len(words)))
