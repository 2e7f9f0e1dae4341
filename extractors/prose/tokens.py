"""A tokenizer for mail prose that keeps every number with its unit and spread as one token.

spaCy's English tokenizer cuts "40K/s" into three tokens, glues "~2.2K-8.7" and leaves the "K", and splits
"+/-" in two; a comparison grammar over those pieces would have to re-join numbers in every pattern. This
tokenizer reads words, arrows, spread signs and punctuation by one expression, joins a number with the
unit word or spread that follows it ("12.3 ms", "861.5 +/- 3.3 s", "9.1% +/- 3.2%"), checks the join with
`extractors.numbers.parse_value` (the one number parser), and marks each such token as an entity:
"PCT" for a percentage, "QTY" for any other number. Patterns then say `{"ENT_TYPE": "QTY"}` for "a
quantity" and read its `Value` from `doc.user_data["values"][token index]`.

It also marks sentence starts by the sentencizer's rule (an end mark, then the next word), which costs
nothing here and saves a second pass over Token objects: the pipeline needs no sentencizer.

`read_tokens(text)` is the tokenizer without the Doc: the words, their spaces, sentence starts and
quantities, for the sentence pipeline, which reads them directly (building a Doc costs more than reading
the text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from extractors.model import Value
from extractors.numbers import parse_value
from extractors.vocab.configurations import RELEASE_AFTER_WORDS, RELEASE_BEFORE_WORDS, RELEASE_MOVES
from extractors.vocab.performance import BENEFIT_WORDS, COST_WORDS
from extractors.vocab.units import lookup_unit
from extractors.vocab.writing import SHORTENED_WORDS

_NUMBER = r"[~\u2248]?[-+\u2212]?(?:\d(?:[\d,]*\d)?(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"
_ATTACHED_UNIT = r"(?:%|-fold|[A-Za-z\u00b5\u03bc]+(?:/[A-Za-z]+)?)"  # "12%", "40K/s", "2-fold"
_TOKEN_RE = re.compile(
    r"(?P<url>(?:https?|ftp)://\S+|<[^\s<>@]+@[^\s<>]+>)"
    r"|(?P<abbr>(?:[A-Za-z]\.){2,}|(?i:vs|etc|approx|resp|cf|esp|incl|ie|eg)\.)"
    # a number, a range of two ("~2.2K-8.7K", "20~30%", "1700-1800", "7 - 20%" spaced when its end carries
    # the unit of both), its unit attached ("40K/s", "12%")
    rf"|(?P<num>{_NUMBER}(?:{_ATTACHED_UNIT})?(?:(?:-|\u2013|~){_NUMBER}(?:{_ATTACHED_UNIT})?"
    rf"|\s[-\u2013]\s{_NUMBER}{_ATTACHED_UNIT})?)(?![\w.]*\w)"
    r"|(?P<arrow>-{1,2}>|=>|\u2192|\u27f6)"
    r"|(?P<spread>\+/-|\+-|\u00b1)"
    # a word; a member reached through a pointer in code ("tg->iops") is one word, no arrow between two
    r"|(?P<word>[^\W_](?:[\w'\u2019./-]*[^\W_])?(?:->[A-Za-z_]\w*)*)"
    r"|(?P<punct>\S)")
_MAX_UNIT_WORD = 16
_SENTENCE_ENDS = frozenset({".", "!", "?"})
_CLOSERS = frozenset({")", "]", '"', "'", "\u201d"})
_BRACKETS_CLOSED = frozenset({")", "]"})
_CODE_CHARS = frozenset("=/_~$@-")  # what follows a mark in code, a path or an operator: "!=", "./run"


_PER_SECOND_RE = re.compile(r"^[A-Za-z]+/s(?:ec)?$")  # "updates/s", "msgs/sec": anything counted per second


def _is_unit_word(text: str) -> bool:
    return len(text) <= _MAX_UNIT_WORD and (lookup_unit(text) is not None or bool(_PER_SECOND_RE.match(text)))


def _sentence_starts(words: list[str], spaces: list[bool]) -> list[bool]:
    """The sentencizer's rule, applied while the words are at hand: a sentence starts at the first word and
    at the first word that is not an end mark (or a closing bracket or quote right after one) after one,
    unless a bracket closes an aside and a lower-case word goes on after it. Abbreviations ("e.g.") are
    single words here, so they end nothing; "Arm-V8." is a word and a period, so it ends its sentence like
    any word. A mark glued to the word after it is part of code, a path or an operator ("ret != -EAGAIN",
    "./kublk"): it ends nothing; the last mark of a run ("faster...and") and a mark before other
    punctuation ("a lot.(The", "enter()?:") still end one; a period after a capital letter used as a label
    ("in B. show") ends nothing."""
    starts = []
    seen_end = True
    for i, word in enumerate(words):
        glued = word in _SENTENCE_ENDS and not spaces[i] and i + 1 < len(words) and \
            (words[i + 1][0].isalnum() or words[i + 1][0] in _CODE_CHARS) and \
            not (i and words[i - 1] in _SENTENCE_ENDS and not spaces[i - 1])
        is_end = word in _SENTENCE_ENDS and not glued or (seen_end and word in _CLOSERS)  # "(netbench?)" ends after ")"
        if is_end and word == "." and (_after_a_letter_label(words, i) or
                                       i and words[i - 1].lower() in SHORTENED_WORDS and _lower_case_next(words, i)):
            is_end = False  # "in B. show", "the avg. wait time": a label or a word cut short, no sentence end
        starts.append(seen_end and not is_end)
        if starts[-1]:
            seen_end = False
        if is_end:
            seen_end = not (word in _BRACKETS_CLOSED and _lower_case_next(words, i))
    starts[:1] = [True]
    return starts


def _lower_case_next(words: list[str], i: int) -> bool:
    """Whether the first word after `i` starts with a lower-case letter: after an aside closed by its own end
    mark ("(ie SATA, NVMe, etc...) or to a network share?") the sentence goes on."""
    following = next((w for w in words[i + 1:i + 3] if not w.isspace()), "")
    return following[:1].islower()


def _after_a_letter_label(words: list[str], i: int) -> bool:
    """Whether the period at `i` follows one capital letter and comes before a lower-case word: a label
    or an initial ("the results in B. show", "as J. notes"), not the end of a sentence."""
    return bool(i) and len(words[i - 1]) == 1 and words[i - 1].isupper() and _lower_case_next(words, i)


# What an option named by a metric prints is a measurement ("IOPS=555K", "lat=12"), as tools print them.
_MEASURED_NAMES = BENEFIT_WORDS | COST_WORDS | frozenset({"lat", "clat", "slat", "avg", "min", "max", "mean"})


@dataclass(frozen=True)
class MailTokens:
    """The tokens of a text: each word (whitespace other than one space is a word of its own), whether a
    space follows it, whether it starts a sentence, and the quantities as (word index, Value)."""

    words: list[str]
    spaces: list[bool]
    sent_starts: list[bool]
    quantities: list[tuple[int, Value]]


def entity_label(value: Value) -> str:
    """The entity label of a quantity token: "PCT" for a percentage, "QTY" for any other number."""
    return "PCT" if value.unit == "%" else "QTY"


def read_tokens(text: str) -> MailTokens:
    """The mail tokenizer's tokens of `text`, without a Doc. Never raises because of content."""
    pieces = [(m.start(), m.end(), m.lastgroup) for m in _TOKEN_RE.finditer(text)]
    words: list[str] = []
    spaces: list[bool] = []
    quantities: list[tuple[int, Value]] = []
    i = 0
    while i < len(pieces):
        start, end, kind = pieces[i]
        if kind == "num" or (kind == "word" and text[start].isdigit()):  # "4m35.973s" reads as a word
            end, value = _quantity(text, pieces, i)
            if value is not None and value.unit is None and (_names_a_release(text, pieces, i, words)
                                                             or _option_value(text, start, words)
                                                             or _cited(text, start, end)):
                # "from Linux 5.10 to 5.11", "5.11 Git": a release; "hipri=1": a setting; "patch[1]": a reference
                value = None
            if value is not None:
                quantities.append((len(words), value))
                while i + 1 < len(pieces) and pieces[i + 1][1] <= end:
                    i += 1
        words.append(text[start:end])
        gap = text[end:pieces[i + 1][0] if i + 1 < len(pieces) else len(text)]
        spaces.append(gap[:1] == " ")
        if len(gap) > spaces[-1]:  # other whitespace is a token of its own, so offsets stay exact
            words.append(gap[spaces[-1]:])
            spaces.append(False)
        i += 1
    return MailTokens(words, spaces, _sentence_starts(words, spaces), quantities)


