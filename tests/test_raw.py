"""Raw messages kept by reference into the mbox or the public-inbox epoch they came from: read back as
imported (escaped "From " lines undone, from plain and gzip files, from git blobs), and None once the
source no longer holds those bytes."""

from __future__ import annotations

import gzip
import shutil
import subprocess
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
        assert files.read(zlib.compress(b"raw"), None, None, None, None, None) == b"raw"
        assert files.read(b"not zlib", None, None, None, None, None) is None
        assert files.read(None, None, None, None, None, None) is None


def _mbox_entries(tmp_path, data: bytes):
    path = tmp_path / "source.mbox"
    path.write_bytes(data)
    return list(iter_mbox(path))


def _git(repo, *args, data: bytes | None = None) -> str:
    return subprocess.run(["git", "--git-dir", str(repo), *args], input=data, capture_output=True,
                          check=True).stdout.decode().strip()


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_public_inbox_messages_are_stored_by_reference_to_their_blob(tmp_path, monkeypatch):
    """An epoch keeps every message as a git blob: the database keeps its name, reads it back through
    `git cat-file`, and gives None once the epoch no longer has it."""
    for name in ("GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"):
        monkeypatch.setenv(name, "listminer test" if name.endswith("NAME") else "test@example.org")
    epoch = tmp_path / "inbox" / "git" / "0.git"
    subprocess.run(["git", "init", "-q", "--bare", str(epoch)], check=True)
    raws = [entry.raw for entry in _mbox_entries(tmp_path, MBOX)]
    parent = None
    for raw in raws:
        blob = _git(epoch, "hash-object", "-w", "--stdin", data=raw)
        tree = _git(epoch, "mktree", data=f"100644 blob {blob}\tm\n".encode())
        parent = _git(epoch, "commit-tree", tree, "-m", "msg", *(["-p", parent] if parent else []))
    _git(epoch, "update-ref", "HEAD", parent)
    db = open_db(str(tmp_path / "miner.db"))
    import_paths(db, [tmp_path / "inbox"])
    stored = db.execute("SELECT raw_zlib, raw_path, raw_object IS NOT NULL FROM raw_messages").fetchall()
    assert stored == [(None, str(epoch.resolve()), 1)] * 2
    raws_back = {mid: raw for mid, _list, _url, raw, _format in iter_raw_messages(db)}
    assert raws_back == {"one@example.org": raws[0], "two@example.org": raws[1]}
    shutil.rmtree(epoch)
    assert [raw for *_rest, raw, _format in iter_raw_messages(db)] == [None, None]
    db.close()


def _one_mail(subject: str) -> bytes:
    return (f"From: A <a@example.org>\nSubject: {subject}\nMessage-ID: <{subject}@example.org>\n"
            f"Date: Mon, 2 Mar 2026 09:00:00 +0000\n\n>From a quoted line, kept as it is\n").encode()


def test_eml_files_are_stored_by_reference_and_read_back_as_they_are(tmp_path):
    """A `.eml` file holds one message: the database keeps its path and CRC (no copy), reads the bytes
    back verbatim (no mbox unescaping of ">From "), and gives None once the file changed."""
    path = tmp_path / "one.eml"
    path.write_bytes(_one_mail("eml"))
    db = open_db(str(tmp_path / "miner.db"))
    import_paths(db, [path])
    assert db.execute("SELECT raw_zlib, raw_path, raw_offset FROM raw_messages").fetchall() == \
        [(None, str(path.resolve()), None)]
    assert [raw for *_rest, raw, _format in iter_raw_messages(db)] == [_one_mail("eml")]
    path.write_bytes(_one_mail("eml").replace(b"quoted", b"QUOTED"))
    assert [raw for *_rest, raw, _format in iter_raw_messages(db)] == [None]
    db.close()


def test_a_maildir_message_is_found_again_after_a_client_renamed_or_moved_it(tmp_path):
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    (maildir / "new" / "1700000000.1.host").write_bytes(_one_mail("unread"))
    (maildir / "cur" / "1700000001.2.host:2,S").write_bytes(_one_mail("seen"))
    db = open_db(str(tmp_path / "miner.db"))
    import_paths(db, [maildir], fmt="maildir")
    assert db.execute("SELECT count(*) FROM raw_messages WHERE raw_zlib IS NULL").fetchone() == (2,)
    # the client reads the new message (new/ -> cur/, flag S) and replies to the other (flags RS)
    (maildir / "new" / "1700000000.1.host").rename(maildir / "cur" / "1700000000.1.host:2,S")
    (maildir / "cur" / "1700000001.2.host:2,S").rename(maildir / "cur" / "1700000001.2.host:2,RS")
    raws = {mid: raw for mid, _list, _url, raw, _format in iter_raw_messages(db)}
    assert raws == {"unread@example.org": _one_mail("unread"), "seen@example.org": _one_mail("seen")}
    (maildir / "cur" / "1700000001.2.host:2,RS").unlink()
    assert {mid: raw for mid, _list, _url, raw, _format in iter_raw_messages(db)}["seen@example.org"] is None
    db.close()
