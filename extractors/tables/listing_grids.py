"""Grids that list things rather than measure runs: instances (per-CPU rows, IRQs, devices named in a
column), bits and flags, the events of a trace, counts of a functional test's failures. A comparison
pairs none of them across runs, unless each run's own captions say which side it is (`siblings`).
"""

from __future__ import annotations

import re

from extractors.model import Grid
from extractors.readers import TOOL_NAMES
from extractors.tables.pairing import column_kind
from extractors.vocab.metrics import METRIC_RE
from extractors.vocab.requests import FUNCTIONAL_WORDS
from extractors.vocab.units import lookup_unit

_DIGITS_RE = re.compile(r"\d+")
# Rows that count failures of a functional test run (robot boot tests, dmesg checks), not performance;
# the robot names a warning by its source file and message ("fs/dlm/lowcomms.c:#RCU-list_traversed").
_FAILURE_LABEL_RE = re.compile(r"BUG|Oops|WARNING|[RE]IP:|KASAN|(?i:panic|boot_(?:successes|failures)|dmesg\.|kmsg\.|"
                               r"fail:runs|reproduction|segfault|call_?trace)|\w\.[chS]:#")
# A column counting test runs or their outcome: "tests", "fail rate", "failures", "passed (%)".
_FAILURE_COLUMN_RE = re.compile(r"(?i)(?:#\s*)?(?:tests?|runs?|fail(?:s|ed|ures?)?|pass(?:es|ed)?|errors?)"
                                r"(?:\s+(?:rate|count|ratio))?(?:\s*\(%\))?")
# ... or naming what broke among other words ("% new crash types", "increase in hangs"); "error" with other
# words is as often a measurement's error ("std error").
_DEFECT_WORDS = frozenset(FUNCTIONAL_WORDS) - {"error", "errors"}
_WORD_RE = re.compile(r"[a-z-]+")

def has_identifiers(grid: Grid) -> bool:
    """Whether a column or the label column names instances ("CPU", "Device", "queue"): where a run ran,
    never a configuration compared."""
    # a name may join two fields a gap too narrow parted, the instance first ("PID USER" over top's
    # processes, "PID DISK" over biosnoop's I/Os)
    names = [name for name in (*grid.header, grid.label_header or "") if name.split()]
    return any(column_kind(form) == "identifier" for name in names for form in (name, name.split()[0]))


_MIN_FLAGS = 4
_RECORD_ROWS = 3  # rows under one name that make them records rather than rows of results


def flags_only(*grids: Grid, least: int = _MIN_FLAGS) -> bool:
    """Whether every value of the grids is a bare 0 or 1, `least` or more of them ("order 1 |  1  |  0  |"):
    bits of a bitmap or flags of a state, not measurements."""
    values = [cell.value for grid in grids for row in grid.rows for cell in row.cells if cell.value is not None]
    return len(values) >= least and all(v.unit is None and v.value in (0.0, 1.0) for v in values)


def numbered_instances(grid: Grid) -> bool:
    """Whether every row names one kind of instance, numbered by its first value ("irq 40 affinity 0
    effective 0", "irq 41 ...") or in its name ("hctx0: default 0 1", "hctx1: default 2 3"): a listing
    of instances, whose columns are fields. Rows of a table read by its layout that all carry one and
    the same name, three or more, a name that is no metric ("CAL  532284  CPU146  Function call
    interrupts" ten times), are records of one thing too, a top-N listing or a log: a table of results
    tells its rows apart by their labels, and repeated runs are named by what they measure ("Maximum
    IOPS=12837K" five times), as a tool's reader names each run's row after its test, or print rates in every
    cell ("udp tx:  36 MB/s  3863 calls/s" each second): samples of one run."""
    forms = {_DIGITS_RE.sub("#", row.label.lower()) for row in grid.rows}
    firsts = {_DIGITS_RE.sub("#", row.label.lower().split(" ", 1)[0]) for row in grid.rows}
    if len(grid.rows) >= 2 and len(firsts) == 1 and "#" in (first := firsts.pop()) and \
            column_kind(first.replace("#", "").strip(":")) == "identifier":
        return True  # "IRQ0: HWC", "IRQ1: queue1": instances numbered in the first word, each with a name of its own
    if len(grid.rows) < 2 or len(forms) != 1:
        return False
    name = grid.rows[0].label
    if len(grid.rows) >= _RECORD_ROWS and len({row.label for row in grid.rows}) == 1 and name.strip() \
            and grid.reader not in TOOL_NAMES and not METRIC_RE.search(name) and not all(
            (unit := lookup_unit(c.value.unit)) and unit.dimension in ("rate", "bandwidth")
            for row in grid.rows for c in row.cells if c.value):
        return True
    kind = forms.pop().split(" ", 1)[0].replace("#", "").strip(":")
    return column_kind(kind) == "identifier"


def traces_events(grid: Grid) -> bool:
    """Whether the rows are events of a trace (blktrace, perf script, ftrace): no labels, a first column
    headed as a time whose values are timestamps to the microsecond, all within a blink of each other.
    Each row is one event; two traces compare no runs row by row."""
    if len(grid.rows) < _MIN_EVENTS or any(row.label for row in grid.rows) or not grid.header or \
            not _TIME_HEADER_RE.match(grid.header[0]):
        return False
    stamps = [row.cells[0] for row in grid.rows if row.cells and row.cells[0].value is not None]
    if len(stamps) < _MIN_EVENTS or any(len(cell.text.partition(".")[2]) < _STAMP_DECIMALS for cell in stamps):
        return False
    values = [cell.value.value for cell in stamps]
    return max(values) > 0 and (max(values) - min(values)) / max(values) < _BLINK


_TIME_HEADER_RE = re.compile(r"(?:time|timestamp|ts)\b", re.I)
_MIN_EVENTS = 4
_STAMP_DECIMALS = 4  # a timestamp printed to the 0.1 ms or finer ("1.410377")
_BLINK = 0.01  # the events of one trace excerpt lie within 1% of their timestamps' size


def counts_failures(grid: Grid) -> bool:
    """Whether most rows count failures of a functional test run (BUG, Oops, boot_failures), or every
    column counts tests and how many failed ("tests | fail rate") or what broke ("crashes"): how often it
    breaks, not how fast."""
    return sum(bool(_FAILURE_LABEL_RE.search(row.label)) for row in grid.rows) * 2 > len(grid.rows) or \
        all(_FAILURE_COLUMN_RE.fullmatch(name.strip()) or _DEFECT_WORDS.intersection(_WORD_RE.findall(name.lower()))
            for name in grid.header)
