"""One message and its findings as typed rows: dates in one format with their precision, the list from
footer or archive, machine descriptions stored once and tied to the numbers, a robot's headline not
stored beside its table row, and claims stored without a check (linking decides it)."""

from __future__ import annotations

import pytest

from extractors.analysis import analyze_body
from miner.message.parse import parse_message
from miner.pipeline.rows import date_and_precision, delta_points, message_rows, search_text

ROBOT = b"""From: kernel test robot <oliver.sang@intel.com>
Subject: Re: [PATCH v2 2/3] sched/fair: batch sibling wakeups
Date: Fri, 20 Mar 2026 08:15:00 +0800
Message-ID: <202603200815.ab12cd34-lkp@intel.com>

Hello,

kernel test robot noticed a -5.3% regression of stress-ng.fork.ops_per_sec on:

testcase: stress-ng
test machine: 104 threads 2 sockets Intel(R) Xeon(R) Platinum 8170 CPU @ 2.10GHz with 192G memory

0f1e2d3c4b 1a2b3c4d5e
---------------- ---------------------------
         %stddev     %change         %stddev
             \\          |                \\
    412345 \xc2\xb1  1%      -5.3%     390491 \xc2\xb1  2%  stress-ng.fork.ops_per_sec
     21.50 \xc2\xb1  3%      +4.2       25.70 \xc2\xb1  2%  mpstat.cpu.all.sys%

--
To unsubscribe from this list: send the line "unsubscribe linux-kernel" in
the body of a message to majordomo@vger.kernel.org
"""


def _rows(raw: bytes, source_url: str | None = None, list_name: str | None = None):
    message = parse_message(raw)
    findings = analyze_body(message.body, message.author_name)
    return message_rows(message, findings, raw_format="rfc822", source_url=source_url, list_name=list_name,
                        extractor_version="test")


@pytest.mark.parametrize("date, expected", [
    ("2026-03-20T00:15:00Z", ("2026-03-20T00:15:00Z", "second")),
    ("2018-09-17", ("2018-09-17T00:00:00Z", "day")),
    (None, (None, None)),
])
def test_one_date_format_with_its_precision(date, expected):
    assert date_and_precision(date) == expected


@pytest.mark.parametrize("unit, name, baseline, patched, texts, expected", [
    (None, "mpstat.cpu.all.sys%", 21.5, 25.7, ("21.50 ±  3%", "25.70"), 4.2),
    ("%", "idle", 90.0, 87.5, ("90", "87.5"), -2.5),
    (None, "will-it-scale.per_thread_ops", 412345.0, 378945.0, ("412345", "378945"), None),
    ("%", "idle", None, 87.5, (None, "87.5"), None),
])
def test_delta_points_only_for_percentage_metrics(unit, name, baseline, patched, texts, expected):
    assert delta_points(unit, name, baseline, patched, texts) == expected


def test_robot_report_rows():
    rows = _rows(ROBOT)
    assert rows.message["date_utc"] == "2026-03-20T00:15:00Z" and rows.message["date_precision"] == "second"
    assert rows.message["list"] == "linux-kernel"  # from the list's footer
    labels = [(e["label"], e["delta_pct"], e["delta_points"]) for e in rows.evidence]
    assert labels == [("stress-ng.fork.ops_per_sec", -5.3, None), ("mpstat.cpu.all.sys%", 19.53, 4.2)]
    assert not [e for e in rows.evidence if e["table_id"] is None], "the headline restates the table row"
    (machine,) = rows.machines
    assert machine["text"].startswith("test machine: 104 threads 2 sockets")
    assert {e["machine_id"] for e in rows.evidence} == {rows.evidence_tables[0]["machine_id"]} == {machine["id"]}
    assert all("check" not in claim for claim in rows.claims)
    assert {row["extractor_version"] for row in [*rows.evidence, *rows.machines, *rows.claims]} == {"test"}


def test_list_from_the_archive_and_from_the_option():
    raw = b"From: A <a@b>\nSubject: x\nMessage-ID: <x@y>\n\nHello\n"
    assert _rows(raw).message["list"] is None
    assert _rows(raw, "file:///srv/data/raw/xen-devel/2024-06.mbox#0").message["list"] == "xen-devel"
    assert _rows(raw, "https://lore.kernel.org/linux-mm/x@y/raw", "netdev").message["list"] == "netdev"
    assert _rows(raw).lists == []


def test_an_anomaly_belongs_to_its_table():
    raw = (b"From: A <a@b>\nSubject: x\nMessage-ID: <x@y>\n\nhackbench, seconds (lower is better):\n\n"
           b"  Groups   base     patched   %change\n  1        0.412    0.398     -3.40\n"
           b"  4        1.108    1.041     +6.05\n")  # the second row's change has the wrong sign
    rows = _rows(raw)
    assert rows.anomalies and {a["table_id"] for a in rows.anomalies} == {rows.evidence_tables[0]["id"]}


def test_a_claimed_summary_of_a_table_is_the_claim_not_a_second_comparison():
    raw = (b"From: A <a@b>\nSubject: x\nMessage-ID: <x@y>\n\nhackbench, 10 runs each, time in seconds:\n\n"
           b"  Groups   base     %stdev   patched   %stdev\n  1        0.412    1.20     0.398     1.10\n"
           b"  4        1.108    0.90     1.041     1.30\n\nOverall hackbench gets about 5% faster with the series.\n")
    rows = _rows(raw)
    assert [e["label"] for e in rows.evidence] == ["1", "4"]
    assert [c["text"] for c in rows.claims] == ["Overall hackbench gets about 5% faster with the series."]


PATCH_BODY = """io_uring/rw: retry a short read once

Retrying costs nothing measurable here.

Signed-off-by: A Writer <a@example.org>
---
 io_uring/rw.c | 2 ++
 1 file changed, 2 insertions(+)

diff --git a/io_uring/rw.c b/io_uring/rw.c
index 0123456..89abcde 100644
--- a/io_uring/rw.c
+++ b/io_uring/rw.c
@@ -10,7 +10,8 @@ static int io_read(struct io_kiocb *req, unsigned int issue_flags)
 \tret = io_iter_do_read(rw, &io->iter);
+\tunlikely_token_in_code_only = 1;
@@ -40,3 +41,4 @@
 }
"""


@pytest.mark.parametrize(("body", "expected"), [
    ("no patch here\n> quoted prose\n", "no patch here\n> quoted prose\n"),
    (PATCH_BODY, PATCH_BODY[:PATCH_BODY.index("diff --git")] + "\nio_uring/rw.c\nio_read"),
    ("", ""),
])
def test_search_text_is_the_text_before_the_patch_and_the_patch_names(body, expected):
    assert search_text(body) == expected
    assert "unlikely_token_in_code_only" not in search_text(body)
