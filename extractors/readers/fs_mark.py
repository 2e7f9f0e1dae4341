"""fs_mark: `FSUse%  Count  Size  Files/sec  App Overhead` and a line per loop of file creations.

The first three columns are where the run was (file system use, files created so far, file size): its
setup, role "config"; Files/sec and the overhead (usec spent outside file system calls) are the
results. Rows are the loops in order ("1", "2", ...); the `Average Files/sec:` / `p50 Files/sec:`
summary lines newer versions print are rows under the Files/sec column. Header lines starting with `#`
(the command line, version, options) belong to the run.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, empty_cell, grid, has_line, row, tokens

NAME = "fs_mark"

_HEADER_RE = re.compile(r"^\s{0,8}FSUse%\s{1,12}Count\s{1,12}Size\s{1,12}Files/sec\s{1,12}App Overhead(?P<more>[^\n]{0,200})$")
_ROW_RE = re.compile(r"^\s{0,12}\d{1,3}(?:\s{1,16}\d{1,15}(?:\.\d{1,6})?){4,16}\s*$")
_SUMMARY_RE = re.compile(r"^\s{0,8}(?P<label>(?:Average|p\d{1,2}) Files/sec):\s{1,12}(?P<value>\d{1,15}(?:\.\d{1,6})?)\s*$")
_COMMENT_RE = re.compile(r"^\s{0,4}#")
_COLUMNS = ("FSUse%", "Count", "Size", "Files/sec", "App Overhead")


def detect(lines: Sequence[str]) -> bool:
    return has_line(lines, "FSUse%", _HEADER_RE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    first: int | None = None
    header: int | None = None
    rows: list[GridRow] = []

    def close() -> None:
        nonlocal header, rows, first
        if header is not None and rows:
            grids.append(grid(reader=NAME, first_line=first if first is not None else header,
                              last_line=rows[-1].line, header=_COLUMNS, rows=tuple(rows),
                              roles=("config", "config", "config", "metric", "metric"), benchmark="fs_mark",
                              metric="Files/sec"))
        header, rows, first = None, [], None

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if _COMMENT_RE.match(line) and header is None:
            first = i if first is None else first
            continue
        if _HEADER_RE.match(line):
            if rows:
                close()
            header = i
            continue
        if header is not None and _ROW_RE.match(line):
            words = tokens(line)[:len(_COLUMNS)]
            made = row(i, str(len([r for r in rows if r.label.isdigit()]) + 1), [cell(line, a, b) for a, b, _ in words])
            if made is not None:
                rows.append(made)
            continue
        summary = _SUMMARY_RE.match(line) if header is not None else None
        if summary:
            at = summary.start("value")
            rows.append(GridRow(i, summary.group("label"), (empty_cell(at),) * 3 + (cell_of(line, summary, "value"),)))
            continue
        if line.strip() or rows:
            close()
            first = None
    close()
    return grids
