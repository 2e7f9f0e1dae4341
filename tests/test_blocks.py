"""Blocks: every line of a body is classified by its own syntax before anything is extracted."""

from __future__ import annotations

import pytest

from extractors.analysis import analyze_body
from extractors.blocks import line_kind, split_blocks


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("", "blank"),
        ("[  612.301122] BUG: kernel NULL pointer dereference", "log"),
        ("RAX: 0000000000000000 RBX: ffff888104f1c000 RCX: 0000000000000001", "log"),
        ("/proc/4242/status voluntary_ctxt_switches:\t120", "listing"),  # grep over kernel files
        ("Scrub started:    Sun Jul 16 17:48:48 2023", "listing"),  # a field holding a date: when, not how fast
        ("    /dev/loop0     288.00MiB", "listing"),  # a device and its size
        ("       1: [256..511]:      26632..26887       256   0x9", "listing"),  # an extent map
        ("                GPR04: 0000000000000018 0000000000000003", "log"),  # a powerpc register dump
        # strace with -f, -t and -T: the pid, the time of day, the time the call took
        ('[pid  4242] 10:01:12 fsync(3)                = 0 <0.812000>', "log"),
        ('10:01:12.123456 pwrite64(3, "x", 1, 0) = 1 <0.000108>', "log"),
        ("  io_submit_sqes+0x2c1/0x6e0", "log"),
        ("Call Trace:", "log"),
        # frames as scripts/decode_stacktrace.sh prints them: the source lines of a function and what it
        # inlined, the tail of one wrapped
        ("blk_mq_submit_bio (block/blk-mq.c:3102 block/blk-mq.c:2981)", "log"),
        ("do_writepages (include/linux/fs.h:811 (discriminator 2) ", "log"),
        ("mm/page-writeback.c:2612)", "log"),
        # a test's field and its cost per call, as vdsotest-like tools print them: a row
        ("clock-getres: syscall: 301 nsec/call", "data"),
        ("memset(): new: 1520 cycles", "data"),  # the test a function, its field a side
        ("x29: ffff800082e0b9a0 x28: ffff0000c2d54000", "log"),
        ("io_uring_enter(3, 1, 0, 0, NULL, 8)     = 1", "log"),
        ("Jun 29 11:25:39 host kernel: nvme nvme0: I/O timeout", "log"),
        ("Mar  3 09:14:22 (none) user.info kernel: md: raid10 personality registered", "log"),  # busybox syslogd
        ("ERROR: node corrupted: parent bytenr=30408704 item=7 parent", "log"),  # a checker's diagnostic
        ("6      foo_poll_cq()                 [foo_verbs.c:1165]", "log"),  # a call chain's step and its source line
        ("#0  0x00007f1a74675125 in clock_nanosleep () from /usr/lib/libc.so.6", "log"),
        # where gdb stopped: a watchpoint or breakpoint it hit, the frame and its source line
        ('Thread 2 "worker" hit Hardware watchpoint 4: *0xffff888012345678', "log"),
        ("Breakpoint 1, blk_queue_flag_set (flag=4, q=0xffff888100a0c000) at block/blk-core.c:81", "log"),
        ("Watchpoint 3: ctx->nr_pending", "log"),
        ("queue_work_on (cpu=<optimized out>, wq=0x0) at kernel/workqueue.c:1650", "log"),
        # fstests' check prints a test's last and this run's time: a test log, not a table of timings
        ("generic/013 95s ...  88s", "log"),
        ("xfs/104        31s", "log"),  # a test and the time it took
        # blkparse's trace: device, CPU, sequence, time to the ns, pid, action, RWBS, sector + count
        ("  8,16   1       47     0.000211904  2201  Q  WS 2048 + 8 [fio]", "log"),
        ("diff --git a/io_uring/rw.c b/io_uring/rw.c", "diff"),
        ("+\treq->flags |= REQ_F_NOWAIT;", "diff"),
        (" io_uring/rw.c | 12 ++++++------", "diff"),
        ("\tif (unlikely(!req)) {", "code"),
        ("\tret = io_import_iovec(rw, req, &iovec, s, issue_flags);", "code"),
        ("  1202                  file = io_file_get_fixed(req, fd, issue_flags);", "code"),
        ("\t__u64      addr3;                /*    48     8 */", "code"),
        ("\tcount += nr;", "code"),
        ("make -j64 CC=clang W=1 \\", "code"),
        ("$ fio --name=randread --rw=randread --bs=4k", "command"),
        ("sudo ./t/io_uring -p1 -d128 -b512 /dev/nvme0n1", "command"),
        ("Signed-off-by: Jane Developer <jane@example.org>", "trailer"),
        ("CONFIG_IO_URING=y", "listing"),
        # a record of "name value" fields, as btrfs prints its items and devices: no row of a table
        ("\t\tgeneration 41 transid 47 size 131072 nbytes 393216", "listing"),
        ("\tdevid    1 size 931.51GiB used 402.03GiB path /dev/sdb1", "listing"),
        # the lines of a tool's output that read like sentences (hackbench's banner) are its data
        ("Running in threaded mode with 20 groups using 40 file descriptors each (== 800 tasks)", "data"),
        ("Each sender will pass 50 messages of 512 bytes", "data"),
        ("iodepth=64", "listing"),
        ("ioengine=io_uring, rw=randread, bs=4k", "listing"),
        ("Kernel: Linux 6.8 with the series applied", "listing"),
        # the header fields of a quoted mail, as a client in another language names them
        ("Objet: Re: the ring is slower than the block device", "trailer"),
        ("Betreff: Re: [PATCH] faster lookups", "trailer"),
        ("Scheduler -- none, the default queue", "listing"),
        # lsblk's devices and the tree it draws: numbers in columns, but a listing of devices
        ("nvme1n1     259:3    0 931.5G  0 disk", "listing"),
        ("\u2514\u2500nvme1n1p2 259:5    0 930.5G  0 part /srv", "listing"),
        # a tree drawn without the stroke (lsdrv): "│ └sdb1 1.82t [8:17] MD ..."
        ("\u2502 \u2514sdb1 1.82t [8:17] MD raid5 member", "listing"),
        # lspci's device line after a tool's prefix; a duration of three minutes is not one
        ("PCI [ahci] 00:17.0 SATA controller: Example Corp. Chipset", "listing"),
        ("elapsed 03:00.0", "data"),
        # bytes as two hex digits without their address (smartctl's ATA registers), and a row that is not
        ("  40 -- 51 00 08 00 00 00 12 34 56 e0 00  Error: UNC at LBA = 0x00123456", "log"),
        ("  10 20 30 40 50 60 70 80", "data"),
        # a test harness stamping each line with the time since its run began
        ("[ 0:01.250] ## DEBUG: lib/utils.sh:120 running check", "log"),
        ("512.004211 | sdc: path state = running", "log"),
        ("+-----------+-----------+", "rule"),
        ("----------- | --------------- | ----", "rule"),
        ("  4x    180.4431     3.1205   175.0022", "data"),
        ("IOPS=3.21M, BW=1.57GiB/s, IOS/call=32/31", "data"),
        ("   lat (usec): min=18, max=311, avg=77.10, stdev=2.91", "data"),
        ("Average latency: 12.5 usec", "data"),
        # a change stated as "name: figure" is a statement to read, not a row
        ("Score gain: 1.95x", "text"),
        # a label and words ending in a measurement are a result, not a listing like "Model name: ..."
        ("After:  mean bandwidth: 3120.45 MB/sec", "data"),
        ("Model name: Example Core Processor", "listing"),
        ("          base       %stdev    patched", "header"),
        ("This makes the submission path about 3% faster on my box.", "text"),
        ("so we went from 2.4 to 2.5, not 2.6.", "text"),
        # one result and its unit; the tail of a sentence wrapped onto its own line
        ("3.2010 usec/loop, 2.9% slower", "data"),
        ("188 MB/s.", "text"),
        # key=value pairs whose values are not plain numbers
        ("sdb: ios=719543/0, merge=0/0, ticks=30412/0, in_queue=30380,", "data"),
        # journal lines with their dates cut off, and what only looks like them
        ("kernel: sd 2:0:0:0: [sdc] Attached SCSI disk", "log"),
        ("sshd[4410]: Accepted publickey for root", "log"),
        ("Before[1]: 7.06M", "data"),
        ("make[1]: Entering directory '/src/tests'", "text"),
        # a log stamped to the microsecond without a host; a harness's pid and time before LTP's result;
        # date(1)'s stamp ending uname's build line: when, not how much
        ("Apr  3 11:20:07.114502: RPC:       state 4 conn 1 dead 0 zapped 1", "log"),
        ("31207 08:14:55.120334  tst_test.c:1650: TINFO: Timeout per run is 0h 00m 30s", "log"),
        ("#14 SMP PREEMPT_DYNAMIC Tue Apr  2 09:12:44 UTC 2024", "listing"),
        # column names parted by several tabs; a patch's changed line that a reply's quoting shifted
        ("case name\t\t\tfeature on\t\tfeature off", "header"),
        (" +\t\tidx = 0;", "diff"),
        # dd's summary reads like a sentence, and is the tool's output
        ("  1024000 bytes (1.0 MB, 1000 KiB) copied, 0.5 s, 2.0 MB/s", "data"),
        # a kernel setting made for a run, and a command glued to its prompt: how a run was set up
        ("echo 40 > /proc/sys/vm/some_knob", "command"),
        ("sysctl -w kernel.some_knob=3", "command"),
        ("$sudo taskset -c 3 ./stress_tool -r 60", "command"),
        # a field and its figure closed like a sentence, maybe with its change stated after it; a sentence
        # that states a figure is still a sentence
        ("before this change: 12.4%.", "data"),
        ("after this change: 4521ns, reduce 310ns.", "data"),
        ("The overhead is about 5%.", "text"),
        # a test's "# name: value" diagnostic is data, and "# with ..." an author's comment over a run; a
        # root shell's prompt runs a program
        ("    # bench_small: 9120 ops/s", "data"),
        ("# with the series applied", "text"),
        ("# ram1 (the old driver)", "text"),  # a bare "(" after a word: no shell runs that, a comment
        ("#regzbot title: ext4: slower fsync since v6.1", "trailer"),  # a command to the regression tracker
        ("and again with SQPOLL|IOPOLL set on the ring:", "text"),  # a bar glued between names ors them
        # settings quoted in a sentence are named by it, no record of pairs
        ('With "batch=16 depth=32" the loss is only 5-8%,', "text"),
        ("# perf stat -e cycles ./bench", "command"),
        # a space before the tab that parts two cells is still a column gap
        ("fork-1024 \t-7.2%", "data"),
        # a group line cut down to one keyed figure; a setup named as code names it, and its figure and spread
        ("WRITE: bw=512MiB/s", "data"),
        ("  lock_v2 88120 ops/sec (+- 0.4%)", "data"),
        ("the patch 5 ms", "text"),
        # a kernel object by its sysfs path, with what is printed of it
        ("    /devices/platform/clk_pll_a        active        800000", "listing"),
    ],
)
def test_line_kind(line, kind):
    assert line_kind(line) == kind


