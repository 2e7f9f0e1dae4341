"""will-it-scale: a testcase's own output and runtest.py's CSV.

A testcase binary prints `testcase:Separate process lseek`, then `warmup` and `measurement` and one
`min:2436279 max:2436279 total:9745116` line per second (operations per second of the slowest and
fastest task and of all of them), and `average:9723000` (of the measurement totals) at the end. The
per-second lines are rows "1", "2", ... of min, max and total; the warm-up seconds are left out when a
`measurement` line marks where the measured ones start; the average is a row of its own under "total".
runtest.py prints `tasks,processes,processes_idle,threads,threads_idle,linear` and a line per task
count: rows labelled by the task count, the idle shares and the linear extrapolation marked as not
results of the run ("ignore").
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, empty_cell, grid, joined, row

NAME = "will-it-scale"

_TESTCASE_RE = re.compile(r"^\s{0,4}testcase:\s{0,4}(?P<name>\S[^\n]{0,120}?)\s*$")
_PHASE_RE = re.compile(r"^\s{0,4}(?P<phase>warmup|measurement)\s*$")
_SAMPLE_RE = re.compile(r"^\s{0,4}min:(?P<min>\d{1,15}) max:(?P<max>\d{1,15}) total:(?P<total>\d{1,15})\s*$")
_AVERAGE_RE = re.compile(r"^\s{0,4}average:(?P<value>\d{1,15}(?:\.\d{1,6})?)\s*$")
_CSV_HEADER_RE = re.compile(r"^\s{0,4}tasks,processes,processes_idle,threads,threads_idle,linear\s*$")
_CSV_ROW_RE = re.compile(r"^\s{0,4}(?P<tasks>\d{1,6})((?:,\d{1,15}(?:\.\d{1,6})?){5})\s*$")
_FIELD_RE = re.compile(r"[^,]+")
_CSV_COLUMNS = ("processes", "processes_idle", "threads", "threads_idle", "linear")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return ("testcase:" in text and any(_TESTCASE_RE.match(line) for line in lines)
            and any(_SAMPLE_RE.match(line) or _AVERAGE_RE.match(line) for line in lines)) \
        or ("tasks,processes," in text and any(_CSV_HEADER_RE.match(line) for line in lines))


def parse(lines: Sequence[str]) -> list[Grid]:
    return sorted(_testcases(lines) + _csv(lines), key=lambda g: g.first_line)


def _testcases(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    first: int | None = None
    caption = None
    rows: list[GridRow] = []
    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if (test := _TESTCASE_RE.match(line)):
            _close(grids, first, caption, rows)
            first, caption, rows = i, test.group("name"), []
        elif first is None:
            continue
        elif (phase := _PHASE_RE.match(line)):
            if phase.group("phase") == "measurement":
                rows = []  # the warm-up seconds are not measured
        elif (sample := _SAMPLE_RE.match(line)):
            made = row(i, str(len(rows) + 1), [cell_of(line, sample, k, "ops/s") for k in ("min", "max", "total")])
            if made is not None:
                rows.append(made)
        elif (average := _AVERAGE_RE.match(line)):
            at = average.start("value")
            rows.append(GridRow(i, "average", (empty_cell(at), empty_cell(at), cell_of(line, average, "value", "ops/s"))))
            _close(grids, first, caption, rows)
            first, rows = None, []
        elif line.strip():
            _close(grids, first, caption, rows)
            first, rows = None, []
    _close(grids, first, caption, rows)
    return grids


def _close(grids: list[Grid], first: int | None, caption: str | None, rows: list[GridRow]) -> None:
    if first is not None and rows:
        grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=("min", "max", "total"),
                          rows=tuple(rows), caption=caption, benchmark="will-it-scale", unit="ops/s"))


def _csv(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    header: int | None = None
    rows: list[GridRow] = []
    for i, line in enumerate(list(lines) + [""]):
        if _CSV_HEADER_RE.match(line):
            header, rows = i, []
            continue
        found = _CSV_ROW_RE.match(line) if header is not None and len(line) <= MAX_LINE else None
        if found:
            start = found.start(2)
            cells = [cell(line, start + m.start(), start + m.end()) for m in _FIELD_RE.finditer(found.group(2))]
            made = row(i, found.group("tasks"), cells)
            if made:
                rows.append(made)
            continue
        if header is not None and rows:
            grids.append(grid(reader=NAME, first_line=header, last_line=rows[-1].line, header=_CSV_COLUMNS,
                              rows=tuple(rows), roles=("metric", "ignore", "metric", "ignore", "ignore"),
                              benchmark="will-it-scale", unit="ops/s"))
        header, rows = None, []
    return grids