def _cited(text: str, start: int, end: int) -> bool:
    """Whether a whole number stands alone in square brackets ("the patch[1]", "as in [2]"): the number
    of a reference listed at the end of the mail, no quantity."""
    return text[start - 1:start] == "[" and text[end:end + 1] == "]" and text[start:end].isdigit()


def _option_value(text: str, start: int, words: list[str]) -> bool:
    """Whether a plain number is the value given to an option ("hipri=1", "iodepth=16"): a setting of
    the run, unless the option names what was measured ("IOPS=555", "bw=969")."""
    if start < 2 or text[start - 1] != "=" or not text[start - 2].isalnum() or len(words) < 2:
        return False
    return words[-2].lower() not in _MEASURED_NAMES


def _names_a_release(text: str, pieces: list[tuple[int, int, str]], i: int, words: list[str]) -> bool:
    """Whether the plain number at piece `i` is a release: after a word naming released software
    ("Linux 5.10", "GCC 12"), or dotted and before a word naming a release ("5.11 Git", "5.10 kernel"), or
    dotted a few words after a move between releases ("downgraded from 6.2 to 6.1")."""
    before = next((w for w in reversed(words[-3:]) if not w.isspace()), "")
    if before.lower() in RELEASE_BEFORE_WORDS:
        return True
    start, end, _ = pieces[i]
    after = text[pieces[i + 1][0]:pieces[i + 1][1]].lower() if i + 1 < len(pieces) else ""
    if "." not in text[start:end]:
        return False
    recent = [w for w in words[-_MOVE_REACH * 2:] if not w.isspace()][-_MOVE_REACH:]
    return after in RELEASE_AFTER_WORDS or any(w.lower() in RELEASE_MOVES for w in recent)