def kinds(body: str) -> list[tuple[str, int]]:
    return [(b.kind, b.first_line) for b in split_blocks(body) if b.kind != "blank"]


def test_a_message_header_pasted_from_an_archive_page_is_no_table():
    """"Date<TAB>Mon, 3 Jun 2024 09:12:30 +0200" under "From" and "Subject" lines: the header an archive page
    shows over a message, pasted with it; its figures are a date."""
    body = "Hi,\n\nFrom\tJane Doe <>\nSubject\t[PATCH 0/3] foo: add a driver\nDate\tMon, 3 Jun 2024 09:12:30 +0200\n"
    assert [line_kind(line) for line in body.splitlines()[2:]] == ["trailer"] * 3
    findings = analyze_body(body)
    assert findings.tables == () and findings.results == ()


def test_a_markdown_header_wrapped_before_a_bar_stays_in_its_table():
    body = ("Summary:\n\n| case     |  IOPS |     BW\n| lat (usec) |\n|----------|:-----:|:-----:|:-----:|\n"
            "| old      |  410k | 1601MiB/s\n|        305 |\n")
    assert kinds(body) == [("prose", 0), ("table", 2)]


def test_a_paragraph_is_cut_where_prose_meets_a_table():
    body = "Results below.\nRun with:\n  threads   base   patched\n  1         10.2   11.4\n  2         19.8   22.0\n"
    assert kinds(body) == [("prose", 0), ("table", 2)]


