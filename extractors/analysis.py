"""Run every extractor over one message body and place each finding in it.

The body is split by quote structure, then into classified blocks (`extractors.blocks`). Table blocks
go to the table stage (`extractors.tables`), which also returns comparisons printed one line per side
as inline results; prose blocks go to the prose finders (results, questions, claims); every other kind
(diff, code, log, command, listing, signature, footer) is counted and left alone. The finders report
character offsets into the text they were given; this module turns them into body lines and attaches
what the quote structure knows: whether the text is quoted and who wrote it.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_right
import re
from collections import Counter
from typing import Iterable

from extractors.blocks import is_rule, run_blocks
from extractors.claims import find_claims
from extractors.memo import text_cache
from extractors.model import BLOCK_KINDS, Block, BodyFindings, Placed, line_starts
from extractors.prose.classify import about_performance
from extractors.prose.pipeline import find_sentences
from extractors.questions import find_questions
from extractors.quotes import DIFF_START_RE, QuoteBlock, patch_end, split_quotes
from extractors.results import find_inline_results, find_parallel_results
from extractors.subjects import parse_subject
from extractors.tables import find_tables
from extractors.tables.siblings import caption_side


_READ_KINDS = frozenset({"table", "prose"})  # the block kinds the finders read
# "±" is byte 0xB1 in Latin-1, which an archive that reads the mail as Latin-2 shows as "ą": after a
# number and before a percentage ("0.25 ą  2%", as kernel test robot tables are often relayed) it can
# only be the spread sign
_LATIN2_PLUS_MINUS_RE = re.compile(r"(?<=[\d ])\u0105(?= {0,3}\d{1,6}%)")
# perf report's TUI draws its scroll bar as "▒" in the last column of every line it shows: pasted, the mark
# stands far right of a call graph's lines like a column of its own
_SCROLL_BAR_RE = re.compile(r"\u2592(?=[ \t]*$)", re.MULTILINE)


class _Run:
    """One quote block's text, with a way to turn offsets in it (or in one of its blocks) into lines."""

    def __init__(self, quote_block: QuoteBlock, author: str | None):
        self.block = quote_block
        self.text = quote_block.text
        self.starts = line_starts(self.text)
        self.author = quote_block.author if quote_block.depth else author

    def offset_of(self, block: Block) -> int:
        return self.starts[block.first_line - self.block.first_line]

    def place(self, item, start: int, end: int, shift: int = 0) -> Placed:
        first = bisect_right(self.starts, start + shift) - 1
        last = bisect_right(self.starts, max(start, end - 1) + shift) - 1
        return Placed(self.block.first_line + first, self.block.first_line + last, self.block.depth > 0,
                      self.author, item)


def _runs_per_side(blocks: list[Block]) -> set[int]:
    """First lines of the prose paragraphs that open with a caption naming one side ("5.9 (vanilla):
    random delete ...:", "With the patch:") when captions name both sides: each paragraph reports one
    kernel's run, so a "from X to Y" in it is a change within that run (idle to loaded, first to
    second pass), not the baseline to the patched kernel."""
    sides: dict[int, str] = {}
    for block in blocks:
        first, _, rest = block.text.partition("\n")
        if block.kind != "prose" or not rest.strip() or not first.rstrip().endswith(":"):
            continue
        side = caption_side(first.split(":", 1)[0]) or caption_side(first)
        if side is not None:
            sides[block.first_line] = side
    return set(sides) if len(set(sides.values())) == 2 else set()


def _heading(block: Block) -> bool:
    """Whether a prose block is one line underlined by a rule ("How is this tested?" over "-----"): a
    cover letter's heading, which asks nobody anything, whatever its words (it may state a claim:
    "Results (~10x improvement)")."""
    return len(block.lines) == 2 and block.lines[1].strip()[:1] in ("-", "=") and is_rule(block.lines[1]) \
        and 2 * len(block.lines[1].strip()) >= len(block.lines[0].strip())


_TABLE_TITLES = 3  # captions of the tables a quoted run ends in that a reply below them answers


