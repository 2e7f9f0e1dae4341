"""The pieces every table comparison is made of: what a header or row label names, one comparison of two
cells (direction, spreads, the change printed beside a side), and what a region was found to compare.

`compare` (one grid compares its own columns or rows) and `siblings` (one grid per configuration) both
build on these, so that a cell pair is judged the same way whichever layout it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from extractors.model import Cell, Comparison, Grid, GridRow
from extractors.numbers import parse_value, printed_change
from extractors.verdicts import delta_pct, is_counter_path, metric_direction, stated_direction, verdict
from extractors.vocab.configurations import (BASELINE_RE, CHANGE_RE, ELECTRIC_CURRENT_RE, KERNEL_NAME_RE, PATCHED_RE,
                                             RELEASE_NUMBER_RE, SPREAD_RE, STEP_POINT_RE)
from extractors.vocab.metrics import DIRECTIONLESS_METRICS, IDENTIFIER_RE, METRIC_RE, PARAMETER_RE, WORKLOAD_RE
from extractors.vocab.units import lookup_unit

# "Insns (A)" beside "Insns (B)": one metric measured on two runs lettered A and B, as veristat's and
# other compare modes print them (their "(DIFF)" is the change); A is the run compared against.
_LETTERED_RE = re.compile(r"^(?P<metric>.*?\S)\s*\((?P<side>[AB])\)$")
# Column names that count instances of one thing (CPU0 CPU1, node0 node1, q0 q1): not configurations.
_INSTANCE_RE = re.compile(r"^[A-Za-z_#-]+\d+$")
# A column named by a size ("4K", "64k", "1M", "512B", "16KiB"): a point of a block-, message- or
# buffer-size sweep, as tools and scripts print the sizes they were run at; a measured size is a cell.
_SIZE_POINT_RE = re.compile(r"^\d+(?:[kKMGT](?:i?B)?|B)$")
# A setup's name with the change and spread each cell prints beside its value glued to it:
# "base[pct imp](CV)" over "1.00 [ -0.00]( 2.64)", "patched(stddev)", "tip (CV)" over "1.00 (0.41)". The
# brackets name the cell's parts, the word the column.
_ANNOTATED_NAME_RE = re.compile(r"(?P<name>[^\s\[\]()]+)(?: ?(?:\[[^\[\]]*\]|\([^()]*\)))+")
UNIT_IN_HEADER_RE = re.compile(r"\(([^()]{1,12})\)|\[([^\[\]]{1,12})\]")
# A label computed from other rows: "(B-A)/A", "[1-(A/B)] * 100" ("I/O", input and output, is a word).
_FORMULA_RE = re.compile(r"\b(?!I/O\b)[A-Z]\s*[-+*/]\s*\(?[A-Z]\b")
# The kinds of name that say which side of a comparison a run is on.
SIDE_KINDS = ("baseline", "patched")
_SENTENCE_END_RE = re.compile(r"(?<=[.:;!?])\s+(?=\S)")  # where one sentence or caption around a table ends
# A rate in a header: "NOPs/sec", "msgs/s", "reqs per second".
_RATE_RE = re.compile(r"\w/(?:s|sec|second|min|ms|us)\b|\bper\s+(?:sec|second|minute|call|op|cpu)\b", re.I)
# Words above two unnamed runs that say which comes first: "without/with", "before and after".
ORDER_RE = re.compile(r"\b(?:without\W+(?:and\W+)?with|before\W+(?:and\W+)?after|w/o\W+(?:and\W+)?w/|"
                      r"base(?:line)?\W+(?:and|vs\.?|versus)\W+patched|old\W+(?:and|vs\.?)\W+new)\b", re.I)
# Settings of the run in the words around a table: how long each test ran ("30s runtime", "60 second
# duration") and command arguments ("--runtime=30", "bs=4k"). They say how it was run, not what it
# measured, so the words are read for a direction without them.
_SETTINGS_RE = re.compile(r"\b\d+(?:\.\d+)?\s*(?:s|secs?|seconds?|m|mins?|minutes?|h|hours?)\b[\s-]*"
                          r"(?:runtime|run time|duration|runs?|tests?)\b|\S+=\S+", re.I)


@dataclass(frozen=True)
class Part:
    """One grid of a region, with the caption its author (or the tool) gave it."""

    grid: Grid
    caption: str | None
    offset: int  # line of the grid's first input line within the region
    caption_line: int | None = None  # region line of the caption; None when the tool printed it
    rerun: bool = False  # made by the command of the region's first run, run again after the setup changed


@dataclass(frozen=True)
class Found:
    """What a region compares: a table (several rows) or inline results (one line per side)."""

    kind: str  # "table" or "result"
    first_line: int  # region lines
    last_line: int
    grids: tuple[Part, ...]
    pairs: tuple[Comparison, ...]
    baseline_label: str | None
    patched_label: str | None
    metric: str | None
    unit: str | None
    higher_is_better: bool | None


# What adds something to a baseline named before it: "+", "w/", "with".
_ADDED_RE = re.compile(r"\s*(?:\+|w/(?!o)|with\b)")


# "After change", "with changes", "this change": the whole name is the kernel the change was applied to
# (the twin of "Before change", a baseline), not a column of differences.
_CHANGE_APPLIED_RE = re.compile(r"^(?:(?:after|with|w/)\s*(?:the\s+|this\s+|my\s+)?|(?:this|my|our)\s+)changes?\s*:?$",
                                re.I)


def column_kind(name: str) -> str:
    """What a column header names: baseline, patched, config (a kernel or setting), change, spread,
    metric, parameter, instance, or unknown."""
    text = name.strip()
    if not text:
        return "unknown"
    words = text.split()
    if (bare := without_cell_parts(text)) != text and \
            (kind := column_kind(bare)) in ("baseline", "patched", "config", "unknown"):
        return kind
    if SPREAD_RE.fullmatch(text) or (len(words) <= 2 and SPREAD_RE.search(text) and not METRIC_RE.search(text)):
        return "spread"
    if ELECTRIC_CURRENT_RE.match(text):
        return "metric"
    if STEP_POINT_RE.search(text):  # "Size before Compression(bytes)": a quantity at a step of the run
        return "metric" if METRIC_RE.search(text) or unit_of_header(text) else "unknown"
    if (base := BASELINE_RE.search(text)):
        # "base + patch", "vanilla w/ series": the baseline with something added is no longer the baseline
        return "patched" if _ADDED_RE.match(text, base.end()) else "baseline"
    if CHANGE_RE.search(text) or text.strip("()[] ") == "%":
        return "patched" if _CHANGE_APPLIED_RE.match(text) else "change"
    if KERNEL_NAME_RE.match(text) or (KERNEL_NAME_RE.match(words[0]) and len(words) <= 3):
        return "patched" if "+" in text or PATCHED_RE.search(text) else "config"
    if PATCHED_RE.search(text):
        return "patched"
    if PARAMETER_RE.match(text) or text.replace(",", "").replace(".", "").isdigit() or _SIZE_POINT_RE.match(text):
        return "parameter"
    if IDENTIFIER_RE.match(text.rstrip(":")):  # iostat's "Device:", as older releases print it
        return "identifier"
    if _INSTANCE_RE.match(text):
        return "instance"
    if METRIC_RE.search(text) or unit_of_header(text) or _RATE_RE.search(text):
        return "metric"
    return "unknown"


def unit_of_header(text: str) -> str | None:
    """The unit a header or caption names: in brackets ("time (us)", "bandwidth(Mib/s)") or as its last
    word when that is a unit symbol ("lat us", "%")."""
    for match in UNIT_IN_HEADER_RE.finditer(text):
        unit = (match.group(1) or match.group(2)).strip()
        if lookup_unit(unit) is not None:
            return unit
    last = text.split()[-1] if text.split() else ""
    return last if lookup_unit(last) is not None and not last.isalpha() or last in ("%",) else None


# A title naming what the numbers are by a metric and its unit: "Test result: total bandwidth(Mib/s)".
_TITLE_METRIC_RE = re.compile(r"(?P<metric>[A-Za-z][\w -]{0,40}?)\s*[(\[][^()\[\]]{1,12}[)\]]\s*:?\s*$")


def caption_metric(caption: str | None) -> str | None:
    """The metric a table's title names before the unit it ends in, when that is a metric word."""
    match = _TITLE_METRIC_RE.search(caption.rstrip(" :").rsplit(":", 1)[-1]) if caption and unit_of_header(caption) else None
    return match.group("metric").strip() if match and METRIC_RE.search(match.group("metric")) else None


