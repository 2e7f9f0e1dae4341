"""Rows in and out of the database. The only module besides schema.py that names tables and columns.

`message_rows` turns one parsed message and its findings into plain row dicts; it touches no database,
so import workers run it in parallel and send the rows to the one process that writes. `save_rows`
writes a batch of them in one transaction with `upsert_all`, so importing anything twice changes nothing.
Ids of derived rows are stable hashes of the message id and the finding's place, so re-extraction
replaces rows instead of adding new ones.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import zlib
from collections import defaultdict
from operator import itemgetter
from typing import Any, Iterable, Iterator

import sqlite_utils

# Tables written per message, in the order they are saved (parents before children).
MESSAGE_TABLES = ("messages", "raw_messages", "message_lists", "evidence_tables", "evidence", "anomalies",
                  "concerns", "claims")
_DERIVED_TABLES = ("evidence_tables", "evidence", "anomalies", "concerns", "claims")
_PKS = {"messages": "message_id", "raw_messages": "message_id", "message_lists": ("message_id", "list")}


def stable_id(kind: str, message_id: str, *parts: Any) -> str:
    """A derived row's id: the same finding in the same message always gets the same id."""
    key = ":".join([kind, message_id, *(str(p) for p in parts)])
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:20]


def _bool(value: Any) -> int | None:
    return None if value is None else int(bool(value))


def _finding_rows(message_id: str, series_id: str | None, findings: Any, line_of,
                  version: str) -> dict[str, list[dict]]:
    rows: dict[str, list[dict]] = defaultdict(list)
    for placed in findings.tables:
        table = placed.item
        first, last = line_of(placed.first_line), line_of(placed.last_line)
        table_id = stable_id("table", message_id, first, last)
        rows["evidence_tables"].append({
            "id": table_id, "message_id": message_id, "series_id": series_id, "benchmark": table.benchmark,
            "metric": table.metric, "unit": table.unit, "higher_is_better": _bool(table.higher_is_better),
            "config": table.config, "first_line": first, "last_line": last,
            "quoted": int(placed.quoted), "author": placed.author,
            "columns_json": json.dumps(list(table.columns)),
            "rows_json": json.dumps([{"label": r.label, "values": r.values} for r in table.rows]),
            "text": table.text, "reader": table.reader, "baseline_label": table.baseline_label,
            "patched_label": table.patched_label, "extractor_version": version,
        })
        for pair in table.pairs:
            rows["evidence"].append({
                "id": stable_id("pair", message_id, first, pair.label, pair.metric), "table_id": table_id,
                "message_id": message_id, "series_id": series_id, "benchmark": table.benchmark,
                "metric": pair.metric or table.metric, "label": pair.label, "baseline": pair.baseline,
                "patched": pair.patched, "baseline_text": pair.baseline_text, "patched_text": pair.patched_text,
                "unit": table.unit, "delta_pct": pair.delta_pct,
                "baseline_spread_pct": pair.baseline_spread_pct, "patched_spread_pct": pair.patched_spread_pct,
                "baseline_spread_abs": pair.baseline_spread_abs, "patched_spread_abs": pair.patched_spread_abs,
                "reported_delta_pct": pair.reported_delta_pct,
                "higher_is_better": _bool(table.higher_is_better), "verdict": pair.verdict,
                "quoted": int(placed.quoted), "author": placed.author, "line": first, "text": None,
                "extractor_version": version,
            })
    for placed in findings.anomalies:
        line = line_of(placed.first_line)
        rows["anomalies"].append({
            "id": stable_id("anomaly", message_id, line, placed.item.why), "message_id": message_id,
            "table_id": None, "series_id": series_id, "line": line, "text": placed.item.text,
            "why": placed.item.why, "extractor_version": version,
        })
    for placed in findings.results:
        result = placed.item
        line = line_of(placed.first_line)
        rows["evidence"].append({
            "id": stable_id("result", message_id, line, result.benchmark, result.baseline_text, result.patched_text),
            "table_id": None, "message_id": message_id, "series_id": series_id, "benchmark": result.benchmark,
            "metric": None, "label": None, "baseline": result.baseline, "patched": result.patched,
            "baseline_text": result.baseline_text, "patched_text": result.patched_text, "unit": result.unit,
            "delta_pct": result.delta_pct, "baseline_spread_pct": None, "patched_spread_pct": None,
            "baseline_spread_abs": result.baseline_spread_abs, "patched_spread_abs": result.patched_spread_abs,
            "reported_delta_pct": None, "higher_is_better": _bool(result.higher_is_better),
            "verdict": result.verdict, "quoted": int(placed.quoted), "author": placed.author, "line": line,
            "text": result.text, "extractor_version": version,
        })
    for placed in findings.questions:
        line = line_of(placed.first_line)
        rows["concerns"].append({
            "id": stable_id("concern", message_id, line, placed.item.text), "message_id": message_id,
            "series_id": series_id, "author": placed.author, "text": placed.item.text,
            "category": placed.item.category, "line": line, "quoted": int(placed.quoted), "status": "open",
            "answered_by": None, "extractor_version": version,
        })
    for placed in findings.claims:
        line = line_of(placed.first_line)
        rows["claims"].append({
            "id": stable_id("claim", message_id, line, placed.item.text), "message_id": message_id,
            "series_id": series_id, "author": placed.author, "text": placed.item.text,
            "polarity": placed.item.polarity, "magnitude_pct": placed.item.magnitude_pct, "line": line,
            "quoted": int(placed.quoted), "check": "unchecked", "extractor_version": version,
        })
    return rows


