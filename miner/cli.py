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
