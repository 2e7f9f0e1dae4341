"""lkml.org pages: the headers in `itemprop` cells, the body in `<pre itemprop=articleBody>`."""

from __future__ import annotations

from bs4 import BeautifulSoup

from miner.remote.archive_html import (ArchivePage, PageMessage, clean_text, fragment_text, hrefs, strip_blank_edges,
                                       with_links)


def is_page(page: str, url: str) -> bool:
    """True for a message page of lkml.org."""
    return 'itemprop="articleBody"' in page or "itemprop='articleBody'" in page


def parse_page(page: str, url: str) -> ArchivePage:
    """The message of an lkml.org page, and its thread and index links."""
    soup = BeautifulSoup(page, "html.parser")
    head: dict[str, str] = {}
    for label in soup.find_all("td", class_="lp"):
        value = label.find_next_sibling("td")
        if value is not None:
            head[label.get_text(strip=True)] = value.get_text()
    for prop, name in (("datePublished", "Date"), ("author", "From"), ("name", "Subject")):
        cell = soup.find(attrs={"itemprop": prop})
        if cell is not None and cell.name != "meta":
            head.setdefault(name, cell.get_text())
    body_tag = soup.find(attrs={"itemprop": "articleBody"})
    body = fragment_text(body_tag.decode_contents()) if body_tag is not None else ""
    message = PageMessage(subject=clean_text(head.get("Subject")), from_header=clean_text(head.get("From")),
                          date=clean_text(head.get("Date")), message_id=None, in_reply_to=None, references=(),
                          body=strip_blank_edges(body), url=url)
    thread = set()
    for container in soup.find_all(class_="threadlist"):
        thread.update(hrefs(container, url))
    return with_links("lkml.org", message, soup, url, thread)
