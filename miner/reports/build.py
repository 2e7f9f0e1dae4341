"""The two reports of a series, built from the report model: the evidence report (every comparison per
version, and the claims) and the reviewer checklist (DESIGN.md §5: concerns, evidence, gaps)."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from miner.reports.gaps import find_gaps
from miner.reports.model import SeriesData, claim_entry, comparison_entry, concern_entry, evidence_summaries
from miner.reports.query import find_series


def evidence_report(db: sqlite_utils.Database, query: str) -> dict[str, Any]:
    """Per version of the series the query names, every comparison (benchmark, baseline->patched, delta,
    spread, verdict, configuration and machine stated, who, when, link), and the claims with their check.

    Raises SeriesQueryError for a query naming no series or several."""
    series = SeriesData(db, find_series(db, query))
    comparisons = [comparison_entry(series, row) for row in series.evidence]
    versions = series.version_info() or [{"version": None, "subject": series.row.get("title"), "date": None,
                                          "n_patches": None, "cover_message_id": None, "author": None,
                                          "list": None, "link": None}]
    known = {v["version"] for v in versions}
    for version in versions:
        version["comparisons"] = [c for c in comparisons if c["version"] == version["version"]
                                  or (c["version"] not in known and version is versions[-1])]
    return {"series": series.series_info(), "versions": versions,
            "claims": [claim_entry(series, claim) for claim in series.claims]}


def checklist(db: sqlite_utils.Database, query: str) -> dict[str, Any]:
    """The reviewer checklist of DESIGN.md §5 for the series the query names: versions, concerns (open
    first, answered with who answered and the evidence given), evidence per benchmark, and gaps.

    Raises SeriesQueryError for a query naming no series or several."""
    series = SeriesData(db, find_series(db, query))
    concerns = [concern_entry(series, c) for c in series.concerns]
    evidence = evidence_summaries(series, series.evidence)
    return {"series": series.series_info(), "versions": series.version_info(),
            "open_concerns": [c for c in concerns if c["status"] != "answered"],
            "answered_concerns": [c for c in concerns if c["status"] == "answered"],
            "evidence": evidence, "gaps": find_gaps(series, evidence)}
