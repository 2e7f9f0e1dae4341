"""Benchmark tables in plain text: find them, read their rows, and pair baseline with patched numbers.

Mail carries benchmark results in a handful of layouts, each with its own logic, and this module reads
each by that logic rather than by recognizing particular messages:

- whitespace-aligned tables with a header row and a label column (reaim, fs_mark, UnixBench), also
  printed once per configuration under a caption ("X disabled:" / "X enabled:", "Before:" / "After:"),
  whose rows pair up across the two tables;
- box tables (`+----+----+` borders, `|` cells) and Markdown tables, whose header names the baseline,
  patched, spread and change columns ("base %stdev patched %stdev %improvement", "w/o X | w/ X");
- mmtests compare-kernels output: a label, the baseline `value (  0.00%)`, then one `value ( gain%)` per
  compared kernel, with asterisks (`*  3.67%*`) marking a significant difference;
- kernel test robot (LKP) blocks: `base ± sd%  change%  patched ± sd%  metric.name`;
- rows labelled by configuration ("NOBQL FQC 1q: ..." / "BQL FQC 1q: ..."), paired by the rest of
  the label;
- columns glued together by an archive that dropped the tabs ("0.051.085224.14"), split back using the
  precision that the table's well-formed numbers share.

A cheap regular-expression pre-filter rejects text without two numeric lines before any of this runs.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field

from extractors.numbers import UNIT_WORDS, common_precision, parse_number, split_glued
from extractors.verdicts import delta_pct, metric_direction, stated_direction, verdict


@dataclass(frozen=True)
class TableRow:
    """One numeric row as printed: its label and every number in it (None for an empty cell)."""

    label: str
    values: tuple[float | None, ...]


@dataclass(frozen=True)
class Comparison:
    """One baseline -> patched comparison of one row label and metric."""

    label: str
    metric: str | None
    baseline: float
    patched: float
    delta_pct: float | None
    baseline_stddev_pct: float | None
    patched_stddev_pct: float | None
    reported_delta_pct: float | None
    verdict: str


@dataclass(frozen=True)
class Anomaly:
    """Something in a table that does not add up, with the offending text and why it was flagged."""

    start: int
    end: int
    text: str
    why: str


@dataclass(frozen=True)
class BenchmarkTable:
    """A table of benchmark numbers; `start`/`end` are char offsets of its first and last line."""

    start: int
    end: int
    text: str
    benchmark: str | None
    metric: str | None
    unit: str | None
    higher_is_better: bool | None
    config: str | None
    columns: tuple[str, ...]
    rows: tuple[TableRow, ...]
    pairs: tuple[Comparison, ...]
    anomalies: tuple[Anomaly, ...]


# --- pre-filter and line classes -------------------------------------------------------------------

# A line with two numbers separated by a gap: tables need at least two such lines. Quantifiers are
# bounded so that the scan stays linear on pathological input.
_TWO_NUMBER_LINE_RE = re.compile(r"^[^\n\d]{0,300}\d[^\n\s]{0,40}[ \t|(:*\u00a0][^\n\d]{0,200}\d", re.M)
# Or a line ending in a numeric cell ("real  4m35.973s", "| 8 | 19% |").
_NUMBER_END_LINE_RE = re.compile(r"(?:^|[ \t|(:])[-+~]?\d[\w.,:/%]{0,30}[ \t|)*]{0,20}$", re.M)
_MAX_LINE = 400  # longer lines are prose, data dumps or collapsed tables, never rows as they stand
_LONG_LINE_RE = re.compile(r"^[^\n]{%d}" % (_MAX_LINE + 1), re.M)
# Where a collapsed table's rows start: box borders, LKP rows and column header, mmtests statistics.
_COLLAPSED_BORDER_RE = re.compile(r"[+|](?:-{3,}[+|]){2,}")
_COLLAPSED_LKP_ROW_RE = re.compile(
    r"(?<!\S)[-+]?\d[\d.]*(?:e[-+]?\d+)?(?:\s*\u00b1\s*\d+%)?\s+[-+]\d[\d.]*(?:e[-+]?\d+)?%?\s+"
    r"[-+]?\d[\d.]*(?:e[-+]?\d+)?(?:\s*\u00b1\s*\d+%)?\s+[A-Za-z][\w.:/%-]*")
_LKP_COLUMNS_RE = re.compile(r"%stddev\s+%change\s+%stddev")
_COLLAPSED_MMTESTS_RE = re.compile(
    r"(?<!\S)(?:Hmean|Amean|Gmean|BAmean-\d+|Stddev|CoeffVar|Min|Max(?:-\d+)?|\d(?:st|nd|rd)-qrtle)"
    r"\s+\S+\s+[\d.]+\s+[(*]")
# Borders and rules: "+-----+-----+", "------", "=======", "|----|----|", LKP's "\   |   \".
_BORDER_CHARS_RE = re.compile(r"^[\s+|=_~:.*\\/\u2014\u2013\u2500-\u257f-]+$")
_RULE_RE = re.compile(r"[-=_~\u2014\u2013\u2500-\u257f]{3,}")
_SLASH_RULE_RE = re.compile(r"^[\s\\|/]+$")
# diffstat lines ("path/to/file.c | 28 +++--") look like pipe rows but are not measurements.
_DIFFSTAT_RE = re.compile(r"^\s*\S+\s+\|\s+(?:\d+\s*[-+]*|Bin\b.*)\s*$")
# A shell command shown above output ("$ src/reaim -c ..."), part of the table's span.
_COMMAND_RE = re.compile(r"^\s*[$#]\s+\S")
# A caption naming the configuration of the table below it: "hv_spinlock disabled:", "After:".
_CAPTION_RE = re.compile(r"^\s*(?P<caption>[^\s:|][^:|]{0,80}?)\s*:\s*$")
_PROSE_END_RE = re.compile(r"[.?!,;]\s*$")
_SENTENCE_BREAK_RE = re.compile(r"[a-z]{2}[.?!] +[A-Z]")
# A token that can belong to the numeric part of a row: numbers (with units, percent, glued columns,
# durations, clock times), spread markers, mmtests' parentheses and asterisks, inline keys ("avg:").
_VALUEISH_TOKEN_RE = re.compile(
    r"^(?:[(*]?[-+\u2212~]?\d[\d,.]*(?:[eE][-+]?\d+)?(?:[%xKMG]|[A-Za-z\u00b5][A-Za-z/\u00b5]*)?[)*]?"
    r"|(?:\d+h)?\d+m\d+(?:\.\d+)?s|\d+:\d{2}(?:[.:]\d+)*|[()*]|\u00b1|\+/-|\+-|%|-{1,2}|\u2014|[Nn]/?[Aa]"
    r"|[A-Za-z][\w/.%-]{0,15}:)$"
)
# mmtests' per-kernel change: "(   3.74%)" (not significant) or "*   3.67%*" (significant).
_MMTESTS_CHANGE_RE = re.compile(r"(?P<open>[(*])\s*(?P<pct>[-+]?\d+(?:\.\d+)?)%\s*(?P<close>[)*])")
# A spread after a value: "± 3%", "+/- 3.3665".
_SPREAD_RE = re.compile(r"(?:\u00b1|\+/-|\+-)\s*(?P<num>\d+(?:\.\d+)?)\s*(?P<pct>%)?")
_DIGIT_RE = re.compile(r"\d")
# Cells that stand for a missing value in a row of numbers.
_MISSING_CELLS = frozenset({"-", "--", "\u2014", "n/a", "na", "x"})
# A row of label words without digits followed by plain decimals only: "Elapsed 1574.10 1427.08", "1 2".
_SIMPLE_ROW_RE = re.compile(
    r"^(?P<label>[^\d\s|:()*%\u00b1+~\u2212-][^\d|:()*%\u00b1]{0,80}?\s)?"
    r"(?P<values>[-+]?\d{1,15}(?:\.\d{1,15})?(?:\s+[-+]?\d{1,15}(?:\.\d{1,15})?)*)$")
_INLINE_KEY_RE = re.compile(r"[A-Za-z][\w/.%-]{0,15}:")
_TOKEN_RE = re.compile(r"\S+")
# LKP comparison row: "138055 ± 18%  +33.4%  184128 ± 14%  cpuidle..usage" (spreads optional).
_LKP_ROW_RE = re.compile(
    r"^\s*(?P<base>[-+]?\d[\d.]*(?:e[-+]?\d+)?)(?:\s*\u00b1\s*(?P<base_sd>\d+)%)?\s+"
    r"(?P<change>[-+]\d[\d.]*(?:e[-+]?\d+)?%?)\s+"
    r"(?P<new>[-+]?\d[\d.]*(?:e[-+]?\d+)?)(?:\s*\u00b1\s*(?P<new_sd>\d+)%)?\s+(?P<metric>\S+)\s*$"
)
# The robot's headline above its table: "noticed a -12.3% regression of will-it-scale.per_process_ops".
_LKP_HEADLINE_RE = re.compile(
    r"noticed an?\s+(?P<pct>[-+]?\d+(?:\.\d+)?)%\s+(?P<kind>improvement|regression)\s+of\s+(?P<metric>[\w.:/-]+)")
# perf stat counter line: "  4,567,890 cycles  # 3.700 GHz  ( +-  0.05% )",
# "1.2368 +- 0.0015 seconds time elapsed  ( +-  0.12% )".
_PERF_STAT_ROW_RE = re.compile(
    r"^\s*(?P<value>\d[\d,]*(?:\.\d+)?)(?:\s*\+-\s*(?P<abs_spread>\d+(?:\.\d+)?))?\s+"
    r"(?:(?P<unit>msec|usec|nsec|ms|us|ns)\s+)?(?P<event>[A-Za-z][\w./:-]*(?:\s+time\s+elapsed|\s+user|\s+sys)?)"
    r"\s*(?P<comment>#[^(\n]*?)?\s*(?:\(\s*\+-\s*(?P<spread>\d+(?:\.\d+)?)%\s*\))?\s*$")
_LKP_COMMITS_RE = re.compile(r"^\s*(?P<base>[0-9a-f]{8,40})\s+(?P<new>[0-9a-f]{8,40})\s*$")
# Words a row label ends with when the "row" is really a sentence ending in a number.
_PROSE_TAIL_WORDS = frozenset(
    "a an and are as at be by for from in is of on or the than that to was were with about around "
    "approximately roughly nearly over under only just".split()
)
# Header words that give a column its role in a comparison.
_BASELINE_COLUMN_RE = re.compile(
    r"^(?:base(?:line)?|before|vanilla|w/o\b.*|without\b.*|old|orig(?:inal)?|unpatched|stock|default|"
    r"mainline|upstream|master|next|ref(?:erence)?|no[-_ ]?patch)\b", re.I)
_PATCHED_COLUMN_RE = re.compile(
    r"^(?:patched|after|w/(?!o).*|with\b.*|new|modified|optimi[sz]ed|proposed|fixed|\+\s*patch.*|patch(?:es)?)\b"
    r"|\bpatch(?:ed|es|set)?\b|\bseries\b",
    re.I)
_SPREAD_COLUMN_RE = re.compile(r"^(?:%?\s*std\.?\s*dev\.?|%?stdev|stddev%?|std|sd|\u00b1|\+/-|dev|%dev|cv)$", re.I)
_CHANGE_COLUMN_RE = re.compile(r"(?:improv|change|delta|diff|gain|speed-?up|%$|^%)", re.I)
# Column headers that name kernels (mmtests-style "v5.0-rc6  v5.0-rc6-dirty", commit ids): the first is
# the baseline.
_KERNEL_NAME_RE = re.compile(r"^(?:v?\d+\.\d+[\w.+-]*|[0-9a-f]{7,40}|next-\d{8}\S*|linux-\S+|tip-\S+)(?:\s+\S+)?$")
# Words saying a block of numbers compares or measures something: configurations, outcomes, results.
_COMPARISON_WORDS_RE = re.compile(
    r"\b(?:base(?:line)?|patch(?:ed|es|set)?|vanilla|before|after|with(?:out)?|w/o?|vs\.?|versus|"
    r"improv\w*|regress\w*|gains?|speed-?ups?|slow-?downs?|faster|slower|throughput|latency|benchmarks?|"
    r"results?|scores?|bandwidth|ops/s|per[ -](?:sec\w*|min\w*)|jobs|enabled|disabled|kernel|series)\b", re.I)
_STATED_DIRECTION_RE = re.compile(r"\b(?:higher|lower|bigger|smaller|more|less)\s+is\s+better\b", re.I)
_SUMMARY_COLUMN_RE = re.compile(r"^(?:avg|agv|mean|average|amean|hmean|gmean|median)$", re.I)
_SUMMARY_ROW_RE = re.compile(r"^(?P<stat>max(?:imum)?|min(?:imum)?|total|average|mean)\b\s*(?P<rest>.*)$", re.I)
# mmtests' rows of means, whose spread the Stddev / CoeffVar rows of the same quantity give.
_MEAN_STAT_RE = re.compile(r"^(?:amean|hmean|gmean|bamean-\d+|mean)$", re.I)
_SPREAD_ROW_RE = re.compile(r"^(?:stddev|coeffvar|stdev)\b", re.I)
# Benchmark names that tables and captions mention: single words looked up in a set (one pass over the
# words, whatever the list's length), and the few names of several words by a small expression.
_BENCHMARK_WORDS = frozenset(
    "reaim hackbench ebizzy sysbench kernbench dbench tbench fio netperf iperf iperf3 unixbench fs_mark fsmark "
    "specjbb will-it-scale stress-ng pft lmbench schbench pgbench redis memcached memtier nginx wrk "
    "locktorture aim7 aim9 blogbench postmark tpc-c tpcc specpower vm-scalability filebench sockperf neper "
    "uperf mmtests ffsb iozone bonnie++ linpack stream coremark geekbench phoronix autonuma numa01".split()
)
_BENCHMARK_PHRASE_RE = re.compile(
    r"\b(perf (?:bench|stat)|kernel build|make -j\s*\d+|git checkout|performance counter stats)\b", re.I)
_WORD_RE = re.compile(r"[A-Za-z][\w+-]*")


@dataclass(slots=True)
class _Cell:
    """A primary number of a row with what the row prints around it."""

    value: float | None
    unit: str | None = None
    key: str | None = None
    change_pct: float | None = None  # mmtests' gain or a change column
    significant: bool | None = None  # mmtests' asterisks
    spread: float | None = None
    spread_is_pct: bool = False


@dataclass
class _Row:
    line: int
    label: str
    printed: list[float | None]
    cells: list[_Cell]
    style: str  # "plain", "pipe", "mmtests", "lkp"
    glued: bool = False
    lkp: dict | None = None


@dataclass
class _Line:
    index: int
    start: int
    end: int
    text: str  # NBSP folded into spaces
    kind: str  # "blank", "border", "row", "text", "command", "breaker"
    row: _Row | None = None
    continues: bool = False  # the line goes on with a sentence left open on the line above


@dataclass
class TableBlock:
    """A table as read, before it becomes a BenchmarkTable: its lines, rows, caption, column names and
    the comparisons worked out so far. Shared with the inline-result finder; not for storing."""

    lines: list[_Line]
    first: int  # line number (0-based) of the first line of the span in the text
    last: int  # and of its last line
    rows: list[_Row]
    caption: str | None
    header: list[str]
    label_header: str | None
    title: str | None
    context: str
    pairs: list[Comparison] = field(default_factory=list)
    anomalies: list[Anomaly] = field(default_factory=list)
    higher_is_better: bool | None = None
    metric: str | None = None
    unit: str | None = None
    benchmark: str | None = None
    paired_with_later: bool = False  # the baseline of a table printed once per configuration


# --- rows -----------------------------------------------------------------------------------------

def _is_border(text: str) -> bool:
    stripped = text.strip()
    if not stripped or not _BORDER_CHARS_RE.match(stripped):
        return False
    if _RULE_RE.search(stripped):
        return True
    if _SLASH_RULE_RE.match(stripped) and len(stripped.replace(" ", "")) >= 2:
        return True
    return stripped.count("|") >= 2 and not stripped.strip("| ")


def _label_is_prose(label: str, n_values: int) -> bool:
    words = label.split()
    if not words:
        return False
    if len(words) >= 3 and words[-1].lower() in _PROSE_TAIL_WORDS:
        return True
    if _PROSE_END_RE.search(label) and not label.endswith(":"):
        return True
    return n_values == 1 and len(words) > 6


def _parse_pipe_row(text: str, index: int) -> _Row | None:
    cells = [c.strip() for c in text.strip().split("|")]
    if cells and cells[0] == "":
        cells = cells[1:]
    if cells and cells[-1] == "":
        cells = cells[:-1]
    if len(cells) < 2:
        return None
    label, rest = cells[0], cells[1:]
    out: list[_Cell] = []
    printed: list[float | None] = []
    for cell in rest:
        if not cell or cell.lower() in _MISSING_CELLS:
            out.append(_Cell(None))
            printed.append(None)
            continue
        number = parse_number(cell)
        if number is not None:
            out.append(_Cell(number.value, number.unit))
            printed.append(number.value)
            continue
        # "1.2 s", "120.5 ± 1.2": one value with its unit or spread in the cell
        inner, inner_printed, _ = _read_values(cell)
        if not inner or len(inner) != 1 or inner[0].value is None:
            return None
        out.append(inner[0])
        printed.extend(inner_printed)
    if not any(c.value is not None for c in out):
        return None
    lead = parse_number(label)
    if not label:
        label = ""
    elif lead is None and _label_is_prose(label, len(out)):
        return None
    return _Row(index, label, printed, out, "pipe")


def _parse_lkp_row(text: str, index: int) -> _Row | None:
    match = _LKP_ROW_RE.match(text)
    if not match:
        return None
    base, new = parse_number(match.group("base")), parse_number(match.group("new"))
    change_text = match.group("change")
    change = parse_number(change_text.rstrip("%"))
    if base is None or new is None or change is None or parse_number(match.group("metric")) is not None:
        return None
    base_sd = float(match.group("base_sd")) if match.group("base_sd") else None
    new_sd = float(match.group("new_sd")) if match.group("new_sd") else None
    printed = [base.value, base_sd, change.value, new.value, new_sd]
    lkp = {"change_is_pct": change_text.endswith("%"), "change": change.value}
    cells = [_Cell(base.value, spread=base_sd, spread_is_pct=True),
             _Cell(new.value, spread=new_sd, spread_is_pct=True)]
    return _Row(index, match.group("metric"), printed, cells, "lkp", lkp=lkp)


def _parse_simple_row(stripped: str, index: int) -> _Row | None:
    """The common row, digit-free label words and plain decimals, read without the general machinery."""
    match = _SIMPLE_ROW_RE.match(stripped)
    if not match:
        return None
    values = [float(v) for v in match.group("values").split()]
    label = " ".join(match.group("label").split()) if match.group("label") else ""
    if label and label.split()[-1].lower() in _MISSING_CELLS:
        return None  # "netperf  -  1.0": an empty cell, read by the general parser
    if not label:
        if len(values) < 2:
            return None
        label = match.group("values").split()[0]
        values = values[1:]
    elif _label_is_prose(label, len(values)):
        return None
    return _Row(index, label, list(values), [_Cell(v) for v in values], "plain")


def _parse_perf_stat_row(text: str, index: int) -> _Row | None:
    """A perf stat counter: the value first, then the event, a '#' comment and the run-to-run spread."""
    match = _PERF_STAT_ROW_RE.match(text)
    if not match or not (match.group("comment") or match.group("spread") or match.group("unit")
                         or match.group("abs_spread") or "elapsed" in match.group("event")):
        return None
    value = parse_number(match.group("value"))
    if value is None:
        return None
    cell = _Cell(value.value, match.group("unit"))
    printed: list[float | None] = [value.value]
    if match.group("spread"):
        cell.spread, cell.spread_is_pct = float(match.group("spread")), True
        printed.append(cell.spread)
    elif match.group("abs_spread"):
        cell.spread = float(match.group("abs_spread"))
        printed.append(cell.spread)
    label = " ".join(match.group("event").split())
    return _Row(index, label, printed, [cell], "perf")


def _parse_plain_row(text: str, index: int) -> _Row | None:
    """Label words, then a run of values to the end of the line (the longest such run)."""
    tokens = list(_TOKEN_RE.finditer(text))
    first = len(tokens)
    while first > 0 and (_VALUEISH_TOKEN_RE.match(tokens[first - 1].group())
                         or tokens[first - 1].group().lower() in UNIT_WORDS):
        first -= 1
    if first == len(tokens):
        return None
    region_tokens = tokens[first:]
    # Leading keys or units belong to the label ("CPU core: 40" has label "CPU core:").
    while region_tokens and not any(ch.isdigit() for ch in region_tokens[0].group()) \
            and region_tokens[0].group().lower() not in _MISSING_CELLS:
        region_tokens = region_tokens[1:]
    if not region_tokens:
        return None
    region_start = region_tokens[0].start()
    label = text[:region_start].strip()
    cells, printed, glued = _read_values(text[region_start:])
    if cells is None or not cells:
        return None
    style = "mmtests" if sum(c.change_pct is not None for c in cells) >= 2 and \
        cells[0].change_pct is not None and cells[0].change_pct == 0 else "plain"
    if not label:
        # An all-numeric row: its first number is its label (reaim's "Num Forked", fs_mark's "FSUse%").
        head = region_tokens[0].group()
        if len(cells) < 2 or head.count(".") > 1:
            return None
        label = head
        cells = cells[1:]
        printed = printed[1:]
    elif _label_is_prose(label, len(cells)):
        return None
    return _Row(index, " ".join(label.split()), printed, cells, style, glued=glued)


def _read_values(region: str) -> tuple[list[_Cell] | None, list[float | None], bool]:
    cells: list[_Cell] = []
    printed: list[float | None] = []
    glued = False
    pos = 0
    pending_key: str | None = None
    while pos < len(region):
        char = region[pos]
        if char.isspace():
            pos += 1
            continue
        change = _MMTESTS_CHANGE_RE.match(region, pos) if char in "(*" and cells else None
        if change:
            cells[-1].change_pct = float(change.group("pct"))
            cells[-1].significant = change.group("open") == "*" and change.group("close") == "*"
            printed.append(cells[-1].change_pct)
            pos = change.end()
            continue
        spread = _SPREAD_RE.match(region, pos) if char in "\u00b1+" and cells else None
        if spread:
            cells[-1].spread = float(spread.group("num"))
            cells[-1].spread_is_pct = bool(spread.group("pct"))
            printed.append(cells[-1].spread)
            pos = spread.end()
            continue
        key = _INLINE_KEY_RE.match(region, pos) if char.isalpha() else None
        if key:
            pending_key = key.group()[:-1]
            pos = key.end()
            continue
        token = _TOKEN_RE.match(region, pos)
        word = token.group()
        pos = token.end()
        if word in ("(", ")", "*", "%"):
            continue
        if word.lower() in _MISSING_CELLS and word.lower() != "x":
            cells.append(_Cell(None))
            printed.append(None)
            continue
        if word.lower() in UNIT_WORDS and cells and cells[-1].unit is None:
            cells[-1].unit = word
            continue
        number = parse_number(word.strip("(),*"))
        if number is not None:
            cells.append(_Cell(number.value, number.unit, pending_key))
            printed.append(number.value)
            pending_key = None
            continue
        if word.count(".") > 1 and word.replace(".", "").isdigit():
            cells.append(_Cell(None, key=word))  # glued columns, split once the table's precision is known
            printed.append(None)
            glued = True
            continue
        return None, [], False
    return cells, printed, glued


def _classify(text: str, index: int, start: int, end: int) -> _Line:
    line = _Line(index, start, end, text, "text")
    stripped = text.strip()
    if not stripped:
        line.kind = "blank"
    elif len(text) > _MAX_LINE:
        line.kind = "breaker"
    elif _is_border(text):
        line.kind = "border"
    elif _DIFFSTAT_RE.match(text):
        line.kind = "breaker"
    elif _COMMAND_RE.match(text):
        line.kind = "command"
    elif _DIGIT_RE.search(stripped):
        if stripped.startswith("|") or stripped.count("|") >= 2:
            row = _parse_pipe_row(text, index)
        else:
            row = _parse_simple_row(stripped, index) or _parse_lkp_row(text, index) \
                or _parse_perf_stat_row(text, index) or _parse_plain_row(text, index)
        if row is not None:
            line.kind, line.row = "row", row
    return line


def _fold_spaces(raw: str) -> str:
    """No-break spaces become spaces; UTF-8 "±" and NBSP read as Latin-1 ("Â±", "Â ") are repaired.
    Every replacement keeps the length, so offsets into the original text stay exact."""
    if "\u00c2" in raw:
        raw = raw.replace("\u00c2\u00b1", " \u00b1").replace("\u00c2\u00a0", "  ")
    return raw.replace("\u00a0", " ").rstrip("\r")


def _split_lines(text: str) -> list[_Line]:
    """Classify every line; a line seen before in this text reuses its reading (rows repeat a lot in
    logs and in generated input, and reading a row is the expensive step). A line too long to be a row
    is cut where a collapsed table's rows begin (see `_collapsed_pieces`)."""
    lines: list[_Line] = []
    seen: dict[str, _Line] = {}
    pos = 0
    index = 0
    for raw in text.split("\n"):
        end = pos + len(raw)
        pieces = [(pos, end)] if len(raw) <= _MAX_LINE else _collapsed_pieces(text, pos, end)
        for start, stop in pieces:
            folded = _fold_spaces(text[start:stop])
            known = seen.get(folded)
            if known is None:
                line = seen[folded] = _classify(folded, index, start, stop)
            else:
                row = known.row
                if row is not None:
                    row = _Row(index, row.label, row.printed, row.cells, row.style, row.glued, row.lkp)
                line = _Line(index, start, stop, folded, known.kind, row)
            if lines and line.kind == "text":
                above = lines[-1]
                line.continues = (above.kind == "text" and len(above.text.split()) >= 6
                                  and not above.text.rstrip().endswith((".", ":", "!", "?")))
            lines.append(line)
            index += 1
        pos = end + 1
    return lines


