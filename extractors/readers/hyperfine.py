"""hyperfine: `Benchmark 1: <command>` (older `Benchmark #1:`), `Time (mean ± σ):  1.234 s ±  0.012 s
[User: 1.100 s, System: 0.120 s]`, `Range (min … max):  1.220 s …  1.260 s    10 runs` (`Time (abs ≡):`
for a single run), and the closing `Summary` with `1.12 ± 0.01 times faster than <command>`.

One grid per benchmark, captioned by its `Benchmark N:` line, rows "mean" (σ as the spread), "User",
"System", "min", "max" and "runs"; the summary is a grid of ratios labelled "<fast> faster than <slow>".
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, grid, joined, row

NAME = "hyperfine"

_NUM = r"\d{1,12}(?:\.\d{1,9})?"
_UNIT = r"(?:s|ms|µs|μs|us|ns)"
_BENCHMARK_RE = re.compile(r"^\s{0,4}Benchmark #?\d{1,4}: (?P<command>\S[^\n]{0,300})$")
_TIME_RE = re.compile(
    rf"^\s{{0,8}}Time \((?:mean ± σ|abs ≡)\):\s{{1,12}}(?P<mean>{_NUM} {_UNIT}(?:\s{{0,4}}±\s{{0,4}}{_NUM} {_UNIT})?)"
    rf"(?:\s{{1,40}}\[User: (?P<user>{_NUM} {_UNIT}), System: (?P<system>{_NUM} {_UNIT})\])?(?:\s{{1,40}}\\)?\s*$")
# The user and system times on a line of their own, after a time line broken with a backslash.
_USER_RE = re.compile(rf"^\s{{0,12}}\[User: (?P<user>{_NUM} {_UNIT}), System: (?P<system>{_NUM} {_UNIT})\]\s*$")
_RANGE_RE = re.compile(
    rf"^\s{{0,8}}Range \(min … max\):\s{{1,12}}(?P<min>{_NUM} {_UNIT})\s{{0,4}}…\s{{0,4}}(?P<max>{_NUM} {_UNIT})"
    r"(?:\s{1,12}(?P<runs>\d{1,9}) runs)?\s*$")
_SUMMARY_RE = re.compile(r"^\s{0,4}Summary\s*$")
_RAN_RE = re.compile(r"^\s{0,8}'?(?P<command>[^'\n]{1,300}?)'? ran\s*$")
_FASTER_RE = re.compile(
    rf"^\s{{0,12}}(?P<ratio>{_NUM}(?:\s{{0,4}}±\s{{0,4}}{_NUM})?) times faster than '?(?P<command>[^'\n]{{1,300}}?)'?\s*$")
_NOTE_RE = re.compile(r"^\s{0,8}(?:Warning:|Note:|Benchmarking\b|⠏|⠋|Measuring\b)")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return "Time (" in text and any(_TIME_RE.match(line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    caption: tuple[int, str] | None = None
    rows: list[GridRow] = []
    fastest: str | None = None
    summary: int | None = None

    def close() -> None:
        nonlocal rows
        if rows:
            first = caption[0] if caption is not None else rows[0].line
            label = summary is not None
            grids.append(grid(reader=NAME, first_line=summary if label else first, last_line=rows[-1].line,
                              header=("",), rows=tuple(rows), caption="Summary" if label else caption[1] if caption else None,
                              benchmark="hyperfine"))
        rows = []

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if _BENCHMARK_RE.match(line):
            close()
            caption, summary = (i, line.strip()), None
        elif (time := _TIME_RE.match(line)):
            if any(r.label == "mean" for r in rows):
                close()
                caption = None
            rows += [r for r in (row(i, "mean", [cell_of(line, time, "mean")]), row(i, "User", [cell_of(line, time, "user")]),
                                 row(i, "System", [cell_of(line, time, "system")])) if r]
        elif rows and (times := _USER_RE.match(line)):
            rows += [r for r in (row(i, "User", [cell_of(line, times, "user")]),
                                 row(i, "System", [cell_of(line, times, "system")])) if r]
        elif (span := _RANGE_RE.match(line)):
            rows += [r for r in (row(i, "min", [cell_of(line, span, "min")]), row(i, "max", [cell_of(line, span, "max")]),
                                 row(i, "runs", [cell_of(line, span, "runs")])) if r]
        elif _SUMMARY_RE.match(line):
            close()
            caption, summary = None, i
        elif summary is not None and (ran := _RAN_RE.match(line)):
            fastest = ran.group("command")
        elif summary is not None and (faster := _FASTER_RE.match(line)):
            made = cell(line, faster.start("ratio"), faster.end("ratio"), "x")
            if made is not None:
                rows.append(GridRow(i, f"{fastest} faster than {faster.group('command')}", (made,)))
        elif line.strip() and not _NOTE_RE.match(line):
            close()
            caption = summary = None
    close()
    return grids
