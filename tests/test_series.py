"""Series grouping over a database: versions joined by title and author, patch titles, change-id, links."""

from __future__ import annotations

import pytest

from db.schema import open_db
from miner.linking.series import asked_by_a_reviewer, author_key, group_series, same_author
from miner.pipeline.postprocess import link_findings


def _message(mid, subject, author="Alice Example", date="2024-01-01T00:00:00Z", thread=None, body="",
             reply_to=None, email=None):
    return {"message_id": mid, "subject": subject, "author_name": author,
            "author_email": email or f"{author.split()[0].lower()}@example.org" if author else None,
            "date_utc": date, "thread_id": thread or mid, "in_reply_to": reply_to, "body": body, "synthetic_id": 0}


def _db(tmp_path, messages):
    db = open_db(str(tmp_path / "miner.db"))
    db["messages"].insert_all(messages, pk="message_id")
    return db


def _series_of(db):
    return {r["message_id"]: (r["series_id"], r["series_version"], r["patch_index"], r["patch_total"])
            for r in db.query("SELECT * FROM messages")}


def _v1_thread(prefix="a", title="sched: wake idle siblings", author="Alice Example", date="2024-01-01"):
    cover = f"{prefix}-0@x"
    return [
        _message(cover, f"[PATCH 0/2] {title}", author, f"{date}T00:00:00Z"),
        _message(f"{prefix}-1@x", "[PATCH 1/2] sched: track siblings", author, f"{date}T00:00:01Z", cover, reply_to=cover),
        _message(f"{prefix}-2@x", "[PATCH 2/2] sched: use siblings", author, f"{date}T00:00:02Z", cover, reply_to=cover),
        _message(f"{prefix}-r@x", f"Re: [PATCH 0/2] {title}", "Bob Reviewer", f"{date}T05:00:00Z", cover,
                 reply_to=cover),
    ]


def test_a_thread_is_one_series_with_indexes(tmp_path):
    db = _db(tmp_path, _v1_thread())
    touched = group_series(db)
    rows = _series_of(db)
    assert len(touched) == 1
    assert {sid for sid, *_ in rows.values()} == touched
    assert rows["a-1@x"][1:] == (1, 1, 2)
    assert rows["a-r@x"][1:] == (1, 0, 2)
    series = db["series"].get(next(iter(touched)))
    assert (series["kind"], series["title"], series["author_name"], series["latest_version"]) == (
        "patch", "sched: wake idle siblings", "Alice Example", 1)
    version = db["series_versions"].get((series["series_id"], 1))
    assert (version["cover_message_id"], version["n_patches"]) == ("a-0@x", 2)


V2_SAME = _message("b-0@x", "[PATCH v2 0/2] sched: wake idle siblings", date="2024-02-01T00:00:00Z")
V2_OTHER_AUTHOR = _message("b-0@x", "[PATCH v2 0/2] sched: wake idle siblings", "Carol Other",
                           "2024-02-01T00:00:00Z")
V2_SPACING = _message("b-0@x", "[PATCH v2 0/2] Sched:  wake idle siblings.", date="2024-02-01T00:00:00Z")
V3_RENAMED_SAME_PATCHES = [
    _message("c-0@x", "[PATCH v3 0/2] sched/fair: prefer idle SMT siblings", date="2024-03-01T00:00:00Z"),
    _message("c-1@x", "[PATCH v3 1/2] sched: track siblings", date="2024-03-01T00:00:01Z", thread="c-0@x"),
    _message("c-2@x", "[PATCH v3 2/2] sched: use siblings", date="2024-03-01T00:00:02Z", thread="c-0@x"),
]
V3_RENAMED_WITH_LINK = _message("c-0@x", "[PATCH v3 0/2] sched/fair: prefer idle SMT siblings",
                                date="2024-03-01T00:00:00Z",
                                body="Changes in v3: renamed.\nv1: https://lore.kernel.org/lkml/a-0@x/\n")
V3_RENAMED_NO_EVIDENCE = _message("c-0@x", "[PATCH v3 0/2] sched/fair: prefer idle SMT siblings",
                                  date="2024-03-01T00:00:00Z", body="No link here.\n")
V3_RENAMED_BUG_LINK = _message("c-0@x", "[PATCH v3 0/2] sched/fair: prefer idle SMT siblings",
                               date="2024-03-01T00:00:00Z",
                               body="Reported-by: someone\nCloses: https://lore.kernel.org/r/a-0@x\n")


