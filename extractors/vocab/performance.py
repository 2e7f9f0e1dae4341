"""What performance is measured as, in the words of kernel mail: the subjects that make a sentence about
performance, whether more of each is better, and the nouns that make a number a setting or a hardware
spec instead of a result. Each entry is a general fact; none is here because one message has it.
"""

from __future__ import annotations

# Metrics whose larger value is better.
BENEFIT_WORDS = frozenset({
    "throughput", "bandwidth", "bw", "iops", "tput",  # work done per unit of time
    "performance", "perf", "speed", "speeds",  # the general words for it
    # benchmark suites report a score (SPEC score; UnixBench's "index" is read by its reader: in prose an
    # index is a data structure far more often, a directory's, a page's, overlayfs')
    "score", "scores",
    "ops", "ops/s", "ops/sec", "qps", "tps", "rps", "fps", "pps",  # operations, queries, frames, packets per second
    "rate", "rates", "scalability", "efficiency",
})
# The general words for how fast something is: they name no quantity, so the unit of the figures given
# with them says which way is better ("performance improves from 87 ns to 86 ns" is a time, lower better).
GENERAL_BENEFIT_WORDS = frozenset({"performance", "perf", "speed", "speeds"})
# Metrics whose smaller value is better: costs in time, cycles, stalls and waiting.
COST_WORDS = frozenset({
    "latency", "latencies", "overhead", "overheads", "runtime", "duration", "downtime", "cost", "costs",
    "penalty",
    "rtt", "rtts",  # a network's round-trip time: the latency of a request and its answer
    "cycles", "instructions", "stalls", "misses", "cache-misses",  # CPU cost per operation
    "contention", "jitter", "spinning", "waiting",
    "cpu", "utilization", "utilisation", "usage",  # CPU time or utilization (either spelling) spent for the same work
    "consumption",  # power or energy spent for the same work ("memory consumption" is a footprint: NAMED_BEFORE)
    "amplification", "waf",  # a flash device's writes per write asked for (write amplification factor)
    "time",  # "build time", "time spent"; alone too common to make a sentence about performance
})
# How work grows with CPUs, queues or load: "scales well" is said of performance, when a load is named.
SCALING_WORDS = frozenset({"scale", "scales", "scaling", "scaled"})
# Words that make a sentence about performance by themselves.
# The bare nouns of a profile: of where time goes only as one shown, made by a profiler or of something
# (`extractors.prose.weak_subjects.profiles_time`); "the A2DP profile" is a protocol's.
PROFILE_NOUNS = frozenset({"profile", "profiles"})
STRONG_SUBJECTS = frozenset({
    "throughput", "bandwidth", "iops", "tput", "performance", "perf",  # what is achieved
    "latency", "latencies", "overhead", "overheads", "downtime", "cycles", "stalls",  # what it costs
    "rtt", "rtts",  # a round-trip time: a network latency by its usual name
    "cache-misses", "contention", "jitter", "scalability",
    "benchmark", "benchmarks", "benchmarking", "benchmarked", "microbenchmark", "microbenchmarks",
    "faster", "slower", "speedup", "speedups", "slowdown", "slowdowns",  # effects that can only be speed
    "measurements", "measurement", "measuring",  # measuring is how numbers arise
    # where the time goes (the bare noun, `PROFILE_NOUNS`, is as often a protocol's or a device's)
    "profiling", "flamegraph", "flamegraphs",
    "expensive", "cheaper", "costly", "costlier",  # the cost of an operation
    "fps", "qps", "tps", "ops/s", "ops/sec",
    "p50", "p90", "p95", "p99", "p999",  # percentiles of a latency distribution, by their usual names
    "line-rate", "linerate", "goodput",  # a link's full speed, and the payload's share of it: throughput
})
# Quantities that drivers, bindings and governors set as often as runs measure them: "peak bandwidth"
# voted for an interconnect, an idle state's exit "latency", a clock "frequency", a link "speed". A
# question about nothing else, and about no effect, is about a setting.
SETTABLE_QUANTITIES = frozenset({"bandwidth", "latency", "latencies", "frequency", "frequencies", "speed",
                                 "speeds", "rate", "rates", "power", "clock", "clocks", "time"})
