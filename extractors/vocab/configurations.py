"""How mail names the two sides of a comparison: the kernel without the change and the kernel with it.

The one list of these words: the table readers, the comparison stage and the prose finders all use it.
Each entry is a word or phrase people use for that side in general, whatever the benchmark.
"""

from __future__ import annotations

import re

# The unchanged kernel: "base", "baseline", "vanilla", "stock", "unpatched", "mainline" / "upstream"
# (the tree the series applies to), "before", "without", "w/o", "old", "orig(inal)", "default",
# "disabled" / "off" (a feature the series adds, turned off), "current" (what the kernel does today),
# ("original" is left out: "original size" against "compressed size" compares data, not kernels),
# "reference", "parent" (the commit before), "pre" / "prev(ious)", "legacy" (the old way a new one replaces).
BASELINE_WORDS: tuple[str, ...] = (
    "base", "baseline", "vanilla", "stock", "unpatched", "mainline", "upstream", "before", "without",
    "w/o", "wo", "old", "legacy", "orig", "default", "disabled", "off", "current", "reference", "ref",
    "parent", "pre", "prev", "previous", "unmodified", "no patch", "no patches", "nopatch", "not set", "unset",
    "disable", "generic",  # "generic" is the portable code an architecture's optimized one replaces
    "original kernel", "original code",  # "original" alone compares data ("original size"); with these, kernels
    "previously",  # "Previously:" over the runs of the code before the change, "Now:" over those after it
)
# The changed kernel: "patched", "after", "with" (the patch), "w/", "new", "enabled" / "on", "fix(ed)",
# "modified", "opt(imized)", "proposed", "applied", "this series", "this commit", "post", "+patch".
PATCHED_WORDS: tuple[str, ...] = (
    "patched", "patch", "patches", "patchset", "series", "after", "with", "w/", "new", "enabled", "on",
    "fix", "fixed", "modified", "mod", "opt", "optimized", "optimised", "proposed", "applied", "post",
    "changed",
    "this commit",  # the change itself, as a series names it ("this patch" is matched by "patch")
    "now",  # "Now:" over the runs with the change, after "Previously:" or "Before:" over those without it
)

# The values of a switch, as settings print them ("parent=0" / "parent=1", "thp: off" / "thp: on"): a run
# with the feature switched off is the one without the change.
SWITCH_OFF_VALUES = frozenset({"0", "off", "no", "n", "false", "disabled", "disable"})
SWITCH_ON_VALUES = frozenset({"1", "on", "yes", "y", "true", "enabled", "enable"})

# Columns that print a change rather than a value: "%change", "delta", "diff", "improvement", "gain",
# "speedup", "Δ", a reduction or an increase ("time reduction (%)"), a saving. (A header that is a bare
# "%" is one too, `tables.pairing.column_kind`; a "(%)" after a name is that column's unit: "CPU used per
# instance (%)".)
CHANGE_WORDS: tuple[str, ...] = (
    "change", "%change", "changes", "delta", "diff", "difference", "improvement", "improvements", "improv",
    "gain", "gains", "speedup", "speed-up", "regression", "\u0394", "+/-%", "ratio", "rel", "relative",
    "reduction", "reductions", "decrease", "increase", "saving", "savings",
    # ... and a caption over changes says it with the verb: "this increases the throughput by (on each CPU):"
    "increases", "decreases", "reduces", "improves",
)
# Columns that print the spread of the value beside them: standard deviation, coefficient of variation,
# confidence interval, error.
SPREAD_WORDS: tuple[str, ...] = (
    "stddev", "%stddev", "stdev", "std", "sd", "dev", "std.dev", "std dev", "std.deviation", "std deviation",
    "standard deviation", "deviation", "cv", "coeffvar", "%cv",
    "pstdev", "pvariance",  # the population forms, as Python's statistics module names them
    "\u00b1", "+-", "+/-", "err", "error", "ci", "sigma", "\u03c3", "variance", "var",
)


# Words that are also prefixes: joined to a word by a hyphen they make a new word ("pre-check",
# "post-processing"), not a configuration's name.
_PREFIXES = frozenset({"pre", "post", "prev"})
# A switch's value inside a name in title case ("Power On Hours", "Power Off Count"): part of the name of
# a counter, not the side of a run ("THP on", "polling: off").
_SWITCH_WORDS = frozenset({"on", "off"})


def _words_re(words: tuple[str, ...]) -> re.Pattern[str]:
    """A word of `words` standing alone; one that ends in a slash may be glued to the next word, as "w/"
    is written ("w/commit", "w/patch"), though not to an "o" ("w/o" is its opposite); a switch's value
    is none before a word in title case."""
    alternatives = sorted((re.escape(w) + (r"(?!-[a-z])" if w in _PREFIXES else "")
                           + (r"(?!\s+(?-i:[A-Z][a-z]))" if w in _SWITCH_WORDS else "")
                           + (r"(?![/])(?!o(?![a-z]))" if w.endswith("/") else r"(?![\w/])") for w in words),
                          key=len, reverse=True)
    return re.compile(r"(?<![\w/])(?:" + "|".join(alternatives) + r")", re.I)


