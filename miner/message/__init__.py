"""The message stage: one raw mail (bytes) turned into a `Message` with normalized headers and a decoded
text body whose lines keep the numbers of the raw lines they came from. `headers` reads the header block
(ids, dates, From, List-Id; the plain-header shortcut), `body` decodes the body part (transfer encodings,
charsets, HTML), `parse` puts them together. It is the first stage: it may import `miner.errors`,
`extractors` and `db`, and no other stage of `miner`.
"""
