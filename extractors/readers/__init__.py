"""Readers for the output of the benchmark tools that recur on kernel lists, one module per tool.

Each module has `NAME`, a cheap `detect(lines) -> bool` (does this tool's output appear in these lines?)
and `parse(lines) -> list[Grid]` (every run of the tool's output found in them, as grids whose line
numbers index `lines`). A reader follows what the tool prints, field by field, never an example message:
a single run becomes a grid of its metrics with one value column, a tool that prints a comparison itself
(LKP, mmtests compare-kernels, perf stat side by side) gives the column roles. Deciding what two runs
compare (captions, before/after) is the comparison stage's job (`extractors.tables.compare`), not a
reader's.

`read_tool_output` runs the registry in order over one table-like region of a message; lines that no
reader claims are left to the general aligned-table reader.
"""

from __future__ import annotations

from types import ModuleType
from typing import Sequence

from extractors.model import Grid
from extractors.readers import (cyclictest, dbench, fio, fs_mark, hackbench, hyperfine, iperf, kernbench, kv_samples, lkp,
                                lmbench, ministat, mmtests, netperf, ntttcp, perf_bench, perf_stat, pgbench, pktgen,
                                redis_benchmark, schbench, sockperf, stress_ng, sysbench, time_output, turbostat, unixbench,
                                will_it_scale)

# The registry, most specific format first: a reader earlier in the list claims its lines before a
# more general one looks at them.
READERS: tuple[ModuleType, ...] = (lkp, mmtests, fio, perf_stat, perf_bench, hackbench, schbench, cyclictest,
                                   will_it_scale, netperf, iperf, pktgen, sockperf, ntttcp, sysbench, dbench, fs_mark,
                                   kernbench, hyperfine, stress_ng, turbostat, ministat, pgbench, redis_benchmark, unixbench,
                                   lmbench, time_output, kv_samples)


def read_tool_output(lines: Sequence[str]) -> list[Grid]:
    """The grids of every tool output found in `lines`, in line order; lines claimed by one reader are
    not offered to the next. Never raises because of the text."""
    grids: list[Grid] = []
    claimed: set[int] = set()
    for reader in READERS:
        if not reader.detect(lines):
            continue
        for grid in reader.parse(lines):
            span = set(range(grid.first_line, grid.last_line + 1))
            if span & claimed:
                continue
            claimed |= span
            grids.append(grid)
    return sorted(grids, key=lambda g: g.first_line)