BASELINE_RE = _words_re(BASELINE_WORDS)
PATCHED_RE = _words_re(PATCHED_WORDS)
CHANGE_RE = _words_re(CHANGE_WORDS)
SPREAD_RE = _words_re(SPREAD_WORDS)
# "current" is also the electrical quantity: "Current (A)", "current (mA)" over power readings measure
# it, they do not name the current kernel.
ELECTRIC_CURRENT_RE = re.compile(r"^\s*current\s*[(\[]\s*[mµu\u00b5]?A\s*[)\]]\s*$", re.I)
# "with the patch", "after this series", "with my changes": the strongest way to name the patched side;
# "without ...", "before ..." (or "prior to ...") is its baseline twin. A bare "with" or "without" is
# weaker (it may name a setting). "before" and "after" name a side only with a determiner: "after COMMIT"
# is as often an event in time (an NFS operation, a git commit) as a kernel.
# A word or two may describe the change after its determiner: "with my debugging patch", "without the
# proposed series"; the change may also be what the kernel has: "with the patched kernel".
_THE = r"\s+(?:the|this|that|my|your|his|her|these|those|all|any)\s+(?:[\w.-]+\s+){0,2}?"
# The change named as what it does to the code: "after my switch to ...", "with the rework", "after the conversion".
_CHANGE_NOUN = r"(?:patch(?:es|set|ed)?|series|change(?:s|set)?|fix(?:es)?|commits?|rework|conversion|switch)\b"
# A kernel with the change added to it ("6.1-rc2 + this series", "v5.6 + my patches") names the patched side.
WITH_CHANGE_RE = re.compile(r"\b(?:with(?:" + _THE + r"|\s+)|after" + _THE + r")" + _CHANGE_NOUN
                            + r"|\S\s*\+(?:" + _THE + r"|\s*)" + _CHANGE_NOUN, re.I)
WITHOUT_CHANGE_RE = re.compile(r"\b(?:(?:without|w/o)(?:" + _THE + r"|\s+)|(?:before|prior\s+to)" + _THE + r")"
                               + _CHANGE_NOUN, re.I)
# "Size before compression", "free memory after boot": "before" or "after" between a quantity and a step
# of the work measured names a point in one run, not a side ("IOPS after patching", "latency before
# v2", "lat before the fix" name the change, and a bare "Before" heads the baseline).
STEP_POINT_RE = re.compile(r"\w\s+(?:before|after)\s+(?:(?:the|a|an|this|that|my|your|our)\s+)?+"
                           r"(?!(?:patch|appl|revert|commit|fix|change|kernel|updat|upgrad|rebas|series|set|merg)\w*"
                           r"|v?\d|[0-9a-f]{7,})[a-z]", re.I)
# A kernel named by version or commit id: "6.0.0", "v6.18-rc1", "next-20240101", "a97fbc3ee3e2"; a
# release may carry the name its source tree and tarball have ("linux-5.9.11"); a tree is snapshotted by
# its date in any of the orders people write one ("mm-unstable-2025-09-18"); a series is named by its
# revision ("v3", lower case: "V1" is as often a voltage rail), the kernel that revision makes.
KERNEL_NAME_RE = re.compile(r"^(?:(?:linux-)?v?\d+\.\d+(?:\.\d+)?(?:[-+][\w.+-]*)?|[0-9a-f]{7,40}|(?-i:v)\d{1,2}"
                            r"|[a-z]+(?:-[a-z]+)*-(?:\d{8}|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}-\d{1,2}-\d{4})\S*)$", re.I)
# A kernel release beyond doubt, unlike "1.5" (a point of a sweep): three numbers ("5.4.95"), a "v"
# ("v6.1"), a tag ("6.1-rc3", "5.10.0-patched") or the name of its source tree ("linux-6.12"): the name
# of a kernel in a caption too, where a commit id may be an argument of the command that made the tree
# ("git cherry-pick 9316a9ed6895").
RELEASE_NUMBER_RE = re.compile(r"^(?:(?:linux-)?v\d+\.\d+\S*|(?:linux-)?\d+\.\d+\.\d+\S*|\d+\.\d+-[\w.+-]+"
                               r"|linux-\d+\.\d+\S*)$", re.I)
# Words that name the software whose release the number after them is ("Linux 5.10", "GCC 12.2",
# "version 2.1"), and words after a dotted number that make it a release ("5.11 Git", "the 5.10 kernel"):
# in prose such a number is a name, never a quantity measured.
RELEASE_BEFORE_WORDS = frozenset({"linux", "kernel", "kernels", "v", "version", "versions", "release", "releases",
                                  "gcc", "clang", "llvm", "qemu", "glibc", "rhel", "ubuntu", "debian", "fedora"})
RELEASE_AFTER_WORDS = frozenset({"git", "kernel", "kernels", "release", "releases", "tree", "mainline", "stable"})
# Verbs of moving a system from one release to another ("downgraded from 6.2 to 6.1", "upgraded to 6.3"):
# the dotted numbers a few words after them are releases.
RELEASE_MOVES = frozenset({"upgrade", "upgraded", "upgrading", "downgrade", "downgraded", "downgrading", "update",
                           "updated", "updating", "bump", "bumped", "rebase", "rebased", "rebasing", "backport",
                           "backported", "reverted"})
# A release, or a commit id with a hex letter ("a97fbc3ee3e2"), heading columns: a kernel compared.
KERNEL_RELEASE_RE = re.compile(RELEASE_NUMBER_RE.pattern[:-2] + r"|(?=[0-9]*[a-f])[0-9a-f]{7,40})$", re.I)
# Words that number the repetitions of one measurement ("round 1", "Run #2", "iteration 3", "2nd pass"):
# captions that differ only in that number head repeated runs of one setup, not setups compared.
REPEAT_WORDS: tuple[str, ...] = ("round", "run", "iteration", "pass", "trial", "attempt", "repetition", "try", "loop")
REPEAT_NUMBER_RE = re.compile(r"\b(?:" + "|".join(REPEAT_WORDS) + r")s?\s*#?\s*\d+\b|\b\d+(?:st|nd|rd|th)?\s+(?:"
                              + "|".join(REPEAT_WORDS) + r")\b", re.I)
