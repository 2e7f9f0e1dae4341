"""Quotation origins and reposts: the message each finding was first written in, and the row it repeats.

A finding inside `>` quotation was written earlier by someone else. Its `origin_message_id` is the message
of the same series where the same text (or the same comparison) stands unquoted from that author; when the
archive lacks that message, the earliest message that quotes it (a report then says "quoted in" it).
Numbers and claims are also posted again unquoted: a cover letter's table repeated in a patch, v1's table
in v2's cover letter. Such a repost by the same author has the first posting as its origin too: evidence
is counted once, and a report lists every place it was posted. (A concern asked again is asked again: only
its quoted copies are copies.) A row is the canonical one when `origin_message_id = message_id`; every
other row names the canonical row it repeats in `copy_of`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import NamedTuple

from miner.linking.series import author_key

_WS_RE = re.compile(r"\s+")
# Finding tables whose unquoted reposts are copies (not concerns: a question asked again is new).
_REPOSTS_COUNT = frozenset({"evidence_tables", "evidence", "claims"})


class Origin(NamedTuple):
    """Where a finding row was first written, and the canonical row it repeats (None: it is canonical)."""

    message_id: str
    copy_of: str | None


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


def find_origins(table: str, table_rows: list[dict], order: dict[str, int]) -> dict[str, Origin]:
    """row id -> its Origin (see the module docstring). `order` ranks the series' messages, oldest first."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for row in table_rows:
        groups[_signature(table, row)].append(row)
    origins: dict[str, Origin] = {}
    for group in groups.values():
        for row in group:
            origins[row["id"]] = Origin(row["message_id"], None)
            if not row["quoted"] and table not in _REPOSTS_COUNT:
                continue
            here = order.get(row["message_id"], 0)
            who = author_key(row["author"])
            sources = [r for r in group if r["message_id"] != row["message_id"]
                       and (who is None or author_key(r["author"]) in (None, who))
                       and (order.get(r["message_id"], 0) <= here if row["quoted"] else
                            order.get(r["message_id"], 0) < here)]
            written = [r for r in sources if not r["quoted"]]
            pick = written or (sources if row["quoted"] else [])
            if pick:
                first = min(pick, key=lambda r: (order.get(r["message_id"], 0), r["id"]))["message_id"]
                origins[row["id"]] = Origin(first, None)
    canonical = {}
    for row in sorted(table_rows, key=lambda r: r["id"]):
        if origins[row["id"]].message_id == row["message_id"]:
            canonical.setdefault((_signature(table, row), row["message_id"]), row["id"])
    for row in table_rows:
        origin = origins[row["id"]]
        if origin.message_id != row["message_id"]:
            origins[row["id"]] = Origin(origin.message_id, canonical.get((_signature(table, row), origin.message_id)))
    return origins
