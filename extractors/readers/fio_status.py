"""fio's status line, which it rewrites on a terminal every second and people paste line after line:

    Jobs: 8 (f=8): [0.4% done] [1203M/0K /s] [301K/0  iops] [eta 01h:12m:09s]       (fio 2.x)
    Jobs: 4 (f=4): [r(4)][21.7%][r=2051MiB/s][r=525k IOPS][eta 00m:47s]              (fio 3.x)
    Jobs: 2 (f=2): [m(2)][5.0%][r=98.2MiB/s,w=42.0MiB/s][r=25.1k,w=10.8k IOPS][eta 01m:55s]

Each line is one sample of the bandwidth and the IOPS of the running jobs, reads and writes apart
(the old form prints them as "read/write"). Consecutive status lines are one run: rows "1", "2", ...
in the order printed, one column per direction and quantity the lines print ("read bw", "write iops").
The old form's bare sizes ("1203M") are bytes per second, its counts operations per second.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Cell, Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, empty_cell, grid, joined

NAME = "fio-status"

_HEAD = r"^\s{0,8}Jobs:\s+\d{1,6}\s+\(f=\d{1,6}\)(?::\s*|\s+)"
# fio 2.x: "[0.4% done] [1203M/0K /s] [301K/0  iops] [eta 01h:12m:09s]", a job state ("[R]", "[r]") first
_OLD_RE = re.compile(_HEAD + r"(?:\[[^\]\d]{0,40}\]\s*)?\[[\d.]{1,6}% done\]\s*"
                     r"\[(?P<rbw>[\d.]{1,10}[KMGT]?)/(?P<wbw>[\d.]{1,10}[KMGT]?)(?:/[\d.]{1,10}[KMGT]?)? ?/s\]\s*"
                     r"\[(?P<riops>[\d.]{1,10}[KMG]?)/(?P<wiops>[\d.]{1,10}[KMG]?)(?:/[\d.]{1,10}[KMG]?)?\s+iops\]")
# fio 3.x: "[r(4)][21.7%][r=2051MiB/s,w=980KiB/s][r=525k,w=245 IOPS][eta 00m:47s]"
_NEW_RE = re.compile(_HEAD + r"\[[^\]]{1,60}\]\[[\d.]{1,6}%\]"
                     r"\[(?P<bw>(?:[rwt]=[\d.]{1,10}[KMGT]?i?B/s,?){1,3})\]"
                     r"\[(?P<iops>(?:[rwt]=[\d.]{1,10}[kKMG]?,?\s?){1,3})\s?IOPS\]")
_ITEM_RE = re.compile(r"(?P<dir>[rwt])=(?P<value>[\d.]{1,10}[kKMGT]?(?:i?B/s)?)")
_DIRECTIONS = {"r": "read", "w": "write", "t": "trim"}


def detect(lines: Sequence[str]) -> bool:
    return "Jobs:" in joined(lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    run: list[tuple[int, dict[str, Cell]]] = []
    for i, line in enumerate(lines):
        sample = _sample(line) if len(line) <= MAX_LINE else None
        if sample is None or run and set(sample) != set(run[0][1]):
            _close(run, grids)
            run = []
        if sample:
            run.append((i, sample))
    _close(run, grids)
    return grids


def _sample(line: str) -> dict[str, Cell] | None:
    """The cells of one status line by column name, or None when it is none."""
    found: dict[str, Cell | None] = {}
    if (old := _OLD_RE.match(line)) is not None:
        for group, name, unit in (("rbw", "read bw", "B/s"), ("wbw", "write bw", "B/s"),
                                  ("riops", "read iops", "IOPS"), ("wiops", "write iops", "IOPS")):
            found[name] = cell(line, old.start(group), old.end(group), unit)
    elif (new := _NEW_RE.match(line)) is not None:
        for group, quantity, unit in (("bw", "bw", None), ("iops", "iops", "IOPS")):
            for item in _ITEM_RE.finditer(line, new.start(group), new.end(group)):
                found[f"{_DIRECTIONS[item.group('dir')]} {quantity}"] = cell(
                    line, item.start("value"), item.end("value"), unit)
    else:
        return None
    return {name: c for name, c in found.items() if c is not None} or None


def _close(run: list[tuple[int, dict[str, Cell]]], grids: list[Grid]) -> None:
    if not run:
        return
    # a direction the jobs do not run prints zero throughout ("[9798M/0K /s]" of a read-only job): no column
    columns = tuple(name for name in run[0][1] if any(sample[name].value.value for _, sample in run))
    if not columns:
        return
    rows = tuple(GridRow(i, str(n), tuple(sample.get(name) or empty_cell(0) for name in columns))
                 for n, (i, sample) in enumerate(run, 1))
    grids.append(grid(reader=NAME, first_line=run[0][0], last_line=run[-1][0], header=columns, rows=rows,
                      benchmark="fio"))
