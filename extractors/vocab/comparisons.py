"""Words that state a comparison in English prose: which side is the baseline, which way a number moved,
and which words say that a difference is not one. The inline-result grammar (`extractors.prose.grammar`),
the results it feeds (`extractors.results`) and the sentence classifier (`extractors.prose.classify`)
read these lists; every entry is a general fact of how benchmark results are written, none is here
because one message has it.
"""

from __future__ import annotations

# Words naming the unpatched kernel or the configuration a change is measured against.
BASELINE_WORDS = frozenset({
    "without",  # "without the patch", "without my patches"
    "w/o",  # the common abbreviation of "without"
    "before",  # "before the change", "5.2s before"
    "base", "baseline",  # the usual column and prose names of the reference run
    "vanilla", "unpatched", "stock", "mainline", "upstream",  # an unmodified kernel
    "old", "original", "current", "existing",  # the code as it is before the change
    "initial",  # "the initial version": the first take of a change, measured against its rework
})
# Baseline words that are as often plain adjectives of the noun after them ("current drive temperature",
# "original size", "old value"): they name a side when nothing or a kernel's name follows them.
DESCRIBING_BASELINE_WORDS = frozenset({"old", "original", "current", "existing", "initial"})
# Verbs of appearance, which pass what governs them on to the verb after them: "doesn't seem to affect" denies
# as "doesn't affect" does, "would appear to drop" reports a drop; both only less sure.
SEEMING_VERBS = frozenset({"seem", "seems", "seemed", "appear", "appears", "appeared"})
# Words before a noun that make it one side of a comparison ("the old version", "the new kernel", "the
# previous code"): that noun names a run, whatever it would name alone (a "version" bumped, a setting).
SIDE_ADJECTIVES = DESCRIBING_BASELINE_WORDS | {"new", "previous", "patched", "modified"}
# Words naming the patched kernel or the changed configuration.
PATCHED_WORDS = frozenset({
    "with",  # "with the patch"
    "w/",  # the abbreviation of "with"
    "after",  # "after the change", "4.8s after"
    "patched", "new", "modified",  # the kernel carrying the change
})
# What "with"/"without" must name to be the patch side rather than any other preposition ("with 8
# threads"): the change itself or the series.
CHANGE_NOUNS = frozenset({
    "patch", "patches", "patchset", "series", "change", "changes", "commit", "fix", "this", "it", "them",
})
# Words that may stand between "with"/"without" and the change they name: "with the patch", "without
# my series", "with both patches".
DETERMINERS = frozenset({"the", "this", "that", "these", "those", "my", "our", "your", "his", "her", "their",
                         "all", "both", "a", "an"})

# Comparative adjectives and adverbs, and whether the patched side is the larger number.
COMPARATIVES: dict[str, bool] = {
    "faster": True, "quicker": True, "speedier": True,  # rate-like: said of the faster side
    "slower": False,  # the slower side; with a percentage, a loss
    "higher": True, "more": True, "bigger": True, "larger": True, "greater": True,
    "lower": False, "less": False, "fewer": False, "smaller": False,
    "better": True, "worse": False,  # judgements: direction of goodness, not of the number
    "cheaper": False, "costlier": True,  # said of a cost
    "longer": True, "shorter": False,  # said of a time: "takes 3.5% longer"
}
# Comparatives that judge rather than measure, and whether they say better: "5% faster" is a gain
# whatever the metric, "5% higher" only says which way the number went.
JUDGING_COMPARATIVES: dict[str, bool] = {
    "faster": True, "quicker": True, "speedier": True, "better": True, "cheaper": True,
    "slower": False, "worse": False, "costlier": False,
}

# Words of degree before a comparative or a judgement ("very expensive", "a bit slower"): how much, never
# which way; at most DEGREE_REACH of them stand together ("a lot").
DEGREE_WORDS = frozenset({"very", "quite", "rather", "pretty", "so", "too", "extremely", "really", "much", "far",
                          "a", "bit", "lot", "little", "slightly", "somewhat", "significantly", "noticeably"})
