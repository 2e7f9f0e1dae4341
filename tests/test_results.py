"""Inline results: one case per comparison form of the grammar, and the statements that are not results.
Every sentence is written for these tests."""

from __future__ import annotations

import pytest

from extractors.analysis import analyze_body
from extractors.results import find_inline_results, find_parallel_results


def summary(result):
    return (result.baseline, result.patched, result.unit, result.delta_pct, result.verdict)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "from X to Y" after a change verb, units on one side or both, scale letters applied
        ("Median wakeup latency fell from 48 us to 31 us on the loaded box.", [(48.0, 31.0, "us", -35.42, "better")]),
        ("Page fault throughput went up from 2.0M to 2.5M ops/s.", [(2e6, 2.5e6, "ops/s", 25.0, "better")]),
        ("With the rework the copy rate climbs from ~40K/s to ~200K/s.", [(4e4, 2e5, "/s", 400.0, "better")]),
        ("The hot loop shrank from 1,250 to 1,000 cycles per call.", [(1250.0, 1000.0, "cycles", -20.0, "better")]),
        # "as opposed to" names the reference after it, as "compared to" does
        ("Reads took 12ms with the cache, as opposed to 19ms before.", [(19.0, 12.0, "ms", -36.84, "better")]),
        # a spread is kept, and a difference inside both spreads is noise
        ("Boot took from 10.2 +/- 0.3 s to 9.9 +/- 0.2 s over ten boots.", [(10.2, 9.9, "s", -2.94, "noise")]),
        # mixed units of one dimension are read in the baseline's unit
        ("Our p99 dropped from 1.5 ms to 900 us.", [(1.5, 0.9, "ms", -40.0, "better")]),
        # "5+ minutes" is at least five minutes: its unit is its own, not the other side's
        ("The rebuild now takes from 4+ minutes down to about 30 seconds.", [(4.0, 0.5, "min", -87.5, "better")]),
        # arrows
        ("sysbench oltp: 10500 tps -> 11550 tps", [(10500.0, 11550.0, "tps", 10.0, "better")]),
        ("Write bandwidth (MB/s): 800 \u2192 760", [(800.0, 760.0, None, -5.0, "worse")]),
        # X vs Y, and two configurations in parallel clauses
        ("Mean time per request is 2.4 ms vs 2.1 ms.", [(2.4, 2.1, "ms", -12.5, "better")]),
        # "(vs Y)": the aside gives the reference the first figure is measured against
        ("With the new scheduler we get 920 MB/s (vs 870 MB/s before).", [(870.0, 920.0, "MB/s", 5.75, "better")]),
        # figures quoted as what someone saw
        ('A full rescan costs "40 milliseconds" vs "10 seconds" after the rebuild.', [(40.0, 1e4, "ms", 24900.0, "worse")]),
        ("The old path settles in 12 s, whereas the new one settles in 9 s.", [(12.0, 9.0, "s", -25.0, "better")]),
        # a sentence naming the baseline with one number and the patched kernel with another
        ("unpatched: 5400 IOPS, patched: 6100 IOPS", [(5400.0, 6100.0, "IOPS", 12.96, "better")]),
        ("Reads took 6.0 s before and 5.4 s after.", [(6.0, 5.4, "s", -10.0, "better")]),
        ("I measured 310 MB/s without the series and 298 MB/s with it.", [(310.0, 298.0, "MB/s", -3.87, "worse")]),
        ("Elapsed time with the patch: 71.5 s, without the patch: 70.0 s", [(70.0, 71.5, "s", 2.14, "worse")]),
        # "A and B without and with the fix respectively", either order
        ("The score was 1830 and 1905 without and with the change respectively.", [(1830.0, 1905.0, None, 4.1, "better")]),
        ("We saw 44 ms and 52 ms with and without the fix, respectively.", [(52.0, 44.0, "ms", -15.38, "better")]),
        # a change stated only in words: signed by its goodness, baseline and patched null
        ("Compile throughput improves by roughly 6.5% on the laptop.", [(None, None, None, 6.5, "better")]),
        ("The robot reported a 12.5% regression of netbench.tx_pps on the new tree.",
         [(None, None, None, -12.5, "worse")]),
        ("Memcpy-heavy runs are 9% faster with the series.", [(None, None, None, 9.0, "better")]),
        ("Tail latency is down 14% for the small records.", [(None, None, None, 14.0, "better")]),
        ("Indexing gets a 3x speedup from batching.", [(None, None, None, 200.0, "better")]),
        ("The loop regresses by about 2% with lockdep on.", [(None, None, None, -2.0, "worse")]),
        # a change named as a noun after "this is", "that's": the size of what was just shown
        ("That's roughly a 7% gain.", [(None, None, None, 7.0, "better")]),
        ("This is a 12% regression.", [(None, None, None, -12.0, "worse")]),
        # the change named first, then its figure
        ("Score gain: 1.95x", [(None, None, None, 95.0, "better")]),
        ("The netperf overhead is 0.8% on the small box.", [(None, None, None, -0.8, "worse")]),
        # a comparative after a verb of taking sizes the time taken
        ("On the warm cache the new reader takes 4.5% longer than the old one.", [(None, None, None, -4.5, "worse")]),
        # the comparison first and its size after "by", past a setting in brackets
        ("The batched path is slower than the old limit (depth=8) by 12%.", [(None, None, None, -12.0, "worse")]),
        # what a number is compared to is the reference, whichever comes first
        ("Peak power was higher at 530 W compared to 501 W on the old kernel.", [(501.0, 530.0, "W", 5.79, "worse")]),
        ("Reads run at 480 MB/s with the patch compared to 420 MB/s.", [(420.0, 480.0, "MB/s", 14.29, "better")]),
        # the metric between a percentage and its change noun names what changed
        ("The 40% CPU reduction shows the cost moved elsewhere.", [(None, None, None, 40.0, "better")]),
        ("The new scheme has around 17% CPU savings on the receive path.", [(None, None, None, 17.0, "better")]),
        # the metric right after the figure a change noun is said to be
        ("The gain is about 8% throughput on the small box.", [(None, None, None, 8.0, "better")]),
        # a stated change with its two sides in brackets after it
        ("That is a 50% gain in read bandwidth (200 MiB/s to 300 MiB/s).", [(200.0, 300.0, "MiB/s", 50.0, "better")]),
        # a run of spaces between the words of a comparison, and the British spelling of a metric
        ("CPU utilisation falls from  80% to 60% with the series.", [(80.0, 60.0, "%", -25.0, "better")]),
        # the metric after "N% higher/lower/longer" names what changed
        ("The rework gives 12% higher throughput on the loaded box.", [(None, None, None, 12.0, "better")]),
        ("With the hint set we measured 8% lower latency.", [(None, None, None, 8.0, "better")]),
        # what the first number is of between it and "vs": paired in one unit, not with the count between
        ("Average is 9ms per 4MB write for ext4 vs 3ms for the raw device.", [(9.0, 3.0, "ms", -66.67, "better")]),
        # "needed" after the time an operation takes sizes that time: no requirement, no hedge
        ("It cuts the time needed to insert a rule from ~800us to 9us with many rules loaded.",
         [(800.0, 9.0, "us", -98.88, "better")]),
        # the size, the metric, then its move: "about 6% iops reduced"
        ("In my fio runs, about 6% iops reduced.", [(None, None, None, -6.0, "worse")]),
        # "the regression is X vs Y": X is the slowed run
        ("With usemem the slowdown is about 3.41s vs 2.90s on this box.", [(2.9, 3.41, "s", 17.59, "worse")]),
        # the change noun, then the case it was measured in (a number of its own), then the percentage
        ("The gain with 16-page transfers is about +41% in quad mode.", [(None, None, None, 41.0, "better")]),
        # a comparative and its size after "by" or "with", no "than" between
        ("Random reads are now faster by ~37% on the octal bus.", [(None, None, None, 37.0, "better")]),
        # "I could see" what a run showed: no belief
        ("On the VM I could see the unmap time drop from 212 seconds to 0.5s.", [(212.0, 0.5, "s", -99.76, "better")]),
        # "takes X instead of Y": Y is what it took before
        ("Mounting the image takes ~310 ms instead of ~540 ms here.", [(540.0, 310.0, "ms", -42.59, "better")]),
        # two clauses with "whereas", a reference number in brackets between them counting for nothing
        ("A full scan took 40 minutes to finish, whereas with the patch in [2] it took only 6 minutes.",
         [(40.0, 6.0, "min", -85.0, "better")]),
        # what a run used to take, then what it takes now
        ("The full check used to finish in about 14 seconds, now it takes 60 seconds.",
         [(14.0, 60.0, "s", 328.57, "worse")]),
        # what it is, then in brackets what it was
        ("Direct reads now reach 81% of the cached throughput (was 35%).", [(35.0, 81.0, "%", 131.43, "unknown")]),
        ("The p99 latency is 12 ms (down from 30 ms) with the patch.", [(30.0, 12.0, "ms", -60.0, "better")]),
        # a range on each side is read at its smaller end
        ("The softirq CPU usage fell from 98-100% to 10-40% with the patch.", [(98.0, 10.0, "%", -89.8, "better")]),
        # a change noun with its metric between it and the figure, a change's bound reached
        ("The tests show an increase in throughput of ~60% for small blocks.", [(None, None, None, 60.0, "better")]),
        ("Compared to the scalar code, the speed increase is up to 31%.", [(None, None, None, 31.0, "better")]),
        ("The CPU utilization was reduced by more than 40% on the receiver.", [(None, None, None, 40.0, "better")]),
        # "below" names the tests, it bounds no figure
        ("The fio runs below show a ~22% performance improvement on the ramdisk.",
         [(None, None, None, 22.0, "better")]),
        # a bound a move went past ("> 20%") is what the run reached; the sides of a change in brackets
        ("Random read IOPS drops > 15% when the workers are threaded.", [(None, None, None, -15.0, "worse")]),
        ("The write amplification was reduced by 20% (2.5 -> 2.0) with the new layout.",
         [(2.5, 2.0, None, -20.0, "better")]),
        # a ratio spelled "N-fold" is "Nx"
        ("The rewrite gives about a 3-fold increase in lookup speed.", [(None, None, None, 200.0, "better")]),
        # what "I can get" is a figure reached, against the other setup's
        ("On the small board I can get 21.5MB/s write bandwidth, as opposed to 18.0MB/s with polling.",
         [(18.0, 21.5, "MB/s", 19.44, "better")]),
        # "going from X to Y" is a move seen; "going to" is the future
        ("The flush step is going from 4ms to 9ms with the new lock.", [(4.0, 9.0, "ms", 125.0, "worse")]),
        # a change reported in any tense, or in the passive after it
        ("On the small board we are seeing a 9% slowdown with the pipe test.", [(None, None, None, -9.0, "worse")]),
        ("With the page cache test, a speedup of ~4% was observed.", [(None, None, None, 4.0, "better")]),
        # the setup in a clause of its own before the pair, which measures a rate: the settings name the run
        ("- 25Gbps NIC, 16 queues: rx goes from 11 Gbps to 19.5 Gbps.", [(11.0, 19.5, "Gbit/s", 77.27, "better")]),
        # two runs in parallel clauses, the first one's verb going on after its figure
        ("The old kernel took 191.3 seconds to finish, while the patched one took 104.5 seconds.",
         [(191.3, 104.5, "s", -45.37, "better")]),
        # the load a workload puts on the CPUs is their utilization
        ("On one core the CPU load goes down from 52% to ~47%.", [(52.0, 47.0, "%", -9.62, "better")]),
        # each side word a long clause before its figure
        ("With the fix I am now only able to reach about 40MB/s while without the fix I am able to "
         "copy at about 90MB/s.", [(90.0, 40.0, "MB/s", -55.56, "worse")]),
        # "to Y from X": where it went first, then where it came from
        ("CPU usage dropped to 12% from 30% with batching.", [(30.0, 12.0, "%", -60.0, "better")]),
        # "it's N% faster" right after what was shown gives its size, as "this is a 5% gain" does
        ("It's roughly 25% faster.", [(None, None, None, 25.0, "better")]),
        # a share of what it is measured against, told with an adjective of speed
        ("Random direct reads are about 75% as fast as the in-kernel driver.", [(None, None, None, -25.0, "worse")]),
        # "slower than the old version (x vs y)": the figure of what "than" names, the reference, comes second
        ("Sadly the rework is slower than the initial version (410 MB/s vs 455 MB/s).",
         [(455.0, 410.0, "MB/s", -9.89, "worse")]),
        # two sentences in a row, each one figure of one quantity on its own side of the change
        ("Creating 50k files without the fix takes 21 seconds here. With the fix it takes 12 seconds.",
         [(21.0, 12.0, "s", -42.86, "better")]),
        ("With the fix applied the job needs 12 ms. Without it, 21 ms.", [(21.0, 12.0, "ms", -42.86, "better")]),
        # of two figures a side word reaches, the nearest is the side's; the other is the runs' noise
        ("A read costs about 40 cycles without the series, with 2 cycles of noise. With the series it costs 44 cycles.",
         [(40.0, 44.0, "cycles", 10.0, "noise")]),
        # a multiple "than before": the reference the run was measured against, not the gap a change closed
        ("With the rework the lookup is now ~3x faster than before.", [(None, None, None, 200.0, "better")]),
        # what runs "suggest" is their finding, told with reserve; "speed up" the noun in two words
        ("Early runs of the prototype suggest a 4 times speed up in map calls.", [(None, None, None, 300.0, "better")]),
        # the setups of "from X to Y" named in brackets between the figures, or after "with" (hardware there is
        # where the figure was taken, not what it counts)
        ("It raises the copy rate from 210MB/s (one queue busy) to 390MB/s (both queues busy).",
         [(210.0, 390.0, "MB/s", 85.71, "better")]),
        ("Writeback throughput goes from 120 MB/s with one disk to 230 MB/s with two disks.",
         [(120.0, 230.0, "MB/s", 91.67, "better")]),
        # a change's size estimated right after its noun, and "up to" bounding a drop without moving it up
        ("On the big box we measured an improvement around 12.5% in the build time.",
         [(None, None, None, 12.5, "better")]),
        ("Our runs show a throughput drop of up to 35% on the small box.", [(None, None, None, -35.0, "worse")]),
        # the metric between the verb and the bound on its change, no "by"
        ("The rework reduces the latency more than 40% on our runs.", [(None, None, None, 40.0, "better")]),
        # what a profile shows "rather than" what it showed: the second figure is the reference
        ("The profile now shows the allocator at ~5% rather than ~40% of the cycles.",
         [(40.0, 5.0, "%", -87.5, "unknown")]),
        # a duration "shortened" is a change down, like "reduced"
        ("With the cache warm, the scan time is shortened ~60% to well under a minute.",
         [(None, None, None, 60.0, "better")]),
        ("The resync is shortened from 40s to 30s.", [(40.0, 30.0, "s", -25.0, "better")]),
        # "max" before a metric is the statistic measured, not a limit set ("raise the max from 16 to 32")
        ("Since the rework the p99 (max) latency went from 300 ms to 1.5 seconds.",
         [(300.0, 1500.0, "ms", 400.0, "worse")]),
    ],
)
def test_comparison_forms(text, expected):
    assert [summary(r) for r in find_inline_results(text)] == expected


