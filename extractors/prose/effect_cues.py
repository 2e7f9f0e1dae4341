"""The effect phrases of a claim, as cue patterns kept as data: an improvement, a regression, no change,
a small cost, and the words of a benefit or a cost. `extractors.prose.cues` adds them to the sentence
classifier's cues; they are written in the spec of `extractors.prose.cue_spec`.
"""

from __future__ import annotations

from extractors.prose.cue_spec import (BENEFIT, COST, COST_OR_TIME, JUDGED_BAD, JUDGED_BAD_VERB, JUDGED_GOOD,
                                       JUDGED_GOOD_VERB, NEGATION, any_of)
from extractors.vocab.comparisons import BAD_NOUNS, BAD_VERBS, GOOD_NOUNS, GOOD_VERBS, SEEMING_VERBS
from extractors.vocab.performance import BENEFIT_WORDS, SCALING_WORDS, TIME_COMPOUNDS

_PHRASAL_GOOD = ("speed", "speeds", "sped")
# Benefit words without "rate": a rate of something costly (context switches, misses) is no benefit, so
# "a reduction in the rate" says nothing of which way the change went.
_BENEFIT_NOT_RATE = any_of(BENEFIT_WORDS - {"rate", "rates"})
# What may stand between a verb and the comparative it takes ("is also much longer", "gets a little
# longer", "is about 2x higher", "is generally 40% higher"): a gap of any words would let a "no" in ("is
# no longer needed"); adverbs of how often say when the effect shows, never that it does not.
_INTENSIFIER = ("much|way|far|even|also|still|too|slightly|significantly|considerably|somewhat|noticeably|a|lot|"
                "bit|little|about|around|roughly|almost|nearly|generally|usually|typically|consistently|always|"
                "often|mostly|now")
# How well something performs, judged ("performs poorly"); "scales well" is said of a design's upkeep
# ("these bindings don't scale well to other chips") as often as of its speed, so it is not read here.
_PERFORMS = "perform|performs|performing|performed"
_SCALES = "|".join(sorted(SCALING_WORDS))
_DURATIONS = "latency|latencies|runtime|duration|durations|downtime|stalls"  # the costs that last longer
_COPULAS = "is|are|was|were|be|being|been|it's|that's"
_SEEMING = any_of(SEEMING_VERBS) + "? to?"  # the negation before it denies the verb after it
_COMPARATIVE_GAP = f"{_INTENSIFIER}? {_INTENSIFIER}? NUMBER?"
# What may stand before a problem found, twice ("there were some serious performance issues"); "no" denies it.
_PROBLEM_SIZE = "a|some|several|serious|real|big|major|noticeable|significant|severe"
_PROBLEM_SIZES = f"{_PROBLEM_SIZE}? {_PROBLEM_SIZE}?"
_MULTIPLE = r"re:^\d+(?:\.\d+)?x$"  # a multiple written as one word: "2x", "1.5x"
# A cost a change brings about, its growth said by a word before it ("resulting in extra CPU overhead");
# an overhead or a penalty is a cost however it is qualified, but "lower latency" is a gain
_CONSEQUENCE = ("a|an|some? unnecessary|extra|additional|more|higher|increased|significant|noticeable|considerable|"
                "measurable|excessive|big|huge|large|high *1 overhead|overheads|latency|latencies|penalty|slowdown|"
                "stalls|contention")
# A quantity of time or cycles as one token ("~8.4 msec", "200ns", "3 seconds", "1.2k cycles"); minutes
# and hours saved are a person's ("saves 5 minutes of typing") as often as a machine's.
_TIME_QUANTITY = (r"re:^[~\u2248]?\d[\d.,]*[km]?\s?(?:ns|nsec|nsecs|us|usec|usecs|\u00b5s|ms|msec|msecs|s|sec|secs|"
                  r"seconds?|cycles)$")

# What an effect denied is said not to be, one word: "no noticeable difference", "without any visible drop".
_NOTICEABLE = ("measurable|noticeable|significant|visible|real|obvious|discernible|observable|perceptible|detectable|"
               "appreciable|apparent")
