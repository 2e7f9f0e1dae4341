"""miner.remote.lore against real public-inbox-httpd responses, recorded and served by a local server."""

from __future__ import annotations

import re
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

import pytest

from conftest import REAL, running_server
from db.schema import open_db
from miner.errors import FetchError
from miner.message.parse import parse_message
from miner.remote import lore
from miner.remote.crawl import crawl_lore
from miner.remote.fetch import Fetcher, make_client
from miner.sources.mboxes import iter_mbox
RECORDED = [REAL / "public-inbox-httpd-recorded", REAL / "public-inbox-httpd-recorded-lkml",
            REAL / "public-inbox-httpd-recorded-xen-devel"]
LKML_ROOT = "20200714123928.8581-1-nsaenzjulienne@suse.de"
LKML_REPLY = "20200715071256.GA22500@lst.de"
XEN_ROOT = "a5137c812eefab7e0417670386b0fee35468504d.1718264354.git.federico.serafini@bugseng.com"
KSUMMIT_ROOT = "nycvar.YFH.7.76.2206150834520.14340@cbobk.fhfr.pm"
_REQUEST_RE = re.compile(r'^(?:POST\((?:body "(?P<body>[^"]*)"|empty body)\) )?(?P<path>/\S*)$')
_SKIPPED_HEADERS = {"transfer-encoding", "connection", "content-length", "date"}


def _key(path_and_query: str) -> tuple[str, tuple]:
    parts = urlsplit(path_and_query)
    return unquote(parts.path), tuple(sorted(parse_qsl(parts.query, keep_blank_values=True)))


def _routes() -> dict:
    """(method or None, full-threads POST or None, path, query) -> (file, status, headers) from INDEX.tsv."""
    routes = {}
    for folder in RECORDED:
        for line in (folder / "INDEX.tsv").read_text().splitlines():
            name, request, status = line.split("\t")
            found = _REQUEST_RE.match(request)
            method = "POST" if request.startswith("POST") else None
            full = None if method is None else bool(found.group("body"))
            head = (folder / f"{name}.headers").read_text().splitlines()[1:]
            headers = [tuple(h.split(": ", 1)) for h in head if ": " in h]
            routes[(method, full, *_key(found.group("path")))] = (folder / name, int(status.split()[1]), headers)
    return routes


class Recorded(BaseHTTPRequestHandler):
    """Answers with the recorded public-inbox-httpd response for the request, 404 for anything else."""

    routes: dict = {}
    seen: list[str] = []

    def log_message(self, format, *args):  # noqa: A002
        pass

    def _answer(self, method: str, body: bytes) -> None:
        self.seen.append(f"{method} {self.path}")
        full = "x=" in body.decode() if method == "POST" else None
        key = _key(self.path)
        route = self.routes.get((method, full, *key)) or self.routes.get((None, None, *key))
        if route is None:
            data, status, headers = b"Not found\n", 404, [("Content-Type", "text/plain")]
        else:
            path, status, headers = route
            data = path.read_bytes()
        self.send_response(status)
        for name, value in headers:
            if name.lower() not in _SKIPPED_HEADERS:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):  # noqa: N802
        self._answer("GET", b"")

    def do_POST(self):  # noqa: N802
        self._answer("POST", self.rfile.read(int(self.headers.get("Content-Length") or 0)))


@pytest.fixture(scope="module")
def recorded():
    if not all((folder / "INDEX.tsv").exists() for folder in RECORDED):
        pytest.skip("../shared/fixtures/real/public-inbox-httpd-recorded* missing")
    Recorded.routes = _routes()
    with running_server(Recorded) as base_url:
        yield base_url


@pytest.fixture
def fetcher(tmp_path):
    with make_client(timeout=5) as client:
        yield Fetcher(client, cache_dir=tmp_path / "cache", rate=1000)


def _message_ids(path: Path) -> list[str]:
    return [parse_message(entry.raw).message_id for entry in iter_mbox(path)]


@pytest.mark.parametrize("list_name, asked, count", [
    ("lkml", LKML_ROOT, 5),
    ("lkml", LKML_REPLY, 5),  # asked with a reply's id, the whole thread comes back
    ("xen-devel", XEN_ROOT, 3),
    ("ksummit-discuss", KSUMMIT_ROOT, 23),
])
def test_thread_mbox(recorded, fetcher, tmp_path, list_name, asked, count):
    path = lore.fetch_thread_mbox(fetcher, recorded, list_name, asked, tmp_path / "t.mbox")
    ids = _message_ids(path)
    assert len(ids) == count and (asked in ids or list_name == "lkml")


def test_unknown_thread_and_message_are_none(recorded, fetcher, tmp_path):
    assert lore.fetch_thread_mbox(fetcher, recorded, "ksummit-discuss", "does-not-exist@example.com",
                                  tmp_path / "t.mbox") is None
    assert lore.fetch_raw_message(fetcher, recorded, "ksummit-discuss", "does-not-exist@example.com",
                                  tmp_path / "m.mbox") is None