def test_a_change_verb_s_object_named_in_a_compound_is_its_metric_whatever_follows_the_figure():
    """The verb's object, however many words name it, is what was measured; the place after the figure
    ("on my board") is where."""
    found = find_inline_results("The series improves block map latency about 10% on my board with the old tool.")
    assert [(r.benchmark, r.delta_pct, r.verdict) for r in found] == [("block map latency", 10.0, "better")]


def test_a_change_noun_names_its_metric_before_a_range_wrapped_onto_its_own_line():
    (result,) = find_inline_results("Each stall then causes a drop in throughput of\n3-5%.\nThe box has four disks.")
    assert (result.benchmark, result.delta_pct, result.verdict) == ("throughput", -3.0, "worse")


@pytest.mark.parametrize(
    "text",
    [
        "",
        # "before" and "after" of time in two sentences in a row: when something happens, not two kernels
        "The firmware waits for 2ms before sending again. After 2ms it retries, for up to 10 seconds.",
        "No figures in this mail at all.",
        "The cost stays under 1%.",  # a bound, not a measurement
        "With the batching it is going to drop from 9ms to 4ms.",  # a forecast
        "A rework is needed to take the rate from 5 to 50 MB/s.",  # a requirement, not a finding
        "Poll every 10 ms instead of 5 ms.",  # a setting chosen instead of another: nothing measured
        "Use 8 worker threads rather than 4.",  # likewise "rather than"
        "The queue grows from 16 to 32 entries.",  # what the figures count is hardware's: a setting
        "The extra metadata is 96MB, which is 0.3% of the whole device.",  # a share of a size
        "It improves things by about 6% for us.",
        "It improves 6%.",  # a verb of its own: a claim, not the size of something shown
        "It could be 30% faster.",  # a possibility
        "We raised the limit to 64 from 32.",  # a setting changed, nothing measured
        "That is 10% of the time.",  # a share, not a change
        "This might speed up the reader by 20%.",  # a hypothesis
        # a condition: what would follow if the clock moved, not a run
        "In case the CPU frequency steps from 806.4 MHz to 940.4 MHz, the bandwidth request is dropped as well.",
        "We will reduce the latency by 10% in the next version.",  # a plan
        "The structure grows from 192 bytes to 256 bytes.",  # a size, not a speed
        "Raise the ring from 128 to 256 entries.",  # a setting
        "Bump the default timeout from 5 s to 10 s.",
        "The driver raises the max from 16 to 32 requests per queue.",  # a limit set, whatever follows it
        "We sweep the job count from 1 to 32 threads.",
        "Versions 4.19 -> 5.4 -> 5.10 were tried.",  # a chain of configurations
        "v2 -> v3: dropped patch 4",  # a version step
        "Tested on a 25 Gbps NIC with 48 cores.",  # hardware specs
        "The quota is 2000 IOPS vs 3000 IOPS on the premium tier.",  # provisioned limits
        "It counts packets for queue_map(3, 7) before and after the flush.",  # call arguments
        "About 248K events over 5 seconds vs 131K earlier.",  # a count beside a duration
        "The warranty is from 1 to 5 years, depending on the model.",  # a range of values, not a change
        "Request latencies range from 40 us to 900 us in this test.",
        "I have seen latency values from 55 to 85 us on this box.",  # the span of one run's values
        "Tested with a task ramping from 20% to 90% utilisation on one core.",  # the load a test swept
        "Results vary from 10 to 20 MB/s between runs.",
        "We used to allocate 4 pages, now we allocate 8 pages.",  # sizes of what the code does
        # a configured value's new setting, however far its name stands before the numbers
        "The poll timeout of the status register was raised from 20ms to 30ms to follow the datasheet.",
        "It happens after a while (typically from 0 to 15 minutes of idle time).",  # a span of time
        "In busy-wait mode the CPU usage goes up to 100% on the polling core.",  # a level reached, not a change
    ],
)
def test_statements_that_are_not_results(text):
    assert find_inline_results(text) == []


