"""The two reports of a series, built from the report model: the evidence report (every table or result
once per version it was first posted in, with every place it was posted, the claims, what changed between
versions) and the reviewer checklist (DESIGN.md §5: concerns, evidence, gaps, between versions)."""

from __future__ import annotations

import sqlite_utils

from miner.reports.entries import claim_entry, concern_entry, evidence_groups
from miner.reports.gaps import find_gaps
from miner.reports.model import Checklist, EvidenceReport, SeriesInfo, VersionEvidence, VersionInfo
from miner.reports.query import find_series
from miner.reports.series_data import SeriesData
from miner.reports.versions import between_versions


def _series_info(series: SeriesData) -> SeriesInfo:
    row = series.row
    return SeriesInfo(series_id=row["series_id"], title=row.get("title") or "(no subject)", kind=row.get("kind"),
                      author=row.get("author_name"), list=row.get("list"),
                      first_date=(row.get("first_date_utc") or "")[:10] or None,
                      last_date=(row.get("last_date_utc") or "")[:10] or None)


def _version_info(series: SeriesData) -> list[VersionInfo]:
    out = []
    for version in series.versions:
        mid = version["cover_message_id"]
        source = series.source(mid) if mid else series.source(None)
        out.append(VersionInfo(**{**source, "date": (version["date_utc"] or "")[:10] or None},
                               version=version["version"], subject=version["subject"],
                               n_patches=version["n_patches"], cover_message_id=mid))
    return out


def evidence_report(db: sqlite_utils.Database, query: str) -> EvidenceReport:
    """Per version of the series the query names, every table or result first posted for it (benchmark,
    baseline → patched as printed, change, spread, verdict, machine stated, every place it was posted),
    the claims with their check, and what changed between versions.

    Raises SeriesQueryError for a query naming no series or several."""
    series = SeriesData(db, find_series(db, query))
    groups = evidence_groups(series, series.evidence)
    versions = [VersionEvidence(**v, evidence=[]) for v in _version_info(series)] or [VersionEvidence(
        **series.source(None), version=None, subject=series.row.get("title"), n_patches=None,
        cover_message_id=None, evidence=[])]
    known = {v["version"] for v in versions}
    for version in versions:
        version["evidence"] = [g for g in groups if g["version"] == version["version"]
                               or (g["version"] not in known and version is versions[-1])]
    return EvidenceReport(series=_series_info(series), versions=versions,
                          claims=[claim_entry(series, claim) for claim in series.claims],
                          between_versions=between_versions(series))


def checklist(db: sqlite_utils.Database, query: str) -> Checklist:
    """The reviewer checklist of DESIGN.md §5 for the series the query names: versions, concerns (open
    first, answered with who answered and the evidence given), evidence per benchmark, gaps and what
    changed between versions.

    Raises SeriesQueryError for a query naming no series or several."""
    series = SeriesData(db, find_series(db, query))
    concerns = [concern_entry(series, c) for c in series.concerns]
    evidence = evidence_groups(series, series.evidence)
    return Checklist(series=_series_info(series), versions=_version_info(series),
                     open_concerns=[c for c in concerns if c["status"] != "answered"],
                     answered_concerns=[c for c in concerns if c["status"] == "answered"],
                     evidence=evidence, gaps=find_gaps(series, evidence), between_versions=between_versions(series))
