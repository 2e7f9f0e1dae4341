"""netperf's classic outputs: the test banner, stacked column headers, and one or two result lines.

`MIGRATED TCP STREAM TEST from ... : demo` (also REQUEST/RESPONSE, MAERTS, UDP, omni `-O` selectors)
is followed by header lines that stack each column's name and unit (`Recv / Socket / Size / bytes`,
`Throughput / 10^6bits/sec`, `Trans. / Rate / per sec`, `Minimum / Latency / Microseconds`), then the
local result line and, for some tests, the remote one (`16384  87380` under a request/response test,
the receiving side of a UDP stream). Header words are stacked over the left edge of the column they
name; a second line's numbers are placed in the columns they are printed under. Sizes and the elapsed
time are the test's setup (role "config"), the rest its results ("metric"). `-o` prints the selectors'
names and values as two comma-separated lines, `-k` as `NAME=value` lines: rows named by netperf.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Cell, Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, empty_cell, grid, joined, names_over_columns, tokens, visual
from extractors.vocab.units import lookup_unit

NAME = "netperf"

BANNER_RE = re.compile(
    r"^\s{0,4}(?:MIGRATED\s)?(?P<test>[A-Z]{2,8}(?:\s[A-Za-z/]{2,40}){1,3}) TEST\b(?: from [^\n]{0,300})?\s*$")
SENTENCE_LINES = (BANNER_RE,)  # a banner reads like a sentence
_VALUES_RE = re.compile(r"^\s{0,12}[-\d.]{1,20}(?:\s{1,20}[-\d.]{1,20}){0,15}\s*$")
_CSV_RE = re.compile(r"^[^,\n]{1,60}(?:,[^,\n]{1,60}){0,30}$")
_KEYVAL_RE = re.compile(r"^(?P<key>[A-Z][A-Z0-9_]{1,40})=(?P<value>[^\s=]{1,60})\s*$")
# Column names that make it the test's setup, not its result.
_SETUP_NAME_RE = re.compile(r"\b(?:Size|Time)\b|\bbytes\b|\bElapsed\b", re.I)
# netperf's title over the request/response socket columns, which names no column of its own.
_GROUP_TITLE_RE = re.compile(r"^\s*Local /Remote\s*$")
_RESULT_NAME_RE = re.compile(r"Throughput|Rate|Utilization|Demand|Latency|Percentile|Transactions|Okay|Errors", re.I)
_UNITS = {"10^6bits/sec": "Mbit/s", "10^6bits/s": "Mbit/s", "10^9bits/s": "Gbit/s", "10^9bits/sec": "Gbit/s",
          "10^3bits/s": "Kbit/s", "10^3bits/sec": "Kbit/s", "10^6bytes/s": "MB/s", "10^6Bytes/s": "MB/s"}


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return " TEST" in text and any(BANNER_RE.match(line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    i, n = 0, len(lines)
    while i < n:
        banner = BANNER_RE.match(lines[i]) if len(lines[i]) <= MAX_LINE else None
        if banner is None:
            i += 1
            continue
        grid, i = _read_test(lines, i, banner.group("test"))
        if grid is not None:
            grids.append(grid)
    return grids


def _read_test(lines: Sequence[str], start: int, test: str) -> tuple[Grid | None, int]:
    """The grid of one test from its banner, and the index of the first line after it."""
    names, values = (lines[start + 1], lines[start + 2]) if start + 2 < len(lines) else ("", "")
    if "," in names and names.count(",") == values.count(",") and _CSV_RE.match(values):
        return _csv(lines, start, start + 1, start + 2, test), start + 3
    header: list[int] = []
    j = start + 1
    while j < len(lines) and j - start <= 8 and lines[j].strip() and not _VALUES_RE.match(lines[j]):
        header.append(j)
        j += 1
    while j < len(lines) and not lines[j].strip() and j - start <= 10:
        j += 1
    if j >= len(lines):
        return None, j
    if header and _KEYVAL_RE.match(lines[header[0]]):
        return _keyval(lines, start, header, test), j
    if not _VALUES_RE.match(lines[j]):
        return None, j
    local = j
    remote = j + 1 if j + 1 < len(lines) and lines[j + 1].strip() and _VALUES_RE.match(lines[j + 1]) else None
    return _columns(lines, start, header, local, remote, test), (remote or local) + 1


def _columns(lines: Sequence[str], start: int, header: list[int], local: int, remote: int | None,
             test: str) -> Grid | None:
    line = lines[local]
    words = tokens(line)
    spans = [(visual(line, a), visual(line, b)) for a, b, _ in words]
    stacked = [lines[k] for k in header if not _GROUP_TITLE_RE.match(lines[k])]
    names = names_over_columns(stacked, spans, by="left") if stacked else [""] * len(spans)
    units = [_unit(name) for name in names]
    cells = [cell(line, a, b, units[k]) for k, (a, b, _) in enumerate(words)]
    if any(c is None for c in cells):
        return None
    rows = [GridRow(local, "local", tuple(cells))]
    if remote is not None:
        placed = _placed(lines[remote], spans, units)
        if placed:
            rows.append(GridRow(remote, "remote", placed))
    roles = tuple("config" if _SETUP_NAME_RE.search(name) and not _RESULT_NAME_RE.search(name) else "metric"
                  for name in names)
    result = _main_result(names)
    return grid(reader=NAME, first_line=start, last_line=rows[-1].line, header=tuple(names), rows=tuple(rows),
                roles=roles, caption=f"{test} TEST", benchmark="netperf",
                metric=_metric(names[result]) if result is not None else None,
                unit=units[result] if result is not None else None)


def _main_result(names: list[str]) -> int | None:
    """The column a test is known by: its throughput or transaction rate, else its first result."""
    for word in ("Throughput", "Rate"):
        found = next((k for k, name in enumerate(names) if word in name), None)
        if found is not None:
            return found
    return next((k for k, name in enumerate(names) if _RESULT_NAME_RE.search(name)), None)


def _metric(name: str) -> str:
    """A result column's name without its unit words ("Throughput 10^6bits/sec" -> "Throughput")."""
    words = [w for w in name.split() if w not in _UNITS]
    return " ".join(words[:-2] if " ".join(words).endswith("per sec") else words)


