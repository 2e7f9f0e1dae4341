"""How the reports word what they show, the same way in every format: numbers exactly as the mail printed
them, changes (Δ% or, for a percentage metric, points), spreads, benchmark names, and the source every
line cites.

A number is shown as printed ("861.5664", "2.230"); a number the mail did not print itself (a spread,
a mean) is shown in full, never rounded to fewer digits than it has. The change of a percentage metric
(`mpstat.cpu.all.sys%` 21.50 → 25.70) reads in points (+4.20 pts, `evidence.delta_points`), as the test
robot prints it: a relative +19.53% of a percentage misleads.
"""

from __future__ import annotations

import re

from miner.reports.model import Comparison, EvidenceGroup, Source, VersionItem

# A printed value that is a number alone ("41", "2.230"), without a unit of its own ("41 usec").
_BARE_NUMBER_RE = re.compile(r"^[-+~]?\d[\d.,]*$")

def format_number(value: float | None) -> str:
    """A number the mail did not print as text, in full: 861.5664 stays "861.5664", 2.0 is "2"; "?" when
    unknown."""
    if value is None:
        return "?"
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def format_pct(value: float | None) -> str:
    """A percentage change with its sign and two decimals ("?" when unknown)."""
    return "?" if value is None else f"{value:+.2f}%"


def printed(c: Comparison, side: str) -> str:
    """One side of a comparison ("baseline" or "patched") as the mail printed it, else in full."""
    return c[f"{side}_text"] or format_number(c[side])  # type: ignore[literal-required]


def format_change(c: Comparison) -> str:
    """The change of one comparison: "+4.20 pts" for a percentage metric, else its Δ% ("-8.10%")."""
    if c["delta_points"] is not None:
        return f"{c['delta_points']:+.2f} pts"
    return format_pct(c["delta_pct"])


def _stated_only(c: Comparison) -> bool:
    return c["baseline"] is None and c["patched"] is None and not c["baseline_text"] and not c["patched_text"]


def numbers_with_unit(c: Comparison) -> str:
    """"baseline → patched" as printed, with the unit unless the printed numbers carry one already;
    "stated, no numbers" for a change stated without them."""
    if _stated_only(c):
        return "stated, no numbers"
    numbers = f"{printed(c, 'baseline')} → {printed(c, 'patched')}"
    bare = _BARE_NUMBER_RE.match(printed(c, "patched"))
    return f"{numbers} {c['unit']}" if c["unit"] and bare else numbers


def numbers_text(c: Comparison) -> str:
    """A comparison's numbers as report text: "baseline → patched (change)", as printed; "stated: -8.10%"
    for a change stated without its numbers."""
    if _stated_only(c):
        return f"stated: {format_change(c)}"
    return f"{printed(c, 'baseline')} → {printed(c, 'patched')} ({format_change(c)})"


def comparison_text(c: Comparison) -> str:
    """One comparison as report text: "label: baseline → patched (change)"."""
    return f"{c['label'] + ': ' if c['label'] else ''}{numbers_text(c)}"


def spread_text(c: Comparison) -> str:
    """Each side's spread as stated: relative ("±2%") or in the value's own unit ("±0.3 s"); "" if none."""
    unit = f" {c['unit']}" if c["unit"] else ""
    parts = []
    for side in ("baseline", "patched"):
        pct, abs_ = c[f"{side}_spread_pct"], c[f"{side}_spread_abs"]  # type: ignore[literal-required]
        parts.append(f"±{format_number(pct)}%" if pct is not None else
                     f"±{format_number(abs_)}{unit}" if abs_ is not None else "-")
    return "" if parts == ["-", "-"] else "/".join(parts)


def change_range(group: EvidenceGroup) -> str:
    """The changes of a group of comparisons: "Δ -6.05% .. -3.40%" (points for percentage metrics)."""
    changes = [c for c in group["comparisons"] if c["delta_pct"] is not None or c["delta_points"] is not None]
    if not changes:
        return "Δ ?"
    ordered = sorted(changes, key=lambda c: c["delta_points"] if c["delta_points"] is not None else c["delta_pct"])
    low, high = format_change(ordered[0]), format_change(ordered[-1])
    return f"Δ {low}" if low == high else f"Δ {low} .. {high}"


def benchmark_title(benchmark: str | None, metric: str | None) -> str | None:
    """A benchmark and its metric named once each: "hackbench Time", but "will-it-scale.per_thread_ops"
    for a metric that already starts with (or holds) its benchmark's name."""
    if not (benchmark and metric):
        return benchmark or metric
    if benchmark.lower() in metric.lower():
        return metric
    return benchmark if metric.lower() in benchmark.lower() else f"{benchmark} {metric}"


def group_name(group: EvidenceGroup) -> str:
    """How a group of comparisons is named in report text, with the two kernels when the table names them."""
    name = group["name"]
    if group["baseline_label"] and group["patched_label"]:
        name += f" ({group['baseline_label']} → {group['patched_label']})"
    return name


def cite(item: Source) -> str:
    """"Author, list, date, <link>": the source every report line names (unknown parts say so). Material
    quoted from a message the archive lacks reads "Author, quoted in <link> (sender, list, date)"."""
    who = item["author"] or "unknown author"
    quoted_in = item.get("quoted_in")
    if quoted_in:
        link = f"<{quoted_in['link']}>" if quoted_in["link"] else "a message"
        return (f"{who}, quoted in {link} ({quoted_in['author'] or 'unknown author'}, "
                f"{quoted_in['list'] or 'list unknown'}, {quoted_in['date'] or 'undated'})")
    link = item["link"]
    return f"{who}, {item['list'] or 'list unknown'}, {item['date'] or 'undated'}{', <' + link + '>' if link else ''}"


def version_item_text(item: VersionItem, most: int = 12) -> str:
    """One between-versions item as a sentence (without its source, which the renderer cites)."""
    name, old, new = item["name"] or "?", f"v{item['from_version']}", f"v{item['to_version']}"
    rows = item["rows"][:most]
    more = f"; … {len(item['rows']) - most} more" if len(item["rows"]) > most else ""
    if item["kind"] == "rerun":
        moves = "; ".join(f"{r['label'] + ': ' if r['label'] else ''}{numbers_text(r['before'])} in {old}, "
                          f"{numbers_text(r['after'])} in {new}" for r in rows if r["before"] and r["after"])
        return f"{name} re-run for {new}: {moves}{more}"
    if item["kind"] == "reposted":
        return f"{name}: the {old} numbers were posted again with {new}, not re-run"
    if item["kind"] == "dropped":
        return f"{name}: measured for {old}, no numbers for any later version"
    if item["kind"] == "new":
        shown = "; ".join(comparison_text(r["after"]) for r in rows if r["after"])
        return f"{name}: new in {new}: {shown}{more}"
    if item["kind"] == "open-concern" and item["concern"]:
        concern = item["concern"]
        return (f"open since {old}: {concern['author'] or 'unknown'} asked ({concern['category']}): "
                f"\"{concern['text']}\"; no later message answers it")
    reported = item["claim"]["text"] if item["claim"] else "; ".join(
        comparison_text(r["before"]) for r in rows if r["before"])
    return (f"regression reported on {old} by {item['author'] or 'unknown'}: {reported}{more}; "
            "no numbers for it since")