def _collapsed_pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of one over-long line cut where rows begin, for archives that lost a table's newlines:
    around box borders and LKP's column header, at each LKP row and before each mmtests statistic.
    Text with none of these stays one (unreadable) piece."""
    cuts = {start, end}
    for regex in (_COLLAPSED_BORDER_RE, _COLLAPSED_LKP_ROW_RE, _LKP_COLUMNS_RE):
        for match in regex.finditer(text, start, end):
            cuts.update((match.start(), match.end()))
    for match in _COLLAPSED_MMTESTS_RE.finditer(text, start, end):
        cuts.add(match.start())
    if len(cuts) == 2:
        return [(start, end)]
    bounds = sorted(cuts)
    pieces: list[tuple[int, int]] = []
    width = 0  # header words seen last: the number of values in each row that follows
    for low, high in zip(bounds, bounds[1:]):
        piece = text[low:high]
        stripped = piece.strip()
        if stripped:
            lead = len(piece) - len(piece.lstrip())
            parts, width = _header_and_rows(text, low + lead, low + lead + len(stripped), width)
            pieces.extend(parts)
    return pieces


def _header_and_rows(text: str, start: int, end: int, width: int) -> tuple[list[tuple[int, int]], int]:
    """A collapsed header and its rows ("base %stdev patched 1x 53.1 2.3 54.6 2x ..."): k header words,
    then rows of one label and k numbers each; rows alone take the width of the header before them.
    Returns the pieces and the width for what follows; anything else stays one piece."""
    tokens = list(_TOKEN_RE.finditer(text, start, end))
    k = 0
    while k < len(tokens) and parse_number(tokens[k].group()) is None:
        k += 1
    rest = tokens[k:]
    columns = k if k >= 2 else width
    if not rest:
        return [(start, end)], (k if k >= 2 else width)
    if columns < 2 or (0 < k < 2) or len(rest) % (columns + 1):
        return [(start, end)], width
    groups = [rest[i:i + columns + 1] for i in range(0, len(rest), columns + 1)]
    if not all(all(parse_number(t.group()) is not None for t in group[1:]) for group in groups):
        return [(start, end)], width
    head = [(start, tokens[k - 1].end())] if k else []
    return head + [(group[0].start(), group[-1].end()) for group in groups], columns


# --- blocks ---------------------------------------------------------------------------------------

def _is_header_like(line: _Line) -> bool:
    if line.kind != "text":
        return False
    stripped = line.text.strip()
    if stripped.startswith("|"):
        return True
    if _PROSE_END_RE.search(stripped) and not stripped.endswith(":") or _SENTENCE_BREAK_RE.search(stripped):
        return False
    words = stripped.split()
    return len(words) <= 12 or "  " in stripped or "\t" in stripped


def _caption_of(line: _Line) -> str | None:
    """"hv_spinlock disabled:" on a line of its own; not the end of a sentence that began above."""
    if line.kind != "text" or line.continues:
        return None
    match = _CAPTION_RE.match(line.text)
    if not match or len(match.group("caption").split()) > 10:
        return None
    caption = match.group("caption").strip()
    if ". " in caption or not caption[:1].isalnum():
        return None
    return caption


def _header_cells(text: str) -> list[tuple[int, str]]:
    """Cells of a header line with their columns: split on '|', else on runs of 2+ spaces or tabs."""
    expanded = text.replace("\t", " \t").expandtabs(8)  # a tab always separates cells
    if "|" in expanded:
        parts = []
        pos = 0
        for piece in expanded.split("|"):
            if piece.strip():
                parts.append((pos + len(piece) - len(piece.lstrip()), piece.strip()))
            pos += len(piece) + 1
        return parts
    return [(m.start(), m.group()) for m in re.finditer(r"\S+(?: \S+)*", expanded)]


def _word_cells(text: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group()) for m in _TOKEN_RE.finditer(text.expandtabs(8))]


def _name_columns(header_lines: list[_Line], n_values: int,
                  above: tuple[_Line, ...] = ()) -> tuple[str | None, list[str]]:
    """The label column's name and the value columns' names from a header line, the aligned lines
    stacked above it ("Recv / Socket / Size / bytes") and a wrapped continuation below it."""
    if not header_lines:
        return None, []
    main = header_lines[0]
    cells = _header_cells(main.text)
    if len(cells) not in (n_values, n_values + 1):
        words = _word_cells(main.text)
        if len(words) in (n_values, n_values + 1):
            cells = words
    names = [list(c) for c in cells]
    if not names:
        return None, []
    prefixes: list[list[str]] = [[] for _ in names]
    for line in above:
        for x, word in _word_cells(line.text):
            prefixes[_nearest_cell(names, x)].append(word)
    if len(header_lines) > 1:
        cont = header_lines[1].text
        cont_words = _word_cells(cont)
        if len(cont_words) == 1 and not cont[:1].isspace():
            names[-1][1] += " " + cont_words[0][1]
        else:
            for x, word in cont_words:
                names[_nearest_cell(names, x)][1] += " " + word
    labels = [" ".join(prefix + [name[1]]) for prefix, name in zip(prefixes, names)]
    if len(labels) == n_values + 1:
        return labels[0], labels[1:]
    if len(labels) == n_values:
        return None, labels
    return None, []


def _nearest_cell(names: list[list], x: int) -> int:
    """The header cell a word at column x belongs to: the last cell starting at or before it."""
    return min(range(len(names)), key=lambda i: (abs(names[i][0] - x) if names[i][0] <= x + 2
                                                 else 1000 + names[i][0] - x))


def _find_blocks(lines: list[_Line]) -> list[TableBlock]:
    blocks: list[TableBlock] = []
    floor = 0  # lines before this index belong to an earlier block
    i = 0
    n = len(lines)
    while i < n:
        if lines[i].kind != "row":
            i += 1
            continue
        j = last_row = i
        while j + 1 < n:
            if lines[j + 1].kind in ("row", "border"):
                j += 1
            elif _continues_perf_stat(lines, j):
                j += 2  # perf stat prints "time elapsed" after one blank line
            else:
                break
            if lines[j].kind == "row":
                last_row = j
        last = last_row + 1 if last_row + 1 < n and lines[last_row + 1].kind == "border" else last_row
        block = _make_block(lines, floor, i, last_row, last)
        blocks.append(block)
        floor = last + 1
        i = last + 1
    return blocks


def _continues_perf_stat(lines: list[_Line], j: int) -> bool:
    current, blank = lines[j], lines[j + 1]
    after = lines[j + 2] if j + 2 < len(lines) else None
    return (current.row is not None and current.row.style == "perf" and blank.kind == "blank"
            and after is not None and after.row is not None and after.row.style == "perf")


def _make_block(lines: list[_Line], floor: int, first_row: int, last_row: int, last: int) -> TableBlock:
    # Walk up from the first row through the header, borders and caption.
    top = first_row
    k = first_row - 1
    plain_text = 0
    caption = None
    nested_title = None  # "Performance counter stats for ...:" under a "Before:" caption
    while k >= floor:
        line = lines[k]
        if line.kind == "border" or (line.kind == "text" and line.text.strip().startswith("|")):
            top = k
        elif line.kind == "command":
            top = k
        elif line.kind == "text":
            cap = _caption_of(line)
            if cap:
                caption, top = cap, k
                outer = _outer_caption(lines, floor, k)
                if outer is not None:
                    nested_title, (caption, top) = cap, outer
                break
            if not _is_header_like(line) or plain_text >= 4:
                break
            plain_text += 1
            top = k
        elif line.kind == "blank" and k + 1 == first_row and k - 1 >= floor and _caption_of(lines[k - 1]) is None \
                and _is_header_like(lines[k - 1]) and len(_word_cells(lines[k - 1].text)) >= 2:
            pass  # a header set off from its rows by one blank line (netperf, some hand-made tables)
        elif line.kind == "blank" and k - 1 >= floor:
            cap = _caption_of(lines[k - 1])
            if cap and k + 1 <= first_row and (k + 1 == first_row or lines[k + 1].kind != "blank"):
                caption, top = cap, k - 1
                outer = _outer_caption(lines, floor, k - 1)
                if outer is not None:
                    nested_title, (caption, top) = cap, outer
            break
        else:
            break
        k -= 1
    prefix = lines[top:first_row]
    # A box table starts at its top border: drop loose text above it.
    borders = [p for p in prefix if p.kind == "border"]
    if borders:
        box_borders = [p for p in borders if "+" in p.text or p.text.strip().startswith("|")]
        first_box = min(prefix.index(box_borders[0]) if box_borders else len(prefix),
                        next((i for i, p in enumerate(prefix) if p.text.strip().startswith("|")), len(prefix)))
        if first_box < len(prefix) and (caption is None or prefix[0].kind != "text"
                                        or _caption_of(prefix[0]) is None):
            prefix = prefix[first_box:]
            top = prefix[0].index if prefix else top
    rows = [line.row for line in lines[first_row:last_row + 1] if line.row is not None]
    _unglue(rows, lines[first_row:last_row + 1])
    texts = [p for p in prefix if p.kind == "text" and _caption_of(p) is None]
    n_values = Counter(len(r.cells) for r in rows).most_common(1)[0][0]
    header_lines, above = _pick_header(texts, n_values)
    label_header, header = _name_columns(header_lines, n_values, above)
    title = nested_title
    if title is None and texts and header_lines and texts[0] is not header_lines[0] and texts[0] not in above:
        title = texts[0].text.strip().strip("|").strip()
    context_lines = lines[max(0, top - 6):top] + prefix
    context = "\n".join(line.text for line in context_lines)
    return TableBlock(lines[top:last + 1], top, last, rows, caption, header, label_header, title, context)


def _outer_caption(lines: list[_Line], floor: int, k: int) -> tuple[str, int] | None:
    """A caption directly above another caption (one blank line allowed) names the configuration."""
    for above in (k - 1, k - 2):
        if above < floor:
            return None
        if lines[above].kind == "blank":
            continue
        cap = _caption_of(lines[above])
        return (cap, above) if cap else None
    return None


def _pick_header(texts: list[_Line], n_values: int) -> tuple[list[_Line], tuple[_Line, ...]]:
    """The header line that best fits the rows (with its wrapped continuation), and the aligned header
    lines stacked directly above it."""
    candidates = texts[-4:]
    if not candidates:
        return [], ()

    def fit(line: _Line) -> int:
        """0 best: cells for a label column and every value column; then cells for the values only."""
        count = len(_header_cells(line.text))
        words = len(_word_cells(line.text))
        for rank, ok in enumerate((count == n_values + 1, count == n_values,
                                   words in (n_values, n_values + 1))):
            if ok:
                return rank
        return 3

    best = min(range(len(candidates)), key=lambda i: (fit(candidates[i]), len(candidates) - i))
    chosen = [candidates[best]]
    if best + 1 < len(candidates):
        nxt = candidates[best + 1]
        if len(_word_cells(nxt.text)) < len(_word_cells(chosen[0].text)) and not nxt.text.strip().startswith("|"):
            chosen.append(nxt)
    above: list[_Line] = []
    for line in reversed(candidates[:best]):
        nearest = above[0] if above else chosen[0]
        if line.index != nearest.index - 1 or line.text.strip().startswith("|") \
                or len(_header_cells(line.text)) < 2:
            break
        above.insert(0, line)
    return chosen, tuple(above)


# --- glued columns --------------------------------------------------------------------------------

def _unglue(rows: list[_Row], lines: list[_Line]) -> None:
    """Split glued value tokens using the precision shared by the table's well-formed numbers."""
    if not any(r.glued for r in rows):
        return
    tokens = [tok for line in lines if line.row for tok in line.text.split()]
    precision = common_precision(tokens)
    for row in rows:
        if not row.glued:
            continue
        cells: list[_Cell] = []
        printed: list[float | None] = []
        for cell in row.cells:
            if cell.value is None and cell.key and "." in cell.key:
                parts = split_glued(cell.key, precision)
                if parts is None:
                    cells.append(_Cell(None))
                    printed.append(None)
                else:
                    cells.extend(_Cell(v) for v in parts)
                    printed.extend(parts)
            else:
                cells.append(cell)
                printed.append(cell.value)
        row.cells, row.printed = cells, printed
        row.glued = False


