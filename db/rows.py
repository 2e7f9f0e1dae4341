"""The typed rows one message is stored as: what the pipeline builds (`miner.pipeline.rows`) and `store`
writes. A row type has exactly the columns of its table in `schema`, so a writer never guesses a column
or its type; the columns that linking fills later (series, origins, answers, checks) start as None.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, NamedTuple, TypedDict


class MessageRow(TypedDict):
    message_id: str
    list: str | None
    subject: str
    author_name: str | None
    author_email: str | None
    date_utc: str | None  # always YYYY-MM-DDTHH:MM:SSZ; date_precision says how much of it is known
    date_precision: str | None  # "second" (a Date header), "day" (an archive page's date), None: no date
    in_reply_to: str | None
    references_ids: str | None
    thread_id: str
    series_id: str | None
    series_version: int | None
    patch_index: int | None
    patch_total: int | None
    body: str
    search_text: str  # what full-text search indexes of the body: its text before the patch, and the patch's names
    source_url: str | None
    synthetic_id: int
    problems: str | None
    extractor_version: str
    block_counts: str | None


class RawRef(NamedTuple):
    """Where a source keeps a message's raw bytes: an mbox file's (decompressed) stream at `offset` for
    `length` bytes, a public-inbox epoch's git `blob`, or (neither given) the whole file at `path`, as a
    `.eml` file or a maildir's message file holds one message."""
    path: str
    offset: int | None = None
    length: int | None = None
    blob: str | None = None


class RawMessageRow(TypedDict):
    """The raw bytes of a message, copied (`raw_zlib`) or where its source keeps them (`db.raw`)."""
    message_id: str
    raw_format: str
    raw_zlib: bytes | None
    raw_path: str | None  # the mbox, `.eml` or maildir file, or the public-inbox epoch's git directory (absolute)
    raw_offset: int | None  # byte offset of the raw bytes in the mbox's (decompressed) stream
    raw_length: int | None  # their length there, mboxrd-escaped
    raw_object: str | None  # the git blob that holds them in the epoch
    raw_crc32: int | None  # CRC-32 of the raw bytes as imported (unescaped)


class MessageListRow(TypedDict):
    message_id: str
    list: str


class MachineRow(TypedDict):
    id: str
    message_id: str
    line: int
    last_line: int
    text: str
    quoted: int
    extractor_version: str


class EvidenceTableRow(TypedDict):
    id: str
    message_id: str
    series_id: str | None
    benchmark: str | None
    metric: str | None
    unit: str | None
    higher_is_better: int | None
    config: str | None
    machine_id: str | None
    first_line: int
    last_line: int
    quoted: int
    author: str | None
    columns_json: str
    rows_json: str
    text: str
    reader: str
    baseline_label: str | None
    patched_label: str | None
    extractor_version: str


class EvidenceRow(TypedDict):
    id: str
    table_id: str | None
    message_id: str
    series_id: str | None
    benchmark: str | None
    metric: str | None
    label: str | None
    baseline: float | None
    patched: float | None
    baseline_text: str | None
    patched_text: str | None
    unit: str | None
    delta_pct: float | None
    baseline_spread_pct: float | None
    patched_spread_pct: float | None
    baseline_spread_abs: float | None
    patched_spread_abs: float | None
    reported_delta_pct: float | None
    delta_points: float | None  # patched − baseline, for a metric that is itself a percentage
    higher_is_better: int | None
    verdict: str
    quoted: int
    author: str | None
    line: int
    text: str | None
    machine_id: str | None
    extractor_version: str


class AnomalyRow(TypedDict):
    id: str
    message_id: str
    table_id: str | None
    series_id: str | None
    line: int
    text: str
    why: str
    extractor_version: str


class ConcernRow(TypedDict):
    id: str
    message_id: str
    series_id: str | None
    author: str | None
    text: str
    category: str
    line: int
    quoted: int
    status: str
    extractor_version: str


class ClaimRow(TypedDict):
    id: str
    message_id: str
    series_id: str | None
    author: str | None
    text: str
    polarity: str
    magnitude_pct: float | None
    line: int
    quoted: int
    extractor_version: str


@dataclass
class MessageRows:
    """Every row of one message, by table; `tables()` gives them in the order they are saved (parents
    before children)."""

    message: MessageRow
    raw: RawMessageRow
    lists: list[MessageListRow] = field(default_factory=list)
    machines: list[MachineRow] = field(default_factory=list)
    evidence_tables: list[EvidenceTableRow] = field(default_factory=list)
    evidence: list[EvidenceRow] = field(default_factory=list)
    anomalies: list[AnomalyRow] = field(default_factory=list)
    concerns: list[ConcernRow] = field(default_factory=list)
    claims: list[ClaimRow] = field(default_factory=list)

    def tables(self) -> Iterator[tuple[str, list]]:
        yield "messages", [self.message]
        yield "raw_messages", [self.raw]
        yield "message_lists", self.lists
        yield "machines", self.machines
        yield "evidence_tables", self.evidence_tables
        yield "evidence", self.evidence
        yield "anomalies", self.anomalies
        yield "concerns", self.concerns
        yield "claims", self.claims
