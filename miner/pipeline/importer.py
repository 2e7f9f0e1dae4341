"""Import local archives: read raw messages, parse and extract them in parallel, write in batches.

One process reads the sources and writes the database; worker processes (`workers`, both cores)
parse each raw message and run the extractors on it, returning plain rows. Work goes out in bounded
windows, so memory stays constant however large the archive. Each batch is one transaction: an
interrupted import leaves whole messages only, and the `done_offset` of the `sources` table lets the next
run resume an mbox where it stopped. A file already imported and unchanged since (size, mtime, SHA-1) is
not read again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from itertools import chain, islice
from pathlib import Path
from typing import Iterable, Iterator

import sqlite_utils

from db import store
from db.rows import MessageRows
from extractors import EXTRACTOR_VERSION
from extractors.analysis import analyze_body
from extractors.model import BodyFindings
from miner.errors import ArchiveFormatError
from miner.message.parse import parse_message
from miner.pipeline.postprocess import update_links
from miner.pipeline.progress import Progress
from miner.pipeline.rows import message_rows
from miner.pipeline.workers import map_in_windows, worker_pool
from miner.sources.formats import detect_format, iter_items
from miner.sources.items import RawItem
from miner.sources.pages import message_from_page
from miner.sources.public_inbox import epoch_head, epochs, iter_public_inbox_items

log = logging.getLogger(__name__)

BATCH = 500  # messages per transaction
WINDOW = 1000  # messages handed to the workers at once (two windows are in flight)
MAX_BODY_CHARS = 500_000  # text beyond this is kept in the raw message only, not searched or extracted
PARALLEL_MIN_MESSAGES = 300  # fewer messages are parsed in-process: starting workers would cost more
CHUNK = 32  # messages handed to a worker at a time


@dataclass
class ImportReport:
    """What an import did, for the one summary line and the exit status."""

    seen: int = 0
    saved: int = 0
    already_stored: int = 0
    unchanged_sources: int = 0
    synthetic_ids: int = 0
    bad_dates: int = 0
    skips: list[tuple[str, str, str]] = field(default_factory=list)  # (source, position, reason)

    def summary(self) -> str:
        parts = [f"{self.saved}/{self.seen} saved"]
        if self.already_stored:
            parts.append(f"{self.already_stored} already stored")
        if self.unchanged_sources:
            parts.append(f"{self.unchanged_sources} unchanged source(s) not read again")
        if self.synthetic_ids:
            parts.append(f"{self.synthetic_ids} without Message-ID")
        if self.bad_dates:
            parts.append(f"{self.bad_dates} bad dates")
        if self.skips:
            parts.append(f"{len(self.skips)} skipped")
        return "; ".join(parts)


@dataclass(frozen=True)
class _Parsed:
    rows: MessageRows | None
    skipped: str | None = None
    synthetic: bool = False
    bad_date: bool = False


def process_item(item: RawItem, list_name: str | None = None) -> _Parsed:
    """Parse one raw message and extract its evidence into rows (runs in a worker process)."""
    if item.skipped:
        return _Parsed(None, item.skipped)
    if not item.raw.strip():
        return _Parsed(None, "empty message")
    try:
        if item.raw_format == "page":
            message = message_from_page(item.raw, list_name)
        else:
            message = parse_message(item.raw, list_name)
    except Exception as exc:  # noqa: BLE001 -- bad input must become a recorded skip, never a traceback
        return _Parsed(None, f"unreadable message: {type(exc).__name__}: {exc}")
    if len(message.body) > MAX_BODY_CHARS:  # a huge attachment pasted inline: the raw bytes keep all of it
        message = dataclasses.replace(
            message, body=message.body[:MAX_BODY_CHARS],
            problems=(*message.problems, f"body cut to {MAX_BODY_CHARS} characters for extraction"))
    try:
        findings = analyze_body(message.body, message.author_name or message.author_email)
    except Exception as exc:  # noqa: BLE001 -- an extractor bug must not lose the message itself
        log.warning("extractors failed on %s: %s: %s", message.message_id, type(exc).__name__, exc)
        findings = BodyFindings()
        message = dataclasses.replace(message, problems=(*message.problems, f"extractors failed: {exc}"))
    rows = message_rows(message, findings, raw_format=item.raw_format, source_url=_source_url(item),
                        list_name=list_name, extractor_version=EXTRACTOR_VERSION)
    return _Parsed(rows, None, message.synthetic_id, "bad date" in message.problems)


def _process_star(args: tuple[RawItem, str | None]) -> _Parsed:
    return process_item(*args)


def _source_url(item: RawItem) -> str:
    if item.source.startswith(("http://", "https://", "file://")):  # a URL, or one stored before (reextract)
        return item.source
    return f"file://{os.path.abspath(item.source)}#{item.position}"


def _fingerprint(path: Path) -> str:
    """SHA-1 of a file's bytes, or of a maildir's file names, sizes and times: equal means unchanged."""
    digest = hashlib.sha1()
    if path.is_dir():
        for entry in sorted(p for sub in ("cur", "new") if (path / sub).is_dir() for p in (path / sub).iterdir()):
            stat = entry.stat()
            digest.update(f"{entry.name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
        return digest.hexdigest()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class _Writer:
    """Collects parsed messages and writes them in batches; keeps the report."""

    def __init__(self, db: sqlite_utils.Database, report: ImportReport, progress: Progress):
        self.db, self.report, self.progress = db, report, progress
        self.pending: list[MessageRows] = []
        self.last_offset: dict[str, int] = {}

    def add(self, item: RawItem, parsed: _Parsed) -> None:
        self.report.seen += 1
        if parsed.skipped:
            self.report.skips.append((item.source, item.position, parsed.skipped))
            store.save_skip(self.db, item.source, item.position, parsed.skipped, _now())
        else:
            self.pending.append(parsed.rows)
            self.report.synthetic_ids += parsed.synthetic
            self.report.bad_dates += parsed.bad_date
        self.last_offset[item.source] = item.offset
        self.progress.update(1, f"{self.report.saved} new")
        if len(self.pending) >= BATCH:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            new = store.save_rows(self.db, self.pending)
            self.report.saved += new
            self.report.already_stored += len(self.pending) - new
            self.pending = []
        for source, offset in self.last_offset.items():
            store.save_source_state(self.db, {"source": source, "done_offset": offset})
        self.last_offset = {}


def _run(items: Iterable[RawItem], writer: _Writer, list_name: str | None) -> None:
    """Process items in this process when there are few, else in a pool of workers, in bounded windows."""
    iterator = iter(items)
    head = list(islice(iterator, PARALLEL_MIN_MESSAGES))
    if len(head) < PARALLEL_MIN_MESSAGES:
        for item in head:
            writer.add(item, process_item(item, list_name))
        return
    iterator = chain(head, iterator)
    with worker_pool() as pool:
        for (item, _list), parsed in map_in_windows(pool, _process_star, ((i, list_name) for i in iterator),
                                                    window=WINDOW, chunksize=CHUNK):
            writer.add(item, parsed)


def _import_file(db, path: Path, kind: str, list_name: str | None, writer: _Writer) -> None:
    stat = path.stat()
    state = store.source_state(db, str(path))
    sha1 = _fingerprint(path)
    if state and state["complete"] and state["sha1"] == sha1:
        writer.report.unchanged_sources += 1
        return
    resume = state["done_offset"] if state and state["sha1"] == sha1 and kind == "mbox" else 0
    store.save_source_state(db, {"source": str(path), "kind": kind, "list": list_name, "size": stat.st_size,
                                 "mtime": stat.st_mtime, "sha1": sha1, "done_offset": resume or 0,
                                 "complete": 0, "imported_at": _now()})
    items: Iterator[RawItem] = iter_items(path, kind)
    if resume:
        items = (item for item in items if item.offset > resume)
    before = writer.report.seen
    skips_before = len(writer.report.skips)
    _run(items, writer, list_name)
    writer.flush()
    n_skipped = len(writer.report.skips) - skips_before
    # a source with skipped messages is read again next time: a fixed reader may save them then
    store.save_source_state(db, {"source": str(path), "complete": int(n_skipped == 0), "done_offset": 0,
                                 "n_messages": writer.report.seen - before, "n_skipped": n_skipped,
                                 "imported_at": _now()})


def _import_public_inbox(db, path: Path, list_name: str | None, writer: _Writer) -> None:
    heads = {}
    for epoch in epochs(path):
        state = store.source_state(db, str(epoch))
        if state and state["sha1"]:
            heads[str(epoch)] = state["sha1"]
    new_heads = {str(epoch): epoch_head(epoch) for epoch in epochs(path)}
    if all(heads.get(e) == h for e, h in new_heads.items()):
        writer.report.unchanged_sources += 1
        return
    _run(iter_public_inbox_items(path, heads), writer, list_name)
    writer.flush()
    for epoch, head in new_heads.items():
        store.save_source_state(db, {"source": epoch, "kind": "public-inbox", "list": list_name, "sha1": head,
                                     "complete": 1, "imported_at": _now()})


def import_paths(db: sqlite_utils.Database, paths: Iterable[str | Path], *, fmt: str = "auto",
                 list_name: str | None = None, progress: Progress | None = None) -> ImportReport:
    """Import mail from local paths into `db`; idempotent and resumable.

    A path that cannot be read (empty, binary, unknown layout) is reported as skipped and the others
    go on; so is any single message that cannot be parsed.
    """
    report = ImportReport()
    progress = progress or Progress("messages")
    writer = _Writer(db, report, progress)
    for raw_path in paths:
        path = Path(raw_path)
        try:
            kind = detect_format(path) if fmt == "auto" else fmt
            if kind == "public-inbox":
                _import_public_inbox(db, path, list_name, writer)
            else:
                _import_file(db, path, kind, list_name, writer)
        except (ArchiveFormatError, OSError) as exc:
            reason = exc.reason if isinstance(exc, ArchiveFormatError) else (exc.strerror or str(exc))
            report.skips.append((str(path), "", reason))
            store.save_skip(db, str(path), "", reason, _now())
    writer.flush()
    progress.close()
    if report.saved:
        update_links(db)
    log.info("%s", report.summary())
    return report
