"""Whether a comparative describes the hardware a run used ("only run on the faster box", "a faster NVMe
disk", "the slower raid6 spinning disks") rather than what a change did. A pure function of a sentence's
words, used by the sentence classifier (`extractors.prose.classify`).
"""

from __future__ import annotations

from typing import Sequence

from extractors.vocab.machine import HARDWARE_NOUNS

# How many words may name the kind of a piece of hardware between a comparative and it: "a faster NVMe disk".
_MODIFIERS = 2
# Words that end the noun phrase after a comparative before any hardware is named.
_PHRASE_ENDS = frozenset({"than", "and", "or", "but", "with", "without", "on", "in", "for", "to", "of", "is", "are",
                          "was", "were", "the", "a", "an", "this", "that", "by"})


def names_hardware(words: Sequence[str]) -> bool:
    """Whether the words right after a comparative name a piece of hardware, at most `_MODIFIERS` names of
    its kind before it ("box", "NVMe disk", "SATA SSDs"): the comparative then says which one was used."""
    for word in words[:_MODIFIERS + 1]:
        if word in HARDWARE_NOUNS:
            return True
        if not word.isalnum() or word in _PHRASE_ENDS:
            return False
    return False
