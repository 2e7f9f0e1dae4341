"""Decide what a table compares, from its own structure, and pair its baseline and patched numbers.

A grid of numbers is evidence only when it compares configurations: a single run of a tool, a list of
counters, /proc output or a per-CPU breakdown compares nothing and is not a benchmark table. What is
compared shows in one of four places, tried in this order:
1. the reader knows it from the tool's layout (LKP, mmtests: `Grid.roles`);
2. the columns name configurations — kernels, settings, "base"/"patched", "w/o"/"w/" — in one header
   line, or in a group header over metric columns ("Current" over "Throughput | CPU time");
3. the rows name configurations ("base 10 33365 ..." / "patched 10 34388 ..."), or the same metric is
   printed twice in a row under a sentence saying which run is which;
4. the same grid is printed once per configuration, each under a caption ("BASE" / "PATCHED",
   "without the fix:" / "with the fix:", "x Disabled" / "+ Enabled"): rows pair up by label, else by
   position (runs, samples).
Which side is the baseline comes from the words that name it (`extractors.vocab.configurations`), else
from the order (the unchanged kernel is printed first). A side printed as one line each (a `before:`
line and an `after:` line, one fio summary per kernel) is an inline result, not a table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from extractors.model import Cell, Comparison, Grid, GridRow, Value
from extractors.numbers import parse_value
from extractors.verdicts import delta_pct, metric_direction, stated_direction, verdict
from extractors.vocab.configurations import (BASELINE_RE, CHANGE_RE, KERNEL_NAME_RE, PATCHED_RE, SPREAD_RE,
                                             WITH_CHANGE_RE, WITHOUT_CHANGE_RE)
from extractors.vocab.metrics import IDENTIFIER_RE, METRIC_RE, PARAMETER_RE, WORKLOAD_RE
from extractors.vocab.units import lookup_unit

# Column names that count instances of one thing (CPU0 CPU1, node0 node1, q0 q1): not configurations.
_INSTANCE_RE = re.compile(r"^[A-Za-z_#-]+\d+$")
_UNIT_IN_HEADER_RE = re.compile(r"\(([^()]{1,12})\)|\[([^\[\]]{1,12})\]")
# Words in the text around a grid saying that it compares: "vs", "compared", "before/after" ...
_COMPARING_RE = re.compile(r"\b(?:vs\.?|versus|compared?|comparison|before|after|with(?:out)?|w/o|w/|"
                           r"patch(?:ed|es|set)?|base(?:line)?|unpatched|vanilla|stock|mainline)\b", re.I)
# Words above two unnamed runs that say which comes first: "without/with", "before and after".
_ORDER_RE = re.compile(r"\b(?:without\W+(?:and\W+)?with|before\W+(?:and\W+)?after|w/o\W+(?:and\W+)?w/|"
                       r"base(?:line)?\W+(?:and|vs\.?|versus)\W+patched|old\W+(?:and|vs\.?)\W+new)\b", re.I)
_DATE_RE = re.compile(r"\d{4}-\d\d-\d\d|\d\d:\d\d")
# A label computed from other rows: "(B-A)/A", "[1-(A/B)] * 100".
_FORMULA_RE = re.compile(r"\b[A-Z]\s*[-+*/]\s*\(?[A-Z]\b")
# Rows that count failures of a functional test run (robot boot tests, dmesg checks), not performance.
_FAILURE_LABEL_RE = re.compile(r"BUG|Oops|WARNING|[RE]IP:|KASAN|(?i:panic|boot_(?:successes|failures)|dmesg\.|kmsg\.|"
                               r"fail:runs|reproduction|segfault|call_?trace)")
# A rate in a header: "NOPs/sec", "msgs/s", "reqs per second".
_RATE_RE = re.compile(r"\w/(?:s|sec|second|min|ms|us)\b|\bper\s+(?:sec|second|minute|call|op|cpu)\b", re.I)
_REPORTED_CHANGE_RE = re.compile(r"\(\s*([-+]\d+(?:\.\d+)?)\s*%\s*\)")


@dataclass(frozen=True)
class Part:
    """One grid of a region, with the caption its author (or the tool) gave it."""

    grid: Grid
    caption: str | None
    offset: int  # line of the grid's first input line within the region
    caption_line: int | None = None  # region line of the caption; None when the tool printed it


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


def column_kind(name: str) -> str:
    """What a column header names: baseline, patched, config (a kernel or setting), change, spread,
    metric, parameter, instance, or unknown."""
    text = name.strip()
    if not text:
        return "unknown"
    words = text.split()
    if SPREAD_RE.fullmatch(text) or (len(words) <= 2 and SPREAD_RE.search(text) and not METRIC_RE.search(text)):
        return "spread"
    if BASELINE_RE.search(text):
        return "baseline"
    if CHANGE_RE.search(text):
        return "change"
    if KERNEL_NAME_RE.match(text) or (KERNEL_NAME_RE.match(words[0]) and len(words) <= 3):
        return "patched" if "+" in text or PATCHED_RE.search(text) else "config"
    if PATCHED_RE.search(text):
        return "patched"
    if PARAMETER_RE.match(text) or text.replace(",", "").replace(".", "").isdigit():
        return "parameter"
    if IDENTIFIER_RE.match(text):
        return "identifier"
    if _INSTANCE_RE.match(text):
        return "instance"
    if METRIC_RE.search(text) or unit_of_header(text) or _RATE_RE.search(text):
        return "metric"
    return "unknown"


def unit_of_header(text: str) -> str | None:
    """The unit a header or caption names: in brackets ("time (us)", "bandwidth(Mib/s)") or as its last
    word when that is a unit symbol ("lat us", "%")."""
    for match in _UNIT_IN_HEADER_RE.finditer(text):
        unit = (match.group(1) or match.group(2)).strip()
        if lookup_unit(unit) is not None:
            return unit
    last = text.split()[-1] if text.split() else ""
    return last if lookup_unit(last) is not None and not last.isalpha() or last in ("%",) else None


def _table_direction(pair: Comparison, grid: Grid, context: str) -> bool | None:
    """The direction a comparison was judged in, for the table's own `higher_is_better`."""
    direction = _stated(context, pair.metric, pair.label, grid.metric)
    for source in (pair.metric, pair.label, grid.metric, _unit_of(pair.baseline_text), grid.unit, context):
        if direction is None and source:
            direction = metric_direction(source)
    return direction