def test_a_sentence_ending_in_a_figure_over_a_command_is_no_header():
    """"... a gain above 30%." ends a sentence; a clause of many words over a row of two values names no
    column either: both stay prose above the table."""
    body = ("On one core we see a gain above 30%.\n./bench -c 1 -i 3 loop\n\n"
            "Measured on the arm box, a gain around 12% with\n"
            "\t\tbefore\t\tafter\n\treal\t0m13.460s\t0m11.771s\n\tsys\t0m12.039s\t0m11.458s\n")
    assert kinds(body) == [("prose", 0), ("command", 1), ("prose", 3), ("table", 4)]


def test_a_wrapped_sentence_over_a_line_of_figures_is_no_header():
    """A line of prose with "the" in it names no column, however many words the line of figures under it has."""
    body = ("Each case took longer too, moving from 7 seconds up to roughly\n"
            "31 seconds when run with the change, case/201 (on box) took from\n"
            "6 seconds to 3:52, case/202 (on box) took from 19 seconds to\n"
            "4:58, and case 203 took from 6 seconds to 35 seconds.\n")
    assert kinds(body) == [("prose", 0)]


def test_a_command_line_a_wrapped_sentence_runs_through_stays_prose():
    """The sentence goes on before and after the command it quotes; one introduced by a colon, or on a
    line of its own between sentences, is a command."""
    body = ("On the small board, with the cache set to write back,\n"
            "fio --name=seq --rw=write --bs=1M --iodepth=8 --direct=1 showed\n"
            "a drop in system time from 4.1s to 3.2s.\n")
    assert kinds(body) == [("prose", 0)]
    assert kinds(body.replace("back,", "back:")) == [("prose", 0), ("command", 1), ("prose", 2)]


def test_a_prompt_after_the_working_directory_is_a_command():
    assert line_kind(" ~ # time taskset -c 2 ./loop") == "command"


@pytest.mark.parametrize("line", ["rig3# xfs_db -r -c 'freesp -s' /dev/sdb1", "box:/mnt# ls -l | wc -l"])
def test_a_prompt_after_the_host_name_is_a_command(line):
    assert line_kind(line) == "command"


def test_a_report_numbered_with_a_hash_is_no_prompt():
    assert line_kind("bug# 4321 is fixed by this") != "command"


def test_a_call_graph_copied_from_perf_s_tui_with_its_scroll_bar_is_no_table():
    """perf report's TUI ends every line with its scroll bar, which is no column of figures."""
    graph = ["   - 31.20% do_work", "      - 27.45% take_lock", "         - 25.10% spin_slowpath"]
    body = "".join(f"{line:<90}\u2592\n" for line in graph)
    assert analyze_body(body).tables == ()


def test_an_item_of_a_changelog_listing_patch_numbers_is_prose():
    """"- moved the check to patches 2, 4, 5, 9" counts patches; a row under a bullet names its case in a
    word or two before its values and stays data."""
    body = " - folded the helper into patch 1\n - moved the check to patches 2, 4, 5, 9, 11, 12\n - rebased\n"
    assert kinds(body) == [("prose", 0)]
    assert line_kind(" - moved the check to patches 2, 4, 5, 9, 11, 12") == "text"
    assert line_kind(" - randread   1200   1310   1402") == "data"


def test_a_sentence_with_a_typed_double_space_stays_prose():
    # no row of a table ends in a full stop: the gap is a typo, and the sentence's result must be read
    body = ("With 4k blocks:\nRandom read bandwidth goes from 212 MB/s to 240 MB/s.\n"
            "CPU usage drops from  41% to 23%.\nWith 64k blocks:\n")
    assert kinds(body) == [("prose", 0)]


def test_a_log_paragraph_keeps_its_text_lines():
    body = ("BUG: KASAN: slab-use-after-free in io_req_free+0x1c/0x40\n"
            "Read of size 8 at addr ffff888104f1c010 by task a.out/4411\n"
            "The buggy address belongs to the object at ffff888104f1c000\n")
    assert kinds(body) == [("log", 0)]


def test_quoted_text_keeps_its_depth_and_author():
    body = "On Mon, Jan 1, 2024 at 10:00 AM Jane Roe wrote:\n> base  patched\n> 10.1  12.3\n> 10.2  12.4\n\nThanks.\n"
    blocks = [b for b in split_blocks(body) if b.kind == "table"]
    assert len(blocks) == 1 and blocks[0].depth == 1 and blocks[0].author == "Jane Roe"


def test_a_header_line_of_a_squeezed_table_belongs_to_it():
    body = "base %stdev patched %stdev\n1x 21.5 4.1 22.8 3.3\n2x 6.1 2.0 6.2 1.8\n"
    assert kinds(body) == [("table", 0)]


def test_block_counts_leave_out_blank_lines():
    assert analyze_body("Hello.\n\n$ make -j8 bzImage\n").block_counts == (("prose", 1), ("command", 1))


def test_a_setup_described_in_fields_indented_under_fields_is_a_listing():
    # each level of fields lines up its own colons; a value in words says it describes, not measures
    excerpt = "\n".join([
        "BENCH       : image resize, 400 files",
        "COMMAND     : ./resize -in big.png -threads 64",
        "HOST        : MODEL          : 2x Xeon 6230",
        "              BASE CLOCK     : 2.10 GHz",
        "              TURBO          : 3.90 GHz",
    ])
    assert [block.kind for block in split_blocks(excerpt)] == ["listing"]


def test_a_numbered_file_excerpt_is_one_listing_however_its_lines_look():
    excerpt = "\n".join([
        "   210\t\t/*",
        "   211\t\t * the counter may be stale here, and then 2 readers",
        "   212\t\t * see it at once: take the lock first",
        "   213\t\t */",
        "   214\t\tspin_lock(&q->lock);",
        "   215\t\tq->count += 2;",
    ])
    assert [block.kind for block in split_blocks(excerpt)] == ["listing"]


def test_an_excerpt_with_lines_left_out_and_remarks_pointed_at_lines_is_a_listing():
    excerpt = "\n".join([
        "88          ret = lookup_node(dev, 2);          ---> takes a reference",
        "...",
        "94          if (ret < 0) {",
        "95                  count = 0;",
        "96                  goto out;                    ---> the reference leaks here",
    ])
    assert [block.kind for block in split_blocks(excerpt)] == ["listing"]


