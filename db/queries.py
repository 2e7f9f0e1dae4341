"""SQL for patch series, answered concerns and the reports: loading a series' messages and findings, saving
series rows and links. Every query goes through an index (thread_id, series_id, message_id, key), so the
cost of a pass is the size of the series it touches, not of the archive.
"""

from __future__ import annotations

from typing import Iterable, Iterator

import sqlite_utils

FINDING_TABLES = ("evidence_tables", "evidence", "anomalies", "concerns", "claims")
COPY_TABLES = ("evidence_tables", "evidence", "claims")  # the tables whose rows name the row they repeat
_CHUNK = 500


def chunks(items: list, size: int = _CHUNK) -> Iterator[list]:
    """`items` in lists of at most `size`: the rows of one statement, under SQLite's parameter limit."""
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _marks(items: list) -> str:
    return ",".join("?" * len(items))


# --- series grouping ---------------------------------------------------------------------------------

def load_unassigned_thread_ids(db: sqlite_utils.Database) -> list[str]:
    """Threads holding a message without a series (new since the last pass), oldest first."""
    return [r[0] for r in db.execute(
        "SELECT thread_id FROM messages WHERE series_id IS NULL GROUP BY thread_id ORDER BY MIN(date_utc)")]


def iter_thread_messages(db: sqlite_utils.Database, thread_ids: list[str]) -> Iterator[dict]:
    """Messages of the given threads, thread by thread, oldest first: the fields series grouping reads."""
    for chunk in chunks(thread_ids):
        yield from db.query(
            "SELECT rowid, message_id, thread_id, subject, author_name, author_email, date_utc, list, series_id "
            f"FROM messages WHERE thread_id IN ({_marks(chunk)}) ORDER BY thread_id, date_utc, rowid", chunk)


def load_body(db: sqlite_utils.Database, message_id: str) -> str:
    row = db.execute("SELECT body FROM messages WHERE message_id = ?", [message_id]).fetchone()
    return (row[0] or "") if row else ""


def find_series_keys(db: sqlite_utils.Database, keys: list[str]) -> list[tuple[str, str, str | None]]:
    """(key, series_id, author_key) of stored series sharing any of `keys`."""
    out: list[tuple[str, str, str | None]] = []
    for chunk in chunks(keys):
        out.extend(db.execute(
            f"SELECT key, series_id, author_key FROM series_keys WHERE key IN ({_marks(chunk)})", chunk))
    return out


def load_message_series(db: sqlite_utils.Database, message_ids: list[str]) -> dict[str, tuple[str, str | None]]:
    """message_id -> (series_id, series kind) for the stored messages among `message_ids` that have one."""
    out: dict[str, tuple[str, str | None]] = {}
    for chunk in chunks(message_ids):
        for mid, sid, kind in db.execute(
                "SELECT m.message_id, m.series_id, s.kind FROM messages m LEFT JOIN series s "
                f"ON s.series_id = m.series_id WHERE m.message_id IN ({_marks(chunk)}) "
                "AND m.series_id IS NOT NULL", chunk):
            out[mid] = (sid, kind)
    return out


_SERIES_FIELDS = frozenset({"author_name", "first_date_utc"})


def load_series_field(db: sqlite_utils.Database, series_ids: list[str], field: str) -> dict[str, str | None]:
    """series_id -> one column of `series` (`author_name` or `first_date_utc`) for the given series."""
    if field not in _SERIES_FIELDS:
        raise ValueError(f"not a series field to load: {field}")
    out: dict[str, str | None] = {}
    for chunk in chunks(series_ids):
        for sid, value in db.execute(
                f"SELECT series_id, [{field}] FROM series WHERE series_id IN ({_marks(chunk)})", chunk):
            out[sid] = value
    return out


def save_thread_series(db: sqlite_utils.Database, *, series_rows: list[dict], version_rows: list[dict],
                       key_rows: list[dict]) -> None:
    """Write one grouped thread: series (kind, author; aggregates come from `refresh_series`), its
    versions and join keys. Runs inside the caller's transaction (`with db.conn:` around a batch of
    threads), so a batch is one commit."""
    db.conn.executemany(
        "INSERT INTO series (series_id, kind, title, author_name, list) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT(series_id) DO UPDATE SET kind = excluded.kind, "
        "author_name = COALESCE(series.author_name, excluded.author_name), "
        "list = COALESCE(series.list, excluded.list)",
        [(r["series_id"], r["kind"], r["title"], r["author_name"], r["list"]) for r in series_rows])
    for row in version_rows:
        _save_version(db, row)
    db.conn.executemany("INSERT OR IGNORE INTO series_keys (key, series_id, author_key) VALUES (?, ?, ?)",
                        [(r["key"], r["series_id"], r["author_key"]) for r in key_rows])
    db.conn.executemany("INSERT OR IGNORE INTO series_pending (series_id) VALUES (?)",
                        [(r["series_id"],) for r in series_rows])


