"""How review mail asks, requests, doubts, plans and hedges, and the words that make "regression" a bug.
The sentence classifier (`extractors.prose.cues`) builds its Matcher patterns from these lists; each
entry is a general fact of English or of kernel review, none is here because one message has it.
"""

from __future__ import annotations

# Verbs a reviewer asks the author to do about numbers: "please share", "could you run", "Post the
# numbers". At the start of a sentence they are imperatives aimed at the author.
REQUEST_VERBS = ("share", "post", "provide", "include", "add", "run", "rerun", "re-run", "redo", "re-do", "send",
                 "measure", "test", "show", "quantify", "benchmark", "collect", "give", "repeat", "try", "check",
                 "publish", "profile", "compare", "gather", "report", "do", "explain", "demonstrate",
                 "prove", "mention", "document", "describe", "get", "characterize", "characterise",
                 "verify", "confirm")  # a result checked again: "can you verify what the perf looks like with X?"
# Verbs that ask for a measurement, or for showing one: what "you should ..." asks for when it asks for
# evidence; and what advice ("I'd suggest measuring", "... to double check the cost") names when it does.
MEASURE_VERBS = ("run", "rerun", "re-run", "redo", "re-do", "measure", "test", "benchmark", "quantify", "show",
                 "provide", "share", "post", "profile", "compare", "collect", "try", "demonstrate", "prove",
                 "characterize", "characterise")
MEASURING_FORMS = ("run", "rerun", "redo", "measure", "test", "benchmark", "profile", "compare", "quantify", "measuring",
                   "running", "rerunning", "testing", "benchmarking", "profiling", "comparing", "collecting",
                   "sharing", "posting", "providing", "showing", "quantifying", "tests", "runs", "profiles", "check",
                   "checking", "verify", "verifying", "confirm", "evaluate", "evaluating", "double-check", "characterize",
                   "characterise", "characterizing")
# Verbs of learning after "curious to" / "wondering to": the speaker wants to be told ("curious to see the
# numbers", "curious to know how it scales"); any other verb is what the speaker would do ("curious to try
# and add support ... to run some numbers"): a plan of their own, not a request to the author.
LEARNING_VERBS = ("see", "know", "hear", "learn", "understand", "find", "read", "look")
# Words before "like/love to see" or "suggest" that make the speaker the one asking.
ASKERS = ("i", "we", "i'd", "we'd", "i'll", "one")
# Adjectives of "it would be good to see ...": a polite request.
WORTH_ADJECTIVES = ("good", "nice", "great", "helpful", "useful", "interesting", "important", "better",
                    "valuable", "instructive", "informative", "awesome", "wonderful", "fantastic", "welcome",
                    "desirable", "ideal")
# Words of doubt about a result or a method, and of results that look wrong ("suspicious numbers", "an
# unrealistic setup", "unrepresentative of real use").
DOUBT_WORDS = ("skeptical", "sceptical", "doubt", "doubts", "doubtful", "unconvinced", "suspicious", "unrealistic",
               "unrepresentative", "implausible")
# Words that make a statement hypothetical or a wish, not a finding: "if it helps", "we hope to improve",
# "the goal is lower latency", "this needs to be faster".
HEDGES = ("can", "if", "would", "whether", "hope", "hopefully", "possible", "potential", "potentially", "ideally",
          "theoretically", "unless", "wish", "imagine", "assume", "assuming", "suppose", "want", "wants", "wanted", "trying",
          "aim", "aims", "goal", "goals", "intended", "intend", "plan", "planned", "planning", "idea", "suggest", "suggests",
          "claim", "claims", "claimed", "supposed", "would've", "could've", "it'd", "that'd", "we'd", "i'd",
          "you'd", "speculate", "attempt", "attempts", "future", "motivation", "purpose", "objective", "intention",
          "intent", "wishlist", "expectation", "expectations",
          # a requirement is not a finding
          "need", "needs", "needed", "require", "requires", "requirement", "requirements", "must",
          "concerned", "worried", "worry", "worries", "afraid", "fear", "fears",  # a worry is not a finding either
          "careful", "cautious")  # advice: "we should be careful about added overhead"
