"""A seeded mutation fuzzer for mail: real messages broken in the ways archives and mailers break them.

`fuzz_cases(raws, seed, count)` yields (mutation names, bytes) made from real messages read at run time
(the wild io-uring archive and the real fixtures of ../shared: no real mail is stored here). Each case
applies one to three mutations; the same seed always gives the same cases, so a failure is replayed
by its seed and index. Used by tests/test_fuzz.py (a fixed seed, a few thousand cases) and
benchmarks/fuzz_import.py (as many as asked, through a real import).
"""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import Callable, Iterator

from miner.message.headers import header_end
from miner.sources.mboxes import iter_mbox

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
WILD = SHARED / "wild" / "io-uring.mbox.gz"
REAL = SHARED / "fixtures" / "real"

_BOUNDARY_RE = re.compile(rb'boundary="?([^";\r\n]+)"?', re.I)
_CHARSET_RE = re.compile(rb"charset=\"?[^\";\s]+\"?", re.I)
_ENCODING_RE = re.compile(rb"^Content-Transfer-Encoding:[^\n]*", re.I | re.M)
_SUBJECT_RE = re.compile(rb"^Subject:[^\n]*", re.I | re.M)

# Charset labels that are unknown, not text encodings, or that decode most bytes into nonsense.
ODD_CHARSETS = [b"x-nonsense", b"utf-7", b"utf-16", b"utf-32-be", b"base64", b"rot13", b"idna", b"unknown-8bit",
                b"iso-2022-jp", b"gb2312", b"big5", b"cp1252", b"", b"\"", b"utf-8\x00", b"koi8-r", b"mbcs",
                b"punycode", b"hz", b"charmap", b"zlib", b"uu", b"quopri", b"hex", b"bz2"]
# Encoded words that are malformed: bad base64, unknown charsets, unterminated, empty, nested.
BROKEN_WORDS = [b"=?utf-8?B?!!!notbase64?=", b"=?x-bogus?Q?caf=E9?=", b"=?utf-8?q?unterminated", b"=??B??=",
                b"=?utf-8?B?" + b"QUFB" * 5000 + b"?=", b"=?iso-8859-1?Q?=?utf-8?B?w6k=?=?=", b"=?utf-8?X?abc?=",
                b"=?utf-8*en?Q?caf=C3=A9?=", b"=?base64?B?aGVsbG8=?=", b"=?utf-8?Q?=ZZ=?=", b"=?utf-16?B?2D3eAA==?=",
                b"=?rot13?Q?uryyb?=", b"=?utf-8?B?\xff\xfe?="]
# Header values whose parsing has corner cases: dates out of range, odd ids, long and folded lines.
ODD_VALUES = {
    b"Date": [b"Mon, 32 Foo 99999 25:61:61 +9999", b"0", b"Tue, 1 Jan 0001 00:00:00 -2400", b"", b"\xff\xfe",
              b"Thu, 01 Jan 1970 00:00:00 +0000 (UTC) (UTC) (UTC)", b"1e308", b"Sat, 31 Dec 9999 23:59:59 -1200"],
    b"Message-ID": [b"<>", b"<<<>>>", b"<a@b> <c@d>", b"no-brackets", b"<" + b"x" * 20000 + b"@y>", b"<\xc3\xa9@x>",
                    b"<a\x00b@c>", b""],
    b"From": [b"<>", b"\"unterminated <a@b>", b"=?utf-8?B?!!?= <a@b>", b"a@b, c@d, x@z", b"(comment only)",
              b"\xe9t\xe9 <x@y>", b"<" * 500, b"\"\\\" <a@b>"],
    b"References": [b"<a@b>" * 5000, b"< >", b"<a@b" * 100, b"\t\t"],
    b"Content-Type": [b"multipart/mixed", b"multipart/mixed; boundary=", b"text/plain; charset=\"", b"/",
                      b"text/html; charset=utf-8", b"multipart/alternative; boundary=\"\xff\"", b"message/rfc822",
                      b"application/octet-stream", b"text/plain; format=flowed; delsp=yes"],
}


