"""What names the setups a grid compares: column names that are configurations (kernel releases, one
setting at two values, variants of one thing, two setups measured alike over a sweep), a configuration
over its metrics in a two-level header, and row labels that say the same thing of two setups or negate
each other ("zc" / "non-zc"). `extractors.tables.compare` decides with these what a grid compares.
"""

from __future__ import annotations

import os
import re

from extractors.model import Grid
from extractors.numbers import parse_value
from extractors.tables.pairing import SIDE_KINDS, UNIT_IN_HEADER_RE, column_kind, row_kind, unsided
from extractors.tables.sweeps import names_a_parameter
from extractors.vocab.comparisons import DESCRIBING_BASELINE_WORDS
from extractors.vocab.configurations import KERNEL_RELEASE_RE, PATCHED_RE, SWITCH_OFF_VALUES, SWITCH_ON_VALUES
from extractors.vocab.metrics import METRIC_RE, SUMMARY_RE, WORKLOAD_RE
from extractors.vocab.performance import DEVICE_WORDS
from extractors.vocab.units import MEASURED_DIMENSIONS, dimension_of, lookup_unit

# A setting and its value in a column name: "STRIPE_SIZE(64KB)", "bs=4k", "nr_requests 64".
_SETTING_VALUE_RE = re.compile(r"^(?P<name>[A-Za-z_][\w.-]*?)\s*(?:[=:(\[]\s*|\s+)"
                               r"(?P<value>[^\s()\[\]=:]*\d[^\s()\[\]]*)[)\]]?$")

# A metric measured at a setting's value, in brackets after it: "READ (virt=false)", "IOPS [nr_queues=4]".
_METRIC_AT_SETTING_RE = re.compile(r"^(?P<metric>.*?\S)\s*[(\[]\s*(?P<setting>[A-Za-z_][\w.-]*)\s*[=:]\s*"
                                   r"(?P<value>[^\s()\[\]]+)\s*[)\]]$")

_NEGATION_PREFIXES = ("no", "non-", "non", "no-", "no_", "!")
# "non" fused to a lower-case word makes an English word of its own ("nonvoluntary_ctxt_switches", a
# counter beside "voluntary_ctxt_switches"), not a setting switched off ("NONBLOCK", "nobarrier" are)
_WORD_PREFIX = "non"



def group_levels(grid: Grid) -> tuple[list[str], list[str]] | None:
    """(config of each column, metric of each column) when a header line groups the columns by
    configuration and another names the metric within each group, else None."""
    if len(grid.header_rows) < 2:
        return None
    for config_level in grid.header_rows:
        groups = [config_level[0]]
        for name in config_level[1:]:
            if name != groups[-1]:
                groups.append(name)
        # columns with no group name before or after the groups print the rows' settings or a note
        start = next((i for i, g in enumerate(groups) if g), 0)
        end = len(groups) - next((i for i, g in enumerate(reversed(groups)) if g), 0)
        named = groups[start:end]
        if len(named) < 2 or "" in named or len(set(named)) != len(named) or len(groups) == len(config_level) or \
                any(column_kind(g) == "parameter" for g in named) or _sweep_points(named) or \
                all(_names_a_device(g) for g in named):
            # "iodepth | numjobs | IOPS | IOPS" names settings and a metric, not groups; "depth=1 | depth=64"
            # over "ST | HST | ST | HST" are points of a sweep, each holding the setups compared; "nvme+ssd |
            # all-nvme" over "random | seq" are the devices the runs were made on
            continue
        metrics = [" ".join(level[i] for level in grid.header_rows if level is not config_level and level[i])
                   for i in range(len(config_level))]
        if any(column_kind(m) in SIDE_KINDS for m in metrics) and not any(column_kind(g) in SIDE_KINDS for g in named):
            continue  # "Baseline | Baseline + series" under each of "time (s) | unmap (s)": the sides are below
        if all(config_level) and not any(metrics[i] and metrics[i] == metrics[j] and config_level[i] != config_level[j]
                                         for i in range(len(metrics)) for j in range(i)):
            # every column named above, no name under two groups: the lower line goes on with each column's
            # name ("augmented rbtree" over "sorted by vruntime" and "sorted by wakeup_vruntime")
            continue
        return list(config_level), metrics
    return None