def load_pending_series(db: sqlite_utils.Database) -> list[str]:
    """Series grouped (`save_thread_series`) whose aggregates and links were not saved since: a run
    killed after grouping leaves them for the next run to finish."""
    return [r[0] for r in db.execute("SELECT series_id FROM series_pending ORDER BY series_id")]


def save_series_linked(db: sqlite_utils.Database, series_ids: list[str]) -> None:
    """Series whose links are saved are no longer pending. Runs inside the caller's transaction (the
    one writing those links)."""
    db.conn.executemany("DELETE FROM series_pending WHERE series_id = ?", [(s,) for s in series_ids])


def save_message_series(db: sqlite_utils.Database, rows: list[tuple]) -> None:
    """(series_id, version, index, total, rowid) of messages, written in rowid order: a message row holds
    its body, and rows taken thread by thread lie on pages all over the table. Runs inside the caller's
    transaction."""
    db.conn.executemany("UPDATE messages SET series_id = ?, series_version = ?, patch_index = ?, patch_total = ? "
                        "WHERE rowid = ?", sorted(rows, key=lambda row: row[-1]))


_VERSION_COLUMNS = ("series_id", "version", "cover_message_id", "thread_id", "subject", "n_patches", "date_utc")


def _save_version(db: sqlite_utils.Database, row: dict) -> None:
    """Keep one row per (series, version): a cover letter beats none, then the earliest posting wins."""
    old = db.execute("SELECT cover_message_id, date_utc, n_patches FROM series_versions "
                     "WHERE series_id = ? AND version = ?", [row["series_id"], row["version"]]).fetchone()
    if old:
        old_cover, old_date, old_patches = old
        better = (row["cover_message_id"] and not old_cover) or (
            bool(row["cover_message_id"]) == bool(old_cover) and (row["date_utc"] or "~") < (old_date or "~"))
        if not better:
            if row["n_patches"] and not old_patches:
                db.execute("UPDATE series_versions SET n_patches = ? WHERE series_id = ? AND version = ?",
                           [row["n_patches"], row["series_id"], row["version"]])
            return
    db.execute(f"INSERT OR REPLACE INTO series_versions ({', '.join(_VERSION_COLUMNS)}) "
               f"VALUES ({_marks(list(_VERSION_COLUMNS))})", [row[c] for c in _VERSION_COLUMNS])


def merge_series(db: sqlite_utils.Database, keep: str, drop: str) -> None:
    """Move everything of series `drop` into `keep` (a later version proved they are one series).
    Runs inside the caller's transaction."""
    for table in ("messages", *FINDING_TABLES):
        db.execute(f"UPDATE [{table}] SET series_id = ? WHERE series_id = ?", [keep, drop])
    for version_row in list(db.query("SELECT * FROM series_versions WHERE series_id = ?", [drop])):
        _save_version(db, {**version_row, "series_id": keep})
    db.execute("DELETE FROM series_versions WHERE series_id = ?", [drop])
    db.execute("INSERT OR IGNORE INTO series_keys (key, series_id, author_key) "
               "SELECT key, ?, author_key FROM series_keys WHERE series_id = ?", [keep, drop])
    db.execute("DELETE FROM series_keys WHERE series_id = ?", [drop])
    db.execute("DELETE FROM version_changes WHERE series_id = ?", [drop])
    db.execute("DELETE FROM series WHERE series_id = ?", [drop])
    db.execute("DELETE FROM series_pending WHERE series_id = ?", [drop])


def refresh_series(db: sqlite_utils.Database, series_ids: Iterable[str]) -> None:
    """Recompute the `series` aggregates (versions, dates) from its rows, and
    give every finding of its messages the message's series."""
    ids = sorted(set(series_ids))
    with db.conn:
        for chunk in chunks(ids):
            marks = _marks(chunk)
            db.execute(
                "UPDATE series SET "
                "latest_version = (SELECT MAX(version) FROM series_versions v WHERE v.series_id = series.series_id), "
                "n_versions = (SELECT COUNT(*) FROM series_versions v WHERE v.series_id = series.series_id), "
                "first_date_utc = (SELECT MIN(date_utc) FROM messages m WHERE m.series_id = series.series_id), "
                "last_date_utc = (SELECT MAX(date_utc) FROM messages m WHERE m.series_id = series.series_id) "
                f"WHERE series_id IN ({marks})", chunk)
            for table in FINDING_TABLES:  # only rows whose series changed: a rewrite costs a row each
                db.execute(
                    f"UPDATE [{table}] SET series_id = m.series_id FROM messages m "
                    f"WHERE m.message_id = [{table}].message_id AND m.series_id IN ({marks}) "
                    f"AND [{table}].series_id IS NOT m.series_id", chunk)


