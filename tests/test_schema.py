"""The schema: a database made by an older version opens with what the current one needs."""

from __future__ import annotations

import sqlite_utils

from db.schema import open_db
from db.store import search_messages


def test_a_full_text_index_over_whole_bodies_is_rebuilt_over_search_text(tmp_path):
    path = str(tmp_path / "miner.db")
    old = sqlite_utils.Database(path)
    old["messages"].insert({"message_id": "a@x", "subject": "hello", "body": "prose about wakeups",
                            "author_name": "A"}, pk="message_id")
    old["messages"].enable_fts(["subject", "body", "author_name"], create_triggers=True, tokenize="porter")
    old.close()
    db = open_db(path)
    assert [c.name for c in db["messages_fts"].columns] == ["subject", "search_text", "author_name"]
    assert [r["message_id"] for r in search_messages(db, "wakeups")] == ["a@x"]  # the body until reextract
    db["messages"].insert({"message_id": "b@x", "subject": "patch", "body": "x", "search_text": "io_read"})
    assert [r["message_id"] for r in search_messages(db, "io_read")] == ["b@x"]
    db.close()
