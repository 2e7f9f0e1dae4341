"""Reviewers' performance questions (stub: replaced by the spaCy pipeline)."""

from __future__ import annotations


def find_questions(text: str) -> list:
    """Performance questions and requests in one block of text."""
    return []
