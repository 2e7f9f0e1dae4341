"""ping: the per-reply lines and the statistics at the end.

`64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.045 ms` lines are a grid of samples labelled by
their sequence number (the ttl is the packet's, not a result). `--- 10.0.0.2 ping statistics ---`
(the caption), `10 packets transmitted, 10 received, 0% packet loss, time 9213ms` and `rtt
min/avg/max/mdev = 0.040/0.045/0.052/0.004 ms` (BusyBox and BSD: `round-trip min/avg/max[/stddev]`)
are the run's summary: rows "transmitted", "received", "packet loss", "rtt min", "rtt avg", ... An
rtt line printed without its block (a test harness's log) is a summary of its own.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, cell_of, grid, joined, row

NAME = "ping"

_REPLY_RE = re.compile(
    r"^\s{0,4}\d{1,6} bytes from [^\n:]{1,120}: icmp_seq=(?P<seq>\d{1,9}) ttl=\d{1,3} time=(?P<time>\d{1,9}(?:\.\d{1,6})?) ms\s*$")
_STATISTICS_RE = re.compile(r"^\s{0,4}--- (?P<host>\S{1,120}) ping statistics ---\s*$")
_PACKETS_RE = re.compile(
    r"^\s{0,4}(?P<sent>\d{1,12}) packets transmitted, (?P<received>\d{1,12}) (?:packets )?received,"
    r"(?: \+\d{1,9} errors,)? (?P<loss>\d{1,3}(?:\.\d{1,6})?%) packet loss(?:, time (?P<time>\d{1,12})ms)?\s*$")
_RTT_RE = re.compile(
    r"(?:rtt|round-trip) (?P<names>min/avg/max(?:/(?:mdev|stddev))?) = (?P<values>\d{1,9}(?:\.\d{1,6})?"
    r"(?:/\d{1,9}(?:\.\d{1,6})?){2,3}) ms\s*$")
_VALUE_RE = re.compile(r"[^/]+")


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return ("min/avg/max" in text and any(_RTT_RE.search(line) for line in lines if len(line) <= MAX_LINE)) \
        or ("icmp_seq=" in text and any(_REPLY_RE.match(line) for line in lines if len(line) <= MAX_LINE))


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    replies: list[GridRow] = []
    summary: list[GridRow] = []
    first: int | None = None
    caption: str | None = None

    def close() -> None:
        nonlocal replies, summary, first, caption
        if replies:
            grids.append(grid(reader=NAME, first_line=replies[0].line, last_line=replies[-1].line, header=("time",),
                              rows=tuple(replies), benchmark="ping", metric="rtt", unit="ms"))
        if summary:
            grids.append(grid(reader=NAME, first_line=first if first is not None else summary[0].line,
                              last_line=summary[-1].line, header=("",), rows=tuple(summary), caption=caption,
                              benchmark="ping"))
        replies, summary, first, caption = [], [], None, None

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if (reply := _REPLY_RE.match(line)):
            if summary:
                close()
            made = row(i, reply.group("seq"), [cell_of(line, reply, "time", "ms")])
            replies += [made] if made else []
        elif (stats := _STATISTICS_RE.match(line)):
            if summary:
                close()
            first, caption = i, f"{stats.group('host')} ping statistics"
        elif (packets := _PACKETS_RE.match(line)):
            summary += [r for r in (row(i, "transmitted", [cell_of(line, packets, "sent")]),
                                    row(i, "received", [cell_of(line, packets, "received")]),
                                    row(i, "packet loss", [cell_of(line, packets, "loss")]),
                                    row(i, "time", [cell_of(line, packets, "time", "ms")])) if r]
        elif (rtt := _RTT_RE.search(line)):
            if any(r.label == "rtt min" for r in summary):
                close()
            start = rtt.start("values")
            for name, value in zip(rtt.group("names").split("/"), _VALUE_RE.finditer(rtt.group("values"))):
                made = row(i, f"rtt {name}", [cell(line, start + value.start(), start + value.end(), "ms")])
                summary += [made] if made else []
            if first is None:
                close()  # an rtt line on its own is a run of its own
        elif line.strip() and not line.lstrip().startswith("PING "):
            close()
    close()
    return sorted(grids, key=lambda g: g.first_line)
