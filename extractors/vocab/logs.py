"""Log lines: what the kernel, its debuggers and test harnesses print, by their own formats.

`extractors.blocks` makes a paragraph a log when one of its lines has one of these marks: a log holds
numbers in columns (registers, addresses, timestamps) that must never be read as a benchmark table.
"""

import re

# Kernel log lines, by what the kernel prints. Any one of these makes a paragraph a log. Each is read from
# the line's start (`match`): a search would try every branch at every character of every line.
LOG_LINE_RE = re.compile(
    # every form but two may be indented: the indentation is skipped once, not once per form
    r"^\s*(?:"
    r"(?:<\d>)?\[\s*\d+\.\d{3,}\]"  # a dmesg timestamp "[  446.290123]"
    r"|\[\s*\d+:\d\d\.\d{3,}\]"  # a test harness's time since the run began, "[ 0:02.345] ## ..."
    # a daemon's verbose log: seconds to the microsecond, a bar, the device or part and what it says
    # (multipathd -v3: "994.196781 | sdb: const prio = 1")
    r"|\d+\.\d{6} \| [\w.-]+: \S"
    # a syslog line, busybox's with the facility and level before the tag ("(none) user.info kernel:")
    r"|(?:\d+\s+)?[A-Z][a-z]{2}\s+\d{1,2} \d\d:\d\d:\d\d \S+ (?:[a-z]+\.[a-z]+ )?\S+?(?:\[\d+\])?:"
    r"|[A-Z][a-z]{2}\s+\d{1,2} \d\d:\d\d:\d\d\.\d{3,}:? "  # a log line stamped to the microsecond, no host
    r"|[A-Z][a-z]{2}\s+\d{1,2} \d\d:\d\d:\d\d\s+[\w.-]+\[\d+\]:"  # ... to the second, no host: "bluetoothd[368]:"
    r"|\[\s*[TC]\d+\]"  # the caller id printk adds: "[ T1234]", "[ C3]"
    # btmon's trace: a direction or note mark, the event, and the seconds since the trace began to the
    # microsecond at the line's end ("= Note: Example subsystem version 1.04       0.100200")
    r"|[=<>@] [A-Z].*\s\d+\.\d{6}\s*$"
    r"|E: \d+\.\d{6} \d+(?: [0-9a-f]{2})+\s*$"  # hid-recorder's event: its time, its length and its bytes
    r"|(?:RIP|RSP|RAX|RBX|RCX|RDX|RSI|RDI|RBP|R\d{1,2}|FS|GS|CS|DS|ES|CR[0-4]|DR[0-7]|EFLAGS|ORIG_RAX)"
    r"\s*:\s*[0-9a-f]{4}"  # x86 register dump
    r"|(?:pc|lr|sp|x\d{1,2}|pstate)\s*:\s*[0-9a-f]{8}"  # arm64 register dump
    r"|(?:GPR\d\d|NIP|LR|CTR|MSR|CFAR|DAR|DSISR|SOFTE|IRQMASK)\s*:?\s+[0-9a-f]{8,16}\b"  # powerpc register dump
    r"|(?:Call Trace|Call trace|Stack|Code|Modules linked in|Hardware name|Workqueue|Allocated by task"
    r"|Freed by task|Last potentially related work creation|The buggy address|Memory state around"
    r"|Chain exists of|stack backtrace|Possible unsafe locking scenario|other info that might help)\b"
    r"|</?(?:TASK|IRQ|NMI|SOFTIRQ)>\s*$"  # the markers around a stack trace
    r"|(?:BUG|WARNING|KASAN|UBSAN|KCSAN|INFO|Oops|kernel BUG at|general protection fault"
    r"|Unable to handle kernel|Internal error|rcu|watchdog|lockdep)[ :]"  # report headlines
    r"|-+\[ (?:cut here|end trace [0-9a-f]+) \]-+"  # WARN() borders
    r"|CPU: \d+ (?:UID: \d+ )?PID: \d+"  # the oops "CPU: 1 PID: 123 Comm: ..." line
    r"|(?:\? )?[\w.$]+\+0x[0-9a-f]+/0x[0-9a-f]+"  # a stack frame "func+0x19/0x30"
    r"|\[<[0-9a-f]{8,16}>\]"  # an old-style frame address
    r"|#\d+:\s+\S+.*\{[\w.+-]*\}"  # lockdep's held-lock lines "#0: ffff (&ctx->lock){+.+.}"
    r"|>?[0-9a-f]{8,16}: (?:[0-9a-f]{2}[ >]){8}"  # KASAN shadow bytes / hex dumps
    r"|[0-9a-f]{8,16}: (?:[0-9a-f]{8,16} ){2}"  # a raw memory dump
    # a message printed with the source location that printed it: compiler diagnostics ("foo.c:12:5:
    # warning: ..."), LTP's results ("acct02.c:131: TINFO: ..."), debug prints with file and line
    # (a harness may print the pid and the time of day before it: "25458 19:32:08.467734  foo.c:88: TINFO";
    # a build report its count: "2    fs/foo.c:811:2: warning: ...")
    r"|(?:\d+\s+(?:\d\d:\d\d:\d\d\.\d+\s+)?)?[\w./-]+\.[chS]:\d+(?::\d+)?: \S"
    r"|\d*\s+\|\s+(?:\^|~|.*[;{}]\s*$)"  # the source excerpt under a diagnostic "  584 |  foo();"
    # strace "openat(...) = 4", with the pid (-f), the time of day (-t) and the time spent (-T) it may add:
    # "[pid 4242] 15:22:41 fsync(3) = 0 <0.812000>"
    r"|(?:\[pid\s+\d+\]\s+|\d+\s+)?(?:\d\d:\d\d:\d\d(?:\.\d+)?\s+)?\w+\(.*\)\s+=\s+(?:-?\d+|0x[0-9a-f]+|\?)"
    r"(?:\s+E[A-Z]+.*)?(?:\s+<\d+\.\d+>)?\s*$"
    # a stack frame as scripts/decode_stacktrace.sh prints it, the source lines of the function and of the
    # code inlined there ("io_issue_sqe (io_uring/io_uring.c:1740)"), and the tail of one wrapped
    r"|(?:\? )?[\w.$]+ \((?:[\w./-]+\.[chS]:\d+(?: \(discriminator \d+\))?\s*)+\)?\s*$"
    r"|(?:[\w./-]+\.[chS]:\d+(?: \(discriminator \d+\))?\s*)+\)\s*$"
    r"|#\d+\s+0x[0-9a-f]+ in "  # a gdb backtrace frame
    # where gdb stopped, and why: "Thread 2 hit Hardware watchpoint 4: *0xffff8880", "Breakpoint 1, foo (x=3)
    # at foo.c:12"; a watchpoint's "Old value = 0" / "New value = 42" follow, a memory word, no measurement
    r"|(?:Thread \d+ .{0,40}?hit )?(?:Temporary breakpoint|Breakpoint|Catchpoint"
    r"|Hardware (?:read |access \(read/write\) )?watchpoint|Watchpoint) \d+[,:] "
    r"|[\w.$]+ \(.*\) at [\w./-]+\.[chS]:\d+\s*$"  # the frame gdb stopped in, "foo (x=<optimized out>) at foo.c:21"
    r"|\d+ locks? held by "  # lockdep's held-locks summary
    r"|[0-9a-f]+:\s+(?:[0-9a-f]{2} ){2,}\s*\S"  # disassembly: "5d0: 00 00 00 60   nop"
    r"|[0-9a-f]{8,40} \(.{1,60} \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [-+]\d{4} +\d+\)"  # git blame's own format
    r"|\d+\)\s+\S+\s+(?:\|\s|[\w.]+\(\)|\})"  # an ftrace function-graph line " 13) task-1 | foo() {"
    r"|^[0-9a-f]{8}  (?:[0-9a-f]{2} ){8}"  # hexdump -C
    # ... and any dump of bytes after their offset, by a colon or a gap (a packet analyser's "0010   b8 73 a8
    # 68 00 ..."), one byte with a leading zero or a hex letter
    r"|[0-9a-f]{4,8}(?::\s*|\s{2,})(?=[0-9a-f ]*?(?<![\w-])(?:0\d|[a-f][0-9a-f]|\d[a-f])(?![\w-]))"
    r"(?:[0-9a-f]{2} ){7,}[0-9a-f]{2}(?![\w-])"
    # bytes without their address, two hex digits each and "--" for none, eight or more in a row, one of
    # them with a leading zero or a hex letter (smartctl's ATA registers "40 -- 51 00 00 00 00 00 08 09")
    r"|(?=[0-9a-f-]{2} [0-9a-f-]{2} )(?=[0-9a-f -]*?(?<![\w-])(?:0\d|[a-f-][0-9a-f-]|\d[a-f])(?![\w-]))"
    r"(?:(?:[0-9a-f]{2}|--) ){7,}"
    r"(?:[0-9a-f]{2}|--)(?![\w-])"
    r"|^[0-9a-f]{7,40} .{2,120}? \d{4}-\d\d-\d\d\s+\d+\s"  # a git-blame source excerpt (robot reports)
    r"|\S+-\d+\s+\[\d{3}\]\s+\S{4,5}\s+\d+\.\d{6}: "  # ftrace's trace: "task-123 [007] ..... 19.4777: event:"
    r"|\[(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4}\]"  # dmesg -T's wall-clock time
    r"|\[?\d{4}[-/]\d\d[-/]\d\d[ T]+\d{1,2}:\d\d:\d\d"  # a timestamped program log line
    # a syslog or journal line with its date cut off: the kernel's tag ("kernel: sd 6:0:0:0: [sda] ...",
    # not "kernel: 6.8-rc1", a setup listing's field) or a daemon's tag and pid ("sshd[4410]: ...", and
    # init's "systemd[1]:"; not a footnote "Before[1]:" nor make's "make[1]: Entering directory")
    r"|kernel: (?![vV]?\d)\S+ \S|^\s*(?:[a-z][\w.-]*\[\d{2,}\]|systemd\[1\]): \S"
    r"|[a-z][\w./-]*: (?:.*\b)?(?:error|failed|failure|fatal|warning|cannot|unable to)\b"  # a program's error
    r"|(?:ERROR|FATAL|CRITICAL): \S"  # ... as many tools tag it, without their name ("ERROR: child eb corrupted")
    r"|[a-z][\w-]*/\d{3,4}\s+(?:\d+s\s+)?\.\.\.\s"  # fstests' check: "generic/633 26s ...  29s" (last, this run)
    r"|[a-z][\w-]*/\d{3,4}\s+\d+s\s*$"  # ... and a test with the time it took alone: "btrfs/190   15s"
    # a test harness's report of fstests: each test's verdict and time ("generic/476  Pass  595s"), and
    # its totals ("Totals: 1 tests, 0 skipped, 0 failures, 0 errors, 595s"), a functional run's summary
    r"|[a-z][\w-]*/\d{3,4}\s+(?:Pass|Passed|Fail|Failed|Skip|Skipped|Error)\b"
    r"|Totals: \d+ tests?, "
    # ... and other harnesses' totals of verdicts ("Total: 12, Passed: 11 (91.7%), Failed: 1", kselftest's "#
    # Totals: pass:12 fail:0 xfail:0")
    r"|Total: \d+, Passed: \d+|#? ?Totals: pass:\d+ fail:\d+"
    # blkparse's trace: device, CPU, sequence, time to the ns, pid, action, RWBS ("8,0  3  11  0.000039234  1096  Q  WS")
    r"|\*?\d+,\d+\s+\d+\s+\d+\s+\d+\.\d{9}\s+\d+\s+[A-Z]{1,2}\s+[RWDBFSMNAET]+\s"
    # tcpdump's packet lines: the time of day to the microsecond, then the protocol ("09:55:01.603947 IP
    # (tos 0x0, ...", "11:12:23.570199 IP 10.30.13.2.942 > 10.31.3.13.2049: Flags [S]")
    r"|\d\d:\d\d:\d\d\.\d{6} (?:IP6?|ARP|LLDP|STP|vlan|ethertype)\b"
    # tshark's packet summary: frame number, seconds since the first frame to the microsecond, source ->
    # destination (any address form: "10.1.2.3", "x.4", a MAC), protocol, frame length
    # ("  8   3.000228 x.4 -> x.2 NFS 206 V3 READ Call"); newer versions print an arrow
    r"|\d+\s+\d+\.\d{6,9}\s+\S+ (?:->|\u2192) \S+ [A-Z][\w.-]* \d+ "
    r"|crash> "  # the crash utility's prompt: a session printing kernel memory and structures
    # a shell's notice that a background job ended ("[2]+  Done   ( cd /mnt && time rm -rf dir )"): the
    # runs around it are jobs of one command run side by side, not setups
    r"|\[\d+\][-+]?\s+(?:Done|Exit \d+|Killed|Terminated|Stopped)\s"
    # a /dev/kmsg record, as `dmesg -r` and test harnesses copy it: priority, sequence, time in
    # microseconds, flag, then ";" and the message ("6,2061,1297300268,-;md/raid1:mdX: ...")
    r"|(?:\[[^\]]{1,20}\]\s*)?\d{1,3},\d+,\d+,[-c+];"
    # dev_printk's prefix, the driver then its device, when a timestamp-less copy of the log is pasted:
    # "usb usb18: New USB device found", "vhci_hcd vhci_hcd.8: ...", "hub 18-0:1.0: 8 ports detected"
    r"|([a-z][\w-]*) (?:\1[\w.:-]*|[\w-]*\d[\w-]*[:.][\w:.-]*): \S"
    # a sample stamped with the Unix time in seconds, 2011-2033 (upower's history, a monitor's records):
    # "1761910862  62.000  discharging"; a size in bytes (1073741824) is below that range
    r"|1[3-9]\d{8}(?:\.\d+)?\s"
    r")"
)
# The log marks that may stand anywhere in a line, each with a substring every match contains, so that
# the search runs only on lines that could match.
LOG_ANYWHERE = (
    ("[", re.compile(r"\[\s*\d+\.\d{6}\]")),  # a dmesg timestamp after a prefix: "kernel: [  446.290123]"
    ("+0x", re.compile(r"\b[\w.$]+\+0x[0-9a-f]+/0x[0-9a-f]+\b.*\b[\w.$]+\+0x[0-9a-f]+/0x[0-9a-f]+")),  # RIP: f+0x/0x
    ("LWP ", re.compile(r"\bLWP \d+\b")),  # a gdb thread list
    ("]", re.compile(r"\[(?:passed|failed|not run|skipped|PASS|FAIL|SKIP)\]\s*$")),  # blktests', fstests' verdicts
    # a test harness's verdict on a named case and the time the case took, each in a column of its own
    # ("Scan Start - Case 3        Failed       0.031 seconds"): a functional run's report
    ("  ", re.compile(r"\S\s{2,}(?:Passed|Failed|Timed out|Not Run|Skipped)\s+\d+(?:\.\d+)?"
                      r"(?: ?s| ?sec| ?seconds)?\s*$")),
    # a kernel report's title wherever a line holds it, as a bot's list of open reports does ("41  Yes  KASAN:
    # use-after-free Write in foo_free", "possible deadlock in bar_lock"): the title of a crash, never a measurement
    ("KASAN: ", re.compile(r"\bKASAN: [\w-]+ (?:Read|Write|in)\b")),
    ("deadlock in ", re.compile(r"\bpossible (?:circular locking )?deadlock in \w")),
    ("WARNING in ", re.compile(r"\bWARNING in \w")),
    # a step of a call chain with the source line it is at: "6  foo_poll()   [foo_verbs.c:1170]"
    ("]", re.compile(r"\[[\w./-]+\.[chS]:\d+\]\s*$")),
)


# The outcomes a test suite counts its cases by, as harnesses print their summaries (kselftest's and KUnit's
# "pass"/"fail"/"skip"/"xfail", LTP's "broken"/"warnings", pytest's "passed"/"errors"), and their total: rows
# named by these count test cases, never measure a setup.
TEST_OUTCOMES = frozenset({"total", "tests", "pass", "passed", "fail", "failed", "failures", "skip", "skipped",
                           "xfail", "xpass", "error", "errors", "ok", "not ok", "timeout", "timeouts",
                           "broken", "warnings", "conf", "not run"})
