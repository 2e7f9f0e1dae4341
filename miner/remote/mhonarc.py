"""MHonArc pages (lists.xenproject.org, lkml.iu.edu since 2003): the headers in `<!--X-Subject: -->`
comments, the body between `<!--X-Body-of-Message-->` markers. Only MHonArc's `X-From-R13` is decoded: it is
the archive's own reversible encoding of the From header, not a mask."""

from __future__ import annotations

import html as htmllib
import re

from bs4 import BeautifulSoup

from miner.remote.archive_html import (ArchivePage, PageMessage, first_value, fragment_text, hrefs, labelled_links,
                                       meta_content, strip_blank_edges, with_links)

_MHONARC_RE = re.compile(r"<!--X-(?:Subject|Body-of-Message|Message-Id):?")
_MHONARC_FIELD_RE = re.compile(r"<!--X-(Subject|From-R13|From|Date|Message-Id|Reference|Content-Type): ?(.*?) ?-->")
_MHONARC_BODY_RE = re.compile(r"<!--X-Body-of-Message-->(.*?)<!--X-Body-of-Message-End-->", re.S)
_MHONARC_SECTION_RE = {
    "follow-ups": re.compile(r"<!--X-Follow-Ups-->(.*?)<!--X-Follow-Ups-End-->", re.S),
    "references": re.compile(r"<!--X-References-->(.*?)<!--X-References-End-->", re.S),
}
_MHONARC_HEAD_FIELD_RE = re.compile(
    r"<li>\s*<(?:em|strong)>\s*(From|Date|Subject)\s*</(?:em|strong)>\s*:?\s*(.*?)</li>", re.I | re.S)
_R13_UPPER = str.maketrans("@ABCDEFGHIJKLMNOPQRSTUVWXYZ[abcdefghijklmnopqrstuvwxyz",
                           "NOPQRSTUVWXYZ[@ABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm")
_R13_DECODE = {v: k for k, v in _R13_UPPER.items()}


def is_page(page: str, url: str) -> bool:
    """True for a message page MHonArc wrote."""
    return bool(_MHONARC_RE.search(page)) and "<!--X-Body-of-Message-->" in page


def parse_page(page: str, url: str) -> ArchivePage:
    """The message of a MHonArc page, and its thread and index links."""
    fields: dict[str, list[str]] = {}
    for name, value in _MHONARC_FIELD_RE.findall(page.split("<!--X-Head-End-->")[0] if "<!--X-Head-End-->" in page
                                                 else page):
        fields.setdefault(name, []).append(htmllib.unescape(value))
    head = dict((k.capitalize(), fragment_text(v).strip()) for k, v in _MHONARC_HEAD_FIELD_RE.findall(page))
    from_header = decode_r13(fields["From-R13"][0]) if fields.get("From-R13") else (
        head.get("From") or meta_content(page, "Author"))
    references = tuple(fields.get("Reference", []))
    body_match = _MHONARC_BODY_RE.search(page)
    body = fragment_text(body_match.group(1)) if body_match else ""
    message = PageMessage(
        subject=first_value(fields.get("Subject")) or head.get("Subject"),
        from_header=from_header, date=first_value(fields.get("Date")) or head.get("Date"),
        message_id=first_value(fields.get("Message-Id")), in_reply_to=references[-1] if references else None,
        references=references, body=strip_blank_edges(body), url=url)
    soup = BeautifulSoup(page, "html.parser")
    thread = set(labelled_links(soup, url))
    for section in _MHONARC_SECTION_RE.values():
        found = section.search(page)
        if found:
            thread.update(hrefs(BeautifulSoup(found.group(1), "html.parser"), url))
    return with_links("mhonarc", message, soup, url, thread)


def decode_r13(value: str) -> str:
    """Undo MHonArc's `X-From-R13` encoding (ROT13 on letters, with `@` and `[` in the upper-case ring)."""
    return value.translate(_R13_DECODE)
