"""Every reader against every fixture: its own are detected and read into well-formed grids, no other
tool's output and no kernel log, listing or statistics dump is taken for a tool's output, and random
text never makes a reader raise or run long."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extractors.model import COLUMN_ROLES, Cell, Grid
from extractors.readers import READERS, read_tool_output

DATA = Path(__file__).parent / "data" / "readers"
TOOL_FIXTURES = sorted(p for p in DATA.glob("*/*.txt") if p.parent.name != "not_tool_output")
NEGATIVES = sorted(DATA.glob("not_tool_output/*.txt"))


def _module(path: Path):
    return importlib.import_module(f"extractors.readers.{path.parent.name}")


def _lines(path: Path) -> list[str]:
    return path.read_text().split("\n")


def check_grid(grid: Grid, lines: list[str], name: str) -> None:
    assert isinstance(grid, Grid)
    assert grid.reader == name
    assert 0 <= grid.first_line <= grid.last_line < len(lines)
    assert grid.roles == () or len(grid.roles) == len(grid.header)
    assert all(role in COLUMN_ROLES for role in grid.roles)
    assert grid.significant == () or len(grid.significant) == len(grid.rows)
    for row in grid.rows:
        assert grid.first_line <= row.line <= grid.last_line
        assert len(row.cells) == len(grid.header), (row, grid.header)  # a cell per column, maybe empty
        assert all(isinstance(cell, Cell) for cell in row.cells)
        for cell in row.cells:
            assert lines[row.line][cell.start:cell.end] == cell.text


def test_every_reader_is_registered_once():
    names = [reader.NAME for reader in READERS]
    assert len(names) == len(set(names))
    modules = {p.parent.name for p in TOOL_FIXTURES}
    assert modules <= {reader.__name__.rsplit(".", 1)[1] for reader in READERS}


@pytest.mark.parametrize("path", TOOL_FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture_is_detected_and_read_by_its_reader(path):
    module = _module(path)
    lines = _lines(path)
    grids = module.parse(lines)
    if path.name.startswith("not_"):
        assert not module.detect(lines)
        assert grids == []
        return
    assert module.detect(lines)
    assert grids
    for grid in grids:
        check_grid(grid, lines, module.NAME)
    spans = sorted((g.first_line, g.last_line) for g in grids)
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:])), "a reader's grids never overlap"


@pytest.mark.parametrize("path", NEGATIVES, ids=lambda p: p.name)
def test_no_reader_takes_logs_listings_or_statistics(path):
    lines = _lines(path)
    assert [reader.NAME for reader in READERS if reader.detect(lines)] == []
    assert read_tool_output(lines) == []


@pytest.mark.parametrize("path", TOOL_FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_registry_gives_the_fixture_to_its_own_reader(path):
    """Each fixture is one tool's output: through the registry its grids come from that tool's reader."""
    if path.name.startswith("not_"):
        return
    readers = {g.reader for g in read_tool_output(_lines(path))}
    assert readers == {_module(path).NAME}


# Pieces of tool output, so that random lines often come close to what the readers look for.
_PIECES = st.sampled_from([
    "1,234", "12.3k", "0.315", "+-", "( +-  0.30% )", "(83.31%)", "#", "msec", "cycles", "task-clock",
    "seconds time elapsed", "Performance counter stats for 'x':", "IOPS=", "BW=", "read:", "clat", "(usec):",
    "min=", "max=", "avg=", "stdev=", "|", "1.00th=[", "]", ",", "Run status group 0 (all jobs):", "±",
    "%stddev", "%change", "\\", "Hmean", "(   0.00%)", "*", "%*", "Time:", "Running in", "mode", "T:", "P:",
    "Min:", "Avg:", "Max:", "50.0th:", "samples)", "[  5]", "sec", "Gbits/sec", "sender", "receiver",
    "stress-ng:", "info:", "[1234]", "bogo", "ops", "x", "+", "N", "Difference", "Throughput", "MB/sec",
    "transactions:", "per sec.)", "real", "user", "sys", "0m1.234s", "Benchmark 1:", "Time (mean ± σ):",
    "-", "Avg_MHz", "Busy%", "PkgWatt", "testcase:", "min:", "total:", "tps =", "requests per second",
    "\t", "   ", "", "[  446.290011]", "RIP: 0010:foo+0x19/0x30", "=", ";", "3;fio-3.1;job;0;0",
])
_LINES = st.lists(st.lists(_PIECES, max_size=12).map(" ".join), max_size=40)
_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("reader", READERS, ids=lambda r: r.NAME)
@_SETTINGS
@given(lines=st.one_of(_LINES, st.text(max_size=2000).map(lambda t: t.split("\n"))))
def test_random_text_never_raises(reader, lines):
    if reader.detect(lines):
        for grid in reader.parse(lines):
            check_grid(grid, lines, reader.NAME)
    else:
        reader.parse(lines)


_FIXTURE_LINES = [line for path in TOOL_FIXTURES for line in _lines(path)]


def _mutated(line: str, how: int, other: str) -> str:
    """A fixture line cut short, run together, joined to another, indented or with a digit replaced."""
    return (line[: len(line) // 2], line.replace(" ", "", 1), f"{line} {other}", "\t" + line,
            line.replace("1", "x", 1), line)[how]


@_SETTINGS
@given(picks=st.lists(st.tuples(st.integers(0, len(_FIXTURE_LINES) - 1), st.integers(0, 5),
                                st.integers(0, len(_FIXTURE_LINES) - 1)), max_size=40))
def test_tool_lines_cut_mixed_and_mangled_never_break_a_reader(picks):
    lines = [_mutated(_FIXTURE_LINES[a], how, _FIXTURE_LINES[b]) for a, how, b in picks]
    for reader in READERS:
        for grid in reader.parse(lines):
            check_grid(grid, lines, reader.NAME)
    read_tool_output(lines)


def test_importing_the_readers_pulls_in_no_heavy_library():
    code = ("import sys, extractors.readers; "
            "print(sorted({'spacy', 'httpx', 'sqlite_utils'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
