"""Linking the findings of a series: where quoted material came from, which concerns were answered, and
whether each claim agrees with the numbers behind it.

Quotation origin. A finding inside `>` quotation was written earlier by someone else. Its
`origin_message_id` is the message of the same series where the same text (or the same comparison) stands
unquoted from that author; when the archive lacks that message, the earliest message that quotes it. A
finding is counted once: a row is the canonical one when `origin_message_id = message_id`.

Answers. A concern is `answered` when someone other than the asker replies to it and either posts
evidence or replies to the question itself:
- by quoting it, with new text directly below the quoted question (the quote structure says who wrote that
  text, so a reply seen only inside a later quotation counts too, answered by its own author);
- by In-Reply-To to the message that asked it, carrying evidence;
- when the archive has no reply headers (archive pages), by coming later in the same thread, carrying
  evidence;
- by a later version's cover letter (or lone patch) that posts evidence, for a request for numbers, real
  workloads, regressions or comparisons: that is how authors answer "please post numbers" on v1.
`answered_by` is the message where the answer stands, `answered_by_author` who wrote it.

Claims. A claim with a stated size ("11% faster") is checked against one comparison: the row of the
nearest table above it whose label or metric the sentence names ("elapsed time" -> "Elapsed"), else any
comparison of its message, else of its series, that the sentence names. A stated "11%" covers what rounds
to it, so it agrees when the change (relative to either kernel) is within half a unit of its last digit,
or 5% of its size when the sentence hedges ("about", "~", "roughly"); "less than N" and "more than N" are
bounds. A direction that contradicts the comparison's verdict disagrees whatever the size.
"""

from __future__ import annotations

import logging
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable

import sqlite_utils

from db import queries
from extractors.quotes import split_quotes
from miner.linking.series import author_key
from miner.workers import map_in_windows, worker_pool

log = logging.getLogger(__name__)

_SERIES_PER_COMMIT = 500
_PARALLEL_MIN_SERIES = 200  # fewer series are linked in this process: starting workers would cost more
_WS_RE = re.compile(r"\s+")
_WORD_RE = re.compile(r"[a-z][a-z_]{2,}")
# Words too common in claims and labels to show which comparison a sentence is about.
_STOP_WORDS = frozenset(
    "the and for with this that there case non trivial overall improvement improvements regression hit small "
    "faster slower better worse performance time times total mean average hmean amean run runs patch patched "
    "kernel base baseline result results about than less more over around roughly".split())
_HEDGE_RE = re.compile(r"\b(?:about|around|roughly|approximately|approx|almost|nearly|some)\b|~", re.I)
_UPPER_BOUND_RE = re.compile(r"\b(?:less than|under|below|at most|up to|no more than)\b|<", re.I)
_LOWER_BOUND_RE = re.compile(r"\b(?:more than|over|above|at least|in excess of)\b|>", re.I)
_STATED_NUMBER_RE = re.compile(r"(\d+(?:\.(\d+))?)\s*%")
# Concerns that numbers posted with a later version answer, even when they do not reply to the question.
_ANSWERED_BY_NEW_NUMBERS = frozenset({"request-data", "real-workload", "regression", "comparison"})
# A reply that puts the question off ("I have not looked at that yet", "will run it next week") leaves it
# open: only its first lines are read, where such an answer says so.
_DEFERRAL_RE = re.compile(
    r"\b(?:not (?:yet|looked|tried|tested|measured|run|checked)|(?:have|has|did)n[o']?t (?:yet |really )?"
    r"(?:look|tri|try|test|measur|run|check|done|do)\w*|(?:will|I'll) (?:do|run|try|test|measure|check|look)|"
    r"(?:no|don't have|do not have) (?:numbers|data) yet)\b", re.I)


def _norm(text: str | None) -> str:
    return _WS_RE.sub(" ", (text or "").replace(">", " ")).strip().lower()


def _signature(table: str, row: dict) -> tuple:
    """What makes two rows the same finding, quoted or not."""
    if table in ("concerns", "claims"):
        return (_norm(row["text"]),)
    if table == "evidence":
        return (row["benchmark"], row["label"], row["metric"], row["baseline"], row["patched"])
    return (row["benchmark"], row["metric"], row["rows_json"])


def link_findings(db: sqlite_utils.Database, series_ids: Iterable[str]) -> None:
    """Work out origins, answered concerns and claim checks for the given series and for every series
    holding findings not linked before. Costs the size of those series; never raises on content.

    Series are independent of each other: many of them are read and worked out by the worker processes
    (each with its own connection: the database is in WAL mode, so they read while this process
    writes), and this process writes the results, a batch of series per transaction."""
    todo = sorted(set(series_ids) | set(queries.load_series_with_unlinked_origins(db)))
    path = queries.database_file(db)
    if len(todo) < _PARALLEL_MIN_SERIES or not path:
        results: Iterable[_SeriesLinks] = (_read_series_links(db, series_id) for series_id in todo)
        _save_all(db, results)
    else:
        with worker_pool() as pool:
            _save_all(db, (links for _args, links in map_in_windows(
                pool, _read_series_links_in_worker, ((path, s) for s in todo), window=_SERIES_PER_COMMIT,
                chunksize=16)))
    log.info("linked the findings of %d series", len(todo))


