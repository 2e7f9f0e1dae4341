"""The entries both reports are made of, built from the rows of one series (`SeriesData`): comparisons
(numbers as printed, the change in points for a percentage metric, the machine stated), evidence groups
(one per table or inline result, listed once with every place it was posted), claims with their check,
and concerns with who answered them and the evidence given.
"""

from __future__ import annotations

import re
from collections import defaultdict

from extractors.vocab.benchmarks import MICROBENCHMARK_PREFIXES, MICROBENCHMARKS
from miner.linking.versions import benchmark_name
from miner.reports.model import Answer, ClaimEntry, Comparison, ConcernEntry, EvidenceGroup, source_of
from miner.reports.series_data import SeriesData
from miner.reports.wording import benchmark_title

# Microbenchmarks: per-call cycle or nanosecond counts, a function call as the name ("spin_lock()"), or a
# suite built to time one operation (`extractors.vocab.benchmarks`).
_MICRO_UNIT_RE = re.compile(r"^(?:cycles?|ns|nsec|insns|instructions)$", re.I)
_MICRO_NAME_RE = re.compile(
    r"\w\(\)|(?<![\w-])(?:" + "|".join(re.escape(w) for w in MICROBENCHMARKS) + r")(?![\w-])|\b(?:"
    + "|".join(re.escape(p) for p in MICROBENCHMARK_PREFIXES) + r")\w+", re.I)
_MAX_GROUP_NAME_LABELS = 3


def _is_micro(unit: str | None, name: str) -> bool:
    return bool(_MICRO_UNIT_RE.match(unit or "") or _MICRO_NAME_RE.search(name))


def comparison_entry(series: SeriesData, row: dict) -> Comparison:
    """One evidence row as the reports show it: benchmark, metric and the two kernels as the table names
    them, baseline → patched as printed, the change, spreads, verdict, the machine stated, its source."""
    table = series.tables.get(row["table_id"]) if row["table_id"] else None
    name = benchmark_title(row["benchmark"], row["metric"]) or row["label"] or "?"
    return Comparison(
        **series.finding_source(row), evidence_id=row["id"], table_id=row["table_id"],
        kind="table" if table else "result", benchmark=name, metric=row["metric"], label=row["label"],
        baseline_label=(table or {}).get("baseline_label"), patched_label=(table or {}).get("patched_label"),
        baseline=row["baseline"], patched=row["patched"], baseline_text=row["baseline_text"],
        patched_text=row["patched_text"], unit=row["unit"], delta_pct=row["delta_pct"],
        delta_points=row.get("delta_points"),
        baseline_spread_pct=row["baseline_spread_pct"], patched_spread_pct=row["patched_spread_pct"],
        baseline_spread_abs=row["baseline_spread_abs"], patched_spread_abs=row["patched_spread_abs"],
        verdict=row["verdict"] or "unknown", micro=_is_micro(row["unit"], benchmark_name(row) or ""),
        machine=series.machine(row) or (table or {}).get("config"), line=row["line"], quoted=bool(row["quoted"]),
        text=row.get("text"), version=series.version_of(row["message_id"]))


def group_title(comparisons: list[Comparison], table: dict | None) -> str:
    """A table named by its benchmark (and metric); a table of named rows (a test robot's metrics) by them."""
    named = benchmark_title((table or {}).get("benchmark"), (table or {}).get("metric"))
    if named or len(comparisons) == 1 or table is None:
        return named or comparisons[0]["benchmark"]
    labels = list(dict.fromkeys(c["label"] or "?" for c in comparisons))
    more = len(labels) - _MAX_GROUP_NAME_LABELS
    return ", ".join(labels[:_MAX_GROUP_NAME_LABELS]) + (f" and {more} more" if more > 0 else "")


def evidence_groups(series: SeriesData, rows: list[dict]) -> list[EvidenceGroup]:
    """Per table (or inline result) of the canonical evidence rows: its comparisons, Δ% range, verdict
    counts, whether a spread was stated, the machine, its source and every place it was posted."""
    grouped: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows:
        grouped[(row["message_id"], row["table_id"] or row["id"])].append(row)
    out = []
    for group in grouped.values():
        comparisons = [comparison_entry(series, row) for row in group]
        first = comparisons[0]
        table = series.tables.get(group[0]["table_id"]) if group[0]["table_id"] else None
        deltas = [c["delta_pct"] for c in comparisons if c["delta_pct"] is not None]
        verdicts: dict[str, int] = defaultdict(int)
        for c in comparisons:
            verdicts[c["verdict"]] += 1
        out.append(EvidenceGroup(
            **source_of(first), name=group_title(comparisons, table), benchmark=first["benchmark"], metric=first["metric"],
            baseline_label=first["baseline_label"], patched_label=first["patched_label"],
            n_comparisons=len(comparisons), delta_pct_min=min(deltas, default=None),
            delta_pct_max=max(deltas, default=None), verdicts=dict(verdicts),
            spread_stated=any(c[f"{side}_spread_{kind}"] is not None for c in comparisons  # type: ignore[literal-required]
                              for side in ("baseline", "patched") for kind in ("pct", "abs")),
            micro=all(c["micro"] for c in comparisons), machine=first["machine"], version=first["version"],
            places=series.places(table or group[0]), comparisons=comparisons))
    return out


def claim_entry(series: SeriesData, claim: dict) -> ClaimEntry:
    """A claim as the reports show it: its check and the comparison it was checked against, its source."""
    checked = series.all_evidence.get(claim.get("check_evidence_id") or "")
    return ClaimEntry(**series.finding_source(claim), text=claim["text"], polarity=claim["polarity"],
                      magnitude_pct=claim["magnitude_pct"], check=claim["check"] or "unchecked",
                      checked_against=comparison_entry(series, checked) if checked else None, line=claim["line"])


def concern_entry(series: SeriesData, concern: dict) -> ConcernEntry:
    """A concern as the reports show it, with who answered and the evidence given when it was answered."""
    answer = None
    if concern["status"] == "answered":
        source = series.source(concern["answered_by"], concern["answered_by_author"])
        in_same_message = concern["answered_by"] == concern["message_id"]
        given = [e for e in series.evidence if e["message_id"] == concern["answered_by"]
                 and (e["author"] or source["author"]) == source["author"]
                 and (not in_same_message or (e["line"] or 0) > (concern["line"] or 0))]
        answer = Answer(**source, evidence=evidence_groups(series, given))
    return ConcernEntry(**series.finding_source(concern), text=concern["text"], category=concern["category"],
                        status=concern["status"] or "open", line=concern["line"],
                        version=series.version_of(concern["message_id"]), answer=answer)
