"""The real `miner` on a database it cannot write: a full disk (a file size limit: SIGXFSZ ignored, so a
write fails with EFBIG), a read-only database file, a database another program holds locked, and a
crawl's cache or data folder that cannot be written. Each ends with one line on stderr and exit status
1, and leaves the database as it was before the batch that failed: it passes its integrity checks and
holds the same rows.

The tests run as root in some containers, where file modes bind nobody: the subprocess then gives up
CAP_DAC_OVERRIDE (from its capability bounding set, before it starts Python), so modes bind it again.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import sqlite3

import pytest

from db.schema import open_db
from miner.pipeline.importer import import_paths

from conftest import DATA
from dbstate import assert_sound, dump, miner, wild_mbox

_PR_CAPBSET_DROP, _CAP_DAC_OVERRIDE = 24, 1


@pytest.fixture
def small_db(tmp_path):
    """A database holding a few messages, and a second archive of real mail to import into it."""
    path = tmp_path / "miner.db"
    db = open_db(str(path))
    import_paths(db, [DATA / "mail" / "0001-thread-missing-parent.mbox"])
    db.close()
    return path, wild_mbox(tmp_path / "more.mbox", 120)


def _file_size_limit(limit: int):
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def _modes_bind() -> None:
    """In the child before exec: without CAP_DAC_OVERRIDE even root is refused what a file's mode refuses."""
    if os.geteuid() == 0 and ctypes.CDLL(None, use_errno=True).prctl(_PR_CAPBSET_DROP, _CAP_DAC_OVERRIDE, 0, 0, 0):
        os._exit(99)


def _one_error_line(result, reason: str) -> None:
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [result.stderr.strip()], result.stderr
    assert result.stderr.startswith("Error: ") and reason in result.stderr, result.stderr


def _without_sources(rows: dict) -> dict:
    return {table: table_rows for table, table_rows in rows.items() if table != "sources"}


def test_full_disk_fails_the_batch_and_keeps_what_was_stored(small_db):
    db_path, archive = small_db
    before = dump(db_path)
    # room for the small transaction that records the source, not for the batch of 120 messages
    result = miner("import", "--db", str(db_path), str(archive), preexec_fn=_file_size_limit(200_000))
    _one_error_line(result, "full disk or a file size limit")
    assert_sound(db_path)
    assert _without_sources(dump(db_path)) == _without_sources(before)
    again = miner("import", "--db", str(db_path), str(archive))  # once there is room, it imports
    assert again.returncode == 0 and "120/120 saved" in again.stderr, again.stderr


def test_read_only_database_is_refused_and_left_alone(small_db):
    db_path, archive = small_db
    before = dump(db_path)
    db_path.chmod(0o444)
    result = miner("import", "--db", str(db_path), str(archive), preexec_fn=_modes_bind)
    db_path.chmod(0o644)
    _one_error_line(result, f"the database is read-only: {db_path} is not writable")
    # SQLite made the shared-memory file beside it with the database's mode: the error now names that file
    shm = db_path.parent / f"{db_path.name}-shm"
    assert not shm.stat().st_mode & 0o200
    result = miner("import", "--db", str(db_path), str(archive), preexec_fn=_modes_bind)
    _one_error_line(result, f"the database is read-only: {shm} is not writable")
    assert_sound(db_path)  # (the last connection to close, as root here, removes the -shm file)
    assert dump(db_path) == before


def test_database_locked_by_another_program_is_refused_and_left_alone(small_db):
    db_path, archive = small_db
    before = dump(db_path)
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        result = miner("import", "--db", str(db_path), str(archive))  # waits SQLite's 5 s, then gives up
    finally:
        other.execute("ROLLBACK")
        other.close()
    _one_error_line(result, "locked by another program")
    assert_sound(db_path)
    assert dump(db_path) == before


@pytest.mark.parametrize("option", ["--cache-dir", "--data-dir"])
def test_crawl_into_an_unwritable_folder_stops_before_any_request(small_db, tmp_path, option):
    db_path, _archive = small_db
    before = dump(db_path)
    folder = tmp_path / "unwritable"
    folder.mkdir(mode=0o555)
    others = {"--cache-dir": tmp_path / "cache", "--data-dir": tmp_path / "data"}
    others[option] = folder
    result = miner("crawl", "lore", "--db", str(db_path), "--list", "x", "--thread", "a@b",
                   "--base-url", "http://127.0.0.1:9", *(str(part) for pair in others.items() for part in pair),
                   preexec_fn=_modes_bind)
    _one_error_line(result, f"{folder}: cannot write there")
    assert list(folder.iterdir()) == []
    assert dump(db_path) == before
