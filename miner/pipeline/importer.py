"""Import local archives: read raw messages, parse and extract them in parallel, write in batches.

One process reads the sources and writes the database; worker processes (`workers`, both cores)
parse each raw message and run the extractors on it, returning plain rows. Work goes out in bounded
windows, so memory stays constant however large the archive. Each batch is one transaction: an
interrupted import (a crash, SIGKILL, a full disk) leaves whole messages only, and the `sources` table
says how far each source got, so the next run resumes there. A message that cannot be stored is recorded
in `skipped` with its reason and its raw bytes, so every message of a source is accounted for.

Re-imports cost what changed: a file whose SHA-1 is the one imported is not read at all (its skips are
already recorded); an mbox that grew is read from where the last import ended, once the bytes before
that point are found unchanged; a public-inbox epoch is read from the last commit imported. A source is
marked complete only once the threads and series have been linked, so a run that dies while linking
links again next time.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime, timezone
from itertools import chain, islice
from pathlib import Path
from typing import Callable, Iterable

import sqlite_utils

from db import store
from db.rows import MessageRows
from extractors import EXTRACTOR_VERSION
from extractors.analysis import analyze_body
from extractors.model import BodyFindings
from db.queries import database_file
from miner.errors import ArchiveFormatError
from miner.message.headers import synthetic_message_id
from miner.message.parse import parse_message
from miner.pipeline.cluster import ClusterPool
from miner.pipeline.database import database_errors, writer_lock
from miner.pipeline.postprocess import update_links
from miner.pipeline.progress import Progress
from miner.pipeline.rows import message_rows
from miner.pipeline.workers import Workers, map_in_windows
from miner.sources.formats import detect_format, iter_items
from miner.sources.items import RawItem
from miner.sources.mboxes import MboxReader
from miner.sources.pages import message_from_page
from miner.sources.public_inbox import epoch_head, epochs, iter_public_inbox_items

log = logging.getLogger(__name__)

BATCH = 500  # messages per transaction
WINDOW = 256  # messages handed to the workers at once (two windows are in flight: their raw bytes and rows)
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
    reused_ids: int = 0
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
        if self.reused_ids:
            parts.append(f"{self.reused_ids} under another message's Message-ID (stored with an id of their own)")
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


def process_item(item: RawItem, list_name: str | None = None, *, own_id: bool = False) -> _Parsed:
    """Parse one raw message and extract its evidence into rows (runs in a worker process). With
    `own_id`, the message's Message-ID is a different message's: it gets a synthetic id, as mail
    without one does, and says why in its problems."""
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
    if item.raw_format == "rfc822" and _nothing_of_a_mail(message):
        return _Parsed(None, NOT_MAIL)
    if own_id:
        message = dataclasses.replace(
            message, synthetic_id=True, problems=(*message.problems, f"Message-ID <{message.message_id}> reused"),
            message_id=synthetic_message_id(message.author_name or message.author_email, message.date_utc,
                                            message.subject, message.body))
    if len(message.body) > MAX_BODY_CHARS:  # a huge attachment pasted inline: the raw bytes keep all of it
        message = dataclasses.replace(
            message, body=message.body[:MAX_BODY_CHARS],
            problems=(*message.problems, f"body cut to {MAX_BODY_CHARS} characters for extraction"))
    try:
        findings = analyze_body(message.body, message.author_name or message.author_email, message.subject)
    except Exception as exc:  # noqa: BLE001 -- an extractor bug must not lose the message itself
        log.warning("extractors failed on %s: %s: %s", message.message_id, type(exc).__name__, exc)
        findings = BodyFindings()
        message = dataclasses.replace(message, problems=(*message.problems, f"extractors failed: {exc}"))
    rows = message_rows(message, findings, raw_format=item.raw_format, source_url=_source_url(item),
                        list_name=list_name, extractor_version=EXTRACTOR_VERSION, raw_at=item.raw_at)
    return _Parsed(rows, None, message.synthetic_id, "bad date" in message.problems)


NOT_MAIL = "not a mail message: no Message-ID, From, Date or Subject header"


def _nothing_of_a_mail(message) -> bool:
    """True when no header a mail has could be read: the input is text or bytes, not mail (its raw bytes
    are kept in `skipped`, the body is not stored as a message of nobody, never dated)."""
    return (message.synthetic_id and not (message.author_name or message.author_email or message.subject)
            and message.date_utc is None and "bad date" not in message.problems)


def _process_star(args: tuple[RawItem, str | None]) -> _Parsed:
    return process_item(*args)


def _process_with_own_id(args: tuple[RawItem, str | None]) -> _Parsed:
    return process_item(*args, own_id=True)


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
    """Collects parsed messages and skips and writes them in batches; keeps the report and, per source,
    how far its committed messages reach (`checkpoints` turns the last committed item into its `sources`
    row)."""

    def __init__(self, db: sqlite_utils.Database, report: ImportReport, progress: Progress, list_name: str | None,
                 workers: Workers, cluster: ClusterPool | None = None):
        self.db, self.report, self.progress, self.list_name = db, report, progress, list_name
        self.workers = workers  # the local worker pool, started by the first source that needs it
        self.cluster = cluster  # where messages are parsed when not in local workers
        self.parsing_here = True  # False once messages are parsed in workers or on the cluster
        self.pending: list[MessageRows] = []
        self.pending_items: list[RawItem] = []  # the item of each pending message
        self.pending_skips: list[tuple[RawItem, str]] = []
        self.last_item: dict[str, RawItem] = {}
        self.checkpoints: dict[str, Callable[[RawItem], dict]] = {}
        self.sources_read: list[str] = []  # marked complete once linked

    def add(self, item: RawItem, parsed: _Parsed) -> None:
        self.report.seen += 1
        if parsed.skipped:
            self.report.skips.append((item.source, item.position, parsed.skipped))
            self.pending_skips.append((item, parsed.skipped))
        else:
            self.pending.append(parsed.rows)
            self.pending_items.append(item)
            self.report.synthetic_ids += parsed.synthetic
            self.report.bad_dates += parsed.bad_date
        self.last_item[item.source] = item
        self.progress.update(1, f"{self.report.saved} new")
        if len(self.pending) + len(self.pending_skips) >= BATCH:
            self.flush()

    def flush(self) -> None:
        """Write what is pending (the messages in one transaction), then move each source's checkpoint:
        a crash in between only makes the next run read those messages again, and store them once. A
        message under the Message-ID of a different one is stored with an id of its own, never dropped as
        a copy (parsed again where messages are parsed: it is rare)."""
        reused = store.find_reused_ids(self.db, self.pending) if self.pending else []
        for index, parsed in zip(reused, self._parse_with_own_ids([self.pending_items[i] for i in reused])):
            self.pending[index] = parsed.rows
            self.report.reused_ids += 1
        if self.pending:
            new = store.save_rows(self.db, self.pending)
            self.report.saved += new
            self.report.already_stored += len(self.pending) - new
            self.pending, self.pending_items = [], []
        for item, reason in self.pending_skips:
            store.save_skip(self.db, item.source, item.position, reason, _now(), item.raw, item.raw_format)
        self.pending_skips = []
        for source, item in self.last_item.items():
            if source in self.checkpoints:
                store.save_source_state(self.db, self.checkpoints[source](item))
        self.last_item = {}

    def _parse_with_own_ids(self, items: list[RawItem]) -> list[_Parsed]:
        """The messages parsed again with synthetic ids, where the import parses: in this process only when
        it parses every message here, so that it never builds the spaCy pipeline for a rare message."""
        args = [(item, self.list_name) for item in items]
        if not args or self.parsing_here:
            return [_process_with_own_id(a) for a in args]
        if self.cluster:
            return list(self.cluster.imap(_process_with_own_id, args))
        return self.workers.run_aside(_process_with_own_id, args)


def _run(items: Iterable[RawItem], writer: _Writer, list_name: str | None) -> None:
    """Process items in this process when there are few, else in the import's pool of workers (or on the
    cluster the import was given), in bounded windows."""
    iterator = iter(items)
    head = list(islice(iterator, PARALLEL_MIN_MESSAGES))
    if len(head) < PARALLEL_MIN_MESSAGES and writer.cluster is None:
        for item in head:
            writer.add(item, process_item(item, list_name))
        return
    iterator = chain(head, iterator)
    pool = writer.cluster or writer.workers.pool()
    writer.parsing_here = False
    for (item, _list), parsed in map_in_windows(pool, _process_star, ((i, list_name) for i in iterator),
                                                window=WINDOW, chunksize=CHUNK):
        writer.add(item, parsed)


def _start(state: dict | None, sha1: str, kind: str) -> tuple[int, str | None, bool]:
    """Where to start reading a file: (stream offset, SHA-1 the bytes before it must have or None, whether
    this resumes an interrupted import of the same bytes)."""
    if kind != "mbox" or not state:
        return 0, None, False
    if state["sha1"] == sha1 and not state["complete"]:
        return state["done_offset"] or 0, None, True
    if state["complete"] and state["stream_size"]:
        return state["stream_size"], state["stream_sha1"], False  # an mbox that grew?
    return 0, None, False


def _import_file(db, path: Path, kind: str, list_name: str | None, writer: _Writer) -> None:
    source, stat = str(path), path.stat()
    state = store.source_state(db, source)
    sha1 = _fingerprint(path)
    if state and state["complete"] and state["sha1"] == sha1:
        writer.report.unchanged_sources += 1
        return
    start, start_sha1, resumed = _start(state, sha1, kind)
    store.save_source_state(db, {"source": source, "kind": kind, "list": list_name, "size": stat.st_size,
                                 "mtime": stat.st_mtime, "sha1": sha1, "done_offset": start if resumed else 0,
                                 "complete": 0, "imported_at": _now()})
    reader = MboxReader(path, start, start_sha1) if kind == "mbox" else None
    before, skips_before = writer.report.seen, len(writer.report.skips)

    def counts() -> dict:
        """The source's messages and skips so far, with those of the import this one continues."""
        continued = bool(start) and not (reader and reader.restarted)
        return {"n_messages": writer.report.seen - before + ((state["n_messages"] or 0) if continued else 0),
                "n_skipped": len(writer.report.skips) - skips_before + ((state["n_skipped"] or 0) if continued else 0)}

    writer.checkpoints[source] = lambda item: {"source": source, "done_offset": item.end, **counts()}
    _run(reader.items() if reader else iter_items(path, kind), writer, list_name)
    writer.flush()
    # done_offset stays at the end: a run killed while linking resumes there instead of reading it all again
    row = {"source": source, "done_offset": reader.state.size if reader and reader.state else 0,
           "imported_at": _now(), **counts()}
    if reader and reader.state:
        row.update(stream_size=reader.state.size, stream_sha1=reader.state.sha1)
        if reader.restarted:
            log.info("%s changed before the point the last import reached: read it all again", source)
    store.save_source_state(db, row)
    writer.sources_read.append(source)


