"""The database schema (DESIGN.md §4), created explicitly with keys declared so Datasette can link rows.

Every table is created with `if_not_exists=True`, so `open_db` on an existing database changes nothing.
Schema changes go here; production code never uses `alter=True`.
"""

from __future__ import annotations

import sqlite3

import sqlite_utils

from db.views import create_views

_TABLES: dict[str, dict] = {
    "messages": dict(
        columns={"message_id": str, "list": str, "subject": str, "author_name": str, "author_email": str,
                 "date_utc": str, "in_reply_to": str, "references_ids": str, "thread_id": str,
                 "series_id": str, "series_version": int, "patch_index": int, "patch_total": int,
                 "body": str, "search_text": str, "source_url": str, "synthetic_id": int, "problems": str,
                 "extractor_version": str, "block_counts": str, "date_precision": str},
        pk="message_id", not_null={"message_id"},
    ),
    "raw_messages": dict(columns={"message_id": str, "raw_format": str, "raw_zlib": bytes, "raw_path": str,
                                  "raw_offset": int, "raw_length": int, "raw_object": str, "raw_crc32": int},
                         pk="message_id",
                         foreign_keys=[("message_id", "messages", "message_id")]),
    "message_lists": dict(columns={"message_id": str, "list": str}, pk=("message_id", "list"),
                          foreign_keys=[("message_id", "messages", "message_id")]),
    "threads": dict(
        columns={"thread_id": str, "root_message_id": str, "subject": str, "n_messages": int,
                 "first_date_utc": str, "last_date_utc": str},
        pk="thread_id",
    ),
    "series": dict(
        columns={"series_id": str, "kind": str, "title": str, "author_name": str, "latest_version": int,
                 "n_versions": int, "first_date_utc": str, "last_date_utc": str, "list": str},
        pk="series_id",
    ),
    "series_keys": dict(  # what joins versions: "title:<normalized title>", "change-id:<id>", "msg:<message id>"
        columns={"key": str, "series_id": str, "author_key": str},
        pk=("key", "series_id"),
        foreign_keys=[("series_id", "series", "series_id")],
    ),
    "series_versions": dict(
        columns={"series_id": str, "version": int, "cover_message_id": str, "thread_id": str,
                 "subject": str, "n_patches": int, "date_utc": str},
        pk=("series_id", "version"),
        foreign_keys=[("series_id", "series", "series_id"), ("cover_message_id", "messages", "message_id")],
    ),
    "machines": dict(  # machine and setup descriptions, each stored once per message
        columns={"id": str, "message_id": str, "line": int, "last_line": int, "text": str, "quoted": int,
                 "extractor_version": str},
        pk="id",
        foreign_keys=[("message_id", "messages", "message_id")],
    ),
    "evidence_tables": dict(
        columns={"id": str, "message_id": str, "origin_message_id": str, "series_id": str, "benchmark": str,
                 "metric": str, "unit": str, "higher_is_better": int, "config": str, "first_line": int,
                 "last_line": int, "quoted": int, "author": str, "columns_json": str, "rows_json": str,
                 "text": str, "reader": str, "baseline_label": str, "patched_label": str,
                 "extractor_version": str, "machine_id": str, "copy_of": str},
        pk="id",
        foreign_keys=[("message_id", "messages", "message_id"), ("series_id", "series", "series_id"),
                      ("machine_id", "machines", "id")],
    ),
    "evidence": dict(
        columns={"id": str, "table_id": str, "message_id": str, "origin_message_id": str, "series_id": str,
                 "benchmark": str, "metric": str, "label": str, "baseline": float, "patched": float,
                 "baseline_text": str, "patched_text": str, "unit": str, "delta_pct": float,
                 "baseline_spread_pct": float, "patched_spread_pct": float, "baseline_spread_abs": float,
                 "patched_spread_abs": float, "reported_delta_pct": float, "higher_is_better": int,
                 "verdict": str, "quoted": int, "author": str, "line": int, "text": str,
                 "extractor_version": str, "machine_id": str, "copy_of": str, "delta_points": float},
        pk="id",
        foreign_keys=[("table_id", "evidence_tables", "id"), ("message_id", "messages", "message_id"),
                      ("series_id", "series", "series_id"), ("machine_id", "machines", "id")],
    ),
    "anomalies": dict(
        columns={"id": str, "message_id": str, "table_id": str, "series_id": str, "line": int, "text": str,
                 "why": str, "extractor_version": str},
        pk="id",
        foreign_keys=[("message_id", "messages", "message_id"), ("table_id", "evidence_tables", "id")],
    ),
    "concerns": dict(
        columns={"id": str, "message_id": str, "origin_message_id": str, "series_id": str, "author": str,
                 "text": str, "category": str, "line": int, "quoted": int, "status": str,
                 "answered_by": str, "answered_by_author": str, "extractor_version": str},
        pk="id",
        foreign_keys=[("message_id", "messages", "message_id"), ("series_id", "series", "series_id"),
                      ("answered_by", "messages", "message_id")],
    ),
    "claims": dict(
        columns={"id": str, "message_id": str, "origin_message_id": str, "series_id": str, "author": str,
                 "text": str, "polarity": str, "magnitude_pct": float, "line": int, "quoted": int,
                 "check": str, "check_evidence_id": str, "extractor_version": str, "copy_of": str},
        pk="id",
        foreign_keys=[("message_id", "messages", "message_id"), ("series_id", "series", "series_id")],
    ),
    "version_changes": dict(  # DESIGN.md §5, 4: what changed between the versions of a series
        columns={"id": str, "series_id": str, "kind": str, "benchmark": str, "label": str, "from_version": int,
                 "to_version": int, "from_evidence_id": str, "to_evidence_id": str, "concern_id": str,
                 "claim_id": str, "message_id": str},
        pk="id",
        foreign_keys=[("series_id", "series", "series_id"), ("from_evidence_id", "evidence", "id"),
                      ("to_evidence_id", "evidence", "id"), ("concern_id", "concerns", "id"),
                      ("claim_id", "claims", "id"), ("message_id", "messages", "message_id")],
    ),
    "series_pending": dict(  # series grouped but not yet refreshed and linked: a killed import finishes them
        columns={"series_id": str},
        pk="series_id",
    ),
    "sources": dict(  # stream_*: how much of an mbox's decompressed stream was read, and its SHA-1
        columns={"source": str, "kind": str, "list": str, "size": int, "mtime": float, "sha1": str,
                 "done_offset": int, "complete": int, "n_messages": int, "n_skipped": int,
                 "imported_at": str, "stream_size": int, "stream_sha1": str},
        pk="source",
    ),
    "skipped": dict(  # raw_zlib: the skipped message's bytes, so a later version can import it
        columns={"id": str, "source": str, "position": str, "reason": str, "recorded_at": str,
                 "raw_format": str, "raw_zlib": bytes},
        pk="id",
    ),
    "fetch_state": dict(
        columns={"url": str, "etag": str, "last_modified": str, "sha256": str, "fetched_at": str,
                 "status": int, "path": str},
        pk="url",
    ),
    "fetch_log": dict(
        columns={"id": int, "url": str, "method": str, "status": int, "bytes": int, "fetched_at": str,
                 "error": str},
        pk="id",
    ),
    "crawl_state": dict(
        columns={"crawl": str, "cursor": str, "updated_at": str},
        pk="crawl",
    ),
}

