"""pgbench (PostgreSQL): the run report and `--progress` lines.

The report echoes the setup (`transaction type:`, `scaling factor:`, `query mode:`, `number of clients:`,
`number of threads:`, `duration:`), which captions the run, then the results: `number of transactions
actually processed: 1234567`, `number of failed transactions: 0 (0.000%)`, `latency average = 1.555 ms`,
`latency stddev = 0.789 ms`, `initial connection time = 12.345 ms` and `tps = 20576.123456 (without
initial connection time)` (older releases print two tps lines, including and excluding connection
establishment: rows "tps (including connections establishing)" ...). `progress: 5.0 s, 20000.1 tps, lat
1.6 ms stddev 0.8, 0 failed` lines are a grid of samples labelled by their time.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, grid, joined, row

NAME = "pgbench"

_SETUP_RE = re.compile(
    r"^\s{0,4}(?P<key>transaction type|scaling factor|query mode|number of clients|number of threads|"
    r"maximum number of tries|duration|number of transactions per client):\s{0,4}(?P<value>[^\n]{1,80}?)\s*$")
_RESULT_RE = re.compile(
    r"^\s{0,4}(?P<key>number of transactions actually processed|number of failed transactions|"
    r"number of transactions retried|latency average|latency stddev|initial connection time|tps)"
    r"\s{0,4}[:=]\s{0,4}(?P<value>\d{1,15}(?:\.\d{1,9})?(?: ms)?)(?:/\d{1,15})?\s{0,4}(?P<note>\([^)\n]{1,60}\))?\s*$")
_PROGRESS_RE = re.compile(
    r"^\s{0,4}progress: (?P<time>\d{1,9}\.\d{1,3} s), (?P<tps>\d{1,12}(?:\.\d{1,6})?) tps, lat (?P<lat>\d{1,9}(?:\.\d{1,6})?) ms"
    r" stddev (?P<sd>\d{1,9}(?:\.\d{1,6})?|NaN)(?:, (?P<failed>\d{1,12}) failed)?")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return ("tps" in text or "progress:" in text) and any(
        (_RESULT_RE.match(line) and line.lstrip().startswith("tps")) or _PROGRESS_RE.match(line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    if not detect(lines):
        return []
    grids: list[Grid] = []
    setup: list[tuple[int, str]] = []
    rows: list[GridRow] = []
    progress: list[GridRow] = []

    def close() -> None:
        nonlocal setup, rows, progress
        if progress:
            grids.append(grid(reader=NAME, first_line=progress[0].line, last_line=progress[-1].line,
                              header=("tps", "lat", "stddev", "failed"), rows=tuple(progress), benchmark="pgbench"))
        if rows:
            caption = "; ".join(text for _, text in setup) or None
            grids.append(grid(reader=NAME, first_line=setup[0][0] if setup else rows[0].line, last_line=rows[-1].line,
                              header=("",), rows=tuple(rows), caption=caption, benchmark="pgbench"))
        setup, rows, progress = [], [], []

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if (found := _SETUP_RE.match(line)):
            if rows:
                close()
            setup.append((i, line.strip()))
        elif (found := _RESULT_RE.match(line)):
            label = found.group("key") + (f" {found.group('note')}" if found.group("key") == "tps" and found.group("note") else "")
            made = row(i, label, [cell_of(line, found, "value", "tps" if found.group("key") == "tps" else None)])
            if made is not None:
                rows.append(made)
        elif (found := _PROGRESS_RE.match(line)):
            cells = [cell_of(line, found, "tps", "tps"), cell_of(line, found, "lat", "ms"),
                     cell(line, found.start("sd"), found.end("sd"), "ms"), cell_of(line, found, "failed")]
            made = row(i, found.group("time"), cells)
            if made is not None:
                progress.append(made)
        elif line.strip() and (rows or progress):
            close()
    close()
    return sorted(grids, key=lambda g: g.first_line)
