"""Side-per-line groups printed once per setup, each under its own caption, read as one table.

A "Before: 217 MB/s" / "After: 263 MB/s" pair alone is a comparison printed one line per side: an
inline result. The same pair printed again under a caption naming another setup ("On an ARM64 phone:",
"In an x86_64 VM:", "Tests 50 to 100:") is one measurement taken on several setups, which is how a
table is laid out when it is written by hand: the captions are its rows, the side names its columns.
SCHEMA calls such before/after blocks one paired table; here each group becomes a row labelled by its
caption, so the table reads as the author meant it.
"""

from __future__ import annotations

import dataclasses
import re

from extractors.model import Cell, Grid, GridRow
from extractors.numbers import parse_value
from extractors.tables.header_lines import KEY_VALUE_LINE_RE
from extractors.tables.pairing import Found, Part
from extractors.tables.regions import Region, is_heading
from extractors.vocab.metrics import METRIC_RE
from extractors.vocab.units import lookup_unit

# A rate named in a caption ("migrations/s", "per second"): the caption names what was measured.
_RATE_RE = re.compile(r"/\s*s(?:ec)?\b|\bper\s+sec", re.I)
# Words a caption naming a setup may have (numbers and signs aside: "B) 12 files of 1G - numjobs = 12"):
# a longer line is a sentence leading into the numbers.
_MAX_CAPTION_WORDS = 10


def join_captioned_sides(found: list[Found], region: Region) -> list[Found]:
    """`found` (in line order) with each run of two or more side-per-line groups that name the same sides
    in the same order, in the same unit, each under a caption of its own, made one table."""
    out: list[Found] = []
    run: list[tuple[Found, str]] = []
    for item in found:
        label = _group_label(item, region)
        if label is not None and run and _continues(run, item, label):
            run.append((item, label))
            continue
        out.extend(_settled(run))
        run = [(item, label)] if label is not None else []
        if label is None:
            out.append(item)
    return out + _settled(run)


def _settled(run: list[tuple[Found, str]]) -> list[Found]:
    return _as_table(run) if len(run) >= 2 and _one_measure(run) else [found for found, _ in run]


def _one_measure(run: list[tuple[Found, str]]) -> bool:
    """Whether the captions name one measure, or none: "Context switches/s:" over one group and
    "Migrations/s:" over the next each name what their group measured, and are no setups; "syscall
    time with 100 rules:" and "syscall time with 10 rules:" name one measure in two setups, as "add
    time:" and "delete time:" name it of two operations."""
    return len({_measure(label) for _, label in run}) == 1


def _measure(caption: str) -> str | None:
    """What a caption names as measured: its metric ("time" of "add_rule() time with 10 rules"), or a
    rate with what it counts ("Wakeups/s")."""
    if (metric := METRIC_RE.search(caption)) is not None:
        return metric.group().lower()
    rate = _RATE_RE.search(caption)
    return " ".join(caption[:rate.end()].lower().split()) if rate else None


def _group_label(found: Found, region: Region) -> str | None:
    """The caption over a group of one line per side, or None when `found` is not such a group."""
    if len(found.grids) != 1 or len(found.pairs) != 1 or found.baseline_label is None:
        return None
    part = found.grids[0]
    if part.grid.header != ("",) or len(part.grid.rows) < 2 or any(len(row.cells) != 1 for row in part.grid.rows):
        return None  # not one line per side
    caption = part.caption
    if part.caption_line is None and not (caption and caption == part.grid.caption):
        # a caption the block took in: the line right above the group, heading it (a heading line of the
        # group's own, "Test: 64KB, g2h" over its sides, is the grid's caption)
        above = region.line(part.offset + part.grid.first_line - 1).strip()
        caption = above if above.endswith(":") or is_heading(above) else \
            _settings_above(region, part.offset + part.grid.first_line)
    if not caption or sum(any(ch.isalpha() for ch in word) for word in caption.split()) > _MAX_CAPTION_WORDS:
        return None  # a sentence leading into the numbers
    return " ".join(caption.split()).rstrip(":").strip()


def _settings_above(region: Region, line: int) -> str | None:
    """The first of the "key: value" lines a group's paragraph opens with right above its sides ("Command:
    ./bench 32" over "Tasks: 1280"): the settings of the run the group measured, the first naming it."""
    first = None
    while line > 0 and KEY_VALUE_LINE_RE.match(region.line(line - 1)):
        line -= 1
        first = region.line(line).strip()
    return first if first is not None and (line == 0 or not region.line(line - 1).strip()) else None


def _continues(run: list[tuple[Found, str]], found: Found, label: str) -> bool:
    first, first_label = run[0]
    return (_sides(found, label) == _sides(first, first_label) and _unit(found) == _unit(first)
            and label not in {name for _, name in run})


def _sides(found: Found, caption: str) -> list[str]:
    """The names of a group's sides, without the words its caption also says: "Base XFS" and "Patched
    XFS" under "On XFS:" name the sides "Base" and "Patched", as "Base EXT4" does under "On EXT4:"."""
    said = {word.strip("():,").lower() for word in caption.split()}
    return [" ".join(word for word in row.label.split() if word.strip("():,").lower() not in said)
            for row in found.grids[0].grid.rows]


def _unit(found: Found) -> str | None:
    """What a group's numbers measure: the dimension of their unit (Gb/s and Mb/s are both a rate of
    bits), else the unit as printed."""
    value = parse_value(found.pairs[0].baseline_text)
    unit = lookup_unit(value.unit) if value and value.unit else None
    return unit.dimension if unit is not None else value.unit if value else None


def _as_table(run: list[tuple[Found, str]]) -> list[Found]:
    """One table whose rows are the groups, labelled by their captions, and whose columns are the sides."""
    rows = []
    for found, label in run:
        part = found.grids[0]
        cells = tuple(row.cells[0] if row.cells else Cell("", 0, 0) for row in part.grid.rows)
        rows.append(GridRow(part.offset + part.grid.rows[0].line, label, cells))
    (first, first_label), last = run[0], run[-1][0]
    labels = [row.label for row in first.grids[0].grid.rows]
    sides = _sides(first, first_label)
    header = tuple(sides) if all(sides) else tuple(labels)
    named = dict(zip(labels, header))  # each side by the name the groups share
    grid = Grid(reader=first.grids[0].grid.reader, first_line=rows[0].line,
                last_line=last.grids[0].offset + last.grids[0].grid.last_line, header=header, rows=tuple(rows),
                header_rows=(header,))
    pairs = tuple(dataclasses.replace(found.pairs[0], label=label) for found, label in run)
    return [dataclasses.replace(first, kind="table", last_line=last.last_line, grids=(Part(grid, None, 0),),
                                pairs=pairs, baseline_label=named.get(first.baseline_label, first.baseline_label),
                                patched_label=named.get(first.patched_label, first.patched_label))]
