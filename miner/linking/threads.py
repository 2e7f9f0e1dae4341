"""Threading: Message-ID / In-Reply-To / References (JWZ-style), with a subject fallback for archive text.

Each message is stored with a guessed root (its first reference, else its parent, else itself), which
already groups replies whose parent is missing from the archive. `thread_messages` then merges threads
whose guessed root is itself a stored reply, and gives messages cut from archive pages (no ids, no parent)
the thread of the earliest message with the same subject.
"""

from __future__ import annotations

import sqlite_utils

from db import store
from extractors.subjects import normalize_title, parse_subject


def subject_key(subject: str | None) -> str:
    """A subject without reply markers, list tags or patch brackets, for threading by subject."""
    return normalize_title(parse_subject(subject).title) if subject else ""


def thread_messages(db: sqlite_utils.Database) -> None:
    """Merge threads by references, thread page messages by subject, rebuild the rows of `threads` that
    the new messages change."""
    store.link_threads(db)
    moves = []
    for message_id, subject, _date in store.load_unthreaded_page_messages(db):
        key = subject_key(subject)
        if not key:
            continue
        title = parse_subject(subject).title
        target = next((thread for thread, other in store.load_thread_roots_with_subject_text(db, title)
                       if subject_key(other) == key), None)
        if target and target != message_id:
            moves.append((message_id, target))
    if moves:
        store.save_subject_threads(db, moves)
        store.link_threads(db, [mid for mid, _thread in moves])
