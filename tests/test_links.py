"""Quotation origins, answered concerns and claim checks over a small database written row by row."""

from __future__ import annotations

import pytest

from db.schema import open_db
from miner.linking.series import group_series
from miner.pipeline.postprocess import link_findings

QUESTION = "Did you collect any benchmark numbers for this change?"


def _message(mid, subject, author, date, *, thread="m0@x", reply_to=None, body="", synthetic=0):
    return {"message_id": mid, "subject": subject, "author_name": author, "author_email": None,
            "date_utc": date, "thread_id": thread, "in_reply_to": reply_to, "body": body,
            "synthetic_id": synthetic}


def _concern(cid, mid, author, quoted, line=5, text=QUESTION, category="request-data"):
    return {"id": cid, "message_id": mid, "author": author, "text": text, "category": category, "line": line,
            "quoted": quoted, "status": "open"}


def _result(eid, mid, author, quoted=0, line=9, baseline=10.0, patched=9.0, label=None, table_id=None,
            benchmark="hackbench", verdict="better"):
    return {"id": eid, "message_id": mid, "author": author, "quoted": quoted, "line": line, "baseline": baseline,
            "patched": patched, "delta_pct": (patched - baseline) / baseline * 100, "benchmark": benchmark,
            "label": label, "metric": None, "table_id": table_id, "verdict": verdict}


def _linked(tmp_path, messages, concerns=(), evidence=(), claims=()):
    db = open_db(str(tmp_path / "miner.db"))
    db["messages"].insert_all(messages, pk="message_id")
    for table, rows in (("concerns", concerns), ("evidence", evidence), ("claims", claims)):
        if rows:
            db[table].insert_all(rows, pk="id")
    link_findings(db, group_series(db))
    return db


COVER = _message("m0@x", "[PATCH] sched: faster wakeups", "Alice Author", "2024-01-01T00:00:00Z")
ASK = _message("m1@x", "Re: [PATCH] sched: faster wakeups", "Bob Reviewer", "2024-01-02T00:00:00Z",
               reply_to="m0@x", body=f"Alice wrote:\n> The patch.\n\n{QUESTION}\n")
QUOTING_REPLY = _message("m2@x", "Re: [PATCH] sched: faster wakeups", "Alice Author", "2024-01-03T00:00:00Z",
                         reply_to="m1@x", body=f"Bob Reviewer wrote:\n> {QUESTION}\n\nYes, hackbench "
                         "went from 10 s to 9 s.\n")
QUOTING_NO_REPLY = _message("m2@x", "Re: [PATCH] sched: faster wakeups", "Alice Author",
                            "2024-01-03T00:00:00Z", reply_to="m1@x",
                            body=f"Bob Reviewer wrote:\n> {QUESTION}\n> More quoted text.\n")
PLAIN_REPLY = _message("m2@x", "Re: [PATCH] sched: faster wakeups", "Alice Author", "2024-01-03T00:00:00Z",
                       reply_to="m1@x", body="Here are numbers.\n")
ASKER_AGAIN = _message("m2@x", "Re: [PATCH] sched: faster wakeups", "Bob Reviewer", "2024-01-03T00:00:00Z",
                       reply_to="m1@x", body="Ping.\n")
V2 = _message("m3@x", "[PATCH v2] sched: faster wakeups", "Alice Author", "2024-01-09T00:00:00Z",
              thread="m3@x", body="v2 with numbers\n")


@pytest.mark.parametrize("later, later_concern, later_evidence, expected", [
    ([QUOTING_REPLY], [_concern("q2", "m2@x", "Bob Reviewer", 1)], [], ("answered", "m2@x", "Alice Author")),
    ([QUOTING_NO_REPLY], [_concern("q2", "m2@x", "Bob Reviewer", 1)], [], ("open", None, None)),
    ([PLAIN_REPLY], [], [_result("e2", "m2@x", "Alice Author")], ("answered", "m2@x", "Alice Author")),
    ([PLAIN_REPLY], [], [], ("open", None, None)),
    ([ASKER_AGAIN], [], [_result("e2", "m2@x", "Bob Reviewer")], ("open", None, None)),
    ([V2], [], [_result("e3", "m3@x", "Alice Author")], ("answered", "m3@x", "Alice Author")),
    ([V2], [], [], ("open", None, None)),
], ids=["quoted-and-replied", "quoted-without-reply", "reply-with-numbers", "reply-without-numbers",
        "asker-posts-numbers", "v2-posts-numbers", "v2-without-numbers"])