def _sweep_points(names: list[str]) -> bool:
    """Whether names are one setting at values other than off and on ("depth=1", "depth=64")."""
    found = [_SETTING_VALUE_RE.match(name.strip()) for name in names]
    if not all(found) or len({m["name"].lower() for m in found}) != 1:
        return False
    values = {m["value"].lower() for m in found}
    return not values <= SWITCH_OFF_VALUES | SWITCH_ON_VALUES


def metrics_at_setting(grid: Grid) -> tuple[list[str], list[str]] | None:
    """(config of each column, metric of each column) when every column prints a metric at one of two
    values of one setting ("READ (virt=false) | READ (virt=true) | Write (virt=false) | Write
    (virt=true)"): the two values are the setups, each metric compared between them, as under a group
    header. At more than two values the setting is a sweep."""
    found = [_METRIC_AT_SETTING_RE.match(name.strip()) for name in grid.header]
    if len(found) < 2 or not all(found) or len({m["setting"].lower() for m in found}) != 1:
        return None
    configs = [f"{m['setting']}={m['value']}" for m in found]
    metrics = [m["metric"] for m in found]
    values = {c.lower() for c in configs}
    cells = {(c.lower(), m.lower()) for c, m in zip(configs, metrics)}
    if len(values) != 2 or len(cells) != len(found) or len(cells) != 2 * len({m.lower() for m in metrics}):
        return None
    return configs, metrics


def _names_a_device(name: str) -> bool:
    """Whether a group's name names a device and no side ("nvme+ssd", "all-nvme"; not "w/o ssd cache")."""
    return column_kind(name) not in SIDE_KINDS and not DEVICE_WORDS.isdisjoint(re.findall(r"[a-z]+", name.lower()))


def variants_of_one_thing(names: list[str]) -> bool:
    """Whether column names are variants of one thing, each naming it with a word of its own ("mutex
    btree" / "OLC btree", "Worst Case" / "Best Case"): setups compared, not fields of one run, nor the
    points of a sweep ("1 node" / "2 node")."""
    words = [name.lower().split() for name in names]
    if len(words) < 2 or any(len(w) < 2 for w in words):
        return False
    shared = set.intersection(*(set(w) for w in words))
    own = [tuple(x for x in w if x not in shared) for w in words]
    # "1 node" / "2 node" are the points of a sweep: numbers, not variants named by a word
    return bool(shared) and len(set(own)) == len(own) and all(any(x.isalpha() for x in o) for o in own)


# A member of a C structure as code and debug dumps name it: the structure's prefix, "_", the member
# ("ee_len", "i_blocks", "bi_sector").
_MEMBER_RE = re.compile(r"^(?P<prefix>[a-z]{1,4})_[a-z]\w*$")


_CODE_WORD_RE = re.compile(r"[a-z][a-z0-9_]*")
_SNAKE_CASE_RE = re.compile(r"[a-z0-9]_[a-z]")


def fields_of_one_struct(names: list[str]) -> bool:
    """Whether column names are members of one structure, one prefix before their "_" ("ee_block |
    ee_len | ee_start"): fields of a dumped record, not setups a text compares."""
    members = [_MEMBER_RE.match(name.strip()) for name in names]
    return len(names) >= 2 and all(members) and len({m.group("prefix") for m in members}) == 1


def fields_of_code(names: list[str]) -> bool:
    """Whether every column name is one word and one of them joins words with "_" ("residency |
    exit_latency", "min_perf | max_perf"): attributes of a sysfs file or members of a structure, as the
    code names them, which a dump prints side by side. Names that share a part ("teo" / "teo_tick",
    "default_opt_read" / "dioread_nolock_opt_read") are variants of one thing: setups written as code."""
    words = [name.strip() for name in names]
    parts = [set(word.split("_")) for word in words]
    shared = any(parts[i] & parts[j] for i in range(len(parts)) for j in range(i))
    return len(words) >= 2 and all(_CODE_WORD_RE.fullmatch(word) for word in words) and \
        any(_SNAKE_CASE_RE.search(word) for word in words) and not shared