# --- comparisons ----------------------------------------------------------------------------------

def _spread_pct(cell: _Cell) -> float | None:
    if cell.spread is None:
        return None
    if cell.spread_is_pct:
        return cell.spread
    if cell.value:
        return round(abs(cell.spread / cell.value) * 100, 4)
    return None


def _compare(label: str, metric: str | None, base: _Cell, new: _Cell, higher: bool | None,
             reported: float | None = None, significant: bool | None = None,
             base_sd: float | None = None, new_sd: float | None = None) -> Comparison | None:
    if base.value is None or new.value is None:
        return None
    delta = delta_pct(base.value, new.value)
    base_sd = base_sd if base_sd is not None else _spread_pct(base)
    new_sd = new_sd if new_sd is not None else _spread_pct(new)
    spread = None
    if base_sd is not None or new_sd is not None:
        ratio = abs(new.value / base.value) if base.value else 1.0
        spread = (base_sd or 0.0) + (new_sd or 0.0) * ratio
    return Comparison(label, metric, base.value, new.value, delta, base_sd, new_sd, reported,
                      verdict(delta, higher, spread_pct=spread, significant=significant))


def _table_direction(block: TableBlock) -> bool | None:
    stated = stated_direction(block.context)
    if stated is not None:
        return stated
    for name in (block.metric, block.title, block.caption, block.unit):
        direction = metric_direction(name)
        if direction is not None:
            return direction
    return None


