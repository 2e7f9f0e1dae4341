"""ntttcp (ntttcp-for-linux): the totals a sender or receiver prints at the end of a test.

After `#####  Totals:  #####` it prints `INFO: key :value` lines (each led by a clock time):
`test duration :60.00 seconds`, `total bytes :123456789012`, `throughput :16.46Gbps`,
`retrans segs :1234`, `cpu cores :16`, `cpu speed :2593.905MHz`, the CPU shares `user :1.23%`,
`system`, `idle`, `iowait`, `softirq`, `cycles/byte :1.23` and `cpu busy (all) :345.67%`.
One grid per Totals block, rows labelled by ntttcp's keys.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, has_line, row

NAME = "ntttcp"

_TOTALS_RE = re.compile(r"^\s{0,4}(?:\d\d:\d\d:\d\d\s)?INFO:\s{1,4}#{3,}\s{1,4}Totals:\s{1,4}#{3,}\s*$")
_KEY_RE = re.compile(
    r"^\s{0,4}(?:\d\d:\d\d:\d\d\s)?INFO:\s{1,8}(?P<key>[a-z][\w /()]{0,30}?)\s{0,20}:\s{0,4}"
    r"(?P<value>\d{1,20}(?:\.\d{1,9})?(?:[A-Za-z%/]{1,8})?)(?:\s(?P<unit>[a-z]{1,10}))?\s*$")


def detect(lines: Sequence[str]) -> bool:
    return has_line(lines, "Totals:", _TOTALS_RE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    first: int | None = None
    rows: list[GridRow] = []
    for i, line in enumerate(list(lines) + [""]):
        if len(line) <= MAX_LINE and _TOTALS_RE.match(line):
            first, rows = i, []
            continue
        found = _KEY_RE.match(line) if first is not None and len(line) <= MAX_LINE else None
        if found:
            made = row(i, found.group("key").strip(), [cell_of(line, found, "value", found.group("unit"))])
            if made:
                rows.append(made)
            continue
        if first is not None and rows:
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=("",),
                              rows=tuple(rows), benchmark="ntttcp"))
        first, rows = None, []
    return grids
