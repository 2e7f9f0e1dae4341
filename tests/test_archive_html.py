"""What the page readers share: which links name a message page and which an index page."""

from __future__ import annotations

import pytest

from miner.remote.archive_html import is_index_url, is_message_url


@pytest.mark.parametrize("url, message, index", [
    ("https://lists.xenproject.org/archives/html/xen-devel/2024-06/msg00712.html", True, False),
    ("https://lists.xenproject.org/archives/html/xen-devel/2024-06/threads.html", False, True),
    ("http://lkml.iu.edu/hypermail/linux/kernel/1609.3/03505.html", True, False),
    ("https://lkml.org/lkml/2020/7/14/456", True, False),
    ("https://lkml.org/lkml/2020/7/14", False, True),
    ("https://marc.info/?l=git&m=146999633429322&w=2", True, False),
    ("https://marc.info/?l=git&m=146999633429322&q=raw", False, False),
    ("https://marc.info/?l=git&r=1&b=201607&w=2", False, True),
    ("https://www.mail-archive.com/linux-kernel@vger.kernel.org/msg0002.html", True, False),
    ("https://www.mail-archive.com/linux-kernel@vger.kernel.org/maillist.html", False, True),
    ("https://lkml.org/css/message.css", False, False),
])
def test_url_kinds(url, message, index):
    assert (is_message_url(url), is_index_url(url)) == (message, index)
