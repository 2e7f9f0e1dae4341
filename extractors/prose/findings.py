"""Sentences that report what measurements found ("our test results show that ...", "a first run
suggests a 3x speedup"): the verb that tells it is the measurements', so a verb of reserve there
("suggests", "indicates") reports a run's finding, where "I suggest" is advice.
"""

from __future__ import annotations

# The measurements and runs that can find something.
MEASUREMENTS = frozenset({"numbers", "results", "measurements", "measurement", "benchmark", "benchmarks",
                          "profile", "profiles", "figures", "measured", "runs", "testing", "tests"})
_FINDINGS = MEASUREMENTS | {"result", "test", "data", "experiment", "experiments"}
# Verbs by which measurements report what they found.
_SHOWING = frozenset({"show", "shows", "showed", "shown", "indicate", "indicates", "indicated",
                      "suggest", "suggests", "suggested"})
_SUBJECT_REACH = 8  # words from the measurements to their verb: "the runs of the new code on my box suggest"


def reports_finding(words: tuple[str, ...], position: int) -> bool:
    """Whether the words before `position` hold a measurement and a verb reporting what it found."""
    before = set(words[:position])
    return bool(before & _SHOWING and before & _FINDINGS)


def finding_verb(words: tuple[str, ...], at: int) -> bool:
    """Whether the word at `at` is a verb of reporting with measurements as its subject shortly before."""
    return words[at] in _SHOWING and not _FINDINGS.isdisjoint(words[max(0, at - _SUBJECT_REACH):at])