def test_a_value_given_to_an_option_is_a_setting_not_a_side():
    # the option switched off names the baseline's number, whatever the order
    found = find_inline_results("Write bandwidth is up (812 MB/s polled=1 vs 604 MB/s polled=0).")
    assert [(r.baseline, r.patched) for r in found] == [(604.0, 812.0)]


def test_numbers_in_brackets_after_a_side_describe_it():
    found = find_inline_results("base(v6.1, 16 bits hash, one lock): 310s this series(.batch=512): 74s done.")
    assert all(r.baseline not in (16.0, 1.0) and r.patched != 310.0 for r in found)


def test_numbers_keep_their_printed_text_and_spreads():
    (result,) = find_inline_results("Runtime went from 861.56 +/- 3.37 s to 852.23 +/- 2.91 s.")
    assert (result.baseline_text, result.patched_text) == ("861.56 +/- 3.37 s", "852.23 +/- 2.91 s")
    assert (result.baseline_spread_abs, result.patched_spread_abs) == (3.37, 2.91)
    assert result.verdict == "better"  # -1.08% is outside the two spreads (0.73% together)


def test_the_subject_names_the_benchmark():
    text = "On the 2-socket box, dbench throughput climbed from 870 MB/s to 905 MB/s."
    (result,) = find_inline_results(text)
    assert result.benchmark == "dbench throughput"
    assert text[result.start:result.end] == text


