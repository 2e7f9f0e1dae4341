"""Performance claims: polarity and magnitude per phrasing family, non-claims, and check_claim."""

from __future__ import annotations

import pytest

from extractors.claims import Claim, check_claim, find_claims


@pytest.mark.parametrize(("text", "polarity", "magnitude"), [
    # improvement
    ("With the patch applied, the build is noticeably faster.", "improvement", None),
    ("This speeds up the allocation path considerably.", "improvement", None),
    ("The new layout gives a solid improvement (7%) in elapsed time.", "improvement", 7.0),
    ("Throughput improves by about 4.5% on the 64-core box.", "improvement", 4.5),
    ("The series reduces tail latency on the\nreceive path.", "improvement", None),
    ("It saves a lot of CPU time in the fault handler.", "improvement", None),
    ("Lock contention is mitigated, and the numbers are better across the board.", "improvement", None),
    ("The test robot reported a 12.5% improvement of hackbench.throughput.", "improvement", 12.5),
    ("Running the fio job shows some significant improvment.", "improvement", None),
    ("This helps to spread interrupts better across the cores.", "improvement", None),
    ("This greatly increases the throughput of small writes.", "improvement", None),
    ("The new lock outperforms the ticket lock at high contention.", "improvement", None),
    # regression
    ("The compile workload takes a small hit.", "regression", None),
    ("Unfortunately this makes the syscall path slower.", "regression", None),
    ("We observe some degradation with fewer than 8 threads.", "regression", None),
    ("This is a significant performance penalty for every caller.", "regression", None),
    ("The extra barrier caused a small performance regression in the fast path.", "regression", None),
    ("Dbench throughput drops by about 3% with the patch.", "regression", 3.0),
    ("Tail latency dropped by 15% in our tests.", "improvement", 15.0),
    ("With the series the boot time increased by 2%.", "regression", 2.0),
    ("Zeroing the page will take longer with this flag.", "regression", None),
    ("The flush is an expensive operation on this hypervisor.", "regression", None),
    ("This costs an extra cache miss on every lookup.", "regression", None),
    ("With this patch, the p99 latency goes down by 20%.", "improvement", 20.0),
    ("The new code path is significantly cheaper.", "improvement", None),
    # neutral
    ("Everything else is in the noise for both metrics.", "neutral", None),
    ("The numbers look the same with and without the patch.", "neutral", None),
    ("netperf showed the same results as the baseline kernel.", "neutral", None),
    ("No obvious performance regression was found in the report.", "neutral", None),
    ("I could not get such a big improvement on my machines.", "neutral", None),
    ("The penalty is less than 0.5%.", "neutral", 0.5),
    ("The overhead was below 1% in my runs.", "neutral", 1.0),
    ("The overhead was about 3% in my runs.", "regression", 3.0),
    ("The overhead is negligible on the benchmarks I ran.", "neutral", None),
    ("It doesn't impact the total time spent in the loop.", "neutral", None),
    ("There is no measurable difference in the kernbench results.", "neutral", None),
    ("The throughput numbers are within 1% of the baseline.", "neutral", 1.0),
    ("The results make it hard to see any side effect of the patch.", "neutral", None),
])
def test_claim_polarity_and_magnitude(text, polarity, magnitude):
    found = find_claims(text)
    assert [(c.polarity, c.magnitude_pct) for c in found] == [(polarity, magnitude)]
    assert found[0].text == " ".join(line.strip() for line in text.split("\n"))


@pytest.mark.parametrize("text", [
    "This looks much better now.",
    "Please use a better name for this helper.",
    "The bandwidth is improved from 466KB/s to 477KB/s.",  # a result, found by extractors.results
    "The maximum latency is reduced from 7.6s to 1.7s.",
    "The structure size is increased from 144 bytes to 136 bytes.",
    "Have you measured whether this is faster?",  # a question
    "We'd need to see improvements on real workloads first.",  # a request
    "This fixes a regression introduced by the previous commit.",  # a functional regression
    "I'm a bit surprised to see so much spinlock overhead.",
    "Low overhead is essential here.",
    "This patch series contains some optimizations and cleanups.",
    "kernbench (time taken lower is better)",
    "I am planning to run more performance tests next week.",
    "The results are below.",
    "Sorry, I will try to reply faster next time.",
    "This will help us debug the problem faster.",
    "Having two different implementations is expensive to maintain.",
    "I don't think this makes a difference for correctness.",
    "Hmm, this has an impact on the ABI, so we cannot change it.",
    "Patch 3 reduces the size of struct page by 8 bytes.",
    "I hit a WARN_ON in the page cache code while testing this.",
    "This drops the reference taken in the probe path.",
    "The timeout increased by 2 seconds in v3.",
    "Re: [PATCH v2 1/3] mm: speed up page freeing",
    "[PATCH 2/5] sched: reduce lock contention in the wakeup path",
    "",
])
def test_not_claims(text):
    assert find_claims(text) == []