@pytest.mark.parametrize("later, joined", [
    ([V2_SAME], True),
    ([V2_SPACING], True),
    ([V2_OTHER_AUTHOR], False),
    (V3_RENAMED_SAME_PATCHES, True),
    ([V3_RENAMED_WITH_LINK], True),
    ([V3_RENAMED_NO_EVIDENCE], False),
    ([V3_RENAMED_BUG_LINK], False),
], ids=["same-title", "title-spelling", "other-author", "renamed-same-patches", "renamed-with-link",
        "renamed-nothing-links", "link-not-to-a-version"])
def test_versions_join(tmp_path, later, joined):
    db = _db(tmp_path, _v1_thread() + later)
    group_series(db)
    rows = _series_of(db)
    assert (rows["a-0@x"][0] == rows[later[0]["message_id"]][0]) is joined


def test_versions_join_across_imports_and_rerun_changes_nothing(tmp_path):
    db = _db(tmp_path, _v1_thread())
    group_series(db)
    first = _series_of(db)
    db["messages"].insert_all(V3_RENAMED_SAME_PATCHES, pk="message_id")
    group_series(db)
    rows = _series_of(db)
    assert rows["c-0@x"][0] == first["a-0@x"][0] == rows["a-0@x"][0]
    series = db["series"].get(rows["a-0@x"][0])
    assert (series["n_versions"], series["latest_version"], series["title"]) == (
        2, 3, "sched/fair: prefer idle SMT siblings")
    # grouping again groups nothing; the series it returns is the one still waiting to be linked
    assert group_series(db) == {rows["a-0@x"][0]}
    assert _series_of(db) == rows
    link_findings(db, group_series(db))
    assert group_series(db) == set()


def test_a_link_to_a_version_imported_later_joins(tmp_path):
    db = _db(tmp_path, [V3_RENAMED_WITH_LINK])
    group_series(db)
    db["messages"].insert_all(_v1_thread(), pk="message_id")
    group_series(db)
    rows = _series_of(db)
    assert rows["a-0@x"][0] == rows["c-0@x"][0]
    assert db.execute("SELECT COUNT(*) FROM series").fetchone()[0] == 1


def test_change_id_joins_renamed_versions(tmp_path):
    tail = "\n--\nbase-commit: 0123456789abcdef\nchange-id: 20240101-idle-siblings-1a2b3c\n"
    db = _db(tmp_path, [
        _message("a-0@x", "[PATCH] sched: wake idle siblings", body="v1" + tail),
        _message("b-0@x", "[PATCH v2] sched: prefer idle SMT siblings", date="2024-02-01T00:00:00Z",
                 body="v2" + tail),
    ])
    group_series(db)
    rows = _series_of(db)
    assert rows["a-0@x"][0] == rows["b-0@x"][0]
    assert (rows["a-0@x"][1], rows["b-0@x"][1]) == (1, 2)


def test_v2_posted_in_reply_to_v1_is_version_2_of_the_same_series(tmp_path):
    thread = _v1_thread()
    thread.append(_message("b-0@x", "[PATCH v2 0/2] sched: wake idle siblings", date="2024-02-01T00:00:00Z",
                           thread="a-0@x", reply_to="a-0@x"))
    thread.append(_message("b-r@x", "Re: [PATCH v2 0/2] sched: wake idle siblings", "Bob Reviewer",
                           "2024-02-02T00:00:00Z", thread="a-0@x", reply_to="b-0@x"))
    db = _db(tmp_path, thread)
    group_series(db)
    rows = _series_of(db)
    assert rows["b-r@x"][:2] == (rows["a-0@x"][0], 2)
    assert db.execute("SELECT COUNT(*) FROM series_versions").fetchone()[0] == 2


def test_discussion_without_patch_subject_is_its_own_topic(tmp_path):
    db = _db(tmp_path, [
        _message("t-0@x", "[Xen-devel] xenstored slow with many domains", "Dan Admin"),
        _message("t-1@x", "Re: [Xen-devel] xenstored slow with many domains", "Eve Dev", thread="t-0@x"),
        _message("u-0@x", "[Xen-devel] xenstored slow with many domains", "Dan Admin", thread="u-0@x"),
    ])
    group_series(db)
    rows = _series_of(db)
    assert rows["t-0@x"][0] == rows["t-1@x"][0] != rows["u-0@x"][0]
    assert rows["t-1@x"][1:] == (None, None, None)
    series = db["series"].get(rows["t-0@x"][0])
    assert (series["kind"], series["title"]) == ("topic", "xenstored slow with many domains")


