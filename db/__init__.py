"""The database: the only code that knows table and column names. `schema` creates the tables (DESIGN.md
§4) and `views` the views over them, `rows` defines the typed rows of one message (the pipeline builds
them from the extractors' findings), `store` writes them and reads messages back, `queries` reads and
updates what linking and reports need, `fetchstate` keeps the crawlers' state, and `metadata.yaml`
describes every table and column to Datasette. It imports nothing of ours (not `miner`, `extractors` or
`web`): callers hand it typed rows and plain records.
"""
