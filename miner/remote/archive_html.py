"""Web archives of mail: message, thread and index pages turned back into raw messages.

Each archive generator lays out a page its own way, and each keeps the headers somewhere it can be
read back exactly: MHonArc (lists.xenproject.org, lkml.iu.edu since 2003) in `<!--X-Subject: -->`
comments and the body between `<!--X-Body-of-Message-->` markers; hypermail (lkml.iu.edu before) in
`<!-- name="" email="" id="" -->` comments and `<!-- body="start" -->`; marc.info in the `List:` /
`Subject:` / `From:` block of its `<pre>`; lkml.org in `itemprop` cells and `<pre itemprop=articleBody>`;
mail-archive.com in `msgHead` spans and `msgBody`. The body keeps its whitespace (tables keep their
columns); `<br>` and `<p>` become line breaks, tags go, entities are decoded. Addresses the archive
masked (`user@xxxxxxxx`, `a () b ! com`, `Name <>`) stay masked: nothing is guessed back. Only
MHonArc's `X-From-R13` is decoded: it is the archive's own reversible encoding of the From header,
not a mask. The result is an RFC 822 message, so the importer treats it like any other mail.
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import urljoin, urlsplit

from bs4 import BeautifulSoup

_MHONARC_RE = re.compile(r"<!--X-(?:Subject|Body-of-Message|Message-Id):?")
_MHONARC_FIELD_RE = re.compile(r"<!--X-(Subject|From-R13|From|Date|Message-Id|Reference|Content-Type): ?(.*?) ?-->")
_MHONARC_BODY_RE = re.compile(r"<!--X-Body-of-Message-->(.*?)<!--X-Body-of-Message-End-->", re.S)
_MHONARC_SECTION_RE = {
    "follow-ups": re.compile(r"<!--X-Follow-Ups-->(.*?)<!--X-Follow-Ups-End-->", re.S),
    "references": re.compile(r"<!--X-References-->(.*?)<!--X-References-End-->", re.S),
}
_MHONARC_HEAD_FIELD_RE = re.compile(
    r"<li>\s*<(?:em|strong)>\s*(From|Date|Subject)\s*</(?:em|strong)>\s*:?\s*(.*?)</li>", re.I | re.S)
_HYPERMAIL_RE = re.compile(r'<!-- body="start" -->')
_HYPERMAIL_FIELD_RE = re.compile(r'<!-- (name|email|subject|id|sent|isosent|inreplyto)="(.*?)" -->', re.S)
_HYPERMAIL_BODY_RE = re.compile(r'<!-- body="start" -->(.*?)<!-- body="end" -->', re.S)
_MARC_HEADER_RE = re.compile(r"^(List|Subject|From|Date|Message-ID):\s+(.*)$", re.M)
_MARC_BODY_START_RE = re.compile(r"Download message RAW</a>\]</b>\n")
_MARC_NAV_RE = re.compile(r"\n?<b>\[<a[^>]*>prev in list</a>\]|\n?<b>\[<font[^>]*>prev in list", re.I)
_INLINE_TAG_RE = re.compile(r"</?(?:i|b|em|strong|tt|a|font|span|u|code|small|big)\b[^>]*>", re.I)
# hypermail 2 writes "text\n<BR>\n" (the newline is the break), MHonArc "text<br>\n": both are one break
_BREAK_RE = re.compile(r"\n?<br\s*/?>\n?|\n?<p\b[^>]*>\n?|</p>\n?", re.I)
_TAG_RE = re.compile(r"<!--.*?-->|<[^>]*>", re.S)
_BARE_ID_RE = re.compile(r"^[^\s<>@]+@[^\s<>]+$")
_WS_RE = re.compile(r"[ \t\r\f\v]+")
_INDEX_NAME_RE = re.compile(r"(?:^|/)(?:threads|maillist|date|index|subject|author|thrd\d*|mail\d+)\.html$")
_MSG_NAME_RE = re.compile(r"(?:^|/)(?:msg)?\d+\.html$")
_LKML_ORG_MSG_RE = re.compile(r"^/lkml/\d{4}/\d{1,2}/\d{1,2}/\d+/?$")
_LKML_ORG_DAY_RE = re.compile(r"^/lkml/\d{4}/\d{1,2}/\d{1,2}/?$")
_MARC_MSG_RE = re.compile(r"[?&]m=\d+")
_MARC_INDEX_RE = re.compile(r"[?&]b=\d{6}")
_THREAD_LABEL_RE = re.compile(r"thread|reply|follow|reference", re.I)
_META_CHARSET_RE = re.compile(rb"""<meta[^>]+charset=["']?([\w.:-]+)""", re.I)
_HEADER_CHARSET_RE = re.compile(r"charset=[\"']?([\w.:-]+)", re.I)
_R13_UPPER = str.maketrans("@ABCDEFGHIJKLMNOPQRSTUVWXYZ[abcdefghijklmnopqrstuvwxyz",
                           "NOPQRSTUVWXYZ[@ABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm")
