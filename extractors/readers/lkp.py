"""Kernel test robot (LKP) reports: the comparison table and the headline above it.

The robot prints the commits it compares on one line (`23d91035cafa30d1 8cf0c459993ee2911f4f01fba21`,
more than two when it compares several), a dashed rule, `%stddev %change %stddev`, the `\\  |  \\` line,
then one row per metric: `base ± sd%  change  patched ± sd%  metric.name`, with a `change, patched`
pair per further commit. The change is a relative `-12.5%`, except for metrics that are themselves
percentages (a name ending in `%`, and the `perf-profile.*` shares of cycles), where it is the
difference in points (`+0.5`); both are kept as printed. `fail:runs  %reproduction` sections count
boot errors (`1:4`), which are not numbers and are not read. Columns are baseline, change, patched
(change, patched ...), named by the commit ids when printed. Rows quoted without the heading are read
when they have the robot's row shape.

The headline (`kernel test robot noticed a -5.3% regression of stress-ng.fork.ops_per_sec on:`) is a
grid of its own, the change of its metric with the direction the robot's word gives it; `testcase:`
names the benchmark of the tables below it, and the parameter line under the `=====` rule
(`2M/gcc-12/performance/1SSD/xfs/...`) captions the table that follows.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from extractors.model import Cell, Grid, GridRow
from extractors.numbers import parse_value
from extractors.readers.cells import MAX_LINE, cell, grid, joined, text_cell, with_unit

NAME = "lkp"

_HEADLINE_RE = re.compile(
    r"\bnoticed an?\s+(?P<change>[-+]?\d{1,6}(?:\.\d{1,4})?%)\s+(?P<kind>improvement|regression)\s+of\s+"
    r"(?P<metric>[\w.%()/-]{1,120}(?::[\w.%()/-]{1,60}){0,4})(?::|\s|$)")
_TESTCASE_RE = re.compile(r"^\s{0,4}testcase:\s{0,8}(?P<name>[\w.+-]{1,60})\s*$")
_PARAMS_HEADER_RE = re.compile(r"^\s{0,4}[\w-]{1,40}(?:/[\w-]{1,40}){1,40}:\s*$")
_PARAMS_RE = re.compile(r"^\s{1,8}\S{1,60}(?:/\S{1,80}){1,40}\s*$")
# The commits compared, each an abbreviated hash or a release tag the robot prints instead ("v5.19-rc7").
_COMMIT = r"(?:[0-9a-f]{7,40}|v\d{1,2}\.\d{1,3}(?:-rc\d{1,2})?)"
_COMMITS_RE = re.compile(rf"^\s{{0,20}}{_COMMIT}(?:\s{{1,20}}{_COMMIT}){{1,8}}\s*$")
# The lines between the commits and the rows: rules, column names, bars, and the boot-error section
# ("fail:runs  %reproduction  fail:runs", "|  |  |", "1:4  -25%  :4  dmesg.WARNING:...").
_HEADING_RE = re.compile(
    r"^\s{0,40}(?:-{8,}(?:\s{1,4}-{8,}){1,8}|%stddev(?:\s{1,20}%change\s{1,20}%stddev){1,8}"
    r"|\\(?:\s{1,20}\|\s{1,20}\\){1,8}|fail:runs(?:\s{1,20}%reproduction\s{1,20}fail:runs){1,8}"
    r"|\|(?:\s{1,20}\|){2,16}|\d{0,6}:\d{1,6}(?:\s{1,20}[-+]?\d{1,6}%\s{1,20}\d{0,6}:\d{1,6}){1,8}\s{1,20}\S{1,200})\s*$")
# One number of a row, with the spread the robot prints after a value: "400000 ±  2%", "0.26 ±103%".
# Archives show the "±" as "Â±" (UTF-8 read as Latin-1) or as U+FFFD (a Latin-1 byte that would not
# decode); in this place of a row they can only be the robot's "±".
_CELL_RE = re.compile(
    r"\s{0,30}(?P<cell>(?P<num>[-+]?\d{1,20}(?:\.\d{1,12})?(?:e[-+]?\d{1,3})?%?)"
    r"(?:\s{0,3}(?:\u00c2?\u00b1|\ufffd)\s{0,3}(?P<sd>\d{1,6})%)?)(?=\s)")
_ROW_HINT_RE = re.compile(r"^\s{0,30}[-+]?\d[\d.e+-]{0,20}%?(?:\s{0,3}\u00c2?[\u00b1\ufffd]\s{0,3}\d{1,6}%)?\s{1,30}[-+]\d", re.M)
# The robot's metric names are dotted paths that may hold any visible character ("curr->pid.avg",
# "[unknown]"); perf-sched and perf-profile ones run past a hundred characters.
_METRIC_RE = re.compile(r"\s{1,30}(?P<metric>[A-Za-z_]\S{0,400})\s*$")
_MAX_ROW = 2 * MAX_LINE
# A row outside a table's heading: a dotted metric name, as the robot names every metric.
_DOTTED_RE = re.compile(r"^[A-Za-z_][\w-]*\.")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    if "%stddev" in text or ("noticed a" in text and _HEADLINE_RE.search(text)):
        return True
    return _ROW_HINT_RE.search(text) is not None and any(_row_cells(line)[0] and _quoted_row(line)
                                                          for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    tables: list[Grid] = []
    headlines: list[tuple[Grid, str]] = []  # with the robot's word, "regression" or "improvement"
    testcase = params = None
    table: _Table | None = None

    def close() -> None:
        nonlocal table
        if table is not None and table.rows:
            tables.append(table.grid())
        table = None

    for i, line in enumerate(lines):
        if len(line) > _MAX_ROW:
            close()
            continue
        cells, metric = _row_cells(line)
        if cells:
            if table is not None and table.add(i, cells, metric):
                continue
            close()
            if _quoted_row(line):
                table = _Table(i, None, params)
                table.add(i, cells, metric)
            continue
        if table is not None and table.rows:
            close()
        if (found := _HEADLINE_RE.search(line)):
            headline = _headline(line, i, found)
            if headline is not None:
                headlines.append((headline, found.group("kind")))
        elif (test := _TESTCASE_RE.match(line)):
            testcase = test.group("name")
        elif _PARAMS_HEADER_RE.match(line) and i + 1 < len(lines) and _PARAMS_RE.match(lines[i + 1]):
            params = lines[i + 1].strip()
        elif _COMMITS_RE.match(line):
            table = _Table(i, line.split(), params)
        elif _HEADING_RE.match(line):
            table = table or _Table(i, None, params)
        elif not (table is not None and not line.strip()):
            table = None
    close()
    return _named(tables, headlines, testcase)


def _row_cells(line: str) -> tuple[list[Cell], str | None]:
    """The numbers of a comparison row and its metric, or ([], None) when the line has not the shape
    `value [± sd%] (change value [± sd%])+ metric`."""
    if len(line) > _MAX_ROW or not line[:1].isspace() and not line[:1].isdigit():
        return [], None
    cells: list[Cell] = []
    pos = 0
    while True:
        match = _CELL_RE.match(line, pos)
        if match is None:
            break
        number = parse_value(match.group("num"))
        if number is None:
            return [], None
        spread = float(match.group("sd")) if match.group("sd") else None
        cells.append(text_cell(line, match.start("cell"), match.end("cell"),
                               replace(number, text=match.group("cell"), spread_pct=spread)))
        pos = match.end()
    metric = _METRIC_RE.fullmatch(line, pos)
    if metric is None or len(cells) < 3 or len(cells) % 2 == 0:
        return [], None
    for k, found in enumerate(cells):
        is_change = k % 2 == 1
        if is_change and (not found.value.signed or found.value.spread_pct is not None):
            return [], None
        if not is_change and found.value.signed and found.value.value >= 0:
            return [], None
    return cells, metric.group("metric")


def _quoted_row(line: str) -> bool:
    """A row read without the table's heading: it must carry the robot's dotted metric name."""
    metric = _METRIC_RE.search(line)
    return metric is not None and bool(_DOTTED_RE.match(metric.group("metric")))


class _Table:
    """One comparison table being read: its first line, commit columns, caption and rows."""

    def __init__(self, first: int, commits: list[str] | None, caption: str | None):
        self.first, self.commits, self.caption = first, commits, caption
        self.rows: list[GridRow] = []
        self.width: int | None = None

    def add(self, i: int, cells: list[Cell], metric: str) -> bool:
        """Take a row of the table's width; a metric that is a percentage gets "%" on its values."""
        if self.width is not None and len(cells) != self.width:
            return False
        self.width = len(cells)
        if metric.endswith("%"):
            cells = [replace(c, value=with_unit(c.value, "%")) if k % 2 == 0 else c for k, c in enumerate(cells)]
        self.rows.append(GridRow(i, metric, tuple(cells)))
        return True

    def grid(self) -> Grid:
        n = (self.width or 3) // 2
        names = self.commits if self.commits and len(self.commits) == n + 1 else [""] * (n + 1)
        header, roles = [names[0]], ["baseline"]
        for k in range(n):
            header += ["%change", names[k + 1]]
            roles += ["change", "patched"]
        return grid(reader=NAME, first_line=self.first, last_line=self.rows[-1].line, header=tuple(header),
                    rows=tuple(self.rows), roles=tuple(roles), caption=self.caption)


