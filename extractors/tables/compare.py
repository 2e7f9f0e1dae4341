"""Decide what a table compares, from its own structure, and pair its baseline and patched numbers.

A grid of numbers is evidence only when it compares configurations: a single run of a tool, a list of
counters, /proc output or a per-CPU breakdown compares nothing and is not a benchmark table. What is
compared shows in one of four places, tried in this order:
1. the reader knows it from the tool's layout (LKP, mmtests: `Grid.roles`);
2. the columns name configurations — kernels, settings, "base"/"patched", "w/o"/"w/" — in one header
   line, or in a group header over metric columns ("Current" over "Throughput | CPU time");
3. the rows name configurations ("base 10 33365 ..." / "patched 10 34388 ..."), the tool compares every
   row with a reference row (ministat's first data set), or the same metric is printed twice in a row
   under a sentence saying which run is which;
4. the same grid is printed once per configuration, each under a caption (`siblings`: "BASE" / "PATCHED",
   "without the fix:" / "with the fix:", "x Disabled" / "+ Enabled"): rows pair up by label, else by
   position (runs, samples).
What names a setup, in columns or rows, is read by `extractors.tables.setups`. Which side is the
baseline comes from the words that name it (`extractors.vocab.configurations`), else from the order
(the unchanged kernel is printed first). A side printed as one line each (a `before:` line and an
`after:` line, one fio summary per kernel) is an inline result, not a table.
"""

from __future__ import annotations

import dataclasses
import re

from extractors.model import Cell, Comparison, Grid, Value
from extractors.tables.captions import workloads_apart
from extractors.tables.change_rows import all_print_changes, prints_a_change, rows_before_changes
from extractors.tables.header_lines import same_metric
from extractors.tables.listing_grids import (counts_failures, flags_only, has_identifiers, numbered_instances,
                                             traces_events)
from extractors.tables.pairing import (ORDER_RE, UNIT_IN_HEADER_RE, Found, Part, adds_to, as_results, caption_metric,
                                       change_only, column_kind, column_name, found, grid_column_kind, pair_cells,
                                       reported_in, row_kind, stated_in_header, swept_parameter, unsided,
                                       without_cell_parts)
from extractors.tables.references import compared_by_change, reference_column, reference_row
from extractors.tables.setups import (described_baselines, fields_of_code, fields_of_one_struct, group_levels,
                                      kernels_or_setting, measures_apart, metric_under_two_setups, metrics_at_setting,
                                      named_apart, negated_pairs, older_release, one_metric_under_names,
                                      setups_in_row_blocks, setups_side_by_side, side_name, side_stem, sides_again,
                                      sides_of_repeated_runs, two_setups_over_a_sweep, unpatched_column,
                                      variants_of_one_thing, without_shared_unit)
from extractors.tables.sweeps import names_a_parameter
from extractors.vocab.comparisons import DESCRIBING_BASELINE_WORDS
from extractors.vocab.configurations import SPREAD_RE
from extractors.vocab.metrics import LABEL_VALUE_RE, METRIC_RE, SUMMARY_RE, SYMBOL_COLUMN_RE, WORKLOAD_RE
from extractors.vocab.units import MEASURED_DIMENSIONS, dimension_of, lookup_unit

# Words in the text around a grid saying that it compares: "vs", "compared", "before/after", "is improved" ...
_COMPARING_RE = re.compile(r"(?i)\b(?:vs\.?|versus|compared?|comparison|before|after|with(?:out)?|w/o|w/|patch(?:ed|es|"
                           r"set)?|base(?:line)?|unpatched|vanilla|stock|mainline|improved|faster|slower)\b")
# A row printing each column's change against a run the table does not show ("vs tip"): no measurement.
_AGAINST_ROW_RE = re.compile(r"(?:^|\s)(?:vs\.?|versus)\s+\S+$", re.I)
_DATE_RE = re.compile(r"\d{4}-\d\d-\d\d|\d\d:\d\d")
# A row named by a figure and its unit ("512-byte", "4K", "64 KB"): a point of a series, not a setup.
_POINT_RE = re.compile(r"\d[\d.,]*\s*-?\s*[A-Za-z]+:?")
_MAX_NAME_WORDS = 6  # words a column's name may have: more is a line of prose over the numbers, no setup's name
# Rows that may be setups beside a baseline row: a setting's name and value ("defer10") is one, not an instance.
_SETUP_KINDS = ("unknown", "config", "instance")


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
                pair = pair_cells(row.label, metric, row.cells[b], row.cells[p], reported=reported, context=context,
                                  names=(row.label, grid.metric, grid.header[b], grid.header[p]), grid_unit=grid.unit,
                                  grid_direction=grid.higher_is_better, significant=significant)
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


