"""`miner extract FILE`: run the extractors on one file without a database (DESIGN.md §3).

The file may be a raw mail, an mbox, archive-page text or an archive HTML page. Every finding is reported
with 1-based line numbers of the file itself, so a person can open the file at that line.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Iterable, Iterator

from extractors.analysis import analyze_body
from extractors.model import BodyFindings, Placed
from extractors.pages import find_page_messages
from extractors.subjects import parse_subject
from miner.errors import ArchiveFormatError, MinerError
from miner.message.parse import parse_message
from miner.sources.formats import detect_format
from miner.sources.mboxes import iter_mbox
from miner.sources.pages import page_text

_DROPPED_FIELDS = ("start", "end", "anomalies")


@dataclasses.dataclass(frozen=True)
class _Unit:
    """One message of the file: its metadata for the `messages` list and its body with line numbers."""

    meta: dict
    body: str
    line_numbers: list[int]  # 1-based file line of each body line
    author: str | None


def _item_json(placed: Placed, line_of, *, span: bool) -> dict[str, Any]:
    item = placed.item
    fields = {k: v for k, v in dataclasses.asdict(item).items() if k not in _DROPPED_FIELDS}
    if span:
        out = {"first_line": line_of(placed.first_line), "last_line": line_of(placed.last_line)}
    else:
        out = {"line": line_of(placed.first_line)}
    out.update(fields)
    out["quoted"] = placed.quoted
    out["author"] = placed.author
    return out


def _mail_units(raw: bytes, first_line: int, raw_first_line: int) -> Iterator[_Unit]:
    """One mail whose span starts at `first_line` (its From_ line in an mbox) and whose raw text
    starts at `raw_first_line` (1-based lines of the file)."""
    message = parse_message(raw)
    numbers = [raw_first_line + n for n in message.body_line_numbers]
    last = raw_first_line + raw.count(b"\n") - (1 if raw.endswith(b"\n") else 0)
    meta = {"first_line": first_line, "last_line": last, "message_id": message.message_id,
            "subject": message.subject or None, "from": message.author_name or message.author_email,
            "date": message.date_utc[:10] if message.date_utc else None, "duplicate_of": None}
    yield _Unit(meta, message.body, numbers, message.author_name or message.author_email)


def _page_units(text: str) -> Iterator[_Unit]:
    lines = text.split("\n")
    for page_message in find_page_messages(text):
        first, last = page_message.body_first_line, page_message.last_line
        meta = {"first_line": page_message.first_line + 1, "last_line": page_message.last_line + 1,
                "message_id": page_message.message_id, "subject": page_message.subject,
                "from": page_message.author, "date": page_message.date,
                "duplicate_of": page_message.duplicate_of}
        yield _Unit(meta, "\n".join(lines[first: last + 1]), list(range(first + 1, last + 2)),
                    page_message.author)


def _units(path: Path) -> Iterator[_Unit]:
    kind = detect_format(path)
    data = path.read_bytes()
    if kind == "eml":
        yield from _mail_units(data, 1, 1)
    elif kind == "mbox":
        for entry in iter_mbox(path):
            yield from _mail_units(entry.raw, entry.first_line + 1, entry.first_line + 2)
    elif kind in ("archive-text", "html"):
        yield from _page_units(page_text(data, html=kind == "html"))
    else:
        raise ArchiveFormatError(str(path), f"'miner extract' reads one file, not a {kind}")


def extract_file(path: str | Path) -> dict[str, Any]:
    """Everything the extractors find in one file, as the JSON object of DESIGN.md §3."""
    out = _empty()
    for unit in _units(Path(path)):
        out["messages"].append(unit.meta)
        if unit.meta["duplicate_of"] is not None:  # a page showing a message again: its findings once
            continue
        numbers = unit.line_numbers

        def line_of(index: int, numbers=numbers) -> int:
            return numbers[min(index, len(numbers) - 1)] if numbers else unit.meta["first_line"]

        found: BodyFindings = analyze_body(unit.body, unit.author, unit.meta.get("subject"))
        out["tables"].extend(_item_json(p, line_of, span=True) for p in found.tables)
        for key in ("results", "questions", "claims", "anomalies"):
            out[key].extend(_item_json(p, line_of, span=False) for p in getattr(found, key))
    subject = next((m["subject"] for m in out["messages"] if m["subject"]), None)
    if subject:
        parsed = parse_subject(subject)
        if parsed.is_patch:
            out["series"] = {"prefix": parsed.prefix, "version": parsed.version, "index": parsed.index,
                             "total": parsed.total, "title": parsed.title}
    return out


def extract_files(paths: Iterable[str | Path]) -> Iterator[tuple[str, dict[str, Any], str | None]]:
    """(path, result, error) for each file in order. A file that cannot be read or extracted gives an
    empty result with the error, and the others go on: one broken file must not cost a batch its
    other results (the error is reported, never swallowed)."""
    for path in paths:
        try:
            yield str(path), extract_file(path), None
        except MinerError as exc:
            yield str(path), _empty(), str(exc)
        except OSError as exc:
            yield str(path), _empty(), f"cannot read: {exc.strerror or exc}"
        except Exception as exc:  # noqa: BLE001 -- an extractor bug on one file is reported with its type
            yield str(path), _empty(), f"extraction failed: {type(exc).__name__}: {exc}"


def _empty() -> dict[str, Any]:
    return {"messages": [], "series": None, "tables": [], "results": [], "questions": [], "claims": [],
            "anomalies": []}


def format_extraction(result: dict[str, Any]) -> str:
    """A short human-readable summary of `extract_file`'s result."""
    lines = [f"{len(result['messages'])} message(s)"]
    if result["series"]:
        s = result["series"]
        lines.append(f"series: [{s['prefix']} v{s['version']} {s['index']}/{s['total']}] {s['title']}")
    for table in result["tables"]:
        lines.append(f"table  lines {table['first_line']}-{table['last_line']}: {table.get('benchmark')} "
                     f"({len(table.get('pairs') or [])} comparisons)")
    for key in ("results", "questions", "claims", "anomalies"):
        for item in result[key]:
            label = item.get("category") or item.get("polarity") or item.get("benchmark") or ""
            lines.append(f"{key[:-1]:8s} line {item['line']}: [{label}] {str(item.get('text'))[:100]}")
    return "\n".join(lines)