_R13_DECODE = {v: k for k, v in _R13_UPPER.items()}


@dataclass(frozen=True)
class PageMessage:
    """The headers and body of one message as an archive page shows them (None: not shown)."""

    subject: str | None
    from_header: str | None
    date: str | None
    message_id: str | None
    in_reply_to: str | None
    references: tuple[str, ...]
    body: str
    url: str

    def to_rfc822(self) -> bytes:
        """The message as RFC 822 bytes (UTF-8 body, headers as shown, `X-Archived-At` the page URL)."""
        lines = []
        for name, value in (("From", self.from_header), ("Subject", self.subject), ("Date", self.date),
                            ("Message-ID", _angle(self.message_id)), ("In-Reply-To", _angle(self.in_reply_to)),
                            ("References", " ".join(_angle(r) for r in self.references) or None),
                            ("X-Archived-At", f"<{self.url}>")):
            if value:
                lines.append(f"{name}: {_one_line(value)}")
        lines += ["MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8",
                  "Content-Transfer-Encoding: 8bit", ""]
        return ("\n".join(lines) + "\n" + self.body.rstrip("\n") + "\n").encode("utf-8")


@dataclass(frozen=True)
class ArchivePage:
    """What a page holds: its generator, the message on it (message pages), and links worth following."""

    kind: str  # "mhonarc", "hypermail", "marc", "lkml.org", "mail-archive" or "unknown"
    message: PageMessage | None
    thread_links: tuple[str, ...] = ()
    message_links: tuple[str, ...] = ()
    index_links: tuple[str, ...] = ()
    problems: tuple[str, ...] = field(default=())


def decode_page(data: bytes, content_type: str = "") -> str:
    """A page's text: in the charset its HTTP header or `<meta>` names, else UTF-8, else Windows-1252
    (what old archives meant by latin-1); never raises."""
    declared = _HEADER_CHARSET_RE.search(content_type or "")
    meta = _META_CHARSET_RE.search(data[:4096])
    for charset in (declared.group(1) if declared else None, meta.group(1).decode("ascii") if meta else None,
                    "utf-8"):
        if charset:
            try:
                return data.decode(charset)
            except (LookupError, UnicodeDecodeError):
                continue
    return data.decode("cp1252", errors="replace")


def parse_archive_page(page: str, url: str) -> ArchivePage:
    """Read an archive page (message, thread or index) fetched from `url`. Never raises for bad HTML: a
    page whose layout is unknown or whose message cannot be found has `message=None` and a problem."""
    host_path = urlsplit(url)
    try:
        if 'class="msgBody"' in page or "class='msgBody'" in page:  # before MHonArc: it marks its body too
            return _parse_mail_archive(page, url)
        if _MHONARC_RE.search(page) and "<!--X-Body-of-Message-->" in page:
            return _parse_mhonarc(page, url)
        if _HYPERMAIL_RE.search(page):
            return _parse_hypermail(page, url)
        if "Download message RAW" in page or (host_path.hostname or "").endswith("marc.info"):
            return _parse_marc(page, url)
        if 'itemprop="articleBody"' in page or "itemprop='articleBody'" in page:
            return _parse_lkml_org(page, url)
        return _index_page(page, url)
    except (ValueError, IndexError, AttributeError) as exc:  # a page broken beyond its generator's layout
        return ArchivePage("unknown", None, problems=(f"unreadable page: {exc}",))


