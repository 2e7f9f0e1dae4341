"""Crawls: download from a remote archive to `data/raw/<list>/...`, then import what was downloaded.

Downloading and importing are separate steps on purpose: the files on disk are the record of what was
fetched, so extracting again never means crawling again, and a crawl that stops half-way (an error, a
^C) keeps every file it finished; the next run finds them, imports them and fetches only the rest.
Where a crawl got to is kept in `crawl_state`, updated only once what it fetched is stored.

Incremental public-inbox crawls ask only for what is new: a thread's Atom feed names its messages and
only those not in the database are fetched (`/raw`); a search remembers the server's clock at its last
run and asks next time for `rt:` (received time) from then, less a margin for mail delayed in transit,
fetching again only the messages it does not have.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

import httpx
import sqlite_utils

from db import fetchstate
from miner.errors import FetchError, MinerError
from miner.pipeline.importer import ImportReport, import_paths
from miner.pipeline.progress import Progress
from miner.remote import lore
from miner.remote.archive_html import ArchivePage, decode_page
from miner.remote.fetch import Fetcher, make_client
from miner.remote.sites import parse_archive_page

log = logging.getLogger(__name__)

RT_MARGIN_S = 24 * 3600  # mail can reach the archive this long after its Received: time
RAW_FETCH_MAX = 100  # more new messages than this in a window are downloaded as one mbox instead
MAX_PAGES = 5000  # pages one HTML crawl visits at most
MAX_PAGE_BYTES = 16 * 1024 * 1024  # an archive web page is never this large; anything bigger is not one
_UNSAFE_NAME_RE = re.compile(r"[^A-Za-z0-9._@+=-]+")


@dataclass
class CrawlReport:
    """What a crawl did: requests made, files downloaded, what the import saved, and each failure."""

    requests: int = 0
    files: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    imported: ImportReport = field(default_factory=ImportReport)
    note: str = ""

    def summary(self) -> str:
        parts = [f"{self.requests} requests", f"{len(self.files)} downloads", self.imported.summary()]
        if self.note:
            parts.append(self.note)
        if self.errors:
            parts.append(f"{len(self.errors)} errors")
        return "; ".join(parts)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.imported.skips


def safe_name(text: str, limit: int = 120) -> str:
    """A file name for a Message-ID, URL or query: unsafe characters replaced, long names shortened
    with a hash so distinct inputs stay distinct."""
    name = _UNSAFE_NAME_RE.sub("_", text).strip("._") or "_"
    if len(name) > limit:
        name = name[:limit - 13] + "-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]
    return name


def _now_iso() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _server_epoch(date_header: str | None) -> int:
    """The server's clock (its Date header) as Unix seconds; our own clock when it sent none."""
    if date_header:
        try:
            return int(parsedate_to_datetime(date_header).timestamp())
        except (TypeError, ValueError):
            pass
    return int(datetime.now(timezone.utc).timestamp())


def _import(db: sqlite_utils.Database, report: CrawlReport, paths: list[Path], fmt: str,
            list_name: str | None) -> None:
    """Import `paths`, adding the counts to the report's (a crawl may import per list)."""
    if not paths:
        return
    new = import_paths(db, paths, fmt=fmt, list_name=list_name)
    total = report.imported
    for name in ("seen", "saved", "already_stored", "unchanged_sources", "synthetic_ids", "bad_dates"):
        setattr(total, name, getattr(total, name) + getattr(new, name))
    total.skips.extend(new.skips)


# -- lore / public-inbox -------------------------------------------------------------------------------
def crawl_lore(db: sqlite_utils.Database, fetcher: Fetcher, *, list_name: str,
               base_url: str = lore.DEFAULT_BASE_URL, thread: str | None = None, query: str | None = None,
               since: str | None = None, full_threads: bool = False, data_dir: str | Path = "data") -> CrawlReport:
    """Pull a thread (`thread`: any Message-ID in it), a search (`query`, public-inbox syntax) or all mail
    received since a date (`since`, YYYY-MM-DD) from a public-inbox server into `db`.

    Re-runs fetch only new messages. Failures are collected in the report (never raised) once anything
    was fetched; the import runs on whatever was downloaded.
    """
    if not (thread or query or since):
        raise MinerError("crawl lore needs --thread, --query or --since")
    dest = Path(data_dir) / "raw" / safe_name(list_name) / "lore"
    import_list = None if list_name == "all" else list_name
    report = CrawlReport()
    start_requests = fetcher.requests
    cursor = None
    try:
        if thread:
            paths = _lore_thread(db, fetcher, base_url, list_name, thread.strip().strip("<>"), dest, report)
        else:
            paths, cursor = _lore_search(db, fetcher, base_url, list_name, query, since, full_threads, dest, report)
    except FetchError as exc:
        report.errors.append(str(exc))
        paths = []
    report.files = paths
    report.requests = fetcher.requests - start_requests
    _import(db, report, paths, "mbox", import_list)
    if cursor and not report.errors:  # only once all it asked for was fetched: else the next run asks again
        fetchstate.save_crawl_cursor(db, *cursor, _now_iso())
    log.info("crawl lore %s: %s", list_name, report.summary())
    return report


