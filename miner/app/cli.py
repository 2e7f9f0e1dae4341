"""The `miner` command line: each command reads its options, calls one library function, prints."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import click

from miner import __version__
from miner.errors import MinerError

def _database_path(_ctx, _param, value: str) -> str:
    if not value or not value.strip():
        raise click.BadParameter("give a database file name")
    return value


def _scheduler(_ctx, _param, value: str | None) -> str | None:
    from miner.pipeline.cluster import check_scheduler

    try:
        return None if value is None else check_scheduler(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from exc


db_option = click.option(
    "--db", "db_path", type=click.Path(dir_okay=False), show_default=True, callback=_database_path,
    default=lambda: os.environ.get("LISTMINER_DB", "listminer.db"),
    help="SQLite database file (default: $LISTMINER_DB, else listminer.db).",
)


@contextmanager
def _database(db_path: str, *, create: bool):
    """The open database for one command, closed at its end. A read-only command (`create=False`)
    neither creates a database nor writes to a current one. Every MinerError in the block, and every
    SQLite failure, ends the command with one line and exit status 1."""
    from miner.pipeline.database import database_errors, open_database

    try:
        db = open_database(db_path, create=create)
        try:
            with database_errors(db_path):
                yield db
        finally:
            db.close()
    except MinerError as exc:
        raise click.ClickException(str(exc)) from exc


def _words(value: str, what: str) -> str:
    if not value.strip():
        raise click.UsageError(f"give {what}")
    return value


class _OneLineUsageErrors(click.Group):
    """A usage error is one line, as every other error (DESIGN.md §2): click would print the usage and a
    hint on two more; the hint goes into the line."""

    def make_context(self, *args, **kwargs):
        with _one_line_usage_errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx):
        with _one_line_usage_errors():
            return super().invoke(ctx)


@contextmanager
def _one_line_usage_errors():
    try:
        yield
    except click.UsageError as exc:
        if exc.ctx is not None:
            exc.message = f"{exc.message} (see '{exc.ctx.command_path} --help')".strip()
            exc.ctx = None
        raise


@click.group(cls=_OneLineUsageErrors)
@click.version_option(__version__, prog_name="miner")
@click.option("-v", "--verbose", is_flag=True, help="Log progress details to stderr.")
def cli(verbose: bool) -> None:
    """listminer: mine mailing-list archives for performance evidence and reviewers' concerns."""
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format="%(message)s",
                        stream=sys.stderr)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the JSON contract of DESIGN.md §3 (one file).")
@click.option("--jsonl", "as_jsonl", is_flag=True,
              help="One JSON object per line per file, in the order of the files (many files, one process).")
def extract(paths: tuple[str, ...], as_json: bool, as_jsonl: bool) -> None:
    """Run the extractors on files (raw mail, mbox, archive-page text or HTML) without a database.

    Example:

    \b
        miner extract --json message.txt
        miner extract --jsonl corpus/*/message.txt
    """
    from miner.app.extract import extract_file, extract_files, format_extraction

    if as_json and as_jsonl:
        raise click.UsageError("--json and --jsonl exclude each other")
    if as_jsonl:
        failed = 0
        for path, result, error in extract_files(paths):
            if error:
                failed += 1
                click.echo(f"{path}: {error}", err=True)
            click.echo(json.dumps(result, ensure_ascii=False))
        if failed:
            sys.exit(1)
        return
    if len(paths) != 1:
        raise click.UsageError("give one file, or use --jsonl for several")
    try:
        result = extract_file(paths[0])
    except MinerError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(json.dumps(result, ensure_ascii=False, indent=1) if as_json else format_extraction(result))


