"""Time the table and inline-result finders on large generated inputs.

    python benchmarks/bench_extractors.py [SIZE_KB]      (default: 1000)

The finders run on every message of millions, so each input of SIZE_KB kilobytes must finish in under a
second per 100 KB: random printable text, random table-like lines (numbers, mmtests change marks, spreads,
borders, glued columns), many short numeric lines, one long line, a realistic mail body (prose with
a box table, an mmtests block and before/after lines) repeated, and before/after key-value sections. Prints seconds per 100 KB for each input
and finder, and exits with status 1 if any exceeds the budget.
"""

from __future__ import annotations

import random
import string
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from extractors.results import find_inline_results  # noqa: E402
from extractors.tables import find_benchmark_tables  # noqa: E402

BUDGET_S_PER_100KB = 1.0

_PIECES = ["1", "17", "2.50", "5,224.14", "0.051.085224.14", "19%", "-3.5%", "233us", "4m3.2s",
           "(   0.00%)", "*   1.46%*", "\u00b1 3%", "+/-", "|", "+------+", "=====", "Hmean", "faults/cpu-4",
           "base", "patched", "%stdev", "Max", "from", "to", "dropped", "Score:", "avg:", "foo"]

_MAIL = """I ran the usual set on a 2-socket box, numbers below.

+----------+----------+----------+----------+-------------+
sortbench (elapsed seconds, lower is better)
+----------+----------+----------+----------+-------------+
base %stdev patched %stdev %improvement
+----------+----------+----------+----------+-------------+
1x 120.5000 1.2000 118.0000 1.1000 2.07469
2x 250.0000 3.5000 262.5000 4.0000 -5.00000
+----------+----------+----------+----------+-------------+

                          base                   patched
Hmean     ops-1      1000.00 (   0.00%)     1100.00 *  10.00%*
Hmean     ops-2      2000.00 (   0.00%)     1990.00 (  -0.50%)

Build time without the series: 500.25 +/- 2.5 s
                with the series: 490.00 +/- 3.0 s

The cold path dropped from about 900 to 700 cycles, and the overhead was about 1.5%.

"""


_SECTIONS = "Before:\nScore: 1\nTime: 5\nAfter:\nScore: 2\nTime: 4\n\nIt improved by 5% from 1 to 2.\n"


def random_text(rnd: random.Random, size: int) -> str:
    alphabet = string.printable + "\u00b1\u00b5\u00a0"
    return "".join(rnd.choice(alphabet) for _ in range(size))


def table_like(rnd: random.Random, size: int) -> str:
    lines, total = [], 0
    while total < size:
        line = (" " * rnd.randint(1, 4)).join(rnd.choice(_PIECES) for _ in range(rnd.randint(0, 9)))
        lines.append(line)
        total += len(line) + 1
    return "\n".join(lines)


def inputs(size: int) -> dict[str, str]:
    rnd = random.Random(42)
    return {
        "random text": random_text(rnd, size),
        "table-like lines": table_like(rnd, size),
        "short numeric lines": "1 2\n" * (size // 4),
        "one long line": ("1.5 from 2 to " * (size // 14))[:size],
        "mail bodies": (_MAIL * (size // len(_MAIL) + 1))[:size],
        "before/after sections": (_SECTIONS * (size // len(_SECTIONS) + 1))[:size],
    }


def main() -> int:
    size = int(sys.argv[1]) * 1000 if len(sys.argv) > 1 else 1_000_000
    worst = 0.0
    for name, text in inputs(size).items():
        for finder in (find_benchmark_tables, find_inline_results):
            started = time.perf_counter()
            found = finder(text)
            elapsed = time.perf_counter() - started
            per_100kb = elapsed / (len(text) / 100_000)
            worst = max(worst, per_100kb)
            print(f"{name:22s} {finder.__name__:22s} {len(text) / 1000:7.0f} KB {elapsed:7.2f} s "
                  f"{per_100kb:6.3f} s/100KB {len(found):6d} found")
    verdict = "ok" if worst < BUDGET_S_PER_100KB else "OVER BUDGET"
    print(f"worst {worst:.3f} s per 100 KB (budget {BUDGET_S_PER_100KB} s): {verdict}")
    return 0 if worst < BUDGET_S_PER_100KB else 1


if __name__ == "__main__":
    sys.exit(main())
