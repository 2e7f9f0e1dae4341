"""Broken mail never raises: real messages mutated by the seeded fuzzer (`fuzzing.py`), through
`parse_message`, through the extractors and through a real import; and any header block hypothesis
writes, with the values that survive a round trip read back as written.

A fixed seed keeps the run the same every time (about ten seconds); `benchmarks/fuzz_import.py` runs
as many cases as asked, with any seed.
"""

from __future__ import annotations

import re
import zlib
from base64 import b64encode
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from db.schema import open_db
from miner.message.parse import parse_message
from miner.pipeline.importer import import_paths, process_item
from miner.pipeline.progress import Progress
from miner.sources.items import RawItem

from fuzzing import MUTATIONS, WILD, fuzz_cases, real_messages, write_mbox

SEED = 20261201
PARSED_CASES = 2000  # through parse_message alone
IMPORTED_CASES = 250  # through the importer (and so the extractors): fewer than start the worker processes
ISO_UTC_RE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


@pytest.fixture(scope="module")
def seeds() -> list[bytes]:
    if not WILD.is_file():
        pytest.skip("../shared/wild is not beside the repository")
    return real_messages()


def _check_message(message) -> None:
    """What every parsed message holds, however broken its input."""
    assert message.message_id and message.message_id == message.message_id.strip()
    assert not any(ch.isspace() or ch in "<>" for ch in message.message_id), message.message_id
    assert "\n" not in message.subject
    assert message.date_utc is None or ISO_UTC_RE.fullmatch(message.date_utc)
    assert isinstance(message.body, str)


def test_mutated_real_mail_parses_without_raising(seeds):
    used = set()
    for index, (names, raw) in enumerate(fuzz_cases(seeds, SEED, PARSED_CASES)):
        used.update(names)
        try:
            message = parse_message(raw)
        except Exception as exc:  # noqa: BLE001 -- report which case, so it can be replayed
            pytest.fail(f"case {index} ({'+'.join(names)}) of seed {SEED}: {type(exc).__name__}: {exc}")
        _check_message(message)
    assert used == set(MUTATIONS)


def test_mutated_real_mail_imports_every_case_stored_or_skipped_with_a_reason(seeds, tmp_path):
    cases = [raw for _names, raw in fuzz_cases(seeds, SEED + 1, IMPORTED_CASES)]
    for index, raw in enumerate(cases[:50]):  # the worker's own entry point, on its own
        parsed = process_item(RawItem(raw, "rfc822", "fuzz", str(index)))
        assert not (parsed.skipped or "").startswith("unreadable"), (index, parsed.skipped)
    archive = write_mbox(tmp_path / "fuzz.mbox", cases)
    db = open_db(str(tmp_path / "miner.db"))
    try:
        report = import_paths(db, [archive], progress=Progress("messages", enabled=False))
        assert report.seen == len(cases)
        assert report.saved + report.already_stored + len(report.skips) == len(cases)
        assert db["messages"].count == report.saved
        reasons = [reason for _source, _position, reason in report.skips]
        assert all(reasons) and not any(r.startswith("unreadable message") for r in reasons), reasons
        skipped = list(db.query("SELECT reason, raw_zlib FROM skipped"))
        assert len(skipped) == len(report.skips)
        written = {raw.rstrip(b"\n") for raw in cases}
        for row in skipped:  # the bytes of every skipped message are kept as written, but for an empty one
            if row["reason"] != "empty message":
                assert zlib.decompress(row["raw_zlib"]).rstrip(b"\n") in written, row["reason"]
        failed = db.execute("SELECT COUNT(*) FROM messages WHERE problems LIKE '%extractors failed%'").fetchone()[0]
        assert failed == 0
    finally:
        db.close()


# --- hypothesis: header blocks -----------------------------------------------------------------------

_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=60)
_HEADER_NAMES = st.sampled_from([b"Subject", b"From", b"Date", b"Message-ID", b"References", b"In-Reply-To",
                                 b"Content-Type", b"Content-Transfer-Encoding", b"List-Id", b"X-Anything"])
_ATOM = st.from_regex(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,12}", fullmatch=True)


def _encoded_word(text: str) -> bytes:
    return b"=?utf-8?B?" + b64encode(text.encode("utf-8")) + b"?="


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_HEADER_NAMES, st.binary(max_size=80)), max_size=10), st.binary(max_size=300),
       st.sampled_from([b"\n", b"\r\n"]))
def test_any_header_block_parses(headers, body, newline):
    raw = b"".join(name + b": " + value.replace(b"\n", b" ") + newline for name, value in headers)
    _check_message(parse_message(raw + newline + body))


@settings(max_examples=100, deadline=None)
@given(_TEXT, _TEXT, _ATOM, _ATOM, _ATOM,
       st.datetimes(min_value=datetime(1970, 1, 2), max_value=datetime(2100, 1, 1)),
       st.integers(min_value=-12 * 60, max_value=14 * 60), st.booleans())
def test_header_values_read_back_as_written(subject, name, local, domain, id_left, when, zone_minutes, as_8bit):
    """Encoded words and raw UTF-8 (RFC 6532) give back the text; ids, addresses and dates their values."""
    # written raw, a name with specials would have to be quoted, and "=?" would start an encoded word
    assume(not as_8bit or not (any(ch in '()<>@,;:\\".[]' for ch in name) or "=?" in name + subject))
    address, message_id = f"{local}@{domain}.org", f"{id_left}.{local}@{domain}.org"
    date = when.replace(tzinfo=timezone(timedelta(minutes=zone_minutes)))
    encode = (lambda text: text.encode("utf-8")) if as_8bit else _encoded_word
    raw = (b"From: " + encode(name) + f" <{address}>\n".encode() + b"Subject: " + encode(subject) + b"\n" +
           f"Date: {format_datetime(date)}\nMessage-ID: <{message_id}>\n\nbody\n".encode())
    message = parse_message(raw)
    assert message.subject == " ".join(subject.split())
    assert message.author_email == address
    assert (message.author_name or "") == " ".join(name.split())
    assert message.message_id == message_id
    assert message.date_utc == date.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