# What an operation uses up, after which "needed" or "required" sizes that use ("the time needed to add an
# entry", "the memory required per page"): a measure, not a requirement.
USED_RESOURCES = frozenset({"time", "cycles", "instructions", "memory", "space", "bandwidth", "storage"})
SIZING_PARTICIPLES = frozenset({"needed", "required"})
# The modals of possibility: what may happen, as opposed to what was seen ("this may add latency").
POSSIBILITY_MODALS = frozenset({"may", "might", "could"})
# Modal words of belief: the speaker asserts an effect without being sure of it ("it may be getting
# slower", "that should be cheaper", "I expect it to be better"). Still a claim about performance, but a
# number beside one is an estimate, not a measured result.
BELIEFS = ("could", "might", "may", "would", "should", "maybe", "perhaps", "possibly", "probably", "likely",
           "expect", "expected", "expecting", "bet", "guess")
# Negations.
NEGATIONS = ("not", "no", "never", "cannot", "hardly", "neither", "nor", "nothing", "without", "n't", "don't",
             "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't", "won't", "wouldn't", "can't",
             "couldn't", "shouldn't", "haven't", "hasn't", "hadn't",
             # typed without the apostrophe, as mail often is ("there wont be any regression")
             "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "wont", "wouldnt", "cant",
             "couldnt", "shouldnt", "havent", "hasnt")
# What a functional regression is about in kernel mail: a bug found by tests, a build or boot failure,
# a crash. "regression test" is a test that guards against bugs.
FUNCTIONAL_WORDS = ("crash", "crashes", "crashed", "oops", "panic", "panics", "bug", "bugs", "hang", "hangs",
                    "deadlock", "deadlocks", "leak", "leaks", "fail", "fails", "failed", "failure", "failures",
                    "error", "errors", "warning", "warnings", "warn", "kasan", "lockdep", "syzbot", "syzkaller",
                    "bisect", "bisected", "bisection", "functional", "correctness", "broken", "breaks", "broke", "breakage", "splat", "uaf",
                    "use-after-free", "corruption", "selftest", "selftests", "liburing", "testsuite")
# What makes a bug show, asked about: "what test triggered this?" (a slowdown triggered names its effect).
TRIGGER_WORDS = ("trigger", "triggers", "triggered", "triggering")
# What code does rather than how fast: "there is no difference for regular use, only X behaves differently".
BEHAVIOUR_WORDS = ("behave", "behaves", "behaving", "behaviour", "behavior", "semantics", "differently")
# What breaks when a build or boot regresses ("a build failure"; "build time" is a measurement).
BREAKAGE_WORDS = ("failure", "failures", "error", "errors", "breakage", "warning", "warnings", "regression",
                  "regressions", "issue", "issues", "problem", "problems", "fix", "fixes", "break", "breaks",
                  "broken")
# Words naming tests and test suites: "regression tests" guard against bugs.
TEST_WORDS = ("test", "tests", "testing", "suite", "suites", "testcase", "testcases")
# Verbs that are measurements themselves: a request made with one asks for numbers ("can you quantify
# ..."), and a regression one could not measure is none ("could not measure any regression").
MEASUREMENT_VERBS = frozenset({"measure", "measured", "measuring", "benchmark", "benchmarked", "benchmarking",
                               "quantify", "characterize", "characterise", "profile"})
# What a request asks for when its object is a pronoun and nothing more ("I'd like to see it"): the
# thing talked about (a feature, a patch), not evidence of it.
THING_PRONOUNS = frozenset({"it", "them", "this", "that", "these", "those"})
# Verbs that send the reader to something to read ("please check the documentation", "see the link"), and
# what is read: a pointer to where something is written down asks for no evidence.
READING_VERBS = frozenset({"check", "see", "read", "refer", "consult"})
WRITINGS = frozenset({"documentation", "doc", "docs", "readme", "manual", "link", "links", "page", "pages",
                      "thread", "changelog", "article", "paper", "section", "chapter", "comment", "comments",
                      "kerneldoc", "kernel-doc", "wiki", "spec", "specification", "datasheet"})
# Words of a question asking whether a cost exists at all ("is there any overhead?", "does it have a
# performance impact?", "could this cause a slowdown?"): the reviewer fears a regression.
EXISTENCE_WORDS = frozenset({"any", "there", "have", "has", "cause", "causes"})
