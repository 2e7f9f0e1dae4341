"""fio's normal output (3.x and the 2.x layout) and its terse `--minimal` lines.

A job's report starts with `name: (groupid=0, jobs=1): err= 0: pid=...` and prints, per direction,
`read: IOPS=12.3k, BW=48.0MiB/s (50.3MB/s)(2811MiB/34626msec)` (2.x: `read : io=..., bw=..., iops=...`),
`slat`/`clat`/`lat (usec): min=, max=, avg=, stdev=`, `clat percentiles (usec):` with `| 1.00th=[  165]`
rows, and the `bw`/`iops` sampling statistics; then `cpu : usr=, sys=, ctx=...`. `Run status group N
(all jobs):` sums the group (`READ: bw=...`) and `Disk stats` gives each disk's `util=`. Each job is a
grid captioned by its job name whose rows are labelled by direction and field ("read IOPS", "read clat
99.00th", "read clat avg"); its group's summary and disk stats join it when the group has one job, else
they are a grid of their own, and the jobs the group sums, which ran side by side in one invocation, are
one grid whose rows are named by job ("socket0 read IOPS"): one run, not runs to compare; so are jobs
whose headers print the same end time to the second (`pid=123: Mon Aug  9 18:53:36 2021`). The latency
histogram (`lat (usec) : 10=56.98%`: bucket bounds), `IO depths` and the sample counts (`samples=199`,
`per=79.92%`) are not results and are not read.
Mail clients wrap fio's long lines; a wrapped tail (`20.00th=[17113],`, `stdev=70580.65, samples=1199`)
is read with the line it belongs to.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

from extractors.model import Grid, GridRow
from extractors.readers import fio_terse
from extractors.readers.cells import MAX_LINE, cell, grid, joined, row

NAME = "fio"

_JOB_RE = re.compile(r"^(?P<name>[^\s:(][^:(]{0,100}): \(groupid=\d{1,6}, jobs=\d{1,6}\): err=\s?\d{1,6}"
                     r"(?:: pid=\d{1,9}: (?P<ended>\w{3} \w{3} [ \d]\d(?P<time> \d\d:\d\d:\d\d \d{4})?))?")
# The time and year of a job's end that a mail client wrapped onto the next line.
_WRAPPED_TIME_RE = re.compile(r"^\W{0,4}(\d\d:\d\d:\d\d \d{4})\s*$")
# The lines fio prints before a job's report: its options, version, the files it lays out ("file1: Laying out
# IO file (1 file / 1024MiB)"), start and progress lines.
_PREAMBLE_RE = re.compile(
    r"^(?:[^\s:(][^:(]{0,100}: (?:\(g=\d{1,6}\): rw=|Laying out IO files? \()"
    r"|fio-\d|Starting \d{1,6} (?:process|thread)|Jobs: \d)")
# The tail of the options line a mail client wrapped: "(T) 4096B-4096B, ioengine=io_uring, iodepth=64".
_WRAPPED_OPTIONS_RE = re.compile(r"^\s{0,8}\([RWT]\) \d[\w.]{0,12}-\d[\w.]{0,12}, ioengine=")
_DIRECTION_RE = re.compile(r"^\s{0,8}(?P<dir>read|write|trim)\s?: (?=IOPS=|io=)")
_LATENCY_RE = re.compile(r"^\s{0,8}(?P<kind>slat|clat|lat) \((?P<unit>[num]sec)\): (?=min=)")
_PERCENTILES_RE = re.compile(r"^\s{0,8}(?P<kind>slat|clat|lat) percentiles \((?P<unit>[num]sec)\):\s*$")
_PERCENTILE_ROW_RE = re.compile(r"^\s{0,8}\|?\s*\d{1,3}\.\d{1,4}th=\[")
_PERCENTILE_RE = re.compile(r"(?P<pct>\d{1,3}\.\d{1,4}th)=\[\s{0,12}(?P<value>\d{1,15})\]")
# "bw (  KiB/s):" in 3.x, "bw (KB  /s):" in 2.x
_SAMPLING_RE = re.compile(r"^\s{0,8}(?:bw \(\s{0,2}(?P<unit>[KMGT]?i?B)\s{0,2}/s\)|(?P<iops>iops))\s{0,8}: (?=min=)")
_CPU_RE = re.compile(r"^\s{0,8}cpu\s{1,12}: (?=usr=)")
_GROUP_RE = re.compile(r"^\s{0,4}Run status group (?P<group>\d{1,6}) \(all jobs\):\s*$")
_GROUP_LINE_RE = re.compile(r"^\s{0,8}(?P<dir>READ|WRITE|TRIM): (?=bw=|io=)")
_DISK_STATS_RE = re.compile(r"^\s{0,4}Disk stats \(read/write\):\s*$")
# The preamble and the headings inside a report read like prose, and are the tool's: the run's caption is
# the author's line above it.
SENTENCE_LINES = (_PREAMBLE_RE, _WRAPPED_OPTIONS_RE, _PERCENTILES_RE, _GROUP_RE, _DISK_STATS_RE)
_DISK_RE = re.compile(r"^\s{0,8}(?P<disk>[\w.-]{1,40}): ios=")
# Lines of a report that hold nothing read here but belong to it.
_OTHER_RE = re.compile(
    r"^\s{0,8}(?:lat \([num]sec\)\s{0,8}:|IO depths\s{0,4}:|submit\s{0,8}:|complete\s{0,8}:|"
    r"issued rwts?:|latency\s{0,8}:|clat prio|aggr)")
# A wrapped tail: only `key=value` items (a group line's with their decimal repeat, "io=104GiB (111GB)"), or
# only percentile items.
_WRAPPED_RE = re.compile(r"^\s{0,8}(?:[A-Za-z_]{1,12}=[^\s,]{1,30}(?: \([^\s,()]{1,30}\))?,?\s{0,4})+$"
                         r"|^\s{0,8}(?:\d{1,3}\.\d{1,4}th=\[\s{0,12}\d{1,15}\],?\s{0,4})+$")
_KEY_VALUE_RE = re.compile(r"(?P<key>[A-Za-z_]{1,12})=\s{0,4}(?P<value>[^\s,()]{1,30})")
# Per direction, the first figures of the 3.x line (`IOPS=`, `BW=`) and of the 2.x line (`io=`, `bw=`,
# `iops=`, `runt=`); the parenthesised decimal repeat of the bandwidth is the same number again.
_DIRECTIONS = ("read", "write", "trim")  # what fio's direction lines open, as `_DIRECTION_RE` reads them
_DIRECTION_KEYS = {"IOPS": "IOPS", "BW": "BW", "io": "io", "bw": "BW", "iops": "IOPS", "runt": "runt"}
_SAMPLING_KEYS = {"min": "min", "max": "max", "avg": "avg", "stdev": "stdev"}
_CPU_KEYS = {"usr": "usr", "sys": "sys", "ctx": "ctx", "majf": "majf", "minf": "minf"}
_GROUP_KEYS = {"bw": "bw", "io": "io", "aggrb": "bw"}
_DISK_KEYS = {"util": "util"}


class _Context(NamedTuple):
    """What the line being read continues: the label prefix, the unit and the keys its items may have."""

    prefix: str
    unit: str | None
    keys: dict[str, str]


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    if "(groupid=" in text or "Run status group" in text:
        return True
    if ": IOPS=" in text or ": io=" in text or ": bw=" in text:
        if any(_DIRECTION_RE.match(line) or _GROUP_LINE_RE.match(line) for line in lines):
            return True
    if "): min=" in text and any(_LATENCY_RE.match(line) or _SAMPLING_RE.match(line) for line in lines):
        return True  # "lat (usec): min=..." or "bw (MiB/s): min=..." pasted without the rest of the report
    return fio_terse.detect(lines)


_PASTED_GROUP = -1  # the group of summary lines pasted without their "Run status group" header


@dataclass
class _Section:
    """One job's report, or a group summary printed without its job."""

    first: int
    caption: str | None
    group: int | None = None  # the "Run status group" it was summed in, once seen
    rows: list[GridRow] = field(default_factory=list)
    last: int = 0
    directions: set[str] = field(default_factory=set)  # "read", "write": printed once per job
    run: int | None = None  # the group summary line of the one invocation that ran it with other jobs
    ended: str | None = None  # when the job ended, to the second, as its header prints it
    summed: bool = False  # its group summary line ("READ: bw=...") was read: the run is over


