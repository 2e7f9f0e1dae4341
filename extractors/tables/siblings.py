"""Tables printed once per configuration: the same grid under a caption per run ("BASE" / "PATCHED",
"without the fix:" / "with the fix:", "x Disabled" / "+ Enabled"). Rows pair up by label, else by
position (runs, samples); which grid is the baseline comes from the captions' words, else from the order.
"""

from __future__ import annotations

import dataclasses
import re

from extractors.blocks import has_columns
from extractors.model import Comparison, Grid, GridRow
from extractors.readers import TOOL_NAMES
from extractors.tables.captions import (MAX_NAME_WORDS, files_apart, is_sentence, load_points, measures_apart,
                                        names_a_quantity, one_setup, places_apart, records_apart, settings_apart,
                                        switched_off, workloads_apart)
from extractors.tables.listing_grids import (counts_failures, flags_only, has_identifiers, numbered_instances,
                                             traces_events)
from extractors.tables.pairing import (ORDER_RE, Found, Part, adds_to, as_results, change_only, column_kind, column_name,
                                       found, grid_column_kind, pair_cells, reported_in, row_kind, swept_parameter,
                                       unsided, with_spreads)
from extractors.tables.setups import fields_of_one_struct, side_name
from extractors.verdicts import stated_effect
from extractors.vocab.configurations import BASELINE_RE, KERNEL_NAME_RE, PATCHED_RE, WITH_CHANGE_RE, WITHOUT_CHANGE_RE
from extractors.vocab.units import MEASURED_DIMENSIONS, lookup_unit

# "on" before what a run ran on ("dev on gcc 15.2.1", "patch on x86"): a place, not a switch turned on
# ("polling on", "thp: on"), which ends its caption or stands before a mark.
_WHERE_RE = re.compile(r"\bon\s+(?=[\w/])", re.I)

# A commit named by its id and the title quoted after it ("4cbfd3de73 (\"workqueue: Call ...\")"): a name,
# whose words are not the caption's.
_COMMIT_NAME_RE = re.compile(r"\b(?=[0-9]*[a-f])[0-9a-f]{7,40}\b|\(\s*\"[^\"]*\"\s*\)")
# The mark of an item of a list ("- ", "* ", "2) ") before a caption: no word of it.
_BULLET_RE = re.compile(r"^\s*(?:[-*+\u2022]|\d{1,2}[.)])\s+")

# A conjunction before a caption's first word: "and with zerocopy enabled:" still opens with "with".
_CONJUNCTION_RE = re.compile(r"^\W*(?:and|but|then|now|so)\s+", re.I)


# A change told across two captions, "from:" ending the first and "to" standing alone over the second.
_FROM_RE = re.compile(r"\bfrom\s*:?\s*$", re.I)
_TO_RE = re.compile(r"^\s*(?:and\s+|\.\.\.\s*)?to\s*:?\s*$", re.I)


def caption_side(caption: str | None) -> str | None:
    """"baseline" or "patched" when a caption names its run's side, else None."""
    if not caption:
        return None
    caption = _COMMIT_NAME_RE.sub(" ", _BULLET_RE.sub("", caption))
    if caption.strip(" :").lower() == "w":
        return "patched"  # "w/o" over one run, "w" over the other: "with" cut as short as its opposite
    if _FROM_RE.search(caption):
        return "baseline"  # "... improves performance from:" over the runs before, "to" over the runs after
    if _TO_RE.match(caption):
        return "patched"
    if WITHOUT_CHANGE_RE.search(caption):
        return "baseline"
    if WITH_CHANGE_RE.search(caption):
        return "patched"
    if len(caption.split()) > MAX_NAME_WORDS:
        return None  # a sentence ("Tested it with link-of-nops:"): its "with" names the setup, not the side
    caption = _WHERE_RE.sub(" ", caption)
    base, new = BASELINE_RE.search(caption), PATCHED_RE.search(caption)
    if base and not new:
        return "baseline"
    if new and not base:
        return "patched"
    if base and new and new.group().lower() in ("with", "w/") and \
            caption[new.end():base.start()].strip().lower() in ("", "the", "a", "an"):
        return "baseline"  # "With the original kernel:", "w/ stock": run on the baseline
    if base and new:
        # "without patch", "before patch": a word that sets the change aside, then the change's name; set
        # apart by a column gap, the two are the names of two columns ("Before    After    Symbol")
        return "baseline" if base.start() < new.start() and base.group().lower() in _SETS_ASIDE and \
            not has_columns(caption[base.start():new.end()]) else None
    return None


