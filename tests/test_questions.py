"""Performance questions and requests: one category per family, and what is not a reviewer's concern.
Every sentence is written for these tests."""

from __future__ import annotations

import pytest

from extractors.analysis import analyze_body
from extractors.questions import find_questions


@pytest.mark.parametrize(("text", "category"), [
    ("What kind of bandwidth do you get with 4 jobs?", "other"),  # a run asked about, though no family named
    # "what do you mean" asks without a question mark what a figure means
    ('What do you mean by 91% "wire speed" in the latency test.', "methodology"),
    ("I'd like to see it measured with fio for the throughput impact.", "request-data"),  # "it" measured: evidence
    # plain requests for numbers are request-data, with or without a question mark
    ("Have you benchmarked the new allocator at all?", "request-data"),
    ("Are there any numbers for the batched path?", "request-data"),
    ("Please share the measurements you took on the arm64 box.", "request-data"),
    ("Before reworking the lock again, you need to have numbers.", "request-data"),  # what the author must bring
    ("It would be good to see some performance numbers in the cover letter.", "request-data"),
    ("How much overhead does the extra lookup add per packet?", "request-data"),
    # a condition after a request is no offer of the speaker's
    ("I would like to see numbers first if we are going to switch the default.", "request-data"),
    ("Could you quantify the cost of the additional barrier?", "request-data"),
    ("Post the benchmark results with the next version, please.", "request-data"),
    ("pls run a few experiments with the larger ring.", "request-data"),
    # the request a "please" opens may be its second verb, and a measurement may be asked to be done again
    ("Please switch to the per-cpu counter and redo the numbers.", "request-data"),
    ("Could you redo the benchmark on the larger machine?", "request-data"),
    ("I'd need to see some numbers before I can ack the performance part.", "request-data"),
    ("Kindly share the numbers from the arm64 box.", "request-data"),
    ("I'd suggest measuring the throughput before we merge this.", "request-data"),
    ("You did not post any numbers for the batched mode.", "request-data"),
    # the evidence named as what would help, and a request for the workload itself
    ("Some latency figures would be useful before this goes in.", "request-data"),
    ("A few numbers would help here.", "request-data"),
    ("It would be good to provide numbers for the new default.", "request-data"),
    ("Could you share the workload that showed the stall?", "request-data"),
    # asking whether the author has the evidence, what the reviewer would add, an indirect question
    ("Do you have any benchmark numbers to back this up?", "request-data"),
    ("I would add the benchmark results to the commit message.", "request-data"),
    ("I meant to ask whether you measured the latency with tracing off.", "request-data"),
    # curiosity about whether the change helps is an indirect question, though it names the patch
    ("I would be interested if this series lowers the fault latency on your box.", "request-data"),
    ("I'm curious whether the patch still improves throughput once the cache is warm.", "request-data"),
    # ... and interest in how another run got its numbers asks how it was made
    ("I'm interested in how the other team got lower tail latency with the same NIC.", "methodology"),
    # methodology, and doubt about the numbers
    ("How many iterations were these latency figures averaged over?", "methodology"),
    ("Did you check whether the 4% latency gain is just run-to-run fluctuation?", "methodology"),
    # whether a cost exists at all: the slowdown a reviewer fears
    ("Is there any overhead in the submission path with this enabled?", "regression"),
    ("Does turning on the new mode have a performance impact?", "regression"),
    # a cost named in a proposal, with "there" only after it, fears nothing
    ("Could the driver wait a few cycles before the interrupt if there are more reads pending?", "other"),
    ("Did you use a tool like perf to find the bottleneck?", "profile"),
    ("What was the variance between the benchmark runs?", "methodology"),
    ("Which hardware did you collect these throughput numbers on?", "methodology"),
    ("I'm skeptical that these numbers are representative.", "methodology"),
    # a measured drop is a regression; "drop the loop" removes code
    ("Why did the job rate drop from 812 to 410?", "regression"),
    ("Is the drop in throughput expected?", "regression"),
    ("Are there any numbers of this, compared with the old path?", "comparison"),
    # real workloads
    ("Does any real application see a throughput gain from this?", "real-workload"),
    ("Is the speedup visible outside of the synthetic benchmark?", "real-workload"),
    ("Would be nice to have numbers from a production workload too.", "real-workload"),
    # regressions, in their performance sense
    ("Could this slow down the common case for small reads?", "regression"),
    ("Does the extra check cause a throughput regression on older CPUs?", "regression"),
    ("Could the extra check have a negative impact on throughput?", "regression"),
    # profiles
    ("Can you post a flamegraph of the submission side?", "profile"),
    ("Where does the remaining time go, according to perf top?", "profile"),
    # the profiler to use, advised
    ("You could use perf record on both builds to find where the cycles go.", "profile"),
    ("You could rerun it on the bigger box to see the throughput there.", "request-data"),  # a run advised
    # what to add named first, then "would be a nice thing to add"
    ("A perf profile of the contended path would be a nice thing to add to the changelog.", "profile"),
    # comparisons
    ("Is the ring variant faster than the plain syscall loop?", "comparison"),
    ("How does its latency compare against the existing poll mode?", "comparison"),
    ("Is the tail latency different on the smaller box?", "comparison"),  # the sameness asked after its subject
    ("Is throughput comparable with the old allocator?", "comparison"),
    # "why" asking for the cause of an effect
    ("Why is the batched path slower on the small box?", "regression"),
    # doubting how the numbers were made
    ("Are you sure your fio workload keeps enough requests in flight?", "methodology"),
    ("Which program generated the load in these runs?", "methodology"),  # the tool that made the numbers
    # a performance question of no particular family
    ("Will the new lock hurt scalability on large machines?", "regression"),
    ("Is the fast path still lockless after this change, performance-wise?", "other"),
    ("I'd like some numbers on the overhead before this goes in.", "request-data"),
    # a run asked for with workloads named after its object
    ("Could you please test the series from [2] with other workloads the robot runs?", "request-data"),
    # where a cost comes from is what a profile shows
    ("Where does the extra cost on the read side come from?", "profile"),
    # a speed asked about in the present: whether the author's runs show one
    ("Do you see any throughput gain for the key-value benchmark with this?", "request-data"),
    # more evidence asked for in the passive
    ("If the option really pays off, perhaps some numbers could be shared before it goes in.", "request-data"),
    ("Further data is needed to pin down where the slowdown comes from.", "request-data"),
    # the evidence named as performance numbers, whatever is said of it, and a run asked to go on
    ("Nice idea, but we need hard performance number to justify the extra code.", "request-data"),
    ("Please continue the benchmark on a real disk before the next version.", "request-data"),
    # a profile of where time goes: the verb, and the noun beside what it profiles
    ("Could you profile it with and without the patch?", "profile"),
    ("Do you have a CPU profile of the slow case?", "profile"),
    ("Is there anything strange in the profile?", "profile"),
    ("Unless you can show profiles where that loop is hot, I'll stay sceptical about the claim.", "profile"),
    ("Do you have instruction-level profiles of the copy helper on both trees?", "profile"),
    # the perf tool's output asked for is a profile or numbers
    ("Can you share perf record output for both kernels?", "profile"),
    ("Can you share the perf stat output?", "request-data"),
    # a speed compared with code's ("than a function call") is still a speed compared
    ("But is a compare-and-swap really quicker than calling a function and returning?", "comparison"),
])
def test_concern_categories(text, category):
    found = find_questions(text)
    assert [q.category for q in found] == [category]
    assert found[0].text == " ".join(line.strip() for line in text.split("\n"))


