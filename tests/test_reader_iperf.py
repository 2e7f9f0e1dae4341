"""iperf2/iperf3: interval and summary grids per test; stream ids and datagram fractions are no values."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import iperf

DATA = Path(__file__).parent / "data" / "readers" / "iperf"


def grids(name: str):
    return iperf.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, headers", [
    ("iperf3_tcp.txt", [(3, 5), (6, 9), (15, 15), (16, 19)],
     [("Transfer", "Bitrate", "Retr", "Cwnd"), ("Transfer", "Bitrate", "Retr")] * 2),
    ("iperf3_udp_parallel.txt", [(1, 3), (4, 8)],
     [("Transfer", "Bandwidth", "Total Datagrams"), ("Transfer", "Bandwidth", "Jitter", "Lost %")]),
    ("iperf2.txt", [(6, 8)], [("Transfer", "Bandwidth")]),
])
def test_grids(name, spans, headers):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert [g.header for g in found] == headers


@pytest.mark.parametrize("name, grid, label, texts", [
    ("iperf3_tcp.txt", 0, "5 1.00-2.00", ["1.09 GBytes", "9.38 Gbits/sec", "3", "1.10 MBytes"]),
    ("iperf3_tcp.txt", 1, "5 sender", ["3.26 GBytes", "9.35 Gbits/sec", "3"]),
    ("iperf3_tcp.txt", 1, "5 receiver", ["3.26 GBytes", "9.22 Gbits/sec", ""]),  # no retransmits column
    ("iperf3_udp_parallel.txt", 1, "SUM 0.00-1.00", ["256 KBytes", "2.10 Mbits/sec", "0.018 ms", "3.1%"]),
    ("iperf2.txt", 0, "SUM 0.0-10.0", ["21.7 GBytes", "18.7 Gbits/sec"]),
])
def test_rows(name, grid, label, texts):
    (row,) = [r for r in grids(name)[grid].rows if r.label == label]
    assert [c.text for c in row.cells] == texts


def test_bitrate_value_and_unit():
    cell = grids("iperf3_tcp.txt")[1].rows[0].cells[1]
    assert (cell.value.value, cell.value.unit) == (9.35, "Gbits/sec")
