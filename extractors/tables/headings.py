"""The headings that part a mail into one section per side, and the side each names.

A heading is framed ("------- Without patch -------", "=== with the series ===", `regions.section_titles`)
or underlined (a kernel's name over a rule of "="). It names its side in words ("without", "patched"), or,
where no heading does, by the kernel it names: of two headings naming a release and that release with a
local version added ("v6.1" and "v6.1-fix+"), the plain release is what the other one changed.
"""

from __future__ import annotations

from typing import Sequence

from extractors.model import Block
from extractors.tables.pairing import adds_to
from extractors.tables.regions import Region, section_titles
from extractors.tables.siblings import caption_side


def side_headings(blocks: Sequence[Block], regions: list[Region], run_first_line: int) -> list[tuple[str, str] | None]:
    """(heading, side) of each region's section when the heading names a side, else None."""
    titles = section_titles(blocks, regions, run_first_line)
    sides = {title: caption_side(title) for title in set(filter(None, titles))}
    if len(sides) == 2 and not any(sides.values()):
        plain, built = sorted(sides, key=len)
        if adds_to(built, plain):
            sides = {plain: "baseline", built: "patched"}
    return [(title, side) if title and (side := sides.get(title)) else None for title in titles]