def _unit(name: str) -> str | None:
    """The unit a column's stacked name ends with: "10^6bits/sec", or "per sec" for transactions."""
    if name.endswith("per sec"):
        return "tps"
    last = name.split(" ")[-1] if name else ""
    unit = lookup_unit(last)
    return _UNITS.get(last) or (unit.name if unit is not None and unit.dimension == "time" else None)


def _placed(line: str, spans: list[tuple[int, int]], units: list[str | None]) -> tuple[Cell, ...]:
    """The numbers of a second line put in the columns they are printed under, empty cells between."""
    by_column: dict[int, Cell] = {}
    for a, b, _ in tokens(line):
        end = visual(line, b)
        k = min(range(len(spans)), key=lambda c: abs(spans[c][1] - end))
        made = cell(line, a, b, units[k])
        if made is None or k in by_column:
            return ()
        by_column[k] = made
    if not by_column:
        return ()
    last = max(by_column)
    return tuple(by_column.get(k) or empty_cell(0) for k in range(last + 1))


def _csv(lines: Sequence[str], start: int, names_at: int, values_at: int, test: str) -> Grid | None:
    names = [name.strip() for name in lines[names_at].split(",")]
    line = lines[values_at]
    pieces, pos = [], 0
    for piece in line.split(","):
        pieces.append((pos, pos + len(piece)))
        pos += len(piece) + 1
    if len(pieces) != len(names):
        return None
    rows = []
    for name, (a, b) in zip(names, pieces):
        made = cell(line, a, b)
        if made is not None:
            rows.append(GridRow(values_at, name, (made,)))
    if not rows:
        return None
    return grid(reader=NAME, first_line=start, last_line=values_at, header=("",), rows=tuple(rows),
                caption=f"{test} TEST", benchmark="netperf")


def _keyval(lines: Sequence[str], start: int, header: list[int], test: str) -> Grid | None:
    rows = []
    for k in header:
        found = _KEYVAL_RE.match(lines[k])
        made = cell(lines[k], found.start("value"), found.end("value")) if found else None
        if made is not None:
            rows.append(GridRow(k, found.group("key"), (made,)))
    if not rows:
        return None
    return grid(reader=NAME, first_line=start, last_line=rows[-1].line, header=("",), rows=tuple(rows),
                caption=f"{test} TEST", benchmark="netperf")
