"""Linking the findings of one series: where quoted material came from (`origins`), which concerns were
answered (`answers`), and whether each claim agrees with the numbers behind it (`claim_checks`).

A series is read from the database and worked out without writing (`read_series_links`), so the import
pipeline can do many series at once in worker processes; `save_series_links` writes the results.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from db import queries
from miner.linking.answers import find_answers
from miner.linking.claim_checks import check_claim_in_series, naming_words
from miner.linking.origins import find_origins


@dataclass(frozen=True)
class SeriesLinks:
    """What linking decided for one series, to be written: per finding table (origin, row id) pairs,
    (status, answered_by, answered_by_author, concern id) and (check, evidence id, claim id) rows."""

    origins: dict[str, list[tuple[str, str]]]
    statuses: list[tuple]
    checks: list[tuple]


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
            row["origin_message_id"] = origins[row["id"]]
        saved_origins[table] = [(origins[r["id"]], r["id"]) for r in table_rows]
    starters = {v["cover_message_id"] for v in queries.load_series_versions(db, series_id) if v["cover_message_id"]}
    answers = find_answers(db, rows, messages, by_id, order, starters)
    canonical = [e for e in rows["evidence"]
                 if e["origin_message_id"] == e["message_id"] and e["delta_pct"] is not None]
    names = {e["id"]: naming_words(" ".join(filter(None, (e["label"], e["metric"], e["benchmark"]))))
             for e in canonical}
    checks = [(*check_claim_in_series(claim, canonical, names), claim["id"])
              for claim in rows["claims"] if claim["origin_message_id"] == claim["message_id"]]
    return SeriesLinks(saved_origins, [(*answers[c["id"]], c["id"]) for c in rows["concerns"]], checks)


def save_series_links(db: sqlite_utils.Database, batch: list[SeriesLinks]) -> None:
    """Write what linking decided for a batch of series, in one transaction."""
    with db.conn:
        for links in batch:
            for table, origins in links.origins.items():
                queries.save_origins(db, table, origins)
            queries.save_concern_status(db, links.statuses)
            queries.save_claim_checks(db, links.checks)
