"""The cue patterns of the sentence classifier: spaCy Matcher patterns kept as data.

Each label names one general cue of review mail (a request, a doubt, a hedge, an effect phrase, a
category family); `extractors.prose.classify` decides from the set of cues a sentence has. The effect
phrases of a claim are kept in `extractors.prose.effect_cues`. Patterns are written in a compact spec
(`extractors.prose.cue_spec`) and compiled once at import into `CUE_PATTERNS`, plain `Matcher` patterns
over the token's own attributes (LOWER, IS_PUNCT, ENT_TYPE), which a blank pipeline fills: no LEMMA, POS
or DEP.
"""

from __future__ import annotations

from extractors.prose.cue_spec import BENEFIT, JUDGED_BAD, NEGATION, any_of, compile_pattern
from extractors.prose.effect_cues import EFFECT_SPECS
from extractors.vocab.performance import HARDWARE_WORDS, STRONG_SUBJECTS, WEAK_SUBJECTS
from extractors.vocab.requests import (ASKERS, BREAKAGE_WORDS, DOUBT_WORDS, FUNCTIONAL_WORDS, HEDGES, BELIEFS,
                                       MEASURE_VERBS, MEASURING_FORMS, NEGATIONS, REQUEST_VERBS, TEST_WORDS,
                                       WORTH_ADJECTIVES)


# What "it would be good to ..." asks for: to see, to know, to measure (to avoid a cost is a design wish).
_SEE_VERBS = ("see", "have", "know", "get", "hear", "understand", "find",
              "include", "add", "mention", "document", "describe", "you", "we", "someone", "somebody", "anyone")
_REQUEST_VERBS = any_of(REQUEST_VERBS)

# What a proposal or a plan does to the code: its effect is its aim, not a finding.
_PROPOSED_VERBS = ("work|try|consider|speed|optimise|optimize|reduce|improve|make|fix|use|remove|add|change|switch|"
                   "move|avoid|implement|keep|replace|rework|revert|convert|introduce|allow|enable|disable|drop|"
                   "cache|batch|skip|defer|restore|recover|regain|address|resolve|solve")

# What a run brings, good or bad, as a noun.
_OUTCOME_NOUNS = ("improvement|improvements|gain|gains|speedup|speedups|benefit|benefits|boost|slowdown|slowdowns|"
                  "degradation|difference|differences")
# ... those that can only be a speed's ("a benefit" or "a difference" may be a design's)
_SPEED_OUTCOMES = "|".join(noun for noun in _OUTCOME_NOUNS.split("|")
                           if noun not in ("benefit", "benefits", "difference", "differences"))

# What a run brings that is a speed by itself, as a noun (not a "difference", not a "benefit" of a design).
_RUN_EFFECT_NOUNS = "improvement|improvements|speedup|speedups|slowdown|slowdowns"
# A change asked about by what it is or what is done ("does changing that to X help?", "would reverting
# the hunk change things?"): the opening of a question whether it helped or moved the figures.
_ASKED_CHANGE = ("does|did|do|would|will it|this|that|these|those|the|a|an|changing|making|using|adding|removing|"
                 "switching|increasing|reducing|raising|lowering|disabling|enabling|setting|moving|reverting|dropping")

