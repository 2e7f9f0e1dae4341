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
    "l1d cache", "l2 cache", "l3 cache", "cache", "architecture", "arch", "hardware", "system", "board",
    "bios", "firmware", "compiler", "gcc", "qemu", "hypervisor", "filesystem", "fs", "config", "swap",
)

MACHINE_WORD_RE = re.compile(
    r"(?<![\w-])(?:" + "|".join(sorted((re.escape(w) for w in MACHINE_WORDS), key=len, reverse=True))
    + r")(?:\(s\))?(?![\w-])", re.I)
