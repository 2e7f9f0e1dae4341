"""Maildir folders: the files of `cur/` and `new/`, in name order, each one message, kept by reference to
its file (which a mail client may rename or move to `cur/`: `db.raw` finds it again)."""

from __future__ import annotations

import dataclasses
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
                    yield dataclasses.replace(item, source=str(path), position=f"{sub}/{entry.name}")
