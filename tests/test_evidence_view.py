"""The evidence page's own arithmetic and formatting: axis limits, Δ% and number cells, the strip chart."""

from __future__ import annotations

import pytest

from web.plugins import evidence_view


@pytest.mark.parametrize("deltas, expected", [
    ([], 1), ([0.4, -0.9], 1), ([1.5], 2), ([-3.0, 2.0], 5), ([9.3], 10), ([-49.0], 50), ([120.0], 100),
])
def test_axis_limit(deltas, expected):
    assert evidence_view.axis_limit(deltas) == expected


@pytest.mark.parametrize("value, expected", [(2.87, "+2.87%"), (-6.5432, "-6.54%"), (0.0, "+0.00%"), (None, "–")])
def test_format_delta(value, expected):
    assert evidence_view.format_delta(value) == expected


@pytest.mark.parametrize("value, expected", [
    (41230.0, "41230"), (0.412, "0.412"), (861.5664, "861.5664"), (5224140.0, "5224140"), (3.2e12, "3200000000000"),
    (-12.5, "-12.5"), (None, "–"),
])
def test_format_number(value, expected):
    assert evidence_view.format_number(value) == expected


def test_strip_chart_clips_outliers_to_the_axis():
    groups = [{"name": "fio", "rows": [{"delta_pct": 4.0, "verdict": "better", "label": "a", "metric": None},
                                       {"delta_pct": -400.0, "verdict": "worse", "label": "b", "metric": None}]}]
    chart = evidence_view.strip_chart(groups)
    dots = chart["rows"][0]["dots"]
    assert chart["limit"] == 100
    assert [dot["clipped"] for dot in dots] == [False, True]
    assert chart["plot_left"] < dots[1]["x"] < dots[0]["x"] < chart["plot_right"]
