"""What a configuration or listing looks like, line by line and paragraph by paragraph: Kconfig and
sysctl lines, job and INI files, lspci, ls -l, JSON, lsblk's devices and trees, file excerpts with line
numbers. `extractors.blocks` gives such lines and paragraphs the kind "listing", which no finder reads:
their numbers are settings and addresses, not measurements.
"""

from __future__ import annotations

import re

from extractors.vocab.configurations import BASELINE_RE, PATCHED_RE
from extractors.vocab.units import MEASURED_DIMENSIONS, lookup_unit

# Configuration listings: Kconfig, sysctl / sysfs assignments, lspci and device lines.
_LISTING_LINE_RE = re.compile(
    r"^\s*(?:"  # every form may be indented: the indentation is skipped once
    r"(?:# )?CONFIG_\w+(?:=\S*| is not set)\s*$"
    r"|\w[\w-]*(?:\.[\w-]+)+\s*=\s*\S+\s*$"  # sysctl "net.core.somaxconn = 4096"
    r"|[0-9a-f]{2,4}:[0-9a-f]{2}(?::[0-9a-f]{2})?\.\d\s"  # lspci "00:1f.2 SATA controller"
    r"|/(?:dev|sys|proc|usr|etc|tmp|home|mnt|var)/\S*\s*$"  # a path on its own
    # a kernel file and what it holds, as grep prints them ("/proc/1234/status Threads:\t4")
    r"|/(?:proc|sys)/\S+(?:\s+|:)\S"
    # a sysfs attribute as "grep -R ." prints it inside the directory: "scaling_governor:schedutil", "boost:0"
    r"|[a-z][a-z0-9]*(?:_[a-z0-9]+)+:(?!//)\S|[a-z][a-z0-9_]*:-?\d+\s*$"
    # a field holding a date and time ("Scrub started:    Sun Jul 16 17:48:48 2023"): when, not how fast
    r"|[A-Za-z][\w ./-]{0,40}:\s+(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+)?"
    r"(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\s+\d{1,2}|\d{4}-\d\d-\d\d),?\s+\d{1,2}:\d\d"
    r"|[\w.-]+=\S*\s*$|\[[\w .:-]+\]\s*$"  # a job or config file: "iodepth=32", "[global]"
    r"|\"[^\"]*\"\s*:\s*[^,]*,?\s*$|[{}\[\]],?\s*$"  # JSON
    # a USB descriptor's field as lsusb -v prints it, named in the specification's notation by the field's
    # type ("bLength 18", "wTotalLength 0x0020", "bmAttributes", "idVendor 0x0bda", "iProduct 2 ...")
    r"|(?:b|w|bm|bcd|id|i)[A-Z][A-Za-z0-9]*\s{2,}\S"
    r")")
# date(1)'s stamp, alone or ending a line of words ("#80 SMP PREEMPT_DYNAMIC Wed Jan 10 06:33:59 EST 2024", as
# uname -v prints the build): when something happened, whatever columns its padded day makes. After fields
# ("pid=4410: Mon Mar  2 10:01:12 2026", fio's job line) it ends a tool's line, which is read as the tool's.
_DATE_STAMP_RE = re.compile(r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
                            r" +\d{1,2} \d\d:\d\d:\d\d(?: [A-Z]{3,5})? \d{4}\s*$")


def ends_in_date_stamp(line: str) -> bool:
    """Whether a line of words ends in date(1)'s stamp (no field before it: "pid=4410: Mon Mar ...")."""
    found = _DATE_STAMP_RE.search(line)
    return found is not None and ":" not in line[:found.start()] and "=" not in line[:found.start()]


# lscpu's counts, which it writes with "(s)": "CPU(s): 80", "On-line CPU(s) list: 0-79", "Thread(s) per
# core: 2", "NUMA node0 CPU(s): 0-39". One of them makes the whole paragraph lscpu's listing.
LSCPU_COUNT_RE = re.compile(r"^\s*(?:On-line |Off-line |NUMA node\d+ )?(?:CPU|Thread|Core|Socket|Cluster|Book|Drawer)"
                            r"\(s\)(?: list| per \w+)?:\s+[\d,-]+\s*$")