def _unit_of(printed: str) -> str | None:
    value = parse_value(printed)
    return value.unit if value is not None else None


def _pair(label: str, metric: str | None, base: Cell, new: Cell, *, context: str = "",
          names: tuple[str | None, ...] = (), grid_unit: str | None = None, reported: float | None = None,
          significant: bool | None = None) -> Comparison | None:
    """One comparison of two cells, or None when a side holds no number or the two sides are not the
    same kind of quantity (a rate against a time). Two units of one dimension ("1.2 s" against
    "980 ms") are compared in the same scale. Direction: what the text states ("lower is better"),
    else the metric's name, the cells' unit, the grid's unit, then the words around the table."""
    a, b = base.value, new.value
    if a is None or b is None:
        return None
    scale = 1.0
    ua, ub = lookup_unit(a.unit), lookup_unit(b.unit)
    if ua and ub:
        if ua.dimension != ub.dimension:
            return None
        scale = ub.factor / ua.factor
    direction = _stated(context, *names)
    for source in (*names, a.unit or b.unit, grid_unit, context):
        if direction is None and source:
            direction = metric_direction(source)
    delta = delta_pct(a.value, b.value * scale)
    spreads = [s for s in (a.spread_pct, b.spread_pct) if s is not None]
    spreads += [s / abs(v.value) * 100 for v in (a, b) if (s := v.spread_abs) is not None and v.value]
    return Comparison(
        label=label, metric=metric or None, baseline=a.value, patched=b.value, baseline_text=a.text,
        patched_text=b.text, delta_pct=delta, baseline_spread_pct=a.spread_pct, patched_spread_pct=b.spread_pct,
        baseline_spread_abs=a.spread_abs, patched_spread_abs=b.spread_abs, reported_delta_pct=reported,
        verdict=verdict(delta, direction, spread_pct=max(spreads) if spreads else None, significant=significant))


def _stated(*texts: str | None) -> bool | None:
    for text in texts:
        stated = stated_direction(text) if text else None
        if stated is not None:
            return stated
    return None