@pytest.mark.parametrize("text", [
    "The numbers would be lower with the second patch.",  # a prediction, not a request
    "Please rename the helper and add a comment.",  # a second verb that asks for no evidence
    "Do you mean shared between the cores, so there is contention?",  # what was said, checked
    "I would be interested if this series could also go to stable.",  # curiosity about no performance
    "I'm interested in how the new locking scheme works.",
    "Can you post the test results of the xfstests run?",  # results a bug report asks for as often
    "Will the overhead blocks reported by statfs ever exceed the partition size?",  # a filesystem's metadata space
    # "cycles" a person has to spare is their time
    "When you find some spare cycles, could you have a second look at the locking?",
    # a release's cycle is no CPU cycle, and "cost effective" is cheap in money
    "Could you please consider pulling these for the 6.9 cycle?",
    "Would a second SSD not be more cost effective than a bigger box?",
    # a wish for the code to cost less asks for no evidence
    "It would be good to avoid the overhead of the extra copy in the submission path.",
    # advice on how to write the code, even for its speed, asks for no evidence
    "I'd advise you to add a batched variant instead, or the ring cannot get its full performance.",
    "Since the perf issue keeps coming up, I'd suggest merging this first and tuning it later.",
    # code style and design questions
    "Why not make this helper static inline?",
    "Should the flag be renamed to something clearer?",
    "Can you split the refactoring into its own patch?",
    "Does this still build with clang?",
    "Any objections to taking this through the block tree?",
    "Couldn't we pass the ops pointer directly instead?",
    # design talk that mentions performance: a motive, a proposal, a "why" that names no effect
    "What was the motivation for the rewrite, to save syscall costs?",
    "Should the pool stay at 64 entries if the jitter RNG is missing?",  # the jitter RNG is an entropy source
    "Should we add a bench/ directory for the perf tools rather than examples/?",
    "Apart from the syscall costs, why isn't it a userspace library?",
    "It makes the exit path faster, but do we want it for this cycle?",
    # what to call a thing, another way to write it, help with the speaker's own setup
    "How about renaming the counter to io_wait_cycles, since it only counts the wait?",
    # what the speaker would have to do; a question mark quoted as a character
    "I would need to measure the cost of the extra lookup on the big box first.",
    'When a latency sample is missing from the report, the field prints a "?"',
    "Is there a better name than fast_path for the ring's lockless mode?",
    "If throughput is what matters, another option might be a bigger batch instead?",
    "Where can I read the tail latency that the tool prints?",
    "How can I print the per-queue IOPS with this script?",
    '"throttle" is the closest word I can find, and it reads badly to me.',
    # a term queried in brackets is no question of the sentence's own
    "The same patch was measured improving some of the tests (netbench?)",
    # a question the statement quotes
    'The cost is reader cycles burned on "what does this branch do?"',
    # functional regressions and regression tests
    "Is this a regression from the earlier cleanup?",
    "Did the regression tests pass on your side?",
    "Could you check whether this fixes the boot regression?",
    "Was this bisected to the commit that introduced the crash?",
    # advice against something, and offers
    "I would not recommend a drain here, it is expensive.",
    "If you want me to benchmark it on the big box, let me know.",
    # the speaker's own statements and plans
    "I'll post numbers once the machine is back.",
    "I need to have some numbers before I post v2.",  # the speaker's own plan
    "Let me run the benchmark again tonight.",
    "I ran the benchmark on two boxes.",
    "The throughput improved by 5%.",
    # words that a neighbour makes name something else: numbers that identify, a profile of settings
    "Why can't the caller pass the real block numbers?",
    "If the integrity profile is removed, does it all still work?",
    "How about a review of the data lifetime series?",
    "Arbitrary numbers of buffers must be supported, what do you think of the added complexity?",
    "Do you plan to support merging under an iops limit in the throttle too?",  # a setting, not a rate
    "Are you testing my review cycles?",
    "Which metadata profile does the filesystem use, dup or single?",  # a storage layout, not a profile
    # social and process
    "Thanks for the numbers, looks good to me.",
    "Any chance this can go into the next rc?",
    "After waiting 30 min for the build, can you resend?",
    # a benchmark named in a question about a design or a setup ("is it fio?")
    "If I run fio at a queue depth of 64, what does the plug change?",
    "How long will it take to review a series like this?",  # a duration asked with nothing measured before
    "Could you explain the impact on the ABI?",
    "Might make more sense to have a cheaper, rougher counter instead?",  # a proposal, not a request for evidence
    # a benchmark named far from the request: LKP's footer, an idea for a tool
    "If you fix the issue, kindly add following tag where applicable | Reported-by: kernel test robot <lkp@intel.com>",
    "Maybe it would be a good idea to add an option to fio to skip the notifications?",
    # a pointer to results is no request for them
    "Jane Doe kindly tested v2, see results at:",
    "When I use v3 directly I am not able to see the data mismatch with the tool.",  # seeing a bug
    # wanting the thing itself, not evidence of it: "it" is the feature
    "Good I/O performance needs the pooled allocator, which is one more reason I'd like to see it.",
    "The overhead comes from every hop a request takes; I'd love to see it getting slimmer.",  # a wish
    "In that case I would suggest that benchmark experiments on a failing disk are pointless.",  # an opinion
    "How about we add a helper to estimate the lock scalability?",  # a proposal
    "It can be a big win for some workloads, so maybe we should make it easier to set up?",
    # a "performance level" or "performance state" is a setting of the hardware, not a speed
    "Do device drivers request a certain performance level here?",
    "Should the performance state be lowered on suspend too?",
    "Does each cluster have its own performance-domain then?",  # the same, hyphenated
    # "performance" as the value a governor or profile is set to, and a word quoted as a name
    "Wouldn't switching the laptop to performance drain the battery?",
    "Does the new driver default to 'performance' on desktop parts?",
    'What if one card should run in "quiet" mode and the other in "performance"?',
    # a bandwidth, latency or frequency set by a driver or a binding, no run asked about
    "Isn't the peak bandwidth too small if several clients need it at the same time?",
    "Maybe the latency requirements are tighter in the downscaling mode?",
    "Should the latency constraints apply to runtime suspend as well as to system sleep?",
    "Which program do you use to read mail?",  # a program asked about, no measurement
    "How much space gets consumed by the reservation?",  # a footprint asked for, not a cost of the same work
    "So how big is an index block?",  # the size of a thing named like a metric (a benchmark's index)
    "What is an entry in the overlay index worth when the lower layer changes?",  # a data structure's index
    "If you have data corruption on the array, please send the logs.",  # "data" asked for is not evidence
    # what power management calls performance: a protocol, a state to set, a platform's profile
    "Is the SCMI performance protocol version 2 enough here?",
    "Should the driver set the perf state before it powers the domain on?",
    "Which API do you have in mind for the system profile selection?",
    "Do you track performance indicators for each result level?",  # how a project's results are judged
    # "like" that compares, not that wants: the data is the array's
    "Sorry to hear that, it looks like data is lost already, and this is a kernel issue (resync?)",
    # a question the writer asks himself in brackets, inside a statement about a slowdown
    "The stalls also get worse the longer the scrub runs (I assume because it moves to the slower tracks?) "
    "and the lower the reported rate.",
    "Do you see some benefit in splitting the helper?",  # a design weighed, no run asked about
    "The results can be posted to the list by the nightly job.",  # where results that exist go
    # metrics named as members of a structure in code ("q->iops"): what the code reads, not a speed
    "q->iops and q->bps are left as they were, so how does the queue ever drain?",
    "Please keep the fast path simple.",  # a wish about the code, no run asked to go on
    "Benchmark script attached below.",  # a compound noun opening a fragment, no imperative
    # what was said or written asked about, whoever said it
    'What do we mean by "drain the queue in one go" for the latency?',
    "What does the second part about the latency mean...?",
    'Should the driver hand out "truly random" numbers to every caller?',  # values a program uses, quoted
    # a storage layout: btrfs calls how chunks are replicated a "profile"
    "What about a mirrored profile for the metadata on the new disks?",
    # what others must be told, no evidence asked of the author
    "Fine to turn it on by default, though admins need to know the knob affects the performance.",
])
def test_not_concerns(text):
    assert find_questions(text) == []


def test_a_request_without_a_question_mark_is_found_mid_paragraph():
    text = "The idea looks fine.\nBut I'd really like to see benchmark\nnumbers before it goes in."
    found = find_questions(text)
    assert [(q.category, text[q.start:].split("\n")[0]) for q in found] == [("request-data", "But I'd really like to see benchmark")]


def test_a_request_to_share_details_under_a_measured_gain_asks_for_data():
    """No question mark and no performance word of its own: "share" asks, and the gain measured right
    before is what the details are of."""
    text = ("I saw a similar 20% gain in quick runs on my desktop.\nI guess you measured on a big server -- "
            "it would be nice if\nyou could share some details.\n")
    assert [q.category for q in find_questions(text)] == ["request-data"]


def test_the_hardware_a_run_was_made_on_asked_as_hw_is_methodology():
    assert [q.category for q in find_questions("What HW did you run the target on?", None, True)] == ["methodology"]


