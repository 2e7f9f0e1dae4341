"""iperf3 and iperf2: `[  5]   0.00-1.00   sec  1.09 GBytes  9.37 Gbits/sec    0   1.23 MBytes` lines.

A line names its stream (`[  5]`, or `[SUM]` over parallel streams) and interval, then the transfer and
bitrate, then what the test adds: TCP retransmits and congestion window (iperf3 client), UDP jitter,
`lost/total` datagrams and the loss share (`0/906 (0%)`: the fraction is counts, the share a value).
iperf3 ends a test with `sender`/`receiver` summary lines after a `- - - -` rule. The per-interval lines
are one grid (rows "5 0.00-1.00"), the summary lines another (rows "5 sender", "SUM receiver"); a new
`Connecting to host` / `Client connecting to` banner, `iperf Done.` or an interval that starts again
from zero starts the next test. The stream id is never a value.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "iperf"

_LINE_RE = re.compile(
    r"^\s{0,4}\[\s{0,4}(?P<id>\d{1,5}|SUM)\]\s{1,8}(?P<start>\d{1,9}(?:\.\d{1,4})?)-\s{0,4}(?P<end>\d{1,9}(?:\.\d{1,4})?)"
    r"\s{1,8}sec\s{1,8}(?P<transfer>\d{1,12}(?:\.\d{1,4})?\s[KMGT]?Bytes)\s{1,8}(?P<rate>\d{1,12}(?:\.\d{1,4})?\s[KMGT]?bits/sec)"
    r"(?:\s{1,12}(?P<jitter>\d{1,9}(?:\.\d{1,6})?\sms)\s{1,12}\d{1,15}/\s{0,8}\d{1,15}\s{1,8}\((?P<loss>[\d.e+-]{1,12}%)\)"
    r"|\s{1,12}(?P<retr>\d{1,12})(?:\s{1,12}(?P<cwnd>\d{1,12}(?:\.\d{1,4})?\s[KMGT]?Bytes))?"
    r"|\s{1,12}(?P<datagrams>\d{1,15}))?"
    r"\s{0,20}(?P<role>sender|receiver)?\s*$")
_START_RE = re.compile(r"^\s{0,4}(?:Connecting to host|Client connecting to|Server listening on|iperf Done\.)")
_RULE_RE = re.compile(r"^\s{0,4}(?:- ){4,}-?\s*$")
_HEADER_RE = re.compile(r"^\s{0,4}\[\s{0,2}ID\]\s{1,8}Interval\s{1,12}Transfer\s{1,12}(?:Bitrate|Bandwidth)")
_FIELDS = ("transfer", "rate", "retr", "cwnd", "jitter", "loss", "datagrams")
_NAMES = {"transfer": "Transfer", "retr": "Retr", "cwnd": "Cwnd", "jitter": "Jitter", "loss": "Lost %",
          "datagrams": "Total Datagrams"}


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return "bits/sec" in text and any(_LINE_RE.match(line) for line in lines)


class _Grid:
    """Rows of one kind (intervals or summaries) of one test, and the fields they print."""

    def __init__(self, header: str):
        self.rows: list[GridRow] = []
        self.fields: list[str] = []
        self.rate_name = "Bandwidth" if "Bandwidth" in header else "Bitrate"
        # A UDP client's last column counts datagrams where a TCP client's counts retransmits.
        self.datagrams = "Total Datagrams" in header and "Lost/" not in header

    def add(self, i: int, label: str, line: str, found: re.Match) -> None:
        present = [f for f in _FIELDS if found.group(f) is not None]
        for f in present:
            if f not in self.fields:
                self.fields.append(f)
        cells = [cell_of(line, found, f) for f in self.fields if found.group(f) is not None]
        # A receiver line has no retransmits: its cells must stay under their names.
        if [f for f in self.fields if found.group(f) is not None] != self.fields[:len(cells)]:
            return
        made = row(i, label, cells)
        if made is not None:
            self.rows.append(made)

    def grid(self, first: int) -> Grid | None:
        if not self.rows:
            return None
        names = dict(_NAMES, rate=self.rate_name, retr="Total Datagrams" if self.datagrams else "Retr")
        header = tuple(names[f] for f in self.fields)
        # the labels are iperf's "[ ID]" column: streams of one run, never setups compared with each other
        return grid(reader=NAME, first_line=first, last_line=self.rows[-1].line, header=header,
                    rows=tuple(self.rows), benchmark="iperf", label_header="ID")


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    intervals = summary = None
    first = 0
    header_line = ""
    seen: set[str] = set()

    def close() -> None:
        nonlocal intervals, summary
        for part, start in ((intervals, first), (summary, summary_first)):
            made = part.grid(start) if part is not None else None
            if made is not None:
                grids.append(made)
        intervals = summary = None
        seen.clear()

    summary_first = 0
    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if _HEADER_RE.match(line):
            header_line = line
            if summary is not None and not summary.rows:  # the summary's own header, under the rule
                summary = _Grid(line)
            continue
        if _START_RE.match(line):
            close()
            continue
        if _RULE_RE.match(line):
            if intervals is not None:
                summary, summary_first = _Grid(header_line), i
            continue
        found = _LINE_RE.match(line)
        if not found:
            if line.strip() and (intervals or summary):
                close()
            continue
        stream = found.group("id")
        label = f"{stream} {found.group('start')}-{found.group('end')}"
        if found.group("role") or summary is not None:
            if summary is None:
                summary, summary_first = _Grid(header_line), i
            summary.add(i, f"{stream} {found.group('role')}" if found.group("role") else label, line, found)
            continue
        if label in seen:
            close()
        if intervals is None:
            intervals, first = _Grid(header_line), i
        seen.add(label)
        intervals.add(i, label, line, found)
    close()
    return grids
