"""Does an import cost the same per message whatever the database already holds? Measured on real mail.

    python benchmarks/bench_growth.py ARCHIVE [--sizes 20000,100000] [--tail 10000]

ARCHIVE is a public-inbox inbox or epoch (the linux-pm epoch of the `linux-mailinglist-archives`
mirrors holds about 113,000 messages) or an mbox. The messages after the largest size, `--tail` of
them, are the probe: for each size S (and for an empty database) a fresh database is first filled with
the archive's first S messages, then the probe is imported into it, timed with the peak memory (PSS) of
all the import's processes. Flat means the probe costs the same per message at every size; the probe
links to more earlier mail in a fuller database (threads, quotations, answers), which is work the
empty database spares, not the cost of its size.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from bench_import import _first_messages, miner_import, timed  # noqa: E402
from miner.sources.mboxes import iter_mbox_items  # noqa: E402
from miner.sources.public_inbox import iter_public_inbox_items  # noqa: E402

_FROM_LINE_RE = re.compile(rb"^(>*From )", re.M)
_SEPARATOR = b"From mboxrd@z Thu Jan  1 00:00:00 1970\n"


def write_chunks(archive: Path, head_count: int, tail_count: int, out: Path) -> tuple[Path, Path, int]:
    """The archive's first `head_count` messages and the `tail_count` after them as two mboxrd files."""
    items = iter_public_inbox_items(archive) if archive.is_dir() else iter_mbox_items(archive)
    head, tail = out / "head.mbox", out / "tail.mbox"
    written = 0
    with open(head, "wb") as first, open(tail, "wb") as second:
        for item in items:
            if item.skipped:
                continue
            target = first if written < head_count else second
            raw = item.raw.replace(b"\r\n", b"\n")
            target.write(_SEPARATOR + _FROM_LINE_RE.sub(rb">\1", raw).rstrip(b"\n") + b"\n\n")
            written += 1
            if written == head_count + tail_count:
                break
    return head, tail, max(0, written - head_count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("archive", type=Path)
    parser.add_argument("--sizes", default="20000,100000", help="database sizes to probe at, comma-separated")
    parser.add_argument("--tail", type=int, default=10000, help="messages in the probe")
    args = parser.parse_args()
    sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()})
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        head, tail, probe = write_chunks(args.archive, sizes[-1], args.tail, out)
        if probe == 0:
            raise SystemExit(f"{args.archive} has no messages after the first {sizes[-1]}")
        print(f"probe: {probe} messages after the first {sizes[-1]} of {args.archive}")
        print(f"{'database':>10} {'fill s':>8} {'probe s':>8} {'ms/msg':>8} {'peak MiB':>9} {'vs empty':>9}")
        base = None
        for size in [0, *sizes]:
            db = out / f"grow-{size}.db"
            fill = 0.0
            if size:
                part = out / f"head-{size}.mbox"
                _first_messages(head, size, part)
                fill, _, _ = timed(miner_import(part, db))
                part.unlink()
            seconds, peak, _ = timed(miner_import(tail, db))
            per_message = seconds * 1000 / probe
            base = base or per_message
            print(f"{size:>10} {fill:>8.1f} {seconds:>8.1f} {per_message:>8.2f} {peak:>9.0f} {per_message / base:>8.2f}x",
                  flush=True)
            db.unlink()
            for extra in out.glob(f"grow-{size}.db-*"):
                extra.unlink()


if __name__ == "__main__":
    main()
