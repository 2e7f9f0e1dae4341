"""Answered concerns: what counts as an answer standing below a quoted question."""

from __future__ import annotations

import pytest

from extractors.quotes import split_quotes
from miner.linking.answers import _reply_below


@pytest.mark.parametrize("reply, answered", [
    ("Yes, ten runs each; the numbers are in the v2 cover letter.", True),
    ("I have not looked at that yet.", False),
    ("Not yet, I will run it next week.", False),
    ("I'll run it on the big machine.", False),
    ("Good point, we didn't measure that.", False),
])
def test_a_reply_that_puts_the_question_off_does_not_answer_it(reply, answered):
    body = f"On Monday, Bob wrote:\n> Could you check whether it causes a regression?\n\n{reply}\n"
    author = _reply_below(split_quotes(body), "Could you check whether it causes a regression?", "Alice")
    assert (author == "Alice") is answered
