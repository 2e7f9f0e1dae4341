"""Every command on hostile arguments: quotes, FTS operators, empty and very long strings, database paths
that are missing, unwritable, folders or not SQLite, inputs that do not exist or cannot be read.

Each run ends with exit status 0 (a search that finds nothing is no error), or 1 or 2 with one line on
stderr; never a traceback; and a read-only command leaves no file behind.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from db.schema import open_db
from miner.app.cli import cli
from miner.pipeline.importer import import_paths

from conftest import DATA

HOSTILE_TEXT = ['"', "'", "NEAR(", "*", "AND OR", "NOT", "a:b", "(", ")", "-x", "''; DROP TABLE messages; --",
                "", " ", "x" * 100_000, "word " * 5_000, "\u00fc\u202e\u0000", "--"]
# Database paths a person may pass by mistake, by what they are (the files are made by `_fixture_files`).
BAD_DATABASES = ["missing.db", "nofolder/x.db", "folder", "text.txt", "other.sqlite", "empty.db", "/proc/x.db"]
READ_ONLY = {"search", "evidence", "checklist", "serve", "extract"}


def _fixture_files(root: Path) -> None:
    (root / "folder").mkdir()
    (root / "text.txt").write_text("not a database\n")
    (root / "empty.db").write_bytes(b"")
    other = sqlite3.connect(root / "other.sqlite")
    other.execute("CREATE TABLE notes (x)")
    other.commit()
    other.close()
    (root / "binary.bin").write_bytes(bytes(range(256)) * 16)


@pytest.fixture(scope="module")
def good_db(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("good") / "miner.db"
    db = open_db(str(path))
    import_paths(db, [DATA / "mail" / "0001-thread-missing-parent.mbox"])
    db.close()
    return str(path)


class _Forbidding(BaseHTTPRequestHandler):
    """An archive that refuses every request at once (403 is not retried), so that each crawl fails fast."""

    def do_GET(self):  # noqa: N802 (the name http.server calls)
        self.send_error(403)

    do_POST = do_GET

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def archive():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Forbidding)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def _cases(good_db: str, archive: str = "http://127.0.0.1:9") -> list[tuple[str, list[str]]]:
    cases: list[tuple[str, list[str]]] = []
    for text in HOSTILE_TEXT:
        for command in ("search", "evidence", "checklist"):
            cases.append((command, [command, "--db", good_db, text]))
            cases.append((command, [command, "--db", "missing.db", text]))
    for bad in BAD_DATABASES + [""]:
        for command in ("search", "evidence", "checklist"):
            cases.append((command, [command, "--db", bad, "x"]))
        cases.append(("serve", ["serve", "--db", bad]))
        cases.append(("reextract", ["reextract", "--db", bad]))
        cases.append(("demo", ["demo", "--db", bad]))
        cases.append(("import", ["import", "--db", bad, str(DATA / "mail" / "0001-thread-missing-parent.mbox")]))
        cases.append(("crawl lore", ["crawl", "lore", "--db", bad, "--list", "x", "--thread", "a@b",
                                     "--base-url", archive]))
    cases += [
        ("serve", ["serve", "--db", good_db, "--port", "99999"]),
        ("serve", ["serve", "--db", good_db, "--port", "-1"]),
        ("search", ["search", "--db", good_db, "--limit", "0", "x"]),
        ("extract", ["extract", "missing.txt"]),
        ("extract", ["extract", "folder"]),
        ("extract", ["extract", "empty.db"]),
        ("extract", ["extract", "binary.bin"]),
        ("extract", ["extract", "/proc/self/mem"]),
        ("extract", ["extract", "--json", "--jsonl", "text.txt"]),
        ("extract", ["extract", "--json", "text.txt", "text.txt"]),
        ("extract", ["extract", ""]),
        ("import", ["import", "--db", "w.db", "missing.mbox"]),
        ("import", ["import", "--db", "w.db", ""]),
        ("import", ["import", "--db", "w.db", "--format", "nonsense", "text.txt"]),
        ("crawl lore", ["crawl", "lore", "--list", "x"]),
        ("crawl lore", ["crawl", "lore", "--list", '"', "--thread", '"', "--base-url", archive, "--db", "w.db"]),
        ("crawl lore", ["crawl", "lore", "--list", "x", "--query", "NEAR(", "--base-url", '"', "--db", "w.db"]),
        ("crawl lore", ["crawl", "lore", "--list", "x", "--thread", "a@b", "--rate", "0"]),
        ("crawl lore", ["crawl", "lore", "--list", "x", "--thread", "a@b", "--timeout", "-1"]),
        ("crawl lore", ["crawl", "lore", "--list", "x", "--since", "yesterday-ish", "--base-url", archive,
                        "--db", "w.db"]),
        ("crawl lore", ["crawl", "lore", "--list", "x", "--git", "--epochs", "9..1", "--base-url", archive,
                        "--db", "w.db"]),
        ("crawl lore", ["crawl", "lore", "--list", "x", "--thread", "a@b", "--cache-dir", "text.txt/cache",
                        "--db", "w.db"]),
        ("crawl lore", ["crawl", "lore", "--list", "x", "--thread", "a@b", "--data-dir", "/proc/data",
                        "--db", "w.db"]),
        ("crawl html", ["crawl", "html", '"', "--db", "w.db"]),
        ("crawl html", ["crawl", "html", "file:///etc/passwd", "--db", "w.db"]),
        ("crawl html", ["crawl", "html", f"{archive}/x.html", "--follow", "month", "--db", "w.db"]),
        ("crawl html", ["crawl", "html", "", "--db", "w.db"]),
        ("crawl lkml-org", ["crawl", "lkml-org", "--day", "'; --", "--base-url", archive, "--db", "w.db"]),
        ("crawl lkml-org", ["crawl", "lkml-org"]),
        ("crawl xen", ["crawl", "xen", "--month", "NEAR(", "--base-url", archive, "--db", "w.db"]),
        ("crawl xen", ["crawl", "xen", "--list", "", "--month", "", "--base-url", archive, "--db", "w.db"]),
        ("crawl mail-archive", ["crawl", "mail-archive", "*", "--base-url", archive, "--db", "w.db"]),
        ("crawl mail-archive", ["crawl", "mail-archive", "x" * 10_000, "--base-url", archive, "--db", "w.db"]),
        ("crawl", ["crawl", "nothing"]),
        ("", ["--no-such-option"]),
    ]
    return cases


def _files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


def test_every_command_is_covered():
    covered = {name for name, _ in _cases("x.db")}
    commands = {name for name, command in _all_commands(cli) if not isinstance(command, click.Group)}
    assert commands <= covered, commands - covered


def _all_commands(group: click.Group, prefix: str = ""):
    for name, command in group.commands.items():
        yield f"{prefix}{name}", command
        if isinstance(command, click.Group):
            yield from _all_commands(command, f"{prefix}{name} ")


def _reported(name: str, stderr: str) -> bool:
    """One line says what went wrong; a crawl may follow it with its summary line, an import lists its skips."""
    lines = stderr.strip().splitlines()
    if name == "import":
        return bool(lines)
    if name.startswith("crawl") and len(lines) == 2:
        return lines[0].lower().startswith("error")
    return len(lines) == 1


def test_hostile_arguments_end_in_one_line_never_a_traceback(good_db, archive, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _fixture_files(tmp_path)
    runner = CliRunner()
    failures = []
    for name, args in _cases(good_db, archive):
        before = _files(tmp_path)
        result = runner.invoke(cli, args)
        problem = None
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            problem = f"raised {type(result.exception).__name__}: {result.exception}"
        elif result.exit_code not in (0, 1, 2):
            problem = f"exit status {result.exit_code}"
        elif "Traceback" in result.output:
            problem = "traceback"
        elif result.exit_code and not _reported(name, result.stderr):
            problem = f"stderr is not one line: {result.stderr!r}"
        elif result.exit_code and not result.stderr.strip():
            problem = "failed silently"
        elif name in READ_ONLY and _files(tmp_path) != before:
            problem = f"created {_files(tmp_path) - before}"
        if problem:
            failures.append((args[:6], problem[:300]))
        for leftover in _files(tmp_path) - before:  # what a writing command made stays out of the next case
            path = tmp_path / leftover
            if path.is_file():
                path.unlink()
    assert failures == []


def test_database_paths_that_cannot_work_fail_with_their_reason(good_db, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _fixture_files(tmp_path)
    expected = {"missing.db": "no such database", "nofolder/x.db": "no such database", "folder": "folder",
                "text.txt": "not an SQLite database", "other.sqlite": "not a listminer database",
                "empty.db": "not a listminer database", "/proc/x.db": "no such database", "": "give a database"}
    for bad, reason in expected.items():
        result = CliRunner().invoke(cli, ["checklist", "--db", bad, "foo"])
        assert result.exit_code in (1, 2) and reason in result.stderr, (bad, result.stderr)
    assert not (tmp_path / "missing.db").exists()
    result = CliRunner().invoke(cli, ["import", "--db", "/proc/x.db", str(DATA / "mail" / "0002-encodings.mbox")])
    assert result.exit_code == 1 and "cannot open the database file" in result.stderr


@pytest.mark.parametrize("text, found", [
    ('"', False), ("", None), ("NEAR(", False), ("AND OR", False), ("*", False),
    ("node", True), ("nod*", True), ('"node id"', True), ("node NOT nonsense", True), ("NEAR(node id, 3)", True),
    ("node-id", True),  # not FTS5 syntax ('-' would be a column filter): searched as the words
])
def test_search_reads_fts_syntax_where_it_parses_else_words(good_db, text, found):
    result = CliRunner().invoke(cli, ["search", "--db", good_db, text])
    if found is None:
        assert result.exit_code == 2 and "give words" in result.stderr
        return
    assert result.exit_code == 0, result.output
    assert ("patch.1@example.org" in result.stdout) is found


def test_read_only_commands_leave_the_database_folder_as_it_was(good_db):
    folder = Path(good_db).parent
    before = sorted(os.listdir(folder))
    for args in (["search", "node"], ["checklist", "node"], ["evidence", "node"]):
        CliRunner().invoke(cli, [args[0], "--db", good_db, *args[1:]])
    assert sorted(os.listdir(folder)) == before
