"""Stream the messages of an mbox file (plain or gzip) with their byte and line offsets.

The stdlib `mailbox.mbox` builds a table of contents by reading the whole file first and cannot read
gzip; an import of a multi-gigabyte archive wants one pass and constant memory, so this reader scans
lines itself. A "From " line starts a message only at the start of the file or after a blank line (as
mboxrd/mboxo writers leave it), so a "From " inside a body that was not escaped does not split a message.
Escaped body lines (">From ", ">>From ") are unescaped one level, as mboxrd specifies.
"""

from __future__ import annotations

import gzip
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterator

from miner.errors import ArchiveFormatError
from miner.formats import GZIP_MAGIC, MBOX_FROM_RE

_ESCAPED_FROM_RE = re.compile(rb"^>(>*From )")
MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # a message larger than this is skipped, never held in memory whole
MAX_GZIP_RATIO = 200  # a .gz expanding more than this many times its size is treated as a bomb


@dataclass(frozen=True)
class MboxEntry:
    """One message of an mbox: raw bytes (no From_ line), offsets of its From_ line, or why it was skipped."""

    raw: bytes
    offset: int  # byte offset of the From_ line in the (decompressed) stream
    first_line: int  # 0-based line number of the From_ line
    skipped: str | None = None  # the reason when the message could not be kept


class _BombGuard:
    """A file object wrapper that stops reading a gzip stream once it expands suspiciously far."""

    def __init__(self, stream: BinaryIO, compressed_size: int):
        self._stream = stream
        self._limit = max(compressed_size * MAX_GZIP_RATIO, 64 * 1024 * 1024)
        self._read = 0

    def readline(self) -> bytes:
        line = self._stream.readline(MAX_MESSAGE_BYTES + 1)
        self._read += len(line)
        if self._read > self._limit:
            raise ArchiveFormatError("gzip", f"expands beyond {self._limit} bytes (gzip bomb?)")
        return line


def _open(path: Path):
    with open(path, "rb") as probe:
        magic = probe.read(2)
    if magic == GZIP_MAGIC:
        stream = gzip.open(path, "rb")
        return stream, _BombGuard(stream, path.stat().st_size)
    stream = open(path, "rb")
    return stream, stream


def iter_mbox(path: str | Path) -> Iterator[MboxEntry]:
    """Yield the messages of an mbox in order. A truncated gzip ends the stream with one skipped entry
    saying so; a message over MAX_MESSAGE_BYTES is yielded as skipped (its bytes are not kept)."""
    path = Path(path)
    stream, reader = _open(path)
    with stream:
        chunks: list[bytes] = []
        size = 0
        too_big = False
        start_offset = start_line = 0
        offset = line_number = 0
        previous_blank = True
        started = False

        def entry() -> MboxEntry:
            if too_big:
                return MboxEntry(b"", start_offset, start_line, f"message larger than {MAX_MESSAGE_BYTES} bytes")
            return MboxEntry(b"".join(chunks), start_offset, start_line)

        while True:
            try:
                line = reader.readline()
            except (EOFError, zlib.error, OSError) as exc:
                if started:
                    yield entry()
                yield MboxEntry(b"", offset, line_number, f"archive is truncated or corrupt: {exc}")
                return
            if not line:
                break
            if previous_blank and MBOX_FROM_RE.match(line):
                if started:
                    yield entry()
                started, chunks, size, too_big = True, [], 0, False
                start_offset, start_line = offset, line_number
            elif not started:
                if line.strip():  # text before the first From_ line: not an mbox message
                    started, start_offset, start_line = True, offset, line_number
                    chunks, size, too_big = [line], len(line), False
            else:
                if not too_big:
                    if line.startswith(b">") and _ESCAPED_FROM_RE.match(line):
                        line = line[1:]
                    size += len(line)
                    if size > MAX_MESSAGE_BYTES:
                        too_big, chunks = True, []
                    else:
                        chunks.append(line)
            previous_blank = line in (b"\n", b"\r\n")
            offset += len(line)
            line_number += 1
        if started:
            yield entry()