def test_a_verb_that_carries_the_number_is_no_benchmark():
    """"taking us from ... to ...": what moved the number, not what was measured."""
    (result,) = find_inline_results("A 13% gain for polled IO, taking us from 5.2M/core to 5.9M/core IOPS.")
    assert (result.benchmark, result.baseline, result.patched) == (None, 5_200_000, 5_900_000)


def test_a_subject_that_restates_the_change_is_no_benchmark():
    """"~10% increase (950 MB/s -> 1050 MB/s)": the clause before the numbers is the change itself."""
    (result,) = find_inline_results("Buffered writes: ~10% increase (950 MB/s -> 1050 MB/s).")
    assert (result.benchmark, result.baseline, result.patched) == (None, 950, 1050)
    (result,) = find_inline_results("Since the rework the range is now more in the 3.2M -> 3.5M IOPS.")
    assert (result.benchmark, result.baseline, result.patched) == (None, 3_200_000, 3_500_000)


def test_offsets_point_into_the_block_for_wrapped_sentences():
    text = "Numbers below.\n\nWith the series the scan rate rises from\n310 MB/s to 372 MB/s.\n"
    (result,) = find_inline_results(text)
    assert text[result.start:].startswith("With the series")
    assert result.text == "With the series the scan rate rises from 310 MB/s to 372 MB/s."


def test_within_noise_makes_the_verdict_noise():
    (result,) = find_inline_results("The lookup cost moved from 151 to 149 cycles, which is within noise.")
    assert result.verdict == "noise"


def test_two_statements_in_one_sentence():
    text = "With the change, steal time drops from ~9% to ~6%, and the frame rate is improved ~4%."
    assert [summary(r) for r in find_inline_results(text)] == [(9.0, 6.0, "%", -33.33, "better"),
                                                                 (None, None, None, 4.0, "better")]


@pytest.mark.parametrize("bad", [None, b"from 1 to 2", 3.5])
def test_wrong_argument_type_raises(bad):
    with pytest.raises(TypeError):
        find_inline_results(bad)


def test_a_bare_figure_is_the_change_of_the_cost_named_before():
    (result,) = find_inline_results("A flame graph puts the hook's cost apart from the rest. It is near 0.7%.")
    assert (result.start, result.delta_pct, result.verdict) == (0, -0.7, "worse")


def test_a_change_that_restates_its_pair_is_one_result():
    text = "Batched updates got a 2-3x speedup (~300K-400K ops/s -> ~1.1M ops/s)."
    assert [summary(r) for r in find_inline_results(text)] == [(350000.0, 1100000.0, "ops/s", 214.29, "better")]


def test_a_cost_cut_by_a_share_is_a_gain():
    (result,) = find_inline_results("This cuts about 10% of the overhead in the send path.")
    assert (result.delta_pct, result.verdict) == (10.0, "better")
    (result,) = find_inline_results("The new lock slashes 20% of overhead in the hot path.")
    assert (result.delta_pct, result.verdict) == (20.0, "better")


def test_a_printed_percentage_that_rounds_the_pair_is_kept_beside_its_delta():
    text = "That is a 433% improvement in write bandwidth (120 MiB/s to 640 MiB/s)."
    (result,) = find_inline_results(text)
    assert (summary(result), result.reported_delta_pct) == ((120.0, 640.0, "MiB/s", 433.33, "better"), 433.0)
    # a factor is no printed percentage: "3x" may mean +200% or +300%
    (result,) = find_inline_results("Lookups got a 3x speedup (2.1M ops/s -> 6.5M ops/s).")
    assert (summary(result), result.reported_delta_pct) == ((2.1e6, 6.5e6, "ops/s", 209.52, "better"), None)
    # a change far from the pair's is no rounding of it
    (result,) = find_inline_results("Reads got 9% faster here (100 MB/s to 112 MB/s).")
    assert result.reported_delta_pct is None


