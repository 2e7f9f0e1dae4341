"""turbostat: a header of its column names, the summary row (`-` in the topology columns) and a row per
package, core or CPU; with `--interval` the header and rows are printed again each interval.

The topology columns (Package, Die, Node, Core, CPU, APIC, X2APIC) label a row ("Core 0 CPU 28"; the
summary row is "-"); every other column is a value, named by turbostat (`Avg_MHz`, `Busy%`, `Bzy_MHz`,
`TSC_MHz`, `IRQ`, `CPU%c6`, `PkgWatt`, `RAMWatt`, ...). turbostat prints package- and core-wide columns
only on the first CPU of each, so shorter rows are filled from the left. Units follow the names: MHz,
Watt (W), _J (J), % shares.
"""

from __future__ import annotations

import re
from typing import Sequence

from extractors.model import Grid, GridRow
from extractors.readers.cells import MAX_LINE, cell, grid, joined, tokens

NAME = "turbostat"

TOPOLOGY = ("Package", "Die", "Node", "Core", "CPU", "APIC", "X2APIC")
# Columns only turbostat prints (its manual's column list); two of them make a header turbostat's.
_OWN_COLUMNS = frozenset({
    "Avg_MHz", "Busy%", "Bzy_MHz", "TSC_MHz", "IPC", "SMI", "CPU%c1", "CPU%c3", "CPU%c6", "CPU%c7", "CoreTmp",
    "CoreThr", "PkgTmp", "GFX%rc6", "GFXMHz", "GFXAMHz", "Totl%C0", "Any%C0", "GFX%C0", "CPUGFX%", "Pkg%pc2",
    "Pkg%pc3", "Pkg%pc6", "Pkg%pc7", "Pkg%pc8", "Pkg%pc9", "Pk%pc10", "CPU%LPI", "SYS%LPI", "PkgWatt", "CorWatt",
    "GFXWatt", "RAMWatt", "PKG_%", "RAM_%", "Pkg_J", "Cor_J", "GFX_J", "RAM_J", "Mod%c6", "UncMHz", "SysWatt",
})
_ROW_RE = re.compile(r"^\s{0,40}(?:-|\d{1,6})(?:\s{1,16}(?:-|\d{1,15}(?:\.\d{1,6})?))*\s*$")


def _unit(name: str) -> str | None:
    if name.endswith("MHz"):
        return "MHz"
    if name.endswith("Watt"):
        return "W"
    if name.endswith("_J"):
        return "J"
    return "%" if "%" in name else None


def _is_header(line: str) -> bool:
    words = line.split()
    return len(words) >= 3 and sum(w in _OWN_COLUMNS for w in words) >= 2


def detect(lines: Sequence[str]) -> bool:
    text = joined(lines)
    return ("MHz" in text or "Watt" in text) and any(len(line) <= MAX_LINE and _is_header(line) for line in lines)


def parse(lines: Sequence[str]) -> list[Grid]:
    grids: list[Grid] = []
    header: list[str] = []
    first = 0
    rows: list[GridRow] = []

    def close() -> None:
        nonlocal rows, header
        if rows:
            values = tuple(name for name in header if name not in TOPOLOGY)
            grids.append(grid(reader=NAME, first_line=first, last_line=rows[-1].line, header=values,
                              rows=tuple(rows), benchmark="turbostat"))
        rows, header = [], []

    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            close()
            continue
        if _is_header(line):
            close()
            header, first = line.split(), i
            continue
        if not header or not _ROW_RE.match(line):
            close()
            continue
        words = tokens(line)
        if len(words) > len(header):
            close()
            continue
        label = []
        cells = []
        for name, (a, b, text) in zip(header, words):
            if name in TOPOLOGY:
                label.append(text if text == "-" else f"{name} {text}")
            else:
                made = cell(line, a, b, _unit(name))
                if made is None:
                    break
                cells.append(made)
        if cells:
            # Without topology columns (`--Summary`, `--show`) the rows are the system's, in order.
            name = "-" if set(label) == {"-"} else " ".join(label) or str(len(rows) + 1)
            rows.append(GridRow(i, name, tuple(cells)))
    close()
    return grids