def _lore_thread(db, fetcher: Fetcher, base_url: str, list_name: str, message_id: str, dest: Path,
                 report: CrawlReport) -> list[Path]:
    entries = lore.fetch_thread_entries(fetcher, base_url, list_name, message_id)
    ids = [entry.message_id for entry in entries]
    known = fetchstate.known_message_ids(db, ids)
    new_ids = [i for i in ids if i not in known]
    if entries and not new_ids:
        report.note = f"thread unchanged: all {len(ids)} messages already stored"
        return []
    if not known or len(new_ids) > RAW_FETCH_MAX:
        path = lore.fetch_thread_mbox(fetcher, base_url, list_name, message_id,
                                      dest / f"thread-{safe_name(message_id)}.mbox")
        if path is None:
            raise FetchError(lore.message_url(base_url, list_name, message_id), "no such message in the archive")
        return [path]
    return _fetch_raws(fetcher, base_url, list_name, new_ids, dest, report)


def _fetch_raws(fetcher: Fetcher, base_url: str, list_name: str, message_ids: list[str], dest: Path,
                report: CrawlReport) -> list[Path]:
    paths = []
    progress = Progress("messages")
    for message_id in message_ids:
        path = dest / f"msg-{safe_name(message_id)}.mbox"
        try:
            if path.exists() or lore.fetch_raw_message(fetcher, base_url, list_name, message_id, path):
                paths.append(path)
            else:
                report.errors.append(f"{message_id}: listed but not found (404)")
        except FetchError as exc:
            report.errors.append(str(exc))
        progress.update(1, f"{fetcher.requests} requests")
    progress.close()
    return paths


def _lore_search(db, fetcher: Fetcher, base_url: str, list_name: str, query: str | None, since: str | None,
                 full_threads: bool, dest: Path, report: CrawlReport) -> tuple[list[Path], tuple[str, str]]:
    """The files of a search's new messages, and (crawl, cursor) to record once they are stored: the
    server's clock at this run, from which the next run's `rt:` window starts (less RT_MARGIN_S)."""
    if query and since:
        base_query = f"({query}) rt:{since}.."
    else:
        base_query = query or f"rt:{since}.."
    crawl_key = f"lore {base_url.rstrip('/')}/{list_name}/?q={base_query}" + (" (threads)" if full_threads else "")
    cursor = fetchstate.load_crawl_cursor(db, crawl_key)
    if cursor is None:
        path, date = lore.fetch_search_mbox(fetcher, base_url, list_name, base_query,
                                            dest / f"search-{safe_name(base_query, 60)}.mbox", full_threads)
        paths = [path] if path else []
        if not path:
            report.note = "no messages match"
    else:
        window = f"({base_query}) rt:{int(cursor) - RT_MARGIN_S}.."
        entries = list(lore.iter_search_entries(fetcher, base_url, list_name, window))
        date = None
        ids = list(dict.fromkeys(e.message_id for e in entries))
        new_ids = [i for i in ids if i not in fetchstate.known_message_ids(db, ids)]
        if not new_ids:
            report.note = f"nothing new since the last crawl ({len(ids)} recent messages already stored)"
            paths = []
        elif len(new_ids) > RAW_FETCH_MAX:
            path, date = lore.fetch_search_mbox(fetcher, base_url, list_name, window,
                                                dest / f"search-{safe_name(base_query, 60)}-{cursor}.mbox",
                                                full_threads)
            paths = [path] if path else []
        else:
            paths = _fetch_raws(fetcher, base_url, list_name, new_ids, dest, report)
    return paths, (crawl_key, str(_server_epoch(date or fetcher.last_date)))


