"""The one cache the extractors use for their pure functions of mail text.

A reply quotes the paragraphs of the mails it answers, so on a real list most prose blocks and text runs
were read before (on io-uring, 82k of 213k prose blocks are distinct): their findings are kept for the
last blocks seen. The cache is bounded twice, in entries and in the size of what it keeps: a text longer
than `MAX_CHARS` is worked out each time, so a worker's memory stays flat whatever an archive holds.
"""

from __future__ import annotations

from functools import lru_cache, wraps
from typing import Callable, TypeVar

MAX_CHARS = 20_000  # a block this long is a rare one: caching it would only hold memory
T = TypeVar("T")


def text_cache(maxsize: int, size: Callable[..., int] = len) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Decorate a pure function whose first argument is the text (or the lines) it reads: the answers
    for the last `maxsize` arguments are kept when `size(text)` is at most MAX_CHARS."""
    def decorate(func: Callable[..., T]) -> Callable[..., T]:
        cached = lru_cache(maxsize=maxsize)(func)

        @wraps(func)
        def call(text, *args):
            return cached(text, *args) if size(text) <= MAX_CHARS else func(text, *args)
        call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        return call
    return decorate


def chars(lines: tuple[str, ...]) -> int:
    """The size of a run of lines, for `text_cache(size=chars)`."""
    return sum(map(len, lines))
