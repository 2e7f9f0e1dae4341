"""The linking stage, over what the database holds: threads (`threads`: Message-ID references, subjects
for archive pages), patch series across versions (`series`), and for the findings of each series where
quoted or reposted material was first written (`origins`), which concerns were answered (`answers`),
whether each claim agrees with its numbers (`claim_checks`, the one place that decides it) and what
changed between versions (`versions`), read and saved a series at a time (`links`). It reads and
writes through `db` and reads text with `extractors`; it imports no other stage of `miner` (the pipeline
runs it, on the worker pool, after an import).
"""
