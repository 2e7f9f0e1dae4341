"""Performance claims: polarity and magnitude per phrasing family, and the sentences that are not
claims. Every sentence is written for these tests."""

from __future__ import annotations

import pytest

from extractors.analysis import analyze_body
from extractors.claims import find_claims


@pytest.mark.parametrize(("text", "polarity", "magnitude"), [
    ("The fix makes reads much faster:", "improvement", None),  # a sentence before a colon, no heading
    ("Out of the box there wont be any performance regressions.", "neutral", None),  # a negation typed without its apostrophe
    # a word in quotes at a clause's end is used with stress, not mentioned as a name
    ('Benchmarks so far put the difference within the "noise".', "neutral", None),
    # the duration of a job in the plural, a few words after the end of the effect phrase it is the subject of
    ("On my laptop there is no noticeable difference in kernel build times.", "neutral", None),
    # ... and the speed of one kind of I/O, named there
    ("With bigger log buffers we saw no visible change in random write speeds.", "neutral", None),
    # a time with its size is a cost however it is named: "N% more time" is a slowdown
    ("With the series applied it finishes in 4.1 seconds, that is 8% more time.", "regression", 8.0),
    # a finding the measurements "suggest" is reported, where "I suggest" would be advice
    ("Our benchmark results suggest the new allocator is faster.", "improvement", None),
    # inside the measurement's own spread, whatever the subject
    ("Apart from one outlier every run stayed within the standard deviation.", "neutral", None),
    # a negation passed on through "seem to" / "appear to" to the verb after it
    ("The extra check doesn't appear to really affect throughput.", "neutral", None),
    ("The new layout did not seem to make any real difference to latency.", "neutral", None),
    # regression: a cost the options have, a latency that deteriorates, a sized regression a robot bisected
    ("The tracing options these patches turn on have a performance impact.", "regression", None),
    ("With the rework the wakeup latency deteriorates on the small board.", "regression", None),
    ("The test robot found a 21.5% regression in the pipe test and bisected it to this commit.", "regression", 21.5),
    # ... or named by what it slows, whoever bisected it; a cost the code has; a comparative how often it shows
    ("Mel reported a throughput regression in the mail server run that he bisected to this change.", "regression", None),
    ("Taking the global lock on every lookup has a performance overhead.", "regression", None),
    ("Wakeup latency is generally 25% higher with the deferred path.", "regression", 25.0),
    # what a run reached, stated with its size, is no plan however "can" puts it
    ("With the batching in place we can get a 35% throughput improvement.", "improvement", 35.0),
    # a range from nothing is the change its words name at most: "0%-3% loss" is a loss of 3%
    ("On the other workloads this costs 0%-3% performance loss.", "regression", 3.0),
    # a sized rise or fall of any time
    ("With the locking rework I see a 9% increase in total execution time.", "regression", 9.0),
    ("With the series we measured a 35% reduction in the scan time of a 4 GiB file.", "improvement", 35.0),
    # performance problems found, and more time taken
    ("There were some serious performance issues with the old allocator.", "regression", None),
    ("There were no performance issues with the old allocator.", "neutral", None),
    ("Past a few thousand open files the lookup performance became an issue.", "regression", None),
    # a multiple of the time taken, the multiple in words
    ("The rewritten parser still takes three times as long on the big trace.", "regression", None),
    ("With the extra flush every commit took twice as long.", "regression", None),
    # unsure of why only: the effect the "why" clause explains is stated, and a negation before "why" is not its
    ("I'm not sure why the batched path is faster on the small box.", "improvement", None),
    ("I don't know why the dbench run is not improved here.", "neutral", None),
    # a benefit restored together with something else
    ("With the revert, throughput and the flush pattern are restored to the old levels.", "improvement", None),
    # an adverb between a benefit and its rise
    ("With the lockless lookup the throughput now increases with every added reader.", "improvement", None),
    ("With more than a hundred groups the scheduler performance becomes unusable.", "regression", None),
    # a share of a benefit given up or won, and a cost that ends
    ("Reverting the governor change, the card ends up losing ~25% throughput in the demo.", "regression", 25.0),
    ("The batched path gained about 7% in IOPS on the test box.", "improvement", 7.0),
    ("With the lazy unmap the remapping overhead goes away completely.", "improvement", None),
    ("Once the lookups are cached the lock contention disappears.", "improvement", None),
    # a time named by its compound needs no amount to be a cost that fell
    ("The boot time of a large guest is reduced considerably.", "improvement", None),
    # improvement
    ("With the series applied, cold boots are clearly faster.", "improvement", None),
    ("We managed to get better throughput with the batching.", "improvement", None),  # obtained, no aim
    ("This cuts the lookups to 5, improving the decoding speed.", "improvement", None),  # "to 5" is no infinitive
    ("On a 16 core box (in case anyone is wondering) the refill path got 7% faster.", "improvement", 7.0),
    # the time an operation needs, cut: a measured time, so a claim ("the time" alone is everyday)
    ("It cuts the time needed to insert a rule from ~800us to 9us with many rules loaded.", "improvement", None),
    # the speed got back, said of the speed; a performance problem resolved
    ("With both patches, sequential write throughput is almost fully restored.", "improvement", None),
    ("The second patch resolves the performance problem on the NUMA box.", "improvement", None),
    # an assumption in brackets qualifies the finding; it does not make it hypothetical
    ("With the series (assuming a warm dentry cache) the lookup overhead is reduced to ~3%.", "improvement", 3.0),
    # a drop in the time of a named operation: the time is measured
    ("On real hardware this results in a 35% reduction in boot time.", "improvement", 35.0),
    # "but" turns from a doubt to what is asserted, with or without a comma
    ("I can't say whether it got fixed upstream but reverting the commit avoids the performance drop.",
     "improvement", None),
    # the change as the subject of a "from X to Y" verb: a claim of its effect, the numbers back it
    ("This optimization reduces the probe time from 410 ms to 95 ms on the test board.", "improvement", None),
    # "once" and a past verb tells what happened, not a condition
    ("Once we applied the patch, the wakeup latency dropped by 20%.", "improvement", 20.0),
    # a cost the change avoids or prevents is one it removes
    ("Batching the wakeups avoids an IPI, which is far more expensive.", "improvement", None),
    ("This prevents the 5% slowdown of the submit path.", "improvement", 5.0),
    # stated of the kernel without the change, an effect is the change's opposite one
    ("Without the series, buffered reads are 6% slower on the same box.", "improvement", 6.0),
    ("Batching the doorbell writes speeds up the submission path.", "improvement", None),
    # a speed as a multiple, a time halved, the time a lock is held
    ("With the per-cpu cache the free path is twice as fast.", "improvement", None),
    ("Deferring the scan cuts the mount time in half on large filesystems.", "improvement", None),
    # ... a speed halved, said with the verb or with the division
    ("With two queues sharing the link, the peak throughput is divided by two.", "regression", None),
    ("Once the cache is off, the read bandwidth gets halved.", "regression", None),
    ("The wakeup latency is cut in half by the new timer.", "improvement", None),
    # much CPU time or many cycles spent is a cost
    ("With the new checks the walk spends plenty of CPU time in the list.", "regression", None),
    ("We spend too many cycles in the hash walk on every lookup.", "regression", None),
    # nothing of note seen in a run of a benchmark
    ("I ran the throughput benchmarks on both boxes and they didn't show anything noticeable.", "neutral", None),
    ("Dropping the lock early shortens the lock hold time a lot.", "improvement", None),
    ("With the batch allocator we get roughly 2x the IOPS.", "improvement", 100.0),
    ("Lock contention is gone with the per-cpu lists.", "improvement", None),
    # "speeds" is "speed" in the plural; "good for throughput" is the mirror of "bad for performance"
    ("Sequential read speeds are much better with the larger window.", "improvement", None),
    ("Keeping the list sorted is helpful for performance.", "improvement", None),
    # every form of a verb of harm: "hurting" as "hurts"
    ("The extra lookup in the submit path is hurting performance on small writes.", "regression", None),
    # an effect said not to be had
    ("The per-bucket lock does not seem to have much performance impact on random writes.", "neutral", None),
    # what one finds, like what one sees, is no hedge
    ("We can find that the new slab reduces the fault latency by 12%.", "improvement", 12.0),
    # time or cycles added to what runs is the mirror of time saved
    ("The extra barrier adds maybe 300 cycles, which is a lot on small packets.", "regression", None),
    # two costs reduced together
    ("With the dedicated threads the wakeup latency and its jitter are reduced.", "improvement", None),
    ("Caching the descriptor shaves about 200 cycles off every submission.", "improvement", None),
    # a guess's modal about a found effect: it was seen, or its cause is guessed
    ("On the small VM a ~3x throughput improvement could be seen in random overwrites.", "improvement", 200.0),
    ("The bandwidth drop might be due to lock contention in the allocator.", "regression", None),
    # a time saved, named by its amount: the amount is the subject
    ("Skipping the second reset saves ~3.5 msec per port.", "improvement", None),
    ("The new check has no additional overhead on the fast path.", "neutral", None),  # none of what is added
    ("An extra branch per call is surely not a lot of overhead.", "neutral", None),  # a cost denied to be large
    ("With only a few rules loaded, performance is close.", "neutral", None),  # close to the other setup's
    ("Enabling the deeper idle states comes at a latency cost.", "regression", None),  # what a change is paid for with
    # a cost lessened, a benefit word only naming it ("performance hit"): the change takes the cost away in part
    ("The new barrier placement reduces the performance hit of the flush by about half.", "improvement", None),
    ("The extra check increases the performance overhead of each submit.", "regression", None),  # and its mirror
    ("Dropping the lock mitigates the throughput loss on small writes.", "improvement", None),
    # said in the passive after it, "reduced" is of something else: the harm stays
    ("The second wait also hurts performance, as the batch per syscall is reduced.", "regression", None),
    # help given to a benefit; what is slowed named inside "slows ... down"; an action as the subject
    ("The new batching helps throughput a lot on the small box.", "improvement", None),
    ("Dropping the per-page bitmap also slows things down on large files.", "regression", None),
    # a time that has reduced, its subject named with what it is of
    ("The warm boot time of the test VMs has reduced by about 15%.", "improvement", 15.0),
    # a doubt granted in a clause of its own, then turned from: the clause after the turn is asserted
    ("I'm not sure if this is the best way to do it, but it cuts the runtime a lot.", "improvement", None),
    # a multiple beside the effect makes it a measured one
    ("We see a 30x decrease in scan duration with the series.", "improvement", 2900.0),  # as a speedup
    # how it scales: well is a gain, not well a loss
    ("With per-queue locks it now scales well up to 64 CPUs.", "improvement", None),
    ("The shared tag set is not scaling well with a deeper queue.", "regression", None),
    # a cost grown in the passive, a benefit shrinking right after its name
    ("With the new hook the CPU utilization is increased by about 12%.", "regression", 12.0),
    ("The sequential write throughput reduces about 9% on the slow disk.", "regression", 9.0),
    ("The series improves throughput and reduces tail latency.", "improvement", None),
    # a large difference made to a benefit, an overhead created, a time given as an improvement's size
    ("The new queueing makes a big difference to throughput on fast disks.", "improvement", None),
    ("The bounce buffer creates a significant overhead for small reads.", "regression", None),
    ("With the cache warm there was an improvement of 40ms in the mount time.", "improvement", None),
    # an imperative, then a clause of its own stating the effect
    ("Compare the old and the new allocator, the new one is clearly faster.", "improvement", None),
    # a sameness of a subject named with where it was measured
    ("Throughput on the older controllers remains roughly the same.", "neutral", None),
    # a bound above a few percent sizes the regression, it does not make it small
    ("There are slight regressions (less than 12%) for tiny requests on two machines.", "regression", 12.0),
    ("The slowdown is less than 1% in every run.", "neutral", 1.0),
    # a measure that scarcely moved
    ("As the fio numbers show, the iops have barely changed.", "neutral", None),
    ("The new layout is 3x as fast on the 4-socket box.", "improvement", 200.0),
    # a cost stated as a percentage
    ("The overhead is about 2.2% in the worst case.", "regression", 2.2),
    # "more" of a speed, with its size
    ("On the 8-way box this series results in 3.1% more IOPS.", "improvement", 3.1),
    # an effect judged by its adjective
    ("In our runs the new lock has a negative impact on throughput.", "regression", None),
    ("Batching had a positive effect on tail latency.", "improvement", None),
    # a cost removed is an improvement; what removing something led to is that action's effect
    ("Batching removes an expensive lookup from the fast path.", "improvement", None),
    ("Removing the lock made the hot path slower.", "regression", None),
    ("Fix the extra flushing that caused performance regressions.", "improvement", None),  # what was fixed
    # a benchmark's run, then its effect: the benchmark is what the effect is measured by
    ("Running hackbench on the big box shows a clear improvement.", "improvement", None),
    # what the speaker can see is a finding, not a hedge; a statistic makes "time" a measurement
    ("From the trace I can see that the average lock hold time drops with the series.", "improvement", None),
    # the metric and its change in a relative clause
    ("We looked at the flush latency which increases with the new batching.", "regression", None),
    ("I gave the series a spin on the build box and its performance looks good.", "improvement", None),
    # a hedge in a clause describing what was tested hedges that thing, not the effect
    ("With images which may hold many small files, the new layout mounts 3x faster.", "improvement", 200.0),
    # "to" after a verb of outcome states what it does: "helps to", "leads to", "up to"
    ("Batching the doorbells helps to reduce the submission latency.", "improvement", None),
    ("Batching the doorbells helps to greatly reduce the submission latency.", "improvement", None),
    ("In our setup the new backend has been shown to greatly improve throughput.", "improvement", None),
    ("Merging the lists allows for faster lookups of hot keys.", "improvement", None),
    ("The patch gives a nice boost to throughput on the small box.", "improvement", None),
    ("Simple tests show a considerable performance boost with the new hash.", "improvement", None),
    # no change granted in one place, an effect asserted after "but" in another
    ("Reads look about the same on the NVMe box, but on the old SATA disks the throughput is much better.",
     "improvement", None),
    ("Latency stays unchanged, but throughput drops by 5% with four jobs.", "regression", 5.0),
    # a hope after "but" asserts nothing: the sentence's finding is the one it granted
    ("I saw no difference in wakeup latency, but skipping the check can save a few cycles.", "neutral", None),
    # a change noun and the metric that names what it changes
    ("Which is more than 30% latency improvement on the old path.", "improvement", 30.0),
    ("Batching gives a 12% overhead reduction on small writes.", "improvement", 12.0),
    # but a verb that reaches on past its metric is the sentence's own effect
    ("Average latency increased by 0.6 ms Performance impact of the encryption:", "regression", None),
    ("The patch lowers the CPU usage of the poller by 10%.", "improvement", 10.0),
    # the speed judged bad, and a small effect spelled "neglectable"
    ("On the old controller the random-read performance is really poor.", "regression", None),
    ("Taking the global lock here is _really_ bad for performance on big boxes.", "regression", None),
    ("The throughput impact is neglectable on rotating disks.", "neutral", None),
    # "in case of" names the case a finding holds in; the use of a cache is a cost
    ("The second patch completes polled commands inline in case of a local ring, and improves IOPS by ~10%.",
     "improvement", 10.0),
    ("Packing the flags together cuts down on cacheline usage in the submit path.", "improvement", None),
    ("Looking the state up in one bit instead of a tree is less expensive.", "improvement", None),
    ("Removing the lock makes the lookup 10% faster, which would be welcome.", "improvement", 10.0),
    # what is spared is costly
    ("Caching the fd saves an expensive lookup on every submission.", "improvement", None),
    # power or energy spent for the same work is a cost
    ("Capping the clock gave a 25% decrease in power consumption on the laptop.", "improvement", 25.0),
    ("Even for lower IOPS runs, the copy overhead is in the realm of 1.5% of CPU time.", "regression", None),
    ("Using the none scheduler leads to a throughput increase for most workloads.", "improvement", None),
    ("The new hash gives a healthy throughput gain (9%) on lookups.", "improvement", 9.0),
    ("Random reads improve by about 3.5% on the NVMe box.", "improvement", 3.5),
    ("Dropping the lock here reduces the wakeup latency noticeably.", "improvement", None),
    ("Caching the mapping saves a lot of cycles per request.", "improvement", None),
    ("The per-cpu freelist outperforms the global one under contention.", "improvement", None),
    ("This cuts the overhead of every timer interrupt.", "improvement", None),
    ("The test robot saw a 7.5% improvement of netbench.rx_pps.", "improvement", 7.5),
    ("Fixes the throughput regression introduced by the queue rework.", "improvement", None),
    ("With the new policy, the throughput regression on sparse files is fixed.", "improvement", None),
    # regression
    ("Unfortunately the extra fence makes the fast path slower.", "regression", None),
    ("With this approach we take a noticeable hit on small random writes.", "regression", None),
    ("The copy adds measurable overhead to every send.", "regression", None),
    ("We see a performance degradation with more than 16 jobs.", "regression", None),
    ("Write throughput drops by roughly 4% on spinning disks.", "regression", 4.0),
    ("With the series the median latency increased by 6%.", "regression", 6.0),
    ("An IPI per request is an expensive operation on large hosts.", "regression", None),
    # a change noun and the metric it changes: which way it went follows from the metric
    ("On the old box we saw a sharp decrease in the write speed after the update.", "regression", None),
    ("The second patch gives a 12% reduction in submission latency.", "improvement", 12.0),
    ("There is a clear increase in lookup throughput with the hash.", "improvement", None),
    # a metric said to move, with its size between
    ("On the new kernel the ops/s got about 15% smaller than on the old one.", "regression", 15.0),
    ("The runtime of each flush gets a little longer with the barrier.", "regression", None),
    ("With the extra copy the latency is also much higher on small packets.", "regression", None),
    ("The patched kernel shows 3x longer latency on the wakeup path.", "regression", 66.6667),
    ("The mirror layout is about 8% slow compared to the striped one here.", "regression", 8.0),
    ("So that is -9.5% performance down with the commit.", "regression", 9.5),
    ("This layout has poor performance on small synchronous writes.", "regression", None),
    ("The throughput increasing is small, but worth having.", "improvement", None),
    ("It roughly halves the wakeup latency.", "improvement", None),
    ("It doubles the latency of small writes.", "regression", None),
    # a regression one could not measure is none, whatever "regression" alone means
    ("I could not measure any regression with this applied.", "neutral", None),
    ("And the throughput becomes identical as well.", "neutral", None),
    ("Mostly neutral results in the performance runs, with a few ups and downs.", "neutral", None),
    # efficiency compared; an effect said to be small
    ("By my measurements the new idle state is 5-15% more energy-efficient than polling.", "improvement", 5.0),
    ("The old path is 10% less efficient than the new one.", "regression", 10.0),
    # efficiency said of the thing itself, as its state
    ("The per-inode cache is far more efficient than a global hash table.", "improvement", None),
    ("The polled mode ends up being less efficient.", "regression", None),
    # "can" before a stated figure tells what the runs reached
    ("With the batching the driver can raise IOPS by up to 25% on four queues.", "improvement", 25.0),
    ("We see results with no change in throughput.", "neutral", None),
    ("Conclusion: the new state has a very small wakeup latency impact.", "neutral", None),
    # a change noun changes the first metric after it, not a cost a longer reach finds
    ("We saw a drop in throughput waiting for the key update.", "regression", None),
    # a drop said to be small is none
    ("The drop in throughput for sequential reads is mostly negligible.", "neutral", None),
    # a fall of a cost is an improvement
    ("The 99th percentile latency dropped by 20% with the patch.", "improvement", 20.0),
    # "slow" said of what is measured
    ("Submission latency is painfully slow on arm64.", "regression", None),
    # neutral
    ("Throughput on the small machine is in the noise.", "neutral", None),
    ("Both kernels give the same latency numbers.", "neutral", None),
    ("We found no measurable difference in throughput on the build box.", "neutral", None),
    ("The overhead is negligible for the runs I did.", "neutral", None),
    ("The extra branch does not hurt performance at all.", "neutral", None),
    ("Neither kernel showed any performance regression in those runs.", "neutral", None),
    ("I don't see a big throughput improvement on my boxes.", "neutral", None),
    ("Moving the check out of the loop won't make much difference to latency.", "neutral", None),
    ("The resync runs in the background without hurting foreground throughput.", "neutral", None),
    # a small cost, and a benefit that is hard to show, are no effect either way
    ("The extra overhead of the second lookup is quite little.", "neutral", None),
    ("On the smaller parts it is hard to show any throughput benefit from the affinity hint.", "neutral", None),
    ("The profile doesn't show any meaningful time spent in the wrapper.", "neutral", None),
    # "without" further from the effect names what a setup lacks, it does not negate the effect
    ("Walking the list without the lock is faster, but not safe.", "improvement", None),
    # "not only" adds to the effect, it does not negate it
    ("A second lookup is not only slower, it also takes the lock twice.", "regression", None),
    # no effect on a measured quantity named between "no" and the change noun
    ("No visible score difference came out of the ten runs.", "neutral", None),
    # not seeing an effect, in any tense of the verb
    ("We haven't seen any difference in throughput on the big box.", "neutral", None),
    # a change put down to noise after a contrast is no change
    ("Reads came out 3% faster, but that is within the variance of the runs.", "neutral", 3.0),
    ("Throughput is insignificantly better with the series.", "neutral", None),  # no real change
    # a cost named by a compound, and the percentage after the phrase that sizes it
    ("Adding readahead reduces the total block flush time by more than 90%.", "improvement", 90.0),
    ("I was able to shorten the runtime using the sysfs knob.", "improvement", None),
    # a possibility with a measured figure is an estimate of a run
    ("On the bigger box it may be 4% faster.", "improvement", 4.0),
    ("With more queues it could be 3 times slower.", "regression", None),
    ("Throughput with and without the flag was statistically equal.", "neutral", None),  # a qualified sameness
    # a run's finding, hedged, is still what the run found
    ("But our test results show that a bigger chunk may have better performance for large writes.", "improvement",
     None),
    ("The IOPS are equal or better with the new default.", "improvement", None),  # a sameness at worst
    # the improvement is of the code's readability; what it does to a benchmark is no effect
    ("A readability improvement, and it won't change the fio numbers at all.", "neutral", None),
    # what a thing is good at doing is what it does, not what it is for
    ("The new command has proved very efficient for making passthrough reads get better IOPS.", "improvement", None),
    # a degraded array is the setup; the effect is the speed said of it
    ("Rebuilding onto the spare of a degraded array is faster than a resync of the whole set.", "improvement", None),
    # a condition that is a way of looking at the runs, not a supposition
    ("If we compare the series to last month's nightly runs the new code is 4% faster overall.", "improvement", 4.0),
    # sameness said with the verb, with a difference denied at more words' distance, or as nearness
    ("Both kernels perform the same on the small box.", "neutral", None),
    ("Building it as a module did not make a visible performance difference.", "neutral", None),
    ("The new path is very close to the throughput of the old one.", "neutral", None),
    # a cost too large to leave out
    ("On very fast links the per-packet overhead cannot be ignored.", "regression", None),
    # a cost named with what it is of, said removed; a cost said gone, with a word between
    ("On the arm64 board the overhead of each flush is removed by the series.", "improvement", None),
    ("With the per-cpu lists the lock contention is practically gone.", "improvement", None),
    # a gain given up is a loss
    ("With the lock split again we lost the speedup in hackbench.", "regression", None),
    # costs slashed or trimmed: what was extra is gone
    ("The second patch plainly slashes a few extra cycles.", "improvement", None),
    ("Freeing in batches trims the overhead of the lock.", "improvement", None),
    # a performance problem brought about: the mirror of one fixed
    ("The new default is causing performance issues for several drivers.", "regression", None),
    # results said to match the other kernel's
    ("The fio results with the series match the results on the base branch.", "neutral", None),
    # the time a task takes, said to improve
    ("With the rework, the time taken to finish a full sync improves noticeably.", "improvement", None),
    # the speed kept as it was, and an impact said to be small after it
    ("From a couple of quick runs on the board, throughput is preserved.", "neutral", None),
    ("The latency impact on the small box is minimal.", "neutral", None),
    # a slowdown solved goes away; "a little regression" is a small one, where "little regression" is hardly any
    ("The respin solves the small throughput regression the first version had.", "improvement", None),
    ("We saw a little regression in the latency test with it.", "regression", None),
    # "if any" closing its clause bounds what was seen, it supposes nothing
    ("The latency impact on the older parts is minimal if any.", "neutral", None),
    # results close to each other: the runs compared did not differ
    ("I ran both kernels three times and the results are close to each other.", "neutral", None),
    # a network's round-trip time is a latency by its usual name
    ("The RTT went up by a few microseconds with the series.", "regression", None),
    # an "if" inside the means of the effect is what the code does, it supposes nothing
    ("This speeds up the flush by only taking the lock if the list is not empty.", "improvement", None),
    # code said to be inefficient, and the time of a named operation grown
    ("The old walk over the table is very inefficient on big machines.", "regression", None),
    ("Users have reported a startup time increase of several seconds.", "regression", None),
    ("Two vendors reported an increase in boot time after the rework.", "regression", None),
])
def test_claim_polarity_and_magnitude(text, polarity, magnitude):
    found = find_claims(text)
    assert [(c.polarity, c.magnitude_pct) for c in found] == [(polarity, magnitude)]
    assert found[0].text == " ".join(line.strip() for line in text.split("\n"))