def _quoted_wholes(quote_blocks: list[QuoteBlock], blocks_of: list[list[Block]]
                   ) -> dict[int, tuple[QuoteBlock, list[Block]]]:
    """The quoted mails a reply cut into parts to answer them one by one, where two parts or more hold
    tables: text blocks of one depth and author with only the reply's lines or deeper quotes between
    them. Each is one block over its whole span, the lines in between left blank (every line stays
    where it is), with its blocks, keyed by the index of its first part; the other parts map to (their
    block, no blocks): a "Baseline:" run and a "With the patch:" run the reply parted with a remark
    are one comparison, as they were in the mail quoted."""
    wholes: dict[int, tuple[QuoteBlock, list[Block]]] = {}
    open_parts: dict[int, list[int]] = {}  # depth -> the parts of the quoted text read so far

    def close(depths: Iterable[int]) -> None:
        for depth in [d for d in open_parts if d in depths]:
            parts = open_parts.pop(depth)
            if sum(any(b.kind == "table" for b in blocks_of[i]) for i in parts) < 2:
                continue
            first, last = quote_blocks[parts[0]], quote_blocks[parts[-1]]
            lines = [""] * (last.first_line + len(last.lines) - first.first_line)
            for i in parts:
                at = quote_blocks[i].first_line - first.first_line
                lines[at:at + len(quote_blocks[i].lines)] = quote_blocks[i].lines
            whole = QuoteBlock(first.first_line, first.depth, first.author, "text", tuple(lines))
            covered = {quote_blocks[i].first_line + k for i in parts for k in range(len(quote_blocks[i].lines))}
            wholes[parts[0]] = (whole, _gaps_joined(run_blocks(whole), covered))
            wholes.update((i, (quote_blocks[i], [])) for i in parts[1:])

    for index, block in enumerate(quote_blocks):
        if block.kind == "attribution":  # a quote of another mail begins below it
            close(range(block.depth + 1, max(open_parts, default=0) + 1))
        elif block.kind != "text":  # the rest of that mail is a signature, a footer or a patch
            close(range(block.depth, max(open_parts, default=0) + 1))
        elif block.depth:
            parts = open_parts.get(block.depth)
            if parts and quote_blocks[parts[0]].author == block.author:
                parts.append(index)
            else:
                close((block.depth,))
                open_parts[block.depth] = [index]
    close(tuple(open_parts))
    return wholes


def _gaps_joined(blocks: list[Block], covered: set[int]) -> list[Block]:
    """The blocks of a quoted mail read whole, where the reply's lines between two parts (left blank)
    stand between table rows: one blank block, so that a remark made inside a quoted table parts its
    rows as one blank line would (a remark before a caption parts two runs, as it did)."""
    before = _nearest_kinds(blocks)
    after = _nearest_kinds(blocks[::-1])[::-1]
    out: list[Block] = []
    for index, block in enumerate(blocks):
        gap = block.kind == "blank" and block.first_line not in covered
        if gap and out and out[-1].kind == "blank" and out[-1].first_line not in covered and \
                before[index] == after[index] == "table":
            out[-1] = dataclasses.replace(out[-1], lines=out[-1].lines + block.lines)
        else:
            out.append(block)
    return out


def _nearest_kinds(blocks: list[Block]) -> list[str | None]:
    """For each block, the kind of the nearest block before it that is not blank (one pass)."""
    kinds: list[str | None] = []
    last = None
    for block in blocks:
        kinds.append(last)
        last = block.kind if block.kind != "blank" else last
    return kinds


@text_cache(1024)
def _names_performance(title: str) -> bool:
    """Whether a subject's title names performance: every reply in its thread shares it, so it is read once."""
    return any(about_performance(sentence) for sentence in find_sentences(title))