@pytest.mark.parametrize("list_name, message_id", [("lkml", LKML_ROOT), ("lkml", LKML_REPLY),
                                                   ("xen-devel", XEN_ROOT), ("ksummit-discuss", KSUMMIT_ROOT)])
def test_raw_message(recorded, fetcher, tmp_path, list_name, message_id):
    path = lore.fetch_raw_message(fetcher, recorded, list_name, message_id, tmp_path / "m.mbox")
    assert _message_ids(path) == [message_id]


@pytest.mark.parametrize("list_name, query, full_threads, count", [
    ("ksummit-discuss", "s:eBPF d:20220615..20220616", False, 16),
    ("ksummit-discuss", "s:eBPF d:20220615..20220616", True, 23),
    ("ksummit-discuss", "rt:1655280000..1655366400", False, 7),
    ("lkml", "s:dma-pool", False, 4),
    ("xen-devel", "s:MISRA", False, 3),
])
def test_search_mbox_is_a_post(recorded, fetcher, tmp_path, list_name, query, full_threads, count):
    path, date = lore.fetch_search_mbox(fetcher, recorded, list_name, query, tmp_path / "s.mbox", full_threads)
    assert len(_message_ids(path)) == count
    assert date  # the server's clock, for the next rt: window


def test_search_without_results(recorded, fetcher, tmp_path):
    path, _ = lore.fetch_search_mbox(fetcher, recorded, "ksummit-discuss", "s:zzzznonexistentzzzz", tmp_path / "s")
    assert path is None


def test_get_for_an_mbox_gives_html_and_is_refused(recorded, fetcher):
    url = lore.list_url(recorded, "ksummit-discuss") + "?q=s:eBPF&x=m"
    with pytest.raises(FetchError, match="HTML page where gzip data was expected"):
        fetcher.fetch(url, expect="gzip")


@pytest.mark.parametrize("list_name, query, first_ids", [
    ("lkml", "dfn:kernel/dma/pool.c", 2),
    ("xen-devel", "l:xen-devel.lists.xenproject.org", 3),
    ("all", "s:dma-pool", 4),
    ("ksummit-discuss", "s:eBPF", 23),
])
def test_atom_search_listing(recorded, fetcher, list_name, query, first_ids):
    entries = list(lore.iter_search_entries(fetcher, recorded, list_name, query))
    assert len(entries) == first_ids
    assert all("@" in e.message_id and e.updated for e in entries)


def test_thread_atom_lists_every_message(recorded, fetcher):
    entries = lore.fetch_thread_entries(fetcher, recorded, "lkml", LKML_ROOT)
    assert [e.message_id for e in entries][0] == LKML_ROOT and len(entries) == 5


@pytest.mark.parametrize("data, ids", [
    (b"", []),
    (b"<feed xmlns='http://www.w3.org/2005/Atom'><entry><link href='http://h/l/a@b/'/><title>t</title>"
     b"<updated>2024-01-01T00:00:00Z</updated></entry></feed>", ["a@b"]),
    (b"<feed xmlns='http://www.w3.org/2005/Atom'><entry><link href='http://h/l/'/></entry></feed>", []),
    (b"<html><body>not a feed", []),
    (b"<feed xmlns='http://www.w3.org/2005/Atom'><entry><link href='http://h/l/x%2Fy@z/'/></entry></feed>",
     ["x/y@z"]),
])
def test_parse_atom(data, ids):
    assert [e.message_id for e in lore.parse_atom(data)] == ids


@pytest.mark.parametrize("message_id, url", [
    ("a@b", "http://h/lkml/a@b/"),
    ("<a@b>", "http://h/lkml/a@b/"),
    ("x/y@z", "http://h/lkml/x%2Fy@z/"),
    ("mchehab+samsung@kernel.org", "http://h/lkml/mchehab+samsung@kernel.org/"),
])
def test_message_url(message_id, url):
    assert lore.message_url("http://h/", "lkml", message_id) == url


def test_manifest_lists_the_epochs(recorded, fetcher):
    epochs = lore.fetch_epochs(fetcher, recorded, "ksummit-discuss")
    assert list(epochs) == [0] and epochs[0]["fingerprint"] == "9a5fc3d86ba0a6823368115995c503d4f4db1c30"


def test_crawl_thread_and_search_into_db(recorded, fetcher, tmp_path):
    db = open_db(str(tmp_path / "miner.db"))
    report = crawl_lore(db, fetcher, list_name="xen-devel", base_url=recorded, thread=XEN_ROOT,
                        data_dir=tmp_path / "data")
    assert report.ok and report.imported.saved == 3
    again = crawl_lore(db, fetcher, list_name="xen-devel", base_url=recorded, thread=XEN_ROOT,
                       data_dir=tmp_path / "data")
    assert (again.requests, again.imported.seen) == (1, 0)  # only the thread's Atom feed was asked
    report = crawl_lore(db, fetcher, list_name="lkml", base_url=recorded, query="s:dma-pool",
                        data_dir=tmp_path / "data")
    assert report.ok and report.imported.saved == 4
    assert {r["list"] for r in db["message_lists"].rows} == {"xen-devel", "lkml"}
