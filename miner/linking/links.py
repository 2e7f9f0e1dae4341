"""Linking the findings of one series: where quoted and reposted material came from (`origins`), which
concerns were answered (`answers`), whether each claim agrees with the numbers behind it (`claim_checks`)
and what changed between its versions (`versions`).

A series is read from the database and worked out without writing (`read_series_links`), so the import
pipeline can do many series at once in worker processes; `save_series_links` writes the results.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from db import queries
from miner.linking.answers import find_answers
from miner.linking.claim_checks import check_claim, naming_words
from miner.linking.origins import find_origins
from miner.linking.versions import VersionChange, find_version_changes


@dataclass(frozen=True)
class SeriesLinks:
    """What linking decided for one series, to be written: per finding table (origin, copy_of, row id)
    rows, (status, answered_by, answered_by_author, concern id) and (check, evidence id, claim id) rows,
    and the series' between-versions items."""

    series_id: str
    origins: dict[str, list[tuple[str, str | None, str]]]
    statuses: list[tuple]
    checks: list[tuple]
    version_changes: list[VersionChange]


def read_series_links(db: sqlite_utils.Database, series_id: str) -> SeriesLinks:
    """Link one series; reads the database, writes nothing."""
    messages = queries.load_series_messages(db, series_id)
    order = {m["message_id"]: n for n, m in enumerate(messages)}
    by_id = {m["message_id"]: m for m in messages}
    rows = {t: queries.load_series_findings(db, t, series_id) for t in ("evidence_tables", "evidence",
                                                                          "concerns", "claims")}
    saved_origins = {}
    for table, table_rows in rows.items():
        origins = find_origins(table, table_rows, order)
        for row in table_rows:
            row["origin_message_id"] = origins[row["id"]].message_id
        saved_origins[table] = [(*origins[r["id"]], r["id"]) for r in table_rows]
    versions = queries.load_series_versions(db, series_id)
    starters = {v["cover_message_id"] for v in versions if v["cover_message_id"]}
    answers = find_answers(db, rows, messages, by_id, order, starters)
    for concern in rows["concerns"]:
        concern["status"] = answers[concern["id"]][0]
    canonical = [e for e in rows["evidence"]
                 if e["origin_message_id"] == e["message_id"] and e["delta_pct"] is not None]
    names = {e["id"]: naming_words(" ".join(filter(None, (e["label"], e["metric"], e["benchmark"]))))
             for e in canonical}
    decided = {claim["id"]: check_claim(claim, canonical, names)
               for claim in rows["claims"] if claim["origin_message_id"] == claim["message_id"]}
    copy_of = {row_id: canonical_id for _origin, canonical_id, row_id in saved_origins["claims"]}
    # a copy of a claim (quoted, or posted again) shares the check of the claim it repeats
    checks = [(*(decided.get(c["id"]) or decided.get(copy_of[c["id"]] or "") or ("unchecked", None)), c["id"])
              for c in rows["claims"]]
    series = queries.load_series(db, series_id) or {}
    changes = find_version_changes(series_id, [v["version"] for v in versions], messages, rows,
                                   series.get("author_name"))
    return SeriesLinks(series_id, saved_origins, [(*answers[c["id"]], c["id"]) for c in rows["concerns"]], checks,
                       changes)


def save_series_links(db: sqlite_utils.Database, batch: list[SeriesLinks]) -> None:
    """Write what linking decided for a batch of series, in one transaction."""
    with db.conn:
        for links in batch:
            for table, origins in links.origins.items():
                queries.save_origins(db, table, origins)
            queries.save_concern_status(db, links.statuses)
            queries.save_claim_checks(db, links.checks)
            queries.save_version_changes(db, links.series_id, links.version_changes)
        queries.save_series_linked(db, [links.series_id for links in batch])
