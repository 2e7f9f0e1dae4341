"""mail-archive.com pages: the headers in `msgHead` spans, the body in `msgBody` (quotations as
`<blockquote>`, written back as `>` lines)."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

from miner.remote.archive_html import (ArchivePage, PageMessage, clean_text, fragment_text, hrefs, strip_blank_edges,
                                       with_links)


def is_page(page: str, url: str) -> bool:
    """True for a message page of mail-archive.com."""
    return 'class="msgBody"' in page or "class='msgBody'" in page


def parse_page(page: str, url: str) -> ArchivePage:
    """The message of a mail-archive.com page, and its thread and index links."""
    soup = BeautifulSoup(page, "html.parser")
    head = soup.find(class_="msgHead") or soup

    def text_of(cls: str) -> str | None:
        tag = head.find(class_=cls)
        return clean_text(tag.get_text()) if tag is not None else None

    body_tag = soup.find(class_="msgBody")
    body = ""
    if body_tag is not None:
        for quote_tag in body_tag.find_all(["blockquote"]):
            quote_tag.replace_with(_quote_block(quote_tag))
        body = fragment_text(body_tag.decode_contents())
    hidden = soup.find("input", attrs={"name": "msgid"})
    message_id = hidden.get("value") if hidden is not None else text_of("msgId")
    if not message_id:  # the "reply via email" link carries this message's id as In-Reply-To
        for anchor in soup.find_all("a", href=True):
            found = re.search(r"[?&]In-Reply-To=%3C([^%&]+(?:%40|@)[^&]+?)%3E", anchor["href"], re.I)
            if found:
                message_id = re.sub(r"%40", "@", found.group(1), flags=re.I)
                break
    message = PageMessage(subject=text_of("subject"), from_header=text_of("sender"), date=text_of("date"),
                          message_id=message_id, in_reply_to=None, references=(), body=strip_blank_edges(body),
                          url=url)
    thread = set()
    for container in soup.find_all(class_=re.compile(r"tSliceList|thread")):
        thread.update(hrefs(container, url))
    return with_links("mail-archive", message, soup, url, thread)


def _quote_block(tag) -> str:
    text = fragment_text(tag.decode_contents()).strip("\n")
    return "\n".join("> " + line if line else ">" for line in text.split("\n")) + "\n"
