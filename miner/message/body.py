"""Body decoding: the text of a mail's body part, each line with the number of the raw line it came from.

The body is decoded by hand, line by line, so that every body line keeps the number of the raw line it
came from: quoted-printable soft breaks join raw lines, and the extractors' line numbers must still point
into the file a person has open. HTML-only mail is turned into text.
"""

from __future__ import annotations

import binascii
from base64 import b64decode


def decode_bytes(data: bytes, charset: str | None) -> tuple[str, str | None]:
    """Text from bytes: the declared charset, then UTF-8, then Latin-1 with replacement; and a problem."""
    problem = None
    if charset and charset.lower() not in ("us-ascii", "ascii", "utf-8", "utf8", "unknown-8bit", "x-unknown"):
        try:
            return data.decode(charset), None
        except LookupError:
            problem = f"unknown charset {charset!r}"
        except UnicodeDecodeError:
            problem = f"body is not valid {charset}"
    try:
        return data.decode("utf-8"), problem
    except UnicodeDecodeError:
        return data.decode("latin-1", errors="replace"), problem


def decode_lines(payload: bytes, encoding: str, charset: str | None) -> tuple[list[str], list[int], str | None]:
    """Decode a transfer-encoded payload into text lines, each with the index of its first raw line."""
    raw_lines = payload.split(b"\n")
    if encoding == "quoted-printable":
        joined: list[bytes] = []
        numbers: list[int] = []
        pending: bytes | None = None
        for index, line in enumerate(raw_lines):
            line = line.rstrip(b"\r")
            if pending is None:
                numbers.append(index)
                pending = b""
            if line.endswith(b"=") and not line.endswith(b"=="):
                pending += line[:-1]
                continue
            joined.append(pending + line)
            pending = None
        if pending is not None:
            joined.append(pending)
        try:
            decoded = [binascii.a2b_qp(line) for line in joined]
        except (binascii.Error, ValueError):
            decoded = joined
        text, problem = decode_bytes(b"\n".join(decoded), charset)
        return text.split("\n"), numbers, problem
    if encoding == "base64":
        try:
            data = b64decode(b"".join(raw_lines), validate=False)
            problem = None
        except (binascii.Error, ValueError) as exc:
            data, problem = payload, f"bad base64: {exc}"
        text, charset_problem = decode_bytes(data, charset)
        lines = text.replace("\r\n", "\n").split("\n")
        return lines, [0] * len(lines), problem or charset_problem
    text, problem = decode_bytes(payload, charset)
    lines = [line.rstrip("\r") for line in text.split("\n")]
    return lines, list(range(len(lines))), problem


def html_to_text(html: str) -> str:
    """Readable text of an HTML mail part; `<pre>` blocks keep their whitespace so tables keep columns."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    for tag in soup(["script", "style", "head"]):
        tag.decompose()
    for br in soup.find_all("br"):
        br.replace_with("\n")
    for block in soup.find_all(["p", "div", "tr", "li", "h1", "h2", "h3", "blockquote"]):
        block.insert_after("\n")
    return "\n".join(line.rstrip() for line in soup.get_text().splitlines())


def body_part(msg):
    """The part whose text is the body: the first text/plain, else the first text/html; and its kind."""
    if not msg.is_multipart():
        return msg, msg.get_content_type()
    html = None
    for part in msg.walk():
        if part.is_multipart() or (part.get("Content-Disposition", "") or "").lower().startswith("attachment"):
            continue
        ctype = part.get_content_type()
        if ctype == "text/plain":
            return part, ctype
        if ctype == "text/html" and html is None:
            html = part
    return (html, "text/html") if html is not None else (None, None)


def transfer_encoding(part) -> str:
    """The Content-Transfer-Encoding of a part, lower-cased; "7bit" when it names none."""
    return str(part.get("Content-Transfer-Encoding", "7bit")).strip().lower()
