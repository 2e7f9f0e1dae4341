"""Which mailing list carried a message, from whatever names it: the List-Id header, then X-Mailing-List,
List-Post and a list's Sender address (`linux-kernel-owner@vger.kernel.org`, `xen-devel-bounces@...`),
then the footer the list appended ("Xen-devel mailing list", vger's "unsubscribe linux-kernel" line,
Mailman's listinfo link), then the archive it was read from (lore, lists.xenproject.org, mail-archive.com,
marc.info, lkml.org, or `data/raw/<list>/` where the crawlers keep downloads). Names are the short list
name a List-Id gives ("linux-kernel", "xen-devel"), lower case. Every function returns None when its
source names no list; none raises on content.
"""

from __future__ import annotations

import re
from typing import Callable

from miner.message.headers import header_text, parse_list_id

_ADDRESS_RE = re.compile(r"([A-Za-z0-9][\w.+-]*)@([\w-]+(?:\.[\w-]+)+)")
# The part a list server adds to the list's name in its own addresses.
_LIST_ADDRESS_SUFFIX_RE = re.compile(r"^owner-|-(?:owner|bounces|request|admin)$", re.I)
_LIST_SENDER_RE = re.compile(r"^owner-|-(?:owner|bounces)$", re.I)
# Footers lists append to every message.
_FOOTERS = (
    # vger: 'To unsubscribe from this list: send the line "unsubscribe linux-kernel" in'
    re.compile(r"send the line \"unsubscribe ([\w.+-]+)\"", re.I),
    # Mailman: "Xen-devel mailing list" over the list's address, or its listinfo link.
    re.compile(r"^[\w .+-]+ mailing list\s*\n\s*([\w.+-]+)@[\w.-]+\s*$", re.I | re.M),
    re.compile(r"/(?:mailman/)?listinfo/([\w.+-]+)", re.I),
    # Google Groups: 'You received this message because you are subscribed to the Google Groups "kasan-dev" group.'
    re.compile(r"subscribed to the Google Groups \"([\w.+-]+)\" group", re.I),
)
_FOOTER_WINDOW = 1500  # footers stand at the end of a body
# Archive URLs and the download folder, each with the list in one group.
_ARCHIVES = (
    re.compile(r"//lore\.kernel\.org/(?!r/|all/)([\w.+-]+)/", re.I),
    re.compile(r"//lists\.xen(?:project)?\.org/archives/html/([\w.+-]+)/", re.I),
    re.compile(r"//(?:www\.)?mail-archive\.com/([\w.+-]+)@", re.I),
    re.compile(r"//marc\.info/\?l=([\w.+-]+)", re.I),
    re.compile(r"/raw/([\w.+-]+)/"),
)
_LKML_ORG_RE = re.compile(r"//lkml\.org/lkml/", re.I)


def _local_part(value: str) -> str | None:
    match = _ADDRESS_RE.search(value)
    return match.group(1).lower() if match else None


def list_from_headers(get: Callable[[str], object]) -> str | None:
    """The list named by a message's headers (`get(name)` returns a header value or None): List-Id, then
    X-Mailing-List, List-Post, then a Sender that is a list's own address."""
    found = parse_list_id(get("List-Id"))
    if found:
        return found
    for name in ("X-Mailing-List", "List-Post"):
        value = (header_text(get(name)) if get(name) else "").strip().strip("<>")
        address = _ADDRESS_RE.search(value)
        if address:  # "linux-kernel@vger.kernel.org", "<mailto:xen-devel@lists.xenproject.org>"
            return _LIST_ADDRESS_SUFFIX_RE.sub("", address.group(1)).lower() or None
        if value and not value.startswith("mailto:") and " " not in value:  # "xen-devel", "linux-mm.kvack.org"
            return value.split(".")[0].lower()
    sender = _local_part(header_text(get("Sender")) if get("Sender") else "")
    if sender and _LIST_SENDER_RE.search(sender):
        return _LIST_SENDER_RE.sub("", sender) or None
    return None


def list_from_footer(body: str) -> str | None:
    """The list named by the footer a list server appended to the body."""
    tail = body[-_FOOTER_WINDOW:]
    for footer in _FOOTERS:
        match = footer.search(tail)
        if match:
            return match.group(1).lower()
    return None


def list_from_archive(source: str | None) -> str | None:
    """The list an archive URL or download path names (lore.kernel.org/<list>/…, data/raw/<list>/…)."""
    if not source:
        return None
    for archive in _ARCHIVES:
        match = archive.search(source.split("#")[0])
        if match:
            return match.group(1).lower()
    return "linux-kernel" if _LKML_ORG_RE.search(source) else None
