"""The Datasette side of listminer: the plugin (`plugins/evidence_view.py`: the evidence pages and readable
cells), what a series page reads about its history (`series_history`: where evidence was posted again,
between versions) and the page templates (`templates/`), handed to Datasette by `miner serve` as its plugins and
template folders. `plugins/` is a folder Datasette loads file by file, not a package of its own. Code here
may import `db` (its views decide what a page shows) and nothing else of ours; `db/metadata.yaml` stays
with the schema it describes.
"""
