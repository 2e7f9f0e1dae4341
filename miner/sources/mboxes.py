"""Stream the messages of an mbox file (plain or gzip) with their byte and line offsets.

The stdlib `mailbox.mbox` builds a table of contents by reading the whole file first and cannot read
gzip; an import of a multi-gigabyte archive wants one pass and constant memory, so this reader scans
the bytes itself, in blocks. A "From " line starts a message only at the start of the file or after a blank line (as
mboxrd/mboxo writers leave it), so a "From " inside a body that was not escaped does not split a message.
Escaped body lines (">From ", ">>From ") are unescaped one level, as mboxrd specifies.

A reader can start at a byte offset of the stream, the end of what an earlier import read: the bytes before
it are read (a gzip stream has to be) and hashed but not scanned, and when they are not the bytes read then
(their SHA-1 differs) the whole stream is scanned after all. So a grown mbox costs its new messages.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterator

from db.raw import GZIP_MAGIC, unescape_mbox
from db.rows import RawRef
from miner.errors import ArchiveFormatError
from miner.sources.items import RawItem

# A From_ line ends in a ctime date ("From a@b  Thu Jan  1 00:00:00 1970"): requiring the weekday and the
# time keeps an unescaped body line such as "From the first patch ..." from starting a new message.
MBOX_FROM_RE = re.compile(rb"^From \S.*\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b.*\d{1,2}:\d\d")
MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # a message larger than this is skipped, never held in memory whole
MAX_GZIP_RATIO = 200  # a .gz expanding more than this many times its size is treated as a bomb
_BLOCK = 1 << 20  # bytes read at a time


@dataclass(frozen=True)
class MboxEntry:
    """One message of an mbox: raw bytes (no From_ line), offsets of its From_ line, or why it was skipped."""

    raw: bytes
    offset: int  # byte offset of the From_ line in the (decompressed) stream
    first_line: int  # 0-based line number of the From_ line
    skipped: str | None = None  # the reason when the message could not be kept
    end: int = 0  # byte offset just after the message: where the next one starts
    raw_offset: int | None = None  # byte offset of the raw bytes (after the From_ line); they end at `end`


@dataclass(frozen=True)
class StreamState:
    """How many bytes of an mbox's (decompressed) stream were read, and their SHA-1."""

    size: int
    sha1: str


class _BombGuard:
    """A file object wrapper that stops reading a gzip stream once it expands suspiciously far."""

    def __init__(self, stream: BinaryIO, compressed_size: int):
        self._stream = stream
        self._limit = max(compressed_size * MAX_GZIP_RATIO, 64 * 1024 * 1024)
        self._read = 0

    def read1(self, size: int) -> bytes:
        block = self._stream.read1(size)
        self._read += len(block)
        if self._read > self._limit:
            raise ArchiveFormatError("gzip", f"expands beyond {self._limit} bytes (gzip bomb?)")
        return block


def _open(path: Path):
    with open(path, "rb") as probe:
        magic = probe.read(2)
    if magic == GZIP_MAGIC:
        stream = gzip.open(path, "rb")
        return stream, _BombGuard(stream, path.stat().st_size)
    stream = open(path, "rb")
    return stream, stream


def _blank_before(buf: bytes, newline: int) -> bool:
    """True when the line that ends at `newline` (the index of its "\n") is empty ("\n" or "\r\n")."""
    if newline >= 1 and buf[newline - 1] == 10:
        return True
    return newline >= 2 and buf[newline - 1] == 13 and buf[newline - 2] == 10