def test_offsets_point_at_the_first_line_of_a_wrapped_question():
    text = "I read the series.\n\nThanks. So how much does the\nprofile change with it applied?\n"
    (found,) = find_questions(text)
    assert text[found.start:].startswith("So how much does the")
    assert text[:found.start].count("\n") == 2
    assert found.text == "So how much does the profile change with it applied?"


def test_a_regression_question_after_a_paragraph_about_performance_is_a_concern():
    """"regression" alone may be a bug; right after sentences about a slowdown it is that slowdown."""
    lead = "I doubt this commit slowed the writes down. The profile shows a change in the allocator instead."
    text = "Was it bisected? Which kernel showed the regression first?"
    assert [q.text for q in find_questions(text, lead)] == ["Which kernel showed the regression first?"]
    assert find_questions(text) == []
    assert find_questions("Why don't we drop the argument from the helper?", lead) == []


def test_a_performance_problem_asked_about_is_a_regression_concern():
    found = find_questions("Won't the extra lookup cause a performance problem on large tables?")
    assert [q.category for q in found] == ["regression"]


def test_code_asked_to_be_taken_out_is_no_request_for_data():
    text = "The overhead there doesn't matter, but it would be better to get rid of the extra flag."
    assert find_questions(text) == []


def test_help_asked_with_a_new_run_after_a_measured_slowdown_requests_data():
    lead = "Stress-ng's context switch test shows a 4% slowdown on my board."
    text = "Could you please help with a run on your boards too?"
    assert [(q.text, q.category) for q in find_questions(text, lead)] == [(text, "request-data")]
    assert find_questions("Could you help with the review of the locking?", lead) == []
    assert find_questions("Can you help me understand why the perf field is cached here?", lead) == []


def test_tables_and_code_are_not_read_as_sentences():
    text = ("| jobs | base | new  |\n"
            "| 4    | 100  | 120  |\n"
            "+\tif (is_slower?)\n"
            "-\treturn faster;\n")
    assert find_questions(text) == []


@pytest.mark.parametrize("text", ["", "?", "??\n??", "%" * 1000, "> > >", "\x00?", "a?" * 5000])
def test_never_raises(text):
    assert isinstance(find_questions(text), list)


def test_a_patch_sent_as_itself_asks_no_reviewer_anything():
    """The text above a patch's diff is its author's description; a reply that suggests a patch quotes
    what it answers, and its questions stay."""
    from extractors.analysis import analyze_body
    diff = "---\n fs/x.c | 2 +-\n\ndiff --git a/fs/x.c b/fs/x.c\n--- a/fs/x.c\n+++ b/fs/x.c\n@@ -1 +1 @@\n-a\n+b\n"
    own = "Batch the flushes.\n\nCould someone run a throughput benchmark on a big box?\n\n" + diff
    reply = "> The flush path is slow.\n\nCould you run a throughput benchmark on a big box?\n\n" + diff
    assert analyze_body(own).questions == ()
    assert [q.item.category for q in analyze_body(reply).questions] == ["request-data"]



def test_a_cover_letter_asks_no_reviewer_anything():
    """A series' cover letter has no diff, but ends with git's shortlog and diffstat: what it asks is the
    author's, not a reviewer's request."""
    from extractors.analysis import analyze_body
    letter = ("This series batches the flushes.\n\nCould someone run a throughput benchmark on a big box?\n\n"
              "Ann Author (2):\n  fs: batch the flushes\n  fs: drop the old path\n\n"
              " fs/x.c | 12 ++++++------\n 1 file changed, 6 insertions(+), 6 deletions(-)\n")
    assert analyze_body(letter).questions == ()
    assert len(analyze_body("> Batch the flushes.\n\n" + letter).questions) == 1  # a reply's request stays


def test_a_setup_question_in_a_message_with_numbers_asks_about_them():
    """"What's the client hardware like?" asks nothing about performance by itself; under a table or a
    result, it asks how those numbers were made."""
    from extractors.analysis import analyze_body
    question = "What's the client hardware like? Have you pinned the interrupts on both boxes?\n"
    numbers = "> Before: mean read rate: 412.5 MB/sec\n> After:  mean read rate: 455.1 MB/sec\n\n"
    assert [q.item.category for q in analyze_body(numbers + question).questions] == ["methodology"] * 2
    assert analyze_body("> The cleanup looks fine.\n\n" + question).questions == ()


def test_a_rerun_asked_for_after_a_step_to_take_first_asks_about_the_numbers():
    """"Can you put the check back and re-test?" under numbers asks for the run again, what to do
    first between; in a message without numbers it asks whether a fix works."""
    from extractors.analysis import analyze_body
    question = "Can you put the check back and re-test?\n"
    numbers = "> Before: mean read rate: 412.5 MB/sec\n> After:  mean read rate: 355.1 MB/sec\n\n"
    assert [q.item.category for q in analyze_body(numbers + question).questions] == ["methodology"]
    assert analyze_body("> The box hangs at boot.\n\n" + question).questions == ()


def test_asking_whether_a_change_helps_asks_for_a_measurement_after_numbers():
    """"Does changing X help?" ends on whether it helped: under numbers, what a run would show; "would
    you help?" asks a person."""
    numbers = "> With the timer at 4ms the idle power is 6.1W, at 1ms it is 6.4W.\n\n"
    for question in ("Does lowering the slack to 50us help?\n", "Could you check whether a 50us slack helps?\n",
                     "You would need to show that a 50us slack helps.\n"):
        assert len(analyze_body(numbers + question).questions) == 1
        assert analyze_body("> The box oopses on boot.\n\n" + question).questions == ()
    assert analyze_body(numbers + "Would you help?\n").questions == ()


def test_asking_whether_it_makes_a_difference_asks_for_a_measurement_after_numbers():
    """"Does it make a difference?" under performance numbers asks what a run would show; after a bug
    report it asks whether a fix works, and "the difference between" two flags asks what differs."""
    from extractors.analysis import analyze_body
    numbers = "> Before: mean read rate: 412.5 MB/sec\n> After:  mean read rate: 455.1 MB/sec\n\n"
    question = "Nice. Could you turn off the merging and see if it makes any practical difference?\n"
    assert len(analyze_body(numbers + question).questions) == 1
    assert analyze_body("> The box oopses on boot.\n\n" + question).questions == ()
    assert find_questions("What is the difference between the two flags?", measured=True) == []
    assert [q.category for q in find_questions("Profiles, please.")] == ["profile"]


@pytest.mark.parametrize("question", [
    "What is your writeback_interval setting?",  # what a setting of the run was
    "Also, are these averages, or single runs?",  # whether a figure is one run or several
    "Could you please try three other configurations?",  # the runs again in other setups
    "Could we try more compiler versions and see?",
    "Was your kernel built with full preemption?",  # how the measured kernel was built
    "I'm curious, what block size did you use?",  # a setting of the run
    "Could you please try writing a larger file?",  # the run at another scale
    "Can you state the exact command lines you are running?",  # the commands the run was made by
    "How much RAM does the test box have?",  # the machine it ran on
    "Which kernel version was this?",
    "Is it with the IOMMU in passthrough mode or translated?",  # which setup the numbers come from
    "What NVMe drive was this?",
    # across the machines it ran on; "ie." is no sentence's end
    "Also, have you run this (and with TCP) across nodes (ie., not just on one box)?",
    # what the person asked ran, on what, and what they see: the setup of the numbers
    "Are you actually seeing 40 us on the real box?",
    "Which filesystem were you testing on?",
    "I take it you're not running with mitigations off?",
    # the load's character and the machine's topology decide what a figure means
    "And what is the access pattern of that job?",
    "Is the test server NUMA?",
    "Are the drives you tested on NVMe or SATA?",  # which of two kinds of hardware
])
def test_how_the_numbers_were_made_asked_under_them_is_methodology(question):
    """Under performance numbers these ask how the numbers were made; without numbers above, a
    question about a setting or a request to try configurations is no performance concern."""
    numbers = "Before: mean read rate: 412.5 MB/sec\nAfter:  mean read rate: 455.1 MB/sec\n\n"
    assert [q.category for q in find_questions(question, measured=True)] == ["methodology"]
    assert find_questions(question) == []
    assert len(find_questions(numbers + question, measured=True)) == 1


