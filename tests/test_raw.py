"""Raw messages kept by reference into the mbox they came from: read back as imported (escaped "From "
lines undone, from plain and gzip files), and None once the file no longer holds those bytes."""

from __future__ import annotations

import gzip
import zlib

import pytest

from db.raw import RawFiles
from db.schema import open_db
from db.store import iter_raw_messages
from miner.pipeline.importer import import_paths
from miner.sources.mboxes import iter_mbox

MBOX = (b"From a@example.org Mon Mar  2 09:00:00 2026\n"
        b"From: A <a@example.org>\nSubject: first\nMessage-ID: <one@example.org>\n\n"
        b"a body line\n>From the start of a line, escaped\n\n"
        b"From b@example.org Mon Mar  2 10:00:00 2026\n"
        b"From: B <b@example.org>\nSubject: second\nMessage-ID: <two@example.org>\n\nsecond body\n")


@pytest.mark.parametrize("gzipped", [False, True])
def test_mbox_messages_are_stored_by_reference_and_read_back_as_imported(tmp_path, gzipped):
    path = tmp_path / ("list.mbox.gz" if gzipped else "list.mbox")
    path.write_bytes(gzip.compress(MBOX) if gzipped else MBOX)
    db = open_db(str(tmp_path / "miner.db"))
    import_paths(db, [path])
    stored = db.execute("SELECT raw_zlib, raw_path FROM raw_messages").fetchall()
    assert stored == [(None, str(path.resolve()))] * 2
    raws = {mid: raw for mid, _list, _url, raw, _format in iter_raw_messages(db)}
    assert raws == {"one@example.org": list(iter_mbox(path))[0].raw, "two@example.org": list(iter_mbox(path))[1].raw}
    assert b"\nFrom the start of a line" in raws["one@example.org"]
    db.close()


def test_a_changed_or_missing_file_gives_none(tmp_path):
    path = tmp_path / "list.mbox"
    path.write_bytes(MBOX)
    db = open_db(str(tmp_path / "miner.db"))
    import_paths(db, [path])
    path.write_bytes(MBOX.replace(b"a body line", b"A BODY LINE"))
    raws = {mid: raw for mid, _list, _url, raw, _format in iter_raw_messages(db)}
    assert raws["one@example.org"] is None and raws["two@example.org"] is not None
    path.unlink()
    assert [raw for *_rest, raw, _format in iter_raw_messages(db)] == [None, None]
    db.close()


def test_a_copy_is_read_from_the_database():
    with RawFiles() as files:
        assert files.read(zlib.compress(b"raw"), None, None, None, None) == b"raw"
        assert files.read(b"not zlib", None, None, None, None) is None
        assert files.read(None, None, None, None, None) is None
