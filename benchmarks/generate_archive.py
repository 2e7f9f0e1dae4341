"""Write an LKML-like mbox archive of N messages for benchmarks (deterministic for a given seed).

The archive has what a real list has, in its proportions: mostly patch series in several versions (cover
letter and patches) and review replies that quote the patch they comment on; a few percent of messages
with numbers (a benchmark table in a later version's cover letter or a reply, a test-robot regression
report); questions asking for numbers; long patches; quoted-printable, base64 and multipart mail.

    python benchmarks/generate_archive.py 100000 benchmarks/out/lkml-100k.mbox
"""

from __future__ import annotations

import base64
import quopri
import random
import sys
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime

SUBSYSTEMS = ["mm", "sched/fair", "locking/rwsem", "x86/mm", "net", "block", "btrfs", "xen/events", "kvm", "io_uring"]
VERBS = ["reduce", "avoid", "batch", "speed up", "rework", "split", "cache", "defer", "skip", "shrink"]
NOUNS = ["page faults", "lock contention", "TLB flushes", "wakeups", "IPIs", "allocations", "copies",
         "spinlock overhead", "syscalls", "cache misses"]
PEOPLE = [f"{first} {last}" for first in ("Ada", "Bruno", "Carla", "Dieter", "Erin", "Frank", "Gina", "Harry")
          for last in ("Kernelova", "Reviewer", "Xen", "Maint", "Writer", "Asker", "Tester", "Hacker")]
QUESTIONS = [
    "Have you done any performance measurements with this series?",
    "Do you have numbers for a real workload, not just a microbenchmark?",
    "How many runs was that, and what was the variance?",
    "Could you check whether this causes a regression for the single-threaded case?",
    "What does the profile look like before and after?",
    "Looks good to me, but please fix the comment style.",
]


REVIEW_COMMENTS = [
    "This looks fine to me.",
    "Please keep the error path in the same order as the setup.",
    "Nit: the comment above no longer matches what the code does.",
    "Can this ever be called with the lock held? If so, the allocation needs GFP_ATOMIC.",
    "I'd rather split the rename out into its own patch.",
]


def _table(rng: random.Random) -> str:
    rows = []
    for groups in (1, 4, 8, 16):
        base = rng.uniform(0.3, 5.0) * groups
        new = base * rng.uniform(0.9, 1.05)
        rows.append(f"  {groups:<8} {base:8.3f}  {rng.uniform(0.5, 2):5.2f}   {new:8.3f}  "
                    f"{rng.uniform(0.5, 2):5.2f}   {(base - new) / base * 100:6.2f}")
    return ("hackbench, 10 runs each, time in seconds (lower is better):\n\n"
            "  Groups   base     %stdev   patched   %stdev   %improvement\n" + "\n".join(rows) + "\n")


def _robot(rng: random.Random, commit: str) -> str:
    change = rng.uniform(-15, -3)
    base = rng.uniform(1e5, 9e5)
    return (f"kernel test robot noticed a {change:.1f}% regression of will-it-scale.per_thread_ops on:\n\n"
            f"commit: {commit}\ntestcase: will-it-scale\n\n"
            "         %stddev     %change         %stddev\n"
            "             \\          |                \\\n"
            f"    {base:10.0f} +-  1%     {change:5.1f}%   {base * (1 + change / 100):10.0f} +-  2%  "
            "will-it-scale.per_thread_ops\n")


def _patch(rng: random.Random) -> str:
    lines = ["---", " mm/foo.c | 42 +++++++++++++++++-----", " 1 file changed", "",
             "diff --git a/mm/foo.c b/mm/foo.c", "--- a/mm/foo.c", "+++ b/mm/foo.c"]
    for n in range(rng.randint(20, 120)):
        sign = rng.choice("+- ")
        lines.append(f"{sign}\tstatic int foo_{n}(struct page *page) {{ return page_count(page) + {n}; }}")
    return "\n".join(lines) + "\n"


