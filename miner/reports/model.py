"""The evidence report and the reviewer checklist of one patch series (DESIGN.md §5).

Both are built as plain dicts from the linked database (series, versions, canonical findings: a quoted
copy is shown once, at the message it was written in) and then formatted: the evidence report as a
terminal table, Markdown or JSON; the checklist as Markdown or JSON. Every line names the message it comes
from: list, date, author and a link (the lore URL for a real Message-ID, else where the text was read).

A series is found by Message-ID, by archive URL, or by words of its title; a query that fits several
series raises `SeriesQueryError` listing them, so the caller can ask again more precisely.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from typing import Any
from urllib.parse import unquote, urlparse

import sqlite_utils

from db import queries
from miner.errors import MinerError

LORE = "https://lore.kernel.org/r/"
# A Message-ID in a lore / lkml.kernel.org / patchwork URL path: the segment holding an "@".
_URL_MESSAGE_ID_RE = re.compile(r"/([^/]+@[^/]+)")
_MESSAGE_ID_RE = re.compile(r"^<?[^\s<>@]+@[^\s<>@]+>?$")
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
# A summary row of a table: "Max Jobs per Minute 75.94", "Average 12.3".
_SUMMARY_LABEL_RE = re.compile(r"^(?P<kind>max(?:imum)?|min(?:imum)?|peak|best|worst)\b", re.I)


class SeriesQueryError(MinerError):
    """A query that names no series, or several (then `candidates` lists them)."""

    def __init__(self, message: str, candidates: list[dict] | None = None):
        super().__init__(message)
        self.candidates = candidates or []


# --- finding the series -------------------------------------------------------------------------------

def find_series(db: sqlite_utils.Database, query: str) -> str:
    """The series_id a query names: a series_id, a Message-ID (with or without <>), an archive URL, or
    title words.

    Raises SeriesQueryError when nothing matches or when several series do (listing them)."""
    query = query.strip()
    if queries.load_series(db, query):  # a series_id, as the evidence and checklist JSON name it
        return query
    if query.startswith(("http://", "https://")):
        series_id = queries.load_series_by_source_url(db, query)
        match = _URL_MESSAGE_ID_RE.search(unquote(urlparse(query).path))
        if not series_id and match:
            series_id = queries.load_message_series_id(db, match.group(1))
        if series_id:
            return series_id
        raise SeriesQueryError(f"no stored message for {query}")
    if _MESSAGE_ID_RE.match(query):
        series_id = queries.load_message_series_id(db, query.strip("<>"))
        if series_id:
            return series_id
        raise SeriesQueryError(f"no stored message <{query.strip('<>')}>")
    words = query.split()
    found = queries.find_series_by_title(db, words)
    if not found:
        ids = queries.find_series_by_subject(db, words)
        found = [s for s in (queries.load_series(db, i) for i in ids) if s]
    if len(found) > 1:
        patches = [s for s in found if s["kind"] == "patch"]
        found = patches if len(patches) == 1 else found
    if len(found) == 1:
        return found[0]["series_id"]
    if not found:
        raise SeriesQueryError(f"no series matches {query!r}")
    listing = "\n".join(f"  {s['series_id']}  {(s['first_date_utc'] or '?')[:10]}  v{s['latest_version'] or '-'}  "
                        f"{s['title']}  ({s['author_name'] or 'unknown author'})" for s in found)
    raise SeriesQueryError(f"{len(found)} series match {query!r}; be more precise or use one of:\n{listing}",
                           found)


# --- building the reports -----------------------------------------------------------------------------

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


class _Series:
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


def _baseline_table(series: _Series, table: dict) -> dict | None:
    """For a table printed once per configuration, the earlier table of the same message it pairs with."""
    earlier = [t for t in series.tables.values() if t["message_id"] == table["message_id"]
               and t["first_line"] < table["first_line"] and t["config"]]
    return max(earlier, key=lambda t: t["first_line"]) if earlier and table["config"] else None


def _comparison(series: _Series, row: dict) -> dict:
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
        "baseline": row["baseline"], "patched": row["patched"], "unit": row["unit"], "delta_pct": row["delta_pct"],
        "baseline_spread": row["baseline_spread"], "patched_spread": row["patched_spread"],
        "verdict": row["verdict"] or "unknown", "micro": _is_micro({**row, "benchmark": benchmark}),
        "machine": series.machine(row["message_id"], anchor), "kind": "table" if table else "result",
        "table_id": row["table_id"], "evidence_id": row["id"], "line": row["line"], "quoted": bool(row["quoted"]),
        "text": row.get("text"), "version": series.by_id.get(row["message_id"], {}).get("series_version"),
        **{k: source[k] for k in ("message_id", "list", "date", "author", "link")},
    }


def evidence_report(db: sqlite_utils.Database, query: str) -> dict[str, Any]:
    """Per version of the series the query names, every comparison (benchmark, baseline->patched, delta,
    spread, verdict, configuration and machine stated, who, when, link), and the claims with their check.

    Raises SeriesQueryError for a query naming no series or several."""
    series = _Series(db, find_series(db, query))
    comparisons = [_comparison(series, row) for row in series.evidence]
    versions = series.version_info() or [{"version": None, "subject": series.row.get("title"), "date": None,
                                          "n_patches": None, "cover_message_id": None, "author": None,
                                          "list": None, "link": None}]
    known = {v["version"] for v in versions}
    for version in versions:
        version["comparisons"] = [c for c in comparisons if c["version"] == version["version"]
                                  or (c["version"] not in known and version is versions[-1])]
    return {"series": series.series_info(), "versions": versions,
            "claims": [_claim(series, claim) for claim in series.claims]}


def _claim(series: _Series, claim: dict) -> dict:
    checked = next((e for e in series.all_evidence if e["id"] == claim.get("check_evidence_id")), None)
    return {"text": claim["text"], "polarity": claim["polarity"], "magnitude_pct": claim["magnitude_pct"],
            "check": claim["check"] or "unchecked",
            "checked_against": None if checked is None else {
                "benchmark": checked["benchmark"], "label": checked["label"], "baseline": checked["baseline"],
                "patched": checked["patched"], "delta_pct": checked["delta_pct"]},
            **series.source(claim["message_id"], claim["author"] if claim["quoted"] else None),
            "line": claim["line"]}


def _concern(series: _Series, concern: dict) -> dict:
    out = {"text": concern["text"], "category": concern["category"], "status": concern["status"] or "open",
           **series.source(concern["message_id"], concern["author"]), "line": concern["line"]}
    if concern["status"] == "answered":
        answer = series.source(concern["answered_by"], concern["answered_by_author"])
        in_same_message = concern["answered_by"] == concern["message_id"]
        given = [e for e in series.evidence if e["message_id"] == concern["answered_by"]
                 and (e["author"] or answer["author"]) == answer["author"]
                 and (not in_same_message or (e["line"] or 0) > (concern["line"] or 0))]
        out["answer"] = {**answer, "evidence": _summaries(series, given)}
    return out


def _groups(series: _Series, rows: list[dict]) -> list[list[dict]]:
    """Comparisons grouped by the table (or inline statement) they come from, in series order."""
    grouped: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows:
        grouped[(row["message_id"], row["table_id"] or row["id"])].append(row)
    return list(grouped.values())


def _summaries(series: _Series, rows: list[dict]) -> list[dict]:
    out = []
    for group in _groups(series, rows):
        comparisons = [_comparison(series, row) for row in group]
        first = comparisons[0]
        deltas = [c["delta_pct"] for c in comparisons if c["delta_pct"] is not None]
        verdicts: dict[str, int] = defaultdict(int)
        for c in comparisons:
            verdicts[c["verdict"]] += 1
        out.append({
            "benchmark": first["benchmark"], "metric": first["metric"], "baseline_label": first["baseline_label"],
            "patched_label": first["patched_label"], "n_comparisons": len(comparisons),
            "delta_pct_min": min(deltas, default=None), "delta_pct_max": max(deltas, default=None),
            "verdicts": dict(verdicts), "spread_stated": any(c["baseline_spread"] is not None
                                                             or c["patched_spread"] is not None for c in comparisons),
            "micro": all(c["micro"] for c in comparisons), "machine": first["machine"] or first["config"],
            "comparisons": comparisons,
            **{k: first[k] for k in ("message_id", "list", "date", "author", "link")},
        })
    return out


def checklist(db: sqlite_utils.Database, query: str) -> dict[str, Any]:
    """The reviewer checklist of DESIGN.md §5 for the series the query names: versions, concerns (open
    first, answered with who answered and the evidence given), evidence per benchmark, and gaps.

    Raises SeriesQueryError for a query naming no series or several."""
    series = _Series(db, find_series(db, query))
    concerns = [_concern(series, c) for c in series.concerns]
    evidence = _summaries(series, series.evidence)
    return {"series": series.series_info(), "versions": series.version_info(),
            "open_concerns": [c for c in concerns if c["status"] != "answered"],
            "answered_concerns": [c for c in concerns if c["status"] == "answered"],
            "evidence": evidence, "gaps": _gaps(series, evidence)}


def _gaps(series: _Series, evidence: list[dict]) -> list[dict]:
    """What a careful reviewer would ask next, each with the message it is about."""
    gaps: list[dict] = []
    starter = next((v for v in series.version_info() if v["cover_message_id"]), None)
    where = series.source(starter["cover_message_id"]) if starter else (
        series.source(series.messages[0]["message_id"]) if series.messages else series.source(None))
    if not evidence:
        gaps.append({"kind": "no-numbers", "text": "no message of the series posts benchmark numbers", **where})
    elif all(group["micro"] for group in evidence):
        gaps.append({"kind": "only-microbenchmarks", "text": "every number is a microbenchmark; no real "
                     "workload was measured", **where})
    for group in evidence:
        if not group["spread_stated"]:
            gaps.append({"kind": "no-spread", "text": f"{_group_name(group)}: no spread (stddev, ±) or run "
                         "count is given, so noise cannot be told from change", **_group_source(group)})
    gaps.extend(_undiscussed_regressions(series, evidence))
    gaps.extend(_claim_gaps(series))
    gaps.extend(_summary_gaps(series))
    return gaps


def _group_name(group: dict) -> str:
    name = group["benchmark"]
    if group["baseline_label"] and group["patched_label"]:
        name += f" ({group['baseline_label']} → {group['patched_label']})"
    elif group["metric"] and group["metric"] != name:
        name += f" {group['metric']}"
    return name


def _group_source(group: dict) -> dict:
    return {k: group[k] for k in ("message_id", "list", "date", "author", "link")}


def _undiscussed_regressions(series: _Series, evidence: list[dict]) -> list[dict]:
    """Comparisons judged worse that nobody talks about: no regression (or "in the noise") claim of their
    own message below them, no later message quoting them, no reply raising a regression."""
    talkers = {c["message_id"] for c in series.claims if c["polarity"] in ("regression", "neutral")}
    talkers |= {c["message_id"] for c in series.concerns if c["category"] == "regression"}
    replied = {m["in_reply_to"] for m in series.messages if m["in_reply_to"] and m["message_id"] in talkers}
    quoted_later = {e["origin_message_id"] for e in series.all_evidence
                    if e.get("origin_message_id") and e["origin_message_id"] != e["message_id"]}
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
        worst = min(worse, key=lambda c: c["delta_pct"] if c["delta_pct"] is not None else 0)
        out.append({"kind": "undiscussed-regression",
                    "text": f"{_group_name(group)}: {len(worse)} comparison(s) worse, e.g. {_row_text(worst)}; "
                            "no message discusses it", **_group_source(group)})
    return out


def _row_text(c: dict) -> str:
    label = f"{c['label']}: " if c["label"] else ""
    return f"{label}{_num(c['baseline'])} → {_num(c['patched'])} ({_pct(c['delta_pct'])})"


def _claim_gaps(series: _Series) -> list[dict]:
    with_numbers = {e["message_id"] for e in series.evidence}
    authors_with_numbers = {(e["author"] or series.by_id.get(e["message_id"], {}).get("author_name"))
                            for e in series.evidence}
    out = []
    for claim in series.claims:
        info = _claim(series, claim)
        if claim["check"] == "disagrees":
            against = info["checked_against"]
            detail = (f"; {against['label'] or against['benchmark']} gives {_num(against['baseline'])} → "
                      f"{_num(against['patched'])} ({_pct(against['delta_pct'])})") if against else ""
            out.append({"kind": "claim-disagrees", "text": f"claim \"{claim['text']}\" disagrees with its "
                        f"numbers{detail}", **{k: info[k] for k in ("message_id", "list", "date", "author", "link")}})
        elif claim["polarity"] in ("improvement", "regression") and claim["message_id"] not in with_numbers \
                and info["author"] not in authors_with_numbers:
            out.append({"kind": "claim-without-numbers", "text": f"claim \"{claim['text']}\" has no numbers "
                        "behind it in the series", **{k: info[k] for k in ("message_id", "list", "date", "author",
                                                                          "link")}})
    return out


def _summary_gaps(series: _Series) -> list[dict]:
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
        detail = (f"; the {pick.__name__} of that column is {_num(pick(columns[column]))}"
                  if column is not None and column < len(columns) and columns[column] else
                  "; no column of the table has that " + pick.__name__)
        out.append({"kind": "summary-disagrees",
                    "text": f"summary line \"{label} {_num(value)}\" disagrees with its table{detail}",
                    **series.source(table["message_id"], table["author"] if table["quoted"] else None)})
    for anomaly in series.anomalies:
        line = (anomaly["text"] or "").strip()
        if _SUMMARY_LABEL_RE.match(line):
            out.append({"kind": "summary-disagrees", "text": f"summary line \"{line}\" disagrees with its "
                        f"table: {anomaly['why']}", **series.source(anomaly["message_id"])})
        else:
            out.append({"kind": "table-anomaly", "text": f"line {anomaly['line']}: {anomaly['why']}",
                        **series.source(anomaly["message_id"])})
    return out


def _norm_space(text: str | None) -> str:
    return " ".join((text or "").split()).lower()


# --- formatting ---------------------------------------------------------------------------------------

def _num(value: float | None) -> str:
    if value is None:
        return "?"
    return f"{value:.6g}" if abs(value) < 1e6 else f"{value:.0f}"


def _pct(value: float | None) -> str:
    return "?" if value is None else f"{value:+.2f}%"


def _spread(c: dict) -> str:
    """Table spreads are percentages (stddev %); an inline result's "± x" is in the result's unit."""
    unit = "%" if c["kind"] == "table" else (f" {c['unit']}" if c["unit"] else "")
    parts = [f"±{_num(s)}{unit}" if s is not None else "-" for s in (c["baseline_spread"], c["patched_spread"])]
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
                       f"{_num(against['baseline'])} → {_num(against['patched'])} ({_pct(against['delta_pct'])})"
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
    rows = [[c["label"] or "-", f"{_num(c['baseline'])} → {_num(c['patched'])}{' ' + c['unit'] if c['unit'] else ''}",
             _pct(c["delta_pct"]), _spread(c) or "-", c["verdict"]] for c in group]
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
        given = "; ".join(f"{_group_name(g)}: {g['n_comparisons']} comparison(s), Δ {_pct(g['delta_pct_min'])} .. "
                          f"{_pct(g['delta_pct_max'])}" for g in answer["evidence"]) or "a direct reply"
        out.append(f"  - answered by **{answer['author'] or 'unknown'}** with {given} — {_cite(answer)}")
    out += ["", "## 2. Evidence", ""]
    for g in report["evidence"]:
        verdicts = ", ".join(f"{n} {v}" for v, n in sorted(g["verdicts"].items()))
        kind = " (microbenchmark)" if g["micro"] else ""
        machine = f"; machine/config: {g['machine']}" if g["machine"] else ""
        out.append(f"- **{_group_name(g)}**{kind}: {g['n_comparisons']} comparison(s), Δ {_pct(g['delta_pct_min'])}"
                   f" .. {_pct(g['delta_pct_max'])} ({verdicts}); spread {'stated' if g['spread_stated'] else 'not stated'}"
                   f"{machine} — {_cite(g)}")
        for c in g["comparisons"][:12]:
            spread = f", spread {_spread(c)}" if _spread(c) else ""
            out.append(f"  - {_row_text(c)}{' ' + c['unit'] if c['unit'] else ''}{spread}, {c['verdict']}")
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
