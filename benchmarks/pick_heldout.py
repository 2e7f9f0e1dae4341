"""Pick real messages from a public-inbox epoch for a held-out set, without using listminer.

A held-out set measures the extractors on mail their author never read before scoring. This script
chooses the messages with a fixed seed and by a test that does not use listminer's code, so that the
choice cannot lean towards what the extractors already read. It writes one folder per message in the
corpus layout (`message.txt`, the raw bytes; `source.txt`, where they came from and why they were
picked); people then write each `gold.json` by `../shared/corpus/SCHEMA.md`. The folders hold real mail,
so they go outside the repository.

Two kinds are picked, as in the shared dev corpus: "perf" messages, whose text before any diff names a
performance word and prints a number with a unit or a percent (some of them are traps), and "wild"
messages, picked at random whatever they hold.

    python benchmarks/pick_heldout.py GITDIR OUTDIR --list NAME --prefix P [--perf N] [--wild N] [--seed S]
"""

from __future__ import annotations

import argparse
import email
import email.policy
import random
import re
import subprocess
from pathlib import Path

# The test for "perf": a word that names performance, and a measured number beside it somewhere in the
# text before the patch. Deliberately cruder than the extractors, so that it picks traps too.
_PERF_WORD = re.compile(r"\b(performance|throughput|latency|faster|slower|speed ?up|overhead|benchmark"
                        r"|iops|regression|improve(?:s|d|ment)?)\b", re.I)
_MEASURE = re.compile(r"\d(?:[\d.,]*)\s*(?:%|[kmgt]?i?b/s|iops|[mun]?s(?:ec)?\b|cycles|ops/s)", re.I)
_PATCH_START = re.compile(r"^(?:diff --git |--- a/|Index: )", re.M)


def commits(gitdir: Path) -> list[str]:
    out = subprocess.run(["git", "--git-dir", str(gitdir), "log", "--format=%H"], check=True,
                         capture_output=True, text=True).stdout
    return out.split()


def raw_message(gitdir: Path, commit: str) -> bytes | None:
    done = subprocess.run(["git", "--git-dir", str(gitdir), "show", f"{commit}:m"], capture_output=True)
    return done.stdout if done.returncode == 0 else None


def text_before_patch(raw: bytes) -> str:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",))
    try:
        text = part.get_content() if part is not None else ""
    except (LookupError, ValueError):
        text = raw.decode("utf-8", "replace")
    cut = _PATCH_START.search(text)
    return text[:cut.start()] if cut else text


def is_perf(raw: bytes) -> bool:
    text = text_before_patch(raw)
    return bool(_PERF_WORD.search(text) and _MEASURE.search(text))


def pick(gitdir: Path, n_perf: int, n_wild: int, seed: int) -> list[tuple[str, str]]:
    """(commit, kind) pairs: the wild ones first drawn from the shuffled history, then perf ones."""
    order = commits(gitdir)
    random.Random(seed).shuffle(order)
    chosen = [(c, "wild") for c in order[:n_wild]]
    for commit in order[n_wild:]:
        if sum(kind == "perf" for _, kind in chosen) >= n_perf:
            break
        raw = raw_message(gitdir, commit)
        if raw and is_perf(raw):
            chosen.append((commit, "perf"))
    return chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gitdir", type=Path)
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--list", required=True, help="the list's name, for source.txt")
    ap.add_argument("--repo", default="", help="the public repository the epoch came from, for source.txt")
    ap.add_argument("--prefix", required=True, help="letter(s) the case ids start with")
    ap.add_argument("--perf", type=int, default=16)
    ap.add_argument("--wild", type=int, default=9)
    ap.add_argument("--seed", type=int, default=20261204)
    args = ap.parse_args()
    chosen = pick(args.gitdir, args.perf, args.wild, args.seed)
    random.Random(args.seed + 1).shuffle(chosen)  # the labeller cannot tell perf from wild by id
    for number, (commit, kind) in enumerate(chosen, 1):
        case = args.outdir / f"{args.prefix}{number:02d}"
        case.mkdir(parents=True, exist_ok=True)
        (case / "message.txt").write_bytes(raw_message(args.gitdir, commit) or b"")
        (case / "source.txt").write_text(
            f"list: {args.list}\nstored copy: {args.repo or args.gitdir} commit {commit} file m; "
            f"selected as: {kind}\n")
        print(case.name, kind, commit)


if __name__ == "__main__":
    main()
