"""Source code by its own syntax: a line of C (or one continued by a backslash), and a paragraph that is a
brace-delimited definition in any block-structured language. Code never holds evidence, so the block
splitter (`extractors.blocks`) keeps such lines and paragraphs away from the table and sentence readers.
"""

from __future__ import annotations

import re

# C source: a line ending in ; { } or a preprocessor line, with code punctuation in it.
_CODE_LINE_RE = re.compile(
    r"^\s*#\s*(?:include|define|if|ifdef|ifndef|endif|else|elif|undef)\b"
    r"|^\s*(?:if|for|while|switch)\s*\(.*(?:\)\s*\{?|&&|\|\||,)\s*(?:/[*/].*)?$"  # a control statement
    r"|\)\s*\{\s*$"  # the end of a statement's condition "... && !done) {"
    r"|^\s*(?:static|struct|enum|union|const|unsigned|int|void|bool|char|long|u8|u16|u32|u64|return|else"
    r"|case|goto|break|continue|do)\b[^?]*[;{}():]\s*(?:/[*/].*)?$"
    r"|^\s*else\s*$"
    r"|^\s*[\w.>&*-]+\(.*\)\s*[;{]\s*(?:/[*/].*)?$"  # a call statement or a function's first line
    r"|^\s*[{}]\s*;?\s*$|^\s*\}\s*(?:else|while)\b"
    r"|^\s*/?\*.*\*/\s*$|^\s*/\*|^\s*\*/")
# Two more forms of C source, each tried only on lines holding the character it needs: scanning a whole
# line for them costs more than the rest of the expression above.
_ASSIGNMENT_RE = re.compile(r"^\s*[\w.>*&\[\]-]+(?:->\w+)*\s*(?:[-+*/|&^]?=[^=].*|\+\+|--);\s*(?:/[*/].*)?$")
_CONTINUED_LINE_RE = re.compile(r"^.*\S\s*\\$")  # continued by a backslash: a macro's body or a shell command, never a row
# A declaration or statement with a comment after it: pahole's "__u64 addr3;  /* 48  8 */".
DECLARATION_COMMENT_RE = re.compile(r"[;{})]\s*/\*.*\*/\s*$")


def is_code_line(text: str) -> bool:
    """Whether a line is C source (or a line continued by a backslash)."""
    return bool(_CODE_LINE_RE.match(text) or (";" in text and _ASSIGNMENT_RE.match(text))
                or ("\\" in text and _CONTINUED_LINE_RE.match(text)))


# A line that closes a brace-delimited body by itself ("}", "};", "},").
_CLOSING_BRACE_RE = re.compile(r"^\s*\}[;,]?\s*$")
# A comment line in the usual languages ("# ...", "// ...", "/* ...", " * ...", "-- ..."), which may stand over a
# definition.
_COMMENT_LINE_RE = re.compile(r"^\s*(?:#|//|/\*|\*|--\s)")


def braced(lines: list[str]) -> bool:
    """Whether a paragraph opens a body with a brace at the end of its first line (comments over it aside)
    and closes it on a line of its own: a definition in a block-structured language (C, Go, Rust, an IDL's
    "type Stats {"), whose lines are fields and types however few of them look like C. A sentence before
    the brace ("The naive solution would be:") makes the paragraph prose with code after it."""
    opening = next((i for i, line in enumerate(lines) if not _COMMENT_LINE_RE.match(line)), len(lines))
    return opening < len(lines) and lines[opening].rstrip().endswith("{") and any(
        _CLOSING_BRACE_RE.match(line) for line in lines[opening + 2:])
