"""The fast header path against the reference: `parse_message` and `email.policy.default` on every message
of the real archives in ../shared (the fixtures and the whole io-uring list).

For each message both read Message-ID, In-Reply-To, References, the From name and address, Subject, the
Date in UTC and the decoded text body. They must agree, or differ only by one of the normalizations
below; each says what the two readings do and why ours is the one kept.

  N1 blanks        Runs of blanks in Subject and names are one space, ends stripped (folding is not content);
                   quotes around a whole name (left when an encoded word held them) are not part of it.
  N2 parent        Without an In-Reply-To id, ours takes the last References id (the parent, RFC 5322 §3.6.4).
  N3 comment name  'addr (Name)': the reference has no display name; ours takes the comment as the name.
  N4 masked        'jgb at example.com', an address an archive masked: the reference quotes it as a local
                   part; ours keeps it as written.
  N5 8-bit         Raw 8-bit header bytes: the reference leaves them in addresses as surrogate escapes and
                   elsewhere reads them as UTF-8 with U+FFFD for what is not; ours reads UTF-8 (RFC 6532),
                   else the declared charset, else Latin-1. Reference surrogates are read as UTF-8 first.
  N6 undecodable   Where the reference has U+FFFD (bytes its charset rejects), ours has the text of a
                   fallback (UTF-8, Latin-1): the text around each U+FFFD agrees. When ours read the bytes
                   with the superset of the declared charset (GBK for gb2312, ...; `body._SUPERSETS`), where
                   a multi-byte reading that went wrong changes more than one character, ours encoded back
                   in that superset gives the message's bytes exactly.
  N7 unknown charset  The reference raises LookupError; ours decodes as UTF-8, else Latin-1: compared with
                   the payload read as UTF-8 with U+FFFD, then N6.
  N8 line ends     CRLF in the reference's text is LF in ours.
  N9 HTML          An HTML-only body: the reference's decoded HTML is turned into text the way ours is
                   (what is compared is the decoding, not the HTML layout).
  N10 id syntax    A Message-ID with a second '@' or other non-dot-atom text: the reference's parser cuts it
                   short; ours keeps what the angle brackets hold.
  N11 bare ids     An id written without brackets (alone, or at the end of an archive URL): the reference
                   finds none; ours reads it, as STYLE.md asks.
  N12 phrase comment  'Ritesh Harjani (IBM) <addr>': the reference drops the comment from the name (RFC 5322
                   CFWS); ours keeps the name as the person wrote it.
"""

from __future__ import annotations

import codecs
import email
import email.header
import email.policy
import multiprocessing
import re
import shutil
import subprocess
from datetime import timezone
from itertools import islice
from pathlib import Path

import pytest

from miner.message.body import _SUPERSETS, html_to_text
from miner.message.parse import parse_message
from miner.sources.formats import detect_format, iter_items
from miner.sources.mboxes import iter_mbox
from miner.sources.public_inbox import iter_public_inbox_items

from conftest import REAL, SHARED

WILD = SHARED / "wild" / "io-uring.mbox.gz"
_BRACKETED_RE = re.compile(r"<([^<>\s]+)>")
_WS_RE = re.compile(r"\s+")
_COMMENT_RE = re.compile(r"\((.*)\)")
FIELDS = ("message_id", "in_reply_to", "references", "author_name", "author_email", "subject", "date_utc", "body")


def _ids(value) -> list[str]:
    return list(dict.fromkeys(_BRACKETED_RE.findall(str(value)))) if value is not None else []


def _sanitized(text: str | None) -> str | None:
    """N5: surrogate-escaped bytes of the reference read as UTF-8, U+FFFD where they are not."""
    return None if text is None else text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _blanks(text: str | None) -> str | None:
    """N1: runs of blanks as one space, ends stripped."""
    return None if text is None else _WS_RE.sub(" ", text).strip() or None


def _name(text: str | None) -> str | None:
    """N1 for names: also without quotes around the whole name."""
    return _blanks(text.strip().strip('"')) if text else None


