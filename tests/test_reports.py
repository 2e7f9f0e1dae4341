"""The evidence report and the checklist, over a database written row by row (independent of extractors)."""

from __future__ import annotations

import json

import pytest

from db.schema import open_db
from miner.linking.series import group_series
from miner.pipeline.postprocess import link_findings
from miner.reports.build import checklist, evidence_report
from miner.reports.query import SeriesQueryError, find_series
from miner.reports.render import format_checklist, format_evidence


def _message(mid, subject, author, date, *, thread=None, reply_to=None, body="", synthetic=0, source_url=None):
    return {"message_id": mid, "subject": subject, "author_name": author, "date_utc": date, "list": "linux-kernel",
            "thread_id": thread or mid, "in_reply_to": reply_to, "body": body, "synthetic_id": synthetic,
            "source_url": source_url}


def _pair(eid, mid, label, baseline, patched, *, table_id=None, benchmark="hackbench", author="Alice Author",
          verdict=None, unit=None, line=10, spread=None, machine_id=None):
    delta = (patched - baseline) / baseline * 100
    return {"id": eid, "message_id": mid, "table_id": table_id, "benchmark": benchmark, "metric": None,
            "label": label, "baseline": baseline, "patched": patched, "unit": unit, "delta_pct": delta,
            "verdict": verdict or ("better" if delta < 0 else "worse"), "quoted": 0, "author": author,
            "line": line, "baseline_spread_pct": spread, "patched_spread_pct": spread, "baseline_spread_abs": None,
            "patched_spread_abs": None, "baseline_text": None, "patched_text": None, "text": None,
            "machine_id": machine_id}


def _build(tmp_path, messages, *, tables=(), evidence=(), concerns=(), claims=(), machines=()):
    db = open_db(str(tmp_path / "miner.db"))
    db["messages"].insert_all(messages, pk="message_id")
    for name, rows in (("machines", machines), ("evidence_tables", tables), ("evidence", evidence),
                       ("concerns", concerns), ("claims", claims)):
        if rows:
            db[name].insert_all(rows, pk="id")
    link_findings(db, group_series(db))
    return db


V1 = _message("v1@x", "[PATCH 0/2] sched/fair: wake idle siblings", "Alice Author", "2024-01-01T00:00:00Z",
              body="Tested on a 64-core machine.\nhackbench\n")
V1_REPLY = _message("r1@x", "Re: [PATCH 0/2] sched/fair: wake idle siblings", "Bob Reviewer",
                    "2024-01-02T00:00:00Z", thread="v1@x", reply_to="v1@x")
V2 = _message("v2@x", "[PATCH v2 0/2] sched/fair: wake idle siblings", "Alice Author", "2024-01-09T00:00:00Z",
              body="hackbench on a 2-socket Skylake box, 5 runs:\n groups-1 10 9\n")
OTHER = _message("o1@x", "[PATCH] mm: batch frees", "Carol Author", "2024-02-01T00:00:00Z")
OTHER_2 = _message("o2@x", "[PATCH] mm: batch lookups", "Carol Author", "2024-02-02T00:00:00Z")
PAGE = _message("synthetic-1@listminer", "Re: [PATCH] xen: faster grants", "Dan Dev", "2024-03-01", synthetic=1,
                source_url="https://www.mail-archive.com/xen-devel@example.org/msg1.html")


@pytest.fixture
def db(tmp_path):
    return _build(
        tmp_path, [V1, V1_REPLY, V2, OTHER, OTHER_2, PAGE],
        evidence=[_pair("e1", "v2@x", "groups-1", 10.0, 9.0, machine_id="d1"),
                  _pair("e2", "v2@x", "groups-4", 35.0, 36.0, verdict="worse", machine_id="d1")],
        machines=[{"id": "d1", "message_id": "v2@x", "line": 1, "last_line": 1, "quoted": 0,
                   "text": "hackbench on a 2-socket Skylake box, 5 runs:"}],
        concerns=[{"id": "q1", "message_id": "r1@x", "author": "Bob Reviewer", "text": "Any numbers?",
                   "category": "request-data", "line": 3, "quoted": 0, "status": "open"},
                  {"id": "q2", "message_id": "r1@x", "author": "Bob Reviewer", "text": "How does the profile look?",
                   "category": "profile", "line": 5, "quoted": 0, "status": "open"}],
    )


