"""Grids whose numbers measure nothing, whatever they look like: a machine's description, its operating
points, addresses of a dump or a trace, a program's records, a worked example of a formula, an option
string, an advertisement. `_grids` of `extractors.tables` drops them before anything is compared.
"""

from __future__ import annotations

import re

from extractors.blocks import is_rule
from extractors.listings import SYSFS_PATH_RE
from extractors.model import Grid
from extractors.tables.grid import describes_machine
from extractors.tables.listing_grids import flags_only
from extractors.tables.pairing import Part
from extractors.tables.regions import Region
from extractors.tables.siblings import caption_side
from extractors.vocab.logs import TEST_OUTCOMES
from extractors.vocab.units import CONTACT_RE, PRICE_RE, VOLTAGE_UNITS, lookup_unit


def measures_nothing(part: Part, region: Region) -> bool:
    """Whether the grid of `part` (in `region`) is one whose numbers measure nothing."""
    lines = [line for line in region.lines[part.offset + part.grid.first_line:part.offset + part.grid.last_line + 1]
             if line.strip()]  # the grid's own lines, which several of the tests read
    return describes_machine(part.grid) or _advertises(lines) or _dumps_addresses(lines) \
        or _operating_points(part.grid) or _dumps_records(part, region) or _works_sums(part, region) \
        or _sets_options(lines) or _maps_registers(part, region) or _prints_expressions(part.grid) \
        or _lists_settings(part.grid) or _adds_up(part, region) or any(map(_REFLOWED_RE.search, lines)) \
        or _lists_kernel_objects(part.grid) or _maps_places(part.grid) or _prints_fields(lines) \
        or _states_verdicts(lines) or _counts_outcomes(part.grid) or _tallies(part) or _numbers_versions(part, region) \
        or flags_only(part.grid, least=2)  # "Before: 0" / "After: 1": a check's counts


def _lists_kernel_objects(grid: Grid) -> bool:
    """Whether a third or more of a grid's rows are kernel objects named by their sysfs paths (a power domain
    summary, its devices under each domain): the state of each object, not a measurement of a setup."""
    return sum(bool(SYSFS_PATH_RE.match(row.label)) for row in grid.rows) * 3 >= len(grid.rows)


# A rule with words or figures after it on its line ("===== 1000   |"): a table a mail client re-flowed
# into running text, its cells no longer under their column names (a rule of several dashed runs, one per
# column, is still a rule).
_REFLOWED_RE = re.compile(r"[=-]{5,}[ \t]+[^\s=|+-]")


# An expression of a program's code as the label of its printed value: a comparison of two variables
# ("(pa == pb) = 1"; "Batch==1" is a setting), a pointer dereferenced or a member reached through one
# ("*pa == 200", "p->len = 12").
_EXPRESSION_RE = re.compile(r"[=!<>]=\s*[A-Za-z_*&(]|[A-Za-z_]->[A-Za-z_]|^\W*[*&][A-Za-z_]")


def _prints_expressions(grid: Grid) -> bool:
    """Whether every row of a grid is named by an expression of code: a program printing its variables
    (what a test of a bug shows), not a measurement."""
    return bool(grid.rows) and all(_EXPRESSION_RE.search(row.label) for row in grid.rows)


# A step of a setup that sets something, its figure the value set ("- set the timeout to 200,000", "-
# enable polling (budget = 64,"), and the bullet that lists it.
_SETTING_RE = re.compile(r"\s(?:to|=)$")
_BULLET_RE = re.compile(r"^\s*[-*\u2022]\s+\S")


def _lists_settings(grid: Grid) -> bool:
    """Whether every row of a grid sets a value and most are bulleted (a step wrapped to a second line
    is not): how each setup was made, listed under its name, never what it measured."""
    labels = [row.label for row in grid.rows]
    return bool(labels) and all(_SETTING_RE.search(label) for label in labels) and \
        sum(bool(_BULLET_RE.match(label)) for label in labels) * 2 >= len(labels)


# Options as mount(8), the kernel's command line and many tools take them: key=value items joined by
# commas, no space between ("rsize=65536,wsize=65536,bsize=16777216").
_OPTION_STRING_RE = re.compile(r"^\s*[A-Za-z][\w.-]*=[^\s,=]+(?:,[A-Za-z][\w.-]*=[^\s,=]+)+,?\s*$")


def _sets_options(lines: list[str]) -> bool:
    """Whether every line of a grid is an option string: settings asked for or agreed on (the sizes in
    /etc/fstab against those /proc/mounts shows), never results."""
    return bool(lines) and all(_OPTION_STRING_RE.match(line) for line in lines)


# A register's offset, as a datasheet or a driver's dump names it: a few hex digits ("2c", "0x35").
_OFFSET_RE = re.compile(r"^(?:0x)?[0-9a-fA-F]{1,4}:?$")
# A line of a register map: an offset with a hex letter, a colon, the value ("2f: 10", "0x3a: 80").
_HEX_OFFSET_LINE_RE = re.compile(r"^\s*(?:0x)?(?=[0-9a-f]{0,3}[a-f])[0-9a-f]{1,4}:\s", re.I)