_INDEXES = [
    ("messages", ["thread_id"]), ("messages", ["series_id"]), ("messages", ["in_reply_to"]),
    ("messages", ["date_utc"]), ("messages", ["list"]), ("evidence", ["series_id"]),
    ("evidence", ["message_id"]), ("evidence_tables", ["message_id"]), ("concerns", ["series_id"]),
    ("concerns", ["message_id"]), ("claims", ["series_id"]), ("claims", ["message_id"]),
    ("anomalies", ["message_id"]), ("series_versions", ["cover_message_id"]), ("series_keys", ["series_id"]),
    ("anomalies", ["series_id"]), ("evidence_tables", ["series_id"]), ("evidence", ["origin_message_id"]),
    ("evidence_tables", ["origin_message_id"]), ("concerns", ["origin_message_id"]), ("claims", ["origin_message_id"]),
    ("machines", ["message_id"]), ("version_changes", ["series_id"]), ("evidence", ["copy_of"]),
    ("evidence_tables", ["copy_of"]), ("claims", ["copy_of"]),
]

# Full-text search covers what people search for: a message's subject, author and `search_text` (its
# prose and quoted prose, and of a patch only the names of its files and functions, as lore's dfn:/dfhh:),
# not the patch text, which was most of what the index held and cost.
FTS_COLUMNS = {
    "messages": ["subject", "search_text", "author_name"],
    "evidence": ["benchmark", "label", "text"],
    "concerns": ["text", "author"],
    "claims": ["text", "author"],
}


