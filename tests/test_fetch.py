"""miner.remote.fetch: politeness (User-Agent, rate, retries, Retry-After), conditional cache, caps, redirects."""

from __future__ import annotations

import gzip
import time
from email.utils import format_datetime
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from conftest import running_server
from db.schema import open_db
from miner import __version__
from miner.errors import FetchError
from miner.remote.fetch import Fetcher, gunzip_capped, looks_like_html, make_client, retry_after_s


class Script:
    """A MockTransport handler answering each request with the next scripted response; keeps the requests."""

    def __init__(self, *responses: httpx.Response):
        self.responses = list(responses)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.responses.pop(0) if len(self.responses) > 1 else self.responses[0]


def _fetcher(tmp_path, script, **options) -> tuple[Fetcher, list[float]]:
    waits: list[float] = []
    options.setdefault("rate", 1000)
    fetcher = Fetcher(make_client(httpx.MockTransport(script)), cache_dir=tmp_path / "cache",
                      sleep=waits.append, **options)
    return fetcher, waits


@pytest.mark.parametrize("value, expected", [
    ("7", 7.0),
    ("0", 0.0),
    (None, None),
    ("", None),
    ("soon", None),
    (format_datetime(datetime.now(timezone.utc) - timedelta(hours=1), usegmt=True), 0.0),
])
def test_retry_after(value, expected):
    assert retry_after_s(value) == expected


def test_retry_after_http_date_in_the_future():
    when = format_datetime(datetime.now(timezone.utc) + timedelta(seconds=120), usegmt=True)
    assert 100 < retry_after_s(when) <= 120


@pytest.mark.parametrize("head, expected", [
    (b"<!DOCTYPE html><html>", True),
    (b"\n  <html lang=en>", True),
    (b"<!-- MHonArc v2.6 -->", True),
    (b"From mboxrd@z Thu Jan  1 00:00:00 1970\n", False),
    (b"Message-ID: <a@b>\n", False),
    (b"\x1f\x8b\x08", False),
    (b"", False),
])
def test_looks_like_html(head, expected):
    assert looks_like_html(head) is expected


def test_user_agent_and_timeout_are_set():
    with make_client() as client:
        assert client.headers["User-Agent"] == f"listminer/{__version__}"
        assert client.timeout.read is not None and client.timeout.connect is not None
        assert client.follow_redirects is False


def test_429_waits_for_retry_after_then_succeeds(tmp_path):
    script = Script(httpx.Response(429, headers={"Retry-After": "7"}), httpx.Response(200, content=b"ok"))
    fetcher, waits = _fetcher(tmp_path, script)
    got = fetcher.fetch("http://127.0.0.1/a")
    assert (got.status, got.path.read_bytes()) == (200, b"ok")
    assert 7.0 in waits and len(script.requests) == 2


def test_500_is_retried_with_backoff(tmp_path):
    script = Script(httpx.Response(500), httpx.Response(502), httpx.Response(200, content=b"fine"))
    fetcher, waits = _fetcher(tmp_path, script, rate=1)
    assert fetcher.fetch("http://127.0.0.1/a").path.read_bytes() == b"fine"
    backoffs = [w for w in waits if w >= 1.5]
    assert backoffs == sorted(backoffs) and len(backoffs) == 2  # growing waits between attempts


@pytest.mark.parametrize("response, reason", [
    (httpx.Response(503), "HTTP 503; gave up after"),
    (httpx.Response(429, headers={"Retry-After": "86400"}), "server asks to wait 86400 s"),
    (httpx.Response(403, text="<html>Access denied</html>"), "HTTP 403"),
    (httpx.Response(410), "HTTP 410"),
    (httpx.Response(302, headers={"Location": "https://elsewhere.example/x"}), "redirect to another host refused"),
    (httpx.Response(301, headers={"Location": "ftp://127.0.0.1/x"}), "redirect to another host refused"),
])
def test_failures_raise_fetch_error(tmp_path, response, reason):
    fetcher, _ = _fetcher(tmp_path, Script(response), max_retries=2)
    with pytest.raises(FetchError, match=reason.replace("(", r"\(")):
        fetcher.fetch("http://127.0.0.1/a")


def test_redirect_within_the_host_is_followed(tmp_path):
    script = Script(httpx.Response(302, headers={"Location": "/b/"}), httpx.Response(200, content=b"here"))
    fetcher, _ = _fetcher(tmp_path, script)
    assert fetcher.fetch("http://127.0.0.1/a").path.read_bytes() == b"here"
    assert str(script.requests[1].url) == "http://127.0.0.1/b/"


def test_404_is_an_answer_not_an_error(tmp_path):
    fetcher, _ = _fetcher(tmp_path, Script(httpx.Response(404)))
    got = fetcher.fetch("http://127.0.0.1/missing")
    assert (got.status, got.path) == (404, None)


@pytest.mark.parametrize("expect, body, reason", [
    ("mail", b"<!DOCTYPE html><html><title>Just a moment...</title>", "HTML page where mail was expected"),
    ("gzip", b"<html><body>challenge</body></html>", "HTML page where gzip data was expected"),
    ("gzip", b"From a@b Mon Jan  1 00:00:00 2024\n", "not gzip data"),
])
def test_unexpected_content_is_refused_and_not_cached(tmp_path, expect, body, reason):
    fetcher, _ = _fetcher(tmp_path, Script(httpx.Response(200, content=body)))
    with pytest.raises(FetchError, match=reason):
        fetcher.fetch("http://127.0.0.1/raw", expect=expect)
    assert not list((tmp_path / "cache").rglob("*")) or not any(p.is_file() for p in (tmp_path / "cache").rglob("*"))


