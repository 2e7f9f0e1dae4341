"""What the evidence page of a series shows about its history, read from what linking stored: every other
place a table or result was posted (`copy_of`: a cover letter's table repeated in a patch or in the next
version, shown once with all its places), and the "Between versions" rows (`version_changes`, DESIGN.md
§5, 4). The page's plugin (`plugins/evidence_view.py`) calls these with the Datasette database it serves.
"""

from __future__ import annotations

from collections import defaultdict

# How each kind of between-versions row reads on the page ({old}, {new}: the versions it spans).
CHANGE_WORDS = {
    "rerun": "re-run for v{new}",
    "reposted": "v{old} numbers posted again with v{new}, not re-run",
    "dropped": "measured for v{old}, not since",
    "new": "new in v{new}",
    "open-concern": "open since v{old}: no later message answers it",
    "unanswered-regression": "regression reported on v{old}, no numbers since",
}

# Unquoted copies of the tables and results of one scope (a series, or a thread outside any series).
_PLACES_SQL = """
SELECT x.copy_of, x.message_id, x.first_line AS line, x.last_line, m.author_name, m.date_utc, m.series_version
FROM evidence_tables x JOIN messages m ON m.message_id = x.message_id
WHERE m.{column} = :key AND x.copy_of IS NOT NULL AND NOT x.quoted
UNION ALL
SELECT x.copy_of, x.message_id, x.line, NULL, m.author_name, m.date_utc, m.series_version
FROM evidence x JOIN messages m ON m.message_id = x.message_id
WHERE m.{column} = :key AND x.copy_of IS NOT NULL AND NOT x.quoted AND x.table_id IS NULL
ORDER BY m.date_utc, x.message_id
"""

_SIDE = ("{side}.label AS {side}_label, {side}.baseline AS {side}_baseline, "
         "{side}.baseline_text AS {side}_baseline_text, {side}.patched AS {side}_patched, "
         "{side}.patched_text AS {side}_patched_text, {side}.delta_pct AS {side}_delta_pct, "
         "{side}.delta_points AS {side}_delta_points, {side}.verdict AS {side}_verdict, "
         "{side}.message_id AS {side}_message_id, {side}.line AS {side}_line")

_CHANGES_SQL = f"""
SELECT c.kind, c.benchmark, c.label, c.from_version, c.to_version, c.message_id, m.author_name, m.date_utc,
       {_SIDE.format(side="f")}, {_SIDE.format(side="t")},
       q.text AS concern_text, q.author AS concern_author, q.category AS concern_category, q.line AS concern_line,
       k.text AS claim_text, k.line AS claim_line
FROM version_changes c
LEFT JOIN messages m ON m.message_id = c.message_id
LEFT JOIN evidence f ON f.id = c.from_evidence_id
LEFT JOIN evidence t ON t.id = c.to_evidence_id
LEFT JOIN concerns q ON q.id = c.concern_id
LEFT JOIN claims k ON k.id = c.claim_id
WHERE c.series_id = :key
ORDER BY c.rowid
"""


async def load_places(database, column: str, key: str) -> dict[str, list[dict]]:
    """Canonical table or result id -> the other messages it was posted in (unquoted), oldest first."""
    places: dict[str, list[dict]] = defaultdict(list)
    for row in (await database.execute(_PLACES_SQL.format(column=column), {"key": key})).rows:
        places[row["copy_of"]].append(dict(row))
    return places


async def load_version_changes(database, series_id: str) -> list[dict]:
    """The between-versions rows of a series with the comparisons, concern or claim each is about, and
    `what`: how the row reads on the page."""
    rows = [dict(row) for row in (await database.execute(_CHANGES_SQL, {"key": series_id})).rows]
    for row in rows:
        row["what"] = CHANGE_WORDS[row["kind"]].format(old=row["from_version"], new=row["to_version"])
    return rows
