"""Regions: the table blocks that belong together, with the captions that name their parts.

Authors print one table per configuration with a caption over each ("BASE", "and here's one with the
patch:", "x Disabled foo()"), leave blank lines inside a table, and name a table in the line right
above it. A region is a run of table blocks separated only by blank lines and short caption lines;
a prose paragraph, a log, code or a diff ends it, and so do two sentences in a row between tables (a
remark, then the heading of another measurement). The caption of a part is the caption line closest
above it; the first part may take the last line of the paragraph directly above the region.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Sequence

from extractors.blocks import is_rule
from extractors.readers import is_tool_line
from extractors.tables.captions import is_sentence
from extractors.model import Block
from extractors.vocab.configurations import (BASELINE_RE, PATCHED_RE, RELEASE_NUMBER_RE, WITH_CHANGE_RE,
                                             WITHOUT_CHANGE_RE)

# Short lines that are not captions: the wrapped tail of a row (one identifier, "__put_user_nocheck_8")
# or a field of a listing ("0: nvme0n1p2").
_NOT_CAPTION_RE = re.compile(r"^\s*(?:[\w.$]*[_.(][\w.$()]*|\w+:\s*\S*\d\S*)\s*$")
# A word that prints a value ("12", "-3.5%", "iodepth=64", "#1G"), where a digit ending a name ("RAID1",
# "/dev/ram0") is no value: a short line without one names the rows below it.
_VALUE_WORD_RE = re.compile(r"(?:^|[^A-Za-z_/\d])\d")
# A list marker before a caption, or a shell comment's: "- v5.8", "* with the patch", "# with patches".
_BULLET_RE = re.compile(r"^[-*+o#\u2022]\s+(?=\S)")
# Where the last sentence of a caption line begins: "That differs.  For the old code:" names the run by
# its last sentence, the one the colon ends.
_LAST_SENTENCE_RE = re.compile(r"^.*[a-z)][.!?]\s+(?=[A-Z])")
# A mark of lines left out ("[...]", "<snip>", "..."): it names nothing, the caption is above it.
_ELISION_RE = re.compile(r"^[\[<(]?\s*(?:\.{3,}|\u2026|snip(?:ped)?|cut|trimmed)\s*[\]>)]?$", re.I)
_MAX_CAPTION_LINES = 2
_WRAPPED_TAIL_WORDS = 3  # a caption line this short under an unfinished line is the tail of its sentence
# A line shorter than this ended where its writer ended it: mail is wrapped near 72 columns, so a line
# wrapped by the writer's client is long ("Done" over "Remove /tmp/x..." are two lines a script printed).
_WRAPPED_LINE_CHARS = 40
_SENTENCE_BREAK_RE = re.compile(r"(?<=[.!?:])\s+")
_MAX_CAPTION_CHARS = 120
MAX_BLANK_RUN = 2
_MAX_OUTPUT_LINES = 3  # the lines a command prints before the table its tool printed ("policy: fifo ...")
_NUMBER_RE = re.compile(r"\d[\d.,]*")
_FRAMES = "-=*#~+"  # what a title is framed with on both sides
# Context enough for the words that say what a region compares (its lead paragraph and first captions):
# every grid is matched against it, so a region of hundreds of captioned tables must not grow it without end.
_MAX_CONTEXT_CHARS = 2000


@dataclass
class Region:
    """Consecutive lines of one quote run holding table blocks, captions and blank lines."""

    first_line: int  # the run line of its first line
    lines: list[str] = field(default_factory=list)
    tables: list[tuple[int, int]] = field(default_factory=list)  # (first, last) region lines of table blocks
    captions: dict[int, str] = field(default_factory=dict)  # region line -> caption text
    context: str = ""  # the paragraph above the region and every caption, for words that say what it compares
    lead: dict[int, str] = field(default_factory=dict)  # region line (< 0) -> the lines right above, as printed
    commands: set[int] = field(default_factory=set)  # region lines of a command between a caption and its run
    reruns: set[int] = field(default_factory=set)  # first lines of table blocks the first run's command made again
    command: str = ""  # the command right above the first run, which made it, as typed

    def line(self, index: int) -> str:
        """Region line `index` as printed; above the region, the paragraph right above it ("" elsewhere)."""
        return self.lines[index] if 0 <= index < len(self.lines) else self.lead.get(index, "")

    @property
    def last_line(self) -> int:
        return self.first_line + len(self.lines) - 1


def _is_caption(block: Block) -> bool:
    return (block.kind == "prose" and len(block.lines) <= _MAX_CAPTION_LINES
            and all(len(line.strip()) <= _MAX_CAPTION_CHARS and not _NOT_CAPTION_RE.match(line) for line in block.lines))


def find_regions(blocks: Sequence[Block], run_first_line: int) -> list[Region]:
    """The regions among the blocks of one quote run (whose first body line is `run_first_line`);
    region line numbers count from the run's first line."""
    regions: list[Region] = []
    current: Region | None = None
    pending: list[Block] = []  # blank and caption blocks after the last table block of `current`
    previous_prose: Block | None = None
    earlier: Block | None = None  # the prose block before `previous_prose`, when only blank lines part them
    commands: list[Block] = []
    made_by: set[str] = set()  # the commands right above the current region, which made its first run
    blank_run = 0
    for block in blocks:
        if block.kind == "table":
            rerun = current is not None and (_reruns(pending, made_by) or _changed_between(pending))
            if current is not None and not rerun and any(b.kind == "command" for b in pending):
                regions.append(current)  # commands apart from the first run's made this table: another measurement
                current = None
            if current is None:
                current = Region(block.first_line - run_first_line)
                _lead_caption(current, previous_prose, commands, block, run_first_line)
                made_by = {_command_text(c) for c in commands}
                current.command = _command_text(commands[-1]) if commands else ""
                if earlier is not None and previous_prose is not None and _is_caption(previous_prose):
                    # a caption paragraph ("perf stat -e foo ./test") under the sentence that explains it
                    current.context = " ".join([line.strip() for line in earlier.lines[-3:]] + [current.context])
            else:
                for waiting in pending:
                    _append(current, waiting, run_first_line)
                if rerun:
                    current.reruns.add(block.first_line - run_first_line - current.first_line)
            pending, blank_run = [], 0
            commands = []  # the commands that made this run are spent: a later run is made by those above it
            _append(current, block, run_first_line)
            continue
        if block.kind == "blank":
            blank_run += 1
        else:
            blank_run = 0
        # two sentences between two tables are talk that ends the table above, where one remark under a run
        # ("Notice how ...") leaves the next run's caption its sibling: "As mentioned above, I will ... ."
        # then "2. Kernel building: ..., memory.max = 3G." start another measurement
        remarked = _is_caption(block) and is_sentence(" ".join(block.lines)) and \
            any(b.kind == "prose" and is_sentence(" ".join(b.lines)) for b in pending)
        if current is not None and not remarked and (block.kind == "blank" and blank_run <= MAX_BLANK_RUN
                                                     or _is_caption(block) or block.kind == "command"):
            pending.append(block)  # the region goes on if a table follows that the first run's command made again
        elif current is not None:
            regions.append(current)
            current, pending = None, []
        if block.kind == "prose" and _prints_output(block, commands):
            continue  # "74908" right under "# ... | wc -l": what the command printed, not a caption
        if block.kind == "prose":
            earlier = previous_prose if previous_prose is not None and not commands else None
            previous_prose, commands = block, []
        elif block.kind == "command" and previous_prose is not None:
            commands.append(block)  # how the numbers below were made: the prose above still names them
        elif block.kind == "log" and commands and block.first_line == commands[-1].last_line + 1:
            continue  # the console's lines under the command ("random: crng init done"), before its output
        elif block.kind != "blank":
            previous_prose, earlier, commands = None, None, []
    if current is not None:
        regions.append(current)
    return regions


