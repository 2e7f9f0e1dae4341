"""The kinds of the pieces of one paragraph (`extractors.blocks` cuts a paragraph where its lines change
kind) that what stands around them changes: a table under a command that prints what the machine is made
of is that command's listing; the rows after console lines are a table of their own."""

from __future__ import annotations

from extractors.vocab.logs import LOG_LINE_RE
from extractors.vocab.machine import MACHINE_COMMAND_RE

Span = tuple[str, int, int]  # (kind, first line, end line) of a block or piece, counted from its run's start
_MIN_ROWS_AFTER_LOG = 3  # rows after the console's lines that make a table: fewer are the log's own


def rekinded(pieces: list[Span], kinds: list[str], lines: tuple[str, ...]) -> list[Span]:
    """`pieces` (of `lines`, whose line kinds are `kinds`) with the kinds their neighbours give them."""
    return _machine_listings(_console_before_rows(pieces, kinds, lines), lines)


def _console_before_rows(pieces: list[Span], kinds: list[str], lines: tuple[str, ...]) -> list[Span]:
    """A log piece whose last lines are rows, three or more (the console's "random: crng init done" over a
    benchmark's per-second lines): the log, then the rows as a table of their own; rows that are log lines
    themselves (the kernel timing its raid6 algorithms at boot, "[    1.20] raid6: ...") stay in the log."""
    out: list[Span] = []
    for kind, lo, hi in pieces:
        tail = hi
        while tail > lo and kinds[tail - 1] == "data":
            tail -= 1
        if kind == "log" and tail > lo and hi - tail >= _MIN_ROWS_AFTER_LOG and \
                not any(LOG_LINE_RE.match(line) for line in lines[tail:hi]):
            out += [("log", lo, tail), ("table", tail, hi)]
        else:
            out.append((kind, lo, hi))
    return out


def _machine_listings(pieces: list[Span], lines: tuple[str, ...]) -> list[Span]:
    """A table under a command that prints what the machine is made of ("$ lscpu | head"), in the same
    paragraph, is that command's listing, whatever its columns and the words between (inxi wraps rows)."""
    out: list[Span] = []
    machine = False
    for kind, lo, hi in pieces:
        if kind == "command":
            machine = any(MACHINE_COMMAND_RE.search(line) for line in lines[lo:hi])
        elif kind == "table" and machine:
            kind = "listing"
        out.append((kind, lo, hi))
    return out
