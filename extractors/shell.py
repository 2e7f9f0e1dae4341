"""What a shell command line looks like in mail: a prompt before it ("$ ", "# ", "user@host:~$ "), a
loop, or a program name followed by its options. The block segmenter (`extractors.blocks`) asks this of
every line; a command above numbers says how they were made, it is never a row of them.
"""

from __future__ import annotations

import re

# Words that open a "# " line naming the side of a run ("# with patches", "# clean tree"): no program
# is called so, so the line is the author's comment over the output, not a root shell's command.
_SIDE_WORDS = ("with", "without", "before", "after", "baseline", "base", "vanilla", "unpatched", "patched",
               "stock", "mainline", "upstream", "clean")
# A shell prompt: "$ cmd", "# cmd", "user@host:~$ cmd" (a "# " comment row of perf report has columns, a
# test's "# name: value" diagnostic a key, where a command word never ends in a colon), or what `set -x`
# prints before a command it runs nested: "++ modprobe null_blk" (one "+" is a bullet too). BusyBox's and
# many embedded boards' shells put the working directory before the mark: "~ # cmd", "~/src $ cmd".
# A bare "(" after a word is a syntax error to a shell, so "# old kernel (no patches)" is a comment.
# Many hosts' shells print the host name (and the directory) glued to the mark: "box1# cmd",
# "box1:/tmp# cmd"; a lower-case program name follows ("bug# 123" numbers a report).
_PROMPT_RE = re.compile(r"^\s*(?:(?:[\w.-]+@[\w.-]+(?::\S*)?\s*|~[\w./-]*\s)?[$#%]\s+(?![^\s:]+:(?:\s|$))"
                        r"(?!.*\S {2,}\S)(?![^'\"$()]*\s\()"
                        rf"(?!(?:{'|'.join(_SIDE_WORDS)})\b)\S|\((?:gdb|lldb|pdb)\)\s"
                        r"|\[[\w.-]+@[\w.-]+[^\]]*\]\s*[$#]\s|\+{2,} [a-z_./][\w./-]* "
                        r"|[a-z][\w.-]{0,30}(?::[~/]\S*)?[$#] +[a-z_./][\w./+-]*(?: |$))")
# A shell loop, whatever prompt a user's shell prints before it ("...]:> for d in sda sdb; do cat
# /sys/block/$d/inflight; done"), or the wrapped end of one.
_SHELL_LOOP_RE = re.compile(r"\bfor [A-Za-z_]\w* in \S.*;\s*do\b|;\s*done\s*$")
# A command word: a program name or path as shells run it, maybe glued to its prompt ("$sudo").
_COMMAND_WORD_RE = re.compile(r"^\$?(?:[\w.~-]*/)*[a-z_][\w.+-]*$")
# An option token: "-p1", "--runtime=30", "-O".
_OPTION_RE = re.compile(r"^--?[A-Za-z][\w=,:./+-]*$")


def is_prompt(line: str) -> bool:
    """Whether a line starts with a shell prompt or holds a shell loop ("done" holds "do" too)."""
    return bool(_PROMPT_RE.match(line)) or "do" in line and _SHELL_LOOP_RE.search(line) is not None


def is_command(stripped: str) -> bool:
    """A prompt line, or a program name followed by two or more options making a quarter of the words
    ("sudo t/io_uring -p1 -d128 /dev/nvme0n1", "for i in 1 2; do fio --rw=read --bs=4k; done")."""
    if _PROMPT_RE.match(stripped):
        return True
    if stripped[-1] in ".?!" or "-" not in stripped:
        return False  # a sentence, or a line without an option (every form below needs two)
    tokens = stripped.split()
    options = sum(1 for token in tokens if token[0] == "-" and _OPTION_RE.match(token))
    if _OPTION_RE.match(tokens[0]) and options >= 2 and options * 2 >= len(tokens):
        return True  # the continuation of a long command line: "    --rw=randread --numjobs=1 \\"
    if len(tokens) < 3 or not _COMMAND_WORD_RE.match(tokens[0]):
        return False
    return options >= 2 and options * 4 >= len(tokens)


def runs_through(lines: tuple[str, ...], index: int) -> bool:
    """Whether the command line at `index` is the middle of a wrapped sentence quoting it: the line above
    ends in no stop or colon, this one ends in a word, the line below carries on in lower case, and all
    three start at one indent ("... with the disk made to look remote,\\nfio --rw=read --bs=64k showed\\na
    drop in ..."); a command shown to be run stands on a line the sentence before introduces."""
    if not 0 < index < len(lines) - 1:
        return False
    above, line, below = lines[index - 1].rstrip(), lines[index].rstrip(), lines[index + 1].rstrip()
    indents = {len(text) - len(text.lstrip()) for text in (above, line, below)}
    return bool(above and below) and len(indents) == 1 and above[-1] not in ".:!?" and line[-1].isalpha() \
        and below.lstrip()[:1].islower() and not is_prompt(line)