# --- one grid --------------------------------------------------------------------------------------------

def _by_reader_roles(grid: Grid, context: str) -> list[Comparison]:
    roles = grid.roles
    base = [i for i, r in enumerate(roles) if r == "baseline"]
    new = [i for i, r in enumerate(roles) if r == "patched"]
    change = [i for i, r in enumerate(roles) if r in ("change", "gain")]
    pairs = []
    for n, row in enumerate(grid.rows):
        significant = grid.significant[n] if n < len(grid.significant) else None
        for b in base[:1]:
            for p in new:
                reported = None
                if change and len(new) == 1 and row.cells[change[0]].value is not None:
                    reported = _reported_change(row.cells[change[0]].value, roles[change[0]], grid.higher_is_better)
                metric = grid.metric or (grid.header[p] if len(new) > 1 else None)
                pair = _pair(row.label, metric, row.cells[b], row.cells[p], reported=reported, context=context,
                             names=(row.label, grid.metric), grid_unit=grid.unit, significant=significant)
                if pair:
                    pairs.append(pair)
    return pairs


def _reported_change(value: Value, role: str, higher_is_better: bool | None) -> float | None:
    """The relative change a tool prints, as delta%: a "change" as printed when it is a percentage, a
    "gain" (positive means better, as mmtests prints it) turned by the direction; None for a change in
    points (LKP prints those for percentage metrics) or a gain of unknown direction."""
    if value.unit != "%":
        return None
    if role == "gain":
        return None if higher_is_better is None else (value.value if higher_is_better else -value.value)
    return value.value


def _group_levels(grid: Grid) -> tuple[list[str], list[str]] | None:
    """(config of each column, metric of each column) when a header line groups the columns by
    configuration and another names the metric within each group, else None."""
    if len(grid.header_rows) < 2:
        return None
    for config_level in grid.header_rows:
        groups = [config_level[0]]
        for name in config_level[1:]:
            if name != groups[-1]:
                groups.append(name)
        if len([g for g in groups if g]) < 2 or len(set(groups)) != len(groups) or len(groups) == len(config_level):
            continue
        metrics = [" ".join(level[i] for level in grid.header_rows if level is not config_level and level[i])
                   for i in range(len(config_level))]
        return list(config_level), metrics
    return None


def _by_columns(grid: Grid, context: str) -> tuple[list[Comparison], str | None, str | None]:
    """Pairs of a grid whose columns name configurations; (pairs, baseline name, patched name)."""
    grouped = _group_levels(grid)
    if grouped is not None:
        configs, metrics = grouped
        names = [n for n in dict.fromkeys(configs) if n]
        if len(names) < 2:
            return [], None, None
        negated = _negated_pairs(names)
        base = names[negated[0][0]] if negated else next((n for n in names if column_kind(n) == "baseline"), names[0])
        targets = [n for n in names if n != base]
        pairs = []
        for row in grid.rows:
            for i, (config, metric) in enumerate(zip(configs, metrics)):
                if config != base:
                    continue
                for j, (other, other_metric) in enumerate(zip(configs, metrics)):
                    if other in targets and other_metric == metric:
                        pair = _pair(row.label, metric if len(targets) == 1 else f"{other} {metric}",
                                     row.cells[i], row.cells[j],
                                     context=context, names=(metric, row.label), grid_unit=grid.unit)
                        if pair:
                            pairs.append(pair)
        return pairs, base, targets[0] if targets else None
    if grid.reader == "keyed":
        return [], None, None  # keys name the fields of a line, never a configuration
    names = _without_shared_unit(grid.header)
    kinds = [_column_kind(grid, i, names[i]) for i in range(len(grid.header))]
    configs = [i for i, k in enumerate(kinds) if k in ("baseline", "patched", "config", "unknown") and names[i]]
    negated = _negated_pairs([names[i] for i in configs])
    explicit = any(kinds[i] in ("baseline", "patched") for i in configs) or bool(negated)
    others = [k for k in kinds if k in ("metric", "instance", "parameter", "identifier")]
    if len(configs) < 2 or others or (not explicit and (len(configs) > 2 or not _COMPARING_RE.search(context))):
        return [], None, None  # unnamed columns are as likely fields as configurations, unless the text compares
    base = next((i for i in configs if kinds[i] == "baseline"), None)
    if base is None and negated:
        base = configs[negated[0][0]]  # "non-zc" beside "zc": the setting off is the baseline
    if base is None:
        base = _unpatched_column(names, configs, kinds)
    targets = [i for i in configs if kinds[i] == "patched" and i != base] or [i for i in configs if i != base]
    change = [i for i, k in enumerate(kinds) if k == "change"]
    spread_of = {i + 1: i for i, k in enumerate(kinds[1:]) if k == "spread" and kinds[i] != "spread"}
    pairs = []
    for row in grid.rows:
        for target in targets:
            reported = None
            if change and len(targets) == 1:
                value = row.cells[change[0]].value
                reported = value.value if value is not None else None
            base_cell = _with_spread(row.cells[base], row.cells, spread_of, base, grid.header)
            new_cell = _with_spread(row.cells[target], row.cells, spread_of, target, grid.header)
            pair = _pair(row.label, grid.header[target] if len(targets) > 1 else None, base_cell, new_cell,
                         reported=reported,
                         context=context, names=(grid.label_header, row.label, grid.metric), grid_unit=grid.unit)
            if pair:
                pairs.append(pair)
    return pairs, grid.header[base], grid.header[targets[0]] if targets else None


