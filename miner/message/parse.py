"""One raw mail (bytes) turned into a `Message`: normalized headers and a decoded text body.

The header block is read the cheap way where that gives what the email package gives (`headers`), the
body part decoded with its raw line numbers (`body`); what cannot be read is named in `problems`, never
raised.
"""

from __future__ import annotations

import email.parser
from dataclasses import dataclass
from email.policy import Compat32

from miner.message.body import body_part, decode_lines, html_to_text, raw_payload, transfer_encoding
from miner.message.headers import (PlainHeader, header_end, header_text, is_multipart, parse_date_utc, parse_from,
                                   parse_message_id, parse_message_ids, synthetic_message_id)
from miner.message.lists import list_from_headers


class _RawValues(Compat32):
    """compat32, except that a header value comes back as the parser stored it, 8-bit bytes still
    surrogate-escaped: compat32 itself wraps such a value in a Header whose text has U+FFFD for every
    8-bit byte, which loses UTF-8 (RFC 6532) headers; `header_text` decodes them instead."""

    def header_fetch_parse(self, name, value):
        return value


_HEADER_PARSER = email.parser.BytesParser(policy=_RawValues())


@dataclass(frozen=True)
class Message:
    """A parsed mail. `message_id` has no angle brackets; `synthetic_id` says it was derived from content."""

    message_id: str
    synthetic_id: bool
    subject: str
    author_name: str | None
    author_email: str | None
    date_utc: str | None  # ISO 8601 in UTC, None when the Date header is missing or unparseable
    in_reply_to: str | None
    references: tuple[str, ...]
    list_id: str | None
    body: str
    body_line_numbers: tuple[int, ...]  # 0-based raw line of each body line
    raw: bytes
    problems: tuple[str, ...] = ()  # what could not be decoded cleanly, for the import report


def parse_message(raw: bytes, list_id: str | None = None) -> Message:
    """Parse one raw RFC 822 message. Never raises for bad content: what cannot be read is left empty
    and named in `problems`; a message without Message-ID gets a synthetic id."""
    problems: list[str] = []
    header_size = header_end(raw)
    header = raw[:header_size]
    multipart = is_multipart(header)
    msg = None if multipart else PlainHeader.read(header)
    if msg is None:  # multipart, or a header block only the email package reads right
        msg = _HEADER_PARSER.parsebytes(raw, headersonly=not multipart)
    part, ctype = body_part(msg)
    # the charset 8-bit header bytes are read in when they are not UTF-8: the one the message declares
    charset = msg.get_content_charset() or (part.get_content_charset() if part is not None else None)
    subject = header_text(msg.get("Subject"), charset)
    name, address = parse_from(msg.get("From"), charset)
    date_utc = parse_date_utc(header_text(msg.get("Date")))
    if msg.get("Date") and date_utc is None:
        problems.append("bad date")
    body_start_line = header.count(b"\n")
    if part is None:
        lines, numbers = [], []
        problems.append("no text part")
    elif part is msg:
        payload = raw[header_size:]
        lines, numbers, problem = decode_lines(payload, transfer_encoding(msg), msg.get_content_charset())
        numbers = [body_start_line + n for n in numbers]
        if problem:
            problems.append(problem)
    else:
        payload_bytes = raw_payload(part)
        lines, numbers, problem = decode_lines(payload_bytes, transfer_encoding(part), part.get_content_charset())
        found = raw.find(payload_bytes[:200], header_size) if payload_bytes else -1
        offset = raw[:found].count(b"\n") if found >= 0 else body_start_line
        numbers = [offset + n for n in numbers]
        if problem:
            problems.append(problem)
    if ctype == "text/html":
        lines = html_to_text("\n".join(lines)).split("\n")
        numbers = [numbers[0] if numbers else body_start_line] * len(lines)
    body = "\n".join(lines)
    references = tuple(parse_message_ids(header_text(" ".join(msg.get_all("References") or []))))
    in_reply_to_ids = parse_message_ids(header_text(" ".join(msg.get_all("In-Reply-To") or [])))
    in_reply_to = in_reply_to_ids[0] if in_reply_to_ids else (references[-1] if references else None)
    message_id = parse_message_id(header_text(msg.get("Message-ID") or msg.get("Message-Id")))
    synthetic = message_id is None
    if synthetic:
        message_id = synthetic_message_id(name or address, date_utc, subject, body)
    return Message(
        message_id=message_id,
        synthetic_id=synthetic,
        subject=subject,
        author_name=name,
        author_email=address,
        date_utc=date_utc,
        in_reply_to=in_reply_to,
        references=references,
        list_id=list_id or list_from_headers(msg.get),
        body=body,
        body_line_numbers=tuple(numbers),
        raw=raw,
        problems=tuple(problems),
    )
