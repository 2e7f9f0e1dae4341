"""What the extractors store on a whole real list, for a person to read.

Imports an archive (the io-uring list by default) into a fresh database, then prints the block kinds its
bodies were split into, how many tables, evidence rows, concerns and claims were stored, and a seeded
random sample of each kind with the message, its list, date, author and lines, so that a reader can
judge every sampled finding right or wrong. Findings that are quoted copies of a stored original are
left out of the samples (the reports never show them twice either).

    python benchmarks/wild_audit.py [ARCHIVE] [--db FILE] [--seed N] [--sample N]

With --db naming a database that already holds the archive, the import is skipped (it is idempotent
anyway, and an unchanged source is not read again).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db.schema import open_db  # noqa: E402
from db.views import CANONICAL_FINDING  # noqa: E402
from miner.pipeline.importer import import_paths  # noqa: E402
from miner.pipeline.progress import Progress  # noqa: E402

DEFAULT_ARCHIVE = Path(__file__).resolve().parent.parent.parent / "shared" / "wild" / "io-uring.mbox.gz"

_SAMPLES = {
    "tables": ("SELECT x.*, m.list, m.date_utc, m.author_name FROM evidence_tables x "
               "JOIN messages m ON m.message_id = x.message_id WHERE " + CANONICAL_FINDING + " ORDER BY x.id"),
    "evidence rows": ("SELECT x.*, m.list, m.date_utc, m.author_name FROM evidence x "
                      "JOIN messages m ON m.message_id = x.message_id WHERE " + CANONICAL_FINDING + " ORDER BY x.id"),
    "concerns": ("SELECT x.*, m.list, m.date_utc, m.author_name FROM concerns x "
                 "JOIN messages m ON m.message_id = x.message_id WHERE " + CANONICAL_FINDING + " ORDER BY x.id"),
    "claims": ("SELECT x.*, m.list, m.date_utc, m.author_name FROM claims x "
               "JOIN messages m ON m.message_id = x.message_id WHERE " + CANONICAL_FINDING + " ORDER BY x.id"),
}


def block_kind_counts(db) -> Counter:
    counts: Counter = Counter()
    for (raw,) in db.execute("SELECT block_counts FROM messages WHERE block_counts IS NOT NULL"):
        counts.update(json.loads(raw))
    return counts


def _where(row: dict) -> str:
    line = row.get("line") or row.get("first_line")
    last = f"-{row['last_line']}" if row.get("last_line") and row["last_line"] != line else ""
    return (f"<{row['message_id']}> {row.get('list') or '?'} {(row.get('date_utc') or '?')[:10]} "
            f"{row.get('author') or row.get('author_name') or '?'} lines {line}{last}"
            f"{' (quoted)' if row.get('quoted') else ''}")


def describe(kind: str, row: dict) -> list[str]:
    """A sampled finding as a person reads it."""
    out = [f"--- {_where(row)}"]
    if kind == "tables":
        out.append(f"    benchmark={row['benchmark']!r} reader={row['reader']} "
                   f"{row['baseline_label']!r} -> {row['patched_label']!r}")
        out.extend(f"    | {line[:140]}" for line in (row["text"] or "").split("\n")[:12])
    elif kind == "evidence rows":
        out.append(f"    {row['benchmark'] or '?'} [{row['label'] or ''}] "
                   f"{row['baseline_text'] or row['baseline']} -> {row['patched_text'] or row['patched']} "
                   f"({row['delta_pct']}%) {row['verdict']}")
        if row["text"]:
            out.append(f"    | {row['text'][:200]}")
    else:
        label = row.get("category") or row.get("polarity")
        out.append(f"    [{label}] {row['text'][:300]}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("archive", nargs="?", type=Path, default=DEFAULT_ARCHIVE)
    parser.add_argument("--db", type=Path, help="database to import into (default: a temporary one)")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--sample", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = open_db(str(args.db or Path(tmp) / "audit.db"))
        report = import_paths(db, [args.archive], progress=Progress("messages"))
        print(f"import: {report.summary()}")
        kinds = block_kind_counts(db)
        print("blocks: " + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))
        counts = {name: db.execute(f"SELECT COUNT(*) FROM ({sql})").fetchone()[0] for name, sql in _SAMPLES.items()}
        results = db.execute(f"SELECT COUNT(*) FROM ({_SAMPLES['evidence rows']}) WHERE table_id IS NULL").fetchone()[0]
        print(f"stored (canonical): {counts['tables']} tables, {counts['evidence rows']} evidence rows "
              f"({results} inline results), {counts['concerns']} concerns, {counts['claims']} claims")
        rng = random.Random(args.seed)
        for name, sql in _SAMPLES.items():
            rows = [dict(zip([c[0] for c in cursor.description], r)) for cursor in [db.execute(sql)]
                    for r in cursor.fetchall()]
            print(f"\n=== {min(args.sample, len(rows))} of {len(rows)} {name} (seed {args.seed})")
            for row in rng.sample(rows, min(args.sample, len(rows))):
                print("\n".join(describe(name, row)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
