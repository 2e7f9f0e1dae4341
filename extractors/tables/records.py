"""The records a region's comparisons become: a benchmark table with its rows, pairs and anomalies (rows
whose printed change disagrees with their values), the inline results of a line-per-side region, and
ministat's stated differences. Offsets are character offsets into the quote run's text.
"""

from __future__ import annotations

import dataclasses

from extractors.model import Anomaly, BenchmarkTable, Comparison, InlineResult, TableRow
from extractors.numbers import parse_value
from extractors.readers import ministat
from extractors.tables.naming import benchmark_name
from extractors.tables.pairing import Found, caption_metric, unit_of_header
from extractors.tables.regions import Region, framed_title
from extractors.tables.siblings import caption_side
from extractors.verdicts import metric_direction, verdict
from extractors.vocab.units import MEASURED_DIMENSIONS, dimension_of

# A printed change this far (in points) from the one the values give is flagged as an anomaly.
_ANOMALY_POINTS = 1.0


def _span(text: str, starts: list[int], first: int, last: int) -> tuple[int, int]:
    start = starts[min(first, len(starts) - 1)]
    end = starts[last + 1] - 1 if last + 1 < len(starts) else len(text)
    return start, end


def table_record(found: Found, region: Region, text: str, starts: list[int], first: int, last: int) -> BenchmarkTable:
    start, end = _span(text, starts, first, last)
    rows = tuple(TableRow(row.label, tuple(c.value.value if c.value else None for c in row.cells))
                 for part in found.grids for row in part.grid.rows)
    grid = found.grids[0].grid
    anomalies = tuple(_anomalies(found.pairs, text, starts, region, found))
    caption = found.grids[0].caption
    # two sides named alike ("syscalls:sys_enter_x" over both lines) are not named at all
    sides = (found.baseline_label, found.patched_label) if found.baseline_label != found.patched_label else (None, None)
    pairs = found.pairs
    titled = found.grids[0].caption_line is not None and framed_title(region.line(found.grids[0].caption_line))
    if len(found.grids) == 1 and titled and caption_side(caption) is None:
        # rows of setups measuring one thing each ("linux-6.1" / "linux-6.2" under "=== seq write ==="):
        # what they measured is the title over them
        pairs = tuple(dataclasses.replace(p, label=caption) if not p.label else p for p in pairs)
    return BenchmarkTable(
        start=start, end=end, text=text[start:end], reader=grid.reader,
        benchmark=grid.benchmark or benchmark_name(region.context, caption),
        metric=found.metric or caption_metric(caption), higher_is_better=found.higher_is_better,
        unit=found.unit or _common_unit(found.pairs) or (unit_of_header(caption) if caption else None),
        baseline_label=sides[0], patched_label=sides[1], config=None, columns=grid.header, rows=rows,
        pairs=pairs, anomalies=anomalies)


def _common_unit(pairs: tuple[Comparison, ...]) -> str | None:
    units = {_unit(p.baseline_text) for p in pairs}
    return units.pop() if len(units) == 1 else None


def _unit(printed: str) -> str | None:
    value = parse_value(printed)
    return value.unit if value else None


def _anomalies(pairs: tuple[Comparison, ...], text: str, starts: list[int], region: Region,
               found: Found) -> list[Anomaly]:
    """Rows whose printed change disagrees with the change their own values give. A table whose every
    printed change is its values' change with the sign turned prints gains ("0.056  0.052  7.14%": a time
    cut by 7%), as a change column may: no row of it disagrees."""
    checked = [p for p in pairs if p.reported_delta_pct is not None and p.delta_pct is not None]
    if checked and all(abs(p.reported_delta_pct + p.delta_pct) <= _ANOMALY_POINTS for p in checked):
        return []
    out = []
    for pair in pairs:
        if pair.reported_delta_pct is None or pair.delta_pct is None:
            continue
        if abs(pair.reported_delta_pct - pair.delta_pct) > _ANOMALY_POINTS:
            line = next((region.first_line + part.offset + row.line for part in found.grids
                         for row in part.grid.rows if row.label == pair.label), None)
            if line is None:
                continue
            start, end = _span(text, starts, line, line)
            out.append(Anomaly(start, end, text[start:end].strip(),
                               f"the row prints {pair.reported_delta_pct:+g}% but its values give "
                               f"{pair.delta_pct:+.2f}%"))
    return out


def stated_differences(found: Found, region: Region, text: str, starts: list[int],
                        table: BenchmarkTable) -> list[InlineResult]:
    """ministat's "Difference at 95.0% confidence" in percent, one inline result per data set: the
    tool's own verdict on the change, which holds even where the table's baseline and patched rows do
    not say which is which."""
    out = []
    for part in found.grids:
        if part.grid.reader != ministat.NAME:
            continue
        for row in part.grid.rows:
            value = row.cells[-1].value if row.label.endswith(ministat.DIFFERENCE_PCT) and row.cells else None
            if value is None:
                continue
            start, end = _span(text, starts, region.first_line + part.offset + row.line,
                               region.first_line + part.offset + row.line)
            out.append(InlineResult(
                start=start, end=end, text=text[start:end].strip(), benchmark=table.benchmark, baseline=None,
                patched=None, baseline_text=None, patched_text=None, unit=table.unit, delta_pct=value.value,
                higher_is_better=table.higher_is_better, baseline_spread_abs=None, patched_spread_abs=None,
                verdict=verdict(value.value, table.higher_is_better, significant=True)))
    return out


def line_results(found: Found, region: Region, text: str, starts: list[int]) -> list[InlineResult]:
    """One inline result per comparison of a line-per-side region, placed at the baseline's line."""
    part = next((p for p in found.grids if p.caption and p.caption == found.baseline_label), found.grids[0])
    lines = {row.label: row.line for row in reversed(part.grid.rows)}
    benchmark = part.grid.benchmark or benchmark_name(region.context, part.caption)
    out = []
    for pair in found.pairs:
        unit = _unit(pair.baseline_text) or found.unit or (unit_of_header(part.caption) if part.caption else None)
        if benchmark is None and found.higher_is_better is None and metric_direction(pair.label) is None \
                and dimension_of(unit) not in MEASURED_DIMENSIONS:
            continue  # "Number of features: 1" under two captions: a count or a setting, nothing measured
        key = pair.label.split(": ", 1)[-1]
        row_line = lines.get(key, lines.get(key.split(" ")[0], part.grid.rows[0].line))
        line = region.first_line + part.offset + row_line
        start, end = _span(text, starts, line, line)
        out.append(InlineResult(
            start=start, end=end, text=text[start:end].strip(), benchmark=benchmark, baseline=pair.baseline,
            patched=pair.patched, baseline_text=pair.baseline_text, patched_text=pair.patched_text,
            unit=unit, delta_pct=pair.delta_pct if pair.reported_delta_pct is None else pair.reported_delta_pct,
            higher_is_better=found.higher_is_better, baseline_spread_abs=pair.baseline_spread_abs,
            patched_spread_abs=pair.patched_spread_abs, verdict=pair.verdict))
    return out
