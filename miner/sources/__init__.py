"""The local sources: each reader yields the raw messages of one path, with their provenance, as
`RawItem`s (`items`), one at a time: mbox files (also gzip; `mboxes`), maildir folders, single `.eml`
files, public-inbox v2 git repositories, and archive pages as text or HTML (`pages`, which also reads one
cut page message as a `Message`). `formats` tells which kind a path holds and hands it to its reader.
It comes after `miner.message` (pages are read into Messages, HTML into text); it may import
`miner.message`, `miner.errors` and `extractors`, and no later stage.
"""
