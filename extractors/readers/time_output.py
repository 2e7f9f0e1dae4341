"""The shells' `time` and GNU `/usr/bin/time`: the times of one command.

Forms: bash/ksh `real 4m35.973s` / `user ...` / `sys ...` (also `time -p`: `real 4.56`), one line
each, in that order; zsh `... 1234.56s user 123.45s system 2400% cpu 56.789 total`; GNU time's default
`12.34user 1.23system 0:05.67elapsed 240%CPU (0avgtext+0avgdata 12345maxresident)k` with its
`0inputs+0outputs (0major+1234minor)pagefaults 0swaps` line (quoted up to "elapsed" at times, or after a
name of the run the author put before it: "patched: 0.12user ..."), and its
`-v` report (`Command being timed: "make -j32"`, `User time (seconds): 1234.56`, ... `Maximum resident
set size (kbytes): ...`); BSD `/usr/bin/time` and mksh (Android's shell) put each value before its name on one line
(`        1.23 real         0.50 user         0.10 sys`, `0m14.83s real     0m00.00s user     0m14.30s
system`), so a command timed again and again prints a line per run: consecutive such lines are one
grid, rows "1", "2", ... and columns real, user, sys; so are consecutive zsh lines, each row named by the
command zsh printed before its times (or the name an author put there: "before:", "after:").
Otherwise one grid per command timed, captioned by the command only where GNU time quotes it; rows
labelled as the tool labels them; durations in seconds.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Cell, Grid, GridRow
from extractors.numbers import parse_value
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row, text_cell

NAME = "time"

# Durations as the shells print them, with the locale's decimal point or comma ("3m29,002s").
# BusyBox's `time` puts a space after the minutes ("real	0m 0.01s").
_TIME = r"\d{1,9}(?:[.,]\d{1,9})?s?|\d{1,6}m ?\d{1,2}(?:[.,]\d{1,9})?s|\d{1,6}h\d{1,2}m\d{1,2}(?:[.,]\d{1,9})?s"
_SHELL_RE = re.compile(rf"^\s{{0,8}}(?P<label>real|user|sys)\s{{1,8}}(?P<value>{_TIME})\s*$")
_VALUE_FIRST_RE = re.compile(rf"^\s{{0,12}}(?P<real>{_TIME})\s{{1,12}}real\s{{1,12}}(?P<user>{_TIME})\s{{1,12}}user"
                             rf"\s{{1,12}}(?P<sys>{_TIME})\s{{1,12}}sys(?:tem)?\s*$")
# zsh's line, after the command it timed (or a name the author gave the run), and a remark of the author's
# on the change at times: "before: 2.10s user 512.40s system 1710% cpu 30.120 total (-50%)"
_ZSH_RE = re.compile(
    r"(?P<user>\d{1,9}\.\d{1,4})s user (?P<sys>\d{1,9}\.\d{1,4})s system (?P<cpu>\d{1,6})% cpu "
    r"(?P<total>(?:\d{1,4}:){0,2}\d{1,9}\.\d{1,4}) total(?:\s{1,4}\([^()]{1,40}\))?\s*$")
_MAX_NAME = 60  # the longest text before zsh's times read as the run's name
_GNU_RE = re.compile(
    r"^\s{0,8}(?:(?P<name>[^\s:][^:]{0,40}?)\s{0,8}:\s{1,8})?"  # the author's name of the run, if any
    r"(?P<user>\d{1,9}\.\d{1,4})user (?P<system>\d{1,9}\.\d{1,4})system "
    r"(?P<elapsed>(?:\d{1,4}:){1,2}\d{1,2}(?:\.\d{1,4})?)elapsed"
    r"(?: (?P<cpu>\d{1,6})%CPU(?: \(\d{1,12}avgtext\+\d{1,12}avgdata (?P<maxres>\d{1,15})maxresident\)k)?)?\s*$")
_GNU_IO_RE = re.compile(
    r"^\s{0,8}(?P<inputs>\d{1,15})inputs\+(?P<outputs>\d{1,15})outputs \((?P<major>\d{1,15})major\+(?P<minor>\d{1,15})minor\)"
    r"pagefaults (?P<swaps>\d{1,15})swaps\s*$")
_VERBOSE_HEAD_RE = re.compile(r'^\s{0,8}Command being timed: "(?P<command>[^"\n]{0,300})"\s*$')
_VERBOSE_RE = re.compile(
    r"^\s{0,8}(?P<label>[A-Z](?:[^:()\n]|\([^)\n]{0,40}\)){2,100}?):\s(?P<value>(?:\d{1,4}:){0,2}\d{1,15}(?:\.\d{1,6})?%?)\s*$")
_SECONDS_RE = re.compile(r"\(seconds\)|wall clock")
# The shells' lines read as two words when a mail client turns their tab into one space ("real 0m9.595s"),
# and GNU time's first line as three when it is quoted without its CPU share.
SENTENCE_LINES = (_SHELL_RE, _GNU_RE)


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    if "real" in text and any(_SHELL_RE.match(line) and line.split()[0] == "real" for line in lines):
        return bool(_shell_runs(lines))
    if " real " in text and any(_VALUE_FIRST_RE.match(line) for line in lines if len(line) <= MAX_LINE):
        return True
    return ("elapsed" in text and any(_GNU_RE.match(line) for line in lines)) or \
        ("Command being timed" in text and any(_VERBOSE_HEAD_RE.match(line) for line in lines)) or \
        (" total" in text and any(_ZSH_RE.search(line) for line in lines if len(line) <= MAX_LINE))


def parse(lines: Sequence[str]) -> list[Grid]:
    grids = _shell_runs(lines) + _value_first_runs(lines) + _zsh_runs(lines)
    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if (gnu := _GNU_RE.match(line)):
            grids.append(_gnu(lines, i, gnu))
        elif (head := _VERBOSE_HEAD_RE.match(line)):
            grids.append(_verbose(lines, i, head.group("command")))
    return sorted((g for g in grids if g.rows), key=lambda g: g.first_line)


def _grid(first: int, last: int, rows: list[GridRow | None], caption: str | None = None) -> Grid:
    return grid(reader=NAME, first_line=first, last_line=last, header=("",), rows=tuple(r for r in rows if r),
                caption=caption, benchmark="time")


def _shell_runs(lines: Sequence[str]) -> list[Grid]:
    """`real`, `user`, `sys` on consecutive lines (blank lines between them allowed), in that order."""
    grids = []
    for i, line in enumerate(lines):
        found = _SHELL_RE.match(line) if len(line) <= MAX_LINE else None
        if not found or found.group("label") != "real":
            continue
        rows, j = [row(i, "real", [_duration(line, found)])], i + 1
        for label in ("user", "sys"):
            while j < len(lines) and not lines[j].strip() and j - i < 4:
                j += 1
            nxt = _SHELL_RE.match(lines[j]) if j < len(lines) and len(lines[j]) <= MAX_LINE else None
            if nxt is None or nxt.group("label") != label:
                break
            rows.append(row(j, label, [_duration(lines[j], nxt)]))
            j += 1
        if len(rows) == 3:
            grids.append(_grid(i, rows[-1].line, rows))
    return grids


def _duration(line: str, found: re.Match) -> Cell | None:
    """The duration of a shell line's `value` group in seconds, BusyBox's "0m 0.01s" as "0m0.01s"."""
    start, end = found.span("value")
    value = parse_value(line[start:end].replace("m ", "m"))
    return text_cell(line, start, end, value) if value is not None else None


_VALUE_FIRST_COLUMNS = ("real", "user", "sys")


def _value_first_runs(lines: Sequence[str]) -> list[Grid]:
    """Consecutive value-first lines (BSD time, mksh), one run of the same command each."""
    runs: list[list[GridRow]] = [[]]
    for i, line in enumerate(lines):
        found = _VALUE_FIRST_RE.match(line) if len(line) <= MAX_LINE else None
        made = row(i, str(len(runs[-1]) + 1), [cell_of(line, found, name, "s") for name in _VALUE_FIRST_COLUMNS]) \
            if found else None
        if made is not None:
            runs[-1].append(made)
        elif runs[-1]:
            runs.append([])
    return [grid(reader=NAME, first_line=rows[0].line, last_line=rows[-1].line, header=_VALUE_FIRST_COLUMNS,
                 rows=tuple(rows), benchmark="time", unit="s") for rows in runs if rows]


_ZSH_COLUMNS = ("user", "system", "cpu", "total")
_ZSH_CELLS = (("user", "s"), ("sys", "s"), ("cpu", "%"), ("total", "s"))  # the pattern's group of each, its unit


def _zsh_runs(lines: Sequence[str]) -> list[Grid]:
    """Consecutive zsh lines, a row each named by what precedes its times: the command zsh timed, or the
    author's name of the run ("before:"); "1", "2", ... where nothing does."""
    runs: list[list[GridRow]] = [[]]
    for i, line in enumerate(lines):
        found = _ZSH_RE.search(line) if len(line) <= MAX_LINE else None
        name = line[:found.start()].strip().rstrip(":").strip() if found else ""
        made = row(i, name if 0 < len(name) <= _MAX_NAME else str(len(runs[-1]) + 1),
                   [cell_of(line, found, group, unit) for group, unit in _ZSH_CELLS]) if found else None
        if made is not None:
            runs[-1].append(made)
        elif runs[-1]:
            runs.append([])
    return [grid(reader=NAME, first_line=rows[0].line, last_line=rows[-1].line, header=_ZSH_COLUMNS,
                 rows=tuple(rows), benchmark="time") for rows in runs if rows]


