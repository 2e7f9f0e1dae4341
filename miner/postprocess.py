"""What runs after messages are stored: threads, patch series, and which concerns were answered."""

from __future__ import annotations

import sqlite_utils

from miner.linking.answers import link_findings
from miner.linking.series import group_series
from miner.linking.threads import thread_messages


def update_links(db: sqlite_utils.Database) -> None:
    """Recompute threads, then group new threads into series and link the findings of every series that
    changed (quotation origins, answered concerns, claim checks)."""
    thread_messages(db)
    link_findings(db, group_series(db))
