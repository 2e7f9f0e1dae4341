"""Inline benchmark results: baseline -> patched numbers stated in prose or short labelled lines.

Each statement form is read by its own sentence structure:
- a change verb with "from A to B" ("spin_lock() ... dropped from about 600 to 500 cycles");
- "A and B without and with the patch respectively";
- a pair of labelled lines, "<x> without my patches: A +/- a s" / "with my patches: B +/- b s";
- before/after key-value sections ("Without flushing:" / "Score: 11066" ... "With flushing:" /
  "Score: 11031"), paired by key;
- a change given only as a percentage: "improves by ~3.8%", "noticed a -12.3% regression of <metric>",
  and bare overheads ("the overhead caused by the patch ... was about 2.2%" is a -2.2% change);
- a one-row comparison table ("| func | w/o X | w/ X |" with a single data row).
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass

from extractors.numbers import parse_number, parse_range
from extractors.verdicts import delta_pct, metric_direction, stated_direction, verdict


from extractors.model import InlineResult  # noqa: E402 -- the prose rewrite moves this to the top


# Cheap test: a digit followed (within a line or two) by prose or a percent sign.
_PREFILTER_RE = re.compile(r"\d")
_APPROX = r"(?:~\s*|about\s+|around\s+|approx(?:\.|imately)?\s+|roughly\s+|nearly\s+|almost\s+)?"
# A number as prose prints it, possibly a range ("~2.2K-8.7K"), with an optional unit.
_ONE_VALUE = r"~?[-+]?\d[\d,]*(?:\.\d+)?(?:[KMG](?![A-Za-z]))?"
_VALUE = rf"(?<![\w.,]){_ONE_VALUE}(?:\s*-\s*{_ONE_VALUE})?"
_UNIT = r"(?:\s*(?P<{name}>%|[A-Za-z\u00b5][A-Za-z\u00b5]*(?:/[A-Za-z]+)?))?"
_CHANGE_VERBS = (
    r"drop(?:s|ped|ping)?|reduc(?:e|es|ed|ing)|improv(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|"
    r"decreas(?:e|es|ed|ing)|went(?: up| down)?|go(?:es)?(?: up| down)?|gone|r[io]se[sn]?|fell|fall(?:s|en)?|"
    r"chang(?:e|es|ed)|shr[ua]nk|shrinks?|gr[eo]w[ns]?|jump(?:s|ed)?|climb(?:s|ed)?|cut|lower(?:s|ed)?|"
    r"rais(?:e|es|ed)|sped up|speeds? up|came down|comes down|boost(?:s|ed)?|slashed|moved?"
)
_CHANGE_VERB_WORD_RE = re.compile(rf"\b(?:{_CHANGE_VERBS})\b", re.I)
# "<subject> <verb> [...] from A to B"
_PLUS_MINUS = r"(?:\s*(?:\+/-|\u00b1|\+-)\s*(?P<{name}>\d[\d,]*(?:\.\d+)?))?"
_FROM_TO_RE = re.compile(
    rf"\b(?P<verb>{_CHANGE_VERBS})\b(?P<gap>[^.;:!?]{{0,40}}?)\bfrom\s+{_APPROX}(?P<a>{_VALUE})"
    rf"{_PLUS_MINUS.format(name='sa')}{_UNIT.format(name='ua')}"
    rf"\s+(?:down\s+|up\s+)?to\s+{_APPROX}(?P<b>{_VALUE}){_PLUS_MINUS.format(name='sb')}{_UNIT.format(name='ub')}",
    re.I,
)
# "<what>: A -> B" on one line or in one sentence, the arrow giving the order.
_ARROW_RE = re.compile(
    rf"(?P<a>{_VALUE}){_PLUS_MINUS.format(name='sa')}{_UNIT.format(name='ua')}\s*(?:->|\u2192|=>|-->)\s*"
    rf"(?P<b>{_VALUE}){_PLUS_MINUS.format(name='sb')}{_UNIT.format(name='ub')}"
)
# Both sides named on one line: "base: 1234, patched: 1300", "1234 (before) vs 1300 (after)".
_BASE_NAME = r"base(?:line)?|before|vanilla|unpatched|without(?:\s+(?:the\s+|this\s+|my\s+)?patch(?:es|set)?)?|w/o"
_NEW_NAME = r"patched|after|with(?:\s+(?:the\s+|this\s+|my\s+)?patch(?:es|set)?)?|w/"
_NAMED_PAIR_RE = re.compile(
    rf"\b(?:{_BASE_NAME})\s*[:=]\s*{_APPROX}(?P<a>{_VALUE}){_UNIT.format(name='ua')}\s*(?:,|;|/|->|vs\.?|and)?\s*"
    rf"(?:{_NEW_NAME})\s*[:=]\s*{_APPROX}(?P<b>{_VALUE}){_UNIT.format(name='ub')}"
    rf"|(?P<a2>{_VALUE}){_UNIT.format(name='ua2')}\s*\((?:{_BASE_NAME})\)\s*(?:,|vs\.?|->|and)\s*"
    rf"(?P<b2>{_VALUE}){_UNIT.format(name='ub2')}\s*\((?:{_NEW_NAME})\)"
    rf"|(?P<a3>{_VALUE}){_UNIT.format(name='ua3')}\s+(?:{_BASE_NAME})\s*(?:,\s*|\s+and\s+|\s+vs\.?\s+)"
    rf"(?P<b3>{_VALUE}){_UNIT.format(name='ub3')}\s+(?:{_NEW_NAME})\b"
    # captions and a key on one line, as a before/after block reads once its newlines are lost:
    # "Without flushing: Score: 11066 With flushing: Score: 11031"
    rf"|\b(?:{_BASE_NAME})\b[^:.;]{{0,40}}:\s*(?P<key4>[A-Za-z][\w /%-]{{0,30}}:\s*)?(?P<a4>{_VALUE})"
    rf"(?P<ua4>%|[A-Za-z\u00b5]+(?:/[A-Za-z]+)?)?\s*,?\s*(?:{_NEW_NAME})\b[^:.;]{{0,40}}:\s*(?P=key4)?"
    rf"(?P<b4>{_VALUE})(?P<ub4>%|[A-Za-z\u00b5]+(?:/[A-Za-z]+)?)?",
    re.I,
)
_CLAUSE_UNITS = r"s|ms|us|ns|sec|seconds|%|[KMG]?B/s|ops/s|fps|cycles"
# Two configurations in parallel clauses: "X runs in ~30s, while Y runs in ~20s".
_WHILE_RE = re.compile(
    rf"(?P<a>{_VALUE})\s*(?P<ua>{_CLAUSE_UNITS}),?\s+"
    rf"(?:while|whereas)\s+[^,;.]{{1,60}}?\s(?P<b>{_VALUE})\s*(?P<ub>{_CLAUSE_UNITS})\b",
    re.I,
)
# "A and B without and with the patch respectively"
_RESPECTIVELY_RE = re.compile(
    rf"(?P<a>{_VALUE}){_UNIT.format(name='ua')}\s+and\s+(?P<b>{_VALUE}){_UNIT.format(name='ub')}\s+"
    r"(?:for\s+|on\s+)?(?:the\s+)?(?P<order>without\s+and\s+with|with\s+and\s+without|before\s+and\s+after|"
    r"after\s+and\s+before|unpatched\s+and\s+patched|patched\s+and\s+unpatched)\b[^.]*?\brespectively",
    re.I,
)
# A change stated only as a percentage: "a 26.0% improvement of stress-ng.pipeherd.ops_per_sec".
_PCT_NOUN_RE = re.compile(
    r"(?<![\w.])(?P<pct>[-+]?\d+(?:\.\d+)?)\s*%\s+(?P<kind>improvement|regression|speed-?up|slow-?down|gain|"
    r"increase|decrease|drop|reduction|degradation|loss|boost)\b(?:\s+(?:of|in|on|for)\s+(?P<what>[\w.:/()-]+))?",
    re.I,
)
# "improves by ~3.8%", "is improved ~11%", "regressed by 4%".
_VERB_PCT_RE = re.compile(
    r"\b(?P<kind>improv(?:e|es|ed)|increas(?:e|es|ed)|decreas(?:e|es|ed)|drop(?:s|ped)?|reduc(?:e|es|ed)|"
    r"regress(?:es|ed)?|degrad(?:e|es|ed)|sped\s+up|speeds?\s+up|boost(?:s|ed)?|gain(?:s|ed)?)\s+"
    r"(?:(?P<object>(?:the\s+)?[\w./()-]+(?:\s+[\w./()-]+){0,2})\s+by\s+|by\s+)?"
    rf"{_APPROX}(?P<pct>\d+(?:\.\d+)?)\s*%",
    re.I,
)
_BOUND_BEFORE_RE = re.compile(r"(?:less than|more than|under|below|over|up to|at most|at least|<|>|within)\s*$", re.I)
# "overhead caused by the patch", up to the verb or the end of the clause.
_OVERHEAD_PHRASE_RE = re.compile(r"\boverhead\b(?:\s+(?!(?:is|was|were|are|of|at|be)\b)[\w()/.-]+){0,6}", re.I)
_PCT_RANGE_AFTER_RE = re.compile(r"\s*(?:to|-|\u2013)\s*~?\d+(?:\.\d+)?\s*%")
_BASE_WORDS = ("base", "before", "vanilla", "unpatched", "without", "w/o")
_NOT_UNITS = frozenset("to and the in on at with for or vs of".split())
_PRONOUN_RE = re.compile(r"^(?:it|this|that|which|they|these|those|we|i|he|she)$", re.I)
_OVERHEAD_RE = re.compile(r"\boverhead\b", re.I)
_OVERHEAD_PCT_RE = re.compile(rf"\b(?:was|is|of|be|at)\s+{_APPROX}(?P<pct>\d+(?:\.\d+)?)\s*%", re.I)
_NEGATIVE_WORDS = ("regress", "decreas", "drop", "reduc", "degrad", "slow", "loss")
# Labelled lines: "<what> without my patches: 861.5664 +/- 3.3665 s".
_LABELLED_VALUE_RE = re.compile(
    r"^\s*(?P<label>[^:\n]{2,80}?):\s*(?P<value>[-+]?\d[\d,]*(?:\.\d+)?)\s*(?:(?:\+/-|\u00c2?\u00b1|\+-)\s*"
    r"(?P<spread>\d[\d,]*(?:\.\d+)?))?\s*(?P<unit>[A-Za-z\u00b5%][\w/\u00b5%]*)?\s*$"
)
_BASE_WORD_RE = re.compile(r"\b(?:without|before|w/o|base(?:line)?|vanilla|unpatched|old|original|stock)\b", re.I)
_NEW_WORD_RE = re.compile(r"\b(?:with|after|w/|patched|new)\b", re.I)
# Section captions: "Without flushing:", "Before this change:", "After:".
_SECTION_RE = re.compile(
    r"^\s*(?P<kw>without|with|before|after|w/o|w/|baseline|base|patched|unpatched|vanilla)\b[^:\n]{0,60}:\s*$", re.I)
# "Key: value" items inside a section, several per line separated by ';' or ','.
_KV_RE = re.compile(
    r"(?:^|[;,]\s*|\s{2,}|(?<=:)\s)(?P<key>(?:[A-Za-z]|\d+(?:\.\d+)?(?:st|nd|rd|th)\b)[\w /%().-]{0,40}?)(?::\s+|=)"
    r"(?P<value>\d[\d,]*(?:\.\d+)?(?:\s+-\s+\d[\d,]*(?:\.\d+)?)?)(?P<unit>[A-Za-z/%]+)?(?=\s*(?:[;,(]|$))",
    re.M,
)
_LINE_HEAD_RE = re.compile(r"^\s*(?P<head>[A-Za-z][\w/.-]{0,20}(?:\s*\((?P<unit>[A-Za-z/%]{1,8})\))?):\s")
_KV_SCALE = {"k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9}
# A sentence ends at . ? ! before a capital, a digit or an opening mark, or before a line break: mail
# starts lines with lower-case identifiers ("schbench p99 ...") that begin new sentences.
_SENTENCE_END_RE = re.compile(r"(?<=[.?!])(?:[ \t]*\n\s*|\s+(?=[\"'(A-Z0-9*-]))")
_BULLET_RE = re.compile(r"^\s*(?:[-*\u2022]+|\d+[.)]|\(\w\))\s+")
_SUBJECT_TRIM_RE = re.compile(
    r"^(?:[-*\u2022\s]+|(?:and|but|so|then|also|with the (?:change|patch(?:es)?)|after (?:the|this) "
    r"(?:change|patch)|in (?:this|that) case|overall)\s*,?\s*)+", re.I)
_SUBJECT_VERB_TAIL_RE = re.compile(r"\s+(?:is|are|was|were|has|have|had|been|got|gets|get|did|does)\s*$", re.I)
_PARENTHESIS_RE = re.compile(r"\s*\([^()]{0,80}\)")
_QUESTION_HEAD_RE = re.compile(r"^(?:why|how|when|where)?\s*(?:did|does|do|is|was|has)\s+", re.I)
_LEADING_PRONOUN_VERB_RE = re.compile(r"^(?:we|i|it|they|you)\s+(?:\w+\s+)?(?:get|got|see|saw|measured?|have|had)\b\s*",
                                      re.I)
_TRAILING_VERB_RE = re.compile(
    r"(?:\s+(?:took|takes|take|ran|runs|run|got|gets|was|were|is|are|went|goes))?(?:\s+(?:in|at|of|on|for))?\s*$",
    re.I)
_ANAPHOR_RE = re.compile(r"^(?:that|this|it|which)\b", re.I)
# What a patch sets rather than measures: "increase the default batch from 16 to 32", "struct size ...".
_SETTING_SUBJECT_RE = re.compile(
    r"\b(?:size|footprint|lines of code|loc|limit|default|threshold|batch|timeout|interval|period|budget|"
    r"watermark|quota|version|entries|buckets|slots|max_\w+|min_\w+|number of \w+|nr_\w+)\b", re.I)


@dataclass
class _Sentence:
    start: int
    end: int
    text: str  # whitespace collapsed


def _sentences(text: str) -> list[_Sentence]:
    """Sentences with their offsets: paragraphs split at blank lines and bullets, then at sentence ends."""
    out: list[_Sentence] = []
    segments: list[tuple[int, int]] = []
    seg_start = None
    pos = 0
    for line in text.split("\n"):
        line_end = pos + len(line)
        if not line.strip():
            if seg_start is not None:
                segments.append((seg_start, pos - 1))
                seg_start = None
        elif _BULLET_RE.match(line) or seg_start is None:
            if seg_start is not None:
                segments.append((seg_start, pos - 1))
            seg_start = pos + (len(line) - len(line.lstrip()))
        pos = line_end + 1
    if seg_start is not None:
        segments.append((seg_start, len(text)))
    for start, end in segments:
        chunk = text[start:end]
        piece_start = 0
        for match in _SENTENCE_END_RE.finditer(chunk):
            if _is_abbreviation(chunk[max(0, match.start() - 12):match.start()]):
                continue
            out.append(_make_sentence(text, start + piece_start, start + match.start()))
            piece_start = match.end()
        out.append(_make_sentence(text, start + piece_start, end))
    return [s for s in out if s.text]


def _is_abbreviation(head: str) -> bool:
    tail = head.rsplit(None, 1)[-1] if head.split() else ""
    return tail.lower() in ("e.g.", "i.e.", "vs.", "etc.", "approx.", "cf.", "fig.") or bool(re.match(r"^\d+\.$", tail))


def _make_sentence(text: str, start: int, end: int) -> _Sentence:
    raw = text[start:end]
    lead = len(raw) - len(raw.lstrip())
    trail = len(raw) - len(raw.rstrip())
    return _Sentence(start + lead, end - trail, " ".join(raw.split()))


def _value(text: str) -> tuple[float | None, float | None, str | None]:
    """A prose number or range as (value, spread, unit); a range gives its middle and half-width."""
    text = text.strip().replace(",", "")
    ranged = parse_range(text)
    if ranged:
        low, high, unit = ranged
        return (low + high) / 2, (high - low) / 2, unit
    number = parse_number(text.lstrip("~"))
    if number is None:
        return None, None, None
    return number.value, None, number.unit


def _subject(before: str) -> str | None:
    """The thing that changed: the clause before the verb, without bullets, linking words, 'is', a
    parenthesis, a reporting verb ("perf-c2c shows ..."), a question's "why did", and without a leading
    pronoun ("we get", "the build took" name nothing more than what follows)."""
    before = _PARENTHESIS_RE.sub("", before or "")
    clause = re.split(r"[,;:]\s+|\s+-\s+|\b(?:shows?|reports?|gives?|indicates?|that)\s+", before)[-1]
    clause = _QUESTION_HEAD_RE.sub("", clause.strip())
    clause = _SUBJECT_TRIM_RE.sub("", clause.strip())
    clause = _SUBJECT_VERB_TAIL_RE.sub("", clause).strip(" *-")
    clause = re.sub(r"^(?:the|a|an)\s+", "", clause, flags=re.I)
    clause = _LEADING_PRONOUN_VERB_RE.sub("", clause)
    clause = _TRAILING_VERB_RE.sub("", clause).strip(" ,")
    if _PRONOUN_RE.match(clause):
        return None
    return clause[:120] or None


def _direction(subject: str | None, unit: str | None, verb: str, delta: float | None, text: str) -> bool | None:
    stated = stated_direction(text)
    if stated is not None:
        return stated
    for name in (subject, unit):
        direction = metric_direction(name)
        if direction is not None:
            return direction
    verb = verb.lower()
    if delta:
        if verb.startswith("improv") or verb.startswith("sped") or verb.startswith("speed"):
            return delta > 0
    return None


def _result(start: int, end: int, text: str, subject: str | None, base: float | None, new: float | None,
            unit: str | None, verb: str, base_spread: float | None = None, new_spread: float | None = None,
            delta: float | None = None, context: str = "") -> InlineResult:
    if delta is None:
        delta = delta_pct(base, new)
    higher = _direction(subject, unit, verb, delta, context or text)
    spread = None
    if base and (base_spread is not None or new_spread is not None):
        spread = ((base_spread or 0.0) + (new_spread or 0.0)) / abs(base) * 100
    return InlineResult(start, end, text, subject, base, new, _fmt(base) if base is not None else None,
                        _fmt(new) if new is not None else None, unit, delta, higher, base_spread, new_spread,
                        verdict(delta, higher, spread_pct=spread))


def _from_to(sentence: _Sentence) -> list[InlineResult]:
    found = []
    for match in _FROM_TO_RE.finditer(sentence.text):
        base, base_spread, unit_a = _value(match.group("a"))
        new, new_spread, unit_b = _value(match.group("b"))
        if base is None or new is None:
            continue
        subject = _changed_thing(sentence.text[:match.end("gap")])
        if subject and _SETTING_SUBJECT_RE.search(subject) or _SETTING_SUBJECT_RE.search(match.group("gap")):
            continue
        unit = match.group("ua") or match.group("ub") or unit_a or unit_b
        if unit and unit.lower() in ("to", "and", "the", "in", "on", "at", "with", "for"):
            unit = None
        base_spread = _spread(match.group("sa"), base_spread)
        new_spread = _spread(match.group("sb"), new_spread)
        found.append(_result(sentence.start, sentence.end, sentence.text, subject, base, new, unit,
                             match.group("verb"), base_spread, new_spread))
    return found


def _pair_unit(*candidates: str | None) -> str | None:
    """The first unit printed beside either value, unless it is a word that only looks like one."""
    unit = next((c for c in candidates if c), None)
    return None if unit and unit.lower() in _NOT_UNITS else unit


def _spread(printed: str | None, from_range: float | None) -> float | None:
    return float(printed.replace(",", "")) if printed else from_range


def _arrows(sentence: _Sentence) -> list[InlineResult]:
    """"<what>: A -> B": the arrow points from the baseline to the patched value."""
    found = []
    for match in _ARROW_RE.finditer(sentence.text):
        base, base_spread, unit_a = _value(match.group("a"))
        new, new_spread, unit_b = _value(match.group("b"))
        if base is None or new is None:
            continue
        unit = _pair_unit(match.group("ua"), match.group("ub"), unit_a, unit_b)
        if unit is None and base.is_integer() and new.is_integer() and max(base, new) < 100 \
                and "." not in match.group("a") + match.group("b"):
            continue  # "Changes 1 -> 2": versions or counts, not a measurement
        subject = _subject(sentence.text[:match.start()].rstrip(" :=")) if match.start() else None
        if subject and _SETTING_SUBJECT_RE.search(subject):
            continue
        found.append(_result(sentence.start, sentence.end, sentence.text, subject, base, new, unit, "",
                             _spread(match.group("sa"), base_spread), _spread(match.group("sb"), new_spread)))
    return found


def _named_pairs(sentence: _Sentence) -> list[InlineResult]:
    """"base: A, patched: B", "A (before) vs B (after)" or "A before and B after" in one sentence."""
    found = []
    for match in _NAMED_PAIR_RE.finditer(sentence.text):
        form = next(suffix for suffix in ("", "2", "3", "4") if match.group("a" + suffix) is not None)
        base, base_spread, unit_a = _value(match.group("a" + form))
        new, new_spread, unit_b = _value(match.group("b" + form))
        if base is None or new is None:
            continue
        unit = _pair_unit(match.group("ua" + form), match.group("ub" + form), unit_a, unit_b)
        subject = _subject(sentence.text[:match.start()].rstrip(" :=(,;"))
        if form == "4" and match.group("key4"):
            subject = match.group("key4").strip(" :")
        found.append(_result(sentence.start, sentence.end, sentence.text, subject, base, new, unit, "",
                             base_spread, new_spread))
    return found


def _parallel_clauses(sentence: _Sentence) -> list[InlineResult]:
    """"X runs in ~30s, while Y runs in ~20s": two configurations, the first one taken as the baseline."""
    found = []
    for match in _WHILE_RE.finditer(sentence.text):
        if match.group("ua").lower() != match.group("ub").lower():
            continue
        base, _, _ = _value(match.group("a"))
        new, _, _ = _value(match.group("b"))
        if base is None or new is None:
            continue
        subject = _subject(sentence.text[:match.start()])
        found.append(_result(sentence.start, sentence.end, sentence.text, subject, base, new,
                             match.group("ua"), ""))
    return found


def _respectively(sentence: _Sentence) -> list[InlineResult]:
    """"A and B without and with the patch respectively": the order words say which value is the baseline."""
    found = []
    for match in _RESPECTIVELY_RE.finditer(sentence.text):
        first, first_spread, unit_a = _value(match.group("a"))
        second, second_spread, unit_b = _value(match.group("b"))
        if first is None or second is None:
            continue
        order = match.group("order").lower()
        reverse = order.startswith(("with ", "after", "patched"))
        base, new = (second, first) if reverse else (first, second)
        spreads = (second_spread, first_spread) if reverse else (first_spread, second_spread)
        unit = _pair_unit(match.group("ua"), match.group("ub"), unit_a, unit_b)
        subject = _subject_before_numbers(sentence.text[:match.start()])
        found.append(_result(sentence.start, sentence.end, sentence.text, subject, base, new, unit, "",
                             spreads[0], spreads[1]))
    return found


def _changed_thing(head: str) -> str | None:
    """What a "<verb> ... from A to B" statement changes: the object after the last change verb ("improves
    the throughput from"), else the subject before it ("the latency is reduced from")."""
    verbs = list(_CHANGE_VERB_WORD_RE.finditer(head))
    if not verbs:
        return _subject(head)
    last = verbs[-1]
    obj = _subject(head[last.end():]) if head[last.end():].strip() else None
    return obj or _subject(head[:last.start()])


def _subject_before_numbers(head: str) -> str | None:
    """The subject of "<subject> were A and B ...": its last clause up to a preposition, articles off."""
    head = _PARENTHESIS_RE.sub("", head)
    head = re.sub(r"\s+(?:were|was|are|is|of|at|:)\s*$", "", head.strip())
    clause = re.split(r"[,;:]\s+", head)[-1]
    clause = re.split(r"\s+(?:on|in|with|for|under|at|using)\s+", clause)[0]
    clause = re.sub(r"^(?:the|a|an)\s+", "", clause, flags=re.I)
    words = clause.split()
    return " ".join(words[-6:]) or None


def _percent_only(sentence: _Sentence, taken: list[tuple[int, int]]) -> list[InlineResult]:
    found = []
    for regex in (_PCT_NOUN_RE, _VERB_PCT_RE):
        for match in regex.finditer(sentence.text):
            if any(a <= match.start() < b for a, b in taken):
                continue
            if _BOUND_BEFORE_RE.search(sentence.text[:match.start("pct")]):
                continue
            if _PCT_RANGE_AFTER_RE.match(sentence.text, match.end()) or \
                    _PCT_RANGE_AFTER_RE.match(sentence.text, match.end("pct") + 1):
                continue  # "by 4% to 5%": a claim's span, not one measured change
            pct_text = match.group("pct")
            value = float(pct_text)
            kind = match.group("kind").lower()
            if pct_text[0] not in "+-" and kind.startswith(_NEGATIVE_WORDS):
                value = -value
            what = match.groupdict().get("what") or match.groupdict().get("object")
            what = re.sub(r"^the\s+", "", what, flags=re.I) if what else None
            subject = what.rstrip(".:") if what else _subject(sentence.text[:match.start()])
            if not subject or _PRONOUN_RE.match(subject) or _SETTING_SUBJECT_RE.search(subject):
                continue  # a result names what was measured; "it improves 6%" is a claim
            taken.append((match.start(), match.end()))
            higher = metric_direction(subject)
            if kind.startswith(("improv", "speed", "sped", "boost", "gain")):
                judged = "better"
            elif kind.startswith(("regress", "degrad", "slow", "loss")):
                judged = "worse"
            else:
                judged = verdict(value, higher)
            found.append(InlineResult(sentence.start, sentence.end, sentence.text, subject, None, None, None, None,
                                      None, value, higher, None, None, judged))
    return found


def _overheads(sentences: list[_Sentence], i: int) -> InlineResult | None:
    """"the overhead ... was about 2.2%", in one sentence or the next: a -2.2% change."""
    sentence = sentences[i]
    if not _OVERHEAD_RE.search(sentence.text):
        return None
    for j in (i, i + 1):
        if j >= len(sentences):
            break
        other = sentences[j]
        match = _OVERHEAD_PCT_RE.search(other.text)
        if match and not _BOUND_BEFORE_RE.search(other.text[:match.start("pct")]):
            if j != i and not _ANAPHOR_RE.match(other.text):
                break
            text = sentence.text if j == i else f"{sentence.text} {other.text}"
            phrase = _OVERHEAD_PHRASE_RE.search(sentence.text)
            subject = phrase.group().strip() if phrase else "overhead"
            return InlineResult(sentence.start, other.end, text, subject, None, None, None, None, "%",
                                -float(match.group("pct")), None, None, None, "worse")
    return None


def _labelled_lines(text: str) -> list[InlineResult]:
    """Two consecutive "<x> without ...: A" / "with ...: B" lines are one result at the first line."""
    found = []
    lines = text.split("\n")
    offsets = []
    pos = 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    for i in range(len(lines) - 1):
        first = _LABELLED_VALUE_RE.match(lines[i])
        if not first or not _BASE_WORD_RE.search(first.group("label")):
            continue
        nxt = i + 2 if not lines[i + 1].strip() and i + 2 < len(lines) else i + 1  # one blank line allowed
        second = _LABELLED_VALUE_RE.match(lines[nxt])
        if not second or not _NEW_WORD_RE.search(second.group("label")) or _BASE_WORD_RE.search(second.group("label")):
            continue
        base = float(first.group("value").replace(",", ""))
        new = float(second.group("value").replace(",", ""))
        base_spread = float(first.group("spread").replace(",", "")) if first.group("spread") else None
        new_spread = float(second.group("spread").replace(",", "")) if second.group("spread") else None
        subject = _BASE_WORD_RE.split(first.group("label"))[0].strip() or None
        start = offsets[i] + len(lines[i]) - len(lines[i].lstrip())
        end = offsets[nxt] + len(lines[nxt].rstrip())
        joined = " ".join(text[start:end].split())
        found.append(_result(start, end, joined, subject, base, new, first.group("unit") or second.group("unit"),
                             "", base_spread, new_spread))
    return found


def _sections(text: str) -> list[InlineResult]:
    """Before/after sections of "Key: value" lines, paired by key, one result per key."""
    lines = text.split("\n")
    offsets = []
    pos = 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    heads = [(i, m.group("kw").lower()) for i, line in enumerate(lines) if (m := _SECTION_RE.match(line))]
    found: list[InlineResult] = []
    for n, (i, kw) in enumerate(heads):
        if not _BASE_WORD_RE.match(kw) or n + 1 >= len(heads):
            continue
        j, new_kw = heads[n + 1]
        if _BASE_WORD_RE.match(new_kw) or j - i > 60:
            continue
        stop = heads[n + 2][0] if n + 2 < len(heads) else min(len(lines), j + (j - i) + 2)
        before = _kv_items(lines, i + 1, j)
        after = _kv_items(lines, j + 1, stop)
        after_by_key = {}
        for item in after:
            after_by_key.setdefault(item[0], item)
        for key, (low, high), unit, line_no in before:
            if key not in after_by_key:
                continue
            _, (new_low, new_high), new_unit, _ = after_by_key[key]
            variants = [(key, low, new_low)] if high is None else [(f"{key} (min)", low, new_low),
                                                                  (f"{key} (max)", high, new_high)]
            adjacent = all(not lines[k].strip() == "" and _KV_RE.search(lines[k]) for k in range(i + 1, line_no + 1))
            first_line = i if adjacent else line_no
            start = offsets[first_line] + len(lines[first_line]) - len(lines[first_line].lstrip())
            end = offsets[line_no] + len(lines[line_no].rstrip())
            for name, base, new in variants:
                if base is None or new is None or (base == 0 and new == 0):
                    continue
                shown = " ".join(text[start:end].split())
                if adjacent:
                    shown = f"{shown} {lines[j].strip()} {key}: {_fmt(new)}"
                found.append(_result(start, end, shown, name, base, new, unit or new_unit, ""))
    return found


def _fmt(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def _kv_items(lines: list[str], first: int, stop: int) -> list[tuple[str, tuple, str | None, int]]:
    """(key, (value, upper end of a range or None), unit, line) for each "Key: value" in lines[first:stop]."""
    items = []
    for k in range(first, min(stop, len(lines))):
        head = _LINE_HEAD_RE.match(lines[k])
        for match in _KV_RE.finditer(lines[k]):
            raw = match.group("value").replace(",", "")
            unit = match.group("unit")
            key = match.group("key").strip()
            if head and "=" in match.group() and match.start("key") >= head.end():
                # fio's "clat (usec): min=3, avg=8.10": the line's head names the measurement and unit
                key = f"{head.group('head')} {key}"
                unit = unit or head.group("unit")
            scale = _KV_SCALE.get(unit, 1.0) if unit else 1.0  # fio's "IOPS=123k"
            if " - " in raw:
                low_text, high_text = (p.strip() for p in raw.split(" - "))
                value = (float(low_text) * scale, float(high_text) * scale)
            else:
                value = (float(raw) * scale, None)
            items.append((key, value, None if unit in _KV_SCALE else unit, k))
    return items


class _Claimed:
    """Spans already reported by the line-based forms, so that prose finders skip those sentences."""

    def __init__(self, spans: list[tuple[int, int]]):
        self.starts = [a for a, _ in spans]
        self.spans = spans
        self.reach = list(itertools.accumulate((b for _, b in spans), max))  # furthest end so far

    def overlaps(self, start: int, end: int) -> bool:
        """Whether [start, end) meets a claimed span: one that starts before `end` and ends after `start`."""
        i = bisect.bisect_left(self.starts, end) - 1
        return i >= 0 and self.reach[i] > start


def find_inline_results(text: str) -> list[InlineResult]:
    """Baseline -> patched results stated in prose or labelled lines in one block of text.

    One result per statement, in text order; `start` is the statement's first character. Text with no
    numbers gives an empty list; content never makes this raise.
    """
    if not isinstance(text, str):
        raise TypeError("text must be a str")
    if not _PREFILTER_RE.search(text):
        return []
    found: list[InlineResult] = []
    found.extend(_labelled_lines(text))
    found.extend(_sections(text))
    found.extend([])
    claimed = _Claimed(sorted((r.start, r.end) for r in found))
    sentences = _sentences(text)
    previous_had_pair = False
    for i, sentence in enumerate(sentences):
        lower = sentence.text.lower()
        has_digit = _PREFILTER_RE.search(lower) is not None
        if (not has_digit and "overhead" not in lower) or claimed.overlaps(sentence.start, sentence.end):
            previous_had_pair = False
            continue
        # Cheap word tests decide which statement forms can occur before any of their expressions run.
        taken = [(m.start(), m.end()) for m in _FROM_TO_RE.finditer(sentence.text)] \
            if has_digit and "from" in lower and "to" in lower else []
        pairs = _from_to(sentence) if taken else []
        if not pairs and has_digit and "respectively" in lower:
            pairs = _respectively(sentence)
        if not pairs and has_digit and ("->" in lower or "\u2192" in lower or "=>" in lower):
            pairs = _arrows(sentence)
        if not pairs and has_digit and ("while" in lower or "whereas" in lower):
            pairs = _parallel_clauses(sentence)
        if not pairs and has_digit and any(word in lower for word in _BASE_WORDS):
            pairs = _named_pairs(sentence)
        overhead = _overheads(sentences, i) if "overhead" in lower else None
        singles = []
        if overhead is None and has_digit and "%" in lower \
                and not (previous_had_pair and _ANAPHOR_RE.match(sentence.text)):
            singles = _percent_only(sentence, taken)
        found.extend(pairs)
        if overhead is not None:
            found.append(overhead)
        found.extend(singles)
        previous_had_pair = bool(pairs)
    found.sort(key=lambda r: (r.start, r.end))
    return found
