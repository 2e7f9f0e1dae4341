"""The record types every extractor returns: frozen dataclasses with tuples, never mutated after building.

Offsets: `start`/`end` are character offsets into the text the finder was given (one block with its
quote prefixes removed); `first_line`/`last_line` and `line` are 0-based indexes of lines in that text.
`extractors.analysis` turns both into body lines and attaches quotation and author.

Numbers keep the text they were printed as (`Value.text`) beside the parsed float, so that a report can
show `861.5664` rather than a rounding of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

# What a block of a mail body is (`extractors.blocks`). Only "table" blocks reach the table readers and
# only "prose" blocks reach the sentence pipeline; the others are kept so that a user can see why a part
# of a message was not read.
BLOCK_KINDS = ("prose", "table", "diff", "code", "log", "command", "listing", "chart", "signature", "footer",
               "attribution", "blank")


@dataclass(frozen=True)
class Block:
    """A run of body lines of one kind, at one quote depth, written by one author."""

    kind: str  # one of BLOCK_KINDS
    first_line: int  # 0-based body line of its first line
    lines: tuple[str, ...]  # the lines with their quote prefixes removed
    depth: int = 0  # 0 for new text, 1 for "> ", 2 for "> > " ...
    author: str | None = None  # who wrote it when quoted (from the attribution line); None if unknown

    @property
    def last_line(self) -> int:
        return self.first_line + len(self.lines) - 1

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass(frozen=True)
class Value:
    """One number as a benchmark printed it: the float, the printed text, its unit and its spread.

    `value` is in the printed scale with K/M/G multipliers applied ("125.88M" is 125880000.0) and
    durations in seconds ("4m35.973s" is 275.973). A spread printed beside it ("± 2%", "+- 0.3",
    "(+/-4,6%)") is kept as printed: relative in `spread_pct`, absolute (in the value's unit) in
    `spread_abs`; at most one of the two is set.
    """

    value: float
    text: str
    unit: str | None = None
    spread_abs: float | None = None
    spread_pct: float | None = None
    signed: bool = False  # printed with an explicit + or - (a change column, an LKP %change)


@dataclass(frozen=True)
class Cell:
    """One cell of a grid: its text, its column span in the line, and its number when it holds one."""

    text: str
    start: int  # column of its first character in the line
    end: int
    value: Value | None = None


@dataclass(frozen=True)
class GridRow:
    """One printed row: the line it is on (index into the lines the reader was given), its label
    (the non-numeric leading cells joined by a space, or "" when it has none) and its value cells."""

    line: int
    label: str
    cells: tuple[Cell, ...]


# What a column of a grid holds, when the reader knows it from the tool's own layout (an LKP table
# prints base, %change and patched columns in fixed places) or the comparison stage worked it out.
# "change" is printed as delta% (or in points for a percentage metric), "gain" as an improvement
# (positive is better, whichever way the metric goes).
COLUMN_ROLES = ("baseline", "patched", "config", "change", "gain", "spread", "metric", "ignore", "setups")


@dataclass(frozen=True)
class Grid:
    """Rows of numbers read from one table-like block or one run of a tool's output, before deciding
    what it compares.

    `header` has one name per value column ("" where none is printed); `roles` is empty when the reader
    does not know the roles, else one of COLUMN_ROLES per value column. `caption` is the line that names
    this grid's run or configuration when the tool or the author printed one ("BASE", "x Disabled foo()",
    "ntttcp tests with 512 Rx buffers"); `unit` and `metric` come from the tool or the header.
    Line numbers are indexes into the lines the reader was given.
    """

    reader: str  # "aligned", "box", "perf-stat", "fio", "lkp", "mmtests", ...
    first_line: int
    last_line: int
    header: tuple[str, ...]
    rows: tuple[GridRow, ...]
    roles: tuple[str, ...] = ()
    caption: str | None = None
    benchmark: str | None = None  # the tool or test the grid belongs to, when the output names it
    metric: str | None = None
    unit: str | None = None
    higher_is_better: bool | None = None  # when the tool or the text states it
    significant: tuple[bool | None, ...] = ()  # per row, when the tool marks significance (mmtests '*')
    # The header lines as printed, one tuple per line with the text over each value column (a group
    # header over several columns repeats in each), and the header of the label column.
    header_rows: tuple[tuple[str, ...], ...] = ()
    label_header: str | None = None
    labels_after: bool = False  # the row labels are printed after the numbers (LKP, perf report)
    # The row every other row is compared with, when the tool's layout fixes it (ministat's first data set).
    reference_row: int | None = None


@dataclass(frozen=True)
class TableRow:
    """One numeric row as printed: its label and every number in it (None for an empty cell)."""

    label: str
    values: tuple[float | None, ...]


@dataclass(frozen=True)
class Comparison:
    """One baseline -> patched comparison of one row label and metric, numbers as printed beside them."""

    label: str
    metric: str | None
    baseline: float
    patched: float
    baseline_text: str
    patched_text: str
    delta_pct: float | None  # (patched - baseline) / baseline * 100
    baseline_spread_pct: float | None
    patched_spread_pct: float | None
    baseline_spread_abs: float | None
    patched_spread_abs: float | None
    reported_delta_pct: float | None  # the change the table itself prints, when it prints one
    verdict: str  # better, worse, noise or unknown


@dataclass(frozen=True)
class Anomaly:
    """Something in a table that does not add up, with the offending text and why it was flagged."""

    start: int
    end: int
    text: str
    why: str


@dataclass(frozen=True)
class BenchmarkTable:
    """A table of benchmark numbers that compares configurations; `start`/`end` are char offsets of its
    first line's start and last line's end in the text given."""

    start: int
    end: int
    text: str
    reader: str
    benchmark: str | None
    metric: str | None
    unit: str | None
    higher_is_better: bool | None
    baseline_label: str | None
    patched_label: str | None
    config: str | None  # the machine or setup the text states for these numbers
    columns: tuple[str, ...]
    rows: tuple[TableRow, ...]
    pairs: tuple[Comparison, ...]
    anomalies: tuple[Anomaly, ...] = ()


@dataclass(frozen=True)
class InlineResult:
    """One baseline -> patched result stated in prose; `start`/`end` are char offsets of the statement."""

    start: int
    end: int
    text: str
    benchmark: str | None
    baseline: float | None
    patched: float | None
    baseline_text: str | None
    patched_text: str | None
    unit: str | None
    delta_pct: float | None
    higher_is_better: bool | None
    baseline_spread_abs: float | None
    patched_spread_abs: float | None
    verdict: str
    reported_delta_pct: float | None = None  # the change the sentence prints beside its pair, when it does


@dataclass(frozen=True)
class Question:
    """A reviewer's performance question or request: the sentence, where it is, and its category."""

    start: int
    end: int
    text: str
    category: str  # request-data, methodology, real-workload, regression, profile, comparison, other