def link_unassigned_findings(db: sqlite_utils.Database) -> None:
    """Give findings stored without a series (a re-extraction replaces them) their message's series."""
    with db.conn:
        for table in FINDING_TABLES:
            db.execute(f"UPDATE [{table}] SET series_id = m.series_id FROM messages m "
                       f"WHERE [{table}].series_id IS NULL AND m.message_id = [{table}].message_id")


def save_series_titles(db: sqlite_utils.Database, titles: dict[str, str]) -> None:
    """Set the display title of series (the latest version's title without its brackets)."""
    with db.conn:
        db.conn.executemany("UPDATE series SET title = ? WHERE series_id = ?",
                            [(title, sid) for sid, title in titles.items()])


def load_latest_version_subjects(db: sqlite_utils.Database, series_ids: list[str]) -> Iterator[tuple[str, str]]:
    """(series_id, subject) of each series' latest version."""
    for chunk in chunks(series_ids):
        yield from db.execute(
            "SELECT v.series_id, v.subject FROM series_versions v WHERE v.series_id IN "
            f"({_marks(chunk)}) AND v.version = (SELECT MAX(version) FROM series_versions w "
            "WHERE w.series_id = v.series_id)", chunk)


# --- answers: quotation origins, answered concerns, claim checks ----------------------------------------

def load_series_messages(db: sqlite_utils.Database, series_id: str) -> list[dict]:
    """The messages of a series, oldest first (undated last): who, when, what they reply to; no bodies."""
    return list(db.query(
        "SELECT message_id, thread_id, in_reply_to, author_name, author_email, date_utc, synthetic_id, list, "
        "subject, source_url, series_version FROM messages WHERE series_id = ? "
        "ORDER BY date_utc IS NULL, date_utc, rowid", [series_id]))


def load_series_findings(db: sqlite_utils.Database, table: str, series_id: str) -> list[dict]:
    """Every row of one finding table (`evidence_tables`, `evidence`, `concerns`, `claims`, `anomalies`)
    that belongs to the series, in message and line order (rows of one table as the table prints them)."""
    if table not in FINDING_TABLES:
        raise ValueError(f"not a finding table: {table}")
    return list(db.query(f"SELECT * FROM [{table}] WHERE series_id = ? ORDER BY message_id, line, rowid"
                         if table != "evidence_tables" else
                         f"SELECT * FROM [{table}] WHERE series_id = ? ORDER BY message_id, first_line, rowid",
                         [series_id]))


def database_file(db: sqlite_utils.Database) -> str | None:
    """The file of the main database, or None for an in-memory one (no other process can open it)."""
    row = db.execute("PRAGMA database_list").fetchone()
    return (row[2] or None) if row else None


def save_origins(db: sqlite_utils.Database, table: str, origins: list[tuple[str, str | None, str]]) -> None:
    """Set `origin_message_id` (and `copy_of`, where the table has it) on rows of a finding table:
    (origin_message_id, copy_of, row id). This and the saves below run inside the caller's transaction (a
    batch of series is one commit)."""
    if table not in FINDING_TABLES:
        raise ValueError(f"not a finding table: {table}")
    if table in COPY_TABLES:
        db.conn.executemany(f"UPDATE [{table}] SET origin_message_id = ?, copy_of = ? WHERE id = ?", origins)
    else:
        db.conn.executemany(f"UPDATE [{table}] SET origin_message_id = ? WHERE id = ?",
                            [(origin, row_id) for origin, _copy_of, row_id in origins])


def save_concern_status(db: sqlite_utils.Database, rows: list[tuple]) -> None:
    """(status, answered_by, answered_by_author, concern id) for each concern."""
    db.conn.executemany("UPDATE concerns SET status = ?, answered_by = ?, answered_by_author = ? WHERE id = ?",
                        rows)


def save_claim_checks(db: sqlite_utils.Database, rows: list[tuple]) -> None:
    """(check, check_evidence_id, claim id) for each claim: the one statement that writes `claims.check`."""
    db.conn.executemany("UPDATE claims SET [check] = ?, check_evidence_id = ? WHERE id = ?", rows)


_CHANGE_COLUMNS = ("id", "series_id", "kind", "benchmark", "label", "from_version", "to_version", "from_evidence_id",
                   "to_evidence_id", "concern_id", "claim_id", "message_id")


