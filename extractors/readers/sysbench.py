"""sysbench (1.x, and 0.4's summary): the result sections of cpu, memory, fileio, threads, mutex and
oltp runs, and the per-interval report lines of `--report-interval`.

Results are `key: value` lines under headings (`General statistics:`, `CPU speed:`, `Latency (ms):`,
`SQL statistics:` with `queries performed:` nested in it, `Threads fairness:`, `File operations:`,
`Throughput:`); a rate printed after a count is a row of its own (`transactions: 88183 (1469.62 per
sec.)` gives "transactions" and "transactions per sec."); `avg/stddev` pairs are a value with its
spread. Rows are labelled by the key, after the heading when the key is a statistic (`min`, `95th
percentile`) or the heading is nested: "Latency 95th percentile", "queries performed read". The options
echoed before the run (`Number of threads: 4`) are its setup and are not read. Interval lines
(`[ 10s ] thds: 8 tps: 1467.12 qps: ...`) are a grid of samples labelled by their time.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, grid, joined, row

NAME = "sysbench"

BANNER_RE = re.compile(r"^\s{0,4}sysbench \d{1,3}\.\d{1,3}[\w.-]{0,20}(?: \([^)\n]{0,80}\))?\s*$")
# The section headings only sysbench prints, which read like a caption a person wrote: the tool's
# output starts there (a generic one such as "Latency (ms):" or "Throughput:" may well be a person's).
_OWN_HEADING_RE = re.compile(r"^\s{0,4}(?:General statistics|CPU speed|Threads fairness|SQL statistics|"
                             r"File operations):\s*$")
SENTENCE_LINES = (BANNER_RE, _OWN_HEADING_RE)  # a banner and its own headings read like sentences
_HEADING_RE = re.compile(r"^(?P<indent>\s{0,12})(?P<name>[A-Za-z][\w ,./()%-]{0,60}?):\s*$")
_KEY_RE = re.compile(
    r"^(?P<indent>\s{1,16})(?P<key>[A-Za-z\d][\w ,./()%-]{0,60}?):\s{1,60}(?P<value>\d[\d.]{0,20}[a-z]{0,2})"
    r"(?:/(?P<sd>\d[\d.]{0,20}))?(?:\s{1,20}\((?P<rate>\d[\d.]{0,20}) per sec(?:\.|ond)\))?\s*$")
_TOTAL_OPS_RE = re.compile(r"^\s{0,4}(?P<key>Total operations): (?P<value>\d{1,20}) \((?P<rate>\d[\d.]{0,20}) per second\)\s*$")
_TRANSFERRED_RE = re.compile(
    r"^\s{0,4}(?P<value>\d[\d.]{0,20}) (?P<unit>[KMGT]iB) transferred \((?P<rate>\d[\d.]{0,20}) (?P<rate_unit>[KMGT]iB/sec)\)\s*$")
_INTERVAL_RE = re.compile(r"^\s{0,4}\[\s{0,4}(?P<time>\d{1,9}s)\s{0,4}\]\s(?P<rest>[^\n]{1,300})$")
_INTERVAL_ITEM_RE = re.compile(r"(?P<key>[a-z][\w/]{0,12}(?: \([^)\n]{1,12}\))?):\s(?P<value>\d[\d.]{0,20})(?![\d./])")
# Headings of result sections (1.x and 0.4): keys under other headings are the run's options.
_RESULT_HEADINGS = re.compile(
    r"^(?:General statistics|CPU speed|Latency \(\w{1,4}\)|SQL statistics|queries performed|Threads fairness|"
    r"File operations|Throughput|Test execution summary|per-request statistics|OLTP test statistics|queries)$")
_STATISTIC_RE = re.compile(r"^(?:min|avg|max|sum|\d{1,2}(?:\.\d{1,3})?th percentile|approx\.\s{1,4}\d{1,2} percentile)$")
_UNIT_RE = re.compile(r"\((?P<unit>ms|us|ns|s)\)$")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    if not ("statistics:" in text or "per sec" in text or "sysbench " in text or "thds:" in text):
        return False
    return any(BANNER_RE.match(line) or (_HEADING_RE.match(line) and _RESULT_HEADINGS.match(line.strip()[:-1]))
               or _TOTAL_OPS_RE.match(line) or (_INTERVAL_RE.match(line) and "thds:" in line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    rows: list[GridRow] = []
    samples: list[tuple[GridRow, tuple[str, ...]]] = []
    first: int | None = None  # the banner, or the first result heading, of the open run
    headings: list[tuple[int, str]] = []  # (indent, name) of the open headings

    def close() -> None:
        nonlocal rows, first, headings
        if rows and first is not None:
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=("",),
                              rows=tuple(rows), benchmark="sysbench"))
        rows, first, headings = [], None, []

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        interval = _INTERVAL_RE.match(line) if "thds:" in line else None
        if interval:
            samples.append(_sample(line, i, interval))
            continue
        if samples:
            grids.append(_samples_grid(samples))
            samples = []
        if BANNER_RE.match(line):
            close()
            first = i
            continue
        heading = _HEADING_RE.match(line)
        if heading:
            indent = len(heading.group("indent").expandtabs(8))
            headings = [h for h in headings if h[0] < indent] + [(indent, heading.group("name").strip())]
            if first is None and _RESULT_HEADINGS.match(headings[-1][1]):
                first = i
            continue
        made = _rows(line, i, headings)
        if made:
            first = i if first is None else first
            rows += made
        elif line.strip() and (rows or first is None or not _in_options(headings)):
            close()
    close()
    if samples:
        grids.append(_samples_grid(samples))
    return sorted(grids, key=lambda g: g.first_line)


def _in_options(headings: list[tuple[int, str]]) -> bool:
    return not headings or not any(_RESULT_HEADINGS.match(name) for _, name in headings)


def _rows(line: str, i: int, headings: list[tuple[int, str]]) -> list[GridRow]:
    if (total := _TOTAL_OPS_RE.match(line)):
        return [r for r in (row(i, total.group("key"), [cell_of(line, total, "value")]),
                            row(i, f"{total.group('key')} per second", [cell_of(line, total, "rate", "/s")])) if r]
    if (moved := _TRANSFERRED_RE.match(line)):
        return [r for r in (row(i, "transferred", [cell_of(line, moved, "value", moved.group("unit"))]),
                            row(i, "transferred per second", [cell_of(line, moved, "rate", moved.group("rate_unit"))]))
                if r]
    found = _KEY_RE.match(line)
    if found is None:
        return []
    # A key printed at a heading's indent or left of it is out of that heading.
    indent = len(found.group("indent").expandtabs(8))
    while len(headings) > 1 and headings[-1][0] >= indent:
        headings.pop()
    if _in_options(headings):
        return []
    key = " ".join(found.group("key").split())
    nested = len(headings) > 1
    heading = headings[-1][1]
    label = f"{_UNIT_RE.sub('', heading).strip()} {key}" if nested or _STATISTIC_RE.match(key) else key
    unit = _UNIT_RE.search(heading)
    made = cell_of(line, found, "value", unit.group("unit") if unit else None)
    if made is not None and found.group("sd"):
        made = replace(made, value=replace(made.value, spread_abs=float(found.group("sd"))),
                       text=line[found.start("value"):found.end("sd")], end=found.end("sd"))
    out = [r for r in (row(i, label, [made]),) if r]
    if found.group("rate"):
        rate = row(i, f"{label} per sec.", [cell_of(line, found, "rate", "/s")])
        out += [rate] if rate else []
    return out


def _sample(line: str, i: int, interval: re.Match) -> tuple[GridRow, tuple[str, ...]]:
    """One interval line as a row labelled by its time, with the keys of its values."""
    start = interval.start("rest")
    cells = []
    for item in _INTERVAL_ITEM_RE.finditer(interval.group("rest")):
        made = cell(line, start + item.start("value"), start + item.end("value"))
        if made is not None:
            cells.append((item.group("key"), made))
    return GridRow(i, interval.group("time"), tuple(c for _, c in cells)), tuple(k for k, _ in cells)


def _samples_grid(samples: list[tuple[GridRow, tuple[str, ...]]]) -> Grid:
    header = samples[0][1]
    rows = tuple(r for r, keys in samples if keys == header)
    return grid(reader=NAME, first_line=samples[0][0].line, last_line=samples[-1][0].line, header=header, rows=rows,
                benchmark="sysbench")