def test_what_set_x_prints_before_a_nested_command_is_a_command_line():
    assert line_kind("++ insmod ./null_blk.ko nr_devices=2 queue_mode=2") == "command"
    assert line_kind("+ Enabled") == "text"  # one "+" is a bullet or a caption as often


def test_a_file_excerpt_numbered_with_spaces_is_a_listing_when_it_shows_an_empty_line():
    excerpt = "\n".join(["    40  # keep the old default", "    41  SUBSYSTEM==\"block\", ATTR{x}==\"1\"", "    42",
                         "    43  # 2 more rules follow"])
    table = "\n".join(["  1  read   100  110", "  2  write  200  210", "  3  rand   300  320"])
    assert [block.kind for block in split_blocks(excerpt)] == ["listing"]
    assert [block.kind for block in split_blocks(table)] == ["table"]


def test_thousands_of_rows_without_a_blank_line_are_a_dump_not_a_table():
    """No one pastes 3,000 rows as one table; reading them as a grid would cost seconds per message."""
    rows = "".join(f"{n} {n * 7 % 1000}\n" for n in range(3000))
    assert kinds("Raw samples:\n\n" + rows) == [("prose", 0), ("listing", 2)]
    assert analyze_body("Raw samples:\n\n" + rows).tables == ()


def test_a_configuration_file_with_sections_is_a_listing_but_sides_in_brackets_head_results():
    """"[section]" lines over "key = value" settings are a config file, whose ports and thread counts no
    finder reads; "[base]" / "[patched]" over the same shape name the sides of a comparison."""
    config = "[alpha]\n port = 4011\n threads = 8\n[beta]\n port = 875\n threads = 16"
    assert [b.kind for b in split_blocks(config)] == ["listing"]
    sides = "[base]\n iops = 4011\n lat_us = 81\n[patched]\n iops = 4410\n lat_us = 77"
    assert [b.kind for b in split_blocks(sides)] == ["table"]


def test_ls_long_listings_are_listings_with_or_without_inode_numbers():
    """"ls -l" and "ls -li" print mode bits, links, sizes and times in columns: files, not a table;
    two directories listed one after the other compare nothing."""
    assert line_kind("-rw-r--r-- 1 alice alice  4096 Mar  3 10:12 notes.txt") == "listing"
    assert line_kind("  12 drwxr-xr-x 2 root  root  16384 Aug 15 22:27 lost+found") == "listing"
    text = ("dir_a/:\ntotal 24\n11 drwx------ 2 root root 16384 Aug 15 22:27 lost+found\n"
            "12 -rw-r--r-- 1 bob bob     4 Aug 15 22:29 one\n 2 drwxr-xrwx 3 root root  4096 Aug 15 22:46 sub\n\n"
            "dir_b/:\ntotal 20\n11 drwx------ 2 root root 16384 Aug 15 22:45 lost+found\n"
            "12 -rw-r--r-- 1 bob bob     4 Aug 15 22:46 one\n 2 drwxr-xrwx 3 root root  4096 Aug 15 22:47 sub\n")
    assert analyze_body(text).tables == () and analyze_body(text).results == ()


def test_stat_output_is_a_listing():
    """stat(1) prints a file's mode, size, inode and times to the nanosecond: settings, not a table."""
    body = ("  File: /srv/export/data.bin\n"
            "  Size: 1048576         Blocks: 2048       IO Block: 1048576 regular file\n"
            "Device: 2dh/45d Inode: 1311234     Links: 1\n"
            "Access: (0644/-rw-r--r--)  Uid: ( 1000/   alice)   Gid: ( 1000/   alice)\n"
            "Access: 2023-03-01 10:11:12.123456789 +0100\n"
            "Modify: 2023-03-01 10:11:13.223456789 +0100\n"
            "Change: 2023-03-01 10:11:13.223456789 +0100\n")
    assert kinds(body) == [("listing", 0)]


def test_packet_traces_and_crash_sessions_are_logs():
    """tcpdump's lines (time of day to the microsecond, protocol, hosts with ports) and a `crash`
    session's structures hold numbers in columns that are addresses, sequence numbers and fields."""
    capture = ("14:02:11.104233 IP (tos 0x0, ttl 64, id 4242, offset 0, flags [DF], proto TCP (6), length 188)\n"
               "    192.168.1.20.812 > 192.168.1.5.2049: Flags [P.], seq 100:248, ack 93, win 501, length 148\n"
               "14:02:11.104611 IP 192.168.1.5.2049 > 192.168.1.20.812: Flags [.], ack 248, win 1432, length 0\n")
    session = ("crash> struct file.f_flags,f_count ffff8881046a3c00\n"
               "  f_flags = 32770,\n"
               "  f_count = 2\n"
               "crash> struct file.f_flags,f_count ffff8881046a3d00\n"
               "  f_flags = 32770,\n"
               "  f_count = 5\n")
    # tshark's summary lines, whatever the hosts look like (here anonymized)
    summary = ("   7   3.000205 h.4 -> h.2 TCP 66 812 > nfs [ACK] Seq=1 Ack=1 Win=17920 Len=0\n"
               "   8   3.000228 h.4 -> h.2 NFS 206 V3 READ Call, FH:0x48bf5000 Offset:0 Len:131072\n"
               "   9   3.000261 h.2 -> h.4 TCP 66 nfs > 812 [ACK] Seq=1 Ack=141 Win=19072 Len=0\n")
    # a test's results printed with the source line that printed them (LTP)
    results = ("entry02.c:82: TINFO: comm != 'helper' ('systemd')\n"
               "entry02.c:125: TINFO: elapsed >= 2 (1065/100: 10.00)\n"
               "entry02.c:131: TINFO: exit code != 32768 (0)\n")
    assert kinds(capture) == [("log", 0)]
    assert kinds(session) == [("log", 0)]
    # a harness's report of a filesystem test run: verdict and time per test, then the totals
    report = ("nfs/loopback: 1 tests, 412 seconds\n"
              "  generic/531  Pass     410s\n"
              "Totals: 1 tests, 0 skipped, 0 failures, 0 errors, 410s\n")
    assert kinds(summary) == [("log", 0)]
    assert kinds(report) == [("log", 0)]
    assert kinds(results) == [("log", 0)]
    assert analyze_body(session).tables == () and analyze_body(session).results == ()