def added_to(caption: str | None, captions: list[str | None]) -> bool:
    """Whether a caption naming a run's side patched adds a change to this one ("6.9-rc2 with this series:" to
    "6.9-rc2:"): this one is the baseline, although it names no side itself."""
    return any(caption_side(other) == "patched" and adds_to(other, caption) for other in captions)


def _has_a_feature(caption: str | None) -> bool:
    """Whether a caption names a thing and what it has ("emmc with cqe"): a bare "with" after other words
    and no stronger word for the change ("Kernel with the patch" is one)."""
    if not caption or WITH_CHANGE_RE.search(caption):
        return False
    caption = _WHERE_RE.sub(" ", _CONJUNCTION_RE.sub("", caption))
    new = PATCHED_RE.search(caption)
    return new is not None and new.group().lower() in ("with", "w/") and bool(caption[:new.start()].strip(" -*+:"))


# Baseline words that name the kernel by the change it lacks or precedes, so that the change's name
# after them ("before patch", "w/o series") still says the baseline.
_SETS_ASIDE = frozenset({"without", "w/o", "wo", "before", "pre", "prev", "previous"})


# A field reached through a pointer, as a program prints its values ("cqe->res = 1"): no setup's name
# ("STRIPE_SIZE = 64KB" is one).
_ASSIGNMENT_RE = re.compile(r"\w->\w")


def _signed_shares(grid: Grid, signed: bool = True) -> bool:
    """Whether every value of a grid is a signed percentage ("Outcome: +17.8%"): changes each run
    states against its own baseline, which two runs' changes are not to each other. Unsigned too
    (`signed` False) under captions that name conditions ("Hot caches:" / "Cold caches:" over "fork
    2.3%"): the gains of one change under each."""
    values = [cell.value for row in grid.rows for cell in row.cells if cell.value is not None]
    return bool(values) and all(v.unit == "%" and (v.signed or not signed) for v in values)


def _one_word_apart(words: list[list[str]]) -> bool:
    """Whether captions differ in one word only, a word of letters in each ("Hot" / "Cold"), not a figure."""
    places = places_apart(words)
    return places is not None and len(places) == 1 and all(w[places[0]].strip(":").isalpha() for w in words)


def _names_a_kernel(caption: str | None) -> bool:
    """Whether a word of a caption is a kernel's version or commit id ("6.5.0-rc5:", "v6.1")."""
    return any(KERNEL_NAME_RE.match(word.strip(":,()")) for word in (caption or "").split())


