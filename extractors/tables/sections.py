"""Lines of a column table that name rather than measure: the headings of its sections ("hackbench
1 group" over its "avg" and "stdev" rows) and a header line whose numbers are parts of names ("2
queues   2 queues + batching"). Read by the aligned-table reader (`extractors.tables.grid`).
"""

from __future__ import annotations

from extractors.tables.tokens import TOKEN_RE, Line, phrases
from extractors.vocab.units import lookup_unit

# A section heading has at most this many phrases ("hackbench   1 group"), and a table needs this many
# of them for its lines of words to be headings rather than a sparse row.
_HEADING_PHRASES = 2
_MIN_HEADINGS = 2


def section_headings(data: list[Line], header_lines: list[Line]) -> list[Line]:
    """The lines that head the rows under them ("sched  pipe", "hackbench  1 group" over "avg", "stdev"
    rows of three columns): a name of at most two phrases, holding at most one number (a count of what
    the section runs), each right over rows that hold numbers in every column, at least twice. The
    header line right over the first row is the first section's heading when it has that shape too."""
    def heading_shaped(line: Line) -> bool:
        return len(line.numbers) <= 1 and any(value is None and any(ch.isalpha() for ch in tok.text)
                                              for tok, value in line.cells) \
            and len(phrases(line.text, line.tab_stops)) <= _HEADING_PHRASES
    found = [line for line in data if heading_shaped(line)]
    rows = [line for line in data if line not in found]
    following = {id(data[i]) for i in range(len(data) - 1) if data[i + 1] in rows}  # each heads a row
    if len(found) < _MIN_HEADINGS or len(rows) < 2 * len(found) or any(len(line.numbers) < 2 for line in rows) \
            or data[0] in found or any(id(line) not in following for line in found):
        return []  # too few, a first line that is a row, or lines at the end that head nothing: sparse rows
    last = header_lines[-1] if len(header_lines) >= 2 else None
    return ([last] if last is not None and heading_shaped(last) else []) + found


def names_with_numbers(text: str) -> bool:
    """Whether a line is two names or more, each number in it part of a name: a count and the words of
    what is counted ("2 queues + batching"), not a value and its unit ("329 Mib/s"), a size ("128K IO
    size", a point of a sweep) nor a bare number."""
    cells = phrases(text, ()) if "|" not in text else []
    numbered = [TOKEN_RE.findall(cell.text) for cell in cells if any(ch.isdigit() for ch in cell.text)]
    return len(cells) >= 2 and all(words[0].isdigit() and any(word.isalpha() and lookup_unit(word) is None
                                                               for word in words[1:]) for words in numbered)
