"""Re-run the extractors over stored raw messages, so an extractor upgrade never means fetching again."""

from __future__ import annotations

import sqlite_utils

from db import store
from miner.pipeline.importer import BATCH, ImportReport, process_item
from miner.pipeline.postprocess import update_links
from miner.pipeline.progress import Progress
from miner.sources.items import RawItem


def reextract_all(db: sqlite_utils.Database, progress: Progress | None = None) -> ImportReport:
    """Rebuild every message's evidence, concerns and claims from its raw bytes, batch by batch.

    Each batch replaces the old findings of its messages in one transaction, so an interrupted run
    leaves every message with either its old or its new findings, and running it again finishes the job.
    """
    report = ImportReport()
    progress = progress or Progress("messages re-extracted")
    pending: list[dict] = []
    for message_id, list_name, source_url, raw, raw_format in store.iter_raw_messages(db):
        parsed = process_item(RawItem(raw, raw_format, source_url or "", message_id), list_name)
        report.seen += 1
        if parsed.skipped:
            report.skips.append((source_url or "", message_id, parsed.skipped))
        else:
            parsed.rows["messages"][0]["source_url"] = source_url
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
    update_links(db)
    return report
