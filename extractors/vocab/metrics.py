"""Words that name what a column or row measures, as opposed to which kernel or setting it ran on.

A table whose columns are all metrics (min, p90, throughput) compares nothing by itself; one whose
columns are kernels or settings (base, patched, 6.1, w/o foo) does. Parameters (thread counts, queue
depths, block sizes) label rows of a sweep. Entries are generic benchmark vocabulary.
"""

from __future__ import annotations

import re

# What is measured: rates, times, latencies and their statistics, resource use, counters.
METRIC_WORDS: tuple[str, ...] = (
    "throughput", "tput", "bandwidth", "bw", "iops", "ops", "op", "rate", "rps", "qps", "tps", "pps", "fps",
    "latency", "latencies", "lat", "clat", "slat", "time", "times", "elapsed", "real", "user", "sys",
    "system", "wall", "duration", "runtime", "avg", "average", "mean", "amean", "hmean", "gmean", "median",
    "min", "max", "minimum", "maximum", "percentile", "percentiles", "stddev", "p50", "p90", "p95", "p99",
    "p99.9", "p999", "p9999", "count", "samples", "cpu", "%cpu", "cpu%", "util", "utilization", "utilisation", "usage",
    "busy", "idle", "score", "index", "jobs/min", "errors", "errs", "drops", "misses", "hits", "cycles",
    "instructions", "ipc", "cpi", "faults", "switches", "migrations", "memory", "mem", "rss", "power",
    "energy", "watts", "freq", "frequency", "requests", "transactions", "messages", "packets", "calls",
    "syscalls", "bytes", "read", "write", "reads", "writes", "total", "sum", "result", "results", "value",
    "rd", "wr",  # read and write as tools abbreviate them (iostat's "rd_ios", "wr_sec")
    "speed", "cost", "overhead", "usr", "irq", "softirq", "iowait", "ctx", "cs", "bogo", "loops",
    # perf report's own columns: the share of samples in a symbol with its callees, and in itself
    "children", "self",
)
# Sweep parameters that label rows: thread or job counts (fio's own: numjobs, iodepth), queue depths, sizes
# (also as "sz", the abbreviation C code and tools use: "pkt sz", "msg_sz"), iterations.
PARAMETER_WORDS: tuple[str, ...] = (
    "#", "n", "nr", "no.", "threads", "thread", "jobs", "job", "clients", "client", "connections",
    "connection", "conns", "tasks", "task", "procs", "processes", "cpus", "groups", "qd", "depth",
    "iodepth", "numjobs", "bs", "blocksize", "block size", "size", "sz", "msgsize", "msg size", "message size", "len",
    "length", "batch", "workers", "users", "loops", "iteration", "iterations", "runs", "run", "nthreads", "ncpus",
    "streams", "flows", "queues", "rings", "vcpus", "instances", "parallelism", "concurrency", "files",
    "entries", "pages", "order", "nr_task", "tasks/cpu",
    "load",  # the offered load a run is driven at ("200K" requests/s); a load average is "ldavg", "loadavg"
    "mtu", "packet size", "pkt size",  # the packet size a network run sends
)
# Workloads that label the rows of a single run (fio's rw modes, the operations a benchmark times):
# rows named so are tests, not setups.
WORKLOAD_WORDS: tuple[str, ...] = (
    "read", "write", "reads", "writes", "randread", "randwrite", "randrw", "readwrite", "rw", "seqread",
    "seqwrite", "seq", "rand", "random", "sequential", "mixed", "trim", "discard", "fsync", "open", "close",
    "stat", "create", "delete", "unlink", "rename", "mkdir", "rmdir", "getattr", "setattr", "lookup", "send",
    "recv", "receive", "accept", "connect", "nop", "nops", "splice", "copy", "fill", "ping", "pong",
    # the two directions of a cipher or a compressor, timed side by side
    "encryption", "decryption", "encrypt", "decrypt", "compression", "decompression", "compress", "decompress",
    # the two halves of a power transition, timed side by side
    "suspend", "resume", "hibernate", "hibernation", "restore", "freeze", "thaw",
)
WORKLOAD_RE = re.compile(r"(?<![\w])(?:" + "|".join(WORKLOAD_WORDS) + r")(?![\w])", re.I)
# Columns of identifiers: which CPU, node, queue or process a row ran on, or which power rail or
# sensor a reading was taken from (RAPL's domains: package, core, uncore, dram, psys), never a measurement.
IDENTIFIER_WORDS: tuple[str, ...] = (
    "cpu", "vcpu", "pcpu", "core", "node", "socket", "pid", "tid", "irq", "queue", "qid", "id", "idx",
    "slot", "bus", "dev", "device", "port", "lun", "ring", "hctx", "numa", "die", "thread id", "rail",
    "sensor", "channel", "package", "pkg", "uncore", "dram", "psys", "gpu",
)
# Names of a column of code locations (bcc's funccount "FUNC", ftrace's "Function", perf's "Symbol"): each
# row is another function counted or timed in one run, never a configuration.
SYMBOL_COLUMN_RE = re.compile(r"^(?:func|function|symbol|sym|caller|callee|call ?site)s?$", re.I)
# The last part of a name that makes its values labels of things, not amounts: "chunk-id", "block_idx",
# "start lba", "sector offset". Columns "old chunk-id | new chunk-id" map one id to another, no run compared.
LABEL_VALUE_WORDS: tuple[str, ...] = ("id", "ids", "idx", "index", "indices", "addr", "address", "offset", "lba",
                                      "sector", "inode", "ino", "uuid", "hash", "key")
LABEL_VALUE_RE = re.compile(r"(?:^|[\s_.-])(?:" + "|".join(LABEL_VALUE_WORDS) + r")\s*$", re.I)
# Statistics rows that summarise the runs above them.
SUMMARY_WORDS: tuple[str, ...] = (
    "avg", "average", "mean", "amean", "hmean", "gmean", "median", "min", "max", "minimum", "maximum",
    "stddev", "stdev", "std", "total", "sum", "geomean", "geo mean", "minimal", "maximal",
)


def _words_re(words: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = sorted((re.escape(w) for w in words), key=len, reverse=True)
    return re.compile(r"(?<![\w/])(?:" + "|".join(alternatives) + r")(?![\w/])", re.I)


METRIC_RE = _words_re(METRIC_WORDS)
PARAMETER_RE = re.compile(r"^(?:" + "|".join(sorted((re.escape(w) for w in PARAMETER_WORDS), key=len,
                                                      reverse=True)) + r")$", re.I)
IDENTIFIER_RE = re.compile(r"^(?:" + "|".join(re.escape(w) for w in IDENTIFIER_WORDS) + r")s?$", re.I)
SUMMARY_RE = re.compile(r"^(?:" + "|".join(re.escape(w) for w in SUMMARY_WORDS) + r")\b", re.I)
# Metrics that have no better way: a profile's share of the samples (a symbol taking less of them may
# have got faster, or every other symbol slower). Nothing around a table gives them a direction.
DIRECTIONLESS_METRICS = frozenset({"share of samples"})
