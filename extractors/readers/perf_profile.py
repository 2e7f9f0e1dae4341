"""perf report and perf top: a profile, one line per symbol with the share of the samples it took.

`perf report --stdio` prints `    26.37%  e2fsck  e2fsck              [.] rb_insert_extent` (the
overhead, the command, the shared object, a mark for where the code runs: `[k]` kernel, `[.]` user, `[g]`
guest kernel, `[u]` guest user, `[H]` hypervisor, then the symbol); `perf report --sort dso,sym` and
perf top print no command (`     8.66%  [kernel]          [k] __x86_indirect_thunk_rax`). One grid per run
of such lines, each row labelled by its symbol, one column: the share in percent. A profile compares
nothing by itself; two profiles under captions naming their runs ("before:", "with the patch:") compare
each symbol's share, row by row of the same symbol, which the comparison stage pairs by label. A share
has no direction of its own: a symbol taking less of the samples may have got faster, or the others
slower. Lines with two shares (`--children`, perf diff's baseline and delta) are not this reader's.
perf report's header ("Samples: 98K of event 'cycles', Event count (approx.): ...") opens the run it heads,
which may then be a line or two an author kept of the profile; its counts are the run's, never a result.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, row

NAME = "perf-profile"

_LINE_RE = re.compile(
    r"^\s{0,16}(?P<share>\d{1,3}\.\d{1,4})%\s{1,20}"
    r"(?:[^\s%\d+-]\S{0,80}\s{1,40}){0,2}"  # the command and the shared object, where printed
    r"\[[k.guH]\]\s{1,8}(?P<symbol>\S.{0,200}?)\s*$")
# perf diff's line: the baseline's share, then the change ("  32.16%   -25.46%  [kernel.kallsyms]  [k] sym");
# its symbols found in one profile only print the share alone, which are then no profile of their own.
_DIFF_RE = re.compile(r"^\s{0,16}\d{1,3}\.\d{1,4}%\s{1,20}[+-]\d{1,3}\.\d{1,4}%\s")
_MIN_LINES = 3  # fewer lines are a quoted fragment, not a profile, unless perf's own header is over them
# perf report's header: how many samples of which event it read ("Samples: 98K of event 'cycles:ppp', Event
# count (approx.): 63789396810"); counts of the run, never results to compare.
_HEADER_RE = re.compile(r"^\s{0,16}#?\s{0,4}Samples:?\s+\d[\d.,]{0,12}[KMG]?\s+of event\b")


def detect(lines: Sequence[str]) -> bool:
    short = [line for line in lines if len(line) <= MAX_LINE]
    profile = [line for line in short if "]" in line and _LINE_RE.match(line)]
    headed = any("Samples" in line and _HEADER_RE.match(line) for line in short)
    return (len(profile) >= _MIN_LINES or headed and profile) and not any(_DIFF_RE.match(line) for line in short)


def parse(lines: Sequence[str]) -> list[Grid]:
    """One grid per run of profile lines; blank lines and perf's `#` comments do not end a run. None
    where perf diff's output is among the lines."""
    if any(_DIFF_RE.match(line) for line in lines if len(line) <= MAX_LINE):
        return []
    grids: list[Grid] = []
    rows: list[GridRow] = []
    header: int | None = None  # the line of perf's header over the run, which the run then begins at
    for i, line in enumerate(lines):
        short = len(line) <= MAX_LINE
        found = _LINE_RE.match(line) if short else None
        if found is not None:
            symbol = found.group("symbol")
            made = row(i, symbol, [cell_of(line, found, "share", "%")])
            if made is not None and all(r.label != symbol for r in rows):
                rows.append(made)
        elif short and _HEADER_RE.match(line):
            _close(grids, rows, header)
            rows, header = [], i
        elif line.strip() and not line.lstrip().startswith("#") and not (header is not None and not rows):
            _close(grids, rows, header)  # the column names and "..." between the header and its rows stay
            rows, header = [], None
    _close(grids, rows, header)
    return grids


def _close(grids: list[Grid], rows: list[GridRow], header: int | None) -> None:
    if len(rows) >= _MIN_LINES or rows and header is not None:
        first = header if header is not None else rows[0].line
        grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=("share",),
                          rows=tuple(rows), roles=("metric",), benchmark="perf", metric="share of samples",
                          unit="%"))
