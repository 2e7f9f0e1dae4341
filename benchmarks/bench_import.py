"""Benchmark `miner import` on real mail against the naive stdlib parse and other tools, in one run.

    python benchmarks/bench_import.py [ARCHIVE ...] [--rounds R] [--limit N ...] [--generated N ...]
        [--scheduler local:2] [--mbox-to-sqlite /tmp/m2s/bin/mbox-to-sqlite]

ARCHIVE defaults to the real io-uring archive (`../shared/wild/io-uring.mbox.gz`); `--limit N` also times
its first N messages (memory must not grow with N); `--generated N` adds an LKML-like generated archive
(benchmarks/generate_archive.py) as a second case. Every tool reads the same decompressed mbox. For each
archive, R times in turn (so that a slower spell of the machine hits all of them): the naive parse
(`mailbox.mbox` + `email.message_from_bytes(policy=default)` + decoding the text body, one core), `miner
import` into a fresh database, the re-import of the same file, and, when given, `miner import --scheduler`
and mbox-to-sqlite (Simon Willison's mbox → SQLite, installed in a separate venv:
`python3 -m venv /tmp/m2s && /tmp/m2s/bin/pip install mbox-to-sqlite`; it reads a copy of the archive with
header names in one case, without which it stops on real mail). Prints wall time, messages/s,
the ratio to the naive parse, the peak memory of all the processes of each run together (PSS, sampled
from /proc: writer, fork server, workers, Dask scheduler and workers) and the CPU seconds they used (on a
machine shared with other jobs, the work done: wall time there follows the others' load), then where the time of an import
goes: each stage timed in one process over the first 2,000 messages (reading, parsing, extraction, row
building, writing, linking).
"""

from __future__ import annotations

import argparse
import email
import email.policy
import gzip
import mailbox
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WILD = REPO.parent / "shared" / "wild" / "io-uring.mbox.gz"
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))
from generate_archive import generate  # noqa: E402
from miner.sources.mboxes import MBOX_FROM_RE, iter_mbox  # noqa: E402

STAGE_MESSAGES = 2000
_TICKS = os.sysconf("SC_CLK_TCK")


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


def _family(root: int) -> tuple[int, dict[int, float]]:
    """PSS (KiB) of `root` and every process below it, and the CPU seconds (user + system) each of them
    has used so far. PSS shares each page among the processes that map it, so it adds up across
    processes."""
    parents: dict[int, int] = {}
    pss: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            parents[int(entry)] = int(fields[1])
            cpu[int(entry)] = (int(fields[11]) + int(fields[12])) / _TICKS
            with open(f"/proc/{entry}/smaps_rollup") as handle:
                pss[int(entry)] = sum(int(line.split()[1]) for line in handle if line.startswith("Pss:"))
        except (OSError, ValueError, IndexError):
            continue
    family, grew = {root}, True
    while grew:
        below = {pid for pid, parent in parents.items() if parent in family} - family
        family |= below
        grew = bool(below)
    return sum(pss.get(pid, 0) for pid in family), {pid: cpu[pid] for pid in family if pid in cpu}


