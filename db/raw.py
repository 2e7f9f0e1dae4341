"""The raw bytes of stored messages, read back: a zlib copy in `raw_messages`, or a reference into the
file or the public-inbox epoch the message was imported from.

A message read from an mbox, a public-inbox epoch, a `.eml` file or a maildir is not copied: the source
keeps its bytes, and `raw_messages` keeps where (`raw_path`, and the byte offset and length in the
mbox's stream, decompressed for a `.gz`, or the git blob in the epoch, or neither for a file holding
the one message) and the CRC-32 of the bytes, so a source that changed or went away gives None instead
of another message's bytes. Copying them cost a third of the database and a compression per message.
Only the text of a message cut from an archive page is copied, compressed: no file holds it as it was
read. An mbox escapes body lines that start with "From " as ">From "; the reference points at the
escaped bytes, and reading undoes the escaping, as the import did. A maildir file that a mail client
renamed (its flags after ":2,") or moved from `new/` to `cur/` is found again by its unique name. Blobs
are read through one `git cat-file --batch` per epoch, kept open like the files.
"""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import zlib
from typing import BinaryIO

_ESCAPED_FROM_RE = re.compile(rb"^>(>*From )", re.M)
GZIP_MAGIC = b"\x1f\x8b"


def unescape_mbox(raw: bytes) -> bytes:
    """The bytes of a message as written, from its mboxrd form (">From " lines lose one '>')."""
    return _ESCAPED_FROM_RE.sub(rb"\1", raw) if b">From " in raw else raw


def _maildir_unique(name: str) -> str:
    """The unique part of a maildir file name: before the info (":2,S"; "!" or ";" where ":" is not
    allowed in file names)."""
    return re.split(r"[:!;]", name, maxsplit=1)[0]


class RawFiles:
    """Reads raw messages, keeping each referenced file open: a `.gz` stream read in order (as
    re-extraction reads messages) is decompressed once, not once per message. Use as a context manager."""

    def __init__(self) -> None:
        self._open: dict[str, BinaryIO] = {}
        self._git: dict[str, subprocess.Popen] = {}
        self._maildirs: dict[str, dict[str, str]] = {}

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
        if path is not None and offset is None and length is None:
            raw = self._whole_file(path)
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

    def _whole_file(self, path: str) -> bytes | None:
        """The bytes of a file holding one message, looked up again by its unique name in a maildir."""
        for candidate in (path, self._maildir_moved(path)):
            if candidate is not None:
                try:
                    with open(candidate, "rb") as handle:
                        return handle.read()
                except OSError:
                    continue
        return None

    def _maildir_moved(self, path: str) -> str | None:
        """Where a maildir message file is now, when it is gone from `path`: maildir names a message
        "<unique>:2,<flags>" in `cur/` and "<unique>" in `new/`, and a client renames it as the flags change
        (read, replied) or moves it from `new/` to `cur/`; the unique part stays."""
        folder, name = os.path.split(path)
        maildir, sub = os.path.split(folder)
        if sub not in ("cur", "new"):
            return None
        if maildir not in self._maildirs:
            self._maildirs[maildir] = {}
            for part in ("new", "cur"):
                try:
                    entries = os.listdir(os.path.join(maildir, part))
                except OSError:
                    continue
                for entry in entries:
                    self._maildirs[maildir][_maildir_unique(entry)] = os.path.join(maildir, part, entry)
        return self._maildirs[maildir].get(_maildir_unique(name))

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
