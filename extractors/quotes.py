"""Quote structure of a mail body: which lines are new text, which are quoted (and how deep), who wrote
each quoted block (from the attribution line above it), and where the signature and list footer start.

Every other extractor works on the blocks this module returns, with the quote prefixes stripped, so that
a table or a sentence inside `> ` quotation is found like any other and is attributed to its real author.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# "> ", ">>", "> > ", " > " ... : the prefix of a quoted line; its depth is the number of '>'.
_QUOTE_PREFIX_RE = re.compile(r"^(?:[ \t]{0,2}>)+[ \t]?")
_ATTRIBUTION_RES = (
    re.compile(r"^\s*On .{3,160}?,\s*(?P<name>[^,<>]{2,80}?)\s*(?:<[^>]*>|\([^)]*\))?\s+wrote:\s*$", re.I),
    re.compile(r"^\s*\*\s*(?P<name>[^<>*]{2,80}?)\s*(?:<[^>]*>)?\s+wrote:\s*$"),
    re.compile(r"^\s*(?P<name>[A-Z][^<>:]{1,80}?)\s*(?:<[^>]*>)?\s+(?:wrote|writes)\b.*:\s*$"),
    re.compile(r"^\s*Am .{3,120}?\s+schrieb\s+(?P<name>[^<>]{2,80}?)\s*(?:<[^>]*>)?:\s*$"),
)
_SIGNATURE_RE = re.compile(r"^-- ?$")
_FOOTER_RE = re.compile(r"^(?:_{20,}|To unsubscribe from this list)")


@dataclass(frozen=True)
class QuoteBlock:
    """A run of consecutive body lines with the same role and quote depth."""

    first_line: int  # 0-based index of the block's first line in the body
    depth: int  # 0 for new text, 1 for "> ", 2 for "> > " ...
    author: str | None  # who wrote the text; None at depth 0 (the message's own author)
    kind: str  # "text", "attribution", "signature" or "footer"
    lines: tuple[str, ...]  # the lines with their quote prefixes removed

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def quote_depth(line: str) -> tuple[int, str]:
    """The quote depth of one line and the line without its prefix."""
    match = _QUOTE_PREFIX_RE.match(line)
    if not match:
        return 0, line
    return match.group(0).count(">"), line[match.end():]


def parse_attribution(line: str) -> str | None:
    """The name in an attribution line ("On <date>, X wrote:", "* X <addr> wrote:" ...), or None."""
    for pattern in _ATTRIBUTION_RES:
        match = pattern.match(line)
        if match:
            return match.group("name").strip().strip('"')
    return None


def split_quotes(body: str) -> list[QuoteBlock]:
    """Split a body into blocks of new text, quoted text, attribution lines, signature and footers.

    An attribution line at depth d names the author of the depth d+1 text that follows it. Text after a
    signature marker ("-- ") or a list footer at depth 0 is kept as a "signature"/"footer" block so that
    line numbers stay exact, and the other extractors skip it.
    """
    blocks: list[QuoteBlock] = []
    authors: dict[int, str] = {}
    tail_kind: dict[int, str] = {}  # depth -> "signature"/"footer" once such a marker was seen there
    current: list[str] = []
    current_key: tuple[int, str] | None = None
    start = 0

    def flush(next_start: int) -> None:
        nonlocal current, current_key, start
        if current_key is not None and current:
            depth, kind = current_key
            author = authors.get(depth) if depth else None
            blocks.append(QuoteBlock(start, depth, author, kind, tuple(current)))
        current, current_key, start = [], None, next_start

    for index, raw in enumerate(body.split("\n")):
        depth, line = quote_depth(raw.rstrip("\r"))
        kind = tail_kind.get(depth, "text")
        name = parse_attribution(line) if kind == "text" else None
        if name:
            authors[depth + 1] = name
            for deeper in [d for d in authors if d > depth + 1]:
                del authors[deeper]
            kind = "attribution"
        elif kind == "text" and _SIGNATURE_RE.match(line):
            kind = tail_kind[depth] = "signature"
        elif kind == "text" and _FOOTER_RE.match(line):
            kind = tail_kind[depth] = "footer"
        key = (depth, kind)
        if key != current_key:
            flush(index)
            current_key = key
        current.append(line)
    flush(0)
    return blocks
