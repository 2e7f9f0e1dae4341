"""Local sources: each yields the raw messages of one path with their provenance, one at a time.

A `RawItem` is what an import worker needs to rebuild a message: the raw bytes and how to read them
(`rfc822` for mail, `page` for the text of one message cut from an archive page). The raw bytes are what
the database keeps, so `miner reextract` reads them again without going back to the source.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from extractors.pages import find_page_messages
from miner.errors import ArchiveFormatError
from miner.sources.mboxes import MAX_MESSAGE_BYTES, iter_mbox
from miner.message.body import html_to_text



@dataclass(frozen=True)
class RawItem:
    """One message to import, or (with `skipped`) one that could not be read and why."""

    raw: bytes
    raw_format: str  # "rfc822" or "page"
    source: str  # the file, folder or URL it came from
    position: str  # where in the source: byte offset, file name, commit
    offset: int = 0  # byte offset in the source, for resuming an interrupted mbox import
    skipped: str | None = None


def iter_mbox_items(path: Path) -> Iterator[RawItem]:
    for entry in iter_mbox(path):
        yield RawItem(entry.raw, "rfc822", str(path), f"byte {entry.offset}", entry.offset, entry.skipped)


def iter_eml_items(path: Path) -> Iterator[RawItem]:
    size = path.stat().st_size
    if size > MAX_MESSAGE_BYTES:
        yield RawItem(b"", "rfc822", str(path), path.name, 0, f"message larger than {MAX_MESSAGE_BYTES} bytes")
        return
    yield RawItem(path.read_bytes(), "rfc822", str(path), path.name)


def iter_maildir_items(path: Path) -> Iterator[RawItem]:
    for sub in ("cur", "new"):
        folder = path / sub
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir()):
            if entry.is_file() and not entry.name.startswith("."):
                for item in iter_eml_items(entry):
                    yield RawItem(item.raw, item.raw_format, str(path), f"{sub}/{entry.name}", 0, item.skipped)


def split_page(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each distinct message on an archive page; repeated messages once."""
    lines = text.split("\n")
    return [(m.first_line, "\n".join(lines[m.first_line: m.last_line + 1]))
            for m in find_page_messages(text) if m.duplicate_of is None]


def iter_page_items(path: Path, html: bool = False) -> Iterator[RawItem]:
    if path.stat().st_size > MAX_MESSAGE_BYTES:
        yield RawItem(b"", "page", str(path), path.name, 0, f"page larger than {MAX_MESSAGE_BYTES} bytes")
        return
    text = path.read_bytes().decode("utf-8", errors="replace")
    if html:
        text = html_to_text(text)
    for first_line, chunk in split_page(text):
        yield RawItem(chunk.encode("utf-8"), "page", str(path), f"line {first_line + 1}")


def epochs(path: Path) -> list[Path]:
    """The git repositories of a public-inbox v2 inbox (`git/0.git`, `git/1.git`, ...) or a lone epoch."""
    if (path / "git").is_dir():
        found = [p for p in (path / "git").iterdir() if p.name.endswith(".git") and p.name[:-4].isdigit()]
        return sorted(found, key=lambda p: int(p.name[:-4]))
    return [path]


def epoch_head(epoch: Path) -> str | None:
    """The newest commit of an epoch, or None when it has none."""
    result = subprocess.run(["git", "--git-dir", str(epoch), "rev-parse", "--verify", "-q", "HEAD"],
                            capture_output=True, text=True)
    return result.stdout.strip() or None


def iter_public_inbox_items(path: Path, seen_heads: dict[str, str] | None = None) -> Iterator[RawItem]:
    """The messages of a public-inbox v2 inbox, oldest first, streamed through one `git cat-file --batch`
    process per epoch (never one process per message). `seen_heads` maps an epoch's path to the newest
    commit already imported from it: only commits after it are read."""
    seen_heads = seen_heads or {}
    for epoch in epochs(path):
        revisions = ["HEAD"]
        if seen_heads.get(str(epoch)):
            revisions.append(f"^{seen_heads[str(epoch)]}")
        try:
            commits = subprocess.run(
                ["git", "--git-dir", str(epoch), "rev-list", "--reverse", *revisions],
                check=True, capture_output=True, text=True).stdout.split()
        except (OSError, subprocess.CalledProcessError) as exc:
            raise ArchiveFormatError(str(epoch), f"not a readable git repository: {exc}") from exc
        yield from _cat_blobs(epoch, commits)


def _cat_blobs(epoch: Path, commits: list[str]) -> Iterator[RawItem]:
    process = subprocess.Popen(["git", "--git-dir", str(epoch), "cat-file", "--batch"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert process.stdin and process.stdout
    try:
        for start in range(0, len(commits), 256):
            window = commits[start:start + 256]
            process.stdin.write("".join(f"{c}:m\n" for c in window).encode())
            process.stdin.flush()
            for commit in window:
                header = process.stdout.readline().split()
                if len(header) < 3 or header[1] != b"blob":
                    # a commit without `m` is a deletion ("d") or not a message: nothing to import
                    continue
                size = int(header[2])
                data = process.stdout.read(size)
                process.stdout.read(1)
                yield RawItem(data, "rfc822", str(epoch), commit)
    finally:
        process.stdin.close()
        process.stdout.close()
        process.wait()


def iter_items(path: Path, kind: str) -> Iterator[RawItem]:
    """The raw messages of a path of a known kind (one of `miner.sources.formats.FORMATS`)."""
    readers = {"mbox": iter_mbox_items, "eml": iter_eml_items, "maildir": iter_maildir_items,
               "public-inbox": iter_public_inbox_items, "archive-text": iter_page_items,
               "html": lambda p: iter_page_items(p, html=True)}
    return readers[kind](path)