def test_a_watchpoint_s_old_and_new_value_are_no_result():
    """gdb prints a watched word's value before and after each write that hit it: a memory word, not a
    baseline and a patched run, although the lines say "Old" and "New"."""
    stop = ("Thread 1 hit Hardware watchpoint 2: *0xffff88810badc0de\n"
            "\n"
            "Old value = 0\n"
            "New value = -4096\n"
            "rq_end_io (rq=<optimized out>, error=<optimized out>) at drivers/block/foo.c:210\n"
            "210\t\treturn 0;\n")
    assert kinds(stop)[0] == ("log", 0)
    found = analyze_body(stop)
    assert found.tables == () and found.results == ()


def test_mountstats_per_operation_statistics_are_a_listing():
    """mountstats prints counts, sizes and times per NFS operation of one mount: a listing of
    operations, whose captions ("GETATTR:", "LOOKUP:") name no setups to compare."""
    body = ("GETATTR:\n"
            "\t   81232 ops (12%)         12 retrans (0%)        0 major timeouts\n"
            "\tavg bytes sent per op: 140\tavg bytes received per op: 240\n"
            "\tbacklog wait: 0.012344  RTT: 0.210040   total execute time: 0.231120 (milliseconds)\n"
            "LOOKUP:\n"
            "\t   40211 ops (6%)          3 retrans (0%)        0 major timeouts\n"
            "\tavg bytes sent per op: 152\tavg bytes received per op: 210\n"
            "\tbacklog wait: 0.008812  RTT: 0.190020   total execute time: 0.201230 (milliseconds)\n")
    assert kinds(body) == [("listing", 0)]
    assert analyze_body(body).tables == ()


def test_lscpu_counts_are_a_listing():
    """lscpu writes its counts with "(s)": two machines' lists compare no runs."""
    body = ("server:\n\nCPU(s):                             80\nOn-line CPU(s) list:                0-79\n"
            "Thread(s) per core:                 2\n\nclient:\n\nCPU(s):                             32\n"
            "On-line CPU(s) list:                0-31\nThread(s) per core:                 1\n")
    assert [kind for kind, _ in kinds(body)] == ["prose", "listing", "prose", "listing"]
    assert analyze_body(body).tables == () and analyze_body(body).results == ()


def test_device_messages_without_timestamps_are_a_log():
    """dev_printk's "driver device: message" lines, pasted without dmesg's time, are still the kernel's log."""
    body = ("hub 3-0:1.0: USB hub found\n"
            "hub 3-0:1.0: 4 ports detected\n"
            "xhci_hcd xhci_hcd.2: new USB bus registered, assigned bus number 4\n"
            "usb usb4: New USB device found, idVendor=1d6b, idProduct=0003, bcdDevice= 6.01\n"
            "usb usb4: New USB device strings: Mfr=3, Product=2, SerialNumber=1\n")
    assert kinds(body) == [("log", 0)]


def test_lscpu_output_with_model_lines_is_a_listing():
    """lscpu prints "Model: 116" beside its "(s)" counts: two machines' outputs are still no table."""
    run = ("CPU(s):                   {n}\n  On-line CPU(s) list:    0-{m}\nVendor ID:                Vendor\n"
           "    CPU family:           {f}\n    Model:                {x}\n")
    body = run.format(n=16, m=15, f=25, x=116) + "\n" + run.format(n=112, m=111, f=6, x=106)
    assert [kind for kind, _ in kinds(body)] == ["listing", "listing"]
    assert analyze_body(body).tables == ()


def test_the_output_of_a_command_that_lists_the_machine_is_a_listing():
    """Whatever columns lscpu prints under "$ lscpu", they say what the machine is, not runs."""
    body = ("$ lscpu | head -5\n"
            "Architecture:                       x86_64\n"
            "CPU op-mode(s):                     32-bit, 64-bit\n"
            "Address sizes:                      46 bits physical, 48 bits virtual\n"
            "CPU(s):                             80\n"
            "NUMA node(s):                       2\n")
    assert kinds(body) == [("command", 0), ("listing", 1)]
    assert analyze_body(body).tables == () and analyze_body(body).results == ()


def test_sysfs_attributes_as_grep_prints_them_are_a_listing():
    """"grep -R ." inside a cpufreq directory prints "name:value": settings, whose words ("performance",
    "boost") make no claim."""
    body = ("# cd /sys/devices/system/cpu/cpu0/cpufreq; grep -R .\n"
            "scaling_max_freq:3900000\n"
            "scaling_available_governors:conservative ondemand userspace powersave\n"
            "performance schedutil\n"
            "scaling_governor:performance\n"
            "boost:1\n"
            "energy_performance_preference:balance_performance\n")
    assert kinds(body) == [("command", 0), ("listing", 1)]
    assert analyze_body(body).claims == ()


def test_a_kernel_file_printed_under_each_setup_is_a_listing():
    """"cat /proc/stat" under a "without"/"with the fix" caption prints counters since boot, once per
    kernel: a listing, not a table of runs, prompt or no prompt."""
    run = ("cat /proc/stat | head\n"
           "cpu  5187 0 10996 2025690 16566 765 184 0 0 0\n"
           "cpu0 9 0 28 14096 65 6 108 0 0 0\n"
           "cpu1 4 0 15 14277 0 0 2 0 0 0\n")
    body = "Without the fix:\n" + run + "\nWith the fix:\n" + run.replace(" 9 0 28", " 19 0 38")
    assert [kind for kind, _ in kinds(body)] == ["prose", "command", "listing", "prose", "command", "listing"]
    assert analyze_body(body).tables == () and analyze_body(body).results == ()


