"""Imports point one way (STYLE.md "Where code lives", the order in `miner/__init__.py`), read from the
source with `ast` rather than by importing, so an import inside a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from conftest import REPO

OURS = ("miner", "db", "extractors", "web")
# What each of our top-level packages may import of the others.
ALLOWED = {"miner": {"db", "extractors", "web"}, "web": {"db"}, "db": set(), "extractors": set()}
# The stages of miner in order; a module may import its own stage and the ones before it.
STAGES = ("message", "sources", "linking", "pipeline", "remote", "reports", "app")
# The modules of miner outside any stage: the base every stage may import (it imports no stage itself),
# and the entry point of `python -m miner`, which comes after `app`.
BASE = {"miner", "miner.errors"}
ENTRY = "miner.__main__"


def _module(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    path = REPO.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in a file; `from a import b` also names `a.b` when that is a module."""
    name = _module(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join([*package[:len(package) - node.level + 1], *([node.module] if node.module else [])]) \
                if node.level else node.module
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names
                      if _is_module(f"{base}.{alias.name}")]
    return found


def _rank(module: str) -> int:
    """Where a module of miner stands in the stage order (BASE first, ENTRY last)."""
    if module in BASE:
        return -1
    if module == ENTRY:
        return len(STAGES)
    parts = module.split(".")
    return STAGES.index(parts[1]) if len(parts) > 1 and parts[1] in STAGES else len(STAGES) + 1


def _wrong_way(source: str, target: str) -> bool:
    home, away = source.split(".")[0], target.split(".")[0]
    if away not in OURS or away == home and home != "miner":
        return False
    if away != home:
        return away not in ALLOWED[home]
    return _rank(target) > _rank(source)


def _graph() -> list[tuple[Path, int, str, str]]:
    files = sorted(p for package in OURS for p in (REPO / package).rglob("*.py"))
    return [(path, line, _module(path), target) for path in files for line, target in _imports(path)]


def test_the_graph_is_read():
    arrows = {(source, target) for _path, _line, source, target in _graph()}
    assert ("miner.app.cli", "miner.pipeline.importer") in arrows  # an import inside a function
    assert ("miner.pipeline.postprocess", "miner.linking.links") in arrows
    assert ("web.plugins.evidence_view", "db.views") in arrows


def test_no_import_points_the_wrong_way():
    wrong = [f"{path.relative_to(REPO)}:{line}: {source} imports {target}"
             for path, line, source, target in _graph() if _wrong_way(source, target)]
    assert not wrong, "imports against the order of miner/__init__.py and STYLE.md:\n" + "\n".join(wrong)


def test_every_module_of_miner_belongs_to_a_stage():
    loose = sorted({source for _path, _line, source, _target in _graph()
                    if source.startswith("miner") and _rank(source) > len(STAGES)})
    assert not loose, f"modules outside the stages {STAGES}: {loose}"


def test_the_order_is_the_one_miner_documents():
    docstring = ast.get_docstring(ast.parse((REPO / "miner" / "__init__.py").read_text(encoding="utf-8")))
    assert " → ".join(STAGES) in docstring


def test_importing_extractors_subjects_loads_no_network_database_or_nlp_library():
    heavy = ("httpx", "sqlite_utils", "spacy")
    code = f"import sys, extractors.subjects; print(' '.join(m for m in {heavy!r} if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert result.stdout.split() == []
