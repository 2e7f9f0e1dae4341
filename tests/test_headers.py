"""Headers: decoded values, Message-IDs, dates, List-Id, and the plain-header shortcut against the email package."""

from __future__ import annotations

import pytest

from miner.message.headers import (PlainHeader, header_end, header_text, parse_date_utc, parse_from, parse_list_id,
                                   parse_message_id, parse_message_ids)
from miner.message.parse import parse_message


@pytest.mark.parametrize("raw, expected", [
    ("=?utf-8?q?J=C3=BCrgen?= Gross", "Jürgen Gross"),
    ("=?iso-8859-1?q?caf=E9?=", "café"),
    ("plain   text\n folded", "plain text folded"),
    (None, ""),
    ("=?bogus-charset?q?abc?=", "abc"),
    ("=?utf-8?q?caf=C3?= =?utf-8?q?=A9?= au lait", "caf\u00e9 au lait"),  # a character split across two words
    ("=?utf-8?b?Y2Fmw6k?=", "caf\u00e9"),  # base64 without its padding
    ("=?utf-8*en?q?hi?=", "hi"),  # RFC 2231 language tag
    ("Re: =?utf-8?b?!!!?= kept", "Re: =?utf-8?b?!!!?= kept"),  # a word that does not decode stays as written
    ("=?gb2312?B?peilyQ==?=", "\u30e8\u30c9"),  # GBK text labelled gb2312
    ("x\udcc3\udca9", "x\u00e9"),  # 8-bit bytes as the parser hands them over (surrogate escapes)
])
def test_header_text(raw, expected):
    assert header_text(raw) == expected


@pytest.mark.parametrize("raw, expected", [
    ("<a@b> <c@d>", ["a@b", "c@d"]),
    ("<a@b>\n <a@b>", ["a@b"]),
    ("a@b c@d", ["a@b", "c@d"]),
    ("https://lore.kernel.org/io-uring/a@b/ x@y@z", ["a@b", "x@y@z"]),
    ("", []),
    (None, []),
    ("a" * 200_000 + " b@c", ["b@c"]),  # once seconds per header: every letter of the run started a match
])
def test_parse_message_ids(raw, expected):
    assert parse_message_ids(raw) == expected


@pytest.mark.parametrize("raw, expected", [
    ("Mon, 02 Mar 2026 09:00:00 +0100", "2026-03-02T08:00:00Z"),
    ("Mon, 02 Mar 2026 09:00:00", "2026-03-02T09:00:00Z"),
    ("the day after tomorrow", None),
    ("", None),
])
def test_parse_date_utc(raw, expected):
    assert parse_date_utc(raw) == expected


@pytest.mark.parametrize("raw, expected", [
    ("<linux-kernel.vger.kernel.org>", "linux-kernel"),
    ("Xen developer discussion <xen-devel.lists.xenproject.org>", "xen-devel"),
    (None, None),
])
def test_parse_list_id(raw, expected):
    assert parse_list_id(raw) == expected



# Messages the fast header path reads (non-multipart, plain ASCII header block), with the fields it must give.
_PLAIN = (b"From: Ada Lovelace <ada@example.org>\nDate: Mon, 02 Mar 2026 09:00:00 +0100\nSubject: plain\n"
          b"Message-ID: <plain.1@example.org>\n\nbody line\n")


