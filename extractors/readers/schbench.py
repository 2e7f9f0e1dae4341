"""schbench, old and new: percentile sections with sample counts, min/max, and the throughput lines.

Sections start with `Latency percentiles (usec)` (old), `Wakeup Latencies percentiles (usec)`,
`Request Latencies percentiles (usec)` or `RPS percentiles (requests)` (new), often followed by
`runtime 30 (s) (123456 total samples)`. Their rows are `50.0th: 12 (6000 samples)`, `*99.0th: 35`
(the star marks the percentile schbench highlights, kept in the label as printed), and
`min=1, max=1234`. `avg worker transfer: 25192.00 ops/sec 98.41MB/s` and `average rps: 1234.50` close a
run. Each section is a grid with the section as its metric and its unit ("usec", "rps"); the sample
counts are a second column the tool prints beside each percentile, marked "ignore" (a count, not a
latency). A section printed again starts the next run, and so do its rows printed again right under
the first run (one title over two runs, with the author's name for each in between).
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "schbench"

_SECTION_RE = re.compile(
    r"^\s{0,8}(?P<name>(?:(?P<kind>Wakeup|Request) Latencies|Latency|(?P<rps>RPS)) percentiles)"
    r"\s{0,4}\((?P<unit>\w{1,12})\)(?P<rest>[^\n]{0,120})$")
_PERCENTILE_RE = re.compile(
    r"^\s{0,12}(?P<label>\*?\s?\d{1,3}(?:\.\d{1,6})?th):\s{0,8}(?P<value>\d{1,15})"
    r"(?:\s{1,20}\((?P<samples>\d{1,15}) samples\))?\s*$")
_MIN_MAX_RE = re.compile(r"^\s{0,12}min=(?P<min>\d{1,15}),\s{0,4}max=(?P<max>\d{1,15})\s*$")
_TRANSFER_RE = re.compile(
    r"^\s{0,8}avg worker transfer:\s{0,8}(?P<ops>\d{1,15}(?:\.\d{1,6})?) ops/sec\s{1,8}(?P<bw>\d{1,15}(?:\.\d{1,6})?[KMG]?B/s)\s*$")
_RPS_RE = re.compile(r"^\s{0,8}(?P<label>average rps|current rps):\s{0,8}(?P<value>\d{1,15}(?:\.\d{1,6})?)\s*$")
_UNITS = {"usec": "usec", "requests": "rps"}


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return "percentiles (" in text and any(_SECTION_RE.match(line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    section: re.Match | None = None
    first: int | None = 0
    rows: list[GridRow] = []
    ignored = 0  # lines between a title and its rows that are not schbench's (an author's "BASE", "====")

    def close() -> None:
        if section is not None and rows:
            unit = _UNITS.get(section.group("unit"), section.group("unit"))
            header = ("rps" if section.group("rps") else unit, "samples")
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=header,
                              rows=tuple(rows), roles=("metric", "ignore"), benchmark="schbench",
                              metric=section.group("name"), unit=unit))
        rows.clear()

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        found = _SECTION_RE.match(line)
        if found:
            close()
            section, first, ignored = found, i, 0
            continue
        if section is None:
            continue
        made = _row(line, i, _UNITS.get(section.group("unit"), section.group("unit")))
        if made:
            # Lines of the author's between the title and the rows ("BASE", "====") stay outside the
            # grid, where the comparison stage reads captions.
            first = i if first is None or (ignored and not rows) else first
            rows.extend(made)
        elif line.strip():
            if rows:
                # The section may go on for another run under a caption of the author's ("PATCHED"),
                # schbench's title printed only once above both.
                close()
                first, ignored = None, 0
            ignored += 1
            if ignored > 3:
                section = None
    close()
    return grids


def _row(line: str, i: int, unit: str) -> list[GridRow]:
    if (pct := _PERCENTILE_RE.match(line)):
        label = pct.group("label").replace(" ", "")
        made = row(i, label, [cell_of(line, pct, "value", unit), cell_of(line, pct, "samples")])
        return [made] if made else []
    if (bounds := _MIN_MAX_RE.match(line)):
        return [r for r in (row(i, "min", [cell_of(line, bounds, "min", unit)]),
                            row(i, "max", [cell_of(line, bounds, "max", unit)])) if r]
    if (transfer := _TRANSFER_RE.match(line)):
        return [r for r in (row(i, "avg worker transfer ops/sec", [cell_of(line, transfer, "ops", "ops/sec")]),
                            row(i, "avg worker transfer MB/s", [cell_of(line, transfer, "bw")])) if r]
    if (rps := _RPS_RE.match(line)):
        made = row(i, rps.group("label"), [cell_of(line, rps, "value", "rps")])
        return [made] if made else []
    return []