# -- MHonArc -------------------------------------------------------------------------------------------
def _parse_mhonarc(page: str, url: str) -> ArchivePage:
    fields: dict[str, list[str]] = {}
    for name, value in _MHONARC_FIELD_RE.findall(page.split("<!--X-Head-End-->")[0] if "<!--X-Head-End-->" in page
                                                 else page):
        fields.setdefault(name, []).append(htmllib.unescape(value))
    head = dict((k.capitalize(), _fragment_text(v).strip()) for k, v in _MHONARC_HEAD_FIELD_RE.findall(page))
    from_header = decode_r13(fields["From-R13"][0]) if fields.get("From-R13") else (
        head.get("From") or _meta(page, "Author"))
    references = tuple(fields.get("Reference", []))
    body_match = _MHONARC_BODY_RE.search(page)
    body = _fragment_text(body_match.group(1)) if body_match else ""
    message = PageMessage(
        subject=_first(fields.get("Subject")) or head.get("Subject"),
        from_header=from_header, date=_first(fields.get("Date")) or head.get("Date"),
        message_id=_first(fields.get("Message-Id")), in_reply_to=references[-1] if references else None,
        references=references, body=_strip_blank_edges(body), url=url)
    soup = BeautifulSoup(page, "html.parser")
    thread = set(_labelled_links(soup, url))
    for section in _MHONARC_SECTION_RE.values():
        found = section.search(page)
        if found:
            thread.update(_hrefs(BeautifulSoup(found.group(1), "html.parser"), url))
    return _with_links("mhonarc", message, soup, url, thread)


def decode_r13(value: str) -> str:
    """Undo MHonArc's `X-From-R13` encoding (ROT13 on letters, with `@` and `[` in the upper-case ring)."""
    return value.translate(_R13_DECODE)


# -- hypermail -----------------------------------------------------------------------------------------
def _parse_hypermail(page: str, url: str) -> ArchivePage:
    fields = {k: htmllib.unescape(v) for k, v in reversed(_HYPERMAIL_FIELD_RE.findall(page))}
    name, email = fields.get("name"), fields.get("email")
    from_header = f"{name} <{email}>" if name and email else (email or name)
    reply = fields.get("inreplyto") or ""
    reply_id = reply.strip("<> ") if _BARE_ID_RE.match(reply.strip("<> ")) else None  # old hypermail: a subject
    body_match = _HYPERMAIL_BODY_RE.search(page)
    message = PageMessage(
        subject=fields.get("subject"), from_header=from_header, date=fields.get("sent"),
        message_id=fields.get("id") or None, in_reply_to=reply_id, references=(reply_id,) if reply_id else (),
        body=_strip_blank_edges(_fragment_text(body_match.group(1)) if body_match else ""), url=url)
    soup = BeautifulSoup(page, "html.parser")
    return _with_links("hypermail", message, soup, url, set(_labelled_links(soup, url)))


# -- marc.info -----------------------------------------------------------------------------------------
def _parse_marc(page: str, url: str) -> ArchivePage:
    start = _MARC_BODY_START_RE.search(page)
    soup = BeautifulSoup(page, "html.parser")
    if not start:
        return _index_page(page, url, kind="marc")
    head = {name: _fragment_text(value).strip() for name, value in _MARC_HEADER_RE.findall(page[:start.start()])}
    rest = page[start.end():]
    nav = _MARC_NAV_RE.search(rest)
    body = _fragment_text(rest[:nav.start()] if nav else rest.split("</pre>")[0])
    message_id = head.get("Message-ID")
    if message_id:  # marc writes ids like addresses ("id () host ! com"); an id is no address to protect
        message_id = message_id.replace(" () ", "@").replace(" ! ", ".")
    date = head.get("Date")
    message = PageMessage(subject=head.get("Subject"), from_header=head.get("From"), date=_marc_date(date),
                          message_id=message_id, in_reply_to=None, references=(),
                          body=_strip_blank_edges(body), url=url)
    thread = {link for link, text in _anchor_texts(soup, url) if "in thread" in text.lower()}
    return _with_links("marc", message, soup, url, thread)


