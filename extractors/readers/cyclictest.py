"""cyclictest: one line per measuring thread, `T: 0 ( 1234) P:99 I:1000 C: 100000 Min: 2 Act: 3 Avg: 3
Max: 20` (microseconds), and the histogram summary lines `# Min Latencies: 00002 00002` of `-h`.

The thread index labels the row ("T:0"), an instance of the run (`label_header` "thread id"); the thread
id in parentheses, the priority `P:`, the interval
`I:` and the loop count `C:` are the thread's identity and settings, not results. Consecutive thread
lines are one run; a thread index printed again starts the next (cyclictest redraws its lines while it
runs, and mail often carries the last screen of several runs). The histogram summary is a grid whose
columns are the threads, in the order printed.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, grid, joined, row

NAME = "cyclictest"

_THREAD_RE = re.compile(
    r"^\s{0,8}T:\s{0,4}(?P<t>\d{1,5})\s{0,4}\(\s{0,8}\d{1,9}\)\s{1,4}P:\s{0,4}\d{1,3}\s{1,4}I:\s{0,4}\d{1,12}\s{1,4}"
    r"C:\s{0,12}\d{1,15}\s{1,4}Min:\s{0,12}(?P<min>\d{1,15})\s{1,4}Act:\s{0,12}(?P<act>\d{1,15})\s{1,4}"
    r"Avg:\s{0,12}(?P<avg>\d{1,15})\s{1,4}Max:\s{0,12}(?P<max>\d{1,15})\s*$")
_SUMMARY_RE = re.compile(r"^#\s(?P<label>(?:Min|Avg|Max) Latencies|Total|Histogram Overflows):(?P<values>(?:\s{1,8}\d{1,15}){1,512})\s*$")
_NUMBER_RE = re.compile(r"\d+")
_COLUMNS = ("min", "act", "avg", "max")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return ("T:" in text and any(_THREAD_RE.match(line) for line in lines)) or \
        ("# Max Latencies:" in text and any(_SUMMARY_RE.match(line) for line in lines))


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    threads: list[GridRow] = []
    summary: list[GridRow] = []

    def close() -> None:
        if threads:
            grids.append(grid(reader=NAME, first_line=threads[0].line, last_line=threads[-1].line,
                              header=("Min", "Act", "Avg", "Max"), rows=tuple(threads), benchmark="cyclictest",
                              metric="latency", unit="us", label_header="thread id"))  # threads, not setups
        if summary:
            width = max(len(r.cells) for r in summary)
            grids.append(grid(reader=NAME, first_line=summary[0].line, last_line=summary[-1].line,
                              header=tuple(f"T:{k}" for k in range(width)), rows=tuple(summary),
                              benchmark="cyclictest", metric="latency", unit="us"))
        threads.clear()
        summary.clear()

    for i, line in enumerate(lines):
        thread = _THREAD_RE.match(line) if len(line) <= MAX_LINE else None
        if thread:
            label = f"T:{thread.group('t')}"
            if summary or any(r.label == label for r in threads):
                close()
            made = row(i, label, [cell_of(line, thread, c, "us") for c in _COLUMNS])
            if made is not None:
                threads.append(made)
            continue
        found = _SUMMARY_RE.match(line) if len(line) <= 8 * MAX_LINE else None
        if found:
            if threads:
                close()
            start = found.start("values")
            unit = "us" if "Latencies" in found.group("label") else None
            cells = [cell(line, start + m.start(), start + m.end(), unit)
                     for m in _NUMBER_RE.finditer(found.group("values"))]
            made = row(i, found.group("label"), cells)
            if made:
                summary.append(made)
            continue
        if line.strip():
            close()
    close()
    return grids