def _by_columns(grid: Grid, context: str) -> tuple[list[Comparison], str | None, str | None]:
    """Pairs of a grid whose columns name configurations; (pairs, baseline name, patched name)."""
    grouped = group_levels(grid) or metrics_at_setting(grid)
    if grouped is not None:
        configs, metrics = grouped
        names = [n for n in dict.fromkeys(configs) if n]
        if len(names) < 2:
            return [], None, None
        negated = negated_pairs(names)
        base = names[negated[0][0]] if negated else next((n for n in names if column_kind(n) == "baseline"), names[0])
        targets = [n for n in names if n != base]
        pairs = []
        settings = [i for i, (config, metric) in enumerate(zip(configs, metrics))
                    if not config and metric and column_kind(metric) == "parameter"]
        # the baseline's columns compared: a mean's "ci(+/-)" or "stddev" under each setup is how far off it may be
        compared = [(i, metric) for i, (config, metric) in enumerate(zip(configs, metrics))
                    if config == base and column_kind(metric) not in ("spread", "change")]
        for row in grid.rows:
            if not _measures(row.label):
                continue
            # "randread iodepth 64 numjobs 16": the settings printed beside the groups name the row too
            label = " ".join([row.label] + [f"{metrics[i]} {row.cells[i].text}" for i in settings]).strip()
            for i, metric in compared:
                for j, (other, other_metric) in enumerate(zip(configs, metrics)):
                    if other in targets and same_metric(other_metric, metric):
                        pair = pair_cells(label, metric if len(targets) == 1 else f"{other} {metric}",
                                          row.cells[i], row.cells[j],
                                          context=context, names=(metric, row.label), grid_unit=grid.unit,
                                          grid_direction=grid.higher_is_better)
                        if pair:
                            pairs.append(pair)
        return pairs, base, targets[0] if targets else None
    if grid.reader == "keyed":
        return [], None, None  # keys name the fields of a line, never a configuration
    alike = one_metric_under_names(grid)
    names = tuple(map(without_cell_parts, grid.header_rows[0] if alike else without_shared_unit(grid.header)))
    kinds = [grid_column_kind(grid, i, names[i]) for i in range(len(grid.header))]
    for i in metric_under_two_setups(list(names), kinds) or ():
        kinds[i] = "config"  # "IOPS (IRQ mode) | IOPS (poll mode) | diff": one metric in two setups
    for i in sides_of_repeated_runs(list(names), kinds) or ():
        kinds[i], kinds[i + 1] = "baseline", "patched"  # "A  B  gain  A  B  gain": each run its own comparison
    configs = [i for i, k in enumerate(kinds) if k in ("baseline", "patched", "config", "unknown") and names[i]
               and len(names[i].split()) <= _MAX_NAME_WORDS]
    if not configs and (compared := compared_by_change(grid, kinds, names)):
        configs = compared  # "1.836  1.148  +37%", "Combined(ns) | Separate(ns) | Saved": the change says so
        kinds = ["config" if i in compared and k == "metric" else k for i, k in enumerate(kinds)]
    reference = reference_column(grid, configs)
    # every other column prints its change against one: they are setups, whatever their names read as ("menu |
    # teo | teo-util-aware", "util" a metric's word); so are two columns of one setting ("latency 0 | latency 19")
    metric_named = [i for i, k in enumerate(kinds)
                    if k == "metric" and names[i] and len(names[i].split()) <= _MAX_NAME_WORDS]
    widened = reference_column(grid, sorted(configs + metric_named)) if metric_named else None
    if widened is not None and reference in (None, widened) or \
            metric_named and not configs and kernels_or_setting([names[i] for i in metric_named]):
        reference = widened if widened is not None else reference
        configs = sorted(configs + metric_named)
        kinds = [k if i not in metric_named else "config" for i, k in enumerate(kinds)]
    negated = negated_pairs([names[i] for i in configs])
    explicit = any(kinds[i] in ("baseline", "patched") for i in configs) or bool(negated) or reference is not None or \
        variants_of_one_thing([names[i] for i in configs]) or alike or kernels_or_setting([names[i] for i in configs]) \
        or two_setups_over_a_sweep(grid, configs, names) or _change_after_two(kinds, configs) \
        or any(_AGAINST_ROW_RE.search(row.label) for row in grid.rows)
    # beside columns that name both sides ("without-patch | with-patch"), a column of settings ("Order",
    # "Size") names the row the way the label does; elsewhere it says the columns are fields of a record
    sided = {kinds[i] for i in configs} >= {"baseline", "patched"}
    settings = [i for i, k in enumerate(kinds) if sided and k in ("parameter", "identifier")]
    others = [k for i, k in enumerate(kinds) if k in ("metric", "instance", "parameter", "identifier")
              and i not in settings]
    if len(configs) < 2 or others or (not explicit and (len(configs) > 2 or not _COMPARING_RE.search(context))):
        return [], None, None  # unnamed columns are as likely fields as configurations, unless the text compares
    if measures_apart([names[i] for i in configs]) or workloads_apart([names[i] for i in configs]):
        return [], None, None  # "MB to boot" / "sec to boot", "mkdir" / "rmdir": two quantities, not two setups
    named_by = [names[i] for i in configs]
    if not explicit and (fields_of_one_struct(named_by) or fields_of_code(named_by)):
        return [], None, None  # "ee_len" / "ee_start": members of one structure dumped, not two setups
    named = [name for name in (unsided(names[i]) for i in configs) if name]
    if named and all(LABEL_VALUE_RE.search(name) for name in named):
        return [], None, None  # "old chunk-id" / "new chunk-id": one label mapped to another, no amounts
    base = next((i for i in configs if kinds[i] == "baseline"), None)
    if base is None and negated:
        base = configs[negated[0][0]]  # "non-zc" beside "zc": the setting off is the baseline
    if base is None:
        # "X" beside "X (with patch)": what the change was added to, whatever else is printed beside them
        base = next((i for i in configs if kinds[i] != "patched" and any(
            kinds[t] == "patched" and adds_to(names[t], names[i]) for t in configs)), None)
    if base is None:
        base = reference  # the column the others print their change against
    if base is None:
        base = unpatched_column(names, configs, kinds)
    targets = [i for i in configs if kinds[i] == "patched" and i != base] or [i for i in configs if i != base]
    change = [i for i, k in enumerate(kinds) if k == "change"]
    spread_of = {i + 1: i for i, k in enumerate(kinds[1:]) if k == "spread" and kinds[i] != "spread"}
    # "base | patched | base | patched" under two groups (two machines, two loads): each patched column
    # is compared with the baseline of its own group, the nearest one to its left
    bases = [i for i in configs if kinds[i] == "baseline"]
    base_of = {t: max((b for b in bases if b < t), default=base) for t in targets} if len(bases) > 1 else {}
    pairs = []
    for row in grid.rows:
        if not _measures(row.label):
            continue
        label = " ".join([row.label] + [f"{grid.header[i]} {row.cells[i].text}" for i in settings]).strip()
        for target in targets:
            own_base = base_of.get(target, base)
            reported = reported_in(row.cells[target])  # "30.1 MB/s(-26.9%)": the change printed beside it
            if change and len(targets) == 1:
                # a change column states delta% when it prints percents; "speedup 1.94", "diff 120" are a
                # ratio and an amount
                value = row.cells[change[0]].value
                percent = value is not None and (value.unit == "%" or "%" in grid.header[change[0]])
                reported = value.value if percent else None
            base_cell = _with_spread(row.cells[own_base], row.cells, spread_of, own_base, grid.header)
            new_cell = _with_spread(row.cells[target], row.cells, spread_of, target, grid.header)
            metric = grid.header[target] if len(targets) > 1 else None
            if base_of and [grid.header[t] for t in targets].count(grid.header[target]) > 1:
                metric = f"group {bases.index(own_base) + 1}"  # the groups' own names are in a header line above
            # the columns' own names come before the words around the table: "zc (tx/s)" says which way
            # is better where the prose says nothing
            pair = pair_cells(label, metric, base_cell, new_cell, reported=reported, context=context,
                              names=(grid.label_header, row.label, grid.metric, grid.header[own_base],
                                     grid.header[target]), grid_unit=grid.unit, grid_direction=grid.higher_is_better)
            if pair:
                pairs.append(pair)
    return pairs, grid.header[base], grid.header[targets[0]] if targets else None


