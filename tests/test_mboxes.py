"""Streaming mbox reader: From_ lines, escaping, gzip, truncation, oversized messages."""

from __future__ import annotations

import gzip

import pytest

from miner.sources import mboxes
from miner.sources.mboxes import iter_mbox

from conftest import DATA


def test_splits_only_on_real_from_lines():
    entries = list(iter_mbox(DATA / "mail" / "0001-thread-missing-parent.mbox"))
    assert len(entries) == 5
    assert b"From the first patch" in entries[1].raw  # an unescaped body line did not split
    assert b"\nFrom what I see" in entries[2].raw  # ">From" was unescaped one level
    assert [e.first_line for e in entries][:2] == [0, 8]


def test_gzip_gives_the_same_messages(tmp_path):
    plain = (DATA / "mail" / "0001-thread-missing-parent.mbox").read_bytes()
    packed = tmp_path / "a.mbox.gz"
    packed.write_bytes(gzip.compress(plain))
    assert [e.raw for e in iter_mbox(packed)] == [e.raw for e in iter_mbox(DATA / "mail" / "0001-thread-missing-parent.mbox")]


def test_truncated_gzip_reports_a_skip_after_what_it_could_read(tmp_path):
    plain = (DATA / "mail" / "0001-thread-missing-parent.mbox").read_bytes()
    packed = gzip.compress(plain)
    path = tmp_path / "cut.mbox.gz"
    path.write_bytes(packed[: len(packed) // 2])
    entries = list(iter_mbox(path))
    assert entries[-1].skipped and "truncated" in entries[-1].skipped
    assert any(e.raw for e in entries[:-1])


def test_oversized_message_is_skipped_not_held(tmp_path, monkeypatch):
    monkeypatch.setattr(mboxes, "MAX_MESSAGE_BYTES", 1000)
    path = tmp_path / "big.mbox"
    path.write_bytes(b"From a@b Mon Mar  2 09:00:00 2026\nSubject: big\n\n" + b"x" * 80 + b"\n" * 0
                     + (b"y" * 99 + b"\n") * 50
                     + b"\nFrom a@b Mon Mar  2 09:00:01 2026\nSubject: small\n\nok\n")
    entries = list(iter_mbox(path))
    assert entries[0].skipped and "larger" in entries[0].skipped and entries[0].raw == b""
    assert entries[1].raw.startswith(b"Subject: small")


@pytest.mark.parametrize("content, n", [
    (b"", 0),
    (b"Subject: no From_ line\n\nbody\n", 1),
    (b"From a@b Mon Mar  2 09:00:00 2026\n", 1),
])
def test_edge_shapes(tmp_path, content, n):
    path = tmp_path / "x.mbox"
    path.write_bytes(content)
    assert len(list(iter_mbox(path))) == n


def test_offsets_and_lines_point_at_each_from_line():
    path = DATA / "mail" / "0001-thread-missing-parent.mbox"
    data = path.read_bytes()
    for entry in iter_mbox(path):
        assert data[entry.offset:].startswith(b"From ")
        assert data[:entry.offset].count(b"\n") == entry.first_line


@pytest.mark.parametrize("block", [1, 7, 64])
def test_block_boundaries_do_not_change_the_messages(monkeypatch, block):
    path = DATA / "mail" / "0001-thread-missing-parent.mbox"
    expected = [(e.raw, e.offset, e.first_line) for e in iter_mbox(path)]
    monkeypatch.setattr(mboxes, "_BLOCK", block)
    assert [(e.raw, e.offset, e.first_line) for e in iter_mbox(path)] == expected


def test_oversized_message_split_over_blocks_keeps_the_next_offsets(tmp_path, monkeypatch):
    monkeypatch.setattr(mboxes, "MAX_MESSAGE_BYTES", 300)
    monkeypatch.setattr(mboxes, "_BLOCK", 64)
    first = b"From a@b Mon Mar  2 09:00:00 2026\nSubject: big\n\n" + b"y" * 99 + b"\n" * 20 + b"z\n" * 300 + b"\n"
    second = b"From a@b Mon Mar  2 09:00:01 2026\nSubject: small\n\nok\n"
    path = tmp_path / "big.mbox"
    path.write_bytes(first + second)
    entries = list(iter_mbox(path))
    assert entries[0].skipped and entries[1].raw == b"Subject: small\n\nok\n"
    assert (entries[1].offset, entries[1].first_line) == (len(first), first.count(b"\n"))
