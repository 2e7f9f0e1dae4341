"""Units printed after benchmark numbers: what each measures and its factor to the dimension's base unit.

The dimension decides direction when a table or sentence does not state it: less time, latency, energy
or power is better; more throughput, bandwidth or operations per second is better; counts, sizes,
percentages and frequencies say nothing by themselves (a count of cache misses is better low, a count
of completed operations high: the metric's name decides, see `extractors.verdicts`).
"""

from __future__ import annotations

import re

# dimension -> whether a higher value is better (None: the unit alone does not say)
DIMENSION_HIGHER_IS_BETTER: dict[str, bool | None] = {
    "time": False,  # durations and latencies
    "rate": True,  # operations, requests, transactions, packets, frames per unit of time
    "bandwidth": True,  # bytes or bits per unit of time
    "energy": False,
    "power": False,
    "cycles": False,  # a cost in CPU cycles or instructions per operation
    "size": None,
    "count": None,
    "percent": None,
    "ratio": None,  # "1.5x"
    "frequency": None,
}
# Dimensions only a measurement is printed in (what a benchmark measures), as opposed to what a machine
# or a change has: sizes, counts, clock frequencies.
MEASURED_DIMENSIONS = frozenset(d for d, better in DIMENSION_HIGHER_IS_BETTER.items() if better is not None)

# (spellings, canonical name, dimension, factor to the dimension's base unit: s, op/s, B/s, J, W, cycle, B)
_UNITS: tuple[tuple[tuple[str, ...], str, str, float], ...] = (
    # time: what time(1), perf, fio, schbench and hand-written prose print
    (("s", "sec", "secs", "second", "seconds"), "s", "time", 1.0),
    (("ms", "msec", "msecs", "millisecond", "milliseconds"), "ms", "time", 1e-3),
    (("us", "usec", "usecs", "µs", "μs", "microsecond", "microseconds"), "us", "time", 1e-6),
    (("ns", "nsec", "nsecs", "nanosecond", "nanoseconds"), "ns", "time", 1e-9),
    (("min", "mins", "minute", "minutes"), "min", "time", 60.0),
    (("h", "hr", "hrs", "hour", "hours"), "h", "time", 3600.0),
    # CPU cost per operation
    (("cycles", "cycle", "cyc"), "cycles", "cycles", 1.0),
    (("insns", "instructions"), "instructions", "cycles", 1.0),
    # operations per second: IOPS (fio, t/io_uring), ops/s (will-it-scale, stress-ng bogo ops/s),
    # transactions, queries, requests, records, packets, frames, messages, jobs per minute (reaim)
    (("iops",), "IOPS", "rate", 1.0),
    (("kiops",), "KIOPS", "rate", 1e3),
    (("miops",), "MIOPS", "rate", 1e6),
    (("ops/s", "ops/sec", "op/s", "ops", "operations/s", "operations/sec"), "ops/s", "rate", 1.0),
    (("kops/s", "kop/s"), "Kops/s", "rate", 1e3),
    (("mops/s", "mop/s", "mops"), "Mops/s", "rate", 1e6),
    (("tps", "trans/s", "trans/sec", "transactions/s", "transactions/sec"), "tps", "rate", 1.0),
    (("qps", "queries/s", "queries/sec"), "qps", "rate", 1.0),
    (("rps", "req/s", "reqs/s", "requests/s", "requests/sec"), "req/s", "rate", 1.0),
    (("records/s", "records/sec"), "records/s", "rate", 1.0),
    (("files/s", "files/sec"), "files/s", "rate", 1.0),
    (("pps", "pkts/s", "packets/s"), "pps", "rate", 1.0),
    (("kpps",), "Kpps", "rate", 1e3),
    (("mpps",), "Mpps", "rate", 1e6),
    (("fps", "frames/s"), "fps", "rate", 1.0),
    (("msgs/s", "messages/s", "msg/s"), "msg/s", "rate", 1.0),
    (("lps",), "lps", "rate", 1.0),  # UnixBench: loops per second
    (("lpm",), "lpm", "rate", 1 / 60),  # UnixBench: loops per minute
    (("mwips",), "MWIPS", "rate", 1e6),  # UnixBench Whetstone
    (("jobs/min", "jpm"), "jobs/min", "rate", 1 / 60),  # reaim
    # bandwidth, decimal and binary prefixes, bytes and bits
    (("b/s", "bytes/s", "bytes/sec"), "B/s", "bandwidth", 1.0),
    (("kb/s", "kbytes/s"), "KB/s", "bandwidth", 1e3),
    (("kib/s",), "KiB/s", "bandwidth", 1024.0),
    (("mb/s", "mbytes/s", "mbyte/s"), "MB/s", "bandwidth", 1e6),
    (("mib/s",), "MiB/s", "bandwidth", 1024.0 ** 2),
    (("gb/s", "gbytes/s"), "GB/s", "bandwidth", 1e9),
    (("gib/s",), "GiB/s", "bandwidth", 1024.0 ** 3),
    (("tb/s",), "TB/s", "bandwidth", 1e12),
    (("bit/s", "bits/s", "bps"), "bit/s", "bandwidth", 1 / 8),
    (("kbit/s", "kbits/s", "kbps"), "Kbit/s", "bandwidth", 1e3 / 8),
    (("mbit/s", "mbits/s", "mbps"), "Mbit/s", "bandwidth", 1e6 / 8),
    (("gbit/s", "gbits/s", "gbps"), "Gbit/s", "bandwidth", 1e9 / 8),
    # energy and power (turbostat, RAPL, powertop)
    (("j", "joule", "joules"), "J", "energy", 1.0),
    (("kj",), "kJ", "energy", 1e3),
    (("mj",), "mJ", "energy", 1e-3),
    (("wh",), "Wh", "energy", 3600.0),
    (("w", "watt", "watts"), "W", "power", 1.0),
    (("mw",), "mW", "power", 1e-3),
    # sizes
    (("b", "byte", "bytes"), "B", "size", 1.0),
    (("kb", "kbytes"), "KB", "size", 1e3),
    (("kib",), "KiB", "size", 1024.0),
    (("mb", "mbytes"), "MB", "size", 1e6),
    (("mib",), "MiB", "size", 1024.0 ** 2),
    (("gb", "gbytes"), "GB", "size", 1e9),
    (("gib",), "GiB", "size", 1024.0 ** 3),
    (("tb",), "TB", "size", 1e12),
    (("tib",), "TiB", "size", 1024.0 ** 4),
    (("pages",), "pages", "count", 1.0),
    # frequency
    (("hz",), "Hz", "frequency", 1.0),
    (("khz",), "kHz", "frequency", 1e3),
    (("mhz",), "MHz", "frequency", 1e6),
    (("ghz",), "GHz", "frequency", 1e9),
    # relative
    (("%", "pct", "percent"), "%", "percent", 1.0),
    (("x", "fold", "-fold"), "x", "ratio", 1.0),  # "2x", "a 2-fold increase", "3 fold"
)