def test_concern_status(tmp_path, later, later_concern, later_evidence, expected):
    db = _linked(tmp_path, [COVER, ASK, *later], [_concern("q1", "m1@x", "Bob Reviewer", 0), *later_concern],
                 later_evidence)
    row = db["concerns"].get("q1")
    assert (row["status"], row["answered_by"], row["answered_by_author"]) == expected
    for copy in later_concern:  # a quoted copy shares its origin's status and is not counted again
        copy_row = db["concerns"].get(copy["id"])
        assert copy_row["origin_message_id"] == "m1@x"
        assert copy_row["status"] == expected[0]


def test_profile_request_is_not_answered_by_new_numbers_alone(tmp_path):
    db = _linked(tmp_path, [COVER, ASK, V2],
                 [_concern("q1", "m1@x", "Bob Reviewer", 0, text="How does the profile look?", category="profile")],
                 [_result("e3", "m3@x", "Alice Author")])
    assert db["concerns"].get("q1")["status"] == "open"


def test_reply_seen_only_inside_a_quotation_answers(tmp_path):
    """Dave quotes Bob's question and Alice's answer below it: the answer is Alice's, seen in Dave's mail."""
    body = (f"Alice Author wrote:\n> Bob Reviewer wrote:\n>> {QUESTION}\n>\n> I measured hackbench: 10 s -> 9 s.\n"
            "\nWhat about the profile?\n")
    message = _message("m5@x", "Re: [PATCH] sched: faster wakeups", "Dave Other", "2024-01-05T00:00:00Z",
                       reply_to="m0@x", body=body)
    db = _linked(tmp_path, [COVER, message], [_concern("q5", "m5@x", "Bob Reviewer", 1, line=3)],
                 [_result("e5", "m5@x", "Alice Author", quoted=1, line=5)])
    row = db["concerns"].get("q5")
    assert (row["status"], row["answered_by"], row["answered_by_author"], row["origin_message_id"]) == (
        "answered", "m5@x", "Alice Author", "m5@x")


def test_archive_pages_answer_by_thread_order(tmp_path):
    ask = _message("s1@x", "RE: [PATCH 0/3] x", "Bob Reviewer", "2024-01-02", thread="s1@x", synthetic=1,
                   body=QUESTION)
    answer = _message("s2@x", "Re: [PATCH 0/3] x", "Alice Author", "2024-01-04", thread="s1@x", synthetic=1,
                      body="numbers")
    db = _linked(tmp_path, [ask, answer], [_concern("q1", "s1@x", "Bob Reviewer", 0)],
                 [_result("e1", "s2@x", "Alice Author")])
    assert db["concerns"].get("q1")["answered_by"] == "s2@x"


def test_quoted_evidence_is_attributed_to_the_message_that_wrote_it(tmp_path):
    first = _message("m2@x", "Re: [PATCH] x", "Alice Author", "2024-01-03T00:00:00Z", reply_to="m0@x")
    quoting = _message("m4@x", "Re: [PATCH] x", "Bob Reviewer", "2024-01-04T00:00:00Z", reply_to="m2@x")
    quoting_again = _message("m6@x", "Re: [PATCH] x", "Carol Third", "2024-01-06T00:00:00Z", reply_to="m4@x")
    db = _linked(tmp_path, [COVER, first, quoting, quoting_again], [],
                 [_result("e2", "m2@x", "Alice Author"), _result("e4", "m4@x", "Alice Author", quoted=1),
                  _result("e6", "m6@x", "Alice Author", quoted=1), _result("e7", "m6@x", "Carol Third", quoted=1,
                                                                           baseline=5.0, patched=4.0)])
    origins = {r["id"]: r["origin_message_id"] for r in db.query("SELECT id, origin_message_id FROM evidence")}
    assert origins == {"e2": "m2@x", "e4": "m2@x", "e6": "m2@x", "e7": "m6@x"}