def measures_apart(names: list[str]) -> bool:
    """Whether column names each carry a unit of a dimension no other carries ("MB to boot" / "sec to
    boot", "time (s)" / "size (MB)"): two quantities of one run, however alike the rest of the names."""
    dimensions = [{unit.dimension for word in re.findall(r"[\w/%]+", name) if (unit := lookup_unit(word))}
                  for name in names]
    return len(names) >= 2 and all(dimensions) and \
        all(not a & b for i, a in enumerate(dimensions) for b in dimensions[i + 1:])


def two_setups_over_a_sweep(grid: Grid, configs: list[int], names: tuple[str, ...]) -> bool:
    """Whether two named columns measure one quantity in one unit at each point of a sweep ("size" 4k,
    64K, 1M under "zero copy | bounce", both in MiB/s): the same measurement of two setups. Fields of one
    run differ in what they measure; columns named by workloads only ("read | write") are two loads."""
    if len(configs) != 2 or len(grid.rows) < 2 or any(not WORKLOAD_RE.sub("", names[i]).strip(" -/") for i in configs):
        return False
    if not (grid.label_header and names_a_parameter(grid.label_header)) and \
            not all(row_kind(row.label) == "parameter" for row in grid.rows):
        return False
    units = {row.cells[i].value.unit if row.cells[i].value is not None else None for row in grid.rows for i in configs}
    unit = lookup_unit(units.pop()) if len(units) == 1 else None
    return unit is not None and unit.dimension in MEASURED_DIMENSIONS


def kernels_or_setting(names: list[str]) -> bool:
    """Whether the columns are kernel releases ("5.4.95" / "5.10.24"), or one setting at two values
    ("STRIPE_SIZE(64KB)" / "STRIPE_SIZE(4KB)"): setups compared whatever the text around says. At more
    than two values a setting is a sweep, whose columns are no baseline and patched kernel."""
    if all(KERNEL_RELEASE_RE.match(name.strip()) for name in names):
        return True
    settings = [_SETTING_VALUE_RE.match(name.strip()) for name in names]
    return len(names) == 2 and all(settings) and settings[0]["name"].lower() == settings[1]["name"].lower() \
        and settings[0]["value"].lower() != settings[1]["value"].lower()


def unpatched_column(header: tuple[str, ...], configs: list[int], kinds: list[str]) -> int:
    """The baseline among configuration columns none of which says so: the one a patched column is
    named after ("5.6.15" beside "5.6.15-patched", not the older "4.18" printed first), else the oldest
    release, else the first."""
    names = {header[i].strip().lower(): i for i in configs}
    for i in configs:
        if kinds[i] == "patched":
            stem = PATCHED_RE.sub("", header[i]).strip(" -_+/").lower()
            if stem in names and names[stem] != i:
                return names[stem]
    older = older_release([header[i] for i in configs])
    return configs[older] if older is not None else configs[0]


# A release by its numbers, as a tree or a tag names it: "5.8.18", "linux-5.9.11", "v6.1-rc3".
_RELEASE_PARTS_RE = re.compile(r"^(?:linux-)?v?(\d{1,3})\.(\d{1,3})(?:\.(\d{1,4}))?(?:-rc(\d{1,2}))?:?$", re.I)


def older_release(names: list[str]) -> int | None:
    """The index of the oldest of two or more release names ("linux-5.8.18" beside "linux-5.9.11"; "v5.8",
    "v5.9", "v5.12-rc6"), None unless all are plain releases, each another: a later release carries the
    changes measured, so the oldest is what they are compared with, in whatever order they are printed."""
    found = [_RELEASE_PARTS_RE.match(name.strip(" -*")) for name in names]
    if len(found) < 2 or not all(found):
        return None
    keys = [(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0),
             int(m.group(4)) if m.group(4) else 1000) for m in found]  # a release candidate comes before its release
    return None if len(set(keys)) < len(keys) else keys.index(min(keys))


