"""The "Between versions" section of both reports (DESIGN.md §5, 4), from the rows linking stored in
`version_changes` (`miner.linking.versions` decides them): one item per benchmark re-run, reposted,
dropped or new in a version, per concern left open since an earlier version, and per regression report
with no numbers since. Comparisons of one table (or one re-run) make one item.
"""

from __future__ import annotations

from miner.reports.entries import claim_entry, comparison_entry, concern_entry, group_title
from miner.reports.model import Comparison, VersionItem, VersionRow, source_of
from miner.reports.series_data import SeriesData


def _key(series: SeriesData, change: dict) -> tuple:
    """What makes changes one item: their kind and versions, and the posting (table or result) they are about."""
    def posting(evidence_id: str | None) -> str | None:
        row = series.all_evidence.get(evidence_id or "")
        return (row["table_id"] or row["id"]) if row else None

    earlier, later = posting(change["from_evidence_id"]), posting(change["to_evidence_id"])
    return (change["kind"], change["from_version"], change["to_version"], earlier, later,
            change["concern_id"], change["claim_id"], None if earlier or later else change["id"])


def _comparison(series: SeriesData, evidence_id: str | None) -> Comparison | None:
    row = series.all_evidence.get(evidence_id or "")
    return comparison_entry(series, row) if row else None


def between_versions(series: SeriesData) -> list[VersionItem]:
    """The between-versions items of the series, in the order linking stored them; empty for one version."""
    items: dict[tuple, VersionItem] = {}
    for change in series.version_changes:
        key = _key(series, change)
        before = _comparison(series, change["from_evidence_id"])
        after = _comparison(series, change["to_evidence_id"])
        if key not in items:
            concern = series.all_concerns.get(change["concern_id"] or "")
            claim = series.all_claims.get(change["claim_id"] or "")
            finding = concern or claim
            source = after or before or (series.finding_source(finding) if finding else
                                         series.source(change["message_id"]))
            items[key] = VersionItem(
                **source_of(source), kind=change["kind"], from_version=change["from_version"],
                to_version=change["to_version"], name=None, rows=[],
                concern=concern_entry(series, concern) if concern else None,
                claim=claim_entry(series, claim) if claim else None,
                earlier=source_of(before) if before and after else None)  # type: ignore[typeddict-item]
        if before or after:
            items[key]["rows"].append(VersionRow(label=change["label"], before=before, after=after))
    for item in items.values():
        shown = [row["after"] or row["before"] for row in item["rows"]]
        if shown:
            table = series.tables.get(shown[0]["table_id"] or "")
            item["name"] = group_title(shown, table) if table else shown[0]["benchmark"]
    return list(items.values())
