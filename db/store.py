"""Rows in and out of the database: messages, their raw bytes and their findings, threads, search.

Import workers build each message's typed rows (`db.rows.MessageRows`, built by `miner.pipeline.rows`)
and send them to the one process that writes; `save_rows` writes a batch of them in one transaction with
one prepared statement per table, so importing anything twice changes nothing. Ids of derived rows are
stable hashes of the message id and the finding's place (`stable_id`), so re-extraction replaces rows
instead of adding new ones.
"""

from __future__ import annotations

import hashlib
import sqlite3
import zlib
from collections import defaultdict
from typing import Any, Iterable, Iterator

import sqlite_utils

from db.queries import chunks
from db.raw import RawFiles
from db.rows import MessageRows

# The finding tables of a message, deleted and written again when it is re-extracted.
_DERIVED_TABLES = ("machines", "evidence_tables", "evidence", "anomalies", "concerns", "claims")
_PKS = {"messages": "message_id", "raw_messages": "message_id", "message_lists": ("message_id", "list")}


def stable_id(kind: str, message_id: str, *parts: Any) -> str:
    """A derived row's id: the same finding in the same message always gets the same id."""
    key = ":".join([kind, message_id, *(str(p) for p in parts)])
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:20]


def save_rows(db: sqlite_utils.Database, batch: Iterable[MessageRows], *, replace_findings: bool = False) -> int:
    """Write the rows of many messages in one transaction; returns how many messages were new.

    With `replace_findings`, a message's old derived rows are deleted first (re-extraction), so findings
    an upgraded extractor no longer reports disappear.
    """
    merged: dict[str, list[dict]] = defaultdict(list)
    batched: set[str] = set()
    for rows in batch:
        # a message twice in one batch (an archive that holds a cross-posted mail once per list, headers a
        # line apart) is stored from its first copy; a later copy adds only the list it came through
        copy = rows.message["message_id"] in batched
        batched.add(rows.message["message_id"])
        for table, table_rows in rows.tables():
            if not copy or table == "message_lists":
                merged[table].extend(table_rows)
    ids = [row["message_id"] for row in merged["messages"]]
    with db.conn:
        existing = _existing_ids(db, ids)
        if replace_findings:
            for table in _DERIVED_TABLES:
                for chunk in chunks(ids, 500):
                    db.execute(f"DELETE FROM [{table}] WHERE message_id IN ({','.join('?' * len(chunk))})", chunk)
        else:  # a message stored before keeps its rows: importing twice adds nothing twice
            for table in merged:
                if table != "message_lists":
                    merged[table] = [r for r in merged[table] if r["message_id"] not in existing]
        for table in merged:  # in MessageRows.tables() order: parents before children
            if merged[table]:
                _write(db, table, merged[table], update=replace_findings and table == "messages")
    return len(set(ids) - existing)


# Columns that linking owns: re-extraction rewrites a message's text columns but never these.
_LINK_COLUMNS = {"message_id", "thread_id", "series_id", "series_version", "patch_index", "patch_total"}


# Parameters bound to one statement at most: SQLite's default limit since 3.32, which keeps a statement's
# text near 100 KB; a build with a lower limit (999 before 3.32) gets statements of fewer rows.
_MAX_PARAMETERS = 32766


