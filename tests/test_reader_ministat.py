"""ministat: data sets as rows in order (the first is the reference), differences and significance."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.analysis import analyze_body
from extractors.readers import ministat

DATA = Path(__file__).parent / "data" / "readers" / "ministat"


def grids(name: str):
    return ministat.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, span, labels, significant", [
    ("two.txt", (0, 12), ["old.txt", "new.txt", "new.txt difference", "new.txt difference %"],
     (None, True, True, True)),
    ("three.txt", (0, 10), ["old", "new", "newer", "newer difference", "newer difference %"],
     (None, False, True, True, True)),
    ("named_rows.txt", (0, 5), ["old", "new", "new difference", "new difference %"], (None, True, True, True)),
])
def test_rows_and_verdicts(name, span, labels, significant):
    (grid,) = grids(name)
    assert (grid.first_line, grid.last_line) == span
    assert [r.label for r in grid.rows] == labels
    assert grid.significant == significant
    assert grid.roles == ("ignore", "metric", "metric", "metric", "metric", "spread", "change", "change")


def test_statistics_and_differences():
    (grid,) = grids("two.txt")
    assert [c.value.value if c.value else None for c in grid.rows[1].cells] == [
        5, 43012, 46731, 44421, 44650.4, 1389.6681, None, None]
    difference, percent = grid.rows[2].cells[6].value, grid.rows[3].cells[7].value
    assert (difference.value, difference.spread_abs) == (3123.6, 1458.12)
    assert (percent.value, percent.unit, percent.spread_abs) == (7.52189, "%", 3.51128)


def test_a_mail_with_ministat_output_gives_its_table_and_its_difference():
    """As posted: the legend above the plot, the data sets by symbol ("+" rows are no patch lines), and
    the difference in percent as an inline result of its own."""
    body = "Ops per second, higher is better:\n\n" + (DATA / "two.txt").read_text()
    found = analyze_body(body)
    (table,) = [placed.item for placed in found.tables]
    avg = next(p for p in table.pairs if p.metric == "Avg")
    assert (avg.baseline, avg.patched, avg.verdict) == (41526.8, 44650.4, "better")
    (result,) = [placed.item for placed in found.results]
    assert (result.baseline, result.patched, result.delta_pct, result.verdict) == (None, None, 7.52189, "better")
    assert result.text == "7.52189% +/- 3.51128%"
