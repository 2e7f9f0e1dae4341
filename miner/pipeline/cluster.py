"""Parsing and extraction on a Dask cluster (`miner import --scheduler`), for archives one machine is too
slow for.

The cluster stands in for the local worker pool: `ClusterPool.imap` has the pool's signature, so the
importer hands it the same windows of raw messages in the same order and writes the rows that come back
in that order, into the one SQLite database, in the same batches. A cluster import therefore stores what
a local one does, row for row and with the same rowids, and resumes the same way. What travels: each raw
message to a worker and its rows back (the decoded bodies: about a third of an mbox's size); the
database never leaves this machine. `tcp://HOST:PORT` joins a running scheduler, `local:N` starts a `LocalCluster` of N worker
processes here. Dask (`distributed`) is the optional extra `listminer[dask]`, imported only here.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Callable, Iterable, Iterator

from miner.errors import MinerError
from miner.pipeline.workers import forkserver_context

_SCHEDULER_RE = re.compile(r"^(?:tcp://(?P<host>[^\s:/]+):(?P<port>\d{1,5})|local:(?P<workers>[1-9]\d{0,2}))$")


def check_scheduler(value: str) -> str:
    """`value` when it names a scheduler (`tcp://HOST:PORT`, or `local:N` with 1 ≤ N ≤ 999 workers);
    raises ValueError otherwise."""
    match = _SCHEDULER_RE.match(value)
    if not match or (match["port"] and not 0 < int(match["port"]) < 65536):
        raise ValueError(f"{value!r} is not tcp://HOST:PORT or local:N")
    return value


def _apply(func: Callable[[Any], Any], chunk: list[Any]) -> list[Any]:
    """What runs on a Dask worker: `func` over one chunk of items."""
    return [func(item) for item in chunk]


def _local_cluster(local_cluster: type, workers: int) -> Any:
    """A LocalCluster whose worker processes fork from the import's own fork server, which has built the
    spaCy pipeline once and shares its pages with every process forked from it (`workers`), instead of
    each spawned worker importing and building everything again (170 MB each)."""
    import dask
    from distributed.utils import get_mp_context

    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}):
        get_mp_context()  # sets Dask's preload list; ours, set after it, is the one the server loads
        forkserver_context("distributed")
        return local_cluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)


class ClusterPool:
    """A Dask client with the `imap` of a `multiprocessing` pool; use it as a context manager."""

    def __init__(self, scheduler: str):
        try:
            from distributed import Client, LocalCluster
        except ImportError as exc:
            raise MinerError("--scheduler needs Dask: pip install 'listminer[dask]'") from exc
        check_scheduler(scheduler)
        # Dask logs every worker start and connection at INFO through the root logger: progress is ours
        logging.getLogger("distributed").setLevel(logging.WARNING)
        self.cluster = None
        try:
            if scheduler.startswith("local:"):
                self.cluster = _local_cluster(LocalCluster, int(scheduler.split(":", 1)[1]))
                self.client = Client(self.cluster)
            else:
                self.client = Client(scheduler, timeout="30s")
        except (OSError, TimeoutError) as exc:
            if self.cluster is not None:
                self.cluster.close()
            raise MinerError(f"cannot reach the Dask scheduler {scheduler}: {exc}") from exc

    def imap(self, func: Callable[[Any], Any], items: Iterable[Any], chunksize: int = 1) -> Iterator[Any]:
        """func(item) for every item, in order. All chunks are submitted at once (the caller bounds how
        many items it passes); results are yielded as their chunk, and every chunk before it, is done."""
        items = list(items)
        chunks = [items[i:i + chunksize] for i in range(0, len(items), chunksize)]
        # the chunks go to the workers as data of their own, not inside the task graph: the scheduler
        # keeps what a graph holds long after its tasks are done (it grew by the raw mail it was sent)
        data = self.client.scatter(chunks)
        futures = self.client.map(_apply, [func] * len(chunks), data, pure=False)
        return (result for future in futures for result in future.result())

    def __enter__(self) -> "ClusterPool":
        return self

    def __exit__(self, *exc_info) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