@pytest.mark.parametrize("text", [
    "Every little gain on this path is welcome.",  # an effect in general, not one found
    "The series lowered the latency threshold of the governor.",  # a setting named by what it bounds
    "If any slowdown shows up in the nightly runs, we revert it.",  # "if any" before its clause's verb: a condition
    # sizes saved, though a time compound names where ("run time memory"): a footprint, not a speed
    "The rework trims the run time memory use by about 48 bytes per registered table.",
    # what the speaker hopes or will be able to do: a plan
    "I'm hoping I'll be able to fix the throughput problems before the next version.",
    # a possibility with an adverb between the modal and its verb: a prediction
    "With the extra flush the copy may even be slower on small machines.",
    # a footprint's change, not a speed's
    "That gives roughly a 40% size improvement for the loadable modules.",
    # a measure named with its unit in brackets labels a chart's axis or a table's column
    "Throughput gain (%) for mixed 8k jobs (noatime)",
    "Speedup (x) over the scalar loop",
    # "better" grading how faithful a test is to what it stands for, not a speed
    "As far as I can tell the dummy device better approximates a real fast NIC.",
    "I will address the performance problem in the next version.",  # a plan, not a finding
    "The results match what the documentation says.",  # results that agree with a text, not another kernel's
    "Is it more efficient to keep a pointer to the clock instead of its name?",  # a choice weighed
    "First the results without any changes (the defaults of your patch):",  # which results, no effect
    "It seems we get 2.1 GHz at most although the part can boost to 3.4 GHz.",  # what hardware can do
    "This can improve performance in some cases.",  # "can" with no figure is a possibility
    # a possibility modal governing the verb that brings the effect
    "This might give you a nice speedup.",
    "Yes, the new flag may then add an incremental performance improvement on top for some layouts.",
    "Guess you're quicker than me at this :)",  # a person's pace
    "In that case you're better of running it on a raw partition.",  # "better off" (typed "of"): advice
    "Here are the numbers from the faster Macronix chip on my test board.",  # which chip a run used
    "In most cases I'd expect it to fit in two pages with no drawbacks but a speedup.",  # "but" as "except": no turn
    "(If the cache stays warm) it could be faster.",  # the aside is a condition, and the effect is predicted
    "It stays off by default and comes back on once we fix the performance issue.",  # a condition yet to be met
    "There is that risk, but keeping the old path (potentially) hurts throughput.",  # a hedge on the effect itself
    # an option weighed: a hedge inside the brackets describes what they name, it is no aside
    "One choice is to route all of them through the worker (where sleeping is possible) and accept a perf hit.",
    "Keeping the module optional comes at the cost of a Kconfig dependency for each user.",  # no speed paid
    "perf bench sched pipe usecs/op (-ve is improvement)",  # which sign is good names the table's metric
    "I applied the series and performed the same test on the other box.",  # the same task done again
    "For verifying the improvement, I ran fio with the io_uring engine on both kernels.",  # what a run is for
    "The cache benefit would probably be smaller with larger entries, but that is fine.",  # a benefit predicted
    "It's probably better we keep the two paths apart for now.",  # advice to act, no effect
    "Much faster for me to test it this way than rebuilding the whole kernel.",  # a person's work
    # a requirement is no finding
    "All functions of the device must report the same speeds.",
    # a link's speed is a setting; a way one can find is a plan
    "The link speeds are much better with the new retimer.",
    "We can find a way to make the flush faster later.",
    # a pause put in on purpose, and a sum of idle times, add no cost to what runs
    "The tool adds 2 ms sleep before it samples the counters again.",
    "At 80% load the short idles keep adding up to 4.1ms of idle time.",
    "No functional change intended.",  # a change of behaviour, not of a measured quantity
    "Table 2: read throughput improvement, queue depth vs. block size:",  # a numbered caption names a table
    "Compare the old and the new allocator to see which is faster.",  # an imperative: the effect is asked for
    "The model assumes the capacity of the CPUs scales linearly with the frequency.",  # a proportion described
    "In theory, flushing one group shouldn't affect the latency of the others.",  # what should hold, not a run
    # an option weighed, or a wish, before the turn: what follows it is the option's, not a run's
    "It is possible to order them by linking the requests, but that adds overhead.",
    "I hope the new path cannot just match, but improve on the old throughput.",
    # a possibility right before the effect is a prediction, not an effect seen
    "Doing all of the work eagerly may cause latency spikes for some applications.",
    "This could improve throughput for large pages.",
    "The batching might reduce the overhead further.",
    "Taking the lock twice may add latency to every submission.",
    "Without the follow-up patch this one might hurt performance.",
    # "at higher rates" names the conditions, and a drop of nothing named has no direction
    "That comes to a 2% drop at higher rates.",
    "Depending on the arch, the user copy is more or less expensive.",  # more or less: no direction
    "The main benefit is to offload the copy and reduce the link traffic.",  # what it is for
    "Your workload might benefit from the iosched=2 boot option.",  # a bare number is a setting, not a figure
    "The last CPU going down moves the worker elsewhere.",  # one of the processors, not CPU time
    "Drop the cpu binding helper, the logic is simple now.",  # which CPUs, not CPU time
    "It may be worth considering a ring per node to avoid the extra overhead.",  # a suggestion
    "I haven't seen the second version of the series yet.",  # not seeing a mail is no effect
    "I doubt this made the completion path any quicker.",  # a doubt is no claim
    "I wonder whether batching really makes the completion path quicker.",
    "Possible throughput gains for pipes would be a bonus.",  # a possible gain is a hypothesis
    "The new helper reads much better now.",  # code review
    "Please pick a better name for the flag.",
    "The read latency is reduced from 310 us to 240 us.",  # a result, found by extractors.results
    "Have you checked whether the new path is faster?",  # a question
    "It would be good to see gains on a real workload first.",  # a request
    "This fixes a regression introduced by the locking rework.",  # a functional regression
    "The regression tests are slower to run now.",  # regression tests: not a performance regression
    "The bisected regression makes the box crash at boot.",
    "We will measure the latency impact next week.",
    "If the ring is full, the submission gets slower.",
    "The series makes no difference for correctness.",  # neutral words without a performance subject
    "Both helpers behave the same on error.",
    "(lower is better)",
    "To make the lookup faster, we cache the last hit.",  # a purpose
    "Sorry, I was really slow to reply to this thread.",  # "slow" of a person
    "It is a requirement that merging this does not hurt throughput.",  # a requirement
    "Both governors are compared with and without turbo boost.",  # a feature switched on or off
    "The table shrinks by 48 bytes per entry, which saves build time.",  # a footprint
    "Ideas on better ways to handle this are welcome.",
    # a conditional: what would happen, not what a run showed (also when an action is the subject)
    "Improving the slow path so it is only half as slow as the old one would be a major improvement.",
    "In a library it would be easy to cache the mapping, reducing the lookup overhead.",
    "Without the flag the driver would have to bounce every write, which is slower.",
    # an aim or a purpose: what something is done for, not what it was found to do
    "Unifying the two paths and making them faster is a worthy goal in itself.",
    "The plug list batches the bios to reduce the number of submissions.",
    "The cache lets us skip the copy on this path to further cut the latency.",  # an adverb in the infinitive
    "There are ways to minimise that cost:",
    # a proposal: its effect is what it aims at, not what was found
    "Once the slow path works, we should then work to optimise it to lower the overhead.",
    "I could argue that we should speed up the dispatch layer by removing the budget code.",
    # not seeing is not an effect: "I don't see why", "I don't see it is a concern"
    "Again, I don't see on such boxes that maximizing throughput is a concern.",
    "Re: [PATCH v2 2/4] io: reduce lock contention in the poll path",
    # an aim and a purpose, not a finding
    "I wanted to show that the batched submit could outperform the plain loop.",
    "The flag is set twice to facilitate faster merging of the two lists.",
    "The hash keeps a second table to make the lookups of hot keys cheaper.",
    "The barrier was originally added for faster wakeups of the poller.",
    # what nobody knows yet
    "It is unknown how much the batching speeds up the allocator.",
    # a comparative that says which machine, and not understanding why
    "Results are in IOPS, and the two-thread case is only run on the faster box.",
    # which hardware was used, the kind of it named between: no effect of a change
    "I moved the tests to a host with a faster SATA SSD.",
    # an effect named as what later work will focus on: a plan
    "The option is off by default; the next series will focus on reducing its overhead and improving the slow cases.",
    "Follow-up work focuses on reducing the lookup overhead.",
    # a rate of failures lowered: fewer failures, not a speed lost
    "The new timeout lowers the drop rate on busy links.",
    # what a design is aimed at is its aim, not a measured effect
    "The scheduler is a design aimed at achieving low latency by avoiding the cost of wakeups.",
    # a price beside an amount of money, and advice on what is better to do
    "The 8TB drive is $40 (15%) cheaper than the other one.",
    "It's better to see the results on real disks first.",
    # an array short of a member is "degraded": a state, not a slowdown
    "Benchmark the array in the degraded state too.",
    "I don't get why the reads are expensive when nothing else touches the line.",
    # "runtime" as when something happens, not how long it takes
    "Improve runtime PM in the alarm driver using guard macros.",
    # how code is used, not how much of a resource
    "This keeps the parser strict and removes deprecated helper usage.",
    # a patch's title in a list of applied patches
    "[2/4] io_uring: reduce the submission overhead of linked requests",
    # a feature named by an effect word: the clock "boost" of a CPU, a battery's "capacity degradation"
    "The driver also lets the user turn the core performance boost feature on and off at runtime.",
    "All three modes support controlling the frequency boost when the firmware enables it.",
    "Implement an io boost utilization signal that is tracked for each task.",
    "We have no rig to test capacity degradation over a year of cycling.",
    # the speaker does not know
    "I'm not sure the batched path is faster than the old one.",
    "So I am not clear what the added overhead is.",
    # a worry is not a finding
    "I am concerned that the extra flush may slow down small writes.",
    # an expectation and a capability expected are not findings; nor is what the speaker cannot tell
    "The expectation is that the next release does not see this slowdown at all.",
    "The cgroup controller should be able to achieve similar latency with its own knobs.",
    "I can't measure how much of the throughput loss comes from the extra copy.",
    # what the speaker will change next is a plan
    "Thanks for the numbers, I will reduce the allocation cost in the next version.",
    # "no longer" is not "longer"; a rate of something costly has no better direction; "longer" of
    # instructions is their length
    "The cpu argument is no longer needed after the rework.",
    "The context switch rate is much smaller with the series.",
    "Use shorter encodings instead of longer instructions where possible.",
    # an effect of size zero states none (ping's summary)
    "12 packets transmitted, 12 received, 0% packet loss, time 11016ms",
    # "enhanced" names a feature far more often than an effect ("enhanced timestamp calibration")
    "The devices support enhanced timestamp calibration, which reduces the offset error.",
    # "bad" of a setting means invalid
    "And don't apply the limits for bad bandwidth values.",
    # advice, a speaker who cannot tell, a search's aim, a functional regression fixed
    "We should be very careful about the added overhead in this path.",
    "It's difficult to say how expensive that operation can be.",
    "We tried several options to figure out the best performance we could get.",
    "These fix a recent regression that broke resume on some laptops and let the firmware control CPU performance.",
    # a heading over the list that states the effects
    "Performance improvements:", "Throughput gains:",
    # "results" as the verb: the object code built is the same, nothing was measured
    "This results in no differences in the generated object files.",
    "I improved the fio job file so that it runs on both boxes.",  # the benchmark changed, not measured
    "We began reworking the scheduler to remove a costly list walk.",  # what the work is for
    "The rename has a positive effect on readability.",  # an effect on something other than performance
    "Two order-1 allocations there might have a significant detrimental effect on throughput.",  # a possibility
    "Happy to explore it as an incremental optimization later.",  # an offer
    "Higher throughput with many jobs would be great, of course.",  # a wish
    "More bandwidth per queue would help here.",  # a wish
    "I am also gathering more performance data on the other drives.",  # "more" counts what is added
    "A nice readability improvement.",  # better code, not a faster system
    "Performance Improvement",  # a heading in title case, which states nothing
    "Buffered writes should be much faster than they are.",  # it falls short of what it should be
    "Reduce lock contention by adding a spinlock for the poll list",  # a changelog's item: a change made
    "Keep this in mind for making the worker pool scale better.",  # what something is for
    "The checksum is meant to work the same, no matter the cpu arch.",  # which processor, not its time
    "Packing the flags saves 8 bytes per request.",  # a footprint saved, not a time
    # a commit's title after its id names a change, it reports no run
    "| 1a2b3c4d5e6f fs: Improve scalability of the inode hash |",
    "One improvement might be to batch the wakeups as well.",  # the effect the subject of a guess
    "Since the throughput gain of polling may be",
    "We save 5 minutes of typing with the new script.",  # a person's time
    "I spent a lot of time on the review of this series.",  # ... and so is time spent, unless the CPU's
    "V2: Avoid the overhead of the extra lock in the fast path.",  # an item of a version's changelog
    "It leaves room to then make the common case faster later on.",  # what something is for, an adverb between
    "This fixes the issue of a lower rate of the big cores by setting the PLL rate to 1.8GHz.",  # a clock set
    "It helps small boards by allowing smaller runtime memory needs.",  # a footprint while running
    "The interface has hardly changed since the first version.",  # no measure moved
    "If we add one more lock it would be 5% slower.",  # a supposition
    "Build time comparison: (lower the better)",  # a caption saying which way a metric is better
    "For faster lookups the series also adds a small hash table.",  # what the change is for, opening the sentence
    "Users will batch the requests rather than issue them one by one to get better throughput.",  # an aim
    "You could use semaphores signaled by the worker thread instead with some added latency.",  # a possibility
    "The poller is there as a means to batch, reduce overhead on the interrupt path, and so on.",  # a list of aims
    "Ran a quick test of the IOPS, as one interesting case is mixing slower and faster devices.",  # which machines
    # a comparative set against its opposite: a range of setups
    "The runs used a 12 MHz bus clock; the times will differ for faster or slower bus clocks.",
    "Should the walk cause latency spikes, it would need to drop the lock.",  # an "if" put first
    "That is likely why the throughput is not up to expectations yet, unlike the read side.",  # up to a standard
    "Eight seems a fair batch size to get enough gain in IOPS from the batching.",  # what a setting is for
    # what is looked for behind an effect, and a question asked without its mark
    "The trace lets the admin find the cause of the slowdown when throttling kicks in.",
    "Your concern about the extra overhead is fair.",  # what is feared
    "The loop costs about 6 cycles without the changes, give or take one.",  # the run made without them
    "The old server can't keep up as the rate is increased.",  # a rate raised is the load offered
    "How much faster is it to walk the array instead of the list.",
    'Boot with the "performance" governor and rerun it.',  # a word quoted before a noun names a setting
    "Sorry, I was talking about the latency penalty of the old path.",  # a topic spoken of
    "Our avoid D3 at all cost stance seems to be based on old rules.",  # an idiom of resolve
    "No expensive array counts as a RAID here.",  # a price
    "Maybe I got wrong what you meant with respect to the slowdown.",
    "It is rather inefficient to write the table by hand.",  # an effort, not a speed
    "The reproducer causes the same RCU stalls on the other filesystem.",  # the kernel's lockup warning
    "I'm at a loss as to how the overhead could go any lower.",  # an idiom: puzzled, no loss measured
    # a possibility before the effect, its degree words aside, and what a choice is for
    "Sorting the queue could be very costly on slow boards.",
    "It takes a larger batch for a better cache hit ratio on reads.",
    # an effect wished for, and ideas weighed
    "A 5x speedup there would be awesome.",
    "I have thought about reducing the lock overhead, but have no patch yet.",
    "We considered lowering the latency with a per-cpu list.",
    # a processor named by what the code did to it, and a processor's structure in code
    "Then a timer for the masked CPU gets dropped too.",
    # a feature of the perf tool supported, and a benefit weighed as the price of a cost
    "Other arches will benefit from this as well, for those that do not support 'perf kvm stat' yet.",
    "Drop the second loop: it gave little real benefit for the overhead it added.",
    # behaviour the same, words addressed to someone, rounds of a test, and what a tool reports
    "Running the client on the small board results is similar behaviour.",
    "Basically the same behaviour on my old box with connection and disconnection cycles.",
    "Please slow down here and wait for the review.",
    "tools: Add latency information per queue",
    "improve debug messages in profile",  # a protocol's profile, named after "in"
    "The cleanup, by removing the saved CPU context pointer, showed that the hook runs with preemption on.",
    "",
])
def test_not_claims(text):
    assert find_claims(text) == []


