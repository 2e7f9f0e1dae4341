"""`miner demo`: the main job on the bundled sample archive (an mbox written for the demo, in the real
formats: a v1/v2 series with a reviewer asking for numbers and the author answering with a table, a test
robot regression report, and a xen-devel patch whose reviewer asks about real workloads). Part of the
app stage, it imports what it runs: the pipeline's import and the reports."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from db.queries import load_patch_series_ids
from db.store import count_rows
from miner.pipeline.database import open_database
from miner.pipeline.importer import ImportReport, import_paths
from miner.reports.build import checklist, evidence_report
from miner.reports.render import format_checklist, format_evidence


def sample_archive() -> Path:
    """The path of the bundled sample mbox."""
    return Path(str(resources.files("miner.app.demo") / "sample.mbox"))


def run_demo(db_path: str) -> tuple[ImportReport, dict[str, int], list[str]]:
    """Import the sample archive into `db_path`; returns the import report, the table counts, and for
    each patch series its evidence report (text) followed by its reviewer checklist (Markdown). Raises
    DatabaseError when `db_path` cannot be made or written."""
    db = open_database(db_path, create=True)
    report = import_paths(db, [sample_archive()])
    pages = [format_evidence(evidence_report(db, series_id), "text") + "\n"
             + format_checklist(checklist(db, series_id), "md") for series_id in load_patch_series_ids(db)]
    return report, count_rows(db), pages