def unsided(label: str) -> str:
    """A row label without the words that name its side ("nowait-off-1.fio" -> "nowait- -1.fio")."""
    return " ".join(PATCHED_RE.sub(" ", BASELINE_RE.sub(" ", label)).split())


# How a name says something was added to it: "v6.1 + fix", "base+patch", "X w/ Y", "X with Y", "X(with Y)" (not "fio [.]
# symbol", a longer listing row, "cookie_verf" under "cookie", a longer identifier, nor "K req/s, ~+6%", a
# change printed after it).
_ADDITION_RE = re.compile(r"\s*\(?(?:\+|w/(?!o)|with\b)")


def adds_to(patched: str | None, base: str | None) -> bool:
    """Whether a patched setup's name is another's with something added ("v6.6 + this series:" to
    "v6.6:"), or a release's with a local version ("6.1.0-rc4-fix+" to "6.1.0-rc4"): that other one is what
    the change was applied to."""
    if not patched or not base:
        return False
    a, b = patched.strip().rstrip(":").strip().lower(), base.strip().rstrip(":").strip().lower()
    return any(ch.isalnum() for ch in b) and len(a) > len(b) and a.startswith(b) and (
        bool(_ADDITION_RE.match(a, len(b))) or RELEASE_NUMBER_RE.match(b) is not None and a[len(b)] in "-+_")


