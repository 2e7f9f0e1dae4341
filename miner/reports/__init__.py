"""The reports stage: the evidence report and the reviewer checklist of one patch series (DESIGN.md §5),
read from the linked database. `query` resolves what the user typed to one series, `model` loads the
series and makes the entries both reports share, `gaps` holds the gap rules, `build` puts each report
together and `render` prints it as text, Markdown or JSON. It reads through `db` and may import the
earlier stages and `miner.errors`; only the app calls it.
"""
