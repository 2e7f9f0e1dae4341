"""Reviewers' performance questions and requests ("concerns") in mail prose.

A concern asks (a question mark), requests ("please share numbers", "would be good to see", "I'd
suggest measuring", an imperative aimed at the author) or doubts ("I'm skeptical", "are you sure"), and
has a performance subject. Its category is the most specific family it names: profile, real-workload,
comparison, regression (in its performance sense), methodology, request-data; a performance question of
none of them is "other". The decision is the sentence classifier's (`extractors.prose.classify`).
"""

from __future__ import annotations

from extractors.model import Question
from extractors.prose.classify import about_performance, read_question
from extractors.prose.pipeline import find_sentences


def find_questions(text: str) -> list[Question]:
    """Performance questions and requests in one block of text (quote prefixes already removed).

    Each Question has the sentence's offsets in `text`, the sentence with its line breaks replaced by
    single spaces, and its category. Never raises because of content; text without prose gives [].
    """
    found: list[Question] = []
    previous = None
    for sentence in find_sentences(text):
        context = previous is not None and previous.unit == sentence.unit and about_performance(previous)
        category = read_question(sentence, context)
        if category is not None:
            found.append(Question(sentence.start, sentence.end, sentence.text, category))
        previous = sentence
    return found