def _or_row(higher: bool | None, label: str) -> bool | None:
    """The table's direction, else the one its row's label gives ("Elapsed", "User", "ops/sec")."""
    return higher if higher is not None else metric_direction(label)


def _pair_lkp(block: TableBlock) -> None:
    block.higher_is_better = stated_direction(block.context)
    commits = next((m for line in block.context.split("\n") if (m := _LKP_COMMITS_RE.match(line))), None)
    base_name, new_name = (commits.group("base"), commits.group("new")) if commits else ("base", "patched")
    block.header = [base_name, "%stddev", "%change", new_name, "%stddev"]
    block.label_header = "metric"
    for row in block.rows:
        if row.style != "lkp" or row.lkp is None:
            continue
        higher = metric_direction(row.label.replace(".", " ").replace("_", " "))
        reported = row.lkp["change"] if row.lkp["change_is_pct"] else None
        pair = _compare(row.label, row.label, row.cells[0], row.cells[1], higher, reported)
        if pair:
            block.pairs.append(pair)
            _check_reported(block, row, pair, "%change")


def _check_headlines(block: TableBlock, text: str, headlines: list[re.Match]) -> None:
    """The robot's headline must repeat the change its table prints for the same metric."""
    rows = {r.label: r for r in block.rows if r.style == "lkp" and r.lkp and r.lkp["change_is_pct"]}
    for headline in headlines:
        row = rows.get(headline.group("metric").rstrip(".:"))
        if row is None:
            continue
        stated, printed = float(headline.group("pct")), row.lkp["change"]
        if abs(abs(stated) - abs(printed)) > 0.1:
            line_start = text.rfind("\n", 0, headline.start()) + 1
            line_end = text.find("\n", headline.end())
            line_end = len(text) if line_end < 0 else line_end
            why = f"headline says {stated:g}% but the table prints {printed:+g}% for {row.label}"
            block.anomalies.append(Anomaly(line_start, line_end, text[line_start:line_end].strip(), why))