def same_shape(a: Grid, b: Grid) -> bool:
    """Whether two grids are one table printed twice: one reader, the same columns, and rows of the
    same names where they are named. Keys printed one per line name the fields of a record, and a
    tool prints the same ones each time (it may leave one out): a key of its own makes another record
    ("desired_max / logres" against "logres / max_awu"). Row labels of a table may be the points a run reached ("211"
    jobs in one run, "213" in the other): most of them are shared."""
    if a.reader != b.reader or len(a.header) != len(b.header):
        return False
    if any(a.header) and any(b.header) and [name.replace(" ", "") for name in a.header] != \
            [name.replace(" ", "") for name in b.header]:  # "usr time" and "usrtime" name one column
        return False
    labels_a, labels_b = {r.label for r in a.rows}, {r.label for r in b.rows}
    if not (any(labels_a) and any(labels_b)):
        return True
    if a.reader == "keyed" and a.header == ("",):  # one key per line: the keys are the record's fields
        return labels_a <= labels_b or labels_b <= labels_a
    if labels_a & labels_b:
        return True
    if min(len(labels_a), len(labels_b)) >= 2 and \
            {_words_of(label) for label in labels_a} & {_words_of(label) for label in labels_b}:
        return True  # rows of the same words punctuated otherwise ("cmac(aes)" / "cmac-aes")
    # "nowait-off-1.fio" over "nowait-on-1.fio": the same rows, each run naming its side in every label
    sides_a, sides_b = _rows_side(a), _rows_side(b)
    return bool(sides_a and sides_b and sides_a != sides_b
                and any(_named_alike(x, y) for x in labels_a for y in labels_b))


def _rows_side(grid: Grid) -> str | None:
    """"baseline" or "patched" when every row of a grid names that side ("nowait-off-1.fio", ...), else None."""
    kinds = {row_kind(row.label) for row in grid.rows}
    return kinds.pop() if len(kinds) == 1 and kinds <= {"baseline", "patched"} else None


def adds_change(first: Grid, later: Grid) -> bool:
    """Whether a later run's grid is the first run's with change columns appended ("usec | QPS" over
    the baseline's rows, then "usec | QPS | Diff" over each other run's): a run printed with its change
    against the first run, which it is a sibling of. Unnamed, the appended columns are percentages where the
    first run printed none ("2.520M/s  < 20% speed up" under the rows of "2.100M/s")."""
    width = len(first.header)
    if first.reader != later.reader or len(later.header) <= width or later.header[:width] != first.header:
        return False
    if not any(first.header):
        return not any(_percentages(first, i) for i in range(width)) and \
            all(_percentages(later, i) for i in range(width, len(later.header)))
    return all(grid_column_kind(later, i) == "change" for i in range(width, len(later.header)))


def _percentages(grid: Grid, column: int) -> bool:
    """Whether a column holds figures, every one of them a percentage."""
    values = [row.cells[column].value for row in grid.rows if row.cells[column].value is not None]
    return bool(values) and all(value.unit == "%" for value in values)


