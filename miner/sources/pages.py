"""Archive pages, text or HTML: a page cut into its messages, and one cut message read as a `Message`.

This is the one home of archive-page text as mail. The import reads a page file into one `page` RawItem
per distinct message (`iter_page_items`); a worker turns each into a Message (`message_from_page`);
`miner extract` reads the same page text (`page_text`). Where the messages of a page start and what their
headers say is the extractor's reading (`extractors.pages`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from extractors.pages import find_page_messages
from miner.message.body import html_to_text
from miner.message.headers import synthetic_message_id
from miner.message.parse import Message
from miner.sources.items import RawItem
from miner.sources.mboxes import MAX_MESSAGE_BYTES


def page_text(data: bytes, html: bool = False) -> str:
    """The text of an archive page file: UTF-8 with bad bytes replaced, an HTML page turned into text."""
    text = data.decode("utf-8", errors="replace")
    return html_to_text(text) if html else text


def split_page(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each distinct message on an archive page; repeated messages once."""
    lines = text.split("\n")
    return [(m.first_line, "\n".join(lines[m.first_line: m.last_line + 1]))
            for m in find_page_messages(text) if m.duplicate_of is None]


def iter_page_items(path: Path, html: bool = False) -> Iterator[RawItem]:
    if path.stat().st_size > MAX_MESSAGE_BYTES:
        yield RawItem(b"", "page", str(path), path.name, 0, f"page larger than {MAX_MESSAGE_BYTES} bytes")
        return
    for first_line, chunk in split_page(page_text(path.read_bytes(), html)):
        yield RawItem(chunk.encode("utf-8"), "page", str(path), f"line {first_line + 1}")


def message_from_page(raw: bytes, list_id: str | None = None) -> Message:
    """A Message from the text of one message cut from an archive page (see `split_page`).

    The page gives no Message-ID, so the id is synthetic, from the sender, date, subject and text: the
    same message cut from two pages gets the same id and is stored once.
    """
    text = raw.decode("utf-8", errors="replace")
    lines = text.split("\n")
    found = find_page_messages(text)
    page = found[0] if found else None
    first = page.body_first_line if page else 0
    last = page.last_line if page else len(lines) - 1
    body = "\n".join(lines[first: last + 1])
    subject = (page.subject if page else None) or ""
    author = page.author if page else None
    date = page.date if page else None
    message_id = page.message_id if page and page.message_id else None
    return Message(
        message_id=message_id or synthetic_message_id(author, date, subject, body),
        synthetic_id=message_id is None,
        subject=subject,
        author_name=author,
        author_email=page.address if page else None,
        date_utc=date,
        in_reply_to=page.in_reply_to if page else None,
        references=(),
        list_id=list_id,
        body=body,
        body_line_numbers=tuple(range(first, last + 1)),
        raw=raw,
        problems=() if date else ("no date on the page",),
    )