@pytest.mark.parametrize(("text", "expected"), [
    # a scale letter printed once belongs to both numbers
    ("Peak IOPS went from 4.2 to 4.6M with the cache.", [(4.2e6, 4.6e6, None, 9.52, "better")]),
    # a gap the change closed is not a second result
    ("Reads are now only 4% slower, where they were 9% slower before.", [(None, None, None, -4.0, "worse")]),
])
def test_scales_and_past_states(text, expected):
    assert [summary(r) for r in find_inline_results(text)] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Peak IOPS with this patch is 512K, while the old code gets 480K.", [(480000.0, 512000.0, None, 6.67, "better")]),
    ("Moving between 0->1 and 1->0 users is costly.", []),
    # the side word a long clause before its number: "before this commit the benchmark reached a rate of"
    ("Before this commit the benchmark reached a rate of 210 MB/s, after this commit only 140 MB/s.",
     [(210.0, 140.0, "MB/s", -33.33, "worse")]),
])
def test_side_words_order_parallel_clauses(text, expected):
    assert [summary(r) for r in find_inline_results(text)] == expected


def test_two_paragraphs_stated_in_parallel_pair_number_by_number():
    """The same sentence once per setup, each opening with the setup it measured: the first is the
    baseline; a sentence measuring something else alike is no pair."""
    first = "With the default ring size, we measured 410 MB/s read bandwidth and 88 write IOPS."
    second = "With a ring of 64 entries, we measured 472 MB/s read bandwidth and 95 write IOPS."
    found = find_parallel_results(first, second)
    assert [(r.baseline, r.patched, r.unit) for r in found] == [(410, 472, "MB/s"), (88, 95, None)]
    assert found[0].text == first and found[0].verdict == "better"
    assert find_parallel_results("The lookup takes 410 ns on average.", "The insert takes 472 ns on average.") == []
    assert find_parallel_results(first, "With a ring of 64 entries, we expect 472 MB/s and 95 IOPS.") == []


def test_parallel_sentences_inside_one_paragraph():
    text = ("On the old kernel, one build took 12.5 s in total. "
            "On the patched kernel, one build took 11.1 s in total.")
    (result,) = find_inline_results(text)
    assert (result.baseline, result.patched, result.unit, result.verdict) == (12.5, 11.1, "s", "better")


@pytest.mark.parametrize(("text", "expected"), [
    ("Without batching, the flush takes about 26 ms.  With batching, it's about 21 ms.", (26.0, 21.0)),
    # the opposite named first: the "without" sentence is still the baseline
    ("With the patch, a full build takes 310 s. Without the patch, it takes 342 s.", (342.0, 310.0)),
])
def test_sentences_opening_with_opposite_setups_pair_in_any_words(text, expected):
    """"Without X, ..." / "With X, ...": setups named as opposites, the rest said in other words."""
    assert [(r.baseline, r.patched) for r in find_inline_results(text)] == [expected]


@pytest.mark.parametrize(("text", "higher", "verdict"), [
    # "performance" names no quantity: the figures' unit says which way is better
    ("With the batched free, performance goes from 52.4 ns to 49.8 ns per page.", False, "better"),
    ("Overall speed dropped from 2.1 s to 2.6 s for the whole run.", False, "worse"),
    ("Performance went from 410 MB/s to 472 MB/s on the slow disk.", True, "better"),
])
def test_a_general_word_for_speed_takes_its_direction_from_the_unit(text, higher, verdict):
    (result,) = find_inline_results(text)
    assert (result.higher_is_better, result.verdict) == (higher, verdict)


def test_an_option_named_like_a_word_is_no_condition():
    # dd's "if=" names its input file: the sentence states its result, it does not suppose it
    (result,) = find_inline_results("I ran dd if=/dev/urandom of=/dev/null and the throughput went from 1.2GiB/s "
                                    "to 9.8GiB/s.")
    assert (result.baseline, result.patched, result.unit) == (1.2, 9.8, "GiB/s")


@pytest.mark.parametrize(("text", "benchmark", "delta"), [
    # the metric as the object of the change verb, whoever the sentence's subject is
    ("This series improves the random read IOPS by 12%.", "random read IOPS", 12.0),
    ("The new lock cuts the p99 latency by 30 percent.", "p99 latency", 30.0),
])
def test_a_change_verb_names_its_metric_as_its_object(text, benchmark, delta):
    (result,) = find_inline_results(text)
    assert (result.benchmark, result.delta_pct, result.verdict) == (benchmark, delta, "better")


@pytest.mark.parametrize(("text", "benchmark", "delta", "verdict"), [
    # an amount of a benefit given up or won, the metric after the figure
    ("Reverting the governor change, the card ends up losing ~25% throughput.", "throughput", -25.0, "worse"),
    ("The batched path gained about 7% in IOPS on the test box.", "IOPS", 7.0, "better"),
    # a multiple with "as": "N times as fast", "N times as long"
    ("The table walk is now 4 times as fast as the list walk.", "table walk", 300.0, "better"),
    ("With the debug option the boot takes 3 times as long.", "time", -66.67, "worse"),
    ("With the debug option the boot takes 3 times longer.", "time", -66.67, "worse"),
    # "by a factor of N", or its change in brackets after a word for the factor
    ("The new index cuts the lookup latency by a factor of 4 on large trees.", "lookup latency", 75.0, "better"),
    ("It raises the small read IOPS by a factor of three (+200%) on the SD card.", "small read IOPS", 200.0, "better"),
    # a multiple or a bound after "by": "increased by 2.8x", "decreased by >99%"
    ("Mapping throughput increased by 2.5x on the small board.", "Mapping throughput", 150.0, "better"),
    ("The lookup latency decreased by >90% with the cache.", "lookup latency", 90.0, "better"),
    # "close to", "upto": what a run reached, about; "also" between a restating subject and its change
    ("We noticed close to 6% throughput improvement from the prefetch alone.", "throughput", 6.0, "better"),
    ("It is also about 40% faster, and uses less memory.", None, 40.0, "better"),
    # a change noun sized in brackets, reported by the verb after them
    ("We tried a global lock, but a regression (around 4% for small writes) was seen.", "small writes", -4.0,
     "worse"),
])
def test_a_change_said_with_a_verb_of_gain_or_a_multiple(text, benchmark, delta, verdict):
    (result,) = find_inline_results(text)
    assert (result.benchmark, result.delta_pct, result.verdict) == (benchmark, delta, verdict)


