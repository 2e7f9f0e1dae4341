"""raid6: the kernel's RAID-6 syndrome benchmark, from the boot log (timestamps and all) or raid6test."""

from __future__ import annotations

from pathlib import Path

from extractors.analysis import analyze_body
from extractors.readers import raid6

DATA = Path(__file__).parent / "data" / "readers" / "raid6"


def grids(name: str):
    return raid6.parse((DATA / name).read_text().split("\n"))


def test_one_grid_per_function_timed_rows_named_by_algorithm():
    (gen,) = grids("boot.txt")
    assert (gen.first_line, gen.last_line) == (2, 12)  # the choice lines belong to the run
    assert [r.label for r in gen.rows][:2] == ["neonx8", "neonx4"]
    assert gen.rows[1].cells[0].value.value == 6701 and gen.rows[1].cells[0].value.unit == "MB/s"
    assert gen.roles == ("setups",) and gen.higher_is_better is True
    gen, xor = grids("raid6test.txt")
    assert (len(gen.rows), len(xor.rows)) == (4, 3) and xor.metric == "xor()"


def test_the_implementations_timed_are_a_table_with_no_baseline_guessed():
    """The benchmark compares implementations with each other; which one a patch adds only its
    author knows, so the table keeps its rows and pairs none."""
    (table,) = analyze_body((DATA / "boot.txt").read_text()).tables
    assert table.item.pairs == () and len(table.item.rows) == 8
    assert table.first_line == 2


def test_one_algorithm_timed_compares_nothing():
    assert raid6.parse(["raid6: int64x8  gen()  2289 MB/s", "raid6: using algorithm int64x8 gen() 2289 MB/s"]) == []


def test_a_boot_log_that_holds_the_benchmark_among_other_messages_is_a_log():
    """A whole dmesg pasted into a bug report times the algorithms too: evidence of nothing the thread
    is about, and no table."""
    boot = (DATA / "boot.txt").read_text().split("\n")[2:]
    other = ["[    1.812044] md: raid6 personality registered for level 6",
             "[    1.813377] md/raid:md0: device sdb operational as raid disk 1",
             "[    1.813380] md/raid:md0: device sda operational as raid disk 0",
             "[    1.815002] md/raid:md0: raid level 6 active with 4 out of 4 devices, algorithm 2",
             "[    1.902118] EXT4-fs (md0): mounted filesystem with ordered data mode",
             "[    2.004519] systemd[1]: Detected architecture arm64.",
             "[    2.114723] BUG: kernel NULL pointer dereference, address: 0000000000000008"]
    assert analyze_body("\n".join(["[    1.104400] Freeing initrd memory: 8204K"] + boot + other * 2)).tables == ()
