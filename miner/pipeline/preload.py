"""Imported by the fork server of the worker processes before it forks them (see `workers`).

Building the spaCy pipeline costs a second and a half; built here, once, every worker forked from the
server shares it instead of building its own while the main process waits for its first results.
Shares it in memory too, as far as copy-on-write lets it: the objects built here are then moved out of
the garbage collector's reach (`gc.freeze`), since a collection in a worker writes to every object it
examines, and so copies every page of the pipeline into each worker.
"""

import gc

from extractors.prose.pipeline import nlp

nlp()
gc.freeze()
