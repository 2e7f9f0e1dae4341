"""Machine and setup descriptions: the lines of a message that say what the numbers ran on ("2-socket
64-core machine", "test machine: 104 threads 2 sockets Intel(R) Xeon(R) ... with 192G memory", a list of
"CPU: ...", "Memory: 256G", "Kernel: 6.1" lines), so that a report can quote the setup beside each table.

A description is a run of adjacent lines that each name hardware counts, an amount of memory, a
processor family or "bare metal", or start with a setup key ("CPU:", "Test machine:", "Kernel:");
words come from `extractors.vocab.machine`. Quoted lines count with their prefixes removed (a reply
quoting the numbers quotes their setup too); the diff of a patch mail is left out, as it is for every
extractor. `machine_for` picks the description that belongs to numbers starting on a given line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import groupby

from extractors.quotes import DIFF_START_RE
from extractors.vocab.machine import (BARE_METAL_WORDS, CPU_FAMILIES, HARDWARE_COUNT_WORDS, MACHINE_WORDS,
                                      MEMORY_WORDS)

_MAX_LINE_CHARS = 160  # a description line is short; longer lines are prose that mentions a machine
_MAX_RUN_LINES = 6


def _alternatives(words: tuple[str, ...]) -> str:
    return "|".join(sorted((re.escape(w).replace(r"\ ", r"[ -]?") for w in words), key=len, reverse=True))


# "64-core", "2 sockets", "8 vCPUs", "4-way"; "192G memory", "256 GB of RAM"; "Xeon", "Skylake"; "bare metal".
_HARDWARE_RE = re.compile(
    rf"\b\d+[- ]?(?:{_alternatives(HARDWARE_COUNT_WORDS)})\b"
    rf"|\b\d+\s*[GT]i?B?\s*(?:of\s+)?(?:{_alternatives(MEMORY_WORDS)})\b"
    rf"|\b(?:{_alternatives(CPU_FAMILIES)})\b|\b(?:{_alternatives(BARE_METAL_WORDS)})\b", re.I)
# "CPU: ...", "Test machine: ...", "Host kernel: ...": up to two words before a setup word, then a value.
_SETUP_KEY_RE = re.compile(rf"^\s*(?:[A-Za-z]+\s+){{0,2}}(?:{_alternatives(MACHINE_WORDS)})(?:\(s\))?\s*:\s*\S",
                           re.I)
_QUOTE_PREFIX_RE = re.compile(r"^(?:[ \t]{0,2}>)+[ \t]?")


@dataclass(frozen=True)
class MachineDescription:
    """A run of lines stating a machine or setup. `first_line`/`last_line` are 0-based lines of the text
    given, `start`/`end` character offsets of the run, `text` its lines (stripped, quote prefixes
    removed) joined by "; "."""

    start: int
    end: int
    first_line: int
    last_line: int
    text: str
    quoted: bool


def _describes_machine(line: str) -> bool:
    return len(line) <= _MAX_LINE_CHARS and bool(_HARDWARE_RE.search(line) or _SETUP_KEY_RE.match(line))


def find_machine_descriptions(text: str) -> tuple[MachineDescription, ...]:
    """Every machine or setup description in a message body, in order. A run is one author's: it ends
    where quotation starts or stops. Never raises on content."""
    diff = DIFF_START_RE.search(text)
    lines = (text[:diff.start()] if diff else text).split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    bare = [_QUOTE_PREFIX_RE.sub("", line) for line in lines]
    kinds = [(_describes_machine(b.strip()), b != line) for b, line in zip(bare, lines)]
    found: list[MachineDescription] = []
    number = 0
    for (is_machine, quoted), group in groupby(kinds):
        size = len(list(group))
        for first in range(number, number + size, _MAX_RUN_LINES) if is_machine else ():
            last = min(first + _MAX_RUN_LINES, number + size) - 1
            found.append(MachineDescription(offsets[first], offsets[last] + len(lines[last]), first, last,
                                            "; ".join(b.strip() for b in bare[first:last + 1]), quoted))
        number += size
    return tuple(found)


def machine_for(descriptions: tuple[MachineDescription, ...], first_line: int) -> MachineDescription | None:
    """The description that belongs to numbers starting on `first_line`: the nearest one starting at or
    above it, else the first one below; None when the message states none."""
    above = [d for d in descriptions if d.first_line <= first_line]
    if above:
        return above[-1]
    return descriptions[0] if descriptions else None
