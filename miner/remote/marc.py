"""marc.info pages: the `List:` / `Subject:` / `From:` block of the page's `<pre>`, then the body up to
the navigation links."""

from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urlsplit

from bs4 import BeautifulSoup

from miner.remote.archive_html import (ArchivePage, PageMessage, anchor_texts, fragment_text, index_page,
                                       strip_blank_edges, with_links)

_MARC_HEADER_RE = re.compile(r"^(List|Subject|From|Date|Message-ID):\s+(.*)$", re.M)
_MARC_BODY_START_RE = re.compile(r"Download message RAW</a>\]</b>\n")
_MARC_NAV_RE = re.compile(r"\n?<b>\[<a[^>]*>prev in list</a>\]|\n?<b>\[<font[^>]*>prev in list", re.I)


def is_page(page: str, url: str) -> bool:
    """True for a marc.info page (a message, or one of its index pages)."""
    return "Download message RAW" in page or (urlsplit(url).hostname or "").endswith("marc.info")


def parse_page(page: str, url: str) -> ArchivePage:
    """The message of a marc.info message page (an index page's links otherwise)."""
    start = _MARC_BODY_START_RE.search(page)
    soup = BeautifulSoup(page, "html.parser")
    if not start:
        return index_page(page, url, kind="marc")
    head = {name: fragment_text(value).strip() for name, value in _MARC_HEADER_RE.findall(page[:start.start()])}
    rest = page[start.end():]
    nav = _MARC_NAV_RE.search(rest)
    body = fragment_text(rest[:nav.start()] if nav else rest.split("</pre>")[0])
    message_id = head.get("Message-ID")
    if message_id:  # marc writes ids like addresses ("id () host ! com"); an id is no address to protect
        message_id = message_id.replace(" () ", "@").replace(" ! ", ".")
    date = head.get("Date")
    message = PageMessage(subject=head.get("Subject"), from_header=head.get("From"), date=_marc_date(date),
                          message_id=message_id, in_reply_to=None, references=(),
                          body=strip_blank_edges(body), url=url)
    thread = {link for link, text in anchor_texts(soup, url) if "in thread" in text.lower()}
    return with_links("marc", message, soup, url, thread)


def _marc_date(value: str | None) -> str | None:
    """marc.info shows `YYYY-MM-DD h:mm:ss` without a zone: written with `-0000`, RFC 5322's "zone unknown"."""
    if not value:
        return None
    try:
        when = datetime.strptime(value.strip(), "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return value
    return when.strftime("%a, %d %b %Y %H:%M:%S -0000")
