"""listminer: mine mailing-list archives for performance evidence and reviewers' concerns.

`miner` holds everything with side effects, one package per pipeline stage, in this order:

    message → sources → linking → pipeline → remote → reports → app

A stage may import itself and the stages before it, never one after it: `message` turns one raw mail into
a Message; `sources` reads local archives into raw messages (and archive pages into Messages); `linking`
works out threads, series, quotation origins, answers and claim checks over the database; `pipeline`
imports and re-extracts in bulk and runs the linking afterwards, on the one worker pool; `remote` fetches
from the archive sites and hands what it downloaded to the import; `reports` builds and renders the
evidence report and the checklist; `app` is what a person runs (CLI, serve, demo, extract). Every stage
may import `miner.errors` (the one set of error classes) and `miner` itself (`__version__`), and only
`miner.__main__` imports `app`. Across packages: `miner` may import `db`, `extractors` and `web`; `web`
may import `db`; `db` and `extractors` import nothing of ours. `tests/test_import_graph.py` reads every
import and fails on an arrow the wrong way.
"""

__version__ = "0.1.0"
