"""The database: the only code that knows table and column names. `schema` creates the tables (DESIGN.md
§4) and `views` the views over them, `store` turns parsed messages and their findings into rows and writes
them, `queries` reads and updates what linking and reports need, `fetchstate` keeps the crawlers' state,
and `metadata.yaml` describes every table and column to Datasette. It imports nothing of ours (not
`miner`, `extractors` or `web`): callers hand it plain records.
"""
