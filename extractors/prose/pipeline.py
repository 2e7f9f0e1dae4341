"""The one spaCy pipeline, built once per process on first use, and the sentences it reads.

`nlp()` is `spacy.blank("en")` with the mail tokenizer of `extractors.prose.tokens` (quantities as
entities, sentence starts by the sentencizer's rule). `find_sentences(text)` cuts a block into prose units, unwraps each unit's
hard-wrapped lines into one string, and parses only the rough sentences a cheap keyword test admits (and
the sentence before each, which "It was about 2%." leans on), one tokenizer pass per rough sentence: nothing else
can hold a question, a claim or a result, and parsing is the expensive step. Each sentence comes back with its offsets in the block,
its words, its quantities and the cue labels the Matcher of `extractors.prose.cues` found in it. The
parse reads the tokenizer's words with the vocabulary's attribute functions (lower case, punctuation)
and builds no Doc; `nlp()(text)` gives the same tokens as a Doc.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate
from typing import Any

from extractors.memo import text_cache
from extractors.model import Value
from extractors.prose.hardware import names_hardware
from extractors.prose.tokens import entity_label, read_tokens
from extractors.prose.units import find_prose_units
from extractors.vocab.comparisons import DETERMINERS
from extractors.vocab.machine import HARDWARE_COMPARATIVES
from extractors.vocab.performance import (IDIOMS, MEASURED_REACH, MEASURING_VERBS, NAMED_AFTER, NAMED_BEFORE,
                                          PHYSICAL_QUANTITIES, REFERS_BACK, SETTING_NAMES, SETTING_PEERS, SETTING_VERBS,
                                          TRADE_OFF_JOINS, TRADE_OFF_SIDES, USAGE_WORDS, USAGE_BEFORE)
from extractors.vocab.requests import SIZING_PARTICIPLES, USED_RESOURCES
from extractors.vocab.writing import ABBREVIATIONS

# Anything a question, request or claim needs at least one of, on lower-cased text: the performance
# stems, the request words, a question mark or a percentage. The marks and the two stems that may stand
# inside a word ("microbenchmark", "perf") are substring tests in `admits`, faster than trying them at
# every character; the expression holds the words, tried only where a word starts, so a megabyte of mail
# costs a fraction of a second.
_ADMIT_RE = re.compile(
    r"\b(?:faster|slower|speed|throughput|latenc|overhead|regress|degrad|deteriorat|improv|optimi|"
    r"cycles|cpu time|penalt|noise|fluctuat|deviation|varianc|stddev|stdev|"
    r"workload|profil|numbers|measur|expensive|costly|cheap|hit\b|impact|better|worse|"
    r"outperform|gain|reduc|same|similar|comparable|longer|help|save|mitigat|increase|decrease|drop|higher|lower|"
    r"slow|tput|efficien|inefficien|shorten|runtime|duration|downtime|accelerat|"
    # ... a request's verb or the evidence it names ("it'd be nice if you could share the results")
    r"please|pls|kindly|share|results|figures|experiment|curious|interest|wonder|"
    r"effect|differ|matter|care|cost|iops|bandwidth|scal|"
    r"negligible|neglectable|number|provide|usage|consum|utili|poor|bad|terribl|awful|horribl|abysmal|"
    r"compar|as fast|cut|halv|contention|shav|detriment|harmful|times as long|twice as long|"
    r"demonstrat|skeptic|sceptic|doubt|convinc|suspicio|realistic|representativ|implausib|too good|"
    r"uplift|enhance|hurt|jitter|wins?\b|[ftq]ps\b|unconvinc|unrepresentativ|unrealistic|"
    r"flamegraph|cache-miss|sped\b|p\d{2,3}\b|[rp]ps\b|ops\b|bw\b|goodput|line-?rate|rtts?\b|"
    # "boost" as a gain had ("your boost", "a nice boost"); alone or after "the" it is as often a feature
    # ("iowait boost", "the boost is only applied in sugov")
    r"(?:a|your|any|no|nice|big|huge|small)\s+boost\b|"
    r"(?:go|goes|went|gone|come|comes|came)\s+(?:down|up))")
# What a result needs besides a digit: a word or sign that compares two numbers.
_COMPARES_RE = re.compile(r"->|\u2192|=>|\b(?:vs|versus|before|after|respectively|with|without|w/o?|from|"
                          r"base|baseline|patched|while|whereas|up|down|used to|instead of)\b|\dx\b")
_DIGIT_RE = re.compile(r"\d")
# Where a sentence may end, roughly: after '.', '!' or '?' and a space, before a capital, digit or quote.
_ROUGH_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")
_MAX_SENTENCE_CHARS = 3000  # no prose sentence is that long: a collapsed page or a binary blob
_MAX_SENTENCE_TOKENS = 120


@dataclass(frozen=True)
class Sentence:
    """A prose sentence of a block: offsets into the block, its text (line breaks as single spaces), its
    lower-cased words with their offsets in `text`, its quantities and its cues.

    `quantities` maps a word index to the Value read there; `cues` holds (label, first word, end word).
    """

    start: int
    end: int
    text: str
    words: tuple[str, ...]
    offsets: tuple[int, ...]
    quantities: tuple[tuple[int, Value], ...]
    cues: tuple[tuple[str, int, int], ...]
    unit: int  # index of the prose unit (paragraph or list item) it belongs to
    labels: frozenset[str] = frozenset()  # the labels of `cues`

    def has(self, label: str) -> bool:
        return label in self.labels

    def spans(self, label: str) -> list[tuple[int, int]]:
        return [(start, end) for name, start, end in self.cues if name == label]


def admits(lowered: str, start: int = 0, end: int | None = None) -> bool:
    """Whether `lowered[start:end]` (lower-cased text) holds anything a concern, claim or result needs."""
    end = len(lowered) if end is None else end
    if lowered.find("?", start, end) >= 0 or lowered.find("%", start, end) >= 0 \
            or lowered.find("bench", start, end) >= 0 or lowered.find("perf", start, end) >= 0 \
            or _ADMIT_RE.search(lowered, start, end) is not None:
        return True
    return _DIGIT_RE.search(lowered, start, end) is not None and _COMPARES_RE.search(lowered, start, end) is not None


@cache
def nlp() -> Any:
    """The spaCy pipeline: blank English with the mail tokenizer, which also marks sentence starts (the
    sentencizer's rule, applied without a second pass). Built once."""
    import spacy

    from extractors.prose.tokens import MailTokenizer

    pipeline = spacy.blank("en")
    pipeline.tokenizer = MailTokenizer(pipeline.vocab)
    return pipeline


@cache
def cue_matcher() -> Any:
    """The matcher of every cue and comparison pattern (`extractors.prose.cues.CUE_PATTERNS`,
    `extractors.prose.grammar.COMPARISON_PATTERNS`), built once: one pass over each doc finds both."""
    from extractors.prose.cues import CUE_PATTERNS
    from extractors.prose.grammar import COMPARISON_PATTERNS
    from extractors.prose.matching import CueFinder

    return CueFinder(nlp().vocab, (CUE_PATTERNS, COMPARISON_PATTERNS))


def _admitted_pieces(joined: str) -> list[tuple[int, int]]:
    """The parts of an unwrapped unit worth parsing, as char ranges: the rough sentences the keyword test
    admits, each with the one before it. A rough end is a '.', '!' or '?' and a space before a capital,
    a digit or a quote, except after an abbreviation ("e.g. Foo"); the tokenizer splits them further."""
    bounds = [0] + [m.end() for m in _ROUGH_SENTENCE_END_RE.finditer(joined)
                    if joined[:m.start()].rsplit(None, 1)[-1].lower() not in ABBREVIATIONS] + [len(joined)]
    pieces = [(start, end) for start, end in zip(bounds, bounds[1:]) if end - start <= _MAX_SENTENCE_CHARS]
    lowered = joined.lower()
    admitted = [admits(lowered, start, end) for start, end in pieces]
    return [piece for i, piece in enumerate(pieces) if admitted[i] or (i + 1 < len(pieces) and admitted[i + 1])]


_Parsed = tuple[int, int, str, tuple[str, ...], tuple[int, ...], tuple[tuple[int, Value], ...],
                tuple[tuple[str, int, int], ...]]


@lru_cache(maxsize=1 << 14)
def _lexical(word: str) -> tuple[str, bool]:
    """(lower-cased text, is punctuation) of a word, by the vocabulary's own attribute functions: what
    the word's Lexeme holds, without making one (a new Lexeme computes some twenty attributes)."""
    from spacy.attrs import IS_PUNCT, LOWER

    getters = nlp().vocab.lex_attr_getters
    return getters[LOWER](word), bool(getters[IS_PUNCT](word))


@lru_cache(maxsize=8192)
def _parse_piece(text: str) -> tuple[_Parsed, ...]:
    """(start, end, text, words, offsets, quantities, cues) of each sentence of one rough sentence.

    Cached by the sentence: a reply quotes parts of the message it answers, and boilerplate recurs, so the
    same sentences come back whatever paragraph they are cut into. The tokens are the mail tokenizer's
    (`read_tokens`), read without building a Doc: a Doc holds nothing the cues read that the words, their
    spaces and the vocabulary's attribute functions do not give (building it cost more than the rest)."""
    read = read_tokens(text)
    values = dict(read.quantities)
    tokens = []  # (lower-cased text, entity label or "", is punctuation): what the cue finder reads
    for index, word in enumerate(read.words):
        lower, punct = _lexical(word)
        if not read.spaces[index] and read.words[index + 1:index + 2] == ["="]:
            lower += "="  # an option's name ("dd if=/dev/zero", "rw=read"): no word of the sentence's own
        tokens.append((lower, entity_label(values[index]) if index in values else "", punct))
    # each token's offset, as a Doc counts it: the words and single spaces before it
    at = list(accumulate((len(word) + space for word, space in zip(read.words, read.spaces)), initial=0))
    starts = [i for i, start in enumerate(read.sent_starts) if start or i == 0] + [len(tokens)]
    cues: dict[int, list[tuple[str, int, int]]] = {}
    # the matcher reads the words only: a run of spaces ("drops from  97%") is a token of its own, which
    # would part the words of a pattern, and so is a mark of plain-text emphasis ("*zero* overhead") and a
    # pair of quotes around one word ('within the "noise"')
    quoted = {j for i in range(len(tokens) - 2) if tokens[i][0] in QUOTE_MARKS and tokens[i + 2][0] == tokens[i][0]
              and not read.spaces[i] and not read.spaces[i + 1] and not tokens[i + 1][2] for j in (i, i + 2)}
    visible = [i for i, token in enumerate(tokens)
               if not token[0].isspace() and token[0] not in _EMPHASIS and i not in quoted]
    for label, a, b in cue_matcher()([tokens[i] for i in visible]):
        first, last = visible[a], visible[b - 1] + 1
        which = bisect_right(starts, first) - 1
        if last <= starts[which + 1]:
            cues.setdefault(which, []).append((label, first - starts[which], last - starts[which]))
    out = []
    for which, (first, last) in enumerate(zip(starts, starts[1:])):
        kept = [i for i in range(first, last) if not tokens[i][0].isspace()]
        if not kept or len(kept) > _MAX_SENTENCE_TOKENS:
            continue
        begin, finish = at[kept[0]], at[kept[-1]] + len(read.words[kept[-1]])
        position = {token: n for n, token in enumerate(kept)}
        words = tuple(tokens[i][0] for i in kept)
        offsets = tuple(at[i] - begin for i in kept)
        quantities = tuple((position[i], values[i]) for i in kept if i in values)
        found = tuple(sorted((label, position.get(a + first, 0), position.get(b - 1 + first, len(kept) - 1) + 1)
                             for label, a, b in cues.get(which, ())))
        named = named_otherwise(words)
        if named:
            found = tuple(cue for cue in found if not (
                cue[0] in _EVIDENCE_LABELS and named & set(range(cue[1], cue[2]))
                or cue[0] in _EFFECT_LABELS and named & {cue[1], cue[2] - 1}))
        if not SIZING_PARTICIPLES.isdisjoint(words):  # "the time needed to add an entry": no requirement
            found = tuple(cue for cue in found if cue[0] != "HEDGE" or words[cue[1]] not in SIZING_PARTICIPLES
                          or not cue[1] or words[cue[1] - 1] not in USED_RESOURCES)
        shown = [(a, b) for label, a, b in found if label == "SHOWN"]
        if shown:  # "as can be seen": the "can" of a pointer at the numbers hedges nothing
            found = tuple(cue for cue in found if cue[0] != "HEDGE" or not any(a <= cue[1] < b for a, b in shown))
        out.append((begin, finish, text[begin:finish], words, offsets, quantities, found))
    return tuple(out)


# Marks that plain-text mail puts around a word to stress it: "*zero*", "_not_", "**much**".
_EMPHASIS = frozenset({"*", "**", "_", "__"})
# Cues that read a word as evidence or a performance subject, which a compound can make something else.
_EVIDENCE_LABELS = frozenset({"DATA", "SUBJECT", "WEAK_SUBJECT", "PROFILE", "REQUEST", "BENEFIT_WORD", "COST_WORD"})
# Effect phrases, which a renamed word ends or opens only when it is their key word ("the turbo boost"):
# one inside a phrase ("reduces the data copy overhead") leaves the phrase's effect as it is.
_EFFECT_LABELS = frozenset({"IMPROVE", "IMPROVE_STRONG", "REGRESS", "REGRESS_STRONG", "REGRESSION", "NEUTRAL"})


# The pairs of NAMED_BEFORE and NAMED_AFTER joined by a hyphen, as one token: "performance-domain".
_HYPHENATED = frozenset({f"{word}-{after}" for word, afters in NAMED_AFTER.items() for after in afters} |
                        {f"{before}-{word}" for word, befores in NAMED_BEFORE.items() for before in befores})
_TRADE_OFF_WORDS = TRADE_OFF_SIDES[0] | TRADE_OFF_SIDES[1]
_NAMED_WORDS = frozenset(NAMED_BEFORE) | frozenset(NAMED_AFTER) | frozenset(IDIOMS) | SETTING_NAMES | USAGE_WORDS | \
    _HYPHENATED | _TRADE_OFF_WORDS | HARDWARE_COMPARATIVES | MEASURING_VERBS
# Quotation marks as the tokenizer leaves them, straight, doubled ("``", "''") or typographic.
QUOTE_MARKS = frozenset({"'", '"', "`", "''", "``", "\u2018", "\u2019", "\u201c", "\u201d"})


def named_otherwise(words: tuple[str, ...]) -> set[int]:
    """Positions of words a neighbour makes name something else: "sector numbers", "integrity
    profile", "data structure", "numbers of buffers" (`vocab.performance.NAMED_BEFORE`, `NAMED_AFTER`),
    not "numbers of this"; the same pairs joined by a hyphen ("performance-domain"); a setting's value
    ("set it to performance", `SETTING_NAMES`); a comparative that says which hardware ("the faster box");
    the two sides of a trade-off ("the benefit and the cost");
    and any word quoted by itself before another ('"performance" mode'), which is mentioned as a name rather
    than used."""
    if _NAMED_WORDS.isdisjoint(words) and QUOTE_MARKS.isdisjoint(words):
        return set()  # most sentences hold none of the words a neighbour can rename: two set tests
    named = set()
    for i, word in enumerate(words):
        # the word before, past a closing quote mark: '"true random" numbers' are random numbers
        before = words[i - 2] if i > 1 and words[i - 1] in QUOTE_MARKS else words[i - 1] if i else None
        if before in NAMED_BEFORE.get(word, ()) or i + 1 < len(words) and \
                words[i + 1] in NAMED_AFTER.get(word, ()) and not set(words[i + 2:i + 3]) & REFERS_BACK:
            named.add(i)
        elif i > 1 and words[i - 2] in _ONE_OF and words[i - 2] in NAMED_BEFORE.get(word, ()) and \
                words[i - 1].replace("-", "").isalpha():
            named.add(i)  # "a non-policy CPU", "each big CPU": one of them, a word describing it between
        elif word in SETTING_NAMES and (words[i - 1:i] == ("to",) and set(words[max(0, i - 4):i - 1]) & SETTING_VERBS
                                        or _among_peers(words, i)):
            named.add(i)
        elif word in USAGE_WORDS and i and words[i - 1].replace("_", "").isalpha() and words[i - 1] not in USAGE_BEFORE:
            named.add(i)
        elif word in _HYPHENATED or word in IDIOMS and words[max(0, i - len(IDIOMS[word])):i] == IDIOMS[word]:
            named.add(i)  # "performance-domain"; "at a loss" (an idiom)
        elif word in NAMED_BEFORE and _quality_after(words, i):
            named.add(i)  # "an improvement in readability": what the quality before it would name, after it
        elif word in MEASURING_VERBS and not PHYSICAL_QUANTITIES.isdisjoint(words[i + 1:i + 1 + MEASURED_REACH]):
            named.add(i)  # "measure the voltage of one cell", "profile the temperature": a sensor's reading
        elif word in HARDWARE_COMPARATIVES and names_hardware(words[i + 1:]):
            named.add(i)  # "only run on the faster box", "much slower CPUs": which machine, not an effect
        if word in _TRADE_OFF_WORDS and (other := _other_side(words, i)) is not None:
            named.update((i, other))  # "the benefit and the cost": both sides of a trade-off to weigh
        if 0 < i < len(words) - 1 and words[i - 1] in QUOTE_MARKS and words[i + 1] in QUOTE_MARKS \
                and words[i + 2:i + 3] not in _CLAUSE_END_MARKS:
            named.add(i)  # '"performance" mode'; at a clause's end quotes stress a word used: 'within the "noise".'
    return named


# Marks that end a statement's clause, after which a word in quotes was used with stress, not mentioned (a
# term asked about, "the meaning of `performance'?", is mentioned).
_CLAUSE_END_MARKS = frozenset((mark,) for mark in (".", ",", ";", "!", ")"))
# Determiners that pick one of a kind, which may stand a describing word before the word they pick.
_ONE_OF = frozenset({"a", "an", "each", "every", "another", "one"})

# What joins the values of one setting in a list of them: "powersave and performance", "performance/schedutil".
_SETTING_JOINS = frozenset({"and", "or", "/", ",", "vs", "vs.", "versus"})


def _among_peers(words: tuple[str, ...], i: int) -> bool:
    """Whether the setting value at `i` is listed with another value of its setting, one join between them
    ("powersave and performance", "performance/schedutil")."""
    return any(0 <= j < len(words) and words[j] in SETTING_PEERS and words[(i + j) // 2] in _SETTING_JOINS
               for j in (i - 2, i + 2))


def _quality_after(words: tuple[str, ...], i: int) -> bool:
    """Whether the word at `i` is followed by "in" or "of" and a word that, printed before it, would make it
    name something else: "improvement in readability" is "a readability improvement"."""
    if words[i + 1:i + 2] not in (("in",), ("of",)):
        return False
    j = i + 3 if words[i + 2:i + 3] and words[i + 2] in DETERMINERS else i + 2
    return words[j:j + 1] != () and words[j] in NAMED_BEFORE[words[i]]


def _other_side(words: tuple[str, ...], i: int) -> int | None:
    """Where the other side of a trade-off stands when the side at `i` is joined to it: "the benefit and
    the cost", "costs vs. gains" (a join, maybe a determiner, the other side)."""
    if words[i + 1:i + 2] and words[i + 1] in TRADE_OFF_JOINS:
        j = i + 3 if words[i + 2:i + 3] and words[i + 2] in DETERMINERS else i + 2
        other = TRADE_OFF_SIDES[1] if words[i] in TRADE_OFF_SIDES[0] else TRADE_OFF_SIDES[0]
        if words[j:j + 1] and words[j] in other:
            return j
    return None


def _unwrap(unit: list[tuple[int, str]]) -> tuple[str, tuple[list[int], list[int]]]:
    """The unit's lines joined with single spaces, and the unit offsets and the block offsets of the line
    starts, as two lists (the first is what `_to_block` bisects, built once per unit)."""
    parts, unit_offsets, block_offsets, position = [], [], [], 0
    for block_offset, line in unit:
        unit_offsets.append(position)
        block_offsets.append(block_offset)
        parts.append(line)
        position += len(line) + 1
    return " ".join(parts), (unit_offsets, block_offsets)


def _to_block(anchors: tuple[list[int], list[int]], position: int) -> int:
    """An offset in the unwrapped unit as an offset in the block."""
    unit_offsets, block_offsets = anchors
    index = max(bisect_right(unit_offsets, position) - 1, 0)
    return block_offsets[index] + (position - unit_offsets[index])


@text_cache(1024)
def find_sentences(text: str) -> tuple[Sentence, ...]:
    """The prose sentences of one block that may hold a question, claim or result, with their cues.

    Cached for the last blocks seen, because results, questions and claims read the same block, and a
    reply quotes the paragraphs of the mails it answers (on a real list, most prose blocks were read before).
    Never raises because of content; text without prose gives ().
    """
    if not text or not admits(text.lower()):
        return ()
    found: list[Sentence] = []
    for index, unit in enumerate(find_prose_units(text.replace("\u2019", "'"))):
        joined, anchors = _unwrap(unit)
        for start, end in _admitted_pieces(joined):
            piece = joined[start:end].rstrip()
            for first, last, sentence, words, offsets, quantities, cues in _parse_piece(piece) if piece else ():
                found.append(Sentence(_to_block(anchors, start + first), _to_block(anchors, start + last - 1) + 1,
                                      sentence, words, offsets, quantities, cues, index,
                                      frozenset(cue[0] for cue in cues)))
    return tuple(found)
