"""Performance claims in mail prose: sentences asserting that a change makes things faster, slower or no
different, with the magnitude when one is stated ("a non trivial improvement (11%)", "takes a small hit",
"the penalty is less than 0.5%", "in the noise region").

A claim needs an effect phrase (`CLAIM_PATTERNS`): strong ones ("runs faster", "speed up", "degradation",
"performance penalty", "takes a small hit", "in the noise") stand alone; weak ones ("better", "improves",
"worse", "regression", "no difference") count only next to a performance word or a percentage, because
"this looks better now" and "this fixes a regression" are code review. The polarity is that of the first effect phrase; a negation in front of it
("no obvious perf downgrade", "I cannot get such a huge improvement") or a small-cost phrase ("less than
0.5%", "negligible") makes it neutral.

Two shapes are not claims: a plain before/after result ("latency is reduced from 7.6s to 1.7s" is an
inline result, found by `extractors.results`), and a question or request (a concern). A bare figure
that leans on the sentence before ("I measured the overhead. It was about 2.2%.") is joined with it.

`check_claim` compares a claim with the evidence of its message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from extractors.questions import asks
from extractors.sentences import Sentence, compile_pattern, find_sentences

_COST = ("latency|latencies|overhead|overheads|downtime|time|times|cycles|contention|stalls|stall|misses|"
         "cache-misses|usage|utilization|jitter|runtime|duration|instructions|penalty|cost|costs|"
         "spinning|waiting|wait")
_BENEFIT = "throughput|bandwidth|performance|perf|iops|fps|score|scores|ops|rate|rates|scalability|speed"
# Words that make a weak effect word ("better", "faster", "regression") a performance statement. Not
# "time" or "cost", which are everywhere ("at the same time", "reply faster next time").
_CONTEXT = (_BENEFIT + "|" + "|".join(w for w in _COST.split("|") if w not in ("time", "times", "cost", "costs",
                                                                               "wait", "waiting"))
            + "|numbers|results|result|benchmark|benchmarks|workload|workloads|cache|test|tests|tlb|efficiency|"
            "load|elapsed|mop/s|ops/sec|instruction|optimization|optimizations|optimize|optimise|mean|median|"
            "percentile|percentiles|p99|p95|p50|stddev|deviation|deviations")

# What makes "faster"/"slower" a statement about the code: "is faster", "runs faster", "much faster",
# "5% faster" (not "reply faster", "debug it faster").
_IS_OR_AMOUNT = ("run|runs|ran|running|is|are|was|were|be|been|being|gets|get|got|getting|becomes|become|"
                 "became|much|significantly|noticeably|slightly|considerably|far|way|lot|bit|times|twice|%")

_SPECS: dict[str, list[str]] = {
    "C:improvement": [
        _IS_OR_AMOUNT + " faster|quicker|speedier|cheaper",
        "make|makes|made|making *4 faster|quicker|cheaper",
        "outperform|outperforms|outperformed|outperforming",
        "speed|speeds|sped up",
        "speedup|speedups|speed-up",
        "increase|increases|increased|increasing|boost|boosts|boosted|raise|raises *2 the? "
        + _BENEFIT.replace("|perf|", "|"),
        "reduce|reduces|reduced|reducing|lower|lowers|lowered|decrease|decreases|decreased|cut|cuts|"
        "mitigate|mitigates|mitigated|eliminate|eliminates|eliminated|save|saves|saved|saving|shorten|"
        "shortens|shortened *4 " + _COST,
        _COST + " is|are|was|were|gets|got|get|has|have been? *1 reduced|mitigated|lowered|eliminated|"
        "decreased|shortened|improved",
        "help|helps|helped to? better|improve|reduce|speed|lower|increase",
        "help|helps|helped *4 better",
        _COST + " goes|go|went|going|gone|come|comes|came down",
        _BENEFIT + " goes|go|went|going|gone up",
        "lower|less|fewer|smaller " + _COST.replace("|time|times|", "|").replace("|instructions|", "|"),
        "higher|better " + _BENEFIT,
        "significant|huge|big|nice|large|considerable|dramatic|substantial|measurable|noticeable|"
        "non-trivial|good improvement|improvements|improvment|gain|gains|speedup|win",
    ],
    "C:weak-improvement": [
        "improve|improves|improved|improving|improvement|improvements|improvment|improvments|gain|gains|"
        "benefit|benefits|boost|boosts",
        "better",
        "faster|quicker|cheaper",
    ],
    "C:regression": [
        _IS_OR_AMOUNT + " slower",
        "make|makes|made|making *4 slower",
        "slowdown|slowdowns|slow-down",
        "expensive|costly|costlier operation|operations|function|functions|call|calls|instruction|"
        "instructions|path|paths|hypercall|hypercalls|syscall|syscalls|lookup|lookups|flush|flushes|exit|exits|"
        "barrier|barriers|atomic|atomics|lock|locks",
        "slow|slows|slowed|slowing down",
        "degrade|degrades|degraded|degrading|degradation|degradations|downgrade|downgrades",
        "a|small|big|significant|performance|perf|huge|noticeable|slight|measurable|large|minor|major|some "
        "hit|hits",
        "takes|take|took|taking|takes a|the? hit",
        "penalty|penalties",
        "take|takes|took|taking *2 longer",
        "add|adds|added|adding|introduce|introduces|introduced|cause|causes|caused|incur|incurs|incurred "
        "*3 overhead|latency|cost|penalty|contention|slowdown",
        "overhead|latency|penalty|slowdown caused|introduced|added|incurred by",
        "increase|increases|increased|increasing|higher|more *2 " + _COST.replace("|time|times|", "|"),
        "performance|throughput|bandwidth|score *3 drop|drops|dropped|dropping|fall|falls|fell|suffers",
        _COST + " goes|go|went|going|gone up",
        _BENEFIT + " goes|go|went|going|gone|come|comes|came down",
        "costs|cost|costing an|a? extra|additional",
    ],
    "C:weak-regression": [
        "regression|regressions|regress|regresses|regressed",
        "worse",
        "overhead",
        "expensive|costly|costlier",
        "slower",
        "has|have|had|having a|an|some|significant|big|noticeable|measurable|negative|huge *1 impact",
    ],
    # Neutral phrases that need a performance word beside them: "no difference in the kernbench results"
    # is a claim, "this makes no difference for correctness" is not.
    "C:weak-neutral": [
        "make|makes|made|making all|a|any|no|much the? *1 difference",
        "no|little|zero|negligible measurable|noticeable|significant|visible|real|obvious|discernible? "
        "difference|differences|change|changes|impact|effect",
        "within NUM PCT",
    ],
    "C:neutral": [
        "in|within the? noise",
        "noise level|region|range|margin|floor",
        "same|similar|comparable|identical|equal|unchanged|equivalent *3 " + _BENEFIT + "|results|numbers|"
        "latency|scores",
        _BENEFIT + "|results|numbers|latency|scores *3 same|similar|comparable|unchanged|identical|"
        "equivalent|flat|par",
        "negligible|insignificant|unmeasurable|imperceptible",
        "results|numbers|data|performance *8 side effect|effects",
        "n't|not|never|no *1 impact|impacts|affect|affects|hurt|hurts *3 " + _BENEFIT + "|"
        + _COST,
        "no|little|zero|without *2 impact|effect|difference|change on *3 " + _BENEFIT + "|" + _COST,
        "no *2 performance|perf|throughput|latency difference|change|impact|regression|degradation|"
        "downgrade|overhead|slowdown|penalty",
    ],
    # Makes a cost phrase neutral: "less significant", "less than 0.5%".
    "C:neutralizer": [
        "less|not significant|noticeable|measurable",
        "less|lower than",
        "below|within|under|at most NUM PCT",
        "below|within NUM",
        "negligible|insignificant|marginal|tiny",
    ],
    "C:negation": [
        "not|n't|no|never|cannot|hardly|nor",
    ],
    # "lower is better" describes a metric, "if any" and "would be" hedge a request.
    "C:metric-direction": [
        "lower|higher|smaller|bigger|less|more is|=|are better",
    ],
    "C:direction": [
        "increase|increases|increased|decrease|decreases|decreased|drop|drops|dropped|rise|rises|rose|"
        "grow|grows|grew|shrink|shrinks|shrank|fall|falls|fell",
    ],
    "C:cost": _COST.split("|"),
    "C:benefit": _BENEFIT.split("|"),
    "C:context": _CONTEXT.split("|") + ["re:^\\w+bench$", "re:^[\\w-]+/s(?:ec)?$"],
    "C:intensity": [
        "significant|significantly|huge|greatly|big|nice|considerable|considerably|dramatic|dramatically|"
        "substantial|substantially|noticeable|measurable|obvious|obviously|non-trivial|trivial",
    ],
}

CLAIM_PATTERNS: dict[str, list[list[dict]]] = {
    label: [compile_pattern(spec) for spec in specs] for label, specs in _SPECS.items()
}

# "from 466KB/s to 477KB/s", "from ~2.2K-8.7K to ~0.5K-2.2K": a before/after result, not a claim.
_FROM_TO_RE = re.compile(r"\bfrom\s+(?:about\s+|around\s+)?[~≈]?\s*\d[^\s]*(?:\s+\S+){0,2}?\s+to\s+[~≈]?\s*\d",
                         re.I)
_MAGNITUDE_REACH = 40  # "improvement (11%)", "improves about 6%"; not "CPU usage spikes to 100%" 70 chars on
_PERCENT_RE = re.compile(r"(?<![\w.])[~≈+-]?(\d+(?:\.\d+)?)\s*%")
# A sentence that only gives a figure for what the sentence before named: "It was about 2.2%."
_BARE_FIGURE_RE = re.compile(r"^(?:it|that|this|which)\s+(?:was|is|were|are)\s+(?:about|around|roughly|"
                             r"approximately|only|just|nearly|almost|~)?\s*[~≈]?\d+(?:\.\d+)?\s*%\s*\.?$", re.I)


@dataclass(frozen=True)
class Claim:
    """A performance claim: the sentence, where it is in the block, its polarity and stated magnitude."""

    start: int
    end: int
    text: str
    polarity: str  # improvement, regression or neutral
    magnitude_pct: float | None  # the stated size of the effect, always positive; None when not stated
    check: str = "unchecked"  # against the message's evidence (see check_claim); set by the caller


def _result_only(sentence: Sentence, cue_start_char: int) -> bool:
    """Whether an effect word is the verb of a plain "from X to Y" result."""
    for match in _FROM_TO_RE.finditer(sentence.text):
        if 0 <= match.start() - cue_start_char <= 40:
            return True
    return False


def _effects(sentence: Sentence) -> list[tuple[int, str]]:
    """The effect phrases of a sentence as (token position, polarity), in order."""
    labels = {cue.label for cue in sentence.cues}
    context = "C:context" in labels or bool(_PERCENT_RE.search(sentence.text))
    intensity = "C:intensity" in labels
    directions = {cue.start for cue in sentence.labels("C:metric-direction")}
    effects = []
    for cue in sentence.cues:
        if not cue.label.startswith("C:"):
            continue
        kind = cue.label[2:]
        if kind in ("weak-improvement", "weak-regression", "weak-neutral"):
            if kind == "weak-regression" and cue.text.lower() == "overhead":
                if not _PERCENT_RE.search(sentence.text):
                    continue
            elif not (context or (intensity and kind != "weak-neutral")):
                continue
            kind = kind[5:]
        if kind not in ("improvement", "regression", "neutral"):
            continue
        if any(d <= cue.start < d + 3 for d in directions):
            continue  # "lower is better"
        if _result_only(sentence, cue.char):
            continue
        effects.append((cue.start, kind))
    effects.sort()
    return effects


def _polarity(sentence: Sentence, effects: list[tuple[int, str]]) -> str:
    position, polarity = effects[0]
    negations = [cue.start for cue in sentence.labels("C:negation")]
    if polarity != "neutral" and any(0 < position - n <= 5 for n in negations):
        return "neutral"
    if polarity == "regression" and sentence.has("C:neutralizer"):
        return "neutral"
    return polarity


def _magnitude(text: str, near: int | None = None) -> float | None:
    """The percentage a claim states: the one closest to its effect phrase (at char `near`), at most
    `_MAGNITUDE_REACH` characters away, leaving out the ends of a "from X% to Y%" result."""
    spans = [m.span() for m in _FROM_TO_RE.finditer(text)]
    best: tuple[int, float] | None = None
    for match in _PERCENT_RE.finditer(text):
        if any(start <= match.start() < end + 12 for start, end in spans):
            continue
        distance = 0 if near is None else min(abs(match.start() - near), abs(match.end() - near))
        if distance <= _MAGNITUDE_REACH and (best is None or distance < best[0]):
            best = (distance, abs(float(match.group(1))))
    return best[1] if best else None


def _direction_from_context(sentence: Sentence, previous: Sentence | None) -> str | None:
    """The polarity of a bare "it would decrease" / "an increase of 5%" from the metric named before."""
    words = [cue.text.lower() for cue in sentence.labels("C:direction")]
    if not words:
        return None
    up = words[0].startswith(("increase", "rise", "rose", "grow", "grew"))  # else: decrease, drop, fall
    metric = None
    for source in (sentence, previous):
        if source is None:
            continue
        named = sorted(source.labels("C:cost") + source.labels("C:benefit"), key=lambda c: c.start)
        if named:
            metric = named[-1].label
            break
    if metric is None:
        return None
    lower_is_better = metric == "C:cost"
    return "improvement" if up != lower_is_better else "regression"


def find_claims(text: str) -> list[Claim]:
    """Sentences asserting a performance effect in one block of text (quote prefixes already removed).

    Each Claim has the sentence's offsets in `text`, the sentence with single spaces for line breaks,
    its polarity and the stated magnitude in percent (or None). Never raises because of content.
    """
    sentences = find_sentences(text)
    found: list[Claim] = []
    pending: tuple[Sentence, str] | None = None  # a claim that the next sentence may complete
    for index, sentence in enumerate(sentences):
        previous = sentences[index - 1] if index and sentences[index - 1].unit == sentence.unit else None
        if pending is not None:
            first, polarity = pending
            pending = None
            if previous is first and _BARE_FIGURE_RE.match(sentence.text):
                joined = first.text + " " + sentence.text
                found[-1] = Claim(first.start, sentence.end, joined, polarity, _magnitude(sentence.text))
                continue
        if asks(sentence) or sentence.n_tokens > 90:
            continue
        effects = _effects(sentence)
        if effects:
            polarity = _polarity(sentence, effects)
            anchor = next(cue.char for cue in sentence.cues if cue.start == effects[0][0])
        else:
            polarity = _direction_from_context(sentence, previous)
            if polarity is None or _FROM_TO_RE.search(sentence.text):
                continue
            anchor = sentence.labels("C:direction")[0].char
        magnitude = _magnitude(sentence.text, anchor)
        found.append(Claim(sentence.start, sentence.end, sentence.text, polarity, magnitude))
        if magnitude is None:
            pending = (sentence, polarity)
    return found


# How far a claimed percentage may be from the evidence and still agree. Writers round ("about 11%") and
# pick the headline row, so a claim is judged by the closest comparison in the message, allowing a quarter
# of the claimed size, at least one point: "11%" agrees with 9.3% but not with 2%, "5%" with 4.2%.
_RELATIVE_TOLERANCE = 0.25
_ABSOLUTE_TOLERANCE_PCT = 1.0
# Benchmarks on a quiet machine vary by a couple of percent from run to run: a "no difference" claim
# holds while every change stays inside that band (or inside the bound it states, if larger).
_NOISE_BAND_PCT = 2.0
_NEUTRAL_SHARE = 0.75  # "pretty much in the noise, except at 7 threads": most changes, not all of them


def check_claim(claim: Claim, deltas_pct: list[float],
                higher_is_better: list[bool | None] | None = None) -> str:
    """Whether a claim agrees with the comparisons of its message: "agrees", "disagrees" or "unchecked".

    `deltas_pct` are the (patched - baseline) / baseline * 100 of the message's table pairs and inline
    results; `higher_is_better[i]` says whether a rise of delta i is good (None or missing: unknown, then
    only sizes are compared). A neutral claim agrees when most deltas stay in the noise band; a claim
    with a magnitude agrees when some delta of a compatible direction is within tolerance of it; a claim
    without one agrees when the deltas of known direction lean its way. No deltas: "unchecked".
    """
    if not deltas_pct:
        return "unchecked"
    known = list(higher_is_better or [])[:len(deltas_pct)]
    directions = known + [None] * (len(deltas_pct) - len(known))
    gains = [None if h is None else (d if h else -d) for d, h in zip(deltas_pct, directions)]
    if claim.polarity == "neutral":
        band = max(_NOISE_BAND_PCT, claim.magnitude_pct or 0.0)
        inside = sum(abs(d) <= band for d in deltas_pct)
        return "agrees" if inside >= _NEUTRAL_SHARE * len(deltas_pct) else "disagrees"
    sign = 1 if claim.polarity == "improvement" else -1
    if claim.magnitude_pct is not None:
        tolerance = max(_ABSOLUTE_TOLERANCE_PCT, _RELATIVE_TOLERANCE * claim.magnitude_pct)
        for delta, gain in zip(deltas_pct, gains):
            if abs(abs(delta) - claim.magnitude_pct) <= tolerance and (gain is None or gain * sign > 0):
                return "agrees"
        return "disagrees"
    leaning = [gain for gain in gains if gain is not None]
    if not leaning:
        return "unchecked"
    return "agrees" if sum(leaning) * sign > 0 else "disagrees"
