"""Which series a report is about: a query (series_id, Message-ID, archive URL or title words) resolved
to one series, or an error listing the candidates when it fits several: a report about the wrong series
misleads more than no report, so a query is never settled by guessing.
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
_LISTED_CANDIDATES = 20


class SeriesQueryError(MinerError):
    """A query that names no series, or several: then `candidates` lists them (title, versions, dates,
    message count) and `ambiguous` is True (the command line exits with status 2)."""

    def __init__(self, message: str, candidates: list[dict] | None = None):
        super().__init__(message)
        self.candidates = candidates or []
        self.ambiguous = len(self.candidates) > 1


def _normalized(text: str | None) -> str:
    return " ".join((text or "").lower().split())


def _candidate_line(candidate: dict) -> str:
    versions = ", ".join(f"v{v}" for v in candidate["versions"]) or "no version"
    dates = (candidate["first_date_utc"] or "?")[:10]
    if (candidate["last_date_utc"] or "")[:10] not in ("", dates):
        dates += f" .. {candidate['last_date_utc'][:10]}"
    return (f"  {candidate['series_id']}  {candidate['title'] or '(no title)'} — {versions}, {dates}, "
            f"{candidate['n_messages']} message(s), {candidate['author_name'] or 'unknown author'}")


def _ambiguous(db: sqlite_utils.Database, query: str, series_ids: list[str]) -> SeriesQueryError:
    candidates = queries.load_series_summaries(db, series_ids)
    listing = "\n".join(_candidate_line(c) for c in candidates[:_LISTED_CANDIDATES])
    more = len(candidates) - _LISTED_CANDIDATES
    if more > 0:
        listing += f"\n  … and {more} more"
    return SeriesQueryError(f"{len(candidates)} series match {query!r}; give more words of the title, a "
                            f"Message-ID or a series id:\n{listing}", candidates)


def find_series(db: sqlite_utils.Database, query: str) -> str:
    """The series_id a query names: a series_id, a Message-ID (with or without <>), an archive URL, or
    title words (every word in the title; a title equal to the query wins over titles that contain it).

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
    exact = [s for s in found if _normalized(s["title"]) == _normalized(query)]
    if len(exact) == 1:
        return exact[0]["series_id"]
    if len(found) == 1:
        return found[0]["series_id"]
    if not found:
        raise SeriesQueryError(f"no series matches {query!r}")
    raise _ambiguous(db, query, [s["series_id"] for s in found])