def message_rows(message: Any, findings: Any, *, raw_format: str, source_url: str | None,
                 list_name: str | None, extractor_version: str) -> dict[str, list[dict]]:
    """All rows for one message (a `miner.message.parse.Message`-like object) and its `BodyFindings`.

    Line numbers in evidence rows are 1-based lines of the message's raw text (or of the archive page).
    """
    mid = message.message_id
    numbers = message.body_line_numbers

    def line_of(index: int) -> int:
        return (numbers[min(index, len(numbers) - 1)] + 1) if numbers else 1

    list_name = list_name or message.list_id
    rows: dict[str, list[dict]] = {
        "messages": [{
            "message_id": mid, "list": list_name, "subject": message.subject, "author_name": message.author_name,
            "author_email": message.author_email, "date_utc": message.date_utc, "in_reply_to": message.in_reply_to,
            "references_ids": " ".join(message.references) or None, "thread_id": _initial_thread_id(message),
            "series_id": None, "series_version": None, "patch_index": None, "patch_total": None,
            "body": message.body, "source_url": source_url, "synthetic_id": int(message.synthetic_id),
            "problems": "; ".join(message.problems) or None, "extractor_version": extractor_version,
            "block_counts": json.dumps(dict(findings.block_counts)) if findings.block_counts else None,
        }],
        "raw_messages": [{"message_id": mid, "raw_format": raw_format, "raw_zlib": zlib.compress(message.raw, 3)}],
        "message_lists": [{"message_id": mid, "list": list_name}] if list_name else [],
    }
    rows.update(_finding_rows(mid, None, findings, line_of, extractor_version))
    return rows


def _initial_thread_id(message: Any) -> str:
    """JWZ's root guess: the first reference, else the parent, else the message itself. `link_threads`
    later merges threads whose root turns out to be a reply itself."""
    if message.references:
        return message.references[0]
    return message.in_reply_to or message.message_id


def save_rows(db: sqlite_utils.Database, batch: Iterable[dict[str, list[dict]]], *,
              replace_findings: bool = False) -> int:
    """Write the rows of many messages in one transaction; returns how many messages were new.

    With `replace_findings`, a message's old derived rows are deleted first (re-extraction), so findings
    an upgraded extractor no longer reports disappear.
    """
    merged: dict[str, list[dict]] = defaultdict(list)
    for rows in batch:
        for table, table_rows in rows.items():
            merged[table].extend(table_rows)
    ids = [row["message_id"] for row in merged["messages"]]
    with db.conn:
        existing = _existing_ids(db, ids)
        if replace_findings:
            for table in _DERIVED_TABLES:
                for chunk in _chunks(ids, 500):
                    db.execute(f"DELETE FROM [{table}] WHERE message_id IN ({','.join('?' * len(chunk))})", chunk)
        else:  # a message stored before keeps its rows: importing twice adds nothing twice
            for table in MESSAGE_TABLES:
                if table != "message_lists":
                    merged[table] = [r for r in merged[table] if r["message_id"] not in existing]
        for table in MESSAGE_TABLES:
            if merged[table]:
                _write(db, table, merged[table], update=replace_findings and table == "messages")
    return len(set(ids) - existing)


