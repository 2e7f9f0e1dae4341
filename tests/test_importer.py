"""End to end: the real `miner import` command on real and written archives, into a real SQLite file."""

from __future__ import annotations

import gzip
import shutil
import subprocess
import sys

import pytest
import sqlite_utils

from miner.sources.mboxes import iter_mbox

from conftest import DATA, REPO

COUNTED = ("messages", "raw_messages", "message_lists", "threads", "evidence_tables", "evidence", "concerns",
           "claims")


def miner(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "miner", *args], capture_output=True, text=True,
                          cwd=cwd or REPO, timeout=300)


def counts(db_path) -> dict[str, int]:
    db = sqlite_utils.Database(db_path)
    try:
        return {t: db[t].count for t in COUNTED}
    finally:
        db.close()


def test_seed_pages_store_six_distinct_messages(tmp_path, shared):
    db_path = tmp_path / "miner.db"
    result = miner("import", "--db", str(db_path), *sorted(map(str, shared.glob("corpus/seeds/*/message.txt"))))
    assert result.returncode == 0, result.stderr
    db = sqlite_utils.Database(db_path)
    rows = [(r["author_name"], (r["date_utc"] or "")[:10]) for r in db.query("SELECT * FROM messages")]
    db.close()
    assert len(rows) == 6
    assert {("Yi Sun", "2018-09-17"), ("Michael Kelley (EOSG)", "2018-09-15"), ("Ingo Molnar", "2015-05-17"),
            ("INAKOSHI Hiroya", "")} <= set(rows)


def test_real_fixtures_import_and_second_import_adds_nothing(tmp_path, shared):
    db_path = tmp_path / "miner.db"
    inputs = sorted(map(str, [*shared.glob("fixtures/real/*/*.mbox"), *shared.glob("fixtures/real/*/*.eml")]))
    first = miner("import", "--db", str(db_path), *inputs)
    assert first.returncode == 0, first.stderr
    after_first = counts(db_path)
    assert after_first["messages"] >= 50
    second = miner("import", "--db", str(db_path), *inputs)
    assert second.returncode == 0, second.stderr
    assert counts(db_path) == after_first
    assert "unchanged" in second.stderr
    # the same Message-ID received through two lists is one message in two lists
    db = sqlite_utils.Database(db_path)
    lists = [r["list"] for r in db.query(
        "SELECT list FROM message_lists WHERE message_id = '20200714123928.8581-1-nsaenzjulienne@suse.de'")]
    db.close()
    assert sorted(lists) == ["iommu", "linux-kernel"]


def _raw_messages() -> list[bytes]:
    return [entry.raw for entry in iter_mbox(DATA / "mail" / "0001-thread-missing-parent.mbox")]


def _git(repo, *args, input=None) -> str:
    return subprocess.run(["git", "--git-dir", str(repo), *args], input=input, capture_output=True,
                          check=True).stdout.decode().strip()


def _commit_message(repo, raw: bytes, parent: str | None) -> str:
    blob = _git(repo, "hash-object", "-w", "--stdin", input=raw)
    tree = _git(repo, "mktree", input=f"100644 blob {blob}\tm\n".encode())
    args = ["commit-tree", tree, "-m", "msg"] + (["-p", parent] if parent else [])
    commit = _git(repo, *args)
    _git(repo, "update-ref", "refs/heads/master", commit)
    return commit


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_public_inbox_v2_repository_keeps_threads_and_imports_only_new_commits(tmp_path, monkeypatch):
    inbox = tmp_path / "inbox"
    epoch = inbox / "git" / "0.git"
    subprocess.run(["git", "init", "-q", "--bare", str(epoch)], check=True)
    subprocess.run(["git", "--git-dir", str(epoch), "symbolic-ref", "HEAD", "refs/heads/master"], check=True)
    raws = _raw_messages()
    for name in ("GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"):
        monkeypatch.setenv(name, "listminer test")
    for name in ("GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"):
        monkeypatch.setenv(name, "test@example.org")
    parent = None
    for raw in raws[:3]:
        parent = _commit_message(epoch, raw, parent)
    db_path = tmp_path / "miner.db"
    result = miner("import", "--db", str(db_path), str(inbox))
    assert result.returncode == 0, result.stderr
    assert counts(db_path)["messages"] == 3
    for raw in raws[3:]:
        parent = _commit_message(epoch, raw, parent)
    result = miner("import", "--db", str(db_path), str(inbox))
    assert result.returncode == 0, result.stderr
    assert "2/2 saved" in result.stderr  # only the two new commits were read
    db = sqlite_utils.Database(db_path)
    threads = {r["message_id"]: r["thread_id"] for r in db.query("SELECT message_id, thread_id FROM messages")}
    db.close()
    assert set(threads.values()) == {"cover.1@example.org"}


