"""perf stat: counter lines under "Performance counter stats for ...", bare counter lines, CSV (`-x,`).

perf prints one counter a line: the count (or `<not counted>` / `<not supported>`), an optional unit
(`msec`, `Joules`), the event, then a `# <value> <metric>` comment, the run-to-run spread `( +- 0.12% )`
with `--repeat`, and the share of time a multiplexed counter ran `(83.31%)`, which is not a result.
`seconds time elapsed` / `user` / `sys` close a run. Each counter is a row labelled by its event
(`CPU3 cycles` per CPU with `-A`, `1.000123 cycles` per interval with `-I`), and each comment a row
labelled by its metric (`insn per cycle`, `branch-misses of all branches`, `context-switches K/sec`).

Without the banner, counter lines are read only when their events have perf's own shapes (a generic
event, `subsystem:tracepoint`, `pmu/event/`), and the same event printed again starts a new run. Two
runs pasted side by side (`1,234 cycles ... 1,200 cycles`, or `1,234  1,200  cycles`) give one grid with
baseline and patched columns, the left one first as perf users lay them out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Sequence

from extractors.model import Cell, Grid, GridRow, Value
from extractors.numbers import parse_value
from extractors.readers.cells import MAX_LINE, cell, cell_of, grid, joined, row, text_cell
from extractors.vocab.perf_events import CACHE_NAMES, CACHE_OPS, GENERIC_EVENTS
from extractors.vocab.units import lookup_unit

NAME = "perf-stat"

_NUM = r"\d[\d,]{0,30}(?:\.\d{1,12})?"
_EVENT = r"[A-Za-z_][\w.:/=,@+-]{0,120}"
_BANNER_RE = re.compile(
    r"^\s*Performance counter stats for (?P<target>.{1,200}?)(?:\s+\((?P<runs>\d{1,6}) runs\))?:\s*$")
# One counter, from its count to its event (perf before 5.x named its unit after it: "task-clock (msec)");
# the rest of the line is read by _TAIL_RE.
_COUNTER_RE = re.compile(
    r"\s{0,60}(?:(?P<cpu>CPU\d{1,5}|S\d{1,4}(?:-D\d{1,4})?(?:-C\d{1,4})?|N\d{1,4})\s+(?:\d{1,5}\s+)?)?"
    r"(?:(?P<time>\d{1,9}\.\d{6,9})\s+)?"
    rf"(?P<value>{_NUM}|<not (?:counted|supported)>)(?:\s+\+-\s+(?P<abs>{_NUM}))?"
    rf"\s+(?:(?P<unit>[A-Za-z]{{1,8}})\s+)?(?P<event>{_EVENT})(?:\s\((?P<named_unit>[a-z]{{1,4}}sec)\))?"
    r"(?P<tail>[^\n]{0,300})")
# What follows the event: the metric comment, the spread and the multiplexing share, in either order.
_TAIL_RE = re.compile(
    rf"\s*(?:#\s*(?P<mval>{_NUM})\s?(?P<mpct>%)?\s*(?P<mname>[^()#\s][^()#]{{0,80}}?))?"
    r"(?:\s*(?:\(\s*\+-\s*(?P<spread>\d{1,6}(?:\.\d{1,6})?)\s*%\s*\)|\((?P<share>\d{1,3}(?:\.\d{1,4})?)%\))){0,2}"
    r"\s*")
# "#   0.35  stalled cycles per insn" under the counter it belongs to (perf 6 may name a metric group
# first: "TopdownL1 (cpu_core)  #  23.4 %  tma_backend_bound").
_CONTINUATION_RE = re.compile(
    rf"^\s*(?:[A-Za-z][\w ()-]{{0,60}}?\s)?\s*#\s*(?P<mval>{_NUM})\s?(?P<mpct>%)?\s*"
    r"(?P<mname>[^()#\s][^()#]{0,80}?)\s*(?:\(\d{1,3}(?:\.\d{1,4})?%\))?\s*$")
_ELAPSED_RE = re.compile(
    rf"\s{{0,60}}(?P<value>{_NUM})(?:\s+\+-\s+(?P<abs>{_NUM}))?\s+seconds\s+(?P<what>time elapsed|user|sys)"
    r"\s*(?:\(\s*\+-\s*(?P<spread>\d{1,6}(?:\.\d{1,6})?)\s*%\s*\))?\s*")
# The banner reads like a sentence ("Performance counter stats for 'make' (5 runs):"): it is perf's output,
# which the run's own caption ("Before:") stands above; so do the times perf prints after a blank line
# ("2.045118337 seconds time elapsed", "... seconds user"), when the banner was not pasted.
SENTENCE_LINES = (_BANNER_RE, re.compile(_ELAPSED_RE.pattern + "$"))
# Two runs pasted as columns before one event: "1,234.56  1,200.10  msec task-clock".
_TWO_COUNTS_RE = re.compile(
    rf"^\s*(?!\d{{1,9}}\.\d{{9}}\s)(?P<v1>{_NUM})\s+(?P<v2>{_NUM})\s+(?:(?P<unit>[A-Za-z]{{1,8}})\s+)?(?P<event>{_EVENT})\s*$")
# -x, output: [time,][cpu,[n,]]value,unit,event, then [noise%,]run time,share[,metric value,metric unit]
_CSV_RE = re.compile(
    r"^\s*(?:(?P<time>\d{1,9}\.\d{1,9}),)?(?:(?P<cpu>CPU\d{1,5}|S\d{1,4}(?:-D\d{1,4})?(?:-C\d{1,4})?),(?:\d{1,5},)?)?"
    r"(?P<value>\d{1,20}(?:\.\d{1,12})?|<not (?:counted|supported)>),(?P<unit>[A-Za-z]{0,8}),"
    r"(?P<event>[A-Za-z_][\w.:/=@+-]{0,120}),(?P<rest>[^\n]{0,200})$")
_CSV_TAIL_RE = re.compile(
    r"(?:(?:(?P<noise>\d{1,6}(?:\.\d{1,6})?)%)?,)?\d{0,20},[\d.]{0,12}"
    r"(?:,(?P<mval>\d{1,20}(?:\.\d{1,12})?)?,(?P<mname>[^,\n]{0,80}))?\s*")
_TRACEPOINT_RE = re.compile(r"^[a-z_][a-z0-9_]{0,40}:[a-z_][\w]{0,80}$")
_PMU_EVENT_RE = re.compile(r"^[a-z_][\w-]{0,40}/[^/\s]{1,100}/[a-zA-Z]{0,4}$")
_MODIFIER_RE = re.compile(r":[ukhIGHpPSDWe]{1,6}$")
_CACHE_EVENT_RE = re.compile(
    rf"^(?:{'|'.join(map(re.escape, CACHE_NAMES))})-(?:{'|'.join(CACHE_OPS)})(?:-misses)?$")
_GAP_RE = re.compile(r"\s{2,}(?=\d)")
_INTERVAL_HEADER_RE = re.compile(r"^\s*#\s+time\s+(?:CPU\s+)?counts\s+unit\s+events\s*$")
# A line that may be a counter: a count, maybe a unit, then a word; its word is checked by is_perf_event.
_DETECT_RE = re.compile(
    rf"^[ \t]{{0,60}}(?:\S{{1,40}}[ \t]{{1,20}})?{_NUM}[ \t]{{1,60}}(?:[A-Za-z]{{1,8}}[ \t]{{1,8}})?"
    r"(?P<event>[A-Za-z_][\w.:/=,@+-]{0,120})[ \t]{0,60}(?:#|\(|$)"
    r"|^[ \t]{0,60}[\d.]{1,30},[A-Za-z]{0,8},(?P<csv>[A-Za-z_][\w.:/=@+-]{0,120}),", re.M)


def is_perf_event(name: str) -> bool:
    """Is `name` an event in a shape perf gives events: generic, generic cache, tracepoint or PMU?"""
    base = _MODIFIER_RE.sub("", name)
    return (base in GENERIC_EVENTS or bool(_CACHE_EVENT_RE.match(base)) or bool(_TRACEPOINT_RE.match(name))
            or bool(_PMU_EVENT_RE.match(name)))


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    if "Performance counter stats" in text or "seconds time elapsed" in text:
        return True
    return any(is_perf_event(m.group("event") or m.group("csv")) for m in _DETECT_RE.finditer(text))


@dataclass
class _Run:
    """One run being read: where it starts, its banner's caption, and the rows and events seen."""

    first: int
    caption: str | None
    columns: int  # 1 for one run, 2 for two runs side by side
    banner: bool = False  # opened by perf's own heading, so any event name is read
    rows: list[GridRow] = field(default_factory=list)
    labels: set[str] = field(default_factory=set)
    events_known: int = 0  # rows whose event has one of perf's shapes
    elapsed: bool = False
    event: str | None = None  # the label of the last counter, which a '#' line below it belongs to

    @property
    def last(self) -> int:
        return self.rows[-1].line if self.rows else self.first


