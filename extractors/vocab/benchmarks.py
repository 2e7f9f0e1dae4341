"""Benchmark programs and suites that kernel developers run and name in their mail.

Each entry is a well-known program or suite (its usual spelling), so that a table or result can be
named after the benchmark its caption or the sentence above mentions. Generic words ("test",
"workload") are not benchmarks, nor are program names that are also everyday words ("stream", "ab",
"pts"): those would name a table after any sentence that uses the word.
"""

from __future__ import annotations

import re

BENCHMARKS: tuple[str, ...] = (
    # I/O
    "fio", "t/io_uring", "io_uring-bench", "fs_mark", "dbench", "tbench", "bonnie++", "iozone", "blogbench",
    "filebench", "postmark", "xfs_io", "dd", "sysbench", "pgbench", "mysqlslap", "rocksdb", "db_bench",
    "ycsb", "redis-benchmark", "memcached", "nginx", "wrk", "apache bench",
    # scheduler and IPC
    "hackbench", "schbench", "perf bench", "perf stat", "cyclictest", "rt-tests", "stress-ng", "will-it-scale",
    "unixbench", "lmbench", "lat_ctx", "lat_pipe", "lat_syscall", "ebizzy", "aim7", "aim9", "reaim",
    "kernbench", "kernel build", "kcbench", "netperf", "iperf", "iperf3", "neper", "sockperf", "pktgen",
    "ntttcp", "uperf", "tcp_rr", "tcp_stream", "udp_rr", "udp_stream", "qperf",
    # memory
    "vm-scalability", "pmbench", "mmtests", "spec cpu", "speccpu", "specpower",
    "hammerdb", "lkp", "phoronix", "geekbench", "coremark", "dhrystone",
    "whetstone", "hyperfine", "turbostat", "rapl", "powertop",
)

BENCHMARK_RE = re.compile(
    r"(?<![\w/-])(?:" + "|".join(sorted((re.escape(b) for b in BENCHMARKS), key=len, reverse=True)) + r")(?![\w-])",
    re.I)

# Benchmarks that time one operation in isolation (a system call, a lock, a page fault, a context switch)
# rather than a workload: their numbers say little about what users will see.
MICROBENCHMARKS: tuple[str, ...] = (
    "will-it-scale", "lmbench", "lat_ctx", "lat_pipe", "lat_syscall", "lat_proc", "lat_mem_rd", "bw_mem",
    "bw_pipe", "perf bench", "microbenchmark", "micro-benchmark", "micro benchmark",
)
# Name prefixes of lmbench's programs: "lat_*" time one operation, "bw_*" measure one bandwidth.
MICROBENCHMARK_PREFIXES: tuple[str, ...] = ("lat_", "bw_")
