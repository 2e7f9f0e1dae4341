"""Lines that hold numbers and yet read as statements, for the sentence reader, not as rows of a table:
a change stated with its name ("Overhead: 0.5%"), a change from one figure to another ("- 4k randread
QD1: 11.2us -> 9.8us") and an item of a changelog ("- moved the check to patches 2, 3 and 5"). The block
segmenter (`extractors.blocks`) asks this of every line that holds a number.
"""

from __future__ import annotations

import re

from extractors.vocab.comparisons import CHANGE_NOUNS_SENSE

# A change stated as "name: figure" ("Score gain: 1.95x", "Overhead: 0.5%"): for the sentence reader, no row.
_CHANGE_RE = re.compile(r"^(?:[\w/-]+\s+){0,3}(?:" + "|".join(map(re.escape, CHANGE_NOUNS_SENSE))
                        + r")\s*[:=]\s*[-+~]?\d[\d.,]*\s*(?:%|x)$", re.I)
# An item of a changelog: a bullet, a verb in lower case and three words before any number ("- moved the
# check to patches 2, 3 and 5"); a row under a bullet names its case in a word or two before its values.
_LIST_ITEM_RE = re.compile(r"^\s*[-*]\s+[a-z]{3,}(?:\s+[^\s\d]+){2,}")
# A change stated as "name: A -> B" ("- 4k randread QD1: 11.2us -> 9.8us"): one result per line, for the
# sentence reader, not a row of a table (a chain "31 -> 29 -> 30" lists setups, and stays data).
_NO_ARROW = r"(?:(?!->|=>|\u2192)[^\n])"
_ARROW_RE = re.compile(
    rf"^\s*(?:[-*\u2022+]\s+)?(?={_NO_ARROW}*?[A-Za-z]){_NO_ARROW}{{1,60}}?"
    r"\s[~\u2248]?[-+]?\d[\d.,]*\s?[A-Za-z\u00b5/%]{0,12}"
    r"\s*(?:->|-->|=>|\u2192)\s*[~\u2248]?[-+]?\d[\d.,]*\s?[A-Za-z\u00b5/%]{0,12}(?:\s*\([^()\n]{0,30}\))?[.;,]?\s*$")


def states_a_change(stripped: str) -> bool:
    """A change stated as "name: figure" ("Score gain: 1.95x"), the line stripped."""
    return _CHANGE_RE.match(stripped) is not None


def states_in_prose(line: str) -> bool:
    """A change from one figure to another on a line of its own, or an item of a changelog."""
    return ("->" in line or "=>" in line or "\u2192" in line) and _ARROW_RE.match(line) is not None \
        or _LIST_ITEM_RE.match(line) is not None
