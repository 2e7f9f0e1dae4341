"""The app stage, what a person runs: the `miner` command line (`cli`), `miner serve` (`serve`: Datasette
with `db/metadata.yaml` and the plugin and templates of `web/`), `miner demo` (`demo`, with its bundled
`sample.mbox`) and `miner extract` (`extract`: the extractors on one file, no database). It is the last
stage: it may import every other stage of `miner`, `miner.errors`, `db`, `extractors` and `web`, and
nothing imports it but `miner.__main__`.
"""
