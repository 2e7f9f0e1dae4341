"""`miner import` killed with SIGKILL at each stage of a large import, then run again until it finishes:
after every kill the database passes SQLite's and FTS5's integrity checks, and in the end it holds
exactly the rows of an import that was never interrupted (no message, finding or link lost or doubled).

The real command runs in a subprocess on real mail (the first messages of the wild io-uring archive).
Each stage is hit exactly: the run is started through a small launcher that wraps one library function
so that the process kills itself (SIGKILL, no clean-up of any kind) when that function is reached; one
more run is killed from outside once its first batch is committed. The launcher writes batches of 100
messages, so a few hundred messages make several batches.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import REPO
from dbstate import assert_sound, dump, message_count, miner, wild_mbox

MESSAGES = 400  # more than PARALLEL_MIN_MESSAGES: the plain imports and the one killed from outside use workers

# Runs `miner` (the arguments after POINT and N) with SIGKILL at the Nth time POINT is reached.
LAUNCHER = r'''
import os, signal, sys
from db import queries, store
from miner.app.cli import cli
from miner.pipeline import importer

point, nth = sys.argv[1], int(sys.argv[2])
reached = 0

def kill_at(module, name, before=False, when=lambda *a, **k: True):
    real = getattr(module, name)
    def wrapper(*args, **kwargs):
        global reached
        if when(*args, **kwargs):
            reached += 1
            if before and reached == nth:
                os.kill(os.getpid(), signal.SIGKILL)
        result = real(*args, **kwargs)
        if not before and reached == nth and when(*args, **kwargs):
            os.kill(os.getpid(), signal.SIGKILL)
        return result
    setattr(module, name, wrapper)

importer.BATCH = 100
if point != "none":  # parsed in this process: only the writer's side matters here, and workers cost seconds
    importer.PARALLEL_MIN_MESSAGES = 10**9
if point == "batch":  # inside the Nth batch's transaction: its messages and raw bytes written, not committed
    kill_at(store, "_write", when=lambda db, table, rows, **k: table == "raw_messages")
elif point == "checkpoint":  # the Nth batch committed, its source's checkpoint not moved yet
    kill_at(store, "save_rows")
elif point == "series":  # messages given their series, the series' dates and titles not worked out yet
    kill_at(queries, "refresh_series", before=True)
elif point == "links":  # inside the transaction writing the links of a batch of series
    kill_at(queries, "save_claim_checks")
sys.argv = ["miner", *sys.argv[3:]]
cli(prog_name="miner")
'''


def _launch(point: str, nth: int, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", LAUNCHER, point, str(nth), *args], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _finish(process: subprocess.Popen) -> str:
    """Wait for a killed run; its workers and fork server must go with it (no process left behind)."""
    _out, err = process.communicate(timeout=300)
    assert process.returncode == -signal.SIGKILL, err
    deadline = time.monotonic() + 20
    while True:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            return err
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            pytest.fail("processes of a killed import were left running")
        time.sleep(0.1)


def _kill_after_first_batch(*args: str) -> str:
    """Run the import (batches of 100) and SIGKILL it from outside once a batch of new messages is
    committed."""
    db_path = args[args.index("--db") + 1]
    before = message_count(db_path)
    process = _launch("none", 0, *args)
    deadline = time.monotonic() + 120
    while message_count(db_path) == before and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    return _finish(process)


# (point, at the Nth time it is reached); each run goes on from where the run before it was killed.
# "outside": killed by the test once a batch is committed, the workers busy with the next windows.
KILLS = [("outside", 0), ("batch", 1), ("checkpoint", 1), ("series", 1), ("links", 1)]


def test_import_killed_at_every_stage_ends_as_an_uninterrupted_import(tmp_path, shared):
    archive = wild_mbox(tmp_path / "io-uring-head.mbox", MESSAGES)
    reference = tmp_path / "reference.db"
    result = miner("import", "--db", str(reference), str(archive))
    assert result.returncode == 0, result.stderr
    db_path = tmp_path / "miner.db"
    args = ("import", "--db", str(db_path), str(archive))
    for point, nth in KILLS:
        if point == "outside":
            _kill_after_first_batch(*args)
        else:
            _finish(_launch(point, nth, *args))
        assert_sound(db_path)
    result = miner(*args)
    assert result.returncode == 0, result.stderr
    assert_sound(db_path)
    expected, got = dump(reference), dump(db_path)
    for table in expected:
        assert got[table] == expected[table], table
    again = miner(*args)
    assert again.returncode == 0 and "unchanged" in again.stderr, again.stderr