def real_messages(limit_wild: int = 400) -> list[bytes]:
    """The first `limit_wild` messages of the wild archive and every mbox and .eml message of the real
    fixtures: the seeds the mutations start from."""
    raws = [entry.raw for entry in itertools.islice(iter_mbox(WILD), limit_wild)]
    for path in sorted([*REAL.glob("*/*.mbox"), *REAL.glob("*/*.eml")]):
        if path.suffix == ".eml":
            raws.append(path.read_bytes())
        else:
            raws.extend(entry.raw for entry in iter_mbox(path) if not entry.skipped)
    return [raw for raw in raws if raw.strip()]


def _truncate(raw: bytes, rng: random.Random) -> bytes:
    return raw[:rng.randrange(len(raw) + 1)]


def _flip_bytes(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 20)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def _boundaries(raw: bytes) -> list[bytes]:
    return [m.group(1).strip() for m in _BOUNDARY_RE.finditer(raw)][:8]


def _drop_boundary(raw: bytes, rng: random.Random) -> bytes:
    lines = raw.split(b"\n")
    marks = [n for n, line in enumerate(lines) if line.startswith(b"--") and any(b in line for b in _boundaries(raw))]
    if marks:
        del lines[rng.choice(marks)]
    return b"\n".join(lines)


def _duplicate_boundary(raw: bytes, rng: random.Random) -> bytes:
    lines = raw.split(b"\n")
    marks = [n for n, line in enumerate(lines) if line.startswith(b"--")]
    for _ in range(rng.randint(1, 3)):
        if marks:
            at = rng.choice(marks)
            lines.insert(rng.randrange(len(lines) + 1), lines[at] + rng.choice([b"", b"--", b" "]))
    return b"\n".join(lines)


def _inject_8bit_header(raw: bytes, rng: random.Random) -> bytes:
    value = bytes(rng.randrange(128, 256) for _ in range(rng.randint(1, 40)))
    name = rng.choice([b"Subject", b"From", b"X-Junk", b"To", b"Message-ID", b"List-Id", b"Content-Type"])
    return name + b": " + rng.choice([value, "caf\u00e9 \u2014 \u65e5\u672c".encode(), value[:3] + b" ok"]) + b"\n" + raw


def _broken_encoded_word(raw: bytes, rng: random.Random) -> bytes:
    word = rng.choice(BROKEN_WORDS)
    header = rng.choice([b"Subject", b"From", b"In-Reply-To", b"List-Id"])
    if header == b"Subject" and _SUBJECT_RE.search(raw):
        return _SUBJECT_RE.sub(lambda m: m.group(0) + b" " + word, raw, count=1)
    return header + b": " + word + b"\n" + raw


def _unknown_charset(raw: bytes, rng: random.Random) -> bytes:
    charset = b"charset=" + rng.choice(ODD_CHARSETS)
    if _CHARSET_RE.search(raw):
        return _CHARSET_RE.sub(lambda _m: charset, raw)
    return b"MIME-Version: 1.0\nContent-Type: text/plain; " + charset + b"\n" + raw


def _odd_transfer_encoding(raw: bytes, rng: random.Random) -> bytes:
    value = b"Content-Transfer-Encoding: " + rng.choice([b"base64", b"quoted-printable", b"x-uuencode", b"8bit",
                                                         b"BASE64 ", b"binary", b"\xff"])
    if _ENCODING_RE.search(raw):
        return _ENCODING_RE.sub(lambda _m: value, raw)
    return value + b"\n" + raw


