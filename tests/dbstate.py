"""What the fault tests compare: a database's rows, its soundness, real mail from the wild archive.

A test of a failure (a killed import, a full disk, a lock) runs the real `miner` in a subprocess on a
real SQLite file, then checks the file with these helpers: it passes SQLite's integrity check, its
full-text indexes hold one row per row, and its rows equal those of a run that did not fail.
"""

from __future__ import annotations

import gzip
from contextlib import closing
import sqlite3
import subprocess
import sys
from pathlib import Path

from conftest import REPO, SHARED

WILD = SHARED / "wild" / "io-uring.mbox.gz"
# Columns that say when something was done, not what: they differ between any two runs.
_WHEN = {"imported_at", "recorded_at", "fetched_at", "updated_at"}
_FTS = ("messages", "evidence", "concerns", "claims")


def miner(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """Run the real `miner` command line (python -m miner) and wait for it."""
    return subprocess.run([sys.executable, "-m", "miner", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=kwargs.pop("timeout", 300), **kwargs)


def wild_mbox(path: Path, count: int, skip: int = 0) -> Path:
    """Write `count` real messages of the wild io-uring archive (after the first `skip`) to an mbox at
    `path`, at test time: real mail is never copied into the repository."""
    with gzip.open(WILD, "rb") as stream, open(path, "wb") as out:
        started, kept, previous_blank = False, 0, False
        for line in stream:
            if line.startswith(b"From ") and (not started or previous_blank):
                kept += started
                started = True
                if kept >= skip + count:
                    break
            if started and kept >= skip:
                out.write(line)
            previous_blank = line in (b"\n", b"\r\n")
    return path


def tables(path: Path | str) -> list[str]:
    with closing(sqlite3.connect(path)) as conn:
        return [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                           "'%_fts%' AND name NOT LIKE 'sqlite_%' ORDER BY name")]


def dump(path: Path | str) -> dict[str, list[tuple]]:
    """Every row of every table (but the full-text indexes) as sorted tuples, without the columns that
    record when something happened."""
    out = {}
    conn = sqlite3.connect(path)
    try:
        for table in tables(path):
            columns = [r[1] for r in conn.execute(f"PRAGMA table_info([{table}])") if r[1] not in _WHEN]
            rows = conn.execute(f"SELECT {', '.join(f'[{c}]' for c in columns)} FROM [{table}]").fetchall()
            out[table] = sorted(rows, key=repr)
    finally:
        conn.close()
    return out


def assert_sound(path: Path | str) -> None:
    """SQLite's integrity check passes and each full-text index holds exactly the rows of its table (a
    row indexed twice, or not at all, fails FTS5's own check)."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        for table in _FTS:  # (an external-content index: rank 1 compares it with its table, row by row)
            conn.execute(f"INSERT INTO [{table}_fts]([{table}_fts], rank) VALUES('integrity-check', 1)")
    finally:
        conn.close()


def message_count(path: Path | str) -> int:
    """Messages committed so far (read while a writer may be writing: the database is in WAL mode)."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)) as conn:
            return conn.execute("SELECT COUNT(*) FROM messages").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0