DEGREE_REACH = 2
# Verbs that say a number moved, and neither which way nor whether for the better ("going from 6ms to 24ms").
NEUTRAL_CHANGE_VERBS = frozenset({"change", "changes", "changed", "changing", "move", "moves", "moved", "moving",
                                  "went", "goes", "go", "going", "gone"})
# Verbs of change, and whether they make the number go up (True), down (False) or judge it (None).
CHANGE_VERBS: dict[str, bool | None] = {
    # rises
    **dict.fromkeys(["increase", "increases", "increased", "increasing", "rise", "rises", "rose", "risen",
                     "grow", "grows", "grew", "grown", "jump", "jumps", "jumped", "climb", "climbs", "climbed",
                     "raise", "raises", "raised", "boost", "boosts", "boosted", "double", "doubles", "doubled",
                     "go up", "goes up", "went up", "gone up", "lengthen", "lengthens", "lengthened"], True),
    # falls
    **dict.fromkeys(["decrease", "decreases", "decreased", "decreasing", "drop", "drops", "dropped", "dropping",
                     "fall", "falls", "fell", "fallen", "reduce", "reduces", "reduced", "reducing", "lower",
                     "lowers", "lowered", "cut", "cuts", "shrink", "shrinks", "shrank", "shrunk", "halve",
                     "halves", "halved", "go down", "goes down", "went down", "gone down", "come down",
                     "comes down", "came down", "slash", "slashes", "slashed", "trim", "trims", "trimmed",
                     "shorten", "shortens", "shortened", "shortening"], False),  # a duration, made shorter
    # judgements: the direction comes from the metric
    **dict.fromkeys(["improve", "improves", "improved", "improving", "speed up", "speeds up", "sped up",
                     "accelerate", "accelerates", "accelerated", "enhance", "enhances"], None),
    **dict.fromkeys(["regress", "regresses", "regressed", "regressing", "degrade", "degrades", "degraded",
                     "degrading", "deteriorate", "deteriorates", "deteriorated", "deteriorating", "slow down",
                     "slows down", "slowed down", "slowing down", "hurt", "hurts", "hurting"], None),
    **dict.fromkeys(sorted(NEUTRAL_CHANGE_VERBS), None),
    # an amount of a benefit won or given up: "gains 4% in IOPS", "losing ~20% throughput"
    **dict.fromkeys(["gain", "gained", "gaining", "lose", "loses", "lost", "losing"], None),
}
# Verbs that win an amount of what they act on, where "lose" gives it up: their object says whether that is
# better ("gained 5% throughput"); alone they are too common to judge a sentence ("we lost the race").
GAIN_VERBS = frozenset({"gain", "gained", "gaining"})
# Change verbs that say the result got better or worse whatever the metric.
GOOD_VERBS = frozenset({"improve", "improves", "improved", "improving", "speed up", "speeds up", "sped up",
                        "accelerate", "accelerates", "accelerated", "boost", "boosts", "boosted",
                        "enhance", "enhances"})  # not "enhanced": as often a variant's name ("enhanced mode")
# Their opposites, in every form (as GOOD_VERBS has "improving").
BAD_VERBS = frozenset({"regress", "regresses", "regressed", "regressing", "degrade", "degrades", "degraded",
                       "degrading", "deteriorate", "deteriorates", "deteriorated", "deteriorating", "slow down",
                       "slows down", "slowed down", "slowing down", "hurt", "hurts", "hurting"})

