"""`miner demo`: the main job on the bundled sample archive (an mbox written for the demo, in the real
formats: a v1/v2 series with a reviewer asking for numbers and the author answering with a table, a test
robot regression report, and a xen-devel patch whose reviewer asks about real workloads)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from db.schema import open_db
from db.store import count_rows
from miner.importer import ImportReport, import_paths


def sample_archive() -> Path:
    """The path of the bundled sample mbox."""
    return Path(str(resources.files("miner.demo") / "sample.mbox"))


def run_demo(db_path: str) -> tuple[ImportReport, dict[str, int]]:
    """Import the sample archive into `db_path`; returns the import report and the table counts."""
    db = open_db(db_path)
    report = import_paths(db, [sample_archive()])
    return report, count_rows(db)