def _unpatched_column(header: tuple[str, ...], configs: list[int], kinds: list[str]) -> int:
    """The baseline among configuration columns none of which says so: the one a patched column is
    named after ("5.6.15" beside "5.6.15-patched", not the older "4.18" printed first), else the first."""
    names = {header[i].strip().lower(): i for i in configs}
    for i in configs:
        if kinds[i] == "patched":
            stem = PATCHED_RE.sub("", header[i]).strip(" -_+/").lower()
            if stem in names and names[stem] != i:
                return names[stem]
    return configs[0]


def _rows_are_named(grid: Grid) -> bool:
    """Whether the rows, not the columns, name the configurations: a row says baseline and another
    patched (or negates it), while no column header does."""
    kinds = [row_kind(row.label) for row in grid.rows]
    rows = ("baseline" in kinds and "patched" in kinds) or bool(_negated_pairs([r.label for r in grid.rows]))
    columns = any(column_kind(name) in ("baseline", "patched") for name in grid.header)
    return rows and not columns


def _column_kind(grid: Grid, column: int, name: str | None = None) -> str:
    """A column's kind from its header (or `name`, the header without a unit every column shares), or
    "change" when every value in it is printed with a sign and a percent sign (perf diff's delta
    column, whatever its header says)."""
    values = [row.cells[column].value for row in grid.rows if row.cells[column].value is not None]
    if values and all(v.signed and v.unit == "%" for v in values):
        return "change"
    return column_kind(grid.header[column] if name is None else name)


def _without_shared_unit(header: tuple[str, ...]) -> tuple[str, ...]:
    """Column names without the bracketed unit they all end in: "non-zc (tx/s) | zc (tx/s)" names two
    configurations measured in one unit, not two metrics."""
    units = [_UNIT_IN_HEADER_RE.search(name) for name in header if name]
    if len(units) < 2 or not all(u and u.end() == len(name.rstrip()) for u, name in zip(units, filter(None, header))):
        return header
    if len({u.group() for u in units}) != 1:
        return header
    return tuple(_UNIT_IN_HEADER_RE.sub("", name).strip() if name else name for name in header)


def _with_spread(cell: Cell, cells: tuple[Cell, ...], spread_of: dict[int, int], column: int,
                 header: tuple[str, ...]) -> Cell:
    """A value cell with the spread printed in its own column right after it; relative when the cell or
    its header ("%stdev") says percent."""
    for spread_column, value_column in spread_of.items():
        if value_column == column and cell.value is not None and cells[spread_column].value is not None:
            spread = cells[spread_column].value
            value = cell.value
            if spread.unit == "%" or "%" in cells[spread_column].text or "%" in header[spread_column]:
                merged = Value(value.value, value.text, value.unit, spread_pct=spread.value, signed=value.signed)
            else:
                merged = Value(value.value, value.text, value.unit, spread_abs=spread.value, signed=value.signed)
            return Cell(cell.text, cell.start, cell.end, merged)
    return cell