# Words before "cycles" that make it a person's time, not the CPU's: "if you have cycles", "spare
# cycles to look at it" (an idiom of kernel mail).
IDLE_CYCLES_BEFORE = frozenset({"have", "has", "had", "spare", "free", "any"})

# Words that are about performance only beside another performance word or a number: "time" is
# everywhere ("at the same time"), "regression" in kernel mail usually means a bug, "cost" may be
# maintenance, "numbers" may be line numbers.
WEAK_SUBJECTS = frozenset({
    "time", "times", "cpu", "usage", "utilization", "utilisation", "rate", "rates", "score", "scores", "speed",
    "speeds", "cost", "costs",
    "regression", "regressions", "numbers", "results", "measure", "measured", "scale", "scales",
    "scaling", "perform", "performs", "performed", "efficiency", "efficient", "instructions", "misses",
    "cache", "load", "hot", "fast", "slow",
    "workload", "workloads",  # a job to run as often as a load to measure
    "runtime",  # "at runtime" is "while running"; "the runtime dropped" is a duration
    "optimization", "optimizations", "optimisation", "optimisations", "optimize", "optimise", "optimizing",
    # statistics of a measurement
    "median", "avg", "percentile", "percentiles", "p50", "p90", "p95", "p99", "p999",
    "stddev", "deviation", "tail",
})

# What a change's size is said of when it is a footprint, not a speed: "a 20% size reduction", "a memory
# improvement", "binary size shrinks 12%", "a 10% stack reduction" (a smaller image, structure, heap or
# stack, not a faster system).
FOOTPRINT_WORDS = frozenset({"size", "sizes", "footprint", "space", "memory", "binary", "image", "stack"})
# The same, of what is stored only: "size" alone as often sets a run ("a 64KB block size").
STORED_WORDS = FOOTPRINT_WORDS - {"size", "sizes"}

# Values someone configures rather than measures, whatever they are measured in: a sentence whose subject
# is one ("the read timeout of the register was adjusted from 20ms to 30ms") states a new setting.
CONFIGURED_VALUES = frozenset({"timeout", "timeouts", "interval", "period", "threshold", "limit", "limits",
                               "default", "quota", "budget", "watermark"})
# What a patch configures, not what it achieves: "raise the default batch from 16 to 32", "the struct
# size grows from 192 to 256 bytes", "from 16 to 32 entries".
SETTING_WORDS = CONFIGURED_VALUES | frozenset({
    "size", "sizes", "footprint", "bytes", "lines", "loc",  # sizes of code and structures
    "cap", "provisioned", "max", "min", "defaults", "version", "versions",
    "depth", "batch", "entries", "slots", "buckets", "buffers", "count", "number", "queue", "queues",
    "ring", "rings", "channels",
})
# What a machine or a test is set up with: a number right before one of these is a spec or a parameter
# ("72 cores", "32 queues", "a 50 Gbps NIC", "8 threads"), not a result.
SPEC_WORDS = SETTING_WORDS | frozenset({
    "threads", "cpus", "cores", "vcpus", "sockets", "nodes", "jobs", "processes", "tasks", "files", "devices",
    "disks", "drives", "workers", "iterations", "runs", "loops", "connections", "clients", "streams",
})
# The storage and network devices a run is made on: columns grouped under such names ("nvme+ssd" and
# "all-nvme", "HDD" and "SSD") compare hardware, not a kernel against its change.
DEVICE_WORDS = frozenset({"nvme", "ssd", "ssds", "hdd", "hdds", "disk", "disks", "drive", "drives", "nic", "nics"})
HARDWARE_WORDS = frozenset({
    "nic", "nics", "link", "port", "card", "ssd", "ssds", "nvme", "disk", "drive", "machine", "box", "server",
    "host", "guest", "vm", "vms", "system", "socket", "cores", "cpus", "threads", "ram", "memory",
    # the plurals a run across several is asked about with ("have you run it across nodes?")
    "disks", "drives", "machines", "boxes", "servers", "hosts", "systems", "node", "nodes",
})