_SPECS: dict[str, list[str]] = {
    # performance subjects: strong ones alone make a sentence about performance, weak ones only together
    "SUBJECT": [any_of(STRONG_SUBJECTS),
                # metric and tool names by their naming conventions: "hackbench", "ops_per_sec", "read_bw"
                r"re:(?:^|/)[a-z][\w.-]*(?:bench|_per_sec|_per_second|_bw|_iops|_lat|_latency|_throughput)(?:/|$)",
                # compounds of a subject: "performance-wise", "perf-critical", "latency-sensitive"
                r"re:^(?:performance|perf|latency|throughput|bandwidth)-\w",
                "line|wire rate",  # a link's full speed: "hit the Ethernet line rate"
                # a gain or a slowdown seen in a run: "we see significant improvement when ...", "I measured a
                # slight slowdown" (not "I see an improvement over v2": a reviewer's opinion of a version)
                "we|they see|saw|observe|observed|measured|notice|noticed *2 " + _RUN_EFFECT_NOUNS,
                "i saw|observed|measured|noticed *2 " + _RUN_EFFECT_NOUNS],
    "WEAK_SUBJECT": [any_of(WEAK_SUBJECTS)],
    # asking the author for something, without a question mark
    "REQUEST": [
        # ("please continue the runs on the big box", "please keep testing": a run asked to go on)
        "please|pls|kindly " + any_of(set(REQUEST_VERBS) | {"also", "consider", "try", "rerun", "do", "continue", "keep"}),
        "can|could|would|will you|someone|somebody|anyone please? also? " + _REQUEST_VERBS,
        "possible|able for you to " + _REQUEST_VERBS,  # "would it be possible for you to run this on ...?"
        # a hand asked for with a task ("could you please help with a run on your board?"); "help me understand" asks
        # to be told, which the question's own words decide
        "can|could|would|will you|someone|somebody|anyone please? also? help with",
        # the asker's own seeing, asked leave for: "can I please see the full output?", "could we get the job file?"
        "can|could|may i|we please? see|get|have",
        # a run asked for again, with the asker: "could we re-run the benchmark without X enabled?"
        "can|could we please? rerun|re-run|repeat",
        any_of(ASKERS) + " would|'d? really|also|definitely|at? least? like|love|prefer to see|have|know|get|understand",
        any_of(ASKERS) + " really? want|wanted to see|know", "you could " + _REQUEST_VERBS,  # "I want to see ..."
        "maybe|perhaps you can " + _REQUEST_VERBS,  # a suggestion to the author: "maybe you can rerun it"
        any_of(ASKERS) + " was|were|am|are|'m|'re hoping to see|get|know",  # "I was hoping to see your results"
        "would|'d be " + any_of(WORTH_ADJECTIVES) + " to|if *1 " + any_of(_SEE_VERBS + MEASURE_VERBS),
        # ... as the second of two things to do: "it would be nice to name the machine and post the figures"
        "would|'d be " + any_of(WORTH_ADJECTIVES) + " to *6 and " + any_of(_SEE_VERBS + MEASURE_VERBS),
        # what to add named before it: "a perf callgraph would be a nice(r) thing to add"
        "would|'d be a|the? " + any_of(WORTH_ADJECTIVES + ("nicer",)) + " thing|idea|addition to " + any_of(_SEE_VERBS + MEASURE_VERBS),
        # the evidence as the subject: "more data would be useful", "some numbers would help"
        "numbers|data|results|measurements|figures would|'d be " + any_of(WORTH_ADJECTIVES),
        "numbers|data|results|measurements|figures would|'d help",
        # ... more of it asked for in the passive: "more numbers should be shared", "more data is required to
        # find ..." ("the results can be posted by the bot" tells where results that exist go)
        "some|more|any|additional|further|extra *1 numbers|data|results|measurements|figures can|could|should|must be "
        "posted|shared|provided|collected|gathered|included|added|published",
        "some|more|any|additional|further|extra *1 numbers|data|results|measurements|figures is|are needed|required|"
        "necessary",
        "it'd|that'd be " + any_of(WORTH_ADJECTIVES) + " to|if *1 " + any_of(_SEE_VERBS),
        # a check worth making, as a gerund or with its modal's "be" left out: "it might be worth checking the
        # guest too", "it might worth to check the cpu utilization"
        "might|may|could|would be? worth|worthwhile checking|testing|measuring|trying|running|comparing|profiling",
        "might|may|could|would be? worth|worthwhile to check|test|measure|try|run|compare|profile",
        # the evidence missed where it should be: "I don't see any benchmark results in the changelog"
        # ("can't find numbers" is as often the speaker's own lost in an archive)
        "don't|didn't|not see any? performance|benchmark|perf? data|numbers|results|measurements|figures",
        "i|we|i'd|we'd|i'll would? *1 suggest|recommend|advise|propose",
        "i'm|we're *1 suggesting|recommending|advising|proposing",  # "I'm suggesting measuring ..."
        "i|we am|are *1 suggesting|recommending|advising|proposing",
        # advice to the author in the idiom of "had better": "it'd better to lock the frequency", "you'd better rerun"
        # ("the CPU had better not touch it" says what a thing must not do)
        "it'd|you'd better to?", "you|we had better to?",
        # a polite request whose verb names the act: "do you mind sharing more details?"
        # ("do you mind trying it with the other series?": a run on another setup asked for)
        "do|would you mind " + any_of([form for form in MEASURING_FORMS if form.endswith("ing")] + ["trying"]),
        # a measurement someone else has to make: "someone would have to do proper measurements first"
        "someone|somebody|anyone would|will need|have to ~4 " + _REQUEST_VERBS,
        "you|you'd should|could|need|must|might|may|want *2 " + any_of(MEASURE_VERBS),
        # a profiler named as the tool to use: "you could try perf stat to see where the cycles go"
        "you|you'd should|could|might|may|can also? use|try perf|ftrace|bpftrace|trace-cmd|flamegraph|flamegraphs",
        "need|needs to see|show|demonstrate|prove|measure|quantify",
        # to know is asked by the speaker ("we need to know how much it costs"); "users need to know the knob
        # affects performance" tells what others must be told
        "i|we need|needs to know",
        "need|want some|more|the? numbers|data|measurements|results",
        # the evidence named as performance numbers, whatever is said of it: "we need solid performance number"
        "need|needs|want *2 performance|benchmark|perf number|numbers|data|results|measurements",
        "you need|must to? have some|more|the? numbers|data|measurements|results",  # what the author must bring
        # "like" wants something only after "would": "it seems like data is corrupted" compares
        "would|i'd|we'd like some|more|the? numbers|data|measurements|results",
        # what should be done with the runs, said of them: "should (be) compared with the old allocator too"
        "should|must be? compared|benchmarked|quantified",  # ("measured" is also what an integrity policy does)
        # "interesting to see numbers", "let's see some data", not "see results at:" (a pointer), "able to see the
        # data mismatch" nor the speaker's own seeing ("in the dump I see data from another file")
        "to|let's|lets|me see some|more? numbers|data|measurements", "to|let's|lets|me see some|more results",
        "i|we wonder|wondered",
        "i|we am|are|'m|'re curious|wondering",
        "i'm|we're curious|wondering",
        "curious if|whether|how|about|to|what",
        "interested in|to see|seeing|knowing|hearing", "interested in *2 numbers|data|results|measurements|figures",
        # an indirect question, as "curious whether": "I'd be interested (to find out) if it still helps"
        "interested if|whether", "interested to find|know|learn out? if|whether|how|what",
        "interested in how|whether|why|what",  # "I'm interested in how you got the same performance"
        "numbers|data|results please|pls",
        "numbers|profiles|measurements|benchmarks|figures PUNCT please|pls",  # "Profiles, please."
        "my question is",
        # a reviewer pointing out that numbers are missing
        "you don't|didn't|haven't|never provide|show|post|give|include|share|provided|shown|posted|shared|gave "
        "*2 number|numbers|data|measurements|benchmarks|results|figures",
        "you did|do|have not|never provide|show|post|give|include|share|provided|shown|posted|shared|given "
        "*2 number|numbers|data|measurements|benchmarks|results|figures",
        "there are|is|were no|not numbers|data|measurements|benchmarks|figures",
        # asking whether the author has the evidence: "do you have any test results to share?"
        "do|did|does you|anyone|someone|somebody have|has|got *2 numbers|data|results|measurements|figures|"
        "benchmarks|stats",
        # the same asked as a condition: "if you have any numbers, it would be good to include them"
        "if you have|had *2 numbers|results|measurements|figures|benchmarks|stats",
        # what the speaker would add in the author's place: "I would put some numbers in the changelog"
        "i|we would|'d put|add|include|mention *3 numbers|data|results|measurements|figures",
        "i'd|we'd put|add|include|mention *3 numbers|data|results|measurements|figures",
        # an indirect question: "I wanted to ask you whether you measured ..."
        "ask|asking you? whether|if|how|what|why",
    ],
    # the speaker's own plan or offer: "I'll post numbers", "we will measure", "let me run"
    "PLAN": [
        "i|we will|shall|'ll|can|could also? " + _REQUEST_VERBS + "|look|rerun|respin|update|collect",
        # "I will see", "I can see if it helps"; "I can see that the time decreases" reports what was seen
        "i|we will|shall|'ll also? see",
        "i|we can|could also? see if|whether|what|how|about",
        "i'll|we'll also? " + _REQUEST_VERBS + "|look|rerun|see|respin|update|collect",
        "i|we am|are|'m|'re going|planning|about|trying to",
        "i'm|we're going|planning|about|trying to",
        "let me|us",
        "let's",
        # the speaker's willingness is an offer ("happy to explore it as an optimization"), unless what
        # they are glad to do is to tell ("happy to report that it is 10% faster")
        "happy|glad|willing to re:^(?!report$|say$|see$|announce$|share$|confirm$)",
        "i|we plan|intend|hope to",
        # what the speaker hopes or will be able to do: "I'm hoping I'll be able to address the slowdown"
        "i|we will|shall be able to", "i'll|we'll be able to", "i'm|we're hoping", "i|we am|are hoping",
        # what the speaker wants or needs to do; wanting to see the evidence asks for it ("I feel we
        # need to see a production workload", as "I'd need to see numbers" below)
        r"i|we want|need to re:^(?!see$|hear$)",
        # what the speaker would have to do: "I would need to measure the implications" (but "I'd need
        # to see numbers" asks for them: seeing is no request verb)
        "i|we would|'d need|have to " + _REQUEST_VERBS,
        "i'd|we'd need|have to " + _REQUEST_VERBS,
        "if you want|like|need me|us *2 to",  # "if you want me to test it, ..."
        "let me|us know",
        "i'm|we're|i|we am|are? looking|working|planning at|on|into",
        "i'd|we'd like|love to " + _REQUEST_VERBS,
        "will be " + _REQUEST_VERBS + "|running|testing|posting|sending",
        # a proposal of what to do, whose effect is its aim: "we should then work to optimise it"
        "i|we|you should|must|need|ought *2 " + _PROPOSED_VERBS,
        # what the speaker will change next: "I will reduce the cost of each IO in the next version"
        "i|we will|shall *1 " + _PROPOSED_VERBS,
        "i'll|we'll *1 " + _PROPOSED_VERBS,
    ],
    "DOUBT": [
        any_of(DOUBT_WORDS),
        NEGATION + " convinced", NEGATION + " realistic",
        "are|were you sure",
        "hard to believe", "too good to be true", "far from realistic|representative",
        "how come",
        "i|we wonder|wondered",  # the speaker's own wondering; "in case someone is wondering" is no doubt
        "i'm|we're wondering",
        "i|we am|are wondering",
        "i|i'm don't|do|am not? see|understand|get how|why",
    ],
    "HEDGE": [any_of(set(HEDGES) - {"can", "if"}),
              # "if" makes a condition, but "minimal if any" bounds what was seen ("if any" ending its clause)
              "if re:^(?!any$)", r"if any re:^\w",
              # "can" hedges what it is before, but not what one perceives or finds: "I can see that the time
              # drops", "we can find that it reduces ..." ("as far as I can tell" stays a hedge, and so does
              # what one can see being: "I can see this being a nice win")
              "can re:^(?!see$|observe$|notice$|confirm$|find$)", "can see|observe|find *2 being|becoming",
              # a condition, as "if" is: "in case the frequency changes from 806 to 940 MHz" ("in case 2"
              # names a scenario, "in case of X" a scope as often as a condition, "in case you wonder" an aside)
              "in case the|it|a|an|that|this|there", "whenever",
              # a condition yet to be met: "once we address the issue" ("once we applied it" tells what happened)
              r"once we|you|they|i re:^(?!(?:had|did|were|was|saw|ran|got|made|took|found)$)(?!\w*ed$)\w+$",
              # a prediction: "we expect a 5% improvement", "no reason to expect it to be slower" ("as
              # expected, it is faster" reports a run that went as foreseen)
              "i|we|you|one|to expect|anticipate|predict",
              # a purpose, not a finding: "to make sure there is no regression"
              "to make sure", "to ensure|verify|confirm|check|avoid|prevent", "in order to|for",
              # what a search is for: "to figure out the best performance we could get"
              "to figure|find out", "to determine|evaluate|assess",
              "to facilitate|enable|allow|permit",  # "to facilitate faster integration": what it is for
              "in the future", "next|future version|revision|step|steps|iteration",
              # what should hold, not what a run found: "in theory, reading one shouldn't affect the others"
              "in theory|principle", "theoretically",
              "try|tries|trying|tried to",
              # a suggestion: "might be worth to consider ...", "worth trying"
              "worth to|considering|trying|looking|checking|investigating|exploring|measuring|testing",
              # "for reducing the overhead": a purpose, not an effect
              "for reducing|improving|minimizing|minimising|lowering|speeding|avoiding|optimizing|optimising|"
              "increasing|boosting|eliminating",
              # the speaker does not know: "I'm not sure it is faster", "it's unclear what the overhead is"
              "i|we am|are not sure|clear|certain", "i'm|we're not sure|clear|certain", "unclear|uncertain|unknown",
              "i|we don't|do not? know", "no idea",
              "difficult|hard|impossible to say|tell|know|predict",  # "it's difficult to say how expensive"
              # a capability expected, not shown: "iocost should be able to achieve similar results"
              "should|would|could|might|may be able to",
              # the speaker cannot tell: "I can't measure how much of the loss is due to the ring"
              "i|we can't|cannot|couldn't measure|tell|say|quantify"],
    # pointing at what was shown, where "can" hedges nothing: "as can be seen", "as you can see"
    "SHOWN": ["as can|could be seen|observed|noticed", "as you|we|one can|could see|observe|notice"],
    # "I could see the time drop": what one was able to perceive, as "I can see" is, is no belief
    "BELIEF": [any_of(set(BELIEFS) - {"could"}), "could re:^(?!see$|observe$|notice$|measure$)"],
    "NEGATION": [any_of(NEGATIONS)],
    # a bug, a failing test, a build: the sense of "regression" in most kernel mail
    "FUNCTIONAL": [
        any_of(FUNCTIONAL_WORDS),
        "regression|regressions " + any_of(TEST_WORDS),
        "build|builds|compile|compilation|boot|boots|booting " + any_of(BREAKAGE_WORDS),
        "fails|failed|failing|fail to build|compile|boot",
    ],
    # "fixes a regression": the change removes a regression, it does not cause one
    "FIX": ["fix|fixes|fixed|fixing|fixup|address|addresses|addressed|resolve|resolves|resolved|solve|solves|solved|"
            "revert|reverts|"
            "reverted|recover|recovers|recovered|restore|restores|restored|"
            # a cost that is avoided or removed is one the change removes: "avoiding X, which is much more
            # expensive", "removes a costly walk"
            "avoid|avoids|avoided|avoiding|prevent|prevents|prevented|preventing|remove|removes|removed|removing|"
            "eliminate|eliminates|eliminated|eliminating"],
    # a cost lessened is one the change takes away in part: "reduces the performance hit by half" (but "the
    # regression is fixed" says it of the regression, "IOs per syscall are reduced" of something else)
    "LESSEN": ["reduce|reduces|reducing|mitigate|mitigates|mitigating|minimize|minimizes|minimise|minimises|"
               "halve|halves"],
    # --- categories of a reviewer's question ---
    "PROFILE": [
        "profile|profiles|profiling|flamegraph|flamegraphs|callgraph|callchain",
        "flame graph|graphs",
        "perf record|report|top|annotate",
        "where *2 time|cycles *2 spent|going|go|goes",
        # where a cost comes from: "where does this extra cost come from?" asks what a profile shows
        "where is|are|does|do *2 overhead|overheads|cost|costs|slowdown|regression|time|cycles *4 come|comes|coming "
        "from",
        "hot spots|spot|paths",
        "hotspot|hotspots",
        "bottleneck|bottlenecks|callgraph|call-graph",
        # the functions a profile shows, by what they cost ("which functions take the time?", "what symbols
        # show up at the top?"), not which function a call returns to
        "what|which function|functions|symbol|symbols *3 show|shows|showed|dominate|dominates|take|takes|took|"
        "consume|consumes|spend|spends|cost|costs|hot|top",
        # or after the cost they would show: "you mention a 3% slowdown, which function?"
        "overhead|cost|costs|time|cycles|slowdown ~8 what|which function|functions|symbol|symbols",
    ],
    "REAL_WORKLOAD": [
        "real|realistic|actual|production|practical|typical|concrete|end-to-end|macro -? world|life? "
        "workload|workloads|application|applications|apps|app|users|user|scenario|scenarios|benchmark|"
        "benchmarks|loads|load|usage|setups|systems",
        "real-world|real-life|realworld",
        "real world|life",
        "use case|cases",
        "usecase|usecases|use-case|use-cases",
        "beyond|besides|outside|other than? *2 microbenchmark|microbenchmarks|micro-benchmark|"
        "micro-benchmarks|synthetic",
        "system -? level|wide",
        "in practice",
        "really|actually care|matter|matters|help|helps|worth|visible|noticeable|measurable|significant|"
        "show|shows",
        "worth the? added? extra? complexity|effort|churn|trouble|hassle|it|optimizing|optimising|complicating",
        "any|a workload|workloads|application|applications",
        # whether the code's callers spend enough time in it for a speedup to show ("do any callers spend
        # much time in this decoder?")
        "callers|caller|users spend|spends *6 time",
    ],
    "COMPARISON": [
        "faster|slower|cheaper|quicker|better|worse|costlier|lighter|heavier|higher|lower than",
        "more|less expensive|efficient|costly than",
        "outperform|outperforms|outperformed|outperforming",
        "vs|vs.|v.s.|versus|compared|compare|comparison|compares|comparing",
        "relative to",  # "relative" alone names a kind of thing ("relative throttling"), it compares nothing
        # "against" compares only runs: "protect against", "resend it against for-next" compare nothing
        "tested|benchmarked|measured|run|ran|test|benchmark|measure|measuring|testing against",
        "against the|a? baseline|base|vanilla|mainline|upstream|stock|original|unpatched|old",
        "same|similar numbers|results|performance",
        # the sameness asked after its subject: "are the results similar when using ...?", "is the result
        # different with 4k blocks?"
        "numbers|results|result|performance|throughput|latency|iops similar|different|comparable|identical",
    ],
    "REGRESSION": [
        "regression|regressions|regress|regressed|regresses",
        BENEFIT + " problem|problems|issue|issues",  # "the performance problem is fixed by this patch"
        "slowdown|slowdowns|slower|slow-down|degrade|degrades|degraded|degradation|hurt|hurts|penalty|"
        "penalize|penalizes|penalise|deteriorate|deteriorates|deteriorated|deterioration",
        "slow|slows|slowed|slowing down",
        "worse",
        JUDGED_BAD,
        # a metric that drops, or a drop in one; "drop the argument" removes something
        BENEFIT + " *2 drop|drops|dropped|dropping",
        "drop|drops in|of *1 " + BENEFIT,
        "drop|drops|dropped|dropping from|by",  # "dropped from 924 to 322", "drops by 5%"
        "incur|incurs|add|adds|introduce|introduces|cause|causes *3 overhead|latency|cost|penalty|"
        "contention|slowdown",
    ],
    "METHODOLOGY": [
        "how many runs|iterations|samples|times|repetitions|trials|machines|threads|cpus|cores|loops",
        # the machine a run was made on, asked under its numbers: "how many CPU cores did the system have?",
        # "how much RAM do you have?", "what SSD was this?"
        "how many cpu|logical|physical|numa cpus|cores|threads|nodes|sockets",
        "how much ram|memory *4 have|has|had",
        "what|which *1 re:^(?:ssd|hdd|nvme|disk|drive)s?(?:/\\S+)?$ was|were|is|are|did|do",
        # storage media set against each other: "stored on a spinning disk or an NVMe?"
        "re:^(?:ssd|hdd|nvme|disk|drive)s?$ or on? a|an? ssd|hdd|nvme|hard|spinning|rotating|rotational",
        "standard deviation|deviations|error",
        "stddev|stdev|variance|noise|noisy|statistically|significance|confidence|percentile|percentiles|"
        "fluctuation|fluctuations",
        # ... with a word of manner between: "did you properly enable DMA in the upstream case?"
        "did|do|have|were|was|are you|they actually|really|properly|also|correctly? isolate|pin|pinned|warm|repeat|"
        "repeated|average|averaged|disable|disabled|enable|enabled|flush|control|account|distinguish|exclude|drop|"
        "reboot|rerun|warmup",
        # what the run was set up with, asked under its numbers: "are you enabling some special perf mode?",
        # "are you intentionally using scsi_debug over null_blk?"
        "were|are you|they intentionally|deliberately|really? using|enabling",
        # which setup the numbers shown come from: "is this with the whole series applied?", "was that using
        # the old firmware?" ("is this against linux-next?", "on top of" ask what a patch applies to)
        "is|are|was|were it|this|that|these|those with|without|using|before|after",
        "did you|they intentionally|deliberately|really? use|enable",
        # more of how the run was made, asked for under its numbers: "do you have other info, like an affinity dump?"
        "do|does you|anyone have any|other|more|some? info|information|details|dump|dumps",
        "how did|do|was|were|is|are you? *2 measure|measured|measuring|test|tested|run|ran|benchmark|"
        "benchmarked|calculate|calculated|compute|computed|get|got|obtain|obtained|arrive",
        # ... asked of someone else's run, indirectly: "I'm interested in how Bob got the same performance"
        "how *3 measured|tested|ran|benchmarked|calculated|computed|got|obtained|achieved|arrived",
        "reproducible|reproduce|reproduced|reproducing|representative",
        "what|which machine|hardware|hw|setup|configuration|config|cpu|platform|system|compiler|baseline|"
        "method|methodology|tool|tools|settings|parameters|options|workload|workloads|benchmark|benchmarks|test|fs|"
        "filesystem|device|disk|drive|storage|program|programs|generator",  # "what program made the load?"
        # the kernel a run was made on ("what kernel was this?", "which kernel version"), not "what kernel
        # interfaces would userspace use?"
        "what|which kernel|kernels was|were|is|are|did|do|does|version|versions|config|tree|branch",
        "what does|do *6 mean",
        # an explanation asked of the numbers shown: "why are the numbers for 4k so different?"
        "why is|are|was|were|do|does|did the|these|those|your|this|that|its *2 numbers|result|results|"
        "figure|figures|measurement|measurements|run|runs|score|scores",
        "mean|means by",
        # what the measurement ran on and how it was set up, asked with words between
        "what|what's|which *4 hardware|setup|configuration|platform|machine|machines|topology|nic|nics|switch|baseline|"
        "drives|disks|environment|tools|tool|parameters|settings|sizes|program|generator",
        # ... and what the test was started with, or the storage layout it ran on: "what's the fs layout and
        # the CLI?" (a struct's layout is code)
        "what|what's|which *4 cli|cmdline|command-line|command|invocation",
        "what|what's|which *3 filesystem|fs|disk|raid|storage|partition layout",
        "what|which kind|kinds|type|types|sort of test|tests|testing|benchmark|benchmarks|benchmarking|workload|"
        "workloads",  # "what kind of testing?"
        "what|what's is|are|was|were? your|the *1 setting|settings",  # "what is your sampling_rate setting?"
        # the hardware a run was made on, asked of the author: "you ran this with nvme?", "how many queues
        # does your nvme have?" (what was done, not a test asked for: "can you test this on your machine?")
        "you ran|tested|measured|benchmarked *2 on|with|against|using a|an|the|your? " + any_of(HARDWARE_WORDS),
        "did|do|have you run|test|tested|tried|measure|measured|benchmark|benchmarked ~8 on|with|against|using|across|"
        "over a|an|the|your|multiple|several|different|two|real? " + any_of(HARDWARE_WORDS),
        # what the run was set against, asked under its numbers: "did you test without the other change?" ("have
        # you tested anything other than suspend?" asks how far a fix was tried)
        "did|do|have|has you|it|they|anyone test|tested|try|tried|run|ran|measure|measured|benchmark|benchmarked"
        " ~6 without",
        # ... or with something switched: "did you try disabling the prefetcher for that run?"
        "did|have you|anyone try|tried turning|switching|disabling|enabling|removing|dropping|pinning|running",
        # a setting of the run asked for: "what block size did you use?", "which queue depth did you test with?"
        "what|which *3 did|do you use|run|test|set|pass|pick|choose|configure",
        # the exact commands a run was made by: "can you state the exact command lines you are running?"
        "exact|full|complete|your command|commands|cmdline|cmdlines|command-line|command-lines",
        # what is known of how the run was set up: "I can't find much info about the test setup"
        "info|information|details|description about|on|of the|your? test|testing|benchmark|benchmarking|measurement|"
        "experimental setup|setups|environment|configuration|config|procedure|methodology",
        "how many *6 your " + any_of(HARDWARE_WORDS),
        # how the measured kernel was built: "was the tested kernel built with lockdep?" (debug and
        # preemption options change what a run measures)
        "is|was|are|were your|the tested? kernel|kernels|config|build *2 compiled|built|configured|booted with|without",
        # the load or the benchmark a run used, asked by a copula: "what is the tested workload?"
        "what|what's|which is|are|was|were the|your tested|measured|benchmarked workload|workloads|benchmark|"
        "benchmarks",
        # what a run was made with: "did you use fixed buffers for testing?", "what did you use for testing?"
        "use|used|using *3 for testing|benchmarking|measuring|measurements",
        "use|used|using *3 for the|your test|tests|benchmark|benchmarks|runs",
        # whether a figure is one run or several: "are these averages, or single runs?"
        "single|individual|repeated|multiple run|runs|sample|samples|iteration|iterations",
        # asking for the runs again in other setups: "can you try two more configurations?"
        "you|we *2 try|trying|rerun|re-run|retest|re-test *3 configurations|configuration|setups|settings|sizes|versions|"
        "values|machines|workloads",
        # ... or at another scale: "could you please try writing a larger file?", "run it longer"
        "you|we *2 try|trying|rerun|re-run|retest|re-test|test|run *3 larger|bigger|smaller|more|fewer file|files|size|"
        "sizes|blocks|requests|threads|jobs|queues|dataset|datasets|load",
        "you|we *2 run|rerun|re-run|retest|re-test it|them|this|the? test|tests|benchmark? longer",
        "have|did|do|were you|they *2 configure|configured|tune|tuned|pin|pinned|isolate|isolated|disable|disabled|"
        "bind|bound|affine",
        "details|detail|specific|specifical|precise|clearer about|on|of *2 test|tests|setup|configuration|"
        "environment|benchmark|benchmarks|workload|methodology|machine|hardware",
        "how|what about other|different|larger|smaller|bigger *2 sizes|size|workloads|devices|configurations|"
        "setups|machines",
        # how the run was set up, asked with the author as the subject: "were you testing with -p0?"
        "you|they were|are|was testing|running|measuring|benchmarking with|on|against|under",
        "were|are|was you|they testing|running|measuring|benchmarking with|on|against|under",
        # what the author's runs rest on: "is your testing based on cgroup v1?", "were the numbers taken with ..."
        "your|the testing|test|tests|setup|benchmark|benchmarks|runs|numbers|results *2 based|done|taken|made|run "
        "on|with|using|against|under",
        # the load's character, which decides what a result means: "what is the access pattern?", "is it a
        # write-heavy workload?" (a question under numbers only, as every METHODOLOGY cue)
        "what|what's|which *3 io|i/o|access|read|write|request pattern|patterns|mix",
        "is|was|are|were this|that|it a|an|your? ~2 workload|workloads",
        # the machine's topology, which decides where memory and interrupts land: "is your server NUMA?"
        "is|was|are|were ~2 " + any_of(HARDWARE_WORDS) + " ~2 numa|multi-socket|single-socket|multi-node|smp",
        # ... or which of two kinds it is: "is the array's disk SAS or NVMe?"
        "is|was|are|were the|your " + any_of(HARDWARE_WORDS) + " ~5 or",
        # what bounds a result: "is it caused by the PCIe bandwidth limit?"
        "is|was it|this|that caused|limited|bound|capped by",
        # the runs asked for again ("can you retest with the following patch?"), a performance question
        # only after numbers (in a bug report it asks whether a fix works; "can you test this patch?"
        # mostly does anywhere); what to do first may come between ("can you revert that hunk and re-test?")
        "can|could|would you *6 retest|re-test|rerun|re-run",
        # the runs asked for on another kernel: "please retest on a recent mainline kernel"
        "try|test|retest|re-test|rerun|re-run|run ~4 latest|newest|newer|recent|upstream|mainline",
        # advice about how the author's runs are done: "lock the frequency in your test as well"
        "in|for|during|with your test|tests|testing|runs|benchmark|benchmarks|measurements|experiments|setup|"
        "environment",
        # the setup a run was made on, asked to be told: "describe your hardware in the commit message"
        "describe|mention|document|share|provide|include|list ~12 hardware|setup|environment|platform|machine|machines",
    ],
    "DATA": [
        "numbers|data|measurements|results|figures|benchmarks|stats|statistics|benchmarking",
        "measure|measured|quantify|quantified|quantification|benchmarked|tested|test|run|ran",
        "how much|big|large|bad|small|tiny",
        # "what's the WRMSR cost?": what the cost is of may stand between
        "what|what's is? the? *1 overhead|cost|impact|penalty|gain|benefit|difference|improvement|speedup|effect|win",
    ],
    # a run's outcome asked for, by what was seen: "did you see any improvement?", "were there other
    # benefits observed?" (not an opinion asked in the present: "do you see any benefit in splitting it?")
    "OUTCOME": [
        # ... maybe with what it is of between ("did you see any performance gain?")
        "did|have|has you|we|anyone|anybody|someone|somebody *1 see|seen|notice|noticed|observe|observed|measure|"
        "measured any|other|a|an|some? *1 " + _OUTCOME_NOUNS,
        # ... in the present, of a speed only ("do you see a throughput gain with it?"; "do
        # you see some benefit in splitting it" weighs a design)
        "do you|we *1 see|notice|observe|measure any|a|an|some? *1 " + _SPEED_OUTCOMES,
        "was|were there any|other|a|an|some? " + _OUTCOME_NOUNS + " *5 observed|seen|noticed|measured",
        # whether a change helped, asked as the question's last word: "does changing that to X help?" (read
        # as an outcome only where the message shows numbers or the talk before is of performance)
        _ASKED_CHANGE + " ~8 help ?",
        # ... or whether it moves the figures at all: "does moving the function elsewhere change things?"
        _ASKED_CHANGE + " ~8 change|affect|alter things|anything|much ?",
        "does|did|do|would|will ~8 change|affect|alter the numbers|results|figures ?",
        "see|check|test|verify if|whether ~6 help|helps|helped ?",  # "could you check whether pinning helps?"
        "show|prove|demonstrate that|how ~6 help|helps|helped",  # "you'd have to show that batching helps"
    ],
}
_SPECS.update(EFFECT_SPECS)

CUE_PATTERNS: dict[str, list[list[dict]]] = {
    label: [compile_pattern(spec) for spec in specs] for label, specs in _SPECS.items()
}