def test_an_effect_after_a_measurement_needs_no_subject_of_its_own():
    found = find_claims("Throughput on the big box went from 10 to 12 GB/s. The small box is slightly worse.")
    assert [(c.text, c.polarity) for c in found] == [("The small box is slightly worse.", "regression")]
    assert find_claims("The flag is named oddly. The small box is slightly worse.") == []


def test_claim_offsets_start_mid_line():
    text = "Here is a short run. The numbers make\nit hard to see any throughput\ndifference at all."
    (claim,) = find_claims(text)
    assert text[claim.start:].startswith("The numbers make")
    assert claim.end == len(text)
    assert claim.polarity == "neutral"


def test_bullets_lose_their_marker():
    text = "Highlights:\n- Streaming writes are 8% faster\n- Tail latency is unchanged\n"
    assert [(c.text, c.polarity) for c in find_claims(text)] == [("Streaming writes are 8% faster", "improvement"),
                                                                  ("Tail latency is unchanged", "neutral")]


@pytest.mark.parametrize("text", ["", "%", "100% 200%.", "faster " * 3000, "\x00 better %", "-- \n>"])
def test_never_raises(text):
    assert isinstance(find_claims(text), list)


def test_a_figure_wrapped_onto_a_line_of_its_own_ends_the_sentence_above():
    text = "Averaged over the runs:\n1. The mount time of the big volume has dropped by about\n35%.\n2. Next item.\n"
    assert [(c.polarity, c.magnitude_pct) for c in find_claims(text)] == [("improvement", 35.0)]


