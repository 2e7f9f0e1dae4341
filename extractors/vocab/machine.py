"""Words that describe the machine or setup a benchmark ran on, not a measurement.

A list of "CPU: ...", "Memory: 256G", "Kernel: 6.1" lines says where the numbers below come from; two
such lists (one per machine) compare nothing. The same words let a report quote the setup a message
states beside its numbers.
"""

from __future__ import annotations

import re

MACHINE_WORDS: tuple[str, ...] = (
    "cpu", "cpus", "cpu core", "cpu cores", "core", "cores", "socket", "sockets", "processor", "processors",
    "model", "model name", "memory", "mem", "ram", "numa", "numa nodes", "nodes", "node", "threads per core",
    "kernel", "os", "os kernel", "distro", "distribution", "platform", "machine", "host", "guest", "vm",
    "vcpus", "vcpu", "disk", "disks", "ssd", "nvme", "storage", "nic", "network", "frequency", "cpu mhz",
    "l1d cache", "l2 cache", "l3 cache", "cache", "architecture", "arch", "hardware", "hw", "system", "board",
    "bios", "firmware", "compiler", "gcc", "qemu", "hypervisor", "filesystem", "fs", "config", "swap",
)

# A word of its own: after a slash or a colon it ends the name of a tree or a path ("tip:sched/core").
MACHINE_WORD_RE = re.compile(
    r"(?<![\w/:-])(?:" + "|".join(sorted((re.escape(w) for w in MACHINE_WORDS), key=len, reverse=True))
    + r")(?:\(s\))?(?![\w-])", re.I)

# What a comparative describes when it stands right before one of these: the hardware a run used ("only
# run on the faster box", "slower disks"), not an effect of the change.
HARDWARE_NOUNS = frozenset({"box", "boxes", "machine", "machines", "host", "hosts", "server", "servers", "system",
                            "systems", "cpu", "cpus", "core", "cores", "disk", "disks", "drive", "drives", "ssd",
                            "ssds", "device", "devices", "nic", "nics", "storage", "hardware", "hw", "node", "nodes",
                            "chip", "chips", "board", "boards", "controller", "controllers", "card", "cards", "gpu",
                            "gpus", "soc", "socs", "laptop", "laptops", "phone", "phones", "processor", "processors",
                            # a fan and the rotation rate it runs at: "slower fans", "a very slow RPM"
                            "fan", "fans", "rpm"})
# Comparatives that say which machine a run used when a piece of hardware follows them ("the faster box",
# "much slower CPUs", "a bigger NVMe disk"), not what a change did.
HARDWARE_COMPARATIVES = frozenset({"faster", "slower", "quicker", "newer", "older", "bigger", "larger", "smaller",
                                   "beefier", "weaker", "stronger", "better", "worse", "cheaper",
                                   "fast", "slow"})  # ... or plain adjectives: "on slow disks", "a fast NVMe drive"
# Processor families and code names people give when they say what a benchmark ran on: a line naming one
# describes the machine ("2x Xeon Gold 6248", "on my Skylake box", "an Ampere Altra with 80 cores").
CPU_FAMILIES: tuple[str, ...] = (
    "xeon", "epyc", "opteron", "threadripper", "ryzen", "core i3", "core i5", "core i7", "core i9",
    "skylake", "haswell", "broadwell", "ice lake", "icelake", "cascade lake", "cascadelake", "sapphire rapids",
    "power7", "power8", "power9", "power10", "graviton", "ampere", "neoverse", "thunderx", "thunderx2", "kunpeng",
)
# What a machine has a number of: "2-socket", "64 cores", "8 vcpus", "4 numa nodes", "a 4-way box".
HARDWARE_COUNT_WORDS: tuple[str, ...] = (
    "cpu", "cpus", "vcpu", "vcpus", "core", "cores", "socket", "sockets", "numa node", "numa nodes", "way",
)
# What a machine has an amount of, after "<number> G/GB/GiB/T/TB" ("192G memory", "256 GB of RAM").
MEMORY_WORDS: tuple[str, ...] = ("memory", "ram", "mem")
# Not a virtual machine or container: "bare metal", "bare-metal".
BARE_METAL_WORDS: tuple[str, ...] = ("bare metal", "bare-metal")
# A command that prints or sets a kernel file, typed without a prompt: "cat /proc/stat | head", "grep .
# /sys/...", "echo 20 > /proc/sys/vm/knob", "sysctl -w vm.knob=20". It says how a run was set up.
KERNEL_FILE_COMMAND_RE = re.compile(
    r"^(?:sudo\s+)?(?:(?:cat|head|tail|grep|egrep|watch|tee|less)\b[^|<>]*?\s/(?:proc|sys)/\S*\s*(?:\|[^|]*)*"
    r"|echo\s+\S+(?:\s+\S+)?\s*>{1,2}\s*/(?:proc|sys)/\S+|sysctl\s+(?:-w\s+)?[\w./-]+=\S+)\s*$")
# Commands whose output says what a machine is made of (CPUs, devices, modules, the kernel's name) or
# what a kernel file holds (/proc and /sys: settings and counters since boot), never a measurement of a
# run: a table-like block right under one of them is that command's listing.
MACHINE_COMMAND_RE = re.compile(
    r"(?<![\w/.-])(?:lscpu|lspci|lsblk|lsusb|lshw|lsmod|lstopo|dmidecode|inxi|hwinfo|uname|modinfo|/(?:proc|sys)/\S*"
    r"|numactl\s+(?:-H|--hardware)|nvme\s+list|ethtool\s+-i)(?![\w-])")