def analyze_body(body: str, author: str | None = None, subject: str | None = None) -> BodyFindings:
    """All evidence in one decoded body. `author` is the message's sender, used for unquoted text; `subject`
    the message's subject, whose performance words make its thread's talk about performance.

    Never raises because of the body's content: text the finders cannot read yields no findings.
    """
    # a mail client that writes HTML turns runs of spaces into no-break spaces: the columns of a table are
    # runs of spaces all the same (one character for one, so every offset and line stays where it was)
    body = body.replace("\xa0", " ")
    if "\u0105" in body:  # one scan for the letter, not a look-behind tried at every place of every body
        body = _LATIN2_PLUS_MINUS_RE.sub("\u00b1", body)
    if "\u2592" in body:
        body = _SCROLL_BAR_RE.sub(" ", body)
    counts: Counter[str] = Counter()
    tables, results, questions, claims, anomalies = [], [], [], [], []
    diff = DIFF_START_RE.search(body)
    if diff:  # the unquoted diff of a patch mail holds no evidence: don't even split it into blocks
        # (its lines kept blank, so that the text after a suggested change stays on its own lines)
        end = patch_end(body, diff.start())
        after = "\n" * body.count("\n", diff.start(), end) + body[end:] if end < len(body) else ""
        body = body[:diff.start()] + after
        counts["diff"] += 1
    quote_blocks = split_quotes(body)
    # a patch or a cover letter (its diffstat, unquoted) sent as itself, quoting nobody: its text is the
    # author's description, which asks no reviewer anything (a reply that suggests a patch quotes what it answers)
    submission = (diff is not None or any(q.kind == "patch" for q in quote_blocks)) and \
        not any(q.depth for q in quote_blocks)
    # ... and so is a quoted one: all text at one depth comes from one earlier mail, which held a patch signed
    # off and quoted nothing itself (a reply suggesting a change quotes what it answers, one level deeper, or
    # sends its diff unsigned)
    depths = {q.depth for q in quote_blocks}
    signed = {q.depth for q in quote_blocks if q.depth and "Signed-off-by:" in q.text}
    submitted = {q.depth for q in quote_blocks if q.depth in signed and q.kind == "patch" and q.depth + 1 not in depths}
    tool_output = False  # a benchmark tool's output was read, whether or not it compares anything
    # (run, offset, text, paragraph before, heading): read for questions and claims once the evidence is known
    prose = []
    last_prose: dict[int, str] = {}  # a quoted run's first line -> its last paragraph, when that ends the run
    blocks_of = [run_blocks(quote_block) for quote_block in quote_blocks]
    whole = _quoted_wholes(quote_blocks, blocks_of)
    for index, (quote_block, blocks) in enumerate(zip(quote_blocks, blocks_of)):
        counts.update(block.kind for block in blocks if block.kind != "blank")
        kinds = {block.kind for block in blocks}
        # a quoted mail the reply cut into parts is read for tables whole, at its first part
        table_block, table_blocks = whole.get(index, (quote_block, blocks if "table" in kinds else []))
        if table_blocks:
            table_run = _Run(table_block, author)
            found_tables, found_results, read = find_tables(table_run.text, table_blocks, table_block.first_line)
            tool_output = tool_output or read
            for table in found_tables:
                tables.append(table_run.place(table, table.start, table.end))
                anomalies.extend(table_run.place(a, a.start, a.end) for a in table.anomalies)
            results.extend(table_run.place(r, r.start, r.end) for r in found_results)
        if quote_block.kind != "text" or not kinds & _READ_KINDS:
            continue  # only tables and prose hold evidence: a run of logs, code or listings costs its blocks
        run = _Run(quote_block, author)
        runs_per_side = _runs_per_side(blocks)
        previous = None
        # a reply's first paragraph answers the quoted paragraph right above it, which is its context
        answered = last_prose.get(quote_block.answers) if quote_block.answers is not None else None
        titles: list[str] = []  # the prose among the tables that end the run: what those tables are about
        for block in blocks:
            if block.kind not in ("prose", "blank"):
                previous = answered = None
                titles = titles if block.kind == "table" else []
            if block.kind != "prose":
                continue
            shift, text = run.offset_of(block), block.text
            if previous is not None:  # two paragraphs parted by blank lines only
                results.extend(run.place(r, r.start, r.end, run.offset_of(previous))
                               for r in find_parallel_results(previous.text, text))
            if block.first_line not in runs_per_side:
                results.extend(run.place(r, r.start, r.end, shift) for r in find_inline_results(text))
            prose.append((run, shift, text, previous.text if previous is not None else answered, _heading(block)))
            previous, answered = block, None
            titles.append(text)
        if quote_block.depth and previous is not None:
            last_prose[quote_block.first_line] = previous.text
        elif quote_block.depth and titles and next(b.kind for b in reversed(blocks) if b.kind != "blank") == "table":
            # a reply under quoted tables answers them: their captions ("99th latency:", "with this patch:")
            # say what they measured
            last_prose[quote_block.first_line] = " ".join(titles[-_TABLE_TITLES:])
    # a message that shows performance numbers, its own or quoted (a tool's output too), is about performance: a
    # methodology question anywhere in it ("Have you pinned the IRQs?") asks about that evidence, and
    # "no significant difference" anywhere in it reports a measurement
    # ... and so is a thread whose subject names performance ("Re: ext4 write throughput regression in 6.1")
    measured = bool(tables or results or tool_output) or bool(prose and subject) and \
        _names_performance(parse_subject(subject).title)
    for run, shift, text, lead, heading in prose:
        if not submission and not heading and run.block.depth not in submitted:
            questions.extend(run.place(q, q.start, q.end, shift) for q in find_questions(text, lead, measured))
        claims.extend(run.place(c, c.start, c.end, shift) for c in find_claims(text, measured))
    return BodyFindings(
        tables=tuple(tables), results=tuple(sorted(results, key=lambda p: p.first_line)),
        questions=tuple(questions), claims=tuple(claims), anomalies=tuple(anomalies),
        block_counts=tuple((kind, counts[kind]) for kind in BLOCK_KINDS if counts[kind]))