def test_a_sentence_wrapped_at_its_semicolon_is_still_prose():
    text = ("The new loop is wider, and reads got a lot faster.  There are a few slower\n"
            "cases (about 7%) on short buffers on two of the machines;\n"
            "those are hard to avoid and not important.\n")
    assert [(c.text[:30], c.polarity) for c in find_claims(text)] == [
        ("The new loop is wider, and rea", "improvement"), ("There are a few slower cases (", "regression")]


def test_a_bare_figure_joins_the_sentence_before():
    text = "Profiling shows the tracing overhead in isolation.  That's roughly 1.8%.\nNext paragraph."
    (claim,) = find_claims(text)
    assert (claim.start, claim.polarity, claim.magnitude_pct) == (0, "regression", 1.8)
    assert claim.text == "Profiling shows the tracing overhead in isolation. That's roughly 1.8%."


def test_a_change_takes_its_sense_from_the_metric_named_before():
    text = "The scan ran at 410 MB/s and 436 MB/s without and with the series.\nThat is a rise of about 6%."
    found = find_claims(text)
    assert [(c.polarity, c.magnitude_pct) for c in found] == [("improvement", 6.0)]
    assert text[found[0].start:].startswith("That is")


def test_a_footprint_is_no_performance_effect():
    # memory or stack usage is what a change stores, not how fast it runs; CPU usage is a cost of running
    assert find_claims("This series reduces memory usage by sharing the static requests.") == []
    assert find_claims("Right, it will increase the stack usage.") == []
    (claim,) = find_claims("This reduces CPU usage by a lot.")
    assert claim.polarity == "improvement"