def compare_siblings(parts: list[Part], context: str) -> list[Found]:
    """Pairs of two or more grids of the same shape, one per configuration: one table, or one per
    baseline when each patched run has a baseline of its own; none when they compare nothing."""
    if len(parts) < 2:
        return []
    sides = [caption_side(p.caption or p.grid.caption) for p in parts]
    captions = [p.caption or p.grid.caption for p in parts]
    own = [p.grid.caption for p in parts]
    if not any(sides) and all(own) and len(set(own)) == len(own):
        # each grid opens with a name of its own ("- qemu-nbd (make test ...)" over its rows): nearer
        # than any line above it, which may be a sentence or a row the grid left out
        captions, sides = own, [caption_side(c) for c in own]
    if one_setup(captions) or load_points(captions) or workloads_apart(captions) or measures_apart(captions):
        return []
    if "baseline" not in sides:
        # "emmc with cqe" beside "nvme": what a device has, not the change, unless another run is without it
        sides = [None if side == "patched" and _has_a_feature(c) else side for side, c in zip(sides, captions)]
    if len(set(sides)) == 1:
        sides = [None] * len(parts)  # every caption names the same side ("tests with 512 / with 1024 buffers")
    row_sides = [_rows_side(p.grid) for p in parts]
    if not any(sides) and all(row_sides) and len(set(row_sides)) > 1:
        sides = row_sides  # every row of a run names its side: "nowait-off-1.fio" ... / "nowait-on-1.fio" ...
    elif not any(sides) and any(row_kind(row.label) in ("baseline", "patched") for p in parts for row in p.grid.rows):
        return []  # "with patchset" the row of every run: the runs are one side in setups of their own
    # runs whose captions differ in one word and name no side or kernel ("Hot caches:" / "Cold caches:")
    # are conditions, and percentages under them the change in each
    conditions = not any(sides) and not any(map(_names_a_kernel, captions)) and all(captions) and \
        _one_word_apart([c.split() for c in captions])
    # the same instances ("md0", "sd*" under "Device") in runs captioned as each side: each measured before and after
    instances_per_side = {"baseline", "patched"} <= set(sides) and \
        len({tuple(row.label for row in p.grid.rows) for p in parts}) == 1
    if any(has_identifiers(p.grid) and p.grid.reader not in TOOL_NAMES and not instances_per_side
           or numbered_instances(p.grid)
           or counts_failures(p.grid) or traces_events(p.grid) or _signed_shares(p.grid, not conditions)
           or _spread_only(p.grid)
           or fields_of_one_struct(list(p.grid.header))
           or change_only(p.grid) and not adds_change(parts[0].grid, p.grid) for p in parts) \
            or flags_only(*(p.grid for p in parts)):
        # per-CPU rows, failure counts, spreads, or a table that prints its own change (a tool's own
        # instances, cyclictest's threads, are the same thread in each run)
        return []
    if "baseline" in sides:
        base = sides.index("baseline")
    elif "patched" in sides:
        unpatched = [i for i, s in enumerate(sides) if s != "patched"]
        if len(parts) > 2 and not any(captions[i] for i in unpatched):
            return []  # runs at several loads, one captioned as the patched kernel's: none is named its base
        patched = [captions[i] for i, s in enumerate(sides) if s == "patched"]
        # "v6.6" under "v6.6 + this series": the run the change was added to, not an older kernel before it
        base = next((i for i in unpatched if any(adds_to(p, captions[i]) for p in patched)),
                    unpatched[0] if unpatched else None)
    elif (settings := settings_apart(captions)) is not None:
        off = switched_off(settings[0]) if len(settings) == 1 else None
        if off is None:
            return []  # "dd ... bs=1M", "dd ... bs=4M": a sweep of settings, no baseline among its points
        base, captions = off, settings[0]  # "..., parent=1" and "..., parent=0": the run with the feature off
    elif all(captions) and len({" ".join(c.split()) for c in captions}) == len(captions) \
            and not all(map(names_a_quantity, captions)) \
            and not files_apart(captions) and not (records_apart(captions) and not _measured(parts)) \
            and all(any(ch.isalpha() for ch in c) or _names_a_kernel(c) for c in captions) \
            and not any(is_sentence(c) or _ASSIGNMENT_RE.search(c) for c in captions):
        # each run named by its own caption (the same words spaced otherwise are the same caption), the
        # unchanged kernel printed first (numbers name none, but a release's); a tool's run header ("Benchmark 1: cmd
        # (serial)") names the command each run ran, not a record of a listing
        base = 0
    elif len(parts) == 2 and (ORDER_RE.search(context or "") or parts[1].rerun and _measured(parts)):
        # "without and with the patch:" above two unnamed runs, or a benchmark run again after a change (a dump run
        # again, "dumpe2fs", shows what the change did, not its cost): named by that order, not the words above each
        base, captions = 0, [None, None]
    else:
        return []
    if base is None:
        return []
    if not any(sides) and len(parts) == 2 and not parts[1].rerun and \
            _against_the_text(_pair_rows(parts[base].grid, parts[1 - base].grid, context), context):
        # two runs whose captions name no side, printed in an order the text above contradicts ("a 80% increase"
        # over a first run twice as fast): the text says which is the change (a run made after one stays second)
        base = 1 - base
    targets = [i for i, s in enumerate(sides) if s == "patched" and i != base] or \
              [i for i in range(len(parts)) if i != base]
    pairs = []
    base_grid = parts[base].grid
    if len(base_grid.header) > 1 and not any(base_grid.header) and not any(r.label for r in base_grid.rows):
        return []  # columns without names in rows without labels: nothing says what each number measures
    bases = [i for i, s in enumerate(sides) if s == "baseline"] or _unnamed_bases(captions, sides)
    compared_rows = set()
    own_bases = {target: _counterpart(captions, bases, target) if len(bases) > 1 and sides[target] == "patched"
                 else base for target in targets}
    groups: dict[int, list[int]] = {}  # baseline run -> the patched runs measured against it
    for target in targets:
        groups.setdefault(own_bases[target], []).append(target)
    pairs_of: dict[int, list[Comparison]] = {}
    for target in targets:
        target_pairs = _pair_rows(parts[own_bases[target]].grid, parts[target].grid, context)
        compared_rows |= {p.label.split(" ")[0] if len(base_grid.header) > 1 else p.label for p in target_pairs}
        caption = captions[target] if len(targets) > 1 else None
        if caption:  # several runs compared with the baseline: each pair names its run ("with the fix: 4K read")
            target_pairs = [dataclasses.replace(p, label=f"{caption.rstrip(':')}: {p.label}") for p in target_pairs]
        pairs_of[target] = target_pairs
        pairs.extend(target_pairs)
    if not pairs:
        return []
    # one row compared is a statement, not a table, however the sides were printed; a tool's output is a
    # table, one field compared or several ("lat (usec): min=.., avg=.." once per side), as SCHEMA's blocks are
    single = len(parts) <= _MAX_STATEMENTS and not _names_columns(base_grid) and \
        not _measured(parts) and (
            all(_is_statement(p.grid) for p in parts) or len(compared_rows) <= 1 and len(base_grid.rows) <= 2)
    if single:
        pairs = as_results(pairs)
        if not pairs or all(p.baseline == p.patched for p in pairs):
            return []  # nothing changed between two labelled lines: not a result
    named = [captions[own] for own in groups] + [captions[group[0]] for group in groups.values()]
    if not single and len(groups) > 1 and all(named) and len(set(named)) == len(named):
        # each patched run against a baseline of its own ("patch on gcc" / "dev on gcc", "patch on clang" /
        # "dev on clang"): a table each, named by its own two runs
        tables = [found("table", tuple(parts[i] for i in sorted([own, *group])), [p for t in group for p in pairs_of[t]],
                        captions[own], captions[group[0]], parts[own].grid, context) for own, group in groups.items()]
        return [table for table in tables if table is not None and table.pairs]
    first_base = own_bases[targets[0]]
    base_label, new_label = captions[first_base], captions[targets[0]]
    if base_label == new_label and row_sides[first_base] and row_sides[targets[0]]:
        # each side under the same caption ("data-file"): what each side's rows are all named names it
        names = [side_name([row.label for row in parts[i].grid.rows]) for i in (first_base, targets[0])]
        if all(names):
            base_label, new_label = names
    result = found("result" if single else "table", tuple(parts), pairs, base_label, new_label, base_grid, context)
    return [result] if result is not None else []