def _write(db: sqlite_utils.Database, table: str, rows: list[dict], *, update: bool) -> None:
    """Insert rows with one statement per table and batch, all rows in its VALUES (sqlite-utils'
    upsert_all costs a statement per row and dominated import time; so did `executemany` on a table with
    full-text search: FTS5 writes its pending index out at the start of every statement, so a statement
    per row made each message an index segment of its own, merged again and again, three times the
    cost of the tokenizing). A row whose key exists is left alone, or with `update` has its non-link
    columns rewritten in place (same rowid, so a scan in rowid order never meets it twice); rows apply
    in order, as one statement each would. Every row of a table has the keys of the first: they are
    rows of one `db.rows` type."""
    columns = list(rows[0])
    names = ", ".join(f"[{c}]" for c in columns)
    one_row = "(" + ", ".join("?" * len(columns)) + ")"
    pk = _PKS.get(table, "id")
    if update:
        keys = ", ".join(f"[{c}]" for c in ((pk,) if isinstance(pk, str) else pk))
        changes = ", ".join(f"[{c}] = excluded.[{c}]" for c in columns if c not in _LINK_COLUMNS)
        verb, tail = "INSERT", f" ON CONFLICT({keys}) DO UPDATE SET {changes}"
    else:
        verb, tail = "INSERT OR IGNORE", ""
    parameters = min(_MAX_PARAMETERS, db.conn.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER))
    for chunk in chunks(rows, max(1, parameters // len(columns))):
        values = ", ".join([one_row] * len(chunk))
        db.conn.execute(f"{verb} INTO [{table}] ({names}) VALUES {values}{tail}",
                        [row[c] for row in chunk for c in columns])


def find_reused_ids(db: sqlite_utils.Database, batch: list[MessageRows]) -> list[int]:
    """Indexes of the messages in `batch` whose Message-ID a different message has, stored before or
    earlier in the batch: a mailer that reused an id, or a new patch sent under an old one, days later.
    A copy of the same message may differ in its body (each list appends its footer; a RESEND changes
    the subject only) but not in the day it was sent: different means another body on another day."""
    ids = list({rows.message["message_id"] for rows in batch})
    first: dict[str, tuple[str, str | None]] = {}
    for chunk in chunks(ids, 500):
        first.update((mid, (body, date)) for mid, body, date in db.execute(
            f"SELECT message_id, body, date_utc FROM messages WHERE message_id IN ({','.join('?' * len(chunk))})",
            chunk))
    reused = []
    for index, rows in enumerate(batch):
        body, date = rows.message["body"], rows.message["date_utc"]
        first_body, first_date = first.setdefault(rows.message["message_id"], (body, date))
        if body != first_body and date and first_date and date[:10] != first_date[:10]:
            reused.append(index)
    return reused


def _existing_ids(db: sqlite_utils.Database, ids: list[str]) -> set[str]:
    found: set[str] = set()
    for chunk in chunks(ids, 500):
        placeholders = ",".join("?" * len(chunk))
        found.update(r[0] for r in db.execute(
            f"SELECT message_id FROM messages WHERE message_id IN ({placeholders})", chunk))
    return found


def iter_raw_messages(db: sqlite_utils.Database, batch_size: int = 500, *,
                      stale_for: str | None = None) -> Iterator[tuple]:
    """(message_id, list, source_url, raw, raw_format) of every stored message, in rowid order; with
    `stale_for`, only of the messages that version of the extractors did not produce (the message row or
    any of its findings carries another `extractor_version`, or none). `raw` is None when the bytes were
    kept by reference in an mbox or a git epoch that no longer holds them (`db.raw`)."""
    stale = ""
    params: list = []
    if stale_for is not None:
        stale = " AND (m.extractor_version IS NOT ? " + "".join(
            f"OR EXISTS (SELECT 1 FROM [{t}] x WHERE x.message_id = m.message_id AND x.extractor_version IS NOT ?) "
            for t in _DERIVED_TABLES) + ")"
        params = [stale_for] * (1 + len(_DERIVED_TABLES))
    last = 0
    with RawFiles() as files:
        while True:
            rows = db.execute(
                "SELECT m.rowid, m.message_id, m.list, m.source_url, r.raw_format, r.raw_zlib, r.raw_path, "
                "r.raw_offset, r.raw_length, r.raw_object, r.raw_crc32 FROM messages m JOIN raw_messages r "
                f"ON r.message_id = m.message_id WHERE m.rowid > ?{stale} ORDER BY m.rowid LIMIT ?",
                [last, *params, batch_size]).fetchall()
            if not rows:
                return
            for _rowid, mid, list_name, url, raw_format, *stored in rows:
                yield mid, list_name, url, files.read(*stored), raw_format
            last = rows[-1][0]


def link_threads(db: sqlite_utils.Database, moved: Iterable[str] = ()) -> None:
    """Merge threads whose guessed root is itself a stored reply, then rebuild the rows of `threads` that
    changed.

    Only what the new messages (those without a series yet) and the `moved` ones change is read: every
    message stored before already names a root (a message that is no reply, or one not stored), so only
    a message that is new, or that points at one that is new or moved, can point at a reply now; each
    message moved is followed in turn. The cost is the size of what changed, not of the database.
    """
    with db.conn:
        db.execute("CREATE TEMP TABLE IF NOT EXISTS linking_dirty (message_id TEXT PRIMARY KEY)")
        db.execute("CREATE TEMP TABLE IF NOT EXISTS linking_threads (thread_id TEXT PRIMARY KEY)")
        db.execute("DELETE FROM linking_dirty")
        db.execute("DELETE FROM linking_threads")
        db.execute("INSERT INTO linking_dirty SELECT message_id FROM messages WHERE series_id IS NULL")
        db.conn.executemany("INSERT OR IGNORE INTO linking_dirty VALUES (?)", [(m,) for m in moved])
        _note_threads(db)
        while True:
            changed = db.execute(
                "UPDATE messages SET thread_id = (SELECT p.thread_id FROM messages p "
                "WHERE p.message_id = messages.thread_id) "
                "WHERE (message_id IN linking_dirty OR thread_id IN linking_dirty) "
                "AND EXISTS (SELECT 1 FROM messages p WHERE p.message_id = messages.thread_id "
                "            AND p.thread_id != p.message_id) "
                "AND thread_id != (SELECT p.thread_id FROM messages p WHERE p.message_id = messages.thread_id) "
                "RETURNING message_id, thread_id").fetchall()
            if not changed:
                break
            db.conn.executemany("INSERT OR IGNORE INTO linking_dirty VALUES (?)", [(m,) for m, _t in changed])
            db.conn.executemany("INSERT OR IGNORE INTO linking_threads VALUES (?)", [(t,) for _m, t in changed])
        _note_threads(db)
        db.execute("DELETE FROM threads WHERE thread_id IN linking_threads")
        db.execute(
            "INSERT INTO threads (thread_id, root_message_id, subject, n_messages, first_date_utc, last_date_utc) "
            "SELECT m.thread_id, "
            "  (SELECT r.message_id FROM messages r WHERE r.message_id = m.thread_id), "
            "  COALESCE((SELECT r.subject FROM messages r WHERE r.message_id = m.thread_id), "
            "           (SELECT s.subject FROM messages s WHERE s.thread_id = m.thread_id ORDER BY s.date_utc LIMIT 1)), "
            "  COUNT(*), MIN(m.date_utc), MAX(m.date_utc) "
            "FROM messages m WHERE m.thread_id IN linking_threads GROUP BY m.thread_id")


def _note_threads(db: sqlite_utils.Database) -> None:
    """Add to the threads to rebuild those of the changed messages, and the changed messages' ids (the
    threads that pointed at them)."""
    db.execute("INSERT OR IGNORE INTO linking_threads SELECT message_id FROM linking_dirty")
    db.execute("INSERT OR IGNORE INTO linking_threads SELECT thread_id FROM messages WHERE message_id IN linking_dirty")


def save_subject_threads(db: sqlite_utils.Database, assignments: Iterable[tuple[str, str]]) -> None:
    """Set the thread of messages threaded by subject: (message_id, thread_id) pairs."""
    with db.conn:
        db.conn.executemany("UPDATE messages SET thread_id = ? WHERE message_id = ?",
                       [(thread, mid) for mid, thread in assignments])


def load_unthreaded_page_messages(db: sqlite_utils.Database) -> list[tuple[str, str, str | None]]:
    """(message_id, subject, date_utc) of messages with a synthetic id and no parent, oldest first."""
    return db.execute(
        "SELECT message_id, subject, date_utc FROM messages WHERE synthetic_id = 1 AND in_reply_to IS NULL "
        "AND thread_id = message_id ORDER BY date_utc").fetchall()


def load_thread_roots_with_subject_text(db: sqlite_utils.Database, text: str) -> list[tuple[str, str]]:
    """(thread_id, subject) of the messages that start a thread and whose subject contains `text`,
    oldest first."""
    return db.execute(
        "SELECT thread_id, subject FROM messages WHERE thread_id = message_id AND instr(lower(subject), ?) > 0 "
        "ORDER BY date_utc", [text.lower()]).fetchall()


def source_state(db: sqlite_utils.Database, source: str) -> dict | None:
    """The `sources` row of a file or URL, or None when it was never imported."""
    rows = list(db.query("SELECT * FROM sources WHERE source = ?", [source]))
    return rows[0] if rows else None


def save_source_state(db: sqlite_utils.Database, row: dict) -> None:
    with db.conn:
        db["sources"].upsert(row, pk="source")


def save_skip(db: sqlite_utils.Database, source: str, position: str, reason: str, when: str,
              raw: bytes | None = None, raw_format: str | None = None) -> None:
    """Record an input that could not be imported, with the reason (shown by the import summary) and,
    when there are any, its raw bytes (compressed), so a later version can import it without the source.
    Recording the same input again replaces its row."""
    with db.conn:
        db["skipped"].upsert({"id": stable_id("skip", source, position), "source": source,
                              "position": position, "reason": reason, "recorded_at": when,
                              "raw_format": raw_format if raw else None,
                              "raw_zlib": zlib.compress(raw, 3) if raw else None}, pk="id")


def _as_words(text: str) -> str:
    """`text` as an FTS5 query of its words, each a quoted string (so no character is syntax)."""
    words = text.replace("\x00", " ").split()
    return " ".join('"' + word.replace('"', '""') + '"' for word in words)


def _search(db: sqlite_utils.Database, table: str, text: str, columns: list[str], limit: int) -> list[dict]:
    """Rows of `table` matching `text`, best first: as FTS5 syntax ("a phrase", prefix*, AND/OR/NOT,
    NEAR(...), column:word) when it parses as such, else as its words. Empty text matches nothing."""
    try:
        return list(db[table].search(text, columns=columns, limit=limit))
    except sqlite3.OperationalError:  # not FTS5 syntax (a lone quote, 'io-uring', 'NEAR('): search the words
        words = _as_words(text)
        return list(db[table].search(words, columns=columns, limit=limit)) if words else []


def search_messages(db: sqlite_utils.Database, query: str, limit: int = 20) -> list[dict]:
    """Messages matching a full-text query (see `_search`: any text is a valid query), best first."""
    return _search(db, "messages", query, ["message_id", "list", "date_utc", "author_name", "subject"], limit)


def search_findings(db: sqlite_utils.Database, query: str, limit: int = 20) -> dict[str, list[dict]]:
    """Evidence, concerns and claims matching a full-text query (as `search_messages` reads it)."""
    return {
        "evidence": _search(db, "evidence", query, ["message_id", "benchmark", "label", "baseline", "patched",
                                                    "delta_pct", "verdict"], limit),
        "concerns": _search(db, "concerns", query, ["message_id", "author", "category", "status", "text"], limit),
        "claims": _search(db, "claims", query, ["message_id", "author", "polarity", "check", "text"], limit),
    }


def count_rows(db: sqlite_utils.Database) -> dict[str, int]:
    """Rows per main table, for summaries."""
    return {name: db[name].count for name in ("messages", "threads", "series", "evidence_tables", "evidence",
                                              "concerns", "claims", "anomalies", "skipped")}
