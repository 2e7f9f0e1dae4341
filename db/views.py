"""SQL views that put each finding in its context (series or thread, title, date) for browsing.

The raw tables keep one row per finding and ids only; a reviewer browsing Datasette, the canned queries
of `metadata.yaml` and the evidence page all want the same thing next to each finding: which series it
belongs to (or, before series are linked, which thread), that series' title and when it was said. The
views say this once. They also leave out every copy of a finding: a quoted copy of something whose
original message is known, and the same numbers or claim posted again (a cover letter's table repeated
in a patch or in the next version): a row counts when it stands where it was first written
(`origin_message_id`, set by linking), so nothing is counted twice (DESIGN.md §4).

`series_id` is the finding's own (series linking copies it from the message), so a view filtered by
series uses that column's index; `title` falls back from the series title to the thread subject to the
message subject, so findings outside any series still read well. Evidence carries the machine or setup
its message states for it (`machines`).
"""

from __future__ import annotations

import sqlite_utils

# A finding row `x` that counts: not a copy (quoted or posted again) of a row written in another message.
CANONICAL_FINDING = "(x.origin_message_id IS NULL OR x.origin_message_id = x.message_id)"

_CONTEXT_JOINS = f"""
JOIN messages m ON m.message_id = x.message_id
LEFT JOIN series s ON s.series_id = x.series_id
LEFT JOIN threads t ON t.thread_id = m.thread_id
WHERE {CANONICAL_FINDING}
"""

_CONTEXT_COLUMNS = """x.id, x.series_id, m.thread_id,
       COALESCE(NULLIF(s.title, ''), NULLIF(t.subject, ''), m.subject) AS title, m.date_utc, x.author,
       m.author_name AS sender"""

VIEWS: dict[str, str] = {
    "evidence_in_context": f"""
SELECT {_CONTEXT_COLUMNS}, x.benchmark, x.metric, x.label, x.baseline, x.patched, x.unit, x.delta_pct, x.delta_points,
       x.baseline_text, x.patched_text, x.baseline_spread_pct, x.patched_spread_pct, x.baseline_spread_abs,
       x.patched_spread_abs, x.higher_is_better, x.verdict, x.quoted, x.message_id, x.line,
       x.table_id, x.text, (SELECT d.text FROM machines d WHERE d.id = x.machine_id) AS machine
FROM evidence x{_CONTEXT_JOINS}""",
    "concerns_in_context": f"""
SELECT {_CONTEXT_COLUMNS}, x.category, x.status, x.text, x.answered_by, x.answered_by_author, x.quoted,
       x.message_id, x.line
FROM concerns x{_CONTEXT_JOINS}""",
    "claims_in_context": f"""
SELECT {_CONTEXT_COLUMNS}, x.polarity, x.magnitude_pct, x."check", x.check_evidence_id, x.text, x.quoted,
       x.message_id, x.line
FROM claims x{_CONTEXT_JOINS}""",
}


def create_views(db: sqlite_utils.Database) -> None:
    """Create each view, or recreate it when its stored definition differs from `VIEWS` (an upgrade)."""
    stored = {row[0]: row[1] for row in db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'view'")}
    for name, select in VIEWS.items():
        wanted = f"CREATE VIEW {name} AS {select.strip()}"
        if stored.get(name) == wanted:
            continue
        with db.conn:
            if name in stored:
                db.execute(f"DROP VIEW {name}")
            db.execute(wanted)
