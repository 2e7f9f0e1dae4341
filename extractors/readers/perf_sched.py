"""perf sched latency: one line per task (or task group, `fio:(82)` is 82 tasks of one name),
`  task:pid | 123.456 ms | 789 | avg: 0.209 ms | max: 63.123 ms | max at: 768.274023 s`, under a header
`Task | Runtime ms | Switches | Average delay ms | Maximum delay ms | Maximum delay at` between dashed
rules, and a `TOTAL:` line with runtime and switches. Newer perf prints `Count`, `Avg delay ms`,
`Max delay ms` and `max start:`/`max end:` instead; the four measured fields are the same.

One grid per run of task lines, rows labelled by the task, columns runtime (ms), switches (a count),
average and maximum scheduling delay (ms); when the delays were measured (`max at:`, `max start:`) is
a timestamp, not a result, and is left out. A mail client that wraps the line after the maximum delay
(`max:   63.123` then `ms | max at: ...` on the next line) leaves the four fields on the first line,
which is all the reader needs.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid
from extractors.readers.cells import cell_of, grid, has_line, row, runs_of_lines

NAME = "perf-sched"

_NUMBER = r"\d{1,12}(?:\.\d{1,9})?"
_TASK_RE = re.compile(
    r"^\s{0,12}(?P<task>[^\s|][^|]{0,60}?)\s{0,40}\|\s{0,12}(?P<runtime>" + _NUMBER + r") ms\s{0,4}\|"
    r"\s{0,12}(?P<switches>\d{1,15})\s{0,4}\|\s{0,12}avg:\s{0,12}(?P<avg>" + _NUMBER + r") ms\s{0,4}\|"
    r"\s{0,12}max:\s{0,12}(?P<max>" + _NUMBER + r")(?:\s{0,4}ms)?(?:\s{0,4}\|.*)?$")
_HEADER = ("Runtime", "Switches", "Average delay", "Maximum delay")
_UNITS = ("ms", None, "ms", "ms")
_FIELDS = ("runtime", "switches", "avg", "max")
# What may stand between two task lines of one run: the dashed rules, and the rest of a task line a
# mail client wrapped ("ms | max at: 768.274023 s").
_BETWEEN_RE = re.compile(r"^\s{0,12}(?:-{10,}|ms\s{0,4}\|.*|\|?\s*max (?:at|start|end):.*)\s*$")


def detect(lines: Sequence[str]) -> bool:
    return has_line(lines, "avg:", _TASK_RE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    for run in runs_of_lines(lines, _TASK_RE, _BETWEEN_RE):
        rows = [made for i, task in run if (made := row(i, task.group("task").strip(), [
            cell_of(lines[i], task, field, unit) for field, unit in zip(_FIELDS, _UNITS)])) is not None]
        if rows:
            grids.append(grid(reader=NAME, first_line=rows[0].line, last_line=rows[-1].line, header=_HEADER,
                              rows=tuple(rows), benchmark="perf sched latency", metric="scheduling delay",
                              higher_is_better=False))
    return grids
