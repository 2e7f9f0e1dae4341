"""Answered concerns: which reviewer concerns a later message answers, by whom, and where.

A concern is `answered` when someone other than the asker replies to it and either posts evidence or
replies to the question itself:
- by quoting it, with new text directly below the quoted question (the quote structure says who wrote that
  text, so a reply seen only inside a later quotation counts too, answered by its own author);
- by In-Reply-To to the message that asked it, carrying evidence;
- when the archive has no reply headers (archive pages), by coming later in the same thread, carrying
  evidence;
- by a later version's cover letter (or lone patch) that posts evidence, for a request for numbers, real
  workloads, regressions or comparisons: that is how authors answer "please post numbers" on v1; unless a
  reply puts that very question off ("I have not looked at that yet", before or after the new version):
  new numbers then answer it only when they reply to it.
`answered_by` is the message where the answer stands, `answered_by_author` who wrote it. Quoted copies of
a concern share the status of their origin (`miner.linking.origins`).
"""

from __future__ import annotations

import re
from collections import defaultdict

import sqlite_utils

from db import queries
from extractors.quotes import split_quotes
from miner.linking.origins import normalized_text
from miner.linking.series import author_key

# Concerns that numbers posted with a later version answer, even when they do not reply to the question.
_ANSWERED_BY_NEW_NUMBERS = frozenset({"request-data", "real-workload", "regression", "comparison"})
# A reply that puts the question off ("I have not looked at that yet", "will run it next week") leaves it
# open: only its first lines are read, where such an answer says so.
_DEFERRAL_RE = re.compile(
    r"\b(?:not (?:yet|looked|tried|tested|measured|run|checked)|(?:have|has|did)n[o']?t (?:yet |really )?"
    r"(?:look|tri|try|test|measur|run|check|done|do)\w*|(?:will|I'll) (?:do|run|try|test|measure|check|look)|"
    r"(?:no|don't have|do not have) (?:numbers|data) yet)\b", re.I)


def find_answers(db: sqlite_utils.Database, rows: dict[str, list[dict]], messages: list[dict], by_id: dict,
                 order: dict[str, int], starters: set[str]) -> dict[str, tuple]:
    """concern id -> (status, answered_by, answered_by_author); quoted copies share their origin's."""
    evidence_by_message: dict[str, list[dict]] = defaultdict(list)
    for row in rows["evidence"]:
        if row["origin_message_id"] == row["message_id"]:
            evidence_by_message[row["message_id"]].append(row)
    copies: dict[str, list[dict]] = defaultdict(list)  # canonical concern's (message, text) -> its copies
    for concern in rows["concerns"]:
        if concern["origin_message_id"] != concern["message_id"]:
            copies[(concern["origin_message_id"], normalized_text(concern["text"]))].append(concern)
    bodies: dict[str, list] = {}

    def blocks(message_id: str) -> list:
        if message_id not in bodies:
            bodies[message_id] = split_quotes(queries.load_body(db, message_id))
        return bodies[message_id]

    result: dict[str, tuple] = {}
    for concern in rows["concerns"]:
        if concern["origin_message_id"] != concern["message_id"]:
            continue
        answer = _find_answer(concern, copies[(concern["message_id"], normalized_text(concern["text"]))], messages,
                              by_id, order, evidence_by_message, blocks, starters)
        status = ("answered", *answer) if answer else ("open", None, None)
        result[concern["id"]] = status
        for copy in copies[(concern["message_id"], normalized_text(concern["text"]))]:
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
    # a reply that puts the question off, whenever it came, says that numbers posted with a later version
    # did not answer it
    put_off_in = {mid for mid in quoting if _put_off_below(blocks(mid), concern["text"])}
    for message in messages[order[asked_in] + 1:]:
        sender = message["author_name"] or message["author_email"]
        mid = message["message_id"]
        if author_key(sender) == asker and asker is not None:
            continue
        if mid in quoting:
            reply_author = _reply_below(blocks(mid), concern["text"], sender)
            if reply_author and author_key(reply_author) != asker:
                return mid, reply_author
        if mid in put_off_in:
            continue  # its numbers are about something else: the reply to this question says "not yet"
        has_evidence = any(author_key(e["author"]) != asker for e in evidence_by_message.get(mid, []))
        if not has_evidence:
            continue
        if message["in_reply_to"] == asked_in or mid in quoting:
            return mid, sender
        later_version = (message["series_version"] or 0) > (asked["series_version"] or 0)
        if later_version and mid in starters and concern["category"] in _ANSWERED_BY_NEW_NUMBERS and not put_off_in:
            return mid, sender
        no_headers = message["in_reply_to"] is None and (message["synthetic_id"] or asked["synthetic_id"])
        if no_headers and message["thread_id"] == asked["thread_id"]:
            return mid, sender
    return None


def _text_below(quote_blocks: list, question: str):
    """The first block of text after a quoted question (skipping attributions and blank blocks) and the
    question's block, or None when the question is not quoted there."""
    needle = normalized_text(question)[:60]
    for n, block in enumerate(quote_blocks):
        if block.depth == 0 or block.kind != "text" or needle not in normalized_text(block.text):
            continue
        after = next((b for b in quote_blocks[n + 1:] if b.kind != "attribution" and b.text.strip()), None)
        return block, after
    return None


def _put_off_below(quote_blocks: list, question: str) -> bool:
    """Whether the new text right below a quoted question puts it off ("I have not looked at that yet")."""
    found = _text_below(quote_blocks, question)
    if not found or found[1] is None:
        return False
    block, after = found
    return after.kind == "text" and after.depth < block.depth and bool(_DEFERRAL_RE.search(after.text[:200]))


def _reply_below(quote_blocks: list, question: str, sender: str | None) -> str | None:
    """The author of the new text directly below a quoted question, or None when nothing answers it
    there (the quotation goes on, only a signature follows, or the reply puts the question off)."""
    found = _text_below(quote_blocks, question)
    if not found or found[1] is None:
        return None
    block, after = found
    if after.kind != "text" or after.depth >= block.depth or _DEFERRAL_RE.search(after.text[:200]):
        return None
    return (after.author or sender) if after.depth else sender
