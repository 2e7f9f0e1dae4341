"""Tell what kind of archive a path holds, from its first bytes (and, for folders, its layout), and read
it with the reader of that kind."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Iterator

from miner.errors import ArchiveFormatError
from miner.sources.eml import iter_eml_items
from miner.sources.items import RawItem
from miner.sources.maildir import iter_maildir_items
from miner.sources.mboxes import GZIP_MAGIC, MBOX_FROM_RE, iter_mbox_items
from miner.sources.pages import iter_page_items
from miner.sources.public_inbox import iter_public_inbox_items

# The reader of each format `miner import --format` names.
READERS: dict[str, Callable[[Path], Iterator[RawItem]]] = {
    "mbox": iter_mbox_items, "maildir": iter_maildir_items, "eml": iter_eml_items,
    "public-inbox": iter_public_inbox_items, "archive-text": iter_page_items,
    "html": lambda path: iter_page_items(path, html=True)}
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
    """The format of a path (a key of READERS); ArchiveFormatError for an empty, binary or unreadable input."""
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


def iter_items(path: Path, kind: str) -> Iterator[RawItem]:
    """The raw messages of a path of a known kind (a key of READERS)."""
    return READERS[kind](path)