# Lines that make the whole paragraph they stand in a listing, whatever numbers its rows hold:
# scripts/bloat-o-meter's summary line, column header and total (the sizes of symbols before and after a
# change, "Function old new delta", never a measurement), size(1)'s header over the sections of object
# files ("text data bss dec hex filename", sizes again) and its "(TOTALS)" row, the column headers of mdadm --detail's
# members and of dmsetup info -c's devices, and df's header over the space (or, with -i, the inodes) of file
# systems (also as a line of a diff between a test's expected and actual output, "+Filesystem  1K-blocks ..."),
# btrfs' space per quota group ("Qgroupid  Referenced  Exclusive") and per device and profile ("Id Path  RAID1
# ... Unallocated"), the raw counters of a scrub ("data_extents_scrubbed: 5744"), which count its work,
# objdump -h's sections (index, name, size, addresses, file offset, "2**5" alignment: sizes again), and the
# setup fstests' check prints over its results ("FSTYP -- xfs", "MKFS_OPTIONS -- ..."), the build robot's
# size changes per symbol and commit ("| DELTA | SYMBOL | COMMIT |"), and CPU masks as /proc and sysfs print
# them, 32 CPUs to a group of eight hex digits ("331: 00000000,00010000"): which CPUs, never a measurement.
LISTING_HEADER_RE = re.compile(r"^\s*(?:add/remove: \d+/\d+ grow/shrink: \d+/\d+ up/down: \d+/-?\d+"
                               r"|[-+]?Filesystem\s+(?:Type\s+)?(?:(?:\d*[KMG]?-blocks|Size)\s+Used\s+Avail(?:able)?"
                               r"|Inodes\s+IUsed\s+IFree)\s"
                               r"|text\s+data\s+bss\s+dec\s+hex\b|(?:\S+\s+)?(?:\d+\s+){4}[0-9a-f]+\s+\(TOTALS\)"
                               r"|Function\s+old\s+new\s+delta\s*$|Total: Before=\d+, After=\d+, chg "
                               r"|Number\s+Major\s+Minor\s+RaidDevice\s+State\b"
                               r"|Name\s+Maj\s+Min\s+Stat\s+Open\s+Targ\b"
                               r"|[Qq]groupid\s+(?:rfer\s+excl|Referenced\s+Exclusive)\b"
                               r"|Id\s+Path\s+.*\bUnallocated\b|data_extents_scrubbed:\s+\d"
                               r"|\d+\s+\S+\s+[0-9a-f]{8}\s+[0-9a-f]{8,16}\s+[0-9a-f]{8,16}\s+[0-9a-f]{8}\s+2\*\*\d+"
                               r"|(?:FSTYP|PLATFORM|MKFS_OPTIONS|MOUNT_OPTIONS)\s+-- "
                               r"|\|?\s*DELTA\s*\|\s*SYMBOL\s*\|\s*COMMIT\b"
                               r"|(?:\S+:\s+)?[0-9a-f]{8}(?:,[0-9a-f]{8})+\s*$)")