def test_claim_is_checked_against_the_row_it_names(tmp_path):
    message = _message("m2@x", "Re: [PATCH] x", "Alice Author", "2024-01-03T00:00:00Z", reply_to="m0@x")
    rows = [_result(f"e{n}", "m2@x", "Alice Author", line=10, label=label, baseline=b, patched=p, table_id="t1",
                    benchmark="kernbench", verdict="unknown")
            for n, (label, b, p) in enumerate([("User", 218.95, 219.07), ("System", 149.29, 146.82),
                                               ("Elapsed", 1574.10, 1427.08)])]
    claim = {"id": "c1", "message_id": "m2@x", "author": "Alice Author", "line": 15, "quoted": 0,
             "text": "Here we get a non trivial improvement (13%) in overall elapsed time.",
             "polarity": "improvement", "magnitude_pct": 13.0, "check": "unchecked"}
    db = _linked(tmp_path, [COVER, message], [], rows, [claim])
    row = db["claims"].get("c1")
    assert (row["check"], row["check_evidence_id"]) == ("disagrees", "e2")


def test_numbers_posted_again_are_copies_of_the_first_posting(tmp_path):
    """The same table in the cover letter, its patch and v2's cover letter: one canonical row (the first
    posting), the others copies of it; a quoted copy too; different numbers in v2 are new evidence."""
    patch = _message("m1@x", "[PATCH 1/1] sched: faster wakeups", "Alice Author", "2024-01-01T00:00:01Z",
                     reply_to="m0@x")
    quoting = _message("m2@x", "Re: [PATCH 1/1] sched: faster wakeups", "Bob Reviewer", "2024-01-02T00:00:00Z",
                       reply_to="m1@x")
    v2 = _message("m3@x", "[PATCH v2] sched: faster wakeups", "Alice Author", "2024-01-09T00:00:00Z", thread="m3@x")
    db = _linked(tmp_path, [COVER, patch, quoting, v2], [], [
        _result("e0", "m0@x", "Alice Author"), _result("e1", "m1@x", "Alice Author"),
        _result("e2", "m2@x", "Alice Author", quoted=1), _result("e3", "m3@x", "Alice Author"),
        _result("e4", "m3@x", "Alice Author", baseline=10.0, patched=8.0),
        _result("e5", "m3@x", "Carol Other", baseline=10.0, patched=9.0, line=20)])
    rows = {r["id"]: (r["origin_message_id"], r["copy_of"])
            for r in db.query("SELECT id, origin_message_id, copy_of FROM evidence")}
    assert rows == {"e0": ("m0@x", None), "e1": ("m0@x", "e0"), "e2": ("m0@x", "e0"), "e3": ("m0@x", "e0"),
                    "e4": ("m3@x", None), "e5": ("m3@x", None)}
    canonical = [r["id"] for r in db.query("SELECT id FROM evidence_in_context ORDER BY id")]
    assert canonical == ["e0", "e4", "e5"]


def test_a_copy_of_a_claim_shares_its_check(tmp_path):
    v2 = _message("m3@x", "[PATCH v2] sched: faster wakeups", "Alice Author", "2024-01-09T00:00:00Z", thread="m3@x")
    claim = {"author": "Alice Author", "line": 15, "quoted": 0, "text": "hackbench gets 10% faster.",
             "polarity": "improvement", "magnitude_pct": 10.0}
    db = _linked(tmp_path, [COVER, v2], [], [_result("e0", "m0@x", "Alice Author", line=10)],
                 [{"id": "c0", "message_id": "m0@x", **claim}, {"id": "c3", "message_id": "m3@x", **claim}])
    rows = {r["id"]: (r["check"], r["check_evidence_id"], r["copy_of"]) for r in db.query("SELECT * FROM claims")}
    assert rows == {"c0": ("agrees", "e0", None), "c3": ("agrees", "e0", "c0")}
