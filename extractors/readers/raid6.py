"""The kernel's RAID-6 syndrome benchmark (lib/raid6/algos.c), as it prints to the kernel log at boot or
from the user-space raid6test.

It times every gen() (and xor(), the read-modify-write path) implementation the CPU supports and keeps
the fastest: `raid6: avx2x4   gen() 38028 MB/s` per algorithm, then `raid6: using algorithm avx2x4
gen() 38028 MB/s`, `raid6: .... xor() 21011 MB/s, rmw enabled` and `raid6: using avx2x2 recovery
algorithm` for the choice. The `raid6:` prefix and a dmesg timestamp may lead a line or be cut off. One
grid per function timed (gen(), xor()), rows labelled by algorithm: the implementations the tool
compares with each other, none of them a baseline (role "setups"); the choice lines are part of the
run, not rows of their own.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "raid6"

_PREFIX = r"^\s{0,8}(?:\[\s{0,6}\d{1,8}\.\d{1,9}\]\s{0,4})?(?:raid6:\s{0,4})?"
_TIMED_RE = re.compile(_PREFIX + r"(?P<algorithm>[a-z][\w.]{0,23})\s{1,12}(?P<function>gen|xor)\(\)\s{1,8}"
                       r"(?P<speed>\d{1,9})\s?MB/s\s*$")
_CHOICE_RE = re.compile(_PREFIX + r"(?:(?:using algorithm [\w.]{1,24} gen\(\)|\.{4} xor\(\)) \d{1,9}\s?MB/s"
                        r"(?:, rmw enabled)?|using [\w.]{1,24} recovery algorithm)\s*$")
SENTENCE_LINES = (_TIMED_RE, _CHOICE_RE)  # kernel log lines that are this tool's output
_MIN_ALGORITHMS = 2  # one timed algorithm compares nothing


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return "() " in text and sum(1 for line in lines if len(line) <= MAX_LINE and _TIMED_RE.match(line)) >= 2


def parse(lines: Sequence[str]) -> list[Grid]:
    """One grid per run of timed lines of one function; a choice line ends the run it belongs to."""
    grids: list[Grid] = []
    run: list[GridRow] = []
    function: str | None = None
    last = 0

    def close() -> None:
        nonlocal run, function
        if len(run) >= _MIN_ALGORITHMS:
            grids.append(grid(reader=NAME, first_line=run[0].line, last_line=last, header=(f"{function}() MB/s",),
                              rows=tuple(run), roles=("setups",), benchmark="raid6", metric=f"{function}()",
                              unit="MB/s", higher_is_better=True))
        run, function = [], None

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        timed = _TIMED_RE.match(line)
        if timed is None:
            if run and _CHOICE_RE.match(line):
                last = i
            elif line.strip():
                close()
            continue
        if function is not None and (timed.group("function") != function or
                                     any(r.label == timed.group("algorithm") for r in run)):
            close()
        function = timed.group("function")
        made = row(i, timed.group("algorithm"), [cell_of(line, timed, "speed", "MB/s")])
        if made is not None:
            run.append(made)
            last = i
    close()
    return grids
