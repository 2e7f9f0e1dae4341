"""The tree reads as the pipeline: every package says what it owns and what it may import, and no module
is too long to read in one sitting."""

from __future__ import annotations

import ast

from conftest import REPO

OWN = ("miner", "db", "web", "extractors")
MAX_LINES = 500


def test_no_module_over_500_lines():
    long = [f"{path.relative_to(REPO)}: {n} lines" for package in OWN for path in sorted((REPO / package).rglob("*.py"))
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert not long, f"modules over {MAX_LINES} lines:\n" + "\n".join(long)


def test_every_package_says_what_it_owns_and_what_it_may_import():
    silent = []
    for package in OWN:
        for init in sorted((REPO / package).rglob("__init__.py")):
            docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
            if "import" not in docstring:
                silent.append(str(init.relative_to(REPO)))
    assert not silent, "package docstrings that do not say what the package may import: " + ", ".join(silent)