def create_schema(db: sqlite_utils.Database) -> None:
    """Create every table, index, full-text index and browsing view that does not exist yet."""
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    # A checkpoint every 64 MB of log instead of 4 MB: a long import spent a third of its writing time
    # copying and syncing pages that the next batches changed again.
    db.execute("PRAGMA wal_autocheckpoint=16384")
    db.execute("PRAGMA foreign_keys=OFF")  # rows arrive in batches whose order is the archive's
    for name, spec in _TABLES.items():
        db[name].create(spec["columns"], pk=spec["pk"], not_null=spec.get("not_null"),
                        foreign_keys=spec.get("foreign_keys"), if_not_exists=True)
        _add_new_columns(db, name, spec["columns"])
    for table, columns in _INDEXES:
        db[table].create_index(columns, if_not_exists=True)
    for table, columns in FTS_COLUMNS.items():
        fts = db[table].detect_fts()
        if fts and [c.name for c in db[fts].columns] != columns:
            _drop_fts(db, table, fts)
            fts = None
        if not fts:
            db[table].enable_fts(columns, create_triggers=True, tokenize="porter")
        _index_only_text_updates(db, table, columns)


_SQL_TYPES = {str: "TEXT", int: "INTEGER", float: "FLOAT", bytes: "BLOB"}


def _add_new_columns(db: sqlite_utils.Database, table: str, columns: dict[str, type]) -> None:
    """Add the columns a newer schema has to a table an older version created (they start NULL, and
    `miner reextract` fills the finding columns); columns the schema no longer lists are left alone."""
    existing = {column.name for column in db[table].columns}
    for name, kind in columns.items():
        if name not in existing:
            db.execute(f"ALTER TABLE [{table}] ADD COLUMN [{name}] {_SQL_TYPES[kind]}")


def _drop_fts(db: sqlite_utils.Database, table: str, fts: str) -> None:
    """Drop a full-text index over other columns than the schema's (a database from before messages were
    indexed by `search_text`, whose rows get their whole body as search text until `miner reextract`)."""
    with db.conn:
        for (trigger,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? "
                                     "AND name LIKE ?", [table, f"{table}_a_"]).fetchall():
            db.execute(f"DROP TRIGGER [{trigger}]")
        db.execute(f"DROP TABLE [{fts}]")
        if table == "messages":
            db.execute("UPDATE messages SET search_text = body WHERE search_text IS NULL")


def _index_only_text_updates(db: sqlite_utils.Database, table: str, columns: list[str]) -> None:
    """Re-index a row in full-text search only when one of its indexed columns changes: linking sets
    series_id, status and origins on millions of rows, and sqlite-utils' trigger would re-tokenize every
    body each time."""
    cols = ", ".join(f"[{c}]" for c in columns)
    old = ", ".join(f"old.[{c}]" for c in columns)
    new = ", ".join(f"new.[{c}]" for c in columns)
    wanted = (f"CREATE TRIGGER [{table}_au] AFTER UPDATE OF {cols} ON [{table}] BEGIN\n"
              f"  INSERT INTO [{table}_fts] ([{table}_fts], rowid, {cols}) VALUES('delete', old.rowid, {old});\n"
              f"  INSERT INTO [{table}_fts] (rowid, {cols}) VALUES (new.rowid, {new});\nEND")
    stored = db.execute("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", [f"{table}_au"]).fetchone()
    if stored is None or stored[0] != wanted:  # opening a current database writes nothing (readers never wait)
        with db.conn:
            db.execute(f"DROP TRIGGER IF EXISTS [{table}_au]")
            db.execute(wanted)
    create_views(db)


# Prepared statements a connection keeps. A batch writes each table with one statement of all its rows
# (`db.store`), and lookups bind a batch's ids, so statement texts differ by their row counts; a cached
# statement of thousands of parameters holds a program of hundreds of KB, and Python's default cache
# of 128 made a long import's writer grow by 60 MB. The statements worth keeping are few.
_CACHED_STATEMENTS = 16


def connect(path: str) -> sqlite_utils.Database:
    """A connection to the database at `path`, as every part of listminer opens one."""
    return sqlite_utils.Database(sqlite3.connect(path, cached_statements=_CACHED_STATEMENTS))


def open_db(path: str) -> sqlite_utils.Database:
    """The database at `path`, created with the full schema when new."""
    db = connect(path)
    create_schema(db)
    return db
