"""What every local reader yields: a `RawItem`, one raw message with its provenance.

A `RawItem` is what an import worker needs to rebuild a message: the raw bytes and how to read them
(`rfc822` for mail, `page` for the text of one message cut from an archive page). The database keeps
where the source keeps the raw bytes (`raw_at`: an mbox's byte range, a public-inbox blob, a `.eml` or
maildir file; `db.raw`), or a copy where it keeps none (the text cut from a page), so `miner reextract`
reads them again without going back to the archive site.
"""

from __future__ import annotations

from dataclasses import dataclass

from db.rows import RawRef


@dataclass(frozen=True)
class RawItem:
    """One message to import, or (with `skipped`) one that could not be read and why."""

    raw: bytes
    raw_format: str  # "rfc822" or "page"
    source: str  # the file, folder or URL it came from
    position: str  # where in the source: byte offset, file name, commit
    offset: int = 0  # byte offset in the source
    skipped: str | None = None
    end: int = 0  # byte offset after the message in the source: where an interrupted import resumes
    raw_at: RawRef | None = None  # where the source keeps exactly these bytes: stored by reference, not copied