@pytest.mark.parametrize("text", [
    "Overall there is a noticeable improvement (9%) in the total run time.",  # sums up what was shown: no report
    "The new queue needs 10 times more memory.",  # a multiple of an amount, no speed
    "We lost 5% of the samples to the broken probe.",  # a share of things, not of a benefit
    "We measured a 15% size reduction of the module image.",  # a footprint, not a speed
])
def test_changes_that_are_not_results(text):
    assert find_inline_results(text) == []


@pytest.mark.parametrize("text", [
    "One of my runs takes about 4x longer on the old protocol than on the new one.",
    "The unpatched build took roughly 20% longer on the small box.",
])
def test_a_rounded_comparative_after_taking_sizes_the_time_taken(text):
    (result,) = find_inline_results(text)
    assert (result.benchmark, result.verdict) == ("time", "worse")


@pytest.mark.parametrize(("text", "benchmark", "verdict"), [
    ("The new loop moves 35% more bytes per cycle than the old one.", "bytes per cycle", "better"),
    ("We measured 12% fewer cycles per packet with the batching.", "cycles per packet", "better"),
])
def test_an_amount_names_what_it_counts_after_it(text, benchmark, verdict):
    (result,) = find_inline_results(text)
    assert (result.benchmark, result.verdict) == (benchmark, verdict)


def test_a_list_of_arrows_is_one_result_per_item():
    """"- 4k randread QD1: 11.2us -> 9.8us": list items that start with a figure are prose, not diff lines."""
    from extractors.analysis import analyze_body

    body = ("Numbers from my box:\n\n- 4k randread QD1: 12.4us -> 10.1us\n"
            "- 4k randread QD32: 790K IOPS -> 884K IOPS\n- 128k seqwrite: 2.4 GB/s -> 2.6 GB/s\n")
    found = [(r.item.benchmark, r.item.baseline, r.item.patched, r.item.verdict) for r in analyze_body(body).results]
    assert found == [("4k randread QD1", 12.4, 10.1, "better"), ("4k randread QD32", 790000.0, 884000.0, "better"),
                     ("128k seqwrite", 2.4, 2.6, "better")]


def test_a_pair_without_a_metric_is_named_after_the_program_the_sentence_names():
    (result,) = find_inline_results("Running hackbench five times, the new kernel averages 3.91s versus 4.20s on mainline.")
    assert (result.benchmark, result.baseline, result.patched, result.verdict) == ("hackbench", 4.2, 3.91, "better")


def test_taking_more_of_a_named_thing_is_not_time():
    assert all(r.benchmark != "time" for r in
               find_inline_results("So the three modules together take about 7% more storage than the old one."))


@pytest.mark.parametrize("text", [
    "We did not see a regression from 5.10 to 5.11 Git on these workloads.",
    "Moving from Linux 6.1 to 6.6 changed nothing here.",
    "The build went from GCC 12 to GCC 13 last month.",
    "After I downgraded from 6.2 to 6.1 the stalls went away.",
])
def test_releases_are_no_quantities(text):
    assert find_inline_results(text) == []


def test_a_pair_given_as_an_example_is_no_result():
    text = "The table prints gains; an increase from 400 MB/s to 800 MB/s would be shown as 100%."
    assert find_inline_results(text) == []
    assert len(find_inline_results("Reads went from 400 MB/s to 800 MB/s, which would be nice to keep.")) == 1


def test_a_number_rewritten_in_another_notation_is_no_result():
    assert find_inline_results("Please print the limit in decimal rather than hex (80h -> 128).") == []
    assert [(r.baseline, r.patched) for r in find_inline_results("The wakeup latency went 80us -> 64us.")] == \
        [(80.0, 64.0)]


def test_a_change_asked_about_is_no_result():
    assert find_inline_results("When you say there is a +5% overhead, in which function is it?") == []


def test_star_bullets_are_prose_and_a_block_comment_is_not():
    """Mail writes list items as " * item"; a C block comment's lines look the same after its "/*"."""
    bullets = "The results show:\n\n * Reads improve by 20% with the patch.\n * Tail latency is down 5%.\n"
    assert [summary(r)[3] for r in find_inline_results(bullets)] == [20.0, 5.0]
    comment = "/*\n * Reads improve by 20% with the patch.\n */\n"
    assert find_inline_results(comment) == []


def test_a_value_grouped_by_thousands_is_one_number():
    text = "insns max old: 837,487\ninsns max new: 791,002\n"
    from extractors.analysis import analyze_body
    assert [(r.item.baseline, r.item.patched) for r in analyze_body(text).results] == [(837487.0, 791002.0)]


@pytest.mark.parametrize(("text", "delta"), [
    # a change named as a noun with "of" before its size, or with words between it and "is"
    ("With the batching, the series gives an improvement of about 12% in the fio read numbers.", 12.0),
    ("The measured regression for the write test is approximately 21.5% on the arm64 box.", -21.5),
    # ... or a bound on it: "an improvement above +30%"
    ("On one core the series shows a throughput improvement above +30%.", 30.0),
    ("On the slow disk we see a clear latency reduction > ~20% with the readahead off.", 20.0),
    # a run made earlier in the sentence reports the change named after it, though nothing names its metric
    ("I ran the series on my arm64 board as well and there the slowdown was 6%.", -6.0),
    # "as can be seen" points at the numbers: its "can" hedges nothing
    ("As can be seen, the rework gives an improvement of 8% in pgbench transactions.", 8.0),
    # the comparison first and its size after "by"; a signed change before "down"; a share of the original
    ("The batched path is faster than the old loop by about 12% on the small box.", 12.0),
    ("So the fsync latency is -18.5% down with the series.", 18.5),  # a lower latency: signed by its goodness
    ("The p99 commit time has dropped to 40% of the original.", 60.0),
])
def test_a_change_named_as_a_noun_is_a_result(text, delta):
    assert [r.delta_pct for r in find_inline_results(text)] == [delta]


