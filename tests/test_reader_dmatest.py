"""dmatest: the kernel DMA engine test's per-thread summaries in the kernel log, one run per block."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.analysis import analyze_body
from extractors.blocks import line_kind
from extractors.readers import dmatest

DATA = Path(__file__).parent / "data" / "readers" / "dmatest"


def test_summaries_with_the_modules_progress_between_them_are_one_run():
    text = (DATA / "two_kernels.txt").read_text().split("\n")
    stock, patched = dmatest.parse(text)
    assert (stock.first_line, stock.last_line, patched.first_line, patched.last_line) == (5, 8, 14, 17)
    assert stock.header == ("tests", "failures", "iops", "KB/s")
    assert [(r.label, r.cells[2].value.value, r.cells[3].value.value) for r in stock.rows] == [
        ("1", pytest.approx(31207.55), 1997283), ("2", pytest.approx(30542.10), 1954694)]


def test_the_summary_and_progress_lines_are_the_tools_not_a_kernel_log():
    assert line_kind("[  213.533907] dmatest: dma1chan2-copy0: summary 1000 tests, 0 failures 31207.55 iops "
                     "1997283 KB/s (0)") == "data"
    assert line_kind("[  211.402118] dmatest: Added 1 threads using dma1chan2") == "data"
    assert not dmatest.detect(["dmatest: Added 1 threads using dma1chan2"])


def test_two_runs_under_framed_titles_naming_the_kernels_compare():
    """"=====< v6.3 stock >=====" over one run and "=====< v6.3 with the series >=====" over the other:
    the titles between the paragraph above and the rows name the runs, "end" frames close them."""
    (table,) = analyze_body((DATA / "two_kernels.txt").read_text()).tables
    assert (table.item.baseline_label, table.item.patched_label) == ("v6.3 stock", "v6.3 with the series")
    assert (31207.55, 40112.92) in [(p.baseline, p.patched) for p in table.item.pairs if p.metric == "iops"]