@dataclass(frozen=True)
class _Read:
    """What one line gave: its rows, their number of value columns, and what kind of line it was."""

    rows: list[GridRow]
    columns: int = 1
    known: bool = False  # a counter whose event has one of perf's shapes
    elapsed: bool = False  # a `seconds ...` line
    event: str | None = None  # the counter's label, which a '#' line below it belongs to


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    run: _Run | None = None
    # Runs that followed each other without a line between them that is not perf's (a repeated event
    # starts the next): bare counters are perf's when the streak has a banner, an elapsed time or two
    # counters whose events have perf's shapes ("12,289 syscalls:sys_enter_read" printed for two runs).
    streak: list[_Run] = []

    def close(ends_streak: bool) -> None:
        nonlocal run, streak
        if run is not None and run.rows:
            streak.append(run)
        run = None
        if ends_streak:
            if any(r.banner or r.elapsed for r in streak) or sum(r.events_known for r in streak) >= 2:
                grids.extend(_grid(r) for r in streak)
            streak = []

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            close(True)
            continue
        banner = _BANNER_RE.match(line)
        if banner or _INTERVAL_HEADER_RE.match(line):
            close(True)
            run = _Run(i, line.strip().rstrip(":") if banner else None, 1, banner=True)
            continue
        if not line.strip():
            continue
        read = _read_line(line, i, run)
        if read is None:
            close(True)
            continue
        labels = {r.label for r in read.rows}
        if run is None or run.columns != read.columns or labels & run.labels:
            fresh = run is not None and not run.rows  # a banner waiting for its counters
            caption, first, banner = (run.caption, run.first, run.banner) if fresh else (None, i, False)
            close(False)
            run = _Run(first, caption, read.columns, banner)
        run.rows.extend(read.rows)
        run.labels |= labels
        run.events_known += read.known
        run.elapsed |= read.elapsed
        run.event = read.event or run.event
    close(True)
    return grids