def _prints_output(block: Block, commands: list[Block]) -> bool:
    """Whether a short prose block stands right under a command line, no blank line between: what the
    command printed ("74908" under "... | wc -l", cyclictest's "policy: fifo: loadavg: ..."), which
    captions nothing. A name alone ("none" under "cat .../current_driver") names the setup the run had,
    and a last line ending in a colon or framed ("--Baseline measurement--") captions what follows."""
    if not commands or block.first_line != commands[-1].last_line + 1 or len(block.lines) > _MAX_OUTPUT_LINES:
        return False
    last = block.lines[-1].strip()
    if len(block.lines) == 1 and len(last.split()) == 1:
        return _NUMBER_RE.fullmatch(last) is not None
    framed = last[:1] in _FRAMES and last[-1:] == last[:1]  # "--Baseline measurement--", "== run 2 =="
    return not last.endswith(":") and not framed


def joined(first: Region, second: Region) -> Region:
    """One region of two of one quote run, the lines between them (prose they do not hold) left blank:
    two runs of a tool a remark parts, read together. The second's captions above it stay as printed,
    where they end the first run for a reader that reads runs of lines ("After:" between two profiles)."""
    shift = second.first_line - first.first_line
    lines = first.lines + [""] * (shift - len(first.lines)) + second.lines
    for line, text in second.captions.items():
        if len(first.lines) <= line + shift < shift:
            lines[line + shift] = text
    return Region(
        first.first_line, lines,
        first.tables + [(lo + shift, hi + shift) for lo, hi in second.tables],
        {**first.captions, **{line + shift: text for line, text in second.captions.items()}},
        f"{first.context} {second.context}".strip(),
        first.lead,
        first.commands | {line + shift for line in second.commands},
        first.reruns | {line + shift for line in second.reruns},
        first.command)


