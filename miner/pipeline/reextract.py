"""Re-run the extractors over stored raw messages, so an extractor upgrade never means fetching again."""

from __future__ import annotations

import sqlite_utils

from db import store
from db.rows import MessageRows
from extractors import EXTRACTOR_VERSION
from miner.pipeline.importer import BATCH, ImportReport, process_item
from miner.pipeline.postprocess import update_links
from miner.pipeline.progress import Progress
from miner.sources.items import RawItem

RAW_GONE = "raw bytes gone: the mbox file they were kept in changed or is missing"


def reextract_all(db: sqlite_utils.Database, progress: Progress | None = None, *,
                  stale_only: bool = False) -> ImportReport:
    """Rebuild the evidence, concerns and claims of every message (with `stale_only`, of the messages the
    current EXTRACTOR_VERSION did not produce) from its raw bytes, batch by batch, then link again.

    Each batch replaces the old findings of its messages in one transaction, so an interrupted run
    leaves every message with either its old or its new findings, and running it again finishes the job.
    """
    report = ImportReport()
    progress = progress or Progress("messages re-extracted")
    pending: list[MessageRows] = []
    stored = store.iter_raw_messages(db, stale_for=EXTRACTOR_VERSION if stale_only else None)
    for message_id, list_name, source_url, raw, raw_format in stored:
        item = RawItem(b"" if raw is None else raw, raw_format, source_url or "", message_id,
                       skipped=RAW_GONE if raw is None else None)
        parsed = process_item(item, list_name)
        report.seen += 1
        if parsed.skipped:
            report.skips.append((source_url or "", message_id, parsed.skipped))
        else:
            parsed.rows.message["source_url"] = source_url  # where it was read from first, not the database
            pending.append(parsed.rows)
        progress.update(1)
        if len(pending) >= BATCH:
            report.saved += len(pending)
            store.save_rows(db, pending, replace_findings=True)
            pending = []
    if pending:
        report.saved += len(pending)
        store.save_rows(db, pending, replace_findings=True)
    progress.close()
    if report.seen:
        update_links(db)
    return report
