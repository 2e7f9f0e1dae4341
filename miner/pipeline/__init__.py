"""The pipeline stage runs the earlier stages in bulk: the import of local archives (`importer`: sources
read, messages parsed and extracted, turned into typed rows by `rows` and written in batches), `reextract`
over stored raw messages (all, or only what an older extractor version produced), the
post-import steps (`postprocess`: threads, series and the linking of their findings), the one worker pool
both use (`workers`, started with `preload`), the Dask cluster that can stand in for it (`cluster`) and
`progress` on a terminal. It may import `miner.message`,
`miner.sources`, `miner.linking`, `miner.errors`, `db` and `extractors`; later stages (remote, reports,
app) call it, never the other way.
"""
