"""dd: the transfer summary it prints when a copy ends, one line per run.

GNU coreutils prints `1048576000 bytes (1.0 GB, 1000 MiB) copied, 2.25344 s, 465 MB/s` (older
releases `1048576000 bytes (1.0 GB) copied, 2.25344 s, 465 MB/s`), busybox `1048576000 bytes
(1000.0MB) copied, 2.253441 seconds, 444.0MB/s`, toybox the same words with its own rounding
(`(0.9 G)`, `109 M/s`). Each summary follows the `N+M records in` / `N+M records out` lines, which
only count blocks. Consecutive summaries (the same copy repeated, blank lines and the record counts
between them allowed) are one run: rows "1", "2", ... in the order printed, with the bytes copied
(the setup), the seconds and the rate. A copy smaller than a MiB is no run: it writes test data, and
its rate is how long dd takes to start.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "dd"

_SUMMARY_RE = re.compile(
    r"^\s{0,8}(?P<bytes>\d{1,20}) bytes(?: \([^()\n]{1,40}\))? copied, "
    r"(?P<seconds>\d{1,9}(?:[.,]\d{1,9})?) ?s(?:ec(?:onds?)?)?, "
    r"(?P<rate>\d{1,12}(?:[.,]\d{1,6})?) ?(?P<unit>[kKMGT]?i?B?/s)\s*$")
_RECORDS_RE = re.compile(r"^\s{0,8}\d{1,20}\+\d{1,20} records (?:in|out)\s*$")
_COLUMNS = ("bytes", "copied", "rate")
_MAX_GAP = 2  # blank lines a repeated copy's summaries may have between them
_MIN_MEASURED_BYTES = 1 << 20  # a copy smaller than a MiB lasts about as long as dd takes to start
SENTENCE_LINES = (_SUMMARY_RE,)  # "... bytes (1.0 GB) copied, 2.25 s, 465 MB/s" reads like a sentence


def detect(lines: Sequence[str]) -> bool:
    return "copied" in joined(lines) and any(_SUMMARY_RE.match(line) for line in lines if len(line) <= MAX_LINE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    rows: list[GridRow] = []
    first: int | None = None  # the first line of the run: its first record count, else its first summary
    blanks = 0
    for i, line in enumerate(lines):
        blanks = 0 if line.strip() else blanks + 1
        if blanks > _MAX_GAP:  # runs a text parts (its words left out) are separate runs
            _close(grids, first, rows)
            rows, first = [], None
        summary = _SUMMARY_RE.match(line) if len(line) <= MAX_LINE else None
        if summary is not None and int(summary.group("bytes")) >= _MIN_MEASURED_BYTES:
            made = row(i, str(len(rows) + 1), [cell_of(line, summary, "bytes", "B"),
                                              cell_of(line, summary, "seconds", "s"),
                                              cell_of(line, summary, "rate", _rate_unit(summary.group("unit")))])
            if made is not None:
                first = i if first is None else first
                rows.append(made)
        elif summary is not None or _RECORDS_RE.match(line):
            # the record counts, or a copy of a few blocks: test data written, its rate dd's start-up
            first = i if first is None else first
        elif line.strip():
            _close(grids, first, rows)
            rows, first = [], None
    _close(grids, first, rows)
    return grids


def _rate_unit(printed: str) -> str:
    """The rate's unit as the unit table spells it: toybox's `M/s` counts bytes as the others do."""
    return printed if "B" in printed else printed.replace("/s", "B/s")


def _close(grids: list[Grid], first: int | None, rows: list[GridRow]) -> None:
    if rows and first is not None:
        grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=_COLUMNS,
                          rows=tuple(rows), roles=("config", "metric", "metric"), benchmark="dd"))