@cli.command(name="import")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--list", "list_name", help="List name to record (default: from each message's List-Id).")
@click.option("--format", "fmt", default="auto", show_default=True,
              type=click.Choice(["auto", "mbox", "maildir", "eml", "public-inbox", "archive-text", "html"]))
@click.option("--scheduler", callback=_scheduler, metavar="tcp://HOST:PORT|local:N",
              help="Parse and extract on a Dask cluster: a running scheduler, or N local worker processes.")
@db_option
def import_(paths: tuple[str, ...], list_name: str | None, fmt: str, scheduler: str | None, db_path: str) -> None:
    """Import local archives (mbox, .mbox.gz, maildir, .eml, public-inbox, archive pages); idempotent.

    Example:

    \b
        miner import --list linux-kernel lkml-2019-02.mbox.gz
    """
    from miner.pipeline.importer import import_paths

    with _database(db_path, create=True) as db:
        report = import_paths(db, paths, fmt=fmt, list_name=list_name, scheduler=scheduler)
    for source, position, reason in report.skips:
        click.echo(f"skipped {source}{' ' + position if position else ''}: {reason}", err=True)
    click.echo(report.summary(), err=True)
    if report.skips:
        sys.exit(1)


@cli.command()
@click.argument("text")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(min=1), help="Rows per kind of result.")
@db_option
def search(text: str, limit: int, db_path: str) -> None:
    """Full-text search over messages, evidence, concerns and claims.

    TEXT is searched as words; FTS5 syntax is used where it parses: "a phrase", prefix*, AND / OR / NOT,
    NEAR(a b, 5), subject:word.

    Example:

    \b
        miner search "kernbench regression"
    """
    from db.store import search_findings, search_messages

    text = _words(text, "words to search for")
    with _database(db_path, create=False) as db:
        messages, findings = search_messages(db, text, limit), search_findings(db, text, limit)
    for row in messages:
        click.echo(f"message  {row['date_utc'] or '?':10.10} {row['list'] or '-':14.14} "
                   f"{row['author_name'] or '?':22.22} {row['subject']}  <{row['message_id']}>")
    for kind, rows in findings.items():
        for row in rows:
            summary = row.get("text") or f"{row.get('benchmark')} {row.get('label') or ''}".strip()
            click.echo(f"{kind[:-1] if kind != 'evidence' else 'evidence':8s} {summary[:110]}  <{row['message_id']}>")


@cli.command()
@click.option("--stale", is_flag=True, help="Only messages whose findings an older extractor version produced.")
@db_option
def reextract(stale: bool, db_path: str) -> None:
    """Re-run the extractors over the stored raw messages (after an extractor upgrade); no fetching.

    Example:

    \b
        miner reextract --stale --db listminer.db
    """
    from miner.pipeline.database import writer_lock
    from miner.pipeline.reextract import reextract_all

    with _database(db_path, create=False) as db, writer_lock(db):
        report = reextract_all(db, stale_only=stale)
    click.echo(report.summary(), err=True)


@cli.command()
@click.option("--db", "db_path", default="listminer-demo.db", show_default=True,
              type=click.Path(dir_okay=False), help="Database to create for the demo.")
def demo(db_path: str) -> None:
    """Import the bundled sample archive and show what listminer finds in it.

    Example:

    \b
        miner demo
    """
    from miner.app.demo import run_demo

    try:
        report, counts, pages = run_demo(_database_path(None, None, db_path))
    except MinerError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"Imported the sample archive into {db_path}: {report.summary()}")
    click.echo(", ".join(f"{n} {name.replace('_', ' ')}" for name, n in counts.items()) + "\n")
    for page in pages:
        click.echo(page.rstrip() + "\n\n" + "-" * 78 + "\n")
    click.echo(f"Browse it: miner serve --db {db_path}   (then open http://127.0.0.1:8001/)")


