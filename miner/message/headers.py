"""Headers of a raw mail: the few we use, decoded, and the Message-IDs, dates and addresses in them.

Headers are read as the `compat32` email parser reads them and only the few we use are decoded (RFC 2047
words; raw 8-bit bytes as UTF-8 (RFC 6532), else in the charset the message declares, else Latin-1): parsing every header into `email.policy.default` objects
costs more than the whole rest of an import. Even compat32's parser is half the cost of a message, so the
common case, a non-multipart mail whose header block is plain ASCII "Name: value" lines, is split by two
regular expressions (`PlainHeader`), and the usual From, Date and Content-Type forms are read without
getaddresses, parsedate_to_datetime and the parameter parser. Each shortcut accepts only input on which
it gives exactly what the email package gives; anything else (multipart, 8-bit or control bytes, a first
line that is not a header, unusual forms) goes to the email package, whose reading stays the reference.
`tests/test_header_differential.py` compares the result with `email.policy.default` on every message of
the real archives and lists the normalizations in which the two may differ.
"""

from __future__ import annotations

import binascii
import email.message
import hashlib
import re
from base64 import b64decode
from datetime import datetime, timedelta, timezone
from email.utils import getaddresses, parsedate_to_datetime

from miner.message.body import decode_bytes

_MSGID_RE = re.compile(r"<([^<>\s]+)>")
# An id written without brackets, alone or at the end of an archive URL ('https://lore.kernel.org/io-uring/<id>').
# A match starts only where a token starts: tried at every character, a long run without '@' (a broken
# header of 50,000 letters) cost a scan of the rest of the run each, seconds per header.
_BARE_MSGID_RE = re.compile(r"(?<![^<>\s,;\"/])[^<>\s,;\"/]+@[^<>\s,;\"/]+")
_WS_RE = re.compile(r"\s+")
# The usual Date form 'Thu, 1 Jan 2020 10:00:00 +0000', read as parsedate_to_datetime reads it: anything
# after the zone, like '(UTC)', is ignored there too; the year has four digits from 1000 on, as years
# below 100 are two-digit years to it. Other forms go to parsedate_to_datetime.
_DATE_RE = re.compile(r"(?:[A-Za-z]{3}, )?([0-9]{1,2}) ([A-Za-z]{3}) ([1-9][0-9]{3}) "
                      r"([0-9]{2}):([0-9]{2}):([0-9]{2}) ([+-])([0-9]{2})([0-9]{2})(?: [^\n]*)?")
_MONTHS = {name: number for number, name in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1)}
# The usual From forms: 'Name <addr>', '"Name" <addr>', '<addr>' and 'addr', with a dot-atom address and a
# name of plain words; getaddresses reads every other form (comments, groups, escapes, several addresses).
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_ADDRESS = rf"{_ATOM}(?:\.{_ATOM})*@{_ATOM}(?:\.{_ATOM})*"
_WORD = r'[^\s()<>@,:;"\[\]\\]+'
# An address that an archive masked ('jgb at example.com', as pipermail and hypermail print it), alone or
# followed by the name in a comment.
_MASKED_FROM_RE = re.compile(r'"?([^\s@<>()"]+ at [^\s@<>()"]+)"?(?: \((.*)\))?')
_SIMPLE_FROM_RE = re.compile(rf'(?:"([^"\\\r]*)"|({_WORD}(?: {_WORD})*))? ?<({_ADDRESS})>|({_ADDRESS})')


def header_text(value: str | None, charset: str | None = None) -> str:
    """A header value as text: raw 8-bit bytes (surrogate-escaped by the parser) read as UTF-8 (RFC 6532),
    else as `charset` (the one the message declares), else as Latin-1; RFC 2047 words decoded; blanks
    collapsed. Never raises."""
    if value is None:
        return ""
    value = decode_8bit(str(value), charset)
    if "=?" in value:
        value = decode_encoded_words(value)
    return _WS_RE.sub(" ", value).strip()


def decode_8bit(value: str, charset: str | None = None) -> str:
    """`value` with its surrogate-escaped 8-bit bytes decoded: UTF-8 first, then `charset`, then Latin-1."""
    if value.isascii() or not any("\udc80" <= ch <= "\udcff" for ch in value):
        return value
    raw = value.encode("utf-8", "surrogateescape")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return decode_bytes(raw, charset)[0]


# An RFC 2047 encoded word: =?charset?Q?text?= or =?charset?B?text?= (an RFC 2231 language after '*').
# The text may hold blanks, which RFC 2047 forbids but mailers write (and the email package reads).
_ENCODED_WORD_RE = re.compile(r"=\?([^?\s*]+)(?:\*[^?\s]*)?\?([QqBb])\?([^?]*?)\?=")


