"""Crawls end to end: a real public-inbox server (Debian's public-inbox) over inboxes built from real and
written mail, and a misbehaving server whose every failure is reported while a re-run completes the crawl."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from email.utils import format_datetime
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import DATA, REAL, running_server
from db.schema import open_db
from miner.app.cli import cli
from miner.errors import FetchError
from miner.pipeline import importer
from miner.remote import lore
from miner.remote.crawl import crawl_lore
from miner.remote.fetch import MAX_RETRIES, Fetcher, make_client

BUNDLE = REAL / "public-inbox-v2-epoch" / "ksummit-discuss.lists.linuxfoundation.org.0.bundle"
EPOCH_FIRST, EPOCH_MORE = 40, 12  # commits the server's epoch has at first, and how many arrive later
THREAD_ROOT = "20240305091200.3301-1-ann.writer@example.org"

WRITTEN_THREAD = [
    (THREAD_ROOT, None, "Ann Writer <ann.writer@example.org>", "[PATCH 0/1] sched/fair: skip idle scan on busy LLC",
     "When every CPU of the LLC is busy the idle scan walks the whole domain.\n\n"
     "hackbench -g 16, seconds (lower is better), 10 runs:\n\n"
     "                  base      patched    delta\n"
     "  process-pipe    12.41     11.02     -11.2%\n"
     "  thread-pipe     13.87     12.30     -11.3%\n"),
    ("20240305091200.3301-2-ann.writer@example.org", THREAD_ROOT, "Ann Writer <ann.writer@example.org>",
     "[PATCH 1/1] sched/fair: skip idle scan on busy LLC",
     "Count busy CPUs per LLC.\n\n---\n kernel/sched/fair.c | 9 +++++++++\n"),
    ("87zfr2ab1c.fsf@reviewer.example.net", THREAD_ROOT, "Rob Reviewer <rob@reviewer.example.net>",
     "Re: [PATCH 0/1] sched/fair: skip idle scan on busy LLC",
     "> hackbench -g 16, seconds (lower is better), 10 runs:\n\nWhat does schbench say about tail latency?\n"),
]


def _mail(message_id: str, parent: str | None, author: str, subject: str, body: str, date: str) -> bytes:
    lines = [f"From: {author}", "To: lkml@example.org", f"Subject: {subject}", f"Date: {date}",
             f"Message-ID: <{message_id}>"]
    if parent:
        lines += [f"In-Reply-To: <{parent}>", f"References: <{parent}>"]
    return ("\n".join(lines) + "\n\n" + body).encode()


def _now_rfc2822() -> str:
    return format_datetime(datetime.now(timezone.utc))


class PublicInbox:
    """A public-inbox installation in a temporary HOME: inboxes, delivery, and public-inbox-httpd."""

    def __init__(self, root: Path):
        self.root = root
        self.env = {**os.environ, "HOME": str(root / "home"), "PI_CONFIG": str(root / "home/.public-inbox/config"),
                    "GIT_CONFIG_NOSYSTEM": "1"}
        (root / "home").mkdir(parents=True)
        self.process: subprocess.Popen | None = None
        self.base_url = ""

    def run(self, *command: str, stdin: bytes | None = None, env: dict | None = None) -> None:
        done = subprocess.run(command, input=stdin, env={**self.env, **(env or {})}, capture_output=True,
                              timeout=300)
        assert done.returncode == 0, (command, done.stderr.decode(errors="replace"))

    def init(self, name: str, level: str) -> Path:
        inbox = self.root / name
        self.run("public-inbox-init", "-V2", "-L", level, name, str(inbox), f"http://127.0.0.1/{name}",
                 f"{name}@example.org")
        self.run("git", "config", "-f", self.env["PI_CONFIG"], "publicinboxmda.spamcheck", "none")
        return inbox

    def import_messages(self, inbox: Path, messages: list[bytes]) -> None:
        """Write messages as public-inbox v2 commits (one commit per message, the message in `m`) with
        git fast-import, then index them: what public-inbox-mda does, without one process per message."""
        stream = bytearray()
        for number, raw in enumerate(messages):
            stamp = 1_700_000_000 + number
            stream += (f"commit refs/heads/master\ncommitter inbox <inbox@example.org> {stamp} +0000\n"
                       f"data 1\nm\nM 100644 inline m\ndata {len(raw)}\n").encode() + raw + b"\n"
        self.run("git", "--git-dir", str(inbox / "git/0.git"), "fast-import", "--quiet", stdin=bytes(stream))
        self.run("public-inbox-index", str(inbox))

    def deliver(self, name: str, raw: bytes) -> None:
        """A message arriving now, through the real delivery program."""
        self.run("public-inbox-mda", "--no-precheck", stdin=raw, env={"ORIGINAL_RECIPIENT": f"{name}@example.org"})
        self.reload()

    def reload(self) -> None:
        """SIGHUP: public-inbox-httpd 1.9 keeps its search index open, so it sees new mail after a reload
        (or once idle); lore's servers pick new mail up by themselves."""
        if self.process:
            self.process.send_signal(signal.SIGHUP)
            time.sleep(0.5)

    def start(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.log = open(self.root / "httpd.log", "wb")
        self.process = subprocess.Popen(["public-inbox-httpd", "-W0", "-l", f"http://127.0.0.1:{port}"],
                                        env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        self.base_url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as client:
                if client.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.1)
        raise RuntimeError("public-inbox-httpd did not start: " + (self.root / "httpd.log").read_text())

    def stop(self) -> None:
        if self.process:
            self.process.terminate()
            self.process.wait(10)
        self.log.close()


@pytest.fixture(scope="module")
def public_inbox(tmp_path_factory):
    for program in ("public-inbox-httpd", "public-inbox-init", "public-inbox-index", "public-inbox-mda", "git"):
        if shutil.which(program) is None:
            pytest.skip(f"{program} is not installed (Debian package public-inbox; `make system-packages`)")
    if not BUNDLE.exists():
        pytest.skip("../shared/fixtures/real is missing")
    server = PublicInbox(tmp_path_factory.mktemp("public-inbox"))
    lkml = server.init("lkml", "full")
    written = [_mail(*m, date=f"Tue, 5 Mar 2024 10:1{i}:00 +0100") for i, m in enumerate(WRITTEN_THREAD)]
    real = [p.read_bytes() for p in sorted((REAL / "lkml-raw").glob("lkml-*.eml"))]
    server.import_messages(lkml, real + written)
    server.import_messages(server.init("xen-devel", "medium"),
                           [p.read_bytes() for p in sorted((REAL / "xen-devel-raw").glob("*.eml"))])
    ksummit = server.init("ksummit", "basic")
    epoch = ksummit / "git/0.git"
    shutil.rmtree(epoch)
    server.run("git", "clone", "--quiet", "--mirror", str(BUNDLE), str(epoch))
    tip = subprocess.run(["git", "--git-dir", str(epoch), "rev-parse", "master"], capture_output=True, text=True,
                         check=True).stdout.strip()
    total = int(subprocess.run(["git", "--git-dir", str(epoch), "rev-list", "--count", tip],
                               capture_output=True, text=True, check=True).stdout)
    server.run("git", "--git-dir", str(epoch), "update-ref", "refs/heads/master", f"master~{total - EPOCH_FIRST}")
    server.run("public-inbox-index", str(ksummit))
    server.epoch, server.epoch_tip, server.epoch_total = epoch, tip, total
    server.start()
    yield server
    server.stop()


def _fetcher(client, db, tmp_path) -> Fetcher:
    return Fetcher(client, db=db, cache_dir=tmp_path / "cache", rate=1000)


def test_thread_crawl_then_only_the_new_reply(public_inbox, tmp_path):
    db = open_db(str(tmp_path / "miner.db"))
    with make_client(timeout=20) as client:
        first = crawl_lore(db, _fetcher(client, db, tmp_path), list_name="lkml", base_url=public_inbox.base_url,
                           thread="87zfr2ab1c.fsf@reviewer.example.net", data_dir=tmp_path / "data")
        assert first.ok, first.errors
        assert first.imported.saved == 3
        assert db["evidence"].count >= 2  # the hackbench table went through the extractors
        public_inbox.deliver("lkml", _mail("20240306.new-reply@example.org", "87zfr2ab1c.fsf@reviewer.example.net",
                                           "Ann Writer <ann.writer@example.org>",
                                           "Re: [PATCH 0/1] sched/fair: skip idle scan on busy LLC",
                                           "schbench p99 went from 2104 us to 2080 us.\n", _now_rfc2822()))
        second = crawl_lore(db, _fetcher(client, db, tmp_path), list_name="lkml", base_url=public_inbox.base_url,
                            thread=THREAD_ROOT, data_dir=tmp_path / "data")
    assert second.ok, second.errors
    assert (second.requests, second.imported.seen, second.imported.saved) == (2, 1, 1)  # t.atom + one /raw
    assert db["messages"].count == 4


def test_real_thread_asked_by_a_reply(public_inbox, tmp_path):
    db = open_db(str(tmp_path / "miner.db"))
    with make_client(timeout=20) as client:
        ids = [line.split("<", 1)[1].rstrip(">\n") for p in sorted((REAL / "xen-devel-raw").glob("*.eml"))
               for line in p.read_text().splitlines() if line.lower().startswith("message-id:")]
        report = crawl_lore(db, _fetcher(client, db, tmp_path), list_name="xen-devel",
                            base_url=public_inbox.base_url, thread=ids[-1], data_dir=tmp_path / "data")
    assert report.ok, report.errors
    assert {r["message_id"] for r in db["messages"].rows} == set(ids)


def test_search_crawl_then_only_new_matches(public_inbox, tmp_path):
    db = open_db(str(tmp_path / "miner.db"))
    with make_client(timeout=20) as client:
        first = crawl_lore(db, _fetcher(client, db, tmp_path), list_name="lkml", base_url=public_inbox.base_url,
                           query="s:dma-pool", data_dir=tmp_path / "data")
        assert first.ok, first.errors
        assert first.imported.saved == 4
        public_inbox.deliver("lkml", _mail("20240307.dma-pool-followup@example.org", None,
                                           "Nina Newcomer <nina@example.org>",
                                           "[PATCH] dma-pool: shrink the atomic pool on low memory",
                                           "Frees 3 MiB on a 512 MiB board.\n", _now_rfc2822()))
        second = crawl_lore(db, _fetcher(client, db, tmp_path), list_name="lkml", base_url=public_inbox.base_url,
                            query="s:dma-pool", data_dir=tmp_path / "data")
        assert second.ok, second.errors
        assert (second.imported.seen, second.imported.saved) == (1, 1)
        third = crawl_lore(db, _fetcher(client, db, tmp_path), list_name="lkml", base_url=public_inbox.base_url,
                           query="s:dma-pool", data_dir=tmp_path / "data")
    assert third.ok and third.imported.seen == 0 and "nothing new" in third.note
    statuses = [r["method"] for r in db.query("select method from fetch_log where url like '%x=m%'")]
    assert statuses == ["POST"]  # the whole result set was downloaded once; re-runs asked for the new ids only


def test_git_epoch_mirror_then_only_new_commits(public_inbox, tmp_path, monkeypatch):
    monkeypatch.setattr(importer, "PARALLEL_MIN_MESSAGES", 8)  # a whole list's path: worker processes
    db = open_db(str(tmp_path / "miner.db"))
    args = ["crawl", "lore", "--list", "ksummit", "--git", "--epochs", "0..0", "--base-url", public_inbox.base_url,
            "--rate", "1000", "--db", str(tmp_path / "miner.db"), "--cache-dir", str(tmp_path / "cache"),
            "--data-dir", str(tmp_path / "data")]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    stored = db["messages"].count
    assert EPOCH_FIRST - 1 <= stored <= EPOCH_FIRST  # the epoch holds one real duplicate Message-ID
    public_inbox.run("git", "--git-dir", str(public_inbox.epoch), "update-ref", "refs/heads/master",
                     f"{public_inbox.epoch_tip}~{public_inbox.epoch_total - EPOCH_FIRST - EPOCH_MORE}")
    public_inbox.run("public-inbox-index", str(public_inbox.epoch.parent.parent))
    public_inbox.reload()
    second = CliRunner().invoke(cli, args)
    assert second.exit_code == 0, second.output
    assert f"{EPOCH_MORE}/{EPOCH_MORE} saved" in second.output or f"/{EPOCH_MORE} saved" in second.output
    assert EPOCH_FIRST + EPOCH_MORE - 1 <= db["messages"].count <= EPOCH_FIRST + EPOCH_MORE
    third = CliRunner().invoke(cli, args)
    assert third.exit_code == 0, third.output
    assert "no epoch has new commits" in third.output and "0/0 saved" in third.output


# -- a misbehaving server ------------------------------------------------------------------------------
class Flaky(BaseHTTPRequestHandler):
    """Serves tests/data/archive and a recorded public-inbox thread, misbehaving on some paths the first
    times they are asked (`hits` counts per path), and for good on a few."""

    hits: dict[str, int] = {}

    def log_message(self, format, *args):  # noqa: A002
        pass

    def _send(self, status: int, body: bytes, headers: dict | None = None) -> None:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):  # noqa: N802
        path = self.path
        hit = self.hits[path] = self.hits.get(path, 0) + 1
        if path.endswith("msg00100.html") and hit == 1:
            return self._send(429, b"slow down", {"Retry-After": "1"})
        if path.endswith("msg00122.html") and hit == 1:
            return self._send(500, b"oops")
        if path == "/lkml/2024/3/5/101" and hit <= 1 + MAX_RETRIES:
            time.sleep(1.0)  # slower than the client's timeout at every attempt of the first run
        if path == "/lkml/2024/3/5/102" and hit == 1:
            return self._send(403, b"<html><body><h1>Checking your browser</h1></body></html>")
        if path.endswith("msg0002.html") and hit == 1:
            return self._send(200, b"<html><body><div><table><tr><td>\x00\x00 <<< broken",
                              {"Content-Type": "text/html"})
        if path == "/moved":
            return self._send(302, b"", {"Location": "http://archive.invalid/elsewhere"})
        if path == "/huge":
            self.send_response(200)
            self.end_headers()
            try:
                for _ in range(200):
                    self.wfile.write(b"<" * (1 << 20))
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if path.startswith("/xen-devel/"):
            return self._xen(path, hit)
        file = DATA / "archive" / path.lstrip("/")
        file = file / "index.html" if file.is_dir() else file
        if not file.is_file():
            return self._send(404, b"not found")
        return self._send(200, file.read_bytes(), {"Content-Type": "text/html; charset=utf-8"})

    def _xen(self, path: str, hit: int) -> None:
        recorded = REAL / "public-inbox-httpd-recorded-xen-devel"
        if path.endswith("/t.atom"):
            return self._send(200, (recorded / "thread.atom").read_bytes())
        if path.endswith("/t.mbox.gz"):
            data = (recorded / "t.mbox.gz").read_bytes()
            if hit == 1:
                data = data[: len(data) // 2]  # a gzip cut in the middle
            return self._send(200, data, {"Content-Type": "application/gzip"})
        if path.endswith("/raw") and hit == 1:
            return self._send(200, b"<!DOCTYPE html><html><title>Just a moment...</title></html>")
        return self._send(404, b"not found")


@pytest.fixture
def flaky():
    Flaky.hits = {}
    with running_server(Flaky) as base_url:
        yield base_url


def test_misbehaving_html_archive_reported_then_completed(flaky, tmp_path):
    pages = ["/archives/html/xen-devel/2024-03/msg00100.html", "/archives/html/xen-devel/2024-03/msg00122.html",
             "/lkml/2024/3/5/101", "/lkml/2024/3/5/102", "/linux-kernel@vger.kernel.org/msg0002.html"]
    args = ["crawl", "html", "--rate", "1000", "--timeout", "0.4", "--db", str(tmp_path / "miner.db"),
            "--cache-dir", str(tmp_path / "cache"), "--data-dir", str(tmp_path / "data"), "--base-url", flaky,
            *pages, "/moved", "/huge"]
    first = CliRunner().invoke(cli, args + ["--list", "mixed"])
    assert first.exit_code == 1
    errors = [line for line in first.output.splitlines() if line.startswith("error: ")]
    assert "Traceback" not in first.output
    for expected in ("/lkml/2024/3/5/101: timed out", "/lkml/2024/3/5/102: HTTP 403",
                     "msg0002.html: no message and no message links", "/moved: redirect to another host refused",
                     "/huge: response over the"):
        assert any(expected in line for line in errors), (expected, errors)
    assert len(errors) == 5  # the 429 and the 500 were retried and succeeded
    db = open_db(str(tmp_path / "miner.db"))
    assert db["messages"].count == 2  # what was fetched is kept
    second = CliRunner().invoke(cli, args[:-2] + ["--list", "mixed"])
    assert second.exit_code == 0, second.output
    assert db["messages"].count == 5


def test_misbehaving_lore_server_reported_then_completed(flaky, tmp_path, shared):
    db = open_db(str(tmp_path / "miner.db"))
    thread = "a5137c812eefab7e0417670386b0fee35468504d.1718264354.git.federico.serafini@bugseng.com"
    with make_client(timeout=5) as client:
        first = crawl_lore(db, _fetcher(client, db, tmp_path), list_name="xen-devel", base_url=flaky,
                           thread=thread, data_dir=tmp_path / "data")
        assert [("truncated gzip" in e) for e in first.errors] == [True]
        assert db["messages"].count == 0
        second = crawl_lore(db, _fetcher(client, db, tmp_path), list_name="xen-devel", base_url=flaky,
                            thread=thread, data_dir=tmp_path / "data")
    assert second.ok, second.errors
    assert db["messages"].count == 3


def test_challenge_page_for_raw_is_never_imported(flaky, tmp_path):
    with make_client(timeout=5) as client:
        fetcher = Fetcher(client, cache_dir=tmp_path / "cache", rate=1000)
        with pytest.raises(FetchError, match="HTML page where mail was expected"):
            lore.fetch_raw_message(fetcher, flaky, "xen-devel", "a@b", tmp_path / "m.mbox")
    assert not (tmp_path / "m.mbox").exists()