def _maps_registers(part: Part, region: Region) -> bool:
    """Whether a grid's rows are named by register offsets where the region prints a register map (some
    offset holds a hex letter: "2c: 5", "35: 38"): a device's state, not a measurement."""
    return all(_OFFSET_RE.match(row.label.strip()) for row in part.grid.rows) and \
        any(_HEX_OFFSET_LINE_RE.match(line) for line in region.lines)


def _operating_points(grid: Grid) -> bool:
    """Whether every value of a grid is a clock frequency or a voltage, and both are there ("500 MHz |
    0.82V"): a CPU's operating points, the hardware's settings, not a benchmark's results (frequencies
    alone may be what a governor reached)."""
    units = [cell.value.unit for row in grid.rows for cell in row.cells if cell.value is not None]
    kinds = ["voltage" if unit in VOLTAGE_UNITS else (found.dimension if (found := lookup_unit(unit)) else None)
             for unit in units]
    return {"frequency", "voltage"} <= set(kinds) and all(kind in ("frequency", "voltage") for kind in kinds)


# A program's variable printed with its fields, each figure after its own name ("src_key: max 3 min 0
# total_hits 4096"): the line opens with a name joined by underscores, as C names a variable, and names
# three or more figures itself.
_VARIABLE_RE = re.compile(r"^\s*[a-z][a-z0-9]*_[a-z0-9_]*:\s")
_NAMED_FIGURE_RE = re.compile(r"\b[a-z_]+(?:\[\d+\])?\s*=?\s+\d")
_NAMED_FIGURES = 3


def _prints_fields(lines: list[str]) -> bool:
    """Whether every line of a grid prints a program's variable with its fields named one by one: the
    state of two variables, not two setups measured."""
    return bool(lines) and all(_VARIABLE_RE.match(line) and len(_NAMED_FIGURE_RE.findall(line)) >= _NAMED_FIGURES
                               for line in lines)


# The name of a column that counts things of each kind its rows name ("License  COUNT").
_TALLY_NAMES = frozenset({"count", "counts", "#", "number", "occurrences", "tally", "frequency"})


def _tallies(part: Part) -> bool:
    """Whether a grid's one value column counts the things its rows name (licenses, errors, call sites), no
    side captioned over it: a tally of kinds, not setups measured against each other (a tally per side, under
    "without" and "with the patch", compares the sides)."""
    header = part.grid.header
    return len(header) == 1 and header[0].strip().lower() in _TALLY_NAMES and caption_side(part.caption or "") is None


# A heading that names its figures versions ("Version changes", "Profile versions:"), and a figure printed
# as a version is ("1.4", "v2.10", "5.4.1"); measurements under "the old and new versions" are not.
_VERSIONS_RE = re.compile(r"\bversions?\b", re.I)
_VERSION_FIGURE_RE = re.compile(r"^v?\d{1,2}(?:\.\d{1,3}){1,2}$")


def _numbers_versions(part: Part, region: Region) -> bool:
    """Whether a grid's figures are versions: its first line, the line right over it, or its caption names
    versions and every figure is printed as one ("Version changes" over "Sink from 2.1 to 2.2"): releases of
    a spec."""
    first = part.offset + part.grid.first_line
    above = region.line(first - 1) + " " + region.line(first)
    cells = [cell for row in part.grid.rows for cell in row.cells if cell.value is not None]
    return bool(_VERSIONS_RE.search(above) or _VERSIONS_RE.search(part.caption or "")) and bool(cells) and all(
        _VERSION_FIGURE_RE.match(cell.text.strip()) for cell in cells)


# A functional test's outcome closing a row, as test suites print it ("Passed", "FAIL", "Fail[2]" with a note's
# mark): the row is a case of a test matrix, its figures the case's settings.
_VERDICT_RE = re.compile(r"\b(?:pass|passed|fail|failed|failure)(?:\[\d+\])?\s*$", re.I)
_VERDICT_SHARE = 3  # one line in this many closing in a verdict makes the grid a test matrix


def _states_verdicts(lines: list[str]) -> bool:
    """Whether one in three of a grid's lines at least close in a test's verdict: cases of a matrix of
    configurations a functional test passed or failed on (each maybe read as a grid of its own), not a
    measurement."""
    verdicts = sum(bool(_VERDICT_RE.search(line)) for line in lines)
    return verdicts > 0 and verdicts * _VERDICT_SHARE >= len(lines)


def _counts_outcomes(grid: Grid) -> bool:
    """Whether most rows of a grid are named by a test's outcome ("* pass: 411", "skip: 51", "total: 677"): a
    test suite's summary of its cases, one per setup it ran on (a bot's report repeats it per machine)."""
    named = sum(row.label.strip(" \t*-#:").lower() in TEST_OUTCOMES for row in grid.rows)
    return named >= 2 and named * 2 > len(grid.rows)