def parse(lines: Sequence[str]) -> list[Grid]:
    sections: list[_Section] = []
    current: _Section | None = None
    context: _Context | None = None
    jobs_in_group: list[_Section] = []  # the jobs reported since the last group summary
    for i, line in enumerate(lines):
        if len(line) > MAX_LINE or not line.strip():
            continue
        job = _JOB_RE.match(line)
        if job:
            current = _Section(_preamble_start(lines, i), job.group("name").strip(), last=i,
                               ended=_ended(job, lines, i))
            sections.append(current)
            jobs_in_group.append(current)
            context = None
            continue
        group = _GROUP_RE.match(line)
        if group:
            if len(jobs_in_group) == 1 and jobs_in_group[0].group is None:
                current = jobs_in_group[0]
            else:
                for job in jobs_in_group:
                    if job.caption is not None:
                        job.run = i  # several jobs summed in one group: one invocation, not runs to compare
                current = _Section(i, line.strip().rstrip(":"))
                sections.append(current)
            current.group, current.last = int(group.group("group")), i
            jobs_in_group, context = [], _Context("", None, _GROUP_KEYS)
            continue
        if _DISK_STATS_RE.match(line) and current is not None:
            current.last, context = i, _Context("", None, _DISK_KEYS)
            continue
        if (_LATENCY_RE.match(line) or _SAMPLING_RE.match(line)) and (
                current is None or current.summed or _repeats(line, current, context)):
            # a latency or bandwidth line pasted without its job, after the summary that closes a run, or
            # repeating a field its job already printed: fio prints a job's latencies above its group's
            # summary and each field once per direction, so this is the report of another run
            current = _Section(i, None, last=i)
            sections.append(current)
            jobs_in_group.append(current)
            context = None
        summary = _GROUP_LINE_RE.match(line)
        direction = _DIRECTION_RE.match(line) or summary
        if direction and (current is None or direction.group("dir") in current.directions):
            # Direction or group-summary lines without their job or group header (grepped from several
            # runs, "READ: bw=..." pasted alone): each repeat is a run; a pasted summary is its own group.
            current = _Section(i, None, group=_PASTED_GROUP if summary else None, last=i)
            sections.append(current)
            jobs_in_group.append(current)
        if direction:
            current.directions.add(direction.group("dir"))
            current.summed = current.summed or summary is not None
        direction = _DIRECTION_RE.match(line)
        if current is None:
            continue
        read = _read_line(line, i, context, direction)
        if read is None:
            if i - current.last > 3:
                current, context = None, None
            continue
        context, rows = read
        current.rows.extend(rows)
        current.last = i
    _ended_together(sections)
    grids = [_grid(s) for s in sections if s.rows and s.run is None]
    runs: dict[int, list[_Section]] = {}
    for section in sections:
        if section.rows and section.run is not None:
            runs.setdefault(section.run, []).append(section)
    grids += [_run_grid(jobs) for jobs in runs.values()]
    return sorted(grids + fio_terse.parse(lines), key=lambda g: g.first_line)


