"""Patch subjects: "[PATCH v2 3/7] mm: foo" -> prefix, version, index, total and title.

A subject is read left to right: reply and forward markers ("Re:", "RE:", "AW:", "Fwd:", "回复:", repeated,
in any case), list tags ("[Xen-devel]"), then the bracket(s) that make it a patch ("[PATCH ...]",
"[RFC ...]", "[PATCH-tip ...]", or split over several brackets: "[RFC][PATCH v2 1/3]", "[PATCH] [v2]").
Inside those brackets a "vN" token is the version and an "N/M" token the counter; every other token stays
in the prefix ("PATCH net-next", "RFC PATCH", "PATCH 5.10"). The title is what follows, so all versions of
a series share it. A bracket after the patch bracket that is not itself patch metadata ("[PATCH] [media]
foo") belongs to the title, as its author wrote it in every version.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Reply and forward markers in the languages mail clients localize them to, with an optional "[2]" count.
_REPLY_MARKER_RE = re.compile(
    r"^\s*(?:re|aw|sv|vs|antw|odp|res|ynt|atb|fwd?|wg|tr|rif|r|ref|réf|enc|rv|ang|"
    r"回复|回覆|答复|转发|轉寄)\s*(?:\[\d+\])?\s*[:：]\s*", re.I)
# After the patch bracket only the common markers count: "[PATCH 1/2] Re: foo" (a title "tr: x" stays).
_LATE_REPLY_MARKER_RE = re.compile(r"^\s*(?:re|aw|fwd?)\s*(?:\[\d+\])?\s*:\s*", re.I)
_BRACKET_RE = re.compile(r"^\s*\[([^\[\]]*)\]\s*")
# A token that makes a bracket a patch bracket: PATCH, PATCHSET, RFC, RFT, and variants like "PATCH-tip".
_PATCH_WORD_RE = re.compile(r"^(?:PATCH(?:SET|ES)?|RFC|RFT)(?:[-_][\w.-]+)?$", re.I)
# "PATCHv2", "PATCH-v3", "RFCv2": the word and the version glued together.
_GLUED_VERSION_RE = re.compile(r"^(PATCH|RFC|RFT)[-_]?(v\d{1,3}(?:\.\d+)?)$", re.I)
_VERSION_RE = re.compile(r"^v(\d{1,3})(?:\.\d+)?$", re.I)
_COUNTER_RE = re.compile(r"^(\d{1,4})/(\d{1,4})$")
# Tokens that may stand in a bracket of their own beside the patch bracket: "[v2]", "[RESEND]", "[1/3]".
_META_WORD_RE = re.compile(r"^(?:RESEND|RFC|RFT|REPOST|v\d{1,3}(?:\.\d+)?|\d{1,4}/\d{1,4})$", re.I)
_WS_RE = re.compile(r"\s+")
# The form most subjects of a list take, "[PATCH v2 3/7] title" or "Re: [PATCH] title", whose reading by
# the general loop below is known: a title that opens with no bracket and no reply marker of its own.
# Series grouping reads every subject of an archive, and this costs a tenth of the loop.
_COMMON_PATCH_RE = re.compile(r"(Re: )?\[PATCH(?: v([1-9][0-9]{0,2}))?(?: ([0-9]{1,4})/([0-9]{1,4}))?\] "
                              r"(?!\[)(?!(?i:re|aw|fwd?)\s*(?:\[\d+\])?\s*:)(\S.*)")
# A trailing "(was: Re: [PATCH] old title)" names the thread a renamed discussion came from.
_WAS_SUFFIX_RE = re.compile(r"\s*[(\[]\s*was\s*:?.*$", re.I)


@dataclass(frozen=True)
class PatchSubject:
    """What a subject says. `version` is 1 when unstated (`version_stated` False), never made up."""

    title: str
    is_patch: bool
    is_reply: bool
    prefix: str | None  # the bracket's words without version and counter: "PATCH", "RFC PATCH", "PATCH net-next"
    version: int | None
    version_stated: bool
    index: int | None
    total: int | None
    is_rfc: bool
    is_resend: bool
    prefixes: tuple[str, ...]  # every bracket before the title, as written ("Xen-devel", "PATCH v2 1/3")


def normalize_title(title: str) -> str:
    """A title in the form used to join versions of a series and thread by subject: lower case, single
    spaces, without a trailing "(was: ...)" or full stop, which authors add or drop between versions."""
    key = _WAS_SUFFIX_RE.sub("", _WS_RE.sub(" ", title)).strip().lower()
    return key.rstrip(" .") or _WS_RE.sub(" ", title).strip().lower()


def _tokens(content: str) -> list[str]:
    """The words of a bracket, with "PATCHv2"-style glued versions split into "PATCH", "v2"."""
    out: list[str] = []
    for token in content.replace(",", " ").split():
        glued = _GLUED_VERSION_RE.match(token)
        out.extend(glued.groups() if glued else (token,))
    return out


def _is_patch_bracket(tokens: list[str]) -> bool:
    return any(_PATCH_WORD_RE.match(t) for t in tokens)


def _is_meta_bracket(tokens: list[str]) -> bool:
    return bool(tokens) and all(_META_WORD_RE.match(t) for t in tokens)


@lru_cache(maxsize=4096)
def parse_subject(raw: str | None) -> PatchSubject:
    """Parse one subject line. Any string is accepted; a subject with no patch bracket gives
    `is_patch=False` and the title with reply markers and list tags removed. Cached: a thread's replies
    repeat its subject, and series grouping reads every subject of a thread."""
    rest = _WS_RE.sub(" ", raw or "").strip()
    common = _COMMON_PATCH_RE.fullmatch(rest)
    if common:
        reply, version, index, total, title = common.groups()
        return PatchSubject(title, True, reply is not None, "PATCH", int(version) if version else 1,
                            version is not None, int(index) if index else None, int(total) if total else None,
                            False, False, (rest[len(reply or ""):].split("]", 1)[0][1:],))
    return _read_subject(rest)


def _read_subject(rest: str) -> PatchSubject:
    """The general reading of a whitespace-normalized subject, left to right (see the module docstring)."""
    is_reply = False
    prefixes: list[str] = []
    patch_tokens: list[str] | None = None
    pending_meta: list[str] = []  # "[v2]" or "[RESEND]" before the patch bracket itself
    while True:
        marker = (_LATE_REPLY_MARKER_RE if patch_tokens is not None else _REPLY_MARKER_RE).match(rest)
        if marker:
            is_reply = True
            rest = rest[marker.end():]
            continue
        bracket = _BRACKET_RE.match(rest)
        if not bracket:
            break
        content = bracket.group(1).strip()
        tokens = _tokens(content)
        if _is_patch_bracket(tokens):
            patch_tokens = (patch_tokens or []) + pending_meta + tokens
            pending_meta = []
        elif _is_meta_bracket(tokens):
            if patch_tokens is None:
                pending_meta.extend(tokens)
            else:
                patch_tokens.extend(tokens)
        elif patch_tokens is not None:
            break  # "[PATCH] [media] foo": this bracket is part of the title
        prefixes.append(content)
        rest = rest[bracket.end():]
    if patch_tokens is None:
        return PatchSubject(rest.strip(), False, is_reply, None, None, False, None, None, False, False,
                            tuple(prefixes))
    version = index = total = None
    words = []
    for token in patch_tokens:
        version_match = _VERSION_RE.match(token)
        counter_match = _COUNTER_RE.match(token)
        if version_match and version is None:
            version = int(version_match.group(1))
        elif counter_match and index is None:
            index, total = int(counter_match.group(1)), int(counter_match.group(2))
        else:
            words.append(token)
    upper = [w.upper() for w in words]
    return PatchSubject(
        title=rest.strip(),
        is_patch=True,
        is_reply=is_reply,
        prefix=" ".join(words),
        version=version if version is not None else 1,
        version_stated=version is not None,
        index=index,
        total=total,
        is_rfc=any(w.startswith(("RFC", "RFT")) for w in upper),
        is_resend=any(w in ("RESEND", "REPOST") for w in upper),
        prefixes=tuple(prefixes),
    )
