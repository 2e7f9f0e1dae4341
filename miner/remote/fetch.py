"""The one HTTP layer: every request listminer makes goes through `make_client` and a `Fetcher`.

Archives are run by volunteers, so the crawler is polite by construction: it says who it is
(`User-Agent: listminer/<version>`), spaces requests to each host (`rate` per second), backs off on
429 and 5xx honouring `Retry-After`, revalidates what it already has (ETag / Last-Modified, so an
unchanged page costs a 304 and no body), and follows redirects only within the host it was sent to.
It also distrusts what comes back: a body larger than `max_bytes` is cut off while streaming (never
held in memory), a `.gz` may not expand beyond `max_gunzip_bytes`, and an HTML page where mail was
expected (a login wall, a bot challenge, an error page served with status 200) is an error, never mail.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import os
import re
import time
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Callable
from urllib.parse import urljoin, urlsplit

import httpx
import sqlite_utils

from db import fetchstate
from miner import __version__
from miner.errors import FetchError
from miner.sources.mboxes import GZIP_MAGIC

log = logging.getLogger(__name__)

USER_AGENT = f"listminer/{__version__}"
DEFAULT_TIMEOUT = httpx.Timeout(30.0, connect=10.0)
MAX_RESPONSE_BYTES = 256 * 1024 * 1024  # one response; a whole-list mbox is streamed to disk under this
MAX_GUNZIP_BYTES = 1024 * 1024 * 1024  # what one .gz may expand to (a gzip bomb stops here)
MAX_RETRIES = 4  # per request, on 429, 5xx, timeouts and dropped connections
MAX_RETRY_WAIT_S = 300.0  # a Retry-After longer than this is reported instead of waited for
MAX_REDIRECTS = 5
_CHUNK = 64 * 1024
_REDIRECT_STATUSES = {301, 302, 303, 307, 308}
_HTML_START_RE = re.compile(rb"\A\s*(?:<!doctype\s+html|<html|<head|<body|<meta|<title|<script|<!--)", re.I)


def make_client(transport: httpx.BaseTransport | None = None,
                timeout: httpx.Timeout | float | None = None) -> httpx.Client:
    """The `httpx.Client` all crawling uses: our User-Agent, explicit timeouts, no automatic redirects
    (`Fetcher` follows them itself, within one host), and connection retries unless `transport` is given."""
    return httpx.Client(
        headers={"User-Agent": USER_AGENT},
        timeout=timeout if timeout is not None else DEFAULT_TIMEOUT,
        follow_redirects=False,
        transport=transport if transport is not None else httpx.HTTPTransport(retries=2),
    )


@dataclass(frozen=True)
class Fetched:
    """What one URL answered: `path` holds the body on disk (None for a 404); `changed` is False when
    the server said 304 and the cached copy was reused."""

    url: str
    status: int
    path: Path | None
    changed: bool
    size: int
    content_type: str = ""
    date: str | None = None  # the server's Date header, the clock to use for received-time windows


def looks_like_html(head: bytes) -> bool:
    """True when the first bytes of a body are an HTML document rather than mail or gzip data."""
    return bool(_HTML_START_RE.match(head[:512]))


def _now_iso() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def retry_after_s(value: str | None) -> float | None:
    """Seconds to wait from a `Retry-After` header (delta seconds or an HTTP date); None when absent or
    unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