def _marc_date(value: str | None) -> str | None:
    """marc.info shows `YYYY-MM-DD h:mm:ss` without a zone: written with `-0000`, RFC 5322's "zone unknown"."""
    if not value:
        return None
    try:
        when = datetime.strptime(value.strip(), "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return value
    return when.strftime("%a, %d %b %Y %H:%M:%S -0000")


# -- lkml.org ------------------------------------------------------------------------------------------
def _parse_lkml_org(page: str, url: str) -> ArchivePage:
    soup = BeautifulSoup(page, "html.parser")
    head: dict[str, str] = {}
    for label in soup.find_all("td", class_="lp"):
        value = label.find_next_sibling("td")
        if value is not None:
            head[label.get_text(strip=True)] = value.get_text()
    for prop, name in (("datePublished", "Date"), ("author", "From"), ("name", "Subject")):
        cell = soup.find(attrs={"itemprop": prop})
        if cell is not None and cell.name != "meta":
            head.setdefault(name, cell.get_text())
    body_tag = soup.find(attrs={"itemprop": "articleBody"})
    body = _fragment_text(body_tag.decode_contents()) if body_tag is not None else ""
    message = PageMessage(subject=_clean(head.get("Subject")), from_header=_clean(head.get("From")),
                          date=_clean(head.get("Date")), message_id=None, in_reply_to=None, references=(),
                          body=_strip_blank_edges(body), url=url)
    thread = set()
    for container in soup.find_all(class_="threadlist"):
        thread.update(_hrefs(container, url))
    return _with_links("lkml.org", message, soup, url, thread)


# -- mail-archive.com ----------------------------------------------------------------------------------
def _parse_mail_archive(page: str, url: str) -> ArchivePage:
    soup = BeautifulSoup(page, "html.parser")
    head = soup.find(class_="msgHead") or soup

    def text_of(cls: str) -> str | None:
        tag = head.find(class_=cls)
        return _clean(tag.get_text()) if tag is not None else None

    body_tag = soup.find(class_="msgBody")
    body = ""
    if body_tag is not None:
        for quote_tag in body_tag.find_all(["blockquote"]):
            quote_tag.replace_with(_quote_block(quote_tag))
        body = _fragment_text(body_tag.decode_contents())
    hidden = soup.find("input", attrs={"name": "msgid"})
    message_id = hidden.get("value") if hidden is not None else text_of("msgId")
    if not message_id:  # the "reply via email" link carries this message's id as In-Reply-To
        for anchor in soup.find_all("a", href=True):
            found = re.search(r"[?&]In-Reply-To=%3C([^%&]+(?:%40|@)[^&]+?)%3E", anchor["href"], re.I)
            if found:
                message_id = re.sub(r"%40", "@", found.group(1), flags=re.I)
                break
    message = PageMessage(subject=text_of("subject"), from_header=text_of("sender"), date=text_of("date"),
                          message_id=message_id, in_reply_to=None, references=(), body=_strip_blank_edges(body),
                          url=url)
    thread = set()
    for container in soup.find_all(class_=re.compile(r"tSliceList|thread")):
        thread.update(_hrefs(container, url))
    return _with_links("mail-archive", message, soup, url, thread)


def _quote_block(tag) -> str:
    text = _fragment_text(tag.decode_contents()).strip("\n")
    return "\n".join("> " + line if line else ">" for line in text.split("\n")) + "\n"


# -- index pages and links -----------------------------------------------------------------------------
def _index_page(page: str, url: str, kind: str = "unknown") -> ArchivePage:
    soup = BeautifulSoup(page, "html.parser")
    result = _with_links(kind, None, soup, url, set())
    if not result.message_links and not result.index_links:
        return ArchivePage(kind, None, problems=("no message and no message links on the page",))
    return result


def _with_links(kind: str, message: PageMessage | None, soup, url: str, thread: set[str]) -> ArchivePage:
    messages, indexes = [], []
    for link in _hrefs(soup, url):
        if link == _no_fragment(url):
            continue
        if is_message_url(link):
            messages.append(link)
        elif is_index_url(link):
            indexes.append(link)
    problems = ()
    if message is not None and not message.body.strip() and not message.subject:
        message, problems = None, ("the page's message has neither subject nor body",)
    return ArchivePage(kind, message, tuple(sorted(link for link in thread if is_message_url(link))),
                       tuple(dict.fromkeys(messages)), tuple(dict.fromkeys(indexes)), problems)


def is_message_url(url: str) -> bool:
    """True when `url` names one message's page in one of the archives this module reads."""
    parts = urlsplit(url)
    if "q=raw" in parts.query:
        return False
    return bool(_MSG_NAME_RE.search(parts.path) or _LKML_ORG_MSG_RE.match(parts.path)
                or _MARC_MSG_RE.search("?" + parts.query))


def is_index_url(url: str) -> bool:
    """True when `url` names a thread, date or month index page."""
    parts = urlsplit(url)
    return bool(_INDEX_NAME_RE.search(parts.path) or _LKML_ORG_DAY_RE.match(parts.path)
                or _MARC_INDEX_RE.search("?" + parts.query))


def _hrefs(soup, url: str) -> list[str]:
    host = urlsplit(url).netloc
    found = []
    for anchor in soup.find_all("a", href=True):
        link = _no_fragment(urljoin(url, anchor["href"].strip()))
        parts = urlsplit(link)
        if parts.scheme in ("http", "https") and parts.netloc == host:
            found.append(link)
    return found


def _anchor_texts(soup, url: str) -> list[tuple[str, str]]:
    host = urlsplit(url).netloc
    pairs = []
    for anchor in soup.find_all("a", href=True):
        link = _no_fragment(urljoin(url, anchor["href"].strip()))
        if urlsplit(link).netloc == host:
            pairs.append((link, anchor.get_text()))
    return pairs


def _labelled_links(soup, url: str) -> list[str]:
    """Links in list items labelled as thread neighbours ("In reply to", "Next in thread", "Reply")."""
    links = []
    for item in soup.find_all("li"):
        label = item.find(["strong", "b", "em"])
        if label is not None and _THREAD_LABEL_RE.search(label.get_text()):
            anchor = item.find("a", href=True)
            if anchor is not None:
                links.extend(_hrefs(BeautifulSoup(str(anchor), "html.parser"), url))
    return links


def _no_fragment(url: str) -> str:
    return url.split("#", 1)[0]


# -- text helpers --------------------------------------------------------------------------------------
def _fragment_text(fragment: str) -> str:
    """Text of an HTML fragment with its whitespace kept: breaks become newlines, tags go, entities decode."""
    text = _BREAK_RE.sub("\n", _INLINE_TAG_RE.sub("", fragment))
    text = _TAG_RE.sub("", text)
    text = htmllib.unescape(text).replace("\xa0", " ")
    return "\n".join(line.rstrip() for line in text.replace("\r\n", "\n").split("\n"))


def _strip_blank_edges(text: str) -> str:
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def _meta(page: str, name: str) -> str | None:
    found = re.search(rf'<meta\s+name="{name}"\s+content="([^"]*)"', page, re.I)
    return htmllib.unescape(found.group(1)) if found else None


def _clean(value: str | None) -> str | None:
    if value is None:
        return None
    value = _WS_RE.sub(" ", value.replace("\n", " ")).strip()
    return value or None


def _first(values: list[str] | None) -> str | None:
    return values[0].strip() or None if values else None


def _angle(message_id: str | None) -> str | None:
    return f"<{message_id.strip('<> ')}>" if message_id else None


def _one_line(value: str) -> str:
    return _WS_RE.sub(" ", value.replace("\r", " ").replace("\n", " ")).strip()