@pytest.mark.parametrize("question", [
    "What is the problem with setting the limit to a stripe size?",  # "setting" as a verb
    "Or should I try some other scheduler configuration first?",  # the speaker's own next step
    "Can you try a smaller patch first?",  # a smaller change, not a run at another scale
    "Have you tried a per-cpu list instead?",  # a design put forward
    "Do you see any problem with the locking above?",  # a review asked for
    "If you are using the old flag, would this path change?",  # a case put forward
    "Sorry, what do you mean?",  # what was just said, asked again
    "What do you mean by the latency path?",  # a word just said, with no figure
    "Would you like me to rerun the benchmark with the fix?",  # the speaker's own work offered
    "Should I post the fio numbers again?",
    "So how does the perf ring buffer code get away without a barrier there?",  # perf's own objects
    "So this adds a sizeable memory regression?",  # more stored, not a slower run
    "Why expose the firmware's perf power-domains to the CPU nodes?",  # a performance domain, a setting
    # CPPC's performance levels by their registers' names
    "Please check the bug below, the highest perf reported is clearly not right since it gives a clock over 9 GHz.",
    "The CPUs share one perf control interface, so what does the driver need to know?",
    "I timed both, what slowdown?",  # a word just said, echoed to deny it
    "Which regression?",  # a word just said, echoed to ask which one
    "Are you still using the per-cpu threads you posted last year?",  # whether a feature has users
    "So the flag only exists to make the ring faster, right?",  # checking a motive was understood
    "Was the workload spread over the workers when the request got queued?",  # how the design places work
    "Is the second check just a safety measure against a stale pointer?",  # a step against a risk
    "Can you please pull the lock scalability improvements from the tag below?",  # a maintainer asked to merge
    "Do callers really pass us negative fd numbers?",  # numbers naming descriptors
    "Why does it matter if those fields are printed as large positive numbers?",  # numbers as values
    # a term with a digit inside is no figure: what was said, asked again
    'I understand what you mean by "an S2 miss on the L1 table", would you mind elaborating?',
    "Can we take the root pointer load and the comparison with NULL outside the loop?",  # code compares
    "How does 'perf kvm stat' deal with the new tracepoints?",  # a feature of the perf tool
    # a profile that is a protocol's or a stack's, not a profile of where time goes
    "So how do I read that attribute for a headset with the HSP profile?",
    "Could AddProfile then claim the input profile away from its plugin?",
    "Sure, registering a profile is possible; what do you intend to do with the link?",
    "Maybe you could register a profile handler with the manager instead.",
    "Which kernel version shows this behaviour for you?",  # how a bug shows, asked of a bug report
    "We already know we don't want certain profiles, so would blocking a profile after connecting work?",
])
def test_what_is_not_asked_of_the_run(question):
    assert find_questions(question, measured=True) == []


@pytest.mark.parametrize("question", [
    "Which kernel interfaces should userspace read these counters from?",  # an interface, not the run's kernel
    "So what your IO workload wants is absolute limits plus relative weights, correct?",
    "Dropping clean pages might not be as important compared to dropping dirty ones?",  # how much it matters  # "relative" names a kind of limit
])
def test_words_of_a_run_in_another_sense_ask_nothing_of_it(question):
    assert find_questions(question, measured=True) == []


def test_the_gain_another_change_would_make_asked_under_numbers():
    asked = "If the idle check is making us poll too eagerly, does changing it to the pending test make things better?"
    assert len(find_questions(asked, measured=True)) == 1
    assert find_questions("Does renaming the helper make things better?") == []  # nothing measured: code judged


def test_had_better_said_of_a_thing_asks_nothing_of_the_author():
    """"You'd better rerun it" advises the author; "the CPU had better not touch it" says what a thing must not do."""
    ordered = "A barrier costs cycles, and the device had better not be writing that page."
    assert find_questions(ordered, measured=True) == []
    assert len(find_questions("You had better rerun the benchmark with the fix.", measured=True)) == 1


def test_a_question_with_a_verb_after_what_is_no_echo():
    assert len(find_questions("What is the slowdown with four queues?")) == 1


def test_a_result_checked_again_and_differences_a_run_shows_are_asked_for():
    assert [q.category for q in find_questions("Can you verify what the throughput looks like with the cache off")] \
        == ["request-data"]
    question = "Are there differences in the stall counters when you run it with the old default?"
    assert len(find_questions(question, measured=True)) == 1
    assert find_questions("Is there a difference between the two flags?", measured=True) == []


def test_leave_to_see_a_benchmarks_output_is_a_request():
    """"Can I see ..." asks the author for something as "can you show ..." does."""
    question = "Can I please see the full sysbench output for both kernels?"
    assert [q.category for q in find_questions(question)] == ["request-data"]
    assert find_questions("Could you do a cleanup of the error paths?", measured=True) == []


def test_how_the_author_ran_it_after_numbers_is_methodology():
    text = "Throughput dropped by 8% on my box. Were you running with the governor set to performance?"
    assert [q.category for q in find_questions(text)] == ["methodology"]


def test_the_kind_of_load_asked_under_numbers_is_methodology():
    """Whether the load was, say, random reads decides what a throughput figure means; a workload's
    distribution across workers is how the code places work, not how the run was made."""
    assert [q.category for q in find_questions("Is this a random-read workload?", measured=True)] == ["methodology"]
    assert [q.category for q in find_questions("Is it a mixed read/write workload?", measured=True)] == ["methodology"]


def test_a_run_asked_again_after_talk_of_its_performance():
    """"Re-run this test" right after a sentence about performance asks for the run again; on another
    setup ("without X") it asks how the run was made. The same with nothing about performance before
    asks nothing of a performance run."""
    lead = "The CPU is the bottleneck of this benchmark, so extra calls in the hot path cost throughput."
    asked = "Could we re-run this test without the accounting enabled?"
    assert [q.category for q in find_questions(f"{lead} {asked}")] == ["methodology"]
    assert [q.category for q in find_questions(f"{lead} Could we rerun that benchmark?")] == ["request-data"]
    assert find_questions(f"The driver probes twice on this board. {asked}") == []


def test_a_run_suggested_again_under_numbers_is_a_request():
    """"Maybe you can try to rerun that experiment" asks the author for the run again, as "could you
    repeat it" does; with no numbers above it asks nothing of a performance run."""
    suggested = "Maybe you can try to rerun that experiment."
    assert [q.category for q in find_questions(suggested, measured=True)] == ["request-data"]
    assert find_questions(suggested) == []
    tried = "It would be nice if you could experiment a bit and send a v3 along those lines."
    assert find_questions(tried, measured=True) == []


def test_the_size_of_an_effect_asked_under_numbers():
    asked = "How much difference did the noinline annotation make?"
    assert [q.category for q in find_questions(asked, measured=True)] == ["request-data"]
    assert find_questions("How much difference is there between the two flags?", measured=True) == []


def test_a_duration_asked_under_numbers():
    asked = "How much time does the firmware load take?"
    assert [q.category for q in find_questions(asked, measured=True)] == ["request-data"]
    assert find_questions(asked) == []


def test_advice_to_check_a_cost_is_a_concern():
    """Advice asks for evidence when it asks to measure or check ("double check that the cost matters")."""
    assert len(find_questions("I'd suggest to double check that the cost of the extra barrier really matters.")) == 1


@pytest.mark.parametrize(("text", "categories"), [
    # a fragment with no verb of its own goes on asking what the question before asked
    ("How much faster are the scans with larger folios? And with 64k pages? What about arm64?",
     ["request-data"] * 3),
    # a short question naming what it measures, and a continuation naming an effect
    ("Do you have numbers for the rewrite on spinning disks? What was the workload?",
     ["request-data", "request-data"]),
    ("Is the sequential read throughput still the same? And are the small random reads slower?",
     ["other", "regression"]),
    # asking the size of what was just asked about
    ("Have you measured the cost of the extra barrier? How small is it?", ["request-data", "request-data"]),
    # a question of no family of its own after one that named it goes on asking the same
    ("Could you try it with a real workload? For instance, a mail server inside the guest?",
     ["real-workload", "real-workload"]),
    # durations asked right after a performance question
    ("Can you characterize the cost of growing the table? How long does it take now? How long does it take "
     "once it waits for a grace period?", ["request-data"] * 3),
])
def test_a_follow_up_question_goes_on_asking(text, categories):
    assert [q.category for q in find_questions(text)] == categories