def _ended(job: re.Match, lines: Sequence[str], i: int) -> str | None:
    """When a job ended, as its header prints it, with a time wrapped onto the next line put back."""
    if job.group("ended") is None or job.group("time"):
        return job.group("ended")
    wrapped = _WRAPPED_TIME_RE.match(lines[i + 1]) if i + 1 < len(lines) else None
    return f"{job.group('ended')} {wrapped.group(1)}" if wrapped else None


def _ended_together(sections: list[_Section]) -> None:
    """Jobs whose headers print the same end, to the second, ran side by side in one invocation (two
    groups of one job file, their group summaries cut off): one run, like the jobs one group sums."""
    ends: dict[str, list[_Section]] = {}
    for section in sections:
        if section.ended and section.run is None and section.rows:
            ends.setdefault(section.ended, []).append(section)
    for jobs in ends.values():
        if len(jobs) >= 2 and len({job.caption for job in jobs}) == len(jobs):
            for job in jobs:
                job.run = jobs[0].first


def _repeats(line: str, current: _Section, context: _Context | None) -> bool:
    """Whether a latency or sampling line opens a field the section already holds rows of."""
    found = _opening(line, _direction(context), context, None)
    return found is not None and any(r.label.startswith(found[0].prefix + " ") for r in current.rows)


def _direction(context: _Context | None) -> str:
    """The direction ("read", "write", "trim") the line before opened, which a latency, percentile or
    sampling line below it belongs to; "" when the lines before opened none (pasted without their job)."""
    head = context.prefix.split(" ")[0] if context else ""
    return head if head in _DIRECTIONS else ""