@pytest.mark.parametrize(("text", "polarity"), [
    ("No visible gain.", "neutral"),  # a gain denied, no verb: what the run above brought
    ("Rebuilt with the cache on, no improvement.", "neutral"),
    ("Only a cleanup, no improvement in clarity.", None),  # a gain in something else
])
def test_a_gain_denied_without_a_verb_reports_a_run_in_a_message_that_shows_numbers(text, polarity):
    assert [c.polarity for c in find_claims(text, measured=True)] == ([polarity] if polarity else [])
    assert find_claims("No visible gain.") == []  # without numbers in the message, nothing was run


@pytest.mark.parametrize(("text", "polarity"), [
    ("Nice, that's a solid improvement.", "improvement"),  # sums up the numbers just shown
    ("Hmm, this is a noticeable slowdown on the small box.", "regression"),
    ("That's a regression in the probe path that breaks resume.", None),  # a bug, whatever is shown
])
def test_a_gain_or_loss_summing_up_what_was_shown_is_a_claim_in_a_message_that_shows_numbers(text, polarity):
    assert [c.polarity for c in find_claims(text, measured=True)] == ([polarity] if polarity else [])


def test_no_difference_reports_a_run_in_a_message_that_shows_numbers():
    """"Tried it, no significant difference." says what a run measured when the message shows
    performance numbers; elsewhere, and about how code behaves, it is no claim."""
    assert [(c.text, c.polarity) for c in find_claims("Tried it, but no significant difference.", measured=True)] == [
        ("Tried it, but no significant difference.", "neutral")]
    assert [c.polarity for c in find_claims("All without any noticeable effect, sadly.", measured=True)] == ["neutral"]
    assert [c.polarity for c in find_claims("We could not find a real difference between the builds.",
                                            measured=True)] == ["neutral"]  # what looking found, as seeing
    assert find_claims("Tried it, but no significant difference.") == []
    assert find_claims("There is no difference for most users, only polled rings behave differently.",
                       measured=True) == []


