"""Body decoding: the text of a mail's body part, each line with the number of the raw line it came from.

The body is decoded by hand, line by line, so that every body line keeps the number of the raw line it
came from: quoted-printable soft breaks join raw lines, and the extractors' line numbers must still point
into the file a person has open. The part that is the body is the one `email.policy.default`'s
`get_body(("plain", "html"))` would pick. HTML-only mail is turned into text.
"""

from __future__ import annotations

import binascii
import codecs
from base64 import b64decode
from bisect import bisect_right
from itertools import accumulate

# Charsets that mail labels with a narrower name than the encoder used: text labelled with the key is
# routinely written by the Windows code page or the later standard that extends it, so bytes the label
# rejects are tried with the superset before any guess. Each superset decodes every valid text of the
# label to the same characters.
_SUPERSETS = {
    "gb2312": "gb18030",  # GBK/GB18030 extend GB2312; Windows mailers label GBK text "gb2312"
    "gbk": "gb18030",
    "big5": "big5hkscs",  # HKSCS adds the Hong Kong characters to Big5
    "shift_jis": "cp932",  # Windows-31J: Shift_JIS with the NEC and IBM extensions
    "euc_kr": "cp949",  # Unified Hangul Code extends EUC-KR
}
_UTF8_NAMES = ("us-ascii", "ascii", "utf-8", "utf8", "unknown-8bit", "x-unknown")


def decode_bytes(data: bytes, charset: str | None) -> tuple[str, str | None]:
    """Text from bytes: the declared charset (or its superset), then UTF-8, then Latin-1; and a problem.

    Never raises: Latin-1 reads every byte. The problem names an unknown or wrong declared charset."""
    problem = None
    if charset and charset.lower() not in _UTF8_NAMES:
        try:
            codec = codecs.lookup(charset).name
        except (LookupError, ValueError):
            codec, problem = None, f"unknown charset {charset!r}"
        for name in (codec, _SUPERSETS.get(codec or "")):
            if name:
                try:
                    return data.decode(name), None
                except LookupError:  # a codec that is not a text encoding ('base64', 'rot13')
                    problem = f"unknown charset {charset!r}"
                except (ValueError, TypeError):  # UnicodeError, and what odd codecs raise
                    problem = f"body is not valid {charset}"
    try:
        return data.decode("utf-8"), problem
    except UnicodeDecodeError:
        return data.decode("latin-1"), problem


def decode_lines(payload: bytes, encoding: str, charset: str | None) -> tuple[list[str], list[int], str | None]:
    """Decode a transfer-encoded payload into text lines, each with the index of its first raw line.

    Line ends are LF whatever the mail used (CRLF, or an encoded CRLF inside quoted-printable)."""
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
        # an encoded line break (=0A) makes more text lines of one raw line: each keeps the raw line's number
        numbers = [number for number, line in zip(numbers, decoded) for _ in range(line.count(b"\n") + 1)]
        text, problem = decode_bytes(b"\n".join(decoded), charset)
        lines = [line.rstrip("\r") for line in text.split("\n")]
        return lines, _fit(numbers, len(lines)), problem
    if encoding == "base64":
        try:
            data = b64decode(b"".join(raw_lines), validate=False)
            problem = None
        except (binascii.Error, ValueError) as exc:
            data, problem = payload, f"bad base64: {exc}"
        text, charset_problem = decode_bytes(data, charset)
        lines = text.replace("\r\n", "\n").split("\n")
        numbers = [0] * len(lines) if problem else _base64_line_numbers(raw_lines, data)
        return lines, _fit(numbers, len(lines)), problem or charset_problem
    text, problem = decode_bytes(payload, charset)
    lines = [line.rstrip("\r") for line in text.split("\n")]
    return lines, _fit(list(range(len(raw_lines))), len(lines)), problem


def _base64_line_numbers(raw_lines: list[bytes], data: bytes) -> list[int]:
    """The raw line each decoded line starts in: four base64 characters carry three bytes, so the
    byte a line starts at is in the raw line where the characters counted so far pass 4/3 of it."""
    reach = list(accumulate(len(line.strip()) for line in raw_lines))  # base64 characters through each raw line
    numbers, start = [], 0
    for line in data.split(b"\n"):
        numbers.append(min(bisect_right(reach, start * 4 // 3), len(raw_lines) - 1))
        start += len(line) + 1
    return numbers


def _fit(numbers: list[int], count: int) -> list[int]:
    """`numbers` cut or padded (with its last number) to `count` entries: a charset that does not keep
    one byte 0x0A per line break (UTF-16, say) changes how many lines the text has."""
    if len(numbers) >= count:
        return numbers[:count]
    return numbers + [numbers[-1] if numbers else 0] * (count - len(numbers))


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


_PREFERENCE = ("plain", "html")


def body_part(msg):
    """The part whose text is the body, and its content type: the first text/plain part, else the first
    text/html part, in the depth-first order and with the rules of `email.policy.default`'s
    `get_body(("plain", "html"))` (attachments left out; of a multipart/related only its start part).
    (None, None) when there is none."""
    best = None
    for rank, part in _candidates(msg):
        if best is None or rank < best[0]:
            best = (rank, part)
            if rank == 0:
                break
    return (best[1], best[1].get_content_type()) if best else (None, None)


def _candidates(part):
    if _is_attachment(part):
        return
    maintype, _, subtype = part.get_content_type().partition("/")
    if maintype == "text":
        if subtype in _PREFERENCE:
            yield _PREFERENCE.index(subtype), part
        return
    if maintype != "multipart" or not part.is_multipart():
        return
    subparts = part.get_payload()
    if subtype == "related":
        start = part.get_param("start")
        root = next((p for p in subparts if start and p.get("Content-ID") == start), None)
        subparts = [root] if root is not None else subparts[:1]
    for subpart in subparts:
        yield from _candidates(subpart)


def _is_attachment(part) -> bool:
    disposition = part.get("Content-Disposition")
    if disposition is None:
        return False
    return str(disposition).split(";", 1)[0].strip().lower() == "attachment"


def raw_payload(part) -> bytes:
    """The body bytes of a leaf part as they stand in the mail (still transfer-encoded).

    The compat32 parser keeps them as text with each 8-bit byte surrogate-escaped; its `get_payload()`
    would hand them back decoded by the declared charset instead, which cannot be turned back into the
    bytes (and failed on every 8-bit multipart mail). A part whose payload is not text gives b""."""
    payload = part._payload  # noqa: SLF001 -- the one place that reads compat32's stored payload
    return payload.encode("ascii", "surrogateescape") if isinstance(payload, str) else b""


def transfer_encoding(part) -> str:
    """The Content-Transfer-Encoding of a part, lower-cased; "7bit" when it names none."""
    return str(part.get("Content-Transfer-Encoding", "7bit")).strip().lower()