# Columns that linking owns: re-extraction rewrites a message's text columns but never these.
_LINK_COLUMNS = {"message_id", "thread_id", "series_id", "series_version", "patch_index", "patch_total"}


def _write(db: sqlite_utils.Database, table: str, rows: list[dict], *, update: bool) -> None:
    """Insert rows with one prepared statement (sqlite-utils' upsert_all costs a statement per row and
    dominated import time). A row whose key exists is left alone, or with `update` has its non-link
    columns rewritten in place (same rowid, so a scan in rowid order never meets it twice). Every row of a
    table has the keys of the first: `message_rows` builds them alike."""
    columns = list(rows[0])
    names = ", ".join(f"[{c}]" for c in columns)
    marks = ", ".join("?" * len(columns))
    pk = _PKS.get(table, "id")
    if update:
        keys = ", ".join(f"[{c}]" for c in ((pk,) if isinstance(pk, str) else pk))
        changes = ", ".join(f"[{c}] = excluded.[{c}]" for c in columns if c not in _LINK_COLUMNS)
        sql = f"INSERT INTO [{table}] ({names}) VALUES ({marks}) ON CONFLICT({keys}) DO UPDATE SET {changes}"
    else:
        sql = f"INSERT OR IGNORE INTO [{table}] ({names}) VALUES ({marks})"
    db.conn.executemany(sql, map(itemgetter(*columns), rows))


def _chunks(items: list, size: int) -> Iterator[list]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _existing_ids(db: sqlite_utils.Database, ids: list[str]) -> set[str]:
    found: set[str] = set()
    for chunk in _chunks(ids, 500):
        placeholders = ",".join("?" * len(chunk))
        found.update(r[0] for r in db.execute(
            f"SELECT message_id FROM messages WHERE message_id IN ({placeholders})", chunk))
    return found


def iter_raw_messages(db: sqlite_utils.Database, batch_size: int = 500) -> Iterator[tuple]:
    """(message_id, list, source_url, raw, raw_format) of every stored message, in rowid order."""
    last = 0
    while True:
        rows = db.execute(
            "SELECT m.rowid, m.message_id, m.list, m.source_url, r.raw_zlib, r.raw_format FROM messages m "
            "JOIN raw_messages r ON r.message_id = m.message_id WHERE m.rowid > ? ORDER BY m.rowid LIMIT ?",
            [last, batch_size]).fetchall()
        if not rows:
            return
        for _rowid, mid, list_name, url, raw, raw_format in rows:
            yield mid, list_name, url, zlib.decompress(raw), raw_format
        last = rows[-1][0]


def link_threads(db: sqlite_utils.Database) -> None:
    """Merge threads whose guessed root is itself a stored reply, then rebuild the `threads` table.

    Messages without Message-ID (archive-page text) and without parent join the earliest thread whose
    subject, without reply markers, is the same.
    """
    with db.conn:
        while True:
            changed = db.execute(
                "UPDATE messages SET thread_id = (SELECT p.thread_id FROM messages p "
                "WHERE p.message_id = messages.thread_id) "
                "WHERE thread_id IN (SELECT message_id FROM messages WHERE thread_id != message_id) "
                "AND thread_id != (SELECT p.thread_id FROM messages p WHERE p.message_id = messages.thread_id)"
            ).rowcount
            if not changed:
                break
        db.execute("DELETE FROM threads")
        db.execute(
            "INSERT INTO threads (thread_id, root_message_id, subject, n_messages, first_date_utc, last_date_utc) "
            "SELECT m.thread_id, "
            "  (SELECT r.message_id FROM messages r WHERE r.message_id = m.thread_id), "
            "  COALESCE((SELECT r.subject FROM messages r WHERE r.message_id = m.thread_id), "
            "           (SELECT s.subject FROM messages s WHERE s.thread_id = m.thread_id ORDER BY s.date_utc LIMIT 1)), "
            "  COUNT(*), MIN(m.date_utc), MAX(m.date_utc) "
            "FROM messages m GROUP BY m.thread_id")


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
