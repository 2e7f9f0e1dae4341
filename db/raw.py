"""The raw bytes of stored messages, read back: a zlib copy in `raw_messages`, or a reference into the
mbox file or the public-inbox epoch the message was imported from.

A message read from an mbox or a public-inbox epoch is not copied: the source keeps its bytes, and
`raw_messages` keeps where (`raw_path`, and the byte offset and length in the mbox's stream,
decompressed for a `.gz`, or the git blob in the epoch) and the CRC-32 of the bytes, so a source that
changed or went away gives None instead of another message's bytes. Copying them cost a third of the
database and a compression per message. Every other source (maildir, `.eml`, archive pages, crawls) is
copied, compressed. An mbox escapes body lines that start with "From " as ">From "; the reference
points at the escaped bytes, and reading undoes the escaping, as the import did. Blobs are read
through one `git cat-file --batch` per epoch, kept open like the files.
"""

from __future__ import annotations

import gzip
import re
import subprocess
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
        self._git: dict[str, subprocess.Popen] = {}

    def read(self, raw_zlib: bytes | None, path: str | None, offset: int | None, length: int | None,
             blob: str | None, crc32: int | None) -> bytes | None:
        """The raw bytes of one message, or None when neither a copy nor a readable, unchanged reference
        is stored (the file or repository is missing, or its bytes there are not the ones imported)."""
        if raw_zlib is not None:
            try:
                return zlib.decompress(raw_zlib)
            except zlib.error:
                return None
        if path is not None and blob is not None:
            raw = self._blob(path, blob)
            return raw if raw is not None and zlib.crc32(raw) == crc32 else None
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

    def _blob(self, repository: str, blob: str) -> bytes | None:
        """A blob's bytes from a git repository, or None when the repository or the blob is missing."""
        try:
            process = self._git.get(repository)
            if process is None:
                process = subprocess.Popen(["git", "--git-dir", repository, "cat-file", "--batch"],
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                self._git[repository] = process
            assert process.stdin and process.stdout
            process.stdin.write(blob.encode() + b"\n")
            process.stdin.flush()
            header = process.stdout.readline().split()
            if len(header) != 3 or header[1] != b"blob":
                return None  # "<name> missing", or no answer from a repository that is gone
            data = process.stdout.read(int(header[2]))
            process.stdout.read(1)
            return data
        except (OSError, ValueError):
            self._stop(repository)
            return None

    def _stop(self, repository: str) -> None:
        process = self._git.pop(repository, None)
        if process is not None:
            for stream in (process.stdin, process.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
            process.wait()

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
        for repository in list(self._git):
            self._stop(repository)