def _pair_mmtests(block: TableBlock) -> None:
    """Baseline is the first kernel; the printed gain's sign against the raw delta gives the direction."""
    uses_stars = any(c.significant for r in block.rows for c in r.cells)
    votes = Counter()
    for row in block.rows:
        if row.style != "mmtests" or _SPREAD_ROW_RE.match(row.label):
            continue
        for cell in row.cells[1:]:
            delta = delta_pct(row.cells[0].value, cell.value)
            if delta and cell.change_pct:
                votes[(delta > 0) == (cell.change_pct > 0)] += 1
    stated = stated_direction(block.context)
    table_higher = stated if stated is not None else (votes.most_common(1)[0][0] if votes else None)
    block.higher_is_better = table_higher
    spreads = _mmtests_spreads(block.rows)
    for row in block.rows:
        if row.style != "mmtests":
            continue
        stat, _, measured = row.label.partition(" ")
        base = row.cells[0]
        for k, cell in enumerate(row.cells[1:], start=1):
            higher = table_higher
            if _SPREAD_ROW_RE.match(row.label):
                higher = False  # a smaller spread is the better outcome
            significant = cell.significant if uses_stars and not _SPREAD_ROW_RE.match(row.label) else None
            metric = block.header[k] if k < len(block.header) else None
            # mmtests prints a gain: for a lower-is-better metric its sign is the opposite of the delta.
            reported = None
            if cell.change_pct is not None:
                reported = cell.change_pct if higher is not False else -cell.change_pct
            base_sd = new_sd = None
            if _MEAN_STAT_RE.match(stat):
                base_sd = _mmtests_spread_pct(spreads, measured, 0, base.value)
                new_sd = _mmtests_spread_pct(spreads, measured, k, cell.value)
            pair = _compare(row.label, metric, base, cell, higher, reported, significant,
                            base_sd=base_sd, new_sd=new_sd)
            if pair:
                block.pairs.append(pair)
                _check_reported(block, row, pair, metric or "gain")


