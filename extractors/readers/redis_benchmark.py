"""redis-benchmark: the quiet lines (`-q`), the CSV (`--csv`) and the full report per test.

`-q` prints `SET: 123456.79 requests per second` (newer: `, p50=0.239 msec`): consecutive lines are one
grid, a row per test. `--csv` prints `"SET","123456.79"`, or a header `"test","rps","avg_latency_ms",...`
and a row per test. The full report starts with `====== SET ======` (its caption) and gives `100000
requests completed in 0.81 seconds`, the latency distribution (`99.32% <= 1 milliseconds`, newer
`50.000% <= 0.239 milliseconds (cumulative count 51234)`: rows labelled by the percentage), and the
throughput: `123456.79 requests per second`, newer `throughput summary: ...` with the `latency summary
(msec):` table of avg, min, p50, p95, p99, max. The clients, payload and keep-alive lines are the setup.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, grid, joined, row, tokens

NAME = "redis-benchmark"

_QUIET_RE = re.compile(
    r"^\s{0,4}(?P<test>[A-Z][A-Z0-9_ ()-]{0,60}?|[a-z]{1,20}):\s{1,40}(?P<rps>\d{1,12}(?:\.\d{1,4})?) requests per second"
    r"(?:, p50=(?P<p50>\d{1,9}(?:\.\d{1,4})?) msec)?\s*$")
_CSV_HEADER_RE = re.compile(r'^"test","rps"(?:,"[a-z0-9_]{1,30}"){0,12}\s*$')
_CSV_RE = re.compile(r'^"(?P<test>[A-Z][A-Z0-9_ ()-]{0,60})"(?P<values>(?:,"\d{1,12}(?:\.\d{1,6})?"){1,12})\s*$')
_CSV_VALUE_RE = re.compile(r'"(?P<v>[^"]{1,30})"')
_HEADING_RE = re.compile(r"^\s{0,4}====== (?P<test>[^=\n]{1,80}?) ======\s*$")
_COMPLETED_RE = re.compile(r"^\s{0,4}(?P<n>\d{1,15}) requests completed in (?P<s>\d{1,9}(?:\.\d{1,4})?) seconds\s*$")
_DISTRIBUTION_RE = re.compile(r"^\s{0,4}(?P<pct>\d{1,3}(?:\.\d{1,4})?%) <= (?P<v>\d{1,9}(?:\.\d{1,4})?) milliseconds")
_RPS_RE = re.compile(r"^\s{0,4}(?P<label>throughput summary: )?(?P<v>\d{1,12}(?:\.\d{1,4})?) requests per second\s*$")
_SUMMARY_HEADER_RE = re.compile(r"^\s{1,16}avg\s{1,12}min\s{1,12}p50\s{1,12}p95\s{1,12}p99\s{1,12}max\s*$")
_SUMMARY_VALUES_RE = re.compile(r"^\s{1,16}(?:\d{1,9}\.\d{1,4}\s{1,12}){5}\d{1,9}\.\d{1,4}\s*$")
_SETUP_RE = re.compile(
    r"^\s{0,4}(?:\d{1,9} parallel clients|\d{1,12} bytes payload|keep alive: \d|host configuration|multi-thread:|"
    r"threads: \d|Latency by percentile distribution:|Cumulative distribution of latencies:|Summary:|"
    r"latency summary \(msec\):)")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    if "requests per second" in text and any(_QUIET_RE.match(line) for line in lines if len(line) <= MAX_LINE):
        return True
    if "======" in text and any(_HEADING_RE.match(line) for line in lines if len(line) <= MAX_LINE):
        return bool(_reports(lines))
    return '"' in text and any(_CSV_HEADER_RE.match(line) or _CSV_RE.match(line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids = _quiet(lines) + _csv(lines) + _reports(lines)
    return sorted(grids, key=lambda g: g.first_line)


def _quiet(lines: Sequence[str]) -> list[Grid]:
    grids, rows = [], []
    for i, line in enumerate(list(lines) + [""]):
        found = _QUIET_RE.match(line) if len(line) <= MAX_LINE else None
        if found:
            cells = [cell_of(line, found, "rps", "req/s")]
            if found.group("p50"):
                cells.append(cell_of(line, found, "p50", "ms"))
            made = row(i, found.group("test").strip(), cells)
            if made:
                rows.append(made)
        elif rows:
            header = ("requests per second", "p50") if any(len(r.cells) == 2 for r in rows) else ("requests per second",)
            grids.append(grid(reader=NAME, first_line=rows[0].line, last_line=rows[-1].line, header=header,
                              rows=tuple(rows), benchmark="redis-benchmark"))
            rows = []
    return grids


def _csv(lines: Sequence[str]) -> list[Grid]:
    grids, rows = [], []
    header: tuple[str, ...] = ("rps",)
    first = None
    for i, line in enumerate(list(lines) + [""]):
        if _CSV_HEADER_RE.match(line):
            header, first = tuple(_CSV_VALUE_RE.findall(line))[1:], i
            continue
        found = _CSV_RE.match(line) if len(line) <= MAX_LINE else None
        if found:
            start = found.start("values")
            units = ["req/s"] + ["ms" if name.endswith("_ms") else None for name in header[1:]]
            cells = [cell(line, start + m.start("v"), start + m.end("v"), units[k] if k < len(units) else None)
                     for k, m in enumerate(_CSV_VALUE_RE.finditer(found.group("values")))]
            made = row(i, found.group("test"), cells)
            if made:
                first = i if first is None else first
                rows.append(made)
            continue
        if rows:
            width = max(len(r.cells) for r in rows)
            names = header if len(header) >= width else ("rps",) + ("",) * (width - 1)
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=names[:width],
                              rows=tuple(rows), benchmark="redis-benchmark"))
        rows, first, header = [], None, ("rps",)
    return grids


def _reports(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    test: tuple[int, str] | None = None
    rows: list[GridRow] = []
    summary_header = False
    for i, line in enumerate(list(lines) + ["====== end ======"]):
        heading = _HEADING_RE.match(line) if len(line) <= MAX_LINE else None
        if heading:
            if test is not None and rows:
                grids.append(grid(reader=NAME, first_line=test[0], last_line=rows[-1].line, header=("",),
                                  rows=tuple(rows), caption=test[1], benchmark="redis-benchmark"))
            test, rows, summary_header = (i, heading.group("test")), [], False
            continue
        if test is None or len(line) > MAX_LINE:
            continue
        if (done := _COMPLETED_RE.match(line)):
            rows += [r for r in (row(i, "requests completed", [cell_of(line, done, "n")]),
                                 row(i, "seconds", [cell_of(line, done, "s", "s")])) if r]
        elif (share := _DISTRIBUTION_RE.match(line)):
            made = row(i, share.group("pct"), [cell_of(line, share, "v", "ms")])
            rows += [made] if made else []
        elif (rps := _RPS_RE.match(line)):
            made = row(i, "requests per second", [cell_of(line, rps, "v", "req/s")])
            rows += [made] if made else []
        elif _SUMMARY_HEADER_RE.match(line):
            summary_header = True
        elif summary_header and _SUMMARY_VALUES_RE.match(line):
            for (a, b, _), name in zip(tokens(line), ("avg", "min", "p50", "p95", "p99", "max")):
                made = row(i, f"latency {name}", [cell(line, a, b, "ms")])
                rows += [made] if made else []
            summary_header = False
        elif line.strip() and not _SETUP_RE.match(line) and rows:
            grids.append(grid(reader=NAME, first_line=test[0], last_line=rows[-1].line, header=("",),
                              rows=tuple(rows), caption=test[1], benchmark="redis-benchmark"))
            test, rows = None, []
    return grids
