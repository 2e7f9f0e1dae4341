"""The evidence report and the reviewer checklist in Markdown (DESIGN.md §5): every bullet cites the message
it comes from, so a reviewer can check each line against the mail."""

from __future__ import annotations

from miner.reports.model import Checklist, ConcernEntry, EvidenceGroup, EvidenceReport, VersionItem
from miner.reports.render_text import HEADER, checked_against, evidence_lines, group_rows, group_title
from miner.reports.wording import (change_range, cite, format_change, group_name, numbers_with_unit, spread_text,
                                   version_item_text)

_SHOWN_COMPARISONS = 12
_OPEN_KINDS = ("open-concern", "unanswered-regression")  # between-versions items a reviewer must act on


def _between_versions(items: list[VersionItem], n_versions: int) -> list[str]:
    if n_versions < 2:
        return ["- one version: nothing to compare"]
    return [f"- {'[ ] ' if item['kind'] in _OPEN_KINDS else ''}{version_item_text(item)} — {cite(item)}"
            for item in items] or ["- no change in the evidence between versions"]


def _table_lines(group: EvidenceGroup) -> list[str]:
    return ([f"**{group_title(group)}**", "", "| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
            + ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in group_rows(group)])


def render_evidence(report: EvidenceReport) -> str:
    out = evidence_lines(report, ("# ", "## "), _table_lines)
    if report["between_versions"]:
        out += ["## Between versions", "", *_between_versions(report["between_versions"], len(report["versions"])), ""]
    if report["claims"]:
        out += ["## Claims", ""]
        out += [f"- [{c['check']}] \"{c['text']}\"{checked_against(c)} — {cite(c)}" for c in report["claims"]]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _concern(c: ConcernEntry, done: bool) -> str:
    return f"- [{'x' if done else ' '}] **{c['author'] or 'unknown'}** asked ({c['category']}): \"{c['text']}\" — {cite(c)}"


def render_checklist(report: Checklist) -> str:
    s = report["series"]
    out = [f"# Reviewer checklist: {s['title']}", "",
           f"Series by {s['author'] or 'unknown author'}, {s['list'] or 'list unknown'}, "
           f"{s['first_date'] or '?'} .. {s['last_date'] or '?'}.", ""]
    out += [f"- v{v['version']}: {v['subject']} — {v['n_patches'] or '?'} patch(es) — {cite(v)}"
            for v in report["versions"]]
    out += ["", "## 1. Open performance concerns", ""]
    out += [_concern(c, False) for c in report["open_concerns"]] or ["- none open"]
    if report["answered_concerns"]:
        out += ["", "Answered:", ""]
    for c in report["answered_concerns"]:
        answer = c["answer"]
        given = "; ".join(f"{group_name(g)}: {g['n_comparisons']} comparison(s), {change_range(g)}"
                          for g in answer["evidence"]) or "a direct reply"
        out += [_concern(c, True), f"  - answered by **{answer['author'] or 'unknown'}** with {given} — {cite(answer)}"]
    out += ["", "## 2. Evidence", ""]
    for g in report["evidence"]:
        verdicts = ", ".join(f"{n} {v}" for v, n in sorted(g["verdicts"].items()))
        kind = " (microbenchmark)" if g["micro"] else ""
        machine = f"; machine/config: {g['machine']}" if g["machine"] else ""
        places = f"; posted {len(g['places'])} times" if len(g["places"]) > 1 else ""
        out.append(f"- **{group_name(g)}**{kind}: {g['n_comparisons']} comparison(s), {change_range(g)} ({verdicts}); "
                   f"spread {'stated' if g['spread_stated'] else 'not stated'}{machine} — {cite(g)}{places}")
        out += [f"  - also posted in v{p['version']}: {cite(p)}" if p["version"] else f"  - also posted: {cite(p)}"
                for p in g["places"][1:]]
        for c in g["comparisons"][:_SHOWN_COMPARISONS]:
            spread = f", spread {spread_text(c)}" if spread_text(c) else ""
            label = f"{c['label']}: " if c["label"] else ""
            out.append(f"  - {label}{numbers_with_unit(c)} ({format_change(c)}){spread}, {c['verdict']}")
        if len(g["comparisons"]) > _SHOWN_COMPARISONS:
            out.append(f"  - … {len(g['comparisons']) - _SHOWN_COMPARISONS} more (see `miner evidence`)")
    if not report["evidence"]:
        out.append("- no numbers")
    out += ["", "## 3. Gaps", ""]
    out += [f"- [ ] {gap['text']} — {cite(gap)}" for gap in report["gaps"]] or ["- none found"]
    out += ["", "## 4. Between versions", "", *_between_versions(report["between_versions"], len(report["versions"]))]
    return "\n".join(out) + "\n"
