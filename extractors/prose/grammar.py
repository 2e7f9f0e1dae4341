"""The grammar of comparisons in prose: Matcher patterns over quantity tokens, and what each match states.

A quantity is one token (`extractors.prose.tokens`: "12.3 ms", "~40K/s", "861.5 +/- 3.3 s"), labelled
QTY, or PCT for a percentage. The patterns (`COMPARISON_PATTERNS`) are the ways English puts two numbers
or one change side by side: "from X to Y", "X -> Y", "X vs Y", "N% faster", "a N% improvement",
"improves ... by N%", "up/down N%", "Nx speedup", "X and Y without and with the fix respectively".
A sentence that names the baseline beside one number and the patched kernel beside another is read by
`side_pairs`, which attributes each number to the side word nearest to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from extractors.model import Value
from extractors.numbers import least_size, ratio_change_pct
from extractors.prose.cue_spec import BENEFIT, COST_OR_TIME, compile_pattern
from extractors.vocab.comparisons import (ARROWS, BASELINE_WORDS, CHANGE_NOUNS, CHANGE_NOUNS_SENSE, CHANGE_VERBS,
                                          DETERMINERS, COMPARATIVES, DESCRIBING_BASELINE_WORDS, GAIN_VERBS, GOOD_NOUNS,
                                          GOOD_VERBS, JUDGING_COMPARATIVES, NEUTRAL_CHANGE_VERBS, OPPOSITE_SIDES,
                                          PATCHED_WORDS, REPORT_VERBS, PARTICLE_VERBS, TAKING_VERBS, UP_DOWN)
from extractors.vocab.configurations import SWITCH_OFF_VALUES, SWITCH_ON_VALUES
from extractors.vocab.performance import FOOTPRINT_WORDS

_ARROWS = "|".join(ARROWS)
_ABOUT = "about|around|approximately|approx|roughly|nearly|almost|~|only|just"
_ABOUT_WORDS = frozenset(_ABOUT.split("|"))
_VERBS = "|".join(sorted(w for w in CHANGE_VERBS if " " not in w))
_NOUNS = "|".join(sorted(CHANGE_NOUNS_SENSE))
_COMPARATIVES = "|".join(sorted(COMPARATIVES))
_METRICS = f"{BENEFIT}|{COST_OR_TIME}"  # what a change verb moves: "improve IOPS > 20%"
_QUOTE = "\"|\u201c|\u201d"  # a figure quoted as what someone saw ('is "25 milliseconds" vs "4 seconds"')
_AS_GOOD = "fast|quick|good|efficient|performant"  # adjectives of speed and quality, more is better
_DURATION_COMPARATIVES = frozenset({"longer", "shorter"})  # said of a time: "takes 4 times longer"
# Adjectives a multiple compares with ("3 times as fast", "twice as long"), and whether more of them is better.
_MULTIPLE_ADJECTIVES = {"fast": True, "quick": True, "efficient": True, "slow": False, "long": False,
                        "expensive": False, "costly": False}
# The nouns of a slowdown, and how far before "X vs Y" they may stand to make X the slowed run.
_SLOWDOWN_NOUNS = frozenset({"regression", "slowdown", "degradation"})
# Words that end a clause: "N% ... <noun>" read across one of them pairs a figure with another clause's noun.
_CLAUSE_BREAKS = frozenset({",", ";", ":", "because", "since", "but", "when", "while", "if", "as"})
_SUBJECT_REACH = 4
# "X compared to Y", "X as opposed to Y", "takes X instead of Y", "shows X rather than Y": Y is the reference
_REFERENCE_WORDS = frozenset({"compared", "opposed", "instead", "rather"})
# Verbs whose object is what a run measured, before "X instead of|rather than Y" ("takes 12 s instead of 14 s",
# "we get 42 MB/s instead of 39 MB/s"); elsewhere "8 threads instead of 4" is a setting chosen.
_MEASURED_BY = "|".join(sorted(TAKING_VERBS | REPORT_VERBS))

_SPECS: dict[str, list[str]] = {
    # "from 16% with the old mode to 9% with the new one": the setups may be named between the numbers
    "FROM_TO": [f"from {_ABOUT}? NUMBER down|up? to {_ABOUT}? NUMBER", f"from {_ABOUT}? NUMBER ~5 to {_ABOUT}? NUMBER",
                # ... or in brackets: "from 210MB/s (one queue busy) to 390MB/s (both queues busy)"
                f"from {_ABOUT}? NUMBER ( ~8 ) to {_ABOUT}? NUMBER",
                # "was 1.39%, which decreased to 0.82% after the change": the value, then where it moved
                f"NUMBER ,? which|and|but|then {_VERBS} to {_ABOUT}? NUMBER",
                # "used to run in about 12 seconds, now it takes 51 seconds": what it was, then what it is
                f"used to *4 {_ABOUT}? NUMBER ,|;|and|but *1 now *4 {_ABOUT}? NUMBER"],
    # "decreased to 40% from 100%": a change verb, where it went, then where it came from
    "TO_FROM": [f"{_VERBS} to {_ABOUT}? NUMBER from {_ABOUT}? NUMBER"],
    "ARROW": [f"NUMBER {_QUOTE}? {_ARROWS} {_QUOTE}? NUMBER"],
    # "710% improvement in IO BW (108 MiB/s to 876 MiB/s)": a stated change, then its two sides in brackets
    "BRACKETED_TO": [f"PCT *6 ( {_ABOUT}? NUMBER to {_ABOUT}? NUMBER )"],
    # "now gets 72% of the raw bandwidth (was 28%)", "12 ms (down from 30 ms)": what it is, then in
    # brackets what it was
    "BRACKETED_WAS": [f"NUMBER *4 ( was|previously|before {_ABOUT}? NUMBER )",
                      f"NUMBER *4 ( down|up from {_ABOUT}? NUMBER )"],
    "VS": [f"NUMBER {_QUOTE}? vs|vs.|v.s.|versus|against {_QUOTE}? NUMBER", "NUMBER ~4 compared to|with NUMBER",
            "NUMBER ~4 as opposed to NUMBER",  # "18.2MB/s write throughput, as opposed to 15.9MB/s"
            f"{_MEASURED_BY} ~4 NUMBER instead of {_ABOUT}? NUMBER",
            f"{_MEASURED_BY} ~4 NUMBER rather than {_ABOUT}? NUMBER"],
    # "13ms per 1MB IO for XFS vs 2ms for the block device": what the first number is of may stand
    # between it and "vs"; the baseline is then the nearest number before in the unit of the one after
    "VS_APART": ["NUMBER ~6 vs|vs.|v.s.|versus NUMBER"],
    # two configurations in parallel clauses: "A runs in ~30s, while B runs in ~20s"
    "WHILE": ["NUMBER ,? while|whereas *8 NUMBER",
              # "took 191 seconds to finish, while the patched one took 104 seconds": what it took to do between
              "NUMBER to *1 , while|whereas ~10 NUMBER"],
    "RESPECTIVELY": ["QTY ,? and QTY *12 ,? respectively"],
    "PCT_COMPARATIVE": [f"PCT {_COMPARATIVES}"],
    # "slower than the previous limit by 27%": the comparison first, its size after "by"
    "COMPARATIVE_BY": [f"{_COMPARATIVES} than ~8 by {_ABOUT}? PCT", f"{_COMPARATIVES} by|with {_ABOUT}? PCT"],
    # "has dropped to 50% of the original": the patched side as a share of the baseline
    "SHARE_OF": [f"to {_ABOUT}? PCT of the? original|baseline|base|before|previous|vanilla|mainline|stock|unpatched"],
    # "buffered writes are about 70% as fast as direct ones": a share of what it is measured against, said with
    # an adjective whose more is better
    "SHARE_AS": [f"PCT as {_AS_GOOD} as"],
    # "a 12% gain", "gain: 12%", "an improvement of about 15%", "the regression for this test is 32%"
    # ... "an improvement above +30%", "a degradation over 5%", "a reduction > 30%": a bound on its size
    # ... "an increase in bandwidth of ~64%", "the performance gain is up to 27%": the most a run gained
    # ... "an improvement around 12%": its size estimated right after it; "a drop in throughput of up to 50%"
    "PCT_NOUN": [f"PCT *2 {_NOUNS}", f"{_NOUNS} :|=|of|above|over|by|>|>= {_ABOUT}? PCT", f"{_NOUNS} {_ABOUT} PCT",
                 f"{_NOUNS} in? *3 of up to PCT",
                 f"{_NOUNS} in *3 of {_ABOUT}? PCT", f"{_NOUNS} ~7 is|was|are|were {_ABOUT}? PCT",
                 f"{_NOUNS} ( {_ABOUT}? PCT",  # "a slight regression (about 3% for random writes)": its size aside
                 f"{_NOUNS} ~7 is|was|are|were up to PCT"],
    # "increases by very roughly 35%", "by only around 5%": an estimate may be qualified once more
    # ... or with the metric between and no "by": "improve IOPS > 20%", "reduces latency ~30%"
    # ... "increases IOPS by up to 30%": the most a run gained
    # ... "decreased by >99%": the least it changed
    "VERB_BY": [f"{_VERBS} *5 by very|quite|>|>=|over? {_ABOUT}? {_ABOUT}? PCT",
                f"{_VERBS} *5 by up to PCT", f"{_VERBS} up to PCT", f"{_VERBS} >|over|~? {_ABOUT}? PCT",
                f"{_VERBS} *5 by more than PCT",  # "improved by more than 50%": the least it gained
                f"{_VERBS} the? {_METRICS} *1 more than PCT",  # "cuts the time spent more than 50%", no "by"
                f"{_VERBS} *5 by a factor of *1 ( PCT )",  # "by a factor of two (+100%)": the change in brackets
                # ... the metric named in a compound: "lowers the map lookup time about 8%"
                f"{_VERBS} the? {_METRICS} >|over|~? {_ABOUT}? PCT",
                f"{_VERBS} the? *2 {_METRICS} {_ABOUT} PCT",
                f"{_VERBS} the? *2 {_METRICS} up to PCT",  # "raises random write IOPS up to 9%"
                f"PCT {_METRICS} {_VERBS}",  # "about 8% performance reduced": the size, the metric, its move
                f"speed|speeds|sped|slow|slows|slowed|go|goes|went|gone|come|comes|came up|down *4 by {_ABOUT}? PCT"],
    # "down 5%", "-31.8% performance down", "a 6% speed up" (not "100% caught up", "up to date")
    "UP_DOWN": [f"up|down by? {_ABOUT}? PCT", "PCT *2 up|down"],
    "TIMES": [f"QTY *1 {_COMPARATIVES}|{_NOUNS}|times", f"{_NOUNS} of|:|=|is|was {_ABOUT}? QTY",
              "QTY times? speed up",  # "a 3x speed up": the noun in two words
              f"QTY times? as {'|'.join(_MULTIPLE_ADJECTIVES)}",  # "takes 3 times as long": a multiple of the time
              # "throughput increased by 2.8x" (the unit "x" says it is a multiple), "cut by a factor of 3"
              f"{_VERBS} *5 by a? factor? of? {_ABOUT}? QTY"],
}


COMPARISON_PATTERNS: dict[str, list[list[dict]]] = {
    label: [compile_pattern(spec) for spec in specs] for label, specs in _SPECS.items()
}
COMPARISON_LABELS = frozenset(_SPECS)  # the cues of a sentence that states a comparison or a change
# The statements that give both figures of a comparison, where the others state a change alone.
PAIR_FORMS = ("FROM_TO", "ARROW", "VS", "VS_APART", "WHILE", "RESPECTIVELY", "SIDES")


@dataclass(frozen=True)
class Statement:
    """One comparison read from a sentence: word span, the two values (or only a stated change)."""

    form: str
    first: int
    last: int  # word index after the statement
    baseline: tuple[int, Value] | None
    patched: tuple[int, Value] | None
    change_pct: float | None  # a change stated in words, signed by their direction
    judged: bool | None  # True when the words say better, False worse, None when they only measure


def _sign_of(word: str) -> tuple[int, bool | None]:
    """(+1 or -1, judgement) of a change word: "improvement" is +1 judged better, "drop" -1 unjudged."""
    if word in COMPARATIVES:
        judged = JUDGING_COMPARATIVES.get(word)
        up = COMPARATIVES[word] if judged is None else judged
        return (1 if up else -1), judged
    if word in CHANGE_NOUNS_SENSE:
        sense = CHANGE_NOUNS_SENSE[word]
        if sense is None:
            return (1, True) if word in GOOD_NOUNS else (-1, False)
        return (1 if sense else -1), None
    if word in CHANGE_VERBS:
        sense = CHANGE_VERBS[word]
        if sense is None:
            if word in GOOD_VERBS or word in GAIN_VERBS:
                return 1, True
            return -1, (False if word not in NEUTRAL_CHANGE_VERBS else None)
        return (1 if sense else -1), None
    if word in UP_DOWN:
        return (1 if UP_DOWN[word] else -1), None
    return 0, None


# Verbs after which "from X to Y" spans a range of values, not a change of one.
_RANGE_VERBS = frozenset({"range", "ranges", "ranging", "ranged", "vary", "varies", "varying", "varied", "anywhere",
                          "spans", "span"})
# After a copula, a range runs upwards ("is from 1 to 20"); a fall is a change said loosely ("cpu usage is
# from 400% to 350%").
_COPULAS = frozenset({"is", "are", "be"})


def read_statements(words: tuple[str, ...], quantities: dict[int, Value], doc_matches) -> list[Statement]:
    """The statements of one sentence from its comparison matches (label, first word, end word)."""
    found: list[Statement] = []
    for label, first, last in doc_matches:
        span = [i for i in range(first, last) if i in quantities]
        if label == "VS_APART" and len(span) >= 2:
            b = span[-1]
            if b - 2 in quantities or quantities[b].unit in (None, "%"):
                continue  # "16.932 vs 17.822" is read as VS; plain numbers and shares apart pair anything
            same = [i for i in span[:-1] if quantities[i].unit == quantities[b].unit]
            if same:
                a = same[-1]
                if _bracketed_reference(words, a, b) or \
                        _switched(words, a) == "patched" and _switched(words, b) == "baseline":
                    a, b = b, a
                found.append(Statement(label, first, last, (a, quantities[a]), (b, quantities[b]), None, None))
        elif label == "BRACKETED_TO" and len(span) >= 3:
            a, b = span[-2], span[-1]  # the sides in brackets; the change before them is their delta in words
            found.append(Statement("FROM_TO", first, last, (a, quantities[a]), (b, quantities[b]), None, None))
        elif label in ("BRACKETED_WAS", "TO_FROM") and len(span) >= 2:
            a, b = span[-1], span[0]  # the value it was, in brackets or after "from", follows the value it is
            found.append(Statement("FROM_TO", first, last, (a, quantities[a]), (b, quantities[b]), None, None))
        elif label in ("FROM_TO", "ARROW", "VS", "WHILE") and len(span) >= 2:
            a, b = span[0], span[-1]
            if label == "ARROW" and (last < len(words) and words[last] in ARROWS or
                                     first and words[first - 1] in ARROWS):
                continue  # a chain "31 -> 29 -> 30" lists configurations, not baseline and patched
            if label == "FROM_TO" and first and words[first] == "from" and (
                    words[first - 1] in _RANGE_VERBS
                    or words[first - 1] in _COPULAS and quantities[a].value < quantities[b].value):
                continue  # "sizes range from 4k to 1M", "the term is from 1 to 20 years": a range, not a change
            if label == "VS" and (_REFERENCE_WORDS & set(words[a:b]) or _bracketed_reference(words, a, b)
                                  or _SLOWDOWN_NOUNS & set(words[max(0, a - _SUBJECT_REACH):a])):
                # "530 W compared to 501 W": what a number is compared to is the reference; "the regression is
                # about 2.58s vs 2.15s": the number a slowdown is told by is the slowed run's
                a, b = b, a
            if label in ("VS", "WHILE") and _side(words, a, quantities) == "patched" \
                    and _side(words, b, quantities) in ("baseline", None):
                a, b = b, a  # "710K for this patch, while the old one is 665K": the side words give the order
            elif label == "VS" and _compared_with_baseline(words, a, quantities) and \
                    _side(words, b, quantities) is None:
                a, b = b, a  # "slower than the old version (410 vs 455)": the figure "than" names comes second
            found.append(Statement(label, first, last, (a, quantities[a]), (b, quantities[b]), None, None))
        elif label == "RESPECTIVELY" and len(span) >= 2:
            order = " ".join(words[span[-1] + 1:last])
            for base_word, new_word in OPPOSITE_SIDES:
                if f"{base_word} and {new_word}" in order:
                    found.append(Statement(label, first, last, (span[0], quantities[span[0]]),
                                           (span[1], quantities[span[1]]), None, None))
                elif f"{new_word} and {base_word}" in order:
                    found.append(Statement(label, first, last, (span[1], quantities[span[1]]),
                                           (span[0], quantities[span[0]]), None, None))
        elif span and label == "SHARE_OF" and quantities[span[-1]].unit == "%" and first and \
                (words[first - 1] in CHANGE_VERBS or words[first - 1] in UP_DOWN):
            # "dropped to 40% of original" (60% less); "translates to 33% of the original size" is a share
            change = quantities[span[-1]].value - 100
            found.append(Statement(label, first, last, None, None, round(change, 2), None))
        elif span and label == "SHARE_AS" and quantities[span[0]].unit == "%":
            change = round(quantities[span[0]].value - 100, 2)
            found.append(Statement("SHARE_OF", first, last, None, None, change, change >= 0))
        elif span and label in ("PCT_COMPARATIVE", "COMPARATIVE_BY", "PCT_NOUN", "VERB_BY", "UP_DOWN", "TIMES"):
            index = span[-1] if label in ("VERB_BY", "COMPARATIVE_BY") else span[0]
            if label == "PCT_NOUN" and quantities[index].unit is None:
                # "gain for a 4-block write is +19%": the percentage is the change, a plain number names the case
                # (a measure before it, "overhead is 170MB, which is 0.5% of ...", makes the percentage a share)
                index = next((i for i in span if quantities[i].unit == "%"), index)
            value = quantities[index]
            if label == "UP_DOWN" and index == first and not _moved_after(words, value, last) or \
                    label == "UP_DOWN" and first and words[first - 1] in PARTICLE_VERBS:
                continue  # "give up 1% of the CPU": the verb's particle, no direction
            if label == "PCT_NOUN" and index == first and not _CLAUSE_BREAKS.isdisjoint(words[first + 1:last - 1]):
                continue  # "by around 5% because we hit other issues": the noun is of another clause
            if label == "PCT_NOUN" and not FOOTPRINT_WORDS.isdisjoint(words[first + 1:last - 1]):
                continue  # "a 20% size reduction": a footprint, not a speed
            as_adjective = _MULTIPLE_ADJECTIVES.get(words[last - 1]) if label == "TIMES" else None
            # "up" of "up to 50%" bounds the size, it moves nothing ("a drop of up to 50%")
            change_words = [w for i, w in enumerate(words[first:last], first) if _sign_of(w)[0]
                            and not (w == "up" and words[i + 1:i + 2] == ("to",))] or \
                (["faster" if as_adjective else "slower"] if as_adjective is not None else [])
            if label == "VERB_BY" and first + 1 < len(words) and f"{words[first]} {words[first + 1]}" in CHANGE_VERBS:
                change_words.insert(0, f"{words[first]} {words[first + 1]}")
            two_words = label == "TIMES" and words[last - 2:last] == ("speed", "up")  # the noun "speedup"
            if two_words:
                change_words.insert(0, "speedup")
            if not change_words:
                continue
            sign, judged = _sign_of(change_words[0] if label != "PCT_NOUN" else change_words[-1])
            if label == "PCT_NOUN" and judged is False and _cut_before(words, first):
                sign, judged = 1, True  # "it slashes 5-25% of overhead": a cost cut is a gain
            if label == "TIMES":
                if value.unit != "x" and not (words[last - 1] == "times" or two_words or "times" in words[first + 1:last] and (
                        words[last - 1] in JUDGING_COMPARATIVES or words[last - 1] in CHANGE_NOUNS_SENSE
                        or words[last - 1] in _DURATION_COMPARATIVES or as_adjective is not None)
                        or words[last - 3:last - 1] == ("factor", "of")):
                    continue  # "4.3 times faster", "a 3 times improvement" ("10 times more man-hours" is no speed)
                if value.value <= 1:
                    continue
                change = ratio_change_pct(value.value, sign > 0)
            elif value.unit != "%":
                continue
            else:
                change = least_size(value) * (-1 if value.value < 0 or sign < 0 else 1)
            found.append(Statement(label, first, last, None, None, round(change, 2), judged))
    return found


def _cut_before(words: tuple[str, ...], first: int) -> bool:
    """Whether a verb of falling stands right before a stated change ("cuts ~10% of", "reduces about 5%")."""
    at = first - 1
    while at >= 0 and words[at] in _ABOUT_WORDS:
        at -= 1
    return at >= 0 and CHANGE_VERBS.get(words[at]) is False


def _switched(words: tuple[str, ...], index: int) -> str | None:
    """"baseline" or "patched" when an option switched off or on follows the number at `index` ("555K
    hipri=1 vs 525K hipri=0"): the run with it off is the reference."""
    option = words[index + 1:index + 4]
    if len(option) < 3 or not option[0].endswith("=") or option[1] != "=":
        return None
    return "baseline" if option[2] in SWITCH_OFF_VALUES else "patched" if option[2] in SWITCH_ON_VALUES else None


VERSUS = frozenset({"vs", "vs.", "v.s.", "versus"})  # what sets one figure against another


def _bracketed_reference(words: tuple[str, ...], a: int, b: int) -> bool:
    """Whether the second number stands in brackets opened by "vs" ("1.4 MB/s with bfq (vs 1.6 MB/s with
    mq-deadline)"): an aside giving the reference the first number is measured against."""
    return any(words[i] in VERSUS and words[i - 1] == "(" for i in range(a + 1, b))


# Words right before "up"/"down" that make "N% ... up" a change of speed: "a 6% speed up".
_PACE_VERBS = frozenset({"speed", "speeds", "sped", "slow", "slows", "slowed"})


def _moved_after(words: tuple[str, ...], value: Value, last: int) -> bool:
    """Whether "N% ... up/down" (ending at `last`) states a change: a signed figure ("-31.8% performance
    down") or a speed that went up or down ("6% speed up"), and no "up to" after it ("up to date")."""
    if last < len(words) and words[last] == "to":
        return False
    return value.text[:1] in ("+", "-", "\u2212") or words[last - 2] in _PACE_VERBS


def names_the_change(words: tuple[str, ...], index: int) -> bool:
    """Whether the words from `index` name the change itself: "the patch", "this series", "my
    patches", "it" (after "with"/"without": the patched or the unpatched kernel, not a setting)."""
    first, second = words[index:index + 1], words[index + 1:index + 2]
    if first and first[0] in CHANGE_NOUNS:
        return True
    return bool(first and second) and first[0] in DETERMINERS and second[0] in CHANGE_NOUNS


# The change named as the run that carries it ("patch IOPS is 574K", "the series: 12.1s").
_SERIES_NOUNS = frozenset({"patch", "patches", "patchset", "series"})
# Words before a series noun that name the side themselves ("without the patch", "after the series").
_SIDE_PREPOSITIONS = frozenset({"without", "w/o", "before", "with", "w/", "after"})


def _compared_with_baseline(words: tuple[str, ...], index: int, quantities: dict[int, Value]) -> bool:
    """Whether the side word nearest before the number at `index` names the baseline as the object of
    "than" ("worse than the old code (410 vs 455)"): the subject, the figure first printed, is the other."""
    found = side_of(words, index, quantities)
    return found is not None and found[0] == "baseline" and "than" in words[max(0, found[1] - 3):found[1]]


def _side(words: tuple[str, ...], index: int, quantities: dict[int, Value]) -> str | None:
    found = side_of(words, index, quantities)
    return found[0] if found else None


# Side words that are as often adjectives ("the old value", "new files"): a side only before "kernel", "code" ...
_DESCRIBING = DESCRIBING_BASELINE_WORDS | {"new"}
# Words before a number where the word naming its side may stand: "before this commit the run reached a rate of".
_LOOK_BACK = 12


def _look_back(words: tuple[str, ...], index: int, quantities: dict[int, Value], side) -> int | None:
    """The nearest word before `index` that is a number or names a side, a bracket before a label's colon
    counting as one word ("base(5.19.0-rc3, 12 bits hash): 222s": what the bracket says describes the
    side, its numbers are no values of it)."""
    i, steps = index - 1, 0
    while i >= 0 and steps < _LOOK_BACK:
        if words[i] == ")" and words[i + 1:i + 2] == (":",):
            depth, j = 0, i
            while j >= 0:
                depth += (words[j] == ")") - (words[j] == "(")
                if depth == 0:
                    break
                j -= 1
            i, steps = j - 1, steps + 1
            continue
        if i in quantities or side(i):
            return i
        i, steps = i - 1, steps + 1
    return None


def side_of(words: tuple[str, ...], index: int, quantities: dict[int, Value]) -> tuple[str, int] | None:
    """Which kernel the number at word `index` belongs to ("baseline" or "patched") and where the word
    saying so is, from the side word nearest to it with no other number between: "without the patch: 12.5s", "5.2s before", "120 ops/s with it", "base: 1234"."""
    def side(i: int) -> str | None:
        word = words[i]
        follows = words[i + 1:i + 4]
        if word in ("without", "with"):
            if not names_the_change(words, i + 1):
                return None  # "with 8 threads" names a setting, not the patch
            return "baseline" if word == "without" else "patched"
        if word in BASELINE_WORDS and word not in _DESCRIBING:
            return "baseline"
        if word in PATCHED_WORDS and word != "new":
            return "patched"
        if word in _DESCRIBING and follows[:1] and \
                follows[0] in ("kernel", "code", "version", "one", "implementation", ":", "scheme"):
            return "baseline" if word != "new" else "patched"
        if word == "this" and follows[:1] and follows[0] in ("patch", "series", "patchset", "change") and \
                not (i and words[i - 1] in _SIDE_PREPOSITIONS):
            return "patched"  # "the peak for this patch is 710K" ("before this change" is the preposition's side)
        if word in _SERIES_NOUNS:
            # "patch IOPS is 574K": the series named as a run; after "with"/"without" that word names the side
            before = words[max(0, i - 2):i]
            if set(before) & _SIDE_PREPOSITIONS:
                return None
            labelled = not before or before[-1] in DETERMINERS or before[-1] in (",", ";", ":", "and")
            return "patched" if labelled else None
        return None

    before = _look_back(words, index, quantities, side)
    labelled = before is not None and before not in quantities and index > 0 and words[index - 1] in (":", "=")
    if labelled:
        return side(before), before  # "without the patch: 12.5s", "base: 1234": a label names its value
    after = index + 1 if index + 1 < len(words) and words[index + 1] != "(" else index + 2
    if after < len(words) and after not in quantities and side(after):
        return side(after), after  # "5.2s before", "120 ops/s without the patch", "1234 MB/s (before)"
    if before is not None and before not in quantities:
        return side(before), before  # "with the patch we get 12.5s"
    return None


def side_pairs(words: tuple[str, ...], quantities: dict[int, Value]) -> list[Statement]:
    """A baseline number and a patched number named by their side words in one sentence."""
    sides: dict[str, list[tuple[int, int]]] = {"baseline": [], "patched": []}
    for index in quantities:
        side = side_of(words, index, quantities)
        if side:
            sides[side[0]].append((index, side[1]))
    if not sides["baseline"] or not sides["patched"]:
        _contrasted(words, quantities, sides)
    if len(sides["baseline"]) != 1 or len(sides["patched"]) != 1:
        return []
    (base, base_word), (new, new_word) = sides["baseline"][0], sides["patched"][0]
    if (quantities[base].unit == "%") != (quantities[new].unit == "%"):
        return []  # "1% faster ... behind 5.10": a share and a plain number measure different things
    first, last = min(base, new, base_word, new_word), max(base, new) + 1
    return [Statement("SIDES", first, last, (base, quantities[base]), (new, quantities[new]), None, None)]


# Words before a name of the change that say which side it is ("with the patch", "without this series").
_SIDE_OPENERS = frozenset({"with", "without", "w/", "w/o"})
# Words that open a clause set against the one before: "X MB/s, with this patch it is Y MB/s".
_CONTRAST_OPENERS = frozenset({",", ";", "but", "while", "whereas"})


def _contrasted(words: tuple[str, ...], quantities: dict[int, Value],
                sides: dict[str, list[tuple[int, int]]]) -> None:
    """Give the other side to a number no side word names when a later clause names one side alone:
    "throughput is ~80 MB/s, with this patch it is ~200 MB/s" states the current kernel's figure, then the
    patched one. The two must be in one unit, and a clause break must stand between them."""
    named = [(side, entry) for side, entries in sides.items() for entry in entries]
    if len(named) != 1:
        return
    side, (index, word) = named[0]
    unit = quantities[index].unit
    if unit is None or unit == "%" or not names_the_change(words, word + (words[word] in _SIDE_OPENERS)):
        return  # "why stop it after 6 hours?": a bare "after" is a time, not the patched kernel
    unnamed = [i for i, value in quantities.items() if i < word and value.unit == unit]
    if len(unnamed) != 1 or _CONTRAST_OPENERS.isdisjoint(words[unnamed[0] + 1:word]):
        return
    sides["baseline" if side == "patched" else "patched"].append((unnamed[0], unnamed[0]))
