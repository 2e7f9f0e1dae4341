"""Shared test fixtures. Tests never reach the internet: any non-loopback connection is refused."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
DATA = Path(__file__).resolve().parent / "data"
REAL = SHARED / "fixtures" / "real"
# Real archive web pages (hypermail, marc.info), each with the message a scraper read from it.
REAL_PAGES = sorted([*REAL.glob("lkml-iu-edu-hypermail/*.html"), *REAL.glob("marc-info/*.html")])

_real_connect = socket.socket.connect


def _is_loopback(address) -> bool:
    if isinstance(address, (str, bytes)):  # a unix socket path
        return True
    host = address[0]
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def _no_internet(monkeypatch):
    def guarded_connect(self, address):
        if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(address):
            raise ConnectionRefusedError(f"tests may not connect to {address!r}")
        return _real_connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)


@pytest.fixture
def shared() -> Path:
    """The ../shared folder beside the repository (real corpus and fixtures); skips when absent."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside the repository")
    return SHARED


# -- local HTTP servers for the crawler tests (never a fixed port, always 127.0.0.1) -------------------
import contextlib  # noqa: E402
import functools  # noqa: E402
import threading  # noqa: E402
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer  # noqa: E402


class QuietFiles(SimpleHTTPRequestHandler):
    """Serves a folder; no request log on stderr."""

    def log_message(self, format, *args):  # noqa: A002 -- the stdlib's signature
        pass


@contextlib.contextmanager
def running_server(handler):
    """Run `handler` (a BaseHTTPRequestHandler class or factory) on 127.0.0.1, a free port, in a daemon
    thread; yields the base URL (no trailing slash) and shuts the server down cleanly afterwards."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def serve_directory(root):
    """`running_server` over the files of `root`."""
    return running_server(functools.partial(QuietFiles, directory=str(root)))


@pytest.fixture(scope="session")
def archive_server():
    """Base URL of a local server for tests/data/archive/ (pages written in lkml.org, mail-archive.com
    and lists.xenproject.org structure)."""
    with serve_directory(DATA / "archive") as base_url:
        yield base_url