def _counts_failures(grid: Grid) -> bool:
    """Whether most rows count failures of a functional test run (BUG, Oops, boot_failures)."""
    return sum(bool(_FAILURE_LABEL_RE.search(row.label)) for row in grid.rows) * 2 > len(grid.rows)


def row_kind(label: str) -> str:
    """What a row label names, with the same vocabulary as column headers; a formula over other rows
    ("[1-(A/B)] * 100", "B/A") is a change."""
    if label and (_FORMULA_RE.search(label) or label.rstrip()[-1:] in "+-*/="):
        return "change"
    return column_kind(label) if label else "unknown"


def _rows_name_setups(grid: Grid, kinds: list[str], context: str) -> bool:
    """Whether unnamed rows are setups measured alike ("libaio", "psync", "io_uring" under "seq IOPS |
    rand IOPS"): the columns name metrics, the labels name neither a metric, a workload nor a
    parameter, each column holds numbers of one magnitude, and there are two rows or the text says it
    compares."""
    if len(grid.rows) < 2 or grid.reader == "keyed" or grid.labels_after or not all(row.label for row in grid.rows):
        return False
    if any(k not in ("unknown", "config") for k in kinds) or any(
            WORKLOAD_RE.search(r.label) or _DATE_RE.search(r.label) for r in grid.rows):
        return False
    header_kinds = {column_kind(name) for name in grid.header if name}
    if "metric" not in header_kinds or header_kinds - {"metric", "unknown"}:
        return False
    if len(grid.rows) > 2 and not _COMPARING_RE.search(context):
        return False
    alike = 0
    for column in range(len(grid.header)):
        values = [abs(r.cells[column].value.value) for r in grid.rows if r.cells[column].value is not None]
        if len(values) >= 2 and min(values) > 0 and max(values) / min(values) <= 10:
            alike += 1
    return alike * 2 > len(grid.header)


def _by_rows(grid: Grid, context: str) -> tuple[list[Comparison], int | None, list[int]]:
    """Pairs of a grid whose rows name configurations, column by column; (pairs, base row, targets)."""
    kinds = [row_kind(row.label) for row in grid.rows]
    base_rows = [i for i, k in enumerate(kinds) if k == "baseline"]
    new_rows = [i for i, k in enumerate(kinds) if k == "patched"]
    labels = [row.label for row in grid.rows]
    negated = _negated_pairs(labels)
    if negated:
        return _pairs_of_rows(grid, context, negated), negated[0][0], [negated[0][1]]
    if base_rows:
        base = base_rows[0]
        targets = new_rows or [i for i in range(len(grid.rows)) if i != base and kinds[i] in ("unknown", "config")]
    elif new_rows and len(grid.rows) == 2:
        base, targets = 1 - new_rows[0], new_rows
    elif len(grid.rows) == 2 and labels[0] and labels[0] == labels[1] and _ORDER_RE.search(context):
        base, targets = 0, [1]  # the same metric twice under "without/with the fix:"
    elif _rows_name_setups(grid, kinds, context):
        base, targets = 0, list(range(1, len(grid.rows)))  # setups in rows, the first one printed first
    else:
        return [], None, []
    if not targets:
        return [], None, []
    pairs = []
    for target in targets:
        for column, name in enumerate(grid.header):
            if column_kind(name) in ("spread", "change", "parameter", "identifier") and name:
                continue
            metric = name or None
            label = _column_name(name, column) if len(grid.header) > 1 else (labels[0] if labels[0] == labels[target] else "")
            if len(targets) > 1:
                label = f"{grid.rows[target].label} {label}".strip()
            pair = _pair(label, metric, grid.rows[base].cells[column], grid.rows[target].cells[column],
                         context=context, names=(metric, grid.metric, labels[0]), grid_unit=grid.unit)
            if pair:
                pairs.append(pair)
    return pairs, base, targets


_NEGATION_PREFIXES = ("no", "non-", "non", "no-", "no_", "!")


