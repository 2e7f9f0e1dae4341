"""One parsed message and its findings turned into the typed rows of `db.rows`, in the worker that parsed
it: nothing here touches a database, so workers build rows in parallel and the one writing process only
writes them.

Here the facts of a message are settled once, for every later reader: line numbers become lines of the
raw message; the date gets one format (`YYYY-MM-DDTHH:MM:SSZ`) and a `date_precision` ("day" for an archive
page that gives only the date); the list comes from the `--list` option, the headers, the list's footer or
the archive it was read from (`miner.message.lists`); every table and inline result is tied to the machine
description nearest above it (`extractors.machine`); an anomaly to the table it was found in; and a
change stated without numbers that only restates a table of the same message (a test robot's "-8.1%
regression of will-it-scale.per_thread_ops" above the table row that gives -8.1%) is not stored as a
second comparison; full-text search gets the body's text without its patch (`search_text`), and the raw
bytes are copied, or referenced where an mbox keeps them (`db.raw`).
Claims are stored without a check: `miner.linking.claim_checks` is the one place that decides it.
"""

from __future__ import annotations

import json
import re
import zlib

from db.rows import (AnomalyRow, ClaimRow, ConcernRow, EvidenceRow, EvidenceTableRow, MachineRow, MessageRow,
                     MessageRows, RawMessageRow, RawRef)
from db.store import stable_id
from extractors.machine import MachineDescription, find_machine_descriptions, machine_for
from extractors.model import BenchmarkTable, BodyFindings, InlineResult, Placed
from extractors.quotes import DIFF_START_RE
from miner.message.lists import list_from_archive, list_from_footer
from miner.message.parse import Message

# The files a patch changes ("diff --git a/fs/io_uring.c b/...", "+++ b/fs/io_uring.c"), and the function a
# hunk header names ("@@ -10,7 +10,8 @@ static int io_read(struct io_kiocb *req)").
_PATCH_FILE_RE = re.compile(r"^(?:diff --git a/|\+\+\+ b/|Index: )(\S+)", re.M)
_HUNK_FUNCTION_RE = re.compile(r"^@@ [^@]* @@ ?[^(\n]*?(\w+)\s*\(", re.M)
_DAY_RE = re.compile(r"^\d{4}-\d\d-\d\d$")
# The number at the start of a printed value ("21.50" of "21.50 ±  3%"), and its decimals.
_PRINTED_NUMBER_RE = re.compile(r"[-+]?\d[\d,]*(?:\.(\d+))?")
_PERCENT_UNITS = frozenset({"%", "percent", "pct"})
# A metric named as a percentage: "mpstat.cpu.all.sys%", "cpu util %" (not a percentile label "99.9%").
_PERCENT_NAME_RE = re.compile(r"[A-Za-z][^%]*%\s*$")
# A restated change equals the table's to the printed precision of a headline ("-8.1%" for -8.13).
_RESTATED_DELTA_PCT = 0.05


def date_and_precision(date: str | None) -> tuple[str | None, str | None]:
    """The stored form of a message date: (YYYY-MM-DDTHH:MM:SSZ, "second") from a Date header,
    (YYYY-MM-DDT00:00:00Z, "day") from a page that gives only YYYY-MM-DD, (None, None) without a date."""
    if not date:
        return None, None
    if _DAY_RE.match(date):
        return f"{date}T00:00:00Z", "day"
    return date, "second"


def delta_points(unit: str | None, name: str | None, baseline: float | None, patched: float | None,
                 texts: tuple[str | None, str | None]) -> float | None:
    """patched − baseline in points when the metric is itself a percentage (its unit says so, or its name
    ends in "%", as `mpstat.cpu.all.sys%`), to the decimals the values were printed with; else None.
    A test robot prints such a change as points (+4.2), and a relative +19.53% of a percentage misleads."""
    percentage = (unit or "").strip().lower() in _PERCENT_UNITS or bool(_PERCENT_NAME_RE.search(name or ""))
    if not percentage or baseline is None or patched is None:
        return None
    decimals = [len(m.group(1) or "") for m in (_PRINTED_NUMBER_RE.match(t.strip()) for t in texts if t) if m]
    return round(patched - baseline, max(decimals, default=2))


def _bool(value: bool | None) -> int | None:
    return None if value is None else int(bool(value))


class _Lines:
    """Body line indexes to 1-based lines of the raw message (or of the archive page)."""

    def __init__(self, message: Message):
        self.numbers = message.body_line_numbers

    def __call__(self, index: int) -> int:
        return (self.numbers[min(index, len(self.numbers) - 1)] + 1) if self.numbers else 1


