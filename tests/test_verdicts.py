"""Which way is better, read from a metric's own name: rates up, times and costs down, and nothing
guessed from the pieces of a test robot's dotted counter path."""

from __future__ import annotations

import pytest

from extractors.verdicts import metric_direction, stated_effect


@pytest.mark.parametrize(("name", "higher_is_better"), [
    ("read bw (MB/s)", True),
    ("IOPS", True),
    ("clat (usec)", False),
    ("will-it-scale.per_thread_ops", True),
    # bytes per second spelled as an identifier allows: "_s" or "ps" after the size unit
    ("suite.fio.SeqWrite.4KB.mb_s", True),
    ("fio.write_bw_MBps", True),
    # a counter path of kernel internals: "h" and "max" are no units, "4KB" is a block size
    ("sched_debug.cpu.h_nr_queued.max", None),
    ("proc-vmstat.pgalloc_4KB.avg", None),
    # the interval between costly events: more of it is fewer events, whatever its words say
    ("perf-stat.overall.cycles-between-l2-misses", None),
    ("mean time between stalls (ms)", None),
    # a statistic's name is no unit ("Min" is not minutes)
    ("Min", None),
    # a scheduler's virtual runtime is a clock, not a run time; "total_runtime" is one
    ("sched_debug.cfs_rq:/.min_vruntime.avg", None),
    ("total_runtime (s)", False),
    # how often something happened on a robot's counter path: no direction, whatever the path's words
    ("perf-sched.wait_and_delay.count.do_wait.kernel_wait4.do_syscall_64", None),
    ("perf-sched.wait_and_delay.avg.ms.do_wait.kernel_wait4", False),
    ("total time (min)", False),
    ("lower is better", False),
    ("", None),
    # "A per B": the way of A; work per cycle or per watt is better higher
    ("cycles per packet", False), ("bytes per cycle", True), ("ops per watt", True),
    ("context switches per second", False),
    # a rate of failures is better lower, though "rate" alone is better higher
    ("perf-stat.overall.cache-miss-rate%", False), ("packet drop rate", False), ("transfer rate", True),
])
def test_direction_from_the_metrics_name(name, higher_is_better):
    assert metric_direction(name) is higher_is_better


@pytest.mark.parametrize(("text", "effect"), [
    ("Results show almost a 30% performance increase:", True),
    ("With the series applied it runs noticeably slower.", False),
    ("There is no improvement on the small box.", None),  # the effect named is denied
    ("Faster reads, but a regression on writes:", None),  # both ways
    ("Numbers for both kernels:", None),  # neither
])
def test_the_effect_a_text_states(text, effect):
    assert stated_effect(text) is effect
