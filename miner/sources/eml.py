"""Single-message files (`.eml`): one raw mail each, skipped with a reason when too large to hold. The
file keeps the bytes, so the database keeps only a reference to it (`db.raw`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

from db.rows import RawRef
from miner.sources.items import RawItem
from miner.sources.mboxes import MAX_MESSAGE_BYTES


def iter_eml_items(path: Path) -> Iterator[RawItem]:
    size = path.stat().st_size
    if size > MAX_MESSAGE_BYTES:
        yield RawItem(b"", "rfc822", str(path), path.name, 0, f"message larger than {MAX_MESSAGE_BYTES} bytes")
        return
    yield RawItem(path.read_bytes(), "rfc822", str(path), path.name, raw_at=RawRef(os.path.abspath(path)))
