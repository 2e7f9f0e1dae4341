"""Split the plain text of an archive web page into the messages it shows.

Archive pages (mail-archive.com thread pages, lkml.org, MHonArc pages of lists.xenproject.org and
lkml.iu.edu, lore's thread view, patchew, openwall) wrap each message in site navigation and show its
metadata in one of a few header shapes:

- labelled header lines, as in a raw mail (`From:`, `Date:`, `Subject:`, ...; lkml.org glues the label to
  its value, `SubjectRe: ...`; lore adds `@ <date>` after the sender);
- a subject line followed by a byline: `2018-09-17 Thread Yi Sun` (mail-archive.com),
  `[Name <addr>]` (MHonArc), `Posted by Name 3 months ago` (patchew).

Each header shape starts a message; the message runs to the line before the next one. A message shown
twice on the same page (thread pages repeat them) is reported with `duplicate_of`, and the caller stores
it once. Lines are 0-based indexes into the page's lines.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

_HEADER_LINE_RE = re.compile(
    r"^(?P<label>From|Date|Subject|To|Cc|Message-ID|Message-Id|In-Reply-To|References|Sent|List-Id)"
    r"(?::[ \t]*|(?=[A-Z\[])|$)(?P<value>.*)$"
)
_CONTINUATION_RE = re.compile(r"^[ \t]+\S")
_ORIGINAL_MESSAGE_RE = re.compile(r"^\s*-{3,}\s*Original Message\s*-{3,}\s*$", re.I)
_MAIL_ARCHIVE_BYLINE_RE = re.compile(r"^(?P<date>\d{4}-\d{2}-\d{2}) Thread (?P<name>.+?)\s*$")
_MHONARC_BYLINE_RE = re.compile(r"^\[(?P<name>[^\[\]<>]+?)\s*<(?P<address>[^<>]*)>\]\s*$")
_PATCHEW_BYLINE_RE = re.compile(r"^Posted by (?P<name>.+?) \d+ \w+ ago\s*$")
_LORE_FROM_RE = re.compile(r"^(?P<name>.+?)\s+@\s+(?P<date>\d{4}-\d{2}-\d{2}[ T][\d:]+(?: UTC)?)")
_ISO_DATE_RE = re.compile(r"\b(?P<date>(?:19|20)\d\d-\d\d-\d\d)\b")
_LKML_ORG_DATE_RE = re.compile(r"\[(?P<y>(?:19|20)\d\d)\]\s+\[(?P<m>[A-Z][a-z]{2})\]\s+\[(?P<d>\d{1,2})\]")
_RFC_DATE_RE = re.compile(r"(?P<d>\d{1,2})\s+(?P<m>[A-Z][a-z]{2})[a-z]*\s+(?P<y>(?:19|20)\d\d)")
_ADDRESS_RE = re.compile(r"\s*<[^<>]*>\s*|\s*\([^()]*@[^()]*\)\s*")
_MONTHS = {m: i for i, m in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(), 1)}
_WS_RE = re.compile(r"\s+")


@dataclass(frozen=True)
class PageMessage:
    """One message shown on an archive page."""

    first_line: int
    last_line: int
    body_first_line: int  # where the message's own text starts (after its header lines)
    subject: str | None
    author: str | None
    address: str | None
    date: str | None  # YYYY-MM-DD as the page gives it, or None
    message_id: str | None
    in_reply_to: str | None
    duplicate_of: int | None  # index of the first message on the page with the same content


@dataclass(frozen=True)
class _Header:
    first_line: int
    body_first_line: int
    fields: dict


def _page_date(text: str) -> str | None:
    """A date as YYYY-MM-DD from '2018-09-17', 'Thu, 13 Dec 2012 ...' or lkml.org's '[2019] [Feb] [14]'."""
    for pattern in (_ISO_DATE_RE, _LKML_ORG_DATE_RE, _RFC_DATE_RE):
        match = pattern.search(text)
        if not match:
            continue
        if pattern is _ISO_DATE_RE:
            return match.group("date")
        month = _MONTHS.get(match.group("m"))
        if month:
            return f"{match.group('y')}-{month:02d}-{int(match.group('d')):02d}"
    return None


def _split_name(value: str) -> tuple[str | None, str | None]:
    """('Tim Chen', 'tim.c.chen@...') from 'Tim Chen <tim.c.chen@...>' or '"Tim Chen" <...>'."""
    address = None
    match = re.search(r"<([^<>]*)>", value)
    if match:
        address = match.group(1).strip() or None
    name = _ADDRESS_RE.sub(" ", value).strip().strip('"').strip()
    if not name and address:
        return None, address
    if "@" in name and " " not in name:
        return None, name
    return name or None, address