def _save_all(db: sqlite_utils.Database, results: Iterable[_SeriesLinks]) -> None:
    """Write the links of many series, a batch of series per transaction."""
    batch: list[_SeriesLinks] = []
    for links in results:
        batch.append(links)
        if len(batch) >= _SERIES_PER_COMMIT:
            _save_batch(db, batch)
            batch = []
    if batch:
        _save_batch(db, batch)


def _save_batch(db: sqlite_utils.Database, batch: list[_SeriesLinks]) -> None:
    with db.conn:
        for links in batch:
            for table, origins in links.origins.items():
                queries.save_origins(db, table, origins)
            queries.save_concern_status(db, links.statuses)
            queries.save_claim_checks(db, links.checks)


@dataclass(frozen=True)
class _SeriesLinks:
    """What linking decided for one series, to be written: per finding table (origin, row id) pairs,
    (status, answered_by, answered_by_author, concern id) and (check, evidence id, claim id) rows."""

    origins: dict[str, list[tuple[str, str]]]
    statuses: list[tuple]
    checks: list[tuple]


_READERS: dict[str, sqlite_utils.Database] = {}  # a worker's connection to each database it reads


def _read_series_links_in_worker(args: tuple[str, str]) -> _SeriesLinks:
    path, series_id = args
    if path not in _READERS:
        _READERS[path] = sqlite_utils.Database(path)
    return _read_series_links(_READERS[path], series_id)


def _read_series_links(db: sqlite_utils.Database, series_id: str) -> _SeriesLinks:
    """Link one series; reads the database, writes nothing."""
    messages = queries.load_series_messages(db, series_id)
    order = {m["message_id"]: n for n, m in enumerate(messages)}
    by_id = {m["message_id"]: m for m in messages}
    rows = {t: queries.load_series_findings(db, t, series_id) for t in ("evidence_tables", "evidence",
                                                                          "concerns", "claims")}
    saved_origins = {}
    for table, table_rows in rows.items():
        origins = _origins(table, table_rows, order)
        for row in table_rows:
            row["origin_message_id"] = origins[row["id"]]
        saved_origins[table] = [(origins[r["id"]], r["id"]) for r in table_rows]
    starters = {v["cover_message_id"] for v in queries.load_series_versions(db, series_id) if v["cover_message_id"]}
    answers = _answers(db, rows, messages, by_id, order, starters)
    canonical = [e for e in rows["evidence"]
                 if e["origin_message_id"] == e["message_id"] and e["delta_pct"] is not None]
    names = {e["id"]: _words(" ".join(filter(None, (e["label"], e["metric"], e["benchmark"])))) for e in canonical}
    checks = [(*_check_claim(claim, canonical, names), claim["id"])
              for claim in rows["claims"] if claim["origin_message_id"] == claim["message_id"]]
    return _SeriesLinks(saved_origins, [(*answers[c["id"]], c["id"]) for c in rows["concerns"]], checks)


def _origins(table: str, table_rows: list[dict], order: dict[str, int]) -> dict[str, str]:
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


def _answers(db: sqlite_utils.Database, rows: dict[str, list[dict]], messages: list[dict], by_id: dict,
             order: dict[str, int], starters: set[str]) -> dict[str, tuple]:
    """concern id -> (status, answered_by, answered_by_author); quoted copies share their origin's."""
    evidence_by_message: dict[str, list[dict]] = defaultdict(list)
    for row in rows["evidence"]:
        if row["origin_message_id"] == row["message_id"]:
            evidence_by_message[row["message_id"]].append(row)
    copies: dict[str, list[dict]] = defaultdict(list)  # canonical concern's (message, text) -> its copies
    for concern in rows["concerns"]:
        if concern["origin_message_id"] != concern["message_id"]:
            copies[(concern["origin_message_id"], _norm(concern["text"]))].append(concern)
    bodies: dict[str, list] = {}

    def blocks(message_id: str) -> list:
        if message_id not in bodies:
            bodies[message_id] = split_quotes(queries.load_body(db, message_id))
        return bodies[message_id]

    result: dict[str, tuple] = {}
    for concern in rows["concerns"]:
        if concern["origin_message_id"] != concern["message_id"]:
            continue
        answer = _find_answer(concern, copies[(concern["message_id"], _norm(concern["text"]))], messages,
                              by_id, order, evidence_by_message, blocks, starters)
        status = ("answered", *answer) if answer else ("open", None, None)
        result[concern["id"]] = status
        for copy in copies[(concern["message_id"], _norm(concern["text"]))]:
            result[copy["id"]] = status
    for concern in rows["concerns"]:
        result.setdefault(concern["id"], ("open", None, None))
    return result


