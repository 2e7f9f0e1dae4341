"""Opening the database for a command, one writer at a time, and SQLite's failures as one-line errors.

Every command that writes (import, reextract, the crawls' imports) holds the writer lock, an advisory
`flock` on `<database>.lock` beside the database: a second writer waits for the first, saying so once,
instead of interleaving its batches, counts and linking with it. Readers (search, reports, `miner serve`)
take no lock: the database is in WAL mode, so they read while a writer writes, and opening a database
whose schema is current writes nothing. A lock file, not a lock on the database file itself: closing any
descriptor of a file drops every POSIX lock the process holds on it, SQLite's own included.

SQLite reports a full disk, a read-only file or another program's lock as `sqlite3.Error`;
`database_errors` turns each into a `DatabaseError` naming the database and the cause. Every write is a
transaction, so a failed batch leaves the database as it was before that batch. A read-only database is
told apart by the file that is not writable: SQLite makes the `-wal` and `-shm` files beside a WAL
database with the database's own mode, so any run on a read-only database leaves a read-only `-shm`
behind, and the database stays read-only after its own mode is changed back until that file goes too.
"""

from __future__ import annotations

import errno
import fcntl
import logging
import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import sqlite_utils

from db.queries import database_file
from db.schema import connect, create_schema
from miner.errors import DatabaseError

log = logging.getLogger(__name__)

_SQLITE_MAGIC = b"SQLite format 3\x00"
# SQLite's messages for the failures a person can do something about, and what to tell them.
_REASONS = (
    ("database or disk is full", "the disk is full (or the file size limit was reached)"),
    ("disk i/o error", "disk I/O error (a full disk or a file size limit?)"),
    ("readonly database", "the database is read-only"),  # and which file: `_unwritable`
    ("database is locked", "the database is locked by another program"),
    ("unable to open database file", "cannot open the database file (does its folder exist and is it writable?)"),
    ("file is not a database", "not an SQLite database"),
    ("file is encrypted or is not a database", "not an SQLite database"),
)


def _reason(exc: BaseException, path: str) -> str:
    text = str(exc)
    for needle, reason in _REASONS:
        if needle in text.lower():
            return reason + _unwritable(path) if needle == "readonly database" else reason
    return text


def _unwritable(path: str) -> str:
    """The end of a read-only database's reason: the file or folder this process may not write."""
    for file in (path, f"{path}-wal", f"{path}-shm"):
        if os.path.exists(file) and not os.access(file, os.W_OK):
            return f": {file} is not writable"
    folder = os.path.dirname(os.path.abspath(path))
    return f": its folder {folder} is not writable" if not os.access(folder, os.W_OK) else " (a read-only file system?)"


@contextmanager
def database_errors(path: str) -> Iterator[None]:
    """Turn SQLite's errors (and the OS errors of files beside the database) into a DatabaseError."""
    try:
        yield
    except sqlite3.Error as exc:
        raise DatabaseError(path, _reason(exc, path)) from exc
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EFBIG):
            raise DatabaseError(path, _REASONS[0][1]) from exc
        raise DatabaseError(path, exc.strerror or str(exc)) from exc


def open_database(path: str, *, create: bool) -> sqlite_utils.Database:
    """The listminer database at `path`, its schema brought up to date.

    With `create`, a missing database is created (its folder must exist); without, a missing file is an
    error, so read-only commands never leave an empty database behind. A file that is not SQLite, or an
    SQLite database of another program, is refused rather than written to. Raises DatabaseError."""
    file = Path(path)
    if file.is_dir():
        raise DatabaseError(path, "is a folder, not a database file")
    if not file.exists():
        if not create:
            raise DatabaseError(path, "no such database (build one with `miner import` or `miner demo`)")
        if not file.parent.is_dir():
            raise DatabaseError(path, f"no such folder: {file.parent}")
    elif file.stat().st_size:
        try:
            with open(file, "rb") as handle:
                magic = handle.read(len(_SQLITE_MAGIC))
        except OSError as exc:
            raise DatabaseError(path, exc.strerror or str(exc)) from exc
        if magic != _SQLITE_MAGIC:
            raise DatabaseError(path, "not an SQLite database")
    elif not create:
        raise DatabaseError(path, "empty file, not a listminer database")
    with database_errors(path):
        db = connect(path)
        try:
            tables = set(db.table_names())
            if tables and "messages" not in tables:
                raise DatabaseError(path, "an SQLite database of another program, not a listminer database")
            create_schema(db)
        except BaseException:
            db.close()
            raise
    return db


@contextmanager
def writer_lock(db: sqlite_utils.Database) -> Iterator[None]:
    """Hold the database's writer lock for the block; wait (logging once) while another writer has it.
    An in-memory database needs none. Raises DatabaseError when the lock file cannot be made."""
    path = database_file(db)
    if not path:
        yield
        return
    try:
        handle = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise DatabaseError(path, f"cannot create its lock file: {exc.strerror or exc}") from exc
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.warning("%s: another import is writing to this database; waiting for it to finish", path)
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)
