"""What the readers of archive web pages share: the page model, charset decoding, which links are
messages or indexes, and HTML fragments read back as text.

Each archive generator lays out a page its own way (one module per site: `mhonarc`, `hypermail`, `marc`,
`lkml_org`, `mail_archive`; `sites` tells which wrote a page). The body keeps its whitespace (tables keep
their columns); `<br>` and `<p>` become line breaks, tags go, entities are decoded. Addresses the archive
masked (`user@xxxxxxxx`, `a () b ! com`, `Name <>`) stay masked: nothing is guessed back. A page's message
becomes an RFC 822 message (`PageMessage.to_rfc822`), so the importer treats it like any other mail.
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from bs4 import BeautifulSoup

_INLINE_TAG_RE = re.compile(r"</?(?:i|b|em|strong|tt|a|font|span|u|code|small|big)\b[^>]*>", re.I)
# hypermail 2 writes "text\n<BR>\n" (the newline is the break), MHonArc "text<br>\n": both are one break
_BREAK_RE = re.compile(r"\n?<br\s*/?>\n?|\n?<p\b[^>]*>\n?|</p>\n?", re.I)
_TAG_RE = re.compile(r"<!--.*?-->|<[^>]*>", re.S)
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


def index_page(page: str, url: str, kind: str = "unknown") -> ArchivePage:
    """A page without a message of its own: its message and index links, or a problem when it has none."""
    soup = BeautifulSoup(page, "html.parser")
    result = with_links(kind, None, soup, url, set())
    if not result.message_links and not result.index_links:
        return ArchivePage(kind, None, problems=("no message and no message links on the page",))
    return result


def with_links(kind: str, message: PageMessage | None, soup, url: str, thread: set[str]) -> ArchivePage:
    """The ArchivePage of a site's reading: its message (dropped when it has neither subject nor body),
    the `thread` links that name messages, and the page's message and index links on the same host."""
    messages, indexes = [], []
    for link in hrefs(soup, url):
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
    """True when `url` names one message's page in one of the archives these readers read."""
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


def hrefs(soup, url: str) -> list[str]:
    """The http(s) links of a page (or part of one) to its own host, absolute and without fragment."""
    host = urlsplit(url).netloc
    found = []
    for anchor in soup.find_all("a", href=True):
        link = _no_fragment(urljoin(url, anchor["href"].strip()))
        parts = urlsplit(link)
        if parts.scheme in ("http", "https") and parts.netloc == host:
            found.append(link)
    return found


def anchor_texts(soup, url: str) -> list[tuple[str, str]]:
    """(link, anchor text) of every link to the page's own host."""
    host = urlsplit(url).netloc
    pairs = []
    for anchor in soup.find_all("a", href=True):
        link = _no_fragment(urljoin(url, anchor["href"].strip()))
        if urlsplit(link).netloc == host:
            pairs.append((link, anchor.get_text()))
    return pairs


def labelled_links(soup, url: str) -> list[str]:
    """Links in list items labelled as thread neighbours ("In reply to", "Next in thread", "Reply")."""
    links = []
    for item in soup.find_all("li"):
        label = item.find(["strong", "b", "em"])
        if label is not None and _THREAD_LABEL_RE.search(label.get_text()):
            anchor = item.find("a", href=True)
            if anchor is not None:
                links.extend(hrefs(BeautifulSoup(str(anchor), "html.parser"), url))
    return links


def _no_fragment(url: str) -> str:
    return url.split("#", 1)[0]


def fragment_text(fragment: str) -> str:
    """Text of an HTML fragment with its whitespace kept: breaks become newlines, tags go, entities decode."""
    text = _BREAK_RE.sub("\n", _INLINE_TAG_RE.sub("", fragment))
    text = _TAG_RE.sub("", text)
    text = htmllib.unescape(text).replace("\xa0", " ")
    return "\n".join(line.rstrip() for line in text.replace("\r\n", "\n").split("\n"))


def strip_blank_edges(text: str) -> str:
    """Text without its leading and trailing blank lines."""
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def meta_content(page: str, name: str) -> str | None:
    """The content of the page's `<meta name=...>` of that name, or None."""
    found = re.search(rf'<meta\s+name="{name}"\s+content="([^"]*)"', page, re.I)
    return htmllib.unescape(found.group(1)) if found else None


def clean_text(value: str | None) -> str | None:
    """A header value shown on a page as one line with single blanks; None when empty."""
    if value is None:
        return None
    value = _WS_RE.sub(" ", value.replace("\n", " ")).strip()
    return value or None


def first_value(values: list[str] | None) -> str | None:
    """The first of a field's values, stripped; None when there is none or it is empty."""
    return values[0].strip() or None if values else None


def _angle(message_id: str | None) -> str | None:
    return f"<{message_id.strip('<> ')}>" if message_id else None


def _one_line(value: str) -> str:
    return _WS_RE.sub(" ", value.replace("\r", " ").replace("\n", " ")).strip()
