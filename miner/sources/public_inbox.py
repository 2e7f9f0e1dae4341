"""public-inbox v2 inboxes: the messages of each git epoch, oldest first, through one `git cat-file`."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Iterator

from db.rows import RawRef
from miner.errors import ArchiveFormatError
from miner.sources.items import RawItem


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
    path = os.path.abspath(epoch)
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
                yield RawItem(data, "rfc822", str(epoch), commit, raw_at=RawRef(path, blob=header[0].decode()))
    finally:
        process.stdin.close()
        process.stdout.close()
        process.wait()
