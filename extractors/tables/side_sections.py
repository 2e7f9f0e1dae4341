"""Runs printed under side headings, several under each ("Before:" over a perf stat run of one command
and one of another, "After:" over the same two): the i-th run under one heading is measured again as
the i-th under the next, so each position is one comparison, and all of them make one table whose
rows carry the words that tell the runs of a heading apart.
"""

from __future__ import annotations

import dataclasses

from extractors.tables.pairing import Found, Part, adds_to
from extractors.tables.siblings import caption_side, compare_siblings

_MIN_SECTIONS = 2
_MIN_RUNS = 2


def compare_sections(parts: list[Part], context: str) -> Found | None:
    """One table of the comparisons position by position, or None when the parts are not laid out as
    headings over the same number of runs, each position's runs named alike under every heading."""
    sides = [caption_side(part.caption) for part in parts]
    # under kernels' names every run of a heading carries it, and a banner the tool printed over a run may be
    # read as a grid of its own that compares nothing: such positions are passed over
    kernels = bool(sides) and not any(sides)
    sections = _kernel_sections(parts) if kernels else _sections(parts, sides)
    if sections is None:
        return None
    width = len(sections[0])
    # each position's run as its tool named it (a banner the heading's paragraph took in names none), or,
    # where no tool named any, by the labels of its rows
    named = [{part.grid.caption for part in column if part.grid.caption} for column in zip(*sections)]
    labelled = [{tuple(row.label for row in part.grid.rows) for part in column} for column in zip(*sections)]
    if any(len(names) != 1 for names in (named if any(named) else labelled)):
        return None  # the runs under each heading differ otherwise than by position, or are pieces of one
    own = [next(iter(names), "") for names in named]
    found: list[Found] = []
    for position in range(width):
        runs = [dataclasses.replace(section[position], caption=section[0].caption) for section in sections]
        results = [f for f in compare_siblings(runs, context) if f.pairs and (kernels or f.kind == "table")]
        if not results and kernels:
            continue
        if len(results) != 1:
            return None
        tag = _distinct_words(own, position)
        pairs = tuple(dataclasses.replace(p, label=f"{p.label} ({tag})") for p in results[0].pairs) if tag \
            else results[0].pairs
        found.append(dataclasses.replace(results[0], pairs=pairs))
    if len(found) < _MIN_RUNS:
        return None
    first = found[0]
    return dataclasses.replace(first, kind="table", first_line=min(f.first_line for f in found),
                               last_line=max(f.last_line for f in found),
                               grids=tuple(part for section in sections for part in section),
                               pairs=tuple(pair for f in found for pair in f.pairs))


def _sections(parts: list[Part], sides: list[str | None]) -> list[list[Part]] | None:
    """The parts grouped under the headings that name a side (`sides`, one per part), when every heading
    heads as many runs (two or more) and the runs under it name no side of their own."""
    if not sides or sides[0] is None:
        return None
    sections: list[list[Part]] = []
    for part, side in zip(parts, sides):
        if side is not None:
            sections.append([part])
        else:
            sections[-1].append(part)
    if not _balanced(sections):
        return None
    if len({caption_side(section[0].caption) for section in sections}) != len(sections):
        return None  # two headings of one side: runs of one kernel, not before and after
    return sections


def _kernel_sections(parts: list[Part]) -> list[list[Part]] | None:
    """The runs under two headings naming kernels, each run captioned by its heading, the second kernel
    the first with something added ("6.1-rc4" and "6.1-rc4-fix+"): the first is the baseline."""
    captions = list(dict.fromkeys(part.caption for part in parts))
    if len(captions) != 2 or not adds_to(captions[1], captions[0]):
        return None
    sections = [[part for part in parts if part.caption == caption] for caption in captions]
    return sections if _balanced(sections) and parts[:len(sections[0])] == sections[0] else None


def _balanced(sections: list[list[Part]]) -> bool:
    """Whether every heading heads as many runs, two or more (one run a heading is what the siblings
    compare by themselves)."""
    return len(sections) >= _MIN_SECTIONS and len({len(s) for s in sections}) == 1 and len(sections[0]) >= _MIN_RUNS


def _distinct_words(captions: list[str], position: int) -> str:
    """The words of one run's caption that the other runs' captions of its heading lack ("test_direct=1")."""
    def words(caption: str) -> list[str]:
        return [word.strip("'\"") for word in caption.split()]  # "'./bench --push'": the quotes close the command

    others = {word for i, caption in enumerate(captions) if i != position for word in words(caption)}
    return " ".join(word for word in words(captions[position]) if word not in others)