class _Stream:
    """The decompressed bytes of an mbox in blocks, counting and hashing every byte read."""

    def __init__(self, reader):
        self.reader = reader
        self.size = 0
        self.sha1 = hashlib.sha1()

    def read1(self, size: int) -> bytes:
        block = self.reader.read1(size)
        self.sha1.update(block)
        self.size += len(block)
        return block

    def skip(self, count: int) -> tuple[str, bytes, int]:
        """Read past the first `count` bytes: (their SHA-1, what the last block held after them, how many
        lines they had). A stream that ends or breaks before `count` gives the SHA-1 of what it had."""
        lines = 0
        while self.size < count:
            try:
                block = self.reader.read1(_BLOCK)
            except (EOFError, zlib.error, OSError):
                block = b""
            if not block:
                return self.sha1.hexdigest(), b"", lines
            cut = min(len(block), count - self.size)
            self.sha1.update(block[:cut])
            lines += block.count(b"\n", 0, cut)
            self.size += cut
            if self.size == count:
                prefix = self.sha1.hexdigest()
                self.sha1.update(block[cut:])
                self.size += len(block) - cut
                return prefix, block[cut:], lines
        return self.sha1.hexdigest(), b"", lines


class MboxReader:
    """The messages of one mbox file (plain or gzip), from the start or from where an earlier read ended.

    With `start`, scanning begins at that stream offset; with `start_sha1` too, only when the bytes before
    it still have that SHA-1 (else from the start, and `restarted` says so). After `entries()` has run to
    its end, `state` holds the size and SHA-1 of the whole stream, for the next read to start from."""

    def __init__(self, path: str | Path, start: int = 0, start_sha1: str | None = None):
        self.path = Path(path)
        self.start, self.start_sha1 = start, start_sha1
        self.restarted = False
        self.state: StreamState | None = None

    def entries(self) -> Iterator[MboxEntry]:
        """Yield the messages in order. A truncated gzip ends the stream with one skipped entry saying so;
        a message over MAX_MESSAGE_BYTES is yielded as skipped (its bytes are not kept)."""
        handle, reader = _open(self.path)
        try:
            stream, head, lines = _Stream(reader), b"", 0
            if self.start:
                prefix, head, lines = stream.skip(self.start)
                if self.start_sha1 is not None and prefix != self.start_sha1:
                    handle.close()
                    handle, reader = _open(self.path)
                    stream, head, lines, self.restarted = _Stream(reader), b"", 0, True
            base = 0 if self.restarted else self.start
            yield from _Scanner(stream, head, base, lines).entries()
            self.state = StreamState(stream.size, stream.sha1.hexdigest())
        finally:
            handle.close()

    def items(self) -> Iterator[RawItem]:
        """The messages as RawItems, each with its byte offsets (where a resumed import restarts)."""
        path = os.path.abspath(self.path)
        for entry in self.entries():
            raw_at = None if entry.raw_offset is None else RawRef(path, entry.raw_offset, entry.end - entry.raw_offset)
            yield RawItem(entry.raw, "rfc822", str(self.path), f"byte {entry.offset}", entry.offset, entry.skipped,
                          entry.end, raw_at)


def iter_mbox(path: str | Path) -> Iterator[MboxEntry]:
    """Yield the messages of an mbox in order (see `MboxReader.entries`)."""
    return MboxReader(path).entries()


def iter_mbox_items(path: Path) -> Iterator[RawItem]:
    """The messages of an mbox as RawItems, each with its byte offsets."""
    return MboxReader(path).items()


