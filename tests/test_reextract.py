"""`miner reextract` and `miner reextract --stale` through the real command line, on a real SQLite file:
--stale re-runs the extractors only where a message or one of its findings carries an older
`extractor_version`, and the linking after it gives the new rows their series, origins and checks."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from extractors import EXTRACTOR_VERSION

from conftest import DATA, REPO

ROBOT = "202405100200.robot-lkp@intel.com"  # 03-robot-regression.mbox: a test robot's table
V2_COVER = "20240311090000.1-alice@example.org"  # 01-v1-question-v2-numbers.mbox: v2 with a table
QUESTION = "bob-1@example.net"  # 01-v1-question-v2-numbers.mbox: the reviewer's question on v1


def _miner(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "miner", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=300)


def _sql(db_path, sql: str, params=()) -> list[tuple]:
    conn = sqlite3.connect(db_path)
    try:
        with conn:
            return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


@pytest.fixture
def db_path(tmp_path):
    path = tmp_path / "miner.db"
    done = _miner("import", "--db", str(path), str(DATA / "series" / "01-v1-question-v2-numbers.mbox"),
                  str(DATA / "series" / "03-robot-regression.mbox"))
    assert done.returncode == 0, done.stderr
    return path


def test_every_finding_carries_the_extractor_version(db_path):
    for table in ("messages", "machines", "evidence_tables", "evidence", "anomalies", "concerns", "claims"):
        assert _sql(db_path, f"SELECT DISTINCT extractor_version FROM {table}") in ([], [(EXTRACTOR_VERSION,)]), table


def test_stale_reextracts_only_what_an_older_version_produced(db_path):
    # the robot's message as an older extractor left it: version "1", its comparisons lost
    _sql(db_path, "UPDATE messages SET extractor_version = '1' WHERE message_id = ?", [ROBOT])
    _sql(db_path, "DELETE FROM evidence WHERE message_id = ?", [ROBOT])
    # a message whose row is current but one of whose findings an older version produced
    _sql(db_path, "UPDATE concerns SET extractor_version = '1' WHERE message_id = ?", [QUESTION])
    # a mark on a current message's finding: --stale must leave it alone
    _sql(db_path, "UPDATE evidence SET text = 'mark' WHERE message_id = ?", [V2_COVER])
    done = _miner("reextract", "--stale", "--db", str(db_path))
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "2/2 saved"
    robot = _sql(db_path, "SELECT extractor_version, series_id IS NOT NULL, origin_message_id FROM evidence "
                          "WHERE message_id = ?", [ROBOT])
    assert robot and all(row == (EXTRACTOR_VERSION, 1, ROBOT) for row in robot)
    assert _sql(db_path, "SELECT extractor_version, status FROM concerns WHERE message_id = ?", [QUESTION]) == [
        (EXTRACTOR_VERSION, "answered")]
    assert {t for (t,) in _sql(db_path, "SELECT text FROM evidence WHERE message_id = ?", [V2_COVER])} == {"mark"}
    assert _sql(db_path, 'SELECT count(*) FROM claims WHERE "check" IS NULL') == [(0,)]  # linked again
    assert _miner("reextract", "--stale", "--db", str(db_path)).stderr.strip() == "0/0 saved"
    everything = _miner("reextract", "--db", str(db_path))
    assert everything.returncode == 0 and everything.stderr.strip() == "7/7 saved"
    assert _sql(db_path, "SELECT count(*) FROM evidence WHERE text = 'mark'") == [(0,)]