def without_shared_unit(header: tuple[str, ...]) -> tuple[str, ...]:
    """Column names without the unit they all end in, bracketed or a word of its own: "non-zc (tx/s) |
    zc (tx/s)" and "default MB/s | uncached MB/s" name configurations measured in one unit, not metrics."""
    words = [name.split() for name in header[1:]]  # the first column may name the rows ("sec")
    if len(words) >= 2 and all(len(w) >= 2 for w in words) and len({w[-1] for w in words}) == 1 \
            and dimension_of(words[0][-1]) in MEASURED_DIMENSIONS:
        return header[:1] + tuple(name.rsplit(None, 1)[0] for name in header[1:])
    units = [UNIT_IN_HEADER_RE.search(name) for name in header if name]
    if len(units) < 2 or not all(u and u.end() == len(name.rstrip()) for u, name in zip(units, filter(None, header))):
        return header
    if len({u.group() for u in units}) != 1:
        return header
    return tuple(UNIT_IN_HEADER_RE.sub("", name).strip() if name else name for name in header)


def one_metric_under_names(grid: Grid) -> bool:
    """Whether a two-level header prints the same metric under a different name over each column
    ("National" / "Optimization" over "ops/sec" / "ops/sec"): the names are setups measured alike, where
    the fields of one record would each name a quantity of their own."""
    if len(grid.header_rows) < 2 or len(grid.header) < 2:
        return False
    tops = grid.header_rows[0]
    metrics = set(grid.header_rows[-1])
    return len(metrics) == 1 and "" not in metrics and all(tops) and len(set(tops)) == len(tops)


def named_apart(first: str, second: str) -> bool:
    """Whether two row labels say the same thing of two setups: the same words but the first, which
    names each setup ("teo average package power:" / "rjw average package power:")."""
    a, b = first.lower().split(), second.lower().split()
    if len(a) != len(b) or len(a) < 2:
        return False
    # a name and a colon before the metric measured ("epoll_server: Speed") names the setup in two words
    named = len(a) >= 3 or a[0].endswith(":") and b[0].endswith(":") \
        and METRIC_RE.fullmatch(" ".join(a[1:]).strip(":")) \
        and not any(WORKLOAD_RE.fullmatch(w.rstrip(":")) or any(ch.isdigit() for ch in w) for w in (a[0], b[0]))
    # "min swapin time" / "max swapin time" are two statistics of one run, not two setups
    return named and a[0] != b[0] and a[1:] == b[1:] and not SUMMARY_RE.match(a[0]) and not SUMMARY_RE.match(b[0]) \
        and all(ch.isalpha() or ch in "_-:" for ch in a[0] + b[0]) \
        and "identifier" not in (column_kind(a[0]), column_kind(b[0]))  # "CPU energy" / "DRAM energy": two rails


def described_baselines(labels: list[str], kinds: list[str]) -> list[str]:
    """The row kinds (`row_kind`), with a row that describes the code before the change ("original
    aligned", "current") read as the baseline where a patched row names the same thing ("new aligned",
    "new"): with the other side beside them the describing words name a side, where alone they may
    describe data ("original size" against "compressed size")."""
    patched = {side_stem(label) for label, kind in zip(labels, kinds) if kind == "patched"}
    out = list(kinds)
    for i, label in enumerate(labels):
        first = label.lower().split()[:1]
        if kinds[i] == "unknown" and first and first[0] in DESCRIBING_BASELINE_WORDS and side_stem(label) in patched:
            out[i] = "baseline"
    return out


def side_name(labels: list[str], label: str | None = None) -> str | None:
    """What the labels of the rows on `label`'s side (the first label's by default) all begin with, when that
    alone still names the side: "nowait-off" for "nowait-off-1.fio" and "nowait-off-2.fio", the label itself
    for a side of one row."""
    side = row_kind(labels[0] if label is None else label)
    same = [other for other in labels if row_kind(other) == side]
    name = os.path.commonprefix(same)
    if name[-1:].isalnum() and any(len(other) > len(name) and other[len(name)].isalnum() for other in same):
        return None  # "Patches 1-15" and "Patches 1-17" share no name: "Patches 1-1" cuts a number in two
    name = name.rstrip(" .:-_").lstrip(" .:")  # "... v6.2 (w/o batching)": the dots lead to the name
    return name if side in ("baseline", "patched") and name and row_kind(name) == side else None


