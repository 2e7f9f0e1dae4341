"""What the reports read about one series, loaded once from the linked database: the series, its versions
and messages, its findings (the canonical rows, and the copies of each: where the same evidence was
posted again), the machine descriptions stored for its evidence and its between-versions rows; and the
`Source` of every message or finding (lore for a real Message-ID, else where the text was read).
"""

from __future__ import annotations

from collections import defaultdict

import sqlite_utils

from db import queries
from miner.linking.series import asked_by_a_reviewer
from miner.reports.model import Place, QuotedIn, Source

LORE = "https://lore.kernel.org/r/"


def message_link(message: dict) -> str | None:
    """Where a person can read the message: lore for a real Message-ID, else the archive it came from."""
    if not message.get("synthetic_id"):
        return LORE + message["message_id"]
    return message.get("source_url")


def _canonical(row: dict) -> bool:
    return row.get("origin_message_id") in (None, row["message_id"])


class SeriesData:
    """Everything the two reports read about one series, loaded once."""

    def __init__(self, db: sqlite_utils.Database, series_id: str):
        self.row = queries.load_series(db, series_id) or {"series_id": series_id}
        self.versions = queries.load_series_versions(db, series_id)
        self.messages = queries.load_series_messages(db, series_id)
        self.by_id = {m["message_id"]: m for m in self.messages}
        self.order = {m["message_id"]: n for n, m in enumerate(self.messages)}
        found = {t: queries.load_series_findings(db, t, series_id) for t in queries.FINDING_TABLES}
        self.tables = {r["id"]: r for r in found["evidence_tables"]}
        self.all_evidence = {r["id"]: r for r in found["evidence"]}
        self.evidence = sorted((r for r in found["evidence"] if _canonical(r)), key=self._place)
        # a question the series' own author asks (of testers, of reviewers) is no reviewer's concern
        self.concerns = sorted((r for r in found["concerns"] if _canonical(r)
                                and asked_by_a_reviewer(r, self.row.get("author_name"))), key=self._place)
        self.claims = sorted((r for r in found["claims"] if _canonical(r)), key=self._place)
        self.all_concerns = {r["id"]: r for r in found["concerns"]}
        self.all_claims = {r["id"]: r for r in found["claims"]}
        canonical_tables = {t for t, row in self.tables.items() if _canonical(row)}
        self.anomalies = [a for a in found["anomalies"] if a["table_id"] is None or a["table_id"] in canonical_tables]
        self.copies: dict[str, list[dict]] = defaultdict(list)  # canonical row id -> its unquoted reposts
        for row in [*found["evidence_tables"], *found["evidence"]]:
            if row.get("copy_of") and not row["quoted"]:
                self.copies[row["copy_of"]].append(row)
        machine_ids = {r["machine_id"] for r in [*found["evidence_tables"], *found["evidence"]] if r.get("machine_id")}
        self.machines = queries.load_machine_texts(db, sorted(machine_ids))
        self.version_changes = queries.load_version_changes(db, series_id)

    def _place(self, row: dict) -> tuple:
        return self.order.get(row["message_id"], 0), row.get("line") or 0

    def version_of(self, message_id: str | None) -> int | None:
        return self.by_id.get(message_id, {}).get("series_version") if message_id else None

    def source(self, message_id: str | None, author: str | None = None) -> Source:
        """The source of a message, with `author` as the author when given (who wrote the text in it)."""
        message = self.by_id.get(message_id) if message_id else None
        if message is None:
            return Source(message_id=message_id, list=None, date=None, author=author, link=(
                LORE + message_id if message_id and "@listminer" not in message_id else None), quoted_in=None)
        return Source(message_id=message["message_id"], list=message.get("list"),
                      date=(message.get("date_utc") or "")[:10] or None,
                      author=author or message.get("author_name") or message.get("author_email"),
                      link=message_link(message), quoted_in=None)

    def finding_source(self, row: dict) -> Source:
        """The source of a finding row: its message and sender; for text quoted from a message the archive
        lacks (a quoted row that is its own origin), the quoted author, "quoted in" the message that quoted it."""
        if not row.get("quoted"):
            return self.source(row["message_id"])
        if not _canonical(row):
            return self.source(row["message_id"], row.get("author"))
        sender = self.source(row["message_id"])
        quoted_in = QuotedIn(message_id=row["message_id"], author=sender["author"], list=sender["list"],
                             date=sender["date"], link=sender["link"])
        return Source(**{**sender, "author": row.get("author"), "quoted_in": quoted_in})

    def places(self, row: dict) -> list[Place]:
        """Every message where the evidence of a canonical table or result row was posted, oldest first."""
        posted = sorted([row, *self.copies.get(row["id"], [])], key=self._place)
        return [Place(**self.finding_source(r), version=self.version_of(r["message_id"])) for r in posted]

    def machine(self, row: dict) -> str | None:
        return self.machines.get(row.get("machine_id") or "")
