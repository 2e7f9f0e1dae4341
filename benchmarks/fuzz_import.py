"""Fuzz the message parser and the importer with real mail broken by the seeded fuzzer (tests/fuzzing.py).

    python benchmarks/fuzz_import.py [--cases N] [--seed S]     (default: 20000 cases, seed 1)

Every case goes through `parse_message` (any exception is a traceback, counted by type and place, with
the index that replays it), then all of them through a real import into a fresh database (worker
processes, batches, skips), whose report and rows must account for every case. Prints the counts:
cases, stored, duplicates, skipped by reason, tracebacks (parser exceptions, messages the importer
found unreadable, extractor failures), and the slowest cases to parse. Exits 1 on any traceback.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
import tempfile
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
from fuzzing import fuzz_cases, real_messages, write_mbox  # noqa: E402

from db.schema import open_db  # noqa: E402
from miner.message.parse import parse_message  # noqa: E402
from miner.pipeline.importer import import_paths  # noqa: E402
from miner.pipeline.progress import Progress  # noqa: E402

_DETAIL_RE = re.compile(r"[:'(].*")  # a reason without its particulars: "unknown charset 'x'" -> "unknown charset"


def main(count: int, seed: int) -> int:
    seeds = real_messages()
    print(f"{len(seeds)} real messages as seeds; seed {seed}; {count} cases")
    cases, tracebacks, slowest = [], collections.Counter(), []
    first_of: dict[tuple, int] = {}
    start = time.perf_counter()
    for index, (names, raw) in enumerate(fuzz_cases(seeds, seed, count)):
        cases.append(raw)
        began = time.perf_counter()
        try:
            parse_message(raw)
        except Exception as exc:  # noqa: BLE001 -- counted: the point of fuzzing
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            key = (type(exc).__name__, f"{Path(frame.filename).name}:{frame.lineno}")
            tracebacks[key] += 1
            first_of.setdefault(key, index)
        slowest.append((time.perf_counter() - began, index, "+".join(names), len(raw)))
    parsed_s = time.perf_counter() - start
    slowest = sorted(slowest, reverse=True)[:5]
    with tempfile.TemporaryDirectory() as tmp:
        archive = write_mbox(Path(tmp) / "fuzz.mbox", cases)
        db = open_db(str(Path(tmp) / "fuzz.db"))
        start = time.perf_counter()
        report = import_paths(db, [archive], progress=Progress("cases"))
        imported_s = time.perf_counter() - start
        failed = db.execute("SELECT COUNT(*) FROM messages WHERE problems LIKE '%extractors failed%'").fetchone()[0]
        stored = db["messages"].count
        db.close()
    reasons = collections.Counter(_DETAIL_RE.sub("", reason).strip() for _s, _p, reason in report.skips)
    unreadable = reasons.get("unreadable message", 0)
    print(f"parse_message: {count} cases in {parsed_s:.1f} s ({count / parsed_s:.0f}/s)")
    print(f"import: {report.summary()} in {imported_s:.1f} s")
    print(f"cases {count}; seen by the importer {report.seen}; stored {stored}; duplicates {report.already_stored}; "
          f"skipped {len(report.skips)}; accounted {stored + report.already_stored + len(report.skips)}")
    for reason, n in reasons.most_common():
        print(f"  skipped {n:6d}  {reason}")
    print(f"tracebacks: {sum(tracebacks.values())} in parse_message, {unreadable} unreadable in the importer, "
          f"{failed} extractor failures")
    for (kind, where), n in tracebacks.most_common():
        print(f"  {n:6d}  {kind} at {where} (first: case {first_of[(kind, where)]})")
    print("slowest to parse:")
    for seconds, index, names, size in slowest:
        print(f"  {seconds * 1000:8.1f} ms  case {index} ({names}, {size} bytes)")
    ok = not tracebacks and not unreadable and not failed and report.seen == count and (
        stored + report.already_stored + len(report.skips) == count)
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="fuzz parse_message and the importer with broken real mail")
    parser.add_argument("--cases", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sys.exit(main(args.cases, args.seed))
