"""What runs after messages are stored: threads, patch series, and the linking of their findings
(quotation origins, answered concerns, claim checks; `miner.linking`), on the worker processes when there
are many series to link.
"""

from __future__ import annotations

import logging
from contextlib import nullcontext
from typing import Iterable

import sqlite_utils

from db import queries
from db.schema import connect
from miner.linking.links import SeriesLinks, read_series_links, save_series_links
from miner.linking.series import group_series
from miner.linking.threads import thread_messages
from miner.pipeline.workers import Workers, map_in_windows

log = logging.getLogger(__name__)

_SERIES_PER_COMMIT = 500
_PARALLEL_MIN_SERIES = 200  # fewer series are linked in this process: starting workers would cost more


def update_links(db: sqlite_utils.Database, workers: Workers | None = None) -> None:
    """Recompute threads, then group new threads into series and link the findings of every series that
    changed (quotation origins, answered concerns, claim checks); on `workers` (the import's, already
    running) when given."""
    thread_messages(db)
    link_findings(db, group_series(db), workers)


def link_findings(db: sqlite_utils.Database, series_ids: Iterable[str], workers: Workers | None = None) -> None:
    """Work out origins, answered concerns and claim checks for the given series and for every series
    holding findings not linked before. Costs the size of those series; never raises on content.

    Series are independent of each other: many of them are read and worked out by the worker processes
    (each with its own connection: the database is in WAL mode, so they read while this process
    writes), and this process writes the results, a batch of series per transaction. Without `workers`,
    a pool is started for this alone."""
    todo = sorted(set(series_ids) | set(queries.load_series_with_unlinked_origins(db)))
    path = queries.database_file(db)
    if len(todo) < _PARALLEL_MIN_SERIES or not path:
        results: Iterable[SeriesLinks] = (read_series_links(db, series_id) for series_id in todo)
        _save_all(db, results)
    else:
        with nullcontext(workers) if workers else Workers() as linking_workers:
            _save_all(db, (links for _args, links in map_in_windows(
                linking_workers.pool(), _read_series_links_in_worker, ((path, s) for s in todo),
                window=_SERIES_PER_COMMIT, chunksize=16)))
    log.info("linked the findings of %d series", len(todo))


def _save_all(db: sqlite_utils.Database, results: Iterable[SeriesLinks]) -> None:
    """Write the links of many series, a batch of series per transaction."""
    batch: list[SeriesLinks] = []
    for links in results:
        batch.append(links)
        if len(batch) >= _SERIES_PER_COMMIT:
            save_series_links(db, batch)
            batch = []
    if batch:
        save_series_links(db, batch)


_READERS: dict[str, sqlite_utils.Database] = {}  # a worker's connection to each database it reads


def _read_series_links_in_worker(args: tuple[str, str]) -> SeriesLinks:
    path, series_id = args
    if path not in _READERS:
        _READERS[path] = connect(path)
    return read_series_links(_READERS[path], series_id)