# Rows named as a diff names its lines, "-" the old and "+" the new: a run before and after the change.
_DIFF_SIDES = {"-": "baseline", "+": "patched"}


def row_kind(label: str) -> str:
    """What a row label names, with the same vocabulary as column headers; a formula over other rows
    ("[1-(A/B)] * 100", "B/A") is a change."""
    if label.strip() in _DIFF_SIDES:
        return _DIFF_SIDES[label.strip()]
    if label and (_FORMULA_RE.search(label) or label.rstrip()[-1:] in "+-*/="):
        return "change"
    return column_kind(label) if label else "unknown"


def grid_column_kind(grid: Grid, column: int, name: str | None = None) -> str:
    """A column's kind from its header (or `name`, the header without a unit every column shares), or
    "change" when every value in it is a percentage printed with a sign (perf diff's delta column,
    whatever its header says), or percentages some of them signed beside columns that are no
    percentages ("318k | 256k | ~-20%"): a change, whether or not a "+" was printed; or ratios beside
    columns that are none ("2060.3 | 2047.5 | 0.991x"): a factor against another column (a whole "16x" is
    a count of things, as often as not)."""
    values = [row.cells[column].value for row in grid.rows if row.cells[column].value is not None]
    if values and all(v.unit == "x" and "." in v.text for v in values) and any(
            cell.value is not None and cell.value.unit != "x" for row in grid.rows for cell in row.cells):
        return "change"
    if values and all(v.unit == "%" for v in values) and any(v.signed for v in values):
        others = [cell.value for row in grid.rows for i, cell in enumerate(row.cells)
                  if i != column and cell.value is not None]
        if all(v.signed for v in values) or (others and not any(v.unit == "%" for v in others)):
            return "change"
    header = grid.header[column] if name is None else name
    if (joined := _joined_side(header)) is not None:
        return joined
    lettered = _LETTERED_RE.match(header.strip())
    if lettered and _letters_compared(grid.header, lettered.group("metric")):
        return "baseline" if lettered.group("side") == "A" else "patched"
    return column_kind(header)


def without_cell_parts(name: str) -> str:
    """A column's name without the bracketed words glued to it that name the change or spread printed
    beside each value ("base[pct imp](CV)" is "base"); a name whose brackets name a side of the
    comparison ("util(with patch)") or anything else stays whole."""
    annotated = _ANNOTATED_NAME_RE.fullmatch(name.strip())
    if annotated is None:
        return name
    parts = annotated.string[annotated.end("name"):]
    kinds = {column_kind(words) for words in re.findall(r"[\[(]([^\[\]()]*)[\])]", parts)}
    return annotated.group("name") if kinds & {"spread", "change"} and not kinds & {"baseline", "patched", "config"} \
        else name