def _message(headers: dict[str, str], body: str, encoding: str) -> bytes:
    if encoding == "quoted-printable":
        payload = quopri.encodestring(body.encode("utf-8")).decode("ascii")
        mime = "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n"
    elif encoding == "base64":
        payload = base64.encodebytes(body.encode("utf-8")).decode("ascii")
        mime = "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n"
    elif encoding == "multipart":
        html = body.replace("&", "&amp;").replace("<", "&lt;")
        payload = ("--BOUNDARY\nContent-Type: text/plain; charset=utf-8\n\n" + body +
                   "\n--BOUNDARY\nContent-Type: text/html; charset=utf-8\n\n<html><body><pre>" + html +
                   "</pre></body></html>\n--BOUNDARY--\n")
        mime = 'Content-Type: multipart/alternative; boundary="BOUNDARY"\n'
    else:
        payload, mime = body, "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n"
    head = "".join(f"{k}: {v}\n" for k, v in headers.items())
    escaped = "\n".join(">" + line if line.startswith("From ") else line for line in payload.split("\n"))
    return (f"From mboxrd@z Thu Jan  1 00:00:00 1970\n{head}MIME-Version: 1.0\n{mime}\n{escaped}\n").encode("utf-8")


def generate(n: int, out, seed: int = 1) -> None:
    """Write `n` messages to the binary file object `out`."""
    rng = random.Random(seed)
    when = datetime(2020, 1, 1, tzinfo=timezone.utc)
    written = 0
    series = 0
    while written < n:
        series += 1
        author = rng.choice(PEOPLE)
        title = f"{rng.choice(SUBSYSTEMS)}: {rng.choice(VERBS)} {rng.choice(NOUNS)}"
        patches = rng.randint(1, 6)
        for version in range(1, rng.randint(1, 4) + 1):
            when += timedelta(minutes=rng.randint(1, 600))
            tag = f"[PATCH v{version} 0/{patches}]" if version > 1 else f"[PATCH 0/{patches}]"
            cover_id = f"{series}.{version}.0@bench.example.org"
            base = {"From": f"{author} <{author.split()[0].lower()}@example.org>",
                    "To": "linux-kernel@vger.kernel.org", "Date": format_datetime(when),
                    "List-Id": "<linux-kernel.vger.kernel.org>"}
            cover_body = f"This series tries to {title}.\n\n" + (
                _table(rng) + "\nOverall it gets about 5% faster.\n" if version > 1 and rng.random() < 0.2 else "")
            messages = [({**base, "Subject": f"{tag} {title}", "Message-ID": f"<{cover_id}>"}, cover_body)]
            for index in range(1, patches + 1):
                messages.append(({**base, "Subject": f"[PATCH v{version} {index}/{patches}] {title} part {index}",
                                  "Message-ID": f"<{series}.{version}.{index}@bench.example.org>",
                                  "In-Reply-To": f"<{cover_id}>", "References": f"<{cover_id}>"},
                                 f"Part {index} of the change.\n\nSigned-off-by: {author}\n" + _patch(rng)))
            patch_bodies = [body for _headers, body in messages[1:]]
            for reply in range(rng.randint(0, 4)):
                reviewer = rng.choice(PEOPLE)
                quoted = rng.choice(patch_bodies).split("\n")[:rng.randint(6, 30)]
                quote = "\n".join("> " + line for line in quoted)
                kind = rng.random()
                answer = _table(rng) if kind < 0.03 else rng.choice(QUESTIONS) if kind < 0.15 else \
                    rng.choice(REVIEW_COMMENTS)
                messages.append(({"From": f"{reviewer} <{reviewer.split()[1].lower()}@example.net>",
                                  "To": base["From"], "Date": format_datetime(when + timedelta(hours=reply + 1)),
                                  "Subject": f"Re: {tag} {title}", "List-Id": base["List-Id"],
                                  "Message-ID": f"<r{reply}.{series}.{version}@bench.example.net>",
                                  "In-Reply-To": f"<{cover_id}>", "References": f"<{cover_id}>"},
                                 f"On {format_datetime(when)}, {author} wrote:\n{quote}\n\n{answer}\n\nThanks,\n{reviewer}\n"))
            if rng.random() < 0.1:
                messages.append(({"From": "kernel test robot <lkp@intel.com>", "Date": format_datetime(when),
                                  "Subject": f"Re: {tag} {title}", "List-Id": base["List-Id"],
                                  "Message-ID": f"<robot.{series}.{version}@intel.com>",
                                  "In-Reply-To": f"<{cover_id}>", "References": f"<{cover_id}>"},
                                 _robot(rng, f"{series:010x}")))
            for headers, body in messages:
                if written >= n:
                    return
                encoding = rng.choices(["8bit", "quoted-printable", "base64", "multipart"], [80, 10, 5, 5])[0]
                out.write(_message(headers, body, encoding))
                written += 1


if __name__ == "__main__":
    count, path = int(sys.argv[1]), sys.argv[2]
    with open(path, "wb") as handle:
        generate(count, handle)
