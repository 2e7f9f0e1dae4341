"""Gap rules: what a careful reviewer would ask next about a series (DESIGN.md §5, 3), each with the
message it is about. Each rule is a function of the series and its evidence groups; `GAP_RULES` lists
them in the order the checklist shows their gaps, and `find_gaps` runs them all."""

from __future__ import annotations

import json
import re
from typing import Callable

from miner.reports.entries import claim_entry
from miner.reports.model import EvidenceGroup, Gap, Source, source_of
from miner.reports.series_data import SeriesData
from miner.reports.wording import comparison_text, format_number, group_name

# A summary row of a table: "Max Jobs per Minute 75.94", "Average 12.3".
_SUMMARY_LABEL_RE = re.compile(r"^(?P<kind>max(?:imum)?|min(?:imum)?|peak|best|worst)\b", re.I)


def _gap(kind: str, text: str, source: Source) -> Gap:
    return Gap(**source_of(source), kind=kind, text=text)


def _no_numbers(series: SeriesData, evidence: list[EvidenceGroup]) -> list[Gap]:
    """No numbers at all, or only microbenchmarks: said of the series' first posting."""
    starter = next((v for v in series.versions if v["cover_message_id"]), None)
    where = series.source(starter["cover_message_id"] if starter else (
        series.messages[0]["message_id"] if series.messages else None))
    if not evidence:
        return [_gap("no-numbers", "no message of the series posts benchmark numbers", where)]
    if all(group["micro"] for group in evidence):
        return [_gap("only-microbenchmarks", "every number is a microbenchmark; no real workload was measured",
                     where)]
    return []


def _no_spread(series: SeriesData, evidence: list[EvidenceGroup]) -> list[Gap]:
    return [_gap("no-spread", f"{group_name(group)}: no spread (stddev, ±) or run count is given, so noise "
                 "cannot be told from change", group) for group in evidence if not group["spread_stated"]]


def _undiscussed_regressions(series: SeriesData, evidence: list[EvidenceGroup]) -> list[Gap]:
    """Comparisons judged worse that nobody talks about: no regression (or "in the noise") claim of their
    own message below them, no later message quoting them, no reply raising a regression."""
    talkers = {c["message_id"] for c in series.claims if c["polarity"] in ("regression", "neutral")}
    talkers |= {c["message_id"] for c in series.concerns if c["category"] == "regression"}
    replied = {m["in_reply_to"] for m in series.messages if m["in_reply_to"] and m["message_id"] in talkers}
    quoted_later = {e["origin_message_id"] for e in series.all_evidence.values()
                    if e.get("origin_message_id") and e["origin_message_id"] != e["message_id"] and e["quoted"]}
    out = []
    for group in evidence:
        worse = [c for c in group["comparisons"] if c["verdict"] == "worse"]
        if not worse:
            continue
        mid = group["message_id"]
        first_line = min(c["line"] or 0 for c in group["comparisons"])
        later_tables = [e["line"] or 0 for e in series.evidence if e["message_id"] == mid and (e["line"] or 0) > first_line]
        next_line = min(later_tables, default=None)
        talked = any(c["message_id"] == mid and c["polarity"] in ("regression", "neutral")
                     and (c["line"] or 0) > first_line and (next_line is None or (c["line"] or 0) <= next_line + 3)
                     for c in series.claims)
        if talked or mid in replied or mid in quoted_later:
            continue
        worst = max(worse, key=lambda c: (c["delta_points"] is None, abs(c["delta_pct"] or 0)))
        out.append(_gap("undiscussed-regression", f"{group_name(group)}: {len(worse)} comparison(s) worse, e.g. "
                        f"{comparison_text(worst)}; no message discusses it", group))
    return out