def _joined_side(header: str) -> str | None:
    """The side a column header names by a suffix joined as a script names its columns ("mem_before" /
    "mem_after"), or None; a spread's column so named is a spread, whatever its suffix ("std_wo", "std_w"
    beside "mean_wo", "mean_w"). Only a column's name: a row label so written is a variable of the code
    ("capacity_orig = 800")."""
    text = header.strip()
    stem, _, side = text.rpartition("_")
    if " " in text or not stem.strip("_"):
        return None
    if SPREAD_RE.fullmatch(stem):
        return "spread"
    return "baseline" if BASELINE_RE.fullmatch(side) else "patched" if PATCHED_RE.fullmatch(side) else None


def _letters_compared(header: tuple[str, ...], metric: str) -> bool:
    """Whether the header prints `metric` lettered both A and B (a lone "Current (A)" is amperes)."""
    sides = {m.group("side") for h in header if (m := _LETTERED_RE.match(h.strip())) and m.group("metric") == metric}
    return sides == {"A", "B"}


def swept_parameter(grid: Grid, kinds: list[str]) -> str | None:
    """The parameter a grid sweeps over its columns ("queue size" over "2 | 4 | 8"), given each column's
    kind: its label header when every column is named by a point of it, whose cells are then results
    at that point, not settings; "" when nothing names the parameter ("8K  16K  32K" over "before:").
    Columns named by parameters themselves ("bs | numjobs | iodepth") hold settings: no sweep."""
    points = kinds and all(kind == "parameter" and name[:1].isdigit() for kind, name in zip(kinds, grid.header))
    return (grid.label_header or "") if points else None


def change_only(grid: Grid, context: str = "") -> bool:
    """A table that prints the change per row itself ("QD1 +11%", a "%improvement" column, perf diff's
    signed delta column), or only percentages under a caption that calls them a change ("gain over
    the old lock:"), and no pair of configurations to compare."""
    if len(grid.rows) < 2 or grid.reader == "keyed":
        return False
    if grid.roles:
        return set(grid.roles) == {"change"}  # rows of stated changes ("hackbench: 3% slower")
    if "change" in (grid_column_kind(grid, i) for i in range(len(grid.header))):
        return True
    values = [c.value for row in grid.rows for c in row.cells if c.value is not None]
    named = " ".join(filter(None, (grid.label_header, grid.caption, context)))
    # a change is of something: rows without a name before their percentages (a profile's shares, the
    # symbol printed after them) state none
    return bool(values) and all(v.unit == "%" for v in values) and bool(CHANGE_RE.search(named)) and \
        all(row.label for row in grid.rows)


def stated_in_header(header: tuple[str, ...]) -> str | None:
    """The column names as words around a table when they state a direction ("base LOWER IS BETTER | patched"):
    read before the rest, so the caption stays the nearest words, and beside a "higher is better" over later
    rows neither holds for every row (each is judged by its own unit)."""
    text = " ".join(header)
    return text if stated_direction(text) is not None else None


def _stated(*texts: str | None) -> bool | None:
    for text in texts:
        stated = stated_direction(text) if text else None
        if stated is not None:
            return stated
    return None


def _unit_of(printed: str) -> str | None:
    value = parse_value(printed)
    return value.unit if value is not None else None


_SCALED_COUNT_RE = re.compile(r"\d[KMGTk]$")  # "22M", "4.0K": a number scaled by a letter, no unit


