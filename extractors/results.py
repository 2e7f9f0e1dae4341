"""Inline benchmark results: baseline -> patched numbers, or a stated change, in the sentences of prose.

The sentences come from `extractors.prose` with their numbers read as quantities and the comparison
patterns of `extractors.prose.grammar` already matched ("from X to Y", "X -> Y", "X vs Y", "N% faster",
"a N% regression of <metric>", "improves ... by N%", "up N%", "Nx speedup", "... respectively"), plus a
sentence naming the baseline beside one number and the patched kernel beside another. This module
decides which of those statements are results and fills the record:

- a pair needs numbers of one dimension; a pair of sizes, counts or plain numbers must be about a
  performance subject, and nothing that names a setting or a machine ("from 16 to 32 entries", "72
  cores", "a 50 Gbps NIC", a version "5.10 -> 6.0") is a result;
- a change stated only in words ("improves hackbench by 5%") needs a named subject, is not a bound
  ("less than 1%"; "up to 37%", "more than 50%" are what a run reached) and is not hypothetical ("could
  improve by 5%");
- `delta_pct` is (patched - baseline) / baseline * 100 for a pair, else the stated change signed by the
  direction of its words; the verdict is "noise" when the sentence says so or the spreads overlap.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from extractors.memo import text_cache
from extractors.model import InlineResult, Value
from extractors.numbers import low_end, shared_scale
from extractors.prose.asking import asks
from extractors.prose.clauses import turn_at
from extractors.prose.figures import bare_figure
from extractors.prose.findings import finding_verb
from extractors.prose.grammar import COMPARISON_LABELS, PAIR_FORMS, VERSUS, Statement, read_statements, side_pairs
from extractors.prose.hardware import counts_hardware
from extractors.prose.pipeline import Sentence, find_sentences
from extractors.prose.sided_sentences import sides_in_turn
from extractors.prose.subjects import (METRIC_WORDS, benchmark_of, higher_is_better, names_a_metric, object_of,
                                       only_generally_named, subject_of)
from extractors.prose.weak_subjects import profiles_time
from extractors.verdicts import delta_pct, restates, verdict, with_reported_delta
from extractors.vocab.benchmarks import BENCHMARK_RE
from extractors.vocab.comparisons import (AFTER_TIME_TAKEN, APPROXIMATELY, BOUND_WORDS, COPULAS, FUTURE, LENGTHS,
                                         NEUTRAL_CHANGE_VERBS, NOISE_WORDS, OBJECT_PREPOSITIONS, OPPOSITE_SIDES,
                                         PAST_STATE, REPORT_VERBS, RESTATING_SUBJECTS, RUN_VERBS, SETUP_WORDS,
                                         SIDE_ADJECTIVES, SPAN_WORDS, SEEMING_VERBS, SUBJECT_BREAKS, TAKING_VERBS)
from extractors.vocab.metrics import SUMMARY_WORDS
from extractors.vocab.performance import CONFIGURED_VALUES, SETTING_WORDS
from extractors.vocab.units import DIMENSION_HIGHER_IS_BETTER, MEASURED_DIMENSIONS, lookup_unit

# Two measurements of one quantity rarely differ a hundredfold; a pair that does, with a unit on one
# side only, is a count beside a measurement ("248K messages over 3 seconds vs 132K").
_MAX_UNEVEN_RATIO = 100.0
_SMALL_COUNT = 100  # plain integers below this joined by an arrow are states, counts or versions
# A change stated beside a pair restates it when it is this close to the pair's delta (writers round).
_RESTATED_POINTS, _RESTATED_SHARE = 2.0, 0.35
_RESTATING_LINKS = COPULAS | APPROXIMATELY | {"a", "an", "over", "ok", "so", "also", "now", "still", ",", "."}
_RESTATING_REACH = 6  # how far into the sentence a restated change may stand
_REACHED = (("up",), ("more",), ("close",))  # words before "to"/"than" that make a bound what a run reached
_LOWER_BOUNDS = frozenset({"upto", "over", "above", "least", ">", ">="})  # ... and bounds that are by themselves
_PARTICLE_TO = (("up", "to"), ("down", "to"))  # "goes up to 100%": a motion's particle, then where it ends
_SEEMING = frozenset((verb,) for verb in SEEMING_VERBS)  # "would appear to drop": a run's result, told with reserve
_LIST_GAP = 8  # words from one change of a list to the next: "15% faster X and Y, 35% faster Z"
_HEDGE_LABELS = ("HEDGE", "BELIEF", "PLAN")
# A pair followed by the conditional ("from X to Y would be ...") is an example or an estimate, no run.
_HYPOTHETICAL_VERBS, _EXAMPLE_REACH = frozenset({"would", "'d", "could", "might"}), 2
_NOT_PARALLEL = COMPARISON_LABELS | frozenset(_HEDGE_LABELS)
_DIGIT_RE = re.compile(r"\d")
_PARALLEL_RATIO = 0.8  # the share of words after the setup clause alike in two parallel sentences
_MAX_PARALLEL = 4  # numbers in each of two parallel sentences; more is a listing
# The first words of two setup clauses that name opposite sides, and the side the first sentence's is.
_OPPOSITE_OPENERS = {**{pair: "baseline" for pair in OPPOSITE_SIDES},
                     **{(new, base): "patched" for base, new in OPPOSITE_SIDES}}


def _unit(value: Value) -> tuple[str | None, str | None, float]:
    """(canonical unit, dimension, factor to the dimension's base) of a value's printed unit."""
    if value.unit is None:
        return None, None, 1.0
    found = lookup_unit(value.unit)
    if found is not None:
        return found.name, found.dimension, found.factor
    if value.unit.startswith("/") or value.unit.endswith(("/s", "/sec")):
        return value.unit, "rate", 1.0  # "40K/s", "updates/s": something counted per second
    return value.unit, None, 1.0


def _hedged(sentence: Sentence, position: int) -> bool:
    """Whether a hedge, a plan or the future comes before word `position`: "could improve by 5%". A "can" before
    a stated number tells what was reached ("can increase IOPS by 30%", "I can get 17.5MB/s"), "would appear to
    drop" and "testing suggests" what was seen; a hedge in a clause the sentence turns from hedges nothing after it."""
    turn, numbers = turn_at(sentence.words, position), {at for at, _ in sentence.quantities}
    return any(label in _HEDGE_LABELS and turn < start < position and sentence.words[start] != "can"
               and not ("can" in sentence.words[start:end] and end in numbers)
               and sentence.words[start + 1:start + 2] not in _SEEMING and not finding_verb(sentence.words, start)
               for label, start, end in sentence.cues) or \
        any(w in FUTURE and (w != "going" or sentence.words[i + 1:i + 2] == ("to",))
            for i, w in enumerate(sentence.words[:position]) if i > turn)


_STATISTICS = SETTING_WORDS & frozenset(SUMMARY_WORDS)  # setting words that also name a statistic ("max", "min")


def _statistic_of_a_metric(words: tuple[str, ...], i: int) -> bool:
    """Whether the setting word at `i` is a statistic naming the metric right after it: "the max latency",
    "P100 (max) latency", not "max from 16 to 32" (a limit set)."""
    return words[i] in _STATISTICS and not METRIC_WORDS.isdisjoint(words[i + 1:i + 3])


def _pair_result(sentence: Sentence, statement: Statement) -> InlineResult | None:
    (base_at, base), (new_at, new) = statement.baseline, statement.patched
    base, new = low_end(base), low_end(new)
    words = sentence.words
    if any(at >= 2 and words[at - 1] == "(" and sentence.offsets[at - 1] == sentence.offsets[at - 2]
           + len(words[at - 2]) for at in (base_at, new_at)):
        return None  # "in_range(10, 40)": the arguments of a call, not measurements
    if any(counts_hardware(words, at) for at in (base_at, new_at)):
        return None  # "from 16 to 32 entries", "8 -> 16 queues", "a 50 Gbps NIC": settings and specs
    base_unit, base_dim, base_factor = _unit(base)
    new_unit, new_dim, new_factor = _unit(new)
    if statement.form == "FROM_TO" and (set(words[max(0, statement.first - 2):statement.first + 1]) & SPAN_WORDS or
                                        not base.value and "time" in (base_dim, new_dim)):
        return None  # "latency values from 55 to 85 us", "ranging from", "from 0 to 20 minutes": a span, no change
    if statement.form == "FROM_TO" and base.text in ("0", "1") and new.value > base.value \
            and not (base.unit or new.unit):
        return None  # "for every input from 1 to 10^6": counting starts at 0 or 1, what it counts up to is a span
    if not _HYPOTHETICAL_VERBS.isdisjoint(words[statement.last:statement.last + _EXAMPLE_REACH]):
        return None  # "an increase from 6000 MB/s to 12000 MB/s would be listed as 100%": an example
    subject = subject_of(sentence, statement.first, statement.last)
    if not names_a_metric(subject) and (program := BENCHMARK_RE.search(sentence.text)):
        subject = program.group()  # "hackbench ... averages 4.12s versus 4.31s on mainline": not "mainline"
    start = max(0, statement.first - 6, _setup_clause(sentence) + 1 if statement.form == "PARALLEL" else 0)
    clause = next((i + 1 for i in range(statement.first - 1, -1, -1) if words[i] in SUBJECT_BREAKS), 0)
    # a setup in a clause of its own ("for 8 jobs, 128k block size, the read bandwidth improves from", "32
    # queues: rx goes from 50Gbps to 92.8 Gbps") sets up a change its clause names the metric or rate of
    named = not METRIC_WORDS.isdisjoint(words[clause:statement.first]) or clause > 0 and \
        base_dim in MEASURED_DIMENSIONS and base_dim == new_dim
    if any(words[i] in SETTING_WORDS and SIDE_ADJECTIVES.isdisjoint(words[i - 1:i])  # "the old version": a side
           and not _statistic_of_a_metric(words, i)
           for i in range(max(start, clause) if named else start, statement.first)) or \
            not CONFIGURED_VALUES.isdisjoint(words[clause:statement.first]):
        return None  # "raise the default batch from 16 to 32", "the struct size shrinks from", "the timeout ..."
    if base.unit == new.unit == "%" and (base.signed or new.signed):
        return None  # "+337% vs +417% (v1)": two stated changes compared, no baseline and patched values
    if base_dim and new_dim and base_dim != new_dim or (base_unit and new_unit and not base_dim
                                                          and base_unit.lower() != new_unit.lower()):
        return None  # "1 frag/page -> 32 Gbps": a configuration and a result, not two results
    if base_unit and new_unit is None and statement.form == "ARROW":
        return None  # "64h -> 100": a number rewritten in another notation (a unit is said once, after both)
    if (base_unit is None) != (new_unit is None) and base.value and new.value and \
            max(abs(base.value), abs(new.value)) / min(abs(base.value), abs(new.value)) > _MAX_UNEVEN_RATIO:
        return None
    dimension = base_dim or new_dim
    if statement.form == "ARROW" and not (base_unit or new_unit) and all(
            v.value.is_integer() and abs(v.value) < _SMALL_COUNT and "." not in v.text for v in (base, new)):
        return None  # "0->1 transitions", "Changes 1 -> 2": states and versions, not measurements
    if dimension not in MEASURED_DIMENSIONS and not (sentence.has("SUBJECT") or sentence.has("COST_WORD")
                                                     or sentence.has("BENEFIT_WORD") or profiles_time(sentence)):
        return None  # sizes, counts, versions and plain numbers say nothing of performance alone
    base_value, patched = shared_scale(base, new)
    if base_dim and new_dim and base_factor != new_factor:
        patched = round(new.value * new_factor / base_factor, 9)  # "1.2 ms -> 900 us" in the baseline's unit
    unit = base_unit or new_unit
    delta = delta_pct(base_value, patched)
    higher = higher_is_better(subject)
    if dimension and (higher is None or only_generally_named(subject)):
        higher = DIMENSION_HIGHER_IS_BETTER.get(dimension, higher)
    spread = None
    if base_value and (base.spread_abs is not None or new.spread_abs is not None):
        spread = ((base.spread_abs or 0.0) + (new.spread_abs or 0.0)) / abs(base_value) * 100
    judged = "noise" if any(w in NOISE_WORDS for w in words) and delta is not None else \
        verdict(delta, higher, spread_pct=spread)
    return InlineResult(sentence.start, sentence.end, sentence.text, benchmark_of(subject), base_value, patched,
                        base.text, new.text, unit, delta, higher, base.spread_abs, new.spread_abs, judged)


def _restates_shown(words: tuple[str, ...], first: int) -> bool:
    """Whether the sentence opens as "This is a ...", "That's around ..." right up to the stated change:
    the change of what was just shown ("it improves 6%" has a verb of its own)."""
    if first > _RESTATING_REACH:
        return False
    at = next((i for i, w in enumerate(words[:first]) if w in RESTATING_SUBJECTS), None)
    if at is None:
        return False
    between = words[at + 1:first]
    return (words[at].endswith("'s") or bool(set(between) & COPULAS)) and \
        all(w in _RESTATING_LINKS for w in words[:at] + between)


def _change_result(sentence: Sentence, statement: Statement, listed: bool) -> InlineResult | None:
    """The change one statement states, or None; `listed` says it goes on a list of changes whose first
    the sentence reported ("I've measured 15% faster X, 35% faster Y"), so it needs no report verb of its own."""
    words = sentence.words
    nearest = statement.first - 1
    while nearest > 0 and (words[nearest] in APPROXIMATELY or  # "within +/- 2%": a sign between
                           words[nearest] not in BOUND_WORDS and not any(ch.isalnum() for ch in words[nearest])):
        nearest -= 1
    if nearest >= 0 and words[nearest] in BOUND_WORDS - _LOWER_BOUNDS and words[nearest - 1:nearest] not in _REACHED:
        return None  # "less than 1%" bounds; "up to 37%", "more than 50%", "over 3x" are what a run reached
    if statement.form == "VERB_BY" and words[statement.first] in NEUTRAL_CHANGE_VERBS and \
            words[statement.first + 1:statement.first + 3] in _PARTICLE_TO:
        return None  # "the CPU usage goes up to 100%": where a motion verb and its particle went, a level
    if _hedged(sentence, statement.first) or asks(sentence):
        return None  # "When you mention a +3% slowdown, which function?": a change asked about
    if statement.form == "VERB_BY" and statement.last < len(words) and words[statement.last] in VERSUS | {"of"}:
        return None  # "we drop 2.2% of the cycles": a share removed; "+37% vs +41% (v1)": changes compared
    if words[statement.last:statement.last + 1] != ("than",) and not PAST_STATE.isdisjoint(
            words[statement.last:statement.last + 4]):  # "2x faster than before" names the reference
        return None  # "where it was 21% slower before": the gap the change closed, not the change
    subject = object_of(sentence, statement) or subject_of(sentence, statement.first, statement.last)
    verb = statement.first - 1
    while verb > 0 and words[verb] in APPROXIMATELY:
        verb -= 1
    after = words[statement.last] if statement.last < len(words) else ""
    taken = verb >= 0 and words[verb] in TAKING_VERBS and (words[statement.last - 1] in LENGTHS or words[
        statement.last - 2:statement.last] == ("as", "long")) and (not after.isalpha() or after in AFTER_TIME_TAKEN)
    if taken:
        subject = "time"  # "READ_PLUS takes (about) 3.5% longer than READ": the time taken was measured
    elif statement.form in ("PCT_COMPARATIVE", "TIMES") and statement.judged is not None and after == "than" and \
            not names_a_metric(subject):
        subject = "performance"  # "about 4% faster than 5.10": a judged comparison with what was run against
    # "we measured a 3% drop", or in the passive after it: "a speedup of ~4% is measured", "was seen"
    passive = words[statement.last:statement.last + 2]
    reported = listed or any(w in REPORT_VERBS for w in words[max(0, statement.first - 4):statement.first]) or \
        len(passive) == 2 and passive[0] in ("is", "was", "are", "were") and passive[1] in REPORT_VERBS
    shown = statement.form in ("PCT_NOUN", "PCT_COMPARATIVE") and _restates_shown(words, statement.first) or \
        statement.form == "PCT_NOUN" and not RUN_VERBS.isdisjoint(words[:statement.first])
    if subject is None and not reported and not shown:
        return None  # "it improves 6%": a claim; "it's 30% faster", "I tested it, the loss was 8%" report one
    if statement.form == "PCT_NOUN" and words[statement.first + 1:statement.first + 2] == ("(",) and not reported:
        close = next((i for i in range(statement.last, len(words)) if words[i] == ")"), len(words))
        if REPORT_VERBS.isdisjoint(words[close + 1:close + 3]):  # "a regression (2% on reads) was seen" reports one
            return None  # "a clear gain (7%) in the total run time" sums up what was shown
    # "a 5% drop in throughput" names what it measured after it; "dropped to 40% of the original", its reference
    named = statement.last < len(words) and words[statement.last] in OBJECT_PREPOSITIONS or statement.form == "SHARE_OF"
    metric = names_a_metric(subject) or subject is not None and " per " in f" {subject.lower()} "  # "bytes per cycle"
    if not (statement.judged is not None or named or sentence.has("SUBJECT") or profiles_time(sentence) or metric
            or taken):
        return None  # "switching is reduced by 50%": a count of something, not a performance metric
    higher = higher_is_better(subject)
    change = statement.change_pct
    if statement.form == "TIMES" and higher is False and change is not None and change > 0:
        change = round((1 - 100 / (change + 100)) * 100, 2)  # "a 2x improvement in latency" halves it
    if statement.judged is not None:
        judged = "better" if statement.judged else "worse"
    else:
        judged = verdict(change, higher)
        if higher is False and change is not None:
            change = -change  # "system time goes down by 12%": a stated change is signed by its goodness
    if any(w in NOISE_WORDS for w in words):
        judged = "noise"
    return InlineResult(sentence.start, sentence.end, sentence.text, benchmark_of(subject), None, None, None, None,
                        None, change, higher, None, None, judged)


def _sentence_results(sentence: Sentence) -> list[InlineResult]:
    quantities = dict(sentence.quantities)
    matches = [cue for cue in sentence.cues if cue[0] in COMPARISON_LABELS]
    statements = read_statements(sentence.words, quantities, matches)
    if not any(s.form in PAIR_FORMS for s in statements) and len(quantities) >= 2:
        statements.extend(side_pairs(sentence.words, quantities))
    statements.sort(key=lambda s: (s.form not in PAIR_FORMS, s.first, -s.last))
    used: set[int] = set()
    found = []
    listing: tuple[str, int] | None = None  # the form and end of the change result found last
    for statement in statements:
        if statement.baseline and statement.patched:
            places = {statement.baseline[0], statement.patched[0]}
        else:
            places = {i for i in quantities if statement.first <= i < statement.last}
        if places & used:
            continue
        if statement.form in PAIR_FORMS:
            if _hedged(sentence, statement.first):
                continue
            result = _pair_result(sentence, statement)
        else:
            listed = listing is not None and listing[0] == statement.form and \
                "," in sentence.words[listing[1]:statement.first] and statement.first - listing[1] <= _LIST_GAP
            result = _change_result(sentence, statement, listed)
            listing = (statement.form, statement.last) if result is not None else listing
        if result is not None:
            used |= places
            found.append((statement.form, result))
    pairs = [r for _, r in found if r.baseline is not None and r.delta_pct is not None]
    stated = [(form, r.delta_pct) for form, r in found if r.baseline is None]
    return [with_reported_delta(r, stated) for _, r in found if r.baseline is not None
            or not any(restates(r.delta_pct, p.delta_pct, _RESTATED_POINTS, _RESTATED_SHARE) for p in pairs)]


def find_parallel_results(first: str, second: str) -> list[InlineResult]:
    """Results stated by two sentences of the same words that differ in the setup and the numbers:
    "With the old scheduler we measured 764 MB/s and 153 IOPS." / "With the new one we measured
    790 MB/s and 270 IOPS." — the last sentence of `first` against the first of `second` (two
    paragraphs), each number against the one in its place; the first sentence is the baseline, as
    authors print the unchanged setup first. Offsets are those of the first sentence in `first`.
    Paragraphs without a number each hold no measurement: most pairs cost two searches."""
    if not (_DIGIT_RE.search(first) and _DIGIT_RE.search(second)):
        return []
    return list(_parallel_results(first, second))


@text_cache(1024)
def _parallel_results(first: str, second: str) -> tuple[InlineResult, ...]:
    """`find_parallel_results`, cached by the two paragraphs: replies quote the mails they answer."""
    before, after = find_sentences(first), find_sentences(second)
    return tuple(_parallel(before[-1], after[0])) if before and after else ()


def _parallel_in(sentences: tuple[Sentence, ...]) -> list[InlineResult]:
    """Results of neighbouring sentences of one block stated in parallel (`find_parallel_results`)."""
    found = []
    for one, other in zip(sentences, sentences[1:]):
        if one.unit == other.unit or other.unit == one.unit + 1:
            pairs = _parallel(one, other) or [_pair_result(one, sided) for sided in sides_in_turn(one, other)]
            found.extend(result for result in pairs if result is not None)
    return found


def _setup_clause(sentence: Sentence) -> int:
    """Where the leading clause that names a setup ends ("With one queue configured, ..."): the index of
    its comma, or 0 when the sentence does not open with one."""
    words = sentence.words
    return words.index(",") if words and words[0] in SETUP_WORDS and "," in words else 0


def _measurements(sentence: Sentence, after: int) -> list[tuple[int, Value, str | None]]:
    """(word, value, dimension) of each number after word `after` ("153 write IOPS" has no dimension)."""
    return [(index, value, _unit(value)[1]) for index, value in sentence.quantities if index > after]


def _skeleton(sentence: Sentence, after: int) -> list[str]:
    """The sentence's words after word `after`, each number replaced by its dimension."""
    quantities = dict(sentence.quantities)
    return [f"#{_unit(quantities[i])[1]}" if i in quantities else word
            for i, word in enumerate(sentence.words) if i > after]


def _parallel(one: Sentence, other: Sentence) -> list[InlineResult]:
    """Two sentences that open with the setup they measured and go on in the same words: the setups
    differ, the rest of the sentence (numbers as their dimension) is the same but for a word or two.
    Two different things measured alike ("foo() takes 620ns." / "bar() takes 550ns.") open with no
    setup and are no baseline and patched kernel."""
    leads = _setup_clause(one), _setup_clause(other)
    if not all(leads):
        return []
    ones, others = _measurements(one, leads[0]), _measurements(other, leads[1])
    if not ones or len(ones) != len(others) or len(ones) > _MAX_PARALLEL:
        return []
    if [d for _, _, d in ones] != [d for _, _, d in others] or not any(d in MEASURED_DIMENSIONS for _, _, d in ones):
        return []
    if (one.labels | other.labels) & _NOT_PARALLEL:
        return []  # each states its own comparison, or neither is a finding
    # "Without X, the time is 26 ms." / "With X, it's 24 ms.": setups named as opposites need no same words
    opposite = _OPPOSITE_OPENERS.get((one.words[0], other.words[0])) \
        if one.words[1:leads[0]] == other.words[1:leads[1]] else None
    if opposite is None and SequenceMatcher(None, _skeleton(one, leads[0]), _skeleton(other, leads[1]),
                                            autojunk=False).ratio() < _PARALLEL_RATIO:
        return []
    if all(a.value == b.value for (_, a, _), (_, b, _) in zip(ones, others)):
        return []
    found = []
    for (at, first, _), (_, second, _) in zip(ones, others):
        base, new = (second, first) if opposite == "patched" else (first, second)
        result = _pair_result(one, Statement("PARALLEL", at, at + 1, (at, base), (at, new), None, None))
        if result is not None:
            found.append(result)
    return found


def find_inline_results(text: str) -> list[InlineResult]:
    """Baseline -> patched results and stated changes in the prose sentences of one block of text.

    One result per statement, in text order, each with the offsets of its sentence. Text without a
    number gives []; content never makes this raise. A `text` that is not a str raises TypeError."""
    if not isinstance(text, str):
        raise TypeError("text must be a str")
    return list(_inline_results(text)) if _DIGIT_RE.search(text) else []


@text_cache(1024)
def _inline_results(text: str) -> tuple[InlineResult, ...]:
    """`find_inline_results` of a text with a digit, cached by the block: replies quote the mails they answer."""
    found: list[InlineResult] = []
    previous = None
    sentences = find_sentences(text)
    for sentence in sentences:
        if sentence.quantities:
            found.extend(_sentence_results(sentence) or _figure_result(previous, sentence))
        previous = sentence
    return tuple(sorted(found + _parallel_in(sentences), key=lambda r: r.start))


def _figure_result(previous: Sentence | None, sentence: Sentence) -> list[InlineResult]:
    """"I measured the overhead of the hook. It was about 1.4%.": a change of the metric named before,
    signed by its goodness (an overhead is a loss)."""
    if previous is None or previous.unit != sentence.unit:
        return []
    figure = bare_figure(sentence)
    named = [(start, label) for label, start, _ in previous.cues if label in ("COST_WORD", "BENEFIT_WORD")]
    if figure is None or not named or _hedged(sentence, len(sentence.words)):
        return []
    start, label = min(named)
    subject = subject_of(previous, start + 1, start + 1) or previous.words[start]
    change = -figure if label == "COST_WORD" else figure
    return [InlineResult(previous.start, sentence.end, f"{previous.text} {sentence.text}", subject, None, None,
                         None, None, None, change, label == "BENEFIT_WORD", None, None,
                         "worse" if change < 0 else "better")]
