"""Numbers as benchmark output prints them."""

from __future__ import annotations

import pytest

from extractors.numbers import (as_decimal_comma, common_precision, decimal_comma_texts, figure_then_unit, parse_range,
                               parse_value, printed_change, split_glued)
from extractors.vocab.units import lookup_unit


@pytest.mark.parametrize(
    ("cell", "value", "unit"),
    [
        ("5,224.14", 5224.14, None),
        ("0,748", 0.748, None),  # a decimal comma
        ("12,289", 12289.0, None),  # a thousands separator
        ("2.331e+09", 2.331e9, None),
        ("-59.21%", -59.21, "%"),
        ("233us", 233.0, "us"),
        ("3662.1 lps", 3662.1, "lps"),
        ("125.88M", 125.88e6, None),
        ("2.03M", 2030000.0, None),  # exactly as printed, without a binary float's tail
        ("970k IOPs", 970000.0, "IOPs"),  # a scale letter, then the unit
        ("3k req/s", 3000.0, "req/s"),
        ("~40K/s", 40000.0, "/s"),
        ("4m35.973s", 275.973, "s"),
        ("05:27.00", 327.0, "s"),
        ("\u22123.5", -3.5, None),
        ("1700-1800", 1750.0, None),
        ("1.5x", 1.5, "x"),
        ("(-2.1%)", -2.1, "%"),
        ("61.46GiB/s", 61.46, "GiB/s"),
        ("42.2 MIOPS", 42.2, "MIOPS"),  # million IOPS, as t/io_uring users round it
        ("15.5 percent", 15.5, "%"),  # a percentage spelled out is a percentage
        ("3X", 3.0, "x"), ("2 fold", 2.0, "x"), ("2.5-fold", 2.5, "x"),  # a ratio however it is spelled
        ("<35 ns", 35.0, "ns"),  # a bound printed in a cell: the bound's figure
        (">= 1.2M", 1.2e6, None),
        ("(R) -7.31%", -7.31, "%"),  # a significance flag before the figure
        ("(I) 4.2%", 4.2, "%"),
    ],
)
def test_parse_value(cell, value, unit):
    parsed = parse_value(cell)
    assert parsed is not None and parsed.value == pytest.approx(value) and parsed.unit == unit
    assert parsed.text == cell


@pytest.mark.parametrize(
    ("cell", "spread_abs", "spread_pct"),
    [("1022268 \u00b1 2%", None, 2.0), ("1.23 +- 0.01", 0.01, None), ("852.2 (+/-4,6%)", None, 4.6),
     ("34.80 \u00b1105%", None, 105.0)],
)
def test_parse_value_keeps_the_spread(cell, spread_abs, spread_pct):
    parsed = parse_value(cell)
    assert (parsed.spread_abs, parsed.spread_pct) == (spread_abs, spread_pct)


@pytest.mark.parametrize("cell", ["->50", "0x1f", "10.0.0.5", "5.10.0", "2024-01-02", "32/31", "2nd", "v6.1", "[100]",
                                  "-", "abc", "", "*99.0th", "1915e", "7ffd"])
def test_what_is_not_a_number(cell):
    assert parse_value(cell) is None


def test_parse_range():
    assert parse_range("~2.2K-8.7K") == (2200.0, 8700.0, None)
    assert parse_range("10%-23%") == (10.0, 23.0, "%")
    assert parse_range("1800-1700") is None
    # a scale printed once covers both ends; a letter that begins the unit is no scale
    assert parse_range("98-100K") == (98000.0, 100000.0, None)
    assert parse_range("6-6.1GB/sec") == (6.0, 6.1, "GB/sec")


@pytest.mark.parametrize(
    ("token", "tokens", "expected"),
    [
        ("0.051.085224.14", ["1.16", "0.00", "5.55"], ["0.05", "1.08", "5224.14"]),
        ("0.051.085", ["1.16", "0.00"], ["0.05", "1.08", "5"]),  # an integer column glued at the end
        ("5224.14", ["1.16", "0.00"], None),  # not glued
        ("0.051.08", [], None),  # no precision known
    ],
)
def test_split_glued(token, tokens, expected):
    assert split_glued(token, common_precision(tokens)) == expected


@pytest.mark.parametrize(("text", "change"), [
    ("5269678 (+3%)", 3.0), ("412 (\u22121.5%)", -1.5), ("852 (+4,6%)", 4.6), ("7 ( -2.5 % ),", -2.5),
    ("12 (15%)", None),  # a share without a sign is no change
    ("(+3%)x", None),
])
def test_a_change_printed_in_brackets(text, change):
    assert printed_change(text) == change


@pytest.mark.parametrize(("printed", "unit", "dimension"), [
    ("GB/sec", "GB/s", "bandwidth"),  # bytes, however the second is spelled
    ("MiB/sec", "MiB/s", "bandwidth"),
    ("Gbits/sec", "Gbit/s", "bandwidth"),  # bits, as iperf prints them
    ("usec", "us", "time"),
    # a time or cycles spent per operation of a benchmark's loop is a cost, measured as time or cycles are
    ("nsec/call", "ns/call", "time"),
    ("ns/ops", "ns/op", "time"),
    ("cycles/iter", "cycles/iter", "cycles"),
])
def test_units_are_read_by_their_own_spelling(printed, unit, dimension):
    found = lookup_unit(printed)
    assert (found.name, found.dimension) == (unit, dimension)


@pytest.mark.parametrize("printed", ["ms/s", "min/max", "s/he", "ns/foo"])
def test_a_slash_between_words_is_no_cost_per_operation(printed):
    # a time per second is a share of time; "min/max" names two statistics; an unknown thing is no operation
    assert lookup_unit(printed) is None


@pytest.mark.parametrize("line, unit, value", [
    ("2.8014 uSec/loop", "uSec/loop", 2.8014),
    ("  61.2 MB/s (3.5% faster)", "MB/s", 61.2),
    ("114.4 watts, 0.18% more", "watts", 114.4),
])
def test_a_figure_then_its_unit(line, unit, value):
    match, found = figure_then_unit(line)
    assert (match.group("unit"), found.value) == (unit, value)


@pytest.mark.parametrize("line", ["64 CPUs", "3 patches", "188 MB/s.", "5 ms later we retried", "Total: 5 ms"])
def test_not_a_figure_then_its_unit(line):
    assert figure_then_unit(line) is None


@pytest.mark.parametrize("texts, decimal", [
    (["1,315", "0,15 %"], True),  # "0,15" can only be a decimal comma: so is the comma of "1,315"
    (["26311,000", "1,344"], True),  # five digits before a comma are no thousands group
    (["1,315", "2,500"], False),  # thousands or decimals: nothing says, the usual reading stays
    (["5,224.14", "0,15"], False),  # a thousands separator beside a decimal point: not that locale
    (["1,234,567", "12,5"], False),
])
def test_one_table_prints_one_locale(texts, decimal):
    assert decimal_comma_texts(texts) is decimal


def test_as_decimal_comma_keeps_the_printed_text():
    value = as_decimal_comma("-0,78 %")
    assert (value.value, value.unit, value.text, value.signed) == (-0.78, "%", "-0,78 %", True)