@pytest.mark.parametrize("text", [
    "We ran it 5 times with the patch applied.",  # how often, not how much faster
    "Upstreaming it takes 10 times more man-hours than writing it.",  # a multiple of no speed
    "My point is that a 2% boost will give up to 2% more energy use.",  # "up to" reached by a gap: a forecast
    "I'm not 100% caught up on the history of this flag.",  # "caught up" moved nothing
    "I am not 100% up to date on the hardware.",
    "The compressed image translates to about 33% of the original size.",  # a share, not a change
])
def test_what_no_stated_change_is(text):
    assert find_inline_results(text) == []


def test_the_series_named_as_a_run_is_the_patched_side():
    """"base IOPS is 410K, patch IOPS is 433K": the patch named like a run beside the base; "without the
    patch: 12.5s" still names the baseline, and a patch's size is no measurement."""
    pairs = [(r.item.baseline, r.item.patched) for r in analyze_body("On one CPU the base IOPS is 410K, patch IOPS is 433K.").results]
    assert pairs == [(410000.0, 433000.0)]
    assert [(r.item.baseline, r.item.patched) for r in analyze_body("Without the patch: 12.5s, with it 11.0s.").results] == [(12.5, 11.0)]
    assert analyze_body("The patch is 574 lines and the base has 10 files.").results == ()
    # the sides as keys of a line, under the command that was run: a statement, not a row of a tool's fields
    run = "./bench -d32 -b4096 /dev/sda\nIOPS base: 410K, patch: 433K\n"
    assert [(r.item.baseline, r.item.patched) for r in analyze_body(run).results] == [(410000.0, 433000.0)]


def test_a_judged_comparison_with_what_was_run_against_is_a_result():
    """"This is 5% faster than mainline": a stated change against a named reference, whatever the
    sentence's subject; the metric is the performance the comparative judges."""
    (result,) = analyze_body("With the series applied, this is 5% faster than mainline.").results
    assert (result.item.benchmark, result.item.delta_pct, result.item.verdict) == ("performance", 5.0, "better")
    # "up to" gives the best change a run measured: a result of its own, as kernel mail reports gains
    (best,) = analyze_body("It is up to 37% faster than mainline.").results
    assert best.item.delta_pct == 37.0
    assert analyze_body("It is less than 1% faster than mainline.").results == ()  # a bound, not a change
    # ... and a lower bound gives the least it measured: "over 3 times faster", "at least 20% faster"
    assert [r.item.delta_pct for r in analyze_body("Cold starts got over 3 times faster with it.").results] == [200.0]
    assert [r.item.delta_pct for r in analyze_body("Cold reads are at least 20% faster with it.").results] == [20.0]


@pytest.mark.parametrize(("text", "delta"), [
    ("Taking the lock out of the completion path increases IOPS by up to 12% with four queues.", 12.0),
    # ... and with no "by", the metric named with its kind ("random write IOPS up to 9%")
    ("Skipping the bounce buffer increases random write IOPS up to 9% for small blocks.", 9.0),
    ("The batched flush can improve up to 8% in write latency.", 8.0),
    # "can" before a stated figure tells what the runs reached; a range gives the change made at least
    ("With both changes we can still see throughput increase by 15-25% on the loop device.", 15.0),
    # ... and a figure is the change of its own clause's noun, not of one after "because"
    ("This raises IOPS by only around 3-8% because we hit other locks.", 3.0),
    # ... spaced out, when its end carries the unit of both
    ("Batching the doorbells lowers latency by 4 - 11% depending on the queue depth.", 4.0),
    # two figures of one noun: the smaller is the change made at least
    ("On the small boxes this series has between a 2% and 5% improvement.", 2.0),
    # a multiple written as a number and "times"
    ("The new lookup uses a table and is approximately 3.6 times faster.", 260.0),
    # a hedge in the clause the sentence turns from: what comes after "but" is a finding
    ("I first tried to use the buffered backend, but it only shows a 12% throughput improvement.", 12.0),
])
def test_the_best_change_measured_and_what_a_change_can_reach_are_results(text, delta):
    assert [r.delta_pct for r in find_inline_results(text)] == [delta]


def test_a_setup_in_a_clause_of_its_own_does_not_make_the_change_a_setting():
    """"For 8 jobs, 128k block size, the read bandwidth improves from X to Y": the setup is said apart, and
    the change's own clause names its metric; "16 channels, FIFO from 8 to 256 bytes" stays a spec."""
    (result,) = find_inline_results("For 8 jobs, 16 depth, 128k block size, the read bandwidth improves from "
                                    "2.5GB/s to 7GB/s.")
    assert (result.baseline, result.patched, result.unit) == (2.5, 7.0, "GB/s")
    assert find_inline_results("- FAST (High Performance): 16 channels, FIFO from 8 to 256 bytes") == []


def test_two_stated_changes_compared_are_no_baseline_and_patched_values():
    """"it improves the throughput +37% vs +41% (v1)": two changes against their own baselines; a ratio
    column ("0.991x") beside a table's values is a factor, not a third setup."""
    assert analyze_body("This version improves the throughput +37% vs +41% (v1) on the big machine.").results == ()
    row = ("| setup      | base     | new      | delta  | ratio  |\n"
           "| zram, 384M | 2060.323 | 2047.516 | -0.6%  | 0.991x |\n")
    assert all(r.item.patched != 0.991 for r in analyze_body(row).results)


def test_changes_within_each_sides_run_are_not_baseline_to_patched():
    """Each kernel's run printed under its own caption, with a change from an idle to a busy system in
    each: the change is within one kernel's run, so none of them is a baseline -> patched result."""
    body = ("Listing times while a writer adds files:\n\n"
            "6.1 (stock): writer adding a file every second:\n"
            "Listing time went from 12 s to 31 s\n\n"
            "6.1 (with the series): writer adding a file every second:\n"
            "Listing time went from 11 s to 14 s\n")
    assert analyze_body(body).results == ()
    alone = "Listing times while a writer adds files:\n\nListing time went from 12 s to 31 s\n"
    assert [(r.item.baseline, r.item.patched) for r in analyze_body(alone).results] == [(12.0, 31.0)]