def _mmtests_spreads(rows: list[_Row]) -> dict[tuple[str, str, int], float]:
    """("coeffvar" | "stddev", measured quantity, kernel column) -> value, from mmtests' spread rows."""
    spreads: dict[tuple[str, str, int], float] = {}
    for row in rows:
        stat, _, measured = row.label.partition(" ")
        if row.style == "mmtests" and stat.lower() in ("coeffvar", "stddev"):
            for k, cell in enumerate(row.cells):
                if cell.value is not None:
                    spreads[(stat.lower(), measured, k)] = cell.value
    return spreads


def _mmtests_spread_pct(spreads: dict[tuple[str, str, int], float], measured: str, k: int,
                        mean: float | None) -> float | None:
    """A mean's spread in percent: its CoeffVar row, else its Stddev row over the mean."""
    if ("coeffvar", measured, k) in spreads:
        return spreads[("coeffvar", measured, k)]
    stddev = spreads.get(("stddev", measured, k))
    if stddev is None or not mean:
        return None
    return round(abs(stddev / mean) * 100, 4)


def column_roles(header: list[str]) -> tuple[int | None, list[int], dict[int, int], int | None]:
    """Which value columns a header names: (baseline, [patched ...], {value column: its spread column},
    change column). Baseline and patched come from the names' words ("base", "w/o X", "vanilla" /
    "patched", "w/ X", "after") or, for kernel names (mmtests), from the order; (None, [], {}, None)
    when the header does not name a comparison."""
    base = None
    patched: list[int] = []
    spreads: dict[int, int] = {}
    change = None
    last_value = None
    for i, name in enumerate(header):
        clean = name.strip()
        if _SPREAD_COLUMN_RE.match(clean):
            if last_value is not None:
                spreads[last_value] = i
            continue
        if base is None and _BASELINE_COLUMN_RE.match(clean):
            base = i
        elif _PATCHED_COLUMN_RE.search(clean) or (base is not None and _BASELINE_COLUMN_RE.match(clean)):
            patched.append(i)
        elif _CHANGE_COLUMN_RE.search(clean):
            change = i
            continue
        last_value = i
    if base is None and len(header) >= 2 and all(_KERNEL_NAME_RE.match(n.strip()) for n in header):
        return 0, list(range(1, len(header))), {}, None
    if base is None or not patched:
        return None, [], {}, None
    patched = [p for p in patched if p > base] or patched
    return base, patched, spreads, change


def _pair_by_columns(block: TableBlock) -> bool:
    base, patched, spreads, change = column_roles(block.header)
    if base is None:
        return False
    higher = _table_direction(block)
    block.higher_is_better = higher
    for row in block.rows:
        if len(row.cells) != len(block.header):
            continue
        for p in patched:
            base_cell, new_cell = row.cells[base], row.cells[p]
            base_sd = row.cells[spreads[base]].value if base in spreads else None
            new_sd = row.cells[spreads[p]].value if p in spreads else None
            reported = row.cells[change].value if change is not None and len(patched) == 1 else None
            pair = _compare(row.label, block.header[p], base_cell, new_cell, _or_row(higher, row.label), reported,
                            base_sd=base_sd, new_sd=new_sd)
            if pair:
                block.pairs.append(pair)
                if reported is not None and pair.delta_pct is not None:
                    _check_reported(block, row, pair, block.header[change])
    return True


def _check_reported(block: TableBlock, row: _Row, pair: Comparison, column: str) -> None:
    reported = pair.reported_delta_pct
    if reported is None or pair.delta_pct is None:
        return
    delta = pair.delta_pct
    tolerance = max(0.1, 0.02 * abs(delta)) + _rounding_pct(pair.baseline) + _rounding_pct(pair.patched)
    if abs(abs(reported) - abs(delta)) > tolerance:
        why = f"reported {reported:g}% in column '{column}' but the row's own columns give {delta:+.2f}%"
        block.anomalies.append(_row_anomaly(block, row, why))


def _rounding_pct(value: float) -> float:
    """How far, in percent, a printed value may be from the one the tool computed with: half a unit in
    its last printed digit (the shortest repr, so "8.80" counts as one decimal, which only widens it)."""
    if not value:
        return 0.0
    text = repr(abs(value))
    if "e" in text:
        mantissa, exponent = text.split("e")
        digits = len(mantissa.split(".")[1]) if "." in mantissa else 0
        unit = 10.0 ** (int(exponent) - digits)
    else:
        unit = 10.0 ** -(len(text.split(".")[1]) if "." in text and not text.endswith(".0") else 0)
    return 50.0 * unit / abs(value)