def _negated_pairs(labels: list[str]) -> list[tuple[int, int]]:
    """(base row, patched row) for rows whose labels differ only in one word that is the other's word
    negated ("NOBQL FQC 1q" / "BQL FQC 1q", "no-opt 4k" / "opt 4k"): a setting off against on."""
    words = [label.split() for label in labels]
    index = {tuple(w.lower() for w in ws): i for i, ws in enumerate(words)}
    out = []
    for i, ws in enumerate(words):
        if len(ws) > 1 and ws[0].lower() in ("no", "not", "without", "w/o"):  # "no zero copy" / "zero copy"
            j = index.get(tuple(w.lower() for w in ws[1:]))
            if j is not None and j != i:
                out.append((i, j))
                continue
        for position, word in enumerate(ws):
            for prefix in _NEGATION_PREFIXES:
                if word.lower().startswith(prefix) and len(word) > len(prefix) + 1:
                    positive = ws[:position] + [word[len(prefix):]] + ws[position + 1:]
                    j = index.get(tuple(w.lower() for w in positive))
                    if j is not None and j != i:
                        out.append((i, j))
    return out


def _pairs_of_rows(grid: Grid, context: str, rows: list[tuple[int, int]]) -> list[Comparison]:
    pairs = []
    for base, target in rows:
        label = " ".join(w for w in grid.rows[target].label.split())
        for column, name in enumerate(grid.header):
            metric = name or None
            full = f"{label} {_column_name(name, column)}" if len(grid.header) > 1 else label
            pair = _pair(full, metric, grid.rows[base].cells[column], grid.rows[target].cells[column],
                         context=context, names=(metric, grid.metric), grid_unit=grid.unit)
            if pair:
                pairs.append(pair)
    return pairs


def compare_grid(part: Part, context: str) -> Found | None:
    """What one grid compares by itself, or None when it compares nothing on its own."""
    grid = part.grid
    if _counts_failures(grid):
        return None
    context = " ".join(filter(None, (context, part.caption, grid.caption)))
    if grid.roles:
        pairs = _by_reader_roles(grid, context)
        if pairs:
            return _found("table", (part,), pairs, grid.header[grid.roles.index("baseline")]
                          if "baseline" in grid.roles else None, None, grid)
    pairs, base_name, new_name = ([], None, None) if _rows_are_named(grid) else _by_columns(grid, context)
    if pairs:
        kind = "result" if len(grid.rows) == 1 else "table"  # one row is a statement, not a table
        return _found(kind, (part,), _as_results(pairs) if kind == "result" else pairs, base_name, new_name, grid, context)
    pairs, base_row, targets = _by_rows(grid, context)
    if pairs:
        base_label = grid.rows[base_row].label
        new_label = grid.rows[targets[0]].label
        one_value = len(grid.header) == 1 and len(grid.rows) == 2
        kind = "result" if one_value and row_kind(base_label) in ("baseline", "patched") else "table"
        return _found(kind, (part,), pairs, base_label, new_label, grid, context)
    if _change_only(grid, context):
        return _found("table", (part,), [], None, None, grid, context)
    return None


def _change_only(grid: Grid, context: str = "") -> bool:
    """A table that prints the change per row itself ("QD1 +11%", a "%improvement" column, perf diff's
    signed delta column), or only percentages under a caption that calls them a change ("gain over
    the old lock:"), and no pair of configurations to compare."""
    if len(grid.rows) < 2 or grid.reader == "keyed" or grid.roles:
        return False
    if "change" in (_column_kind(grid, i) for i in range(len(grid.header))):
        return True
    values = [c.value for row in grid.rows for c in row.cells if c.value is not None]
    named = " ".join(filter(None, (grid.label_header, grid.caption, context)))
    return bool(values) and all(v.unit == "%" for v in values) and bool(CHANGE_RE.search(named))


def _found(kind: str, parts: tuple[Part, ...], pairs: list[Comparison], base: str | None, new: str | None,
           grid: Grid, context: str = "") -> Found | None:
    if pairs and all(p.baseline == p.patched for p in pairs) and len(pairs) > 1:
        return None  # the same numbers on both sides: a repeated listing, not two configurations
    first = parts[0].offset + parts[0].grid.first_line
    last = parts[-1].offset + parts[-1].grid.last_line
    directions = {_table_direction(p, grid, context) for p in pairs}
    metric = grid.metric or (next(iter({p.metric for p in pairs})) if len({p.metric for p in pairs}) == 1 else None)
    return Found(kind, first, last, parts, tuple(pairs), base, new, metric, grid.unit,
                 next(iter(directions)) if len(directions) == 1 else None)