def test_source_lines_numbered_with_spaces_are_a_listing():
    """A debugger's or an editor's numbered source lines, indented by a tab: statements of code, however
    few, not rows of numbers."""
    body = ("\t    842                 trace_cookie(cookie->debug_id, refcount_read(&cookie->ref),\n"
            "\t    843                              n_users, cookie_unpinned);\n"
            "\t    844         if (n_users == 0)\n")
    assert kinds(body) == [("listing", 0)]
    comment = ("    1496                 /*\n"
               "    1497                  * Register with the energy model before\n"
               "    1498                  * the governor changes, which rebuilds the domains\n")
    assert kinds(comment) == [("listing", 0)]
    shown = ("310 static int pick_queue(struct ring *r, u32 mask)\n311 {\n312\n"
             "313 \u21e5       /* The first free slot wins, or the\n314 \u21e5        * last one used.\n"
             "315 \u21e5        */\n316 \u21e5       int slot = r->next & (mask - 1);\n")
    assert kinds(shown) == [("code", 0)]  # tabs drawn as the tab key's arrow: source, no rows


def test_a_map_of_an_address_space_is_a_listing():
    """Offsets in hex, zero-padded or grouped by underscores, and what lives at each: no rows of figures."""
    body = ("1_4c00_0000:  Timers\n      0_0000:   Counters\n         000:    12 timers x 64bit\n"
            "         300:    4 alarms x 32bit (always on)\n      2_a000:   Watchdog\n")
    assert kinds(body) == [("listing", 0)]
    assert line_kind("100: 5.2 ms") == "data"  # a load point and its time


def test_fields_with_their_colons_in_one_column_describe_a_device():
    """mdadm --examine and nvme-cli line up the colons of their fields: two devices' states compare no runs."""
    device = ("/dev/{d}:\n"
              "          Magic : a92b4efc\n"
              "     Raid Level : raid10\n"
              "   Raid Devices : 6\n"
              "  Total Devices : {t}\n"
              "\n"
              "    Update Time : Thu Sep 19 21:05:15 2019\n"
              "          State : {s}\n"
              " Active Devices : 4\n"
              " Failed Devices : 2\n")
    body = device.format(d="sdb2", t=6, s="active") + "\n" + device.format(d="sde2", t=5, s="clean")
    assert "listing" in [kind for kind, _ in kinds(body)] and "table" not in [kind for kind, _ in kinds(body)]
    assert analyze_body(body).tables == ()
    # a run's results under one another, their colons lined up, are no device: every value a number
    results = "read  : 812 MB/s\nwrite : 655 MB/s\n"
    assert [kind for kind, _ in kinds(results)] != ["listing"]


@pytest.mark.parametrize(("line", "kind"), [
    ("md2 : active raid1 sda7[0] sdb7[1]", "listing"),  # /proc/mdstat: an array and its members
    ("      921030656 blocks super 1.2 [2/2] [UU]", "listing"),
    ("      [==============>......]  recovery = 71.2% (655830016/921030656)", "listing"),
    ("ID# ATTRIBUTE_NAME          FLAGS    VALUE WORST THRESH FAIL RAW_VALUE", "listing"),  # smartctl -A
    ("  9 Power_On_Hours          -O--CK   091   091   000    -    8123", "listing"),
    ("194 Temperature_Celsius     0x0022   036   045   000    Old_age   Always       -       36", "listing"),
    ("6,2061,1297300268,-;md/raid1:mdX: not clean -- starting background reconstruction", "log"),  # /dev/kmsg
])
def test_device_state_and_kernel_records_by_their_formats(line, kind):
    assert line_kind(line) == kind


def test_btrfs_space_per_device_and_per_quota_group_are_listings():
    """`btrfs filesystem usage -T` prints the space each device holds per profile, `btrfs qgroup show` the
    space each quota group refers to: sizes of what is stored, under a caption or not, no runs compared."""
    usage = ("    Global reserve:         512.00MiB    (used: 96.00KiB)\n"
             "    Multiple profiles:                no\n\n"
             "              Data    Metadata System\n"
             "Id Path      RAID1   RAID1    RAID1    Unallocated Total    Slack\n"
             "-- --------- ------- -------- -------- ----------- -------- -----\n"
             "  1 /dev/sdx2 4.21TiB 22.00GiB 32.00MiB    11.00GiB  4.25TiB     -\n"
             "  2 /dev/sdy2 4.21TiB 18.00GiB        -    11.02GiB  4.25TiB     -\n"
             "  3 /dev/sdz3 4.20TiB 26.00GiB 32.00MiB    10.00GiB  4.25TiB     -\n"
             "-- --------- ------- -------- -------- ----------- -------- -----\n"
             "    Total     6.31TiB 33.00GiB 32.00MiB    32.02GiB 12.75TiB 0.00B\n"
             "    Used      6.10TiB 30.10GiB  1.20MiB\n")
    groups = ("Qgroupid    Referenced    Exclusive   Path\n--------    ----------    ---------   ----\n"
              "0/5           48.00KiB     48.00KiB   <toplevel>\n0/257          1.20GiB    120.00MiB   vol1\n"
              "0/258          1.30GiB    220.00MiB   vol2\n")
    assert analyze_body("The usage now:\n\n" + usage).tables == ()
    assert analyze_body("Before the rebalance:\n\n" + groups).tables == ()


def test_a_scrub_s_raw_counters_per_device_are_a_listing():
    """`btrfs scrub status -R` prints the counters of its work per device: how much it read, no run
    measured against another, however alike the two devices' blocks look."""
    def device(name: str, index: int, extents: int, trees: int) -> str:
        return (f"scrub device /dev/sd{name} (id {index}) history\n"
                "\tscrub started at Tue Mar  3 10:00:00 2020 and finished after 09:12:40\n"
                f"\tdata_extents_scrubbed: {extents}\n\ttree_extents_scrubbed: {trees}\n"
                f"\tdata_bytes_scrubbed: {extents * 61}\n\tread_errors: 0\n\tcsum_errors: 0\n\tverify_errors: 0\n"
                "\tno_csum: 1290311\n\tcsum_discards: 0\n\tsuper_errors: 0\n\tuncorrectable_errors: 0\n"
                "\tcorrected_errors: 0\n")
    body = ("The scrub finished without errors:\n\nscrub status for 0a1b2c3d-0000-4000-8000-123456789abc\n"
            + device("b", 1, 41234567, 211409) + device("c", 2, 41312345, 70123))
    assert analyze_body(body).tables == ()