@pytest.mark.parametrize("raw, expected", [
    (b"From: a@b.org\nSubject: [PATCH] mm:\n fix the\n\tthing\nMessage-ID: <f@x>\n\nbody\n",
     {"subject": "[PATCH] mm: fix the thing", "author_name": None, "author_email": "a@b.org"}),
    (b"From: a@b.org\nReferences: <r1@x>\n <r2@x>\nreferences: <r3@x> <r1@x>\nMessage-ID: <d@x>\n\nbody\n",
     {"references": ("r1@x", "r2@x", "r3@x"), "in_reply_to": "r3@x"}),
    (b"From: a@b.org\nIn-Reply-To: <i1@x>\nIn-Reply-To: <i2@x>\nReferences: <r1@x>\nMessage-ID: <d@x>\n\nbody\n",
     {"references": ("r1@x",), "in_reply_to": "i1@x"}),
    (b"Subject: first\nSubject: second\nMessage-ID: <one@x>\nMessage-Id: <two@x>\n\nbody\n",
     {"subject": "first", "message_id": "one@x"}),
    (_PLAIN.replace(b"\n", b"\r\n"),
     {"subject": "plain", "author_name": "Ada Lovelace", "date_utc": "2026-03-02T08:00:00Z",
      "message_id": "plain.1@example.org", "body": "body line\n", "body_line_numbers": (5, 6)}),
    (b"From: =?utf-8?q?J=C3=BCrgen_Gro=C3=9F?= <jgross@suse.com>\nMessage-ID: <e@x>\n\nbody\n",
     {"author_name": "Jürgen Groß", "author_email": "jgross@suse.com"}),
    (b"From: \"Lovelace, Ada\" <ada@example.org>\nMessage-ID: <q@x>\n\nbody\n",
     {"author_name": "Lovelace, Ada", "author_email": "ada@example.org"}),
    (b"From: ada@example.org (Ada Lovelace)\nMessage-ID: <c@x>\n\nbody\n",
     {"author_name": "Ada Lovelace", "author_email": "ada@example.org"}),
    (b"Date: Thu, 1 Jan 2020 10:00:00 -0800 (PST)\nMessage-ID: <d1@x>\n\nbody\n",
     {"date_utc": "2020-01-01T18:00:00Z", "problems": ()}),
    (b"Date: Thu, 1 Jan 2020 10:00:00\nMessage-ID: <d2@x>\n\nbody\n", {"date_utc": "2020-01-01T10:00:00Z"}),
    (b"Date: 1 Jan 99 10:00:00 +0000\nMessage-ID: <d3@x>\n\nbody\n", {"date_utc": "1999-01-01T10:00:00Z"}),
    (b"Date: Mon, 1 Jan 0069 10:00:00 +0000\nMessage-ID: <d4@x>\n\nbody\n", {"date_utc": "1969-01-01T10:00:00Z"}),
    (b"Date: Mon, 31 Feb 2020 10:00:00 +0000\nMessage-ID: <d5@x>\n\nbody\n",
     {"date_utc": None, "problems": ("bad date",)}),
    (b"Date: Mon, 1 Jan 2020 10:00:00 +2400\nMessage-ID: <d6@x>\n\nbody\n",
     {"date_utc": None, "problems": ("bad date",)}),
    (b"Date:\nSubject:\nMessage-ID: <d7@x>\n\nbody\n", {"date_utc": None, "subject": "", "problems": ()}),
    (b"Content-Type: text/plain; charset=\"ISO-8859-1\"; format=flowed\nMessage-ID: <l@x>\n\ncaf\xe9\n",
     {"body": "café\n"}),
    (b"Content-Type: text/plain; format=flowed; charset=iso-8859-1\nContent-Transfer-Encoding: Quoted-Printable\n"
     b"Message-ID: <l2@x>\n\ncaf=E9\n", {"body": "café\n"}),
    (b"Content-Type: TEXT/HTML\nMessage-ID: <h@x>\n\n<p>hi</p>\n", {"body": "hi\n"}),
])
def test_plain_header_fields(raw, expected):
    message = parse_message(raw)
    assert {field: getattr(message, field) for field in expected} == expected


@pytest.mark.parametrize("raw", [
    b"From: a@b.org\nSubject: folded\n \n\tsubject  \nSubject: again\nX-Empty:\n\nbody\n",
    b"From: a@b.org\r\nSubject: mixed\n line\r\n endings\r\n\r\nbody\r\n",
    b"Subject:   \t leading blanks\nContent-Type: text/plain;\n charset=utf-8\n\nbody\n",
    _PLAIN,
    _PLAIN.replace(b"\n", b"\r\n"),
])
def test_plain_header_path_reads_as_the_email_package(raw, monkeypatch):
    assert PlainHeader.read(raw[:header_end(raw)]) is not None
    fast = parse_message(raw)
    monkeypatch.setattr(PlainHeader, "read", classmethod(lambda cls, header: None))
    assert parse_message(raw) == fast