def _describes(base: str, other: str) -> bool:
    """Whether a row's baseline word is an adjective of what it measures ("Current Drive Temperature"
    beside "Drive Trip Temperature"): a word of `DESCRIBING_BASELINE_WORDS` before other words, which the
    row it would be compared with does not share."""
    words = base.lower().split()
    return len(words) > 1 and words[0] in DESCRIBING_BASELINE_WORDS and unsided(base) != unsided(other)


def _measures(label: str) -> bool:
    """Whether a row of a grid whose columns are setups measures them: not a change against another run
    ("vs tip", "diff", "speedup") nor the spread of the row above ("stdev", "hackbench 4 groups stdev")."""
    words = label.split()
    return not (_AGAINST_ROW_RE.search(label) or words and SPREAD_RE.fullmatch(words[-1])
                or row_kind(label) == "change")


def _change_after_two(kinds: list[str], configs: list[int]) -> bool:
    """Whether a change column ("speedup", "diff", "gain") follows exactly two named columns: it prints
    the change from the first to the second, so the two are what the table compares."""
    return len(configs) == 2 and any(kind == "change" and i > configs[1] for i, kind in enumerate(kinds))


def _rows_are_named(grid: Grid) -> bool:
    """Whether the rows, not the columns, name the configurations: a row says baseline and another
    patched (or negates it), while no column header does."""
    kinds = [row_kind(row.label) for row in grid.rows]
    rows = ("baseline" in kinds and "patched" in kinds) or bool(negated_pairs([r.label for r in grid.rows]))
    columns = any(column_kind(name) in ("baseline", "patched") for name in grid.header)
    return rows and not columns


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


