"""Tell what kind of archive a path holds, from its first bytes (and, for folders, its layout)."""

from __future__ import annotations

import re
from pathlib import Path

from miner.errors import ArchiveFormatError

FORMATS = ("mbox", "maildir", "eml", "public-inbox", "archive-text", "html")
GZIP_MAGIC = b"\x1f\x8b"
# A From_ line ends in a ctime date ("From a@b  Thu Jan  1 00:00:00 1970"): requiring the weekday and the
# time keeps an unescaped body line such as "From the first patch ..." from starting a new message.
MBOX_FROM_RE = re.compile(rb"^From \S.*\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b.*\d{1,2}:\d\d")
_HEADER_RE = re.compile(rb"^[A-Za-z][A-Za-z0-9-]*:[ \t]")
_MAIL_HEADER_NAMES_RE = re.compile(rb"^(?:from|subject|date|message-id|received|return-path):", re.I | re.M)
_HTML_RE = re.compile(rb"<(?:!doctype html|html|head|body|pre)\b", re.I)


def looks_like_mail(head: bytes) -> bool:
    """True when `head` starts with an RFC 822 header (its first line a header naming a mail field)."""
    first = head.lstrip(b"\r\n").split(b"\n", 1)[0]
    end = head.find(b"\n\n")
    header = head[: end if end >= 0 else len(head)]
    return bool(_HEADER_RE.match(first)) and bool(_MAIL_HEADER_NAMES_RE.search(header))


def detect_format(path: str | Path) -> str:
    """One of FORMATS for a path; ArchiveFormatError for an empty, binary or unreadable input."""
    path = Path(path)
    if path.is_dir():
        if (path / "cur").is_dir() or (path / "new").is_dir():
            return "maildir"
        if (path / "git").is_dir() or path.suffix == ".git" or (path / "objects").is_dir():
            return "public-inbox"
        raise ArchiveFormatError(str(path), "folder is neither a maildir nor a public-inbox repository")
    try:
        with open(path, "rb") as handle:
            head = handle.read(8192)
    except OSError as exc:
        raise ArchiveFormatError(str(path), exc.strerror or str(exc)) from exc
    if not head.strip():
        raise ArchiveFormatError(str(path), "empty file")
    if head.startswith(GZIP_MAGIC):
        return "mbox"
    if MBOX_FROM_RE.match(head):
        return "mbox"
    if looks_like_mail(head):
        return "eml"
    if _HTML_RE.search(head[:4096]):
        return "html"
    if b"\x00" in head or _mostly_binary(head):
        raise ArchiveFormatError(str(path), "binary file, not a mail archive")
    return "archive-text"


def _mostly_binary(head: bytes) -> bool:
    try:
        head.decode("utf-8")
        return False
    except UnicodeDecodeError as exc:
        if exc.start > len(head) - 4:  # a character cut at the end of the sample
            return False
    controls = sum(1 for byte in head if byte < 9 or 13 < byte < 32)
    return controls > len(head) // 20