def test_bare_figure_joins_the_sentence_before():
    text = "I will show only the overhead caused by the patch.  It was about 2.2%.\nThe next paragraph."
    found = find_claims(text)
    assert [(c.start, c.polarity, c.magnitude_pct) for c in found] == [(0, "regression", 2.2)]
    assert found[0].text == "I will show only the overhead caused by the patch. It was about 2.2%."


def test_direction_word_takes_its_sense_from_the_metric_named_before():
    text = ("The locking rates were 561 Mop/s and 588 Mop/s without and with the patch.\n"
            "That was an increase of about 5%.")
    found = find_claims(text)
    assert [(c.polarity, c.magnitude_pct) for c in found] == [("improvement", 5.0)]
    assert text[found[0].start:].startswith("That was")


def test_claim_offsets_start_mid_line():
    text = "I tested the patch, here is the result: nothing new. Results make it\ndifficult to see any side\neffect of the patch."
    found = find_claims(text)
    assert len(found) == 1 and text[found[0].start:].startswith("Results make it")
    assert found[0].end == len(text)


def test_claims_in_bullets_lose_the_bullet_marker():
    text = "As a result:\n- FPS improves by ~3.8%\n- Kernel cycles% drops from ~20% to ~18.7%\n"
    found = find_claims(text)
    assert [(c.text, c.magnitude_pct) for c in found] == [("FPS improves by ~3.8%", 3.8)]


@pytest.mark.parametrize("text", ["", "%", "100% ~ 200%.", "faster " * 3000, "\x00 better %", "-- \n>"])
def test_never_raises(text):
    assert isinstance(find_claims(text), list)


def _claim(polarity, magnitude=None):
    return Claim(0, 1, "x", polarity, magnitude)


@pytest.mark.parametrize(("claim", "deltas", "higher", "expected"), [
    (_claim("improvement", 11.0), [-9.3], [False], "agrees"),  # 11% faster vs a 9.3% shorter time
    (_claim("improvement", 11.0), [-2.0], [False], "disagrees"),
    (_claim("improvement", 11.0), [9.3], [False], "disagrees"),  # right size, wrong direction
    (_claim("improvement", 5.0), [4.2], None, "agrees"),  # direction unknown: size only
    (_claim("regression", 2.2), [-2.0], [True], "agrees"),
    (_claim("improvement"), [3.0, 5.0, -1.0], [True, True, True], "agrees"),
    (_claim("improvement"), [-3.0, -5.0], [True, True], "disagrees"),
    (_claim("improvement"), [3.0], [None], "unchecked"),
    (_claim("neutral"), [0.5, -1.2, 0.1, 0.3], None, "agrees"),
    (_claim("neutral"), [8.0, -12.0], None, "disagrees"),
    (_claim("neutral", 0.5), [0.3], None, "agrees"),
    (_claim("improvement", 11.0), [], None, "unchecked"),
])
def test_check_claim(claim, deltas, higher, expected):
    assert check_claim(claim, deltas, higher) == expected


@pytest.mark.parametrize(("claim", "check"), [
    ("This makes the build about 11% faster.", "agrees"),
    ("This makes the build about 30% faster.", "disagrees"),
    ("Unfortunately the build is slower now.", "disagrees"),
    ("Build times are in the noise.", "disagrees"),
])
def test_analysis_checks_claims_against_the_nearest_result(claim, check):
    from extractors.analysis import analyze_body

    body = ("I ran the kernel build five times.\n\n"
            "Build time without the series: 500.0 s\n"
            "Build time with the series: 445.0 s\n\n" + claim + "\n")
    claims = analyze_body(body, "Jane Roe").claims
    assert [(placed.first_line, placed.author, placed.item.check) for placed in claims] == [(5, "Jane Roe", check)]