def _measured(parts: list[Part]) -> bool:
    """Whether every grid is a benchmark tool's output, which measures what ran."""
    return all(p.grid.reader in TOOL_NAMES for p in parts)


def _unnamed_bases(captions: list[str | None], sides: list[str | None]) -> list[int]:
    """The runs no caption names a side of that patched runs are measured against, two or more: those a
    patched run's caption adds the change to ("584b0180f0:" under "584b0180f0 with my patch:"), else,
    when short names pair each patched run with one unnamed run ("patch on gcc", "dev on gcc", "patch on
    clang", "dev on clang"), every unnamed run; else none (the first unnamed run is the baseline)."""
    unnamed = [i for i, s in enumerate(sides) if s is None]
    patched = [captions[i] for i, s in enumerate(sides) if s == "patched"]
    added = [i for i in unnamed if captions[i] and any(adds_to(p, captions[i]) for p in patched if p)]
    if len(added) > 1:
        return added
    if 1 < len(unnamed) == len(patched) and all(c and len(c.split()) <= MAX_NAME_WORDS for c in captions):
        return unnamed
    return []


def _against_the_text(pairs: list[Comparison], context: str) -> bool:
    """Whether every pair with a verdict goes the other way from the one direction the text around the
    runs states ("a 80% performance increase", "noticeably slower with it")."""
    stated = stated_effect(context)
    verdicts = {pair.verdict for pair in pairs} & {"better", "worse"}
    return stated is not None and len(verdicts) == 1 and verdicts != {"better" if stated else "worse"}