class Fetcher:
    """Polite, cached, capped GETs and POSTs for one crawl. Counts `requests` for progress and reports.

    `db` (optional) receives `fetch_state` and `fetch_log` rows; without it validators are kept in memory.
    `sleep` is injectable so that tests can see the waits without taking them.
    """

    def __init__(self, client: httpx.Client, *, db: sqlite_utils.Database | None = None,
                 cache_dir: str | Path = "data/cache", rate: float = 1.0,
                 max_bytes: int = MAX_RESPONSE_BYTES, max_gunzip_bytes: int = MAX_GUNZIP_BYTES,
                 max_retries: int = MAX_RETRIES,
                 max_retry_wait_s: float = MAX_RETRY_WAIT_S, sleep: Callable[[float], None] = time.sleep):
        if rate <= 0:
            raise ValueError("rate must be positive (requests per second per host)")
        self.client, self.db = client, db
        self.cache_dir = Path(cache_dir)
        self.min_interval_s = 1.0 / rate
        self.max_gunzip_bytes = max_gunzip_bytes
        self.max_bytes, self.max_retries, self.max_retry_wait_s = max_bytes, max_retries, max_retry_wait_s
        self.sleep = sleep
        self.requests = 0
        self.last_date: str | None = None  # the Date header of the latest response: the server's clock
        self._last_request: dict[str, float] = {}
        self._memory_state: dict[str, dict] = {}

    # -- state --------------------------------------------------------------------------------------
    def _state(self, key: str) -> dict | None:
        if self.db is not None:
            return fetchstate.load_fetch_state(self.db, key)
        return self._memory_state.get(key)

    def _save_state(self, row: dict) -> None:
        if self.db is not None:
            fetchstate.save_fetch_state(self.db, row)
        else:
            self._memory_state[row["url"]] = row

    def forget(self, url: str) -> None:
        """Drop the validators of `url`, so the next fetch downloads it whole (after a bad body)."""
        state = self._state(url)
        if state:
            self._save_state({**state, "etag": None, "last_modified": None, "sha256": None})

    def _log(self, url: str, method: str, status: int | None, size: int, error: str | None = None) -> None:
        if self.db is not None:
            fetchstate.log_fetch(self.db, {"url": url, "method": method, "status": status, "bytes": size,
                                           "fetched_at": _now_iso(), "error": error})

    def cache_path(self, key: str) -> Path:
        digest = hashlib.sha256(key.encode("utf-8")).hexdigest()
        return self.cache_dir / digest[:2] / digest

    # -- politeness ---------------------------------------------------------------------------------
    def _throttle(self, host: str) -> None:
        last = self._last_request.get(host)
        if last is not None:
            wait = self.min_interval_s - (time.monotonic() - last)
            if wait > 0:
                self.sleep(wait)
        self._last_request[host] = time.monotonic()

    def _backoff_s(self, attempt: int) -> float:
        return min(self.max_retry_wait_s, self.min_interval_s * 2 ** attempt)

    # -- requests -----------------------------------------------------------------------------------
    def fetch(self, url: str, *, method: str = "GET", data: dict | None = None, expect: str | None = None,
              conditional: bool = True, max_bytes: int | None = None) -> Fetched:
        """Fetch `url` into the on-disk cache and say what came back.

        `expect` is "mail" (raw mail or mbox text), "gzip" or "html"/None (anything). A 404 gives
        `Fetched(status=404, path=None)`; a 304 reuses the cached body. Raises FetchError, after the
        retries, for 403, other 4xx, 5xx and 429 that persist, timeouts, dropped connections, a body over
        `max_bytes` (this call's cap, else the Fetcher's), a redirect to another host and a body that is not
        what `expect` says.
        """
        cap = min(max_bytes or self.max_bytes, self.max_bytes)
        key = url if method == "GET" else f"{method} {url} {sorted((data or {}).items())}"
        state = self._state(key) if conditional and method == "GET" else None
        cached = self.cache_path(key)
        headers = {}
        if state and cached.exists():
            if state.get("etag"):
                headers["If-None-Match"] = state["etag"]
            if state.get("last_modified"):
                headers["If-Modified-Since"] = state["last_modified"]
        origin = urlsplit(url)
        current, current_method, current_data = url, method, data
        attempt = redirects = 0
        while True:
            try:
                result = self._request_once(current, current_method, current_data, headers, cached, expect, key,
                                            cap)
            except _Retry as retry:
                attempt += 1
                if attempt > self.max_retries:
                    raise FetchError(url, f"{retry.reason}; gave up after {attempt} attempts") from None
                if retry.wait_s is not None and retry.wait_s > self.max_retry_wait_s:
                    raise FetchError(url, f"{retry.reason}; server asks to wait {retry.wait_s:.0f} s") from None
                wait = retry.wait_s if retry.wait_s is not None else self._backoff_s(attempt)
                log.info("%s: %s; retrying in %.1f s", current, retry.reason, wait)
                self.sleep(wait)
                continue
            except _Redirect as redirect:
                target = urljoin(current, redirect.location)
                parts = urlsplit(target)
                if parts.scheme not in ("http", "https") or parts.hostname != origin.hostname \
                        or parts.port != origin.port:
                    raise FetchError(url, f"redirect to another host refused: {target}") from None
                redirects += 1
                if redirects > MAX_REDIRECTS:
                    raise FetchError(url, f"more than {MAX_REDIRECTS} redirects") from None
                if redirect.status in (301, 302, 303) and current_method != "GET":
                    current_method, current_data = "GET", None
                current = target
                continue
            if result.status == 304:
                return Fetched(url, 304, cached, False, cached.stat().st_size, "", result.date)
            return result

    def _request_once(self, url: str, method: str, data: dict | None, headers: dict, cached: Path,
                      expect: str | None, key: str, cap: int) -> Fetched:
        host = urlsplit(url).netloc
        self._throttle(host)
        self.requests += 1
        try:
            with self.client.stream(method, url, headers=headers, data=data) as response:
                status = response.status_code
                self.last_date = response.headers.get("date") or self.last_date
                if status in _REDIRECT_STATUSES and response.headers.get("location"):
                    self._log(url, method, status, 0)
                    raise _Redirect(status, response.headers["location"])
                if status == 429 or status >= 500:
                    self._log(url, method, status, 0, f"HTTP {status}")
                    raise _Retry(f"HTTP {status}", retry_after_s(response.headers.get("retry-after")))
                if status == 304:
                    self._log(url, method, status, 0)
                    return Fetched(url, 304, cached, False, 0, "", response.headers.get("date"))
                if status == 404:
                    self._log(url, method, status, 0)
                    return Fetched(url, 404, None, False, 0, response.headers.get("content-type", ""),
                                   response.headers.get("date"))
                if status == 403:
                    self._log(url, method, status, 0, "forbidden")
                    raise FetchError(url, "HTTP 403 Forbidden (the archive refused us; a bot wall?)")
                if status != 200:
                    self._log(url, method, status, 0, f"HTTP {status}")
                    raise FetchError(url, f"HTTP {status} {response.reason_phrase}".strip())
                size, digest = self._save_body(url, response, cached, expect, cap)
        except httpx.UnsupportedProtocol as exc:  # a URL no retry can mend
            self._log(url, method, None, 0, str(exc))
            raise FetchError(url, f"not an http(s) URL: {exc}") from exc
        except httpx.TimeoutException as exc:
            self._log(url, method, None, 0, "timeout")
            raise _Retry(f"timed out ({type(exc).__name__})", None) from exc
        except httpx.TransportError as exc:
            self._log(url, method, None, 0, str(exc) or type(exc).__name__)
            raise _Retry(f"connection failed: {exc or type(exc).__name__}", None) from exc
        content_type = response.headers.get("content-type", "")
        self._log(url, method, status, size)
        self._save_state({"url": key, "etag": response.headers.get("etag"),
                          "last_modified": response.headers.get("last-modified"), "sha256": digest,
                          "fetched_at": _now_iso(), "status": status, "path": str(cached)})
        return Fetched(url, status, cached, True, size, content_type, response.headers.get("date"))

    def _save_body(self, url: str, response: httpx.Response, dest: Path, expect: str | None,
                   cap: int) -> tuple[int, str]:
        declared = response.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > cap:
            self._log(url, response.request.method, response.status_code, 0, "too large")
            raise FetchError(url, f"response of {int(declared)} bytes is over the {cap}-byte cap")
        dest.parent.mkdir(parents=True, exist_ok=True)
        partial = dest.with_name(dest.name + ".part")
        digest = hashlib.sha256()
        size = 0
        checked = False
        try:
            with open(partial, "wb") as handle:
                for chunk in response.iter_bytes(_CHUNK):
                    if not checked and chunk:
                        _check_kind(url, chunk, expect)
                        checked = True
                    size += len(chunk)
                    if size > cap:
                        raise FetchError(url, f"response over the {cap}-byte cap: stopped reading")
                    digest.update(chunk)
                    handle.write(chunk)
            os.replace(partial, dest)
        finally:
            partial.unlink(missing_ok=True)
        return size, digest.hexdigest()


