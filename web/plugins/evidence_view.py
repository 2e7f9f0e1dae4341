"""Datasette plugin of listminer: the evidence page of a series, and readable cells everywhere else.

`miner serve` loads this file with `--plugins-dir`. It adds `/-/evidence`, which lists the series (or, for
mail not yet linked to a series, the threads) that have findings, filtered by words of their title
(`?q=`), and shows one of them (`?series=ID` or `?thread=ID`): baseline against patched per benchmark,
Δ% coloured by verdict, a strip chart of every Δ%, the tables as printed, the concerns and the claims,
each linking back to its message. Cells named `verdict` and `delta_pct` are coloured by verdict in every
table and query, and in canned queries and views (which carry no foreign keys) `title` links to the
evidence page and `message_id` to the message, so a reviewer never has to copy an id.

It reads the views of `db/views.py`, so all pages agree on what belongs to a series and count a finding
once: evidence posted again (quoted, or the same table in a patch or the next version) is shown once with
every place it was posted (`web.series_history`), and material quoted from a message the archive lacks
reads "quoted in" the message that quoted it. Numbers are shown as the mail printed them; the change of
a percentage metric in points. A series page ends with what changed between its versions.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple
from urllib.parse import urlencode

from datasette import hookimpl
from datasette.utils import tilde_encode
from datasette.utils.asgi import NotFound, Response
from markupsafe import Markup

from db.raw import RawFiles
from db.views import CANONICAL_FINDING
from web.series_history import load_places, load_version_changes

VERDICT_COLOURS = {"better": "#1a7f37", "worse": "#cf222e", "noise": "#6e7781", "unknown": "#8250df"}
_LISTED_SCOPES = 500
_DATE_COLUMNS = {"date_utc", "first_date_utc", "last_date_utc", "last_asked"}
_ISO_TIME_RE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
_SOURCE_LINE_RE = re.compile(r"#line (\d+)$")
# Strip chart geometry, in SVG user units.
_CHART_LABEL_WIDTH = 190
_CHART_PLOT_WIDTH = 520
_CHART_ROW_HEIGHT = 24
_CHART_AXIS_HEIGHT = 26
_AXIS_STEPS = (1, 2, 5, 10, 20, 50, 100)

# Served at /-/listminer.css and linked from every page: the evidence pages, and compact column notes.
STYLESHEET = """
.lm-meta { color: #57606a; margin-top: -0.5em; }
.lm-summary span.lm-count { margin-right: 0.8em; white-space: nowrap; }
.lm-swatch { display: inline-block; width: 0.7em; height: 0.7em; border-radius: 50%; margin-right: 0.25em; }
.lm-chart { max-width: 100%; height: auto; font: 12px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
            border: 1px solid #d0d7de; border-radius: 6px; background: #fff; margin: 0.5em 0 1em; }
.lm-group { margin-top: 1.6em; }
.lm-group h2 { margin-bottom: 0.2em; }
table.lm-evidence td, table.lm-evidence th { padding: 3px 8px; vertical-align: middle; }
table.lm-evidence td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.lm-evidence tr:nth-child(even) td { background: #f6f8fa; }
.lm-delta { white-space: nowrap; }
.lm-bar { position: relative; display: inline-block; width: 110px; height: 10px; background: #eef1f4;
          vertical-align: middle; margin-right: 6px; border-radius: 2px; }
.lm-bar::after { content: ""; position: absolute; left: 50%; top: -2px; bottom: -2px; border-left: 1px solid #8c959f; }
.lm-bar span { position: absolute; top: 0; bottom: 0; border-radius: 2px; }
.lm-delta b { display: inline-block; min-width: 4.6em; text-align: right; font-variant-numeric: tabular-nums; }
.lm-quoted { color: #8c959f; font-size: 0.85em; }
details.lm-printed pre { background: #f6f8fa; padding: 0.6em; overflow-x: auto; font-size: 12px; }
ul.lm-findings { padding-left: 1.2em; }
ul.lm-findings li { margin-bottom: 0.6em; }
.lm-status-open { background: #bf8700; color: #fff; border-radius: 3px; padding: 0 0.35em; font-size: 0.85em; }
.lm-status-answered { background: #1a7f37; color: #fff; border-radius: 3px; padding: 0 0.35em; font-size: 0.85em; }
.lm-who { color: #57606a; font-size: 0.9em; }
td.lm-who { white-space: nowrap; }
form.lm-search input[type=search] { width: 24em; }
pre.lm-mail { background: #fff; border: 1px solid #d0d7de; border-radius: 6px; padding: 0.5em 0; font-size: 13px;
               line-height: 1.35; overflow-x: auto; }
.lm-line { display: block; padding-right: 1em; }
.lm-line:target, .lm-marked { background: #fff8c5; }
.lm-marked { box-shadow: inset 3px 0 #bf8700; }
a.lm-ln { display: inline-block; width: 4em; padding-right: 1em; text-align: right; color: #8c959f;
          text-decoration: none; user-select: none; }
dl.column-descriptions { display: grid; grid-template-columns: max-content 1fr; gap: 0.1em 1em; font-size: 0.85em; }
dl.column-descriptions dt { font-weight: 600; }
dl.column-descriptions dd { margin: 0; color: #57606a; }
"""

# Series first: the newest with findings are picked, then only those are counted, through the series_id
# indexes, so the list costs about the same on a large archive; then threads whose findings belong to no
# series, grouped (few, once series are linked). {series_title} and {thread_title} filter by words of
# the title; {canonical} is the views' rule that leaves out quoted copies of known originals.
_SCOPES_SQL = """
WITH picked AS MATERIALIZED (
  SELECT s.series_id, s.title, s.last_date_utc FROM series s
  WHERE {series_title}
    AND (EXISTS (SELECT 1 FROM evidence x WHERE x.series_id = s.series_id)
         OR EXISTS (SELECT 1 FROM concerns x WHERE x.series_id = s.series_id)
         OR EXISTS (SELECT 1 FROM claims x WHERE x.series_id = s.series_id))
  ORDER BY s.last_date_utc DESC
  LIMIT :limit
)
SELECT * FROM (
  SELECT p.series_id, NULL AS thread_id, NULLIF(p.title, '') AS title, p.last_date_utc,
         coalesce(e.n_evidence, 0) AS n_evidence, coalesce(e.n_better, 0) AS n_better,
         coalesce(e.n_worse, 0) AS n_worse, coalesce(c.n_concerns, 0) AS n_concerns, coalesce(c.n_open, 0) AS n_open,
         coalesce(k.n_claims, 0) AS n_claims
  FROM picked p
  LEFT JOIN (SELECT series_id, count(*) AS n_evidence, sum(verdict = 'better') AS n_better,
                    sum(verdict = 'worse') AS n_worse
             FROM evidence x WHERE series_id IN (SELECT series_id FROM picked) AND {canonical}
             GROUP BY series_id) e ON e.series_id = p.series_id
  LEFT JOIN (SELECT series_id, count(*) AS n_concerns, sum(status = 'open') AS n_open
             FROM concerns x WHERE series_id IN (SELECT series_id FROM picked) AND {canonical}
             GROUP BY series_id) c ON c.series_id = p.series_id
  LEFT JOIN (SELECT series_id, count(*) AS n_claims
             FROM claims x WHERE series_id IN (SELECT series_id FROM picked) AND {canonical}
             GROUP BY series_id) k ON k.series_id = p.series_id
)
UNION ALL
SELECT * FROM (
  SELECT NULL, thread_id, min(title), max(date_utc), sum(kind = 'evidence'), sum(verdict = 'better'),
         sum(verdict = 'worse'), sum(kind = 'concern'), sum(status = 'open'), sum(kind = 'claim')
  FROM (
    SELECT thread_id, title, date_utc, verdict, 'evidence' AS kind, NULL AS status
    FROM evidence_in_context WHERE series_id IS NULL
    UNION ALL SELECT thread_id, title, date_utc, NULL, 'concern', status FROM concerns_in_context
    WHERE series_id IS NULL
    UNION ALL SELECT thread_id, title, date_utc, NULL, 'claim', NULL FROM claims_in_context WHERE series_id IS NULL
  )
  WHERE {thread_title}
  GROUP BY thread_id
  ORDER BY max(date_utc) DESC
  LIMIT :limit
)
ORDER BY last_date_utc DESC, title
LIMIT :limit
"""


class Scope(NamedTuple):
    """What one evidence page shows: a series, or a thread whose messages belong to no known series.

    A NamedTuple, not a dataclass: Datasette runs plugin files as modules missing from `sys.modules`,
    where `@dataclass` cannot resolve its string annotations.
    """

    column: str  # "series_id" or "thread_id": the column of the *_in_context views that selects it
    key: str

    @property
    def query_arg(self) -> str:
        return "series" if self.column == "series_id" else "thread"


@hookimpl
def register_routes():
    return [(r"^/-/evidence$", evidence_page), (r"^/-/message$", message_page),
            (r"^/-/listminer\.css$", stylesheet)]


@hookimpl
def extra_css_urls(datasette):
    return [datasette.urls.path("/-/listminer.css")]


@hookimpl
def menu_links(datasette):
    return [{"href": datasette.urls.path("/-/evidence"), "label": "Evidence by series"}]


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    """Verdict badges, coloured Δ% and short dates everywhere; links from titles and message ids where
    Datasette has none (canned queries and views)."""
    if column == "verdict" and value in VERDICT_COLOURS:
        return verdict_badge(value)
    if column == "delta_pct" and isinstance(value, (int, float)):
        verdict = row["verdict"] if "verdict" in row.keys() else None
        return Markup('<span style="color:{};font-weight:600">{}</span>').format(
            VERDICT_COLOURS.get(verdict, "inherit"), format_delta(value))
    if column in _DATE_COLUMNS and isinstance(value, str) and _ISO_TIME_RE.match(value):
        return Markup('<span style="white-space:nowrap" title="{}">{} {}</span>').format(
            value, value[:10], value[11:16])
    linkless = table is None or table.endswith("_in_context")
    if column == "title" and value and (linkless or table == "series"):
        scope = _row_scope(row)
        if scope is not None:
            return Markup('<a href="{}">{}</a>').format(_scope_href(datasette, scope), value)
    if column in ("message_id", "answered_by") and value and linkless:
        line = row["line"] if column == "message_id" and "line" in row.keys() else None
        return Markup('<a href="{}">{}</a>').format(message_url(datasette, value, line), value)
    return None


async def stylesheet():
    return Response(STYLESHEET, content_type="text/css; charset=utf-8", headers={"Cache-Control": "max-age=600"})


async def evidence_page(request, datasette):
    """`/-/evidence`: the list of series with findings, or the evidence page of one of them."""
    database = datasette.get_database()
    scope = _requested_scope(request.args)
    if scope is None:
        words = request.args.get("q", "").lower().split()
        scopes = await _find_scopes(database, words)
        if words and len(scopes) == 1:
            return Response.redirect(_scope_href(datasette, _row_scope(scopes[0])))
        context = {"database": database.name, "q": " ".join(words), "scopes": scopes, "limit": _LISTED_SCOPES,
                   "evidence_href": lambda row: _scope_href(datasette, _row_scope(row))}
        html = await datasette.render_template("evidence_index.html", context, request=request)
        return Response.html(html)
    context = await _scope_context(datasette, database, scope)
    html = await datasette.render_template("evidence.html", context, request=request)
    return Response.html(html)


async def message_page(request, datasette):
    """`/-/message?id=ID&line=N&to=M`: the message as stored, numbered as findings count lines, with the
    lines a finding came from marked, so a number can be read in its own context."""
    database = datasette.get_database()
    message_id = request.args.get("id", "")
    rows = (await database.execute(
        "SELECT m.*, r.raw_zlib, r.raw_path, r.raw_offset, r.raw_length, r.raw_object, r.raw_crc32 FROM messages m "
        "LEFT JOIN raw_messages r ON r.message_id = m.message_id "
        "WHERE m.message_id = :id", {"id": message_id})).rows
    if not rows:
        raise NotFound(f"no message {message_id}")
    message = dict(rows[0])
    raw = _raw_text(*(message.pop(c) for c in ("raw_zlib", "raw_path", "raw_offset", "raw_length", "raw_object",
                                                "raw_crc32")))
    first, last = _int_arg(request.args.get("line")), _int_arg(request.args.get("to"))
    marked = range(first, max(first, last or first) + 1) if first else range(0)
    offset = page_line_offset(message["source_url"])
    lines = [{"number": offset + index, "text": line, "marked": offset + index in marked}
             for index, line in enumerate((raw or message["body"] or "").splitlines(), start=1)]
    scope = _row_scope(rows[0])
    context = {"database": database.name, "message": message, "lines": lines, "from_raw": raw is not None,
               "row_url": datasette.urls.row(database.name, "messages", tilde_encode(message_id)),
               "evidence_url": _scope_href(datasette, scope) if scope else None}
    html = await datasette.render_template("message.html", context, request=request)
    return Response.html(html)


def verdict_badge(verdict: str) -> Markup:
    """A small coloured label for a verdict (better / worse / noise / unknown)."""
    return Markup('<span class="lm-verdict" style="background:{};color:#fff;border-radius:3px;'
                  'padding:0 .35em;font-size:.85em">{}</span>').format(VERDICT_COLOURS[verdict], verdict)


def format_delta(delta_pct: float | None) -> str:
    """Δ% as printed on the pages: a sign, two decimals, a percent sign; an en dash when unknown."""
    return "–" if delta_pct is None else f"{delta_pct:+.2f}%"


def format_number(value: float | None) -> str:
    """A number the mail did not print as text (a spread, a stated size), in full: 861.5664 stays
    "861.5664", 41230.0 is "41230"; an en dash when missing."""
    if value is None:
        return "–"
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def format_change(delta_pct: float | None, delta_points: float | None = None) -> str:
    """A comparison's change as the page shows it: points for a percentage metric ("+4.20 pts"), else Δ%."""
    return f"{delta_points:+.2f} pts" if delta_points is not None else format_delta(delta_pct)


def axis_limit(deltas: list[float]) -> float:
    """The half-width of the Δ% axis: the smallest step that holds every value, at most 100%.

    Larger changes are drawn at the edge of the axis (and say so), so one outlier cannot flatten the rest.
    """
    largest = max((abs(d) for d in deltas), default=0.0)
    return next((step for step in _AXIS_STEPS if largest <= step), _AXIS_STEPS[-1])


def strip_chart(groups: list[dict]) -> dict:
    """Positions for the SVG strip chart: one row per benchmark, one dot per comparison at its Δ%."""
    deltas = [row["delta_pct"] for group in groups for row in group["rows"] if row["delta_pct"] is not None]
    limit = axis_limit(deltas)
    centre = _CHART_LABEL_WIDTH + _CHART_PLOT_WIDTH / 2

    def x_of(delta: float) -> float:
        return centre + max(-1.0, min(1.0, delta / limit)) * (_CHART_PLOT_WIDTH / 2 - 8)

    rows = []
    for index, group in enumerate(groups):
        y = _CHART_AXIS_HEIGHT + index * _CHART_ROW_HEIGHT + _CHART_ROW_HEIGHT / 2
        dots = [{"x": round(x_of(row["delta_pct"]), 1), "y": y, "colour": VERDICT_COLOURS.get(row["verdict"], "#999"),
                 "clipped": abs(row["delta_pct"]) > limit,
                 "tip": f"{row['label'] or row['metric'] or ''} {format_delta(row['delta_pct'])} ({row['verdict']})"}
                for row in group["rows"] if row["delta_pct"] is not None and math.isfinite(row["delta_pct"])]
        rows.append({"label": group["name"], "y": y, "dots": dots})
    ticks = [{"x": round(x_of(value), 1), "label": f"{value:+g}%" if value else "0"}
             for value in (-limit, -limit / 2, 0, limit / 2, limit)]
    return {"width": _CHART_LABEL_WIDTH + _CHART_PLOT_WIDTH + 10, "label_width": _CHART_LABEL_WIDTH,
            "height": _CHART_AXIS_HEIGHT + len(groups) * _CHART_ROW_HEIGHT + 6, "centre": centre,
            "plot_left": _CHART_LABEL_WIDTH, "plot_right": _CHART_LABEL_WIDTH + _CHART_PLOT_WIDTH,
            "limit": limit, "ticks": ticks, "rows": rows}


def _raw_text(*stored) -> str | None:
    """The stored raw mail as text; None when it is missing, does not decompress or is no longer in the
    mbox or git epoch it was kept in (the body is shown)."""
    with RawFiles() as files:
        raw = files.read(*stored)
    return raw.decode("utf-8", "replace") if raw is not None else None


def _int_arg(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None


def _requested_scope(args) -> Scope | None:
    if args.get("series"):
        return Scope("series_id", args["series"])
    if args.get("thread"):
        return Scope("thread_id", args["thread"])
    return None


def _row_scope(row) -> Scope | None:
    keys = row.keys()
    if "series_id" in keys and row["series_id"]:
        return Scope("series_id", row["series_id"])
    if "thread_id" in keys and row["thread_id"]:
        return Scope("thread_id", row["thread_id"])
    return None


def _scope_href(datasette, scope: Scope) -> str:
    return datasette.urls.path("/-/evidence?" + urlencode({scope.query_arg: scope.key}))


def message_url(datasette, message_id: str, first_line: int | None = None, last_line: int | None = None) -> str:
    """The message page of `message_id`, scrolled to and marking lines first_line..last_line when given."""
    args = {"id": message_id}
    if first_line:
        args["line"] = first_line
        if last_line and last_line > first_line:
            args["to"] = last_line
    return datasette.urls.path("/-/message?" + urlencode(args)) + (f"#L{first_line}" if first_line else "")


def page_line_offset(source_url: str | None) -> int:
    """Lines before the message in its file: archive-page messages are stored with `...#line N`, and
    their findings count lines of the whole page; mail counts from its own first line."""
    match = _SOURCE_LINE_RE.search(source_url or "")
    return int(match.group(1)) - 1 if match else 0


async def _find_scopes(database, words: list[str]) -> list:
    params = {f"w{i}": word for i, word in enumerate(words)}

    def title_filter(column: str) -> str:
        return " AND ".join(f"instr(lower({column}), :{name}) > 0" for name in params) or "1"

    sql = _SCOPES_SQL.format(series_title=title_filter("s.title"), thread_title=title_filter("title"),
                             canonical=CANONICAL_FINDING)
    return list((await database.execute(sql, {**params, "limit": _LISTED_SCOPES})).rows)


async def _scope_context(datasette, database, scope: Scope) -> dict:
    """Everything the evidence page of one series (or thread) shows, as template variables."""
    name = database.name
    key = {"key": scope.key}
    evidence = [dict(row) for row in (await database.execute(
        f"SELECT v.*, e.rowid AS position FROM evidence_in_context v JOIN evidence e ON e.id = v.id "
        f"WHERE v.{scope.column} = :key ORDER BY v.date_utc, v.message_id, v.line, e.rowid", key)).rows]
    concerns = [dict(row) for row in (await database.execute(
        f"SELECT * FROM concerns_in_context WHERE {scope.column} = :key "
        f"ORDER BY status = 'open' DESC, date_utc, message_id, line", key)).rows]
    claims = [dict(row) for row in (await database.execute(
        f"SELECT * FROM claims_in_context WHERE {scope.column} = :key ORDER BY date_utc, message_id, line",
        key)).rows]
    header = await _scope_header(database, scope)
    if header is None and not (evidence or concerns or claims):
        raise NotFound(f"no series or thread {scope.key}")
    table_ids = sorted({row["table_id"] for row in evidence if row["table_id"]})
    marks = ", ".join("?" for _ in table_ids)
    tables = {row["id"]: dict(row) for row in (await database.execute(
        f"SELECT id, benchmark, metric, config, first_line, last_line, text FROM evidence_tables "
        f"WHERE id IN ({marks})", table_ids)).rows} if table_ids else {}
    places = await load_places(database, scope.column, scope.key)
    for row in evidence:
        table = tables.get(row["table_id"]) or {}
        row["message_url"] = message_url(datasette, row["message_id"], table.get("first_line") or row["line"],
                                         table.get("last_line"))
        row["places"] = [] if row["table_id"] else _place_links(datasette, places.get(row["id"], []))
    for table in tables.values():
        table["places"] = _place_links(datasette, places.get(table["id"], []))
    for row in concerns + claims:
        row["message_url"] = message_url(datasette, row["message_id"], row["line"])
    for row in concerns:
        row["answer_url"] = message_url(datasette, row["answered_by"]) if row["answered_by"] else None
    groups = _benchmark_groups(evidence, tables)
    title = (header or {}).get("title") or next(
        (row["title"] for row in evidence + concerns + claims if row["title"]), scope.key)
    verdicts = {verdict: sum(row["verdict"] == verdict for row in evidence) for verdict in VERDICT_COLOURS}
    return {
        "database": name, "scope": scope, "title": title, "header": header or {}, "groups": groups,
        "chart": strip_chart(groups) if evidence else None, "concerns": concerns, "claims": claims,
        "n_evidence": len(evidence), "verdicts": verdicts, "colours": VERDICT_COLOURS,
        "versions": await _versions(datasette, database, scope),
        "changes": await _version_changes(datasette, database, scope),
        "browse_url": datasette.urls.table(name, "evidence_in_context") + "?" + urlencode({scope.column: scope.key}),
        "format_delta": format_delta, "format_number": format_number, "format_change": format_change,
        "verdict_badge": verdict_badge,
    }


async def _scope_header(database, scope: Scope) -> dict | None:
    if scope.column == "series_id":
        sql = ("SELECT title, author_name, latest_version, n_versions, first_date_utc, last_date_utc "
               "FROM series WHERE series_id = :key")
    else:
        sql = ("SELECT t.subject AS title, m.author_name, t.n_messages, t.first_date_utc, t.last_date_utc "
               "FROM threads t LEFT JOIN messages m ON m.message_id = t.root_message_id WHERE t.thread_id = :key")
    rows = (await database.execute(sql, {"key": scope.key})).rows
    return dict(rows[0]) if rows else None


async def _versions(datasette, database, scope: Scope) -> list[dict]:
    if scope.column != "series_id":
        return []
    rows = (await database.execute(
        "SELECT version, cover_message_id, subject, n_patches, date_utc FROM series_versions "
        "WHERE series_id = :key ORDER BY version", {"key": scope.key})).rows
    return [dict(row, message_url=message_url(datasette, row["cover_message_id"]) if row["cover_message_id"] else None)
            for row in rows]


def _place_links(datasette, places: list[dict]) -> list[dict]:
    return [dict(place, message_url=message_url(datasette, place["message_id"], place["line"], place["last_line"]))
            for place in places]


async def _version_changes(datasette, database, scope: Scope) -> list[dict]:
    if scope.column != "series_id":
        return []
    changes = await load_version_changes(database, scope.key)
    for row in changes:
        line = row["concern_line"] or row["claim_line"] or row["t_line"] or row["f_line"]
        row["message_url"] = message_url(datasette, row["message_id"], line) if row["message_id"] else None
    return changes


def _benchmark_groups(evidence: list[dict], tables: dict[str, dict]) -> list[dict]:
    """Comparisons grouped by benchmark (the metric when no benchmark was named), in order of appearance.

    Each row gets `bar_pct`, its bar's length in percent of the Δ% cell, on the one axis of the strip chart
    so that bars of different benchmarks compare.
    """
    groups: dict[str, dict] = {}
    for row in evidence:
        name = row["benchmark"] or row["metric"] or "unnamed benchmark"
        group = groups.setdefault(name, {"name": name, "rows": [], "tables": [], "verdicts": {}, "machines": []})
        if row["machine"] and row["machine"] not in group["machines"]:
            group["machines"].append(row["machine"])
        row["colour"] = VERDICT_COLOURS.get(row["verdict"], "#999")
        group["rows"].append(row)
        group["verdicts"][row["verdict"]] = group["verdicts"].get(row["verdict"], 0) + 1
        table = tables.get(row["table_id"])
        if table is not None and all(shown["id"] != table["id"] for shown in group["tables"]):
            group["tables"].append(dict(table, message_url=row["message_url"]))
    limit = axis_limit([row["delta_pct"] for row in evidence if row["delta_pct"] is not None])
    for group in groups.values():
        for row in group["rows"]:
            delta = row["delta_pct"]
            row["bar_pct"] = 0 if delta is None else round(min(abs(delta) / limit, 1) * 50, 1)
    return list(groups.values())