# --- grids printed once per configuration ----------------------------------------------------------------

def _side(caption: str | None) -> str | None:
    """"baseline" or "patched" when a caption names its run's side, else None."""
    if not caption:
        return None
    if WITHOUT_CHANGE_RE.search(caption):
        return "baseline"
    if WITH_CHANGE_RE.search(caption):
        return "patched"
    base, new = BASELINE_RE.search(caption), PATCHED_RE.search(caption)
    if base and not new:
        return "baseline"
    if new and not base:
        return "patched"
    if base and new:
        return "baseline" if base.start() < new.start() and "without" in base.group().lower() else None
    return None


def _same_shape(a: Grid, b: Grid) -> bool:
    if a.reader != b.reader or len(a.header) != len(b.header):
        return False
    if any(a.header) and any(b.header) and a.header != b.header:
        return False
    labels_a, labels_b = {r.label for r in a.rows}, {r.label for r in b.rows}
    if any(labels_a) and any(labels_b) and not labels_a & labels_b:
        return False
    return True


def compare_siblings(parts: list[Part], context: str) -> Found | None:
    """Pairs of two or more grids of the same shape, one per configuration, or None."""
    if len(parts) < 2:
        return None
    sides = [_side(p.caption or p.grid.caption) for p in parts]
    captions = [p.caption or p.grid.caption for p in parts]
    if len(set(sides)) == 1:
        sides = [None] * len(parts)  # every caption names the same side ("tests with 512 / with 1024 buffers")
    if any(_has_identifiers(p.grid) or _counts_failures(p.grid) or _change_only(p.grid) for p in parts):
        return None  # per-CPU rows, failure counts, or a table that prints its own change
    if "baseline" in sides:
        base = sides.index("baseline")
    elif "patched" in sides:
        base = next((i for i, s in enumerate(sides) if s != "patched"), None)
    elif all(captions) and len(set(captions)) == len(captions):
        base = 0  # each run named by its own caption, the unchanged kernel printed first
    elif len(parts) == 2 and _ORDER_RE.search(context or ""):
        base = 0  # "without and with the patch:" above two unnamed runs
    else:
        return None
    if base is None:
        return None
    targets = [i for i, s in enumerate(sides) if s == "patched" and i != base] or \
              [i for i in range(len(parts)) if i != base]
    pairs = []
    base_grid = parts[base].grid
    if len(base_grid.header) > 1 and not any(base_grid.header) and not any(r.label for r in base_grid.rows):
        return None  # columns without names in rows without labels: nothing says what each number measures
    for target in targets:
        pairs.extend(_pair_rows(base_grid, parts[target].grid, context,
                                prefix=captions[target] if len(targets) > 1 else None))
    if not pairs:
        return None
    compared_rows = {p.label.split(" ")[0] if len(base_grid.header) > 1 else p.label for p in pairs}
    # one row compared is a statement, not a table, however the sides were printed
    single = all(_is_statement(p.grid) for p in parts) or len(compared_rows) <= 1 and len(base_grid.rows) <= 2
    if single:
        pairs = _as_results(pairs)
        if not pairs or all(p.baseline == p.patched for p in pairs):
            return None  # nothing changed between two labelled lines: not a result
    return _found("result" if single else "table", tuple(parts), pairs, captions[base],
                  captions[targets[0]], base_grid, context)


def _is_statement(grid: Grid) -> bool:
    """Whether a grid is one statement rather than a table: printed on one line, or on lines that each
    hold several key=value pairs with no key repeated (a summary, not rows of samples)."""
    lines = {row.line for row in grid.rows}
    if len(lines) == 1:
        return True
    if grid.reader != "keyed" or len(grid.header) < 2:
        return False
    per_line = [sum(1 for cell in row.cells if cell.value is not None) for row in grid.rows]
    keys_per_column = [sum(1 for row in grid.rows if row.cells[i].value is not None) for i in range(len(grid.header))]
    return min(per_line) >= 2 and max(keys_per_column) == 1