_SPENDING = "spend|spends|spent|spending"
_MUCH = (" a lot of", " lots|plenty of", " too|so much|many", " more|much")  # a large amount, of time or of cycles

EFFECT_SPECS: dict[str, list[str]] = {
    "IMPROVE_STRONG": [
        "faster|quicker|speedier|speedup|speedups|speed-up|outperform|outperforms|outperformed|outperforming",
        any_of(_PHRASAL_GOOD) + " up",
        "cheaper", "twice|thrice as fast|quick", _MULTIPLE + " as fast|quick",  # "twice as fast", "3x as fast"
        r"re:^\d+(?:\.\d+)?$ times as fast|quick",  # "3 times as fast"
        "twice|thrice|double|triple the " + BENEFIT, _MULTIPLE + " the " + BENEFIT,  # "roughly 2x the IOPS"
        "less|lower expensive|costly",  # "doing it with one bit is less expensive"
        # efficiency said of the thing itself, as its state: "the new scheme is far more efficient than the
        # hash table", "refactor it to be more efficient" ("a more efficient way" names a design, not a run;
        # "is it more efficient to use a pointer" weighs a choice)
        f"{_COPULAS} {_INTENSIFIER}? {_INTENSIFIER}? more efficient re:^(?!to$)",
    ],
    "IMPROVE": [
        JUDGED_GOOD, JUDGED_GOOD_VERB,
        any_of(GOOD_VERBS | GOOD_NOUNS - {"speed-up"}),
        # efficiency compared, with its size: "5-20% more energy-efficient than POLL" (without a size,
        # "more efficient" describes a design far more often than it reports a run)
        "PCT more efficient|energy-efficient|power-efficient|scalable",
        "better|benefit|benefits|benefited|beneficial",
        COST + " is|are|was|were *1 gone",  # "lock contention is gone", "the contention is practically gone"
        "shave|shaves|shaved|shaving *4 off",  # "this shaves 200ns off each syscall"
        "gain|gains|gained|gaining *1 PCT *1 " + BENEFIT,  # "gaining 8% in throughput": a share of the speed won
        # a cost that ends: "the overhead goes away", "the lock contention disappears"
        COST + " *2 go|goes|went|gone|going away",
        COST + " *2 disappear|disappears|disappeared|vanish|vanishes|vanished",
        # a large difference made to a benefit: "these make a huge difference to performance" (the idiom
        # says which way: a difference made is a gain; "doesn't make much difference" is NEUTRAL)
        "make|makes|made|making a|an huge|big|large|massive|dramatic|significant|real|noticeable difference "
        "to|for|in " + BENEFIT,
        _PERFORMS + " well|nicely",  # "mb_optimize_scan performs well when free space is fragmented"
        # help given to a benefit: "this way helps performance a lot", "it helped throughput"
        "help|helps|helped|helping " + BENEFIT,
        # help for the speed: "it is helpful for performance" ("(not) good for performance" is an opinion of a
        # design far more often than a run's outcome)
        "helpful|beneficial for " + BENEFIT,
        _SCALES + " well|nicely|better",  # "it now scales well up to 64 CPUs" ("linearly" describes a proportion)
        # the speed a regression took, got back: "I was able to recover performance after the revert"
        "recover|recovers|recovered|recovering|regain|regains|regained|restore|restores|restored *3 " + BENEFIT,
        # ... said of the speed: "write bandwidth is nearly fully recovered"
        BENEFIT + " is|are|was|were|gets|got|has|have been? *2 recovered|restored|regained",
        BENEFIT + " and|or *3 is|are|was|were|has|have been? *1 recovered|restored|regained",  # "performance and X are"
        # ... seen so: "found the performance restored"
        "found|find|finds|saw|see|sees the? " + BENEFIT + " recovered|restored|regained",
        # a performance problem said to be gone: "the performance issue has gone", "the throughput problem is fixed"
        BENEFIT + " problem|problems|issue|issues is|are|was|were|has|have been? *1 gone|fixed|resolved|solved",
        # a performance problem taken away: "this resolves the performance problem I saw"
        "fix|fixes|fixed|resolve|resolves|resolved|solve|solves|solved|address|addresses|addressed *3 "
        + BENEFIT + " problem|problems|issue|issues",
        # the time a task takes, said to improve: "the time needed for a full sync improves a lot" (an
        # object after the verb makes the time the agent: "the time spent on it improved the code")
        r"time|times spent|consumed|taken|needed ~10 improve|improves|improved re:^(?:\w+ly|[.,;:!)])$",
        # time or cycles saved, the amount named ("saves ~8.4 msec per channel"); bytes or pages saved are a
        # footprint, not a speed
        "save|saves|saved|saving|shave|shaves|shaved|shaving about|around|roughly|almost|nearly|over|up? to? "
        + _TIME_QUANTITY,
        "reduce|reduces|reduced|reducing|lower|lowers|lowered|decrease|decreases|decreased|cut|cuts|halve|halves|"
        "halved|slash|slashes|slashed|trim|trims|trimmed|mitigate|mitigates|mitigated|eliminate|eliminates|"
        "eliminated|save|saves|saved|saving|shorten|"
        "shortens|shortened|minimize|minimizes|minimise|avoid|avoids|avoiding|remove|removes|removing *4 "
        + COST_OR_TIME,
        # the cost named by a compound: "reduces the total NAT block flush time"
        "reduce|reduces|reduced|reducing|cut|cuts|shorten|shortens|shortened *6 " + COST_OR_TIME + " by|to|from",
        # what is spared is costly: "it saves an expensive call", "avoids a slow path"
        "save|saves|saved|saving|avoid|avoids|avoided|avoiding|skip|skips|skipped|skipping|eliminate|eliminates|"
        "eliminated *3 expensive|costly|slow|slower",
        # "the maximum latencies are cut by ~100us", "the overhead of vma_flush_range is removed"
        COST + " *3 is|are|was|were|gets|got|get|has|have been? *1 reduced|mitigated|lowered|eliminated|"
        "removed|decreased|shortened|improved|halved|cut",
        # two costs reduced together: "latency and its variation are reduced"
        COST + " and|or *2 is|are|was|were|has|have been? *1 reduced|mitigated|lowered|eliminated|decreased|"
        "shortened|halved|cut",
        COST_OR_TIME + " *4 goes|go|went|going|gone|come|comes|came|drops|dropped|fell|falls down",
        COST_OR_TIME + " *4 drops|dropped|fell|falls|decreased|decreases",
        # ... a time too, once the amount is stated: "the commit time of dirty inodes is reduced by 70%" (the time
        # heads its phrase: "the CPU capacity is reduced" reduces a capacity)
        COST_OR_TIME + " spent? of|in|for|on *3 is|are|was|were|gets|got|has|have been? *1 reduced|decreased|"
        "shortened|halved|cut by|to",
        COST_OR_TIME + " is|are|was|were|gets|got|has|have been? *1 reduced|decreased|shortened|halved|cut by|to",
        COST_OR_TIME + " is|are|was|were|gets|got|has|have been? divided|cut by|in two|2|half",  # "divided by two"
        # ... or named as a measured time by its compound: "the boot time of a large guest is reduced a lot"
        any_of(TIME_COMPOUNDS) + " time|times *4 is|are|was|were|gets|got|has|have been? *1 reduced|decreased|"
        "shortened|halved",
        # ... and in the perfect: "the cold start time of the app processes has reduced by about 20%"
        COST_OR_TIME + " *4 has|have|had reduced|decreased|dropped|shortened|halved",
        COST_OR_TIME + " reduction|reductions|decrease",
        BENEFIT + " is|are|was|were|gets|got|looks|seems|becomes *1 higher|better|up",
        BENEFIT + " looks|look|looked|seems|seemed|is|was still? good|great|excellent|stellar",  # "performance looks good"
        COST + " is|are|was|were|gets|got|looks|seems|becomes *1 lower|smaller|down",
        BENEFIT + " goes|go|went|going|gone up",
        "increase|increases|increased|increasing|boost|boosts|boosted|raise|raises|maximize|maximizes|double|"
        "doubles|doubled *2 " + BENEFIT,
        BENEFIT + " now|also|further|then|even|significantly|greatly|substantially|considerably|dramatically|"
        "slightly? increase|increases|increased|increasing|doubled|doubles|rises|rose",  # "throughput now increases"
        # ... and in the passive: "write speed is increased from 5120 KiB/s to 9874 KiB/s" (a rate so raised
        # is as often the load offered: "it can't keep up as the rate is increased")
        _BENEFIT_NOT_RATE + " is|are|was|were|has|have|had|got been? increased|doubled|tripled",
        "lower|less|fewer|smaller|reduced " + COST,
        "PCT less|fewer " + COST_OR_TIME,  # a time with its size is a cost: "12% less time", "8% fewer cycles"
        "higher|better|increased " + BENEFIT,
        # "more" of a speed with its size ("2.9% more IOPS"); without one, "more" counts what is added:
        # "more performance data", "a couple more perf tweaks"
        "PCT more " + BENEFIT,
        # a change noun and what it changes: "an increase in throughput", "a reduction of the latency"
        "increase|increases|rise|gain|gains|boost in|of *3 " + _BENEFIT_NOT_RATE,
        "reduction|reductions|decrease|decreases|drop|drops|fall in|of *3 " + COST,
        # ... its size first: "a reduction of 17% in inode lookup time"
        "reduction|reductions|decrease|decreases|drop|drops of PCT in|of *3 " + COST_OR_TIME,
        # ... and in the time of a named operation: "a 25%-35% reduction in boot time"
        "reduction|reductions|decrease|decreases|drop|drops|fall in|of the? " + any_of(TIME_COMPOUNDS) + " time|times",
        # ... or any time, once the change has its size: "a 48% reduction in the lookup time of a path"
        "PCT reduction|reductions|decrease|decreases|drop|drops in|of *3 time|times",
        # a metric said to move, the size between: "the tps got about 10% higher than before"
        _BENEFIT_NOT_RATE + " is|are|was|were|get|gets|got|becomes|became *3 higher|larger|bigger",
        COST + " is|are|was|were|get|gets|got|becomes|became *3 lower|smaller|shorter",
    ],
    "REGRESS_STRONG": [
        "slower|slowdown|slowdowns|slow-down",
        "a|small|big|significant|performance|perf|huge|noticeable|slight|measurable|large|minor|major|some|"
        "throughput|latency hit|hits",
        "takes|take|took|taking|takes a|the? hit",
        "slow|slows|slowed|slowing down",
        # a multiple of the time an operation took: "takes three times as long", "took twice as long"
        "takes|take|took|taking twice|thrice as long", "takes|take|took|taking *1 times as long",
        # what is slowed named between the verb and its particle: "also slows things down"
        "slow|slows|slowed|slowing things|everything|it|them|this|that|everybody|everyone down",
        "degradation|degradations",
        # a regression given a small size is a slowdown measured ("a slight teo regression"); a bug has no size
        # (a "huge" or "big" one may be either)
        "slight|slightly|small|tiny|marginal|measurable|noticeable *1 regression|regressions",
        f"{_COPULAS} {_INTENSIFIER}? {_INTENSIFIER}? less efficient re:^(?!to$)",  # "it ends up being less efficient"
        # ... or inefficient outright: "the current lookup is very inefficient" (not "inefficient to write")
        f"{_COPULAS} very|really|quite|pretty|so|rather|extremely|{_INTENSIFIER}? inefficient re:^(?!to$)",
    ],
    "REGRESS": [
        any_of(BAD_VERBS | BAD_NOUNS - {"slowdown", "slow-down", "overhead", "hit", "penalty"}),
        "PCT less efficient|energy-efficient|power-efficient|scalable",
        "worse|penalty|penalties|degrade|degrades|degraded|degrading|downgrade",
        # a gain given up: "lose a good chunk of the benefits", "we lost the speedup"
        "lose|loses|lost|losing *4 benefit|benefits|advantage|advantages|gain|gains|speedup|speedups",
        "lose|loses|lost|losing *1 PCT *1 " + BENEFIT,  # "losing ~30% performance": a share of the speed given up
        # a cost said to be too big to leave out: "the overhead cannot be ignored"
        COST + " cannot|can't be ignored|neglected|overlooked",
        # what a change is paid for with, a speed or a cost in time: "comes at a latency cost", "came at the
        # expense of throughput" ("comes at the cost of a Kconfig dependency" is a trade-off of another kind)
        "come|comes|came|coming at a|an|the|some " + BENEFIT + "|" + COST + " cost|price|penalty",
        "come|comes|came|coming at the expense|cost|price of *2 " + BENEFIT + "|" + COST,
        # the speed judged bad: "the performance is really poor", "it's _really_ bad for performance"
        BENEFIT + " is|are|was|were|looks|look|looked|seems|seemed|becomes|became|gets|got "
        "really|_really_|very|quite|pretty|so|rather|still|just|too|extremely? "
        "poor|bad|terrible|awful|horrible|abysmal|lousy|dismal",
        "bad|terrible|awful|horrible|detrimental|harmful|disastrous for|to " + BENEFIT,
        # verbs of a collapse with the speed as their object: "it completely cratered performance", "kills throughput"
        "crater|craters|cratered|tank|tanks|tanked|kill|kills|killed|killing|destroy|destroys|destroyed|cripple|"
        "cripples|crippled|hammer|hammers|hammered *2 " + BENEFIT,
        JUDGED_BAD, JUDGED_BAD_VERB,
        "take|takes|took|taking *2 longer", "take|takes|took|taking *3 as long",  # "takes 3 times as long"
        # time or cycles added to what runs, the amount named ("adds about 40 seconds to the link", "adds maybe 1k
        # cycles, which ..."): the mirror of time saved; "adds 1 ms sleep" is a pause put in on purpose
        "add|adds|added|adding about|around|roughly|almost|nearly|over|maybe? " + _TIME_QUANTITY + " to|per|on|,",
        # "performs poorly"; and a negated "performs well" is performing badly, not no change: "it won't perform
        # well" (the negation opens the phrase, so it does not turn it neutral)
        _PERFORMS + " poorly|badly|terribly",
        NEGATION + " *1 " + _PERFORMS + " well|nicely",
        _SCALES + " poorly|badly|worse", NEGATION + " *1 " + _SCALES + " well|nicely",
        "add|adds|added|adding|introduce|introduces|introduced|cause|causes|caused|incur|incurs|incurred "
        "*3 overhead|overheads|latency|cost|penalty|contention|slowdown|stalls",
        # ... as a consequence: "resulting in unnecessary CPU overhead", "which leads to extra latency" (a cost
        # grown; "resulting in lower latency" is the opposite)
        "result|results|resulted|resulting in|into " + _CONSEQUENCE,
        "lead|leads|leading|led to " + _CONSEQUENCE,
        # a performance problem brought about, the mirror of one fixed: "the new knob is causing performance problems"
        "cause|causes|caused|causing|create|creates|created|creating|introduce|introduces|introduced|introducing *3 "
        + BENEFIT + " problem|problems|issue|issues",
        # ... or found: "there were serious throughput problems on the big array", "we hit bandwidth problems"
        "there is|are|was|were " + _PROBLEM_SIZES + " " + BENEFIT + " problem|problems|issue|issues",
        # ... or turned into one: "lookup performance became an issue past a few thousand files"
        BENEFIT + " became|becomes|become|becoming an? " + _PROBLEM_SIZES + " problem|issue|bottleneck",
        BENEFIT + " became|becomes|become|becoming unusable|unacceptable|poor|bad|terrible|awful",
        "hit|hits|saw|seeing|noticed|observed " + _PROBLEM_SIZES + " " + BENEFIT + " problem|problems|issue|issues",
        # ... or possessed: "taking the lock has an overhead", "the extra check carries a penalty"
        "has|have|had|carries|carry|carried a|an|some *1 overhead|overheads|penalty",
        # an overhead created, its kind named before it: "creates a significant IO performance overhead"
        "create|creates|created *4 overhead|overheads|penalty",
        "overhead|latency|penalty|slowdown caused|introduced|added|incurred by",
        "increase|increases|increased|increasing|doubles|doubled|higher|more|extra|additional *2 " + COST,
        # the time of a named operation grown, the mirror of its reduction: "an increase in boot time",
        # "reports of boot time increase"
        "increase|increases|rise|growth in|of the? " + any_of(TIME_COMPOUNDS) + " time|times",
        any_of(TIME_COMPOUNDS) + " time|times increase|increases|regression|regressions",
        "PCT more " + COST_OR_TIME,  # "that is 10% more time"
        # "latency increases", and in a relative clause "the latency which increases when ..."
        COST + " which|that? increase|increases|increased|increasing|rises|rose|doubled|doubles",
        # ... and in the passive: "CPU utilization is increased ~20%"
        COST + " is|are|was|were|has|have|had|got been? increased|doubled|tripled",
        BENEFIT + " *2 drop|drops|dropped|dropping|fall|falls|fell|suffers|suffer|suffered|decreased|decreases|"
        "reduction|loss|decrease|decline",
        # a benefit said to shrink, right after its name ("the throughput reduces about 20%", "bandwidth is
        # reduced"); with words between, "reduces" is an action on something else ("performance and reduces latency")
        BENEFIT + " is|are|was|were|gets|got? reduce|reduces|reduced",
        # a benefit cut to half of what it was: "the throughput is halved", "bandwidth gets divided by two"
        BENEFIT + " is|are|was|were|gets|got|has|have been? halved",
        BENEFIT + " is|are|was|were|gets|got|has|have been? divided|cut by|in two|2|half",
        COST_OR_TIME + " *4 goes|go|went|going|gone up",
        BENEFIT + " is|are|was|were|gets|got|looks|seems|becomes *1 lower|worse|down",
        COST + " is|are|was|were|gets|got|looks|seems|becomes *1 higher|worse|up",
        "suffer|suffers|suffered|suffering",
        # much CPU time or many cycles spent ("the loop spent lots of CPU time in the lock", "too many cycles");
        # "a lot of time" alone is as often a person's
        *(_SPENDING + amount + " cpu time|cycles" for amount in _MUCH),
        *(_SPENDING + amount + " cycles" for amount in _MUCH),
        # "slow" said of a thing: "the fault path is slow"; a person is slow too ("I was slow to reply"),
        # so it is a performance effect only beside a performance subject
        "is|are|was|were|too|very|quite|so|really|pretty|extremely|rather|painfully slow",
        BENEFIT + " goes|go|went|going|gone|come|comes|came down",
        "expensive|costly|costlier",
        "reduce|reduces|reduced|reducing|lower|lowers|lowered|decrease|decreases|decreased *2 " + BENEFIT,
        "lower|less|reduced|poor " + BENEFIT,
        # "bad" also means invalid ("bad bandwidth inputs", "bad latency values"): of performance only
        "bad performance",
        "PCT overhead",
        # a cost to the speed a thing is said to have: "encryption has performance impacts", "the options have
        # a noticeable performance hit" ("has an impact" alone, on what, is not said)
        "has|have|had a|an? *2 performance|perf impact|impacts|hit|hits|penalty|penalties|cost|costs",
        # "the overhead is about 3%" (a utilization or a usage stated so is a reading, not a cost)
        "overhead|overheads|cost|costs|penalty|slowdown is|was about|around|roughly|approximately? PCT",
        "overhead|overheads|penalty|slowdown of about|around|roughly|approximately|~? PCT",  # "an overhead of ~20%"
        # a change noun and what it changes: "a decrease in write speed", "an increase of the latency"
        "reduction|reductions|decrease|decreases|drop|drops|loss|losses|decline|fall in|of *3 " + _BENEFIT_NOT_RATE,
        "increase|increases|rise|growth in|of *3 " + COST,
        # ... and a sized rise of a time: "we get a 14% increase in overall run time"
        "PCT increase|increases|rise|growth in|of *3 time|times",
        # a metric said to move, the size between: "the tps got about 10% smaller than before"
        _BENEFIT_NOT_RATE + " is|are|was|were|get|gets|got|becomes|became *3 lower|smaller",
        COST + " *4 is|are|was|were|get|gets|got|becomes|became|grows|grew " + _COMPARATIVE_GAP
        + " longer|higher|larger",
        # only time grows longer; "time" also counts occasions ("this time it gets higher"), so not higher
        "time *4 is|are|was|were|get|gets|got|becomes|became|grows|grew " + _COMPARATIVE_GAP + " longer",
        "longer " + _DURATIONS,  # "6x longer latency"
        "PCT " + BENEFIT + " down",  # "-31.8% performance down"
        "PCT slow",  # "about 10% slow": a percentage of the speed lost
    ],
    "NEUTRAL": [
        "in|within the? noise",
        # problems denied: "there were no performance issues with it", "saw no throughput problems"
        "no " + BENEFIT + " problem|problems|issue|issues",
        # the differences said to be noise: "the deltas are largely noise", "the difference is just noise"
        "difference|differences|delta|deltas|change|changes is|are|was|were *2 noise",
        # inside the measurement's own spread: "all runs were within the standard deviation", "within the stddev"
        "within|inside the|one|a? standard deviation|deviations",
        "within|inside the|one|a? stddev|stdev|variance",
        "noise level|region|range|margin|floor",
        "same|similar|comparable|identical|equal|unchanged|equivalent *2 " + BENEFIT + "|results|numbers|"
        "latency|latencies|scores",
        BENEFIT + "|results|numbers|latency|scores is|are|was|were|look|looks|looked|remain|remains|stay|stays|"
        "seem|seems|stayed|remained|becomes|became *2 same|similar|comparable|unchanged|identical|equivalent|equal|"
        "indistinguishable|flat|par",
        # "with two filters loaded, throughput is close": close to the other setup's, as the clause ends there
        BENEFIT + "|results|numbers|latency|scores is|are|was|were|look|looks|seem|seems very|pretty|quite|fairly|"
        "really? close .|,|;|and|but",
        # ... or said close to each other: "the results are close to each other"
        BENEFIT + "|results|numbers|latency|scores is|are|was|were|look|looks|seem|seems very|pretty|quite|fairly|"
        "really? close to each|one other|another",
        # results said to match the other kernel's: "the results with the patch match those on mainline",
        # "with numbers on the new build matching those of the old one"
        "results|numbers|scores ~6 match|matches|matched|matching the|those|that results|numbers|scores|of|on",
        # the subject named with where it was measured: "performance on older CPUs remains about the same",
        # "performance for memory and I/O stats remains unchanged"
        BENEFIT + "|results|numbers|latency|scores *6 remain|remains|remained|stay|stays|stayed *2 same|similar|"
        "comparable|unchanged|identical|equivalent|equal|flat|unaffected",
        # a qualified sameness, wherever its subject stands: "with and without it the runs were statistically equal"
        "statistically|essentially|practically|basically the? same|equal|identical|indistinguishable|equivalent",
        "neutral|flat " + BENEFIT + "|results|numbers",  # "mostly neutral results"
        "on par", BENEFIT + " parity",  # "performance parity": the same speed
        # a measure said to have scarcely moved: "the IOPS rate has hardly changed", "latency barely moved"
        BENEFIT + "|" + COST + "|results|numbers *3 hardly|barely|scarcely change|changes|changed|changing|move|"
        "moves|moved|budge|budged|differ|differs|differed",
        BENEFIT + "|results|numbers|latency *3 where it was|were",  # "performance is still where it was"
        "negligible|neglectable|insignificant|unmeasurable|imperceptible",
        # a difference given a small size: "the IOPS difference is just ~1%" (a large one is no sameness:
        # `effects` drops a neutral phrase holding more than 10%)
        "difference|differences|delta|gap is|are|was|were just|only|merely|about|around|roughly|~ ~? PCT",
        "insignificantly|negligibly|imperceptibly|unmeasurably",  # "insignificantly better": no real change
        # "a very small latency impact": an effect said to be small, whatever it is on
        "small|tiny|minimal|minor|marginal|trivial *2 impact|impacts|effect|effects|difference|differences",
        # ... said after it: "the difference between both kernels is quite small", "the impact on it is minimal"
        "difference|differences|impact|impacts|effect|effects *4 is|are|was|were very|quite|rather|pretty|really? "
        "small|tiny|minimal|marginal|minor",
        # the speed kept as it was: "performance is preserved", "throughput stays intact"
        BENEFIT + " is|are|was|were|remains|remain|remained|stays|stay|stayed preserved|maintained|retained|intact",
        # "no additional overhead", "*zero* extra cost": what is added, none of it
        f"no|little|zero|without any|much? {_NOTICEABLE}|big|any|additional|extra? "
        "difference|differences|change|changes|impact|effect|regression|regressions|degradation|downgrade|"
        "overhead|slowdown|penalty|drop|delta|gain|improvement|benefit",
        # a cost said to be small by denying it is large: "not much overhead", "truly not a lot of overhead"
        "not that? much " + COST, "not a lot of " + COST,
        # "no performance change", "no obvious score difference": a measured quantity named between
        f"no|without any? {_NOTICEABLE}|big? " + BENEFIT + "|"
        + COST + " difference|differences|change|changes|impact|regression|regressions|degradation|downgrade|"
        "slowdown|penalty|drop|delta",
        NEGATION + f" {_SEEMING} *2 impact|impacts|impacting|affect|affects|affecting|hurt|hurts|hurting|change|"
        "changes|matter|yield",
        # an effect it is said not to have: "it doesn't seem to have that much performance impact"
        NEGATION + " *3 have|has|had *3 " + BENEFIT + "|" + COST + " impact|impacts|effect|effects|hit|penalty",
        # not seeing or finding an effect, not just not seeing ("I don't see why", "I don't see it is a concern")
        NEGATION + " *1 see|seen|saw|seeing|show|shown|showed|notice|noticed|noticing|observe|observed|observing|"
        "measure|measured|measuring|find|found|finding *5 "
        "difference|differences|change|changes|impact|effect|"
        "regression|regressions|improvement|improvements|gain|gains|degradation|slowdown|overhead|benefit|drop|"
        "increase|decrease|penalty|advantage|advantages|loss|lost|hit|speedup|boost|win|time|usage",
        NEGATION + " *1 show|shows up",  # "doesn't show up in a CPU profile"
        # nothing of note seen: "the runs didn't show anything noticeable", "nothing measurable in my tests"
        NEGATION + " *3 anything noticeable|measurable|significant|visible|observable|obvious|unusual",
        "nothing noticeable|measurable|significant|visible|observable|obvious|unusual",
        # "won't make much difference", "did not make a visible throughput difference"
        NEGATION + f" {_SEEMING} make|makes|made *3 difference|differences",
        # "5.15 and 6.1 perform the same", "both perform identically" ("perform the same test" names a task)
        "perform|performs|performed similarly|identically|equally|alike",
        "perform|performs|performed the same .|,|;|:|)|for|on|in|with|as|across|here|again|everywhere|overall|now",
        # "very close to performance earlier", "close to the throughput of the old path"
        "close|closer to the? " + BENEFIT,
        "less than PCT",
        "hard|difficult|impossible to see|tell|notice|measure|spot|show",
        "below|within|under PCT",
    ],
    # a cost said to be small: "negligible overhead", "the penalty is not significant"
    "SMALL": ["less|not significant|noticeable|measurable",
              "negligible|neglectable|insignificant|unmeasurable|imperceptible",
              # a bound on the cost: "the slowdown is less than 0.3%"
              "less|lower than PCT", "below|within|under PCT", "at most PCT",
              # "the additional overhead is quite little"
              "is|are|was|were|be|looks|seems quite|very|fairly|pretty|rather|really? little|small|tiny|minimal|"
              "minor|marginal|trivial"],
    "COST_WORD": [COST,
                  "cpu load|loads"],  # the share of a CPU's time a workload keeps busy: its utilization
    "BENEFIT_WORD": [BENEFIT],
    # "lower is better" describes a metric
    "METRIC_DIRECTION": ["lower|higher|smaller|bigger|less|more is|=|are better",
                         "( the? lower|higher|smaller|bigger|less|more the better )",  # "(higher the better)"
                         # "(-ve is improvement)", "(+ve is regression)": which sign of a change column is good
                         "-|+ ve is|means|= improvement|regression|better|worse|good|bad",
                         "negative|positive is|means|= improvement|regression|better|worse|good|bad"],
}
