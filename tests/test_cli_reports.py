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


# -- between versions, reposts, quoted-in and lists (05-07: imported without --list) ---------------------

VERSIONED = ("05-rerun-dropped-open.mbox", "06-table-posted-four-times.mbox", "07-robot-regression-on-v1.mbox")


@pytest.fixture(scope="module")
def db_lists(tmp_path_factory):
    """The between-versions threads, imported without --list: each message's list comes from its headers
    (List-Id, X-Mailing-List, Sender, List-Post) or the list's footer."""
    path = tmp_path_factory.mktemp("versions") / "miner.db"
    done = _miner("import", *(str(SERIES / name) for name in VERSIONED), db=path)
    assert done.returncode == 0, done.stderr
    return path


def _between(report) -> list[tuple]:
    return [(item["kind"], item["name"], item["from_version"], item["to_version"]) for item in report["between_versions"]]


def test_rerun_benchmark_dropped_benchmark_and_concern_left_open_from_v1(db_lists):
    report = _json(db_lists, "checklist", "skip lru rotation", "--format", "json")
    assert _between(report) == [("rerun", "fio", 1, 2), ("dropped", "kernel build time", 1, None),
                                ("dropped", "kernel build", 1, None), ("open-concern", None, 1, None)]
    rerun = report["between_versions"][0]
    assert [(r["label"], r["before"]["patched_text"], r["after"]["patched_text"]) for r in rerun["rows"]] == [
        ("1", "10812", "11023"), ("8", "75102", "77410")]
    assert rerun["earlier"]["link"] == "https://lore.kernel.org/r/20240801090000.0-gina@example.org"
    assert rerun["link"] == "https://lore.kernel.org/r/20240815090000.0-gina@example.org"
    assert report["between_versions"][-1]["concern"]["text"] == "Did you look at the perf profile of kswapd with this change?"
    markdown = _miner("checklist", "skip lru rotation", db=db_lists).stdout
    section = markdown[markdown.index("## 4. Between versions"):]
    assert "- fio re-run for v2: 1: 10240 → 10812 (+5.59%) in v1, 10251 → 11023 (+7.53%) in v2;" in section
    assert "- kernel build time: measured for v1, no numbers for any later version — Gina Author" in section
    assert ('- [ ] open since v1: Hank Reviewer asked (profile): "Did you look at the perf profile of kswapd with '
            'this change?"; no later message answers it — Hank Reviewer, linux-mm, 2024-08-02') in section


def test_robot_regression_on_v1_with_no_numbers_since(db_lists):
    report = _json(db_lists, "checklist", "defer inode table zeroing", "--format", "json")
    assert _between(report) == [("unanswered-regression", "fsmark.files_per_sec", 1, None)]
    item = report["between_versions"][0]
    assert (item["author"], item["rows"][0]["before"]["delta_pct"]) == ("kernel test robot", -9.7)
    text = _miner("evidence", "defer inode table zeroing", db=db_lists).stdout
    assert "regression reported on v1 by kernel test robot: fsmark.files_per_sec:" in text
    assert "no numbers for it since — kernel test robot, linux-ext4, 2024-10-11" in text


def test_table_posted_four_times_is_one_entry_with_four_places(db_lists):
    report = _json(db_lists, "evidence", "coalesce small acks", "--format", "json")
    groups = [g for v in report["versions"] for g in v["evidence"]]
    assert len(groups) == 1 and groups[0]["n_comparisons"] == 3
    assert [(p["message_id"], p["version"]) for p in groups[0]["places"]] == [
        ("20240902080000.0-ivan@example.org", 1), ("20240902080000.1-ivan@example.org", 1),
        ("20240916080000.0-ivan@example.org", 2), ("20240916080000.1-ivan@example.org", 2)]
    assert _between(report) == [("reposted", "netperf", 1, 2)]
    checklist = _json(db_lists, "checklist", "coalesce small acks", "--format", "json")
    assert len(checklist["evidence"]) == 1 and len(checklist["evidence"][0]["places"]) == 4


def test_numbers_as_printed_and_quoted_in_attribution(db_lists):
    text = _miner("evidence", "skip lru rotation", db=db_lists).stdout
    assert "861.5664 → 852.2269" in text and "862.0411 → 851.9987" in text and "861.566 " not in text
    assert ("kernel build (base → patched); machine/config stated: \"kernel build on my 4-socket box, seconds "
            "(lower is better):\" — Kim Tester, quoted in <https://lore.kernel.org/r/Zq1234hank@example.net> "
            "(Hank Reviewer, linux-mm, 2024-08-02)") in text
    report = _json(db_lists, "checklist", "skip lru rotation", "--format", "json")
    quoted = next(g for g in report["evidence"] if g["author"] == "Kim Tester")
    assert quoted["quoted_in"] == {"message_id": "Zq1234hank@example.net", "author": "Hank Reviewer",
                                   "list": "linux-mm", "date": "2024-08-02",
                                   "link": "https://lore.kernel.org/r/Zq1234hank@example.net"}


@pytest.mark.parametrize("query, expected", [("skip lru rotation", "linux-mm"), ("coalesce small acks", "netdev"),
                                             ("defer inode table zeroing", "linux-ext4")])
def test_list_from_headers_and_footer(db_lists, query, expected):
    markdown = _miner("checklist", query, db=db_lists).stdout
    assert "list unknown" not in markdown
    cited = [line for line in markdown.splitlines() if line.startswith(("- ", "  - ")) and "<https://" in line]
    assert cited and all(f", {expected}, " in line for line in cited), cited