def _labelled_block(lines: list[str], index: int) -> _Header | None:
    """A run of labelled header lines starting at `index` that names a sender or a subject."""
    fields: dict[str, str] = {}
    labels = 0
    i = index
    last_label = None
    while i < len(lines):
        match = _HEADER_LINE_RE.match(lines[i])
        if match:
            last_label = match.group("label").lower()
            fields.setdefault(last_label, match.group("value").strip())
            labels += 1
        elif last_label and _CONTINUATION_RE.match(lines[i]):
            fields[last_label] = f"{fields[last_label]} {lines[i].strip()}"
        else:
            break
        i += 1
    if labels < 2 or not ({"from", "subject"} & set(fields)):
        return None
    body = i
    while body < len(lines) and not lines[body].strip():
        body += 1
    return _Header(index, body, fields)


def _byline_block(lines: list[str], index: int) -> _Header | None:
    """A subject line, then (after at most one blank line) a byline in one of the archives' shapes."""
    line = lines[index]
    for pattern in (_MAIL_ARCHIVE_BYLINE_RE, _MHONARC_BYLINE_RE, _PATCHEW_BYLINE_RE):
        match = pattern.match(line)
        if not match:
            continue
        subject_line = index - 1
        while subject_line >= 0 and not lines[subject_line].strip():
            subject_line -= 1
        if subject_line < 0 or index - subject_line > 2:
            subject_line = index
        fields = {"from": match.group("name")}
        if subject_line < index:
            fields["subject"] = lines[subject_line].strip()
        if "date" in match.groupdict():
            fields["date"] = match.group("date")
        if "address" in match.groupdict():
            fields["from"] = f"{match.group('name')} <{match.group('address')}>"
        body = index + 1
        while body < len(lines) and not lines[body].strip():
            body += 1
        return _Header(subject_line, body, fields)
    return None


def find_page_messages(text: str) -> list[PageMessage]:
    """The messages on an archive page, in page order. A page with no recognizable header is one message
    with unknown metadata (never an empty list for a page with text)."""
    lines = text.split("\n")
    headers: list[_Header] = []
    index = 0
    while index < len(lines):
        header = _byline_block(lines, index) or (
            _labelled_block(lines, index) if _HEADER_LINE_RE.match(lines[index]) else None)
        if header is None:
            index += 1
            continue
        if index and _ORIGINAL_MESSAGE_RE.match(lines[index - 1]):  # a quoted Outlook header, not a message
            index = max(header.body_first_line, index + 1)
            continue
        if headers and header.first_line < headers[-1].body_first_line:
            index += 1
            continue
        headers.append(header)
        index = max(header.body_first_line, index + 1)
    if not headers:
        if not text.strip():
            return []
        headers = [_Header(0, 0, {})]
    page_date = _page_date("\n".join(lines[: headers[0].first_line]))
    messages: list[PageMessage] = []
    fingerprints: dict[str, int] = {}
    for number, header in enumerate(headers):
        last = headers[number + 1].first_line - 1 if number + 1 < len(headers) else len(lines) - 1
        while last > header.body_first_line and not lines[last].strip():
            last -= 1
        fields = header.fields
        author, address = _split_name(fields.get("from", ""))
        if author and _LORE_FROM_RE.match(author):
            lore = _LORE_FROM_RE.match(author)
            author, fields = lore.group("name"), {**fields, "date": fields.get("date") or lore.group("date")}
        body = "\n".join(lines[header.body_first_line: last + 1])
        subject = _WS_RE.sub(" ", fields["subject"]).strip() if fields.get("subject") else None
        key = hashlib.sha1(_WS_RE.sub(" ", f"{author}\n{subject}\n{body}").strip().encode()).hexdigest()
        ids = re.findall(r"<([^<>\s]+@[^<>\s]+)>", fields.get("message-id", ""))
        replies = re.findall(r"<([^<>\s]+@[^<>\s]+)>", fields.get("in-reply-to", ""))
        messages.append(PageMessage(
            first_line=header.first_line,
            last_line=last,
            body_first_line=header.body_first_line,
            subject=subject,
            author=author,
            address=address,
            date=_page_date(fields.get("date", "")) or (page_date if number == 0 else None),
            message_id=ids[0] if ids else None,
            in_reply_to=replies[0] if replies else None,
            duplicate_of=fingerprints.get(key),
        ))
        fingerprints.setdefault(key, number)
    return messages
