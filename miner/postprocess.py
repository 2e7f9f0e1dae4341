"""What runs after messages are stored: threads, patch series, and which concerns were answered."""

from __future__ import annotations

import sqlite_utils

from miner.threads import thread_messages


def update_links(db: sqlite_utils.Database) -> None:
    """Recompute threads (and, once linking exists, series and answers) over the whole database."""
    thread_messages(db)
