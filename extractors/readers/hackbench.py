"""hackbench: `Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)`,
`Each sender will pass 100 messages of 100 bytes`, then `Time: 0.123` (seconds).

A banner opens a run, captioned by it (it states the configuration), with one row "Time"; several
`Time:` lines under one banner (a loop that printed the banner once) are rows "1", "2", ... of a
"Time" column. `Time:` lines are read only where a hackbench banner is in the text: alone they are
too common a phrase.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, has_line

NAME = "hackbench"

BANNER_RE = re.compile(
    r"^\s{0,8}Running in (?:process|threaded) mode with \d{1,9} groups using \d{1,9} file descriptors"
    r"(?: each)?(?: \(== \d{1,12} tasks\))?\s*$")
_PASS_RE = re.compile(r"^\s{0,8}Each sender will pass \d{1,12} messages of \d{1,12} bytes\s*$")
SENTENCE_LINES = (BANNER_RE, _PASS_RE)
_TIME_RE = re.compile(r"^\s{0,8}Time:\s{0,8}(?P<time>\d{1,9}(?:\.\d{1,9})?)\s*$")


def detect(lines: Sequence[str]) -> bool:
    return has_line(lines, "Running in ", BANNER_RE)


def parse(lines: Sequence[str]) -> list[Grid]:
    if not detect(lines):
        return []
    grids: list[Grid] = []
    first: int | None = None
    caption: str | None = None
    times: list[GridRow] = []

    def close() -> None:
        if times:
            rows = times if len(times) > 1 else [GridRow(times[0].line, "Time", times[0].cells)]
            grids.append(grid(reader=NAME, first_line=first, last_line=times[-1].line,
                              header=("Time",) if len(times) > 1 else ("",), rows=tuple(rows),
                              caption=caption, benchmark="hackbench", metric="Time", unit="s"))
        times.clear()

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if BANNER_RE.match(line):
            close()
            first, caption = i, line.strip()
            continue
        time = _TIME_RE.match(line)
        if time:
            if first is None:
                first, caption = i, None
            made = cell_of(line, time, "time", "s")
            if made is not None:
                times.append(GridRow(i, str(len(times) + 1), (made,)))
            continue
        if _PASS_RE.match(line) or (not line.strip() and not times):
            continue
        close()
        first = caption = None
    close()
    return grids