def pair_cells(label: str, metric: str | None, base: Cell, new: Cell, *, context: str = "",
               names: tuple[str | None, ...] = (), grid_unit: str | None = None, reported: float | None = None,
               significant: bool | None = None, grid_direction: bool | None = None) -> Comparison | None:
    """One comparison of two cells, or None when a side holds no number or the two sides are not the
    same kind of quantity (a rate against a time, a percentage against a plain number). Two units of one dimension ("1.2 s" against
    "980 ms") are compared in the same scale. Direction: what the text states ("lower is better"),
    else the tool's own (`grid_direction`: tcrypt's cycles are better lower), the metric's name, the
    cells' unit, the grid's unit, then the words around the table."""
    a, b = base.value, new.value
    if a is None or b is None:
        return None
    if (a.unit == "%") != (b.unit == "%"):
        return None  # a share against a plain number: the cpu usage of one run beside the latency of another
    scale = 1.0
    ua, ub = lookup_unit(a.unit), lookup_unit(b.unit)
    if ua and ub:
        if ua.dimension != ub.dimension:
            return None
        scale = ub.factor / ua.factor
    elif a.unit and b.unit and a.unit.lower() != b.unit.lower():
        return None  # "344 mA" against "2734 mAh": two units printed, not one known dimension, two quantities
    elif any(u and u.dimension == "time" and _SCALED_COUNT_RE.search(other.text)
             for u, other in ((ua, b), (ub, a))):
        return None  # "43.787s" against "22M": a scale letter without a unit is a size or a count, never a time
    direction = _direction(context, names, grid_direction, (*names, a.unit or b.unit, grid_unit))
    delta = delta_pct(a.value, b.value * scale)
    spreads = [s for s in (a.spread_pct, b.spread_pct) if s is not None]
    spreads += [s / abs(v.value) * 100 for v in (a, b) if (s := v.spread_abs) is not None and v.value]
    return Comparison(
        label=label, metric=metric or None, baseline=a.value, patched=b.value, baseline_text=a.text,
        patched_text=b.text, delta_pct=delta, baseline_spread_pct=a.spread_pct, patched_spread_pct=b.spread_pct,
        baseline_spread_abs=a.spread_abs, patched_spread_abs=b.spread_abs, reported_delta_pct=reported,
        verdict=verdict(delta, direction, spread_pct=max(spreads) if spreads else None, significant=significant))


@lru_cache(maxsize=64)
def _nearest_first(context: str) -> tuple[str, str]:
    """The words around a table without its run's settings: the last sentence or caption (the one
    nearest the table), then all of them. A caption right above a table says what it measures ("file
    creates per sec"), where the paragraph before may speak of something else ("87% of the time is
    wasted in that loop"). Every cell pair of a region asks for them."""
    words = _SETTINGS_RE.sub(" ", context)
    return _SENTENCE_END_RE.split(words)[-1], words


def _table_direction(pair: Comparison, grid: Grid, context: str, sides: tuple[str | None, ...]) -> bool | None:
    """The direction a comparison was judged in, for the table's own `higher_is_better`: the sides'
    labels count as the cells' names do ("old (KIOPS)" over "new (KIOPS)")."""
    return _direction(context, (pair.metric, pair.label, grid.metric), grid.higher_is_better,
                      (pair.metric, pair.label, *sides, grid.metric, _unit_of(pair.baseline_text), grid.unit))


def _direction(context: str, names: tuple[str | None, ...], stated: bool | None,
               sources: tuple[str | None, ...]) -> bool | None:
    """Whether higher is better: what the text says of `names`, else what the tool states (`stated`),
    else the first of `sources` (names, units) and then of the words around the table that has a
    direction. None for a metric that has none (`DIRECTIONLESS_METRICS`), whatever the words around say."""
    if any(name in DIRECTIONLESS_METRICS for name in names):
        return None
    direction = _stated(context, *names)
    direction = stated if direction is None else direction
    # a robot's counter path is a metric of its own: the words around the table speak of others
    around = () if any(is_counter_path(name) for name in names) else _nearest_first(context)
    for source in (*sources, *around):
        if direction is None and source and parse_value(source) is None:  # "1s", "64k": a point of a series
            direction = metric_direction(source)
    return direction


