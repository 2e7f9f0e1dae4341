"""fio's terse output (`--minimal`, `--output-format=terse`): one `;`-separated line per job, read by
the field layout fio documents for terse versions 3, 4 and 5 (part of the fio reader, not registered
on its own).

After `version;fio version;job name;group id;error`, each direction (read, write, and trim from
version 4) prints: total IO (KiB), bandwidth (KiB/s), IOPS, runtime (msec); submission, completion and
total latency as min, max, mean, stdev (usec) with 20 completion-latency percentiles (`99.000000%=3456`)
between the last two; bandwidth min, max, aggregate %, mean, stdev (KiB/s), and from version 5 the
bandwidth sample count and IOPS min, max, mean, stdev, samples. Then CPU user %, system %, context
switches, major and minor faults; then the IO-depth and latency distributions (bucket shares, not
results) and, per disk, its name and counters ending with its utilisation. Rows are labelled as in
fio's normal output ("read IOPS", "read clat 99.00th", "cpu usr", "nvme0n1 util").
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, grid, row

READER = "fio"  # the grids are fio's; this module is the fio reader's terse part

_TERSE_RE = re.compile(r"^\s{0,4}[345];fio-\d[^;\n]{0,40};", re.M)
_PERCENTILE_RE = re.compile(r"^(?P<pct>\d{1,3}\.\d{1,6})%=(?P<value>\d{1,15})$")
_LATENCY = ("min", "max", "avg", "stdev")
# One direction's fields before and after its 20 percentiles: (label, unit); None is not read.
_HEAD = (("io", "KiB"), ("bw", "KiB/s"), ("IOPS", "IOPS"), ("runtime", "msec")) \
    + tuple((f"slat {k}", "usec") for k in _LATENCY) + tuple((f"clat {k}", "usec") for k in _LATENCY)
_TAIL_V3 = tuple((f"lat {k}", "usec") for k in _LATENCY) \
    + tuple((f"bw {k}", "%" if k == "agg" else "KiB/s") for k in ("min", "max", "agg", "avg", "stdev"))
_TAIL_V5 = _TAIL_V3 + ((None, None),) + tuple((f"iops {k}", "IOPS") for k in _LATENCY) + ((None, None),)
_CPU = (("cpu usr", "%"), ("cpu sys", "%"), ("cpu ctx", None), ("cpu majf", None), ("cpu minf", None))
_DISTRIBUTIONS = 7 + 10 + 12  # IO depths, latencies in usec, latencies in msec
_DISK_FIELDS = 9  # name, read/write ios, merges, ticks, time in queue, utilisation


def detect(lines: Sequence[str]) -> bool:
    return _TERSE_RE.search("\n".join(lines)) is not None


def parse(lines: Sequence[str]) -> list[Grid]:
    grids = []
    for i, line in enumerate(lines):
        if len(line) > 4 * MAX_LINE or not _TERSE_RE.match(line):
            continue
        grid = _parse_line(line, i)
        if grid is not None:
            grids.append(grid)
    return grids


def _parse_line(line: str, i: int) -> Grid | None:
    fields, offsets = _split(line)
    version = int(fields[0].strip())
    directions = ("read", "write") if version == 3 else ("read", "write", "trim")
    tail = _TAIL_V5 if version == 5 else _TAIL_V3
    width = len(_HEAD) + 20 + len(tail)
    rows: list[GridRow] = []
    k = 5
    for direction in directions:
        if k + width > len(fields):
            return None
        if any(fields[k + n].strip() not in ("0", "") for n in range(2)):  # a direction that did IO
            rows += _rows(line, i, direction, fields, offsets, k, tail)
        k += width
    for n, (label, unit) in enumerate(_CPU):
        if k + n < len(fields):
            rows += _one(line, i, label, offsets[k + n], fields[k + n], unit)
    k += len(_CPU) + _DISTRIBUTIONS
    while k + _DISK_FIELDS <= len(fields):
        name = fields[k].strip()
        rows += _one(line, i, f"{name} util", offsets[k + 8], fields[k + 8], None)
        k += _DISK_FIELDS
    if not rows:
        return None
    return grid(reader=READER, first_line=i, last_line=i, header=("",), rows=tuple(rows),
                caption=fields[2].strip() or None, benchmark="fio")


def _split(line: str) -> tuple[list[str], list[int]]:
    fields, offsets, pos = [], [], 0
    for piece in line.split(";"):
        fields.append(piece)
        offsets.append(pos)
        pos += len(piece) + 1
    return fields, offsets


def _rows(line: str, i: int, direction: str, fields: list[str], offsets: list[int], k: int,
          tail: tuple[tuple[str | None, str | None], ...]) -> list[GridRow]:
    rows: list[GridRow] = []
    for n, (label, unit) in enumerate(_HEAD):
        rows += _one(line, i, f"{direction} {label}", offsets[k + n], fields[k + n], unit)
    k += len(_HEAD)
    for n in range(20):
        match = _PERCENTILE_RE.match(fields[k + n].strip())
        if match and float(match.group("pct")) > 0:
            start = offsets[k + n] + fields[k + n].index("=") + 1
            label = f"{direction} clat {float(match.group('pct')):.2f}th"
            rows += _one(line, i, label, start, match.group("value"), "usec")
    k += 20
    for n, (label, unit) in enumerate(tail):
        if label is not None:
            rows += _one(line, i, f"{direction} {label}", offsets[k + n], fields[k + n], unit)
    return rows


def _one(line: str, i: int, label: str, start: int, text: str, unit: str | None) -> list[GridRow]:
    """The row of one field, when it holds a number (fio leaves fields of idle directions at 0)."""
    lead = len(text) - len(text.lstrip())
    made = row(i, label, [cell(line, start + lead, start + len(text.rstrip()), unit)])
    return [made] if made is not None else []