def _in_base_unit(value: Value) -> float:
    """A value in its dimension's base unit when its unit is known, else as printed."""
    unit = lookup_unit(value.unit) if value.unit else None
    return value.value * unit.factor if unit is not None else value.value


def _rows_name_setups(grid: Grid, kinds: list[str], context: str) -> bool:
    """Whether unnamed rows are setups measured alike ("libaio", "psync", "io_uring" under "seq IOPS |
    rand IOPS"): the columns name metrics, the labels name neither a metric, a workload nor a
    parameter, each column holds numbers of one magnitude, and there are two rows or the text says it
    compares. A named setting at two values ("max_pgs" 0 and 1024) is two setups too; at more, or when
    it names a load ("Msg sz" 64 and 4096, "threads" 1 and 8), it is a sweep, whose rows are no
    baseline and patched kernel. Spread columns ("Stddev") are not compared. Two rows over the points of
    a swept parameter are two setups too. Rows under an identifier's name ("Device", "CPU") are
    instances, not setups."""
    if len(grid.rows) < 2 or grid.reader == "keyed" or grid.labels_after or not all(row.label for row in grid.rows):
        return False
    if has_identifiers(grid) or SYMBOL_COLUMN_RE.match(((grid.label_header or "").split() or [""])[0]):
        # "Device | IOPS | sys" over "null_blk", "nvme0n1": the rows are where it ran, not setups; "FUNC |
        # COUNT" over function names: the rows are the code it counted
        return False
    setting = grid.label_header and not names_a_parameter(grid.label_header)
    setups = ("unknown", "config", "parameter") if len(grid.rows) == 2 and setting else ("unknown", "config")
    header_kinds = {column_kind(name) for name in grid.header if name}
    statistics = any(SUMMARY_RE.match(name.strip()) for name in grid.header)
    if all(grid.header) and header_kinds <= {"metric", "spread"} and not statistics:
        # the columns are the metrics, so a label that reads like one ("latency", "pid" over "Read |
        # Write") names a setup by what it goes by: a table has its metrics on one side only (columns of
        # statistics, "Min | Max | Avg", are of the metrics the rows name)
        kinds = ["unknown" if k in ("metric", "identifier") else k for k in kinds]
    if any(k not in setups for k in kinds) or any(
            WORKLOAD_RE.search(r.label) or _DATE_RE.search(r.label) or _POINT_RE.fullmatch(r.label.strip())
            for r in grid.rows):
        return False
    # two rows over the points of a sweep ("1 | 2 | 1000" connections): two setups measured at each point
    sweep = len(grid.rows) == 2 and swept_parameter(grid, [column_kind(name) for name in grid.header]) is not None
    # named columns with every cell in a unit of what is measured ("2m11s"): measured, whatever their names
    timed = all(grid.header) and all(c.value is not None and dimension_of(c.value.unit) in MEASURED_DIMENSIONS
                                     for row in grid.rows for c in row.cells)
    if not sweep and ("metric" not in header_kinds and not timed or header_kinds - {"metric", "unknown", "spread"}):
        return False
    if len(grid.rows) > 2 and not _COMPARING_RE.search(context):
        return False
    alike = 0
    for column in range(len(grid.header)):
        # in one scale: "725 MB/s" beside "1.1 GB/s" is of one magnitude
        values = [abs(_in_base_unit(r.cells[column].value)) for r in grid.rows if r.cells[column].value is not None]
        if len(values) >= 2 and min(values) > 0 and max(values) / min(values) <= 10:
            alike += 1
    return alike * 2 > len(grid.header)