def _reference_body(msg) -> str:
    part = msg.get_body(("plain", "html"))
    if part is None:
        return ""
    try:
        text = part.get_content()
    except LookupError:  # N7
        text = part.get_payload(decode=True).decode("utf-8", "replace")
    text = text.replace("\r\n", "\n")  # N8
    return html_to_text(text) if part.get_content_type() == "text/html" else text  # N9


def reference(raw: bytes) -> dict:
    """What `email.policy.default` reads in a message, in the fields of ours."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    author = msg["from"]
    address = author.addresses[0] if author is not None and author.addresses else None
    date = msg["date"]
    stamp = date.datetime if date is not None else None
    if stamp is not None and stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=timezone.utc)
    message_id = msg["message-id"]
    return {
        "message_id": (_ids(message_id) or [str(message_id).strip() or None])[0] if message_id else None,
        "in_reply_to": next(iter(_ids(msg["in-reply-to"])), None),
        "references": tuple(dict.fromkeys(i for v in msg.get_all("references") or [] for i in _ids(v))),
        "author_name": _name(_sanitized(address.display_name)) if address else None,
        "author_email": _sanitized(address.addr_spec) or None if address else None,
        "subject": _blanks(str(msg["subject"] or "")) or "",
        "date_utc": stamp.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if stamp else None,
        "body": _reference_body(msg),
    }


def ours(raw: bytes) -> dict:
    message = parse_message(raw)
    return {"message_id": None if message.synthetic_id else message.message_id,
            "in_reply_to": message.in_reply_to, "references": message.references,
            "author_name": message.author_name, "author_email": message.author_email,
            "subject": message.subject, "date_utc": message.date_utc, "body": message.body}


def _around_replacements(theirs: str, mine: str) -> bool:
    """N6: `mine` has the reference's text between its U+FFFD characters, in order."""
    pattern = ".*?".join(re.escape(piece) for piece in theirs.split("\ufffd"))
    return re.fullmatch(pattern, mine, re.S) is not None


def _raw_header(raw: bytes, name: str) -> str:
    msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    value = msg.get_all(name) or [""]
    return str(value[0])


def _same(theirs, mine) -> bool:
    """Equal, or equal but for what the reference could not decode (N5, N6, N7)."""
    if theirs == mine:
        return True
    return isinstance(theirs, str) and isinstance(mine, str) and "\ufffd" in theirs and _around_replacements(theirs, mine)


def _agrees(field: str, theirs, mine, ref: dict, raw: bytes) -> bool:
    if _same(theirs, mine):
        return True
    if isinstance(mine, str) and field in ("subject", "author_name", "body") and _same_bytes_in_superset(field, mine, raw):
        return True  # N6
    if field == "in_reply_to" and theirs is None and mine:
        if ref["references"] and mine == ref["references"][-1]:
            return True  # N2
        return mine in _raw_header(raw, "In-Reply-To") and not _ids(_raw_header(raw, "In-Reply-To"))  # N11
    if field == "author_name" and mine:
        if theirs is None:
            comment = _COMMENT_RE.search(_WS_RE.sub(" ", _raw_header(raw, "From")))
            return bool(comment) and _same(_decoded(comment[1]), mine)  # N3
        return _name(_COMMENT_RE.sub(" ", mine)) == theirs  # N12
    if field == "author_email" and theirs and " at " in theirs:
        return _same(theirs.replace('"', ""), mine)  # N4
    if field == "message_id" and mine:
        return mine in _ids(_raw_header(raw, "Message-ID"))  # N10
    return False


def _decoded(text: str) -> str | None:
    """A header fragment decoded by the reference's own unstructured-header reader (N3, N5)."""
    return _name(str(email.policy.default.header_factory("comments", text)))


def _same_bytes_in_superset(field: str, mine: str, raw: bytes) -> bool:
    """N6: ours is the message's bytes read in the superset of their declared charset, a reading that
    gives those bytes back exactly."""
    if field == "body":
        part = email.message_from_bytes(raw, policy=email.policy.default).get_body(("plain", "html"))
        if part is None or not part.get_content_charset():
            return False
        data, charset = part.get_payload(decode=True).replace(b"\r\n", b"\n"), part.get_content_charset()
    else:
        pieces = email.header.decode_header(_raw_header(raw, "Subject" if field == "subject" else "From"))
        if len(pieces) != 1 or not isinstance(pieces[0][0], bytes) or not pieces[0][1]:
            return False
        data, charset = pieces[0]
    try:
        superset = _SUPERSETS.get(codecs.lookup(charset).name)
        text = data.decode(superset) if superset else None
    except (LookupError, UnicodeError):
        return False
    if text is None or text.encode(superset) != data:
        return False
    return text == mine if field == "body" else _blanks(text) == mine


