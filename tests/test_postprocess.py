"""The linking after an import: worker processes give the rows the in-process path gives."""

from __future__ import annotations

from db.schema import open_db
from miner.pipeline import postprocess
from miner.pipeline.importer import import_paths

from conftest import DATA


def test_workers_link_series_as_this_process_does(tmp_path, monkeypatch):
    """The parallel path (worker processes reading the database while this one writes) gives the rows
    the in-process path gives."""

    def linked(name, minimum):
        monkeypatch.setattr(postprocess, "_PARALLEL_MIN_SERIES", minimum)
        db = open_db(str(tmp_path / name))
        import_paths(db, sorted((DATA / "series").glob("*.mbox")))
        return {table: sorted(map(tuple, db.execute(
            f"SELECT id, origin_message_id, {extra} FROM {table} ORDER BY id").fetchall()))
            for table, extra in (("concerns", "status, answered_by, answered_by_author"),
                                 ("claims", "[check], check_evidence_id"), ("evidence", "series_id"))}

    in_process = linked("one.db", 10_000)
    assert in_process["concerns"] and any(row[2] == "answered" for row in in_process["concerns"])
    assert linked("workers.db", 0) == in_process
