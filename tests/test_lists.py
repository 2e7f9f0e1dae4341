"""Which list carried a message: headers first (List-Id, X-Mailing-List, List-Post, a list's Sender), then
the footer the list appended, then the archive it was read from."""

from __future__ import annotations

import pytest

from miner.message.lists import list_from_archive, list_from_footer, list_from_headers
from miner.message.parse import parse_message


@pytest.mark.parametrize("headers, expected", [
    ({"List-Id": "<linux-kernel.vger.kernel.org>"}, "linux-kernel"),
    ({"List-Id": "Xen developer discussion <xen-devel.lists.xenproject.org>"}, "xen-devel"),
    ({"X-Mailing-List": "linux-kernel@vger.kernel.org"}, "linux-kernel"),
    ({"X-Mailing-List": "<netdev@vger.kernel.org>"}, "netdev"),
    ({"X-Mailing-List": "xen-devel"}, "xen-devel"),
    ({"List-Post": "<mailto:xen-devel@lists.xenproject.org>"}, "xen-devel"),
    ({"Sender": "linux-ext4-owner@vger.kernel.org"}, "linux-ext4"),
    ({"Sender": "owner-linux-mm@kvack.org"}, "linux-mm"),
    ({"Sender": "\"Xen-devel\" <xen-devel-bounces@lists.xenproject.org>"}, "xen-devel"),
    ({"Sender": "Jane Author <jane@example.org>"}, None),
    ({"List-Id": "<linux-mm.kvack.org>", "X-Mailing-List": "linux-kernel@vger.kernel.org"}, "linux-mm"),
    ({}, None),
], ids=["list-id", "list-id-name", "x-mailing-list", "x-mailing-list-brackets", "x-mailing-list-name", "list-post",
        "vger-sender", "owner-sender", "mailman-sender", "personal-sender", "list-id-first", "none"])
def test_list_from_headers(headers, expected):
    assert list_from_headers(headers.get) == expected


@pytest.mark.parametrize("body, expected", [
    ('Thanks\n--\nTo unsubscribe from this list: send the line "unsubscribe linux-kernel" in\nthe body of a message '
     "to majordomo@vger.kernel.org\n", "linux-kernel"),
    ("Thanks\n_______________________________________________\nXen-devel mailing list\nXen-devel@lists.xen.org\n"
     "https://lists.xen.org/xen-devel\n", "xen-devel"),
    ("bye\n_______________________________________________\nhttps://lists.example.org/mailman/listinfo/kvm-ppc\n",
     "kvm-ppc"),
    ('--\nYou received this message because you are subscribed to the Google Groups "kasan-dev" group.\n', "kasan-dev"),
    ("No footer here, just a mailing list mentioned in passing.\n", None),
])
def test_list_from_footer(body, expected):
    assert list_from_footer(body) == expected


@pytest.mark.parametrize("source, expected", [
    ("https://lore.kernel.org/linux-mm/20240101.1-a@b/", "linux-mm"),
    ("https://lore.kernel.org/r/20240101.1-a@b/", None),
    ("https://lore.kernel.org/all/20240101.1-a@b/", None),
    ("https://lists.xenproject.org/archives/html/xen-devel/2024-06/msg00712.html", "xen-devel"),
    ("https://www.mail-archive.com/linux-kernel@vger.kernel.org/msg1234567.html", "linux-kernel"),
    ("https://marc.info/?l=linux-kernel&m=1234", "linux-kernel"),
    ("https://lkml.org/lkml/2020/7/14/100", "linux-kernel"),
    ("file:///home/me/data/raw/xen-devel/2024-06.mbox#1234", "xen-devel"),
    ("file:///home/me/archive.mbox#1234", None),
    (None, None),
])
def test_list_from_archive(source, expected):
    assert list_from_archive(source) == expected


def test_parsed_message_takes_its_list_from_x_mailing_list():
    raw = (b"From: A <a@b>\nSubject: x\nMessage-ID: <x@y>\nX-Mailing-List: netdev@vger.kernel.org\n\nbody\n")
    assert parse_message(raw).list_id == "netdev"
    assert parse_message(raw, "linux-kernel").list_id == "linux-kernel"  # --list wins
