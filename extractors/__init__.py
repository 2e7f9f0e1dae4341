"""Pure functions from text to frozen dataclasses: no network, no files, no database, no imports from
`miner` or `db`. `analysis.analyze_body` runs them all over one message body."""

# Stored with every message; bump it when an extractor's output changes, then run `miner reextract`.
EXTRACTOR_VERSION = "105"
