"""Imported by the fork server of the worker processes before it forks them (see `workers`).

Building the spaCy pipeline costs a second and a half; built here, once, every worker forked from the
server shares it instead of building its own while the main process waits for its first results.
"""

from extractors.prose.pipeline import nlp

nlp()