def side_stem(label: str) -> str:
    """What a row's label names without its side (`unsided`) nor a word describing the code before the
    change ("original small" and "new small" both name "small"), in its words and numbers alone: the
    punctuation around a side word goes with it ("x-off-1" and "x-on-1" both name "x 1")."""
    stem = unsided(label).lower()
    first, _, rest = stem.partition(" ")
    return " ".join(re.findall(r"[^\W_]+", rest if first in DESCRIBING_BASELINE_WORDS else stem))


def _one_switch(words: list[str]) -> bool:
    """Whether exactly one word of a row's name is a switch's value ("on", "No", "disabled")."""
    return sum(w.lower() in SWITCH_OFF_VALUES or w.lower() in SWITCH_ON_VALUES for w in words) == 1


def negated_pairs(labels: list[str]) -> list[tuple[int, int]]:
    """(base row, patched row) for rows whose labels differ only in one word that is the other's word
    negated ("NOBQL FQC 1q" / "BQL FQC 1q", "no-opt 4k" / "opt 4k") or a switch's value ("redis No" /
    "redis Yes" under "Page Cache Share"): a setting off against on."""
    words = [label.split() for label in labels]
    index = {tuple(w.lower() for w in ws): i for i, ws in enumerate(words)}
    out = []
    for i, ws in enumerate(words):
        if len(ws) > 1 and ws[0].lower() in ("no", "not", "non", "without", "w/o"):  # "no zero copy" / "zero copy"
            j = index.get(tuple(w.lower() for w in ws[1:]))
            if j is not None and j != i:
                out.append((i, j))
                continue
        for position, word in enumerate(ws):
            if word.lower() in SWITCH_OFF_VALUES and not word.isdigit() and len(ws) > 1 and position == len(ws) - 1 \
                    and len(index) == len(words) and _one_switch(ws):
                # "redis No" / "redis Yes": one switch last in every row's name ("nvme Y Y N 1M" is a matrix)
                stem = tuple(w.lower() for w in ws[:position])
                on = next((j for value in sorted(SWITCH_ON_VALUES) if (j := index.get((*stem, value))) is not None), None)
                if on is not None:
                    out.append((i, on))
                continue
            for prefix in _NEGATION_PREFIXES:
                if prefix == _WORD_PREFIX and not word.isupper():
                    continue
                if word.lower().startswith(prefix) and len(word) > len(prefix) + 1:
                    positive = ws[:position] + [word[len(prefix):]] + ws[position + 1:]
                    j = index.get(tuple(w.lower() for w in positive))
                    if j is not None and j != i:
                        out.append((i, j))
    return out or _alternating(words)


_MEANS_WORDS = frozenset({"by", "with", "via", "using", "through", "w/"})  # what introduces the way a thing is done


def _alternating(words: list[list[str]]) -> list[tuple[int, int]]:
    """(first, second) for names that differ in the word after "by" (or "with", "via", "using"), which
    takes the same two values in the same order for each of two or more things ("xmit by syscall" /
    "xmit by xsk", then "recv by syscall" / "recv by xsk"), printed one right after the other: two ways
    of doing each thing, the one printed first its baseline."""
    words = [[w.lower().rstrip(":") for w in ws] for ws in words]
    if len(words) < 4 or len({len(ws) for ws in words}) != 1 or len(words[0]) < 2 or \
            any(row_kind(" ".join(ws)) in SIDE_KINDS for ws in words):
        return []  # "original small" / "original large" / "new small": the sides are named, not alternated
    for position in range(1, len(words[0])):
        groups: dict[tuple[str, ...], list[int]] = {}
        for i, ws in enumerate(words):
            groups.setdefault((*ws[:position], *ws[position + 1:]), []).append(i)
        ways = {tuple(words[i][position] for i in members) for members in groups.values()}
        if len(groups) < 2 or len(ways) != 1 or not all(len(members) == 2 and members[1] == members[0] + 1
                                                        for members in groups.values()):
            continue
        first, second = ways.pop()
        # a way is named after "by", "with", "via", "using", or is the other with something added
        # ("baseline_60hz" / "baseline_ufc_60hz"); "too deep" / "too shallow" are kinds, "4k" / "8k" points
        means = all(ws[position - 1] in _MEANS_WORDS for ws in words) or _extends(second, first)
        if means and first != second and parse_value(first) is None and parse_value(second) is None:
            return [(members[0], members[1]) for members in groups.values()]
    return []


