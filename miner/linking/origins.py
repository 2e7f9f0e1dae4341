"""Quotation origins: the message each finding was first written in.

A finding inside `>` quotation was written earlier by someone else. Its `origin_message_id` is the message
of the same series where the same text (or the same comparison) stands unquoted from that author; when the
archive lacks that message, the earliest message that quotes it. A finding is counted once: a row is the
canonical one when `origin_message_id = message_id`.
"""

from __future__ import annotations

import re
from collections import defaultdict

from miner.linking.series import author_key

_WS_RE = re.compile(r"\s+")


def normalized_text(text: str | None) -> str:
    """Text as two copies of it compare: quote marks, runs of blanks and case do not count."""
    return _WS_RE.sub(" ", (text or "").replace(">", " ")).strip().lower()


def _signature(table: str, row: dict) -> tuple:
    """What makes two rows the same finding, quoted or not."""
    if table in ("concerns", "claims"):
        return (normalized_text(row["text"]),)
    if table == "evidence":
        return (row["benchmark"], row["label"], row["metric"], row["baseline"], row["patched"])
    return (row["benchmark"], row["metric"], row["rows_json"])


def find_origins(table: str, table_rows: list[dict], order: dict[str, int]) -> dict[str, str]:
    """row id -> the message the finding was first written in (see the module docstring)."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for row in table_rows:
        groups[_signature(table, row)].append(row)
    origins = {}
    for group in groups.values():
        for row in group:
            origins[row["id"]] = row["message_id"]
            if not row["quoted"]:
                continue
            who = author_key(row["author"])
            sources = [r for r in group if r["message_id"] != row["message_id"]
                       and (who is None or author_key(r["author"]) in (None, who))
                       and order.get(r["message_id"], 0) <= order.get(row["message_id"], 0)]
            written = [r for r in sources if not r["quoted"]]
            pick = written or sources
            if pick:
                origins[row["id"]] = min(pick, key=lambda r: order.get(r["message_id"], 0))["message_id"]
    return origins