# A span of places as a map prints it: whole numbers joined by a dash, no unit ("0-11", "1013-1016").
_PLACE_RANGE_RE = re.compile(r"^\d+-\d+$")
# What such spans number in a map's header: the places of a device, a file or memory, and the CPUs of a
# mask ("logical block", "sector", "cpus"), where a span is a stretch of places, not a spread of results.
_PLACE_WORDS = frozenset({"block", "blocks", "sector", "sectors", "lba", "offset", "offsets", "extent", "extents",
                          "address", "addresses", "page", "pages", "pfn", "cpu", "cpus", "range", "ranges"})


def _maps_places(grid: Grid) -> bool:
    """Whether every value of a grid is a span of whole numbers under a header naming places (a file's
    logical blocks against the disk blocks they sit on, CPUs against the nodes they belong to): a map."""
    cells = [cell.text.strip() for row in grid.rows for cell in row.cells]
    named = set(re.findall(r"[a-z]+", " ".join(grid.header).lower()))
    return bool(cells) and all(map(_PLACE_RANGE_RE.match, cells)) and not named.isdisjoint(_PLACE_WORDS)


# An address as a debugger, a dump or a packet trace prints it: a register's content ("eax  0x80492e8
# 134517480"), a 64-bit kernel pointer without its "0x" (crash's "ps": "1489  2  1  ffffa14b641f0000  UN")
# or an IPv4 host ("14  10 172.27.30.129 -> 172.27.255.28 NFS 276 V4 Call").
_ADDRESS_RE = re.compile(r"(?<![\w.])0x[0-9a-fA-F]{2,}\b|(?<![\w.])(?=\d*[a-f])[0-9a-f]{16}(?![\w.])"
                         r"|(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.])")


def _dumps_addresses(lines: list[str]) -> bool:
    """Whether half or more of a grid's lines print an address (gdb's "info registers", a memory or
    register dump, a packet trace): machine state and traffic, whose numbers measure nothing; a profile's
    odd "[unknown] 0xffff..." row is one of many."""
    return sum(bool(_ADDRESS_RE.search(line)) for line in lines) * 2 >= len(lines)


# A record's heading that is a constant of the code ("DUMP_REG_BUF:", "IORING_OP_READ:"): upper case words
# joined by underscores, as C names an enum's values.
_CONSTANT_HEADING_RE = re.compile(r"^\s*[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+:\s*$")


def _dumps_records(part: Part, region: Region) -> bool:
    """Whether a key: value grid is one of a program's records headed by the constants of its code
    ("DUMP_SETUP:" over "io_uring_fd: 3", "end: true", "flags: 14"): a dump of structures, whose fields
    name no setups and whose numbers measure nothing."""
    return part.grid.reader == "keyed" and any(_CONSTANT_HEADING_RE.match(text) for text in region.captions.values())


# A sum worked out on a line: numbers joined by operators between two equals signs ("= 480 * 215 / 1024 =
# 100.78", "energy_diff = 106 - 100 = 6").
_WORKED_SUM_RE = re.compile(r"=\s*[-+]?\d[\d.,]*(?:\s*[-+*/]\s*\d[\d.,]*)+\s*=")


def _works_sums(part: Part, region: Region) -> bool:
    """Whether a grid is in a table block that works sums out ("cost = 480 * 1000 = 480000"): a worked
    example of a formula, whose values are the example's inputs and results, not measurements."""
    block = _block_of(part, region)
    return block is not None and any(_WORKED_SUM_RE.search(region.lines[i]) for i in range(block[0], block[1] + 1))


# The total of an addition laid out on lines: one figure alone on its line.
_TOTAL_RE = re.compile(r"^\s*=?\s*[~]?\d[\d.,]*\s?[A-Za-z\u00b5/%]{0,10}\s*$")


def _adds_up(part: Part, region: Region) -> bool:
    """Whether a grid's rows are the terms of an addition: a rule under its block, then the total alone
    ("37ms for A" / "85ms for B" / "-----" / "125ms"): the parts of one measurement, no comparison."""
    block = _block_of(part, region)
    if block is None:
        return False
    below = [line for line in region.lines[part.offset + part.grid.last_line + 1:block[1] + 1] if line.strip()]
    return len(below) == 2 and is_rule(below[0].strip()) and bool(_TOTAL_RE.match(below[1]))


def _block_of(part: Part, region: Region) -> tuple[int, int] | None:
    """(first, last) region line of the table block a grid starts in."""
    first = part.offset + part.grid.first_line
    return next(((start, end) for start, end in region.tables if start <= first <= end), None)


def _advertises(lines: list[str]) -> bool:
    """Whether a grid's lines print prices or contact details: an offer of goods ("Brand New ... QTY: 56 -
    $700 each") or of a course ("to: training@... or +254 ..."), whose numbers are no benchmark."""
    return any(PRICE_RE.search(line) or CONTACT_RE.search(line) for line in lines)
