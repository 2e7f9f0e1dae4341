"""Patch subjects: "[PATCH v2 3/7] mm: foo" -> prefix, version, index, total and title.

A subject is read left to right: reply and forward markers ("Re:", "RE:", "AW:", "Fwd:", repeated, in any
case), list tags ("[Xen-devel]"), then the bracket that makes it a patch ("[PATCH ...]", "[RFC ...]",
"[PATCH-tip ...]"). Inside that bracket a "vN" token is the version and an "N/M" token the counter; every other
token stays in the prefix ("PATCH net-next", "RFC PATCH", "PATCH 5.10"). The title is what follows, so all
versions of a series share it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_REPLY_MARKER_RE = re.compile(
    r"^\s*(?:(?:re|aw|sv|vs|antw|odp|res|ynt|fwd?|wg|tr|rif|r|ref)\s*(?:\[\d+\])?\s*:\s*)", re.I)
_BRACKET_RE = re.compile(r"^\s*\[([^\[\]]*)\]\s*")
_PATCH_WORD_RE = re.compile(r"^(?:PATCH|RFC)(?:[-_][\w.-]+)?$|^RFC$", re.I)
_VERSION_RE = re.compile(r"^v(\d{1,3})$", re.I)
_COUNTER_RE = re.compile(r"^(\d{1,4})/(\d{1,4})$")
_WS_RE = re.compile(r"\s+")


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
    """A title in the form used to join versions of a series: lower case, single spaces."""
    return _WS_RE.sub(" ", title).strip().lower()


def parse_subject(raw: str | None) -> PatchSubject:
    """Parse one subject line. Any string is accepted; a subject with no patch bracket gives
    `is_patch=False` and the title with reply markers and list tags removed."""
    rest = _WS_RE.sub(" ", raw or "").strip()
    is_reply = False
    prefixes: list[str] = []
    patch_tokens: list[str] | None = None
    while True:
        marker = _REPLY_MARKER_RE.match(rest)
        if marker:
            is_reply = True
            rest = rest[marker.end():]
            continue
        bracket = _BRACKET_RE.match(rest)
        if not bracket:
            break
        content = bracket.group(1).strip()
        tokens = content.split()
        prefixes.append(content)
        rest = rest[bracket.end():]
        if patch_tokens is None and tokens and any(_PATCH_WORD_RE.match(t) for t in tokens):
            patch_tokens = tokens
            break
    if patch_tokens is None:
        return PatchSubject(rest.strip(), False, is_reply, None, None, False, None, None, False, False,
                            tuple(prefixes))
    while True:  # "[PATCH 1/2] Re: ..." is rare, but a marker after the bracket is still a reply marker
        marker = _REPLY_MARKER_RE.match(rest)
        if not marker:
            break
        rest, is_reply = rest[marker.end():], True
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
        is_rfc=any(w.startswith("RFC") for w in upper),
        is_resend="RESEND" in upper,
        prefixes=tuple(prefixes),
    )
