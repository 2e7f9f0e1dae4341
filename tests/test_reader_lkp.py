"""Kernel test robot reports: the comparison table's roles and cells, the headline, quoted rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.analysis import analyze_body
from extractors.readers import lkp

DATA = Path(__file__).parent / "data" / "readers" / "lkp"


def grids(name: str):
    return lkp.parse((DATA / name).read_text().split("\n"))


@pytest.mark.parametrize("name, spans, roles", [
    ("report.txt", [(2, 2), (26, 38)], [("change",), ("baseline", "change", "patched")]),
    ("three_commits_mojibake.txt", [(0, 0), (4, 9), (11, 16)],
     [("change",), ("baseline", "change", "patched", "change", "patched"), ("baseline", "change", "patched")]),
    ("quoted_rows.txt", [(1, 2)], [("baseline", "change", "patched")]),
])
def test_headline_and_table_grids(name, spans, roles):
    found = grids(name)
    assert [(g.first_line, g.last_line) for g in found] == spans
    assert [g.roles for g in found] == roles


def test_table_header_names_the_commits_and_the_report_names_the_benchmark():
    table = grids("report.txt")[1]
    assert table.header == ("aaaaaaaaaa1234ab", "%change", "bbbbbbbbbb1234abcdef12345678")
    assert (table.benchmark, table.metric) == ("fakebench", "fakebench.ops_per_sec")
    assert table.caption.startswith("gcc-12/performance/")


@pytest.mark.parametrize("name, label, expected", [
    ("report.txt", "fakebench.ops_per_sec", [(400000, 2.0, False, None), (-12.5, None, True, "%"),
                                             (350000, 3.0, False, None)]),
    ("report.txt", "perf-stat.i.instructions", [(1.234e9, None, False, None), (8.0, None, True, "%"),
                                                (1.333e9, None, False, None)]),
    # a percentage metric: values in %, the change an absolute difference in points
    ("report.txt", "mpstat.cpu.all.iowait%", [(6.77, 2.0, False, "%"), (-5.2, None, True, None),
                                              (1.52, 4.0, False, "%")]),
    ("report.txt", "perf-profile.self.cycles-pp.do_thing", [(2.5, 10.0, False, None), (0.5, None, True, None),
                                                            (3.0, 5.0, False, None)]),
    ("report.txt", "numa-meminfo.node0.Unevictable", [(0.0, None, False, None), (100.0, None, True, "%"),
                                                      (0.26, 103.0, False, None)]),
    # a "±" that did not decode
    ("three_commits_mojibake.txt", "proc-vmstat.numa_hint_faults", [(41207, 31.0, False, None),
                                                                    (-47.2, None, True, "%"), (21756, 36.0, False, None)]),
    ("three_commits_mojibake.txt", "fakebench.throughput",
     [(10000, 3.0, False, None), (23.1, None, True, "%"), (12310, 2.0, False, None), (25.0, None, True, "%"),
      (12500, None, False, None)]),
])
def test_row_cells(name, label, expected):
    (row,) = [r for g in grids(name) if g.roles[0] == "baseline" for r in g.rows if r.label == label]
    got = [(c.value.value, c.value.spread_pct, c.value.signed, c.value.unit) for c in row.cells]
    assert got == [(pytest.approx(v), s, signed, u) for v, s, signed, u in expected]


def test_boot_error_counts_are_not_rows():
    labels = [r.label for g in grids("report.txt") for r in g.rows]
    assert not any(label.startswith("dmesg.") for label in labels)


@pytest.mark.parametrize("line, change, metric, higher", [
    ("kernel test robot noticed a -5.3% regression of stress-ng.fork.ops_per_sec on:", -5.3,
     "stress-ng.fork.ops_per_sec", True),
    ("kernel test robot noticed a 24.3% improvement of stress-ng.sock.ops_per_sec on:", 24.3,
     "stress-ng.sock.ops_per_sec", None),
    ("kernel test robot noticed a 9.0% regression of fio.write_clat_mean_us on:", 9.0,
     "fio.write_clat_mean_us", None),
    ("kernel test robot noticed a +9.0% regression of fio.write_clat_mean_us on:", 9.0,
     "fio.write_clat_mean_us", False),
    ("FYI, we noticed a 23.1% improvement of fakebench.throughput due to commit:", 23.1,
     "fakebench.throughput", None),
])
def test_headline(line, change, metric, higher):
    (grid,) = lkp.parse([line])
    assert (grid.rows[0].cells[0].value.value, grid.metric, grid.higher_is_better) == (change, metric, higher)


def test_unsigned_headline_takes_the_sign_of_its_table_row():
    headline = grids("three_commits_mojibake.txt")[0]
    assert headline.higher_is_better is True


def test_a_release_tag_among_the_commits_names_its_column():
    """The robot prints a release tag in place of a hash for a mainline release ("v6.1-rc3")."""
    lines = ["", "aaaaaaaaaa1234ab            v6.1-rc3 bbbbbbbbbb1234abcdef12345678",
             "---------------- --------------------------- ---------------------------",
             "         %stddev     %change         %stddev     %change         %stddev",
             "             \\          |                \\          |                \\",
             "    972.00            -0.3%     968.67           +11.4%       1082        fakebench.iops"]
    (table,) = lkp.parse(lines)
    assert table.header[0] == "aaaaaaaaaa1234ab" and "v6.1-rc3" in table.header


def test_a_spread_sign_shown_as_its_latin2_reading_keeps_the_table_whole():
    """A relay that read the robot's "±" byte as Latin-2 prints "ą": the rows holding it are still rows."""
    found = analyze_body((DATA / "latin2_spread.txt").read_text())
    assert [(t.first_line, t.last_line) for t in found.tables] == [(4, 11)]
    pairs = {pair.label: pair for pair in found.tables[0].item.pairs}
    assert len(pairs) == 5
    assert (pairs["perf-stat.ps.cpu-migrations"].baseline, pairs["perf-stat.ps.cpu-migrations"].patched) == \
        (194.57, 189.96)
    assert pairs["perf-stat.ps.cpu-migrations"].patched_spread_pct == 2


def test_a_counter_named_with_a_size_of_its_run_takes_no_direction_from_the_words_around():
    """"fakeio.4096KB_64reclen" is a counter of a run on a 4 MB file (a size in the name is a parameter), its
    direction unknown; the time the text speaks of around the table is another metric's."""
    body = ("The run time went up a lot with the series.\n\n"
            "aaaaaaaaaa1234ab bbbbbbbbbb1234abcdef12345678\n"
            "---------------- ---------------------------\n"
            "         %stddev     %change         %stddev\n"
            "             \\          |                \\\n"
            "    542043            -20.2%     432357        fakeio.4096KB_64reclen\n"
            "   9632899            -57.6%    4083590        fakeio.4096KB_64reclen.fwrite\n")
    (table,) = analyze_body(body).tables
    assert [(p.label, p.verdict) for p in table.item.pairs] == [
        ("fakeio.4096KB_64reclen", "unknown"), ("fakeio.4096KB_64reclen.fwrite", "unknown")]