def _command_text(block: Block) -> str:
    """A command block's words, whatever its spacing: the same command typed twice is the same text."""
    return " ".join(" ".join(block.lines).split())


def _reruns(pending: list[Block], made_by: set[str]) -> bool:
    """Whether the blocks between a region's table and the next one run the command that made the
    region's first run again after something changed: a caption naming the next run ("with the patch:")
    or other commands ("$ rm .git/index", "# echo 0 > /sys/..."). The same command typed twice with
    nothing between is a repeat of the same run, not a run of another setup."""
    shown = [block for block in pending if block.kind != "blank"]
    if not shown or shown[-1].kind != "command" or _command_text(shown[-1]) not in made_by:
        return False
    return any(block.kind == "prose" or _command_text(block) not in made_by for block in shown[:-1])


def _changed_between(pending: list[Block]) -> bool:
    """Whether the words between a region's table and the next one are the speaker saying what they
    changed ("So I added a cleanup of the cache; with it:", "Then we applied the fix"): the run after
    them is the same measurement made on the changed kernel."""
    return any(block.kind == "prose" and _CHANGE_MADE_RE.search(" ".join(block.lines)) for block in pending)


# The speaker telling what they changed: "I add(ed) ...", "we applied the patch", "I've switched to ...".
_CHANGE_MADE_RE = re.compile(r"\b(?:I|we)(?:'ve|\s+have|\s+then|\s+also|\s+now)?\s+(?:add|added|apply|applied|"
                             r"change|changed|fix|fixed|implement|implemented|switch|switched|enable|enabled|"
                             r"remove|removed|revert|reverted)\b", re.I)


def _append(region: Region, block: Block, run_first_line: int) -> None:
    start = block.first_line - run_first_line - region.first_line
    while len(region.lines) < start:  # lines skipped between blocks are blank lines of other blocks
        region.lines.append("")
    region.lines.extend(block.lines)
    if block.kind == "table":
        region.tables.append((start, start + len(block.lines) - 1))
    elif block.kind == "command":
        region.commands.update(range(start, start + len(block.lines)))
    elif block.kind == "prose":
        for offset, line in enumerate(block.lines):
            region.captions[start + offset] = _unwrapped(block.lines[offset - 1].strip() if offset else "", line.strip())
        if len(region.context) < _MAX_CONTEXT_CHARS:
            region.context = f"{region.context} {' '.join(block.lines)}".strip()


def _unwrapped(above: str, last: str) -> str:
    """A caption line, joined to the last clause of the line above when it is the short tail of a sentence
    the mail client wrapped ("... With the current kernel, we" over "get:", "With HEAD as 6b4c54e (without
    the above" over "series)"): the side a run was on is named in the whole clause."""
    if len(above) >= _WRAPPED_LINE_CHARS and len(last.split()) <= _WRAPPED_TAIL_WORDS and above[-1] not in ".!?:" \
            and not is_rule(above):
        return f"{_SENTENCE_BREAK_RE.split(above)[-1]} {last}"
    return last


_FENCE_RE = re.compile(r"^\s*(?:```|~~~)[\w+-]*\s*$")  # a markdown code block's fence, "```" or "```console"


