"""time_bench: cost per element in cycles and ns, a row per line named by its type and step."""

from __future__ import annotations

from pathlib import Path

from extractors.readers import time_bench

DATA = Path(__file__).parent / "data" / "readers" / "time_bench"


def grids(name: str):
    return time_bench.parse((DATA / name).read_text().split("\n"))


def test_a_grid_per_run_of_steps():
    first, second = grids("bulk_steps.txt")
    assert [(g.first_line, g.last_line) for g in (first, second)] == [(2, 4), (8, 10)]
    assert [r.label for r in second.rows] == ["step:1", "step:8", "step:64"]
    assert [(c.value.value, c.value.unit) for c in second.rows[1].cells] == [(101, "cycles"), (28.133, "ns")]
    assert first.higher_is_better is False


def test_typed_lines_with_their_bookkeeping_and_dmesg_stamps():
    (found,) = grids("typed.txt")
    assert [r.label for r in found.rows] == ["for_loop step:0", "kmem fastpath reuse step:0"]
    assert [c.value.value for c in found.rows[1].cells] == [58, 16.203]  # no period, no invoke count


def test_two_runs_under_their_kernels_compare_step_by_step():
    from extractors.analysis import analyze_body
    (placed,) = analyze_body((DATA / "bulk_steps.txt").read_text()).tables
    pairs = {(p.label, p.baseline, p.patched) for p in placed.item.pairs}
    assert ("step:8 cycles", 197, 101) in pairs and ("step:64 ns", 52.901, 27.006) in pairs


def test_a_sentence_about_cycles_is_not_its_output():
    assert time_bench.parse(["The loop costs 60 cycles(tsc) per element, see above."]) == []


def test_nanoseconds_a_mail_client_wrapped_onto_the_next_line():
    lines = ["time_bench: Type:page_alloc_fast_path Per elem: 11 cycles(tsc)", "4.101 ns (step:0)"]
    (found,) = time_bench.parse(lines)
    assert [(c.value.value, c.value.unit) for c in found.rows[0].cells] == [(11, "cycles"), (4.101, "ns")]
    assert (found.first_line, found.last_line) == (0, 0)

