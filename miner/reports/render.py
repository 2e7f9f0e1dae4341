"""The renderers of the two reports: the evidence report as a terminal table per table of numbers
("text"), as Markdown ("md") or as JSON; the checklist as Markdown or JSON. Every line cites the message
it comes from."""

from __future__ import annotations

import json
from collections import defaultdict

from miner.reports.model import comparison_text, format_number, format_pct, group_name, printed

def _spread(c: dict) -> str:
    """Each side's spread as stated: relative ("±2%") or in the value's own unit ("±0.3 s")."""
    unit = f" {c['unit']}" if c["unit"] else ""
    parts = []
    for side in ("baseline", "patched"):
        pct, abs_ = c[f"{side}_spread_pct"], c[f"{side}_spread_abs"]
        parts.append(f"±{format_number(pct)}%" if pct is not None else
                     f"±{format_number(abs_)}{unit}" if abs_ is not None else "-")
    return "" if parts == ["-", "-"] else "/".join(parts)


def _cite(item: dict) -> str:
    """"Author, list, date, <link>": the source every report line names (unknown parts say so)."""
    who = item.get("author") or "unknown author"
    link = item.get("link")
    return (f"{who}, {item.get('list') or 'list unknown'}, {item.get('date') or 'undated'}"
            f"{', <' + link + '>' if link else ''}")


def format_evidence(report: dict, fmt: str = "text") -> str:
    """The evidence report as "text" (a terminal table per table of numbers), "md" or "json"."""
    if fmt == "json":
        return json.dumps(report, ensure_ascii=False, indent=1)
    if fmt not in ("text", "md"):
        raise ValueError(f"unknown format {fmt!r}")
    md = fmt == "md"
    s = report["series"]
    out = [f"# Evidence: {s['title']}" if md else f"Evidence: {s['title']}",
           f"series {s['series_id']} by {s['author'] or 'unknown author'}, {s['first_date'] or '?'} .. "
           f"{s['last_date'] or '?'}", ""]
    for version in report["versions"]:
        head = f"v{version['version']}" if version["version"] is not None else "discussion"
        head += f" — {version['subject'] or ''} — {_cite(version)}"
        out += [f"## {head}" if md else head, ""]
        if not version["comparisons"]:
            out += ["(no numbers posted)", ""]
        for group in _comparison_groups(version["comparisons"]):
            out += _group_lines(group, md) + [""]
    if report["claims"]:
        out += ["## Claims" if md else "Claims", ""]
        for claim in report["claims"]:
            against = claim["checked_against"]
            checked = (f" — checked against {against['label'] or against['benchmark']}: "
                       f"{format_number(against['baseline'])} → {format_number(against['patched'])} "
                       f"({format_pct(against['delta_pct'])})"
                       if against else "")
            out.append(f"{'- ' if md else '  '}[{claim['check']}] \"{claim['text']}\"{checked} — {_cite(claim)}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _comparison_groups(comparisons: list[dict]) -> list[list[dict]]:
    grouped: dict[tuple, list[dict]] = defaultdict(list)
    for c in comparisons:
        grouped[(c["message_id"], c["table_id"] or c["evidence_id"])].append(c)
    return list(grouped.values())


def _group_lines(group: list[dict], md: bool) -> list[str]:
    """One table of numbers (or one inline result): a line naming benchmark, configurations, machine and
    source, then a row per comparison."""
    first = group[0]
    name = first["benchmark"] + (" (microbenchmark)" if first["micro"] else "")
    if first["metric"] and first["metric"] != first["benchmark"]:
        name += f", {first['metric']}"
    if first["baseline_label"] or first["patched_label"]:
        name += f", {first['baseline_label'] or 'baseline'} → {first['patched_label'] or 'patched'}"
    stated = first["machine"] or first["config"]
    machine = f"; machine/config stated: \"{stated}\"" if stated else ""
    quoted = " (quoted)" if first["quoted"] else ""
    header = ["row", "baseline → patched", "Δ%", "spread", "verdict"]
    rows = [[c["label"] or "-",
             f"{printed(c, 'baseline')} → {printed(c, 'patched')}{' ' + c['unit'] if c['unit'] and not c['baseline_text'] else ''}",
             format_pct(c["delta_pct"]), _spread(c) or "-", c["verdict"]] for c in group]
    title = f"{name}{machine} — {_cite(first)}{quoted}"
    if md:
        return ([f"**{title}**", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
                + ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows])
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    return ([f"  {title}", "    " + "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip()]
            + ["    " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows])


def format_checklist(report: dict, fmt: str = "md") -> str:
    """The checklist as "md" (DESIGN.md §5) or "json"."""
    if fmt == "json":
        return json.dumps(report, ensure_ascii=False, indent=1)
    if fmt != "md":
        raise ValueError(f"unknown format {fmt!r}")
    s = report["series"]
    out = [f"# Reviewer checklist: {s['title']}", "",
           f"Series by {s['author'] or 'unknown author'}, {s['list'] or 'list unknown'}, "
           f"{s['first_date'] or '?'} .. {s['last_date'] or '?'}.", ""]
    for v in report["versions"]:
        out.append(f"- v{v['version']}: {v['subject']} — {v['n_patches'] or '?'} patch(es) — {_cite(v)}")
    out += ["", "## 1. Open performance concerns", ""]
    for c in report["open_concerns"]:
        out.append(f"- [ ] **{c['author'] or 'unknown'}** asked ({c['category']}): \"{c['text']}\" — {_cite(c)}")
    if not report["open_concerns"]:
        out.append("- none open")
    if report["answered_concerns"]:
        out += ["", "Answered:", ""]
    for c in report["answered_concerns"]:
        answer = c["answer"]
        out.append(f"- [x] **{c['author'] or 'unknown'}** asked ({c['category']}): \"{c['text']}\" — {_cite(c)}")
        given = "; ".join(f"{group_name(g)}: {g['n_comparisons']} comparison(s), "
                          f"Δ {format_pct(g['delta_pct_min'])} .. {format_pct(g['delta_pct_max'])}"
                          for g in answer["evidence"]) or "a direct reply"
        out.append(f"  - answered by **{answer['author'] or 'unknown'}** with {given} — {_cite(answer)}")
    out += ["", "## 2. Evidence", ""]
    for g in report["evidence"]:
        verdicts = ", ".join(f"{n} {v}" for v, n in sorted(g["verdicts"].items()))
        kind = " (microbenchmark)" if g["micro"] else ""
        machine = f"; machine/config: {g['machine']}" if g["machine"] else ""
        out.append(f"- **{group_name(g)}**{kind}: {g['n_comparisons']} comparison(s), "
                   f"Δ {format_pct(g['delta_pct_min'])} .. {format_pct(g['delta_pct_max'])} ({verdicts}); "
                   f"spread {'stated' if g['spread_stated'] else 'not stated'}{machine} — {_cite(g)}")
        for c in g["comparisons"][:12]:
            spread = f", spread {_spread(c)}" if _spread(c) else ""
            out.append(f"  - {comparison_text(c)}{' ' + c['unit'] if c['unit'] else ''}{spread}, {c['verdict']}")
        if len(g["comparisons"]) > 12:
            out.append(f"  - … {len(g['comparisons']) - 12} more (see `miner evidence`)")
    if not report["evidence"]:
        out.append("- no numbers")
    out += ["", "## 3. Gaps", ""]
    for gap in report["gaps"]:
        out.append(f"- [ ] {gap['text']} — {_cite(gap)}")
    if not report["gaps"]:
        out.append("- none found")
    return "\n".join(out) + "\n"