def _headline(line: str, i: int, found: re.Match) -> Grid | None:
    """The robot's headline: the change of one metric; a regression of a positive change means the
    metric is better low, a regression of a negative change that it is better high."""
    change = cell(line, found.start("change"), found.end("change"))
    if change is None:
        return None
    metric = found.group("metric").rstrip(".:")
    higher = None
    if change.value.signed and change.value.value != 0:
        higher = (change.value.value < 0) == (found.group("kind") == "regression")
    return grid(reader=NAME, first_line=i, last_line=i, header=("%change",), rows=(GridRow(i, metric, (change,)),),
                roles=("change",), benchmark=metric.split(".")[0], metric=metric, higher_is_better=higher)


def _named(tables: list[Grid], headlines: list[tuple[Grid, str]], testcase: str | None) -> list[Grid]:
    """Tables get the report's testcase and its headline metric; an unsigned headline change ("a 51.1%
    regression") takes its sign from the table's row for that metric."""
    metric = headlines[0][0].metric if headlines else None
    out = [replace(t, benchmark=testcase, metric=metric) for t in tables]
    for headline, kind in headlines:
        if headline.higher_is_better is None:
            signs = [r.cells[1].value.value for t in tables for r in t.rows
                     if r.label == headline.metric and r.cells[1].value.value]
            if signs:
                headline = replace(headline, higher_is_better=(signs[0] < 0) == (kind == "regression"))
        out.append(headline)
    return sorted(out, key=lambda g: g.first_line)