@pytest.mark.parametrize("query, expected", [
    ("idle siblings", "v1@x"),
    ("WAKE Idle", "v1@x"),
    ("v2@x", "v1@x"),
    ("<r1@x>", "v1@x"),
    ("https://lore.kernel.org/lkml/v2@x/T/#u", "v1@x"),
    ("https://lore.kernel.org/r/o1@x", "o1@x"),
    ("batch frees", "o1@x"),
    ("https://www.mail-archive.com/xen-devel@example.org/msg1.html", "synthetic-1@listminer"),
])
def test_find_series(db, query, expected):
    assert find_series(db, query) == db["messages"].get(expected)["series_id"]


@pytest.mark.parametrize("query, n_candidates", [("batch", 2), ("no such words", 0), ("nobody@x", 0),
                                                 ("https://lore.kernel.org/r/nobody@x", 0)])
def test_find_series_refuses_ambiguous_or_unknown(db, query, n_candidates):
    with pytest.raises(SeriesQueryError) as caught:
        find_series(db, query)
    assert len(caught.value.candidates) == n_candidates


def test_evidence_report_per_version(db):
    report = evidence_report(db, "idle siblings")
    assert [v["version"] for v in report["versions"]] == [1, 2]
    assert report["versions"][0]["evidence"] == []
    rows = [c for group in report["versions"][1]["evidence"] for c in group["comparisons"]]
    assert [(c["label"], c["baseline"], c["patched"], round(c["delta_pct"], 1), c["verdict"]) for c in rows] == [
        ("groups-1", 10.0, 9.0, -10.0, "better"), ("groups-4", 35.0, 36.0, 2.9, "worse")]
    assert rows[0]["author"] == "Alice Author" and rows[0]["date"] == "2024-01-09"
    assert rows[0]["link"] == "https://lore.kernel.org/r/v2@x"
    assert rows[0]["machine"] == "hackbench on a 2-socket Skylake box, 5 runs:"


def test_links_of_pages_without_message_id_point_at_the_archive(db):
    report = evidence_report(db, "faster grants")
    assert report["versions"][0]["link"] is None or report["versions"][0]["link"].startswith("https://www.mail")
    assert checklist(db, "faster grants")["gaps"][0]["link"] == PAGE["source_url"]


def test_checklist_concerns_and_sources(db):
    result = checklist(db, "idle siblings")
    assert [c["text"] for c in result["open_concerns"]] == ["How does the profile look?"]
    answered = result["answered_concerns"][0]
    assert (answered["text"], answered["answer"]["author"], answered["answer"]["message_id"]) == (
        "Any numbers?", "Alice Author", "v2@x")
    assert sum(group["n_comparisons"] for group in answered["answer"]["evidence"]) == 2
    markdown = format_checklist(result)
    sections = [markdown.index(h) for h in ("## 1. Open performance concerns", "## 2. Evidence", "## 3. Gaps")]
    assert sections == sorted(sections)
    for line in markdown.splitlines():
        if line.startswith("- [") or line.startswith("- v"):
            assert "linux-kernel" in line and "https://lore.kernel.org/r/" in line, line


def _gap_kinds(tmp_path, evidence=(), claims=(), tables=(), messages=(V1, V1_REPLY)):
    db = _build(tmp_path, list(messages), evidence=evidence, claims=claims, tables=tables)
    return {g["kind"] for g in checklist(db, "idle siblings")["gaps"]}


REAL = _pair("e1", "v1@x", "groups-1", 10.0, 9.0, spread=1.0)
MICRO = [_pair("m1", "v1@x", None, 600.0, 500.0, benchmark="spin_lock()", unit="cycles", spread=1.0),
         _pair("m2", "v1@x", None, 48.0, 45.0, benchmark="spin_lock() in a loop", unit="cycles", spread=1.0)]
WORSE = _pair("w1", "v1@x", "groups-4", 35.0, 38.0, verdict="worse", spread=1.0)


def _claim(text, polarity, magnitude=None, mid="v1@x", line=12):
    return {"id": "c-" + text[:10], "message_id": mid, "author": "Alice Author", "text": text, "line": line,
            "quoted": 0, "polarity": polarity, "magnitude_pct": magnitude, "check": "unchecked"}