def _nested_multipart(raw: bytes, rng: random.Random) -> bytes:
    """The body inside many levels of multipart, some boundaries never closed."""
    cut = header_end(raw)
    body = raw[cut:]
    depth = rng.choice([2, 5, 30, 200])
    for level in range(depth):
        boundary = f"b{level}".encode()
        close = b"--" + boundary + b"--\n" if rng.random() < 0.7 else b""
        body = (b"Content-Type: multipart/" + rng.choice([b"mixed", b"alternative", b"related"]) +
                b"; boundary=\"" + boundary + b"\"\n\n--" + boundary + b"\n" + body + b"\n" + close)
    return raw[:cut].rstrip(b"\n") + b"\nMIME-Version: 1.0\n" + body


def _huge_header_line(raw: bytes, rng: random.Random) -> bytes:
    size = rng.choice([1000, 20_000, 200_000])
    name = rng.choice([b"Subject", b"X-Long", b"References", b"From"])
    filler = rng.choice([b"a", b"a ", b"=?utf-8?Q?x?= ", b"<a@b>", b"\t"]) * (size // 2)
    return name + b": " + filler[:size] + b"\n" + raw


def _odd_header_value(raw: bytes, rng: random.Random) -> bytes:
    name = rng.choice(list(ODD_VALUES))
    value = rng.choice(ODD_VALUES[name])
    pattern = re.compile(rb"^" + name + rb":[^\n]*(\n[ \t][^\n]*)*", re.I | re.M)
    line = name + b": " + value
    return pattern.sub(lambda _m: line, raw, count=1) if pattern.search(raw) else line + b"\n" + raw


def _line_ends(raw: bytes, rng: random.Random) -> bytes:
    return rng.choice([raw.replace(b"\n", b"\r\n"), raw.replace(b"\n", b"\r"), raw.replace(b"\n", b"\n\r"),
                       raw.replace(b"\n", b"\x00\n"), raw.replace(b"\n\n", b"\n", 1)])


def _splice(raw: bytes, rng: random.Random) -> bytes:
    """A random slice of the message repeated or moved (a mailer or an archive that garbled it)."""
    if len(raw) < 2:
        return raw
    start = rng.randrange(len(raw))
    piece = raw[start:start + rng.randint(1, 4000)]
    at = rng.randrange(len(raw))
    return raw[:at] + piece * rng.randint(1, 5) + raw[at:]


MUTATIONS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "truncate": _truncate, "flip_bytes": _flip_bytes, "drop_boundary": _drop_boundary,
    "duplicate_boundary": _duplicate_boundary, "8bit_header": _inject_8bit_header,
    "broken_encoded_word": _broken_encoded_word, "unknown_charset": _unknown_charset,
    "odd_transfer_encoding": _odd_transfer_encoding, "nested_multipart": _nested_multipart,
    "huge_header_line": _huge_header_line, "odd_header_value": _odd_header_value, "line_ends": _line_ends,
    "splice": _splice,
}


def fuzz_cases(raws: list[bytes], seed: int, count: int) -> Iterator[tuple[tuple[str, ...], bytes]]:
    """`count` mutated messages: each a real message with one to three mutations, deterministic per seed."""
    rng = random.Random(seed)
    names = sorted(MUTATIONS)
    for _ in range(count):
        raw = rng.choice(raws)
        applied = tuple(rng.choice(names) for _ in range(rng.choice([1, 1, 2, 3])))
        for name in applied:
            raw = MUTATIONS[name](raw, rng)
        yield applied, raw


def write_mbox(path: Path, cases: list[bytes]) -> Path:
    """The cases as one mbox (each behind a From_ line, body lines starting "From " escaped, as an mbox
    writer would), to go through the importer."""
    with open(path, "wb") as out:
        for raw in cases:
            out.write(b"From fuzz@example.org Mon Jan  1 00:00:00 2024\n")
            out.write(re.sub(rb"^(>*From )", rb">\1", raw, flags=re.M))
            out.write(b"\n" if raw.endswith(b"\n") else b"\n\n")
    return path
