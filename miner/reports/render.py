"""The one entry point for printing a report: the evidence report as "text" (`render_text`), "md"
(`render_markdown`) or "json", the checklist as "md" or "json". JSON is the report model as it is."""

from __future__ import annotations

import json

from miner.reports import render_markdown, render_text
from miner.reports.model import Checklist, EvidenceReport


def format_evidence(report: EvidenceReport, fmt: str = "text") -> str:
    """The evidence report as "text" (a terminal table per table of numbers), "md" or "json"."""
    if fmt == "json":
        return json.dumps(report, ensure_ascii=False, indent=1)
    if fmt == "text":
        return render_text.render_evidence(report)
    if fmt == "md":
        return render_markdown.render_evidence(report)
    raise ValueError(f"unknown format {fmt!r}")


def format_checklist(report: Checklist, fmt: str = "md") -> str:
    """The checklist as "md" (DESIGN.md §5) or "json"."""
    if fmt == "json":
        return json.dumps(report, ensure_ascii=False, indent=1)
    if fmt == "md":
        return render_markdown.render_checklist(report)
    raise ValueError(f"unknown format {fmt!r}")
