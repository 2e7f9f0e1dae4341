"""A raw mail into a Message: body decoding with raw line numbers, ids, references, bad input."""

from __future__ import annotations

import base64

import pytest

from miner.sources.mboxes import iter_mbox
from miner.message.headers import synthetic_message_id
from miner.message.parse import parse_message

from conftest import DATA


def _messages(name: str) -> dict[str, object]:
    return {m.message_id: m for m in (parse_message(e.raw) for e in iter_mbox(DATA / "mail" / name))}


def test_quoted_printable_keeps_raw_line_numbers():
    message = _messages("0002-encodings.mbox")["qp.1@example.org"]
    assert message.author_name == "Jürgen Qp"
    assert message.subject == "Re: [PATCH] café: speed up"
    lines = message.body.split("\n")
    assert lines[1] == ("A long line that was wrapped by the quoted-printable encoder right here and goes on; "
                        "café costs 3 = three.")
    # the soft break joined raw lines 2 and 3 of the body: the next body line maps to raw body line 4
    assert message.body_line_numbers[2] - message.body_line_numbers[1] == 2


def test_base64_html_and_unknown_charset_bodies():
    messages = _messages("0002-encodings.mbox")
    assert messages["b64.1@example.org"].body.startswith("Grüße aus dem Base64-Teil.")
    html = messages["html.1@example.org"].body
    assert "Results are better." in html and "1    10.0  9.0" in html  # <pre> keeps its columns
    charset = messages["charset.1@example.org"]
    assert "Café au lait." in charset.body
    assert any("x-no-such-charset" in p for p in charset.problems)


def test_base64_body_lines_keep_the_raw_line_they_start_in():
    text = "\n".join(f"Result line {i}: {i * 37} ops/s in a run of the benchmark" for i in range(30))
    encoded = base64.encodebytes(text.encode())  # 76 characters a raw line
    raw = (b"From: A <a@example.org>\nMessage-ID: <b64.lines@example.org>\nSubject: numbers\n"
           b"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" + encoded)
    message = parse_message(raw)
    raw_lines = encoded.split(b"\n")
    first = raw.split(b"\n\n", 1)[0].count(b"\n") + 2  # the raw line (0-based) the payload starts at
    for index, line in enumerate(message.body.split("\n")):
        number = message.body_line_numbers[index] - first
        # the raw lines up to the one named hold the line's first byte, those before it do not
        before = len(base64.b64decode(b"".join(raw_lines[:number])))
        through = len(base64.b64decode(b"".join(raw_lines[:number + 1])))
        start = len("\n".join(message.body.split("\n")[:index])) + (1 if index else 0)
        assert before <= start < through, line
    assert message.body_line_numbers[-1] > message.body_line_numbers[0]


def test_missing_message_id_gets_a_stable_synthetic_id_and_bad_date_is_none():
    message = next(m for m in _messages("0002-encodings.mbox").values() if m.synthetic_id)
    assert message.date_utc is None and "bad date" in message.problems
    assert message.author_name == "No Id"
    again = parse_message(message.raw)
    assert again.message_id == message.message_id
    assert message.message_id == synthetic_message_id("No Id", None, message.subject, message.body)


def test_references_without_brackets_and_in_reply_to_fallback():
    messages = _messages("0001-thread-missing-parent.mbox")
    assert messages["reply.2@example.com"].references == ("cover.1@example.org", "patch.2@example.org")
    assert messages["reply.2@example.com"].in_reply_to == "patch.2@example.org"
    assert messages["reply.3@example.com"].references == ()


@pytest.mark.parametrize("raw", [b"", b"\x00\xff\xfe garbage", b"Subject: only a header", b"\n\n\n"])
def test_garbage_never_raises(raw):
    message = parse_message(raw)
    assert message.message_id


def test_real_mail_headers(shared):
    raw = (shared / "fixtures/real/lkml-raw/lkml-2020-07-15-dma-pool-v2-0-4-reply-hch.eml").read_bytes()
    message = parse_message(raw)
    assert message.author_name == "Christoph Hellwig"
    assert message.list_id == "linux-kernel"
    assert message.in_reply_to and not message.synthetic_id