def _table(tid, label, value, rows):
    return {"id": tid, "message_id": "v1@x", "benchmark": "reaim", "metric": "Jobs per Minute", "first_line": 5,
            "last_line": 20, "quoted": 0, "author": "Alice Author", "config": None, "text": "",
            "rows_json": json.dumps([{"label": str(n), "values": list(r)} for n, r in enumerate(rows)]
                                    + [{"label": label, "values": [value]}])}


@pytest.mark.parametrize("kwargs, present, absent", [
    ({}, {"no-numbers"}, {"only-microbenchmarks"}),
    ({"evidence": MICRO}, {"only-microbenchmarks"}, {"no-numbers", "no-spread"}),
    ({"evidence": MICRO + [REAL]}, set(), {"only-microbenchmarks"}),
    ({"evidence": [_pair("n1", "v1@x", "groups-1", 10.0, 9.0)]}, {"no-spread"}, set()),
    ({"evidence": [REAL, WORSE]}, {"undiscussed-regression"}, set()),
    ({"evidence": [REAL, WORSE], "claims": [_claim("groups-4 takes a small hit.", "regression")]}, set(),
     {"undiscussed-regression"}),
    ({"evidence": [REAL], "claims": [_claim("This makes it much faster.", "improvement", mid="r1@x")]},
     {"claim-without-numbers"}, {"claim-disagrees"}),
    ({"evidence": [REAL], "claims": [_claim("groups-1 is 25% faster.", "improvement", 25.0)]},
     {"claim-disagrees"}, {"claim-without-numbers"}),
    ({"evidence": [REAL], "claims": [_claim("groups-1 is 10% faster.", "improvement", 10.0)]}, set(),
     {"claim-disagrees"}),
    ({"evidence": [REAL], "tables": [_table("t1", "Max Jobs per Minute", 75.94, [(1.0, 5224.1), (2.0, 110633.9)])]},
     {"summary-disagrees"}, set()),
    ({"evidence": [REAL], "tables": [_table("t1", "Max Jobs per Minute", 110633.9, [(1.0, 5224.1), (2.0, 110633.9)])]},
     set(), {"summary-disagrees"}),
], ids=["no-numbers", "micro-only", "micro-and-real", "no-spread", "regression-undiscussed",
        "regression-claimed", "claim-without-numbers", "claim-disagrees", "claim-agrees",
        "summary-disagrees", "summary-agrees"])
def test_gaps(tmp_path, kwargs, present, absent):
    kinds = _gap_kinds(tmp_path, **kwargs)
    assert present <= kinds
    assert not absent & kinds


@pytest.mark.parametrize("category, discussed", [("regression", True), ("profile", False)])
def test_regression_discussed_by_a_reply(tmp_path, category, discussed):
    db = _build(tmp_path, [V1, V1_REPLY], evidence=[REAL, WORSE], concerns=[
        {"id": "q1", "message_id": "r1@x", "author": "Bob Reviewer", "text": "Why is groups-4 slower?",
         "category": category, "line": 3, "quoted": 0, "status": "open"}])
    kinds = {g["kind"] for g in checklist(db, "idle siblings")["gaps"]}
    assert ("undiscussed-regression" not in kinds) is discussed


@pytest.mark.parametrize("fmt", ["text", "md", "json"])
def test_format_evidence(db, fmt):
    out = format_evidence(evidence_report(db, "idle siblings"), fmt)
    if fmt == "json":
        assert json.loads(out)["versions"][1]["evidence"][0]["comparisons"][0]["label"] == "groups-1"
    else:
        assert "groups-1" in out and "10 → 9" in out and "-10.00%" in out and "Alice Author" in out
        assert ("| groups-1 |" in out) is (fmt == "md")


def test_format_checklist_json_round_trips(db):
    result = checklist(db, "idle siblings")
    assert json.loads(format_checklist(result, "json")) == json.loads(json.dumps(result))


def test_summary_flagged_by_the_table_extractor_is_listed_once(tmp_path):
    db = _build(tmp_path, [V1], evidence=[REAL],
                tables=[_table("t1", "Max Jobs per Minute", 75.94, [(1.0, 5224.1), (2.0, 110633.9)])])
    db["anomalies"].insert({"id": "a1", "message_id": "v1@x", "series_id": db["messages"].get("v1@x")["series_id"],
                            "line": 20, "text": "Max Jobs per Minute 75.94",
                            "why": "summary says 75.94 but the column's max is 110633.9"}, pk="id")
    gaps = [g for g in checklist(db, "idle siblings")["gaps"] if g["kind"] == "summary-disagrees"]
    assert len(gaps) == 1 and "110633.9" in gaps[0]["text"]