def _import_public_inbox(db, path: Path, list_name: str | None, writer: _Writer) -> None:
    """Read the commits of each epoch after the last one imported (its `sources` row keeps it)."""
    states = {str(epoch): store.source_state(db, str(epoch)) for epoch in epochs(path)}
    heads = {epoch: state["sha1"] for epoch, state in states.items() if state and state["sha1"]}
    new_heads = {str(epoch): epoch_head(epoch) for epoch in epochs(path)}
    if all(heads.get(e) == h and states[e] and states[e]["complete"] for e, h in new_heads.items()):
        writer.report.unchanged_sources += 1
        return
    for epoch in new_heads:
        writer.checkpoints[epoch] = lambda item: {"source": item.source, "sha1": item.position, "complete": 0}
    _run(iter_public_inbox_items(path, heads), writer, list_name)
    writer.flush()
    for epoch, head in new_heads.items():
        store.save_source_state(db, {"source": epoch, "kind": "public-inbox", "list": list_name, "sha1": head,
                                     "complete": 0, "imported_at": _now()})
        writer.sources_read.append(epoch)


def import_paths(db: sqlite_utils.Database, paths: Iterable[str | Path], *, fmt: str = "auto",
                 list_name: str | None = None, progress: Progress | None = None,
                 scheduler: str | None = None) -> ImportReport:
    """Import mail from local paths into `db`; idempotent and resumable. With `scheduler` (a Dask
    scheduler, `miner.pipeline.cluster`), messages are parsed and extracted on that cluster's workers,
    and the database ends up the same.

    A path that cannot be read (empty, binary, unknown layout) is reported as skipped and the others
    go on; so is any single message that cannot be parsed (its raw bytes are kept in `skipped`). Holds
    the database's writer lock (waiting for another import to finish); a database that cannot be written
    (full disk, read-only, locked by another program) raises DatabaseError, the batch in progress undone.
    """
    report = ImportReport()
    progress = progress or Progress("messages")
    with database_errors(database_file(db) or ":memory:"), writer_lock(db), Workers() as workers:
        # the cluster is closed before the linking, which runs in the local workers: its workers would
        # only hold their memory beside them
        with (ClusterPool(scheduler) if scheduler else nullcontext()) as cluster:
            writer = _Writer(db, report, progress, list_name, workers, cluster)
            for raw_path in paths:
                path = Path(os.path.abspath(raw_path))  # one `sources` row per file, however it is named
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
        if writer.sources_read:
            update_links(db, workers)
            for source in writer.sources_read:
                store.save_source_state(db, {"source": source, "complete": 1})
    log.info("%s", report.summary())
    return report