def crawl_lore_git(db: sqlite_utils.Database, fetcher: Fetcher, *, list_name: str,
                   base_url: str = lore.DEFAULT_BASE_URL, epochs: tuple[int, int] | None = None,
                   data_dir: str | Path = "data") -> CrawlReport:
    """Mirror the list's public-inbox git epochs (all, or `epochs` = (first, last)) under
    `data/raw/<list>/lore-git/` with git, then import the commits not imported before."""
    inbox = Path(data_dir) / "raw" / safe_name(list_name) / "lore-git"
    report = CrawlReport()
    start_requests = fetcher.requests
    available = lore.fetch_epochs(fetcher, base_url, list_name)
    wanted = sorted(n for n in available if epochs is None or epochs[0] <= n <= epochs[1])
    if not wanted:
        raise FetchError(lore.list_url(base_url, list_name), f"no epochs {epochs} (the archive has "
                                                              f"{sorted(available) or 'none'})")
    crawl_key = f"lore-git {base_url.rstrip('/')}/{list_name}/"
    fingerprints = json.loads(fetchstate.load_crawl_cursor(db, crawl_key) or "{}")
    for number in wanted:
        fingerprint = available[number].get("fingerprint")
        if fingerprint and fingerprints.get(str(number)) == fingerprint and (inbox / "git" / f"{number}.git").exists():
            continue  # the manifest says this epoch has not changed since we mirrored it
        try:
            lore.mirror_epoch(base_url, list_name, number, inbox)
        except FetchError as exc:
            report.errors.append(str(exc))
            continue
        report.files.append(inbox / "git" / f"{number}.git")
        fingerprints[str(number)] = fingerprint
    if not report.files and not report.errors:
        report.note = "manifest unchanged: no epoch has new commits"
    report.requests = fetcher.requests - start_requests
    if any((inbox / "git" / f"{n}.git").exists() for n in wanted):  # also finishes an interrupted import
        _import(db, report, [inbox], "public-inbox", list_name)
    fetchstate.save_crawl_cursor(db, crawl_key, json.dumps(fingerprints, sort_keys=True), _now_iso())
    log.info("crawl lore %s (git): %s", list_name, report.summary())
    return report


# -- HTML archives -------------------------------------------------------------------------------------
def guess_list_name(url: str) -> str:
    """The list an archive URL belongs to, read from the path layouts of the archives (so it also works
    when a test server stands in for the site); the host name when the layout is unknown."""
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s]
    if segments[:1] == ["lkml"] or segments[:3] == ["hypermail", "linux", "kernel"]:
        return "linux-kernel"
    if "archives" in segments and len(segments) > segments.index("archives") + 2:
        return segments[segments.index("archives") + 2]  # lists.xenproject.org/archives/html/<list>/...
    if segments and "@" in segments[0]:
        return segments[0].split("@")[0]  # mail-archive.com/<list>@<host>/...
    found = re.search(r"(?:^|&)l=([^&]+)", parts.query)  # marc.info/?l=<list>
    if found:
        return found.group(1)
    return parts.hostname or "unknown"


def resolve_urls(base_url: str, urls: list[str] | tuple[str, ...]) -> list[str]:
    """`urls` made absolute against `base_url`; with a `base_url`, absolute URLs are moved onto its
    host too (keeping path and query), so the same command runs against a mirror or a test server."""
    resolved = []
    for url in urls:
        parts = urlsplit(url)
        if not base_url:
            if parts.scheme not in ("http", "https"):
                raise MinerError(f"{url}: not an http(s) URL (give --base-url for paths)")
            resolved.append(url)
            continue
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        resolved.append(base_url.rstrip("/") + "/" + path.lstrip("/"))
    return resolved


def parse_epoch_range(text: str | None) -> tuple[int, int] | None:
    """`N..M`, `N..` or `N` as (first, last) epoch numbers; None for all. MinerError when unreadable."""
    if not text:
        return None
    found = re.fullmatch(r"\s*(\d+)\s*(?:\.\.\s*(\d*)\s*)?", text)
    if not found:
        raise MinerError(f"--epochs {text!r}: expected N..M")
    first = int(found.group(1))
    last = found.group(2)
    return first, (int(last) if last else (10 ** 6 if text.strip().endswith("..") else first))