# Runs printed one line each that are still statements ("before: 12.3 s" / "after: 11.1 s" / "with both:
# ..."); more are the rows of a table of runs.
_MAX_STATEMENTS = 3


def _counterpart(captions: list[str | None], bases: list[int], target: int) -> int:
    """The baseline run a patched run is measured against when several are printed ("reads without
    DIM:", "writes without DIM:", then "reads with DIM:", "writes with DIM:"): the one whose caption
    shares most of its other words ("before patch" for "after patch", whose other words are the same
    none, rather than "w/o compression"), the first of them on a tie."""
    words = _words_besides_side(captions[target])

    def shared(base: int) -> float:
        other = _words_besides_side(captions[base])
        return len(words & other) / len(words | other) if words | other else 1.0
    return max(bases, key=lambda base: (shared(base), -base))


def _words_besides_side(caption: str | None) -> set[str]:
    text = caption or ""
    for side_re in (WITHOUT_CHANGE_RE, WITH_CHANGE_RE, BASELINE_RE, PATCHED_RE):
        text = side_re.sub(" ", text)
    return set(re.findall(r"\w+", text.lower()))


def _names_columns(grid: Grid) -> bool:
    """Whether a grid prints a header line naming two or more of its columns: a table, however few its
    rows (stress-ng's one "bogo ops ... bogo ops/s" row, `free`'s "Mem:" under "total used free"), whose
    runs side by side are one table, as `time`'s three lines are. Keys of key=value pairs are no header."""
    return grid.reader != "keyed" and bool(grid.header_rows) and sum(map(bool, grid.header)) >= 2


# The bounds of a run's samples, printed beside its spread: "Min: 108.0, Max: 114.0, StDev: 1.555".
_RANGE_KEYS = frozenset({"min", "max", "minimum", "maximum"})


def _spread_only(grid: Grid) -> bool:
    """Whether a grid of key=value lines prints only how a run varied ("Min: ..., Max: ..., StDev: ..."
    under each run's own line): the spread of the runs printed elsewhere, not runs to compare."""
    keys = [name.strip(" :").lower() for name in grid.header if name]
    return grid.reader == "keyed" and any(column_kind(k) == "spread" for k in keys) and \
        all(column_kind(k) == "spread" or k in _RANGE_KEYS for k in keys)


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


def _words_of(name: str) -> frozenset[str]:
    """The words and numbers of a row name, without its punctuation."""
    return frozenset(re.findall(r"[A-Za-z]+|\d+", name.lower()))


def _named_alike(first: str, second: str) -> bool:
    """Whether two row names name the same row of two runs: alike but for one word each at most, the
    side or the run's number ("poll-off-1" / "poll-on-1", "v6.2 (w/o batching)" / "v6.2 (w/ batching)"), once
    the words naming a side are set aside ("default-off-1" / "on-1")."""
    a, b = _words_of(unsided(first)), _words_of(unsided(second))
    return len(a - b) <= 1 and len(b - a) <= 1


