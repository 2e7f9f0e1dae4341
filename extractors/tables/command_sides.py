"""The sides two commands name: the same command line run twice, on two builds of the program, the
one word they differ in naming each build ("./old/prog -x" and "./new/prog -x", "perf-base" and
"perf-patched"). Read by the words of `vocab.configurations`, as a caption naming a side is."""

from __future__ import annotations

import re

from extractors.tables.captions import places_apart
from extractors.tables.siblings import caption_side

# The pieces of a command's word that name things: path components, the parts of a file name.
_PIECE_RE = re.compile(r"[^/._=:-]+")


def sides_in_commands(first: str, second: str) -> tuple[str, str] | None:
    """(the first command's side name, the second's) when the commands are one command line but for
    one piece of one word, and those pieces name opposite sides ("old" and "new"), else None."""
    words = [first.split(), second.split()]
    place = places_apart(words) if words[0] else None
    if place is None or len(place) != 1:
        return None
    pieces = [_PIECE_RE.findall(w[place[0]]) for w in words]
    piece = places_apart(pieces)
    if piece is None or len(piece) != 1:
        return None
    names = (pieces[0][piece[0]], pieces[1][piece[0]])
    return names if {caption_side(names[0]), caption_side(names[1])} == {"baseline", "patched"} else None