@contextmanager
def open_fetcher(db: sqlite_utils.Database, *, cache_dir: str | Path, rate: float,
                 timeout: float) -> Iterator[Fetcher]:
    """A Fetcher on a fresh client that records into `db`; the client is closed afterwards."""
    with make_client(timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0))) as client:
        yield Fetcher(client, db=db, cache_dir=cache_dir, rate=rate)


def run_lore(db: sqlite_utils.Database, fetcher: Fetcher, *, list_name: str, base_url: str,
             thread: str | None, query: str | None, since: str | None, full_threads: bool, git: bool,
             epochs: str | None, data_dir: str | Path) -> CrawlReport:
    """`miner crawl lore`: the git-epoch mirror with `git`, else a thread or search crawl."""
    if git:
        return crawl_lore_git(db, fetcher, list_name=list_name, base_url=base_url,
                              epochs=parse_epoch_range(epochs), data_dir=data_dir)
    return crawl_lore(db, fetcher, list_name=list_name, base_url=base_url, thread=thread, query=query,
                      since=since, full_threads=full_threads, data_dir=data_dir)


def crawl_html(db: sqlite_utils.Database, fetcher: Fetcher, urls: list[str], *, follow: str | None = None,
               list_name: str | None = None, data_dir: str | Path = "data", max_pages: int = MAX_PAGES) -> CrawlReport:
    """Fetch archive pages (message, thread or index pages of MHonArc, hypermail, marc.info, lkml.org,
    mail-archive.com), keep each page and the message read from it under `data/raw/<list>/<host>/`, and
    import the messages. `follow="thread"` also visits the thread's other messages, `"month"` every
    message of the index pages reached. Pages that fail are reported and the others go on."""
    if follow not in (None, "thread", "month"):
        raise MinerError(f"--follow must be thread or month, not {follow}")
    report = CrawlReport()
    start_requests = fetcher.requests
    queue = deque(urls)
    seen: set[str] = set()
    written: list[Path] = []
    progress = Progress("pages")
    while queue and len(seen) < max_pages:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        name = list_name or guess_list_name(url)
        folder = Path(data_dir) / "raw" / safe_name(name) / safe_name(urlsplit(url).netloc)
        try:
            page, changed = _fetch_page(fetcher, url)
        except FetchError as exc:
            report.errors.append(str(exc))
            continue
        parsed = parse_archive_page(page, url)
        page_name = safe_name(urlsplit(url).path.strip("/") + ("?" + urlsplit(url).query if urlsplit(url).query
                                                               else ""))
        if parsed.message is not None:
            path = folder / f"{page_name}.eml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(parsed.message.to_rfc822())
            written.append(path)
            if changed:
                report.files.append(path)
        elif parsed.problems and not (parsed.message_links or parsed.index_links):
            fetcher.forget(url)  # not revalidated next time: a broken page is fetched whole again
            report.errors.append(f"{url}: {'; '.join(parsed.problems)}")
        queue.extend(_next_pages(parsed, follow, url in urls))
        progress.update(1, f"{fetcher.requests} requests, {len(written)} messages")
    progress.close()
    if queue and len(seen) >= max_pages:
        report.errors.append(f"stopped after {max_pages} pages ({len(queue)} links not visited)")
    report.requests = fetcher.requests - start_requests
    by_list: dict[str | None, list[Path]] = {}
    for path in written:
        by_list.setdefault(list_name or path.parent.parent.name, []).append(path)
    for name, paths in by_list.items():
        _import(db, report, paths, "eml", name)
    log.info("crawl html: %s", report.summary())
    return report


def _fetch_page(fetcher: Fetcher, url: str) -> tuple[str, bool]:
    """The text of a page and whether it changed since the last crawl (False: a 304, the cached copy)."""
    got = fetcher.fetch(url, expect="html", max_bytes=MAX_PAGE_BYTES)
    if got.status == 404 or got.path is None:
        raise FetchError(url, "not found (404)")
    return decode_page(got.path.read_bytes(), got.content_type), got.changed


def _next_pages(page: ArchivePage, follow: str | None, given: bool) -> list[str]:
    """Pages to visit after `page`: its thread's messages (`thread`); for `month`, an index page's
    messages, and from a message page given on the command line, its index pages."""
    if follow == "thread":
        if page.message is not None:
            return list(page.thread_links)
        return list(page.message_links) if given else []
    if follow == "month":
        if page.message is None:
            return list(page.message_links)
        return list(page.index_links[:1]) if given else []
    return []