def _lead_caption(region: Region, prose: Block | None, commands: list[Block], table: Block,
                  run_first_line: int) -> None:
    """The paragraph right above a region (at most one blank line between, or the command lines that
    made the numbers) names it and says what it compares: its last line becomes the caption of the first
    part, and it and the commands are the region's context."""
    if prose is None:
        return
    if commands:  # a blank line at most after the paragraph, and after the commands what they printed
        printed = table.first_line - commands[-1].last_line
        if commands[0].first_line - prose.last_line > 2 or printed > 2 + _MAX_OUTPUT_LINES:
            return
    elif table.first_line - prose.last_line > 2:
        return
    region.context = " ".join([line.strip() for line in prose.lines[-6:]] +
                              [line.strip() for c in commands for line in c.lines])
    for command in commands:  # above the region: lines a caption above them may be read across
        start = command.first_line - run_first_line - region.first_line
        region.commands.update(range(start, start + len(command.lines)))
    if commands:  # and what the last one printed above the table, read across as the command is
        region.commands.update(range(commands[-1].last_line + 1 - run_first_line - region.first_line, 0))
    else:
        start = prose.first_line - run_first_line - region.first_line
        region.lead = {start + offset: line for offset, line in enumerate(prose.lines)
                       if offset >= len(prose.lines) - 3}
    at = len(prose.lines) - 1
    underlined = bool(at) and is_rule(prose.lines[at].strip())
    below = commands[0] if commands and commands[0].first_line == prose.last_line + 1 else None
    # "Before:" over perf's "Performance counter stats for ...", a heading over its underline or over the fence
    # that opens a markdown code block
    if at and (is_tool_line(prose.lines[at]) or underlined or _FENCE_RE.match(prose.lines[at])):
        at -= 1
    last = prose.lines[at].strip()
    above = prose.lines[at - 1].strip() if at else ""
    if not (underlined or below is not None and is_rule(below.lines[0].strip())):
        last = _unwrapped(above, last)  # an underlined heading is a line of its own
    if last and len(last) <= 2 * _MAX_CAPTION_CHARS:
        region.captions[prose.first_line + at - run_first_line - region.first_line] = last


# A title framed by rule characters on both sides ("--- Linear device over SSD ---", "=== READ ===",
# "-----< v6.1 >-----" with angle brackets inside the frame): a section heading as reports print them,
# never a row or the names of columns.
_FRAMED_TITLE_RE = re.compile(
    rf"^\s*([{re.escape(_FRAMES)}])\1{{1,}}(?:\s+|<\s*)(?P<title>[^{re.escape(_FRAMES)}\s<>].*?)(?:\s+|\s*>)"
    r"\1{2,}\s*$")


# A name alone in square brackets over rows ("[before]", "[with patch]"), the way an INI file heads
# its sections: the name of the rows below.
_BRACKETED_TITLE_RE = re.compile(r"^\s*\[(?P<title>[^\[\]\d]*[A-Za-z][^\[\]]{0,40})\]:?\s*$")


def framed_title(line: str) -> str | None:
    """The title of a line framed by rule characters or brackets, without the frame."""
    match = _FRAMED_TITLE_RE.match(line) or _BRACKETED_TITLE_RE.match(line)
    return match.group("title").strip() if match and len(line.strip()) <= _MAX_CAPTION_CHARS else None


# An item of an enumerated list: "A) ...", "(b) ...", "3. ..." followed by a word.
_ENUMERATED_RE = re.compile(r"^\(?(?:[A-Za-z]|\d{1,2})[.)]\s+[A-Za-z]")
_MIN_ITEM_WORDS = 3


def is_heading(line: str) -> bool:
    """Whether a line of a table block heads the rows below it: a framed title, or a line that ends in
    a colon and holds words with at most one number ("Final, host_tagset=0 in LLDD:"), where a row
    prints its numbers."""
    stripped = line.strip()
    if framed_title(stripped) is not None:
        return True
    words = stripped.split()
    numbers = sum(any(ch.isdigit() for ch in word) for word in words)
    if _ENUMERATED_RE.match(stripped) and len(stripped) <= _MAX_CAPTION_CHARS:
        # "A) Workload 6 files each 1G in one directory - numjobs = 1": an item of a list of cases, each
        # heading its rows; words outnumber its numbers, where a row prints its numbers
        lettered = sum(word.isalpha() for word in words[1:])
        return lettered >= _MIN_ITEM_WORDS and lettered > numbers
    return stripped.endswith(":") and len(stripped) <= _MAX_CAPTION_CHARS and numbers <= 1


def _side_named(line: str) -> str | None:
    """The head of a line that opens by naming a side and a colon ("Without this patch: libaio,
    randwrite, io size 128k", "Before: 4 jobs"): it names the run below it, whatever setup it goes on
    to describe."""
    head, colon, _ = line.partition(": ")
    words = head.split()
    if not colon or len(words) > 6 or any(_VALUE_WORD_RE.search(word) for word in words):
        return None
    one_side_word = len(words) == 1 and (BASELINE_RE.fullmatch(head) or PATCHED_RE.fullmatch(head))
    return f"{head}:" if WITH_CHANGE_RE.search(head) or WITHOUT_CHANGE_RE.search(head) or one_side_word else None


# A setting printed as "name=value" ("bsize=4096", "parent=0"); a line of at least three is a setup, where
# two may be a tool's own bookkeeping ("submitter=0, tid=673").
_MIN_SETTINGS = 3
_SETTING_RE = re.compile(r"(?<![\w=])[A-Za-z][\w.-]{0,30}=\S")


