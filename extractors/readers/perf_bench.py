"""perf bench: `# Running 'sched/messaging' benchmark:` (`# Running sched/messaging benchmark...` under
`perf bench ... all`), `#` lines that state the setup, then the results: `Total time: 0.123 [sec]`,
`5.123456 usecs/op`, `195175 ops/sec`, `5.123 GB/sec`, the futex benchmarks' `Averaged 123456
operations/sec (+- 0.12%)` and per-thread `[thread  0] ... [ 12345 ops/sec ]`.

One grid per benchmark run, benchmark "perf bench <collection>/<name>", captioned by the name; rows are
labelled by what perf prints ("Total time", "usecs/op", "ops/sec", "thread 0").
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, has_line, row

NAME = "perf-bench"

_BANNER_RE = re.compile(r"^\s{0,4}# Running '?(?P<name>[\w-]{1,40}/[\w-]{1,40})'? benchmark(?::|\.\.\.)\s*$")
_SETUP_RE = re.compile(r"^\s{0,4}#|^\s{0,8}Run summary \[PID \d{1,9}\]:")
# The setup lines perf bench states its run with ("# Executed 1000000 pipe operations between two
# processes", "# 20 sender and receiver processes per group", "# Created/joined 30 threads with ..."):
# like its banner, they read as a root prompt or a sentence, but are the tool's own output.
_STATED_SETUP_RE = re.compile(r"^\s{0,4}# (?:Executed \d|\d[\d,]{0,12} [a-z]|"
                              r"[A-Z][a-z]{2,12}(?:/[a-z]{2,12})? \d[\d,]{0,12} [a-z])")
SENTENCE_LINES = (_BANNER_RE, _STATED_SETUP_RE)
_TOTAL_RE = re.compile(r"^\s{0,12}Total time:\s{0,8}(?P<value>\d{1,9}(?:\.\d{1,9})?) \[(?P<unit>sec|msec|usec)\]\s*$")
_PER_OP_RE = re.compile(
    r"^\s{0,16}(?P<value>\d[\d,]{0,20}(?:\.\d{1,12})?)\s{1,8}(?P<unit>[A-Za-z]{1,8}/(?:op|sec|Byte|byte))\s*$")
_AVERAGED_RE = re.compile(
    r"^\s{0,8}Averaged (?P<value>\d{1,15}(?:\.\d{1,9})?) (?P<unit>operations/sec|ops/sec)"
    r"(?: \(\+-\s{0,4}(?P<spread>\d{1,6}(?:\.\d{1,6})?)%\))?")
_THREAD_RE = re.compile(r"^\s{0,8}\[thread\s{1,4}(?P<n>\d{1,6})\][^\[\n]{0,200}\[\s{0,8}(?P<value>\d{1,15}) ops/sec\s{0,8}\]\s*$")


def detect(lines: Sequence[str]) -> bool:
    return has_line(lines, "# Running ", _BANNER_RE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    name: str | None = None
    first = 0
    rows: list[GridRow] = []

    def close() -> None:
        if name is not None and rows:
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=("",),
                              rows=tuple(rows), caption=name, benchmark=f"perf bench {name}"))
        rows.clear()

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        banner = _BANNER_RE.match(line)
        if banner:
            close()
            name, first = banner.group("name"), i
            continue
        if name is None:
            continue
        made = _result(line, i)
        if made is not None:
            rows.append(made)
        elif not (line.strip() == "" or _SETUP_RE.match(line)):
            close()
            name = None
    close()
    return grids


def _result(line: str, i: int) -> GridRow | None:
    if (total := _TOTAL_RE.match(line)):
        return row(i, "Total time", [cell_of(line, total, "value", total.group("unit"))])
    if (per_op := _PER_OP_RE.match(line)):
        return row(i, per_op.group("unit"), [cell_of(line, per_op, "value", per_op.group("unit"))])
    if (averaged := _AVERAGED_RE.match(line)):
        made = cell_of(line, averaged, "value", averaged.group("unit"))
        if made is not None and averaged.group("spread"):
            made = replace(made, value=replace(made.value, spread_pct=float(averaged.group("spread"))))
        return row(i, f"Averaged {averaged.group('unit')}", [made])
    if (thread := _THREAD_RE.match(line)):
        return row(i, f"thread {thread.group('n')}", [cell_of(line, thread, "value", "ops/sec")])
    return None