def _preamble_start(lines: Sequence[str], i: int) -> int:
    """The first of the option, version and progress lines fio printed right above a job's report."""
    first = i
    while first > 0 and _PREAMBLE_RE.match(lines[first - 1]):
        first -= 1
    return first


def _read_line(line: str, i: int, context: _Context | None,
               direction: re.Match | None) -> tuple[_Context | None, list[GridRow]] | None:
    """The rows of one report line and the context the lines below it continue; None for a line that
    is not fio's."""
    found = _opening(line, _direction(context), context, direction)
    if found is not None:
        new, pos = found
        return new, (_key_rows(line, i, new, pos) if new.keys else [])
    if _PERCENTILE_ROW_RE.match(line) or (context is not None and "th=[" in line and _WRAPPED_RE.match(line)):
        return context, _percentile_rows(line, i, context)
    if _OTHER_RE.match(line):
        return _Context("", None, {}), []
    if context is not None and _WRAPPED_RE.match(line):
        return context, _key_rows(line, i, context, 0)
    return None


def _opening(line: str, head: str, context: _Context | None,
             direction: re.Match | None) -> tuple[_Context, int] | None:
    """A line that starts a field of the report: its context and where its `key=value` items start."""
    if direction:
        return _Context(direction.group("dir"), None, _DIRECTION_KEYS), direction.end()
    latency = _LATENCY_RE.match(line)
    if latency:
        prefix = f"{head} {latency.group('kind')}".strip()
        return _Context(prefix, latency.group("unit"), _SAMPLING_KEYS), latency.end()
    percentiles = _PERCENTILES_RE.match(line)
    if percentiles:
        prefix = f"{head} {percentiles.group('kind')}".strip()
        return _Context(prefix, percentiles.group("unit"), {}), percentiles.end()
    sampling = _SAMPLING_RE.match(line)
    if sampling:
        name, unit = ("iops", "IOPS") if sampling.group("iops") else ("bw", f"{sampling.group('unit')}/s")
        return _Context(f"{head} {name}".strip(), unit, _SAMPLING_KEYS), sampling.end()
    if _CPU_RE.match(line):
        return _Context("cpu", None, _CPU_KEYS), 0
    group_line = _GROUP_LINE_RE.match(line)
    if group_line:
        return _Context(group_line.group("dir"), None, _GROUP_KEYS), group_line.end()
    disk = _DISK_RE.match(line)
    if disk and context is not None and context.keys is _DISK_KEYS:
        return _Context(disk.group("disk"), None, _DISK_KEYS), disk.end()
    return None


def _key_rows(line: str, i: int, context: _Context, pos: int) -> list[GridRow]:
    """One row per `key=value` the context names, labelled by the prefix and the (renamed) key."""
    rows = []
    for match in _KEY_VALUE_RE.finditer(line, pos):
        name = context.keys.get(match.group("key"))
        if name is None:
            continue
        unit = "IOPS" if name == "IOPS" else context.unit
        made = row(i, f"{context.prefix} {name}", [cell(line, match.start("value"), match.end("value"), unit)])
        if made is not None:
            rows.append(made)
    return rows


def _percentile_rows(line: str, i: int, context: _Context | None) -> list[GridRow]:
    prefix, unit = (context.prefix, context.unit) if context else ("clat", None)
    rows = []
    for match in _PERCENTILE_RE.finditer(line):
        made = row(i, f"{prefix} {match.group('pct')}", [cell(line, match.start("value"), match.end("value"), unit)])
        if made is not None:
            rows.append(made)
    return rows


def _run_grid(jobs: list[_Section]) -> Grid:
    """The jobs of one invocation as one grid, each row labelled by its job: they ran side by side, on
    one kernel, so they are one run's results and never a baseline and a patched kernel."""
    rows = tuple(dataclasses.replace(r, label=f"{job.caption} {r.label}") for job in jobs for r in job.rows)
    return grid(reader=NAME, first_line=jobs[0].first, last_line=jobs[-1].last, header=("",), rows=rows,
                caption=None, benchmark="fio")


def _grid(section: _Section) -> Grid:
    return grid(reader=NAME, first_line=section.first, last_line=section.last, header=("",),
                rows=tuple(section.rows), caption=section.caption, benchmark="fio")
