"""Whether an effect a sentence names is what something is for ("uses merging to improve throughput") or
what the speaker wishes for ("better performance would be nice") rather than what a change or a run did:
a purpose or a wish states no finding, so it is no claim, and neither does an effect named as a topic, what is
looked for or feared ("the cause of slowdown", "your concern about the cost"); and whether a hedge before an
effect belongs to a clause that only describes a thing ("files which can be compressed, ...").

Pure functions of a sentence's words, used by the claim reader (`extractors.prose.classify`) and the
effect phrases (`extractors.prose.effects`).
"""

from __future__ import annotations

from extractors.vocab.requests import LEARNING_VERBS, POSSIBILITY_MODALS, WORTH_ADJECTIVES

# Words before "to" that make the effect after it a finding, not a purpose: "helps to reduce latency".
_TO_FINDING = frozenset({"help", "helps", "helped", "helping", "able", "managed", "manages", "seems", "seem",
                         "seemed", "appears", "appear", "appeared", "tends", "tend", "tended", "likely", "going",
                         "enough", "due", "up", "down", "close", "equal", "compared", "relative", "similar",
                         "back", "leads", "lead", "led", "leading", "starts", "start", "started", "begins",
                         "begin", "began", "useful", "allow", "allows", "allowed", "allowing",
                         # "has been shown to greatly improve performance": what a run found it does
                         "shown", "proven", "proved", "found", "observed", "measured",
                         # "proved very efficient for making the IO get better IOPS": what the thing does well
                         "efficient", "effective", "helpful", "good", "great"})
# Comparatives that name a goal after "for" ("for better performance", "for faster access"); "for lower
# IOPS" or "for higher loads" names the conditions a statement holds in.
_TRYING = frozenset({"try", "tries", "trying"})  # "try and <verb>", the spoken form of "try to <verb>"
# Verbs of weighing an idea, with "about" ("thought about raising the rate", "talked about reducing
# the overhead") or without ("we considered reducing the overhead"): the effect is an idea, not a finding.
_PONDERING_ABOUT = frozenset({"think", "thinks", "thought", "thinking", "talk", "talks", "talked", "talking"})
_PONDERING = frozenset({"consider", "considers", "considered", "considering"})
_AIMED_COMPARATIVES = frozenset({"better", "faster", "quicker", "cheaper", "smoother"})
_CAUSED_REACH = 8  # "to make" and the words of its object before the effect it names
# Verbs whose manner an effect right after them names ("to run faster", "to boot quicker", "to scale
# better"): the infinitive is what something is for or expected to do, unless a finding word stands a few
# words before its "to" ("helps the box to run faster", "caused the test to finish sooner").
_MANNER_VERBS = frozenset({"run", "go", "work", "perform", "complete", "finish", "boot", "start", "respond",
                           "execute", "scale", "behave"})
# ... and verbs of obtaining the effect: "issue them in batches to get better performance", "to achieve
# lower latency" (but "managed to get better numbers" reports one).
_OBTAINING_VERBS = frozenset({"get", "achieve", "gain", "obtain", "reach"})
_INFINITIVE_VERBS = _MANNER_VERBS | _OBTAINING_VERBS
_INFLECTED = ("ing", "ed", "es")  # endings no bare infinitive has: "to 5, improving", "to userspace, reduces"
_SUBJECT_REACH = 3  # words between a finding word and the "to" of its infinitive: "allows the system to"
_FINDING_OR_CAUSING = _TO_FINDING | frozenset({"cause", "causes", "caused", "causing"})
_ARTICLES = frozenset({"a", "an", "the", "some", "any", "this", "that", "these", "those"})
_AMOUNTS = frozenset({"enough", "more", "much", "less"})  # "to get enough gain", "to see more speedup"
_ARTICLES_OR_AMOUNTS = _ARTICLES | _AMOUNTS
# "the advantage is to ...", "would be to make": what a thing is for
_BE = frozenset({"is", "was", "are", "were", "be"})
_RELATIVE = frozenset({"which", "who", "whose"})  # what opens a clause that describes the noun before it
_RELATIVE_REACH = 3  # "which can be", "which may well be": the relative pronoun a few words before the hedge
_WISH_REACH = 4  # words after an effect phrase before the modal of a wish: "more throughput here would be nice"
_WISHING_MODALS = frozenset({"would", "'d", "could", "should", "might"})
# After "may be": an effect seen ("a 10x improvement could be seen"), or its cause guessed ("the slowdown
# might be due to lock contention"): the effect itself was found.
_NOT_GUESSED = frozenset((word,) for word in ("seen", "observed", "measured", "noticed", "visible", "due", "caused",
                                               "because", "explained", "related", "attributed"))
