"""Headers of a raw mail: the few we use, decoded, and the Message-IDs, dates and addresses in them.

Headers are read as the `compat32` email parser reads them and only the few we use are decoded (RFC 2047
words, raw 8-bit bytes as UTF-8 else Latin-1): parsing every header into `email.policy.default` objects
costs more than the whole rest of an import. Even compat32's parser is half the cost of a message, so the
common case, a non-multipart mail whose header block is plain ASCII "Name: value" lines, is split by two
regular expressions (`PlainHeader`), and the usual From, Date and Content-Type forms are read without
getaddresses, parsedate_to_datetime and the parameter parser. Each shortcut accepts only input on which
it gives exactly what the email package gives; anything else (multipart, 8-bit or control bytes, a first
line that is not a header, unusual forms) goes to the email package, whose reading stays the reference.
"""

from __future__ import annotations

import email.message
import hashlib
import re
from datetime import datetime, timedelta, timezone
from email.header import decode_header
from email.utils import getaddresses, parsedate_to_datetime

from miner.message.body import decode_bytes

_MSGID_RE = re.compile(r"<([^<>\s]+)>")
_BARE_MSGID_RE = re.compile(r"[^<>\s,;\"]+@[^<>\s,;\"]+")
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
_SIMPLE_FROM_RE = re.compile(rf'(?:"([^"\\\r]*)"|({_WORD}(?: {_WORD})*))? ?<({_ADDRESS})>|({_ADDRESS})')


def header_text(value: str | None) -> str:
    """A header value as text: RFC 2047 words decoded, raw 8-bit bytes read as UTF-8 (else Latin-1)."""
    if value is None:
        return ""
    value = str(value)
    if not value.isascii() and any("\udc80" <= ch <= "\udcff" for ch in value):
        raw = value.encode("ascii", "surrogateescape")
        try:
            value = raw.decode("utf-8")
        except UnicodeDecodeError:
            value = raw.decode("latin-1")
    if "=?" in value:
        parts = []
        try:
            for chunk, charset in decode_header(value):
                if isinstance(chunk, bytes):
                    parts.append(decode_bytes(chunk, charset)[0])
                else:
                    parts.append(chunk)
            value = "".join(parts)
        except (ValueError, LookupError, AssertionError):
            pass
    return _WS_RE.sub(" ", value).strip()


def parse_message_ids(value: str | None) -> list[str]:
    """Message-IDs in a header, in order, without brackets; ids written without brackets are accepted."""
    if not value:
        return []
    ids = _MSGID_RE.findall(value) or _BARE_MSGID_RE.findall(value)
    seen: dict[str, None] = {}
    for msgid in ids:
        seen.setdefault(msgid.strip(), None)
    return list(seen)


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
    """True when a header block declares a multipart body (the email package then reads the parts)."""
    return bool(_MULTIPART_RE.search(header))


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


def parse_from(value: str) -> tuple[str | None, str | None]:
    """(name, address) of a From header; masked addresses are kept as they are."""
    if not value:
        return None, None
    if "@" not in value and "<" not in value:  # a bare name, or an address an archive masked
        return value.strip().strip('"') or None, None
    simple = _SIMPLE_FROM_RE.fullmatch(value)
    if simple:  # what getaddresses gives for these forms, at a fraction of its cost
        quoted, words, routed, bare = simple.groups()
        return (quoted or words or "").strip() or None, routed or bare
    pairs = getaddresses([value])
    name, address = pairs[0] if pairs else ("", "")
    name = name.strip().strip('"') or None
    if name is None and "(" in value:
        name = value[value.find("(") + 1:value.rfind(")")].strip() or None
    return name, address.strip() or None