def caption_above(region: Region, line: int, claimed: set[int], settings: bool = False) -> tuple[int, str] | None:
    """(line, text) of the caption closest above region line `line`, skipping blank lines and rules, at
    most three lines up (the lines of a command that made the run apart), unless a grid's lines come
    first: a caption line of the region, or a short line of a table block that no grid took ("        BASE"
    over a tool's output)."""
    skipped = 0
    for above in range(line - 1, min(min(region.captions, default=0), 0) - 1, -1):
        if above in region.commands:
            skipped += 1
            continue
        if above in claimed or line - above - skipped > 3:
            return None
        text = region.captions.get(above)
        if text is not None and is_rule(text):
            continue  # the underline of a heading ("Stock Kernel:" over "-------------"): the heading names the run
        if text is None and above >= 0:
            stripped = region.lines[above].strip()
            if not stripped or is_rule(stripped) or _ELISION_RE.match(stripped):
                continue
            words = stripped.split()
            short = len(words) <= 6 and not any(_VALUE_WORD_RE.search(word) and not RELEASE_NUMBER_RE.match(word)
                                                for word in words)
            # settings printed right over a tool's run ("... ftype=1, parent=0" over `time` output) name its
            # setup (`settings`: the grid is a tool's output, not rows of a dump that prints settings itself)
            setup = settings and line - above == 1 and len(_SETTING_RE.findall(stripped)) >= _MIN_SETTINGS
            text = stripped if short or setup or is_heading(stripped) else _side_named(stripped)
            if text is None:
                return None
        if text is not None:
            text = framed_title(text) or text
            if text.endswith("="):
                return None  # "..., Decompression time =": a row whose value wrapped onto the next line
            text = _BULLET_RE.sub("", text)  # "- v5.8": a list of runs, each captioned by an item
            if text.endswith(":"):
                text = _LAST_SENTENCE_RE.sub("", text)
            named = RELEASE_NUMBER_RE.match(text)  # "v5.4" names a kernel, not the wrapped tail of a row
            return None if _NOT_CAPTION_RE.match(text) and not named else (above, text)
    return None


def section_titles(blocks: Sequence[Block], regions: list[Region], run_first_line: int) -> list[str | None]:
    """The framed or underlined title heading the part of the mail each region is in ("------- Without patch
    -------", "=== with the series ===", "v6.1" over "===="), the last one above it: every run under it, to the
    next title, is what it names, whatever the run's own captions (a tool's "Run status" line)."""
    titles = [(block.first_line - run_first_line, title) for block in blocks if block.kind == "prose"
              and (title := framed_title(block.lines[0]) if len(block.lines) == 1 else _underlined(block.lines))]
    return [next((title for line, title in reversed(titles) if line < region.first_line), None) for region in regions]


def headings_inside(region: Region) -> list[tuple[int, str]]:
    """The headings inside a region, as (region line, title) in order: a line between two rules ("=====" over
    "Case 1: without this patch" over "=====") or framed by rule characters. A setup listing and its runs
    print each setup's runs under such a heading."""
    rules = [is_rule(line.strip()) for line in region.lines]
    found = []
    for at, line in enumerate(region.lines):
        text = line.strip()
        title = framed_title(text) if not rules[at] else None
        if title is None and text and not rules[at] and 0 < at < len(rules) - 1 and rules[at - 1] and rules[at + 1]:
            title = text
        if title is not None:
            found.append((at, title))
    return found


def _underlined(lines: Sequence[str]) -> str | None:
    """The title of a two-line heading underlined by a rule at least as long as it ("v6.1" over "====")."""
    if len(lines) != 2 or not is_rule(lines[1].strip()) or not 0 < len(lines[0].strip()) <= len(lines[1].strip()):
        return None
    return lines[0].strip()


def titled(region: Region, title: str) -> Region:
    """The region with its section's title before each of its captions (above its first line when it
    has none), so that its runs are read as what the title names."""
    captions = {line: text if text.startswith(title) else f"{title}: {text}"
                for line, text in region.captions.items()} or {-1: title}
    return replace(region, captions=captions)


def headers_joined(lines: list[str], spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The table spans of a region, one of column names or rules only (no digit in it) joined to the span
    below it when only blank lines part them: a mail client that writes HTML parts a pipe table's header
    and rule from its rows by blank lines."""
    out: list[tuple[int, int]] = []
    for first, last in spans:
        if out and not any(ch.isdigit() for k in range(out[-1][0], out[-1][1] + 1) for ch in lines[k]) and \
                not any(lines[k].strip() for k in range(out[-1][1] + 1, first)):
            out[-1] = (out[-1][0], last)
        else:
            out.append((first, last))
    return out