# "time" is a performance subject only as a measured time: "CPU time", "boot time", "time spent". Alone
# it is the everyday word ("at the same time", "no time to improve it").
TIME_COMPOUNDS = frozenset({
    "cpu", "run", "running", "boot", "build", "response", "wall", "system", "sys", "user", "idle", "elapsed", "compile",
    "execution", "wait", "waiting", "processing", "completion", "setup", "lookup", "round", "trip", "service",
    "kernel", "total", "average", "avg", "mean", "median", "real", "spent", "taken", "per",
    "hold", "migration", "startup", "mount", "load", "reclaim", "fault", "scan", "copy",  # a lock held, an operation's time
})

# Words that are evidence or a profile only by themselves: the word before or after can make them name
# something else. "sector numbers", "version numbers", "line numbers" identify things, "larger numbers"
# are values a setting takes; an "integrity
# profile" or a "power profile" is a set of settings, a "metadata profile" a storage layout; "data structure", "data race", "data lifetime" are
# about the data a program handles, not data someone measured; "numbers of buffers" counts them.
NAMED_BEFORE: dict[str, frozenset[str]] = {
    # "the code difference", "a functional difference": how two versions of the source or of the behaviour
    # differ, not a difference two runs measured
    **dict.fromkeys(("difference", "differences"), frozenset({
        "code", "source", "textual", "functional", "semantic", "semantics", "behavioral", "behavioural", "api",
        "abi", "cosmetic", "syntax", "syntactic", "diff"})),
    # "at all costs": whatever it takes, an idiom of resolve, no cost of running
    **dict.fromkeys(("cost", "costs"), frozenset({"all"})),
    # "a safety measure", "stopgap measures": steps taken against a risk, nothing measured
    **dict.fromkeys(("measure", "measures"), frozenset({
        "safe", "safety", "security", "counter", "stopgap", "stop-gap", "temporary", "precautionary", "preventive",
        "preventative", "defensive", "protective", "drastic", "extreme"})),
    # "RCU stalls", "hung task stalls": the kernel's lockup warnings, a bug, not a pipeline's stalled cycles
    **dict.fromkeys(("stall", "stalls"), frozenset({"rcu", "hung"})),
    **dict.fromkeys(("number", "numbers"), frozenset({
        "sector", "line", "page", "version", "port", "serial", "sequence", "block", "inode", "frame",
        "register", "bug", "commit", "revision", "build", "minor", "major", "error", "syscall", "node",
        "queue", "tag", "lba", "index", "slot", "channel", "pid", "magic", "model", "part", "lun", "id",
        "patch", "issue", "cve", "release", "phone", "account", "entry", "vector", "irq", "bus", "device",
        "operation", "opcode", "op", "function", "feature", "option", "fd", "descriptor",
        # numbers as values a program or a setting uses: "hardcoded numbers", "larger numbers such as 512"
        "hardcoded", "hard-coded", "arbitrary", "random", "prime", "negative", "positive", "signed", "unsigned",
        "odd", "even", "large", "larger", "small", "smaller", "bigger", "round"})),
    **dict.fromkeys(("profile", "profiles"), frozenset({
        "integrity", "nop", "power", "thermal", "color", "colour", "user", "udev", "dmi", "security",
        "apparmor", "seccomp", "selinux", "usb", "audio", "bluetooth", "firmware", "hardware", "platform",
        "default", "qos", "tuned", "energy", "fan", "display", "system", "dptf",
        # a storage layout: btrfs and md name how data or metadata chunks are replicated a "profile"
        "metadata", "data", "chunk", "raid", "raid0", "raid1", "raid5", "raid6", "raid10", "dup", "single",
        "mirrored", "striped", "parity", "subvolume", "per-subvolume", "redundancy"})),
    # "review cycles", "release cycles", "erase cycles" are rounds of a process or of a device's life,
    # not CPU cycles
    **dict.fromkeys(("cycle", "cycles"), frozenset({
        "review", "release", "merge", "development", "dev", "life", "duty", "erase", "program", "refresh",
        # ... and rounds of an event repeated in a test: "connect/disconnect cycles", "suspend cycles"
        "connection", "disconnection", "connect", "disconnect", "suspend", "resume", "reboot", "power",
        "charge", "charging", "plug", "unplug", "hotplug", "on/off", "stress"})),
    # "memory usage", "disk consumption": what a change stores (a footprint), not how fast it runs
    **dict.fromkeys(("usage", "consumption", "footprint"), frozenset({
        "memory", "mem", "disk", "stack", "space", "storage", "ram", "swap"})),
    # "a readability improvement", "documentation improvements": better code or text, not a faster system
    **dict.fromkeys(("improvement", "improvements"), frozenset({
        "readability", "maintainability", "usability", "documentation", "doc", "docs", "style", "cleanup",
        "naming", "clarity", "wording", "comment", "comments", "ux", "ui"}) | FOOTPRINT_WORDS),
    # "this results in", "which results in": the verb "to result" after its subject (a plural noun
    # cannot follow "this" or "it"), not figures
    "results": frozenset({"this", "which", "it", "that"}),
    # "turbo boost", "frequency boost", "iowait boost(ing)": the hardware's or cpufreq's feature that
    # raises a clock, not a speed-up found ("a performance boost" is one)
    **dict.fromkeys(("boost", "boosts", "boosted", "boosting"), frozenset({
        "turbo", "frequency", "freq", "clock", "cpu", "core", "gpu", "iowait", "io", "cpufreq"})),
    # "the last CPU", "each CPU", "a CPU", "the target CPU": one of the processors, not CPU time ("the last
    # CPU going down", "removing a CPU" are hotplug, not a cost falling)
    **dict.fromkeys(("cpu", "cpus"), frozenset({
        "last", "first", "each", "every", "another", "other", "target", "remote", "local", "boot", "online",
        "offline", "isolated", "housekeeping", "current", "same", "different", "single", "idle", "a", "one",
        # ... picked by a pointing word or by what the code did to it: "this CPU", "the masked CPU"
        "this", "that", "masked", "selected", "given", "specified", "calling", "faulting", "next", "previous"})),
    # "capacity degradation" (a battery ageing), "graceful degradation" (less function, still working)
    "degradation": frozenset({"capacity", "battery", "graceful", "signal", "image", "quality"}),
    # "link speed", "fan speed", "the negotiated speed": what an interface or a device runs at, a setting
    # negotiated or chosen, not how fast the software runs
    **dict.fromkeys(("speed", "speeds"), frozenset({"link", "bus", "fan", "pcie", "usb", "port", "lane", "negotiated",
                                                   "selected", "clock", "interface", "baud", "serial", "sata",
                                                   "ethernet", "phy", "line"})),
    # "memory overhead", "space overhead": what a change stores (a footprint), not a cost in time
    **dict.fromkeys(("overhead", "overheads"), frozenset({"memory", "space", "storage", "metadata", "disk", "size"})),
    # "a memory regression", "a size regression": more stored (a footprint), not a slower run
    **dict.fromkeys(("regression", "regressions"), FOOTPRINT_WORDS),
    # "energy performance preference", "energy perf bias": the settings by which a CPU trades speed for energy
    "performance": frozenset({"energy"}),
    # ... and CPPC's performance levels by their register names, short: "highest perf", "nominal perf"
    "perf": frozenset({"energy", "highest", "lowest", "nominal", "guaranteed", "desired"}),
}
# Idioms ending in a word of performance, by that word and the words before it: "at a loss" (at a loss
# for words, for how to fix it) is being puzzled, no loss measured.
IDIOMS: dict[str, tuple[str, ...]] = {"loss": ("at", "a")}
NAMED_AFTER: dict[str, frozenset[str]] = {
    # an "iops limit" or a "bandwidth limit" is a setting of a throttle, not a measured rate
    **dict.fromkeys(("iops", "bps", "bandwidth", "throughput"), frozenset({
        "limit", "limits", "limiting", "limiter", "throttle", "throttling", "cap", "caps", "quota", "quotas",
        # ... and "bandwidth allocation", "bandwidth management": the mechanism sharing a rate out, not a rate
        "allocation", "allocations", "allocator", "management", "manager", "accounting", "reservation",
        "reservations", "arbitration"})),
    # "CPU binding", "cpu mask", "CPU hotplug": which CPUs something runs on, not the CPU time it spends;
    **dict.fromkeys(("cpu", "cpus"), frozenset({
        # "CPU frequency", "CPU temperature": what cpufreq and thermal management set and read, not CPU time
        "frequency", "frequencies", "freq", "clock", "clocks", "temperature", "temp", "voltage",
        "binding", "bindings", "bind", "affinity", "affinities", "mask", "masks", "hotplug", "id", "ids",
        "list", "lists", "topology", "set", "sets", "online", "offline", "isolation", "pinning", "map",
        "maps", "index", "selection", "migration",
        # "the CPU context", "a cpu pointer", "CPU features": a processor's state or its data structure in code
        "context", "contexts", "pointer", "pointers", "state", "states", "feature", "features", "register",
        "registers", "struct", "structure", "variable", "field", "number",
        # "cpu arch", "CPU model", "CPU vendor": which processor it is, not the time spent on it
        "arch", "architecture", "architectures", "model", "models", "vendor", "vendors", "family", "type", "types"})),
    # "spinning up a VM", "spinning a new thread": starting something, not a CPU busy-waiting
    "spinning": frozenset({"up", "off", "a", "an", "new", "another"}),
    # "numbers of local buffers", "the number of queues": a count of things, not figures measured (but
    # "numbers of this" are figures of the change just named: `REFERS_BACK`)
    **dict.fromkeys(("number", "numbers"), frozenset({"of"})),
    # "cost effective" is cheap in money, not in cycles
    "cost": frozenset({"effective", "effectiveness"}),
    # "expensive drives", "a cheap SSD", "cheaper hardware": the price of what is bought, not of an operation
    **dict.fromkeys(("expensive", "cheap", "cheaper", "costly"), frozenset({
        "hardware", "drive", "drives", "disk", "disks", "ssd", "ssds", "array", "arrays", "nic", "nics",
        "card", "cards", "gpu", "gpus", "server", "servers", "machine", "machines", "board", "boards",
        "network", "networks", "switch", "switches", "adapter", "adapters", "equipment", "license", "licenses"})),
    # a "fast moving" or "fast changing" interface, a "fast track": how quickly something is developed or
    # changes, not how fast it runs
    "fast": frozenset({"moving", "changing", "growing", "evolving", "paced", "track", "tracked", "tracking"}),
    # a filesystem's "overhead blocks" or "overhead clusters": the space its metadata takes, not a cost in time
    **dict.fromkeys(("overhead", "overheads"), frozenset({"block", "blocks", "cluster", "clusters"})),
    # a "latency constraint", "requirement" or "tolerance": a bound that PM QoS, a driver or a binding
    # sets for a device, not a latency measured; a "latency priority", "latency nice" value or "latency hint"
    # that a task is given for the scheduler
    **dict.fromkeys(("latency", "latencies"), frozenset({
        "constraint", "constraints", "requirement", "requirements", "tolerance", "tolerances", "limit",
        "limits", "qos", "priority", "priorities", "nice", "hint", "hints",
        # "latency information", "latency statistics": what a tool reports of latencies, not a latency changed
        "information", "info", "statistics", "stats", "histogram", "histograms", "reporting", "tracking"})),
    # "runtime PM", a "runtime check" or "runtime option": when something happens or is set (while the
    # system runs, as opposed to at build or boot time), not how long a run takes
    "runtime": frozenset({
        "pm", "suspend", "resume", "check", "checks", "checked", "checking", "test", "tests", "testing",
        "error", "errors", "warning", "warnings", "option", "options", "parameter", "parameters", "flag",
        "flags", "support", "detection", "patching", "config", "configuration", "configurable", "switch",
        "allocation", "allocations", "interrupt", "interrupts", "registration", "reconfiguration",
        "knob", "toggle", "library", "environment", "dependency", "dependencies", "api", "type", "types",
        # ... and "runtime memory": what is stored while the system runs, a footprint
        "memory", "mem", "footprint", "size"}),
    # "improves readability", "enhances support for": better code, text or features, the qualities of a
    # "readability improvement" and others a system has besides speed, not a faster system
    **dict.fromkeys(("improve", "improves", "improved", "improving", "enhance", "enhances", "enhanced", "enhancing"),
                    frozenset({"support", "readability", "maintainability", "usability", "documentation", "docs",
                               "clarity", "wording", "compatibility", "coverage", "robustness", "reliability",
                               "stability", "security", "portability", "debuggability", "testability",
                               "functionality", "accuracy", "precision"})),
    # the "Jitter RNG": an entropy source named after the timing jitter it samples, not a latency's variation
    "jitter": frozenset({"rng", "entropy", "collector"}),
    # a "boost feature", "boost frequency" or "boost mode": the same feature by its settings
    **dict.fromkeys(("boost", "boosts", "boosted", "boosting"), frozenset({
        "feature", "features", "frequency", "frequencies", "freq", "mode", "modes", "state", "states", "level",
        "levels", "support", "flag", "knob", "setting", "settings", "enabled", "disabled",
        "into", "utilization", "utilisation", "util"})),  # "boost into P-states", "boost utilization": a clock raised
    # "performance state", "performance level", "performance domain", the "performance governor": what
    # cpufreq, ACPI CPPC, SCMI and device power management call a setting of the hardware ("perf state",
    # "performance protocol", "performance fields", a "corner"), not a speed measured
    **dict.fromkeys(("performance", "perf"), frozenset({
        "state", "states", "level", "levels", "domain", "domains", "governor", "governors", "capability",
        "capabilities", "mode", "modes", "register", "registers", "hint", "hints", "policy", "policies",
        "protocol", "protocols", "field", "fields", "corner", "corners", "index", "indices",
        # "performance indicators", "performance reviews": how people's or projects' results are judged
        "indicator", "indicators", "review", "reviews", "appraisal", "appraisals",
        # "performance requirements" a workload states, a "performance monitor" (a PMU), the "perf tool":
        # what asks for, counts or records speed, not a speed measured
        "requirement", "requirements", "monitor", "monitors", "monitoring", "pmu", "pmus", "tool", "tools",
        "tooling", "utility", "subsystem",
        # "perf ring buffers", "perf events": the perf subsystem's own objects, what records speed
        "ring", "event", "events",
        # "performance settings", "the perf value", "performance limits", "performance profiles": what cpufreq,
        # CPPC and platform profiles set, a level asked for, not a speed measured ("performance scaling" is as
        # often how a speed grows with threads as cpufreq's name)
        "setting", "settings", "value", "values", "limit", "limits", "profile", "profiles",
        "power-domain", "power-domains",  # "perf power-domains": firmware's performance domains
        "control", "controls",  # "a perf control interface": what sets a CPU's speed
        "patchset", "patchsets", "series", "patches", "branch",  # a body of work by its aim: "the perf series"
        # the perf tool's subcommands that measure nothing themselves ("does it support 'perf kvm stat'?", "perf
        # probe", "perf list"): the tool's features named ("perf stat" or "perf record" output is a measurement)
        "kvm", "probe", "list", "config"})),
    # "the scalability patchset": the same, a body of work named by its aim, nothing said of its effect
    "scalability": frozenset({"patchset", "patchsets", "series", "patches", "branch", "work"}),
    "data": frozenset({
        "structure", "structures", "race", "races", "corruption", "lifetime", "lifetimes", "path", "type",
        "types", "member", "members", "field", "fields", "layout", "format", "placement", "segment",
        "integrity", "loss", "plane", "model", "dependency", "dependencies", "direction", "buffer",
        "buffers", "pointer", "pointers", "area", "section", "copy"}),
}
# "set it to performance", "defaults to performance": the name of a cpufreq governor, an energy
# preference or a platform profile that something is set to, not the speed of anything.
# Physical quantities a sensor or a meter reads ("measure the voltage", "profile the temperature"): what a
# power, thermal or battery driver reports, not a speed; measuring or profiling one asks for no benchmark.
PHYSICAL_QUANTITIES = frozenset({"voltage", "voltages", "current", "temperature", "temperatures", "temp", "charge",
                                 "capacity", "resistance", "humidity"})