def test_declared_oversize_body_is_refused_before_reading(tmp_path):
    script = Script(httpx.Response(200, headers={"Content-Length": str(200 * 1024 * 1024)}, content=b""))
    fetcher, _ = _fetcher(tmp_path, script, max_bytes=1024)
    with pytest.raises(FetchError, match="over the 1024-byte cap"):
        fetcher.fetch("http://127.0.0.1/big")


def test_conditional_request_reuses_the_cache_on_304(tmp_path):
    db = open_db(str(tmp_path / "miner.db"))
    script = Script(httpx.Response(200, headers={"ETag": '"v1"', "Last-Modified": "Tue, 05 Mar 2024 10:00:00 GMT"},
                                   content=b"page"), httpx.Response(304))
    fetcher, _ = _fetcher(tmp_path, script, db=db)
    first = fetcher.fetch("http://127.0.0.1/page")
    second = fetcher.fetch("http://127.0.0.1/page")
    assert (first.changed, second.changed, second.status) == (True, False, 304)
    assert second.path.read_bytes() == b"page"
    assert script.requests[1].headers["If-None-Match"] == '"v1"'
    assert script.requests[1].headers["If-Modified-Since"] == "Tue, 05 Mar 2024 10:00:00 GMT"
    assert [r["status"] for r in db["fetch_log"].rows] == [200, 304]
    assert db["fetch_state"].get("http://127.0.0.1/page")["etag"] == '"v1"'


def test_rate_limit_spaces_requests_per_host(tmp_path):
    script = Script(httpx.Response(200, content=b"x"))
    fetcher, waits = _fetcher(tmp_path, script, rate=2)
    for _ in range(3):
        fetcher.fetch("http://127.0.0.1/a", conditional=False)
    fetcher.fetch("http://localhost/other-host", conditional=False)
    assert len(waits) == 2 and all(0.3 < w <= 0.5 for w in waits)  # none before the first or the other host


@pytest.mark.parametrize("data, cap, reason", [
    (gzip.compress(b"x" * 10000)[:-12], 10 ** 6, "truncated gzip"),
    (gzip.compress(b"\0" * 100000), 1000, "expands beyond 1000 bytes"),
    (b"\x1f\x8b\x08\x00garbage-garbage-garbage", 10 ** 6, "corrupt gzip"),
])
def test_gunzip_refuses_bad_data(tmp_path, data, cap, reason):
    src, dest = tmp_path / "a.gz", tmp_path / "a"
    src.write_bytes(data)
    with pytest.raises(FetchError, match=reason):
        gunzip_capped(src, dest, cap)
    assert not dest.exists()


def test_gunzip_good_data(tmp_path):
    src = tmp_path / "a.gz"
    src.write_bytes(gzip.compress(b"From a@b Mon Jan  1 00:00:00 2024\n\nhi\n"))
    assert gunzip_capped(src, tmp_path / "a", 1000) == 38


# -- a real misbehaving server over loopback sockets ---------------------------------------------------
class Misbehaving(BaseHTTPRequestHandler):
    """/slow answers after 2 s; /huge streams 200 MB without Content-Length; /cut promises more than it
    sends; /ok answers at once."""

    def log_message(self, format, *args):  # noqa: A002
        pass

    def do_GET(self):  # noqa: N802 -- the stdlib's name
        if self.path == "/slow":
            time.sleep(2)
        if self.path == "/huge":
            self.send_response(200)
            self.end_headers()
            chunk = b"\0" * (1 << 20)
            try:
                for _ in range(200):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        body = b"From a@b Mon Jan  1 00:00:00 2024\n\nhello\n"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body) * (3 if self.path == "/cut" else 1)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass


@pytest.fixture(scope="module")
def misbehaving():
    with running_server(Misbehaving) as base_url:
        yield base_url


def _real_fetcher(tmp_path, client, **options) -> Fetcher:
    return Fetcher(client, cache_dir=tmp_path / "cache", rate=1000, max_retries=1, sleep=lambda s: None, **options)


def test_slow_server_times_out(misbehaving, tmp_path):
    with make_client(timeout=0.3) as client:
        with pytest.raises(FetchError, match="timed out"):
            _real_fetcher(tmp_path, client).fetch(misbehaving + "/slow")


def test_huge_streamed_body_stops_at_the_cap(misbehaving, tmp_path):
    with make_client(timeout=5) as client:
        with pytest.raises(FetchError, match="over the 2097152-byte cap"):
            _real_fetcher(tmp_path, client, max_bytes=2 * 1024 * 1024).fetch(misbehaving + "/huge")
    assert not [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]  # nothing half-written kept


def test_short_body_is_a_failed_download(misbehaving, tmp_path):
    with make_client(timeout=5) as client:
        with pytest.raises(FetchError, match="connection failed"):
            _real_fetcher(tmp_path, client).fetch(misbehaving + "/cut", expect="mail")


def test_good_answer_from_the_same_server(misbehaving, tmp_path):
    with make_client(timeout=5) as client:
        got = _real_fetcher(tmp_path, client).fetch(misbehaving + "/ok", expect="mail")
    assert got.path.read_bytes().endswith(b"hello\n")
