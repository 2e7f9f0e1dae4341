"""sysbench: result sections as labelled rows (options are not read), rates and spreads, intervals."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.readers import sysbench

DATA = Path(__file__).parent / "data" / "readers" / "sysbench"


def grids(name: str):
    return sysbench.parse((DATA / name).read_text().split("\n"))


def value(name: str, label: str):
    (found,) = [c.value for g in grids(name) for r in g.rows if r.label == label for c in r.cells]
    return found


@pytest.mark.parametrize("name, spans", [
    ("cpu.txt", [(0, 29)]), ("oltp.txt", [(0, 1), (2, 22)]), ("memory_fileio.txt", [(0, 11)]),
])
def test_runs(name, spans):
    assert [(g.first_line, g.last_line) for g in grids(name)] == spans


@pytest.mark.parametrize("name, label, number, unit, spread", [
    ("cpu.txt", "events per second", 4567.89, None, None),
    ("cpu.txt", "total time", 10.0002, "s", None),
    ("cpu.txt", "Latency 95th percentile", 0.90, "ms", None),
    ("cpu.txt", "events (avg/stddev)", 11420.75, None, 12.34),
    ("oltp.txt", "queries performed read", 1234562, None, None),
    ("oltp.txt", "transactions", 88183, None, None),
    ("oltp.txt", "transactions per sec.", 1469.62, "/s", None),
    ("oltp.txt", "Latency avg", 5.44, "ms", None),
    ("memory_fileio.txt", "Total operations per second", 10485123.45, "/s", None),
    ("memory_fileio.txt", "transferred per second", 10239.37, "MiB/sec", None),
    ("memory_fileio.txt", "fsyncs/s", 2634.45, None, None),
    ("memory_fileio.txt", "written, MiB/s", 12.86, None, None),
])
def test_values(name, label, number, unit, spread):
    found = value(name, label)
    assert (found.value, found.unit, found.spread_abs) == (pytest.approx(number), unit, spread)


def test_options_are_not_rows():
    labels = {r.label for g in grids("cpu.txt") for r in g.rows}
    assert not {"Number of threads", "Prime numbers limit"} & labels


def test_interval_lines():
    samples = grids("oltp.txt")[0]
    assert samples.header == ("thds", "tps", "qps", "lat (ms,95%)", "err/s", "reconn/s")
    assert [r.label for r in samples.rows] == ["10s", "20s"]
    assert samples.rows[1].cells[1].value.value == 1471.30
