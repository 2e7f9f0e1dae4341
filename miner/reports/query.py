"""Which series a report is about: a query (series_id, Message-ID, archive URL or title words) resolved
to one series, or an error listing the candidates when it fits several.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlparse

import sqlite_utils

from db import queries
from miner.errors import MinerError

# A Message-ID in a lore / lkml.kernel.org / patchwork URL path: the segment holding an "@".
_URL_MESSAGE_ID_RE = re.compile(r"/([^/]+@[^/]+)")
_MESSAGE_ID_RE = re.compile(r"^<?[^\s<>@]+@[^\s<>@]+>?$")


class SeriesQueryError(MinerError):
    """A query that names no series, or several (then `candidates` lists them)."""

    def __init__(self, message: str, candidates: list[dict] | None = None):
        super().__init__(message)
        self.candidates = candidates or []


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
