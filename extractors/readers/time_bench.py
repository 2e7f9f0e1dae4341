"""time_bench, the kernel micro-benchmark harness of the prototype-kernel modules (page_bench, slab_bulk_test,
ptr_ring and skb benchmarks), as the modules print through it:
`time_bench: Type:kmem fastpath reuse Per elem: 60 cycles(tsc) 16.884 ns (step:0) - (measurement period
time:0.168 sec time_interval:168841 ...) - (invoke count:10000000 tsc_interval:607808)`, or the short form
`Per elem: 294 cycles(tsc) 81.866 ns (step:1)` of a bulk benchmark that steps through bulk sizes.

One grid per run of such lines, a row per line labelled by its type when the line names one, with its
step when the benchmark steps ("step:16", the bulk size), columns the cost per element in cycles and in
nanoseconds (lower is better); the measurement period and invoke counts are bookkeeping, left out.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row, runs_of_lines

NAME = "time_bench"

_LINE_RE = re.compile(
    r"^\s{0,12}(?:\[\s{0,12}\d{1,9}\.\d{1,9}\]\s{0,4})?(?:time_bench: )?(?:Type:(?P<type>\S(?:.{0,80}?\S)?)\s{1,4})?"
    r"Per elem:\s{1,8}(?P<cycles>\d{1,12}) cycles\(tsc\)\s{1,8}(?P<ns>\d{1,12}(?:\.\d{1,9})?) ns"
    r"(?:\s{0,4}\(step:(?P<step>\d{1,9})\))?")
_HEADER = ("cycles", "ns")


# The nanoseconds a mail client wrapped onto the next line: "... Per elem: 9 cycles(tsc)" / "3.679 ns (step:0)".
_WRAPPED_RE = re.compile(r"^\s{0,12}\d{1,12}(?:\.\d{1,9})? ns\b")


def detect(lines: Sequence[str]) -> bool:
    return "cycles(tsc)" in joined(lines) and any(_LINE_RE.match(line) for line in _unwrapped(lines))


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    lines = _unwrapped(lines)
    for run in runs_of_lines(lines, _LINE_RE, between=_WRAPPED_RE):
        rows = [made for i, found in run if (made := row(i, _label(found), [
            cell_of(lines[i], found, "cycles", "cycles"), cell_of(lines[i], found, "ns", "ns")])) is not None]
        if rows:
            grids.append(grid(reader=NAME, first_line=rows[0].line, last_line=rows[-1].line, header=_HEADER,
                              rows=tuple(rows), benchmark="time_bench", metric="cost per element",
                              higher_is_better=False))
    return grids


def _unwrapped(lines: Sequence[str]) -> list[str]:
    """The lines with a wrapped tail joined back to the line it was cut from (which keeps its index; the
    tail's own line stays, as what `runs_of_lines` lets a run go on over)."""
    out = list(lines)
    for i in range(len(out) - 1):
        if out[i].rstrip().endswith("cycles(tsc)") and _WRAPPED_RE.match(out[i + 1]) and len(out[i]) <= MAX_LINE:
            out[i] = f"{out[i].rstrip()} {out[i + 1].strip()}"
    return out


def _label(found: re.Match) -> str:
    """A line's type and its step ("kmem fastpath reuse step:0", "step:16"), as far as it prints them."""
    step = found.group("step")
    return " ".join(part for part in (found.group("type"), f"step:{step}" if step is not None else None) if part)