def test_numbers_are_shown_as_printed_or_in_full(tmp_path):
    printed = {**_pair("p1", "v1@x", "build", 861.5664, 852.2269), "baseline_text": "861.5664",
               "patched_text": "852.2269"}
    unprinted = _pair("p2", "v1@x", "run", 861.5664, 852.2269, line=12)
    db = _build(tmp_path, [V1, V1_REPLY], evidence=[printed, unprinted])
    for out in (format_evidence(evidence_report(db, "idle siblings"), fmt) for fmt in ("text", "md")):
        assert out.count("861.5664 → 852.2269") == 2 and "861.566 " not in out
    assert "build: 861.5664 → 852.2269 (-1.08%)" in format_checklist(checklist(db, "idle siblings"))


def test_quoted_material_from_a_message_outside_the_database_reads_quoted_in(tmp_path):
    quoted = {**_pair("q1", "r1@x", "groups-1", 10.0, 9.0, author="Kim Tester", spread=1.0), "quoted": 1}
    db = _build(tmp_path, [V1, V1_REPLY], evidence=[quoted])
    (group,) = checklist(db, "idle siblings")["evidence"]
    assert (group["author"], group["quoted_in"]["author"], group["quoted_in"]["message_id"]) == (
        "Kim Tester", "Bob Reviewer", "r1@x")
    assert ("Kim Tester, quoted in <https://lore.kernel.org/r/r1@x> (Bob Reviewer, linux-kernel, 2024-01-02)"
            in format_checklist(checklist(db, "idle siblings")))


def test_a_query_that_fits_several_series_lists_them_instead_of_choosing(tmp_path):
    cache = _message("c1@x", "[PATCH v3 0/4] io_uring: add an io_kiocb alloc cache", "Ann", "2024-05-01T00:00:00Z")
    fix = _message("c2@x", "[PATCH] io_uring: io_kiocb alloc cache leak", "Ben", "2024-06-01T00:00:00Z")
    db = _build(tmp_path, [cache, fix])
    with pytest.raises(SeriesQueryError) as caught:
        find_series(db, "io_kiocb alloc cache")
    assert caught.value.ambiguous
    assert [(c["title"], c["versions"], c["n_messages"]) for c in caught.value.candidates] == [
        ("io_uring: io_kiocb alloc cache leak", [1], 1), ("io_uring: add an io_kiocb alloc cache", [3], 1)]
    assert "io_uring: add an io_kiocb alloc cache — v3, 2024-05-01, 1 message(s), Ann" in str(caught.value)
    assert find_series(db, "io_uring: io_kiocb alloc cache leak") == db["messages"].get("c2@x")["series_id"]


def test_a_change_stated_without_numbers_reads_as_stated(tmp_path):
    stated = {**_pair("s1", "v1@x", None, 10.0, 9.0, spread=1.0), "baseline": None, "patched": None,
              "delta_pct": -8.1, "verdict": "worse"}
    db = _build(tmp_path, [V1, V1_REPLY], evidence=[stated])
    text = format_evidence(evidence_report(db, "idle siblings"), "text")
    assert "stated, no numbers" in text and "? → ?" not in text
    assert "stated: -8.10%" in format_checklist(checklist(db, "idle siblings"))


def test_a_question_the_series_author_asks_is_no_reviewers_concern(tmp_path):
    """DESIGN §4: a concern is a reviewer's question. The author asking testers for runs ("would be
    great if someone could run this on a big box?") is not one the checklist lists as open."""
    db = _build(tmp_path, [V1, V1_REPLY, _message("a1@x", "Re: [PATCH 0/2] sched/fair: wake idle siblings",
                                                  "Alice Author", "2024-01-03T00:00:00Z", thread="v1@x",
                                                  reply_to="r1@x")],
                concerns=[{"id": "q1", "message_id": "r1@x", "author": "Bob Reviewer", "text": "Any numbers?",
                           "category": "request-data", "line": 3, "quoted": 0, "status": "open"},
                          {"id": "q2", "message_id": "a1@x", "author": "Alice Author",
                           "text": "Could someone run it on a bigger box?", "category": "request-data", "line": 4,
                           "quoted": 0, "status": "open"}])
    assert [c["text"] for c in checklist(db, "idle siblings")["open_concerns"]] == ["Any numbers?"]