# The verbs that would make a measurement of them, and how far after the verb the quantity may stand.
MEASURING_VERBS = frozenset({"measure", "measures", "measured", "measuring", "profile", "profiled", "profiling"})
MEASURED_REACH = 3
SETTING_NAMES = frozenset({"performance"})
# The other values of those settings, which name "performance" as one of them when joined to it ("powersave
# and performance", "performance/schedutil"): the cpufreq governors, the energy-performance preferences
# and the platform profiles.
SETTING_PEERS = frozenset({"powersave", "schedutil", "ondemand", "conservative", "userspace", "balance_performance",
                           "balance_power", "balanced", "quiet", "low-power", "cool"})
SETTING_VERBS = frozenset({"set", "sets", "setting", "switch", "switches", "switched", "switching", "default",
                           "defaults", "defaulted", "defaulting", "change", "changes", "changed", "changing"})
# "usage" measures a run only as the use of a resource ("CPU usage", "power usage") or after a
# determiner or a statistic ("the usage", "peak usage"); after any other word it is how code is used
# ("deprecated helper usage", "API usage", "foo_alloc usage"). `USAGE_BEFORE` holds the words it may follow
# as a cost.
USAGE_WORDS = frozenset({"usage"})
USAGE_BEFORE = frozenset({"cpu", "cpus", "core", "cores", "gpu", "power", "energy", "battery", "bandwidth",
                          "network", "link", "fpu", "cache", "cacheline", "cachelines", "tlb", "io", "i/o",
                          "the", "its", "their", "our", "your", "total", "overall", "average", "peak", "mean",
                          "max", "maximum", "higher", "lower", "less", "more"})