# A kernel object named by its sysfs path ("/devices/platform/clk_a", "/sys/class/net/eth0"): a listing of
# objects and their states, never a setup measured.
_SYSFS_PATH = r"/(?:sys|devices)/\S"
SYSFS_PATH_RE = re.compile(rf"^\s*{_SYSFS_PATH}")
# Listings whose lines hold numbers in columns, as a tool's rows do, by their own form: a tree drawn by
# lsblk, pstree or tree ("├─sda1", "└─md0", or without the stroke as lsdrv draws it: "│ └sda6"), lsblk's
# device lines (NAME MAJ:MIN RM SIZE RO TYPE), ls -l's files (mode bits, links, sizes; with -i the inode
# number first), stat(1)'s fields, mountstats' statistics per NFS operation, devices with their sizes,
# extent maps (and LVM's segment maps and volumes), mdadm's members, ps's process rows and lscpu's counts.
DEVICE_LISTING_RE = re.compile(r"^[\s\u2502|`]*(?:[\u251c\u2514`]\u2500|[\u251c\u2514]\w)"
                               # the other forms may be indented: the indentation is skipped once
                               r"|^\s*(?:\S+\s+\d+:\d+\s+[01]\s+[\d.]+[KMGTPE]?\s+[01]\s+[a-z]+\d*\b"
                               r"|(?:\d+\s+)?[-dlcbps][rwxsStT-]{9}[.+@]?\s+\d+ "
                               # stat(1)'s fields: mode, times to the nanosecond, size and blocks, inode
                               r"|Access: \(\d{4}/[-dlcbps][rwxsStT-]{9}\)"
                               r"|(?:Access|Modify|Change|Birth): \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9}"
                               r"|Size: \d+\s+Blocks: \d+\s+IO Block: \d+|Device: \S+\s+Inode: \d+\s+Links: \d+"
                               # mountstats' statistics per NFS operation: counts, sizes and times of each
                               r"|\d+ ops \(\d+%\)(?:\s+\d+ retrans \(\d+%\)\s+\d+ major timeouts|\s*$)"
                               r"|avg bytes sent per op: \d+\s+avg bytes received per op: \d+"
                               r"|backlog wait: [\d.]+\s+RTT: [\d.]+\s+total execute time: [\d.]+"
                               # a kernel object by its sysfs path and what is printed of it (pm_genpd_summary's
                               # devices, "/devices/platform/clk_a  active  800000")
                               rf"|{_SYSFS_PATH}+\s"
                               # a device and its size (btrfs filesystem usage, df): "/dev/loop0  288.00MiB"
                               r"|/dev/\S+\s+[\d.]+\s?[KMGTPE]i?B\s*$"
                               # an extent map (xfs_io bmap, filefrag): "0: [0..255]: 26624..26879  256  0x8"
                               r"|\d+: \[\d+\.\.\d+\]:"
                               # a map of an address space: an offset in hex, zero-padded or grouped by
                               # underscores, and what lives there ("2_3b00_0000:  clocks", "0100:  10 gates")
                               r"|(?:0x)?(?=[\da-f_]*\d)(?=[\da-f_]*_|0|[\d_]*[a-f])[\da-f][\da-f_]{2,}:\s+\S"
                               # /proc/mdstat: an array's line, its size and members, a resync's progress
                               # ("md2 : active raid1 sda7[0] sdb7[1]", "921030656 blocks super 1.2 [2/2] [UU]",
                               # "[=====>....]  check = 99.8% (919643456/921030656)")
                               r"|md\w*\s*:\s*(?:active|inactive)\b|\d+ blocks (?:super|level)\b"
                               r"|\[=*>?\.*\]\s+(?:check|resync|recovery|reshape)\s*="
                               # mdadm --detail's member rows: number, major, minor, slot, state words, device
                               r"|(?:\d+|-)\s+\d+\s+\d+\s+(?:\d+|-)\s+(?:[a-z-]+\s+){1,4}/dev/\S+\s*$"
                               # ps -l / -elf's process rows: flags, state, user, pid, ppid, cpu, priority, nice
                               r"|\d{1,3}\s+[RSDZTIWXt]\s+\S+\s+\d+\s+\d+\s+\d+\s+\d+\s+-?\d+\s+-\s+\d+\s"
                               # ps ax's process rows: pid, terminal, state with its flags, CPU time, command
                               # ("  263 ?        I<     0:00 [rpciod]")
                               r"|\d+\s+(?:\?|pts/\d+|tty\w*)\s+[RSDZTIWXt][<NLsl+]*\s+\d+:\d\d\s+\S"
                               # ps aux's: user, pid, %cpu, %mem, virtual and resident size, terminal, state,
                               # start, CPU time ("root  539  0.0  0.0  4352  1528 ?  D  12:20  0:00 ...")
                               r"|\S+\s+\d+\s+\d+\.\d\s+\d+\.\d\s+\d+\s+\d+\s+(?:\?|pts/\d+|tty\w*)\s+[RSDZTIWXt][<NLsl+]*"
                               r"\s+\S+\s+\d+:\d\d"
                               # lvs' volumes: name, group, the ten attribute flags, size ("root vg -wi-ao---- 70.00g")
                               r"|\S+\s+\S+\s+(?=[-a-zA-Z]{10}\s)(?:[a-zA-Z]*-){2}[-a-zA-Z]*\s+<?\d+(?:\.\d+)?[bkmgtpe]\b"
                               # LVM's segment maps (lvdisplay/pvdisplay --maps): which extents lie where
                               r"|(?:Logical|Physical) extents?\s+\d+ to \d+:?\s*$"
                               # smartctl -A's attribute table, by its header and its rows' flag columns
                               r"|ID# ATTRIBUTE_NAME\s"
                               r"|\d{1,3} [A-Z][A-Za-z_-]+\s+(?:0x[0-9a-f]{4}|[PO-][O-][S-][R-][C-][K-])\s"
                               r"|" + LSCPU_COUNT_RE.pattern.removeprefix(r"^\s*") + ")")
# Two more forms of a listing, each tried only on lines holding what it needs: settings, two or more
# "key=word" pairs ("ioengine=io_uring, rw=read"); a short label, ':' or ' -- ' and words ("Model name:
# AMD EPYC ...").
_SETTINGS_LINE_RE = re.compile(r"^(?=(?:.*?\w=[A-Za-z_/]){2})")
_LABELLED_LINE_RE = re.compile(
    r"^\s*[A-Za-z][\w./-]*(?: [\w./-]+){0,2}(?::\s+|\s+--\s+)(?![-+~]?\d)\S.*[A-Za-z]{3}(?<![.?!])\s*$")