def decode_encoded_words(value: str) -> str:
    """RFC 2047 words decoded. Blanks between two encoded words are dropped, and adjacent words in one
    charset are joined as bytes before decoding, so a character split across two words survives. A word
    that does not decode (bad base64) is kept as written; a charset that fails goes the way of
    `decode_bytes`."""
    out: list[str] = []
    pending: list[bytes] = []
    pending_charset: str | None = None
    last = 0
    for match in _ENCODED_WORD_RE.finditer(value):
        between = value[last:match.start()]
        data = _decode_word(match[2], match[3])
        if data is None:
            continue  # left in place: the next `between` slice includes it
        if between and not (pending and between.isspace()):
            out.append(_flush(pending, pending_charset))
            out.append(between)
        elif pending and match[1].lower() != pending_charset:
            out.append(_flush(pending, pending_charset))
        pending_charset = match[1].lower()
        pending.append(data)
        last = match.end()
    out.append(_flush(pending, pending_charset))
    out.append(value[last:])
    return "".join(out)


def _decode_word(encoding: str, text: str) -> bytes | None:
    try:
        if encoding in "Qq":
            return binascii.a2b_qp(text.encode("utf-8", "surrogateescape"), header=True)
        return b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None


def _flush(pending: list[bytes], charset: str | None) -> str:
    text = decode_bytes(b"".join(pending), charset)[0] if pending else ""
    pending.clear()
    return text


def parse_message_ids(value: str | None) -> list[str]:
    """Message-IDs in a header, in order, without brackets; ids written without brackets are accepted."""
    if not value:
        return []
    ids = _MSGID_RE.findall(value) or _BARE_MSGID_RE.findall(value)
    seen: dict[str, None] = {}
    for msgid in ids:
        seen.setdefault(msgid.strip(), None)
    return list(seen)


def parse_message_id(value: str | None) -> str | None:
    """The Message-ID of a header value: the first id in it, or the whole value when it is one token
    without brackets or '@' (as some mailers write it); None when there is none."""
    ids = parse_message_ids(value)
    if ids:
        return ids[0]
    token = (value or "").strip()
    return token if token and not any(ch.isspace() or ch in "<>" for ch in token) else None


def parse_date_utc(value: str | None) -> str | None:
    """An RFC 2822 date as ISO 8601 UTC ('2018-09-17T10:01:02Z'), or None when it cannot be read."""
    if not value:
        return None
    try:
        parsed = _standard_date(value) or parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if parsed is None:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    try:
        return parsed.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    except (ValueError, OverflowError):
        return None


def _standard_date(value: object) -> datetime | None:
    """The date of the usual form, built as parsedate_to_datetime builds it (so an out-of-range field
    raises the same ValueError), or None for any other form or a value that is not a str."""
    match = _DATE_RE.fullmatch(value) if isinstance(value, str) else None
    if match is None or match[2].lower() not in _MONTHS:
        return None
    day, month, year, hour, minute, second, sign, zone_hours, zone_minutes = match.groups()
    offset = (int(zone_hours) * 3600 + int(zone_minutes) * 60) * (-1 if sign == "-" else 1)
    return datetime(int(year), _MONTHS[month.lower()], int(day), int(hour), int(minute), int(second),
                    tzinfo=timezone(timedelta(seconds=offset)))


def synthetic_message_id(author: str | None, date: str | None, subject: str, body: str) -> str:
    """A stable id for a message that has no Message-ID, from its normalized content."""
    key = "\n".join(_WS_RE.sub(" ", part or "").strip().lower() for part in (author, date, subject, body))
    return f"synthetic-{hashlib.sha1(key.encode('utf-8')).hexdigest()[:24]}@listminer"


def parse_list_id(value: str | None) -> str | None:
    """The short list name of a List-Id header: 'linux-kernel' for '<linux-kernel.vger.kernel.org>'."""
    ids = _MSGID_RE.findall(header_text(value)) if value else []
    if not ids:
        return None
    return ids[-1].split(".")[0].lower() or None


def header_end(raw: bytes) -> int:
    """Offset of the first body byte (after the blank line that ends the header)."""
    for sep in (b"\n\n", b"\r\n\r\n"):
        index = raw.find(sep)
        if index >= 0:
            return index + len(sep)
    return len(raw)


_MULTIPART_RE = re.compile(rb"^content-type:\s*multipart/", re.I | re.M)


def is_multipart(header: bytes) -> bool:
    """True when a header block declares a multipart body (the email package then reads the parts). The
    line-anchored search is tried only where the word stands at all: it cost a tenth of a plain header's
    parse, and most headers have no "multipart/"."""
    return b"multipart/" in header.lower() and bool(_MULTIPART_RE.search(header))