@pytest.mark.parametrize("text, pair", [
    ("On the test box the current read throughput is ~90 MB/s, with this patch it is ~150 MB/s.", (90.0, 150.0)),
    ("We reach 3.1 GB/s; without the series it stays at 2.4 GB/s.", (2.4, 3.1)),
])
def test_a_clause_naming_one_side_makes_the_figure_before_it_the_other(text, pair):
    """"X, with this patch it is Y": the clause set against the first names the patched kernel, so the
    unnamed figure before it is the current one."""
    assert [(r.baseline, r.patched) for r in find_inline_results(text)] == [pair]


@pytest.mark.parametrize("text", [
    "The scrub takes over 10 hours on that array, so why abort it after 5 hours?",  # "after" is a time
    "The link does 10 Gbit/s, and with this patch we see 40 usec less latency.",  # two units
])
def test_a_lone_side_word_pairs_nothing_it_does_not_name(text):
    assert find_inline_results(text) == []


def test_a_value_then_where_it_moved_is_a_pair():
    """"was 2.10%, which dropped to 1.20%": the value, then the verb of its change and where it went."""
    text = "In the profile the share of the lookup function was 2.10%, which dropped to 1.20% with the patch."
    assert [(r.baseline, r.patched) for r in find_inline_results(text)] == [(2.1, 1.2)]
    assert find_inline_results("The ring size was 32, which we then changed to 64.") == []


def test_a_change_qualified_twice_is_still_stated():
    """"increases by very roughly 35%": "very" qualifies the estimate, the change is still 35%."""
    text = "The read throughput of the cold cache increases by very roughly 35% with multibuffer hashing."
    assert [r.delta_pct for r in find_inline_results(text)] == [35.0]


def test_the_change_named_after_a_side_preposition_takes_its_side():
    """"Before this change" is the baseline: "this change" alone names the patched kernel, but not after
    "before" or "without"."""
    text = "Before this change, the rate was capped at around 600K/sec, with the change it is at over 3M/sec."
    assert [(r.baseline, r.patched) for r in find_inline_results(text)] == [(600000.0, 3000000.0)]


def test_a_share_and_a_plain_number_are_no_pair():
    """The change stated ("just over 1% faster", a lower bound: the least it measured) is a result; the release
    the other side stays behind is no figure to pair with it."""
    text = "The patched kernel is just over 1% faster, while the unpatched one stays just behind 5.10."
    assert [(r.baseline, r.patched, r.delta_pct) for r in find_inline_results(text)] == [(None, None, 1.0)]


@pytest.mark.parametrize(("text", "delta"), [
    ("The phone benchmark even reports performance drops of ~38%.", -38.0),  # a plural change noun
    ("That gives increases of 12% in IOPS.", 12.0),
])
def test_plural_change_nouns_state_a_change(text, delta):
    assert [r.delta_pct for r in find_inline_results(text)] == [delta]


@pytest.mark.parametrize(("text", "delta"), [
    ("Testing on null_blk shows this change improve IOPS > 15%.", 15.0),
    ("With the series applied the new path reduces latency ~30% on my box.", 30.0),  # signed by its goodness
])
def test_a_change_verb_its_metric_then_the_percentage_states_a_change(text, delta):
    assert [r.delta_pct for r in find_inline_results(text)] == [delta]
    assert find_inline_results("With the series applied it reduced cpu usage to 20% on my box.") == []


def test_changes_listed_after_one_report_verb_are_each_reported():
    """"I've measured 12% faster X, 20% faster Y, and 8% faster Z": the verb reports every item of its list."""
    text = "On arm64 I've measured 12% faster ext4 reads, 20% faster image decompression, and 8% faster swap-in."
    assert [r.delta_pct for r in find_inline_results(text)] == [12.0, 20.0, 8.0]


def test_counting_from_one_up_to_a_bound_is_a_span():
    assert find_inline_results("We time the lookup for every key from 1 to 10^6 with perf stat.") == []
    found = find_inline_results("The latency dropped from 1 to 0.5 ms.")
    assert [(r.baseline, r.patched) for r in found] == [(1.0, 0.5)]


def test_arrow_records_that_all_print_no_change_stay_sentences():
    """Rows of "label: figure -> figure" are a table when they print changes; when every row prints the same
    figure twice, each line states that nothing changed, and its caption is a claim."""
    text = ("Testing on two older machines shows minimal impact:\n- Broadwell: 14us -> 14us (no regression)\n"
            "- Haswell: 19us -> 19us (no regression)\n")
    found = analyze_body(text)
    assert not found.tables
    assert [(r.item.baseline, r.item.patched) for r in found.results] == [(14.0, 14.0), (19.0, 19.0)]


def test_a_drop_that_would_appear_is_a_drop_seen():
    text = "One box would appear to drop 131->118s, the other it is 57->51s."
    assert [(r.baseline, r.patched) for r in find_inline_results(text)] == [(131.0, 118.0), (57.0, 51.0)]
    assert find_inline_results("With the fix the rebuild would drop from 126s to 116s.") == []


def test_a_count_a_tool_prints_under_two_captions_is_no_result():
    """"Number of queues: 1" under one caption and ": 4" under the next: a count of things per device, with
    no unit, no metric and no benchmark named, is no measurement of two setups."""
    body = ("Currently only the counts are shown:\n\n\t> showinfo\n\tHost\n\t        Number of queues: 1\n"
            "\tPrimary adapter (eth0)\n\t        Number of queues: 4\n\nand that makes the command less useful.\n")
    assert analyze_body(body).results == ()


def test_a_share_a_profile_shows_moving_is_a_result():
    text = "In profiles, the completion handler dropped from 30-35% of CPU to ~9%."
    assert [(r.baseline, r.patched) for r in find_inline_results(text)] == [(30.0, 9.0)]