def _row_anomaly(block: TableBlock, row: _Row, why: str) -> Anomaly:
    line = next(line for line in block.lines if line.index == row.line)
    return Anomaly(line.start, line.end, line.text.strip(), why)


def _pair_rows_by_role(block: TableBlock) -> bool:
    """Rows named for the configuration ("before 1000 10.5" / "after 1100 9.8"): the baseline row
    against each patched row, column by column."""
    base = [r for r in block.rows if _BASELINE_COLUMN_RE.match(r.label.rstrip(":"))]
    patched = [r for r in block.rows if r not in base and _PATCHED_COLUMN_RE.search(r.label.rstrip(":"))]
    if len(base) != 1 or not patched:
        return False
    higher = _table_direction(block)
    block.higher_is_better = higher
    for new_row in patched:
        for k in range(min(len(base[0].cells), len(new_row.cells))):
            metric = block.header[k] if k < len(block.header) else None
            column_higher = higher if higher is not None else metric_direction(metric)
            pair = _compare(new_row.label.rstrip(":"), metric, base[0].cells[k], new_row.cells[k], column_higher)
            if pair:
                block.pairs.append(pair)
    return True


def _label_groups(block: TableBlock) -> bool:
    """Rows labelled "<config> <rest>" twice, once per configuration: pair them by <rest>."""
    heads: dict[str, list[_Row]] = {}
    order: list[str] = []
    for row in block.rows:
        parts = row.label.rstrip(":").split(None, 1)
        if len(parts) != 2:
            return False
        head, rest = parts
        if head not in heads:
            heads[head] = []
            order.append(head)
        heads[head].append(row)
    if len(order) != 2:
        return False
    first, second = (heads[h] for h in order)
    rest_of = {r.label.rstrip(":").split(None, 1)[1]: r for r in first}
    matched = [(rest_of[r.label.rstrip(":").split(None, 1)[1]], r) for r in second
               if r.label.rstrip(":").split(None, 1)[1] in rest_of]
    if len(matched) < 2:
        return False
    higher = _table_direction(block)
    block.higher_is_better = higher
    for base_row, new_row in matched:
        for k in _paired_columns(base_row, new_row):
            metric = base_row.cells[k].key
            label = f"{new_row.label.rstrip(':').split(None, 1)[1]}"
            pair = _compare(label, metric, base_row.cells[k], new_row.cells[k], _or_row(higher, label))
            if pair:
                block.pairs.append(pair)
    return True


def _paired_columns(base_row: _Row, new_row: _Row) -> list[int]:
    width = min(len(base_row.cells), len(new_row.cells))
    summary = [k for k in range(width) if base_row.cells[k].key and _SUMMARY_COLUMN_RE.match(base_row.cells[k].key)]
    return summary or list(range(width))


def _pair_blocks(base: TableBlock, new: TableBlock) -> None:
    """Rows of a table printed once per configuration: match by label, else by position."""
    higher = _table_direction(new)
    if higher is None:
        higher = _table_direction(base)
    new.higher_is_better = base.higher_is_better = higher
    stated = stated_direction(new.context + "\n" + base.context)
    new.benchmark = new.benchmark or base.benchmark
    new.metric = new.metric or base.metric
    base_by_label = {r.label: r for r in base.rows}
    by_label = [(base_by_label.get(r.label), r) for r in new.rows]
    unique = len(base_by_label) == len(base.rows) and len({r.label for r in new.rows}) == len(new.rows)
    same_order = len(base.rows) == len(new.rows) and (not unique or all(
        b is None or base.rows.index(b) == i for i, (b, _) in enumerate(by_label)))
    if same_order:
        # Same rows in the same order, labels differing slightly ("178" against "179"): by position.
        matches = list(zip(base.rows, new.rows))
    elif unique and sum(b is not None for b, _ in by_label) * 2 >= len(new.rows):
        matches = [(b, r) for b, r in by_label if b is not None]
    else:
        return
    names = new.header or base.header
    constant = _constant_columns(matches)
    for base_row, new_row in matches:
        width = min(len(base_row.cells), len(new_row.cells))
        for k in range(width):
            if k in constant and width > 1:
                continue
            metric = names[k] if k < len(names) and width > 1 else None
            if width == 1 and (len(names) > 1 or not names):
                metric = new_row.label  # a summary line or a counter ("cycles 4,567,890") names its metric
            column_higher = stated if stated is not None else metric_direction(metric)
            if column_higher is None and names and metric and new.metric \
                    and _column_by_name([metric], new.metric.lower()) == 0:
                column_higher = higher  # the table's main metric
            if column_higher is None:
                # Other columns (times, sizes) keep their own direction or none: never the main metric's.
                column_higher = metric_direction(new_row.label) if width == 1 or not names else None
            pair = _compare(new_row.label, metric, base_row.cells[k], new_row.cells[k], column_higher)
            if pair:
                new.pairs.append(pair)


def _constant_columns(matches: list[tuple[_Row, _Row]]) -> set[int]:
    """Columns equal on both sides in every row that has them: a reference or a parameter, not a
    measurement (UnixBench's BASELINE, fs_mark's Count)."""
    width = max((min(len(b.cells), len(r.cells)) for b, r in matches), default=0)
    constant = set()
    for k in range(width):
        having = [(b, r) for b, r in matches if len(b.cells) > k and len(r.cells) > k and len(b.cells) > 1]
        if having and all(b.cells[k].value == r.cells[k].value for b, r in having):
            constant.add(k)
    return constant


# --- anomalies ------------------------------------------------------------------------------------

def _check_summaries(block: TableBlock, summary: TableBlock | None = None) -> None:
    """A summary line ("Max Jobs per Minute N", "Total files/sec: N") must agree with the column it
    summarizes: its maximum, minimum, sum or mean. The line is in the table or in `summary`, a block of
    key-value lines printed right below it."""
    data = [r for r in block.rows if len(r.cells) > 1]
    candidates = summary.rows if summary is not None else block.rows
    for row in candidates:
        match = _SUMMARY_ROW_RE.match(row.label.rstrip(":"))
        if not match or len(row.cells) != 1 or row.cells[0].value is None or not data:
            continue
        stat, rest = match.group("stat").lower(), match.group("rest").lower()
        column = _column_by_name(block.header, rest)
        if column is None:
            continue
        values = [r.cells[column].value for r in data if column < len(r.cells) and r.cells[column].value is not None]
        if not values:
            continue
        if stat.startswith("max"):
            expected = max(values)
        elif stat.startswith("min"):
            expected = min(values)
        elif stat == "total":
            expected = sum(values)
        else:
            expected = sum(values) / len(values)
        if abs(expected - row.cells[0].value) > 0.01 * max(abs(expected), 1e-9):
            name = {"total": "sum", "average": "mean"}.get(stat, stat)
            why = f"summary says {row.cells[0].value:g} but the column's {name} is {expected:g}"
            block.anomalies.append(_row_anomaly(summary or block, row, why))


def _column_by_name(header: list[str], words: str) -> int | None:
    wanted = set(re.findall(r"[a-z]+", words))
    if not wanted:
        return None
    best, best_score = None, 0.0
    for i, name in enumerate(header):
        have = set(re.findall(r"[a-z]+", name.lower()))
        score = len(have & wanted) / len(wanted | have) if have else 0.0
        if score > best_score:
            best, best_score = i, score
    return best if best_score >= 0.5 else None


