"""The raw bytes of stored messages, read back: a zlib copy in `raw_messages`, or a reference into the
mbox file the message was imported from.

A message read from an mbox is not copied: the file keeps its bytes, and `raw_messages` keeps where
(`raw_path`, the byte offset and length in its stream, decompressed for a `.gz`) and the CRC-32 of the
bytes, so a file that changed or went away gives None instead of another message's bytes. Copying them
cost a third of the database and a compression per message. Every other source (maildir, public-inbox,
archive pages, crawls) is copied, compressed. An mbox escapes body lines that start with "From " as
">From "; the reference points at the escaped bytes, and reading undoes the escaping, as the import did.
"""

from __future__ import annotations

import gzip
import re
import zlib
from typing import BinaryIO

_ESCAPED_FROM_RE = re.compile(rb"^>(>*From )", re.M)
GZIP_MAGIC = b"\x1f\x8b"


def unescape_mbox(raw: bytes) -> bytes:
    """The bytes of a message as written, from its mboxrd form (">From " lines lose one '>')."""
    return _ESCAPED_FROM_RE.sub(rb"\1", raw) if b">From " in raw else raw


class RawFiles:
    """Reads raw messages, keeping each referenced file open: a `.gz` stream read in order (as
    re-extraction reads messages) is decompressed once, not once per message. Use as a context manager."""

    def __init__(self) -> None:
        self._open: dict[str, BinaryIO] = {}

    def read(self, raw_zlib: bytes | None, path: str | None, offset: int | None, length: int | None,
             crc32: int | None) -> bytes | None:
        """The raw bytes of one message, or None when neither a copy nor a readable, unchanged reference
        is stored (the file is missing, or its bytes there are not the ones imported)."""
        if raw_zlib is not None:
            try:
                return zlib.decompress(raw_zlib)
            except zlib.error:
                return None
        if path is None or offset is None or length is None:
            return None
        try:
            handle = self._handle(path)
            handle.seek(offset)  # forward in a gzip stream: decompresses only the bytes in between
            data = handle.read(length)
        except (OSError, EOFError, zlib.error):
            self._close(path)
            return None
        raw = unescape_mbox(data)
        return raw if len(data) == length and zlib.crc32(raw) == crc32 else None

    def _handle(self, path: str) -> BinaryIO:
        if path not in self._open:
            with open(path, "rb") as probe:
                gzipped = probe.read(2) == GZIP_MAGIC
            self._open[path] = gzip.open(path, "rb") if gzipped else open(path, "rb")
        return self._open[path]

    def _close(self, path: str) -> None:
        handle = self._open.pop(path, None)
        if handle is not None:
            handle.close()

    def __enter__(self) -> "RawFiles":
        return self

    def __exit__(self, *exc_info) -> None:
        for path in list(self._open):
            self._close(path)
