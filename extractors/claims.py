"""Performance claims (stub: replaced by the claim extractor)."""

from __future__ import annotations


def find_claims(text: str) -> list:
    """Sentences asserting a performance effect in one block of text."""
    return []