# Nouns of a change, with the same three-way sense as CHANGE_VERBS ("a 12% improvement").
CHANGE_NOUNS_SENSE: dict[str, bool | None] = {
    **dict.fromkeys(["improvement", "improvements", "speedup", "speed-up", "gain", "gains", "boost", "win",
                     "uplift"], None),
    **dict.fromkeys(["regression", "regressions", "slowdown", "slow-down", "degradation", "loss", "penalty",
                     "overhead", "hit"], None),
    **dict.fromkeys(["increase", "increases", "rise", "jump", "growth"], True),
    **dict.fromkeys(["decrease", "decreases", "drop", "drops", "reduction", "reductions", "fall", "decline", "cut",
                     "saving", "savings"], False),  # "17% cpu savings": less of what is named
}
GOOD_NOUNS = frozenset({"improvement", "improvements", "speedup", "speed-up", "gain", "gains", "boost", "win",
                        "uplift"})
BAD_NOUNS = frozenset({"regression", "regressions", "slowdown", "slow-down", "degradation", "loss", "penalty",
                       "overhead", "hit"})

# "up 5%", "down 3%": a change stated by a direction adverb.
UP_DOWN: dict[str, bool] = {"up": True, "down": False}
# Verbs whose "up" or "down" is their own particle, not a direction ("give up 1% of the CPU", "set up 4
# queues", "narrow down 3 cases"): what follows is what they act on, not a change.
PARTICLE_VERBS = frozenset({"give", "gives", "gave", "given", "giving", "end", "ends", "ended", "pick", "picks",
                            "picked", "set", "sets", "show", "shows", "showed", "make", "makes", "made", "use",
                            "uses", "used", "free", "frees", "freed", "wake", "wakes", "woke", "clean", "cleans",
                            "cleaned", "break", "breaks", "broke", "narrow", "narrowed", "back", "backed", "wind",
                            "winds", "wound", "boil", "boils", "boiled"})

# Phrases saying a difference is no difference: the measurement is within its own variation.
NOISE_WORDS = frozenset({"noise", "noisy", "variance", "jitter", "error"})

# Verbs of taking time: "takes 3.5% longer", "how long does it take".
TAKING_VERBS = frozenset({"take", "takes", "took", "taking", "taken"})
# Verbs that carry a number from one level to another ("taking us from 6.3M to 7.1M IOPS", "brings it
# from 600 to 500 cycles"): they say what moved it, not what was measured.
CARRYING_VERBS = TAKING_VERBS | frozenset({"bring", "brings", "brought", "bringing", "put", "puts", "putting"})

# Words before "from X to Y" that make it the span of values one run took, not a change ("values from
# 55 to 85 us", "ranging from", "anywhere from", "varies from"), or the load a test swept through ("a task
# ramping from 10% to 75% utilisation", "sweeping from 1 to 64 jobs").
SPAN_WORDS = frozenset({"values", "ranging", "ranges", "range", "varying", "varies", "vary", "varied", "anywhere",
                        "somewhere", "fluctuates", "fluctuating", "fluctuate", "spread", "ramp", "ramps", "ramping",
                        "ramped", "sweep", "sweeps", "sweeping", "swept", "stepping"})
# Words that bound a number instead of stating it ("less than 1%", "up to 37%"): a limit, not a result.
BOUND_WORDS = frozenset({"under", "below", "above", "over", "within", "most", "least", "than", "to", "upto",
                         "<", ">", "<=", ">="})
# Words that end the subject of a statement, looking back from it (`extractors.results`).
SUBJECT_BREAKS = frozenset({",", ";", ":", "and", "but", "while", "whereas", "which", "that", "so",
                            "shows", "show", "showed", "gives", "gave", "reports", "reported", "noticed",
                            "see", "saw", "seeing", "get", "got", "measured", "observed", "-", "."})
# Words trimmed from the ends of a statement's subject: articles, pronouns, auxiliaries, prepositions.
SUBJECT_FILLERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "it", "its", "we", "i", "they",
                             "you", "he", "she", "our", "my", "is", "are", "was", "were", "be", "been", "has",
                             "have", "had", "of", "in", "on", "for", "to", "by", "with", "there", "here",
                             "also", "then", "now", "overall", "really", "even", "further", "patch", "change",
                             "series", "why", "did", "does", "do", "how", "what", "can", "will", "just",
                             "about", "around", "roughly", "~", "which", "me", "us", "it's", "that's", "or",
                             "nor", "gets", "got", "get", "gives", "gave", "provides", "showed", "shows"})