def _restates_a_table(placed: Placed, tables: list[BenchmarkTable], claim_lines: set[int]) -> bool:
    """A change stated without its numbers that only restates a table of the same message: its benchmark
    names a row of the table that gives the same change (a test robot's headline), or names the table
    itself in a sentence that is also a claim ("Overall hackbench gets about 5% faster"), which the claim
    checker then checks against the table. Either way it is not a second comparison."""
    result = placed.item
    if result.baseline is not None or result.patched is not None or result.delta_pct is None:
        return False
    name = (result.benchmark or "").strip().lower()
    for table in tables:
        if name == (table.benchmark or "").lower() and placed.first_line in claim_lines:
            return True
        for pair in table.pairs:
            delta = pair.reported_delta_pct if pair.reported_delta_pct is not None else pair.delta_pct
            names = {(pair.label or "").lower(), (pair.metric or "").lower()} - {""}
            if name in names and delta is not None and abs(delta - result.delta_pct) <= _RESTATED_DELTA_PCT:
                return True
    return False


class _Builder:
    """The finding rows of one message; each finding's machine description is stored once."""

    def __init__(self, message_id: str, line_of: _Lines, descriptions: tuple[MachineDescription, ...],
                 version: str):
        self.mid, self.line_of, self.descriptions, self.version = message_id, line_of, descriptions, version
        self.machines: dict[int, MachineRow] = {}

    def machine_id(self, first_line: int) -> str | None:
        description = machine_for(self.descriptions, first_line)
        if description is None:
            return None
        if description.first_line not in self.machines:
            line = self.line_of(description.first_line)
            self.machines[description.first_line] = MachineRow(
                id=stable_id("machine", self.mid, line), message_id=self.mid, line=line,
                last_line=self.line_of(description.last_line), text=description.text,
                quoted=int(description.quoted), extractor_version=self.version)
        return self.machines[description.first_line]["id"]

    def table(self, placed: Placed, table: BenchmarkTable) -> tuple[EvidenceTableRow, list[EvidenceRow]]:
        first, last = self.line_of(placed.first_line), self.line_of(placed.last_line)
        table_id = stable_id("table", self.mid, first, last)
        machine_id = self.machine_id(placed.first_line)
        row = EvidenceTableRow(
            id=table_id, message_id=self.mid, series_id=None, benchmark=table.benchmark, metric=table.metric,
            unit=table.unit, higher_is_better=_bool(table.higher_is_better), config=table.config,
            machine_id=machine_id, first_line=first, last_line=last, quoted=int(placed.quoted),
            author=placed.author, columns_json=json.dumps(list(table.columns)),
            rows_json=json.dumps([{"label": r.label, "values": r.values} for r in table.rows]), text=table.text,
            reader=table.reader, baseline_label=table.baseline_label, patched_label=table.patched_label,
            extractor_version=self.version)
        pairs = [EvidenceRow(
            id=stable_id("pair", self.mid, first, pair.label, pair.metric), table_id=table_id, message_id=self.mid,
            series_id=None, benchmark=table.benchmark, metric=pair.metric or table.metric, label=pair.label,
            baseline=pair.baseline, patched=pair.patched, baseline_text=pair.baseline_text,
            patched_text=pair.patched_text, unit=table.unit, delta_pct=pair.delta_pct,
            baseline_spread_pct=pair.baseline_spread_pct, patched_spread_pct=pair.patched_spread_pct,
            baseline_spread_abs=pair.baseline_spread_abs, patched_spread_abs=pair.patched_spread_abs,
            reported_delta_pct=pair.reported_delta_pct, higher_is_better=_bool(table.higher_is_better),
            delta_points=delta_points(table.unit, pair.metric or table.metric or pair.label, pair.baseline,
                                      pair.patched, (pair.baseline_text, pair.patched_text)),
            verdict=pair.verdict, quoted=int(placed.quoted), author=placed.author, line=first, text=None,
            machine_id=machine_id, extractor_version=self.version) for pair in table.pairs]
        return row, pairs

    def result(self, placed: Placed, result: InlineResult) -> EvidenceRow:
        line = self.line_of(placed.first_line)
        return EvidenceRow(
            id=stable_id("result", self.mid, line, result.benchmark, result.baseline_text, result.patched_text),
            table_id=None, message_id=self.mid, series_id=None, benchmark=result.benchmark, metric=None,
            label=None, baseline=result.baseline, patched=result.patched, baseline_text=result.baseline_text,
            patched_text=result.patched_text, unit=result.unit, delta_pct=result.delta_pct,
            baseline_spread_pct=None, patched_spread_pct=None, baseline_spread_abs=result.baseline_spread_abs,
            patched_spread_abs=result.patched_spread_abs, reported_delta_pct=result.reported_delta_pct,
            delta_points=delta_points(result.unit, result.benchmark, result.baseline, result.patched,
                                      (result.baseline_text, result.patched_text)),
            higher_is_better=_bool(result.higher_is_better), verdict=result.verdict, quoted=int(placed.quoted),
            author=placed.author, line=line, text=result.text, machine_id=self.machine_id(placed.first_line),
            extractor_version=self.version)

    def fill(self, rows: MessageRows, findings: BodyFindings) -> None:
        table_of_anomaly: dict[int, str] = {}
        tables = [p.item for p in findings.tables]
        claim_lines = {p.first_line for p in findings.claims}
        for placed in findings.tables:
            table_row, pairs = self.table(placed, placed.item)
            rows.evidence_tables.append(table_row)
            rows.evidence.extend(pairs)
            table_of_anomaly.update((id(a), table_row["id"]) for a in placed.item.anomalies)
        for placed in findings.anomalies:
            line = self.line_of(placed.first_line)
            rows.anomalies.append(AnomalyRow(
                id=stable_id("anomaly", self.mid, line, placed.item.why), message_id=self.mid,
                table_id=table_of_anomaly.get(id(placed.item)), series_id=None, line=line, text=placed.item.text,
                why=placed.item.why, extractor_version=self.version))
        rows.evidence.extend(self.result(p, p.item) for p in findings.results
                             if not _restates_a_table(p, tables, claim_lines))
        for placed in findings.questions:
            line = self.line_of(placed.first_line)
            rows.concerns.append(ConcernRow(
                id=stable_id("concern", self.mid, line, placed.item.text), message_id=self.mid, series_id=None,
                author=placed.author, text=placed.item.text, category=placed.item.category, line=line,
                quoted=int(placed.quoted), status="open", extractor_version=self.version))
        for placed in findings.claims:
            line = self.line_of(placed.first_line)
            rows.claims.append(ClaimRow(
                id=stable_id("claim", self.mid, line, placed.item.text), message_id=self.mid, series_id=None,
                author=placed.author, text=placed.item.text, polarity=placed.item.polarity,
                magnitude_pct=placed.item.magnitude_pct, line=line, quoted=int(placed.quoted),
                extractor_version=self.version))
        rows.machines.extend(self.machines.values())