def _find_answer(concern: dict, copies: list[dict], messages: list[dict], by_id: dict, order: dict,
                 evidence_by_message: dict, blocks, starters: set[str]) -> tuple[str, str | None] | None:
    """(answered_by, answered_by_author) of the first answer to a canonical concern, or None."""
    asker = author_key(concern["author"])
    asked_in = concern["message_id"]
    if concern["quoted"]:  # seen only inside a quotation: the reply may stand right below it
        reply_author = _reply_below(blocks(asked_in), concern["text"], by_id[asked_in]["author_name"])
        if reply_author and author_key(reply_author) != asker:
            return asked_in, reply_author
    quoting = {c["message_id"] for c in copies}
    asked = by_id[asked_in]
    for message in messages[order[asked_in] + 1:]:
        sender = message["author_name"] or message["author_email"]
        mid = message["message_id"]
        if author_key(sender) == asker and asker is not None:
            continue
        if mid in quoting:
            reply_author = _reply_below(blocks(mid), concern["text"], sender)
            if reply_author and author_key(reply_author) != asker:
                return mid, reply_author
        has_evidence = any(author_key(e["author"]) != asker for e in evidence_by_message.get(mid, []))
        if not has_evidence:
            continue
        if message["in_reply_to"] == asked_in or mid in quoting:
            return mid, sender
        later_version = (message["series_version"] or 0) > (asked["series_version"] or 0)
        if later_version and mid in starters and concern["category"] in _ANSWERED_BY_NEW_NUMBERS:
            return mid, sender
        no_headers = message["in_reply_to"] is None and (message["synthetic_id"] or asked["synthetic_id"])
        if no_headers and message["thread_id"] == asked["thread_id"]:
            return mid, sender
    return None


def _reply_below(quote_blocks: list, question: str, sender: str | None) -> str | None:
    """The author of the new text directly below a quoted question, or None when nothing answers it
    there (the quotation goes on, or only a signature follows)."""
    needle = _norm(question)[:60]
    for n, block in enumerate(quote_blocks):
        if block.depth == 0 or block.kind != "text" or needle not in _norm(block.text):
            continue
        for after in quote_blocks[n + 1:]:
            if after.kind == "attribution" or not after.text.strip():
                continue
            if after.kind != "text" or after.depth >= block.depth or _DEFERRAL_RE.search(after.text[:200]):
                return None
            return (after.author or sender) if after.depth else sender
    return None


def _words(text: str | None) -> set[str]:
    return {w for w in _WORD_RE.findall((text or "").lower()) if w not in _STOP_WORDS}


def _check_claim(claim: dict, canonical: list[dict], names: dict[str, set[str]]) -> tuple[str, str | None]:
    """(check, evidence id) for one canonical claim against the series' canonical comparisons (`names`:
    the words of each one's label, metric and benchmark); the extractor's own check stands when no single
    comparison is named."""
    kept = (claim["check"] or "unchecked", claim.get("check_evidence_id"))
    if claim["magnitude_pct"] is None:
        return kept
    words = _words(claim["text"])
    same = [e for e in canonical if e["message_id"] == claim["message_id"]]
    above = [e for e in same if (e["line"] or 0) <= (claim["line"] or 0)]
    nearest_line = max((e["line"] or 0 for e in above), default=None)
    for pool in ([e for e in above if e["line"] == nearest_line], same, canonical):
        named = [e for e in pool if words & names[e["id"]]]
        if len(named) == 1 or (named and len({e["label"] for e in named}) == 1):
            return claim_check(claim["text"], claim["polarity"], claim["magnitude_pct"], named[0]), named[0]["id"]
    return kept


def claim_check(text: str, polarity: str | None, magnitude_pct: float, row: dict) -> str:
    """"agrees" or "disagrees": a claim's stated size and direction against one comparison row
    (`baseline`, `patched`, `delta_pct`, `verdict`); see the module docstring for the tolerance."""
    verdict = row.get("verdict")
    if (polarity == "improvement" and verdict == "worse") or (polarity == "regression" and verdict == "better"):
        return "disagrees"
    sizes = [abs(row["delta_pct"])]
    if row.get("baseline") and row.get("patched"):
        sizes.append(abs(row["baseline"] - row["patched"]) / abs(row["patched"]) * 100)
    if _UPPER_BOUND_RE.search(text):
        return "agrees" if min(sizes) <= magnitude_pct * 1.05 else "disagrees"
    if _LOWER_BOUND_RE.search(text):
        return "agrees" if max(sizes) >= magnitude_pct * 0.95 else "disagrees"
    stated = next((m for m in _STATED_NUMBER_RE.finditer(text) if float(m.group(1)) == magnitude_pct), None)
    digits = len(stated.group(2) or "") if stated else 0
    tolerance = 0.5 * 10 ** -digits + 1e-9
    if _HEDGE_RE.search(text):
        tolerance = max(tolerance, 0.05 * magnitude_pct)
    return "agrees" if any(abs(size - magnitude_pct) <= tolerance for size in sizes) else "disagrees"
