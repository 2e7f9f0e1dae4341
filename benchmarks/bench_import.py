"""Benchmark `miner import` against the naive stdlib importer on the same generated archive.

    python benchmarks/bench_import.py [N ...]      (default: 20000 100000)

For each N: generate an LKML-like mbox (benchmarks/generate_archive.py), time the naive parse
(`mailbox.mbox` + `email.message_from_bytes(policy=default)` + decoding the text body), time the whole
`miner import` (parsing, threading, extraction and writes) into a fresh database, then the re-import of
the same file. Prints messages/second, the ratio to the naive parse, and peak memory: the largest RSS of
any one of the import's processes and of all of them together (writer, fork server, workers), sampled
from /proc. Peak memory should not grow with N.
"""

from __future__ import annotations

import email
import email.policy
import mailbox
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate_archive import generate  # noqa: E402


def naive_parse(path: Path) -> int:
    """What a first importer would do with the stdlib alone."""
    count = 0
    box = mailbox.mbox(str(path), factory=None, create=False)
    for key in box.iterkeys():
        msg = email.message_from_bytes(box.get_bytes(key), policy=email.policy.default)
        part = msg.get_body(preferencelist=("plain", "html"))
        if part is not None:
            try:
                part.get_content()
            except (LookupError, ValueError):
                pass
        count += 1
    return count


def _descendants_rss(root: int) -> dict[int, int]:
    """RSS in KiB of `root` and every process below it (the import's fork server and workers)."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                parents[int(entry)] = int(handle.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/status") as handle:
                rss[int(entry)] = next((int(line.split()[1]) for line in handle if line.startswith("VmRSS:")), 0)
        except (OSError, ValueError, IndexError):
            continue
    family, grew = {root}, True
    while grew:
        below = {pid for pid, parent in parents.items() if parent in family} - family
        family |= below
        grew = bool(below)
    return {pid: rss.get(pid, 0) for pid in family}


def timed_import(path: Path, db: Path) -> tuple[float, float, float]:
    """Seconds of one `miner import` run, and the peak RSS (MiB) of its largest process and of all its
    processes together (the writer, the fork server and the workers), sampled every quarter second."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "miner", "import", "--db", str(db), str(path)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    largest = total = 0
    while process.poll() is None:
        sizes = _descendants_rss(process.pid)
        largest, total = max(largest, max(sizes.values(), default=0)), max(total, sum(sizes.values()))
        time.sleep(0.25)
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"miner import exited with {process.returncode}")
    return elapsed, largest / 1024, total / 1024


def main(sizes: list[int]) -> None:
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    for n in sizes:
        archive = out / f"lkml-{n}.mbox"
        if not archive.exists():
            with open(archive, "wb") as handle:
                generate(n, handle)
        size_mb = archive.stat().st_size / 1e6
        start = time.perf_counter()
        naive_count = naive_parse(archive)
        naive = time.perf_counter() - start
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "bench.db"
            first, largest, total = timed_import(archive, db)
            again, _, _ = timed_import(archive, db)
        print(f"{n} messages ({size_mb:.0f} MB, naive parser counted {naive_count}):")
        print(f"  naive stdlib parse   {naive:8.1f} s  {n / naive:8.0f} msg/s")
        print(f"  miner import         {first:8.1f} s  {n / first:8.0f} msg/s  ratio {first / naive:.2f}  "
              f"peak RSS {largest:.0f} MiB (largest process), {total:.0f} MiB (all processes)")
        print(f"  re-import            {again:8.1f} s  ({again / first:.1%} of the first import)")
        sys.stdout.flush()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main([int(a) for a in sys.argv[1:]] or [20000, 100000])
