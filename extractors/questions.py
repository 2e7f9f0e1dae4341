"""Reviewers' performance questions and requests ("concerns") in mail prose.

A concern asks (a question mark), requests ("please share numbers", "would be good to see", "I'd
suggest measuring", an imperative aimed at the author) or doubts ("I'm skeptical", "are you sure"), and
has a performance subject. Its category is the most specific family it names: profile, real-workload,
comparison, regression (in its performance sense), methodology, request-data; a performance question of
none of them is "other". The decision is the sentence classifier's (`extractors.prose.classify`).
"""

from __future__ import annotations

from extractors.memo import text_cache
from extractors.model import Question
from extractors.prose.classify import about_performance, read_question
from extractors.prose.follow_up import read_follow_up
from extractors.prose.pipeline import find_sentences
from extractors.prose.weak_subjects import profiles_time


def find_questions(text: str, lead: str | None = None, measured: bool = False) -> list[Question]:
    """Performance questions and requests in one block of text (quote prefixes already removed).

    `lead` is the paragraph right before it, if any: its last sentences are the context of the first
    questions here ("... a performance regression." / "Where was the regression detected?").
    `measured` says the message holds performance evidence, which is then the context of every one.
    Each Question has the sentence's offsets in `text`, the sentence with its line breaks replaced by
    single spaces, and its category. Never raises because of content; text without prose gives [].
    """
    return list(_questions(text, lead, measured))


@text_cache(1024)
def _questions(text: str, lead: str | None, measured: bool) -> tuple[Question, ...]:
    """`find_questions`, cached by its arguments: replies quote the paragraphs of the mails they answer."""
    found: list[Question] = []
    sentences = find_sentences(text)
    before = find_sentences(lead)[-_CONTEXT:] if lead else ()
    # the category of the question right before, which a follow-up ("And on RAID6?") goes on asking
    asked = None
    if before:
        asked_before = _questions(lead, None, measured)
        if asked_before and asked_before[-1].end == before[-1].end:
            asked = asked_before[-1].category
    for index, sentence in enumerate(sentences):
        window = (before + sentences[:index])[-_CONTEXT:]
        context = measured or any(earlier.has("SUBJECT") or profiles_time(earlier) for earlier in window)
        near = asked is not None or any(about_performance(earlier) for earlier in window)  # a question right before
        category = read_question(sentence, context, near)
        if asked and category is None:
            category = read_follow_up(sentence, asked)
        elif asked and category == "other":
            category = asked  # "For instance, a web server inside the guest?" goes on asking for a real workload
        if category is not None:
            found.append(Question(sentence.start, sentence.end, sentence.text, category))
        asked = category
    return tuple(found)


_CONTEXT = 2  # sentences before a question that can make its weak subject a performance one