# The two sides of a trade-off, named together ("weigh the benefit and the cost", "costs and benefits",
# "gains vs overhead"): each names a side to be weighed, not an effect a run found.
TRADE_OFF_SIDES = (frozenset({"benefit", "benefits", "gain", "gains", "win", "wins", "advantage", "advantages",
                              "upside", "upsides", "pros"}),
                   frozenset({"cost", "costs", "overhead", "overheads", "penalty", "penalties", "downside", "downsides",
                              "drawback", "drawbacks", "cons", "price"}))
# What joins the two sides: "and", "or", "vs", "against", and "for" where one side is weighed as the price of
# the other ("little benefit for the overhead it adds").
TRADE_OFF_JOINS = frozenset({"and", "or", "vs", "vs.", "versus", "against", "/", "&", "for"})
# Words that point back at what the sentence before named: "numbers of this" measure it.
REFERS_BACK = frozenset({"this", "that", "these", "those", "it", "them"})
# Things that go wrong, whose rate is a cost however "rate" is otherwise a benefit: a lower "failure
# rate", "miss rate", "drop rate" or "error rate" is better, so "reduces the rate" is no loss of speed.
FAILED_EVENT_WORDS = frozenset({
    "failure", "failures", "fail", "error", "errors", "miss", "misses", "drop", "drops", "loss", "losses",
    "fault", "faults", "abort", "aborts", "retry", "retries", "retransmit", "retransmits", "retransmission",
    "retransmissions", "collision", "collisions", "conflict", "conflicts", "timeout", "timeouts", "crash",
    "crashes"})
# Words of a cost that are also said of prices: beside an amount of money ("£50 - 20% - cheaper") they
# speak of one, not of time or work.
PRICE_WORDS = frozenset({"cheaper", "expensive", "costly", "costlier", "cost", "costs"})
# What a storage array is called when it runs without one of its members: "degraded" right before these
# names that state ("a degraded array", "degraded mode", "a degraded RAID6"), not a loss of speed.
DEGRADED_STATE_NOUNS = frozenset({"array", "arrays", "mode", "state", "raid", "raid1", "raid4", "raid5", "raid6",
                                  "raid10", "volume", "volumes", "pool", "pools", "mirror", "mirrors", "md", "set"})
