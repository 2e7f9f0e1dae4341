"""Writing a batch of messages: one statement per table holds many rows, and the database ends up as one
statement per row would leave it (same rows, same rowids, same full-text index), duplicates in a batch
and re-extraction's updates included."""

from __future__ import annotations

import sqlite3

import pytest

from db import store
from db.schema import open_db
from extractors.analysis import analyze_body
from miner.message.parse import parse_message
from miner.pipeline.rows import message_rows


def _mail(n: int, body: str) -> bytes:
    return (f"From: Dev {n % 3} <dev{n % 3}@example.org>\nSubject: [PATCH {n}/9] io_uring: step {n}\n"
            f"Date: Mon, 2 Mar 2026 10:{n:02d}:00 +0000\nMessage-ID: <m{n}@example.org>\n\n{body}\n").encode()


def _rows(n: int, body: str = ""):
    message = parse_message(_mail(n, body or f"Step {n} makes the ring {n}% faster in fio randread."))
    return message_rows(message, analyze_body(message.body, message.author_name), raw_format="rfc822",
                        source_url=f"file:///a.mbox#{n}", list_name="io-uring", extractor_version="test")


def _state(db) -> dict:
    """Every row of the written tables with its rowid, and what search finds."""
    tables = ("messages", "raw_messages", "message_lists", "evidence", "claims", "concerns")
    state = {t: db.execute(f"SELECT rowid, * FROM [{t}] ORDER BY rowid").fetchall() for t in tables}
    state["search"] = [db.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid",
                                  [word]).fetchall() for word in ("faster", "step", "again", "dev1")]
    return state


def _write_all(tmp_path, name: str, parameters: int | None = None) -> dict:
    db = open_db(str(tmp_path / name))
    if parameters:  # as a build of SQLite that binds fewer parameters to a statement
        db.conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, parameters)
    batch = [_rows(n) for n in range(12)] + [_rows(3)]  # a message twice in one batch is stored once
    assert store.save_rows(db, batch) == 12
    assert store.save_rows(db, [_rows(5), _rows(12)]) == 1  # stored before: left alone
    store.save_rows(db, [_rows(4, "Step 4 again, 9% faster.")], replace_findings=True)  # re-extraction
    return _state(db)


@pytest.mark.parametrize("parameters", [30, 100])  # a row per statement (up to 29 columns), or a few
def test_rows_split_over_several_statements_are_stored_as_in_one(tmp_path, parameters):
    whole = _write_all(tmp_path, "whole.db")
    split = _write_all(tmp_path, "split.db", parameters)
    assert split == whole
    assert len(whole["messages"]) == 13 and len(whole["search"][2]) == 1  # the re-extracted body is searched
