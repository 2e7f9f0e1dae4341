"""Benchmark `miner import` against the naive stdlib importer on the same generated archive.

    python benchmarks/bench_import.py [N ...] [--rounds R]     (default: 20000 100000, one round)

For each N: generate an LKML-like mbox (benchmarks/generate_archive.py); then, R times in turn, time the
naive parse (`mailbox.mbox` + `email.message_from_bytes(policy=default)` + decoding the text body), the
whole `miner import` (parsing, threading, extraction and writes) into a fresh database, and the
re-import of the same file. Prints messages/second, the ratio to the naive parse (per round and over
all rounds), and peak memory: the largest RSS of any one of the import's processes and the PSS of all
of them together (writer, fork server, workers), sampled from /proc. Peak memory should not grow with N.
"""

from __future__ import annotations

import argparse
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


def _descendants_memory(root: int) -> dict[int, dict[str, int]]:
    """RSS and PSS (KiB) of `root` and every process below it (the import's fork server and workers).
    PSS shares each page among the processes that map it, so PSS adds up across processes."""
    parents: dict[int, int] = {}
    rss: dict[int, dict[str, int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                parents[int(entry)] = int(handle.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/smaps_rollup") as handle:
                rss[int(entry)] = {line.split(":")[0]: int(line.split()[1]) for line in handle
                                   if line.startswith(("Rss:", "Pss:"))}
        except (OSError, ValueError, IndexError):
            continue
    family, grew = {root}, True
    while grew:
        below = {pid for pid, parent in parents.items() if parent in family} - family
        family |= below
        grew = bool(below)
    return {pid: rss.get(pid, {}) for pid in family}


def timed_import(path: Path, db: Path) -> tuple[float, float, float]:
    """Seconds of one `miner import` run, the peak RSS (MiB) of its largest process and the peak PSS of all
    its processes together (the writer, the fork server and the workers), sampled every quarter second."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "miner", "import", "--db", str(db), str(path)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    largest = total = 0
    while process.poll() is None:
        sizes = _descendants_memory(process.pid).values()
        largest = max(largest, max((m.get("Rss", 0) for m in sizes), default=0))
        total = max(total, sum(m.get("Pss", 0) for m in sizes))
        time.sleep(0.25)
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"miner import exited with {process.returncode}")
    return elapsed, largest / 1024, total / 1024


def main(sizes: list[int], rounds: int) -> None:
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    for n in sizes:
        archive = out / f"lkml-{n}.mbox"
        if not archive.exists():
            with open(archive, "wb") as handle:
                generate(n, handle)
        size_mb = archive.stat().st_size / 1e6
        print(f"{n} messages ({size_mb:.0f} MB):")
        naive_total = import_total = 0.0
        for round_ in range(1, rounds + 1):  # interleaved, so that a slower spell of the machine hits both
            start = time.perf_counter()
            naive_count = naive_parse(archive)
            naive = time.perf_counter() - start
            with tempfile.TemporaryDirectory() as tmp:
                db = Path(tmp) / "bench.db"
                first, largest, total = timed_import(archive, db)
                again, _, _ = timed_import(archive, db)
            naive_total, import_total = naive_total + naive, import_total + first
            print(f"  round {round_}: naive stdlib parse {naive:7.1f} s "
                  f"({naive_count} messages, {n / naive:.0f} msg/s)")
            print(f"           miner import       {first:7.1f} s ({n / first:.0f} msg/s)  ratio {first / naive:.2f}  "
                  f"peak RSS {largest:.0f} MiB (largest process), PSS {total:.0f} MiB (all processes)")
            print(f"           re-import          {again:7.1f} s ({again / first:.1%} of the first import)")
            sys.stdout.flush()
        print(f"  ratio over {rounds} round(s): {import_total / naive_total:.2f}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    parser = argparse.ArgumentParser(description="miner import against the naive stdlib parse")
    parser.add_argument("sizes", type=int, nargs="*", default=[20000, 100000], help="messages per archive")
    parser.add_argument("--rounds", type=int, default=1, help="naive parse and import, taken in turn")
    args = parser.parse_args()
    main(args.sizes, args.rounds)
