"""dmatest: the kernel's DMA engine test module, which reports each thread's run in the kernel log.

When a thread finishes, drivers/dma/dmatest.c prints its summary after the thread's name:
`dma0chan0-copy0: summary 1000 tests, 0 failures 49338.85 iops 3157686 KB/s (0)` (older kernels
`... 0 failures 1234 iops 56789 KB/s (0)`, the same fields), behind `dmatest: ` and dmesg's time stamp
when copied from the log. Around the summaries the module logs its own progress ("Added 1 threads
using dma0chan0", "Started 1 threads using dma0chan0"). Consecutive summaries, those progress lines
between them, are one run: rows "1", "2", ... in the order printed, with the operations per second
and the throughput (the test and failure counts are bookkeeping).
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "dmatest"

_PREFIX = r"^\s{0,8}(?:\[\s{0,6}\d{1,8}\.\d{1,9}\]\s{0,2})?(?:dmatest: )?"
_SUMMARY_RE = re.compile(
    _PREFIX + r"(?P<thread>[\w.-]{1,40}): summary (?P<tests>\d{1,12}) tests, (?P<failures>\d{1,12}) failures "
    r"(?P<iops>\d{1,15}(?:\.\d{1,4})?) iops (?P<rate>\d{1,15}(?:\.\d{1,4})?) KB/s \(-?\d{1,6}\)\s*$")
_PROGRESS_RE = re.compile(_PREFIX + r"(?:Added|Started) \d{1,6} threads? using [\w.-]{1,40}\s*$")
_COLUMNS = ("tests", "failures", "iops", "KB/s")
# the summaries and the module's progress lines read like sentences: they are this tool's output
SENTENCE_LINES = (_SUMMARY_RE, _PROGRESS_RE)


def detect(lines: Sequence[str]) -> bool:
    return "summary" in joined(lines) and any(_SUMMARY_RE.match(line) for line in lines if len(line) <= MAX_LINE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    rows: list[GridRow] = []
    for i, line in enumerate(lines):
        summary = _SUMMARY_RE.match(line) if len(line) <= MAX_LINE else None
        if summary is None:
            if not _PROGRESS_RE.match(line):  # the run ends where the module's lines do
                _close(grids, rows)
                rows = []
            continue
        made = row(i, str(len(rows) + 1), [cell_of(line, summary, "tests"), cell_of(line, summary, "failures"),
                                           cell_of(line, summary, "iops", "ops/s"),
                                           cell_of(line, summary, "rate", "KB/s")])
        if made is not None:
            rows.append(made)
    _close(grids, rows)
    return grids


def _close(grids: list[Grid], rows: list[GridRow]) -> None:
    if rows:
        grids.append(grid(reader=NAME, first_line=rows[0].line, last_line=rows[-1].line, header=_COLUMNS,
                          rows=tuple(rows), roles=("ignore", "ignore", "metric", "metric"), benchmark=NAME))
