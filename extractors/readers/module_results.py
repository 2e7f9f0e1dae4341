"""Kernel test modules that print each result as a sentence behind the module's name.

The kernel's test modules report through the kernel log with their name as the prefix (`pr_fmt` is
`KBUILD_MODNAME ": "`), one result a line: `mtd_speedtest: page read speed is 14012 KiB/s`,
`mtd_speedtest: 2x multi-block erase speed is 155234 KiB/s`, `<module>: <what> took 1234 usecs`. The
lines may keep dmesg's time stamp (`[  12.345678] `). Consecutive result lines of one module are one run
(its other lines, "MTD device: 0", "testing eraseblock write speed", may stand between them): rows
labelled by what each line measured, one value column in the unit printed. Read as sentences they
would be prose; every one holds a figure in a unit of something measured, which is what makes them
results.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, row

NAME = "module"

_STAMP = r"(?:\[\s{0,6}\d{1,8}\.\d{1,9}\]\s{0,2})?"
# A figure in a unit the modules print: a transfer rate, a time, cycles or operations per second.
_UNIT = r"(?:[KMG]i?B/s|[kKMG]?B/s|bytes/s(?:ec)?|ops/s(?:ec)?|[mun]?s(?:ecs?)?|usecs?|nsecs?|msecs?|cycles)"
_RESULT_RE = re.compile(
    rf"^\s{{0,8}}{_STAMP}(?P<module>[a-z][a-z0-9_]{{2,40}}): (?P<label>[A-Za-z0-9][\w ./()+-]{{0,80}}?)"
    rf" (?:is|was|took|=|:) (?P<value>\d{{1,15}}(?:\.\d{{1,9}})?) ?(?P<unit>{_UNIT})\s*$")
_MODULE_LINE_RE = re.compile(rf"^\s{{0,8}}{_STAMP}(?P<module>[a-z][a-z0-9_]{{2,40}}): \S")
SENTENCE_LINES = (_RESULT_RE,)


def detect(lines: Sequence[str]) -> bool:
    return sum(1 for line in lines if len(line) <= MAX_LINE and _RESULT_RE.match(line)) >= 2


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    rows: list[GridRow] = []
    module = None
    for i, line in enumerate(lines):
        result = _RESULT_RE.match(line) if len(line) <= MAX_LINE else None
        if result is None:
            other = _MODULE_LINE_RE.match(line)
            if other is None or other.group("module") != module:
                _close(grids, rows, module)  # the run ends where the module's lines do
                rows, module = [], None
            continue  # else one of the module's own progress lines between its results
        if result.group("module") != module:
            _close(grids, rows, module)
            rows, module = [], result.group("module")
        made = row(i, result.group("label"), [cell_of(line, result, "value", result.group("unit"))])
        if made is not None:
            rows.append(made)
    _close(grids, rows, module)
    return grids


def _close(grids: list[Grid], rows: list[GridRow], module: str | None) -> None:
    if len(rows) >= 2 and module is not None:
        grids.append(grid(reader=NAME, first_line=rows[0].line, last_line=rows[-1].line, header=("",),
                          rows=tuple(rows), benchmark=module))
