"""Performance questions and requests: one category per family, and the questions that are not concerns."""

from __future__ import annotations

import pytest

from extractors.questions import find_questions


@pytest.mark.parametrize(("text", "category"), [
    # request-data
    ("Did you run any benchmarks with this series?", "request-data"),
    ("Do you have numbers showing the gain?", "request-data"),
    ("Have you measured the effect of this change on throughput?", "request-data"),
    ("Please post some performance data for the\nnew allocator.", "request-data"),
    ("What's the overhead of the extra indirect call?", "request-data"),
    ("I'd really like to see some benchmark numbers before this goes in.", "request-data"),
    ("Could someone quantify the overhead of the extra check?", "request-data"),
    ("You need to demonstrate that it actually helps before we merge it.", "request-data"),
    # methodology
    ("How many runs did you average over?", "methodology"),
    ("Did you pin the threads to one socket when you measured this?", "methodology"),
    ("What is the standard deviation of those latency numbers?", "methodology"),
    ("How did you measure the cycles, with perf stat or rdtsc?", "methodology"),
    ("Which machine were these benchmark numbers taken on?", "methodology"),
    # real-workload
    ("Does this help any real workload, or only the microbenchmark?", "real-workload"),
    ("I'd like to see results from real-world applications before\nwe take this.", "real-workload"),
    ("Is the gain even measurable at the system level?", "real-workload"),
    ("Have you tried anything other than synthetic benchmarks?", "real-workload"),
    # regression
    ("Does this cause a performance regression for single-threaded loads?", "regression"),
    ("Could you check whether this slows down the fast path?", "regression"),
    ("Why did the throughput drop from 900 MB/s to 700 MB/s?", "regression"),
    ("It would be good to run the performance regression suite on it.", "regression"),
    # profile
    ("What does the perf profile look like with the patch applied?", "profile"),
    ("Can you share a flame graph of the hot path?", "profile"),
    ("Where is the time spent now, in the lock or in the allocator?", "profile"),
    # comparison
    ("Is this really cheaper than a plain atomic increment?", "comparison"),
    ("How does it compare against the existing qspinlock performance?", "comparison"),
    ("Can you share numbers versus the per-cpu approach?", "comparison"),
    ("Does the new scheme outperform the old one on large machines?", "comparison"),
    # requests in other words, and performance questions of no particular family
    ("Numbers, please.", "request-data"),
    ("I'd be interested in seeing how this performs with more than 64 CPUs.", "request-data"),
    ("Did you check for regressions with will-it-scale?", "regression"),
    ("Does it scale beyond one socket?", "other"),
])
def test_concern_categories(text, category):
    found = find_questions(text)
    assert [q.category for q in found] == [category]
    assert found[0].text == " ".join(line.strip() for line in text.split("\n"))


@pytest.mark.parametrize("text", [
    "Why not use raw_cpu_read() here?",
    "Do any architectures have size limits on thread_info?",
    "Any comments or suggestions?",
    "Should this be a static inline?",
    "Let me know what you think about this and if you have any suggestions.",
    "Can you split this patch into smaller pieces?",
    "Does this compile on arm64?",
    "Did you test this with lockdep enabled?",
    "Would it be nice to rename this helper?",
    "Also curious on the selftests, would be nice to see them extended.",
    "Perhaps this is a job for the compiler? ;-)",
    "Thanks for the numbers, this looks good to me.",
    "Is there a better way to do this?",
    "Can we reduce the number of arguments to this function?",
    "How long did it take to bisect this?",
    "Do you see a way to optimize this without the extra flag?",
    "What about the single-threaded case?",
    "Why do we need the per-cpu cache here?",
    "I ran the benchmark on two machines.",
    "The throughput improved by 5%.",
])
def test_not_concerns(text):
    assert find_questions(text) == []


def test_request_without_question_mark():
    text = "Not my call, but we'd need to see gains on real workloads\nbefore adding more complexity."
    found = find_questions(text)
    assert [(q.start, q.category) for q in found] == [(0, "real-workload")]


def test_offsets_point_at_the_first_line_of_a_wrapped_question():
    text = "I looked at the patch.\n\nThanks. So how does the\nprofile look before/after?\n"
    found = find_questions(text)
    assert len(found) == 1
    assert text[found[0].start:].startswith("So how does the")
    assert text[:found[0].start].count("\n") == 2
    assert found[0].text == "So how does the profile look before/after?"


def test_missing_something_after_test_description_is_methodology():
    text = ("I ran netperf between two VMs with and without the patch.\n"
            "The results are the same.\n\nAm I missing something?")
    assert [q.category for q in find_questions(text)] == ["methodology"]


def test_missing_something_in_code_review_is_not_a_concern():
    assert find_questions("The lock is dropped here. Am I missing something?") == []


def test_tables_and_code_are_not_read_as_sentences():
    text = ("| threads | base | patched |\n"
            "| 8       | 100  | 120     |\n"
            "+\tif (slower_path?)\n"
            "-\treturn faster;\n")
    assert find_questions(text) == []


@pytest.mark.parametrize("text", ["", "?", "??\n??", "%" * 1000, "> > >", "\x00?", "a?" * 5000])
def test_never_raises(text):
    assert isinstance(find_questions(text), list)
