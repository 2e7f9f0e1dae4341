"""The reports stage: the evidence report and the reviewer checklist of one patch series (DESIGN.md §5),
read from the linked database. `query` resolves what the user typed to one series (or lists the
candidates), `series_data` loads the series once, `model` is the typed report model, `entries` makes the
entries both reports share, `gaps` holds the gap rules, `versions` the between-versions section, `wording`
how numbers and sources read, `build` puts each report together and `render` prints it (`render_text`,
`render_markdown`, JSON). It reads through `db` and may import the earlier stages, `extractors`' vocabularies
and `miner.errors`; only the app calls it.
"""