def _as_results(pairs: list[Comparison]) -> list[Comparison]:
    """The comparisons of labelled lines that are results: not the spread printed beside a value
    ("stdev=3.38"), not a field both runs print alike while others change (a run time, a setting),
    not a total size when a rate or a time is given for the same runs."""
    kept = [p for p in pairs if column_kind((p.metric or p.label).split(" ")[-1]) != "spread"]
    if any(p.baseline != p.patched for p in kept):
        kept = [p for p in kept if p.baseline != p.patched]
    dimensions = {p: _dimension(p) for p in kept}
    if any(d in ("rate", "bandwidth", "time") for d in dimensions.values()):
        kept = [p for p in kept if dimensions[p] not in ("size", "count")]
    return kept


def _dimension(pair: Comparison) -> str | None:
    unit = lookup_unit(_unit_of(pair.baseline_text))
    return unit.dimension if unit else None


def _fixed_columns(rows: list[tuple[GridRow, GridRow]], width: int) -> set[int]:
    """Columns that hold the same number on both sides in every row while other columns change: the
    parameters of each row (block size, queue depth), not results."""
    def same(column: int) -> bool:
        cells = [(a.cells[column].value, b.cells[column].value) for a, b in rows
                 if column < len(a.cells) and column < len(b.cells)]
        cells = [(x, y) for x, y in cells if x is not None and y is not None]
        return bool(cells) and all(x.value == y.value for x, y in cells)
    fixed = {column for column in range(width) if same(column)}
    return fixed if len(fixed) < width else set()


def _differs(a: GridRow, b: GridRow) -> bool:
    return any(x.value is not None and y.value is not None and x.value.value != y.value.value
               for x, y in zip(a.cells, b.cells))


def _has_identifiers(grid: Grid) -> bool:
    return any(column_kind(name) == "identifier" for name in grid.header) or (
        grid.label_header is not None and column_kind(grid.label_header) == "identifier")


def _pair_rows(a: Grid, b: Grid, context: str, prefix: str | None) -> list[Comparison]:
    by_label = {row.label: row for row in b.rows}
    labelled = [r.label for r in a.rows if r.label]
    matched = len(labelled) == len(a.rows) and len(set(labelled)) == len(labelled) and \
        sum(label in by_label for label in labelled) * 2 >= len(labelled)
    pairs: list[Comparison] = []
    if matched:
        rows = [(row, by_label[row.label]) for row in a.rows if row.label in by_label]
    else:
        rows = list(zip(a.rows, b.rows))
    fixed = _fixed_columns(rows, len(a.header))
    if any(_differs(x, y) for x, y in rows):
        rows = [(x, y) for x, y in rows if _differs(x, y)]  # a row alike on both sides is a parameter row
    for n, (base_row, new_row) in enumerate(rows):
        label = base_row.label if matched else (base_row.label or str(n + 1))
        for column, name in enumerate(a.header):
            if column_kind(name) in ("spread", "parameter", "change", "identifier") and name:
                continue
            if a.roles and a.roles[column] in ("ignore", "config", "spread", "change", "gain"):
                continue  # the tool's own layout says this column is not a result
            if column >= len(base_row.cells) or column >= len(new_row.cells) or column in fixed:
                continue
            full = f"{label} {_column_name(name, column)}".strip() if len(a.header) > 1 else label
            if prefix:
                full = f"{prefix}: {full}"
            pair = _pair(full, name or a.metric, base_row.cells[column], new_row.cells[column],
                         context=context, names=(name, base_row.label, a.metric), grid_unit=a.unit)
            if pair:
                pairs.append(pair)
    return pairs


def _column_name(name: str, column: int) -> str:
    """A value column's name for a comparison's label: its header, or its place when none is printed
    (two unnamed columns of one row must not read as one comparison twice)."""
    return name or f"column {column + 1}"


def same_shape(a: Grid, b: Grid) -> bool:
    """Whether two grids are the same table printed for two configurations."""
    return _same_shape(a, b)


def reported_change(row: GridRow) -> float | None:
    """A change the row prints in parentheses beside a value ("5269678 (+3%)"), or None."""
    for cell in row.cells:
        match = _REPORTED_CHANGE_RE.search(cell.text)
        if match:
            return float(match.group(1))
    return None
