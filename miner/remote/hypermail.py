"""hypermail pages (lkml.iu.edu before 2003): the headers in `<!-- name="" email="" id="" -->` comments,
the body between `<!-- body="start" -->` and `<!-- body="end" -->`."""

from __future__ import annotations

import html as htmllib
import re

from bs4 import BeautifulSoup

from miner.remote.archive_html import (ArchivePage, PageMessage, fragment_text, labelled_links, strip_blank_edges,
                                       with_links)

_HYPERMAIL_RE = re.compile(r'<!-- body="start" -->')
_HYPERMAIL_FIELD_RE = re.compile(r'<!-- (name|email|subject|id|sent|isosent|inreplyto)="(.*?)" -->', re.S)
_HYPERMAIL_BODY_RE = re.compile(r'<!-- body="start" -->(.*?)<!-- body="end" -->', re.S)
_BARE_ID_RE = re.compile(r"^[^\s<>@]+@[^\s<>]+$")


def is_page(page: str, url: str) -> bool:
    """True for a message page hypermail wrote."""
    return bool(_HYPERMAIL_RE.search(page))


def parse_page(page: str, url: str) -> ArchivePage:
    """The message of a hypermail page, and its thread and index links."""
    fields = {k: htmllib.unescape(v) for k, v in reversed(_HYPERMAIL_FIELD_RE.findall(page))}
    name, email = fields.get("name"), fields.get("email")
    from_header = f"{name} <{email}>" if name and email else (email or name)
    reply = fields.get("inreplyto") or ""
    reply_id = reply.strip("<> ") if _BARE_ID_RE.match(reply.strip("<> ")) else None  # old hypermail: a subject
    body_match = _HYPERMAIL_BODY_RE.search(page)
    message = PageMessage(
        subject=fields.get("subject"), from_header=from_header, date=fields.get("sent"),
        message_id=fields.get("id") or None, in_reply_to=reply_id, references=(reply_id,) if reply_id else (),
        body=strip_blank_edges(fragment_text(body_match.group(1)) if body_match else ""), url=url)
    soup = BeautifulSoup(page, "html.parser")
    return with_links("hypermail", message, soup, url, set(labelled_links(soup, url)))
