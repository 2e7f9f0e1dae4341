"""Between versions: what changed in a series' evidence from one version to the next (DESIGN.md §5, 4).

A comparison belongs to the version of the message it was posted in (a reply in v1's thread discusses
v1, whenever it was sent). Comparisons are the same benchmark across versions when they have the same
name and row label (`comparison_key`). For a series with two or more versions this finds:
- `rerun`: a comparison posted with new numbers in a later version: the last numbers of the earlier
  version and the first of the later one, so a report can say how they moved;
- `reposted`: a benchmark whose earlier numbers were posted again, unchanged, with a later version and
  not run again;
- `dropped`: a benchmark of an earlier version that no later version has numbers for;
- `new`: a benchmark first measured in a later version;
- `open-concern`: a concern raised on an earlier version that no later message answers;
- `unanswered-regression`: a regression reported on an earlier version by someone other than the
  series' author (a test robot, a reviewer: comparisons judged worse, or a claim of a regression) with
  no numbers for that benchmark in any message posted after it.
`find_version_changes` is pure: it reads the rows linking has already given origins and answers.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import TypedDict

from db.store import stable_id
from miner.linking.series import asked_by_a_reviewer, author_key

_WS_RE = re.compile(r"\s+")
KINDS = ("rerun", "reposted", "dropped", "new", "open-concern", "unanswered-regression")


class VersionChange(TypedDict):
    """One row of `version_changes`: the item, the versions it spans and the rows it is about."""

    id: str
    series_id: str
    kind: str  # one of KINDS
    benchmark: str | None
    label: str | None
    from_version: int | None
    to_version: int | None
    from_evidence_id: str | None
    to_evidence_id: str | None
    concern_id: str | None
    claim_id: str | None
    message_id: str | None


def benchmark_name(row: dict) -> str | None:
    """What a comparison measures, as reports name it: its benchmark, else its metric, else its row label
    (a test robot's rows are named by their metric: "will-it-scale.per_thread_ops")."""
    return row.get("benchmark") or row.get("metric") or row.get("label")


def comparison_key(row: dict) -> tuple[str, str]:
    """(benchmark name, row label), normalized: equal for the same comparison posted for two versions."""
    name = benchmark_name(row) or ""
    label = row.get("label") if (row.get("benchmark") or row.get("metric")) else None
    return _WS_RE.sub(" ", name).strip().lower(), _WS_RE.sub(" ", label or "").strip().lower()


def _change(series_id: str, kind: str, **fields) -> VersionChange:
    row = VersionChange(id="", series_id=series_id, kind=kind, benchmark=None, label=None, from_version=None,
                        to_version=None, from_evidence_id=None, to_evidence_id=None, concern_id=None, claim_id=None,
                        message_id=None)
    row.update(fields)  # type: ignore[typeddict-item]
    row["id"] = stable_id("change", series_id, kind, row["benchmark"], row["label"], row["from_version"],
                          row["to_version"], row["concern_id"], row["claim_id"], row["message_id"])
    return row


def find_version_changes(series_id: str, versions: list[int], messages: list[dict], rows: dict[str, list[dict]],
                         series_author: str | None) -> list[VersionChange]:
    """The between-versions items of one series (see the module docstring), in version order. `messages`
    are the series' messages oldest first (with `series_version`), `rows` its finding rows by table with
    `origin_message_id` set and concern statuses decided; empty for a series of one version."""
    versions = sorted(set(versions))
    if len(versions) < 2:
        return []
    order = {m["message_id"]: n for n, m in enumerate(messages)}
    version_of = {m["message_id"]: m["series_version"] or versions[0] for m in messages}
    latest = versions[-1]
    evidence = sorted((e for e in rows["evidence"] if e["message_id"] in order),
                      key=lambda e: (order[e["message_id"]], e["line"] or 0))
    fresh: dict[tuple, dict[int, list[dict]]] = defaultdict(lambda: defaultdict(list))
    reposted: dict[tuple, dict[int, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for row in evidence:
        canonical = row["origin_message_id"] in (None, row["message_id"])
        if canonical:
            fresh[comparison_key(row)][version_of[row["message_id"]]].append(row)
        elif not row["quoted"]:
            reposted[comparison_key(row)][version_of[row["message_id"]]].append(row)
    changes: list[VersionChange] = []
    for key, by_version in fresh.items():
        posted = sorted(by_version)
        name = benchmark_name(by_version[posted[0]][0])
        label = by_version[posted[0]][0]["label"] if key[1] else None
        for earlier, later in zip(posted, posted[1:]):
            before, after = by_version[earlier][-1], by_version[later][0]
            changes.append(_change(series_id, "rerun", benchmark=name, label=label, from_version=earlier,
                                   to_version=later, from_evidence_id=before["id"], to_evidence_id=after["id"],
                                   message_id=after["message_id"]))
        if posted[0] > versions[0]:
            first = by_version[posted[0]][0]
            changes.append(_change(series_id, "new", benchmark=name, label=label, to_version=posted[0],
                                   to_evidence_id=first["id"], message_id=first["message_id"]))
        if posted[-1] < latest:
            last = by_version[posted[-1]][-1]
            again = [v for v in reposted.get(key, {}) if v > posted[-1]]
            kind, to_version = ("reposted", max(again)) if again else ("dropped", None)
            changes.append(_change(series_id, kind, benchmark=name, label=label, from_version=posted[-1],
                                   to_version=to_version, from_evidence_id=last["id"], message_id=last["message_id"]))
    changes += _open_concerns(series_id, [c for c in rows["concerns"] if asked_by_a_reviewer(c, series_author)],
                              version_of, latest)
    regressions = _unanswered_regressions(series_id, evidence, rows["claims"], order, version_of, latest, series_author)
    reported = {(c["benchmark"], c["label"], c["from_version"]) for c in regressions}
    # a regression report with no numbers since says more than "not measured again": say it once
    changes = [c for c in changes if c["kind"] != "dropped" or (c["benchmark"], c["label"], c["from_version"])
               not in reported] + regressions
    rank = {kind: n for n, kind in enumerate(KINDS)}
    position = {e["id"]: n for n, e in enumerate(evidence)}
    return sorted(changes, key=lambda c: (rank[c["kind"]], c["from_version"] or c["to_version"] or 0,
                                          order.get(c["message_id"], 0),
                                          position.get(c["to_evidence_id"] or c["from_evidence_id"] or "", 0)))


def _open_concerns(series_id: str, concerns: list[dict], version_of: dict[str, int], latest: int) -> list[VersionChange]:
    return [_change(series_id, "open-concern", from_version=version_of[c["message_id"]], concern_id=c["id"],
                    message_id=c["message_id"])
            for c in concerns if c["message_id"] in version_of and c["origin_message_id"] in (None, c["message_id"])
            and c["status"] != "answered" and version_of[c["message_id"]] < latest]


def _unanswered_regressions(series_id: str, evidence: list[dict], claims: list[dict], order: dict[str, int],
                            version_of: dict[str, int], latest: int,
                            series_author: str | None) -> list[VersionChange]:
    """Regressions reported on an earlier version by someone other than the author, with no numbers for the
    same benchmark posted after them (no numbers at all, for a claim that names none)."""
    author = author_key(series_author)
    canonical = [e for e in evidence if e["origin_message_id"] in (None, e["message_id"])]

    def by_other(row: dict) -> bool:
        return author is None or author_key(row["author"]) not in (None, author)

    def numbers_after(message_id: str, key: tuple | None) -> bool:
        return any(order[e["message_id"]] > order[message_id] and (key is None or comparison_key(e) == key)
                   for e in canonical)

    out: list[VersionChange] = []
    reported: set[str] = set()
    for row in canonical:
        version = version_of[row["message_id"]]
        if row["verdict"] != "worse" or version >= latest or not by_other(row):
            continue
        reported.add(row["message_id"])
        if not numbers_after(row["message_id"], comparison_key(row)):
            out.append(_change(series_id, "unanswered-regression", benchmark=benchmark_name(row),
                               label=row["label"] if comparison_key(row)[1] else None, from_version=version,
                               from_evidence_id=row["id"], message_id=row["message_id"]))
    for claim in claims:
        mid = claim["message_id"]
        if (claim["polarity"] != "regression" or mid not in order or mid in reported or version_of[mid] >= latest
                or claim["origin_message_id"] not in (None, mid) or not by_other(claim)):
            continue
        if not numbers_after(mid, None):
            out.append(_change(series_id, "unanswered-regression", from_version=version_of[mid], claim_id=claim["id"],
                               message_id=mid))
    return out
