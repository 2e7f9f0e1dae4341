"""lmbench: the one-line results its latency and bandwidth programs print.

lat_syscall (`Simple syscall: 0.0459 microseconds`, also read, write, stat, fstat, open/close),
lat_select (`Select on 100 fd's: ...`), lat_sig (`Signal handler installation/overhead`,
`Protection fault`), lat_pipe, lat_unix, lat_proc (`Process fork+exit`, `fork+execve`, `fork+/bin/sh
-c`), lat_pagefault (`Pagefaults on <file>`), lat_udp/lat_tcp/lat_rpc (`TCP latency using <host>`),
lat_connect (`TCP/IP connection cost to <host>`), and bw_pipe/bw_unix/bw_tcp (`Pipe bandwidth:
4567.89 MB/sec`). Consecutive result lines are one grid with a row per program, labelled as printed;
a label printed again starts the next run.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "lmbench"

_RESULT_RE = re.compile(
    r"^\s{0,4}(?P<label>Simple (?:syscall|read|write|stat|fstat|open/close)|Select on \d{1,6} (?:tcp )?fd's"
    r"|Signal handler (?:installation|overhead)|Protection fault|Pipe latency|AF_UNIX sock stream latency"
    r"|Process fork\+(?:exit|execve|/bin/sh -c)|Pagefaults on \S{1,200}|(?:UDP|TCP|RPC/udp|RPC/tcp) latency using \S{1,200}"
    r"|TCP/IP connection cost to \S{1,200}|Pipe bandwidth|AF_UNIX sock stream bandwidth|Socket bandwidth using \S{1,200})"
    r":\s{1,8}(?P<value>\d{1,12}(?:\.\d{1,6})?) (?P<unit>microseconds|MB/sec)\s*$")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return ("microseconds" in text or "MB/sec" in text) and any(_RESULT_RE.match(line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    rows: list[GridRow] = []

    def close() -> None:
        if rows:
            grids.append(grid(reader=NAME, first_line=rows[0].line, last_line=rows[-1].line, header=("",),
                              rows=tuple(rows), benchmark="lmbench"))
        rows.clear()

    for i, line in enumerate(lines):
        found = _RESULT_RE.match(line) if len(line) <= MAX_LINE else None
        if found is None:
            if line.strip():
                close()
            continue
        if any(r.label == found.group("label") for r in rows):
            close()
        made = row(i, found.group("label"), [cell_of(line, found, "value", found.group("unit"))])
        if made is not None:
            rows.append(made)
    close()
    return grids
