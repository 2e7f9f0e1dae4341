"""dbench and tbench: the progress lines, dbench's operation table and the closing Throughput line.

While running, both print `   8     31230   988.49 MB/sec  warmup   1 sec  latency 12.345 ms` lines
(progress, not results; they are claimed with the table below them). dbench then prints the table
`Operation  Count  AvgLat  MaxLat` with a row per SMB/NFS operation (latencies in ms), and both end with
`Throughput 995.234 MB/sec  8 clients  8 procs  max_latency=23.456 ms`: a grid of its own, captioned by
the clients and procs it states (older releases print `Throughput 123.45 MB/sec 8 procs`).
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "dbench"

_PROGRESS_RE = re.compile(
    r"^\s{0,8}\d{1,6}\s{1,12}(?:\d{1,15}\s{1,12}\d{1,12}(?:\.\d{1,6})? MB/sec\s{1,8}(?:warmup|execute)\s{1,8}\d{1,9} sec"
    r"\s{1,8}latency \d{1,9}(?:\.\d{1,6})? ms|cleanup\s{1,8}\d{1,9} sec)\s*$")
_TABLE_HEADER_RE = re.compile(r"^\s{0,8}Operation\s{1,20}Count\s{1,20}AvgLat\s{1,20}MaxLat\s*$")
_RULE_RE = re.compile(r"^\s{0,8}-{10,}\s*$")
_OPERATION_RE = re.compile(
    r"^\s{0,8}(?P<op>[A-Za-z][\w]{1,30})\s{1,30}(?P<count>\d{1,15})\s{1,20}(?P<avg>\d{1,9}\.\d{1,6})\s{1,20}(?P<max>\d{1,9}\.\d{1,6})\s*$")
_THROUGHPUT_RE = re.compile(
    r"^\s{0,8}Throughput (?P<tput>\d{1,12}(?:\.\d{1,6})?) MB/sec(?: \(sync open\))?(?: \(sync dirs\))?"
    r"(?P<config>(?:\s{1,4}\d{1,6} clients)?\s{1,4}\d{1,6} procs)(?:\s{1,4}max_latency=(?P<lat>\d{1,9}(?:\.\d{1,6})?) ms)?\s*$")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return ("MB/sec" in text or "AvgLat" in text) and any(
        _THROUGHPUT_RE.match(line) or _TABLE_HEADER_RE.match(line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    progress: int | None = None  # the first progress line not yet claimed
    header: int | None = None
    operations: list[GridRow] = []

    def close_table() -> None:
        nonlocal header, operations, progress
        if header is not None and operations:
            grids.append(grid(reader=NAME, first_line=progress if progress is not None else header,
                              last_line=operations[-1].line, header=("Count", "AvgLat", "MaxLat"),
                              rows=tuple(operations), benchmark="dbench",
                              unit="ms"))
            progress = None
        header, operations = None, []

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if _PROGRESS_RE.match(line):
            progress = i if progress is None else progress
            continue
        if _TABLE_HEADER_RE.match(line):
            close_table()
            header = i
            continue
        if header is not None and (_RULE_RE.match(line) or (not line.strip() and not operations)):
            continue
        found = _OPERATION_RE.match(line) if header is not None else None
        if found:
            made = row(i, found.group("op"), [cell_of(line, found, "count"), cell_of(line, found, "avg", "ms"),
                                              cell_of(line, found, "max", "ms")])
            if made:
                operations.append(made)
            continue
        close_table()
        throughput = _THROUGHPUT_RE.match(line)
        if throughput:
            rows = [row(i, "Throughput", [cell_of(line, throughput, "tput", "MB/sec")]),
                    row(i, "max_latency", [cell_of(line, throughput, "lat", "ms")])]
            grids.append(grid(reader=NAME, first_line=progress if progress is not None else i, last_line=i,
                              header=("",), rows=tuple(r for r in rows if r),
                              caption=" ".join(throughput.group("config").split()),
                              benchmark="dbench", metric="Throughput", unit="MB/sec"))
            progress = None
        elif line.strip():
            progress = None
    close_table()
    return grids