class _Scanner:
    """Reads an mbox in blocks and looks only where a line starts with "From ", so a message costs a few
    searches instead of a Python step per line.

    `buf[start:]` is the current message from its first line; its raw bytes begin at `body` (after its
    From_ line); `search` is where the next look for a From_ line begins. `offset` and `line` are the
    stream position and line number of `buf[start]`.
    """

    def __init__(self, reader, head: bytes = b"", base_offset: int = 0, base_line: int = 0):
        self.reader = reader
        self.buf = head  # the stream from `base_offset` (line `base_line`) on
        self.base_offset, self.base_line = base_offset, base_line
        self.start = self.body = self.search = 0
        self.offset = self.line = 0
        self.dropped_bytes = self.dropped_lines = 0  # of an oversized message, no longer in buf
        self.too_big = False
        self.eof = False
        self.error: Exception | None = None

    def entries(self) -> Iterator[MboxEntry]:
        if not self._find_first_message():
            return
        while True:
            yield from self._complete_messages()
            if self.eof:
                yield self._entry(len(self.buf))
                if self.error:
                    yield MboxEntry(b"", self.offset + self.dropped_bytes + len(self.buf) - self.start,
                                    self.line + self.dropped_lines + self.buf.count(b"\n", self.start),
                                    f"archive is truncated or corrupt: {self.error}")
                return
            self._drop_oversized()
            self._read()

    def _read(self) -> None:
        """Append the next block, first dropping what lies before the current message. A read error
        (truncated or corrupt gzip) ends the stream where it happened and is kept in `error`."""
        try:
            block = self.reader.read1(_BLOCK)
        except (EOFError, zlib.error, OSError) as exc:
            self.error, block = exc, b""
        if not block:
            self.eof = True
            return
        if self.start:
            self.buf, self.body, self.search = (self.buf[self.start:], self.body - self.start,
                                                self.search - self.start)
            self.start = 0
        self.buf += block

    def _find_first_message(self) -> bool:
        """Skip leading blank lines; a file that does not open with a From_ line is one message so far.
        False for a file with nothing in it."""
        while True:
            if not self.buf or self.buf.lstrip().find(b"\n") < 0:
                self._read()
            stripped = self.buf.lstrip()
            first_end = stripped.find(b"\n")
            if stripped and (first_end >= 0 or self.eof):
                break
            if self.eof:
                return False  # (a file truncated before its first line is reported by `detect_format`)
        cut = self.buf.rfind(b"\n", 0, len(self.buf) - len(stripped)) + 1
        self.offset, self.line, self.start = self.base_offset + cut, self.base_line + self.buf.count(b"\n", 0, cut), cut
        first_line = stripped if first_end < 0 else stripped[:first_end + 1]
        self.body = self.search = cut + (len(first_line) if MBOX_FROM_RE.match(first_line) else 0)
        return True

    def _complete_messages(self) -> Iterator[MboxEntry]:
        """Every message in buf that a From_ line closes."""
        buf = self.buf
        while True:
            candidate = buf.find(b"\nFrom ", self.search)
            if candidate < 0:
                self.search = max(self.body, len(buf) - 6)  # a partial "\nFrom" may end the block
                return
            end = buf.find(b"\n", candidate + 1)
            if end < 0 and not self.eof:
                self.search = candidate  # the From line is not complete yet
                return
            from_line = buf[candidate + 1:] if end < 0 else buf[candidate + 1:end + 1]
            if not (_blank_before(buf, candidate) and MBOX_FROM_RE.match(from_line)):
                self.search = candidate + 1
                continue
            yield self._entry(candidate + 1)
            self.line += self.dropped_lines + buf.count(b"\n", self.start, candidate + 1)
            self.offset += self.dropped_bytes + candidate + 1 - self.start
            self.start = candidate + 1
            self.body = self.search = self.start + len(from_line)
            self.too_big, self.dropped_bytes, self.dropped_lines = False, 0, 0

    def _drop_oversized(self) -> None:
        """Past MAX_MESSAGE_BYTES the current message is skipped: keep its From_ line and what the next
        search needs, count the lines dropped."""
        if not self.too_big and self.search - self.body <= MAX_MESSAGE_BYTES:
            return
        self.too_big = True
        keep = max(self.body, self.search - 2)  # two bytes before "\nFrom" tell whether a blank line precedes
        self.dropped_lines += self.buf.count(b"\n", self.body, keep)
        self.dropped_bytes += keep - self.body
        self.buf = self.buf[:self.body] + self.buf[keep:]
        self.search -= keep - self.body

    def _entry(self, end: int) -> MboxEntry:
        stream_end = self.offset + self.dropped_bytes + end - self.start
        if self.too_big or end - self.body > MAX_MESSAGE_BYTES:
            return MboxEntry(b"", self.offset, self.line, f"message larger than {MAX_MESSAGE_BYTES} bytes", stream_end)
        return MboxEntry(unescape_mbox(self.buf[self.body:end]), self.offset, self.line, None, stream_end,
                         self.offset + self.body - self.start)