# A header block the email package would read as plain "Name: value" lines and continuation lines, ended
# by the blank line: printable ASCII and tabs only (no 8-bit bytes, which compat32 turns into Header
# objects; no lone CR or other control characters, which split lines), a name on every non-continuation
# line (so no leading "From " line, no line without a colon, no continuation as first line).
_PLAIN_HEADER_RE = re.compile(rb"(?:[!-9;-~]+:[\t -~]*\r?\n(?:[\t ][\t -~]*\r?\n)*)+\r?\n")
# One field of such a block: its name, and its value with leading blanks and continuation lines kept,
# as compat32's header_source_parse keeps them.
_FIELD_RE = re.compile(r"([!-9;-~]+):[ \t]*([^\n]*\n(?:[ \t][^\n]*\n)*)")
# A Content-Type with no parameters or with charset as its first one, and no RFC 2231 '*' parameters,
# whose type and charset can be read directly; the rest go to compat32's parameter parser.
_SIMPLE_CONTENT_TYPE_RE = re.compile(
    r'\s*([\w.+-]+/[\w.+-]+)\s*(?:;\s*charset\s*=\s*("?)([\w.+-]+)\2\s*(?:;[^*]*)?)?', re.ASCII | re.IGNORECASE)


class PlainHeader:
    """The header of a non-multipart mail with a plain header block, read without the email package.

    It answers what `parse_message` asks of a compat32 Message (get, get_all, is_multipart, content type
    and charset) with the same values: the field values are the strings compat32 would store.
    """

    __slots__ = ("_fields",)

    def __init__(self, fields: dict[str, list[str]]):
        self._fields = fields  # lower-cased name -> values in header order

    @classmethod
    def read(cls, header: bytes) -> PlainHeader | None:
        """The header of a block ending with its blank line, or None when the block is not plain."""
        if not _PLAIN_HEADER_RE.fullmatch(header):
            return None
        fields: dict[str, list[str]] = {}
        for name, value in _FIELD_RE.findall(header.decode("ascii")):
            fields.setdefault(name.lower(), []).append(value.rstrip("\r\n"))
        return cls(fields)

    def get(self, name: str, failobj=None):
        values = self._fields.get(name.lower())
        return values[0] if values else failobj

    def get_all(self, name: str, failobj=None):
        return self._fields.get(name.lower(), failobj)

    def is_multipart(self) -> bool:
        return False

    def get_content_type(self) -> str:
        simple = self._simple_content_type()
        return simple[1].lower() if simple else self._compat32_content_type().get_content_type()

    def get_content_charset(self) -> str | None:
        simple = self._simple_content_type()
        if simple:
            return simple[3].lower() if simple[3] else None
        return self._compat32_content_type().get_content_charset()

    def _simple_content_type(self) -> re.Match | None:
        # no Content-Type reads as "text/plain" without charset, as in compat32
        return _SIMPLE_CONTENT_TYPE_RE.fullmatch(self.get("content-type", "text/plain"))

    def _compat32_content_type(self) -> email.message.Message:
        """A compat32 Message holding only this Content-Type, to read an unusual one exactly as it does."""
        msg = email.message.Message()
        msg.set_raw("Content-Type", self.get("content-type"))
        return msg


def parse_from(value: str | None, charset: str | None = None) -> tuple[str | None, str | None]:
    """(name, address) of a raw From header value; masked addresses are kept as they are.

    The address structure is read before the name is decoded, so an encoded word holding a comma or
    angle brackets stays part of the name. Blanks in the name are collapsed."""
    value = _WS_RE.sub(" ", value or "").strip()
    if not value:
        return None, None
    if "@" not in value and "<" not in value:  # a bare name, or an address an archive masked
        masked = _MASKED_FROM_RE.fullmatch(value)
        if masked:
            return header_text(masked[2], charset) or None, decode_8bit(masked[1], charset)
        return header_text(value.strip('"'), charset) or None, None
    simple = _SIMPLE_FROM_RE.fullmatch(value)
    if simple:  # what getaddresses gives for these forms, at a fraction of its cost
        quoted, words, routed, bare = simple.groups()
        return header_text(quoted or words, charset) or None, routed or bare
    pairs = getaddresses([value])
    name, address = pairs[0] if pairs else ("", "")
    name = name.strip().strip('"')
    if not name and "(" in value:
        name = value[value.find("(") + 1:value.rfind(")")]
    return header_text(name, charset) or None, decode_8bit(address.strip(), charset) or None
