"""Performance claims in mail prose: sentences asserting that a change makes things faster, slower or no
different, with the magnitude when one is stated ("a solid improvement (7%)", "takes a small hit", "in
the noise").

The decision is the sentence classifier's (`extractors.prose.classify`): an effect phrase about a
performance subject, not a question or request, not hypothetical or a plan, not the verb of a plain
"from X to Y" result (an inline result), and "regression" only in its performance sense. A bare figure
that leans on the sentence before ("I measured the overhead. It was about 2.2%.") is joined with it.

Whether a claim agrees with the evidence is decided in the linking stage, which sees the whole series.
"""

from __future__ import annotations

import re

from extractors.memo import text_cache
from extractors.model import Claim
from extractors.prose.classify import about_performance, read_claim
from extractors.prose.figures import bare_figure, figure_polarity, moved_figure
from extractors.prose.pipeline import Sentence, find_sentences
from extractors.vocab.comparisons import BAD_NOUNS, GOOD_NOUNS
from extractors.vocab.units import lookup_unit


def find_claims(text: str, measured: bool = False) -> list[Claim]:
    """Sentences asserting a performance effect in one block of text (quote prefixes already removed).
    `measured` says the message holds performance evidence: "no significant difference" then needs no
    subject of its own.

    Each Claim has the sentence's offsets in `text`, the sentence with single spaces for line breaks,
    its polarity and the stated magnitude in percent (or None). Never raises because of content.
    """
    return list(_claims(text, measured))


# "Performance improvements:", "Performance gains:": a few words and a colon head the list or table that
# states the effects; they state none themselves.
_MAX_HEADING_WORDS = 4


# "[2/3] tests: reduce the wait time": a patch's title in a list of applied patches or a pull request,
# which names the change (in the imperative) and reports no run; so does a commit's, after its id
# ("4a79a98c7b19 ext4: Improve scalability of ...", "| 02f310fcf47f ("ext4: Speedup ...")").
_PATCH_TITLE_RE = re.compile(r"\[\d+/\d+\]\s|[|*\s-]*(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}\s+(?:\(\")?[\w/.-]+:\s")


# A numbered caption ("Table 1: throughput improvement, CPU vs. message length", "Figure 2."): it names
# what the table or figure shows, and states no effect of its own.
_NUMBERED_CAPTION_RE = re.compile(r"(?:Table|Figure|Fig\.|Graph|Chart|Plot)\s+\d+[a-z]?\s*[:.]", re.I)


# An effect named as a quantity with its unit in brackets ("Performance benefit (%)", "Speedup (x)", "overhead
# (ns)"): the label of a chart's axis or a table's column, which names what is measured and states no effect.
_EFFECT_NOUNS = GOOD_NOUNS | BAD_NOUNS | {"benefit", "change", "delta", "difference"}
_UNIT_LABEL_RE = re.compile(r"\b(?:" + "|".join(sorted(_EFFECT_NOUNS)) + r")\s*\((?P<unit>%|x|[A-Za-z/]{1,8})\)", re.I)


# Short words a title leaves in lower case: "Results of the Test".
_TITLE_SMALL_WORDS = frozenset({"a", "an", "the", "of", "and", "or", "for", "in", "on", "with", "to", "vs"})


# Verbs a patch's title or a changelog's item opens with, in the base form and with no full stop ("Reduce
# lock contention by adding a spinlock", "Avoid an extra copy"): the item names a change made, not an
# effect seen; with a figure ("Improve IOPS by 12%") it reports one.
_CHANGE_VERBS = frozenset({"reduce", "avoid", "remove", "add", "fix", "use", "make", "improve", "speed", "optimize",
                           "optimise", "drop", "skip", "cache", "convert", "switch", "move", "rework", "simplify",
                           "kill", "batch", "defer", "limit", "allow", "enable", "disable", "introduce", "replace",
                           "eliminate", "cut", "lower", "shrink", "enhance"})


_VERSION_LABEL_RE = re.compile(r"^v\d{1,2}$")  # "v2" in "V2: Avoid ...", a changelog's label of a version


def _heading_or_title(sentence: Sentence) -> bool:
    """Whether a sentence only heads what follows ("Performance gains:", "Performance Improvement" in title
    case, with no verb and no full stop, "Table 2: ...", "Gain (%) per job count"), or is a patch's title in a
    list or a changelog's item."""
    words = sentence.words
    if words[-1:] == (":",) and len(words) - 1 <= _MAX_HEADING_WORDS or _PATCH_TITLE_RE.match(sentence.text) \
            or _NUMBERED_CAPTION_RE.match(sentence.text):
        return True
    if "(" in sentence.text and any(unit in ("%", "x") or lookup_unit(unit)
                                    for unit in _UNIT_LABEL_RE.findall(sentence.text)):
        return True  # a measure named with its unit labels an axis or a column
    if words[:1] and words[0] in _CHANGE_VERBS and sentence.text[:1].isupper() and \
            words[-1] not in (".", "!", "?") and "," not in words and not sentence.quantities:
        return True  # one clause: "Add a fast path, it's quite faster" goes on to state an effect
    if len(words) > 2 and _VERSION_LABEL_RE.match(words[0]) and words[1] == ":" and words[2] in _CHANGE_VERBS \
            and not sentence.quantities:
        return True  # "V2: Avoid the overhead of the lock.": an item of a version's changelog, stop or none
    printed = sentence.text.split()
    return len(printed) <= _MAX_HEADING_WORDS and all(w.isalpha() for w in printed) and \
        all(w[0].isupper() or w.lower() in _TITLE_SMALL_WORDS for w in printed) and printed[0][0].isupper()


@text_cache(1024)
def _claims(text: str, measured: bool) -> tuple[Claim, ...]:
    """`find_claims`, cached by the block: replies quote the paragraphs of the mails they answer."""
    found: list[Claim] = []
    previous = None
    for sentence in find_sentences(text):
        figure = bare_figure(sentence) if previous is not None and previous.unit == sentence.unit else None
        polarity = figure_polarity(previous) if figure is not None else None
        if polarity is not None:
            # "I measured the overhead of the hook. It was about 1.4%.": one claim over both sentences
            if found and found[-1].start == previous.start:
                found.pop()
            found.append(Claim(previous.start, sentence.end, f"{previous.text} {sentence.text}", polarity, figure))
        else:
            same_unit = previous is not None and previous.unit == sentence.unit
            claim = None if _heading_or_title(sentence) else \
                read_claim(sentence, same_unit and about_performance(previous), measured)
            if claim is None and same_unit:
                claim = moved_figure(sentence, previous)  # "This was an increase of roughly 7%."
            if claim is not None:
                found.append(Claim(sentence.start, sentence.end, sentence.text, claim[0], claim[1]))
        previous = sentence
    return tuple(found)