@pytest.mark.parametrize("text", [
    # the question before asks nothing about performance
    "Why is the flag in the header? And in the uapi?",
    # a follow-up with a verb and a subject of its own, and a closing question
    "Do you have numbers for the rewrite on spinning disks? Can we merge the locking change first?",
    "Do you have numbers for the rewrite on spinning disks? Any thoughts?",
])
def test_what_no_follow_up_is(text):
    assert len(find_questions(text)) <= 1


def test_results_asked_for_after_talk_of_benchmarks_are_performance_results():
    assert [q.category for q in find_questions("Did you run any benchmarks? What results did you get?")] == \
        ["request-data"] * 2
    assert find_questions("What results did you get?") == []  # of a test suite, as often


def test_a_reply_reads_the_quoted_paragraph_it_answers_as_its_context():
    from extractors.analysis import analyze_body
    quoted = "> With the flag cleared, buffered writes ran about 10% slower in my test.\n\n"
    question = "How does it compare with the old allocator?\n"
    assert [q.item.category for q in analyze_body(quoted + question).questions] == ["comparison"]
    assert analyze_body("> The flag is cleared in the error path.\n\n" + question).questions == ()
    # a percentage of a speed measures it, in the words of someone writing in a second language
    slow = "> With the flag cleared it is about 8% slow than before.\n\n"
    assert [q.item.category for q in analyze_body(slow + question).questions] == ["comparison"]


def test_asking_what_a_change_is_for_is_design_talk_even_under_numbers():
    """"only for performance, or is there more to it?" asks the motive; "just for convenience, or is it an expensive
    thing to compute?" asks the cost."""
    assert find_questions("Is the batched refill only for performance, or is there more to it?", None, True) == []
    assert len(find_questions("Is this just for convenience, or is it an expensive thing to compute?", None, True)) == 1


def test_a_figure_hoped_for_is_no_request():
    """"I was hoping to see <= 15ms, but got 19": the speaker's own expectation of a figure; "to see 3 runs of
    each" still names what to run."""
    hoped = "The setup takes 12ms, so I was hoping to see <=15ms with the overhead of the hook, but got 19."
    assert find_questions(hoped) == []
    assert len(find_questions("I'd like to see 3 runs of each benchmark, please.")) == 1


@pytest.mark.parametrize("text", [
    "I would strongly advise you to try it on real database workloads.",  # advice, whose clause names the evidence
    "I feel we need to see a realistic workload that benefits from the new mode.",  # wanting to see it asks for it
    "Probably not much of a problem, but it would be interesting to see numbers.",
    "Is there a measurable benefit?",  # whether an effect can be measured at all
    "Did you see any noticeable difference on the smaller box?",  # or whether it made a visible difference
    "How much does the extra barrier cost?",  # the size of a cost asked for
    "How much time do we save by skipping the reset?",  # ... or of a speed-up: the time saved
    "If you have any benchmark results, it would be good to include them.",  # "them" stands for the results
    "I would at least like to see the will-it-scale impact on a large machine.",  # a benchmark's results wanted
    "I'd suggest to run something like iperf on fast hardware.",
])
def test_requests_for_evidence_in_other_words(text):
    assert len(find_questions(text)) == 1


def test_a_feature_named_with_underscores_is_compared_as_a_setup():
    """Under numbers, "compare io_uring and libaio" asks for a comparison: a name with underscores is no
    code compared, as "ctx->seq" or "memcmp()" are."""
    assert [q.category for q in find_questions("Could you compare io_uring and libaio?", None, True)] == ["comparison"]


def test_curiosity_asks_to_be_told_not_to_do():
    """"I'd be curious to see the numbers" asks the author; "I'd be curious to try and wire this into
    my benchmark to run some numbers" is what the speaker means to do."""
    assert [q.category for q in find_questions("I'd be curious to see some perf numbers for this.")] == ["request-data"]
    assert find_questions("I'd be curious to try and wire this into my benchmark just to run some perf numbers.") == []


def test_a_negated_need_and_a_fix_to_carry_request_no_evidence():
    """"as we do not need to see every latency number" explains a trace; "please include this fix" in
    a performance run asks to carry a change, not to show numbers; "please post the numbers" does."""
    assert find_questions("We bucket the delta by ten, as we do not need to see every latency number.") == []
    assert find_questions("If anyone runs a performance test, please include this fix.") == []
    assert [q.category for q in find_questions("Please post the performance numbers for this fix.")] == ["request-data"]


def test_a_patch_describing_its_change_in_the_imperative_requests_nothing():
    """"Provide a new field to pass along the index ...": a commit message's imperative; "Post the
    numbers, please" is a request for evidence."""
    assert find_questions("Provide a new field to pass along the table index for an open-like operation.") == []
    assert [q.category for q in find_questions("Post the performance numbers, please.")] == ["request-data"]


@pytest.mark.parametrize("text", [
    "Is your testing based on cgroup v1 or v2?",  # what the runs rest on
    "The gain on 4k is small, is it caused by the PCIe bandwidth limit?",  # what bounds a result
    "If so, can you rerun it with the following patch?",  # the runs asked for again
    "Did you use huge pages for testing?",  # what the runs were made with
    "Can you share the fio command lines for each of these?",  # how to make them again
])
def test_questions_about_the_runs_shown_are_methodology_after_numbers(text):
    assert [q.category for q in find_questions(text, None, True)] == ["methodology"]
    assert find_questions(text) == []  # without numbers in the message, nothing says it is about performance


def test_asking_for_a_patch_to_be_tested_is_no_performance_question():
    assert find_questions("Can you test this patch on your machine?", None, True) == []


def test_asking_for_another_run_under_numbers_asks_for_more_of_them():
    """Under the numbers a message shows, a run asked for (politely, too) is more numbers asked for."""
    ask = "Would it be possible for you to run this on the whole series on the same box?"
    assert [q.category for q in find_questions(ask, None, True)] == ["request-data"]
    assert find_questions(ask) == []  # without numbers shown, a run may be a functional test
    suite = "When you rework this, please run the xfstests quick group to make sure nothing breaks."
    assert find_questions(suite, None, True) == []  # a test suite to run, not the run shown
    commands = "Could you please run these commands on the client and paste what they print?"
    assert find_questions(commands, None, True) == []  # commands to run for a diagnosis


@pytest.mark.parametrize(("text", "category"), [
    # the runs asked for again on another kernel
    ("Could you repeat the run on the newest mainline tree?", "methodology"),
    ("Please try it with a recent upstream kernel, the allocator was reworked.", "methodology"),
    # advice about how the author's runs are made, and the setup they ran on asked to be described
    ("You'd better pin the interrupts in your tests too.", "methodology"),
    ("Please describe the machine you ran this on in the changelog.", "methodology"),
    # a polite request whose verb names the act, right after a performance problem
    ("Would you mind sharing the details?", "request-data"),
    # a new run asked for by the act of making it
    ("Could you please do another run with the cache disabled?", "request-data"),
])
def test_requests_about_the_runs_under_numbers(text, category):
    """Under performance numbers these ask for a run or for how the runs were made; in a message
    without numbers the same words ask about a bug fix or a code change."""
    assert [q.category for q in find_questions(text, "The scan got about 20% slower on my box.",
                                               measured=True)] == [category]
    assert find_questions(text) == []


@pytest.mark.parametrize("text", [
    "Somebody will have to run proper measurements before this is merged.",  # a measurement for someone else to make
    "Is there any plan for a wider quantification of the gain?",  # the evidence itself asked about
])
def test_evidence_asked_without_a_question_word_of_its_own(text):
    assert [q.category for q in find_questions(text)] == ["request-data"]


def test_a_question_underlined_as_a_heading_asks_nothing():
    body = "Is it any faster?\n-----------------\n\nYes: the submit path takes half the cycles.\n"
    assert analyze_body(body).questions == ()


@pytest.mark.parametrize(("text", "category"), [
    ("Could you send some more data from those runs?", "request-data"),  # more of what is shown
    ("How does this stack up compared to the per-cpu counter version?", "comparison"),
    ("Have you compared it against a plain mutex?", "comparison"),
    ("Can you share the fio job file behind these runs?", "request-data"),  # a benchmark's part: how it ran
    ("Could you try the same test with the prefetcher turned off?", "request-data"),  # the run shown, again
    ("What's the baseline in these tables?", "methodology"),
    ("The results look suspicious to me.", "methodology"),  # results doubted: these ones
    ("So what's the gain here?", "request-data"),  # the size of the gain shown ("for what gain?" is rhetoric)
])
def test_requests_that_need_the_numbers_shown(text, category):
    """Data, a comparison, a benchmark's job file, the same test again, the baseline: under numbers each
    asks about them; in a message without numbers, about a bug or a design."""
    assert [q.category for q in find_questions(text, None, measured=True)] == [category]
    assert find_questions(text) == []


