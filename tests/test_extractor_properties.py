"""Property tests: no text makes the block splitter or the table stage raise, and their output stays
bounded by the input.

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

from extractors.blocks import run_blocks, split_blocks
from extractors.model import BenchmarkTable, InlineResult
from extractors.quotes import split_quotes
from extractors.tables import find_tables

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
    """Every table and table-made result is well formed and placed inside the text; the blocks cover
    every line once. (The prose finders have property tests of their own.)"""
    lines = text.split("\n")
    blocks = split_blocks(text)
    assert sum(len(block.lines) for block in blocks) == len(lines)
    for quote_block in split_quotes(text):
        if quote_block.kind != "text":
            continue
        tables, results, _ = find_tables(quote_block.text, run_blocks(quote_block), quote_block.first_line)
        assert len(tables) <= len(quote_block.lines)
        for table in tables:
            assert isinstance(table, BenchmarkTable)
            assert 0 <= table.start <= table.end <= len(quote_block.text)
            assert table.text == quote_block.text[table.start:table.end]
            assert table.higher_is_better in (True, False, None)
            for pair in table.pairs:
                assert pair.verdict in ("better", "worse", "noise", "unknown")
                assert math.isfinite(pair.baseline) and math.isfinite(pair.patched)
        for result in results:
            assert isinstance(result, InlineResult)
            assert 0 <= result.start <= result.end <= len(quote_block.text)
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


def test_the_text_cache_keeps_no_long_text():
    from extractors.memo import MAX_CHARS, text_cache

    calls = []

    @text_cache(4)
    def measure(text: str, lead: str | None = None, flag: bool = False) -> int:
        calls.append(text)
        return len(text) + len(lead or "")

    short, long = "x" * 10, "y" * (MAX_CHARS + 1)
    assert [measure(short), measure(short), measure(long), measure(long)] == [10, 10, MAX_CHARS + 1, MAX_CHARS + 1]
    assert calls == [short, long, long]  # the short text is worked out once, the long one every time
    calls.clear()
    assert [measure(short, long, True), measure(short, long, True)] == [MAX_CHARS + 11] * 2
    assert calls == [short, short]  # a long argument beside a short text is not kept either
