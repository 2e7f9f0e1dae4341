"""Several `miner` processes on one database at once: two imports (the second waits for the first's
writer lock, saying so, and both end with the right counts), and `miner serve` answering queries on
127.0.0.1 while an import and then a re-extraction write (WAL: readers never wait for the writer).
"""

from __future__ import annotations

import fcntl
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

from conftest import REPO
from dbstate import assert_sound, message_count, miner, wild_mbox
from miner.message.parse import parse_message
from miner.sources.mboxes import iter_mbox
from test_serve import get_json, running_server


def _start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "miner", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _holds_writer_lock(db_path: Path) -> bool:
    """True while some process holds the database's writer lock (`miner.pipeline.database.writer_lock`)."""
    try:
        with open(f"{db_path}.lock", "rb") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            fcntl.flock(handle, fcntl.LOCK_UN)
    except FileNotFoundError:
        pass
    return False


def _message_ids(*paths: Path) -> set[str]:
    return {parse_message(entry.raw).message_id for path in paths for entry in iter_mbox(path)}


def test_two_imports_at_once_take_turns_and_both_count_right(tmp_path, shared):
    first, second = wild_mbox(tmp_path / "a.mbox", 150), wild_mbox(tmp_path / "b.mbox", 150, skip=150)
    db_path = tmp_path / "miner.db"
    one = _start("import", "--db", str(db_path), str(first))
    deadline = time.monotonic() + 60
    while not _holds_writer_lock(db_path):
        assert one.poll() is None and time.monotonic() < deadline, one.communicate()
        time.sleep(0.01)
    two = _start("import", "--db", str(db_path), str(second))
    (_, err_one), (_, err_two) = one.communicate(timeout=300), two.communicate(timeout=300)
    assert one.returncode == 0 and two.returncode == 0, (err_one, err_two)
    assert "another import is writing to this database; waiting for it to finish" in err_two
    assert "150/150 saved" in err_one and "150/150 saved" in err_two.splitlines()[-1]
    assert_sound(db_path)
    assert message_count(db_path) == len(_message_ids(first, second))


def _count_served(base: str) -> int:
    sql = urllib.parse.urlencode({"sql": "SELECT COUNT(*) AS n FROM messages", "_shape": "array"})
    return get_json(f"{base}/miner.json?{sql}")[0]["n"]


def _query_while_running(base: str, process: subprocess.Popen) -> list[int]:
    """Message counts served while `process` runs (every request must succeed)."""
    seen = []
    while process.poll() is None:
        seen.append(_count_served(base))
        rows = get_json(f"{base}/miner/messages.json?_shape=array&_size=5&_col=subject")
        assert isinstance(rows, list)
        time.sleep(0.05)
    return seen


def test_serve_answers_while_an_import_and_a_reextraction_write(tmp_path, shared):
    db_path = tmp_path / "miner.db"
    assert miner("import", "--db", str(db_path), str(wild_mbox(tmp_path / "a.mbox", 20))).returncode == 0
    more = wild_mbox(tmp_path / "b.mbox", 250, skip=20)
    with running_server(db_path, tmp_path / "serve.log") as (base, server):
        before = _count_served(base)
        importing = _start("import", "--db", str(db_path), str(more))
        during_import = _query_while_running(base, importing)
        _out, err = importing.communicate()
        assert importing.returncode == 0, err
        after = _count_served(base)
        assert before == 20 and after > before and len(during_import) >= 5
        assert during_import == sorted(during_import) and set(during_import) <= {before, after}
        reextracting = _start("reextract", "--db", str(db_path))
        during_reextract = _query_while_running(base, reextracting)
        _out, err = reextracting.communicate()
        assert reextracting.returncode == 0, err
        assert len(during_reextract) >= 5 and set(during_reextract) == {after}
        assert _count_served(base) == after and server.poll() is None
    assert_sound(db_path)
