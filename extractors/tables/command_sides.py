"""The sides two commands name: the same command line run twice, on two builds of the program, the
one word they differ in naming each build ("./old/prog -x" and "./new/prog -x", "perf-base" and
"perf-patched"). Read by the words of `vocab.configurations`, as a caption naming a side is."""

from __future__ import annotations

import re

from extractors.tables.siblings import caption_side

# The pieces of a command's word that name things: path components, the parts of a file name.
_PIECE_RE = re.compile(r"[^/._=:-]+")


def sides_in_commands(first: str, second: str) -> tuple[str, str] | None:
    """(the first command's side name, the second's) when the commands are one command line but for
    one piece of one word, and those pieces name opposite sides ("old" and "new"), else None."""
    words_a, words_b = first.split(), second.split()
    if not words_a or len(words_a) != len(words_b):
        return None
    differing = [(a, b) for a, b in zip(words_a, words_b) if a != b]
    if len(differing) != 1:
        return None
    pieces_a, pieces_b = (_PIECE_RE.findall(word) for word in differing[0])
    if len(pieces_a) != len(pieces_b):
        return None
    apart = [(a, b) for a, b in zip(pieces_a, pieces_b) if a != b]
    if len(apart) != 1:
        return None
    names = apart[0]
    return names if {caption_side(names[0]), caption_side(names[1])} == {"baseline", "patched"} else None