def test_a_gain_seen_reports_a_run_in_a_message_that_shows_numbers():
    """"A similar improvement is also seen with the gzip runs" says what a run measured when the message
    shows numbers, though nothing names the metric; elsewhere the improvement may be to anything."""
    assert [c.polarity for c in find_claims("A similar improvement is also seen with the gzip runs:",
                                            measured=True)] == ["improvement"]
    assert find_claims("A similar improvement is also seen with the gzip runs:") == []
    # the gain and the seeing far apart: a plan to look, of a frequency named "boost"
    assert find_claims("Given that the max boost is 3.7GHz, I could limit the driver to set performance levels "
                       "of 60 and 90 only, and see what it gives against the old one.", measured=True) == []


def test_a_message_with_a_table_makes_its_no_difference_a_claim():
    body = ("Runs of the same job:\n\n"
            "          base      patched\n"
            "read      412.5     418.0\n"
            "write     310.2     309.7\n\n"
            "I also pinned the IRQs. Tried, but no significant difference.\n")
    assert [c.item.polarity for c in analyze_body(body).claims] == ["neutral"]


def test_lines_of_labelled_figures_are_statements_each():
    """"Speedup: 2.1x" over "Overhead: 0.5%" are two statements, not one sentence wrapped; a ratio is the
    change it makes."""
    from extractors.prose.pipeline import find_sentences
    assert [s.text for s in find_sentences("Speedup: 2.1x\nOverhead: 0.5%\n")] == ["Speedup: 2.1x", "Overhead: 0.5%"]
    (claim,) = analyze_body("Ran the suite twice.\n\nScore gain: 1.95x\n").claims
    assert (claim.item.polarity, claim.item.magnitude_pct) == ("improvement", 95.0)


def test_a_patch_describing_its_change_in_the_imperative_claims_nothing():
    """"Provide a better approach based on ...": an imperative describes the change, whether or not it
    asks anyone for evidence; it states no effect that was seen."""
    assert find_claims("Provide a better approach based on the string helper with the right flags.") == []


def test_a_cost_that_is_cut_is_an_improvement():
    assert [c.polarity for c in find_claims("With the knob set, the tail latencies are cut by about 80us.")] == [
        "improvement"]


def test_a_regression_given_a_small_size_is_a_slowdown():
    """A bug has no size: "a slight regression" reports a measurement, "a regression in the error path"
    may be either and needs a performance subject."""
    assert [c.polarity for c in find_claims("The last run indicates a slight menu regression.")] == ["regression"]
    assert find_claims("There is a regression in the error handling path.") == []


def test_enhancing_a_performance_subject_is_an_improvement():
    assert [c.polarity for c in find_claims("The batching enhances write throughput by about 9%.")] == ["improvement"]
    assert find_claims("We enhance the error reporting of the parser.") == []


def test_emphasis_marks_do_not_part_the_words_of_a_phrase():
    """Plain-text mail stresses a word with stars: "*zero* additional overhead" is still no overhead."""
    assert [c.polarity for c in find_claims("There is *zero* extra overhead on the fast path.")] == ["neutral"]
    assert [c.polarity for c in find_claims("We saw *no* measurable difference in throughput.")] == ["neutral"]
    assert [c.polarity for c in find_claims("The new path is *much* faster than the old one.")] == ["improvement"]


