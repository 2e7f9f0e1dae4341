"""The archive sites whose web pages the crawler reads, and which of them wrote a page."""

from __future__ import annotations

from miner.remote import hypermail, lkml_org, mail_archive, marc, mhonarc
from miner.remote.archive_html import ArchivePage, index_page

# Asked in this order: mail-archive.com first, since it marks its body as MHonArc does.
_SITES = (mail_archive, mhonarc, hypermail, marc, lkml_org)


def parse_archive_page(page: str, url: str) -> ArchivePage:
    """Read an archive page (message, thread or index) fetched from `url`. Never raises for bad HTML: a
    page whose layout is unknown or whose message cannot be found has `message=None` and a problem."""
    try:
        for site in _SITES:
            if site.is_page(page, url):
                return site.parse_page(page, url)
        return index_page(page, url)
    except (ValueError, IndexError, AttributeError) as exc:  # a page broken beyond its generator's layout
        return ArchivePage("unknown", None, problems=(f"unreadable page: {exc}",))