def _extends(name: str, base: str) -> bool:
    """Whether a name is another with parts added: "baseline_ufc_60hz" is "baseline_60hz" and "ufc"."""
    parts, base_parts = re.split(r"[_.\s-]+", name), re.split(r"[_.\s-]+", base)
    found = iter(parts)
    return len(parts) > len(base_parts) and all(part in found for part in base_parts)


# Setups printed side by side before a table is kept without knowing which is the baseline: with two,
# the columns are as often two fields of one run.
_MIN_SIDE_BY_SIDE = 3
_MAX_SETUP_WORDS = 4
_ALIKE_RATIO = 10


def setups_side_by_side(grid: Grid) -> bool:
    """Whether three or more columns, each named by a setup (words no vocabulary knows: "QAT-L9 |
    ZSTD-L3 | ZLIB-L3"), measure the same thing in each labelled row, their values of one magnitude:
    a comparison of setups whose baseline nothing names. It is kept as a table of rows, no pair guessed.
    Statistics ("Min | Max | Avg"), workloads ("read | write"), instances and parameters are no setups."""
    names = [name.strip() for name in grid.header]
    if grid.reader != "aligned" or len(names) < _MIN_SIDE_BY_SIDE or len(grid.rows) < 2:
        return False
    # a name ending in a number is an instance ("nvme0", "cpu3") unless every column's stem differs
    # ("QAT-L9 | ZSTD-L3": each its own setup at a level)
    stems = {re.sub(r"\d+$", "", name).lower() for name in names}
    kinds = ("unknown", "config", "instance") if len(stems) == len(names) else ("unknown", "config")
    if any(not name or column_kind(name) not in kinds or len(name.split()) > _MAX_SETUP_WORDS
           or SUMMARY_RE.match(name) or not WORKLOAD_RE.sub("", name).strip(" -/") for name in names):
        return False
    for row in grid.rows:
        values = [abs(cell.value.value) for cell in row.cells if cell.value is not None]
        if not row.label or len(values) * 3 < len(names) * 2 or min(values) <= 0 \
                or max(values) / min(values) > _ALIKE_RATIO:
            return False
    return True


_MIN_BLOCK_ROWS = 2


def setups_in_row_blocks(grid: Grid) -> bool:
    """Whether the rows come in blocks, one per setup named in the label column, each block sweeping the
    same parameter values in its first column ("Intel QAT | 4096 | ...", "Intel QAT | 16384 | ...", then
    "deflate | 4096 | ...", ...): setups measured alike over a sweep, whose baseline nothing names. It
    is kept as a table of rows, no pair guessed."""
    if grid.reader != "aligned" or len(grid.header) < 2 or len(grid.rows) < 2 * _MIN_BLOCK_ROWS:
        return False
    blocks: list[list] = []
    for row in grid.rows:
        if blocks and blocks[-1][0].label == row.label:
            blocks[-1].append(row)
        else:
            blocks.append([row])
    labels = [block[0].label for block in blocks]
    if len(blocks) < 2 or len(set(labels)) != len(labels) or len({len(block) for block in blocks}) != 1 \
            or len(blocks[0]) < _MIN_BLOCK_ROWS:
        return False
    if any(column_kind(label) not in ("unknown", "config") for label in labels):
        return False
    sweeps = [tuple(row.cells[0].value.value if row.cells[0].value else None for row in block) for block in blocks]
    return None not in sweeps[0] and len(set(sweeps)) == 1 and len(set(sweeps[0])) == len(sweeps[0])


# What qualifies a metric's name in a column header: words in brackets ("IOPS (IRQ mode)") or after a
# preposition ("IOPS in polling mode", "BW with zc").
_QUALIFIER_RE = re.compile(r"\s*[(\[]|\s+(?:in|with|on|at|for|under|using|via)\s+", re.I)