def search_text(body: str) -> str:
    """What full-text search indexes of a body: the text before its patch (prose, quoted prose), then the
    names of the patch's files and of the functions its hunks change, one line each, so that a search
    for `io_uring/rw.c` or `io_read` finds the patch without the index holding every line of code."""
    diff = DIFF_START_RE.search(body)
    if not diff:
        return body
    patch = body[diff.start():]
    files = dict.fromkeys(m.group(1) for m in _PATCH_FILE_RE.finditer(patch))
    functions = dict.fromkeys(m.group(1) for m in _HUNK_FUNCTION_RE.finditer(patch))
    return "\n".join([body[:diff.start()], " ".join(files), " ".join(functions)])


def message_rows(message: Message, findings: BodyFindings, *, raw_format: str, source_url: str | None,
                 list_name: str | None, extractor_version: str,
                 raw_at: RawRef | None = None) -> MessageRows:
    """All rows of one message and its findings. Line numbers in finding rows are 1-based lines of the
    raw message (or of the archive page). `list_name` (the `--list` option) wins over what the message
    says; a message whose headers, footer and archive name no list has none. With `raw_at` (where the
    source keeps the raw bytes: an mbox's byte range, a git blob, a `.eml` or maildir file), they are
    stored by reference, not copied."""
    mid = message.message_id
    list_name = (list_name or message.list_id or list_from_footer(message.body) or list_from_archive(source_url))
    date_utc, precision = date_and_precision(message.date_utc)
    rows = MessageRows(
        message=MessageRow(
            message_id=mid, list=list_name, subject=message.subject, author_name=message.author_name,
            author_email=message.author_email, date_utc=date_utc, date_precision=precision,
            in_reply_to=message.in_reply_to, references_ids=" ".join(message.references) or None,
            thread_id=_initial_thread_id(message), series_id=None, series_version=None, patch_index=None,
            patch_total=None, body=message.body, search_text=search_text(message.body), source_url=source_url,
            synthetic_id=int(message.synthetic_id), problems="; ".join(message.problems) or None, extractor_version=extractor_version,
            block_counts=json.dumps(dict(findings.block_counts)) if findings.block_counts else None),
        raw=_raw_row(mid, raw_format, message.raw, raw_at),
        lists=[{"message_id": mid, "list": list_name}] if list_name else [])
    # only numbers are tied to a machine: a message without them is not searched for one
    descriptions = find_machine_descriptions(message.body) if findings.tables or findings.results else ()
    _Builder(mid, _Lines(message), descriptions, extractor_version).fill(rows, findings)
    return rows


def _raw_row(message_id: str, raw_format: str, raw: bytes, raw_at: RawRef | None) -> RawMessageRow:
    if raw_at is None:
        return RawMessageRow(message_id=message_id, raw_format=raw_format, raw_zlib=zlib.compress(raw, 3),
                             raw_path=None, raw_offset=None, raw_length=None, raw_object=None, raw_crc32=None)
    return RawMessageRow(message_id=message_id, raw_format=raw_format, raw_zlib=None, raw_path=raw_at.path,
                         raw_offset=raw_at.offset, raw_length=raw_at.length, raw_object=raw_at.blob,
                         raw_crc32=zlib.crc32(raw))


def _initial_thread_id(message: Message) -> str:
    """JWZ's root guess: the first reference, else the parent, else the message itself. `link_threads`
    later merges threads whose root turns out to be a reply itself."""
    if message.references:
        return message.references[0]
    return message.in_reply_to or message.message_id