@pytest.mark.parametrize("text", [
    "With this much new code we need to weigh the cost against the benefit.",
    "The costs and benefits depend on the workload.",
    "It comes down to the gains vs. the overhead of the extra lookup.",
])
def test_the_two_sides_of_a_trade_off_named_together_claim_nothing(text):
    assert find_claims(text) == []


@pytest.mark.parametrize(("text", "polarity"), [
    ("Less than 5% of the files had to be restored from the backup.", None),  # a share of files, no speed
    ("The overhead is less than 1%.", "neutral"),
    ("Less than 1% difference between the two kernels.", "neutral"),
    ("With the patches the runtimes are within 2% of each other.", "neutral"),  # two figures' distance
])
def test_a_bound_on_a_figure_says_how_big_and_needs_what_it_bounds(text, polarity):
    assert [c.polarity for c in find_claims(text)] == ([polarity] if polarity else [])


@pytest.mark.parametrize("text", [
    "Smaller steps give finer control of slower fans.",  # a fan's speed, hardware
    "When the fan spins down from a fast RPM to a slower RPM the value lags.",
    "Drop the needless kmem_cache_zalloc usage.",  # how code is used
    "This gives better control of bandwidth allocation between the queues.",  # a mechanism sharing a rate out
    "Bandwidth management of the memory controller got reworked and improved.",
    "The code difference is tiny after all.",  # how two versions of the source differ
    "Drop the runtime interrupt vector allocation.",  # done while the system runs, no run time
    "These are very expensive networks.",  # a price
    # an aim: the effect avoided by what follows
    "In order not to hurt the lookup speed of small maps, yield every 1000 loops.",
])
def test_what_only_looks_like_a_speed_claims_nothing(text):
    assert find_claims(text) == []


@pytest.mark.parametrize(("text", "polarity", "magnitude"), [
    ("That comes with an overhead of about 35% on every lookup.", "regression", 35.0),
    ("The driver retries every 5 ms instead of backing off, resulting in extra CPU overhead.", "regression", None),
    ("Adding the hook results in lower lookup latency.", "improvement", None),
    # a case singled out leaves the effect stated for all
    ("Checking every page adds a significant overhead, especially if many files are opened.", "regression", None),
    # a time after "by" in the effect's clause is its size
    ("Polling instead of sleeping shortens the resume time on my laptop on average by 9ms.", "improvement", None),
])
def test_effects_stated_with_their_cost_or_size(text, polarity, magnitude):
    assert [(c.polarity, c.magnitude_pct) for c in find_claims(text)] == [(polarity, magnitude)]


@pytest.mark.parametrize("text", [
    "We filled the directory to its limit without seeing any degradation in performance.",
    "My runs show throughput parity with the old code.",
])
def test_no_effect_found_and_parity_are_neutral(text):
    assert [c.polarity for c in find_claims(text)] == ["neutral"]


def test_a_body_of_work_named_by_its_aim_is_no_subject_of_the_sentence():
    """"the scalability patchset" names patches; what they give ("better isolation") is no speed."""
    assert find_claims("I took this from the scalability patchset because it gives better isolation of the code.") == []
    assert find_claims("This is split out of the perf series since it makes the locking better.") == []
    assert [c.polarity for c in find_claims("The scalability series makes unlink 20% faster.")] == ["improvement"]


def test_a_trade_off_side_alone_still_claims():
    assert [c.polarity for c in find_claims("This reduces the overhead and the cost of the lookup by 20%.")] == \
        ["improvement"]


@pytest.mark.parametrize(("text", "polarity"), [
    ("Some drivers may depend on it for their interrupt handler to run faster.", None),
    ("I expect it to scale better with more queues.", None),
    ("It allows the system to boot faster.", "improvement"),
    ("The change caused the benchmark to run slower.", "regression"),
])
def test_an_infinitive_of_running_faster_is_a_purpose_unless_a_finding_leads_it(text, polarity):
    assert [c.polarity for c in find_claims(text)] == ([polarity] if polarity else [])


@pytest.mark.parametrize("text", [
    "Each entry is stored per node even though the table data is same because the bandwidth request is per node.",
    "Hot-removing a CPU differs from suspending the whole machine.",  # one processor, not CPU time
    "Once the workload starts, the CPU frequency is decreased and it stays there.",  # a clock set, not a cost
    "The knob lets you stop charging at less than 100%.",  # a bound that large is a setting
    "Some parts will run at the higher speed without issues.",  # the conditions a part runs in
    "These changes are meant to produce better results in the rendered documents.",  # an aim
])
def test_effect_words_that_state_no_performance_effect(text):
    assert find_claims(text) == []


@pytest.mark.parametrize(("text", "polarity"), [
    ("The overhead is less than 2%.", "neutral"),
    ("CPU usage is reduced by 10%.", "improvement"),
    ("Throughput drops at higher queue depths by 30%.", "regression"),
])
def test_small_bounds_and_cpu_time_still_claim(text, polarity):
    assert [c.polarity for c in find_claims(text)] == [polarity]


def test_an_aim_needs_its_to_and_an_adjective_of_aim_states_nothing_hypothetical():
    assert find_claims("These changes are intended to make the lookup faster.") == []
    assert [c.polarity for c in find_claims("It is now 35% slower than the intended limit.")] == ["regression"]


@pytest.mark.parametrize("text", [
    "A better answer would be to make the cipher faster.",  # a choice judged, then what it is for
    "Otherwise we end up increasing the latency of every request.",  # a counterfactual
    "The simplest fix would be to make the lookup cheaper.",
])
def test_judged_choices_counterfactuals_and_aims_claim_nothing(text):
    assert find_claims(text) == []


@pytest.mark.parametrize(("text", "polarity"), [
    ("With the new placement we see significant improvement when many files are written at once.", "improvement"),
    ("I measured a small slowdown with the second patch applied.", "regression"),
])
def test_a_gain_or_a_slowdown_seen_in_a_run_is_about_performance(text, polarity):
    assert [c.polarity for c in find_claims(text)] == [polarity]


@pytest.mark.parametrize("text", [
    "We saw a real improvement in readability after the split.",  # what improved is named after it
    "I see an improvement over v3 here, thanks.",  # a reviewer's opinion of a version, no run
])
def test_an_improvement_seen_in_something_else_claims_nothing(text):
    assert find_claims(text) == []


def test_a_difference_denied_after_a_sentence_about_a_run_reports_on_that_run():
    """"no observable difference" needs a subject of its own where nothing was measured; right after a
    sentence about the overhead of a run, it reports on that run."""
    first = "To check the overhead, we timed a kernel build in the guest with and without the hook."
    second = "The runs show no observable difference between the two setups."
    assert [(c.text, c.polarity) for c in find_claims(f"{first} {second}")] == [(second, "neutral")]
    assert find_claims(second) == []


@pytest.mark.parametrize("second", [
    "Without the flag it is harder to keep IO going that doesn't impact the journal writes.",  # a verb
    "It makes little difference which of the two flushes is picked, as long as one runs.",  # a choice weighed
])
def test_an_outcome_word_as_a_verb_or_of_a_choice_after_a_run_claims_nothing(second):
    first = "To check the overhead, we timed a kernel build in the guest with and without the hook."
    assert [c.text for c in find_claims(f"{first} {second}")] == []


@pytest.mark.parametrize("second", [
    "It also enhances support for older controllers.",
    "It also improves stability when a queue is torn down.",
])
def test_an_improvement_of_another_quality_after_a_measured_one_claims_nothing(second):
    """The sentence before names a speed-up, so a bare "it improves" would go on about it; a quality named
    right after the verb (support, stability, readability) says what improved, and it is not the speed."""
    first = "The series trims the lookup path, which made it 5% faster."
    assert [c.text for c in find_claims(f"{first} {second}")] == [first]


@pytest.mark.parametrize(("text", "polarity"), [
    ("Compression has performance impacts because every block is copied twice.", "regression"),
    ("The new lock has a noticeable performance hit on small writes.", "regression"),
    ("The new lock has no performance impact.", "neutral"),
])
def test_a_performance_cost_a_thing_has_is_a_regression(text, polarity):
    assert [c.polarity for c in find_claims(text)] == [polarity]


@pytest.mark.parametrize("text", [
    "Does the new lock have a performance impact?",
    "The new lock may have a performance impact.",
])
def test_a_performance_cost_asked_or_foreseen_claims_nothing(text):
    assert find_claims(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I was able to recover the lost throughput after reapplying the revert.", ["improvement"]),
    ("We should restore performance first.", []),  # a proposal, not a finding
])
def test_speed_recovered_is_an_improvement(text, expected):
    assert [c.polarity for c in find_claims(text)] == expected