def _check_outliers(block: TableBlock) -> None:
    """A value ten times off its neighbours in a column whose neighbours agree."""
    data = [r for r in block.rows if len(r.cells) > 1 and not _SUMMARY_ROW_RE.match(r.label)]
    if len(data) < 5:
        return
    width = min(len(r.cells) for r in data)
    flagged: set[int] = set()
    for k in range(width):
        column = [r.cells[k].value for r in data]
        for i, value in enumerate(column):
            if value is None or value <= 0 or i in flagged:
                continue
            before = [v for v in column[max(0, i - 2):i] if v is not None and v > 0]
            after = [v for v in column[i + 1:i + 3] if v is not None and v > 0]
            near = before + after
            # Neighbours on both sides must roughly agree; at an edge, the two on one side must agree
            # closely, so that a steady trend (1 job, 17 jobs, 33 jobs ...) is not taken for an outlier.
            # The first row is never judged alone: sweeps start small (1 job, then 17, 33 ...).
            limit = 2.0 if before and after else 1.5
            if not before or len(near) < 2 or max(near) > limit * min(near):
                continue
            middle = sorted(near)[len(near) // 2]
            if value * 10 < min(near) or value > 10 * max(near):
                flagged.add(i)
                name = block.header[k] if k < len(block.header) else f"column {k + 1}"
                why = f"{name} = {value:g} is far out of line with its neighbours (about {middle:g})"
                block.anomalies.append(_row_anomaly(block, data[i], why))


# --- naming ---------------------------------------------------------------------------------------

def _benchmark_named(text: str) -> str | None:
    for match in _WORD_RE.finditer(text):
        if match.group().lower() in _BENCHMARK_WORDS:
            return match.group()
    phrase = _BENCHMARK_PHRASE_RE.search(text)
    if phrase is None:
        return None
    return "perf stat" if phrase.group(1).lower().startswith("performance counter") else phrase.group(1)


def _name_block(block: TableBlock) -> None:
    span_text = "\n".join(line.text for line in block.lines if line.kind != "row")
    # The nearest mention wins: the context is read from the table upwards.
    nearest_first = "\n".join(reversed(block.context.split("\n")))
    for source in (block.title, block.caption, span_text, nearest_first):
        block.benchmark = _benchmark_named(source) if source else None
        if block.benchmark:
            break
    if block.benchmark is None and any(r.style == "lkp" for r in block.rows):
        block.benchmark = block.rows[0].label.split(".")[0]
    if block.benchmark is None and block.title:
        # A box table's title line starts with the benchmark's name: "compilebench (elapsed ...)".
        head = re.match(r"^([A-Za-z][\w+.-]*)", block.title)
        block.benchmark = head.group(1) if head else None
    if block.title:
        paren = re.search(r"\(([^)]*)\)", block.title)
        if paren and not re.search(r"\bruns?\b", paren.group(1)):
            metric = _STATED_DIRECTION_RE.sub("", paren.group(1))
            block.metric = metric.strip(" ,;-") or None
    if block.metric is None:
        for row in block.rows:
            match = _SUMMARY_ROW_RE.match(row.label)
            if match and len(row.cells) == 1 and match.group("rest"):
                block.metric = match.group("rest").strip()
                break
    if block.metric is None and block.rows and block.rows[0].style == "mmtests":
        parts = block.rows[0].label.split()
        if len(parts) >= 2:
            block.metric = re.sub(r"-\d+$", "", parts[1])
    units = Counter(c.unit for r in block.rows for c in r.cells if c.unit and c.unit not in ("%", "x"))
    if units:
        block.unit = units.most_common(1)[0][0]


# --- public ---------------------------------------------------------------------------------------

def _has_two_numeric_lines(text: str) -> bool:
    found = 0
    for regex in (_TWO_NUMBER_LINE_RE, _NUMBER_END_LINE_RE):
        for _ in regex.finditer(text):
            found += 1
            if found >= 2:
                return True
    return False


def find_table_blocks(text: str) -> tuple[TableBlock, ...]:
    """Every block of numeric rows in `text`, with header, caption and comparisons worked out.

    Shared with the inline-result finder, which reads one-row comparison tables as results; the last
    few texts' blocks are kept so that both finders on one message parse its lines once. Callers must
    not modify the blocks.
    """
    if not isinstance(text, str):
        raise TypeError("text must be a str")
    if not _has_two_numeric_lines(text) and not _LONG_LINE_RE.search(text):
        return ()
    return _read_blocks(text)


@functools.lru_cache(maxsize=4)
def _read_blocks(text: str) -> tuple[TableBlock, ...]:
    lines = _split_lines(text)
    blocks = _find_blocks(lines)
    headlines = list(_LKP_HEADLINE_RE.finditer(text)) if "noticed" in text else []
    previous: TableBlock | None = None
    for block in blocks:
        if _is_key_value_list(block):
            # "Score: 11066" lines are inline results; below a table they may summarize it.
            if previous is not None and block.first - previous.last <= 2:
                _check_summaries(previous, summary=block)
            continue
        _name_block(block)
        if any(r.style == "lkp" for r in block.rows):
            _pair_lkp(block)
            _check_headlines(block, text, headlines)
        elif any(r.style == "mmtests" for r in block.rows):
            _pair_mmtests(block)
        elif not _pair_by_columns(block):
            if previous is not None and _same_shape(previous, block) and not previous.pairs:
                _pair_blocks(previous, block)
                previous.paired_with_later = True
            elif not _label_groups(block):
                _pair_rows_by_role(block)
        if block.higher_is_better is None:
            block.higher_is_better = _table_direction(block)
        _check_summaries(block)
        _check_outliers(block)
        previous = block
    return tuple(blocks)


def _same_shape(base: TableBlock, new: TableBlock) -> bool:
    """Two tables of one run printed per configuration: both captioned, with the same header or labels."""
    if base.caption is None or new.caption is None or base.caption == new.caption:
        return False
    if _is_key_value_list(base) or _is_key_value_list(new):
        return False
    if base.header and base.header == new.header:
        return True
    labels = {r.label for r in base.rows}
    shared = sum(r.label in labels for r in new.rows)
    widths_match = Counter(len(r.cells) for r in base.rows).most_common(1)[0][0] == \
        Counter(len(r.cells) for r in new.rows).most_common(1)[0][0]
    return widths_match and (shared * 2 >= len(new.rows) or len(base.rows) == len(new.rows))


def _is_key_value_list(block: TableBlock) -> bool:
    """"Score: 11066"-style lines, one value per key: inline results, not a table."""
    return all(len(r.cells) == 1 and r.label.endswith(":") for r in block.rows)


def _is_comparison(block: TableBlock, follows_table: bool) -> bool:
    """Whether a block of numbers is benchmark evidence rather than a dump of one system's state
    ("free -m", vmstat, a profile): it pairs up, prints changes, says what it compares or measures,
    or continues a run of result tables right above it."""
    if len(block.rows) < 2 or _is_key_value_list(block):
        return False
    if block.pairs or block.paired_with_later:
        return True
    widths = Counter(len(r.cells) for r in block.rows)
    width = widths.most_common(1)[0][0]
    prints_changes = any(_CHANGE_COLUMN_RE.search(name) for name in block.header) or any(
        c.unit == "%" or c.change_pct is not None for r in block.rows for c in r.cells)
    if width == 1:
        # One column of changes ("| 8 | 19% |" under "Average gain") still compares two kernels.
        return bool(block.header) and bool(_CHANGE_COLUMN_RE.search(block.header[-1]))
    words = " ".join(filter(None, (block.title, block.caption, " ".join(block.header), block.context)))
    return prints_changes or follows_table or block.benchmark is not None or bool(_COMPARISON_WORDS_RE.search(words))


def find_benchmark_tables(text: str) -> list[BenchmarkTable]:
    """Benchmark tables in one block of text (quote prefixes already removed).

    Returns one BenchmarkTable per table, in order; a table printed once per configuration gives one
    table per configuration, the later one holding the baseline -> patched pairs. Text without tables,
    or that cannot be read as one, gives an empty list; content never makes this raise.
    """
    tables = []
    blocks = find_table_blocks(text)
    last_kept = -10
    for block in blocks:
        if not _is_comparison(block, follows_table=block.first - last_kept <= 3):
            continue
        last_kept = block.last
        start, end = block.lines[0].start, block.lines[-1].end
        columns = tuple([block.label_header or ""] + block.header) if block.header else ()
        tables.append(BenchmarkTable(
            start=start, end=end, text=text[start:end], benchmark=block.benchmark, metric=block.metric,
            unit=block.unit, higher_is_better=block.higher_is_better, config=block.caption,
            columns=columns,
            rows=tuple(TableRow(r.label, tuple(r.printed)) for r in block.rows),
            pairs=tuple(block.pairs), anomalies=tuple(block.anomalies),
        ))
    return tables