@pytest.mark.parametrize(("text", "category"), [
    ("It would be nice to know how the new lock performs on a 4-socket box.", "request-data"),
    ("How well does this scale past 64 cpus?", "other"),
    ("These latency numbers look too good to be true.", "methodology"),
])
def test_how_it_performs_and_doubts_about_the_numbers(text, category):
    assert [q.category for q in find_questions(text)] == [category]


@pytest.mark.parametrize("text", [
    # a doubt about a design or a cost, not about how the numbers were made: an opinion, asking nothing
    "So the overhead is 30% higher, but from a tiny base, and I don't see why that would block the series.",
    "I doubt the extra branch is any more expensive.",
    "How does the new helper perform the lookup when the key is missing?",  # "perform" an act, not a speed
    "I doubt the tests cover the error path.",  # a doubt about test coverage
])
def test_what_no_doubt_or_manner_question_is(text):
    assert find_questions(text) == []


def test_a_quoted_reply_answers_the_deeper_quote_above_it():
    """The context of a question quoted in a reply is the paragraph it answered, one quote level down."""
    body = ("> > Our workloads still run with the accounting off because of its performance cost.\n"
            "> > So I'm a bit worried about this change.\n"
            ">\n"
            "> Would you mind going into the details?\n")
    assert [q.quoted for q in analyze_body(body).questions] == [True]
    assert analyze_body("> > The flag is cleared in the error path.\n>\n"
                        "> Would you mind going into the details?\n").questions == ()


def test_a_reply_under_quoted_tables_reads_their_captions_as_its_context():
    """A table no reader could pair (its column names apart from its rows) still shows what it measured:
    its captions are the context of the question right below it."""
    table = ("> > p99 latency:\n"
             "> > load/delay    5us    50us    500us\n"
             "> > patched:\n"
             "> > 4k        11    10    9\n"
             "> > unpatched:\n"
             "> > 4k        14    13    12\n"
             ">\n"
             "> Could you add more data?\n")
    assert [q.item.category for q in analyze_body(table).questions] == ["request-data"]
    assert analyze_body("> > The flag is cleared in the error path.\n>\n> Could you add more data?\n").questions == ()


@pytest.mark.parametrize("text", [
    "Can you resend it against the current for-next branch?",  # the branch a patch applies to
    "What branch is this against?",
    "What kernel does this series apply to?",  # the tree it applies to, not the one it ran on
    "Would it be a good idea to add an option to fio to skip the fsync?",  # a change to the benchmark
    "Should we compare ctx->seq here instead of calling memcmp()?",  # code that compares
    "Maybe use a string compare helper?",
    "How about larger numbers such as 256 for the small-memory defaults?",  # values a setting takes
])
def test_what_under_numbers_still_asks_nothing_about_them(text):
    assert find_questions(text, None, measured=True) == []


def test_a_test_step_described_under_numbers_asks_for_no_comparison():
    step = "Compare overwriting a preallocated file and a written one in O_DSYNC mode."
    assert find_questions(step, None, measured=True) == []
    assert [q.category for q in find_questions("Can we have a comparison before and after the series?", None,
                                               measured=True)] == ["comparison"]


@pytest.mark.parametrize(("text", "category"), [
    ("I'd be interested in the latency numbers for the polled case.", "request-data"),
    ("How much does batching improve things on the slow disks?", "request-data"),  # the size of an effect
    ("Which workloads did you test with?", "methodology"),
])
def test_the_size_of_a_gain_and_interest_in_numbers_are_asked_for(text, category):
    assert [q.category for q in find_questions(text)] == [category]


@pytest.mark.parametrize("text", [
    "What's the benefit of this abstraction over the old helper?",  # a design's benefit, not a speed's
    "How much does this reduce the code size?",
    "This will save time (how much is your time worth?)",  # the effect is no answer to "how much"
])
def test_what_a_design_choice_is_worth_is_no_measurement_asked_for(text):
    assert find_questions(text) == []


def test_how_bad_something_is_said_to_be_asks_nothing():
    assert find_questions("Let's not make the copy path worse while people say how bad it already is, ok?") == []


@pytest.mark.parametrize("text", [
    "Before merging this I want to see hackbench results.",
    "Maybe you could add some numbers to the changelog.",
    "Have you run this through mmtests?",  # whether the author ran a benchmark
    "Would you mind running the netperf tests on it?",
    "How does this affect the p99?",  # a latency percentile by its usual name
])
def test_requests_and_questions_in_the_plainest_words(text):
    assert len(find_questions(text)) == 1


def test_a_function_that_needs_more_data_asks_nobody():
    text = "The library returns -EAGAIN and a descriptor to poll if it needs more data to move forward?"
    assert find_questions(text, None, measured=True) == []


def test_runs_that_should_be_compared_are_a_comparison_asked_for_under_numbers():
    text = "It should be compared with the non-polled mode as well, which sits between the two."
    assert [q.category for q in find_questions(text, None, measured=True)] == ["comparison"]


@pytest.mark.parametrize("text", ["Would you have some test case for this?", "Can you share the reproducer?",
                                  "Could you post your test?", "Can you send the test program?"])
def test_how_to_run_it_again_is_asked_for_under_numbers(text):
    assert [q.category for q in find_questions(text, None, measured=True)] == ["methodology"]
    assert find_questions(text) == []  # without numbers, a reproducer of a bug
    assert find_questions("Do they implement your test case correctly?", None, measured=True) == []
    # the test's numbers are the data, not how it was run
    assert [q.category for q in find_questions("Could you post your test results?", None, measured=True)] == \
        ["request-data"]


@pytest.mark.parametrize("text", [
    "The policy is critical data and should be measured before it is loaded.",  # an integrity measurement
    "6) compare the results of one and many threads by mounting both images and diffing the files",  # a test step
])
def test_integrity_measurements_and_test_steps_ask_nothing(text):
    assert find_questions(text, None, measured=True) == []


@pytest.mark.parametrize("text", ["Did you test it on an SSD or on a spinning disk?",
                                  "Is the journal on your box kept on a disk or an NVMe?",
                                  "How many CPUs and how many queues are in your machine?"])
def test_the_hardware_a_run_was_made_on_is_methodology_under_numbers(text):
    assert [q.category for q in find_questions(text, None, measured=True)] == ["methodology"]
    assert find_questions(text) == []  # without numbers, a question about a bug's setup


@pytest.mark.parametrize("text", ["Why are the numbers for 64k so far apart between the two runs?",
                                  "Why is the second result so much lower?"])
def test_an_explanation_asked_of_the_numbers_shown_is_methodology(text):
    assert [q.category for q in find_questions(text, None, measured=True)] == ["methodology"]
    assert find_questions("Why is the number of queues capped at 64?", None, measured=True) == []


def test_a_runs_outcome_asked_for_by_what_was_seen():
    """"Did you see any improvement?" asks what a run showed, a gain or a slowdown, with or without numbers
    around it; a "difference" seen may be a bug's, so it is asked about performance only under numbers. An
    opinion asked in the present ("do you see any benefit in ...?") asks for no run."""
    assert [q.category for q in find_questions("Did you see any improvement with the larger batch?",
                                               measured=True)] == ["request-data"]
    assert [q.category for q in find_questions("Were there other benefits observed, like fewer writes?",
                                               measured=True)] == ["request-data"]
    assert find_questions("Do you see any benefit in splitting the helper?", measured=True) == []
    assert [q.category for q in find_questions("Did you see any speedup with the larger batch?")] == ["request-data"]
    assert find_questions("Did you see any difference with the larger batch?") == []  # no numbers, no context
    assert find_questions("Do you see any benefit in splitting the helper?") == []


def test_more_runs_asked_to_be_seen_under_numbers():
    """"It would be interesting to see more test types" under numbers asks for more runs; more of
    anything else asked to be seen is no request for a run."""
    text = "It would be interesting to see more test types:"
    assert [q.category for q in find_questions(text, measured=True)] == ["request-data"]
    assert find_questions(text) == []
    assert find_questions("It would be interesting to see more comments in the helper.", measured=True) == []


