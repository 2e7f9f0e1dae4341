"""Threading by Message-ID / In-Reply-To / References, and by subject for archive-page text."""

from __future__ import annotations

import pytest

from db.schema import open_db
from miner.pipeline.importer import import_paths
from miner.linking.threads import subject_key
from miner.sources.mboxes import iter_mbox

from conftest import DATA


@pytest.mark.parametrize("subject, key", [
    ("Re: [PATCH v2 1/3] mm: foo", "mm: foo"),
    ("RE: AW: [Xen-devel] [PATCH] x86: bar", "x86: bar"),
    ("Fwd: plain discussion", "plain discussion"),
    ("", ""),
    (None, ""),
])
def test_subject_key(subject, key):
    assert subject_key(subject) == key


def test_missing_parents_and_reply_only_chains_share_one_thread(tmp_path):
    db = open_db(str(tmp_path / "miner.db"))
    import_paths(db, [DATA / "mail" / "0001-thread-missing-parent.mbox"])
    threads = {r["message_id"]: r["thread_id"] for r in db.query("SELECT message_id, thread_id FROM messages")}
    # reply.2 answers a patch the archive lacks; reply.3 has only In-Reply-To: all end in the cover's thread
    assert set(threads.values()) == {"cover.1@example.org"}
    [thread] = list(db.query("SELECT * FROM threads"))
    assert thread["n_messages"] == 5 and thread["root_message_id"] == "cover.1@example.org"
    assert thread["first_date_utc"] == "2026-03-02T09:00:00Z"


def test_page_messages_thread_by_subject(tmp_path):
    db = open_db(str(tmp_path / "miner.db"))
    import_paths(db, [DATA / "pages" / "mail-archive-thread.txt"])
    rows = list(db.query("SELECT author_name, thread_id FROM messages ORDER BY date_utc"))
    assert [r["author_name"] for r in rows] == ["Frank Asker", "Erin Writer"]  # the repeat is stored once
    assert len({r["thread_id"] for r in rows}) == 1


def _thread_rows(db) -> tuple[list, list]:
    return (db.execute("SELECT message_id, thread_id FROM messages ORDER BY 1").fetchall(),
            db.execute("SELECT * FROM threads ORDER BY 1").fetchall())


def test_importing_one_message_at_a_time_replies_first_threads_as_one_import(tmp_path):
    """Linking after each import touches only what the new message changes: a parent arriving after its
    replies still gathers them (and the replies of those replies) into its thread."""
    source = DATA / "mail" / "0001-thread-missing-parent.mbox"
    whole = open_db(str(tmp_path / "whole.db"))
    import_paths(whole, [source])
    pieces = open_db(str(tmp_path / "pieces.db"))
    for index, entry in reversed(list(enumerate(iter_mbox(source)))):
        path = tmp_path / f"{index}.mbox"
        path.write_bytes(b"From x@example.org Mon Mar  2 09:00:00 2026\n" + entry.raw)
        import_paths(pieces, [path])
    assert _thread_rows(pieces) == _thread_rows(whole)
    assert len(_thread_rows(whole)[1]) == 1
