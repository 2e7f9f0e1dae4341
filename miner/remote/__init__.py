"""The remote stage: the one HTTP layer (`fetch`: `make_client`, a polite, cached, capped `Fetcher`), one
module per archive site (`lore` for public-inbox servers such as lore.kernel.org; `mhonarc` for
lists.xenproject.org, `lkml_org`, `mail_archive`, `hypermail` and `marc` for archive web pages, with what
they share in `archive_html` and which site wrote a page in `sites`), and the crawls (`crawl`), which
download to `data/raw/` and then import what they downloaded. It may import the earlier stages (message,
sources, linking, pipeline), `miner.errors`, `db` and `extractors`.
"""