@pytest.mark.parametrize("first", [
    "add/remove: 0/1 grow/shrink: 2/3 up/down: 48/-212 (-164)\n",  # its summary line
    "",  # trimmed to the symbols: the column header still says what they are
])
def test_bloat_o_meter_sizes_are_a_listing(first):
    """scripts/bloat-o-meter compares the sizes of symbols before and after a change: no runs."""
    body = (first + "Function                                     old     new   delta\n"
            "blk_mq_alloc_rqs                             812     860     +48\n"
            "blk_mq_free_rqs                              540     412    -128\n"
            "blk_mq_init_tags                             296     212     -84\n"
            "Total: Before=31208, After=31044, chg -0.53%\n")
    assert [kind for kind, _ in kinds(body)] == ["listing"]
    assert analyze_body(body).tables == () and analyze_body(body).results == ()


def test_lvm_segment_maps_are_a_listing():
    """pvdisplay --maps: which logical extents lie on which physical ones, no measurement."""
    segments = [(0, 1248, "root", 2231, 3479), (1249, 1728, "root", 640, 1119), (1729, 1760, "images", 0, 31),
                (1761, 2016, "swap", 0, 255), (2017, 2047, "root", 3480, 3510)]
    body = "  --- Physical Segments ---\n" + "".join(
        f"  Physical extent {a} to {b}:\n    Logical volume\t/dev/vg0/{lv}\n    Logical extents\t{c} to {d}\n"
        for a, b, lv, c, d in segments)
    assert analyze_body(body).tables == () and analyze_body(body).results == ()


def test_process_rows_as_ps_l_prints_them_are_a_listing():
    body = ("# ps -elf | grep ' D '\n"
            "1 D root       812       2  0  80   0 -     0 md_wri 02:11 ?        00:00:03 [md0_raid5]\n"
            "0 D root      3993    3953  0  80   0 - 55416 wait_b 02:18 pts/1    00:00:00 sync\n")
    assert [kind for kind, _ in kinds(body)][-1] == "listing"
    assert analyze_body(body).tables == ()


@pytest.mark.parametrize("body", [
    # mdadm --detail's members, two arrays' outputs one after the other
    ("    Number   Major   Minor   RaidDevice State\n"
     "       0       8        1        0      active sync   /dev/sda1\n"
     "       1       8       17        1      active sync   /dev/sdb1\n"
     "       -      65       49        -      spare   /dev/sdt1\n\n"
     "    Number   Major   Minor   RaidDevice State\n"
     "       0       8       33        0      active sync   /dev/sdc1\n"
     "       1       8       49        1      active sync   /dev/sdd1\n"
     "       -      65       65        -      spare   /dev/sdu1\n"),
    # size(1) over an object file before and after a change: sizes, not speeds
    ("   text\t   data\t    bss\t    dec\t    hex\tfilename\n"
     "  75383\t   8237\t      8\t  83628\t  146ac\tfs/io_uring.before.o\n"
     "  74911\t   8237\t      8\t  83156\t  144d4\tfs/io_uring.o\n"),
    # dmsetup info -c
    ("Name                Maj Min Stat Open Targ Event  UUID\n"
     "vg0-root            253   0 L--w    1    1      0 LVM-ypcHlbNXu36FLRgU0EcUi\n"
     "vg0-home            253   1 L--w    1    1      0 LVM-ypcHlbNXu36FLRgU0EcUj\n"),
])
def test_device_and_size_listings_are_listings(body):
    assert analyze_body(body).tables == () and analyze_body(body).results == ()


def test_a_shell_loop_after_any_prompt_is_a_command_and_its_output_no_runs():
    """A loop typed at a shell whose prompt no pattern knows, run twice a few seconds apart: its output
    is two samples of the same counters, not a baseline and a patched kernel."""
    run = ("    [Mon Jul 22 20:18:06 @ ~]:> for d in dm-19 dm-17; do echo -n $d; cat\n"
           "    /sys/block/$d/inflight; done\n"
           "    dm-19       9        1\n"
           "    dm-17      11        2\n")
    body = "The counters do not change:\n\n" + run + run.replace("20:18:06", "20:18:11")
    assert "command" in [kind for kind, _ in kinds(body)]
    assert analyze_body(body).tables == ()


# A plot as gnuplot's "dumb" terminal draws it: axis ticks, a border, points as stars.
_CHART = """\
                 Latency gain of the new path (%)
  30 +-+--------+---------+---------+---------+--------+-+
     |          +         +         +         +          |
  20 +-+                                       **      +-+
     |                              **         **        |
  10 +-+                **          **         **      +-+
     |        **        **          **         **        |
   0 +-+------**--------**----------**---------**------+-+
              1         2           4          8
                           Threads
"""


def test_a_chart_drawn_in_text_is_a_chart_not_a_table():
    assert "chart" in [kind for kind, _ in kinds(_CHART)]
    assert "table" not in [kind for kind, _ in kinds(_CHART)]
    assert analyze_body("Results:\n\n" + _CHART).tables == ()


@pytest.mark.parametrize("line", ["+-------+-------+--------+", "|  12   |  34   |   56   |",
                                  "|          |            |            |"])
def test_box_borders_and_rows_are_no_chart_lines(line):
    assert line_kind(line) != "chart"


def test_a_tool_line_between_the_commands_that_printed_it_is_a_table_block():
    body = "  # dd if=/dev/zero of=/tmp/x bs=4k count=100\n  409600 bytes (410 kB, 400 KiB) copied, 0.1 s, 4.1 MB/s\n" \
           "  # dd if=/dev/zero of=/tmp/x bs=8k count=50\n"
    assert [block.kind for block in split_blocks(body)] == ["command", "table", "command", "blank"]


def test_a_row_ending_in_an_abbreviation_is_no_sentence():
    """"vs." over the change columns of a header row ends no sentence: the line is the table's, and its
    header lines stay one block with the rows."""
    from extractors.blocks import line_kind

    assert line_kind(" swappiness        60        60        60    vs.     vs.") == "data"
    assert line_kind("It went from 60 to 45 ms in our runs, and 30 to 25 ms in theirs.") == "text"


