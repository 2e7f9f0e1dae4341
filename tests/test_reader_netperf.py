"""netperf: stacked headers named over their columns, setup and result roles, remote lines, -o."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import netperf

DATA = Path(__file__).parent / "data" / "readers" / "netperf"


def grids(name: str):
    return netperf.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, header, roles, metric, unit", [
    ("stream.txt", ("Recv Socket Size bytes", "Send Socket Size bytes", "Send Message Size bytes",
                    "Elapsed Time secs.", "Throughput 10^6bits/sec"),
     ("config",) * 4 + ("metric",), "Throughput", "Mbit/s"),
    ("rr.txt", ("Socket Send bytes", "Size Recv Bytes", "Request Size bytes", "Resp. Size bytes",
                "Elapsed Time secs.", "Trans. Rate per sec"), ("config",) * 5 + ("metric",), "Trans. Rate", "tps"),
    ("udp_stream.txt", ("Socket Size bytes", "Message Size bytes", "Elapsed Time secs", "Messages Okay #",
                        "Errors #", "Throughput 10^6bits/sec"), ("config",) * 3 + ("metric",) * 3,
     "Throughput", None),  # the message counts are results without a unit
])
def test_classic_columns(name, header, roles, metric, unit):
    (grid,) = grids(name)
    assert (grid.header, grid.roles, grid.metric, grid.unit) == (header, roles, metric, unit)
    assert grid.caption.endswith(" TEST") and grid.benchmark == "netperf"


@pytest.mark.parametrize("name, label, values", [
    ("stream.txt", "local", [87380, 16384, 16384, 10.0, 9413.12]),
    ("rr.txt", "remote", [16384, 131072, None, None, None, None]),
    ("udp_stream.txt", "remote", [212992, None, 10.0, 123450, None, 6468.8]),
])
def test_result_lines(name, label, values):
    (row,) = [r for r in grids(name)[0].rows if r.label == label]
    assert [c.value.value if c.value else None for c in row.cells] == values


def test_omni_selectors_and_csv():
    omni, csv = grids("omni.txt")
    assert omni.header[1] == "90th Percentile Latency Microseconds"
    assert [c.value.value for c in omni.rows[0].cells] == [45, 67, 89, 12345.67]
    assert [(r.label, r.cells[0].value.value) for r in csv.rows] == [("Throughput", 9413.12)]