def _read_line(line: str, i: int, run: _Run | None) -> _Read | None:
    """The rows of one line; None when the line is no perf stat output."""
    elapsed = _read_elapsed(line, i)
    if elapsed is not None:
        return elapsed
    pair = _read_pair(line, i)
    if pair is not None:
        return pair
    counter = _COUNTER_RE.fullmatch(line)
    if counter:
        tail = _TAIL_RE.fullmatch(line, counter.start("tail"))
        known = is_perf_event(counter.group("event"))
        if tail is not None and (known or (run is not None and run.banner)):
            rows = _counter_rows(line, i, counter, tail)
            return _Read(rows, known=known, event=rows[0].label)
    csv = _CSV_RE.match(line)
    rows = _csv_rows(line, i, csv) if csv and is_perf_event(csv.group("event")) else None
    if rows:
        return _Read(rows, known=True, event=rows[0].label)
    continuation = _CONTINUATION_RE.match(line)
    if continuation and run is not None and run.event and run.columns == 1:
        comment = _comment_row(line, i, run.event, continuation)
        return _Read([comment]) if comment else None
    return None


def _read_elapsed(line: str, i: int) -> _Read | None:
    """`seconds time elapsed` / `user` / `sys`, once or twice on the line (two runs side by side)."""
    first = _ELAPSED_RE.match(line)
    if first is None:
        return None
    second = _ELAPSED_RE.fullmatch(line, first.end()) if first.end() < len(line.rstrip()) else None
    if second is None and line[first.end():].strip():
        return None
    if second is not None and second.group("what") != first.group("what"):
        return None
    cells = [_elapsed_cell(line, m) for m in (first, second) if m is not None]
    made = row(i, f"seconds {first.group('what')}", cells)
    return _Read([made], len(cells), elapsed=True) if made else None


def _elapsed_cell(line: str, match: re.Match) -> Cell | None:
    start = match.start("value")
    end = match.end("abs") if match.group("abs") else match.end("value")
    made = cell(line, start, end, "s")
    if made is not None and match.group("spread") and made.value.spread_abs is None:
        made = replace(made, value=replace(made.value, spread_pct=float(match.group("spread"))))
    return made


def _read_pair(line: str, i: int) -> _Read | None:
    """Two runs' counters on one line: the same event twice, or two counts before one event."""
    two = _TWO_COUNTS_RE.match(line)
    if two and is_perf_event(two.group("event")):
        unit = two.group("unit")
        made = row(i, two.group("event"), [cell_of(line, two, "v1", unit), cell_of(line, two, "v2", unit)])
        return _Read([made], 2, known=True) if made else None
    left = _COUNTER_RE.match(line)
    if left is None or f" {left.group('event')}" not in line[left.end("event"):]:
        return None
    event = left.group("event")
    # The right-hand counter starts after a gap of spaces and ends with the same event.
    for gap in _GAP_RE.finditer(line, left.end("event")):
        right = _COUNTER_RE.fullmatch(line, gap.start())
        if right is None or right.group("event") != event:
            continue
        left_tail = _TAIL_RE.fullmatch(line, left.end("event"), gap.start())
        right_tail = _TAIL_RE.fullmatch(line, right.start("tail"))
        if left_tail is None or right_tail is None:
            return None
        made = row(i, _label(left), [_count_cell(line, left, left_tail), _count_cell(line, right, right_tail)])
        return _Read([made], 2, known=is_perf_event(event)) if made else None
    return None


