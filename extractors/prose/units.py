"""Prose units of a block: its paragraphs and list items, with tables, code and trailers left out.

Transitional: `extractors.blocks` will hand the sentence pipeline prose blocks only; until then these line
tests keep table rows, diff and code lines, shell prompts, trailers and shortlogs away from spaCy. Mail is
hard-wrapped at ~72 columns, so a unit's lines are later unwrapped into one string.
"""

from __future__ import annotations

import re

# A table line: two bars anywhere (searched only in lines with a bar), or a rule from the line's start.
_BARS_RE = re.compile(r"\|.*\|")
_RULE_START_RE = re.compile(r"^\s*[+|]?[-=+]{4,}|^\s*[-=_*#~.]{4,}\s*$")
# A code or diff line; "- 4k randread: ..." (a dash, a space, a figure and a word) is a list item.
_CODE_LINE_RE = re.compile(
    r"^(?:[+-](?![-+ ]?\s*[A-Za-z(\"'])(?! \d[\w.]*\s+[A-Za-z])|@@ |[+-]{3} |\\ No newline|#(?:include|define|if)|\$ |# |"
    r"\s*[{}]\s*$|.*\{\s*$|\s*/\*|\s*\*/|\s+\*\s*$)")
# A statement's end: a line ending in ";" is code, unless it reads as words ("... on some CPUs;" wraps a
# sentence at its semicolon): five plain words or more and none of the signs of code (a call "f(", an
# assignment, a member "->", brackets, logical operators).
_STATEMENT_END_RE = re.compile(r";\s*$")
_CODE_SIGN_RE = re.compile(r"\w\(|[=\[\]{}]|->|&&|\|\|")
_PLAIN_WORD_RE = re.compile(r"(?<!\S)\(?[A-Za-z]+[,;.)]*(?!\S)")
_MIN_PROSE_WORDS = 5
# Inside a C block comment (after a "/*" line that did not close it) every line is code; outside one,
# " * text" is a list item, as prose mail writes bullets.
_COMMENT_OPEN_RE = re.compile(r"^\s*/\*(?!.*\*/)")
_COMMENT_LINE_RE = re.compile(r"^\s+\*(?:\s|/|$)")
_TRAILER_RE = re.compile(
    r"^\s*(?:Signed-off-by|Reviewed-by|Acked-by|Tested-by|Reported-by|Suggested-by|Cc|Link|Fixes|Closes|"
    r"Co-developed-by|Message-I[dD]|Subject|From|To|Date|In-Reply-To|References):\s", re.I)
# A subject line shown in an archive page or a cover letter: "Re: [PATCH v2 1/3] mm: speed up ...".
_SUBJECT_LINE_RE = re.compile(r"^\s*(?:(?:Re|RE|Fwd|FW|Aw|AW)\s*:\s*)*\[(?:[\w./ -]*PATCH|RFC)[^\]]*\]|"
                              r"^\s*(?:Re|RE|Fwd):\s")
# A colon as mail in English and mail from CJK input methods ends a heading line ("Results：").
_COLONS = (":", "\uff1a")
_LINE_ENDS = (".", "!", "?") + _COLONS
_SHORTLOG_HEAD_RE = re.compile(r"^\S.*\(\d+\):\s*$")
_URL_ONLY_RE = re.compile(r"^\s*(?:\[\S*\]:?\s*)?<?(?:https?|ftp)://\S+>?\s*$")
_NUMBER_RE = re.compile(r"(?=[-+~\d])(?<![\w.])[-+~]?\d[\d,.]*(?:[eE][-+]?\d+)?%?(?![\w.])")
_WORD_RE = re.compile(r"[A-Za-z]{2,}")
# A gap of three spaces or a tab between two cells; after a full stop and before a capital it is the
# wide gap some writers leave between sentences ("on the 32 vCPU VM.   Without parallel, ...").
_ALIGNED_RE = re.compile(r"[^\s.!?](?: {3,}|\t)\S|[.!?](?: {3,}|\t)(?![A-Z])\S")
# A list item: "- ", "* ", "** ", "o ", "1. ", "2) ", "a) ", "(b) ", "(3) ", "(iv) "; and "? ", the bullet a
# mail client could not encode (no sentence opens with a question mark).
_BULLET_RE = re.compile(r"^\s*(?:[-*+\u2022o?]{1,2}|\d{1,2}[.)]|[a-z][)]|\((?:\d{1,2}|[a-z]|[ivx]{1,4})\))\s+(?=\S)")
# A statement "Label: figure" on a line of its own ("Score gain: 1.95x", "Overhead: 0.5%").
_LABELLED_FIGURE_RE = re.compile(r"^\s*[A-Z][\w/.-]*(?: [\w/.-]+){0,3}:\s*[-+~]?\d[\d.,]*\s*\S{0,8}\s*$")
_DIGIT_RE = re.compile(r"\d")


