"""Maildir folders: the files of `cur/` and `new/`, in name order, each one message."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from miner.sources.eml import iter_eml_items
from miner.sources.items import RawItem


def iter_maildir_items(path: Path) -> Iterator[RawItem]:
    for sub in ("cur", "new"):
        folder = path / sub
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir()):
            if entry.is_file() and not entry.name.startswith("."):
                for item in iter_eml_items(entry):
                    yield RawItem(item.raw, item.raw_format, str(path), f"{sub}/{entry.name}", 0, item.skipped)
