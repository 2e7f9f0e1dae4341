"""Patch series across versions: which messages belong to which series, and which threads are versions of
the same series.

A thread is the unit: its cover letter (0/N) or lone patch starts a version, and the patches and every
reply in it belong to that series (a robot report or a renamed sub-thread included). Inside a thread each
message keeps the version its own subject states, so a v2 posted in reply to v1 becomes version 2 of the
same series. Threads are then joined across versions by what authors carry from one posting to the next:
- the normalized title of the cover letter or lone patch, from the same author;
- the titles of the patches themselves, from the same author, when at least half of them match (a
  renamed cover letter over the same patches);
- a b4 "change-id:" or Gerrit "Change-Id:" trailer in the starting message;
- a link to an earlier posting in the starting message ("v1: https://lore.kernel.org/r/<id>", "Link:").
A thread with no patch subject is a topic of its own. A thread is only looked at again when it gains a
message, so a pass costs the size of what was imported, and each lookup goes through `series_keys`.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import groupby
from urllib.parse import unquote

import sqlite_utils

from db import queries
from db.store import stable_id
from extractors.subjects import PatchSubject, normalize_title, parse_subject

log = logging.getLogger(__name__)

_THREADS_PER_PASS = 500
# b4 cover letters end with "change-id: 20230101-topic-1a2b3c"; Gerrit trailers say "Change-Id: I1a2b...".
_CHANGE_ID_RE = re.compile(r"^\s*change-id:\s*(\S{6,})\s*$", re.I | re.M)
# A message id inside an archive URL: lore/lkml.kernel.org (with or without a list segment), patchwork.
_ARCHIVE_LINK_RE = re.compile(
    r"https?://(?:(?:lore|lkml)\.kernel\.org/(?:[\w.+-]+/)?|patchwork\.kernel\.org/project/[\w.+-]+/"
    r"(?:patch|cover)/)(?P<id>[^\s/<>\"'#?]+(?:@|%40)[^\s/<>\"'#?]+)", re.I)
# A line that points at an earlier posting rather than at a bug report: "v2: <url>", "Link: <url>",
# "previous version: <url>", "RFC: <url>".
_EARLIER_POSTING_LINE_RE = re.compile(
    r"\bv\d{1,3}\b|^\s*link\s*:|\b(?:previous|earlier|last|prior|old)\s+(?:version|posting|spin|series|"
    r"round|submission)|\bRFC\b", re.I)
_PARENTHESIZED_RE = re.compile(r"\([^()]*\)|\"|'")
_WS_RE = re.compile(r"\s+")


def author_key(name: str | None, email: str | None = None) -> str | None:
    """Who a message is from, in a form two archives agree on: the name without quotes, parenthesized
    notes ("(EOSG)") or case; the address when there is no name. None when neither is known."""
    if name:
        key = _WS_RE.sub(" ", _PARENTHESIZED_RE.sub(" ", name)).strip().lower()
        if "," in key:  # "Xu, Anthony" and "Anthony Xu" are one person
            last, _, first = key.partition(",")
            key = f"{first.strip()} {last.strip()}".strip()
        if key:
            return key
    return email.lower() if email else None


def asked_by_a_reviewer(concern: dict, series_author: str | None) -> bool:
    """Whether a concern is a reviewer's (DESIGN §4: a reviewer's performance question or request): not
    asked by the series' own author ("would be great if someone else could run some performance testing"),
    as far as both names are known."""
    asker, author = author_key(concern.get("author")), author_key(series_author)
    return asker is None or author is None or asker != author


def same_author(a: str | None, b: str | None) -> bool:
    """True unless both authors are known and differ (an archive page may not name the sender)."""
    return a is None or b is None or a == b


@dataclass
class _Version:
    version: int
    starter: dict | None = None  # the cover letter or lone patch, None when only replies are stored
    starter_subject: PatchSubject | None = None
    title: str = ""
    subject: str = ""
    n_patches: int | None = None
    patch_titles: set[str] = field(default_factory=set)
    date: str | None = None


@dataclass
class _Thread:
    thread_id: str
    kind: str  # "patch" or "topic"
    title: str
    author: str | None
    author_key: str | None
    list: str | None
    versions: dict[int, _Version]
    assignments: list[tuple]  # (version, index, total, message rowid)
    old_series: str | None  # the series its messages had before this pass, which it keeps
    links: set[str] = field(default_factory=set)  # earlier postings its starting messages link to
    change_ids: set[str] = field(default_factory=set)


def _read_thread(messages: list[dict]) -> _Thread:
    """What one thread says about its series: each message's version (its own subject's, else the
    thread's), each version's starting message and title, and who posted it (unknown when the archive
    holds only replies, as archive pages often do)."""
    parsed = [(m, parse_subject(m["subject"])) for m in messages]
    old = Counter(m["series_id"] for m in messages if m["series_id"])
    old_series = old.most_common(1)[0][0] if old else None
    first = messages[0]
    patches = [(m, p) for m, p in parsed if p.is_patch]
    if not patches:
        root = next((p for m, p in parsed if m["message_id"] == m["thread_id"]), parsed[0][1])
        return _Thread(first["thread_id"], "topic", root.title or (first["subject"] or ""),
                       first["author_name"], author_key(first["author_name"], first["author_email"]),
                       first["list"], {}, [(None, None, None, m["rowid"]) for m in messages], old_series)
    root_version = next((p.version for m, p in patches if m["message_id"] == m["thread_id"]),
                        next((p.version for m, p in patches if not p.is_reply), patches[0][1].version))
    versions: dict[int, _Version] = {}
    assignments = []
    for message, subject in parsed:
        number = subject.version if subject.is_patch else root_version
        unit = versions.setdefault(number, _Version(number))
        assignments.append((number, subject.index, subject.total, message["rowid"]))
        if not subject.is_patch:
            continue
        unit.date = min(filter(None, (unit.date, message["date_utc"])), default=None)
        if subject.total:
            unit.n_patches = max(unit.n_patches or 0, subject.total)
        if not subject.is_reply and (subject.index or 0) >= 1 and subject.total and subject.total > 1:
            unit.patch_titles.add(normalize_title(subject.title))
        if _starts_before(subject, unit.starter_subject):
            unit.starter = message if not subject.is_reply else None
            unit.starter_subject = subject
            unit.title, unit.subject = subject.title, _posting_subject(subject, message["subject"])
    for unit in versions.values():
        if unit.n_patches is None and unit.starter_subject is not None and unit.starter_subject.index is None:
            unit.n_patches = 1
    starters = [u.starter for u in sorted(versions.values(), key=lambda u: u.version) if u.starter]
    author = starters[0] if starters else None
    return _Thread(first["thread_id"], "patch", versions[max(versions)].title,
                   author["author_name"] if author else None,
                   author_key(author["author_name"], author["author_email"]) if author else None,
                   first["list"], versions, assignments, old_series)


def _posting_subject(subject: PatchSubject, raw: str | None) -> str:
    """The subject as the posting had it: a version known only from replies loses their "Re:"."""
    if not subject.is_reply:
        return raw or ""
    return " ".join([*(f"[{p}]" for p in subject.prefixes), subject.title])


def _starts_before(candidate: PatchSubject, current: PatchSubject | None) -> bool:
    """Which subject best names a version: a posting over a reply, then the cover letter (0/N or no
    counter) over patch 1/N over patch 2/N."""
    if current is None:
        return True
    return (candidate.is_reply, candidate.index or 0) < (current.is_reply, current.index or 0)


def _links_and_change_ids(db: sqlite_utils.Database, thread: _Thread) -> tuple[set[str], set[str]]:
    """Message ids of earlier postings linked from the starting messages, and their change-ids."""
    links: set[str] = set()
    change_ids: set[str] = set()
    for unit in thread.versions.values():
        if unit.starter is None:
            continue
        body = queries.load_body(db, unit.starter["message_id"])
        if "://" not in body and "hange-" not in body:  # most patches carry neither: skip the regexes
            continue
        change_ids.update(m.group(1).lower() for m in _CHANGE_ID_RE.finditer(body))
        for line in body.splitlines():
            if "://" in line and _EARLIER_POSTING_LINE_RE.search(line):
                links.update(unquote(m.group("id")).strip("<>") for m in _ARCHIVE_LINK_RE.finditer(line))
    own = {u.starter["message_id"] for u in thread.versions.values() if u.starter}
    return links - own, change_ids


def _candidates(db: sqlite_utils.Database, thread: _Thread, links: set[str], change_ids: set[str]) -> list[str]:
    """Stored series this thread is another version of (strongest evidence first, no duplicates)."""
    title_keys = {"title:" + normalize_title(u.title) for u in thread.versions.values() if u.title}
    patch_titles = set().union(*(u.patch_titles for u in thread.versions.values()))
    own_ids = [u.starter["message_id"] for u in thread.versions.values() if u.starter]
    keys = sorted(title_keys | {"patch:" + t for t in patch_titles} | {"change-id:" + c for c in change_ids}
                  | {"msg:" + mid for mid in own_ids})
    strong: list[str] = []
    by_title: list[str] = []
    patch_hits: Counter = Counter()
    for key, series_id, other_author in queries.find_series_keys(db, keys):
        if not same_author(thread.author_key, other_author):
            continue
        if key.startswith(("change-id:", "msg:")):
            strong.append(series_id)
        elif key.startswith("title:"):
            by_title.append(series_id)
        elif thread.author_key and other_author:  # patch titles join only when both authors are known
            patch_hits[series_id] += 1
    for series_id, kind in queries.load_message_series(db, sorted(links)).values():
        if kind == "patch" and same_author(thread.author_key, author_key(
                queries.load_series_field(db, [series_id], "author_name").get(series_id))):
            strong.append(series_id)
    if thread.author_key is None and len(set(by_title)) > 1:
        by_title = []  # an unknown sender and several series of that title: no way to tell which
    enough = [s for s, n in patch_hits.items() if n * 2 >= len(patch_titles)]
    return list(dict.fromkeys(strong + by_title + enough))


def _flush(db: sqlite_utils.Database, updates: list[tuple]) -> None:
    queries.save_message_series(db, updates)
    updates.clear()


def _save_thread(db: sqlite_utils.Database, thread: _Thread, series_id: str, updates: list[tuple]) -> None:
    version_rows = [{
        "series_id": series_id, "version": u.version,
        "cover_message_id": u.starter["message_id"] if u.starter else None, "thread_id": thread.thread_id,
        "subject": u.subject, "n_patches": u.n_patches, "date_utc": u.date,
    } for u in thread.versions.values() if u.subject]
    key_rows = []
    if thread.kind == "patch":
        keys = {"title:" + normalize_title(u.title) for u in thread.versions.values() if u.title}
        keys |= {"patch:" + t for u in thread.versions.values() for t in u.patch_titles}
        keys |= {"change-id:" + c for c in thread.change_ids} | {"msg:" + m for m in thread.links}
        key_rows = [{"key": k, "series_id": series_id, "author_key": thread.author_key} for k in sorted(keys)]
    queries.save_thread_series(
        db,
        series_rows=[{"series_id": series_id, "kind": thread.kind, "title": thread.title,
                      "author_name": thread.author, "list": thread.list}],
        version_rows=version_rows, key_rows=key_rows)
    updates.extend((series_id, v, i, t, rowid) for v, i, t, rowid in thread.assignments)


def group_series(db: sqlite_utils.Database) -> set[str]:
    """Give every message without a series its series and version, joining new threads to the versions
    stored before. Returns the ids of the series that changed (for answer linking).

    Reads only the threads that gained messages; never raises because of a message's content.
    """
    thread_ids = queries.load_unassigned_thread_ids(db)
    touched: set[str] = set()
    for start in range(0, len(thread_ids), _THREADS_PER_PASS):
        rows = list(queries.iter_thread_messages(db, thread_ids[start:start + _THREADS_PER_PASS]))
        updates: list[tuple] = []  # the messages' series columns, written once the batch is read
        with db.conn:  # one transaction per batch of threads; lookups inside it see its earlier threads
            for _thread_id, messages in groupby(rows, key=lambda r: r["thread_id"]):
                touched |= _assign_thread(db, _read_thread(list(messages)), updates)
            queries.save_message_series(db, updates)
    touched.update(queries.load_pending_series(db))  # with the series of a run killed before linking them
    queries.link_unassigned_findings(db)
    if touched:
        queries.refresh_series(db, touched)
        titles = {sid: parse_subject(subject).title
                  for sid, subject in queries.load_latest_version_subjects(db, sorted(touched)) if subject}
        queries.save_series_titles(db, titles)
    log.info("%d thread(s) grouped into %d series", len(thread_ids), len(touched))
    return touched


def _assign_thread(db: sqlite_utils.Database, thread: _Thread, updates: list[tuple]) -> set[str]:
    """Give a thread its series: a stored one it continues, else its own. Messages' series columns go to
    `updates`; what reads or moves messages' series here writes them first."""
    candidates: list[str] = []
    if thread.kind == "patch":
        thread.links, thread.change_ids = _links_and_change_ids(db, thread)
        if thread.links:
            _flush(db, updates)
        candidates = _candidates(db, thread, thread.links, thread.change_ids)
    if thread.old_series:
        target = thread.old_series
    elif candidates:
        dates = queries.load_series_field(db, candidates, "first_date_utc")
        target = min(candidates, key=lambda s: (dates.get(s) or "~", candidates.index(s)))
    else:
        target = stable_id("series", thread.thread_id)
    touched = {target}
    for other in candidates:
        if other != target:
            _flush(db, updates)
            queries.merge_series(db, target, other)
    _save_thread(db, thread, target, updates)
    return touched
