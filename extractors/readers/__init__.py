"""Readers for the output of the benchmark tools that recur on kernel lists, one module per tool.

Each module has `NAME`, a cheap `detect(lines) -> bool` (does this tool's output appear in these lines?)
and `parse(lines) -> list[Grid]` (every run of the tool's output found in them, as grids whose line
numbers index `lines`). A reader follows what the tool prints, field by field, never an example message.
Deciding what two runs compare (captions, before/after) is the comparison stage's job
(`extractors.tables.compare`), not a reader's. Readers import only `extractors.model`, `numbers` and
`vocab`, never the table stage that calls them.

What a grid from a reader holds:
- one grid per run (per section, for tools that print several tables a run: fio's group summary when
  it sums several jobs, iperf's intervals and summary, schbench's wakeup/request/RPS sections); the
  grids of one reader never overlap;
- rows labelled as the tool labels them: a metric for key/value output ("read clat 99.00th",
  "seconds time elapsed"), the tool's row label for tabular output ("NTCreateX", "Hmean 64"), "1",
  "2", ... for repeated per-interval lines; each printed number is one `Cell` whose `Value` keeps the
  text and the spread printed with it (`400000 ± 2%`, `123.45 (1.23)`, `( +- 0.12% )` at the end of a
  perf stat line); `<not counted>` and columns a row leaves empty are cells without a value, so that
  every row's cells stand under the header's columns;
- `header`: one name per value column, "" where the tool prints none (key/value output has one value
  column named "");
- `roles`, only where the tool's layout fixes them: "baseline"/"change"/"patched" for tools that print
  a comparison (LKP, mmtests, two perf stat runs side by side); on a single run, "metric" for a
  measured column, "config" for the run's setup (netperf's sizes, fs_mark's file counts), "ignore" for
  bookkeeping beside a result (sample counts, the linear extrapolation of will-it-scale, UnixBench's
  reference scores); "spread" and "change" for ministat's Stddev and difference columns, whose rows
  are data sets, the first the reference; "setups" for a column whose rows are the implementations a
  tool times against each other, none of them a baseline (the kernel's raid6 benchmark);
- `caption` only from what the tool prints (a fio job name, "Benchmark 1: cmd", a hackbench banner);
  `benchmark`, `metric`, `unit` and `higher_is_better` where the output states them.

`read_tool_output` runs the registry in order over one table-like region of a message; lines that no
reader claims are left to the general aligned-table reader.
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import Sequence

from extractors.model import Grid
from extractors.readers import (cyclictest, dbench, dd, dmatest, fio, fio_status, fs_mark, hackbench, hyperfine, iozone,
                                iperf, kernbench, kv_samples, lkp, lmbench, ministat, mmtests, module_results, netperf,
                                ntttcp, perf_bench, perf_profile, perf_sched, perf_stat, pgbench, ping, pktgen, raid6,
                                redis_benchmark, schbench, sockperf, stress_ng, sysbench, tcrypt, time_bench,
                                time_output, turbostat, unixbench, will_it_scale, wrk)

# The registry, most specific format first: a reader earlier in the list claims its lines before a
# more general one looks at them. The tools that print comparisons come first (LKP and mmtests rows
# name other tools' metrics: "fio.read_bw_MBps", "Hmean"); then the tools with banners or fixed
# headers, fio before the key=value sampler its `read: IOPS=` lines would otherwise feed; `time`
# (three short lines) and the generic `key=value` samples last, as the least specific shapes.
READERS: tuple[ModuleType, ...] = (lkp, mmtests, fio, fio_status, perf_stat, perf_bench, perf_sched, time_bench,
                                   hackbench, schbench, cyclictest, will_it_scale, netperf, iperf, pktgen, sockperf,
                                   ntttcp, wrk, sysbench, dbench, fs_mark, iozone, kernbench, hyperfine, stress_ng,
                                   turbostat, perf_profile, ministat, pgbench, redis_benchmark, unixbench, lmbench,
                                   tcrypt, raid6, dmatest, ping, dd, module_results, time_output, kv_samples)

TOOL_NAMES = frozenset(reader.NAME for reader in READERS)

# The lines of some tools' output that read like a sentence ("Running in process mode with 10 groups
# using 40 file descriptors", "Each sender will pass 100 messages of 100 bytes"): each such reader lists
# them as `SENTENCE_LINES`, and a paragraph holding one is that tool's output, not prose.
# One pattern of them all (group names dropped, as two readers may use the same): every line of prose
# is tried against it, so one match beats one per reader.
_SENTENCE_LINES_RE = re.compile("|".join(
    "(?:" + re.sub(r"\(\?P<\w+>", "(?:", pattern.pattern) + ")"
    for reader in READERS for pattern in getattr(reader, "SENTENCE_LINES", ())))


def is_tool_line(line: str) -> bool:
    """Whether a line that reads like a sentence is one a tool prints in its output."""
    return _SENTENCE_LINES_RE.match(line) is not None


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