# lspci's device line after a tool's prefix: the address, the device class and a colon ("PCI [nvme]
# 03:00.0 Non-Volatile memory controller: Intel ..."); a duration "03:00.0" is not followed so.
_PCI_DEVICE_RE = re.compile(r"\s(?:[0-9a-f]{4}:)?[0-9a-f]{2}:[0-9a-f]{2}\.[0-7] [A-Z][^:]{2,60}: \S")


def is_listing_line(line: str) -> bool:
    """Whether a line has the syntax of a configuration listing (before the checks for a tool's row).
    A label and words that end in a measurement ("Before: average throughput: 4527.12 MB/sec") are a
    result, however much they look like "Model name: AMD EPYC"."""
    return bool(_LISTING_LINE_RE.match(line) or (line.count("=") >= 2 and _SETTINGS_LINE_RE.match(line))
                or (line.count(":") >= 2 and _PCI_DEVICE_RE.search(line))
                or ((":" in line or "--" in line) and _LABELLED_LINE_RE.match(line) and not _ends_in_measurement(line)))


# A field as mdadm (--detail, --examine), nvme-cli and /proc/cpuinfo print one: a name, a space, a colon
# lined up with the other fields' colons, and the value ("     Raid Level : raid10", "mn        : INTEL
# SSD", "model name\t: ..."). A paragraph of such fields, some of them words, describes a device.
_ALIGNED_FIELD_RE = re.compile(r"^\s*[A-Za-z][\w ()/.+-]{0,40}?\s:\s+(?P<value>\S.*)$")
_MIN_ALIGNED_FIELDS = 2


def aligned_fields(lines: list[str]) -> bool:
    """Whether most of a paragraph's lines are fields whose colons stand in one column, with a value in
    words among them (a device's state, not a run's results); fields indented under a field ("CPU : MODEL :
    ..." over "      MAX BOOST  : 3.40 GHz") line up their colons in a column of their own."""
    fields = [m for line in lines if (m := _ALIGNED_FIELD_RE.match(line.expandtabs(8)))]
    if len(fields) < _MIN_ALIGNED_FIELDS or len(fields) * 2 < len(lines):
        return False
    colons: dict[int, set[int]] = {}  # a field's indentation -> the columns after the colons of its fields
    for m in fields:
        indent = len(m.string) - len(m.string.lstrip())
        colons.setdefault(indent, set()).add(len(m.string[:m.start("value")].rstrip()))
    return all(len(columns) == 1 for columns in colons.values()) and \
        any(not m.group("value")[:1].isdigit() for m in fields)


# A field of a record a tool dumps as "name value": a lower-case name, then its number ("transid 55",
# "size 262144", "devid 1"): three of them on a line, the line opening with one, are a record, each
# number a field of its own ("generation 55 transid 55 size 262144 nbytes 786432", btrfs' dumps and
# "fi show"), never a row of values under a header.
_FIELD_RE = re.compile(r"(?:^|\s)[a-z][a-z_]{1,20}\s+-?\d[\w.]*(?=\s|$)")
_RECORD_FIELDS = 3
_DIGIT_RE = re.compile(r"\d")


def is_record_line(line: str) -> bool:
    """Whether a line is a record of "name value" fields (`_RECORD_FIELDS` or more)."""
    stripped = line.lstrip()
    if not stripped[:1].islower() or not _DIGIT_RE.search(stripped):
        return False
    return len(_FIELD_RE.findall(stripped)) >= _RECORD_FIELDS and bool(_FIELD_RE.match(stripped))


# A number and the unit after it at the end of a line: "4527.12 MB/sec", "2293 ns".
_MEASUREMENT_END_RE = re.compile(r"\d\s?(?P<unit>[A-Za-z][A-Za-z/]*)\s*$")


def _ends_in_measurement(line: str) -> bool:
    match = _MEASUREMENT_END_RE.search(line)
    unit = lookup_unit(match.group("unit")) if match else None
    return unit is not None and unit.dimension in MEASURED_DIMENSIONS


# A line as `cat -n` and test robots' file excerpts print it: its number, a tab, the line's text; or as an
# editor or `nl` does, the number and two spaces (an empty line of the file is its number alone).
_NUMBERED_LINE_RE = re.compile(r"^\s*(\d{1,6})\t(.*)$")
_SPACED_NUMBERED_LINE_RE = re.compile(r"^\s*(\d{1,6})(?: {2,}(.*)|\s*()$)")
_WORD_OF_TEXT_RE = re.compile(r"[A-Za-z]{3}")


