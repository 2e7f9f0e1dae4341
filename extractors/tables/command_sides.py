"""The sides two commands name: the same command line run twice, on two builds of the program, the
one word they differ in naming each build ("./old/prog -x" and "./new/prog -x", "perf-base" and
"perf-patched"). Read by the words of `vocab.configurations`, as a caption naming a side is."""

from __future__ import annotations

import re

from extractors.tables.captions import places_apart
from extractors.tables.siblings import caption_side
from extractors.vocab.configurations import REPEAT_WORDS, SWITCH_OFF_VALUES, SWITCH_ON_VALUES
from extractors.vocab.metrics import PARAMETER_WORDS

_NUMBERED = frozenset(REPEAT_WORDS) | frozenset(PARAMETER_WORDS)  # what a number after them counts or orders
# The pieces of a command's word that name things: path components, the parts of a file name.
_PIECE_RE = re.compile(r"[^/._=:-]+")


def sides_in_commands(first: str, second: str) -> tuple[str, str] | None:
    """(the first command's side name, the second's) when the commands are one command line but for
    one piece of one word, and those pieces name opposite sides ("old" and "new") or a setting's off and
    on values, else None."""
    words = [first.split(), second.split()]
    place = places_apart(words) if words[0] else None
    if place is None or len(place) != 1:
        return None
    pieces = [_PIECE_RE.findall(w[place[0]]) for w in words]
    piece = places_apart(pieces)
    if piece is None or len(piece) != 1:
        return None
    names = (pieces[0][piece[0]], pieces[1][piece[0]])
    if {caption_side(names[0]), caption_side(names[1])} == {"baseline", "patched"}:
        return names
    # one setting at its off and on values ("uncached 0" / "uncached 1", "--zc=off" / "--zc=on"): the run
    # without it and the run with it, the setting named by the piece or the word before the value
    # (a digit after a word that counts or repeats numbers the thing: "run 0" / "run 1", "cpu 0" / "cpu 1")
    setting = (pieces[0][piece[0] - 1] if piece[0] else words[0][place[0] - 1] if place[0] else "").strip(",;")
    first_value, second_value = (name.lower() for name in names)
    if not setting or names[0].isdigit() and _NUMBERED.intersection((setting.lower(), setting.lower() + "s")):
        return None
    if first_value in SWITCH_OFF_VALUES and second_value in SWITCH_ON_VALUES:
        return f"without {setting}", f"with {setting}"
    if first_value in SWITCH_ON_VALUES and second_value in SWITCH_OFF_VALUES:
        return f"with {setting}", f"without {setting}"
    return None


# An option on a command line, with its value: "--hipri=1", "-F", "--fixedbufs".
_OPTION_RE = re.compile(r"(?<!\S)--?[A-Za-z][\w.-]*(?:=\S+)?")


def options_added(first: str, second: str) -> str | None:
    """The options the second of two runs of one tool added to the first's command (the text over each
    run: "fio ... --iodepth=64" over one, the same with "--hipri=1" over the other): what the second run
    changes, so the first is its baseline. None when its command drops options, which says nothing so plain."""
    before, after = _OPTION_RE.findall(first), _OPTION_RE.findall(second)
    added = [option for option in after if option not in before]
    if not before or not added or not set(before) <= set(after):
        return None
    return " ".join(added)
