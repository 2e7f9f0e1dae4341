"""pktgen: a grid per Result line with the rates line under it, captioned by its device."""

from __future__ import annotations

from pathlib import Path

from extractors.readers import pktgen

DATA = Path(__file__).parent / "data" / "readers" / "pktgen"


def test_results_per_device():
    found = pktgen.parse((DATA / "result.txt").read_text().split("\n"))
    assert [(g.caption, g.first_line, g.last_line) for g in found] == [("eth0@0", 2, 4), ("eth0@1", 5, 7)]
    assert [(r.label, r.cells[0].value.value) for r in found[0].rows] == [
        ("duration", 12310), ("packets", 10000000), ("pps", 812345), ("Mb/sec", 389), ("bps", 389925600),
        ("errors", 0)]
