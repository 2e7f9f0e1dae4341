"""The worker processes that parse messages during an import and link series after it (both cores).

Workers come from a fork server started clean: forked from the main process, they would inherit the
pipes of a running `git cat-file`, which then never sees the end of its input. The server imports the
worker-side modules and builds the spaCy pipeline once (`preload`), so a worker starts ready.
Workers run at a lower priority than the main process, which writes every row: when it waits for a core
the whole job waits, while a worker that waits only lets the other one go first.

A worker is replaced after WORKER_TASKS chunks. The pipeline's own state is bounded (rows are built per
message; a worker keeps one database connection per database it links, `postprocess`), and so are the
extractors' caches (`functools.lru_cache` with a size; the sentence parse builds no spaCy Doc, so the
vocabulary's string store does not grow with the words of the list). A full cache and what the
allocator keeps after a long run still add up to a worker's size; a fresh worker, forked from the fork
server's shared pages, gives them back, which keeps the memory of a whole-list import flat.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import os
from itertools import islice
from typing import Any, Callable, Iterable, Iterator

WORKER_TASKS = 250


def forkserver_context(*extra: str) -> multiprocessing.context.BaseContext:
    """The fork server's context, with the worker-side modules (and `extra` ones) to preload. There is
    one fork server per process: the list set last before it starts is the one it loads."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([*extra, "miner.pipeline.importer", "miner.pipeline.postprocess",
                                    "miner.pipeline.preload"])
    return context


def worker_pool() -> multiprocessing.pool.Pool:
    """A pool of one worker per core (at least two); use it as a context manager."""
    return forkserver_context().Pool(processes=max(2, os.cpu_count() or 2), initializer=os.nice, initargs=(5,),
                                     maxtasksperchild=WORKER_TASKS)


class Workers:
    """The worker pool of one command, started when first needed and kept until the command ends: an
    import hands it every file and then the linking, instead of starting a pool (a second and a half of
    fork server and spaCy) for each. Use it as a context manager; nothing is started if nothing asks."""

    def __init__(self) -> None:
        self._pool: multiprocessing.pool.Pool | None = None

    def pool(self) -> multiprocessing.pool.Pool:
        if self._pool is None:
            self._pool = worker_pool()
        return self._pool

    def run_aside(self, func: Callable[[Any], Any], items: list[Any]) -> list[Any]:
        """func(item) for a few items, in a worker of its own forked for them: the pool's queue holds up
        to two windows of work ahead of anything submitted now, and the main process must not build the
        spaCy pipeline (70 MB) for a rare message."""
        with forkserver_context().Pool(processes=1) as aside:
            return aside.map(func, items)

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, *exc_info) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None


def map_in_windows(pool: multiprocessing.pool.Pool, func: Callable[[Any], Any], items: Iterable[Any], *,
                   window: int, chunksize: int) -> Iterator[tuple[Any, Any]]:
    """(item, func(item)) for every item, in order, worked out by the pool a window at a time with the
    next window already submitted: the workers go on while the caller writes the results of the current
    window, and no more than two windows of items and results are ever held."""
    iterator = iter(items)
    in_flight = None
    while True:
        batch = list(islice(iterator, window))
        submitted = (batch, pool.imap(func, batch, chunksize=chunksize)) if batch else None
        if in_flight is not None:
            yield from zip(*in_flight)
        if submitted is None:
            return
        in_flight = submitted