def test_replies_only_thread_joins_the_series_of_its_title(tmp_path):
    """An archive page may hold only replies: the sender of the series is unknown, the title still joins."""
    replies = [_message("p-1@x", "Re: [PATCH 0/2] sched: wake idle siblings", "Bob Reviewer",
                        "2024-01-03T00:00:00Z")]
    db = _db(tmp_path, _v1_thread() + replies)
    group_series(db)
    rows = _series_of(db)
    assert rows["p-1@x"][0] == rows["a-0@x"][0]


def test_findings_get_the_series_of_their_message(tmp_path):
    db = _db(tmp_path, _v1_thread())
    db["concerns"].insert({"id": "c1", "message_id": "a-r@x", "text": "numbers?", "quoted": 0}, pk="id")
    group_series(db)
    assert db["concerns"].get("c1")["series_id"] == _series_of(db)["a-r@x"][0]


@pytest.mark.parametrize("name, email, expected", [
    ("Michael Kelley (EOSG)", None, "michael kelley"),
    ('"Michael Kelley"', "mikelley@example.com", "michael kelley"),
    ("Xu, Anthony", None, "anthony xu"),
    (None, "Someone@Example.org", "someone@example.org"),
    (None, None, None),
])
def test_author_key(name, email, expected):
    assert author_key(name, email) == expected


@pytest.mark.parametrize("a, b, expected", [
    ("alice", "alice", True), ("alice", "bob", False), (None, "bob", True), ("alice", None, True),
])
def test_same_author(a, b, expected):
    assert same_author(a, b) is expected


def test_a_later_version_that_links_two_stored_series_merges_them(tmp_path):
    renamed_v2 = _message("b-0@x", "[PATCH v2] sched/fair: prefer idle SMT siblings", date="2024-02-01T00:00:00Z")
    db = _db(tmp_path, _v1_thread() + [renamed_v2])
    db["concerns"].insert({"id": "c1", "message_id": "a-r@x", "text": "numbers?", "quoted": 0}, pk="id")
    group_series(db)
    assert _series_of(db)["a-0@x"][0] != _series_of(db)["b-0@x"][0]
    v3 = _message("c-0@x", "[PATCH v3] sched/fair: prefer idle SMT siblings", date="2024-03-01T00:00:00Z",
                  body="v1: https://lore.kernel.org/r/a-0@x\nv2: https://lore.kernel.org/r/b-0@x\n")
    db["messages"].insert(v3, pk="message_id")
    group_series(db)
    rows = _series_of(db)
    assert rows["a-0@x"][0] == rows["b-0@x"][0] == rows["c-0@x"][0] == db["concerns"].get("c1")["series_id"]
    assert [r["version"] for r in db.query("SELECT version FROM series_versions ORDER BY version")] == [1, 2, 3]
    assert db.execute("SELECT COUNT(*) FROM series").fetchone()[0] == 1


def test_a_version_known_only_from_replies_keeps_the_posting_subject(tmp_path):
    db = _db(tmp_path, [_message("p-1@x", "Re: [Xen-devel] [PATCH v2 0/2] xen: faster grants", "Bob Reviewer")])
    group_series(db)
    version = next(db.query("SELECT * FROM series_versions"))
    assert (version["subject"], version["cover_message_id"]) == ("[Xen-devel] [PATCH v2 0/2] xen: faster grants", None)
    assert db["series"].get(version["series_id"])["author_name"] is None


@pytest.mark.parametrize(("asker", "author", "expected"), [
    ("Bob Reviewer", "Alice Author", True),
    ("Alice Author", "Alice Author", False),
    ('"Author, Alice"', "Alice Author", False),  # the same person, written "Last, First" in quotes
    (None, "Alice Author", True),  # a quoted question whose author no attribution names
    ("Bob Reviewer", None, True),  # a series whose author an archive page does not give
])
def test_a_concern_is_a_reviewers_unless_the_series_author_asked_it(asker, author, expected):
    assert asked_by_a_reviewer({"author": asker}, author) is expected