@pytest.mark.parametrize("raw, expected", [
    (b"From nobody Mon Jan  1 00:00:00 2020\nSubject: after an envelope line\n\nbody\n", "after an envelope line"),
    (b"Subject: before a line without colon\nnot a header\nX-Other: y\n\nbody\n", "before a line without colon"),
    (b" leading continuation\nSubject: kept\n\nbody\n", "kept"),
    (b"Subject: caf\xc3\xa9 in UTF-8\n\nbody\n", "caf\u00e9 in UTF-8"),  # RFC 6532: raw 8-bit headers are UTF-8
    (b"Subject: caf\xe9 in Latin-1\n\nbody\n", "caf\u00e9 in Latin-1"),  # not UTF-8, no charset: Latin-1
    (b"Subject: \xcf\xf0\xe8\xe2\xe5\xf2\nContent-Type: text/plain; charset=windows-1251\n\nbody\n",
     "\u041f\u0440\u0438\u0432\u0435\u0442"),  # not UTF-8: the charset the message declares
])
def test_unusual_header_blocks_are_read_by_the_email_package(raw, expected):
    assert PlainHeader.read(raw[:header_end(raw)]) is None
    assert parse_message(raw).subject == expected


@pytest.mark.parametrize("raw, expected", [
    ("=?utf-8?q?Doe=2C_John?= <j@x.org>", ("Doe, John", "j@x.org")),  # the name decoded after the structure
    ("J\udcc3\udcbcrgen  Gro\udcc3\udc9f <jg@x.org>", ("J\u00fcrgen Gro\u00df", "jg@x.org")),
    ("ebiederm@xmission.com (Eric W. Biederman)", ("Eric W. Biederman", "ebiederm@xmission.com")),
    ("\"Victoria  Alexander \" <v@x.org>", ("Victoria Alexander", "v@x.org")),
    ("jgb at example.com (Jesus M. Gonzalez-Barahona)", ("Jesus M. Gonzalez-Barahona", "jgb at example.com")),
    ("goran at domain.com", (None, "goran at domain.com")),  # an address an archive masked
    ("Linus Torvalds", ("Linus Torvalds", None)),
    ("", (None, None)),
    (None, (None, None)),
])
def test_parse_from(raw, expected):
    assert parse_from(raw) == expected


@pytest.mark.parametrize("raw, expected", [
    ("<a@b>", "a@b"),
    ("25fdb2e4-e6d3-4d1c-b65a-9065c8d63d3c", "25fdb2e4-e6d3-4d1c-b65a-9065c8d63d3c"),  # one bare token
    ("two words", None),
    ("", None),
])
def test_parse_message_id(raw, expected):
    assert parse_message_id(raw) == expected


def test_8bit_multipart_mail_is_read():
    """Multipart, Content-Transfer-Encoding 8bit and UTF-8 text, as common mail clients send it: the body
    and the 8-bit headers come out as text (this once raised UnicodeEncodeError)."""
    raw = ("From: Milan Stani\u0107 <m@x.org>\nSubject: Re: caf\u00e9\nMessage-ID: <m8@x.org>\n"
           "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b\"\n\n--b\n"
           "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
           "On Wed, Milan P. Stani\u0107 wrote:\n> 32-bit off_t\n\n--b\n"
           "Content-Type: text/x-patch; name=fix.diff\nContent-Disposition: attachment\n\n+#include\n--b--\n"
           ).encode("utf-8")
    message = parse_message(raw)
    assert (message.author_name, message.subject) == ("Milan Stani\u0107", "Re: caf\u00e9")
    assert message.body.split("\n")[:2] == ["On Wed, Milan P. Stani\u0107 wrote:", "> 32-bit off_t"]
    assert raw.split(b"\n")[message.body_line_numbers[1]] == b"> 32-bit off_t"
    assert message.problems == ()


def test_encoded_line_breaks_keep_line_numbers():
    raw = (b"Message-ID: <qp@x>\nContent-Transfer-Encoding: quoted-printable\n\n"
           b"Good Day,=0D=0A=0D=0AI am=\n here\nlast\n")
    message = parse_message(raw)
    assert message.body.split("\n")[:4] == ["Good Day,", "", "I am here", "last"]
    assert message.body_line_numbers[:4] == (3, 3, 3, 5)


def test_date_with_8bit_comment_is_read_not_raised():
    raw = ("From: A <a@example.org>\nDate: Thu, 1 Jan 2020 10:00:00 +0100 (Mitteleurop\xe4ische Zeit)\n"
           "Message-ID: <d@example.org>\n\nbody\n").encode("latin-1")
    assert parse_message(raw).date_utc == "2020-01-01T09:00:00Z"
