"""miner.remote.archive_html: archive web pages back into messages, and `crawl_html` over a local server."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import DATA, serve_directory
from db.schema import open_db
from miner.remote.archive_html import decode_page, decode_r13, is_index_url, is_message_url, parse_archive_page
from miner.cli import cli
from miner.remote.crawl import crawl_html, guess_list_name
from miner.remote.fetch import Fetcher, make_client
from miner.message.parse import parse_message

REAL = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "real"
REAL_PAGES = sorted([*REAL.glob("lkml-iu-edu-hypermail/*.html"), *REAL.glob("marc-info/*.html")])
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


@pytest.mark.parametrize("url, message, index", [
    ("https://lists.xenproject.org/archives/html/xen-devel/2024-06/msg00712.html", True, False),
    ("https://lists.xenproject.org/archives/html/xen-devel/2024-06/threads.html", False, True),
    ("http://lkml.iu.edu/hypermail/linux/kernel/1609.3/03505.html", True, False),
    ("https://lkml.org/lkml/2020/7/14/456", True, False),
    ("https://lkml.org/lkml/2020/7/14", False, True),
    ("https://marc.info/?l=git&m=146999633429322&w=2", True, False),
    ("https://marc.info/?l=git&m=146999633429322&q=raw", False, False),
    ("https://marc.info/?l=git&r=1&b=201607&w=2", False, True),
    ("https://www.mail-archive.com/linux-kernel@vger.kernel.org/msg0002.html", True, False),
    ("https://www.mail-archive.com/linux-kernel@vger.kernel.org/maillist.html", False, True),
    ("https://lkml.org/css/message.css", False, False),
])
def test_url_kinds(url, message, index):
    assert (is_message_url(url), is_index_url(url)) == (message, index)


@pytest.mark.parametrize("url, name", [
    ("https://lists.xenproject.org/archives/html/xen-devel/2024-06/msg00712.html", "xen-devel"),
    ("http://127.0.0.1:8000/archives/html/xen-users/2024-06/threads.html", "xen-users"),
    ("https://lkml.org/lkml/2020/7/14/456", "linux-kernel"),
    ("http://lkml.iu.edu/hypermail/linux/kernel/1609.3/03505.html", "linux-kernel"),
    ("https://marc.info/?l=git&m=1&w=2", "git"),
    ("https://www.mail-archive.com/netdev@vger.kernel.org/msg1.html", "netdev"),
    ("https://example.org/some/page.html", "example.org"),
])
def test_guess_list_name(url, name):
    assert guess_list_name(url) == name


def _crawl(db, base_url, paths, tmp_path, follow=None):
    with make_client(timeout=5) as client:
        fetcher = Fetcher(client, db=db, cache_dir=tmp_path / "cache", rate=1000)
        return crawl_html(db, fetcher, [base_url + p for p in paths], follow=follow, data_dir=tmp_path / "data")


@pytest.mark.parametrize("start, follow, subjects", [
    ("/lkml/2024/3/5/101", "thread", {"[PATCH v2 0/2] sched/fair: skip idle scan on busy LLC",
                                      "[PATCH v2 1/2] sched/fair: track LLC busyness",
                                      "Re: [PATCH v2 0/2] sched/fair: skip idle scan on busy LLC"}),
    ("/lkml/2024/3/5", "month", {"[PATCH v2 0/2] sched/fair: skip idle scan on busy LLC",
                                 "[PATCH v2 1/2] sched/fair: track LLC busyness"}),
    ("/linux-kernel@vger.kernel.org/msg0002.html", "thread", {"[PATCH] mm/vmscan: batch LRU isolation",
                                                               "Re: [PATCH] mm/vmscan: batch LRU isolation"}),
    ("/archives/html/xen-devel/2024-03/threads.html", "month", {
        "[PATCH] x86/mm: avoid a TLB flush per page in unmap",
        "Re: [PATCH] x86/mm: avoid a TLB flush per page in unmap"}),
    ("/archives/html/xen-devel/2024-03/msg00122.html", None, {
        "Re: [PATCH] x86/mm: avoid a TLB flush per page in unmap"}),
])
def test_crawl_html_follows_and_imports(archive_server, tmp_path, start, follow, subjects):
    db = open_db(str(tmp_path / "miner.db"))
    report = _crawl(db, archive_server, [start], tmp_path, follow)
    assert report.ok, report.errors
    assert {row["subject"] for row in db["messages"].rows} == subjects
    again = _crawl(db, archive_server, [start], tmp_path, follow)
    assert again.imported.saved == 0
    statuses = [row["status"] for row in db.query("select status from fetch_log order by id")]
    assert statuses[-len(subjects):] == [304] * len(subjects)  # the re-run only revalidated


def test_crawl_html_real_pages_into_db(shared, tmp_path):
    with serve_directory(REAL) as base_url:
        db = open_db(str(tmp_path / "miner.db"))
        pages = [f"/{p.parent.name}/{p.name}" for p in REAL_PAGES]
        report = _crawl(db, base_url, pages, tmp_path)
    assert report.ok, report.errors
    stored = {row["subject"] for row in db["messages"].rows}
    assert stored == {html.unescape(json.loads(p.with_suffix(".json").read_text())["itemOutput"]["subject"])
                      for p in REAL_PAGES}


def test_crawl_html_command(archive_server, tmp_path):
    result = CliRunner().invoke(cli, [
        "crawl", "html", "--follow", "thread", "--rate", "1000", "--db", str(tmp_path / "miner.db"),
        "--cache-dir", str(tmp_path / "cache"), "--data-dir", str(tmp_path / "data"),
        f"{archive_server}/archives/html/xen-devel/2024-03/msg00100.html"])
    assert result.exit_code == 0, result.output
    assert "2/2 saved" in result.output
    assert sorted(p.name for p in (tmp_path / "data/raw/xen-devel").rglob("*.eml")) == [
        "archives_html_xen-devel_2024-03_msg00100.html.eml", "archives_html_xen-devel_2024-03_msg00122.html.eml"]


def test_crawl_html_reports_a_missing_page_and_keeps_the_rest(archive_server, tmp_path):
    db = open_db(str(tmp_path / "miner.db"))
    report = _crawl(db, archive_server, ["/lkml/2024/3/5/101", "/lkml/2024/3/5/999"], tmp_path)
    assert [e.endswith("not found (404)") for e in report.errors] == [True]
    assert db["messages"].count == 1


@pytest.mark.parametrize("command, saved", [
    (["lkml-org", "--day", "2024/3/5"], "2/2 saved"),
    (["lkml-org", "https://lkml.org/lkml/2024/3/6/44"], "3/3 saved"),
    (["xen", "--list", "xen-devel", "--month", "2024-03"], "2/2 saved"),
    (["mail-archive", "https://www.mail-archive.com/linux-kernel@vger.kernel.org/msg0003.html"], "2/2 saved"),
])
def test_site_commands_on_a_local_server(archive_server, tmp_path, command, saved):
    result = CliRunner().invoke(cli, ["crawl", *command, "--base-url", archive_server, "--rate", "1000",
                                      "--db", str(tmp_path / "miner.db"), "--cache-dir", str(tmp_path / "cache"),
                                      "--data-dir", str(tmp_path / "data")])
    assert result.exit_code == 0, result.output
    assert saved in result.output


@pytest.mark.parametrize("command", [
    ["lore", "--list", "lkml"],
    ["lore", "--list", "lkml", "--thread", "a@b", "--query", "s:x"],
    ["lkml-org"],
    ["html", "not-a-url"],
])
def test_crawl_usage_errors(tmp_path, command):
    result = CliRunner().invoke(cli, ["crawl", *command, "--db", str(tmp_path / "miner.db")])
    assert result.exit_code in (1, 2) and "Traceback" not in result.output
    assert "Error" in result.output
