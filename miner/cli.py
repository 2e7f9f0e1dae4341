"""The `miner` command line: each command reads its options, calls one library function, prints."""

from __future__ import annotations

import json
import logging
import os
import sys

import click

from miner import __version__
from miner.errors import MinerError

db_option = click.option(
    "--db", "db_path", type=click.Path(dir_okay=False), show_default=True,
    default=lambda: os.environ.get("LISTMINER_DB", "listminer.db"),
    help="SQLite database file (default: $LISTMINER_DB, else listminer.db).",
)


@click.group()
@click.version_option(__version__, prog_name="miner")
@click.option("-v", "--verbose", is_flag=True, help="Log progress details to stderr.")
def cli(verbose: bool) -> None:
    """listminer: mine mailing-list archives for performance evidence and reviewers' concerns."""
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format="%(message)s",
                        stream=sys.stderr)


@cli.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the JSON contract of DESIGN.md §3.")
def extract(path: str, as_json: bool) -> None:
    """Run the extractors on one file (raw mail, mbox, archive-page text or HTML) without a database.

    Example:

    \b
        miner extract --json message.txt
    """
    from miner.extract import extract_file, format_extraction

    try:
        result = extract_file(path)
    except MinerError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(json.dumps(result, ensure_ascii=False, indent=1) if as_json else format_extraction(result))


def _open(db_path: str):
    from db.schema import open_db

    return open_db(db_path)


@cli.command(name="import")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--list", "list_name", help="List name to record (default: from each message's List-Id).")
@click.option("--format", "fmt", default="auto", show_default=True,
              type=click.Choice(["auto", "mbox", "maildir", "eml", "public-inbox", "archive-text", "html"]))
@db_option
def import_(paths: tuple[str, ...], list_name: str | None, fmt: str, db_path: str) -> None:
    """Import local archives (mbox, .mbox.gz, maildir, .eml, public-inbox, archive pages); idempotent.

    Example:

    \b
        miner import --list linux-kernel lkml-2019-02.mbox.gz
    """
    from miner.importer import import_paths

    report = import_paths(_open(db_path), paths, fmt=fmt, list_name=list_name)
    for source, position, reason in report.skips:
        click.echo(f"skipped {source}{' ' + position if position else ''}: {reason}", err=True)
    click.echo(report.summary(), err=True)
    if report.skips:
        sys.exit(1)


@cli.command()
@click.argument("text")
@click.option("--limit", default=20, show_default=True, help="Rows per kind of result.")
@db_option
def search(text: str, limit: int, db_path: str) -> None:
    """Full-text search over messages, evidence, concerns and claims.

    Example:

    \b
        miner search "kernbench regression"
    """
    from db.store import search_findings, search_messages

    db = _open(db_path)
    for row in search_messages(db, text, limit):
        click.echo(f"message  {row['date_utc'] or '?':10.10} {row['list'] or '-':14.14} "
                   f"{row['author_name'] or '?':22.22} {row['subject']}  <{row['message_id']}>")
    for kind, rows in search_findings(db, text, limit).items():
        for row in rows:
            summary = row.get("text") or f"{row.get('benchmark')} {row.get('label') or ''}".strip()
            click.echo(f"{kind[:-1] if kind != 'evidence' else 'evidence':8s} {summary[:110]}  <{row['message_id']}>")


@cli.command()
@db_option
def reextract(db_path: str) -> None:
    """Re-run the extractors over the stored raw messages (after an extractor upgrade); no fetching.

    Example:

    \b
        miner reextract --db listminer.db
    """
    from miner.reextract import reextract_all

    report = reextract_all(_open(db_path))
    click.echo(report.summary(), err=True)


@cli.command()
@click.option("--port", default=8001, show_default=True, help="TCP port to listen on.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@db_option
def serve(port: int, host: str, db_path: str) -> None:
    """Browse the database in Datasette, with listminer's metadata, facets, canned queries and evidence pages.

    Example:

    \b
        miner serve --db listminer-demo.db --port 8001
    """
    from miner.serve import serve as serve_datasette

    try:
        serve_datasette(db_path, host=host, port=port)
    except MinerError as exc:
        raise click.ClickException(str(exc)) from exc


@cli.command()
@click.argument("query")
@click.option("--format", "fmt", default="text", show_default=True, type=click.Choice(["text", "md", "json"]))
@db_option
def evidence(query: str, fmt: str, db_path: str) -> None:
    """The evidence behind a patch series: every comparison per version, with who posted it and where.

    QUERY is a Message-ID, a lore URL, or words of the series title; a query that fits several series
    lists them and exits with status 1.

    Example:

    \b
        miner evidence "qspinlock Hyper-V" --format md
    """
    from miner.reports import evidence_report, format_evidence

    try:
        click.echo(format_evidence(evidence_report(_open(db_path), query), fmt), nl=False)
    except MinerError as exc:
        raise click.ClickException(str(exc)) from exc


@cli.command()
@click.argument("query")
@click.option("--format", "fmt", default="md", show_default=True, type=click.Choice(["md", "json"]))
@db_option
def checklist(query: str, fmt: str, db_path: str) -> None:
    """The reviewer checklist of a patch series: open concerns, evidence, gaps, each with its source.

    QUERY is a Message-ID, a lore URL, or words of the series title; a query that fits several series
    lists them and exits with status 1.

    Example:

    \b
        miner checklist "reduce paravirtualized spinlock overhead"
    """
    from miner.reports import checklist as build_checklist, format_checklist

    try:
        click.echo(format_checklist(build_checklist(_open(db_path), query), fmt), nl=False)
    except MinerError as exc:
        raise click.ClickException(str(exc)) from exc
