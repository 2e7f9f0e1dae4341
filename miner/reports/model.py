"""The report model: the typed entries the evidence report and the checklist are made of. Every entry
names the message it comes from (`Source`: list, date, author, link; `quoted_in` when the text was
quoted from a message the archive lacks), so each line of a report can be checked against the mail.
Entries are TypedDicts: plain dicts at run time, so `--format json` prints them as they are.
"""

from __future__ import annotations

from typing import TypedDict


class QuotedIn(TypedDict):
    """The message that quoted material whose own message is not in the database."""

    message_id: str
    author: str | None  # who sent the quoting message
    list: str | None
    date: str | None
    link: str | None


class Source(TypedDict):
    """Where an entry was written: its message, list, date (YYYY-MM-DD), author and a link to read it."""

    message_id: str | None
    list: str | None
    date: str | None
    author: str | None
    link: str | None
    quoted_in: QuotedIn | None


def source_of(entry: Source) -> Source:
    """The source fields of any entry (a comparison, a group, a concern), as a Source of its own."""
    return Source(message_id=entry["message_id"], list=entry["list"], date=entry["date"], author=entry["author"],
                  link=entry["link"], quoted_in=entry.get("quoted_in"))


class Place(Source):
    """One message where the same evidence was posted (a cover letter and its patch, v1 and v2)."""

    version: int | None


class Comparison(Source):
    """One baseline → patched comparison, numbers as printed. `delta_points` is patched − baseline for
    a percentage metric (then the change reads in points), else None."""

    evidence_id: str
    table_id: str | None
    kind: str  # "table" or "result"
    benchmark: str
    metric: str | None
    label: str | None
    baseline_label: str | None
    patched_label: str | None
    baseline: float | None
    patched: float | None
    baseline_text: str | None
    patched_text: str | None
    unit: str | None
    delta_pct: float | None
    delta_points: float | None
    baseline_spread_pct: float | None
    patched_spread_pct: float | None
    baseline_spread_abs: float | None
    patched_spread_abs: float | None
    verdict: str
    micro: bool
    machine: str | None
    line: int | None
    quoted: bool
    text: str | None
    version: int | None


class EvidenceGroup(Source):
    """The comparisons of one table (or one inline result), listed once with every place it was posted."""

    name: str
    benchmark: str
    metric: str | None
    baseline_label: str | None
    patched_label: str | None
    n_comparisons: int
    delta_pct_min: float | None
    delta_pct_max: float | None
    verdicts: dict[str, int]
    spread_stated: bool
    micro: bool
    machine: str | None
    version: int | None
    places: list[Place]
    comparisons: list[Comparison]


class ClaimEntry(Source):
    text: str
    polarity: str
    magnitude_pct: float | None
    check: str  # agrees, disagrees or unchecked (miner.linking.claim_checks)
    checked_against: Comparison | None
    line: int | None


class Answer(Source):
    evidence: list[EvidenceGroup]


class ConcernEntry(Source):
    text: str
    category: str
    status: str  # open or answered
    line: int | None
    version: int | None
    answer: Answer | None


class Gap(Source):
    kind: str
    text: str


class VersionRow(TypedDict):
    """One comparison of a between-versions item: before (the earlier version) and after (the later)."""

    label: str | None
    before: Comparison | None
    after: Comparison | None


class VersionItem(Source):
    """One item of the "Between versions" section (DESIGN.md §5, 4); `kind` as in
    `miner.linking.versions.KINDS`. The source is the message the item is about (the later posting of
    a re-run, the last posting of a dropped benchmark, the concern or the regression report)."""

    kind: str
    from_version: int | None
    to_version: int | None
    name: str | None
    rows: list[VersionRow]
    concern: ConcernEntry | None
    claim: ClaimEntry | None
    earlier: Source | None  # where a re-run benchmark's earlier numbers were posted


class VersionInfo(Source):
    version: int | None
    subject: str | None
    n_patches: int | None
    cover_message_id: str | None


class VersionEvidence(VersionInfo):
    evidence: list[EvidenceGroup]


class SeriesInfo(TypedDict):
    series_id: str
    title: str
    kind: str | None
    author: str | None
    list: str | None
    first_date: str | None
    last_date: str | None


class EvidenceReport(TypedDict):
    series: SeriesInfo
    versions: list[VersionEvidence]
    claims: list[ClaimEntry]
    between_versions: list[VersionItem]


class Checklist(TypedDict):
    series: SeriesInfo
    versions: list[VersionInfo]
    open_concerns: list[ConcernEntry]
    answered_concerns: list[ConcernEntry]
    evidence: list[EvidenceGroup]
    gaps: list[Gap]
    between_versions: list[VersionItem]