def _by_rows(grid: Grid, context: str) -> tuple[list[Comparison], int | None, list[int]]:
    """Pairs of a grid whose rows name configurations, column by column; (pairs, base row, targets)."""
    labels = [row.label for row in grid.rows]
    kinds = described_baselines(labels, [row_kind(label) for label in labels])
    base_rows = [i for i, k in enumerate(kinds) if k == "baseline"]
    new_rows = [i for i, k in enumerate(kinds) if k == "patched"]
    negated = negated_pairs(labels)
    if negated and len(set(labels)) == len(labels):  # a name printed twice is told apart by another column
        return _pairs_of_rows(grid, context, negated), negated[0][0], [negated[0][1]]
    if len(base_rows) == len(new_rows) > 1 and [side_stem(labels[i]) for i in base_rows] == \
            [side_stem(labels[i]) for i in new_rows]:
        # each run printed for both sides, its side named in its label ("nowait-off-1" ... "nowait-on-1"
        # ...): the i-th run of one side against the i-th of the other
        return _pairs_of_rows(grid, context, list(zip(base_rows, new_rows))), base_rows[0], new_rows[:1]
    if (followers := sides_again(labels, base_rows)) is not None:
        # the same two setups printed again for each device or load ("Base: 243" / "Mine: 759", then
        # "Base: 368" / "Mine: 1634"): each baseline row against the row right after it
        return _pairs_of_rows(grid, context, list(zip(base_rows, followers))), base_rows[0], followers[:1]
    if base_rows:
        base = base_rows[0]
        # every row whose change against the baseline is printed ("bad | -19.73%" beside "fix") is compared with it
        changes = [c for c in range(len(grid.header)) if grid_column_kind(grid, c) == "change"]
        printed = {i for i, row in enumerate(grid.rows) if any(row.cells[c].value is not None for c in changes)}
        targets = sorted((set(new_rows) | printed) - {base}) if new_rows else [
            i for i in range(len(grid.rows)) if i != base and kinds[i] in _SETUP_KINDS
            and _measured_alike(grid, base, i) and not _describes(labels[base], labels[i])]
    elif len(new_rows) == 1 and len(grid.rows) == 2:
        base, targets = 1 - new_rows[0], new_rows
    elif len(extensions := [(i, j) for i in range(len(labels)) for j in range(len(labels))
                            if adds_to(labels[j], labels[i])]) == 1 and set(new_rows) <= set(extensions[0]):
        # one row is another with something added ("v6.6 + fix" under "v6.1", "v6.6"; "cold cache +
        # prefetch" under "cold cache"; "v9 patches + readahead" under "v9 patches"): compared with what it extends
        base, targets = extensions[0][0], [extensions[0][1]]
    elif (reference := grid.reference_row if grid.reference_row is not None else reference_row(
            grid, [c for c in range(len(grid.header)) if grid_column_kind(grid, c) == "change"])) is not None:
        # the tool compares every row with this one, or every other row prints its change against it
        base, targets = reference, [i for i in range(len(grid.rows)) if i != reference]
    elif len(grid.rows) == 2 and labels[0] and labels[0] == labels[1] and ORDER_RE.search(context):
        base, targets = 0, [1]  # the same metric twice under "without/with the fix:"
    elif (older := older_release(labels)) is not None and \
            all(_measured_alike(grid, older, i) for i in range(len(grid.rows)) if i != older):
        base, targets = older, [i for i in range(len(grid.rows)) if i != older]  # releases: "5.8.18", "5.9.11"
    elif _one_run(grid):
        return [], None, []  # a tool's single run: its rows are its own tests, not setups
    elif len(grid.rows) == 2 and named_apart(labels[0], labels[1]):
        base, targets = 0, [1]  # "teo average power: 16.38 W" / "rjw average power: 4.29 W": two setups
    elif _rows_name_setups(grid, kinds, context):
        base, targets = 0, list(range(1, len(grid.rows)))  # setups in rows, the first one printed first
    else:
        return [], None, []
    if not targets:
        return [], None, []
    pairs = []
    column_kinds = [grid_column_kind(grid, column) for column in range(len(grid.header))]
    sweep = swept_parameter(grid, column_kinds)
    unit_names = _unit_names(grid.rows[base])
    for target in targets:
        for column, name in enumerate(grid.header):
            kind = column_kinds[column]
            if kind == "change" or name and kind in ("spread", "parameter", "identifier") and sweep is None:
                continue
            metric = None if sweep is not None else name or None
            if sweep is not None:
                label = f"{sweep} {name}".strip()
            elif len(grid.header) > 1:
                label = column_name(name or unit_names[column], column)
            else:
                label = labels[base] if labels[base] == labels[target] else "" if len(targets) > 1 \
                    else UNIT_IN_HEADER_RE.sub("", name).strip()  # "time [pct imp]": the metric, bare
            if len(targets) > 1:
                label = f"{grid.rows[target].label} {label}".strip()
            pair = pair_cells(label, metric, grid.rows[base].cells[column], grid.rows[target].cells[column],
                              context=context, names=(metric, grid.metric, labels[0]), grid_unit=grid.unit,
                              grid_direction=grid.higher_is_better,
                              reported=reported_in(grid.rows[target].cells[column]))
            if pair:
                pairs.append(pair)
    return pairs, base, targets