# Money: a currency sign before an amount ("$700", "€1,200"; a shell's "$1" is no amount) or a currency
# code after it ("18 USD"). Prices are no measurement: a list of them is an offer, never a benchmark.
PRICE_RE = re.compile(r"[$€£]\s?\d{2,}(?:,\d{3})*(?:\.\d\d)?(?![\w}])|\d\s?(?:USD|EUR|GBP)\b")
# Volts: with clock frequencies, what a table of a CPU's operating points (DVFS states) lists, settings of the
# hardware, not measurements.
VOLTAGE_UNITS = frozenset({"V", "mV", "uV", "\u00b5V"})
# How to reach someone: an email address, or a phone number with its country code ("+254 114 830 889", the
# code in brackets: "(+47) 9012 3456"), or how to check whom a mail is from: a PGP key's fingerprint, ten
# groups of four hex digits ("Key fingerprint = 3A1F 09B2 ..."). A grid that prints one is an
# advertisement's or a signature's, whose numbers measure nothing.
CONTACT_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<![\w+])\+\d{1,3}[ -]?\(?\d{2,4}\)?(?:[ -]?\d{2,4}){2,3}\b"
                        r"|\(\+\d{1,3}\)\s?\d{2,4}(?:[ -]?\d{2,4}){1,3}\b"
                        r"|\b(?=[\dA-F ]{0,60}[A-F])(?:[\dA-F]{4} {1,2}){9}[\dA-F]{4}\b")
# Letters that scale a number printed without a unit ("125.88M", "12.3K", "2.2k").
SCALE_SUFFIXES: dict[str, float] = {"k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}


class Unit:
    """A unit as a lookup result: canonical spelling, dimension and factor to the dimension's base."""

    __slots__ = ("name", "dimension", "factor")

    def __init__(self, name: str, dimension: str, factor: float):
        self.name, self.dimension, self.factor = name, dimension, factor

    def __repr__(self) -> str:
        return f"Unit({self.name!r}, {self.dimension!r}, {self.factor!r})"


UNITS: dict[str, Unit] = {
    spelling: Unit(name, dimension, factor)
    for spellings, name, dimension, factor in _UNITS for spelling in spellings
}


# Anything counted per second is a rate, whatever it counts ("calls/s", "pages/s"); a size or a time
# per second ("KiB/s", "ms/s") is a bandwidth or a share of time, not a count.
_COUNT_RATE_RE = re.compile(r"^([a-z][a-z_-]{1,24})/(?:s|sec|second)$")


# What a time or a count of cycles is spent on, after a slash ("ns/op", "nsec/call", "cycles/iter",
# "us/req"): one operation of a benchmark's loop. The time or the cycles per such operation are its cost,
# measured as time or cycles are (per unit of time, "ms/s", they would be a share instead).
_OPERATIONS = frozenset({"op", "call", "iter", "iteration", "loop", "req", "request", "pkt", "packet", "msg",
                         "message", "txn", "transaction", "syscall", "access", "fault", "io", "event", "run"})
_PER_OPERATION_RE = re.compile(r"^([a-z\u00b5\u03bc]{1,12})/([a-z]{1,12}?)s?$")


def lookup_unit(text: str | None) -> Unit | None:
    """The unit printed as `text` (any case; "MB/s", "usec", "Gbps"), or None when it is not a unit."""
    if not text:
        return None
    lowered = text.lower()
    known = UNITS.get(lowered) or UNITS.get(lowered.replace("/sec", "/s"))
    if known is None and (match := _COUNT_RATE_RE.match(lowered)) and \
            getattr(UNITS.get(match.group(1)), "dimension", None) not in ("size", "time", "bandwidth", "rate"):
        return Unit(f"{match.group(1)}/s", "rate", 1.0)  # "calls/s", "wakeups/sec": events per second
    if known is None and (match := _PER_OPERATION_RE.match(lowered)) and match.group(2) in _OPERATIONS and \
            (cost := UNITS.get(match.group(1))) is not None and cost.dimension in ("time", "cycles"):
        return Unit(f"{cost.name}/{match.group(2)}", cost.dimension, cost.factor)  # a cost per operation
    return known


def dimension_of(text: str | None) -> str | None:
    """What the unit printed as `text` measures ("time", "size", "rate", ...), or None for no unit."""
    unit = lookup_unit(text)
    return unit.dimension if unit is not None else None