class _Retry(Exception):
    def __init__(self, reason: str, wait_s: float | None):
        super().__init__(reason)
        self.reason, self.wait_s = reason, wait_s


class _Redirect(Exception):
    def __init__(self, status: int, location: str):
        super().__init__(location)
        self.status, self.location = status, location


def _check_kind(url: str, head: bytes, expect: str | None) -> None:
    if expect == "mail" and looks_like_html(head):
        raise FetchError(url, "an HTML page where mail was expected (a challenge or error page?): not imported")
    if expect == "gzip" and not head.startswith(GZIP_MAGIC):
        if looks_like_html(head):
            raise FetchError(url, "an HTML page where gzip data was expected (a challenge or error page?)")
        raise FetchError(url, "not gzip data")


def gunzip_capped(src: Path, dest: Path, max_bytes: int = MAX_GUNZIP_BYTES, url: str | None = None) -> int:
    """Decompress `src` into `dest` (streamed) and return its size; FetchError, with `dest` removed, when
    the data is truncated, corrupt or would expand beyond `max_bytes`."""
    where = url or str(src)
    partial = dest.with_name(dest.name + ".part")
    dest.parent.mkdir(parents=True, exist_ok=True)
    size = 0
    try:
        with gzip.open(src, "rb") as reader, open(partial, "wb") as writer:
            while chunk := reader.read(_CHUNK):
                size += len(chunk)
                if size > max_bytes:
                    raise FetchError(where, f"gzip data expands beyond {max_bytes} bytes: stopped (a gzip bomb?)")
                writer.write(chunk)
        os.replace(partial, dest)
    except EOFError as exc:
        raise FetchError(where, "truncated gzip data (the download was cut short)") from exc
    except (gzip.BadGzipFile, zlib.error) as exc:
        raise FetchError(where, f"corrupt gzip data: {exc}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return size