_MOVE_REACH = 4  # words between a move between releases and the last release it names: "from 6.2 to"


class MailTokenizer:
    """`nlp.tokenizer` for mail prose: words, arrows, spreads, punctuation and whole quantities."""

    def __init__(self, vocab: Any) -> None:
        self.vocab = vocab

    def __call__(self, text: str) -> Any:
        from spacy.tokens import Doc

        tokens = read_tokens(text)
        entities = ["O"] * len(tokens.words)
        for index, value in tokens.quantities:
            entities[index] = "B-" + entity_label(value)
        doc = Doc(self.vocab, words=tokens.words, spaces=tokens.spaces, sent_starts=tokens.sent_starts,
                  ents=entities)
        doc.user_data["values"] = dict(tokens.quantities)
        return doc


def _product_sign(text: str, pieces: list[tuple[int, int, str]], k: int) -> bool:
    """Whether piece k is an "x" between two numbers ("2 x 64 cores"): a product of counts, not a multiple."""
    return text[pieces[k][0]:pieces[k][1]].lower() == "x" and k + 1 < len(pieces) and \
        (pieces[k + 1][2] == "num" or text[pieces[k + 1][0]].isdigit())


def _quantity(text: str, pieces: list[tuple[int, int, str]], i: int) -> tuple[int, Any]:
    """The end of the quantity starting at piece i (with a unit word and a spread after it) and its Value."""
    start, end, _ = pieces[i]
    if i + 2 < len(pieces) and pieces[i + 1][:3] == (end, end + 1, "punct") and text[end] == "+" \
            and pieces[i + 2][2] == "word" and pieces[i + 2][0] == end + 2 \
            and _is_unit_word(text[end + 2:pieces[i + 2][1]]):
        # "5+ minutes": at least that much, in its unit (read without the unit, the 5 would take the other
        # side's: "from 5+ minutes to 14 seconds")
        value = parse_value(f"{text[start:end]} {text[end + 2:pieces[i + 2][1]]}")
        if value is not None:
            return pieces[i + 2][1], Value(value.value, text[start:pieces[i + 2][1]], value.unit)
    j = i
    if j + 1 < len(pieces) and pieces[j + 1][2] == "word" and pieces[j + 1][0] == end + 1 \
            and _is_unit_word(text[pieces[j + 1][0]:pieces[j + 1][1]]) and not _product_sign(text, pieces, j + 1):
        j += 1
    if j + 2 < len(pieces) and pieces[j + 1][2] == "spread" and pieces[j + 2][2] == "num" \
            and pieces[j + 1][0] - pieces[j][1] <= 1 and pieces[j + 2][0] - pieces[j + 1][1] <= 1:
        j += 2
        if j + 1 < len(pieces) and pieces[j + 1][2] == "word" and pieces[j + 1][0] == pieces[j][1] + 1 \
                and _is_unit_word(text[pieces[j + 1][0]:pieces[j + 1][1]]):
            j += 1
    while j > i:
        value = parse_value(text[start:pieces[j][1]])
        if value is not None:
            return pieces[j][1], value
        j -= 1
    value = parse_value(text[start:end])
    if value is not None and value.unit is None and i + 1 < len(pieces) and pieces[i + 1][0] == end + 1 \
            and pieces[i + 1][2] == "word" and _is_unit_word(text[end + 1:pieces[i + 1][1]]) \
            and not _product_sign(text, pieces, i + 1):
        # "2.5M ops/s": a scale letter, then the unit
        unit_end = pieces[i + 1][1]
        return unit_end, Value(value.value, text[start:unit_end], text[end + 1:unit_end], signed=value.signed)
    return end, value