# Source code after a line number: the end of a statement of C and its kin ("n = atomic_read(&x->n);",
# "if (x) {"), or a comment ("/*", " * Register with ...", "// ..."): no table row reads so.
_SOURCE_RE = re.compile(r"[;{}]\s*$|^\s*(?:/\*|\*|//)")
_NUMBERED_SOURCE_RE = re.compile(r"^\s*(\d{1,6})\s+(?:/\*|\*|//|.*[;{}]\s*$)")
# A remark pointed at a line of an excerpt ("break;    ---> leaves the loop", "<-- here"), and a line
# standing for the lines left out ("...", "[...]", "<snip>").
_REMARK_RE = re.compile(r"\s{2,}(?:-{2,}>|<-{2,}|={2,}>).*$")
_ELISION_LINE_RE = re.compile(r"^\s*(?:\.{3,}|\u2026|\[\.{3}\]|<snip>|\[snip\])\s*$")


def _one_after_another(found: list[tuple[int, re.Match]], lines: list[str]) -> bool:
    """Whether numbered lines (index, match) count up by one, or jump ahead where an elided part of the
    file ("...", "[...]") stands between them."""
    return all(int(b.group(1)) == int(a.group(1)) + 1 or int(b.group(1)) > int(a.group(1)) and
               any(_ELISION_LINE_RE.match(lines[k]) for k in range(i + 1, j))
               for (i, a), (j, b) in zip(found, found[1:]))


def numbered_excerpt(lines: list[str]) -> bool:
    """Whether a paragraph is a file excerpt with line numbers: its lines numbered one after another (or
    past an elision), and some of them empty or words after the number (a table whose first column
    counts runs holds numbers on every row); numbered with spaces, an empty one (no table row is its
    index alone) or a line of source code ("583    n = atomic_read(&x->n);", "1497     * Register with
    ...", maybe with a remark pointed at it: "break;    ---> leaves the loop")."""
    opening = sum(1 for line in lines if line.lstrip()[:1].isdigit())
    if opening < 2:
        return False  # most paragraphs: too few lines open with a number (the cheap test first)
    source = [(i, m) for i, line in enumerate(lines) if (m := _NUMBERED_SOURCE_RE.match(_REMARK_RE.sub("", line)))]
    if len(source) == opening and len(source) * 2 >= len(lines) and _one_after_another(source, lines):
        # every numbered line source code, one after another ("76 /**", "77  * Returns ..."), some of
        # them wrapped by the mail client
        return True
    if opening < 3:
        return False
    spaced = sum(1 for line in lines if _NUMBERED_LINE_RE.match(line)) < 3  # three tab-numbered lines, else spaces
    numbered = [m for m in map((_SPACED_NUMBERED_LINE_RE if spaced else _NUMBERED_LINE_RE).match, lines) if m]
    if len(numbered) < 3 or len(numbered) * 5 < len(lines) * 4:
        return False
    numbers = [int(m.group(1)) for m in numbered]
    if any(b != a + 1 for a, b in zip(numbers, numbers[1:])):
        return False
    return any(not (m.group(2) or "").strip() or not spaced and _WORD_OF_TEXT_RE.search(m.group(2))
               or _SOURCE_RE.search(m.group(2) or "") for m in numbered)


# An INI-style configuration file (nfs.conf, systemd units, git config): "[section]" lines, each over
# "key = value" settings of one word; or its braced form (mke2fs.conf, krb5.conf): "name = {" ... "}".
_SECTION_LINE_RE = re.compile(r"^\s*(?:\[[\w .:-]+\]|[\w.-]+\s*=\s*\{|\})\s*$")
_SETTING_LINE_RE = re.compile(r"^\s*[\w.-]+\s*=\s*\S*\s*$")


def is_config_file(lines: list[str]) -> bool:
    """Whether a paragraph is a configuration file: two or more sections and nothing but settings under
    them. Sections that name the sides of a comparison ("[base]", "[patched]") head results instead."""
    sections = [line for line in lines if _SECTION_LINE_RE.match(line)]
    if len(sections) < 2 or any(BASELINE_RE.search(line) or PATCHED_RE.search(line) for line in sections):
        return False
    # a value a mail client wrapped onto the next line is a word alone there, after a "key ="
    return all(_SECTION_LINE_RE.match(line) or _SETTING_LINE_RE.match(line)
               or (i and lines[i - 1].rstrip().endswith("=") and len(line.split()) == 1)
               for i, line in enumerate(lines))