def test_whether_a_change_moves_the_figures_asked_under_them():
    """Under a report of a slowdown, "does moving X change things?" asks for a run's outcome; without numbers
    around it, or asked of anything else, it asks nothing of a run."""
    asked = ("Does moving the helper into its own file change things?", "Would reverting the hunk change the numbers?")
    for text in asked:
        assert [q.category for q in find_questions(text, measured=True)] == ["request-data"]
    assert find_questions("Does moving the helper into its own file change things?") == []
    assert find_questions("Does this change anything for the callers of the old API?", measured=True) == []


def test_a_quoted_patch_s_own_description_asks_no_reviewer_anything():
    """The mail quoted at one depth held a signed-off patch and quoted nothing: its text is the author's
    description, whose "it would be great if someone could benchmark this" is no reviewer's concern. A quoted reply that
    suggests an unsigned diff is a reviewer's, and its questions stay."""
    def body(signed: str) -> str:
        return ("On Mon, Bob wrote:\n> Batch the completions instead of posting each one.\n>\n"
                "> It would be great if someone could benchmark this too, I see roughly a 10% gain on\n"
                f"> the nop test.\n>\n{signed}> ---\n> diff --git a/fs/x.c b/fs/x.c\n"
                "> index 1234567..89abcde 100644\n> --- a/fs/x.c\n> +++ b/fs/x.c\n> @@ -1,2 +1,3 @@\n>  a();\n"
                ">+b();\n>  c();\n\nLooks good. Did you measure the latency with a single request in flight?\n")
    from extractors.analysis import analyze_body
    signed = [q.quoted for q in analyze_body(body("> Signed-off-by: Bob <bob@example.org>\n")).questions]
    assert signed == [False]
    assert [q.quoted for q in analyze_body(body("")).questions] == [True, False]


def test_the_text_after_a_suggested_change_is_read():
    """A reply that suggests a change as an unquoted diff and goes on under it ("Test result:"): the diff
    holds no evidence, the text after it does, on its own lines."""
    from extractors.analysis import analyze_body
    diff = ("diff --git a/fs/x.c b/fs/x.c\nindex 1234567..89abcde 100644\n--- a/fs/x.c\n+++ b/fs/x.c\n"
            "@@ -1,2 +1,3 @@\n a();\n+smp_mb();\n b();\n")
    body = "> b() can run before a().\n\nSomething like this?\n" + diff + "\nHave you measured the overhead of the barrier?\n"
    (question,) = analyze_body(body).questions
    assert question.first_line == body.split("\n").index("Have you measured the overhead of the barrier?")
    assert analyze_body("Have you measured the overhead?\n" + diff + "-- \n2.39.2\n").questions == ()  # a patch


def test_the_speakers_own_use_case_and_a_fast_moving_interface_ask_nothing_about_performance():
    """A use case the speaker calls their own is told, not asked for; "fast moving" is how quickly an
    interface changes. Neither makes a question about the results of tests a performance one."""
    assert find_questions("That is my main use case for this, working with test results - how do I turn "
                          "a commit into a thread?", measured=True) == []
    assert find_questions("Is it really worth it to expose a fast moving interface to guests?", measured=True) == []
    (question,) = find_questions("Working with test results - what is your use case for this?", measured=True)
    assert question.category == "real-workload"
    (question,) = find_questions("Is it really worth it to make the interface fast?", measured=True)
    assert question.category == "real-workload"


@pytest.mark.parametrize("text", [
    "Will the perf tool still aggregate the events of both units?",  # the perf tool, not a speed
    "Does the performance monitor on the memory controller see every master?",  # a PMU
    "Is that for testing software that has to run on much slower CPUs?",  # which hardware
])
def test_names_of_tools_monitors_and_hardware_ask_nothing_about_performance(text):
    assert find_questions(text) == []


def test_a_request_embedded_in_a_statement_and_an_agreeing_idiom_ask_nothing():
    """"The old question whether you should benchmark X or Y" states a dilemma; "I don't see why not"
    agrees. Neither is a reviewer asking for numbers or doubting them."""
    assert find_questions("I picked the page cache; it is the old question whether you should benchmark the "
                          "raw device or a realistic use case.", measured=True) == []
    assert find_questions("If the numbers justify it, I don't see why not use nanoseconds there.", measured=True) == []
    assert find_questions("I don't see why these numbers would differ with the patch.", measured=True) != []
    assert find_questions("I'd appreciate if you could run a sequential read workload to see the throughput.",
                          measured=True) != []


def test_a_question_mark_that_opens_a_line_is_a_bullet_the_mail_client_could_not_encode():
    body = "Cost of the integrity mode:\n\t? Average IOPS decreased by 41%\n\t? Average throughput decreased by 38%\n"
    findings = analyze_body(body)
    assert findings.questions == ()
    assert len(findings.results) == 2


@pytest.mark.parametrize(("text", "expected"), [
    ("Which functions take most of the time in the profile?", ["profile"]),
    ("When you say there is a 4% overhead, which function?", ["profile"]),
    ("Which function and to which caller does it return?", []),  # where a call returns: code, not a profile
])
def test_a_function_asked_for_is_a_profile_question_only_by_what_it_costs(text, expected):
    assert [q.category for q in find_questions(text, None, measured=True)] == expected


@pytest.mark.parametrize("text", [
    "Please check the documentation in cpufreq.rst for details of the test steps.",
    "Please see the link for the test setup.",
])
def test_a_pointer_to_something_to_read_requests_no_evidence(text):
    assert find_questions(text, None, measured=True) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("And with the powersave and performance governors?", 0),  # two governors named, no speed
    ("What about ondemand/performance?", 0),
    ("What about performance and power?", 1),  # the speed and the power drawn
])
def test_performance_listed_with_other_values_of_its_setting_names_the_setting(text, expected):
    assert len(find_questions(text, None, measured=True)) == expected


@pytest.mark.parametrize("text", [
    "If you have a moment, I'd be curious about results from the first patch alone.",
    "Would you mind trying with the other series posted last week?",
    "There is little info about the test setup here, could you share some?",
])
def test_requests_for_more_runs_under_numbers(text):
    assert find_questions(text, None, measured=True) != []


@pytest.mark.parametrize("text", [
    "Would you mind trying with the other series posted last week?",  # no numbers: a fix to try, maybe
    "Would you mind trying it on your board?",
])
def test_a_run_on_another_setup_is_asked_only_under_numbers(text):
    assert find_questions(text, None, measured=False) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("What test triggered this?", 0),  # what made a bug show
    ("What test triggered the slowdown?", 1),  # a slowdown named
    ("Is the spinning on the lock costly?", 1),
    ("What's the difference to spinning up a new worker for each request?", 0),  # starting a thread, not busy-waiting
])
def test_triggers_and_threads_spun_up(text, expected):
    assert len(find_questions(text, None, measured=False)) == expected


def test_a_wish_that_the_code_not_do_something_asks_for_no_evidence():
    text = "I would prefer to see this not happen at all; if you have a use case where it is worth it, say so."
    assert find_questions(text, None, measured=False) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("Compared to the other two options, is the scheduler smart enough to target this behavior?", 0),
    ("How does the latency compare to the old behavior?", 1),  # a speed compared
])
def test_behaviours_compared_without_a_speed_are_design(text, expected):
    assert len(find_questions(text, None, measured=True)) == expected


@pytest.mark.parametrize(("text", "measured", "expected"), [
    ("Are you enabling some special driver mode for this?", True, ["methodology"]),
    ("By the way, are you deliberately using the debug driver over the null one?", True, ["methodology"]),
    ("Do you have more info, like the interrupt affinity dump?", True, ["methodology"]),
    ("Are you using the new API here?", False, []),  # no numbers: a question about the code
])
def test_how_the_run_was_set_up_asked_under_numbers(text, measured, expected):
    assert [q.category for q in find_questions(text, None, measured=measured)] == expected


def test_failing_faster_is_about_a_failure():
    assert find_questions("Effectively that means that we can fail faster now?", None, measured=True) == []


def test_a_tools_mark_for_an_unread_value_is_no_question_mark():
    text = "Flags: bus master, fast devsel, latency 0, IRQ 107 Capabilities: [48] Vendor Specific Information: Len=08 <?>"
    assert find_questions(text, None, measured=True) == []