def _label(counter: re.Match) -> str:
    prefix = counter.group("time") or counter.group("cpu")
    return f"{prefix} {counter.group('event')}" if prefix else counter.group("event")


def _count_cell(line: str, counter: re.Match, tail: re.Match) -> Cell:
    """The count with its unit and spread; `<not counted>` is a cell without a number."""
    start = counter.start("value")
    end = counter.end("abs") if counter.group("abs") else counter.end("value")
    if counter.group("value").startswith("<"):
        return text_cell(line, start, end, None)
    made = cell(line, start, end, counter.group("unit") or counter.group("named_unit"))
    if made is None:
        return text_cell(line, start, end, None)
    if tail.group("spread") and made.value.spread_abs is None:
        made = replace(made, value=replace(made.value, spread_pct=float(tail.group("spread"))))
    return made


def _counter_rows(line: str, i: int, counter: re.Match, tail: re.Match) -> list[GridRow]:
    label = _label(counter)
    rows = [GridRow(i, label, (_count_cell(line, counter, tail),))]
    comment = _comment_row(line, i, label, tail)
    if comment is not None:
        rows.append(comment)
    return rows


def _comment_row(line: str, i: int, counter: str, match: re.Match) -> GridRow | None:
    """The metric perf prints after '#' for the counter labelled `counter`."""
    if match.group("mval") is None:
        return None
    name = " ".join(match.group("mname").split()) if match.group("mname") else ""
    start = match.start("mval")
    end = match.end("mpct") if match.group("mpct") else match.end("mval")
    value = _metric_value(line[start:end], name)
    if value is None:
        return None
    return GridRow(i, _metric_label(counter, name), (text_cell(line, start, end, value),))


def _metric_label(counter: str, name: str) -> str:
    """A metric is labelled by its name ("insn per cycle"), after the counter's CPU or time prefix; by
    the counter and the name when the name is a unit ("GHz", "K/sec") or a share ("of all branches")."""
    prefix, _, event = counter.rpartition(" ")
    unit_like = name.startswith("/") or (len(name) <= 6 and "/" in name) \
        or (" " not in name and lookup_unit(name) is not None)
    if unit_like or name.startswith("of ") or not name:
        return f"{counter} {name}".strip()
    return f"{prefix} {name}" if prefix else name


def _metric_value(number: str, name: str) -> Value | None:
    """The comment's number, scaled and with its unit when the name is one ("10.000 K/sec", "GHz")."""
    value = parse_value(number)
    if value is None or not name or " " in name or number.endswith("%"):
        return value
    if name.startswith("/"):
        return replace(value, unit=name)
    scaled = parse_value(f"{number} {name}")
    return replace(scaled, text=number) if scaled is not None else value


def _csv_rows(line: str, i: int, csv: re.Match) -> list[GridRow] | None:
    """A -x, line: the count with its noise, then the metric perf computed from it, if any."""
    tail = _CSV_TAIL_RE.fullmatch(line, csv.start("rest"))
    if tail is None:
        return None
    label = _label(csv)
    start, end = csv.start("value"), csv.end("value")
    count = cell(line, start, end, csv.group("unit") or None) or text_cell(line, start, end, None)
    if tail.group("noise") and count.value is not None:
        count = replace(count, value=replace(count.value, spread_pct=float(tail.group("noise"))))
    rows = [GridRow(i, label, (count,))]
    if tail.group("mval"):
        name = tail.group("mname").strip()
        value = _metric_value(tail.group("mval"), name)
        if value is not None:
            metric = text_cell(line, tail.start("mval"), tail.end("mval"), value)
            rows.append(GridRow(i, _metric_label(label, name), (metric,)))
    return rows


# The time of an interval `-I` opens its counters with: "190.223101118 cycles".
_INTERVAL_RE = re.compile(r"^\d{1,9}\.\d{6,9} ")


def _one_interval(rows: list[GridRow]) -> tuple[GridRow, ...]:
    """The rows without their interval's time when all print the same one: a single interval of `-I` is one
    measurement, whose start time differs from run to run and names nothing the runs compare."""
    times = {found.group() if (found := _INTERVAL_RE.match(r.label)) else None for r in rows}
    if len(times) != 1 or None in times:
        return tuple(rows)
    time = times.pop()
    return tuple(replace(r, label=r.label[len(time):]) for r in rows)


def _grid(run: _Run) -> Grid:
    pair = run.columns == 2
    return grid(reader=NAME, first_line=run.first, last_line=run.last, header=("", "") if pair else ("",),
                rows=_one_interval(run.rows), roles=("baseline", "patched") if pair else (), caption=run.caption,
                benchmark="perf stat")