_GUESS_REACH = 2  # words of the effect's noun phrase before "may be": "the gain of iopoll may be"
# What ends the effect's noun phrase before a modal: the modal is then another clause's ("reduces the
# latency, which may be why ...", "faster than it might be").
_CLAUSE_BREAKS = frozenset({",", ";", ":", "which", "that", "than", "and", "but", "so", "because", "as", "if", "it"})
# What ends a clause: the reach of "to make ..." here, of a request's object in the classifier.
CLAUSE_ENDS = frozenset({",", ";", ":", ".", "!", "?", "but", "because", "since"})


def purpose(words: tuple[str, ...], position: int) -> bool:
    """Whether the effect is what something is done for, or an idea weighed: "uses merging to improve
    throughput", "a list to make the free path faster", "added for faster signalling", "for the softirq to
    run faster", "thought about raising the rate" (but "helps to reduce latency", "up to 2x faster"
    and "allows for faster boots" state what it does)."""
    if position >= 3 and words[position - 2] == "to" and _splits_infinitive(words[position - 1]):
        position -= 1  # "to further improve performance", "to greatly reduce the latency"
    # "... for faster signalling", "a larger batch for a better hit ratio", and the sentence opening so: "For
    # faster access it adds a table"
    aimed = position - 1 if position >= 2 and words[position - 1] in ("a", "an") else position
    if (aimed == 1 or aimed >= 2 and words[aimed - 2] not in _TO_FINDING) and (
            words[aimed - 1] == "to" and aimed == position
            or words[aimed - 1] == "for" and words[position] in _AIMED_COMPARATIVES):
        return True
    if words[max(0, position - 2):position] in (("in", "order"), ("so", "as")):
        return True  # "in order not to hurt the lookup speed, ...": the effect an aim avoids
    if position >= 3 and words[position - 1] in (",", "and", "or") and words[position - 3] == "to" and \
            words[position - 2].isalpha() and not words[position].endswith(_INFLECTED) and \
            (position == 3 or words[position - 4] not in _TO_FINDING):
        return True  # "as a means to coalesce, reduce overhead": the next bare verb of a list of aims
    if position >= 2 and words[position - 1] == "and" and words[position - 2] in _TRYING:
        return True  # "we try and improve performance all the time": "try and" is "try to", an aim
    if position >= 1 and (words[position - 1] in _PONDERING or
                          position >= 2 and words[position - 1] == "about" and words[position - 2] in _PONDERING_ABOUT):
        return True  # "we thought about raising the rate", "we considered reducing the overhead": an idea
    if position >= 3 and words[position - 3] == "to" and words[position - 1] in _ARTICLES_OR_AMOUNTS and \
            words[position - 2] not in LEARNING_VERBS and (position == 3 or words[position - 4] not in _TO_FINDING):
        # "to remove a costly walk", "to avoid the expensive lookup": the effect the work is for ("unable
        # to see the reduced CPU usage" reports what a run showed)
        return True
    if position >= 2 and words[position - 2] == "to" and words[position - 1] in _INFINITIVE_VERBS and \
            _FINDING_OR_CAUSING.isdisjoint(words[max(0, position - 2 - _SUBJECT_REACH):position - 2]):
        return True  # "for the softirq to run faster", "expect it to scale better", "to get better throughput"
    if position >= 3 and words[position - 3] in ("to", "for") and words[position - 2] in _CHECKING and \
            words[position - 1] in _ARTICLES:
        return True  # "for verifying the improvement, I ran ...", "to measure the overhead": what a run is for
    for at in range(max(0, position - _CAUSED_REACH), position - 1):
        verb = at + 2 if words[at] == "to" and _splits_infinitive(words[at + 1]) else at + 1  # "to then make"
        if (words[at], words[verb]) in (("to", "make"), ("for", "making")) and \
                (at == 0 or words[at - 1] not in _TO_FINDING) and not set(words[verb + 1:position]) & CLAUSE_ENDS:
            return True  # "to make <it> faster", "for making io-wq scale better": what something is for
        if words[at] in _BE and words[at + 1] == "to" and at and words[at - 1] not in _TO_FINDING and \
                not set(words[at + 2:position]) & CLAUSE_ENDS:
            return True  # "the main advantage is to free up the CPU and reduce traffic": what it is for
    return False