@pytest.mark.parametrize("text", [
    "So the gauge can only measure the voltage of the whole pack, but the register gives the voltage of one cell?",
    "Are you able to profile the temperature under that load?",
    "Is this intended behaviour or is this indeed a regression?",
    "Maybe we can calculate the memory overhead as the entry size times the number of slots?",
])
def test_sensor_readings_footprints_and_behaviour_are_no_performance_questions(text):
    assert find_questions(text, None, measured=True) == []


def test_a_latency_measured_is_still_asked_about():
    assert [q.category for q in find_questions("How did you measure the latency?", None, measured=True)] == ["methodology"]


@pytest.mark.parametrize(("text", "expected"), [
    ("For these cores we still need the firmware driver for performance settings, right?", 0),
    ("In passive mode, won't the perf value never get reset on resume?", 0),
    ("How does performance scaling look beyond 8 threads?", 1),
    ("What are the perf counters showing?", 1),
])
def test_performance_as_a_setting_or_a_level(text, expected):
    assert len(find_questions(text, None, measured=True)) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("How about checking whether the selected speed equals the one in use, and bailing out if so?", 0),
    ("Does the link speed change after resume?", 0),
    ("Is the speed better with the patch?", 1),
])
def test_an_interfaces_speed_is_a_setting(text, expected):
    assert len(find_questions(text, None, measured=True)) == expected


@pytest.mark.parametrize("text", ["Is this with the whole series applied?", "Was that using the old firmware?"])
def test_which_setup_the_numbers_come_from_is_asked_under_them(text):
    assert [q.category for q in find_questions(text, None, measured=True)] == ["methodology"]
    assert find_questions(text) == []  # without numbers, a question about the code
    assert find_questions("What branch is this against?", None, measured=True) == []  # what a patch applies to


@pytest.mark.parametrize(("text", "expected"), [
    ("Did you run any experiments on machines where most of the queues do not share a core?", "methodology"),
    ("Are there experiments showing that this is the right trade-off?", "request-data"),
    ("The tool has a benchmark mode, and I was hoping to see your results from it after each patch.",
     "request-data"),
])
def test_experiments_asked_for_and_results_hoped_for_are_requests(text, expected):
    assert [q.category for q in find_questions(text)] == [expected]
    assert find_questions("I experimented with a different lock, but it deadlocked?") == []


@pytest.mark.parametrize("text", ["So have you hit the Ethernet line-rate already?",
                                  "Is the measured number the TCP goodput?"])
def test_a_links_full_speed_is_a_throughput_asked_about(text):
    assert len(find_questions(text)) == 1


@pytest.mark.parametrize("text", ["But what if we go a step further and retry with a doubled waiting time?",
                                  "Is there a safe way to make the notification cheaper?"])
def test_a_scenario_put_forward_or_a_way_to_build_it_is_design_talk(text):
    assert find_questions(text, None, measured=True) == []
    assert find_questions("Is there a way to measure the overhead?", None, measured=True) != []


def test_how_much_a_change_helped_asks_for_its_size():
    found = find_questions("I'd like to see how much each patch helped, not only the end result.")
    assert [q.category for q in found] == ["request-data"]
    assert find_questions("How can I help with the review?") == []


def test_a_question_that_ends_without_its_mark_is_still_a_question():
    text = "But why do you think the above code brings in more overhead, since we have to link it anyway."
    from extractors.claims import find_claims

    assert find_claims(text) == [] and len(find_questions(text, None, measured=True)) == 1
    assert find_questions("Which is more than 30% lower latency on the old path.") == []


def test_a_noun_then_a_finite_verb_opens_no_imperative():
    """"Benchmark tests confirmed this": "Benchmark" is the subject's first noun, not an order to benchmark."""
    assert find_questions("Benchmark tests confirmed this.", None, measured=True) == []
    assert [q.category for q in find_questions("Benchmark the patched kernel with fio, please.")] == ["request-data"]


@pytest.mark.parametrize("text", ["Did it test without the larger window change?",
                                  "Have you tried it without the readahead patch?",
                                  "Did you try disabling the prefetcher for that run?"])
def test_what_a_run_was_set_against_asked_under_numbers_is_methodology(text):
    assert [q.category for q in find_questions(text, None, measured=True)] == ["methodology"]
    assert find_questions(text) == []  # without numbers shown, a test of the code
    assert find_questions("Have you tested anything other than suspend?", None, measured=True) == []


def test_a_request_as_the_second_of_two_things_to_do_asks_for_numbers():
    text = "It would be nice to name the machine and add some numbers showing how bad the stall gets."
    assert [q.category for q in find_questions(text)] == ["request-data"]
    assert find_questions("It would be nice to rename the helper and add a comment.") == []


def test_both_figures_told_with_a_question_mark_ask_nothing():
    """A finding told with surprise ("Nearly 4x, 812K vs 203K?") asks nothing; a question that opens as one
    about the same figures still asks."""
    assert find_questions("Nearly 4x the rate, 812 MB/s vs 203 MB/s?", measured=True) == []
    assert find_questions("Why is it 812 MB/s vs 203 MB/s on the old box?", measured=True) != []


def test_a_metric_to_look_at_is_a_request_for_data_where_a_text_to_read_is_none():
    text = "It may be worth checking the softirq CPU usage on the receiver too."
    assert [q.category for q in find_questions(text)] == ["request-data"]
    assert find_questions("It may be worth checking the documentation of the knob too.") == []


def test_advice_given_in_the_progressive_asks_for_measuring():
    text = "I'm suggesting measuring one variable at a time."
    assert [q.category for q in find_questions(text, None, measured=True)] == ["request-data"]


def test_whether_callers_spend_time_in_the_code_asks_for_real_workloads_under_numbers():
    """Asked under numbers, whether the code's callers spend enough time in it for its improvements to
    show asks whether real work gains; asked with no numbers and no effect, it is about the code."""
    (question,) = find_questions("Do any of its callers spend much time in this parser for the improvements "
                                 "above to matter?", measured=True)
    assert question.category == "real-workload"
    assert find_questions("Do any of its callers spend much time in this parser?") == []


def test_how_long_a_named_function_takes_is_asked_in_a_measured_thread():
    # a function's brackets count as no words between "how much time" and "take"
    found = find_questions("How much time does the probe() step take on that board?", None, True)
    assert [q.category for q in found] == ["request-data"]


def test_a_thread_whose_subject_names_performance_is_the_context_of_its_questions():
    """A reply in "Re: slow fsync throughput on ext2" asks about the slowness even where no number is shown."""
    body = "Thanks for the report.\n\nWhich filesystem is this being run on?\n"
    asked = analyze_body(body, "Reviewer", "Re: slow fsync throughput on ext2 since 6.3").questions
    assert [(q.item.text, q.item.category) for q in asked] == [("Which filesystem is this being run on?", "methodology")]
    assert analyze_body(body, "Reviewer", "Re: [PATCH] ext2: fix a leak on unmount").questions == ()


@pytest.mark.parametrize(("question", "category"), [
    ("What's the disk layout and the cli you started the job with?", "methodology"),
    ("Which command line did you use for these runs?", "methodology"),
    ("What's the layout of the request struct after the change?", None),  # a structure's layout is code
])
def test_the_command_or_storage_layout_of_a_run_is_asked_under_its_numbers(question, category):
    assert [q.category for q in find_questions(question, measured=True)] == ([category] if category else [])


@pytest.mark.parametrize(("text", "category"), [
    ("I don't see any performance numbers in either version of the series.", "request-data"),
    ("It might be worth measuring the ring path too, as one more data point of throughput.", "request-data"),
    ("What kind of benchmark did you run for this?", "methodology"),
    ("Ran it last year on the old box, but can't find the numbers any more.", None),  # the speaker's own
])
def test_missing_evidence_checks_worth_making_and_the_kind_of_test(text, category):
    assert [q.category for q in find_questions(text, measured=True)] == ([category] if category else [])


def test_what_the_speaker_sees_in_a_dump_asks_for_nothing():
    """"see data" asks for numbers after "to" or "let's" ("interesting to see data"); the speaker's own
    seeing ("in the dump I see data from another file") reports what is there."""
    text = ("Please try it without compression first. In the corrupted block I see data from the log file. "
            "This board is a bit different from the others.")
    assert find_questions(text, measured=True) == []
    assert [q.category for q in find_questions("It would be interesting to see data for the random case.",
                                               measured=True)] == ["request-data"]
