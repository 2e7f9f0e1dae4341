"""The evidence report as terminal text: per version, a table of numbers per benchmark as the mail
printed them, the claims, and what changed between versions; every line cites the message it comes from."""

from __future__ import annotations

from typing import Callable

from miner.reports.model import ClaimEntry, EvidenceGroup, EvidenceReport
from miner.reports.wording import (cite, format_change, group_name, numbers_text, numbers_with_unit, spread_text,
                                   version_item_text)

HEADER = ("row", "baseline → patched", "Δ", "spread", "verdict")


def group_title(group: EvidenceGroup) -> str:
    """The line that names one table of numbers: benchmark, kernels, machine, source and where else it was
    posted (the same words in text and Markdown)."""
    name = group_name(group) + (" (microbenchmark)" if group["micro"] else "")
    machine = f"; machine/config stated: \"{group['machine']}\"" if group["machine"] else ""
    others = group["places"][1:]
    again = ("; also posted in " + "; ".join(f"v{p['version']}: {cite(p)}" if p["version"] else cite(p)
                                             for p in others)) if others else ""
    return f"{name}{machine} — {cite(group)}{again}"


def group_rows(group: EvidenceGroup) -> list[list[str]]:
    """A row per comparison: label, baseline → patched as printed (with the unit), change, spread, verdict."""
    return [[c["label"] or "-",
             numbers_with_unit(c),
             format_change(c), spread_text(c) or "-", c["verdict"]] for c in group["comparisons"]]


def checked_against(claim: ClaimEntry) -> str:
    """" — checked against <row>: baseline → patched (change)", or "" for a claim checked against no row."""
    against = claim["checked_against"]
    return f" — checked against {against['label'] or against['benchmark']}: {numbers_text(against)}" if against else ""


def evidence_lines(report: EvidenceReport, marks: tuple[str, str],
                   table_lines: Callable[[EvidenceGroup], list[str]]) -> list[str]:
    """The head and the per-version part of the evidence report, the same in text and Markdown: `marks`
    go before the title and before each version's line (none in text, "# " and "## " in Markdown),
    `table_lines` prints one group of numbers."""
    s = report["series"]
    out = [f"{marks[0]}Evidence: {s['title']}",
           f"series {s['series_id']} by {s['author'] or 'unknown author'}, {s['first_date'] or '?'} .. "
           f"{s['last_date'] or '?'}", ""]
    for version in report["versions"]:
        head = f"v{version['version']}" if version["version"] is not None else "discussion"
        out += [f"{marks[1]}{head} — {version['subject'] or ''} — {cite(version)}", ""]
        if not version["evidence"]:
            out += ["(no numbers posted)", ""]
        for group in version["evidence"]:
            out += [*table_lines(group), ""]
    return out


def _table_lines(group: EvidenceGroup) -> list[str]:
    rows = group_rows(group)
    widths = [max(len(r[i]) for r in [list(HEADER), *rows]) for i in range(len(HEADER))]
    return ([f"  {group_title(group)}", "    " + "  ".join(h.ljust(w) for h, w in zip(HEADER, widths)).rstrip()]
            + ["    " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows])


def render_evidence(report: EvidenceReport) -> str:
    out = evidence_lines(report, ("", ""), _table_lines)
    if report["between_versions"]:
        out += ["Between versions", ""]
        out += [f"  {version_item_text(item)} — {cite(item)}" for item in report["between_versions"]]
        out.append("")
    if report["claims"]:
        out += ["Claims", ""]
        for claim in report["claims"]:
            out.append(f"  [{claim['check']}] \"{claim['text']}\"{checked_against(claim)} — {cite(claim)}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