def metric_under_two_setups(names: list[str], kinds: list[str]) -> tuple[int, ...] | None:
    """The columns that print one metric under two qualifiers, to be read as setups: after it ("IOPS
    (IRQ mode)" / "IOPS (iopoll=1 mode)") with a change column right after them ("diff", "gain"), which
    says the two are compared; or before it, where the other column's word names a side ("Current avg
    lat" / "Shared avg lat"): the metric word is what both measure, the first words who ran; or two numbered
    runs with a change column right after them ("Util1 | Util2 | Diff"). None otherwise."""
    instances = [i for i, kind in enumerate(kinds) if kind == "instance"]
    if len(instances) == 2 and instances[1] == instances[0] + 1 and \
            kinds[instances[1] + 1:instances[1] + 2] == ["change"]:
        return instances[0], instances[1]  # "Util1 | Util2 | Diff": two numbered runs and the change between them
    metrics = [i for i, kind in enumerate(kinds) if kind == "metric"]
    if len(metrics) == 1 and (sided := _sided_twin(names, kinds, metrics[0])):
        return sided
    if len(metrics) != 2 or metrics[1] != metrics[0] + 1 or kinds[metrics[1] + 1:metrics[1] + 2] != ["change"]:
        return None
    first, second = (names[i].strip() for i in metrics)
    heads = [_QUALIFIER_RE.split(name, maxsplit=1)[0].lower() for name in (first, second)]
    if heads[0] != heads[1] or first.lower() == second.lower() or heads[0] == first.lower():
        return None
    return metrics[0], metrics[1]


def _sided_twin(names: list[str], kinds: list[str], metric: int) -> tuple[int] | None:
    """(metric,) when the column beside it names a side by its first word and prints the same words after
    it: "Current KIOPs" / "Shared KIOPs", where the side word alone made one a baseline."""
    words = names[metric].lower().split()
    for other in (metric - 1, metric + 1):
        if 0 <= other < len(names) and kinds[other] in SIDE_KINDS:
            theirs = names[other].lower().split()
            if len(words) > 1 and len(theirs) == len(words) and words[1:] == theirs[1:] and words[0] != theirs[0]:
                return (metric,)
    return None


def sides_of_repeated_runs(names: list[str], kinds: list[str]) -> tuple[int, ...] | None:
    """The columns of the first setup in each run, when a header prints one run of two setups and
    their change two or more times ("/dev/fuse  uring  gain  /dev/fuse  uring  gain", one run per
    block size): each run compares its own two columns, the first the baseline. None otherwise."""
    width = 3
    if len(names) < 2 * width or len(names) % width:
        return None
    runs = [tuple(names[i:i + width]) for i in range(0, len(names), width)]
    run_kinds = [tuple(kinds[i:i + width]) for i in range(0, len(names), width)]
    first, second, change = runs[0]
    if any(run != runs[0] for run in runs[1:]) or any(k != run_kinds[0] for k in run_kinds[1:]) \
            or run_kinds[0][2] != "change" or first.lower() == second.lower() \
            or not all(kind in ("config", "unknown") for kind in run_kinds[0][:2]):
        return None
    return tuple(range(0, len(names), width))


def sides_again(labels: list[str], base_rows: list[int]) -> list[int] | None:
    """The rows right after each baseline row when the rows are the same two setups printed two times or
    more, a baseline row and then one named alike each time; else None."""
    followers = [b + 1 for b in base_rows]
    if len(base_rows) < 2 or 2 * len(base_rows) != len(labels) or followers[-1] >= len(labels) or \
            set(followers) & set(base_rows):
        return None
    same = len({labels[b] for b in base_rows}) == 1 and len({labels[f] for f in followers}) == 1
    return followers if same or _one_change_per_subject(labels, base_rows, followers) else None


def _one_change_per_subject(labels: list[str], base_rows: list[int], followers: list[int]) -> bool:
    """Whether each baseline row names its subject beside the side word ("Base XFS", "Base EXT4") and the
    row after it names the same subject beside one and the same change ("Parallel writeback XFS",
    "Parallel writeback EXT4"): the change measured on each subject."""
    changes = set()
    for base, follower in zip(base_rows, followers):
        subject, words = unsided(labels[base]).split(), labels[follower].split()
        if not subject or len(words) <= len(subject):
            return False
        if words[-len(subject):] == subject:
            changes.add(" ".join(words[:-len(subject)]))
        elif words[:len(subject)] == subject:
            changes.add(" ".join(words[len(subject):]))
        else:
            return False
    return len(changes) == 1 and len({unsided(labels[b]) for b in base_rows}) == len(base_rows)