@cli.command()
@click.option("--port", default=8001, show_default=True, type=click.IntRange(1, 65535), help="TCP port to listen on.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@db_option
def serve(port: int, host: str, db_path: str) -> None:
    """Browse the database in Datasette, with listminer's metadata, facets, canned queries and evidence pages.

    Example:

    \b
        miner serve --db listminer-demo.db --port 8001
    """
    from miner.app.serve import serve as serve_datasette

    try:
        serve_datasette(db_path, host=host, port=port)
    except MinerError as exc:
        raise click.ClickException(str(exc)) from exc


def crawler_options(default_base_url: str):
    """The options every crawler takes: where to crawl, how fast, where to cache and keep downloads."""
    options = [
        click.option("--base-url", default=default_base_url, show_default=True,
                     help="Archive server (tests point it at a local server)."),
        click.option("--rate", default=1.0, show_default=True, type=click.FloatRange(min=0.001),
                     help="Requests per second per host."),
        click.option("--cache-dir", default="data/cache", show_default=True, type=click.Path(file_okay=False),
                     callback=_folder_path, help="On-disk HTTP cache (revalidated with ETag / Last-Modified)."),
        click.option("--data-dir", default="data", show_default=True, type=click.Path(file_okay=False),
                     callback=_folder_path, help="Downloads go to DATA_DIR/raw/<list>/ before they are imported."),
        click.option("--timeout", default=30.0, show_default=True, type=click.FloatRange(min=0.01),
                     help="Seconds to wait for a server before retrying."),
        db_option,
    ]

    def decorate(function):
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


def _folder_path(_ctx, _param, value: str) -> str:
    if not value or not value.strip():
        raise click.BadParameter("give a folder")
    return value


@contextmanager
def _crawling(db_path: str, cache_dir: str, data_dir: str, rate: float, timeout: float):
    """The database and the fetcher of one crawl. The cache and data folders are made (as the crawl
    would) and tried with a file first, so an unwritable one is one line before any request is made."""
    from miner.remote.crawl import open_fetcher

    for folder in (cache_dir, data_dir):
        try:
            Path(folder).mkdir(parents=True, exist_ok=True)
            tempfile.TemporaryFile(dir=folder).close()
        except OSError as exc:
            raise click.ClickException(f"{folder}: cannot write there: {exc.strerror or exc}") from exc
    with _database(db_path, create=True) as db, open_fetcher(db, cache_dir=cache_dir, rate=rate,
                                                                timeout=timeout) as fetcher:
        yield db, fetcher


def _crawl_done(report) -> None:
    """Print each failure and the summary line of a crawl; exit 1 when anything failed."""
    for error in report.errors:
        click.echo(f"error: {error}", err=True)
    for source, position, reason in report.imported.skips:
        click.echo(f"skipped {source}{' ' + position if position else ''}: {reason}", err=True)
    click.echo(report.summary(), err=True)
    if not report.ok:
        sys.exit(1)


@cli.group()
def crawl() -> None:
    """Pull mail from remote archives (public-inbox servers such as lore.kernel.org, archive web pages).

    Example:

    \b
        miner crawl lore --list xen-devel --query 's:credit2 d:2024-01-01..'
    """


@crawl.command(name="lore")
@click.option("--list", "list_name", required=True, help="Inbox name on the server (`all`: every inbox).")
@click.option("--thread", help="A Message-ID in the thread to pull (any message of it).")
@click.option("--query", help="A public-inbox search (prefixes s: f: d: rt: dfn: ...).")
@click.option("--since", help="Everything received since this date (YYYY-MM-DD).")
@click.option("--full-threads", is_flag=True, help="With --query/--since: whole threads of the matches.")
@click.option("--git", "use_git", is_flag=True, help="Mirror the list's git epochs and import new commits.")
@click.option("--epochs", help="With --git: epoch range N..M (default: all).")
@crawler_options("https://lore.kernel.org")
def crawl_lore_command(list_name, thread, query, since, full_threads, use_git, epochs, base_url, rate, cache_dir,
                       data_dir, timeout, db_path) -> None:
    """Pull a thread, a search or a whole list from lore.kernel.org (or any public-inbox server).

    Example:

    \b
        miner crawl lore --list lkml --thread 20200714123928.8581-1-nsaenzjulienne@suse.de
    """
    from miner.remote.crawl import run_lore

    if not use_git and sum(bool(x) for x in (thread, query or since)) != 1:
        raise click.UsageError("give one of --thread MSGID, --query Q, --since DATE, or --git")
    with _crawling(db_path, cache_dir, data_dir, rate, timeout) as (db, fetcher):
        report = run_lore(db, fetcher, list_name=list_name, base_url=base_url, thread=thread, query=query,
                          since=since, full_threads=full_threads, git=use_git, epochs=epochs, data_dir=data_dir)
    _crawl_done(report)


@crawl.command(name="html")
@click.argument("urls", nargs=-1, required=True)
@click.option("--follow", type=click.Choice(["thread", "month"]), help="Also visit the thread's or month's messages.")
@click.option("--list", "list_name", help="List name to record (default: from the archive's URL).")
@crawler_options("")
def crawl_html_command(urls, follow, list_name, base_url, rate, cache_dir, data_dir, timeout, db_path) -> None:
    """Fetch message, thread or index pages of MHonArc, hypermail, marc.info, lkml.org, mail-archive.com.

    Example:

    \b
        miner crawl html --follow thread https://lists.xenproject.org/archives/html/xen-devel/2024-06/msg00712.html
    """
    from miner.remote.crawl import crawl_html, resolve_urls

    with _crawling(db_path, cache_dir, data_dir, rate, timeout) as (db, fetcher):
        report = crawl_html(db, fetcher, resolve_urls(base_url, urls), follow=follow, list_name=list_name,
                            data_dir=data_dir)
    _crawl_done(report)


@crawl.command(name="lkml-org")
@click.argument("url", required=False)
@click.option("--day", help="Every message of one day, YYYY/M/D.")
@crawler_options("https://lkml.org")
def crawl_lkml_org_command(url, day, base_url, rate, cache_dir, data_dir, timeout, db_path) -> None:
    """Fetch an lkml.org message page (and its thread), or every message of one day.

    Example:

    \b
        miner crawl lkml-org --day 2020/7/14
    """
    from miner.remote.crawl import crawl_html, resolve_urls

    if bool(url) == bool(day):
        raise click.UsageError("give a message URL or --day YYYY/M/D")
    target, follow = (url, "thread") if url else (f"/lkml/{day.strip('/')}", "month")
    with _crawling(db_path, cache_dir, data_dir, rate, timeout) as (db, fetcher):
        report = crawl_html(db, fetcher, resolve_urls(base_url, [target]), follow=follow,
                            list_name="linux-kernel", data_dir=data_dir)
    _crawl_done(report)


@crawl.command(name="xen")
@click.option("--list", "list_name", default="xen-devel", show_default=True, help="List on lists.xenproject.org.")
@click.option("--month", required=True, help="The month to fetch, YYYY-MM.")
@crawler_options("https://lists.xenproject.org")
def crawl_xen_command(list_name, month, base_url, rate, cache_dir, data_dir, timeout, db_path) -> None:
    """Fetch every message of one month of a lists.xenproject.org (MHonArc) archive.

    Example:

    \b
        miner crawl xen --list xen-devel --month 2024-06
    """
    from miner.remote.crawl import crawl_html, resolve_urls

    with _crawling(db_path, cache_dir, data_dir, rate, timeout) as (db, fetcher):
        report = crawl_html(db, fetcher, resolve_urls(base_url, [f"/archives/html/{list_name}/{month}/threads.html"]),
                            follow="month", list_name=list_name, data_dir=data_dir)
    _crawl_done(report)


@crawl.command(name="mail-archive")
@click.argument("urls", nargs=-1, required=True)
@click.option("--follow", type=click.Choice(["thread", "month"]), default="thread", show_default=True)
@crawler_options("https://www.mail-archive.com")
def crawl_mail_archive_command(urls, follow, base_url, rate, cache_dir, data_dir, timeout, db_path) -> None:
    """Fetch mail-archive.com message pages and, by default, the rest of their threads.

    Example:

    \b
        miner crawl mail-archive https://www.mail-archive.com/linux-kernel@vger.kernel.org/msg1234567.html
    """
    from miner.remote.crawl import crawl_html, resolve_urls

    with _crawling(db_path, cache_dir, data_dir, rate, timeout) as (db, fetcher):
        report = crawl_html(db, fetcher, resolve_urls(base_url, urls), follow=follow, data_dir=data_dir)
    _crawl_done(report)


class _AmbiguousQuery(click.ClickException):
    """A series query that fits several series: the candidates are listed and the exit status is 2 (DESIGN.md §2)."""

    exit_code = 2


@contextlib.contextmanager
def _series_query():
    """Turn the errors of a report query into click's: an ambiguous query exits 2, any other error 1."""
    from miner.reports.query import SeriesQueryError

    try:
        yield
    except SeriesQueryError as exc:
        raise (_AmbiguousQuery if exc.ambiguous else click.ClickException)(str(exc)) from exc
    except MinerError as exc:
        raise click.ClickException(str(exc)) from exc


@cli.command()
@click.argument("query")
@click.option("--format", "fmt", default="text", show_default=True, type=click.Choice(["text", "md", "json"]))
@db_option
def evidence(query: str, fmt: str, db_path: str) -> None:
    """The evidence behind a patch series: every comparison per version, with who posted it and where.

    QUERY is a Message-ID, a lore URL, or words of the series title; a query that fits several series
    lists them and exits with status 2.

    Example:

    \b
        miner evidence "qspinlock Hyper-V" --format md
    """
    from miner.reports.build import evidence_report
    from miner.reports.render import format_evidence

    query = _words(query, "a Message-ID, a lore URL or words of a series title")
    with _database(db_path, create=False) as db, _series_query():
        page = format_evidence(evidence_report(db, query), fmt)
    click.echo(page, nl=False)


@cli.command()
@click.argument("query")
@click.option("--format", "fmt", default="md", show_default=True, type=click.Choice(["md", "json"]))
@db_option
def checklist(query: str, fmt: str, db_path: str) -> None:
    """The reviewer checklist of a patch series: open concerns, evidence, gaps, each with its source.

    QUERY is a Message-ID, a lore URL, or words of the series title; a query that fits several series
    lists them and exits with status 2.

    Example:

    \b
        miner checklist "reduce paravirtualized spinlock overhead"
    """
    from miner.reports.build import checklist as build_checklist
    from miner.reports.render import format_checklist

    query = _words(query, "a Message-ID, a lore URL or words of a series title")
    with _database(db_path, create=False) as db, _series_query():
        page = format_checklist(build_checklist(db, query), fmt)
    click.echo(page, nl=False)
