"""Benchmark `miner import` against the naive stdlib importer on the same generated archive.

    python benchmarks/bench_import.py [N ...]      (default: 20000 100000)

For each N: generate an LKML-like mbox (benchmarks/generate_archive.py), time the naive parse
(`mailbox.mbox` + `email.message_from_bytes(policy=default)` + decoding the text body), time the whole
`miner import` (parsing, threading, extraction and writes) into a fresh database, then the re-import of
the same file. Prints messages/second, the ratio to the naive parse, and peak memory (the largest RSS of
the import's processes). Peak memory should not grow with N.
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


def timed_import(path: Path, db: Path) -> tuple[float, float]:
    """Seconds of one `miner import` run and the peak RSS (MiB) of its processes, measured from a fresh
    parent process so that runs of different sizes do not share one high-water mark."""
    probe = ("import resource, subprocess, sys, time; start = time.perf_counter(); "
             "subprocess.run([sys.executable, '-m', 'miner', 'import', '--db', sys.argv[2], sys.argv[1]], "
             "check=True, stderr=subprocess.DEVNULL); "
             "print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, str(path), str(db)], check=True, capture_output=True,
                         text=True).stdout.split()
    return float(out[0]), int(out[1]) / 1024


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
            first, peak = timed_import(archive, db)
            again, _ = timed_import(archive, db)
        print(f"{n} messages ({size_mb:.0f} MB, naive parser counted {naive_count}):")
        print(f"  naive stdlib parse   {naive:8.1f} s  {n / naive:8.0f} msg/s")
        print(f"  miner import         {first:8.1f} s  {n / first:8.0f} msg/s  ratio {first / naive:.2f}  "
              f"peak RSS {peak:.0f} MiB")
        print(f"  re-import            {again:8.1f} s  ({again / first:.1%} of the first import)")
        sys.stdout.flush()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main([int(a) for a in sys.argv[1:]] or [20000, 100000])
