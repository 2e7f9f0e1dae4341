"""`crawl_html` and the site commands over a local server of archive pages, and list names from URLs."""

from __future__ import annotations

import html
import json

import pytest
from click.testing import CliRunner

from conftest import REAL, REAL_PAGES, serve_directory
from db.schema import open_db
from miner.app.cli import cli
from miner.remote.crawl import crawl_html, guess_list_name
from miner.remote.fetch import Fetcher, make_client


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
