"""Split a mail body into classified blocks before anything is extracted from it.

Kernel mail mixes prose with patches, source code, kernel logs (dmesg lines, oops and KASAN reports,
register dumps, stack traces), shell sessions, configuration listings, tables and signatures. Each
kind has its own syntax, and every later stage reads only the kinds it understands: table readers see
"table" blocks, the sentence pipeline sees "prose" blocks, and logs, code and diffs never produce
evidence (an oops register dump is columns of numbers, and must never be read as a benchmark table).

The body is first split by quote structure (`extractors.quotes`): attribution lines, signatures, list
footers and patches keep those kinds. Each remaining run of text at one depth is cut into paragraphs at
blank lines; every line is classified by its own syntax (`line_kind`), and a paragraph takes the kind
its lines agree on. Paragraphs of the same kind that follow each other (a table with a blank line in
it, a log over several paragraphs) stay separate blocks: the table stage decides which belong together.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from extractors.charts import MIN_CHART_LINES, is_chart_line
from extractors.listings import (DEVICE_LISTING_RE, LISTING_HEADER_RE, LSCPU_COUNT_RE, aligned_fields,
                                 ends_in_date_stamp, is_config_file, is_listing_line, is_record_line,
                                 numbered_excerpt)
from extractors.label_tails import label_tails
from extractors.memo import text_cache
from extractors.model import Block
from extractors.numbers import (CHANGE_NOTE_RE, arrow_records, figure_then_unit, is_stated_field,
                                records_of_one_measure)
from extractors.piece_kinds import Span, rekinded
from extractors.readers import is_tool_line
from extractors.shell import is_command, is_prompt, runs_through
from extractors.source_code import DECLARATION_COMMENT_RE, braced, is_code_line
from extractors.stated_lines import states_a_change, states_in_prose
from extractors.quotes import QuoteBlock, split_quotes
from extractors.vocab.logs import LOG_ANYWHERE, LOG_LINE_RE
from extractors.vocab.machine import KERNEL_FILE_COMMAND_RE
from extractors.vocab.writing import ABBREVIATIONS, CLAUSE_WORDS

# --- line syntax --------------------------------------------------------------------------------------

# Patch text seen inside replies (the quotes stage already keeps unquoted patches apart).
_DIFF_LINE_RE = re.compile(
    r"^(?:diff --git |index [0-9a-f]{6,}\.\.[0-9a-f]{6,}|--- (?:a/|/dev/null)|\+\+\+ (?:b/|/dev/null)"
    r"|@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@)"
    r"|^\s*(?:---|\+\+\+) /?[\w.~-]+/\S*(?:\s+\d{4}-\d\d-\d\d.*)?$|^\s*@@ -\d+(?:,\d+)? \+\d+"  # diff -u
    r"|^\s*\S+\s+\|\s+\d+ ?[-+]*\s*$"  # a diffstat line " fs/io_uring.c | 12 ++--"
    r"|^\s*\d+ files? changed\b")
# A hunk body line: "+" or "-" added/removed code, or a context line starting with one space or a tab.
_HUNK_LINE_RE = re.compile(r"^[-+ \t]")
# An added or removed line of a quoted patch: "+\tfoo = bar;", "-#define X 1", "+}" (a bullet "- item"
# has a space and a word after the dash instead; a row of numbers after a "+" is ministat's second data
# set); one space may stand before the mark where a reply's quoting shifted it (" +\tvalue = 0;").
_CHANGED_LINE_RE = re.compile(r"^(?:[-+](?:\t|#|[{}]|\s*$| {2,}(?![\d.\s]+$)\S|\s*(?:/?\*|//))| [-+]\t)")
# A source line printed with its line number in front (smatch and compiler excerpts, `cat -n`).
_NUMBERED_SOURCE_RE = re.compile(r"^\s*\d{1,6}(?:\s+|:\s*)(?=\S)")
_TAB_ARROW = "\u21e5"

# Trailers, mail headers of a forwarded or inline patch, and other key: value lines that are not data;
# mail clients in other languages name the header fields of the mail they quote in theirs (From, To,
# Sent, Subject in French, German, Spanish, Italian, Dutch, Portuguese). The kernel's bots take their
# commands on lines of their own ("#regzbot introduced: v6.1..v6.2", "#syz test: <tree> <branch>"): words
# addressed to a tracker, not a finding.
_TRAILER_RE = re.compile(
    r"^\s*#(?:regzbot|syz)\b"
    r"|^\s*(?:Signed-off-by|Reviewed-by|Acked-by|Tested-by|Reported-by|Suggested-by|Co-developed-by|Fixes"
    r"|Link|Closes|Cc|CC|Reported-and-tested-by|Message-I[Dd]|Change-Id|From|To|Subject|Date|In-Reply-To"
    r"|References|Base|base-commit|prerequisite-patch-id"
    r"|De|Von|\u00c0|Aan|Envoy\u00e9|Gesendet|Enviado|Inviato|Verzonden|Objet|Betreff|Asunto|Oggetto|Onderwerp"
    r"|Assunto)\s*:\s"
    # ... and the header lines an archive page shows over a message, its name and a tab (lkml.org's "Date\tMon, 3
    # Jun 2024 09:12:30 +0200"), as they are pasted from it
    r"|^(?:From|Subject|Date|To|Cc)\t\S")
# Rules and box borders: "-----", "=====", "+----+----+", "|------|", "x------x-----x".
_RULE_RE = re.compile(r"^\s*(?=(?:[^\s][ \t]*){3})[-=_~*+|:.#\u2013\u2014\u2500-\u257f][-=_~*+|:.#\u2013\u2014\u2500-\u257f \t]*$")
_CORNER_RE = re.compile(r"(?<=-)[xX](?=-|\s*$)|^(\s*)[xX](?=-)")  # a box corner drawn with the letter x


def is_rule(line: str) -> bool:
    """Whether a line is a rule or a box border, which separates rows and holds nothing."""
    rule = _RULE_RE.match(line)
    if rule or "x" not in line and "X" not in line:
        return bool(rule)
    # no rule with every x made '+' is none with its corners made '+': two replaces, not a scan, decide most
    return bool(_RULE_RE.match(line.replace("x", "+").replace("X", "+"))
                and _RULE_RE.match(_CORNER_RE.sub(r"\1+", line)))
# A number as a token: digits with optional sign, separators, exponent, unit or percent sign. Every form
# starts with a digit or a sign, which the lookahead checks before the three lookbehinds.
_NUMBER_TOKEN_RE = re.compile(
    r"(?=[-+~\u2212\d])"
    r"(?:(?<![\w.:/-])(?:\d+h)?\d+m\d+(?:\.\d+)?s(?![\w.:/-])"  # a time(1) duration "4m35.973s"
    r"|(?<![\w.:/-])\d{1,2}:\d{2}(?:\.\d+)?(?![\w:/-])"  # an elapsed time "05:27.00"
    r"|(?<![\w.:/-])[-+~\u2212]?\d[\d,.]*(?:[eE][-+]?\d+)?(?:[kKMGT]|%|[a-zA-Z\u00b5]{1,5}(?:/[a-z]+)?)?(?![\w.:/-]))")
# Cells of a line: runs of words parted by a tab or two spaces.
_PHRASE_SPLIT_RE = re.compile(r"\t+| {2,}")
_MAX_NAME_WORDS = 4  # words one column's name runs to ("Avg. latency (us)"); a longer phrase is a clause
_WORD_RE = re.compile(r"[A-Za-z][a-z]{2,}")
_WORDS_PER_KEY = 3  # words a line of key=number pairs holds beside its pairs, per pair at most
_SETTING_RE = re.compile(r"\S*=\S*")  # a word holding "=": a pair, whatever its key and value
# Columns: a gap of two spaces, a tab or a bar between two cells.
_NAMES_ORED_RE = re.compile(r"(?<=[A-Za-z_])\|(?=[A-Za-z_])")
_COLUMN_GAP_RE = re.compile(r"[^\s.?!](?: {2,}| ?\t)[ \t]*\S|\S\s*\|\s*\S")
_SENTENCE_END_RE = re.compile(r"[a-z)\]\"'%][.?!]\s*$|[a-z][,;]\s*$")
# "key: 123", "latency (usec) = 45.6", "v9 + readahead: 407213 KB/s": a short label, a colon or "=", a number
# (after the "# " a kselftest or KUnit test prints before its diagnostics, or not).
_KEY_EQUALS_NUMBER_RE = re.compile(r"\w=[-+~]?\d")
# ... and "key:number" glued, as some tools print their fields ("mean:5120 stddev:41"), and where one such pair
# is, the same with the value padded to its column ("stddev: 3" under "stddev:41"); the key is a word, so a
# time of day ("12:30") and a URL's port ("host.org:8080") are none. A sentence's "base: 410K, patch: 433K"
# has no glued pair: it stays a sentence.
_KEY_COLON_NUMBER_RE = re.compile(r"(?<![\w/.:-])[A-Za-z_]\w*:[-+~]?\d")
_KEY_COLON_PADDED_RE = re.compile(r"(?<![\w/.:-])[A-Za-z_]\w*: [-+~]?\d")
_DOUBLE_QUOTED_RE = re.compile(r'"[^"]*"')
_KEY_NUMBER_RE = re.compile(r"^\s*(?:#\s+)?[\w*(\[][\w()/.,%*\[\]-]{0,30}(?: [\w()/.,%*+\[\]-]{1,30}){0,5}"
                            r"\s*[:=]\s*[-+~]?\d")
# A test's field and its figure as a tool prints them ("getpid: vdso: 342 nsec/call", "memcpy(): old: 30 cycles",
# "READ: bw=512MiB/s"), or a setup named as code is (an underscore or digit in it): "spin_v2 1444 ops/s (+- 0.1%)".
_FIELD_FIGURE_RE = re.compile(r"^\s*(?:[\w.-]{1,40}(?:\(\))?:\s+[\w.-]{1,30}(?::\s*|=)"
                              r"|(?=[\w.-]*[_\d])[A-Za-z][\w.-]{1,40}\s+)"
                              r"(?P<figure>\d[\d.,]*\s?[A-Za-z/%]+)(?:\s+\((?:\+-|\+/-|\u00b1)\s*\d[\d.]*%\))?\s*$")
_DIGIT_RE = re.compile(r"\d")

# Most lines are prose, and prose fails every test below. Each helper first looks for a character its
# expression cannot match without (a digit, '=', a gap or a bar), so a sentence costs a few substring
# tests instead of a scan of the line by every expression; the result is the expression's own.


def _count_numbers(text: str) -> int:
    """How many number tokens `text` holds (every form starts with a digit)."""
    return len(_NUMBER_TOKEN_RE.findall(text)) if _DIGIT_RE.search(text) else 0


def _count_key_numbers(text: str) -> int:
    """How many "key=number" pairs `text` holds outside double quotes: settings quoted in a sentence
    ('With "depth=32 jobs=4" the loss is 10%') are named by it, not printed as a record."""
    if '"' in text:
        text = _DOUBLE_QUOTED_RE.sub(" ", text)
    pairs = len(_KEY_EQUALS_NUMBER_RE.findall(text)) if "=" in text else 0
    glued = len(_KEY_COLON_NUMBER_RE.findall(text)) if ":" in text else 0
    return pairs + glued + len(_KEY_COLON_PADDED_RE.findall(text)) if glued else pairs


def has_columns(text: str) -> bool:
    """Whether `text` has a column gap: two spaces or a tab between cells, or a bar (not one glued
    between two names, which ors them: "SINGLE_ISSUER|DEFER_TASKRUN", "read|write")."""
    if "|" in text:
        text = _NAMES_ORED_RE.sub("_", text)
    return ("  " in text or "\t" in text or "|" in text) and _COLUMN_GAP_RE.search(text) is not None


def _ends_sentence(stripped: str) -> bool:
    """Whether a stripped line ends like a sentence or a clause ("... faster.", "... and,"). The expression
    is anchored at the end and `stripped` has no trailing space: only its last two characters can match."""
    return _SENTENCE_END_RE.search(stripped[-2:]) is not None


def _has_log_mark(line: str) -> bool:
    """Whether a log mark stands anywhere in the line (`LOG_ANYWHERE`)."""
    return any(mark in line and expression.search(line) for mark, expression in LOG_ANYWHERE)


def _is_structured(line: str) -> bool:
    """Whether a single line holds data in a structure of its own rather than in a sentence: columns,
    key=value pairs, or one "label: number" summary ("Total files/sec: 664165.5"), a note in brackets
    after it or not ("Extraction time: 1.090s (~29% reduction)")."""
    stripped = line.strip()
    if has_columns(stripped) or _count_key_numbers(stripped) >= 2:
        return True
    core = CHANGE_NOTE_RE.sub("", stripped) if stripped.endswith(")") else stripped
    return bool(_KEY_NUMBER_RE.match(core)) and _count_numbers(core) == 1 and len(_WORD_RE.findall(core)) <= 5


# Lines longer than this are never rows, logs or code as printed: a pasted blob, or text an archive
# joined into one line. They are prose to the later stages (and never cost a regular expression here).
_MAX_LINE = 1000


@lru_cache(maxsize=1 << 14)
def line_kind(line: str) -> str:
    """What one line is by its own syntax: blank, log, diff, code, command, trailer, listing, rule,
    data (numbers in columns or key: number) or text.

    Cached by the line: replies quote the lines of the patch and the mail they answer, so three lines
    of four reaching here on a real list were classified before."""
    if _TAB_ARROW in line:  # a tab drawn as the tab key's arrow, as editors that show whitespace draw it
        return line_kind(line.replace(_TAB_ARROW, " "))
    stripped = line.strip()
    if not stripped:
        return "blank"
    if len(line) > _MAX_LINE:
        return "text"
    if LOG_LINE_RE.match(line) or _has_log_mark(line):
        return "data" if is_tool_line(line) else "log"  # a tool that reports in the kernel log (tcrypt)
    if _DIFF_LINE_RE.match(line) or _CHANGED_LINE_RE.match(line):
        return "diff"
    if is_prompt(line):
        return "data" if is_tool_line(line) else "command"  # perf bench's "# Running ..." is no root prompt
    if "*/" in line and DECLARATION_COMMENT_RE.search(line):
        return "code"
    if _TRAILER_RE.match(line):
        return "trailer"
    if is_chart_line(line):
        return "chart"
    if is_rule(line):
        return "rule"
    if DEVICE_LISTING_RE.match(line) or is_record_line(line) or ends_in_date_stamp(line):
        return "listing"
    if states_in_prose(line):
        return "text"
    stated = stripped[-1] == "." and is_stated_field(stripped)  # "before: 15.29%.": a record, not a sentence
    numbers = _count_numbers(stripped.rstrip(".") if stated else stripped)
    columns = has_columns(stripped)
    if is_listing_line(line) and _count_key_numbers(line) < 2 \
            and not (numbers >= 2 and ": " in line and "=" in line) \
            and not (numbers >= 3 and columns):  # a tool's row after its "name: " prefix
        return "listing"
    numbered = _NUMBERED_SOURCE_RE.match(line)
    if (is_code_line(line) and not (numbers >= 2 and columns)) or (numbered and is_code_line(line[numbered.end():])):
        return "code"
    if is_command(stripped) or KERNEL_FILE_COMMAND_RE.match(stripped):
        return "command"
    # "ios=0/30627, merge=0/2125, ticks=0/410990": pairs whose values are not plain numbers (a sentence naming
    # two settings, "Can you check it with foo=0 and foo=1", has more words than its pairs hold)
    keyed = (pairs := _count_key_numbers(stripped)) >= 2 and \
        len(_WORD_RE.findall(_SETTING_RE.sub(" ", stripped))) <= _WORDS_PER_KEY * pairs
    if keyed and not _ends_sentence(stripped):
        return "data"
    if not numbers and not columns:
        # data needs a number, a header columns, unless a tool prints it ("General statistics:")
        return "data" if is_tool_line(line) else "text"
    if is_tool_line(line):
        return "data"  # "Running in process mode with 10 groups ...": a line of a tool's output
    if numbers <= 2 and (figure_then_unit(stripped) or (field := _FIELD_FIGURE_RE.match(stripped))
                         and figure_then_unit(field.group("figure"))):
        return "data"  # "2.8014 uSec/loop", "113.9 watts, 0.18% more", "getpid: vdso: 6 nsec/call": a result
    words = len(_WORD_RE.findall(stripped))
    ends_sentence = stripped.endswith(".") and not stripped.endswith("..") and \
        stripped.split()[-1].lower() not in ABBREVIATIONS  # "2  2  vs." over change columns ends no sentence
    if numbers >= 2 and not ends_sentence and (columns or numbers >= words or keyed):
        return "data"
    # no row or header ends in a full stop: a gap in a line that does is a typed double space ("drops
    # from  97% to 15%.")
    sentence = (ends_sentence or _ends_sentence(stripped)) and not stated
    if numbers >= 1 and words <= 8 and (_KEY_NUMBER_RE.match(line) or columns) and not sentence \
            and not states_a_change(stripped):
        return "data"
    if columns and not sentence and words <= 20:
        return "header"  # column names over a table, or a row of labels
    return "text"


# --- paragraphs -----------------------------------------------------------------------------------------

# More lines than a person pastes as one table without a blank line (the longest LKP and perf sections
# are a few hundred): such a paragraph is a dump, and reading it as a grid costs seconds.
_MAX_TABLE_LINES = 2000


def _paragraph_kind(kinds: list[str], lines: list[str]) -> str:
    """The kind of a run of non-blank lines from the kinds of its lines.

    One log line makes a log (the text lines of a KASAN or lockdep report are part of it); diff and
    code need most lines; a table needs at least two data lines (or one under a header or rule) that
    outnumber the prose; the rest is prose, or a listing / command block when those dominate.
    """
    n = len(kinds)
    if kinds.count("text") == n:  # most paragraphs: all sentences, and no rule below asks more of them
        if numbered_excerpt(lines):
            return "listing"
        # "base: 8 cycle fast path." ..., "64B   ~90ns -> ~32ns" ...: rows of a table written as lines
        return "table" if records_of_one_measure(lines) or arrow_records(lines) else "prose"
    count = Counter(kinds)
    if count["log"]:
        return "log"
    if count["chart"] >= MIN_CHART_LINES and count["chart"] * 3 >= n:
        return "chart"
    if count["diff"] and (count["diff"] * 2 >= n or kinds[0] == "diff"):
        return "diff"
    if count["diff"] and all(k == "diff" or _HUNK_LINE_RE.match(line) for k, line in zip(kinds, lines)):
        return "diff"
    if count["code"] * 2 > n or (count["code"] >= 2 and count["code"] + count["blank"] + count["rule"] >= n - 1
                                 and not count["data"]) or braced(lines):
        return "code"
    if numbered_excerpt(lines):
        return "listing"
    data = count["data"]
    structure = count["header"] + count["rule"]
    # lsblk's devices, a tree: rows of numbers a listing prints by its own form (line_kind made them
    # listing lines, so only a paragraph of mostly listing lines is looked at again)
    if count["listing"] > data and count["listing"] * 2 >= n:
        devices = sum(1 for line in lines if DEVICE_LISTING_RE.match(line))
        if devices > data and devices * 2 >= n:
            return "listing"
    if any("(s)" in line and LSCPU_COUNT_RE.match(line) for line in lines):
        return "listing"  # lscpu's output, whatever "Model: 116" lines it has beside its counts
    if any(LISTING_HEADER_RE.match(line) for line in lines):
        return "listing"  # bloat-o-meter's sizes of symbols, mdadm's members, dmsetup's devices
    if any(" :" in line for line in lines) and aligned_fields(lines):
        return "listing"  # mdadm's or nvme-cli's fields of a device, its counts among them
    if n > _MAX_TABLE_LINES and data * 2 >= n:
        return "listing"  # thousands of rows without a blank line: a dump of data, not a table to read
    if count["listing"] >= 2 and data and is_config_file(lines):
        return "listing"
    if data >= 2 and data + structure >= count["text"] or (data == 1 and structure and not count["text"]):
        return "table"
    if n == 1 and (data == 1 and (_is_structured(lines[0]) or is_tool_line(lines[0])) or structure and "|" in lines[0]):
        return "table"  # a row of columns or key=value, a summary, a tool's line; a pipe header HTML mail set apart
    if count["listing"] * 2 >= n and count["listing"] >= 2:
        return "listing"
    if count["command"] * 2 >= n:
        return "command"
    if count["trailer"] * 2 >= n:
        return "listing"
    return "prose"


def _text_blocks(first_line: int, lines: tuple[str, ...], depth: int, author: str | None) -> list[Block]:
    """The blocks of one run of text lines at one quote depth: paragraphs with their kinds, a paragraph
    that mixes prose with a table or a command cut where its lines change kind."""
    return [Block(kind, first_line + lo, lines[lo:hi], depth, author) for kind, lo, hi in _layout(lines)]


@text_cache(1024)
def _layout(lines: tuple[str, ...]) -> tuple[Span, ...]:
    """The blocks of a run of text lines as spans: what they are depends on the lines alone, so it is
    cached by them (a reply quotes runs of the mails it answers; on a real list half the runs recur)."""
    kinds = _with_headers(_with_wrapped_tails([line_kind(line) for line in lines], lines), lines)
    spans: list[Span] = []
    start = 0
    for index in range(len(lines) + 1):
        if index < len(lines) and kinds[index] != "blank":
            continue
        if index > start:
            spans.extend(_cut(lines, kinds, start, index))
        if index < len(lines):
            spans.append(("blank", index, index + 1))
        start = index + 1
    return tuple(spans)


def _with_wrapped_tails(kinds: list[str], lines: tuple[str, ...]) -> list[str]:
    """Give the tail of a row a mail client wrapped the kind of its row: key=value lines that carry on a
    data line ending in a comma ("..., in_queue=410990," / "util=99.94%"), which alone would read as a
    setting of a listing, the end of a bar-drawn row ("| 16k" / "window |", or "| avg |" when the wrap
    fell before a bar), which alone reads as words, and the rest of a row's name printed under it
    (`extractors.label_tails`)."""
    if "data" not in kinds:
        return kinds
    out = list(kinds)
    for index in range(1, len(lines)):
        if out[index] not in ("listing", "text"):
            continue
        above, line = lines[index - 1].strip(), lines[index].strip()
        if out[index - 1] == "data" and out[index] in ("listing", "text") and "=" in line \
                and above.endswith(",") and _KEY_EQUALS_NUMBER_RE.search(line):
            out[index] = "data"
        elif out[index] == "text" and out[index - 1] in ("data", "header", "text") and above.startswith("|") \
                and not above.endswith("|") and line.endswith("|") and line.count("|") < above.count("|"):
            out[index] = "data" if out[index - 1] == "data" else "header"
    for index, row in label_tails([line.expandtabs(8) for line in lines]).items():
        if out[index] == "text" and out[row] == "data":
            out[index] = "data"  # the rest of a row's name, under the row: a line of the table
    return out


def _with_headers(kinds: list[str], lines: tuple[str, ...]) -> list[str]:
    """Mark as headers the text lines that name the columns of the data line below them (a rule may
    sit between): no sentence punctuation, and one word per column of that line. Archive pages that
    squeeze runs of spaces lose every other sign that a line is a header."""
    out = list(kinds)
    if "data" not in out:
        return out  # no line names the columns of nothing: only runs with data lines have headers
    for index in range(len(lines) - 1, -1, -1):
        if out[index] not in ("text", "header"):
            continue
        below = next((j for j in range(index + 1, len(lines)) if out[j] not in ("rule", "header")
                      and not (out[j] == "text" and _is_header_continuation(lines[j]))), None)
        if below is None or out[below] != "data":
            continue
        carried = sum(out[j] == "text" for j in range(index + 1, below))  # second lines of names
        if below - index - carried > 3:
            continue
        if out[index] == "header":
            _continuations(out, lines, index, below)
            continue
        words = lines[index].split()
        if not words or len(words) > 12 or _ends_sentence(lines[index].strip()) \
                or lines[index].rstrip().endswith(":"):
            continue  # a sentence, or a caption ending in ':' that names the rows below
        above = next((j for j in range(index - 1, -1, -1) if out[j] not in ("rule", "header")), None)
        if above is not None and out[above] == "data":
            continue  # a header comes before the rows it names, not between them
        cells = lines[below].split()
        numbers = _count_numbers(lines[below])
        phrases = len([p for p in _PHRASE_SPLIT_RE.split(lines[index].strip()) if p])
        if phrases == 1 and len(words) > _MAX_NAME_WORDS and not CLAUSE_WORDS.isdisjoint(w.lower() for w in words):
            continue  # one phrase of many words holding a word of prose is a clause ("observed a gain of 12% with")
        if {len(words), phrases} & {numbers - 1, numbers, numbers + 1, len(cells), len(cells) - 1}:
            out[index] = "header"
            _continuations(out, lines, index, below)
    return out


def _continuations(kinds: list[str], lines: tuple[str, ...], header: int, data: int) -> None:
    """Mark the second lines of column names between a header and its data ("all rwsem" / "patches")."""
    for j in range(header + 1, data):
        if kinds[j] == "text" and _is_header_continuation(lines[j]):
            kinds[j] = "header"


def _is_header_continuation(line: str) -> bool:
    """A line that only carries the rest of a column name: indented to a column, a word or two; its full
    stop ends an abbreviation ("A" / "vs." / "B" over a change column), not a sentence."""
    stripped = line.strip()
    indent = len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())
    return bool(stripped) and indent >= 8 and len(stripped.split()) <= 3 and \
        not (_ends_sentence(stripped) and stripped.split()[-1].lower() not in ABBREVIATIONS)


def _cut(lines: tuple[str, ...], kinds: list[str], start: int, end: int) -> list[Span]:
    """One paragraph as blocks: whole when its lines agree, else cut where they change between prose,
    table and command lines ("Results:" directly above a table, a command line above its output); a
    numbered file excerpt stays one listing (its comment lines hold a number and words, as rows do)."""
    if end - start == 1:  # one line: nothing to cut, and nothing to glue
        return [(_paragraph_kind(kinds[start:end], list(lines[start:end])), start, end)]
    if numbered_excerpt(list(lines[start:end])) or ("=" in lines[start] or lines[start].lstrip()[:1] == "[") \
            and is_config_file(list(lines[start:end])):
        return [("listing", start, end)]  # a configuration file: its settings are no table, its sections no prose
    cuts = [start]
    before, before_at = _COARSE.get(kinds[start], "other"), start
    for i in range(start + 1, end):
        after = _COARSE.get(kinds[i], "other")
        if after == "other":
            continue
        if before not in ("other", after):
            # cut right after the last line of the previous kind: rules between go with what follows
            cuts.append(before_at + 1)
        before, before_at = after, i
    cuts.append(end)
    cuts = sorted(set(cuts))
    pieces = [(_paragraph_kind(kinds[lo:hi], list(lines[lo:hi])), lo, hi) for lo, hi in zip(cuts, cuts[1:])]
    return _merge_prose(rekinded(pieces, kinds, lines), lines)


# Line kinds grouped for cutting a paragraph: numbers-and-structure, prose, or commands; rules and the
# rest ("other") never cause a cut.
_COARSE = {"data": "table", "header": "table", "text": "prose", "command": "command"}


def _merge_prose(pieces: list[Span], lines: tuple[str, ...]) -> list[Span]:
    """Glue back a one-line "table" piece cut from prose (a sentence with two numbers in it, not a line
    a tool prints: dd's summary under "Without patch:"), a command line a sentence runs through, and
    prose pieces that end up next to each other (the pieces follow each other in `lines`)."""
    out: list[Span] = []
    for kind, lo, hi in pieces:
        glue = out and out[-1][0] == "prose" and (kind == "prose" or hi - lo == 1 and (
            kind == "table" and not _is_structured(lines[lo]) and not is_tool_line(lines[lo])
            or kind == "command" and runs_through(lines, lo)))
        if glue:
            kind, lo = "prose", out.pop()[1]
        out.append((kind, lo, hi))
    return out


_QUOTE_KINDS = {"attribution": "attribution", "signature": "signature", "footer": "footer", "patch": "diff"}


def run_blocks(quote_block: QuoteBlock) -> list[Block]:
    """The blocks of one block of `extractors.quotes.split_quotes`: its paragraphs classified when it
    is text, else one block of its own kind (attribution, signature, footer, diff)."""
    kind = _QUOTE_KINDS.get(quote_block.kind)
    if kind is not None:
        return [Block(kind, quote_block.first_line, quote_block.lines, quote_block.depth, quote_block.author)]
    return _text_blocks(quote_block.first_line, quote_block.lines, quote_block.depth, quote_block.author)


def split_blocks(body: str) -> list[Block]:
    """Every line of `body` in exactly one classified block, in order. Never raises; an empty body
    gives one blank block."""
    return [block for quote_block in split_quotes(body) for block in run_blocks(quote_block)]