def differences(item: tuple[str, bytes]) -> list[tuple[str, str, str, str]]:
    """(where, field, reference, ours) for every field on which the two readings disagree."""
    where, raw = item
    try:
        ref, mine = reference(raw), ours(raw)
    except Exception as exc:  # noqa: BLE001 -- reported as a difference, with the message it came from
        return [(where, "exception", "", f"{type(exc).__name__}: {exc}")]
    return [(where, field, repr(ref[field])[:300], repr(mine[field])[:300])
            for field in FIELDS if not _agrees(field, ref[field], mine[field], ref, raw)]


def _fixture_messages(tmp: Path) -> list[tuple[str, bytes]]:
    """Every mail of ../shared/fixtures/real: its mbox and .eml files and the public-inbox epoch."""
    found = []
    for path in sorted(REAL.rglob("*")):
        if path.is_file() and path.suffix in (".mbox", ".eml", ".gz", ".raw") or path.name.endswith(".mbox.gz"):
            try:
                kind = detect_format(path)
            except Exception:  # noqa: BLE001 -- an empty or non-mail recording is not a message
                continue
            if kind in ("mbox", "eml"):
                found += [(f"{path.relative_to(REAL)} {item.position}", item.raw) for item in iter_items(path, kind)]
    if shutil.which("git"):
        epoch = tmp / "epoch.git"
        bundle = REAL / "public-inbox-v2-epoch" / "ksummit-discuss.lists.linuxfoundation.org.0.bundle"
        subprocess.run(["git", "clone", "-q", "--mirror", str(bundle), str(epoch)], check=True)
        found += [(f"ksummit epoch {item.position}", item.raw) for item in iter_public_inbox_items(epoch)]
    return found


def test_real_fixtures_read_as_the_reference_reads_them(shared, tmp_path):
    messages = _fixture_messages(tmp_path)
    assert len(messages) > 900  # the epoch alone has 759 messages
    found = [d for item in messages for d in differences(item)]
    assert found == []


@pytest.mark.parametrize("raw", [
    b"Message-ID: <a@b>\nSubject: caf\xc3\xa9\n\nx\n",
    b"Message-ID: <a@b>\nSubject: caf\xe9\n\nx\n",  # N5/N6: the reference has U+FFFD
    b"Message-ID: <a@b>\nReferences: <p@b>\n\nx\n",  # N2
    b"Message-ID: <a@b>\nFrom: a@b (=?utf-8?q?J=C3=BCrgen?=)\n\nx\n",  # N3
])
def test_normalized_differences_are_accepted(raw):
    assert differences(("case", raw)) == []


@pytest.mark.parametrize("field, theirs, mine", [
    ("subject", "one", "two"),
    ("in_reply_to", None, "someone-else@b"),
    ("author_name", None, "Made Up"),
    ("body", "caf\ufffd au lait", "tea"),
    ("message_id", "a@b", "c@d"),
])
def test_other_differences_are_not(field, theirs, mine):
    raw = b"Message-ID: <a@b>\nReferences: <p@b>\nFrom: a@b (Ada)\n\nx\n"
    assert not _agrees(field, theirs, mine, reference(raw), raw)


@pytest.mark.wild
def test_wild_archive_reads_as_the_reference_reads_it(shared):
    """All 33,494 messages of the io-uring list, on both cores."""
    if not WILD.is_file():
        pytest.skip("no wild archive")
    items = ((f"byte {entry.offset}", entry.raw) for entry in iter_mbox(WILD))
    found: list = []
    with multiprocessing.get_context("forkserver").Pool(2) as pool:
        for result in pool.imap_unordered(differences, items, chunksize=64):
            found.extend(result)
    assert list(islice(found, 20)) == [] and not found
