"""`miner extract --json`: the DESIGN.md §3 contract on files of each kind, with file line numbers."""

from __future__ import annotations

import json

from click.testing import CliRunner

from miner.app.cli import cli

from conftest import DATA


def _extract(path) -> dict:
    result = CliRunner().invoke(cli, ["extract", "--json", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_page_repeats_are_listed_but_their_findings_come_once():
    out = _extract(DATA / "pages" / "mail-archive-thread.txt")
    assert [(m["first_line"], m["duplicate_of"]) for m in out["messages"]] == [(1, None), (9, 0), (17, None)]
    assert [(q["line"], q["quoted"], q["author"]) for q in out["questions"]] == [
        (5, True, "Frank Asker"), (20, False, "Frank Asker")]
    assert out["series"] == {"prefix": "PATCH", "version": 3, "index": 0, "total": 2,
                             "title": "block: fewer completions per request"}


def test_mbox_lines_are_lines_of_the_file(tmp_path):
    out = _extract(DATA / "mail" / "0001-thread-missing-parent.mbox")
    assert [(m["first_line"], m["last_line"]) for m in out["messages"]][:2] == [(1, 8), (9, 18)]
    assert out["messages"][2]["from"] == "Bob Reviewer"
    mbox = tmp_path / "q.mbox"
    mbox.write_text("From a@b Mon Mar  2 09:00:00 2026\nFrom: A <a@b>\nSubject: x\n\nintro\n\n"
                    "From b@c Mon Mar  2 09:00:01 2026\nFrom: B <b@c>\nSubject: Re: x\n\n"
                    "Did you collect any benchmark numbers for this?\n")
    assert [q["line"] for q in _extract(mbox)["questions"]] == [11]
    assert set(out) == {"messages", "series", "tables", "results", "questions", "claims", "anomalies"}


def test_quoted_printable_findings_point_at_raw_lines(tmp_path):
    raw = ("From: Q <q@example.org>\nSubject: [PATCH] foo\nMessage-ID: <qp@example.org>\n"
           "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
           "Intro line that the encoder wrapped because it was rather long, much too l=\nong for one line.\n"
           "Did you collect any benchmark numbers for this patch, and how many=\n runs did you do?\n")
    path = tmp_path / "qp.eml"
    path.write_text(raw)
    out = _extract(path)
    assert [q["line"] for q in out["questions"]] == [9]
    assert out["questions"][0]["text"].startswith("Did you collect any benchmark numbers")