# "takes 3.5% longer", "took 10% less": a comparative after a verb of taking sizes the time taken.
LENGTHS = frozenset({"longer", "shorter", "less", "more"})
# What may follow "takes N% more/less" when the time taken is what grew: nothing, "than", or a
# preposition or conjunction; a noun there names what grew instead ("takes 7% more storage").
AFTER_TIME_TAKEN = frozenset({"than", "on", "in", "with", "for", "to", "at", "when", "if", "and", "but", "overall",
                              "now", "here", "there", "time"})
# Words that round a figure without bounding it: "about 4x", "roughly 10%".
APPROXIMATELY = frozenset({"about", "around", "roughly", "approximately", "approx", "almost", "nearly", "~"})
# Verbs that report a measurement, in every tense a report is written in: "this shows a 27% improvement",
# "we measured a 3% drop", "I am seeing a 12% slowdown", "we have seen a 5% gain".
REPORT_VERBS = frozenset({"shows", "showed", "show", "showing", "shown", "measured", "measure", "measures", "measuring",
                          "saw", "see", "sees", "seeing", "seen", "observed", "observe", "observes", "observing",
                          "noticed", "notice", "notices", "noticing", "got", "get", "gets", "getting", "yields",
                          "yielded", "yield", "yielding", "gives", "gave", "give", "giving", "reported", "reports",
                          "report", "reporting"})
# Verbs that say a run was made, anywhere before a change named as a noun: "I ran it on ppc64 and there the
# slowdown was 6%" reports what the run measured.
RUN_VERBS = REPORT_VERBS | {"tested", "ran", "benchmarked"}
# A demonstrative and a copula before a change named as a noun, "This is a 5.1% improvement.", "which
# is ~3.5% gain": the size of the measurement just shown, restated ("It is 4% quicker" is a claim).
RESTATING_SUBJECTS = frozenset({"this", "that", "which", "it", "that's", "it's"})
COPULAS = frozenset({"is", "was", "'s", "means"})
# Prepositions after a change that open what it measured: "a 5% drop in throughput", "40% of the original".
OBJECT_PREPOSITIONS = frozenset({"of", "in", "on", "for"})
# Words that end the object of "a 5% regression of <metric>": what follows is the setup, not the metric.
OBJECT_ENDS = frozenset({",", ";", ":", ".", "(", ")", "on", "due", "with", "when", "for", "compared", "versus",
                         "vs", "using", "and", "but", "while", "if", "at", "-"})
# The arrows written from an old value to a new one: "->", "-->", "=>", "\u2192", "\u27f6".
ARROWS = ("->", "-->", "=>", "\u2192", "\u27f6")
# Words naming the two sides of a comparison as opposites, the baseline's first: "without and with the
# fix, respectively", "Without X, ... With X, ...".
OPPOSITE_SIDES = (("without", "with"), ("before", "after"), ("unpatched", "patched"), ("w/o", "w/"),
                  ("base", "patched"), ("old", "new"))
# Prepositions that name a setup by what it has or lacks: "with THP off", "without the patch", "w/o memcg".
SETUP_PREPOSITIONS = frozenset({"with", "without", "w/", "w/o"})
# Words that open a clause naming the setup a sentence measured: "With 4 queues, ...", "On the old kernel, ...".
SETUP_WORDS = SETUP_PREPOSITIONS | {"on", "using", "under", "for", "in", "when", "after", "before"}
# Words after a change that place it before the patch: "where it was 21% slower before" is the gap closed.
PAST_STATE = frozenset({"before", "previously", "originally", "earlier", "formerly"})
# Words that put a result in the future: "it will be 10% faster" is a forecast, not a measurement ("going"
# only before "to": "going to be faster", where "going from 6ms to 24ms" is a move seen).
FUTURE = frozenset({"will", "it'll", "we'll", "that'll", "going"})
