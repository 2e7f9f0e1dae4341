"""Reviewers' performance questions and requests ("concerns") in mail prose.

A concern is a sentence that asks (ends in '?', or is a request: "we'd need to see ...", "would be good
to have ...", "please post numbers") about performance: asking for numbers, for the method behind them,
for real workloads, for regressions, for a profile, or for a comparison. Code-review and social questions
("Why not raw_cpu_read()?", "Any comments?") are not concerns: a sentence only counts when one of the
category phrase families below (or, for a plain question, a performance word) is in it.

The families are spaCy Matcher patterns kept as data (`QUESTION_PATTERNS`, compact specs compiled by
`extractors.sentences.compile_pattern`); `extractors.sentences` runs them once per sentence, together with
the claim patterns. When several categories match, the most specific wins (`CATEGORY_ORDER`): asking for a
profile or real workloads says more than asking for numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from extractors.sentences import Sentence, compile_pattern, find_sentences

_PERF_WORDS = (
    "performance|perf|throughput|latency|latencies|bandwidth|benchmark|benchmarks|benchmarking|"
    "microbenchmark|microbenchmarks|workload|workloads|overhead|faster|slower|speed|speedup|cycles|"
    "iops|scalability|cpu|measurements|measurement|numbers|profile|slowdown|cheaper|expensive|cost|"
    "runtime|instructions|cache|icache|dcache|caches|transactions|fps|tps|improvement|improvements|"
    "degradation|speedups|optimization|optimizations|efficiency|scaling|contention|measure|measured|"
    "measuring|benchmarked|slows|slowed|slowing|outperform|outperforms|outperformed|outperforming|"
    "perform|performs|performed|performing|scale|scales"
)

_SPECS: dict[str, list[str]] = {
    "Q:profile": [
        "profile|profiles|profiling|flamegraph|flamegraphs|callgraph",
        "flame graph|graphs",
        "perf record|report|top|annotate",
        "where *2 time *1 spent|going|go",
        "hot spots|paths",
        "hotspot|hotspots",
    ],
    "Q:real-workload": [
        "real|realistic|actual|production|macro|larger|bigger|big|concrete|practical|typical|"
        "end-to-end -? world? workload|workloads|benchmark|benchmarks|application|applications|"
        "apps|app|usecases|use|loads|load|users|scenario|scenarios",
        "real -? world|life",
        "real-world|real-life",
        "beyond|besides|other|outside than? *1 microbenchmark|microbenchmarks|micro|synthetic",
        "system -? level|wide",
        "in practice",
    ],
    "Q:skeptic": [
        "really|actually|even visible|noticeable|measurable|matter|matters|significant|care|worth|help|helps",
        "worth *2 complexity|it|optimizing|optimising",
    ],
    "Q:comparison": [
        "faster|slower|cheaper|quicker|better|worse|costlier|lighter|heavier than",
        "more|less expensive|efficient|costly than",
        "outperform|outperforms|outperformed|outperforming|outperforms",
        "vs|vs.|versus|against|compared|comparison|relative",
        "how does|do|would *3 compare",
    ],
    "Q:regression": [
        "regression|regressions|regress|regressed|regresses",
        "slowdown|slowdowns|slower",
        "slow|slows|slowed|slowing down|downs",
        "why did|does|do|is|are|would|has|have *6 drop|drops|dropped|decrease|decreased|degrade|degraded|"
        "regress|regressed|worse|slower",
    ],
    "Q:regtest": [
        "regression|regressions test|tests|testing|suite|suites",
    ],
    "Q:regression-weak": [
        "degrade|degrades|degraded|degradation|degradations|worse|hurt|hurts|penalty|penalize|penalizes",
    ],
    # Questions about measuring that need no performance word to be about measurement.
    "Q:method": [
        "how many runs|iterations|samples|repetitions|trials|measurements",
        "standard deviation|deviations|error",
        "stddev|stdev|variance|noise|noisy|statistically|confidence",
        "did|do|have|were|was you|they isolate|pin|warm|repeat|repeated|average|averaged",
    ],
    "Q:methodology": [
        "did|do|have|were|was you|they separate|disable|disabled|flush|account|control|distinguish|exclude|"
        "drop|reboot|rerun|warmup",
        "how many times|machines|threads|cpus|cores|loops",
        "how did|do|was|were|is|are you? *2 measure|measured|measuring|tested|test|run|ran|benchmark|"
        "benchmarked|calculate|calculated|compute|computed|get|got|obtain|obtained",
        "reproducible|reproduce",
        "what|which machine|hardware|setup|configuration|config|parameters|options|cpu|platform|system|"
        "compiler|kernel|baseline|method|methodology|tool|tools|settings",
    ],
    "Q:request-data": [
        "any|some|the|more|your|actual|hard performance|perf|benchmark|benchmarking? "
        "numbers|data|measurements|results|figures|benchmarks|tests|testing|stats|statistics",
        "do|did|have|has|could|can|would|will you|anyone|somebody|someone|we *4 measure|measured|"
        "measurements|benchmark|benchmarked|benchmarks|numbers|data|quantify|quantified|tested|test|"
        "tests|results|run",
        "back *3 claim|claims|up|that",
        "what|what's *4 overhead|cost|penalty|impact|slowdown|speedup|gain|improvement|benefit|difference",
        "how much|big|large|bad *4 overhead|cost|penalty|impact|slowdown|speedup|gain|improvement|benefit|"
        "difference|effect",
        "quantify|quantified|measurable|measured|numbers",
        "how does|do|would|will|did? it|this|that|they *2 perform|performs|performed|scale|scales|scaled",
    ],
    # A request for evidence that needs no performance word: "show that it actually does what you say".
    "Q:evidence": [
        "show|demonstrate|prove that? *3 actually|really|indeed",
    ],
    # A question with one of these is about performance even when no family says how ("other").
    "Q:perf-strong": [
        "performance|throughput|latency|latencies|overhead|scalability|faster|slower|speedup|slowdown|scale|"
        "scales|benchmark|benchmarks",
    ],
    "Q:optimize": [
        "optimize|optimise|optimization|optimisation|optimizing|optimising|optimizations",
    ],
    "Q:perf": _PERF_WORDS.split("|") + ["re:^\\w+bench$", "re:^\\w+perf$", "re:^\\w+/s(?:ec)?$"],
    # A declarative sentence that asks for something.
    "Q:request": [
        "we|i|you|one|they 'd|would|will|'ll|might really|definitely|also|first? need|like|want|have|love to "
        "see|have|get|run|know",
        "need|needs|have to see|show|run|demonstrate|prove|measure|quantify|know|test|get|provide|post",
        "would|'d|will be good|nice|interesting|useful|great|helpful|better|good|important to|if",
        "it|that would|'d|might be good|nice|interesting|useful|great|helpful|important to|if",
        "please|pls|kindly *2 provide|share|post|include|add|run|send|measure|test|show|report|quantify|"
        "rerun|re-run|try|check|benchmark|collect|give|do|repeat",
        "can|could|would you|someone|somebody|anyone please? share|post|provide|run|send|include|add|"
        "measure|test|show|rerun|re-run|do|try|check|quantify|benchmark|collect|give|repeat",
        "hope|hopefully *4 can|could|will do|run|test|measure|try",
        "i|we wonder|wondered",
        "i|we 'm|am|are|'re|was|were curious|wondering",
        "curious if|whether|how|about|to",
        "interested in|to see|seeing|knowing|hearing|how|whether",
        "numbers|data|results|benchmarks|figures ,? please|pls",
        "my question is",
    ],
    "Q:self-doubt": [
        "am i missing|overlooking something|anything",
        "what am i missing|overlooking|doing",
        "did i do|miss something|anything",
    ],
}

QUESTION_PATTERNS: dict[str, list[list[dict]]] = {
    label: [compile_pattern(spec) for spec in specs] for label, specs in _SPECS.items()
}

# The most specific category wins when several match; a weak regression word ("degradation") only
# decides when nothing else does ("any numbers, so we know whether there is any degradation?").
CATEGORY_ORDER = ("profile", "real-workload", "comparison", "regression", "methodology", "request-data",
                  "regression-weak")
# A sentence that ends in a question mark (also before a closing bracket, quote or smiley).
_QUESTION_END_RE = re.compile(r"\?+\s*(?:[)\]\"'”»]|[;:]-?\)|\s)*$")


@dataclass(frozen=True)
class Question:
    """A performance question or request: the sentence, where it is in the block, and its category."""

    start: int
    end: int
    text: str
    category: str  # request-data, methodology, real-workload, regression, profile, comparison, other


def asks(sentence: Sentence) -> bool:
    """Whether a sentence asks for something: a question, or a request without a question mark."""
    return bool(_QUESTION_END_RE.search(sentence.text)) or sentence.has("Q:request")


def _category(sentence: Sentence, context_has_perf: bool) -> str | None:
    """The concern category of an asking sentence, or None when it is not about performance."""
    labels = {cue.label for cue in sentence.cues}
    perf = "Q:perf" in labels
    found = set()
    if "Q:profile" in labels and (perf or _QUESTION_END_RE.search(sentence.text)):
        found.add("profile")
    if "Q:real-workload" in labels:
        found.add("real-workload")
    if "Q:skeptic" in labels and (perf or "Q:optimize" in labels):
        found.add("real-workload")
    if "Q:comparison" in labels and perf:
        found.add("comparison")
    # "regression tests" without a performance word are functional tests
    if "Q:regression" in labels and (perf or (context_has_perf and "Q:regtest" not in labels)):
        found.add("regression")
    if "Q:method" in labels or ("Q:methodology" in labels and (perf or context_has_perf)):
        found.add("methodology")
    if ("Q:request-data" in labels and perf) or "Q:evidence" in labels:
        found.add("request-data")
    if "Q:regression-weak" in labels and perf:
        found.add("regression-weak")
    for category in CATEGORY_ORDER:
        if category in found:
            return "regression" if category == "regression-weak" else category
    if "Q:self-doubt" in labels and context_has_perf:
        return "methodology"
    if "Q:perf-strong" in labels and _QUESTION_END_RE.search(sentence.text):
        return "other"
    return None


def find_questions(text: str) -> list[Question]:
    """Performance questions and requests in one block of text (quote prefixes already removed).

    Each Question has the sentence's offsets in `text`, the sentence with its line breaks replaced by
    single spaces, and its category. Never raises because of content; text without prose gives [].
    """
    found: list[Question] = []
    sentences = find_sentences(text)
    for index, sentence in enumerate(sentences):
        if not asks(sentence):
            continue
        before = sentences[max(0, index - 4):index]
        context_has_perf = any(s.has("Q:perf") or s.has("C:context") for s in before)
        category = _category(sentence, context_has_perf)
        if category is not None:
            found.append(Question(sentence.start, sentence.end, sentence.text, category))
    return found