def _claim_gaps(series: SeriesData, evidence: list[EvidenceGroup]) -> list[Gap]:
    """Claims that disagree with their numbers, and claims of a change with no numbers behind them."""
    with_numbers = {e["message_id"] for e in series.evidence}
    authors_with_numbers = {(e["author"] or series.by_id.get(e["message_id"], {}).get("author_name"))
                            for e in series.evidence}
    out = []
    for claim in series.claims:
        info = claim_entry(series, claim)
        if claim["check"] == "disagrees":
            against = info["checked_against"]
            detail = f"; the numbers give {comparison_text(against)}" if against else ""
            out.append(_gap("claim-disagrees", f"claim \"{claim['text']}\" disagrees with its numbers{detail}", info))
        elif claim["polarity"] in ("improvement", "regression") and claim["message_id"] not in with_numbers \
                and info["author"] not in authors_with_numbers:
            out.append(_gap("claim-without-numbers", f"claim \"{claim['text']}\" has no numbers behind it in the "
                            "series", info))
    return out


def _summary_gaps(series: SeriesData, evidence: list[EvidenceGroup]) -> list[Gap]:
    """Summary lines ("Max Jobs per Minute 75.94") that no column of their own table bears out, and the
    anomalies the table extractor flagged. The column a summary speaks of is the one where the same
    summary line of a sibling table (same message, printed once per configuration) is right."""
    checked = []
    for table in series.tables.values():
        if table.get("origin_message_id") not in (None, table["message_id"]):
            continue
        rows = json.loads(table["rows_json"] or "[]")
        data = [r["values"] for r in rows if not _SUMMARY_LABEL_RE.match(r["label"] or "") and r["values"]]
        width = max((len(v) for v in data), default=0)
        columns = [[v[i] for v in data if len(v) > i and v[i] is not None] for i in range(width)]
        for row in rows:
            match = _SUMMARY_LABEL_RE.match(row["label"] or "")
            if not match or len(row["values"]) != 1 or row["values"][0] is None or not data:
                continue
            pick = max if match.group("kind").lower() in ("max", "maximum", "peak", "best") else min
            value = row["values"][0]
            agreeing = [i for i, col in enumerate(columns) if col and abs(pick(col) - value) <= 0.005 * abs(value)]
            checked.append((table, row["label"], value, pick, columns, agreeing))
    right_column = {(t["message_id"], label): cols[0] for t, label, _v, _p, _c, cols in checked if cols}
    flagged = {(a["message_id"], _norm_space(a["text"])) for a in series.anomalies}
    out = []
    for table, label, value, pick, columns, agreeing in checked:
        if agreeing or any(mid == table["message_id"] and text.startswith(_norm_space(label))
                           for mid, text in flagged):
            continue  # right, or already flagged by the table extractor (listed below)
        column = right_column.get((table["message_id"], label))
        detail = (f"; the {pick.__name__} of that column is {format_number(pick(columns[column]))}"
                  if column is not None and column < len(columns) and columns[column] else
                  "; no column of the table has that " + pick.__name__)
        out.append(_gap("summary-disagrees", f"summary line \"{label} {format_number(value)}\" disagrees with its "
                        f"table{detail}", series.finding_source(table)))
    for anomaly in series.anomalies:
        line = (anomaly["text"] or "").strip()
        if _SUMMARY_LABEL_RE.match(line):
            out.append(_gap("summary-disagrees", f"summary line \"{line}\" disagrees with its table: "
                            f"{anomaly['why']}", series.source(anomaly["message_id"])))
        else:
            out.append(_gap("table-anomaly", f"line {anomaly['line']}: {anomaly['why']}",
                            series.source(anomaly["message_id"])))
    return out


def _norm_space(text: str | None) -> str:
    return " ".join((text or "").split()).lower()


GAP_RULES: tuple[Callable[[SeriesData, list[EvidenceGroup]], list[Gap]], ...] = (
    _no_numbers, _no_spread, _undiscussed_regressions, _claim_gaps, _summary_gaps)


def find_gaps(series: SeriesData, evidence: list[EvidenceGroup]) -> list[Gap]:
    """What a careful reviewer would ask next, each with the message it is about: every rule in turn."""
    return [gap for rule in GAP_RULES for gap in rule(series, evidence)]
