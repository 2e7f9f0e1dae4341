"""stress-ng's metrics table (`--metrics`, `--metrics-brief`), in the `info:` and newer `metrc:` forms.

Every line is prefixed `stress-ng: info:  [1234]` with the pid, which is never a value. The header is
two lines, `stressor  bogo ops real time  usr time  sys time  bogo ops/s  bogo ops/s` over
`(secs)  (secs)  (secs)  (real time) (usr+sys time)`, right-aligned over the numbers, with more columns
in newer versions (`CPU used per instance (%)`, `RSS Max (KB)`); each stressor's row follows. Rows are
labelled by the stressor; a stressor printed again (another run pasted under the first, maybe without
its header) starts a new grid, which takes the header of the table above it, or stress-ng's own column
names when none is printed. Units come from the header's parentheses.

With `--log-brief` (`-b`) stress-ng prints the same lines without the prefix; a header must then open
the table, as a row alone ("word" and numbers) could be anything. `--times` adds a block after each run,
`for a 60.03s run time:` over `226.93s system time (  3.94%)` lines, read as its own grid whose rows are
the kinds of CPU time (the percentage is the share of the available CPU time, not a second value; the
available CPU time itself, CPUs times the run's length, is what the machine offered, not what the run took).
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, grid, joined, names_over_columns, row, tokens

NAME = "stress-ng"

_PREFIX_RE = re.compile(r"^\s{0,4}stress-ng: (?:info|metrc|warn|debug|fail):\s{1,4}\[\d{1,9}\] ")
_HEADER_RE = re.compile(r"^\s{0,4}stressor\s{1,20}bogo ops\b")
_UNITS_RE = re.compile(r"^\s{10,60}\(secs\)")
# The lines of a run that read like sentences (SENTENCE_LINES), prefixed or not: its setup, the
# `--times` heading, the SMI count of `--smi`-capable machines, its load average and its ending.
_RUN_TIME = r"for a \d{1,9}(?:\.\d{1,3})?s run time:"  # the heading of `--times`
_OWN_LINE_RE = re.compile(r"^\s{0,4}(?:stress-ng: \w{4,5}:\s{1,4}\[\d{1,9}\] )?(?:setting to a .{1,40} run per stressor"
                          rf"|dispatching hogs: \d|successful run completed in \d|{_RUN_TIME}"
                          r"|\d{1,9} System Management Interrupts?\s*$|load average: \d)")
_TIMES_HEAD_RE = re.compile(rf"^\s{{0,4}}{_RUN_TIME}\s*$")
_TIMES_ROW_RE = re.compile(
    r"^\s{0,12}(?P<value>\d{1,12}(?:\.\d{1,3})?)s (?P<what>available CPU|user|system|total) time\b")
SENTENCE_LINES = (_OWN_LINE_RE, _TIMES_ROW_RE)
_ROW_RE = re.compile(r"^\s{0,4}(?P<stressor>[a-z][\w-]{0,40})(?:\s{1,30}\d{1,20}(?:\.\d{1,6})?){4,12}\s*$")
# stress-ng's columns, in its order, for rows pasted without their header.
_COLUMNS = ("bogo ops", "real time (secs)", "usr time (secs)", "sys time (secs)", "bogo ops/s (real time)",
            "bogo ops/s (usr+sys time)", "CPU used per instance (%)", "RSS Max (KB)")
_UNIT_RE = re.compile(r"\((?P<unit>secs|%|KB)\)$")
_UNITS = {"secs": "s", "%": "%", "KB": "KB"}


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    if "stress-ng: " in text:
        return any((rest := _rest(line, False)) is not None and _ROW_RE.match(rest) for line in lines)
    return "bogo ops" in text and any(_HEADER_RE.match(line) for line in lines if len(line) <= MAX_LINE)


def _rest(line: str, brief: bool) -> str | None:
    """The line after stress-ng's prefix; in brief output every line short enough to be the tool's."""
    if len(line) > MAX_LINE:
        return None
    found = _PREFIX_RE.match(line)
    return line[found.end():] if found else (line if brief else None)


def parse(lines: Sequence[str]) -> list[Grid]:
    brief = not any(_PREFIX_RE.match(line) for line in lines if len(line) <= MAX_LINE)
    grids: list[Grid] = []
    header_lines: list[str] = []
    header_names: tuple[str, ...] = ()
    first: int | None = None
    rows: list[GridRow] = []
    times: list[GridRow] = []
    timing = False  # under "for a 60.03s run time:", the heading of --times

    def close_times() -> None:
        nonlocal times
        if times:
            grids.append(grid(reader=NAME, first_line=times[0].line, last_line=times[-1].line, header=("time",),
                              roles=("metric",), rows=tuple(times), benchmark="stress-ng", unit="s"))
        times = []

    def close() -> None:
        nonlocal rows, first
        if rows:
            header = _header(header_names, rows)
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=header,
                              header_rows=(header,) if header_names else (), rows=tuple(rows), benchmark="stress-ng"))
        rows, first = [], None

    for i, line in enumerate(lines):
        rest = _rest(line, brief)
        if rest is not None and _TIMES_HEAD_RE.match(rest):
            close()
            timing = True
            continue
        timed = _TIMES_ROW_RE.match(rest) if rest is not None and timing else None
        if timed:
            close()
            at = len(line) - len(rest)
            value = cell(line, at + timed.start("value"), at + timed.end("value"), "s")
            made = row(i, timed.group("what") + " time", [value])
            if made is not None and timed.group("what") != "available CPU":
                times.append(made)
            continue
        close_times()
        timing = False
        if rest is None:
            if line.strip():
                close()
            continue
        offset = len(line) - len(rest)
        if _HEADER_RE.match(rest):
            close()
            # "stressor" names the label column, left of the values.
            first, header_lines, header_names = i, [rest.replace("stressor", " " * 8, 1)], ()
            continue
        if _UNITS_RE.match(rest) and header_lines:
            header_lines.append(rest)
            continue
        found = _ROW_RE.match(rest) if header_lines or not brief else None
        if not found:
            if brief and rest.strip():
                close()
                header_lines, header_names = [], ()  # brief output: the next table needs its own header
            continue
        stressor = found.group("stressor")
        if any(r.label == stressor for r in rows):
            close()
        words = tokens(rest)[1:]
        if header_lines and not header_names:
            header_names = tuple(names_over_columns(header_lines, [(a, b) for a, b, _ in words]))[:len(words)]
        names = header_names if len(header_names) == len(words) else _COLUMNS[:len(words)]
        units = [_unit(name) for name in names] + [None] * (len(words) - len(names))
        cells = [cell(line, offset + a, offset + b, units[k]) for k, (a, b, _) in enumerate(words)]
        first = i if first is None else first
        made = row(i, stressor, cells)
        if made is not None:
            rows.append(made)
    close()
    close_times()
    return sorted(grids, key=lambda g: g.first_line)


def _unit(name: str) -> str | None:
    found = _UNIT_RE.search(name)
    return _UNITS[found.group("unit")] if found else None


def _header(names: tuple[str, ...], rows: list[GridRow]) -> tuple[str, ...]:
    width = max(len(r.cells) for r in rows)
    if len(names) == width:
        return names
    return _COLUMNS[:width] if width <= len(_COLUMNS) else _COLUMNS + ("",) * (width - len(_COLUMNS))