def _is_prose(line: str) -> bool:
    """Whether a line (quote prefix already removed) can be part of a sentence: words outnumber numbers
    and it is not aligned into columns."""
    stripped = line.strip()
    if not stripped:
        return False
    if ("|" in line and _BARS_RE.search(line)) or _RULE_START_RE.match(line) or _CODE_LINE_RE.match(line) \
            or _TRAILER_RE.match(line) or _URL_ONLY_RE.match(line) or _SUBJECT_LINE_RE.match(line):
        return False
    if _STATEMENT_END_RE.search(line) and (_CODE_SIGN_RE.search(line) or
                                           len(_PLAIN_WORD_RE.findall(stripped)) < _MIN_PROSE_WORDS):
        return False
    words = len(_WORD_RE.findall(stripped))
    numbers = len(_NUMBER_RE.findall(stripped)) if _DIGIT_RE.search(stripped) else 0  # a number has a digit
    if numbers >= 3 and numbers > words:
        return False
    if numbers >= 2 and _ALIGNED_RE.search(stripped):
        return False  # columns of a table
    return words >= 1


# How long a line may be and still end short of the wrap: mail is wrapped at ~72 columns, so a line of
# half that which ends without a stop is a line of its own ("	Average IOPS decreased by 53%").
_SHORT_LINE = 50


def _next_item(previous: str, line: str) -> bool:
    """Whether `line` is the next item of an indented list of short lines: both indented alike, the one
    before short and without a stop, this one opening with a capital ("	Average IOPS decreased by 53%"
    over "	Average throughput decreased by 53%"), not the next line of a wrapped sentence."""
    indent = line[:len(line) - len(line.lstrip())]
    return bool(indent) and previous.startswith(indent) and not previous[len(indent):][:1].isspace() and \
        len(previous.strip()) <= _SHORT_LINE and previous.rstrip()[-1:] not in ".,;:" and line.lstrip()[:1].isupper()


def _same_opening(previous: str, line: str) -> bool:
    """Whether `line` is the next of lines written alike, each a statement of its own: it opens with the
    same two words as the line before, a capital first, and the line before ended without a stop ("For
    blocks >= 1KB we see 46%" over "For blocks < 1KB we see 13%"): a sentence wrapped does not repeat
    its opening on the next line."""
    opening = line.split()[:_OPENING_WORDS]
    return line.lstrip()[:1].isupper() and previous.rstrip()[-1:] not in ".,;:" and \
        len(opening) == _OPENING_WORDS and previous.split()[:_OPENING_WORDS] == opening


_OPENING_WORDS = 2


def _still_open(unit: list[tuple[int, str]]) -> bool:
    """Whether the unit's text leaves a bracket or a double quote open: a colon inside it is part of
    what is quoted (a commit title, 'commit 1234abcd ("block: don't reorder ...")'), not a lead-in."""
    text = " ".join(line for _, line in unit)
    return text.count("(") > text.count(")") or text.count('"') % 2 == 1


# A sentence's last figure wrapped onto a line of its own ("... has reduced by about" / "20%.", or a
# range, "2-4%."): the line goes on the sentence above it, which did not end.
_LONE_FIGURE_RE = re.compile(r"^\s*[~\u2248]?[-+]?\d[\d.,]*(?:-\d[\d.,]*)?\s?[%A-Za-z/\u00b5]*[.,;)]?\s*$")


def find_prose_units(text: str) -> list[list[tuple[int, str]]]:
    """The prose units of a block: each a list of (offset of the line's first kept char, line text).

    A unit ends at a blank or non-prose line, before a list item, and after a line ending in ':'
    (which introduces a table, a list or a command) unless a bracket or quote is still open. The lines
    of a C block comment are code. A line "Label: figure" ("Score gain: 1.95x") is a unit of its own:
    lines of such statements are not one sentence wrapped, nor are lines that open alike. A shortlog
    ("Name (3):" and its indented lines) is skipped whole.
    """
    units: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    offset = 0
    in_shortlog = in_comment = False
    previous = ""  # the last line kept in the current unit
    for line in text.split("\n"):
        line_start, offset = offset, offset + len(line) + 1
        if in_shortlog and line[:1].isspace() and line.strip():
            continue
        in_shortlog = bool(_SHORTLOG_HEAD_RE.match(line))
        comment = ("/*" in line and bool(_COMMENT_OPEN_RE.match(line))) or \
            (in_comment and bool(_COMMENT_LINE_RE.match(line)))
        in_comment = comment and "*/" not in line
        wrapped_figure = bool(current) and _LONE_FIGURE_RE.match(line) is not None and \
            not previous.rstrip().endswith(_LINE_ENDS)
        if in_shortlog or comment or not (_is_prose(line) or wrapped_figure):
            if current:
                units.append(current)
            current = []
            continue
        bullet = _BULLET_RE.match(line)
        labelled = ":" in line and _LABELLED_FIGURE_RE.match(line)
        if (bullet or labelled or _next_item(previous, line) or _same_opening(previous, line)) and current:
            units.append(current)
            current = []
        skip = bullet.end() if bullet else len(line) - len(line.lstrip())
        current.append((line_start + skip, line[skip:].rstrip()))
        previous = line
        if line.rstrip().endswith(_COLONS) and not _still_open(current) or labelled:
            units.append(current)
            current = []
    if current:
        units.append(current)
    return units
