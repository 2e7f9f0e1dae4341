"""Sentences of mail prose, and the one spaCy pipeline that reads them for performance cues.

Mail is hard-wrapped at ~72 columns and mixes prose with tables, diffs, shell sessions and lists, so a
block is first cut into prose units (paragraphs and list items), whose lines are unwrapped into one
string; the sentencizer splits that string, and every sentence is mapped back to its first character
in the block (hence to its first line). Tables, code, diffs, shortlogs and header-like lines are not
prose and never reach spaCy.

This is the only module that imports spaCy, and it does so lazily, inside `pipeline()`: importing
`extractors.questions` or `extractors.claims` stays cheap. The pipeline is `spacy.blank("en")` with a
small component that marks sentence starts the sentencizer misses, the sentencizer, and one rule
component, `perf_cues`, which applies the pattern tables of `questions.py` and `claims.py` (Matcher
patterns kept as data) and stores what it finds in `doc.spans["cues"]`, labelled with the table's key
(e.g. "Q:profile", "C:improvement"). It is built once per process.

Speed (it runs on every message of millions): a block without a performance word, question mark,
percentage or request phrase is rejected by one regex search; within a prose unit only the rough
sentences that regex admits (and the sentence before each, which a bare "It was about 2%." leans on)
are parsed; and the patterns, which are word sequences with bounded gaps, are matched by one
PhraseMatcher with the gaps bridged in Python, because a Matcher's cost grows with each of its ~200
patterns (`benchmarks/bench_sentences.py`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

# Anything a performance question, request or claim needs at least one of: the cheap pre-filter. It is
# matched on lower-cased text and tries words only where a word starts, which keeps it near 0.15 s/MB.
_ADMIT_RE = re.compile(
    r"[?%]|bench|perf|'d\b|\b(?:faster|slower|speed|throughput|latenc|overhead|regress|degrad|improv|optimi|"
    r"cycles|penalt|noise|workload|profil|numbers|measur|expensive|costly|hit\b|impact|better|worse|"
    r"outperform|gain|reduc|same|similar|comparable|longer|help|save|mitigat|increase|decrease|drop|"
    r"need\s+to|would\s+be|please|hope|curious|wonder|effect|result|differ|matter|care|cheap|cost|within|"
    r"(?:go|goes|went|gone|come|comes|came)\s+(?:down|up))")


def admits(text: str, start: int = 0, end: int | None = None) -> bool:
    """Whether `text[start:end]`, already lower-cased, holds anything a concern or claim needs."""
    return _ADMIT_RE.search(text, start, len(text) if end is None else end) is not None


# Lines that are not prose: table rows and borders, diff and code lines, shell prompts, trailers.
_TABLE_LINE_RE = re.compile(r"\|.*\||^\s*[+|]?[-=+]{4,}|^\s*[-=_*#~.]{4,}\s*$")
_CODE_LINE_RE = re.compile(
    r"^(?:[+-](?![-+ ]?\s*[A-Za-z(\"'])|@@ |[+-]{3} |\\ No newline|#(?:include|define|if)|\$ |# |"
    r"\s*[{}]\s*$|.*;\s*$|.*\{\s*$|\s*/?\*)")
_TRAILER_RE = re.compile(
    r"^\s*(?:Signed-off-by|Reviewed-by|Acked-by|Tested-by|Reported-by|Suggested-by|Cc|Link|Fixes|"
    r"Co-developed-by|Message-I[dD]|Subject|From|To|Date|In-Reply-To|References):\s", re.I)
# A subject line shown in an archive page or a cover letter: "Re: [PATCH v2 1/3] mm: speed up ...".
_SUBJECT_LINE_RE = re.compile(r"^\s*(?:(?:Re|RE|Fwd|FW|Aw|AW)\s*:\s*)*\[(?:[\w./ -]*PATCH|RFC)[^\]]*\]|^\s*(?:Re|RE|Fwd):\s")
_SHORTLOG_HEAD_RE = re.compile(r"^\S.*\(\d+\):\s*$")
_URL_ONLY_RE = re.compile(r"^\s*(?:\[\S*\]:?\s*)?<?(?:https?|ftp)://\S+>?\s*$")
_NUMBER_RE = re.compile(r"(?<![\w.])[-+~]?\d[\d,.]*(?:[eE][-+]?\d+)?%?(?![\w.])")
_WORD_RE = re.compile(r"[A-Za-z]{2,}")
_ALIGNED_RE = re.compile(r"\S(?: {3,}|\t)\S")
# A list item: "- ", "* ", "** ", "o ", "1. ", "2) ", "a) ".
_BULLET_RE = re.compile(r"^\s*(?:[-*+•o]{1,2}|\d{1,2}[.)]|[a-z][)])\s+(?=\S)")
_ENDS_WITH_COLON_RE = re.compile(r":\s*$")
_MAX_SENTENCE_CHARS = 3000
_MAX_CHUNK_CHARS = 20000  # well under spaCy's max_length; larger runs are parsed in several docs
# Where a sentence may end, roughly: after '.', '!' or '?' and a space, before a capital, digit or quote.
_ROUGH_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")
# A line of one or two figures ending a sentence: "100% ~ 200%.", "(about 5%)."
_FIGURE_TAIL_RE = re.compile(r"^\s*\(?[~≈]?\d[\d.,]*\s*%?\)?(?:\s*(?:~|-|to|and)\s*[~≈]?\d[\d.,]*\s*%?\)?)?\s*[.!?]\s*$")


@dataclass(frozen=True)
class Cue:
    """One rule match inside a sentence: its label, token span (relative to the sentence) and text."""

    label: str
    start: int  # first token, counted from the sentence's first token
    end: int
    char: int  # offset of its first character in the sentence text
    text: str


@dataclass(frozen=True)
class Sentence:
    """A prose sentence of a block, with offsets into the block text and the cues found in it."""

    start: int  # offset of its first character in the block text
    end: int  # offset after its last character
    text: str  # the sentence with its line breaks replaced by single spaces
    n_tokens: int
    cues: tuple[Cue, ...]
    unit: int  # index of the prose unit (paragraph or list item) it belongs to

    def has(self, label: str) -> bool:
        """Whether a cue with this label (or, for a label ending in ':', this prefix) is in the sentence."""
        return any(cue.label == label or (label.endswith(":") and cue.label.startswith(label))
                   for cue in self.cues)

    def labels(self, label: str) -> list[Cue]:
        return [cue for cue in self.cues if cue.label == label]


def _is_prose(line: str) -> bool:
    """Whether a line (quote prefix already removed) can be part of a sentence."""
    stripped = line.strip()
    if not stripped:
        return False
    if _TABLE_LINE_RE.search(line) or _CODE_LINE_RE.match(line) or _TRAILER_RE.match(line) \
            or _URL_ONLY_RE.match(line) or _SUBJECT_LINE_RE.match(line):
        return False
    words = len(_WORD_RE.findall(stripped))
    numbers = len(_NUMBER_RE.findall(stripped))
    if numbers >= 3 and numbers >= words:
        return False
    if _ALIGNED_RE.search(stripped) and numbers >= 2:
        return False  # columns of a table
    return words >= 1


def find_prose_units(text: str) -> list[list[tuple[int, str]]]:
    """The prose units of a block: each a list of (offset of the line's first kept char, line text).

    A unit ends at a blank or non-prose line, before a list item, and after a line ending in ':'
    (which introduces a table, a list or a command). A shortlog ("Name (3):" and its indented lines)
    is skipped whole.
    """
    units: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    offset = 0
    in_shortlog = False
    for line in text.split("\n"):
        line_start, offset = offset, offset + len(line) + 1
        if in_shortlog and line[:1].isspace() and line.strip():
            continue
        in_shortlog = bool(_SHORTLOG_HEAD_RE.match(line))
        if current and _FIGURE_TAIL_RE.match(line):
            current.append((line_start + len(line) - len(line.lstrip()), line.strip()))
            continue  # "... shows the improvement is\n100% ~ 200%.": the end of a wrapped sentence
        if in_shortlog or not _is_prose(line):
            if current:
                units.append(current)
            current = []
            continue
        bullet = _BULLET_RE.match(line)
        if bullet and current:
            units.append(current)
            current = []
        skip = bullet.end() if bullet else len(line) - len(line.lstrip())
        current.append((line_start + skip, line[skip:].rstrip()))
        if _ENDS_WITH_COLON_RE.search(line):
            units.append(current)
            current = []
    if current:
        units.append(current)
    return units


def _unwrap(unit: list[tuple[int, str]]) -> tuple[str, list[tuple[int, int]]]:
    """The unit's lines joined with single spaces, and (unit offset, block offset) of each line start."""
    parts, anchors, position = [], [], 0
    for block_offset, line in unit:
        anchors.append((position, block_offset))
        parts.append(line)
        position += len(line) + 1
    return " ".join(parts), anchors


def _to_block(anchors: list[tuple[int, int]], position: int) -> int:
    """Map an offset in the unwrapped unit back to an offset in the block."""
    block = anchors[0][1]
    for unit_offset, block_offset in anchors:
        if unit_offset > position:
            break
        block = block_offset + (position - unit_offset)
    return block


def compile_pattern(spec: str) -> list[dict]:
    """A Matcher token pattern from a compact spec, so that pattern tables stay readable.

    Tokens are separated by spaces: `a|b` matches either lower-cased word, a trailing `?` makes a token
    optional, `*N` skips up to N tokens, `re:X` matches the regex X, `NUM` a number, `PCT` a '%',
    `QMARK` a literal '?'. Example: "have|did you *2 measure|measured".
    """
    pattern: list[dict] = []
    for part in spec.split():
        if part.startswith("*") and part[1:].isdigit():
            pattern.append({"OP": "{0,%s}" % part[1:]})
            continue
        optional = len(part) > 1 and part.endswith("?") and not part.startswith("re:")
        word = part[:-1] if optional else part
        if word == "NUM":
            token: dict = {"LIKE_NUM": True}
        elif word == "PCT":
            token = {"LOWER": "%"}
        elif word == "QMARK":
            token = {"LOWER": "?"}
        elif word.startswith("re:"):
            token = {"LOWER": {"REGEX": word[3:]}}
        elif "|" in word:
            token = {"LOWER": {"IN": word.split("|")}}
        else:
            token = {"LOWER": word}
        if optional:
            token["OP"] = "?"
        pattern.append(token)
    return pattern


_MATCHERS: dict[str, Any] = {}
# Tokens ending in '.' that do not end a sentence.
_ABBREVIATIONS = frozenset({"e.g.", "i.e.", "etc.", "vs.", "cf.", "al.", "approx.", "resp.", "fig.", "no.",
                            "mr.", "ms.", "dr.", "jr.", "sr.", "st.", "incl.", "excl.", "min.", "max.",
                            "avg.", "sec.", "ca.", "esp.", "viz."})
_WORD_WITH_PERIOD_RE = re.compile(r"^[^\W\d_](?:[\w-]*[^\W\d_])?\.$")


def _period_word_kind(text: str) -> int:
    """2 for a word that keeps its period as one token ("minutes."), 1 for a letter with one ("V."), else 0."""
    if not text.endswith(".") or text.lower() in _ABBREVIATIONS or not _WORD_WITH_PERIOD_RE.match(text):
        return 0
    return 2 if len(text) > 2 else 1


_PERIOD_WORD_KINDS: dict[int, int] = {}  # token text hash -> _period_word_kind


def _mail_sentence_starts(doc: Any) -> Any:
    """Mark sentence starts the sentencizer misses: after a word the tokenizer kept together with its
    period ("Hyper-V." is "Hyper", "-", "V.") when a capitalized word follows. A letter with a period after
    a space is an initial ("J. Smith") and is left alone. Reads token arrays: no Token objects."""
    from spacy.attrs import IS_TITLE, ORTH, SPACY

    rows = doc.to_array([ORTH, SPACY, IS_TITLE]).tolist()
    strings = doc.vocab.strings
    for index in range(len(rows) - 1):
        orth = rows[index][0]
        kind = _PERIOD_WORD_KINDS.get(orth)
        if kind is None:
            kind = _PERIOD_WORD_KINDS[orth] = _period_word_kind(strings[orth])
        if kind and rows[index + 1][2] and (kind == 2 or (index > 0 and not rows[index - 1][1])):
            doc[index + 1].is_sent_start = True
    return doc


_NUMBER = ("\x00number",)  # the segment of a LIKE_NUM token: found from the token array, not as a phrase
_NUMBER_KEY = "#number"


@dataclass(frozen=True)
class _GappedPattern:
    """A token pattern as phrase segments separated by wildcards of at most `gaps[i]` tokens."""

    label: str
    keys: tuple[str, ...]  # the PhraseMatcher key of each segment
    gaps: tuple[int, ...]


def _phrase_segments(pattern: list[dict]) -> tuple[list[list[tuple[str, ...]]], list[int]] | None:
    """A Matcher token pattern as lists of phrases (one list per segment) and the wildcard gaps between
    them (a number token is a segment of its own); None when a token needs the Matcher itself (a regex,
    ORTH)."""
    segments: list[list[tuple[str, ...]]] = []
    gaps: list[int] = []
    current: list[tuple[str, ...]] = [()]
    for token in pattern:
        if set(token) == {"OP"} or token == {"LIKE_NUM": True}:
            if any(current):
                segments.append([phrase for phrase in current if phrase])
                gaps.append(int(token["OP"].strip("{}").split(",")[1]) if "OP" in token else 0)
            if "LIKE_NUM" in token:
                segments.append([_NUMBER])
                gaps.append(0)
            current = [()]
            continue
        lower = token.get("LOWER")
        if set(token) - {"LOWER", "OP"} or lower is None or (isinstance(lower, dict) and set(lower) != {"IN"}):
            return None
        words = lower["IN"] if isinstance(lower, dict) else [lower]
        extended = [phrase + (word,) for phrase in current for word in words]
        current = extended + current if token.get("OP") == "?" else extended
    if any(current):
        segments.append([phrase for phrase in current if phrase])
    else:
        gaps.pop()
    return (segments, gaps) if segments and all(segments) else None


class _CueFinder:
    """The rule component's matchers. The pattern tables are Matcher patterns, but a Matcher's cost grows
    with every pattern, so patterns made of words are matched as phrases by one PhraseMatcher (wildcard
    gaps are bridged here), one-token regex patterns are tested on each token, and only what is left
    goes to a Matcher."""

    def __init__(self, nlp: Any, tables: tuple[dict[str, list[list[dict]]], ...]) -> None:
        from spacy.matcher import Matcher, PhraseMatcher
        from spacy.tokens import Doc

        self.phrases = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.matcher = Matcher(nlp.vocab, validate=True)
        self.gapped: list[_GappedPattern] = []
        self.token_regexes: list[tuple[str, re.Pattern]] = []
        self.regex_labels: dict[int, tuple[str, ...]] = {}  # lexeme -> labels of the regexes it matches
        for table in tables:
            for label, patterns in table.items():
                for number, pattern in enumerate(patterns):
                    split = _phrase_segments(pattern)
                    regex = pattern[0].get("LOWER", {}) if len(pattern) == 1 else None
                    if split is None and isinstance(regex, dict) and set(regex) == {"REGEX"}:
                        self.token_regexes.append((label, re.compile(regex["REGEX"])))
                        continue
                    if split is None:
                        self.matcher.add(label, [pattern])
                        continue
                    segments, gaps = split
                    keys = tuple(_NUMBER_KEY if phrases == [_NUMBER] else f"{label}#{number}#{i}" if gaps else label
                                 for i, phrases in enumerate(segments))
                    for key, phrases in zip(keys, segments):
                        if key != _NUMBER_KEY:
                            self.phrases.add(key, [Doc(nlp.vocab, words=list(phrase)) for phrase in phrases])
                    if gaps:
                        self.gapped.append(_GappedPattern(label, keys, tuple(gaps)))

    def __call__(self, doc: Any) -> list[tuple[str, int, int]]:
        strings = doc.vocab.strings
        hits: dict[str, list[tuple[int, int]]] = {}
        for key, start, end in self.phrases(doc):
            hits.setdefault(strings[key], []).append((start, end))
        if self.gapped:
            hits[_NUMBER_KEY] = [(i, i + 1) for i, flag in enumerate(doc.to_array("LIKE_NUM").tolist()) if flag]
        found = [(label, start, end) for label, spans in hits.items() if "#" not in label
                 for start, end in spans]
        if len(self.matcher):
            found.extend((strings[key], start, end) for key, start, end in self.matcher(doc))
        if self.token_regexes:
            for index, lower in enumerate(doc.to_array("LOWER").tolist()):
                labels = self.regex_labels.get(lower)
                if labels is None:
                    text = strings[lower]
                    labels = self.regex_labels[lower] = tuple(
                        label for label, regex in self.token_regexes if regex.search(text))
                found.extend((label, index, index + 1) for label in labels)
        for pattern in self.gapped:
            for start, end in hits.get(pattern.keys[0], ()):
                for key, gap in zip(pattern.keys[1:], pattern.gaps):
                    following = [s_e for s_e in hits.get(key, ()) if end <= s_e[0] <= end + gap]
                    if not following:
                        break
                    end = min(following)[1]
                else:
                    found.append((pattern.label, start, end))
        return found


def _perf_cues(doc: Any) -> Any:
    """The rule component: every pattern hit, as labelled spans in doc.spans["cues"]."""
    from spacy.tokens import Span

    doc.spans["cues"] = [Span(doc, start, end, label=label) for label, start, end in _MATCHERS["cues"](doc)]
    return doc


@cache
def pipeline() -> Any:
    """The spaCy pipeline: blank English, a sentencizer and the `perf_cues` rule component. Built once."""
    import spacy
    from spacy.language import Language

    from extractors.claims import CLAIM_PATTERNS
    from extractors.questions import QUESTION_PATTERNS

    nlp = spacy.blank("en")
    if not Language.has_factory("mail_sentence_starts"):
        Language.component("mail_sentence_starts", func=_mail_sentence_starts)
    nlp.add_pipe("mail_sentence_starts")
    nlp.add_pipe("sentencizer")
    _MATCHERS["cues"] = _CueFinder(nlp, (QUESTION_PATTERNS, CLAIM_PATTERNS))
    if not Language.has_factory("perf_cues"):
        Language.component("perf_cues", func=_perf_cues)
    nlp.add_pipe("perf_cues")
    return nlp


def _admitted_chunks(joined: str) -> list[tuple[int, int]]:
    """The parts of an unwrapped unit worth reading, as char ranges: the rough sentences the pre-filter
    admits, each with the one before it (a bare "It was about 2.2%." leans on it), merged when adjacent.
    The sentencizer then splits them properly."""
    bounds = [0] + [m.end() for m in _ROUGH_SENTENCE_END_RE.finditer(joined)] + [len(joined)]
    pieces = list(zip(bounds, bounds[1:]))
    lowered = joined.lower()
    admitted = [admits(lowered, start, end) for start, end in pieces]
    chunks: list[tuple[int, int]] = []
    for i, (start, end) in enumerate(pieces):
        if end - start > _MAX_SENTENCE_CHARS:
            continue  # no prose sentence is that long: a collapsed page or a binary blob
        if admitted[i] or (i + 1 < len(pieces) and admitted[i + 1]):
            if chunks and chunks[-1][1] == start and end - chunks[-1][0] <= _MAX_CHUNK_CHARS:
                chunks[-1] = (chunks[-1][0], end)
            else:
                chunks.append((start, end))
    return chunks


@lru_cache(maxsize=512)
def _chunk_sentences(text: str) -> tuple[tuple[int, int, str, int, tuple[Cue, ...]], ...]:
    """(start, end, text, n_tokens, cues) of each sentence of one chunk, offsets into the chunk.

    Cached: a reply quotes the message it answers, so the same sentences come back within a few
    messages, and a worker parses each of them once. Offsets and texts come from token arrays and slices
    of `text`: `Span.text` and `Doc.text` build a Token object per token."""
    from spacy.attrs import IDX, LENGTH, SENT_START

    nlp = pipeline()
    # `nlp(text)` without `Language.__call__`'s per-call bookkeeping (component configs, error handlers),
    # which cost as much as our three components on chunks this short
    doc = nlp.make_doc(text)
    for _name, component in nlp.pipeline:
        doc = component(doc)
    rows = doc.to_array([SENT_START, IDX, LENGTH]).tolist()
    starts = [i for i, row in enumerate(rows) if row[0] == 1 or i == 0] + [len(rows)]

    def char_end(token_end: int) -> int:  # after the last character of the token before `token_end`
        return rows[token_end - 1][1] + rows[token_end - 1][2]

    cues: dict[int, list[Cue]] = {}
    for span in doc.spans["cues"]:
        which = bisect_right(starts, span.start) - 1
        sent_start, sent_end = starts[which], starts[which + 1]
        if span.end > sent_end:
            continue  # a pattern that ran over a sentence boundary
        first = rows[span.start][1]
        cues.setdefault(which, []).append(Cue(span.label_, span.start - sent_start, span.end - sent_start,
                                              first - rows[sent_start][1], text[first:char_end(span.end)]))
    out = []
    for i, (sent_start, sent_end) in enumerate(zip(starts, starts[1:])):
        start_char, end_char = rows[sent_start][1], char_end(sent_end)
        sentence = text[start_char:end_char].strip()
        if sentence:
            out.append((start_char, end_char, sentence, sent_end - sent_start, tuple(cues.get(i, ()))))
    return tuple(out)


def _sentences_of_unit(unit: list[tuple[int, str]], index: int) -> list[Sentence]:
    joined, anchors = _unwrap(unit)
    found: list[Sentence] = []
    for start, end in _admitted_chunks(joined):
        chunk = joined[start:end].rstrip()
        if chunk:
            found.extend(Sentence(start=_to_block(anchors, start + first), end=_to_block(anchors, start + last),
                                  text=text, n_tokens=n_tokens, cues=cues, unit=index)
                         for first, last, text, n_tokens, cues in _chunk_sentences(chunk))
    return found


@lru_cache(maxsize=64)
def find_sentences(text: str) -> tuple[Sentence, ...]:
    """The prose sentences of one block of text that may hold a performance cue, with their cues.

    Only the parts of each prose unit that the cheap pre-filter admits (and the sentence before each) are
    parsed: nothing else could be a question or a claim. Cached for the last blocks seen, because
    questions and claims read the same block.
    Never raises because of content.
    """
    if not text or not admits(text.lower()):
        return ()
    found: list[Sentence] = []
    for index, unit in enumerate(find_prose_units(text)):
        found.extend(_sentences_of_unit(unit, index))
    return tuple(found)
