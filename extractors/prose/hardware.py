"""Whether a comparative describes the hardware a run used ("only run on the faster box", "a faster NVMe
disk", "the slower raid6 spinning disks") rather than what a change did, and whether a figure counts or
rates hardware ("32 entries", "a 50 Gbps NIC"). Pure functions of a sentence's words, used by the sentence
classifier (`extractors.prose.classify`) and the inline results (`extractors.results`).
"""

from __future__ import annotations

from typing import Sequence

from extractors.vocab.machine import HARDWARE_NOUNS
from extractors.vocab.performance import HARDWARE_WORDS, SPEC_WORDS

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


# Words that lead to the setup a figure was measured with ("240 MB/s with an SSD", "40 us on a NVMe drive"):
# hardware named after them is where the figure was taken, not what it counts.
_SETUP_LEADS = frozenset({"with", "on", "using", "under"})


def counts_hardware(words: Sequence[str], index: int) -> bool:
    """Whether the figure at word `index` counts or rates hardware ("16 -> 32 entries", "a 50 Gbps NIC"), read
    from the two words after it up to a word leading to its setup."""
    for word in words[index + 1:index + 3]:
        if word in _SETUP_LEADS:
            return False
        if word in HARDWARE_WORDS or word in SPEC_WORDS:
            return True
    return False