def save_version_changes(db: sqlite_utils.Database, series_id: str, changes: list[dict]) -> None:
    """Replace the between-versions rows of one series."""
    db.execute("DELETE FROM version_changes WHERE series_id = ?", [series_id])
    db.conn.executemany(f"INSERT OR REPLACE INTO version_changes ({', '.join(_CHANGE_COLUMNS)}) "
                        f"VALUES ({_marks(list(_CHANGE_COLUMNS))})", [[c[k] for k in _CHANGE_COLUMNS] for c in changes])


def load_version_changes(db: sqlite_utils.Database, series_id: str) -> list[dict]:
    """The between-versions rows of one series, in the order linking found them."""
    return list(db.query("SELECT * FROM version_changes WHERE series_id = ? ORDER BY rowid", [series_id]))


def load_series_with_unlinked_origins(db: sqlite_utils.Database) -> list[str]:
    """Series holding findings whose quotation origin was never worked out (new or re-extracted rows)."""
    found: set[str] = set()
    for table in ("evidence_tables", "evidence", "concerns", "claims"):
        found.update(r[0] for r in db.execute(
            f"SELECT DISTINCT series_id FROM [{table}] WHERE origin_message_id IS NULL AND series_id IS NOT NULL"))
    return sorted(found)


# --- reports -------------------------------------------------------------------------------------------

def find_series_by_title(db: sqlite_utils.Database, words: list[str], limit: int = 50) -> list[dict]:
    """Series whose title contains every word (case-insensitive), newest first."""
    if not words:
        return []
    where = " AND ".join("instr(lower(title), ?) > 0" for _ in words)
    return list(db.query(
        "SELECT series_id, kind, title, author_name, list, latest_version, first_date_utc, last_date_utc "
        f"FROM series WHERE {where} ORDER BY last_date_utc DESC LIMIT ?", [w.lower() for w in words] + [limit]))


def find_series_by_subject(db: sqlite_utils.Database, words: list[str], limit: int = 50) -> list[str]:
    """Series of messages whose subject contains every word (for titles renamed between versions)."""
    if not words:
        return []
    where = " AND ".join("instr(lower(subject), ?) > 0" for _ in words)
    return [r[0] for r in db.execute(
        f"SELECT DISTINCT series_id FROM messages WHERE series_id IS NOT NULL AND {where} LIMIT ?",
        [w.lower() for w in words] + [limit])]


def load_series_summaries(db: sqlite_utils.Database, series_ids: list[str]) -> list[dict]:
    """For each series: id, title, author_name, first/last date, its versions and how many messages it
    has; newest first (how a list of candidates is shown)."""
    out = []
    for chunk in chunks(series_ids):
        out.extend(db.query(
            "SELECT s.series_id, s.title, s.author_name, s.first_date_utc, s.last_date_utc, "
            "(SELECT count(*) FROM messages m WHERE m.series_id = s.series_id) AS n_messages, "
            "(SELECT group_concat(version) FROM (SELECT version FROM series_versions v "
            " WHERE v.series_id = s.series_id ORDER BY version)) AS versions "
            f"FROM series s WHERE s.series_id IN ({_marks(chunk)})", chunk))
    for row in out:
        row["versions"] = [int(v) for v in (row["versions"] or "").split(",") if v]
    return sorted(out, key=lambda r: (r["last_date_utc"] or "", r["series_id"]), reverse=True)


def load_message_series_id(db: sqlite_utils.Database, message_id: str) -> str | None:
    row = db.execute("SELECT series_id FROM messages WHERE message_id = ?", [message_id]).fetchone()
    return row[0] if row else None


def load_series_by_source_url(db: sqlite_utils.Database, url: str) -> str | None:
    row = db.execute("SELECT series_id FROM messages WHERE source_url = ? LIMIT 1", [url]).fetchone()
    return row[0] if row else None


def load_series(db: sqlite_utils.Database, series_id: str) -> dict | None:
    rows = list(db.query("SELECT * FROM series WHERE series_id = ?", [series_id]))
    return rows[0] if rows else None


def load_series_versions(db: sqlite_utils.Database, series_id: str) -> list[dict]:
    return list(db.query("SELECT * FROM series_versions WHERE series_id = ? ORDER BY version", [series_id]))


def load_machine_texts(db: sqlite_utils.Database, machine_ids: list[str]) -> dict[str, str]:
    """machine id -> the machine or setup description stored under it."""
    out: dict[str, str] = {}
    for chunk in chunks(machine_ids):
        out.update(db.execute(f"SELECT id, text FROM machines WHERE id IN ({_marks(chunk)})", chunk).fetchall())
    return out


def load_patch_series_ids(db: sqlite_utils.Database) -> list[str]:
    """Every patch series (not plain discussion topics), oldest first."""
    return [r[0] for r in db.execute(
        "SELECT series_id FROM series WHERE kind = 'patch' ORDER BY first_date_utc, series_id")]
