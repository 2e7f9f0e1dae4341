"""pktgen: the `Result:` lines of /proc/net/pktgen/<device>, as the sample scripts print them.

`Result: OK: 12310(c12200+d110) usec, 10000000 (60byte,0frags)` gives the run's duration and packets
sent (the parenthesised split of the time and the packet size and fragments are the setup), and the
line under it `812345pps 389Mb/sec (389925600bps) errors: 0` its rates. A `Device: eth0@0` line above
captions the run; one grid per Result.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid
from extractors.readers.cells import MAX_LINE, cell_of, grid, has_line, row

NAME = "pktgen"

_RESULT_RE = re.compile(
    r"^\s{0,8}Result: OK: (?P<usec>\d{1,15})(?:\(c\d{1,15}\+d\d{1,15}\))? usec, (?P<pkts>\d{1,15})"
    r" \(\d{1,6}byte,\d{1,4}frags\)\s*$")
_RATES_RE = re.compile(
    r"^\s{0,8}(?P<pps>\d{1,15})pps (?P<mbps>\d{1,12})Mb/sec \((?P<bps>\d{1,15})bps\) errors: (?P<errors>\d{1,15})\s*$")
_DEVICE_RE = re.compile(r"^\s{0,8}Device: (?P<device>\S{1,40})\s*$")


def detect(lines: Sequence[str]) -> bool:
    return has_line(lines, "Result: OK:", _RESULT_RE)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    device: tuple[int, str] | None = None
    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if (found := _DEVICE_RE.match(line)):
            device = (i, found.group("device"))
            continue
        result = _RESULT_RE.match(line)
        if not result:
            continue
        rows = [row(i, "duration", [cell_of(line, result, "usec", "usec")]),
                row(i, "packets", [cell_of(line, result, "pkts")])]
        last = i
        rates = _RATES_RE.match(lines[i + 1]) if i + 1 < len(lines) else None
        if rates:
            below = lines[i + 1]
            last = i + 1
            rows += [row(last, "pps", [cell_of(below, rates, "pps", "pps")]),
                     row(last, "Mb/sec", [cell_of(below, rates, "mbps", "Mb/sec")]),
                     row(last, "bps", [cell_of(below, rates, "bps", "bps")]),
                     row(last, "errors", [cell_of(below, rates, "errors")])]
        near = device is not None and i - device[0] <= 3
        grids.append(grid(reader=NAME, first_line=device[0] if near else i, last_line=last, header=("",),
                          rows=tuple(r for r in rows if r), caption=device[1] if near else None, benchmark="pktgen"))
        device = None
    return grids