def test_tables_under_a_machine_command_in_one_paragraph_are_its_listing():
    # inxi wraps its rows, so words stand between them: every table after the command is still its listing
    text = ("The box I see it on:\n\n # inxi -bZ\n"
            "System:    Host: testbox Kernel: 6.1.9-custom x86_64 bits: 64 Desktop:\nXfce 4.18.0 \n"
            "           Distro: Example Linux release 3.4 \n"
            "Machine:   Type: Desktop Mobo: Acme model: B450 serial: N/A BIOS: Acme v:\n5.20 PG date: 11/03/2021 \n")
    kinds = [block.kind for block in split_blocks(text) if block.kind != "blank"]
    assert "table" not in kinds and kinds.count("listing") == 2


def test_setups_stating_one_figure_each_are_a_table():
    """Lines closed like sentences that each name a setup and state one figure in the same unit are a
    list of results; two such lines, or lines in different units, are prose."""
    records = ("  base: 8 cycle fast path.\n  v2: 10 cycle fast path.\n  v3: 9 cycle fast path,\n"
               "      as good as base.\n")
    assert kinds(records) == [("table", 0)]
    assert kinds("  base: 8 cycle fast path.\n  v2: 10 cycle fast path.\n") == [("prose", 0)]
    assert kinds("  base: 8 cycle fast path.\n  v2: 10 ns in all.\n  v3: 9 MB more.\n") == [("prose", 0)]



@pytest.mark.parametrize(("body", "expected"), [
    # the rest of a row's name, indented like the row and ending before its first value: part of the table
    ("    1. Cycles spent in      51234      23011\n    hash_update()\n    while mounting\n\nThat is all.\n",
     [("table", 0), ("prose", 4)]),
    # a line at the margin is as likely the sentence after the table
    ("Cycles spent in      51234      23011\nthat was on the idle box\n", [("table", 0), ("prose", 1)]),
    # a sentence under a row, however short, is no part of a name
    ("    Throughput      1234      1301\n    is what we got.\n", [("table", 0), ("prose", 1)]),
    # a line reaching under the values is no part of a name
    ("    Cycles spent in      51234      23011\n    and this line is far too long to be the rest of that name\n",
     [("table", 0), ("prose", 1)]),
])
def test_the_rest_of_a_row_name_printed_under_it_stays_with_the_row(body, expected):
    assert [(b.kind, b.first_line) for b in split_blocks(body) if b.kind != "blank"] == expected


def test_a_sentence_naming_two_settings_is_no_line_of_pairs():
    assert line_kind('Could you check how the run looks with "delay=0" and "delay=1" on your box') == "text"
    assert line_kind("  read: io=512MiB, bw=26214KB/s, iops=6553, runt= 20001msec") == "data"


def test_a_definition_in_braces_is_code_whatever_its_language():
    """An interface definition's fields ("unit: ?(bytes, seconds)") look like no C, but the paragraph
    opens a body with a brace and closes it on a line of its own: it is code, and its "?" asks nothing.
    A sentence before the brace keeps the paragraph prose, with the code after it."""
    body = ("  // the schema, for reference\n  type Counter {\n    name: string,\n"
            "    unit: ?(bytes, seconds, cycles),\n    count: int\n  }\n")
    assert kinds(body) == [("code", 0)]
    body = "This takes the lock on every run. The simple way would be:\n\tif (!ran) {\n\t\t...\n\t}\n"
    assert kinds(body)[0] == ("prose", 0)


def test_a_test_harness_report_of_cases_with_verdicts_and_times_is_a_log():
    """"Name   Failed   0.012 seconds": a harness's verdict on each case and the time the case took, the
    report of a functional run, not a table of timings."""
    body = ("Failed Test Cases\n"
            "Scan Start - Success 2                     Failed       0.014 seconds\n"
            "Pair Device - Legacy 1                     Timed out    2.310 seconds\n"
            "Read Clock - Case 1                        Passed       0.005\n")
    assert kinds(body) == [("log", 0)]
    assert line_kind("The first run    Passed   0.5 s") == "log"
    assert line_kind("Scan latency      0.014 seconds      0.011 seconds") != "log"


def test_usb_descriptors_and_byte_dumps_after_their_offsets_are_no_data():
    """lsusb -v names a descriptor's fields by their type ("bLength", "idVendor"); a packet analyser dumps
    bytes after their offset ("0010   b8 73 ..."): settings and bytes, never a table."""
    body = ("  bLength                18\n  bDescriptorType         1\n  bcdUSB               2.00\n"
            "  bMaxPacketSize0        64\n  idVendor           0x1d6b Example Corp\n"
            "  iProduct                2 Radio\n")
    assert kinds(body) == [("listing", 0)]
    body = ("0000   41 0c 00 00 9a 01 02 03 00 00 11 00 2d 00 00 00\n"
            "0010   3c 07 de ad 19 2e 40 51 6a 7b 8c 9d ae bf c0 d1\n")
    assert kinds(body) == [("log", 0)]


def test_a_harness_total_of_verdicts_is_a_log():
    assert line_kind("Total: 8, Passed: 7 (87.5%), Failed: 1, Not Run: 0") == "log"
    assert line_kind("# Totals: pass:12 fail:0 xfail:0 xpass:0 skip:0 error:0") == "log"
    assert line_kind("Total: 8 runs, mean 12.3 ms") == "data"


def test_daemon_lines_without_a_host_and_a_bot_list_of_crash_titles_are_logs():
    """syslog's stamp and a daemon's tag with no host between ("Mar  3 09:12:40  exampled[412]:"), and a
    bot's table of open reports, each row a crash's title ("KASAN: ... Read in", "possible deadlock in")."""
    assert line_kind("Mar  3 09:12:40  exampled[412]: src/agent.c:agent_ref() 0x1f00: ref=2") == "log"
    assert line_kind("41      Yes   KASAN: use-after-free Read in example_conn_del") == "log"
    assert line_kind("17      No    possible deadlock in example_sock_release") == "log"


def test_a_bluetooth_monitor_trace_is_a_log():
    """btmon marks each event's direction or a note and ends the line with the seconds since the trace
    began: a trace of events, whatever columns its padding makes."""
    assert line_kind("= Note: Example subsystem version 1.04                          0.408835") == "log"
    assert line_kind("< HCI Command: Example Vendor Op (0x3f|0x0123) plen 2  #7 [hci0] 0.105112") == "log"


def test_a_hid_recorder_event_is_a_log():
    """hid-recorder's event line: "E:", the time, the report's length and its bytes."""
    assert line_kind("E: 000123.456789 6 02 11 00 3f 00 00") == "log"
