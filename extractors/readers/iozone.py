"""iozone in throughput mode (`-t N`): one grid per run, a row per figure of each test it ran.

iozone opens a run with its settings ("Command line used: iozone ...", "Output is in kBytes/sec",
"Throughput test with 12 processes", ...), then prints a block per test:

    Children see throughput for 12 initial writers  =  416004.59 kB/sec
    Parent sees throughput for 12 initial writers   =  415691.65 kB/sec
    Min throughput per process                      =   34630.36 kB/sec
    Max throughput per process                      =   34703.62 kB/sec
    Avg throughput per process                      =   34667.05 kB/sec
    Min xfer                                        = 1046528.00 kB
    CPU Utilization: Wall time   30.239    CPU time    5.854    CPU utilization  19.36 %

The test ("initial writers", "rewriters", "readers", ...) named on the "Children see" line names the
rows of its block; "Min xfer" is a size moved, not a result. A run ends at the first line that is not
iozone's, so that runs printed under captions of their own ("v5.13:", "v5.13 + patch:") are siblings.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, has_line, row

NAME = "iozone"

_NUMBER = r"\d{1,15}(?:\.\d{1,6})?"
_CHILDREN_RE = re.compile(
    r"^\s{0,16}(?P<who>Children see|Parent sees) throughput for\s{1,4}\d{1,6}\s{1,4}(?P<test>[A-Za-z][\w -]{1,40}?)"
    r"\s*=\s*(?P<value>" + _NUMBER + r") (?P<unit>[kKMG]B/sec|ops/sec)\s*$")
_PER_PROCESS_RE = re.compile(
    r"^\s{0,16}(?P<stat>Min|Max|Avg) throughput per process\s*=\s*(?P<value>" + _NUMBER + r") (?P<unit>[kKMG]B/sec|ops/sec)\s*$")
_CPU_RE = re.compile(r"^\s{0,16}CPU [Uu]tilization: Wall time\s{1,8}" + _NUMBER + r"\s{1,8}CPU time\s{1,8}" + _NUMBER
                     + r"\s{1,8}CPU utilization\s{1,8}(?P<value>" + _NUMBER + r") %\s*$")
# iozone's own lines that are not results: its settings and the size each process moved.
_OWN_LINE_RE = re.compile(
    r"^\s{0,16}(?:Command line used:|Output is in |Time Resolution = |Processor cache (?:line )?size set to |"
    r"File stride size set to |Throughput test with |Each process writes |Min xfer\s*=|Include fsync|"
    r"O_DIRECT feature enabled|Iozone: Performance Test|Version \$Revision|Run began:|Record Size |File size set to )")
SENTENCE_LINES = (_OWN_LINE_RE,)  # they read like sentences, but are the tool's own


def detect(lines: Sequence[str]) -> bool:
    return has_line(lines, "throughput for", _CHILDREN_RE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    rows: list[GridRow] = []
    first: int | None = None
    test: str | None = None

    def close() -> None:
        nonlocal rows, first, test
        if rows and first is not None:
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=("",),
                              rows=tuple(rows), benchmark="iozone"))
        rows, first, test = [], None, None

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE or not line.strip():
            continue
        if _OWN_LINE_RE.match(line):
            first = i if first is None else first  # a run opens with its settings
            continue
        children = _CHILDREN_RE.match(line)
        if children:
            test = " ".join(children.group("test").split())
        made = _result_row(i, line, children, test)
        if made is None:
            close()  # a line that is not iozone's ends the run
            continue
        first = i if first is None else first
        rows.append(made)
    close()
    return grids


def _result_row(i: int, line: str, children: re.Match | None, test: str | None) -> GridRow | None:
    """The row of one result line of the test named last: a "Children see" / "Parent sees" throughput,
    a per-process min/max/avg, or the CPU utilization; None for any other line."""
    if children:
        return row(i, f"{test}: {children.group('who')} throughput",
                   [cell_of(line, children, "value", children.group("unit"))])
    if test is None:
        return None
    if per_process := _PER_PROCESS_RE.match(line):
        return row(i, f"{test}: {per_process.group('stat')} throughput per process",
                   [cell_of(line, per_process, "value", per_process.group("unit"))])
    if cpu := _CPU_RE.match(line):
        return row(i, f"{test}: CPU utilization", [cell_of(line, cpu, "value", "%")])
    return None