def _gnu(lines: Sequence[str], i: int, gnu: re.Match) -> Grid:
    line = lines[i]
    rows = [row(i, "user", [cell_of(line, gnu, "user", "s")]), row(i, "system", [cell_of(line, gnu, "system", "s")]),
            row(i, "elapsed", [cell_of(line, gnu, "elapsed")]), row(i, "CPU", [cell_of(line, gnu, "cpu", "%")]),
            row(i, "maxresident", [cell_of(line, gnu, "maxres", "KB")])]
    io = _GNU_IO_RE.match(lines[i + 1]) if i + 1 < len(lines) else None
    if io:
        rows += [row(i + 1, name, [cell_of(lines[i + 1], io, name)])
                 for name in ("inputs", "outputs", "major", "minor", "swaps")]
    return _grid(i, i + 1 if io else i, rows, gnu.group("name"))


def _verbose(lines: Sequence[str], i: int, command: str) -> Grid:
    rows = []
    j = i + 1
    while j < len(lines) and len(lines[j]) <= MAX_LINE and (found := _VERBOSE_RE.match(lines[j])):
        label = found.group("label")
        unit = "s" if _SECONDS_RE.search(label) else None
        made = row(j, label, [cell_of(lines[j], found, "value", unit)]) if label != "Exit status" else None
        if made is not None:
            rows.append(made)
        j += 1
    return _grid(i, rows[-1].line if rows else i, rows, command)
