"""Single-message files (`.eml`): one raw mail each, skipped with a reason when too large to hold."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from miner.sources.items import RawItem
from miner.sources.mboxes import MAX_MESSAGE_BYTES


def iter_eml_items(path: Path) -> Iterator[RawItem]:
    size = path.stat().st_size
    if size > MAX_MESSAGE_BYTES:
        yield RawItem(b"", "rfc822", str(path), path.name, 0, f"message larger than {MAX_MESSAGE_BYTES} bytes")
        return
    yield RawItem(path.read_bytes(), "rfc822", str(path), path.name)
