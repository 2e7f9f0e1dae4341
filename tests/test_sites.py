"""Archive web pages of each site read back into messages (`miner.remote.sites` and the site modules)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from conftest import DATA, REAL_PAGES
from miner.message.parse import parse_message
from miner.remote.archive_html import decode_page
from miner.remote.mhonarc import decode_r13
from miner.remote.sites import parse_archive_page

# the expectations' .txt are the scraper's raw text: tags left in, and a `">` where it cut an anchor
_EXPECTED_TAG_RE = re.compile(r"</?(?:br|p|i|b|em|strong|tt|a|font|hr|ul|li|pre)\b[^>]*>|\">", re.I)


def _lines(text: str) -> list[str]:
    """Non-blank lines with runs of whitespace folded: hypermail 2's pages double every line break, and
    the scraper's expectations keep those doubles."""
    text = text.encode("ascii", errors="ignore").decode()  # the scraper dropped every non-ASCII character
    return [" ".join(line.split()) for line in text.split("\n") if line.strip()]


@pytest.mark.parametrize("page", REAL_PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_real_pages_parse_into_the_expected_message(page: Path):
    expected = json.loads(page.with_suffix(".json").read_text())["itemOutput"]
    parsed = parse_archive_page(decode_page(page.read_bytes()), expected["url"])
    assert parsed.message is not None, parsed.problems
    message = parse_message(parsed.message.to_rfc822())
    assert message.subject == html.unescape(expected["subject"])
    assert message.author_name == expected["senderName"].strip('"') or \
        expected["senderName"] in (parsed.message.from_header or "")
    assert message.author_email == expected["senderEmail"] or expected["senderEmail"] in parsed.message.from_header
    wanted_body = _EXPECTED_TAG_RE.sub("", page.with_suffix(".txt").read_text("utf-8", errors="replace"))
    assert _lines(message.body) == _lines(wanted_body)


@pytest.mark.parametrize("page, kind, subject, from_header, message_id, in_reply_to, body_line", [
    ("lkml/2024/3/5/101", "lkml.org", "[PATCH v2 0/2] sched/fair: skip idle scan on busy LLC", "Ann Writer <>",
     None, None, "  process-pipe    12.41     11.02     -11.2%"),
    ("lkml/2024/3/6/44", "lkml.org", "Re: [PATCH v2 0/2] sched/fair: skip idle scan on busy LLC",
     "Rob Reviewer <>", None, None, "> hackbench -g 16 (seconds, lower is better, 10 runs):"),
    ("linux-kernel@vger.kernel.org/msg0002.html", "mail-archive", "[PATCH] mm/vmscan: batch LRU isolation",
     "Bob Tester", "20240305101433.4411-1-bob.tester@example.org", None,
     "  64        9,032,101  10,117,650     +12.0%"),
    ("linux-kernel@vger.kernel.org/msg0003.html", "mail-archive", "Re: [PATCH] mm/vmscan: batch LRU isolation",
     "Carol Checker", "87a5b3c1d2.fsf@checker.example.net", None,
     ">   16        3,901,223   4,212,877      +8.0%"),
    ("archives/html/xen-devel/2024-03/msg00100.html", "mhonarc", "[PATCH] x86/mm: avoid a TLB flush per page in unmap",
     "Jan Tester <jan.tester@example.com>", "20240312090000.7001-1-jan.tester@example.com", None,
     "  stddev     0.31      0.27"),
    ("archives/html/xen-devel/2024-03/msg00122.html", "mhonarc",
     "Re: [PATCH] x86/mm: avoid a TLB flush per page in unmap", "Roger Reviewer <roger.reviewer@xxxxxxxxxxx>",
     "a1b2c3d4-5e6f-4a5b-8c9d-0e1f2a3b4c5d@example.org", "20240312090000.7001-1-jan.tester@example.com",
     ">   mean      21.40     18.95"),
])
def test_written_pages_in_each_sites_structure(page, kind, subject, from_header, message_id, in_reply_to, body_line):
    parsed = parse_archive_page((DATA / "archive" / page).read_text(), f"http://127.0.0.1:1/{page}")
    assert parsed.kind == kind
    found = parsed.message
    assert (found.subject, found.from_header, found.message_id, found.in_reply_to) == \
        (subject, from_header, message_id, in_reply_to)
    assert body_line in found.body.split("\n")  # columns kept to the space


@pytest.mark.parametrize("page, expected", [
    # masked addresses stay as the archive shows them
    ('<!-- body="start" -->x<!-- body="end" --><!-- name="A B" --><!-- email="ab@xxxxxxx" -->', "A B <ab@xxxxxxx>"),
    ("<pre><b>List:       git\nSubject:    s\nFrom:       a () b ! com\nDate:       2016-07-31 20:18:42\n"
     "[<a href=\"?l=git&m=1&q=raw\">Download message RAW</a>]</b>\nbody\n</pre>", "a () b ! com"),
])
def test_masked_addresses_are_kept(page, expected):
    assert parse_archive_page(page, "http://127.0.0.1:1/x").message.from_header == expected


@pytest.mark.parametrize("inreplyto, expected", [
    ("2.0.29 Oops - NULL deref in ip_defrag", None),  # old hypermail put the subject here
    ("199910081741.NAA29116@pincoya.inf.utfsm.cl", "199910081741.NAA29116@pincoya.inf.utfsm.cl"),
    ("", None),
])
def test_hypermail_in_reply_to_only_when_it_is_an_id(inreplyto, expected):
    page = f'<!-- subject="s" --><!-- inreplyto="{inreplyto}" --><!-- body="start" -->b<!-- body="end" -->'
    assert parse_archive_page(page, "http://127.0.0.1:1/9704.1/0107.html").message.in_reply_to == expected


@pytest.mark.parametrize("page", [
    "<html><body><p>Just checking your browser before accessing the archive.</p></body></html>",
    "",
    "<<<>>><pre itemprop=\"articleBody\"",
    "<!--X-Body-of-Message--><b><i>unclosed",
    "\x00\x01binary",
])
def test_malformed_or_foreign_pages_give_no_message_and_never_raise(page):
    parsed = parse_archive_page(page, "http://127.0.0.1:1/some/page.html")
    assert parsed.message is None
    assert parsed.problems


def test_truncated_mhonarc_page_keeps_what_it_has():
    page = (DATA / "archive/archives/html/xen-devel/2024-03/msg00100.html").read_text()
    cut = page[:page.index("stddev")]
    parsed = parse_archive_page(cut, "http://127.0.0.1:1/archives/html/xen-devel/2024-03/msg00100.html")
    assert parsed.message is not None and parsed.message.subject.startswith("[PATCH] x86/mm")


@pytest.mark.parametrize("encoded, decoded", [
    ("Rnivq [vyyre <qnirzNqnirzybsg.arg>", "David Miller <davem@davemloft.net>"),
    ("", ""),
    ("123 <>", "123 <>"),
])
def test_decode_r13(encoded, decoded):
    assert decode_r13(encoded) == decoded
