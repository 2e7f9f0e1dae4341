"""The one cache the extractors use for their pure functions of mail text.

A reply quotes the paragraphs of the mails it answers, so on a real list most prose blocks and text runs
were read before (on io-uring, 82k of 213k prose blocks are distinct): their findings are kept for the
last blocks seen. The cache is bounded twice, in entries and in the size of what it keeps: arguments
holding more than `MAX_CHARS` characters in all are worked out each time, so a worker's memory stays
flat whatever an archive holds.
"""

from __future__ import annotations

from functools import lru_cache, wraps
from typing import Callable, TypeVar

MAX_CHARS = 20_000  # blocks this long are rare ones: caching them would only hold memory
T = TypeVar("T")


def text_cache(maxsize: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Decorate a pure function of texts (strings, or tuples of lines, and flags): the answers for the
    last `maxsize` arguments are kept when they hold at most MAX_CHARS characters."""
    def decorate(func: Callable[..., T]) -> Callable[..., T]:
        cached = lru_cache(maxsize=maxsize)(func)

        @wraps(func)
        def call(*args):
            return cached(*args) if _chars(args) <= MAX_CHARS else func(*args)
        call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        return call
    return decorate


def _chars(args: tuple) -> int:
    """The characters the arguments hold: a string's length, a tuple of lines' total; flags hold none."""
    return sum(len(a) if isinstance(a, str) else sum(map(len, a)) if isinstance(a, tuple) else 0 for a in args)