@pytest.mark.parametrize("text", [
    "Adding such a request to a non-policy CPU simply has no effect until it becomes a policy CPU.",
    "The knob has no effect unless the governor is switched first.",
])
def test_no_effect_until_a_condition_is_when_a_setting_works(text):
    assert find_claims(text, measured=True) == []


@pytest.mark.parametrize(("text", "polarity"), [
    ("People avoid it, and don't use raid 4 because it has a nasty performance hit.", "regression"),
    ("Nobody enables it since it makes every write slower.", "regression"),
    ("I don't think it is any faster.", "neutral"),
])
def test_a_negation_does_not_reach_into_a_clause_of_its_own(text, polarity):
    assert [c.polarity for c in find_claims(text)] == [polarity]


@pytest.mark.parametrize(("text", "expected"), [
    ("It might give you nice benchmark numbers when the file is preallocated.", []),  # a possibility
    ("It appears that the vsyscall path may be getting slower.", ["regression"]),  # seen, hedged
    ("We expect a 5% improvement once the cache is in.", []),  # a prediction
    ("There is no reason to expect it to be slower.", []),
    ("As expected, it is faster.", ["improvement"]),  # a run that went as foreseen
    ("That's not mentioning the unnecessary extra overhead.", ["regression"]),  # adds a cost, negates none
])
def test_predictions_possibilities_and_additions(text, expected):
    assert [c.polarity for c in find_claims(text)] == expected


def test_a_negation_right_before_because_negates_the_reason():
    assert [c.polarity for c in find_claims("We should drop it, and not because the lock is expensive.")] != ["regression"]


def test_a_bug_trigger_word_does_not_silence_a_cost():
    assert [c.polarity for c in find_claims("The expensive part is waking the task, and recv will trigger it too.")] \
        == ["regression"]


@pytest.mark.parametrize(("text", "expected"), [
    ("If there are fewer threads than CPUs, there is a ~10% regression from the boost.", ["regression"]),
    ("Even if we reach a 5-30% improvement, users will still want to abort a long scan.", []),  # the effect is the condition
    ("If we did that, it would be 10% faster.", []),  # a hypothesis
    ("If it is faster, we should take it.", []),  # no figure: a condition on an effect not measured
])
def test_a_condition_that_scopes_a_measured_figure_is_no_hypothesis(text, expected):
    assert [c.polarity for c in find_claims(text)] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("This patch adversely affects the flash storage performance.", ["regression"]),
    ("The change positively impacts tail latency.", ["improvement"]),
    ("This does not negatively impact throughput.", ["neutral"]),
])
def test_an_effect_judged_by_its_adverb(text, expected):
    assert [c.polarity for c in find_claims(text)] == expected


@pytest.mark.parametrize("text", [
    "If it takes 30 minutes to do all the cleanup, then I think it's worse to have unmount take that long.",
    "There are performance benefits if you are worried about reducing the 99.99% latency on loaded disks.",
])
def test_a_condition_on_an_effect_of_no_stated_size_stays_hypothetical(text):
    assert find_claims(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("It performs poorly on small writes.", ["regression"]),
    ("The allocator performs well when free space is fragmented.", ["improvement"]),
    ("It simply means that it won't perform well.", ["regression"]),
    ("Does it perform well?", []),
    ("These bindings don't scale well to other chip variants.", []),  # a design's upkeep
])
def test_how_well_something_performs(text, expected):
    assert [c.polarity for c in find_claims(text)] == expected


@pytest.mark.parametrize("text", ["We tried that in v3, but it completely cratered performance.",
                                  "Taking the global lock there kills the throughput on big machines."])
def test_a_verb_of_collapse_with_the_speed_as_its_object_is_a_regression(text):
    assert [c.polarity for c in find_claims(text)] == ["regression"]


def test_try_and_improve_is_an_aim_not_a_finding():
    assert find_claims("We do try and improve performance in every release, but this one is a bug.") == []
    assert [c.polarity for c in find_claims("We tried the patch and it improved performance by 5%.")] == ["improvement"]


def test_a_speed_said_to_remain_unchanged_with_where_it_was_measured_between():
    text = "Notably, performance for reads and I/O stats remains unchanged with the new lock."
    assert [c.polarity for c in find_claims(text)] == ["neutral"]


def test_a_speed_that_does_not_matter_is_a_priority_not_an_effect():
    assert find_claims("Honestly, the performance doesn't matter on this path.") == []
    assert [c.polarity for c in find_claims("In my runs the extra check doesn't matter for throughput.")] == ["neutral"]
    assert [c.polarity for c in find_claims("For performance it doesn't matter which one we pick.")] == ["neutral"]


@pytest.mark.parametrize("text", ["From that point of view, the smaller the overhead, the better.",
                                  "The longer the queue, the more expensive the walk over it."])
def test_two_comparatives_set_against_each_other_are_a_rule_of_thumb(text):
    assert find_claims(text) == []


def test_a_claim_before_a_rule_of_thumb_stays_a_claim():
    text = "The patched kernel is faster than the old one, and the more threads the better it scales."
    assert [c.polarity for c in find_claims(text)] == ["improvement"]


def test_a_change_that_grows_with_a_quantity_is_still_a_change_found():
    assert [c.polarity for c in find_claims("The larger the IO, the bigger the throughput improvement.")] == \
        ["improvement"]


def test_a_difference_given_a_small_size_is_no_difference_to_speak_of():
    found = find_claims("The IOPS difference is only 0.5% between the kernels.")
    assert [(c.polarity, c.magnitude_pct) for c in found] == [("neutral", 0.5)]
    assert find_claims("The difference is about 20% on my box.") == []
    assert [c.polarity for c in find_claims("So the lookup overhead doesn't matter here that much.")] == ["neutral"]


@pytest.mark.parametrize(("text", "expected"), [
    # a time reduced by a stated amount, the verb after it
    ("With readahead of the index blocks, the total commit time of the journal is reduced by 70%.",
     ("improvement", 70.0)),
    # a reduction sized before the time it reduces
    ("We see an average reduction of 18% in page fault handling time under pressure.", ("improvement", 18.0)),
    # a slowdown gone, or the speed found back
    ("The user retested with the fix and confirms the performance problem is gone.", ("improvement", None)),
    ("So I applied this patch on top of the merge, and found the throughput restored.", ("improvement", None)),
])
def test_costs_reduced_and_speeds_restored_are_improvements(text, expected):
    assert [(c.polarity, c.magnitude_pct) for c in find_claims(text)] == [expected]


@pytest.mark.parametrize("text", [
    "Performance improvement testing has been done on the machines below:",  # an activity named
    "It is a bit better for future readahead improvements, and the cache can be reused.",  # gains foreseen
    # a figure that sizes no move, after a sentence about latency
    "The latency from a requested frequency improvement to running at that frequency matters. If the task is 90% "
    "done by the time it sees the improvement, the boost is hardly worth it.",
])
def test_activities_prospects_and_unrelated_figures_are_no_claims(text):
    assert [c.text for c in find_claims(text) if "90%" in c.text or "testing" in c.text or "future" in c.text] == []


def test_a_cost_named_with_an_activity_noun_is_still_a_cost():
    """"improvement testing" names an activity, but "expensive work" is a cost: only effect nouns name one."""
    text = "The bad part is that we are doing fairly expensive work in the completion thread."
    assert [c.polarity for c in find_claims(text)] == ["regression"]


def test_the_sides_of_a_result_are_no_size_of_its_effect():
    """"decreased from 1.7% to 1.3%" is a result whose percentages are its sides; "15% more IOPS (a -> b)"
    states its size, and the figures after it back the claim."""
    assert find_claims("Cache misses decreased from 1.7% to 1.3% with the series.") == []
    assert [(c.polarity, c.magnitude_pct) for c in find_claims("It gets about 15% more IOPS (676 -> 780).")] == \
        [("improvement", 15.0)]


def test_a_feature_switched_on_names_a_setting_not_an_effect():
    # "boost on" in a list of settings after a sentence about performance: a setting, no second claim
    text = ("With the rework, the time taken to finish a full sync improves noticeably. Following are the numbers "
            "from the same two-socket system (boost on, SMT off) running the sync test:")
    assert [c.text for c in find_claims(text)] == [
        "With the rework, the time taken to finish a full sync improves noticeably."]
