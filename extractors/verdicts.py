"""Direction and verdict of a baseline -> patched comparison, shared by tables and inline results.

Whether a bigger number is good is read from the source's own words first ("lower is better",
"time taken"), then from the metric's name or unit (a rate per second is better higher, a latency or a
cycle count lower). A difference inside the reported spread, or one the source marks insignificant,
is noise; only then does the direction turn a difference into better or worse.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from extractors.model import InlineResult
from extractors.vocab.metrics import SUMMARY_WORDS
from extractors.vocab.units import DIMENSION_HIGHER_IS_BETTER, lookup_unit

# The table's or sentence's own statement of direction.
_STATED_HIGHER_RE = re.compile(r"\b(?:higher|bigger|larger|more)\s+(?:is|=)\s+better\b", re.I)
_STATED_LOWER_RE = re.compile(r"\b(?:lower|smaller|less|fewer)\s+(?:is|=)\s+better\b", re.I)
# The other direction given in the same breath, for other metrics: "higher is better for ops/s, lower
# for latency" states no one direction for the whole table.
_SPLIT_DIRECTION_RE = re.compile(
    r"\bbetter\s+for\b[^.;:]{1,60}[,;]\s*(?:and\s+)?(?:lower|higher|smaller|bigger)\s+for\b", re.I)
# Metric names and units whose bigger values are better: rates, throughput, scores.
_HIGHER_BETTER_RE = re.compile(
    r"(?:/\s*(?:s|sec|second|min|minute|cpu)\b|\bper[\s_-]?(?:sec|second|minute|min|cpu|process|thread)"
    r"|_per_sec|\bops\b|throughput|\btput\b|bandwidth|\bbw\b|\biops\b|\bjobs\b|records|transactions|\bscore\b|"
    r"\bindex\b|\bfps\b|\bipc\b|\btps\b|\bqps\b|\brps\b|speedup|\bgain\b|\brate\b|mop/s|\bmb/s|\bgb/s"
    r"|(?<![^\W_])[kmgt]i?b(?:_s|ps)\b)",  # bytes per second spelled for an identifier: "mb_s", "MBps"
    re.I,
)
# A rate of failures, where "rate" alone would say higher is better: "miss-rate", "drop rate".
_FAILURE_RATE_RE = re.compile(r"(?:miss|error|drop|loss|fault|retrans\w*)[-_ ]?rate", re.I)
# Metric names and units whose smaller values are better: times, latencies, costs. The scheduler's
# "vruntime" (a task's virtual clock) is no time taken.
_LOWER_BETTER_RE = re.compile(
    r"(?:(?<!vrun)time\b|time taken|latency|latencies|duration|elapsed|\breal\b|\buser\b|\bsys\b|\bsystem\b|"
    r"(?<!v)runtime|run time|overhead|cycles|\bcpi\b|misses|miss-rate|stall|downtime|penalty|wait|"
    r"\b(?:ns|us|usec|ms|msec|s|sec|secs|seconds)\b|\bcost\b|context.switch|migrations|slowdown)",
    re.I,
)


# A metric of the interval between events ("cycles-between-cache-misses", "time between failures"): its
# words name a cost, but more of it means fewer of the events, so its unit says nothing of its direction.
_INTERVAL_RE = re.compile(r"(?<![^\W_])between(?![^\W_])", re.I)
# A name that is one dotted identifier, as test robots name their counters.
_IDENTIFIER_RE = re.compile(r"[\w:/\[\]()-]+(?:\.[\w:/\[\]()-]+){2,}")
_COUNTER_PATH_RE = re.compile(r"[A-Za-z][A-Za-z_-]{2,}(?:\.[\w:/\[\]()%-]+)+")  # a test's name, then its counter
# A unit-like token in a metric name: "(KIOPS)", "Mib/s", "usec"; the letters after an apostrophe end a
# word ("it's", "don't"), never a unit, and those glued to a number are a parameter of the run the name
# sets ("iozone.8192KB_64reclen": an 8 MB file), not the unit of the value.
_UNIT_TOKEN_RE = re.compile(r"(?<![\d'\u2019])[A-Za-z\u00b5/%]+")


# The change's own effect as the text around a comparison states it: words that say it got better or
# worse whatever was measured, and a benefit said to grow ("a performance increase").
_STATED_BETTER_RE = re.compile(
    r"\b(?:improve[sd]?|improving|improvements?|speed(?:s|ed)? up|sped up|speedups?|speed-up|faster|quicker|"
    r"uplift|(?:performance|throughput|bandwidth|iops)\s+(?:increase|boost|gain|jump)s?)\b", re.I)
_STATED_WORSE_RE = re.compile(
    r"\b(?:regress(?:es|ed|ions?)?|degrade[sd]?|degradation|slow(?:s|ed)? down|slowdowns?|slower|"
    r"(?:performance|throughput|bandwidth|iops)\s+(?:drop|loss|decrease)s?)\b", re.I)
# A statement that denies the effect it names: "no improvement", "not faster".
_DENIED_RE = re.compile(r"\b(?:no|not|n't|without|never)\s+(?:\w+\s+)?$", re.I)


def stated_effect(text: str) -> bool | None:
    """True when the text states that the change made things better, False when it states worse, None
    when it states neither, both, or denies the one it names ("no improvement")."""
    better, worse = (any(not _DENIED_RE.search(text, 0, m.start()) for m in pattern.finditer(text))
                     for pattern in (_STATED_BETTER_RE, _STATED_WORSE_RE))
    return None if better == worse else better


def stated_direction(text: str) -> bool | None:
    """True/False when the text itself says "higher/lower is better", else None."""
    if _SPLIT_DIRECTION_RE.search(text):
        return None
    higher = _STATED_HIGHER_RE.search(text)
    lower = _STATED_LOWER_RE.search(text)
    if higher and not lower:
        return True
    if lower and not higher:
        return False
    return None


# What work is counted against when more work for it is better: a cycle, energy ("bytes per cycle",
# "ops per watt").
_COST_DENOMINATORS = frozenset({"cycle", "cycles", "watt", "watts", "joule", "joules", "w", "j"})
# "A per B" spelled out: the metric is A, counted against B.
_PER_RE = re.compile(r"^\s*(?P<a>\S.*?)\s+per\s+(?P<b>\S.*?)\s*$", re.I)


def is_counter_path(name: str | None) -> bool:
    """Whether a name is one dotted identifier opened by a test's name ("iozone.8192KB_64reclen",
    "fio.write_bw_MBps"), as test robots name their counters: a metric of its own, whose direction no
    word around the table tells."""
    return bool(name) and _COUNTER_PATH_RE.fullmatch(name.strip()) is not None


def metric_direction(name: str | None) -> bool | None:
    """Whether a higher value of the metric named `name` (or of its unit) is better; None if unknown."""
    if not name:
        return None
    stated = stated_direction(name)
    if stated is not None:
        return stated
    if _INTERVAL_RE.search(name) or name.strip().lower() in SUMMARY_WORDS:
        return None  # "Min", "Max" name a statistic of the runs, not minutes
    if _IDENTIFIER_RE.fullmatch(name.strip()) and "count" in name.lower().split("."):
        return None  # "perf-sched.wait_and_delay.count.<call chain>": how often, which is neither good nor bad
    per = _PER_RE.match(name)
    if per:  # "cycles per packet" goes the way of cycles; work "per cycle", "per watt" is better higher
        numerator = metric_direction(per.group("a"))
        if numerator is not None or per.group("b").lower() in _COST_DENOMINATORS:
            return True if numerator is None else numerator
    if _FAILURE_RATE_RE.search(name):
        return False  # "cache-miss-rate%", "error rate": a rate of something that went wrong
    if _HIGHER_BETTER_RE.search(name):
        return True
    if _LOWER_BETTER_RE.search(name):
        return False
    if _IDENTIFIER_RE.fullmatch(name.strip()):
        return None  # a dotted counter path (LKP's "sched_debug.cfs_rq:/.h_nr_delayed.max"): its pieces are no units
    for token in _UNIT_TOKEN_RE.findall(name):
        unit = lookup_unit(token)
        if unit is not None and DIMENSION_HIGHER_IS_BETTER.get(unit.dimension) is not None:
            return DIMENSION_HIGHER_IS_BETTER[unit.dimension]
    return None


def delta_pct(baseline: float | None, patched: float | None) -> float | None:
    """(patched - baseline) / baseline * 100, rounded to 2 decimals; None when undefined."""
    if baseline is None or patched is None or baseline == 0:
        return None
    return round((patched - baseline) / abs(baseline) * 100, 2)


def verdict(delta: float | None, higher_is_better: bool | None, *, spread_pct: float | None = None,
            significant: bool | None = None) -> str:
    """"better", "worse", "noise" or "unknown" for a change of `delta` percent.

    `spread_pct` is the reported spread of both sides together (in percent of the baseline);
    `significant` is the source's own significance mark (False means the source calls it noise).
    """
    if delta is None:
        return "unknown"
    if significant is False or delta == 0:
        return "noise"
    if spread_pct is not None and abs(delta) <= spread_pct:
        return "noise"
    if higher_is_better is None:
        return "unknown"
    return "better" if (delta > 0) == higher_is_better else "worse"


# A stated percentage is the pair's delta rounded when it is this close to it (to the point, or 1%).
_ROUNDED_POINTS, _ROUNDED_SHARE = 1.5, 0.01


def restates(change: float | None, delta: float, points: float, share: float) -> bool:
    """Whether a stated change is the pair's own delta in words ("a 2-3x gain (400K -> 1.2M)"); a stated
    change is signed by its goodness, a delta by the number's direction, so only sizes are compared."""
    return change is not None and abs(abs(change) - abs(delta)) <= max(points, share * abs(delta))


def with_reported_delta(result: InlineResult, stated: list[tuple[str, float | None]]) -> InlineResult:
    """A pair whose change the sentence also prints as a percentage that rounds the pair's own ("710%
    improvement (108 MiB/s to 876 MiB/s)", 711.1 computed) keeps the printed figure beside its delta, as
    a table's pair keeps its change column. A factor ("2x") is no printed percentage: whether it means
    +100% or +200% is not settled."""
    if result.baseline is None or result.delta_pct is None:
        return result
    for form, change in stated:
        if form != "TIMES" and restates(change, result.delta_pct, _ROUNDED_POINTS, _ROUNDED_SHARE):
            return replace(result, reported_delta_pct=math.copysign(abs(change), result.delta_pct))
    return result
