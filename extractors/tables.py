"""Benchmark tables in plain text (stub: replaced by the table extractor)."""

from __future__ import annotations


def find_benchmark_tables(text: str) -> list:
    """Benchmark tables in one block of unquoted text."""
    return []
