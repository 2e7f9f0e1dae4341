"""perf's own event names, as `perf list` prints them, so that a bare counter line (`12,289  cycles`)
can be told from any other "number, word" line.

A counter whose name is not listed here is still recognised by the shapes perf gives the other kinds of
event: a tracepoint `subsystem:event` (`syscalls:sys_enter_read`) and a PMU event `pmu/term,.../`
(`power/energy-pkg/`, `cpu_core/cycles/`); both shapes are matched in `extractors.readers.perf_stat`.
"""

from __future__ import annotations

# Hardware and software events perf defines for every architecture (tools/perf/util/parse-events.c and
# the `perf list` "Hardware event" / "Software event" sections), with their documented aliases.
GENERIC_EVENTS = frozenset({
    # hardware
    "cycles", "cpu-cycles", "instructions", "cache-references", "cache-misses", "branches",
    "branch-instructions", "branch-misses", "bus-cycles", "ref-cycles", "stalled-cycles-frontend",
    "idle-cycles-frontend", "stalled-cycles-backend", "idle-cycles-backend", "slots",
    # software
    "cpu-clock", "task-clock", "page-faults", "faults", "minor-faults", "major-faults",
    "context-switches", "cs", "cpu-migrations", "migrations", "alignment-faults", "emulation-faults",
    "dummy", "bpf-output", "cgroup-switches", "duration_time", "user_time", "system_time",
    # the top-down level-1 events perf stat counts with --topdown on CPUs that have them
    "topdown-retiring", "topdown-bad-spec", "topdown-fe-bound", "topdown-be-bound",
})

# The parts of perf's generic cache events: `L1-dcache-load-misses`, `LLC-stores`, `dTLB-loads`.
CACHE_NAMES = ("L1-dcache", "L1-icache", "LLC", "dTLB", "iTLB", "branch", "node")
CACHE_OPS = ("loads", "load", "stores", "store", "prefetches", "prefetch")
