"""Property tests: no text makes the evidence finders raise, and their output stays bounded by the input.

The finders run on every message of millions, so random text, random table-like lines and large inputs
must all come back with well-formed records. How long they take is measured in
benchmarks/bench_extractors.py, not asserted here.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extractors.analysis import analyze_body
from extractors.blocks import split_blocks
from extractors.model import BenchmarkTable, InlineResult

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces that real tables are made of, so that random lines often look like rows, headers and borders.
_CELLS = st.sampled_from([
    "1", "17", "-3.5", "5,224.14", "0.051.085224.14", "19%", "-59.21%", "233us", "4m35.973s", "05:27.00",
    "2.331e+09", "(   0.00%)", "*  -0.86%*", "\u00b1 18%", "\u00c2\u00b1 3%", "+/-", "|", "+-----+", "-----",
    "=====", "base", "%stdev", "patched", "%improvement", "w/o", "w/", "Hmean", "faults/cpu-4", "Max",
    "Jobs per Minute", "real", "Score:", "avg:", "\u00a0", "\t", "from", "to", "dropped", "overhead",
    "was about", "respectively", "without:", "with:", "Before:", "After:", "0x1f", "#####", ".", ":", "~",
])
_LINE = st.lists(_CELLS, max_size=10).map(" ".join)
_TABLE_LIKE = st.lists(_LINE, min_size=1, max_size=60).map("\n".join)
_ANY_TEXT = st.text(max_size=3000)


def check(text: str) -> None:
    """Every finding is well formed and placed inside the text; the blocks cover every line once."""
    lines = text.split("\n")
    blocks = split_blocks(text)
    assert sum(len(block.lines) for block in blocks) == len(lines)
    found = analyze_body(text)
    assert len(found.tables) <= len(lines)
    for placed in found.tables:
        table = placed.item
        assert isinstance(table, BenchmarkTable)
        assert 0 <= placed.first_line <= placed.last_line < len(lines)
        assert len(table.rows) <= placed.last_line - placed.first_line + 1
        assert table.higher_is_better in (True, False, None)
        for pair in table.pairs:
            assert pair.verdict in ("better", "worse", "noise", "unknown")
            assert math.isfinite(pair.baseline) and math.isfinite(pair.patched)
    assert len(found.results) <= 10 * len(lines) + len(text) // 20
    for placed in found.results:
        result = placed.item
        assert isinstance(result, InlineResult)
        assert 0 <= placed.first_line < len(lines)
        assert result.verdict in ("better", "worse", "noise", "unknown")
        assert result.delta_pct is None or math.isfinite(result.delta_pct)


@SETTINGS
@given(_ANY_TEXT)
def test_random_text_never_raises(text):
    check(text)


@SETTINGS
@given(_TABLE_LIKE)
def test_random_table_like_lines_never_raise(text):
    check(text)


@SETTINGS
@given(_TABLE_LIKE, _TABLE_LIKE)
def test_quoted_and_nested_text_never_raises(first, second):
    text = first + "\n\n" + "\n".join("> " + line for line in second.split("\n"))
    check(text)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_megabyte_of_table_like_lines_gives_bounded_output(seed):
    rnd = random.Random(seed)
    pieces = ["1", "2.50", "(  0.00%)", "*  1.5%*", "\u00b1 3%", "|", "foo", "Max", "from", "to", "12.341.56"]
    lines = []
    size = 0
    while size < 1_000_000:
        line = "  ".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 8)))
        lines.append(line)
        size += len(line) + 1
    text = "\n".join(lines)
    check(text)


def test_pathological_lines_are_bounded():
    for text in ("1 " * 200_000, "1.1." * 100_000, "| 1 " * 100_000, "from 1 to " * 50_000, "9" * 500_000,
                 "1 2\n" * 50_000):
        check(text)