def _unit_names(row) -> list[str]:
    """What each value of a row is, by its unit, for columns printed without a name ("80999 request/sec,
    80999 response/sec"): "" for every column when a value has no unit or two share one."""
    units = [cell.value.unit if cell.value is not None else "" for cell in row.cells]
    named = [unit for unit in units if unit is not None]
    return units if None not in units and len(set(named)) == len(named) else [""] * len(units)


def _one_run(grid: Grid) -> bool:
    """Whether a tool's reader marked every column a measurement of one run (no baseline or patched
    column): rows it labels are the tool's own tests or metrics, never configurations."""
    return bool(grid.roles) and "metric" in grid.roles and set(grid.roles) <= {"metric", "config", "ignore"}


def _setup_name(grid: Grid, label: str) -> str:
    """A row's setup as a reader names it: a bare value with the setting it is a value of ("max_pgs 0")."""
    return f"{grid.label_header} {label}" if grid.label_header and row_kind(label) == "parameter" else label


def _measured_alike(grid: Grid, base: int, row: int) -> bool:
    """Whether a row after the baseline's is another setup measured alike ("stock: 4231237" then
    "0-check: 5944063"): numbers of one magnitude. Fields of one record ("Rate: 100", "Base lid: 1",
    "LMC: 0"; "Current LE  17920" among "# open  1", "LV Size  70.00 GiB") share neither the order nor the scale."""
    if grid.reader == "keyed" and base != 0:
        return False  # key=value lines print the reference first; a column table may print it last
    pairs = [(a.value.value, b.value.value) for a, b in zip(grid.rows[base].cells, grid.rows[row].cells)
             if a.value is not None and b.value is not None]
    return bool(pairs) and all(x > 0 and y > 0 and max(x, y) / min(x, y) <= 10 for x, y in pairs)


