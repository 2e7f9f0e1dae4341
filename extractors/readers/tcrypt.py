"""tcrypt, the kernel's crypto speed test module (`modprobe tcrypt mode=N sec=S`), as printed to the
kernel log.

Each algorithm opens with `testing speed of <algo> (<driver>) <encryption|decryption>`, then one line per
test: `tcrypt: test 0 (128 bit key, 16 byte blocks): <result>` for ciphers and AEADs, `tcrypt: test  0 (
16 byte blocks,   16 bytes per update,   1 updates): <result>` for hashes. The result is what the mode
measured: `123456 operations in 1 seconds (1975296 bytes)` (a time budget, `sec=`), `1 operation in 1234
cycles (16 bytes)` (cycle counts, no `sec=`), `123456 opers/sec, 1975296 bytes/sec` or `1234
cycles/operation, 77 cycles/byte` (hashes). The `tcrypt:` prefix and a dmesg timestamp may lead a line
or be cut off. One grid per algorithm run, rows labelled `test N (setup)` as printed; counts and rates
are better higher, cycles lower. The second number of each form is the first scaled by the block size
(bytes, bytes/sec, cycles/byte): bookkeeping, not a second result.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell_of, grid, joined, row

NAME = "tcrypt"

_PREFIX = r"^\s{0,8}(?:\[\s{0,6}\d{1,8}\.\d{1,9}\]\s{0,4})?(?:tcrypt:\s{0,4})?"
_HEADING_RE = re.compile(_PREFIX + r"testing speed of [^\n]{1,200}$")
_TEST_RE = re.compile(_PREFIX + r"test\s{0,4}(?P<number>\d{1,5})\s{0,4}\((?P<setup>[^()\n]{1,120})\):"
                      r"\s{0,8}(?P<result>[^\n]+?)\s*$")
# What each mode prints after the test's setup, the names of its numbers and whether higher is better.
_RESULTS: tuple[tuple[re.Pattern, tuple[str, ...], bool], ...] = (
    (re.compile(r"(?P<a>\d{1,15}) operations? in \d{1,6} seconds? \((?P<b>\d{1,20}) bytes\)"),
     ("operations", "bytes"), True),
    (re.compile(r"1 operation in (?P<a>\d{1,15}) cycles \(\d{1,12} bytes\)"), ("cycles",), False),
    (re.compile(r"(?P<a>\d{1,15}) opers/sec,\s{0,12}(?P<b>\d{1,20}) bytes/sec"), ("opers/sec", "bytes/sec"), True),
    (re.compile(r"(?P<a>\d{1,15}) cycles/operation,\s{0,12}(?P<b>\d{1,15}) cycles/byte"),
     ("cycles/operation", "cycles/byte"), False),
)

# The lines read like sentences ("... 123 operations in 1 seconds (1968 bytes)") and come from the kernel
# log, timestamps and all: they are this tool's output, neither prose nor a log to skip.
_ANY_RESULT = "(?:" + "|".join(p.pattern for p, _, _ in _RESULTS) + ")"
_LINE_RE = re.compile(_TEST_RE.pattern.replace("(?P<result>[^\\n]+?)", _ANY_RESULT)
                      .replace("(?P<a>", "(?:").replace("(?P<b>", "(?:"))
SENTENCE_LINES = (_HEADING_RE, _LINE_RE)


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return "test" in text and sum(1 for line in lines if len(line) <= MAX_LINE and _result(line)) >= 2


def _result(line: str) -> tuple[re.Match, re.Match, tuple[str, ...], bool] | None:
    test = _TEST_RE.match(line)
    if test is None:
        return None
    for pattern, names, higher in _RESULTS:
        found = pattern.fullmatch(line, test.start("result"), test.end("result"))
        if found:
            return test, found, names, higher
    return None


def parse(lines: Sequence[str]) -> list[Grid]:
    """One grid per run of test lines of one mode; a `testing speed of` heading starts a new run and
    is its first line."""
    grids: list[Grid] = []
    heading: int | None = None
    run: list[GridRow] = []
    mode: tuple[tuple[str, ...], bool] | None = None

    def close() -> None:
        nonlocal heading, run, mode
        if mode is not None and len(run) >= 1:
            names, higher = mode
            grids.append(grid(reader=NAME, first_line=heading if heading is not None else run[0].line,
                              last_line=run[-1].line, header=names, rows=tuple(run),
                              roles=("metric", "ignore")[:len(names)], benchmark="tcrypt", higher_is_better=higher))
        heading, run, mode = None, [], None

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if _HEADING_RE.match(line):
            close()
            heading = i
            continue
        found = _result(line)
        if found is None:
            continue
        test, result, names, higher = found
        if mode is not None and mode != (names, higher):
            close()
        mode = (names, higher)
        cells = [cell_of(line, result, "a")] + ([cell_of(line, result, "b")] if len(names) > 1 else [])
        made = row(i, f"test {test.group('number')} ({' '.join(test.group('setup').split())})", cells)
        if made is not None:
            run.append(made)
    close()
    return grids
