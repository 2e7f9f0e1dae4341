"""End to end: `miner import` of mbox threads written for these tests, then `miner evidence` / `miner checklist`
through the real command line (a subprocess, as a user runs it)."""

from __future__ import annotations

import json
import subprocess
import sys

from pathlib import Path

import pytest

SERIES = Path(__file__).resolve().parent / "data" / "series"


def _miner(*args: str, db) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "miner", *args, "--db", str(db)], capture_output=True, text=True,
                          timeout=120)


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("series") / "miner.db"
    done = _miner("import", "--list", "linux-kernel", *map(str, sorted(SERIES.glob("*.mbox"))), db=path)
    assert done.returncode == 0, done.stderr
    return path


def _json(db, *args):
    done = _miner(*args, db=db)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_v1_question_answered_by_v2_numbers(db):
    report = _json(db, "checklist", "wake idle siblings", "--format", "json")
    assert [v["version"] for v in report["versions"]] == [1, 2]
    assert report["open_concerns"] == []
    answered = report["answered_concerns"][0]
    assert (answered["author"], answered["category"], answered["date"]) == ("Bob Reviewer", "request-data", "2024-03-05")
    assert answered["answer"]["author"] == "Alice Example"
    assert answered["answer"]["link"] == "https://lore.kernel.org/r/20240311090000.1-alice@example.org"
    assert {c["label"] for g in answered["answer"]["evidence"] for c in g["comparisons"]} >= {"groups-1", "groups-8"}


def test_concern_stays_open_and_claim_has_no_numbers(db):
    report = _json(db, "checklist", "batch frees to the buddy", "--format", "json")
    assert [(c["author"], c["category"], c["status"]) for c in report["open_concerns"]] == [
        ("Dave Reviewer", "profile", "open")]
    kinds = {g["kind"] for g in report["gaps"]}
    assert {"no-numbers", "claim-without-numbers"} <= kinds


def test_robot_regression_report_in_the_thread_is_flagged(db):
    report = _json(db, "checklist", "lockless lookup", "--format", "json")
    assert {g["author"] for g in report["evidence"]} == {"kernel test robot"}
    regressions = [g for g in report["gaps"] if g["kind"] == "undiscussed-regression"]
    assert regressions and all(g["author"] == "kernel test robot" for g in regressions)
    assert any(c["delta_pct"] == pytest.approx(-12.3, abs=0.05) for g in report["evidence"]
               for c in g["comparisons"])


@pytest.mark.parametrize("query", ["flush less on context switch", "batch remote TLB shootdowns",
                                   "20240603-tlb-v1-2@example.com",
                                   "https://lore.kernel.org/all/20240701-tlb-v3-0@example.com/T/#u"])
def test_renamed_v3_is_one_series_with_three_versions(db, query):
    report = _json(db, "evidence", query, "--format", "json")
    assert report["series"]["title"] == "x86/mm: batch remote TLB shootdowns"
    assert [v["version"] for v in report["versions"]] == [1, 2, 3]
    assert [sum(g["n_comparisons"] for g in v["evidence"]) for v in report["versions"]] == [0, 0, 2]


@pytest.mark.parametrize("command", ["evidence", "checklist"])
def test_ambiguous_query_lists_candidates_and_exits_2(db, command):
    done = _miner(command, "batch", db=db)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines[0] == "Error: 2 series match 'batch'; give more words of the title, a Message-ID or a series id:"
    tlb, buddy = lines[1], lines[2]  # newest first, each with title, versions, dates and message count
    assert "x86/mm: batch remote TLB shootdowns — v1, v2, v3, 2024-06-03 .. 2024-07-01, 8 message(s)" in tlb
    assert "mm/page_alloc: batch frees to the buddy allocator — v1, 2024-04-10 .. 2024-04-11, 3 message(s)" in buddy


def test_unknown_query_exits_1(db):
    done = _miner("checklist", "no such series anywhere", db=db)
    assert done.returncode == 1 and "no series matches" in done.stderr


def test_text_and_markdown_name_every_source(db):
    text = _miner("evidence", "wake idle siblings", db=db)
    assert text.returncode == 0, text.stderr
    assert "baseline → patched" in text.stdout and "groups-4" in text.stdout
    markdown = _miner("checklist", "wake idle siblings", db=db).stdout
    bullets = [line for line in markdown.splitlines() if line.startswith(("- [", "- v", "  - answered"))]
    assert bullets
    for line in bullets:
        assert "linux-kernel" in line and "https://lore.kernel.org/r/" in line, line
