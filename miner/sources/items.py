"""What every local reader yields: a `RawItem`, one raw message with its provenance.

A `RawItem` is what an import worker needs to rebuild a message: the raw bytes and how to read them
(`rfc822` for mail, `page` for the text of one message cut from an archive page). The database keeps the
raw bytes (or, for an mbox or a public-inbox epoch, where the source keeps them: `db.raw`), so `miner
reextract` reads them again without going back to the archive site.
"""

from __future__ import annotations

from dataclasses import dataclass


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
    raw_offset: int | None = None  # where an mbox keeps the raw bytes (they end at `end`): stored by reference
    raw_object: str | None = None  # the git blob a public-inbox epoch (`source`) keeps them in: stored by reference
