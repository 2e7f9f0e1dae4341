"""Inline benchmark results in prose (stub: replaced by the inline-result extractor)."""

from __future__ import annotations


def find_inline_results(text: str) -> list:
    """Baseline -> patched results stated in prose in one block of text."""
    return []
