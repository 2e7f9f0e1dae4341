"""UnixBench (BYTE UNIX Benchmarks): the results of a run and its index table.

A run starts `Benchmark Run: <date>` and `8 CPUs in system; running 1 parallel copy of tests` (its
caption: runs with one copy and with one per CPU are different configurations); each test prints
`Dhrystone 2 using register variables   45678901.2 lps   (10.0 s, 7 samples)`: the result with its
unit, then how long and how many samples it took (bookkeeping, "ignore"). The index table
`System Benchmarks Index Values  BASELINE  RESULT  INDEX` divides each result by the reference
machine's score: BASELINE is that fixed score, not an unpatched kernel ("ignore"), and
`System Benchmarks Index Score` closes it, under INDEX. A run of some of the tests prints `System
Benchmarks Partial Index` over its table and `... Index Score (Partial Only)` under it. Every result is
work done in a time (lps, lpm, MWIPS, KBps) and every index a multiple of the reference machine's:
higher is better throughout. Mail often indents the lines.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, empty_cell, grid, joined, row

NAME = "unixbench"

_COPIES_RE = re.compile(r"^\s{0,4}\d{1,6} CPUs? in system; running \d{1,6} parallel cop(?:y|ies) of tests\s*$")
_RESULT = (r"^\s{0,4}(?P<test>[A-Z][\w ()+/.-]{2,60}?)\s{2,60}(?P<value>\d{1,15}(?:\.\d{1,4})?) "
           r"(?P<unit>lps|lpm|MWIPS|KBps)\s{1,8}\((?P<time>\d{1,6}\.\d{1,4}) s, (?P<samples>\d{1,6})")
_RESULT_RE = re.compile(_RESULT + r" samples\)\s*$")
# The same line wrapped by a mail client before its last word: "... (60.0 s, 1" over "samples)".
_WRAPPED_RESULT_RE = re.compile(_RESULT + r"\s*$")
_WRAP_END_RE = re.compile(r"^\s{0,4}samples\)\s*$")
_INDEX_HEADER_RE = re.compile(r"^\s{0,4}System Benchmarks(?: Partial)? Index(?: Values)?\s{2,40}BASELINE\s{1,20}RESULT\s{1,20}INDEX\s*$")
_INDEX_RE = re.compile(
    r"^\s{0,4}(?P<test>[A-Z][\w ()+/.-]{2,60}?)\s{2,60}(?P<base>\d{1,15}\.\d{1,4})\s{1,20}(?P<result>\d{1,15}\.\d{1,4})"
    r"\s{1,20}(?P<index>\d{1,15}\.\d{1,4})\s*$")
_SCORE_RE = re.compile(r"^\s{0,4}System Benchmarks(?: Partial)? Index Score(?: \(Partial Only\))?\s{2,80}(?P<score>\d{1,15}\.\d{1,4})\s*$")
_RULE_RE = re.compile(r"^\s{0,80}={6,}\s*$")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return ("samples)" in text or "BASELINE" in text) and any(
        _RESULT_RE.match(line) or _INDEX_HEADER_RE.match(line) or _WRAPPED_RESULT_RE.match(line)
        for line in lines if len(line) <= MAX_LINE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    caption: str | None = None
    caption_line = 0
    results: list[GridRow] = []
    index: list[GridRow] = []
    index_first: int | None = None  # the index table's header line, while it is being read
    results_end = 0  # the last line of the results, the "samples)" a mail client wrapped included

    def close() -> None:
        nonlocal results, index, index_first
        if results:
            first = caption_line if caption is not None and results[0].line - caption_line <= 3 else results[0].line
            grids.append(grid(reader=NAME, first_line=first, last_line=max(results_end, results[-1].line),
                              header=("result", "time", "samples"), rows=tuple(results),
                              roles=("metric", "ignore", "ignore"), caption=caption, benchmark="UnixBench",
                              higher_is_better=True))
        if index:
            grids.append(grid(reader=NAME, first_line=index_first, last_line=index[-1].line,
                              header=("BASELINE", "RESULT", "INDEX"), rows=tuple(index),
                              roles=("ignore", "metric", "metric"), caption=caption, benchmark="UnixBench",
                              higher_is_better=True))
        results, index, index_first = [], [], None

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if _COPIES_RE.match(line):
            close()
            caption, caption_line = line.strip(), i
        elif (found := _RESULT_RE.match(line) or (
                i + 1 < len(lines) and _WRAP_END_RE.match(lines[i + 1]) and _WRAPPED_RESULT_RE.match(line))):
            results += [r for r in (row(i, found.group("test").strip(), [
                cell_of(line, found, "value", found.group("unit")), cell_of(line, found, "time", "s"),
                cell_of(line, found, "samples")]),) if r]
            results_end = i if _RESULT_RE.match(line) else i + 1
        elif _INDEX_HEADER_RE.match(line):
            index_first = i
            index = []
        elif (found := _INDEX_RE.match(line)) and index_first is not None:
            index += [r for r in (row(i, found.group("test").strip(), [
                cell_of(line, found, "base"), cell_of(line, found, "result"), cell_of(line, found, "index")]),) if r]
        elif (score := _SCORE_RE.match(line)) and index_first is not None:
            at = score.start("score")
            index.append(GridRow(i, "System Benchmarks Index Score",
                                 (empty_cell(at), empty_cell(at), cell(line, at, score.end("score")))))
            close()
        elif line.strip() and not _RULE_RE.match(line) and (results or index):
            if results and not index:
                continue  # lines between the results and the index table
            close()
    close()
    return grids
