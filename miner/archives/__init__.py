"""Remote archives: one module per kind (`lore` for public-inbox servers, `html` for archive web pages).
Each works on a `miner.fetch.Fetcher` it is given and writes what it downloads to disk; none imports."""
