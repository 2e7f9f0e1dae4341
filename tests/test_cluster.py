"""`miner import --scheduler`: a Dask LocalCluster of two worker processes stores what a local import does."""

from __future__ import annotations

import pytest

from db.schema import open_db
from miner.pipeline.cluster import check_scheduler
from miner.pipeline.importer import import_paths

from conftest import DATA

# Columns that say when something happened, not what was stored.
_TIMES = {"sources": {"imported_at"}, "skipped": {"recorded_at"}}


def _contents(path) -> dict[str, list[tuple]]:
    """Every row of every table, with its rowid, in rowid order (FTS shadow tables included)."""
    db = open_db(str(path))
    try:
        out = {}
        for table in db.table_names():
            columns = [c.name for c in db[table].columns if c.name not in _TIMES.get(table, set())]
            names = ", ".join(f"[{c}]" for c in columns)
            rowid = "" if table.endswith(("_fts_idx", "_fts_config")) else "rowid, "  # WITHOUT ROWID tables
            out[table] = db.execute(f"SELECT {rowid}{names} FROM [{table}] ORDER BY 1").fetchall()
        return out
    finally:
        db.close()


def test_local_cluster_import_equals_a_local_import(tmp_path, shared):
    inputs = sorted(map(str, [*shared.glob("fixtures/real/*/*.mbox"), *(DATA / "series").glob("*.mbox")]))
    reports = {}
    for name, scheduler in (("local", None), ("cluster", "local:2")):
        db = open_db(str(tmp_path / f"{name}.db"))
        try:
            reports[name] = import_paths(db, inputs, scheduler=scheduler).summary()
        finally:
            db.close()
    assert reports["cluster"] == reports["local"]
    local, cluster = _contents(tmp_path / "local.db"), _contents(tmp_path / "cluster.db")
    assert local["messages"] and local["evidence"]
    assert cluster == local


@pytest.mark.parametrize("value, ok", [
    ("tcp://10.0.0.5:8786", True), ("tcp://scheduler.example:8786", True), ("local:2", True),
    ("local:0", False), ("local:x", False), ("tcp://host", False), ("tcp://host:99999", False),
    ("http://host:8786", False), ("", False)])
def test_scheduler_names(value, ok):
    if ok:
        assert check_scheduler(value) == value
    else:
        with pytest.raises(ValueError):
            check_scheduler(value)