def found(kind: str, parts: tuple[Part, ...], pairs: list[Comparison], base: str | None, new: str | None,
          grid: Grid, context: str = "") -> Found | None:
    if pairs and all(p.baseline == p.patched for p in pairs) and (len(pairs) > 1 or kind == "table"):
        # the same numbers on both sides: a repeated listing or the settings of both runs, or one run pasted
        # twice (even under sides named "without" and "with"), not two configurations measured
        return None
    if _workloads_apart(base, new):
        return None  # "Read" against "Write", "Encryption" against "Decryption": two tests of one run
    if pairs and all(_power_of_two(p.baseline, p.baseline_text) and _power_of_two(p.patched, p.patched_text)
                     for p in pairs):
        return None  # "old buffer: 65536" / "new buffer: 4096": sizes a setting takes, not measurements
    base, new = (name and without_cell_parts(name) for name in (base, new))
    first = parts[0].offset + parts[0].grid.first_line
    last = parts[-1].offset + parts[-1].grid.last_line
    directions = {_table_direction(p, grid, context, (base, new)) for p in pairs}
    metric = grid.metric or (next(iter({p.metric for p in pairs})) if len({p.metric for p in pairs}) == 1 else None)
    return Found(kind, first, last, parts, tuple(pairs), base, new, metric, grid.unit,
                 next(iter(directions)) if len(directions) == 1 else None)


_SMALLEST_SIZE = 8  # below it a power of two is as often a count measured (2, 4) as a size set


def _power_of_two(value: float | None, printed: str) -> bool:
    """Whether a value is a whole power of two printed bare (4096, 65536), as buffer sizes, queue depths and
    limits are set ("8192 MB/s" is a rate measured)."""
    return value is not None and value >= _SMALLEST_SIZE and value.is_integer() and \
        int(value) & (int(value) - 1) == 0 and _unit_of(printed) is None


def _workloads_apart(base: str | None, new: str | None) -> bool:
    """Whether the two sides are named by different workloads and by no side of a change."""
    if not base or not new or any(side.search(label) for side in (BASELINE_RE, PATCHED_RE) for label in (base, new)):
        return False
    ours, theirs = ({w.lower() for w in WORKLOAD_RE.findall(label)} for label in (base, new))
    return bool(ours) and bool(theirs) and ours != theirs


_SWITCH_VALUES = frozenset({"0", "1"})


def as_results(pairs: list[Comparison]) -> list[Comparison]:
    """The comparisons of labelled lines that are results: not the spread printed beside a value
    ("stdev=3.38"), not a field both runs print alike while others change (a run time, a setting),
    not a total size when a rate or a time is given for the same runs, not a switch ("mshot=0" and
    "mshot=1" name the runs' settings: a 0 or 1 on both sides measures nothing)."""
    kept = [p for p in pairs if column_kind((p.metric or p.label).split(" ")[-1]) != "spread"
            and not {p.baseline_text, p.patched_text} <= _SWITCH_VALUES]
    if any(p.baseline != p.patched for p in kept):
        kept = [p for p in kept if p.baseline != p.patched]
    dimensions = {p: _dimension(p) for p in kept}
    if any(d in ("rate", "bandwidth", "time") for d in dimensions.values()):
        kept = [p for p in kept if dimensions[p] not in ("size", "count")]
    return kept


def _dimension(pair: Comparison) -> str | None:
    unit = lookup_unit(_unit_of(pair.baseline_text))
    return unit.dimension if unit else None


def column_name(name: str, column: int) -> str:
    """A value column's name for a comparison's label: its header, or its place when none is printed
    (two unnamed columns of one row must not read as one comparison twice)."""
    return name or f"column {column + 1}"


def reported_in(cell: Cell) -> float | None:
    return printed_change(cell.text)


def reported_change(row: GridRow) -> float | None:
    """A change the row prints in parentheses beside a value ("5269678 (+3%)"), or None."""
    return next((change for cell in row.cells if (change := reported_in(cell)) is not None), None)


def with_spreads(pair: Comparison, base_row: GridRow, new_row: GridRow) -> Comparison:
    """A pair with the spreads printed on the row under it, in its own unit or in percent."""
    spreads = [row.cells[0].value if row.cells else None for row in (base_row, new_row)]
    if any(spread is None for spread in spreads):
        return pair
    if all(spread.unit == "%" for spread in spreads):
        return replace(pair, baseline_spread_pct=spreads[0].value, patched_spread_pct=spreads[1].value)
    values = [parse_value(text) for text in (pair.baseline_text, pair.patched_text)]
    if any(value is None or value.unit != spread.unit for value, spread in zip(values, spreads)):
        return pair  # a spread in another unit than its value's ("2.1 s" under "2100 ms"): not read as one
    return replace(pair, baseline_spread_abs=spreads[0].value, patched_spread_abs=spreads[1].value)
