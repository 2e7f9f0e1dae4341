"""Benchmark tables: read table-like blocks by their structure, then decide what they compare.

Only "table" blocks of `extractors.blocks` get here. Their regions (`regions`) are first offered to the
tool readers (`extractors.readers`), which know what each benchmark prints; what no reader claims is
read as a general grid (`grid` for aligned columns, `collapsed` for columns squeezed together, `bars`
for tables drawn with bars, `keyed` for key=value and sequence rows, all cutting lines into cells with
`tokens`; `header_lines` tells a header that holds numbers from a first row, `sweeps` a parameter's sweep
from results, `named_cases` joins a case's name line to the values line under it). The comparison stage
then keeps only grids that compare configurations (`compare` within one grid, `change_rows` for two runs
printed with their ratio or change row, `siblings` across a grid printed once per configuration, all
pairing cells with `pairing`; `setups` reads what names a setup; `references` finds the column or row the
others print their changes against), pairs their baseline and patched numbers, and turns a comparison
printed as one line per side into inline results, unless it is printed again under a caption per setup
(`captioned_sides`: then the groups are the rows of one table). Grids that compare nothing (one run,
counters, listings: `listing_grids`) are dropped, and so are grids whose numbers measure nothing at all
(`no_measurements`); what the rest compare becomes records (`records`).

It may import `extractors.model`, `blocks`, `numbers`, `verdicts`, `vocab` and `readers`, nothing outside `extractors`.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from typing import Sequence

from extractors.blocks import is_rule
from extractors.model import BenchmarkTable, Block, Grid, InlineResult, line_starts
from extractors.readers import TOOL_NAMES, kv_samples, read_tool_output
from extractors.tables.captioned_sides import join_captioned_sides
from extractors.tables.command_sides import options_added, sides_in_commands
from extractors.tables.compare import compare_grid
from extractors.tables.pairing import SIDE_KINDS, Found, Part, column_kind, row_kind
from extractors.tables.setups import negated_pairs
from extractors.tables.side_sections import compare_sections
from extractors.tables.siblings import added_to, adds_change, caption_side, compare_siblings, same_shape
from extractors.tables.slashed import join_slashed
from extractors.tables.continuations import continues, extend, more_records, placed, relabelled
from extractors.tables.counters import counted_rows
from extractors.tables.grid import read_grids
from extractors.tables.headers_above import names_above
from extractors.tables.named_cases import join_named_cases
from extractors.tables.headings import side_headings
from extractors.tables.no_measurements import measures_nothing
from extractors.tables.tokens import expand
from extractors.tables.records import line_results, stated_differences, table_record
from extractors.tables.regions import (MAX_BLANK_RUN, Region, caption_above, find_regions, headers_joined,
                                       headings_inside, is_heading, joined, titled)
from extractors.vocab.configurations import KERNEL_RELEASE_RE

def find_tables(text: str, blocks: Sequence[Block], run_first_line: int = 0
                ) -> tuple[list[BenchmarkTable], list[InlineResult], bool]:
    """The benchmark tables and line-per-side results in one quote run, and whether a benchmark tool's
    output was read in it: a measurement, even where it compares nothing (one cyclictest run).

    `text` is the run's text (its lines joined by newlines) and `blocks` its blocks, whose first_line
    counts from `run_first_line`. Offsets in the records are character offsets into `text`. Never
    raises because of the text."""
    starts = line_starts(text)
    tables: list[BenchmarkTable] = []
    results: list[InlineResult] = []
    tool_output = False
    regions = find_regions(blocks, run_first_line)
    for region, (compared, read) in _sides_apart(regions, side_headings(blocks, regions, run_first_line)):
        tool_output = tool_output or read
        for found in compared:
            first = region.first_line + found.first_line
            last = region.first_line + found.last_line
            if found.kind == "table":
                tables.append(table_record(found, region, text, starts, first, last))
                results.extend(stated_differences(found, region, text, starts, tables[-1]))
            else:
                results.extend(line_results(found, region, text, starts))
    return tables, results, tool_output


def _sides_apart(regions: list[Region], headings: list[tuple[str, str] | None]
                 ) -> list[tuple[Region, tuple[list[Found], bool]]]:
    """Each region with what it compares, where a tool's run captioned by one side ("Before:", "Without
    fixedbufs") and a later run of the same tool captioned by the other ("and after:") are read as one region,
    although prose parts them: together they are the comparison the captions name. Runs printed in two
    sections, one per side, pair in order (`_section_pairs`; `_heading_pairs`, where `headings` holds the heading
    of each region's section and its side, `headings.side_headings`); else each lone run pairs with the next one;
    else two runs of one tool whose commands differ by options added pair without and with them
    (`options_added`), or whose commands differ in one word naming each side (`command_sides`)."""
    compared = [_compare_region(region) for region in regions]
    captions = [_side_caption(region) for region in regions]
    sides = [_lone_run_side(region, found, captions) for region, found in zip(regions, compared)]
    out = list(zip(regions, compared))
    lone = [i for i, side in enumerate(sides) if side]
    pairs = _section_pairs(regions, compared, sides)
    sectioned = bool(pairs)
    if pairs:  # a run after its section's first is read under that run's caption, which names the side
        regions = list(regions)
        for i, j in pairs[1:]:
            for run, opener in ((i, pairs[0][0]), (j, pairs[0][1])):
                if not regions[run].captions:
                    regions[run] = titled(regions[run], _side_caption(regions[opener]))
    headed = False
    if not pairs:
        pairs = _heading_pairs(regions, compared, sides, headings)
        headed = bool(pairs)
    if headed:  # each run read under its section's heading, which names its side
        regions = [titled(region, heading[0]) if heading else region for region, heading in zip(regions, headings)]
    pairs = pairs or [
        (i, j) for i, j in zip(lone, lone[1:]) if sides[i][0] != sides[j][0] and sides[i][1] == sides[j][1]]
    two = None if pairs else _two_lone_runs(regions, compared)
    runs = two[0] if two is not None and two[1] == (None, None) else None
    if runs is not None and (options := options_added(*(regions[k].context for k in runs))) is not None:
        i, j = runs  # the run its command's options added made is the changed one
        regions = list(regions)
        regions[i], regions[j] = titled(regions[i], f"without {options}"), titled(regions[j], f"with {options}")
        pairs = [runs]
    elif runs is not None and (names := sides_in_commands(*(
            regions[k].command or regions[k].line(regions[k].tables[0][0]) for k in runs))) is not None:
        # each run's command names its side in the one word the commands differ in ("time ./old/prog" and
        # "time ./new/prog"), or with no command the line each run opens with ("writing, uncached 0"): that
        # name is the run's caption, whatever stood above the command
        regions = list(regions)
        for k, name in zip(runs, names):
            at = min(regions[k].commands, default=0) - 1 if regions[k].command else regions[k].tables[0][0]
            regions[k] = dataclasses.replace(regions[k], captions={at: name})
        pairs = [runs]
    if not pairs and two is not None and _one_side_named(regions, *two):
        pairs = [two[0]]
    paired: set[int] = set()
    for i, j in pairs:
        if i in paired:
            continue
        both = joined(regions[i], regions[j])
        found, read = _compare_region(both)
        if any(f.pairs for f in found):
            out[i], out[j] = (both, (found, read)), (regions[j], ([], read))
            paired.add(j)
    if (headed or sectioned) and len(paired) > 1:
        out = _as_one_table(out, regions, [(i, j) for i, j in pairs if j in paired])
    return out


def _as_one_table(out: list[tuple[Region, tuple[list[Found], bool]]], regions: list[Region],
                  pairs: list[tuple[int, int]]) -> list[tuple[Region, tuple[list[Found], bool]]]:
    """Runs of two sections paired one by one, made one table: the sections are one before/after
    comparison of several runs (whose pairs would otherwise overlap). Left as they are when a pair
    compares more than one thing."""
    founds = [out[i][1][0] for i, _ in pairs]
    if any(len(found) != 1 for found in founds):
        return out
    runs = sorted(k for pair in pairs for k in pair)
    whole = functools.reduce(joined, [regions[k] for k in runs])
    grids: list[Part] = []
    for (i, _), (found,) in zip(pairs, founds):
        shift = regions[i].first_line - whole.first_line
        grids.extend(dataclasses.replace(part, offset=part.offset + shift, caption_line=None if part.caption_line
                                         is None else part.caption_line + shift) for part in found.grids)
    table = dataclasses.replace(founds[0][0], kind="table", last_line=max(p.offset + p.grid.last_line for p in grids),
                                grids=tuple(grids), pairs=tuple(p for (found,) in founds for p in found.pairs))
    merged = list(out)
    for k in runs:  # every run is in the one table now, which the first run's place holds
        region, (_, read) = out[k]
        merged[k] = (whole, ([table], read)) if k == runs[0] else (region, ([], read))
    return merged


def _two_lone_runs(regions: list[Region], compared: list[tuple[list[Found], bool]]
                   ) -> tuple[tuple[int, int], tuple[str | None, str | None]] | None:
    """The only two regions of a quote run that are runs of one tool comparing nothing alone, with the
    sides the captions over them name (None where a caption names none)."""
    readers = {i: reader for i, region in enumerate(regions) if (reader := _lone_reader(region, compared[i]))}
    runs = sorted(readers)
    if len(runs) != 2 or len(set(readers.values())) != 1:
        return None
    first, second = (caption_side(_side_caption(regions[i])) for i in runs)
    return (runs[0], runs[1]), (first, second)


def _one_side_named(regions: list[Region], runs: tuple[int, int], sides: tuple[str | None, str | None]) -> bool:
    """Whether two lone runs compare though one caption names no side: "after my switch to ..." over the
    later run (the earlier one is what it changed), or "at the previous commit" over one and a kernel
    named over the other (the kernel is the change; "with the second box" names another setup)."""
    if sides == (None, "patched"):
        return True
    unnamed = [run for run, side in zip(runs, sides) if side is None]
    caption = _side_caption(regions[unnamed[0]]) if len(unnamed) == 1 else None
    return "baseline" in sides and caption is not None and \
        any(KERNEL_RELEASE_RE.match(word.strip(":,()")) for word in caption.split())


def _section_pairs(regions: list[Region], compared: list[tuple[list[Found], bool]],
                   sides: list[tuple[str, str] | None]) -> list[tuple[int, int]]:
    """Lone runs printed in two sections, each opened by a run whose caption names its side and going on
    with runs of other setups under captions of their own ("Baseline kernel:" over a 512b run, "and
    using 4k blocks:" over a 4k run, then "With the patched kernel:" over the same two): the k-th run
    of one section with the k-th of the other. None unless the two sections name opposite sides and
    hold the same tool's runs, two or more, in the same order."""
    sided = [i for i, side in enumerate(sides) if side]
    if len(sided) != 2 or sides[sided[0]][0] == sides[sided[1]][0]:
        return []
    sections: list[list[tuple[int, str]]] = []
    for index in range(sided[0], len(regions)):
        if sides[index]:
            sections.append([(index, sides[index][1])])
        elif (reader := _lone_reader(regions[index], compared[index])) is not None:
            sections[-1].append((index, reader))
    if len(sections[0]) != len(sections[1]) or len(sections[0]) < 2 \
            or [reader for _, reader in sections[0]] != [reader for _, reader in sections[1]]:
        return []
    return [(i, j) for (i, _), (j, _) in zip(*sections)]


def _heading_pairs(regions: list[Region], compared: list[tuple[list[Found], bool]], sides: list[tuple[str, str] | None],
                   headings: list[tuple[str, str] | None]) -> list[tuple[int, int]]:
    """Lone runs under two headings of opposite sides (`headings.side_headings`), none captioned with a
    side of its own: the k-th run under one heading with the k-th under the other, when both hold the
    same tools' runs in the same order."""
    if any(sides):
        return []
    runs = [(i, headings[i][1], reader) for i in range(len(regions))
            if headings[i] and (reader := _lone_reader(regions[i], compared[i])) is not None]
    first = list(itertools.takewhile(lambda run: run[1] == runs[0][1], runs))
    second = runs[len(first):]
    if not first or len(first) != len(second) or any(run[1] != second[0][1] for run in second) or \
            [run[2] for run in first] != [run[2] for run in second]:
        return []
    return [(a[0], b[0]) for a, b in zip(first, second)]


def _lone_run_side(region: Region, compared: tuple[list[Found], bool], named: list) -> tuple[str, str] | None:
    """(side, reader) of a region that compares nothing by itself and opens with a tool's output under a caption
    naming a side, or one another region's patched caption (among `named`) adds a change to (`added_to`)."""
    side, parts = caption_side(own := _side_caption(region)) or ("baseline" if added_to(own, named) else None), None
    if side is None and not compared[0] and region.tables and \
            any(map(caption_side, [*region.captions.values(), *region.lead.values()])):
        # the caption of the first grid, with the line above it: a side named over a numbered item ("Before
        # this patch" over "1) iostat results:"), or over a grid that follows lines read as none (a histogram)
        parts = _grids(region)
        side = caption_side(parts[0].caption) if parts and parts[0].caption else None
    reader = _lone_reader(region, compared, parts) if side else None  # the grids, for the few regions a side names
    return (side, reader) if reader else None


def _side_caption(region: Region) -> str | None:
    """The first caption above a region's tables: the tool's echoed settings between are its own."""
    above = [line for line in region.captions if region.tables and line < region.tables[0][0]]
    return region.captions[min(above)] if above else None


def _lone_reader(region: Region, compared: tuple[list[Found], bool], parts: list[Part] | None = None) -> str | None:
    """The tool whose output opens a region that compares nothing by itself, or None; for a region of one
    grid that no tool printed, its shape (reader, columns, row labels), which the other side's run must
    repeat (a command between the runs, setting up the second, parts them into regions of their own)."""
    found, read = compared
    if found or not region.tables:
        return None
    parts = _grids(region) if parts is None else parts  # read by the caller already, or read here
    if not parts:
        return None
    first = parts[0].grid
    if first.reader in TOOL_NAMES:
        return first.reader if read else None
    return "|".join((first.reader, *first.header, *(row.label for row in first.rows))) if len(parts) == 1 else None


_HEADER_REACH = 3  # lines above a grid's first row where its column names may stand apart from it


def _grids(region: Region) -> list[Part]:
    """Every grid of a region, tool outputs first, in line order, each with its caption."""
    tool_grids = read_tool_output(region.lines)
    claimed = {line for grid in tool_grids for line in range(grid.first_line, grid.last_line + 1)}
    parts = [Part(grid, None, 0) for grid in tool_grids]
    spans = join_slashed(region.lines, headers_joined(region.lines, region.tables))
    for first, last in join_named_cases(region.lines, spans):
        if any(line in claimed for line in range(first, last + 1)):
            if (rest := _unclaimed_rows(first, last, claimed)) is None:
                continue
            first, last = rest
        parts.extend(Part(counted_rows(grid), None, first) for grid in read_grids(region.lines[first:last + 1]))
    parts.sort(key=lambda p: p.offset + p.grid.first_line)
    occupied = {p.offset + line for p in parts for line in range(p.grid.first_line, p.grid.last_line + 1)}
    out: list[Part] = []
    shared: tuple[tuple[str, ...], tuple[tuple[str, ...], ...]] | None = None  # names over runs captioned by side
    headings: list[tuple[int, str]] | None = None
    for p in _merge_continuations(parts, region):
        first = p.offset + p.grid.first_line
        above = first
        # "before:" / "after:" right over each run's rows, the column names printed once over the first
        unnamed = len(p.grid.header) > 1 and not any(p.grid.header)
        sided = (unnamed or shared is not None) and caption_side(region.line(first - 1).strip()) is not None
        if unnamed and (len(p.grid.rows) > 1 or sided):
            window = [expand(region.line(i))[0] for i in range(first - sided - _HEADER_REACH, first - sided)]
            named = names_above(window, _HEADER_REACH, len(p.grid.header), min(r.cells[0].start for r in p.grid.rows))
            if named is None and sided and shared is not None and len(shared[0]) == len(p.grid.header):
                named = (shared[0], 0, shared[1])
            if named is not None:  # names printed apart from the rows: the header, and the caption is above them
                p = Part(dataclasses.replace(p.grid, header=named[0], header_rows=named[2]), p.caption, p.offset)
                above = first if sided else first - _HEADER_REACH + named[1]
                shared = (named[0], named[2]) if sided else shared
        # a sampling tool echoes its own settings above its samples in their key=value form ("polled=1,
        # fixedbufs=1, QD=128"): that echo is the tool's, where settings over another tool's run are the author's
        settings = p.grid.reader in TOOL_NAMES and p.grid.reader != kv_samples.NAME
        found = caption_above(region, above, occupied, settings=settings)
        if sided and shared is not None and p.grid.header == shared[0]:
            found = (first - 1, region.line(first - 1).strip())  # the side's line alone, not the names over it
        if found is None and p.grid.reader in TOOL_NAMES:
            found = _caption_over_preamble(region, above, occupied)
        if found and caption_side(p.grid.caption or "") and not caption_side(found[1]):
            found = None  # the run's own name for its side ("patched: 0.12user ..."), nearer than the line above
        caption, caption_line = (found[1], found[0]) if found else (p.grid.caption, None)
        if caption_line is not None and caption_side(caption) is None:
            caption = _side_from_line_above(region, caption_line, caption)
        if caption_side(caption or "") is None:
            headings = headings_inside(region) if headings is None else headings  # read once, for the first part
            at, heading = next(((at, title) for at, title in reversed(headings) if at < first), (-1, None))
            nearer = caption_line is not None and at > caption_line  # a heading between the caption and the rows
            if heading is not None and (caption_side(heading) or nearer):  # "Case 2: with this patch" framed by rules
                caption = f"{heading}: {caption}" if caption and not nearer else heading
        if caption is None and out and _only_blank_between(region, out[-1].offset + out[-1].grid.last_line, first):
            # a summary line right under a run's table belongs to that run
            caption, caption_line = out[-1].caption, out[-1].caption_line
        rerun = any(start <= first <= end for start, end in region.tables if start in region.reruns)
        out.append(Part(p.grid, caption, p.offset, caption_line, rerun))
    return _merge_repeats([p for p in out if not measures_nothing(p, region)])


def _side_from_line_above(region: Region, line: int, caption: str) -> str:
    """A caption with the line of its paragraph above it, when only the two together name a side ("Here's
    the client with your series applied." over "The server remains at v5.10:"); else the caption."""
    above = region.captions.get(line - 1) or region.lead.get(line - 1)
    if not above or is_rule(above.strip()):
        return caption
    both = f"{above.strip()} {caption}"
    return both if caption_side(both) is not None else caption


def _unclaimed_rows(first: int, last: int, claimed: set[int]) -> tuple[int, int] | None:
    """The lines of a table block from `first` to `last` that a tool's grid left, when that grid took a
    few lines at one end of the block only (a quarter at most): a stray line of the tool's form after rows
    of another ("IOPS=266, BW=135MiB/s" under 26 labelled rows) leaves those rows a table to read. A tool
    that took more, or lines inside the block, printed the block: the rest is its own output."""
    taken = [line for line in range(first, last + 1) if line in claimed]
    if len(taken) * 4 > last - first + 1 or taken != list(range(taken[0], taken[-1] + 1)):
        return None
    rest = (taken[-1] + 1, last) if taken[0] == first else (first, taken[0] - 1) if taken[-1] == last else None
    return rest if rest is not None and rest[1] > rest[0] else None


def _caption_over_preamble(region: Region, first: int, occupied: set[int]) -> tuple[int, str] | None:
    """The caption above the table block a tool's grid starts inside, when the lines of the block above
    the grid are the tool's own preamble that no grid took ("stress-ng: info: dispatching hogs", a job
    line): the run's caption stands over everything the tool printed."""
    start = next((lo for lo, hi in region.tables if lo < first <= hi), None)
    if start is None or any(line in occupied for line in range(start, first)):
        return None
    return caption_above(region, start, occupied, settings=True)


def _whole_comparisons(first: Grid, later: Grid) -> bool:
    """Whether two grids list the same setups, a baseline among them ("base", "defer10", ... at 200K,
    then again at 400K), or each names its sides in a header of its own ("read / 1 job  original  patched"
    over one block, "write / 1 job ..." over the next): each block is a whole comparison by itself."""
    if all(any(column_kind(name) in SIDE_KINDS for name in grid.header) for grid in (first, later)):
        return True
    labels = _first_words(first)
    return labels == _first_words(later) and len(set(labels)) == len(labels) and \
        any(row_kind(label) == "baseline" for label in labels)


def _first_words(grid: Grid) -> list[str]:
    """The first word of each row's label: the setup, without the load a row may print after it."""
    return [(row.label.split() or [""])[0] for row in grid.rows]


def _merge_repeats(parts: list[Part]) -> list[Part]:
    """Join grids of the same shape under the same caption: a tool that prints one block per process
    or per run, all of one configuration ("x Disabled" over three stress-ng instances)."""
    out: list[Part] = []
    for part in parts:
        previous = out[-1] if out else None
        if (previous is not None and part.caption_line is not None and part.caption_line == previous.caption_line
                and same_shape(previous.grid, part.grid) and not _whole_comparisons(previous.grid, part.grid)):
            shift = part.offset - previous.offset
            out[-1] = dataclasses.replace(previous, grid=extend(previous.grid, part.grid, shift))
        else:
            out.append(part)
    return out


def _only_blank_between(region: Region, last: int, first: int) -> bool:
    return first - last <= 3 and not any(region.lines[i].strip() and i not in region.captions
                                         for i in range(last + 1, first) if 0 <= i < len(region.lines))


def _merge_continuations(parts: list[Part], region: Region) -> list[Part]:
    """Join to a table the rows printed after a blank line in its own columns ("System Benchmarks
    Index Score" under the rows it sums up): a header-less grid whose cells sit in the columns of the
    grid right above it, with no heading between ("Final, host_tagset=0:" names rows of their own)."""
    out: list[Part] = []
    for part in parts:
        previous = out[-1] if out else None
        last, first = previous.offset + previous.grid.last_line if previous else 0, part.offset + part.grid.first_line
        below = relabelled(previous.grid, part.grid) if previous is not None else part.grid
        if previous is not None and len(below.header) < len(previous.grid.header):
            rows = region.lines[part.offset:part.offset + part.grid.last_line + 1]
            below = placed(previous.grid, below, [expand(line)[0] for line in rows])
        # a rule with blank lines around it parts sections of one table, and counts for no gap
        between = [region.line(i).strip() for i in range(last + 1, first)] if previous is not None else []
        ruled = sum(map(is_rule, between)) if all(not text or is_rule(text) for text in between) else 0
        remarked = len(between) > MAX_BLANK_RUN and not any(between)  # a reply's remark cut out of a quoted table
        if previous is not None and (continues(previous.grid, below) and (first - last - ruled <= 2 or remarked) or
                                     more_records(previous.grid, below, first - last) and
                                     any(start <= last and first <= end for start, end in region.tables)) and \
                not any(is_heading(region.lines[i]) for i in range(last + 1, first)):
            shift = part.offset - previous.offset
            out[-1] = Part(extend(previous.grid, below, shift), previous.caption, previous.offset,
                           previous.caption_line)
        else:
            out.append(part)
    return out


def _compare_region(region: Region) -> tuple[list[Found], bool]:
    """Each grid by itself first; grids that compare nothing alone are tried as siblings: grids of the
    same shape printed one per configuration (a table and its summary line may alternate). With what
    was found, whether a tool's output was among the grids."""
    found: list[Found] = []
    classes: list[list[Part]] = []  # parts of one shape, in order, not yet compared
    alone_of: dict[int, Found] = {}  # what a run printed with its change reads as alone, should its siblings not compare
    parts = _grids(region)
    tool_output = any(part.grid.reader in TOOL_NAMES for part in parts)
    if (sectioned := compare_sections(parts, region.context)) is not None:
        return [sectioned], tool_output  # "Before:" over two commands' runs, "After:" over the same two
    alone_found = {id(part): compare_grid(part, region.context) for part in parts}  # what each grid compares by itself
    for run in _captioned_repeats(parts, alone_found):
        results = [result for result in compare_siblings(run, region.context) if result.pairs]
        if results:
            found.extend(results)
            parts = [p for p in parts if all(p is not q for q in run)]
    for part in parts:
        alone = alone_found[id(part)]
        if alone is None or not alone.pairs:  # its own change column only: a later run of the latest grid like it?
            first_run = next((c for c in reversed(classes) if adds_change(c[0].grid, part.grid)), None)
            if first_run is not None:
                if alone is not None:
                    alone_of[id(part)] = alone
                first_run.append(part)
                continue
        if alone is not None:
            found.append(alone)
            continue
        same = next((c for c in classes if same_shape(c[-1].grid, part.grid)), None)
        if same is not None and part.caption is not None and part.caption == same[0].caption \
                and part.caption_line != same[0].caption_line:
            # the first run's caption again: the comparison of this shape is complete, a new one starts
            found.extend(_siblings(same, region, alone_of))
            classes.remove(same)
            same = None
        if same is None:
            classes.append([part])
        else:
            same.append(part)
    for parts in classes:
        found.extend(_siblings(parts, region, alone_of))
    return join_captioned_sides(sorted(found, key=lambda f: f.first_line), region), tool_output


def _captioned_repeats(parts: list[Part], alone_found: dict[int, Found | None]) -> list[list[Part]]:
    """Runs of grids printed once per configuration, each under a caption of its own, with the same row
    labels ("v5.8" / "v5.9" over "sendto" and "recvfrom" rows), which each alone (`alone_found`) reads as
    rows of setups: the captions are the setups, so the rows are the same things measured in each."""
    runs: list[list[Part]] = []
    for part in parts:
        labels = [row.label for row in part.grid.rows]
        run = runs[-1] if runs else None
        if run is not None and part.caption and same_shape(run[-1].grid, part.grid) and \
                labels == [row.label for row in run[-1].grid.rows] and part.caption not in {p.caption for p in run}:
            run.append(part)
        else:
            runs.append([part])
    return [run for run in runs if len(run) >= 2 and all(p.caption for p in run) and len(run[0].grid.rows) >= 2
            and all(_compares_rows(part, alone_found[id(part)]) for part in run) and not _rows_name_setups(run[0])]


def _rows_name_setups(part: Part) -> bool:
    """Whether every row label names a setup by itself (a kernel release, a baseline, a patched kernel):
    then the rows are what each grid compares, and the captions over the grids name what was measured
    ("Thin Volume" over "linux-5.9.11" and "linux-5.8.18"), not setups."""
    labels = [row.label for row in part.grid.rows]
    return all(row_kind(label) in ("baseline", "patched", "config") for label in labels) or \
        len(labels) == 2 and bool(negated_pairs(labels))  # "hosttags" / "non hosttags": a setting off and on


def _compares_rows(part: Part, alone: Found | None) -> bool:
    """Whether what a grid compares by itself (`alone`) is setups in its rows, one row against another."""
    labels = {row.label for row in part.grid.rows}
    return alone is not None and alone.baseline_label in labels and alone.patched_label in labels


def _siblings(parts: list[Part], region: Region, alone_of: dict[int, Found]) -> list[Found]:
    return compare_siblings(parts, region.context) or [alone_of[id(p)] for p in parts if id(p) in alone_of]