# What is looked for behind an effect named after "of" or "for": "the cause of slowdown" names the effect
# as what is being explained, found by no one here.
_SOUGHT = frozenset({"cause", "causes", "source", "sources", "reason", "reasons", "origin", "culprit", "root"})
# ... and what is feared before an effect named after "about" or "over": "your concern about the cost".
_FEARED = frozenset({"concern", "concerns", "worry", "worries", "fear", "fears"})
_SOUGHT_REACH = 3  # "the cause of the slowdown": the noun, "of", an article, then the effect
# Verbs of checking a result: the effect after them is what is checked, not what was found.
_CHECKING = frozenset({"verify", "verifying", "check", "checking", "measure", "measuring", "confirm", "confirming",
                       "quantify", "quantifying", "evaluate", "evaluating", "validate", "validating"})


def named_as_topic(words: tuple[str, ...], position: int) -> bool:
    """Whether the effect at `position` is named as what is looked for ("helps determine the cause of
    slowdown", "the source of the overhead") or feared ("your concern about the expensive cost"): a topic,
    found by no one here."""
    return any((words[at] in _SOUGHT and words[at + 1:at + 2] in (("of",), ("for",))
                or words[at] in _FEARED and words[at + 1:at + 2] in (("about",), ("over",)))
               and (at == position or _ARTICLES.issuperset(words[at + 2:position]))
               for at in range(max(0, position - _SOUGHT_REACH), position + 1))


def _splits_infinitive(word: str) -> bool:
    """Whether a word between "to" and its verb is an adverb of degree or manner ("further", "greatly")."""
    return word in _SPLITTING_ADVERBS or len(word) > _SHORTEST_LY_ADVERB and word.endswith("ly") and \
        word not in _LY_NOT_ADVERBS


_SPLITTING_ADVERBS = frozenset({"further", "also", "even", "still", "then"})
_SHORTEST_LY_ADVERB = 4  # "only" names no manner; "vastly", "greatly" do
# Words ending in "ly" that are verbs or nouns, not adverbs.
_LY_NOT_ADVERBS = frozenset({"apply", "supply", "reply", "multiply", "comply", "early", "family", "assembly"})


# "than it is", "than it currently is", "than they are": a comparison of something with itself as it is
# now, which says it falls short ("AIO should be much faster than it is").
_AS_IT_IS = (frozenset({"it", "they", "this", "that"}), frozenset({"is", "are", "currently", "now"}))


def wished(words: tuple[str, ...], end: int) -> bool:
    """Whether the effect phrase ending at `end` is wished for or guessed, not found: "better performance
    would be nice", "more throughput would help", "should be much faster than it is", "the gain of
    polling may be ..."."""
    after = words[end:end + _WISH_REACH + 2]
    if len(after) >= 3 and after[0] == "than" and after[1] in _AS_IT_IS[0] and after[2] in _AS_IT_IS[1]:
        return True
    for i, word in enumerate(after[:_WISH_REACH]):
        if word in _WISHING_MODALS and _CLAUSE_BREAKS.isdisjoint(after[:i]):  # ", which would be nice" comments
            rest = after[i + 1:i + 3]
            if rest[:1] == ("help",) or len(rest) == 2 and rest[0] == "be" and rest[1] in WORTH_ADJECTIVES:
                return True
        if word in POSSIBILITY_MODALS and after[i + 1:i + 2] == ("be",) and i <= _GUESS_REACH \
                and _CLAUSE_BREAKS.isdisjoint(after[:i]) and after[i + 2:i + 3] not in _NOT_GUESSED:
            return True  # the effect the subject of a guess: "one improvement might be to ...", "the gain ... may be"
    return False


def described(words: tuple[str, ...], hedge: int, effect: int) -> bool:
    """Whether the hedge at `hedge` is in a relative clause closed by a comma before the effect at
    `effect` ("normal files which can be compressed about 70%, the new version is 2x faster"): it says
    what the thing tested could do, not that the effect is only possible."""
    return any(word in _RELATIVE for word in words[max(0, hedge - _RELATIVE_REACH):hedge + 1]) \
        and "," in words[hedge:effect]
