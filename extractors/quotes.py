"""Quote structure of a mail body: which lines are new text, which are quoted (and how deep), who wrote
each quoted block (from the attribution line above it), and where the signature and list footer start.

Every other extractor works on the blocks this module returns, with the quote prefixes stripped, so that
a table or a sentence inside `> ` quotation is found like any other and is attributed to its real author.

Mail clients mark quotation in several ways, and each has a trap:
- `>`, `> >`, `>>`: the depth is the number of `>`; but `>From` is mbox's escape of a line that began
  with "From ", not one more level of quotation.
- `| `: some clients quote with a bar, but ASCII tables start with `|` (and `+`) too: a bar line is a
  quote only when it holds no second bar, i.e. it is not a table row.
- `Name> `: Emacs' supercite quotes each line with a tag of the quoted writer's name or initials
  ("John> ", "JA> "). A tool's prompt looks alike ("crash> bt", "mysql> select ..."), but the lines a
  prompt leads are followed by the tool's output, where quoted lines come in runs: a tag is read as a
  quote only on a body where most of its lines stand next to another line with the same tag.
- Attribution lines name the author of the text one level deeper ("On <date>, X wrote:", also wrapped
  over two lines; "* X <addr> wrote:"; "X writes ("Re: ..."):"; "Am <date> schrieb X:"; "X wrote:"
  alone), while an Outlook header ("-----Original Message-----" / "From: X" / "Sent: ...") names the
  author of the text right below it, at the same depth: when that text carries no `>` of its own it is
  still quoted, so it is moved one level down.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import groupby

# "> ", ">>", "> > ", " > " ... : the prefix of a quoted line; its depth is the number of '>'. Outlook
# indents each level it nests, and may indent the whole quotation: ">     >     > text", "    >     > text"
# (spaces only between levels: a tab after a '>' is quoted code, "> \t\t>> 3"). A '>' right before an '='
# that is no rule of '=' is a comparison ("  >=(KB) .. <(KB)" over a histogram's buckets), no quotation.
_QUOTE_PREFIX_RE = re.compile(r"^(?: {0,4}|[ \t]{0,2})>(?: {0,6}>)*(?!=[^=])[ \t]?")
# A supercite tag ("John> ", "JA>" on a blank quoted line), what it may nest ("John> > older text").
_TAG_RE = re.compile(r"^([A-Za-z][\w.-]{0,19})>(?=[ \t>]|$)", re.M)
# supercite's attribution line, which opens with five '>' that are no quotation
_SUPERCITE_ATTRIBUTION_RE = re.compile(r'^>{5} (?="[^"]{1,40}"\s*==)')
_MIN_TAGGED_RUNS = 3  # lines with the tag of the line above: fewer are a prompt or two, not a quotation
# mbox escapes a body line starting with "From " as ">From ": that '>' is not quotation.
_MBOX_FROM_ESCAPE_RE = re.compile(r">From ")
# A bar-quoted line: "| text" with no second bar (a second bar makes it a table row). fio prints its
# latency percentiles as rows opening with a bar ("| 1.00th=[    9], 5.00th=[   10],"): pasted without
# their indentation, they are still fio's rows. A box table's line whose first cell spans rows ends in a
# rule instead of a bar ("|  redis  +------+-----+"): a table's line too.
_BAR_QUOTE_RE = re.compile(r"^\|(?: |$)(?=[^|]*$)(?![-=+ ]*$)(?!\s*\d+(?:\.\d+)?th=\[)(?![^+]*\+[-=]{3,}[-=+]*\s*$)")
# An indented bar opening a line with no other bar: the marker some authors set before each line of a
# command's output they paste (a box or pipe table's row has a second bar; a call graph's bars stand deeper).
_PASTE_MARK_RE = re.compile(r"^ {1,4}\|(?=[ ]|$)(?=[^|]*$)")
_QUOTE_FIRST_CHARS = " \t>|"  # where a quote prefix or a bar quote starts

_NAME = r"(?P<name>[^<>\[\]:;!?]{2,80}?)"
_ADDR = r"(?:\s*(?:<[^<>]*>|\[[^\[\]]*\]|\((?:mailto:)?[^()\s]*@[^()]*\)))?"
_ATTRIBUTION_RES = (
    # On Fri, 08 Feb 2019, Waiman Long wrote:  /  On 11/30/2025 7:04 PM, Name <addr> wrote:
    re.compile(r"^\s*On\s.{3,200}?\bwrote\s*:\s*$", re.I),
    # * Juergen Gross <jgross@suse.com> wrote:
    re.compile(r"^\s*\*\s*" + _NAME + _ADDR + r"\s+wrote\s*:\s*$"),
    # Ian Jackson writes ("Re: [PATCH] foo"):
    re.compile(r"^\s*" + _NAME + _ADDR + r"\s+writes\s*\(.*\)\s*:\s*$"),
    # Am 26.11.2014 um 10:23 schrieb David Hildenbrand:
    re.compile(r"^\s*Am\s.{3,120}?\bschrieb\s+" + _NAME + _ADDR + r"\s*:\s*$"),
    # Le 12/03/2020 à 10:00, Name a écrit :
    re.compile(r"^\s*Le\s.{3,120}?,\s*" + _NAME + _ADDR + r"\s+a\s+écrit\s*:\s*$"),
    # Quoting Name <addr>:  /  Quoting Name (2014-11-26):
    re.compile(r"^\s*Quoting\s+" + _NAME + _ADDR + r"(?:\s*\([^()]*\))?\s*:\s*$"),
    # supercite's own, under its five '>' (read at depth 0): "John" == John Doe <addr> writes:
    re.compile(r'^\s*"[^"]{1,40}"\s*==\s*' + _NAME + _ADDR + r"\s+writes\s*:\s*$"),
    # Xu, Anthony wrote:  /  Name <addr> wrote:  /  Name said:
    re.compile(r"^\s*" + _NAME + _ADDR + r"\s+(?:wrote|said)\s*:\s*$"),
)
# In "On <date>, <name> wrote:" the name follows the last comma, or the time/zone when there is no comma.
# Gmail puts a narrow no-break space before "PM", which a conversion to another charset leaves as "?".
_ON_WROTE_NAME_RE = re.compile(
    r"^\s*On\s(?P<head>.*)(?:,\s*|\s(?:[AP]M|[+-]\d{4}|(?-i:\(?[A-Z]{3,4}\)?)|\d\d?:\d\d(?::\d\d)?(?-i:[\s?]?[AP]M)?)\s+)"
    r"(?P<name>[^,<>]{2,80}?)" + _ADDR + r"\s+wrote\s*:\s*$", re.I)
_ON_WROTE_START_RE = re.compile(r"^\s*On\s.*\d", re.I)  # the first half of a wrapped attribution
# "Name <addr> wrote on Saturday, 21 December 2024 at 22:10" (a mail client's form with no colon, the
# date often wrapped onto a line of its own): an attribution only right above the quotation it heads.
_WROTE_ON_RE = re.compile(r"^\s*" + _NAME + _ADDR + r"\s+wrote\s+on\s+\S.{2,80}$")
_MAX_DATE_TAIL = 40  # the wrapped rest of its date ("December 2024 at 22:10")
_WROTE_END_RE = re.compile(r"\bwrote\s*:\s*$", re.I)
# Outlook: "-----Original Message-----", then "From: X", "Sent:", "To:", "Subject:" lines; or all of it
# squeezed into one line: "From: X  Sent: Thursday, ..." (also mbox-escaped as ">From X   Sent: ...").
_ORIGINAL_MESSAGE_RE = re.compile(r"^\s*-{2,}\s*(?:Original Message|Ursprüngliche Nachricht)\s*-{2,}\s*$", re.I)
_HEADER_FROM_RE = re.compile(r"^\s*From:?\s+(?P<rest>.+?)\s*$")
_HEADER_FIELDS_FROM_RE = re.compile(r"^\s*From:\s+(?P<rest>.+?)\s*$")
_ONE_LINE_HEADER_RE = re.compile(r"^\s*From:?\s+(?P<rest>.+?)\s+Sent:\s.*$")
_HEADER_FIELD_RE = re.compile(r"^\s*(?:Sent|Date|To|Cc|CC|Subject|Reply-To|Importance)\s*:|^\s*\[mailto:")
_SENT_FIELD_RE = re.compile(r"^\s*Sent:\s")  # Outlook's date field: what tells its header from a mail's
_ON_BEHALF_RE = re.compile(r"\bOn Behalf Of\s+(?P<name>.+)$", re.I)
_SIGNATURE_RE = re.compile(r"^--\s?$")
# git format-patch's signature: "-- " and the git version ("2.39.2", "2.34.1.windows.1"). It is the
# whole signature; what follows a blank line after it was written in by hand (benchmarks, notes).
_GIT_VERSION_RE = re.compile(r"^\d{1,2}\.\d{1,3}(?:\.[\w-]{1,20}){0,4}$")
_FOOTER_RE = re.compile(
    r"^(?:_{20,}\s*$|To unsubscribe from this list|To unsubscribe, send|More majordomo info at"
    r"|Please read the FAQ at|You received this message because you are subscribed"
    r"|[\w.-]+ mailing list\s*$)")
# The start of a patch: the rest of that depth is a diff, not prose or evidence. Multi-line, so that
# `search` finds it in a whole body (analysis cuts the unquoted diff off before splitting quotes).
DIFF_START_RE = re.compile(r"^(?:diff --git |Index: \S|diff -\w+ \S|--- a/\S)", re.M)
# A hunk header ("@@ -476,8 +476,8 @@"): how many lines of the old and the new file the hunk holds (1 when
# omitted). Once they are all there, a line that goes on no patch ends the diff: text written after a
# quoted suggestion, or a quoted reply below it.
_HUNK_RE = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")
# What may follow a complete hunk inside a patch: another hunk, a file's header, git's signature, a blank.
_PATCH_GOES_ON_RE = re.compile(
    r"^(?:@@ |diff |index |--- |\+\+\+ |new file|deleted file|similarity|rename |old mode|new mode|Binary files|"
    r"\\ |--\s?$|\d{1,2}\.\d|\s*$)")
# A diffstat line (" kernel/sched/psi.c | 280 +++---") or its summary ("9 files changed, 3 insertions").
_DIFFSTAT_RE = re.compile(
    r"^\s*\S+\s+\|\s+(?:\d+\s*[-+]*|Bin\b.*)\s*$|^\s*\d+ files? changed\b|^\s*create mode \d+ \S|"
    r"^\s*delete mode \d+ \S")
# The four marks above in one expression, tried in that order (one call per line instead of four); the
# group that matched names the mark.
_LINE_MARK_RE = re.compile("|".join(f"(?P<{name}>{expression.pattern})" for name, expression in (
    ("signature", _SIGNATURE_RE), ("footer", _FOOTER_RE), ("patch", DIFF_START_RE), ("diffstat", _DIFFSTAT_RE))))
# What a line needs for `_LINE_MARK_RE` to match it, tested first: a mark's first character, or the bar
# of a diffstat, "changed" of its summary, " mode " of a create / delete line, or "mailing list".
_LINE_MARK_FIRST_CHARS = frozenset("-_TMPYdI")

# A line that no unquoted diff holds: a hunk's lines open with a space, "+", "-" or "\\" (a blank one when
# the client dropped a context line's space), the rest are git's headers. Where one is found after a diff's
# start, the author's text goes on ("Test result:" under a suggested change); found by one regex search,
# so that a whole patch costs no step per line.
# (The newline opens the pattern, so that the search skips to each line's start as fast as to a literal.)
_AFTER_PATCH_RE = re.compile(
    r"\n(?![ +\-@\\\n]|\Z|diff |index |new file|deleted file|(?:dis)?similarity |rename |copy |old mode|new mode|"
    r"Binary files)")
# What may end a patch mail without being text to read: git's version line, a list's footer under its rule.
_PATCH_TAIL_RE = re.compile(r"\s*(?:\d{1,2}\.\d{1,3}[\w.-]*\s*)?(?:_{10,}.*)?\Z", re.S)
_SIGNATURE_MARK_RE = re.compile(r"\n--\s?\n")
_HUNK_LINE_STARTS = frozenset(" +-@\\")  # what a hunk's lines open with


def patch_end(body: str, start: int) -> int:
    """The offset where text resumes after the unquoted diff that starts at `start`; len(body) when none
    does: the patch runs to the end, or only git's signature ("-- " and a version or a name), a list's
    footer follow it."""
    at = start
    while (after := _AFTER_PATCH_RE.search(body, at)) is not None:
        line_end = body.find("\n", after.start() + 1)
        if line_end < 0 or body[line_end + 1:line_end + 2] not in _HUNK_LINE_STARTS:
            break
        at = line_end  # one line among the hunk's: a code line the client wrapped, an svn patch's "====" rule
    if after is None or _SIGNATURE_MARK_RE.search(body, start, after.start() + 1) \
            or _PATCH_TAIL_RE.match(body, after.start() + 1):
        return len(body)
    return after.start() + 1


@dataclass(frozen=True)
class QuoteBlock:
    """A run of consecutive body lines with the same role, quote depth and author."""

    first_line: int  # 0-based index of the block's first line in the body
    depth: int  # 0 for new text, 1 for "> ", 2 for "> > " ...
    author: str | None  # who wrote the text; None when unknown (and at depth 0: the message's author)
    kind: str  # "text", "attribution", "signature", "footer" or "patch"
    lines: tuple[str, ...]  # the lines with their quote prefixes removed
    # The first line of the deeper quoted text block right above it, which it answers (a reviewer's
    # question, say, at any depth: a quoted reply answers the text it quoted in turn); None when the text
    # right above is no deeper.
    answers: int | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def quote_depth(line: str) -> tuple[int, str]:
    """The quote depth of one line and the line without its prefix.

    `>From ` counts as mbox's escape of "From " (no extra depth); a `| ` line without a second `|` is
    bar-quoted (depth 1), while a table row keeps its bars.
    """
    if not line or line[0] not in _QUOTE_FIRST_CHARS:
        return 0, line  # most lines: neither prefix can start there
    match = _QUOTE_PREFIX_RE.match(line)
    if not match:
        if _BAR_QUOTE_RE.match(line):
            return 1, line[2:]
        return 0, _unmarked(line)
    prefix, rest = match.group(0), line[match.end():]
    depth = prefix.count(">")
    if rest.startswith("From ") and prefix.endswith(">"):
        return depth - 1, rest
    if _MBOX_FROM_ESCAPE_RE.match(line[match.end() - 1:]) and prefix.endswith(">"):
        return depth - 1, rest
    return depth, _unmarked(rest)


def _unmarked(line: str) -> str:
    """The line without the indented bar that marks pasted output (" | $ perf bench ...", " |   42.0
    usecs/op"): a space where the bar stood, so that the output's columns stay where they were."""
    marked = _PASTE_MARK_RE.match(line)
    return line if marked is None else f"{line[:marked.end() - 1]} {line[marked.end():]}"


def _clean_name(name: str) -> str | None:
    name = name.strip().strip('"\'').strip()
    name = re.sub(r"\s+", " ", name)
    if not name or len(name.split()) > 6 or not re.search(r"[^\W\d_]", name):
        return None
    return name


def parse_attribution(line: str) -> str | None:
    """The name in an attribution line ("On <date>, X wrote:", "* X <addr> wrote:", "Am <date> schrieb X:",
    "X writes (...):", "X wrote:"), or None when the line is not one. Never raises."""
    if len(line) > 300 or not line.rstrip().endswith(":"):  # every form ends with a colon: a cheap test
        return None
    match = _ON_WROTE_NAME_RE.match(line)
    if match:
        return _clean_name(match.group("name"))
    for pattern in _ATTRIBUTION_RES[1:]:
        match = pattern.match(line)
        if match:
            return _clean_name(match.group("name"))
    if _ATTRIBUTION_RES[0].match(line):  # "On ... wrote:" whose name we could not isolate
        return "?"
    return None


def _outlook_author(rest: str) -> str | None:
    """The author in the value of an Outlook "From:" field: "Name [mailto:..]", "list [..] On Behalf Of X"."""
    behalf = _ON_BEHALF_RE.search(rest)
    if behalf:
        rest = behalf.group("name")
    rest = re.sub(r"\[mailto:[^\]]*\]|<[^<>]*>|\([^()]*@[^()]*\)", " ", rest)
    rest = rest.split(" Sent:")[0]
    return _clean_name(rest) if "@" not in rest else None


def _header_end(lines: list[tuple[int, str]], start: int, depth: int) -> int:
    """Index after the Outlook header fields that follow line `start` at the same depth."""
    index = start + 1
    while index < len(lines) and lines[index][0] == depth and (
            _HEADER_FIELD_RE.match(lines[index][1]) or _ON_BEHALF_RE.search(lines[index][1])):
        index += 1
    return index


def split_quotes(body: str) -> list[QuoteBlock]:
    """Split a body into blocks of new text, quoted text, attribution lines, signature, footers and patches.

    An attribution line at depth d names the author of the depth d+1 text that follows it; an Outlook
    header names the author of the text below it. Text after a signature marker ("-- "), a list footer or
    the start of a diff is kept as a "signature"/"footer"/"patch" block so that line numbers stay exact,
    and the other extractors skip it. Never raises; an empty body gives one empty text block.
    """
    raw = body.split("\n")
    if "\r" in body:
        raw = [line.rstrip("\r") for line in raw]
    # quote_depth's own first test, made here: most lines start with neither prefix, and skip the call
    tags = _supercite_tags(body, raw) if ">" in body else frozenset()
    lines = _rejoin_wrapped_quotes([_tagged(line, tags) if tags and (line[:1].isalpha() or line[:5] == ">>>>>")
                                    else quote_depth(line) if line[:1] in _QUOTE_FIRST_CHARS else (0, line)
                                    for line in raw])
    # what is decided of each line, in parallel lists (a record per line costs more than the decisions)
    depths = [depth for depth, _ in lines]
    kinds = ["text"] * len(lines)
    owners: list[str | None] = [None] * len(lines)  # who wrote each line
    authors: dict[int, str | None] = {}
    tail_kind: dict[int, str] = {}  # depth -> "signature"/"footer"/"patch" once such a marker was seen
    due: dict[int, list[int] | None] = {}  # depth -> old and new lines its patch's current hunk still holds
    shifted: tuple[int, str | None] | None = None  # (first line, author) of depth-0 text under an Outlook header
    index = 0
    while index < len(lines):
        depth, text = lines[index]
        kind = tail_kind.get(depth, "text")
        if kind == "patch" and not _goes_on(text, due, depth):
            del tail_kind[depth]
            kind = "text"
        if kind != "text":
            kinds[index] = kind
            index += 1
            continue
        # every attribution form ends in ':', on this line or the next, but "X wrote on <date>" (the cheap
        # tests before the call)
        consumed = _attribution_lines(lines, index, authors) if text.rstrip().endswith(":") or (
            index + 1 < len(lines) and ":" in lines[index + 1][1]) or " wrote on " in text else 0
        if consumed:
            for k in range(index, index + consumed):
                kinds[k] = "attribution"
            index += consumed
            continue
        header_end = _outlook_header(lines, index, authors) if "From" in text or "--" in text else None
        if header_end:
            for k in range(index, header_end[0]):
                kinds[k] = "attribution"
            if header_end[1]:
                shifted = (header_end[0], header_end[2])
            index = header_end[0]
            continue
        mark = _LINE_MARK_RE.match(text) if text[:1] in _LINE_MARK_FIRST_CHARS or "|" in text \
            or "mailing list" in text or "changed" in text or " mode " in text else None
        if mark and mark.lastgroup == "footer" and text[:1] == "_" and index + 1 < len(lines) \
                and "|" in lines[index + 1][1]:
            mark = None  # a rule of underscores over a row of cells: the top border of a table, no list footer
        if mark and mark.lastgroup == "diffstat":
            kinds[index] = "patch"
        elif mark and mark.lastgroup == "signature" and _git_signature(lines, index):
            kinds[index] = kinds[index + 1] = "signature"
            index += 1
        elif mark and mark.lastgroup == "signature" and not _signs_off(lines, index):
            pass  # "--" between the sections of a long text: a separator, the text goes on
        elif mark:
            tail_kind[depth] = kinds[index] = mark.lastgroup
            due[depth] = None
        elif shifted is not None and index >= shifted[0]:
            depths[index] += 1
            owners[index] = shifted[1] if depth == 0 else None
        elif depth:
            owners[index] = authors.get(depth)
        index += 1

    blocks: list[QuoteBlock] = []
    texts = [text for _, text in lines]
    start = 0
    above: tuple[int, int] | None = None  # (first line, depth) of the last text block with something in it
    for (depth, kind, author), run in groupby(zip(depths, kinds, owners)):  # runs of lines alike
        index = start + len(list(run))
        current = tuple(texts[start:index])
        has_text = any(map(str.strip, current))
        answers = above[0] if above is not None and above[1] > depth and kind == "text" and has_text else None
        blocks.append(QuoteBlock(start, depth, author, kind, current, answers))
        if kind == "text" and has_text:
            above = (start, depth)
        start = index
    return blocks


def _goes_on(text: str, due: dict[int, list[int] | None], depth: int) -> bool:
    """Whether a line at `depth` still belongs to the patch that started there, counting the lines its
    hunk headers announce (`due` holds them per depth). Until a hunk header is seen, every line does."""
    if hunk := _HUNK_RE.match(text):
        due[depth] = [int(hunk[1] or 1), int(hunk[2] or 1)]
        return True
    counts = due.get(depth)
    if counts is None:
        return True
    if counts == [0, 0]:
        return bool(_PATCH_GOES_ON_RE.match(text))
    first = text[:1]
    if first != "+" and first != "\\":  # a removed line, or a context line (a blank one when trailing space was lost)
        counts[0] = max(0, counts[0] - 1)
    if first != "-" and first != "\\":
        counts[1] = max(0, counts[1] - 1)
    return True


def _git_signature(lines: list[tuple[int, str]], index: int) -> bool:
    """Whether the signature marker at `index` opens git format-patch's two-line signature, with a
    blank line after it and more of the same depth's text further on."""
    depth = lines[index][0]
    return index + 3 < len(lines) and lines[index + 1][0] == depth \
        and bool(_GIT_VERSION_RE.match(lines[index + 1][1].strip())) and not lines[index + 2][1].strip() \
        and any(d == depth and t.strip() for d, t in lines[index + 3:])


# A signature is a few lines of name, affiliation and links (RFC 3676 asks for at most four); more
# text after "--" than this, or another "--" further on, makes the mark a separator between sections.
_MAX_SIGNATURE_LINES = 10


def _signs_off(lines: list[tuple[int, str]], index: int) -> bool:
    """Whether the signature marker at `index` opens a signature: at most a few lines of its depth follow,
    up to the end or a diff, and no other marker among them."""
    depth, written = lines[index][0], 0
    for line_depth, text in lines[index + 1:]:
        if line_depth != depth or not text.strip():
            continue
        if _SIGNATURE_RE.match(text) or DIFF_START_RE.match(text):
            return not _SIGNATURE_RE.match(text)
        written += 1
        if written > _MAX_SIGNATURE_LINES:
            return False
    return True


def _supercite_tags(body: str, raw: list[str]) -> frozenset[str]:
    """The supercite tags of a body: those that open lines mostly in runs of the same tag."""
    counts: dict[str, int] = {}
    for tag in _TAG_RE.findall(body):
        counts[tag] = counts.get(tag, 0) + 1
    candidates = {tag for tag, count in counts.items() if count > _MIN_TAGGED_RUNS}
    if not candidates:
        return frozenset()
    tags = [match.group(1) if (match := _TAG_RE.match(line)) and match.group(1) in candidates else None
            for line in raw]
    chosen = set()
    for tag in candidates:
        runs = sum(1 for above, this in zip(tags, tags[1:]) if above == this == tag)
        if runs >= _MIN_TAGGED_RUNS and 2 * runs >= counts[tag]:
            chosen.add(tag)
    return frozenset(chosen)


def _tagged(line: str, tags: frozenset[str]) -> tuple[int, str]:
    """Depth and text of a line under a supercite tag (one level more than the quote it may hold), or
    of supercite's attribution line."""
    if line[:1] == ">":
        return (0, line[6:]) if _SUPERCITE_ATTRIBUTION_RE.match(line) else quote_depth(line)
    match = _TAG_RE.match(line)
    if match is None or match.group(1) not in tags:
        return 0, line
    rest = line[match.end():]
    depth, text = quote_depth(rest) if rest[:1] in _QUOTE_FIRST_CHARS else (0, rest)
    if depth == 0 and text[:1] in " \t":
        text = text[1:]
    return depth + 1, text


def _rejoin_wrapped_quotes(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Give back its depth to a quoted line that the replying client wrapped without its '>': one line
    less deep (unprefixed, or "> about" amid "> > " lines), starting in lower case, between two lines of
    the same quote whose first stops mid-sentence on a word ("> ... wrapped by the mail" / "client when
    replying." / "> next line"); a line of code above (ending in ';', ')') or a finished sentence means
    the line is a real answer.
    An empty line between two lines of one quote is part of it too: clients drop the '>' of a blank
    quoted line, and nothing was written in between."""
    fixed = list(lines)
    for index in range(1, len(lines) - 1):
        depth, text = lines[index]
        above, below = lines[index - 1], lines[index + 1]
        if depth >= above[0] or above[0] != below[0]:
            continue
        if not text.strip() or text[:1].islower() and above[1].rstrip()[-1:].isalpha() and below[1].strip():
            fixed[index] = (above[0], text)
    return fixed


def _attribution_lines(lines: list[tuple[int, str]], index: int, authors: dict[int, str | None]) -> int:
    """How many lines (0, 1 or 2) at `index` form an attribution line; records the author it names."""
    depth, text = lines[index]
    name, used = parse_attribution(text), 1
    if name is None and index + 1 < len(lines) and lines[index + 1][0] == depth and ":" in lines[index + 1][1] \
            and _ON_WROTE_START_RE.match(text) and not _WROTE_END_RE.search(text) \
            and _WROTE_END_RE.search(lines[index + 1][1]):  # the cheap tests first
        name, used = parse_attribution(text.rstrip() + " " + lines[index + 1][1].strip()), 2
    if name is None and " wrote on " in text and (match := _WROTE_ON_RE.match(text)):
        tail = lines[index + 1] if index + 1 < len(lines) else None
        used = 2 if tail and tail[0] == depth and 0 < len(tail[1].strip()) <= _MAX_DATE_TAIL and \
            any(ch.isdigit() for ch in tail[1]) else 1
        if index + used < len(lines) and lines[index + used][0] > depth:
            name = _clean_name(match.group("name"))
    if name is None:
        return 0
    authors[depth + 1] = None if name == "?" else name
    for deeper in [d for d in authors if d > depth + 1]:
        del authors[deeper]
    return used


def _outlook_header(lines: list[tuple[int, str]], index: int,
                    authors: dict[int, str | None]) -> tuple[int, bool, str | None] | None:
    """An Outlook header at `index`: (index after it, whether the depth-0 text below is quoted, author).

    A full header (several field lines) heads the original message at its own depth, which quotes older
    text one level deeper; a header squeezed into one line ("From X  Sent: ...") was trimmed to an
    attribution, so it names the author of the text one level deeper, like "X wrote:".
    """
    depth, text = lines[index]
    if "From" not in text and "--" not in text:  # every form below needs one of them: a cheap test first
        return None
    outlook = _ORIGINAL_MESSAGE_RE.match(text)
    one_line = None if outlook else _ONE_LINE_HEADER_RE.match(text)
    field = None if outlook or one_line else _HEADER_FIELDS_FROM_RE.match(text)
    if field and not (index + 1 < len(lines) and lines[index + 1][0] == depth
                      and _SENT_FIELD_RE.match(lines[index + 1][1])):
        field = None
    if not outlook and not one_line and not field:
        return None
    end = index + 1
    who = _outlook_author((one_line or field).group("rest")) if one_line or field else None
    if outlook and end < len(lines) and lines[end][0] == depth:
        field = _HEADER_FROM_RE.match(lines[end][1])
        if field:
            who = _outlook_author(field.group("rest"))
            end += 1
    end = _header_end(lines, end - 1, depth)
    for _, header_text in lines[index:end]:
        behalf = _ON_BEHALF_RE.search(header_text)
        if behalf:
            who = _clean_name(behalf.group("name"))
    if one_line:  # a header squeezed into one line is an attribution for the quoted text below it
        authors[depth + 1] = who
        return end, False, who
    if depth == 0:
        return end, True, who
    authors[depth] = who
    return end, False, who
