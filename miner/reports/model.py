"""The report model: what the evidence report and the checklist read about one series, loaded once from
the linked database (series, versions, canonical findings: a quoted copy is shown once, at the message it
was written in), and the entries both reports are made of (comparisons, claims, concerns, evidence
summaries), each naming the message it comes from: list, date, author and a link (the lore URL for a real
Message-ID, else where the text was read). Entries are plain dicts, so `--format json` prints them as
they are.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict

import sqlite_utils

from db import queries

LORE = "https://lore.kernel.org/r/"
# How a message describes the machine or setup its numbers come from.
_MACHINE_RE = re.compile(
    r"\b\d+[- ]?(?:v?cpus?|cores?|sockets?|numa nodes?|-way)\b|\b\d+\s*[GT]i?B?\s*(?:of\s+)?"
    r"(?:memory|ram|mem)\b|\b(?:xeon|epyc|opteron|skylake|haswell|broadwell|ice ?lake|cascade ?lake|"
    r"sapphire ?rapids|power[789]|graviton|ampere|thunderx2?|ryzen|core i[3579]|kunpeng)\b|\bbare[- ]metal\b",
    re.I)
_QUOTE_PREFIX_RE = re.compile(r"^(?:\s{0,2}>)+\s?")
# Benchmarks that time one operation in isolation: per-call cycle or nanosecond counts, a function
# call as the name, or suites built for that.
_MICRO_UNIT_RE = re.compile(r"^(?:cycles?|ns|nsec|insns|instructions)$", re.I)
_MICRO_NAME_RE = re.compile(r"\w\(\)|\bmicro|\blmbench\b|\blat_\w+|\bbw_\w+|will-it-scale|\bperf bench\b", re.I)


def message_link(message: dict) -> str | None:
    """Where a person can read the message: lore for a real Message-ID, else the archive it came from."""
    if not message.get("synthetic_id"):
        return LORE + message["message_id"]
    return message.get("source_url")


def _source(message: dict, author: str | None = None) -> dict:
    return {"message_id": message["message_id"], "list": message.get("list"),
            "date": (message.get("date_utc") or "")[:10] or None,
            "author": author or message.get("author_name") or message.get("author_email"),
            "link": message_link(message)}


class SeriesData:
    """Everything the two reports read about one series, loaded once."""

    def __init__(self, db: sqlite_utils.Database, series_id: str):
        self.db = db
        self.row = queries.load_series(db, series_id) or {"series_id": series_id}
        self.versions = queries.load_series_versions(db, series_id)
        self.messages = queries.load_series_messages(db, series_id)
        self.by_id = {m["message_id"]: m for m in self.messages}
        self.order = {m["message_id"]: n for n, m in enumerate(self.messages)}
        found = {t: queries.load_series_findings(db, t, series_id) for t in queries.FINDING_TABLES}
        canonical = {t: [r for r in rows if r.get("origin_message_id", r["message_id"]) in (None, r["message_id"])]
                     for t, rows in found.items()}
        self.tables = {r["id"]: r for r in found["evidence_tables"]}
        self.evidence = sorted(canonical["evidence"], key=self._place)
        self.concerns = sorted(canonical["concerns"], key=self._place)
        self.claims = sorted(canonical["claims"], key=self._place)
        self.anomalies = found["anomalies"]
        self.all_evidence = found["evidence"]
        self._bodies: dict[str, list[str]] = {}

    def _place(self, row: dict) -> tuple:
        return self.order.get(row["message_id"], 0), row.get("line") or 0

    def source(self, message_id: str | None, author: str | None = None) -> dict:
        message = self.by_id.get(message_id) if message_id else None
        if message is None:
            return {"message_id": message_id, "list": None, "date": None, "author": author, "link":
                    LORE + message_id if message_id and "@listminer" not in message_id else None}
        return _source(message, author)

    def body_lines(self, message_id: str) -> list[str]:
        if message_id not in self._bodies:
            self._bodies[message_id] = [_QUOTE_PREFIX_RE.sub("", line)
                                        for line in queries.load_body(self.db, message_id).splitlines()]
        return self._bodies[message_id]

    def machine(self, message_id: str, anchor: str | None) -> str | None:
        """The line nearest above the numbers (else below) that states the machine or setup."""
        lines = self.body_lines(message_id)
        first = (anchor or "").strip().splitlines()[0].strip() if (anchor or "").strip() else ""
        at = next((n for n, line in enumerate(lines) if first and first[:40] in line), len(lines))
        hits = [n for n, line in enumerate(lines) if _MACHINE_RE.search(line)]
        above = [n for n in hits if n <= at]
        pick = above[-1] if above else (hits[0] if hits else None)
        return lines[pick].strip()[:160] if pick is not None else None

    def series_info(self) -> dict:
        row = self.row
        return {"series_id": row["series_id"], "title": row.get("title") or "(no subject)", "kind": row.get("kind"),
                "author": row.get("author_name"), "list": row.get("list"),
                "first_date": (row.get("first_date_utc") or "")[:10] or None,
                "last_date": (row.get("last_date_utc") or "")[:10] or None}

    def version_info(self) -> list[dict]:
        out = []
        for version in self.versions:
            mid = version["cover_message_id"]
            source = self.source(mid) if mid else {"link": None, "author": None, "list": None}
            out.append({"version": version["version"], "subject": version["subject"],
                        "date": (version["date_utc"] or "")[:10] or None, "n_patches": version["n_patches"],
                        "cover_message_id": mid, "author": source["author"], "list": source["list"],
                        "link": source["link"]})
        return out


def _is_micro(row: dict) -> bool:
    return bool(_MICRO_UNIT_RE.match(row.get("unit") or "") or _MICRO_NAME_RE.search(row.get("benchmark") or ""))


def _baseline_table(series: SeriesData, table: dict) -> dict | None:
    """For a table printed once per configuration, the earlier table of the same message it pairs with."""
    earlier = [t for t in series.tables.values() if t["message_id"] == table["message_id"]
               and t["first_line"] < table["first_line"] and t["config"]]
    return max(earlier, key=lambda t: t["first_line"]) if earlier and table["config"] else None


def comparison_entry(series: SeriesData, row: dict) -> dict:
    """One evidence row as the reports show it: benchmark, metric and configurations as the table names
    them, baseline → patched, Δ%, spreads, verdict, the machine stated, and its source."""
    table = series.tables.get(row["table_id"]) if row["table_id"] else None
    baseline_table = _baseline_table(series, table) if table else None
    labels = (baseline_table["config"], table["config"]) if baseline_table else (None, None)
    metric = row["metric"]
    columns = json.loads(table["columns_json"] or "[]") if table else []
    if table and not baseline_table and len(columns) > 2 and metric in columns[2:]:
        # a base/patched table names each pair by its patched column: that is a kernel, not a metric
        labels, metric = (columns[1], metric), table["metric"]
    benchmark = row["benchmark"] or (baseline_table or {}).get("benchmark") or metric or "?"
    source = series.source(row["message_id"], row["author"] if row["quoted"] else None)
    anchor = (table or {}).get("text") or row.get("text")
    return {
        "benchmark": benchmark, "metric": metric, "label": row["label"],
        "baseline_label": labels[0], "patched_label": labels[1],
        "config": table["config"] if table and not baseline_table else None,
        "baseline": row["baseline"], "patched": row["patched"], "baseline_text": row["baseline_text"],
        "patched_text": row["patched_text"], "unit": row["unit"], "delta_pct": row["delta_pct"],
        "baseline_spread_pct": row["baseline_spread_pct"], "patched_spread_pct": row["patched_spread_pct"],
        "baseline_spread_abs": row["baseline_spread_abs"], "patched_spread_abs": row["patched_spread_abs"],
        "verdict": row["verdict"] or "unknown", "micro": _is_micro({**row, "benchmark": benchmark}),
        "machine": series.machine(row["message_id"], anchor), "kind": "table" if table else "result",
        "table_id": row["table_id"], "evidence_id": row["id"], "line": row["line"], "quoted": bool(row["quoted"]),
        "text": row.get("text"), "version": series.by_id.get(row["message_id"], {}).get("series_version"),
        **{k: source[k] for k in ("message_id", "list", "date", "author", "link")},
    }


def claim_entry(series: SeriesData, claim: dict) -> dict:
    """A claim as the reports show it: its check and the comparison it was checked against, its source."""
    checked = next((e for e in series.all_evidence if e["id"] == claim.get("check_evidence_id")), None)
    return {"text": claim["text"], "polarity": claim["polarity"], "magnitude_pct": claim["magnitude_pct"],
            "check": claim["check"] or "unchecked",
            "checked_against": None if checked is None else {
                "benchmark": checked["benchmark"], "label": checked["label"], "baseline": checked["baseline"],
                "patched": checked["patched"], "delta_pct": checked["delta_pct"]},
            **series.source(claim["message_id"], claim["author"] if claim["quoted"] else None),
            "line": claim["line"]}


def concern_entry(series: SeriesData, concern: dict) -> dict:
    """A concern as the reports show it, with who answered and the evidence given when it was answered."""
    out = {"text": concern["text"], "category": concern["category"], "status": concern["status"] or "open",
           **series.source(concern["message_id"], concern["author"]), "line": concern["line"]}
    if concern["status"] == "answered":
        answer = series.source(concern["answered_by"], concern["answered_by_author"])
        in_same_message = concern["answered_by"] == concern["message_id"]
        given = [e for e in series.evidence if e["message_id"] == concern["answered_by"]
                 and (e["author"] or answer["author"]) == answer["author"]
                 and (not in_same_message or (e["line"] or 0) > (concern["line"] or 0))]
        out["answer"] = {**answer, "evidence": evidence_summaries(series, given)}
    return out


def _groups(series: SeriesData, rows: list[dict]) -> list[list[dict]]:
    """Comparisons grouped by the table (or inline statement) they come from, in series order."""
    grouped: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows:
        grouped[(row["message_id"], row["table_id"] or row["id"])].append(row)
    return list(grouped.values())


def evidence_summaries(series: SeriesData, rows: list[dict]) -> list[dict]:
    """Per table (or inline result) of the rows: its comparisons, Δ% range, verdict counts, whether a
    spread was stated, and its source."""
    out = []
    for group in _groups(series, rows):
        comparisons = [comparison_entry(series, row) for row in group]
        first = comparisons[0]
        deltas = [c["delta_pct"] for c in comparisons if c["delta_pct"] is not None]
        verdicts: dict[str, int] = defaultdict(int)
        for c in comparisons:
            verdicts[c["verdict"]] += 1
        out.append({
            "benchmark": first["benchmark"], "metric": first["metric"], "baseline_label": first["baseline_label"],
            "patched_label": first["patched_label"], "n_comparisons": len(comparisons),
            "delta_pct_min": min(deltas, default=None), "delta_pct_max": max(deltas, default=None),
            "verdicts": dict(verdicts), "spread_stated": any(
                c[f"{side}_spread_{kind}"] is not None for c in comparisons
                for side in ("baseline", "patched") for kind in ("pct", "abs")),
            "micro": all(c["micro"] for c in comparisons), "machine": first["machine"] or first["config"],
            "comparisons": comparisons,
            **{k: first[k] for k in ("message_id", "list", "date", "author", "link")},
        })
    return out


def group_name(group: dict) -> str:
    """How a group of comparisons (an evidence summary) is named in report text."""
    name = group["benchmark"]
    if group["baseline_label"] and group["patched_label"]:
        name += f" ({group['baseline_label']} → {group['patched_label']})"
    elif group["metric"] and group["metric"] != name:
        name += f" {group['metric']}"
    return name


def group_source(group: dict) -> dict:
    """The source fields (message, list, date, author, link) of a group of comparisons."""
    return {k: group[k] for k in ("message_id", "list", "date", "author", "link")}


def comparison_text(c: dict) -> str:
    """One comparison as report text: "label: baseline → patched (Δ%)"."""
    label = f"{c['label']}: " if c["label"] else ""
    return f"{label}{printed(c, 'baseline')} → {printed(c, 'patched')} ({format_pct(c['delta_pct'])})"


def printed(c: dict, side: str) -> str:
    """A side of a comparison as the mail printed it ("861.5664"), else the number formatted."""
    return c.get(f"{side}_text") or format_number(c.get(side))


def format_number(value: float | None) -> str:
    """A number as reports print it (six significant digits; "?" when unknown)."""
    if value is None:
        return "?"
    return f"{value:.6g}" if abs(value) < 1e6 else f"{value:.0f}"


def format_pct(value: float | None) -> str:
    """A percentage change with its sign and two decimals ("?" when unknown)."""
    return "?" if value is None else f"{value:+.2f}%"
