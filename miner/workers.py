"""The worker processes that parse messages during an import and link series after it (both cores).

Workers come from a fork server started clean: forked from the main process, they would inherit the
pipes of a running `git cat-file`, which then never sees the end of its input. The server imports the
worker-side modules and builds the spaCy pipeline once (`miner.preload`), so a worker starts ready.
Workers run at a lower priority than the main process, which writes every row: when it waits for a core
the whole job waits, while a worker that waits only lets the other one go first. A worker is replaced
after WORKER_TASKS chunks, so spaCy's string store and the extractors' caches, which grow with every new
word, stay bounded on a whole-list import.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import os

WORKER_TASKS = 1000


def worker_pool() -> multiprocessing.pool.Pool:
    """A pool of one worker per core (at least two); use it as a context manager."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["miner.importer", "miner.answers", "miner.preload"])
    return context.Pool(processes=max(2, os.cpu_count() or 2), initializer=os.nice, initargs=(5,),
                        maxtasksperchild=WORKER_TASKS)