def test_bad_inputs_are_reported_and_the_rest_imports(tmp_path):
    good = tmp_path / "good.mbox"
    shutil.copy(DATA / "mail" / "0001-thread-missing-parent.mbox", good)
    empty = tmp_path / "empty.mbox"
    empty.write_bytes(b"")
    binary = tmp_path / "binary.bin"
    binary.write_bytes(bytes(range(256)) * 64)
    truncated = tmp_path / "truncated.mbox.gz"
    packed = gzip.compress((DATA / "mail" / "0002-encodings.mbox").read_bytes())
    truncated.write_bytes(packed[: len(packed) * 2 // 3])
    broken = tmp_path / "broken-mime.mbox"
    broken.write_bytes(b"From x@y Mon Mar  2 09:00:00 2026\nFrom: X <x@y>\nSubject: broken\n"
                       b"Message-ID: <broken.1@y>\nContent-Type: multipart/mixed; boundary=\"B\"\n\n"
                       b"--B\nContent-Type: text/plain; charset=nonsense\nContent-Transfer-Encoding: base64\n\n"
                       b"!!!not base64!!!\n")
    huge = tmp_path / "huge.mbox"
    with open(huge, "wb") as handle:
        handle.write(b"From x@y Mon Mar  2 09:00:00 2026\nFrom: X <x@y>\nSubject: huge\nMessage-ID: <huge.1@y>\n\n")
        line = b"0123456789" * 10 + b"\n"
        for _ in range(50 * 1024 * 1024 // len(line)):
            handle.write(line)
    db_path = tmp_path / "miner.db"
    result = miner("import", "--db", str(db_path), str(good), str(empty), str(binary), str(truncated),
                   str(broken), str(huge))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"skipped {empty}: empty file" in result.stderr
    assert f"skipped {binary}: binary file" in result.stderr
    assert "truncated" in result.stderr
    db = sqlite_utils.Database(db_path)
    ids = {r["message_id"] for r in db.query("SELECT message_id FROM messages")}
    skipped = db["skipped"].count
    db.close()
    assert {"cover.1@example.org", "broken.1@y", "huge.1@y"} <= ids
    assert skipped >= 3


def test_maildir_eml_search_and_reextract(tmp_path):
    maildir = tmp_path / "md"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    for n, raw in enumerate(_raw_messages()):
        (maildir / "cur" / f"{n}.eml").write_bytes(raw)
    db_path = tmp_path / "miner.db"
    result = miner("import", "--db", str(db_path), str(maildir))
    assert result.returncode == 0, result.stderr
    assert counts(db_path)["messages"] == 5
    found = miner("search", "--db", str(db_path), "node id")
    assert "cover.1@example.org" not in found.stdout and "patch.1@example.org" in found.stdout
    before = counts(db_path)
    again = miner("reextract", "--db", str(db_path))
    assert again.returncode == 0, again.stderr
    assert counts(db_path) == before


def test_a_file_named_from_another_folder_is_the_same_source(tmp_path):
    archive = tmp_path / "list.mbox"
    shutil.copy(DATA / "mail" / "0001-thread-missing-parent.mbox", archive)
    db_path = tmp_path / "miner.db"
    assert miner("import", "--db", str(db_path), str(archive)).returncode == 0
    again = miner("import", "--db", "miner.db", "list.mbox", cwd=tmp_path)
    assert again.returncode == 0 and "unchanged" in again.stderr, again.stderr
    db = sqlite_utils.Database(db_path)
    assert [r["source"] for r in db.query("SELECT source FROM sources")] == [str(archive)]
    db.close()


@pytest.mark.parametrize("others", [0, 300])  # 300 more: parsed in workers, the reused one parsed again aside
def test_a_different_message_under_a_stored_message_id_is_stored_with_an_id_of_its_own(tmp_path, others):
    def mail(day: int, body: str, footer: str = "", message_id: str = "same@b") -> bytes:
        return (f"From a@b Mon Mar  2 09:00:00 2026\nFrom: A <a@b>\nSubject: [PATCH] x\nMessage-ID: <{message_id}>\n"
                f"Date: {day} Mar 2026 09:00:00 +0000\n\n{body}\n{footer}\n").encode()
    archive = tmp_path / "reused.mbox"
    # the message, its copy through another list (a footer added), then a new patch under the same id
    archive.write_bytes(b"".join(mail(1, f"other {n}", message_id=f"other-{n}@b") for n in range(others))
                        + mail(2, "first") + mail(2, "first", "-- \nlist footer\n") + mail(20, "another patch"))
    result = miner("import", "--db", str(tmp_path / "miner.db"), str(archive))
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[-1] == (f"{others + 2}/{others + 3} saved; 1 already stored; 1 under another "
                                              "message's Message-ID (stored with an id of their own)")
    db = sqlite_utils.Database(tmp_path / "miner.db")
    rows = [(r["message_id"], r["synthetic_id"], r["problems"], r["body"].split("\n")[0])
            for r in db.query("SELECT * FROM messages ORDER BY rowid")][others:]
    db.close()
    assert rows[0] == ("same@b", 0, None, "first")
    assert rows[1][1:] == (1, "Message-ID <same@b> reused", "another patch") and rows[1][0].startswith("synthetic-")
    assert len(rows) == 2


def test_interrupted_import_resumes_where_it_stopped(tmp_path, monkeypatch):
    from db import store
    from db.schema import open_db
    from miner.pipeline import importer

    monkeypatch.setattr(importer, "BATCH", 2)
    real_save = store.save_rows
    calls = []

    def save_then_interrupt(db, batch, **kwargs):
        calls.append(len(batch))
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real_save(db, batch, **kwargs)

    monkeypatch.setattr(store, "save_rows", save_then_interrupt)
    path = DATA / "mail" / "0001-thread-missing-parent.mbox"
    db = open_db(str(tmp_path / "miner.db"))
    with pytest.raises(KeyboardInterrupt):
        importer.import_paths(db, [path])
    assert db["messages"].count == 2  # the first batch is whole, the second never started
    state = store.source_state(db, str(path))
    assert state["complete"] == 0 and state["done_offset"] > 0
    monkeypatch.setattr(store, "save_rows", real_save)
    report = importer.import_paths(db, [path])
    assert db["messages"].count == 5
    assert report.seen == 3  # only the messages after the recorded offset were read again


def test_a_message_twice_in_one_archive_stores_its_findings_once(tmp_path):
    # a cross-posted mail that an archive holds twice, the second copy with one header line more: its
    # table sits a line lower there, and must not become a second table
    body = ("Numbers before and after the patch:\n\n"
            "            base      patched\n"
            "  4k       155K         162K\n"
            "  8k       290K         313K\n"
            "  16k      533K         597K\n")
    def copy(extra: str) -> str:
        return ("From sender@example.org Mon Jul 17 10:00:00 2023\n"
                "From: Sender <sender@example.org>\nTo: list@example.org\n" + extra +
                "Subject: Re: [PATCH] faster\nDate: Mon, 17 Jul 2023 10:00:00 +0000\n"
                "Message-ID: <twice@example.org>\n\n" + body + "\n")
    mbox = tmp_path / "twice.mbox"
    mbox.write_text(copy("") + copy("Cc: other@example.org\n"))
    db_path = tmp_path / "miner.db"
    result = miner("import", "--db", str(db_path), str(mbox))
    assert result.returncode == 0, result.stderr
    db = sqlite_utils.Database(db_path)
    tables = [(r["first_line"], r["last_line"]) for r in db.query("SELECT * FROM evidence_tables")]
    evidence = db["evidence"].count
    db.close()
    assert tables == [(9, 12)]
    assert evidence == 3