def timed(command: list[str]) -> tuple[float, float, float]:
    """Seconds of one run of `command`, the peak PSS (MiB) of all its processes together and the CPU
    seconds they used, sampled every fifth of a second. On a machine shared with other jobs the wall
    time follows their load; the CPU seconds are the work done (a worker's last fifth of a second before
    it exits may be missed)."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        peak = 0
        cpu: dict[int, float] = {}
        while process.poll() is None:
            pss, used = _family(process.pid)
            peak = max(peak, pss)
            cpu.update(used)
            time.sleep(0.2)
        elapsed = time.perf_counter() - start
        if process.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"{command[:4]} exited with {process.returncode}: {errors.read().decode()[-500:]}")
    return elapsed, peak / 1024, sum(cpu.values())


def miner_import(path: Path, db: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "miner", "import", "--db", str(db), *extra, str(path)]


def stages(path: Path, limit: int = STAGE_MESSAGES) -> dict[str, float]:
    """Milliseconds per message of each stage of an import, run in this one process over the first
    `limit` messages of `path` (the linking of many series on a worker pool started beforehand, as an
    import's)."""
    from db import store
    from db.schema import open_db
    from extractors import EXTRACTOR_VERSION
    from extractors.analysis import analyze_body
    from extractors.prose.pipeline import nlp
    from miner.message.parse import parse_message
    from miner.pipeline.postprocess import update_links
    from miner.pipeline.rows import message_rows
    from miner.pipeline.workers import Workers
    from miner.sources.mboxes import iter_mbox_items

    nlp()
    spent = dict.fromkeys(("reading", "parsing", "extraction", "rows", "writing", "linking"), 0.0)
    clock = time.perf_counter()

    def lap(stage: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        spent[stage] += now - clock
        clock = now

    with Workers() as workers, tempfile.TemporaryDirectory() as tmp:
        workers.pool()  # an import links on the pool it parsed with: its start is not linking time
        db = open_db(str(Path(tmp) / "stages.db"))
        batch, count = [], 0
        clock = time.perf_counter()
        for item in iter_mbox_items(path):
            lap("reading")
            message = parse_message(item.raw)
            lap("parsing")
            findings = analyze_body(message.body, message.author_name or message.author_email)
            lap("extraction")
            batch.append(message_rows(message, findings, raw_format="rfc822", source_url=f"file://{path}",
                                      list_name=None, extractor_version=EXTRACTOR_VERSION, raw_at=item.raw_at))
            lap("rows")
            count += 1
            if len(batch) == 500 or count == limit:
                store.save_rows(db, batch)
                batch = []
                lap("writing")
            if count == limit:
                break
        update_links(db, workers)
        lap("linking")
        db.close()
    return {stage: seconds * 1000 / max(count, 1) for stage, seconds in spent.items()}


def _first_messages(source: Path, count: int, out: Path) -> int:
    """Write the first `count` messages of `source` (an mbox) to `out`; returns how many there were."""
    end = n = 0
    for n, entry in enumerate(iter_mbox(source), 1):
        end = entry.end
        if n == count:
            break
    with open(source, "rb") as src, open(out, "wb") as dst:
        dst.write(src.read(end))
    return n


def _plain(archive: Path, out: Path) -> Path:
    """The archive as a plain mbox (every tool reads the same bytes; stdlib and mbox-to-sqlite read no gzip)."""
    with open(archive, "rb") as probe:
        if probe.read(2) != b"\x1f\x8b":
            return archive
    target = out / (archive.name.removesuffix(".gz"))
    if not target.exists():
        with gzip.open(archive) as src, open(target, "wb") as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
    return target


_HEADER_NAME_RE = re.compile(rb"^([A-Za-z0-9-]+):")


def _one_case_headers(source: Path, out: Path) -> Path:
    """A copy of `source` with every header name in one spelling ("Message-Id" → "Message-ID"): real mail
    repeats a header in another case, and mbox-to-sqlite, which makes a column of each header name, then
    stops on a duplicate column (SQLite's names ignore case)."""
    target = out / f"{source.stem}-one-case.mbox"
    if target.exists():
        return target
    with open(source, "rb") as src, open(target, "wb") as dst:
        in_header, blank = False, True
        for line in src:
            if blank and MBOX_FROM_RE.match(line):
                in_header = True
            elif in_header and line.strip() == b"":
                in_header = False
            elif in_header:
                name = _HEADER_NAME_RE.match(line)
                if name:
                    spelled = b"Message-ID" if name[1].lower() == b"message-id" else b"-".join(
                        part.capitalize() for part in name[1].split(b"-"))
                    line = spelled + line[len(name[1]):]
            blank = line.strip() == b""
            dst.write(line)
    return target


def bench(path: Path, n: int, rounds: int, scheduler: str | None, mbox_to_sqlite: str | None) -> None:
    print(f"{path.name}: {n} messages ({path.stat().st_size / 1e6:.0f} MB)")
    totals: dict[str, float] = {}
    for round_ in range(1, rounds + 1):  # interleaved
        rows: list[tuple[str, float, float, float]] = []
        naive, naive_peak, naive_cpu = timed([sys.executable, __file__, "--naive-only", str(path)])
        rows.append(("naive stdlib parse", naive, naive_peak, naive_cpu))
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "bench.db"
            first, peak, first_cpu = timed(miner_import(path, db))
            rows.append(("miner import", first, peak, first_cpu))
            again, again_peak, again_cpu = timed(miner_import(path, db))
            rows.append(("miner import again", again, again_peak, again_cpu))
            if scheduler:
                rows.append((f"miner import --scheduler {scheduler}",
                             *timed(miner_import(path, Path(tmp) / "cluster.db", "--scheduler", scheduler))))
            if mbox_to_sqlite:
                one_case = _one_case_headers(path, HERE / "out")
                rows.append(("mbox-to-sqlite (header names in one case)",
                             *timed([mbox_to_sqlite, "mbox", str(Path(tmp) / "m2s.db"), str(one_case)])))
        print(f"  round {round_}:")
        print(f"    {'tool':<38} {'wall s':>8} {'msg/s':>7} {'× naive':>8} {'peak MiB':>9} {'CPU s':>7}")
        for name, seconds, peak, cpu in rows:
            totals[name] = totals.get(name, 0.0) + seconds
            print(f"    {name:<38} {seconds:8.1f} {n / seconds:7.0f} {seconds / naive:8.2f} {peak:9.0f} {cpu:7.1f}")
        print(f"    re-import: {again / first:.1%} of the first import")
        sys.stdout.flush()
    if rounds > 1:
        print(f"  over {rounds} rounds, × naive: " + ", ".join(
            f"{name} {seconds / totals['naive stdlib parse']:.2f}" for name, seconds in totals.items()))
    spent = stages(path)
    print(f"  where an import's time goes (ms per message, one process, first {STAGE_MESSAGES}): " + ", ".join(
        f"{stage} {ms:.2f}" for stage, ms in spent.items()) + f"; total {sum(spent.values()):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description="miner import against the naive stdlib parse and other tools")
    parser.add_argument("archives", type=Path, nargs="*", default=[WILD], help="mbox files (also .gz)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of all tools, taken in turn")
    parser.add_argument("--limit", type=int, nargs="*", default=[], help="also time the first N messages")
    parser.add_argument("--generated", type=int, nargs="*", default=[], help="also a generated archive of N messages")
    parser.add_argument("--scheduler", help="also time `miner import --scheduler` (e.g. local:2)")
    parser.add_argument("--mbox-to-sqlite", help="the mbox-to-sqlite executable, to time it too")
    parser.add_argument("--naive-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.naive_only:
        naive_parse(args.archives[0])
        return
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    cases: list[tuple[Path, int]] = []
    for archive in args.archives:
        plain = _plain(archive, out)
        for limit in args.limit:
            part = out / f"{plain.stem}-first-{limit}.mbox"
            count = _first_messages(plain, limit, part)
            cases.append((part, count))
        cases.append((plain, sum(1 for _ in iter_mbox(plain))))
    for n in args.generated:
        archive = out / f"lkml-{n}.mbox"
        if not archive.exists():
            with open(archive, "wb") as handle:
                generate(n, handle)
        cases.append((archive, n))
    for path, n in cases:
        bench(path, n, args.rounds, args.scheduler, args.mbox_to_sqlite)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
