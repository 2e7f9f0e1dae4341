"""Rows of the crawl tables: `fetch_state` (what each URL answered last), `fetch_log` (every request made)
and `crawl_state` (where each named crawl stopped), so a re-run asks only for what changed."""

from __future__ import annotations

import sqlite_utils


def load_fetch_state(db: sqlite_utils.Database, url: str) -> dict | None:
    """The stored validators (etag, last_modified), sha256 and cache path of `url`, or None if never fetched."""
    rows = list(db.query("select * from fetch_state where url = ?", [url]))
    return rows[0] if rows else None


def save_fetch_state(db: sqlite_utils.Database, row: dict) -> None:
    """Record what `row["url"]` answered: status, validators, digest and where the body was stored."""
    with db.conn:
        db["fetch_state"].upsert(row, pk="url")


def log_fetch(db: sqlite_utils.Database, row: dict) -> None:
    """Append one request (url, method, status, bytes, fetched_at, error) to `fetch_log`."""
    with db.conn:
        db["fetch_log"].insert(row)


def load_crawl_cursor(db: sqlite_utils.Database, crawl: str) -> str | None:
    """Where the crawl named `crawl` stopped last time (its own format), or None for a first run."""
    rows = list(db.query("select cursor from crawl_state where crawl = ?", [crawl]))
    return rows[0]["cursor"] if rows else None


def save_crawl_cursor(db: sqlite_utils.Database, crawl: str, cursor: str, updated_at: str) -> None:
    """Remember where the crawl named `crawl` got to, once what it fetched is stored."""
    with db.conn:
        db["crawl_state"].upsert({"crawl": crawl, "cursor": cursor, "updated_at": updated_at}, pk="crawl")


def known_message_ids(db: sqlite_utils.Database, message_ids: list[str]) -> set[str]:
    """The subset of `message_ids` already stored in `messages`."""
    found: set[str] = set()
    for start in range(0, len(message_ids), 500):
        chunk = message_ids[start:start + 500]
        marks = ",".join("?" * len(chunk))
        found.update(r[0] for r in db.execute(f"select message_id from messages where message_id in ({marks})",
                                                chunk).fetchall())
    return found