@dataclass(frozen=True)
class Claim:
    """A performance claim: the sentence, where it is, its polarity and stated magnitude."""

    start: int
    end: int
    text: str
    polarity: str  # improvement, regression or neutral
    magnitude_pct: float | None  # the stated size of the effect, always positive; None when not stated


@dataclass(frozen=True)
class Placed:
    """A finding with its place in the body: 0-based first and last body line, quotation and author."""

    first_line: int
    last_line: int
    quoted: bool
    author: str | None
    item: BenchmarkTable | InlineResult | Question | Claim | Anomaly


@dataclass(frozen=True)
class BodyFindings:
    """Everything found in one body, and how many blocks of each kind it was split into."""

    tables: tuple[Placed, ...] = ()
    results: tuple[Placed, ...] = ()
    questions: tuple[Placed, ...] = ()
    claims: tuple[Placed, ...] = ()
    anomalies: tuple[Placed, ...] = ()
    block_counts: tuple[tuple[str, int], ...] = ()  # (kind, number of blocks), kinds in BLOCK_KINDS order


def line_starts(text: str) -> list[int]:
    """The offset of each line of `text`: records keep character offsets, and these map them back to
    the lines a reader is shown (one C-speed pass; this runs on every quote run of every message)."""
    return list(accumulate((len(line) + 1 for line in text.split("\n")[:-1]), initial=0))
