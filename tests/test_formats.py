"""Format detection for `--format auto`, and a reader for every format `miner import` offers."""

from __future__ import annotations

import gzip

import pytest

from miner.app.cli import cli
from miner.errors import ArchiveFormatError
from miner.sources.formats import READERS, detect_format


def test_every_import_format_has_a_reader():
    fmt = next(p for p in cli.commands["import"].params if p.name == "fmt")
    assert list(fmt.type.choices) == ["auto", *READERS]


@pytest.mark.parametrize("content, expected", [
    (b"From a@b Mon Mar  2 09:00:00 2026\nSubject: x\n\nbody\n", "mbox"),
    (gzip.compress(b"From a@b Mon Mar  2 09:00:00 2026\n\nx\n"), "mbox"),
    (b"Return-Path: <a@b>\nFrom: A <a@b>\nSubject: x\n\nbody\n", "eml"),
    (b"<!DOCTYPE html><html><body><pre>x</pre></body></html>", "html"),
    (b"Re: [PATCH] foo\n\n2018-09-17 Thread Yi Sun\nbody text\n", "archive-text"),
])
def test_detects_files(tmp_path, content, expected):
    path = tmp_path / "input"
    path.write_bytes(content)
    assert detect_format(path) == expected


@pytest.mark.parametrize("content, reason", [
    (b"", "empty"),
    (b"   \n\n", "empty"),
    (bytes(range(256)) * 8, "binary"),
])
def test_rejects_with_a_reason(tmp_path, content, reason):
    path = tmp_path / "input"
    path.write_bytes(content)
    with pytest.raises(ArchiveFormatError, match=reason):
        detect_format(path)


def test_detects_folders(tmp_path):
    (tmp_path / "md" / "cur").mkdir(parents=True)
    (tmp_path / "pi" / "git" / "0.git").mkdir(parents=True)
    (tmp_path / "other").mkdir()
    assert detect_format(tmp_path / "md") == "maildir"
    assert detect_format(tmp_path / "pi") == "public-inbox"
    with pytest.raises(ArchiveFormatError):
        detect_format(tmp_path / "other")