def _settings_differ(header: tuple[str, ...], rows: list[tuple[GridRow, GridRow]]) -> bool:
    """Whether rows paired by place print different values in a column that names a setting ("QD"; a
    column named by a number is a point of a sweep, whose values are results)."""
    settings = [k for k, name in enumerate(header) if column_kind(name) == "parameter" and any(map(str.isalpha, name))]
    return any(k < len(x.cells) and k < len(y.cells) and x.cells[k].value is not None and y.cells[k].value is not None
               and x.cells[k].value.value != y.cells[k].value.value for x, y in rows for k in settings)


def _load_point(row: GridRow) -> bool:
    """Whether a row keyed by a bare number ("192: ~11s") is what was measured at that load: its value
    carries the unit of a measurement, where a setting's ("numjobs: 4") is a bare count."""
    units = [lookup_unit(cell.value.unit) if cell.value is not None and cell.value.unit else None for cell in row.cells]
    return row.label.strip().isdigit() and bool(units) and \
        all(unit is not None and unit.dimension in MEASURED_DIMENSIONS for unit in units)


def _pair_rows(a: Grid, b: Grid, context: str) -> list[Comparison]:
    by_label = {row.label: row for row in b.rows}
    labelled = [r.label for r in a.rows if r.label]
    matched = len(labelled) == len(a.rows) and len(set(labelled)) == len(labelled) and \
        sum(label in by_label for label in labelled) * 2 >= len(labelled)
    pairs: list[Comparison] = []
    if matched:
        rows = [(row, by_label[row.label]) for row in a.rows if row.label in by_label]
    else:
        rows = list(zip(a.rows, b.rows))
        if len(labelled) == len(a.rows) and all(row.label for row in b.rows) and \
                not all(_named_alike(x.label, y.label) for x, y in rows):
            return []  # rows named on both sides by other names ("RPC_REPHDRSIZE" / "resp.hdr"): other things
        if _settings_differ(a.header, rows):
            return []  # the k-th run of each side at another setting ("QD=2" beside "QD=1"): no pair by place
    fixed = _fixed_columns(rows, len(a.header))
    if any(_differs(x, y) for x, y in rows):
        rows = [(x, y) for x, y in rows if _differs(x, y)]  # a row alike on both sides is a parameter row
    kinds = [column_kind(name) for name in a.header]
    sweep = swept_parameter(a, kinds)  # "iodepth | 4 | 8 | 16": each column is one point of it
    for n, (base_row, new_row) in enumerate(rows):
        key_kind = column_kind(base_row.label.strip(" *#:")) if a.header == ("",) else None
        if key_kind is not None and a.reader in TOOL_NAMES and column_kind(base_row.label.split()[-1]) == "spread":
            key_kind = "spread"  # a tool's "lat stdev" under its "lat avg": the spread of one field
        if key_kind == "parameter" and not _load_point(base_row):
            continue  # one key per line: "iteration: 1", "numjobs: 4" name a run or a setting, no result
        if key_kind == "spread":
            if pairs:  # "Avg: 262.52 msec" / "Stdev: 2.12 msec": the spread of the value above it
                pairs[-1] = with_spreads(pairs[-1], base_row, new_row)
            continue
        label = base_row.label if matched else (base_row.label or str(n + 1))
        for column, name in enumerate(a.header):
            if kinds[column] in ("spread", "parameter", "change", "identifier") and name and sweep is None:
                continue
            if a.roles and a.roles[column] in ("ignore", "config", "spread", "change", "gain"):
                continue  # the tool's own layout says this column is not a result
            if column >= len(base_row.cells) or column >= len(new_row.cells) or column in fixed:
                continue
            if sweep is not None:
                full = " ".join(filter(None, (label, sweep, name)))
            elif len(a.header) > 1:
                full = f"{label} {column_name(name, column)}".strip()
            else:
                full = label
            pair = pair_cells(full, name or a.metric, base_row.cells[column], new_row.cells[column],
                              context=context, names=(name, base_row.label, a.metric), grid_unit=a.unit,
                              grid_direction=a.higher_is_better,
                              reported=reported_in(new_row.cells[column]))
            if pair:
                pairs.append(pair)
    return pairs

