"""`miner serve` end to end: a real Datasette process on 127.0.0.1 over a database built by `miner import`.

The mail in tests/data/serve/ is written for these tests: a two-version slub series (v1 with a claim and a
reviewer's question that a later reply answers, v2 with a netperf table where 32 threads regress and an
inline kernel-build result) and a xen-devel patch whose reviewer asks about performance and gets no
numbers. A second database, written row by row, checks what the import cannot produce yet (a claim that
disagrees with its numbers) through Datasette's `--get`, with the exact arguments `miner serve` uses.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import DATA, REPO
from db.schema import open_db
from miner.app.cli import cli
from miner.app.serve import datasette_args, load_metadata

SERVE_DATA = DATA / "serve"
CANNED_QUERIES = ("open_concerns", "series_evidence", "regressions", "disagreeing_claims",
                  "concerns_without_numbers")
SLUB_TITLE = "mm/slub: prefetch the per-cpu partial list"
XEN_TITLE = "xen/sched: keep idle vCPUs off the credit2 runqueue"
_STARTUP_WAIT_S = 60


def build_db(folder: Path) -> Path:
    """`miner import` of tests/data/serve/*.mbox into folder/miner.db (served as /miner/)."""
    db_path = folder / "miner.db"
    result = subprocess.run([sys.executable, "-m", "miner", "import", "--db", str(db_path),
                             *sorted(map(str, SERVE_DATA.glob("*.mbox")))],
                            capture_output=True, text=True, cwd=REPO, timeout=300)
    assert result.returncode == 0, result.stderr
    return db_path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def running_server(db_path: Path, log_path: Path):
    """A `miner serve` process on a free loopback port; yields (base URL, process), stops it on exit."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with open(log_path, "w") as log:
        process = subprocess.Popen([sys.executable, "-m", "miner", "serve", "--db", str(db_path), "--host",
                                    "127.0.0.1", "--port", str(port)], stdout=log, stderr=subprocess.STDOUT,
                                   cwd=REPO)
        try:
            deadline = time.monotonic() + _STARTUP_WAIT_S
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/-/versions.json", timeout=5):
                        break
                except (urllib.error.URLError, ConnectionError):
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"miner serve did not start: {log_path.read_text()[-2000:]}")
                    time.sleep(0.2)
            yield base, process
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def get_json(url: str):
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.load(response)


def get_text(url: str) -> tuple[str, str]:
    """(final URL after redirects, body)."""
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.url, response.read().decode("utf-8")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    db_path = build_db(folder)
    with running_server(db_path, folder / "serve.log") as (base, _process):
        yield base, db_path


def query_rows(base: str, name: str, **params) -> list[dict]:
    data = get_json(f"{base}/miner/{name}.json?" + urllib.parse.urlencode({**params, "_shape": "objects"}))
    assert data.get("ok", True), data.get("error")
    return data["rows"]


def db_rows(db_path: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_database_page_lists_every_canned_query(served):
    base, _ = served
    names = {query["name"] for query in get_json(f"{base}/miner.json")["queries"]}
    assert set(CANNED_QUERIES) <= names


def test_metadata_describes_tables_and_columns(served):
    base, _ = served
    data = get_json(f"{base}/-/metadata.json")
    tables = data["databases"]["miner"]["tables"]
    assert tables["evidence"]["columns"]["delta_pct"].startswith("(patched − baseline)")
    assert tables["messages"]["label_column"] == "subject"
    assert data["title"] == "listminer"


def test_open_concerns_lists_unanswered_questions_newest_first(served):
    base, _ = served
    rows = query_rows(base, "open_concerns")
    texts = [row["text"] for row in rows]
    assert any("real workload" in text for text in texts)
    assert any("lock contention" in text for text in texts)
    assert not any("back this up" in text for text in texts), "the answered question is not open"
    assert {row["title"] for row in rows} == {XEN_TITLE}
    dates = [row["date_utc"] for row in rows]
    assert dates == sorted(dates, reverse=True)


@pytest.mark.parametrize("words, expected_titles", [
    ("slub prefetch", {SLUB_TITLE}),
    ("PARTIAL mm/slub", {SLUB_TITLE}),  # any order, any case
    ("slub credit2", set()),            # every word must be in the title
    ("   ", set()),                     # no words: nothing, not everything
])
def test_series_evidence_matches_all_words_of_the_title(served, words, expected_titles):
    base, _ = served
    rows = query_rows(base, "series_evidence", title=words)
    assert {row["title"] for row in rows} == expected_titles
    if expected_titles:
        netperf = {row["label"]: row["delta_pct"] for row in rows if row["benchmark"] == "netperf"}
        assert netperf == {"1": 4.58, "8": 4.52, "32": -6.54}


def test_regressions_lists_the_worse_rows_only(served):
    base, db_path = served
    rows = query_rows(base, "regressions")
    assert [(row["benchmark"], row["label"], row["delta_pct"]) for row in rows] == [("netperf", "32", -6.54)]
    assert len(rows) == db_rows(db_path, "SELECT count(*) FROM evidence WHERE verdict = 'worse'")[0][0]


def test_disagreeing_claims_returns_what_the_checker_flagged(served):
    base, db_path = served
    rows = query_rows(base, "disagreeing_claims")
    flagged = db_rows(db_path, """SELECT text FROM claims WHERE "check" = 'disagrees'""")
    assert sorted(row["text"] for row in rows) == sorted(text for (text,) in flagged)
    assert {"text", "magnitude_pct", "evidence", "title"} <= set(get_json(
        f"{base}/miner/disagreeing_claims.json")["columns"])


def test_concerns_without_numbers_names_the_series_without_evidence(served):
    base, _ = served
    rows = query_rows(base, "concerns_without_numbers")
    assert [(row["title"], row["concerns"], row["open_concerns"]) for row in rows] == [(XEN_TITLE, 2, 2)]


def test_verdict_facet_counts_the_comparisons(served):
    base, db_path = served
    data = get_json(f"{base}/miner/evidence.json?_facet=verdict&_size=0")
    counts = {item["value"]: item["count"] for item in data["facet_results"]["verdict"]["results"]}
    assert counts == dict(db_rows(db_path, "SELECT verdict, count(*) FROM evidence GROUP BY verdict"))
    assert counts["worse"] == 1


@pytest.mark.parametrize("table, words, column, expected", [
    ("messages", "credit2", "subject", {"[PATCH] " + XEN_TITLE, "Re: [PATCH] " + XEN_TITLE}),
    ("concerns", "contention", "author", {"Greta Maintainer"}),
    ("evidence", "netperf", "message_id", {"20260119080000.700-0-mira@example.org"}),
    ("evidence", "kernel build", "benchmark", {"Kernel build time"}),
    ("claims", "netperf", "author", {"Mira Allocova"}),
    ("messages", "nosuchwordanywhere", "subject", set()),
    ("evidence", "credit2", "benchmark", set()),
])
def test_full_text_search(served, table, words, column, expected):
    base, _ = served
    rows = get_json(f"{base}/miner/{table}.json?" + urllib.parse.urlencode({"_search": words, "_shape": "array"}))
    found = {row[column] for row in rows}
    assert expected <= found if expected else found == set()


def test_foreign_keys_show_the_message_subject(served):
    base, _ = served
    rows = get_json(f"{base}/miner/concerns.json?_labels=on&_shape=array&author=Greta+Maintainer")
    assert rows and all(row["message_id"]["label"] == "Re: [PATCH] " + XEN_TITLE for row in rows)


V2_COVER = "20260119080000.700-0-mira@example.org"


def netperf_table_lines(db_path: Path) -> tuple[int, int]:
    """Where the extractor found the v2 cover letter's netperf table (first and last line)."""
    return db_rows(db_path, f"SELECT first_line, last_line FROM evidence_tables WHERE message_id = '{V2_COVER}' "
                            "AND benchmark = 'netperf'")[0]


def test_evidence_page_by_title_words(served):
    base, db_path = served
    url, html = get_text(f"{base}/-/evidence?q=slub+prefetch")
    assert "series=" in url, "a single match goes straight to its page"
    assert f"<h1>{SLUB_TITLE}</h1>" in html
    assert "-6.54%" in html and "+4.58%" in html and "Kernel build time" in html
    ((comparisons,),) = db_rows(db_path, "SELECT count(*) FROM evidence_in_context v JOIN series s USING (series_id) "
                                         f"WHERE s.title = '{SLUB_TITLE}' AND v.delta_pct IS NOT NULL")
    assert html.count("<circle") == comparisons >= 4, "one dot per comparison: 3 netperf rows, the kernel build"
    first, last = netperf_table_lines(db_path)
    assert f"/-/message?id={urllib.parse.quote(V2_COVER)}&amp;line={first}&amp;to={last}#L{first}" in html


def test_query_pages_colour_deltas_and_link_titles_and_messages(served):
    base, db_path = served
    _, html = get_text(f"{base}/miner/regressions")
    assert '<span style="color:#cf222e;font-weight:600">-6.54%</span>' in html
    assert '<a href="/-/evidence?series=' in html and f">{SLUB_TITLE}</a>" in html
    first, _ = netperf_table_lines(db_path)
    assert f'<a href="/-/message?id={urllib.parse.quote(V2_COVER)}&amp;line={first}#L{first}">' in html
    assert "/-/listminer.css" in html
    with urllib.request.urlopen(f"{base}/-/listminer.css", timeout=30) as response:
        assert response.headers["content-type"].startswith("text/css")
        assert b".lm-bar" in response.read()


@pytest.mark.parametrize("first, last, expected", [
    (21, 23, ["  1         41230", "  8         298400", "  32        901200"]),  # a range
    (17, 17, ["netperf TCP_RR, 1-socket 32-core machine, 5 runs each, transactions/s"]),  # one line
    (5, 2, ["Date: Mon, 19 Jan 2026 08:00:00 +0000"]),  # a range that ends before it starts: its first line
])
def test_message_page_numbers_and_marks_the_lines_of_a_finding(served, first, last, expected):
    base, _ = served
    _, html = get_text(f"{base}/-/message?" + urllib.parse.urlencode({"id": V2_COVER, "line": first, "to": last}))
    marked = re.findall(r'<span id="L(\d+)" class="lm-line lm-marked"><a class="lm-ln" href="#L\d+">\d+</a>'
                        r'([^\n]*)', html)
    assert [int(number) for number, _ in marked] == list(range(first, max(first, last) + 1))
    assert [text[:len(start)] for (_, text), start in zip(marked, expected)] == expected
    assert "<h1>[PATCH v2 0/2] mm/slub: prefetch the per-cpu partial list</h1>" in html


def test_evidence_index_lists_series_with_findings(served):
    base, _ = served
    _, html = get_text(f"{base}/-/evidence")
    counts = {}
    for row in re.findall(r"<tr>(.*?)</tr>", html, re.S):
        title = re.search(r'<a href="[^"]+">([^<]+)</a>', row)
        if title:
            cells = re.findall(r'<td class="num"[^>]*>([^<]*)</td>', row)
            counts[title.group(1)] = [cell.strip() for cell in cells[1:]]
    # comparisons, better, worse, concerns, open, claims (empty cells are zeros)
    assert counts[XEN_TITLE] == ["0", "", "", "2", "2", ""]
    assert counts[SLUB_TITLE][2:5] == ["1", "2", ""]  # the question and the request after it, both answered
    assert int(counts[SLUB_TITLE][0]) >= 4 and int(counts[SLUB_TITLE][5]) >= 2


def test_evidence_page_of_unknown_series_is_404(served):
    base, _ = served
    with pytest.raises(urllib.error.HTTPError) as error:
        get_text(f"{base}/-/evidence?series=nosuchseries")
    assert error.value.code == 404
    error.value.close()


def test_serve_stops_cleanly_on_sigterm(tmp_path):
    db_path = tmp_path / "miner.db"
    open_db(str(db_path)).close()
    with running_server(db_path, tmp_path / "serve.log") as (base, process):
        assert get_json(f"{base}/miner.json")["tables"]
    assert process.returncode == 0, (tmp_path / "serve.log").read_text()


def test_serve_refuses_a_missing_database(tmp_path):
    result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "absent.db")])
    assert result.exit_code == 1
    assert "no such database" in result.output
    assert not (tmp_path / "absent.db").exists()


def written_db(path: Path) -> None:
    """A database with one series whose claim disagrees with its table and whose concern is quoted once."""
    db = open_db(str(path))
    db["messages"].insert_all([
        {"message_id": "cover@x", "subject": "[PATCH v3 0/4] io: faster widgets", "author_name": "Ann",
         "date_utc": "2025-05-01T10:00:00Z", "thread_id": "cover@x", "series_id": "s1"},
        {"message_id": "reply@x", "subject": "Re: [PATCH v3 0/4] io: faster widgets", "author_name": "Rob",
         "date_utc": "2025-05-02T10:00:00Z", "thread_id": "cover@x", "series_id": "s1"},
        {"message_id": "reply2@x", "subject": "Re: [PATCH v3 0/4] io: faster widgets", "author_name": "Ann",
         "date_utc": "2025-05-03T10:00:00Z", "thread_id": "cover@x", "series_id": "s1"},
    ])
    db["messages"].insert({"message_id": "page-1@listminer", "subject": "Re: slow boot on big boxes",
                           "author_name": "Eve", "date_utc": "2025-06-01T08:00:00Z", "thread_id": "page-1@listminer"})
    db["threads"].insert({"thread_id": "page-1@listminer", "root_message_id": "page-1@listminer",
                          "subject": "slow boot on big boxes", "n_messages": 1})
    db["evidence"].insert({"id": "e3", "message_id": "page-1@listminer", "benchmark": "boot time", "baseline": 40.0,
                           "patched": 44.0, "unit": "s", "delta_pct": 10.0, "verdict": "worse", "quoted": 0})
    db["series"].insert({"series_id": "s1", "title": "io: faster widgets", "author_name": "Ann",
                         "latest_version": 3, "n_versions": 1})
    db["evidence"].insert_all([
        {"id": "e1", "message_id": "cover@x", "series_id": "s1", "benchmark": "fio", "label": "randread",
         "baseline": 100.0, "patched": 109.3, "delta_pct": 9.3, "verdict": "better", "quoted": 0},
        {"id": "e2", "message_id": "reply@x", "origin_message_id": "cover@x", "series_id": "s1",
         "benchmark": "fio", "label": "randread", "baseline": 100.0, "patched": 109.3, "delta_pct": 9.3,
         "verdict": "better", "quoted": 1},
    ])
    db["claims"].insert({"id": "c1", "message_id": "cover@x", "series_id": "s1", "author": "Ann",
                         "text": "fio randread is 11% faster.", "polarity": "improvement", "magnitude_pct": 11.0,
                         "check": "disagrees", "check_evidence_id": "e1", "quoted": 0})
    db["concerns"].insert_all([
        {"id": "q1", "message_id": "reply@x", "series_id": "s1", "author": "Rob", "text": "How many runs?",
         "category": "methodology", "status": "open", "quoted": 0},
        {"id": "q2", "message_id": "reply2@x", "origin_message_id": "reply@x", "series_id": "s1",
         "author": "Rob", "text": "How many runs?", "category": "methodology", "status": "open", "quoted": 1},
    ])
    db.close()


def datasette_get(db_path: Path, metadata_path: Path, path: str):
    from datasette.cli import cli as datasette_cli

    args = datasette_args(str(db_path), str(metadata_path), host="127.0.0.1", port=0) + ["--get", path]
    result = CliRunner().invoke(datasette_cli, args)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def written(tmp_path) -> tuple[Path, Path]:
    db_path = tmp_path / "miner.db"
    written_db(db_path)
    metadata_path = tmp_path / "metadata.json"
    metadata_path.write_text(json.dumps(load_metadata("miner")), encoding="utf-8")
    return db_path, metadata_path


def test_disagreeing_claim_comes_with_its_evidence(written):
    rows = json.loads(datasette_get(*written, "/miner/disagreeing_claims.json?_shape=array"))
    assert [(row["text"], row["checked_against"], row["evidence"], row["title"]) for row in rows] == [
        ("fio randread is 11% faster.", "fio randread +9.30% (better)", "fio randread +9.3%", "io: faster widgets")]


def test_quoted_copies_of_known_originals_are_counted_once(written):
    concerns = json.loads(datasette_get(*written, "/miner/open_concerns.json?_shape=array"))
    assert [(row["text"], row["message_id"]) for row in concerns] == [("How many runs?", "reply@x")]
    evidence = json.loads(datasette_get(*written, "/miner/series_evidence.json?title=widgets&_shape=array"))
    assert [row["message_id"] for row in evidence] == ["cover@x"]


def test_written_series_page_shows_claim_check_and_concern(written):
    html = datasette_get(*written, "/-/evidence?series=s1")
    assert "<h1>io: faster widgets</h1>" in html
    assert "disagrees with the numbers" in html and "How many runs?" in html
    assert "+9.30%" in html


def test_mail_outside_any_series_has_a_thread_page(written):
    html = datasette_get(*written, "/-/evidence?thread=page-1%40listminer")
    assert "<h1>slow boot on big boxes</h1>" in html and "thread (no series linked)" in html
    assert "+10.00%" in html and "No reviewer asked about performance." in html
    rows = json.loads(datasette_get(*written, "/miner/series_evidence.json?title=boot+slow&_shape=array"))
    assert [(row["title"], row["benchmark"]) for row in rows] == [("slow boot on big boxes", "boot time")]
    index = datasette_get(*written, "/-/evidence")
    assert "/-/evidence?thread=page-1%40listminer" in index and "/-/evidence?series=s1" in index


@pytest.fixture(scope="module")
def versions_db(tmp_path_factory) -> tuple[Path, Path]:
    """The between-versions threads of tests/data/series (05-07) imported by `miner import`."""
    folder = tmp_path_factory.mktemp("versions")
    db_path = folder / "miner.db"
    names = ("05-rerun-dropped-open.mbox", "06-table-posted-four-times.mbox", "07-robot-regression-on-v1.mbox")
    done = subprocess.run([sys.executable, "-m", "miner", "import", "--db", str(db_path),
                           *(str(DATA / "series" / name) for name in names)], capture_output=True, text=True,
                          cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
    metadata_path = folder / "metadata.json"
    metadata_path.write_text(json.dumps(load_metadata("miner")), encoding="utf-8")
    return db_path, metadata_path


def _series_page(versions_db, title_words: str) -> str:
    db_path, _ = versions_db
    ((series_id,),) = db_rows(db_path, f"SELECT series_id FROM series WHERE title LIKE '%{title_words}%'")
    return datasette_get(*versions_db, f"/-/evidence?series={series_id}")


def test_series_page_shows_between_versions(versions_db):
    html = _series_page(versions_db, "skip lru rotation")
    section = html[html.index("<h2>Between versions</h2>"):html.index("<h2>Performance concerns</h2>")]
    assert "re-run for v2" in section and "10240 → 10812" in section and "10251 → 11023" in section
    assert "measured for v1, not since" in section and "open since v1: no later message answers it" in section
    assert "Did you look at the perf profile of kswapd with this change?" in section
    robot = _series_page(versions_db, "defer inode table zeroing")
    assert "regression reported on v1, no numbers since" in robot and "20512 ±  1% → 18522 ±  2%" in robot


def test_series_page_lists_a_table_once_with_every_place_it_was_posted(versions_db):
    html = _series_page(versions_db, "coalesce small acks")
    assert html.count("<details class=\"lm-printed\">") == 1 and html.count('<td class="num">41230</td>') == 1
    assert html.count("also posted in") == 1 and html.count("/-/message?id=20240") >= 4
    assert "v1 numbers posted again with v2, not re-run" in html


def test_series_page_reads_quoted_in_and_numbers_as_printed(versions_db):
    html = _series_page(versions_db, "skip lru rotation")
    assert "Kim Tester, quoted in <a href=" in html and "Hank Reviewer's message, 2024-08-02" in html
    assert "861.5664" in html and "861.566<" not in html
