"""Machine and setup descriptions: which lines say what the numbers ran on, and which one belongs to a table."""

from __future__ import annotations

import pytest

from extractors.machine import find_machine_descriptions, machine_for


@pytest.mark.parametrize("text, expected", [
    ("hackbench, 2-socket 64-core machine, 10 runs each", ["hackbench, 2-socket 64-core machine, 10 runs each"]),
    ("test machine: 104 threads 2 sockets Intel(R) Xeon(R) Platinum 8170 CPU @ 2.10GHz with 192G memory",
     ["test machine: 104 threads 2 sockets Intel(R) Xeon(R) Platinum 8170 CPU @ 2.10GHz with 192G memory"]),
    ("CPU: AMD EPYC 7763\nMemory: 256G\nKernel: 6.8-rc1", ["CPU: AMD EPYC 7763; Memory: 256G; Kernel: 6.8-rc1"]),
    ("I ran it on my Skylake laptop.", ["I ran it on my Skylake laptop."]),
    ("a guest with 8 vCPUs and 16 GB of RAM", ["a guest with 8 vCPUs and 16 GB of RAM"]),
    ("on bare-metal", ["on bare-metal"]),
    ("> CPU: Xeon Gold 6248\nCPU: Xeon Gold 6348", ["CPU: Xeon Gold 6248", "CPU: Xeon Gold 6348"]),
    ("The patch makes the scheduler faster.\nThanks for the review.", []),
    ("8 threads is the default.", []),
    ("See commit 1234 for the fix.", []),
    ("Numbers below.\n" + "x" * 170 + " 64 cores", []),
    ("Subject: x\n\ndiff --git a/a b/a\n+CPU: 4 cores\n", []),
], ids=["counts", "robot", "key-value-run", "cpu-family", "vm", "bare-metal", "quotation-splits-runs", "prose",
        "threads-alone", "no-hardware", "too-long", "diff"])
def test_find_machine_descriptions(text, expected):
    assert [d.text for d in find_machine_descriptions(text)] == expected


def test_descriptions_keep_their_lines_offsets_and_quotation():
    text = "Hello\n> 2-socket box\n\nCPU: Xeon\nMemory: 64G\n"
    quoted, plain = find_machine_descriptions(text)
    assert (quoted.first_line, quoted.last_line, quoted.quoted, text[quoted.start:quoted.end]) == (
        1, 1, True, "> 2-socket box")
    assert (plain.first_line, plain.last_line, plain.quoted, text[plain.start:plain.end]) == (
        3, 4, False, "CPU: Xeon\nMemory: 64G")


@pytest.mark.parametrize("first_line, expected", [(0, "first"), (5, "first"), (12, "second"), (30, "second")])
def test_machine_for_takes_the_nearest_above_else_the_first_below(first_line, expected):
    text = "\n".join(["x"] * 3 + ["first: 4 cores"] + ["x"] * 6 + ["second: 8 cores"] + ["x"] * 20)
    descriptions = find_machine_descriptions(text)
    assert machine_for(descriptions, first_line).text.split(":")[0] == expected
    assert machine_for((), first_line) is None