def _pairs_of_rows(grid: Grid, context: str, rows: list[tuple[int, int]]) -> list[Comparison]:
    pairs = []
    column_kinds = [grid_column_kind(grid, column) for column in range(len(grid.header))]
    settings = [c for c, kind in enumerate(column_kinds) if kind == "parameter" and grid.header[c]]
    for base, target in rows:
        label = " ".join(w for w in grid.rows[target].label.split())
        point = " ".join(f"{grid.header[c]} {grid.rows[target].cells[c].text}" for c in settings
                         if grid.rows[base].cells[c].text == grid.rows[target].cells[c].text)
        label = f"{label} {point}".strip()  # "on QD 4": the point of a sweep both rows were measured at
        for column, name in enumerate(grid.header):
            if column_kinds[column] in ("change", "spread") or column in settings:
                continue  # what the row prints about its own numbers or its setting, not a quantity of that setup
            metric = name or None
            full = f"{label} {column_name(name, column)}" if len(grid.header) > 1 else label
            pair = pair_cells(full, metric, grid.rows[base].cells[column], grid.rows[target].cells[column],
                              context=context, names=(metric, grid.metric), grid_unit=grid.unit,
                              grid_direction=grid.higher_is_better,
                              reported=reported_in(grid.rows[target].cells[column]))
            if pair:
                pairs.append(pair)
    return pairs


def compare_grid(part: Part, context: str) -> Found | None:
    """What one grid compares by itself, or None when it compares nothing on its own."""
    grid = part.grid
    if counts_failures(grid) or numbered_instances(grid) or traces_events(grid) or flags_only(grid):
        return None
    context = " ".join(filter(None, (stated_in_header(grid.header), context, part.caption, grid.caption)))
    if grid.metric is None and part.caption:  # "cpu" or "LATENCY(us):" over its rows: what they measure
        named = part.caption.strip(" :")
        metric = named if METRIC_RE.fullmatch(named) else caption_metric(part.caption)
        grid = dataclasses.replace(grid, metric=metric) if metric else grid
    if set(grid.roles) == {"setups"}:
        return found("table", (part,), [], None, None, grid, context)  # implementations timed: no baseline
    if grid.roles:
        pairs = _by_reader_roles(grid, context)
        if pairs:
            base_name, new_name = (grid.header[grid.roles.index(side)] if side in grid.roles else None
                                   for side in ("baseline", "patched"))
            return found("table", (part,), pairs, base_name, new_name or None, grid)
    pairs, base_name, new_name = ([], None, None) if _rows_are_named(grid) else _by_columns(grid, context)
    if len(grid.rows) == 1 and pairs and all(p.baseline_text == p.patched_text and p.baseline_text.isdigit()
                                             for p in pairs):
        return None  # "vm.page-cluster  2  2  2" over a table's rows: one whole number everywhere is a setting
    if pairs:
        # one row is a statement; under column names the author drew it as a table, one row long
        kind = "result" if len(grid.rows) == 1 and not any(grid.header) else "table"
        return found(kind, (part,), as_results(pairs) if kind == "result" else pairs, base_name, new_name, grid, context)
    if (by_changes := rows_before_changes(grid, context)) is not None:  # "accel | software | ratio" rows
        return found("table", (part,), *by_changes, grid, context)
    changes = change_only(grid, context)
    if changes and all(c.value is None or c.value.unit == "%" for row in grid.rows for c in row.cells) and \
            not any(row_kind(row.label) in ("baseline", "patched") for row in grid.rows):
        return found("table", (part,), [], None, None, grid, context)  # rows of nothing but changes are no setups
    pairs, base_row, targets = _by_rows(grid, context)
    if pairs:
        base_label, new_label = (side_name([row.label for row in grid.rows], grid.rows[i].label) or
                                 _setup_name(grid, grid.rows[i].label) for i in (base_row, targets[0]))
        one_value = len(grid.header) == 1 and len(grid.rows) == 2
        apart = named_apart(base_label, new_label)
        # one side named as a side, two setups named apart, or the change printed beside the other side
        # ("teo: 69.72 W" / "clv2: 72.91 W +4.6%"): one statement, however it is laid out
        stated = row_kind(base_label) in ("baseline", "patched") or apart or \
            one_value and prints_a_change(grid.rows[targets[0]])
        if apart:  # "epoll_server: Speed" / "uring_server: Speed": the setups are the first words
            base_label, new_label = (label.split()[0].rstrip(":") for label in (base_label, new_label))
        kind = "result" if one_value and stated else "table"
        return found(kind, (part,), pairs, base_label, new_label, grid, context)
    if changes or setups_side_by_side(grid) or setups_in_row_blocks(grid) or all_print_changes(grid):
        return found("table", (part,), [], None, None, grid, context)
    return None
