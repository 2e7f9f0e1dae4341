"""Splitting archive-page text into messages."""

from __future__ import annotations

import pytest

from extractors.pages import find_page_messages

from conftest import DATA


def _page(name: str) -> str:
    return (DATA / "pages" / name).read_text()


def test_mail_archive_thread_page_with_repeats():
    messages = find_page_messages(_page("mail-archive-thread.txt"))
    assert [(m.author, m.date, m.duplicate_of) for m in messages] == [
        ("Erin Writer", "2026-01-12", None), ("Erin Writer", "2026-01-12", 0), ("Frank Asker", "2026-01-11", None)]
    assert messages[0].subject == "Re: [PATCH v3 0/2] block: fewer completions per request"
    assert (messages[0].first_line, messages[0].body_first_line) == (0, 3)
    assert messages[1].first_line == 8


def test_lkml_org_glued_subject_and_navigation_date():
    [message] = find_page_messages(_page("lkml-org.txt"))
    assert message.subject == "Re: [PATCH 1/4] mm: shrink the foo lock hold time"
    assert message.date == "2026-01-07"
    assert message.author is None  # the page's text does not name the sender


def test_mhonarc_byline_keeps_masked_address():
    [message] = find_page_messages(_page("mhonarc.txt"))
    assert (message.author, message.address) == ("Ivan Tester", "ivan.tester@xxxxxxxxxx")
    assert message.subject == "Re: [Xen-devel] [PATCH] x86: cheaper vmexit path"


def test_lore_header_block_and_outlook_quote_does_not_start_a_message():
    [message] = find_page_messages(_page("lore-headers.txt"))
    assert (message.author, message.date) == ("Judy Hacker", "2026-01-14")
    assert message.message_id == "1234.5678@example.org"
    assert message.in_reply_to == "9999.0000@example.org"
    assert message.body_first_line == 10


@pytest.mark.parametrize("text, n", [("", 0), ("just some words\n", 1), ("From\nDate\n", 1)])
def test_pages_without_headers(text, n):
    assert len(find_page_messages(text)) == n


def test_seed_pages(shared):
    """The five seeds hold six distinct messages (the mail-archive page shows two, each twice)."""
    counts = []
    for page in sorted((shared / "corpus" / "seeds").glob("*/message.txt")):
        text = page.read_text()
        if text.startswith("Date:"):  # a raw mail, not a page
            counts.append(1)
            continue
        counts.append(sum(1 for m in find_page_messages(text) if m.duplicate_of is None))
    assert counts == [2, 1, 1, 1, 1]
