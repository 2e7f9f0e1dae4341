"""public-inbox archives (lore.kernel.org and any `public-inbox-httpd`): URLs, downloads, Atom listings.

public-inbox names every message by its Message-ID, so a thread is `/<list>/<msgid>/t.mbox.gz` (asked
with any message of the thread) and one message `/<list>/<msgid>/raw`. Searches (`?q=`, Xapian with
prefixes s: f: d: rt: dfn: ...) list matches as Atom (`x=A`, paged with `o=`) and download as a gzipped
mbox only with a POST (`x=m`; a GET gives back an HTML form). `rt:` is the received time, which is what
an incremental crawl needs: messages that arrived since the last run. The bulk path is the list's git
epochs (`/<list>/git/<N>.git`), listed in `/<list>/manifest.js.gz` and mirrored with git itself.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator
from urllib.parse import quote, unquote, urlencode, urlsplit

from miner.errors import FetchError
from miner.remote.fetch import USER_AGENT, Fetcher, gunzip_capped, looks_like_html

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://lore.kernel.org"
MAX_ATOM_PAGES = 200  # a listing longer than this many pages is cut (and logged)
GIT_TIMEOUT_S = 3600
_ATOM = "{http://www.w3.org/2005/Atom}"


@dataclass(frozen=True)
class AtomEntry:
    """One message listed by an Atom feed: its Message-ID (from the entry's link), title and update time."""

    message_id: str
    url: str
    title: str
    updated: str


def list_url(base_url: str, list_name: str) -> str:
    """`<base>/<list>/`; `all` is the server-wide inbox of public-inbox's extindex."""
    return f"{base_url.rstrip('/')}/{quote(list_name, safe='')}/"


def message_url(base_url: str, list_name: str, message_id: str) -> str:
    """The page of a message; Message-IDs are written without `<>` and with `/` escaped as `%2F`."""
    return list_url(base_url, list_name) + quote(message_id.strip().strip("<>"), safe="@!$&'()*+,;=:~-._") + "/"


def search_url(base_url: str, list_name: str, query: str, **params: str | int) -> str:
    return list_url(base_url, list_name) + "?" + urlencode({"q": query, **params})


def parse_atom(data: bytes) -> list[AtomEntry]:
    """The entries of a public-inbox Atom feed, in feed order; [] for an empty or unreadable feed."""
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError:
        return []
    entries = []
    for entry in root.iter(f"{_ATOM}entry"):
        link = entry.find(f"{_ATOM}link")
        href = link.get("href", "") if link is not None else ""
        message_id = message_id_from_url(href)
        if not message_id:
            continue
        entries.append(AtomEntry(message_id, href, (entry.findtext(f"{_ATOM}title") or "").strip(),
                                 (entry.findtext(f"{_ATOM}updated") or "").strip()))
    return entries


def message_id_from_url(url: str) -> str | None:
    """The Message-ID in a public-inbox message URL (`.../<list>/<msgid>/...`), or None."""
    parts = [p for p in urlsplit(url).path.split("/") if p]
    if len(parts) < 2:
        return None
    candidate = unquote(parts[1])
    return candidate if "@" in candidate else None


def fetch_thread_mbox(fetcher: Fetcher, base_url: str, list_name: str, message_id: str,
                      dest: Path) -> Path | None:
    """Download the whole thread of `message_id` (any message of it) as an mbox at `dest`; None if the
    archive does not know the message. FetchError for anything but mail."""
    url = message_url(base_url, list_name, message_id) + "t.mbox.gz"
    got = fetcher.fetch(url, expect="gzip", conditional=False)
    if got.status == 404 or got.path is None:
        return None
    _gunzip(fetcher, got.path, dest, url)
    return dest


def fetch_raw_message(fetcher: Fetcher, base_url: str, list_name: str, message_id: str,
                      dest: Path) -> Path | None:
    """Download one message (`/raw`, an mboxrd of one) to `dest`; None when unknown to the archive."""
    url = message_url(base_url, list_name, message_id) + "raw"
    got = fetcher.fetch(url, expect="mail")
    if got.status == 404 or got.path is None:
        return None
    _copy(got.path, dest)
    return dest


def fetch_search_mbox(fetcher: Fetcher, base_url: str, list_name: str, query: str, dest: Path,
                      full_threads: bool = False) -> tuple[Path | None, str | None]:
    """Download the messages matching `query` as an mbox at `dest` (POST `x=m`: "results only", or the
    whole threads they are in). Returns (path or None when nothing matched, the server's Date header)."""
    url = search_url(base_url, list_name, query, x="m")
    body = {"x": "full threads"} if full_threads else {"z": "results only"}
    got = fetcher.fetch(url, method="POST", data=body, expect="gzip", conditional=False)
    if got.status == 404 or got.path is None:
        return None, got.date
    _gunzip(fetcher, got.path, dest, url)
    return dest, got.date


def iter_search_entries(fetcher: Fetcher, base_url: str, list_name: str, query: str) -> Iterator[AtomEntry]:
    """Every message matching `query`, newest first, from the Atom listing paged with `o=`."""
    offset, page_size = 0, None
    for _ in range(MAX_ATOM_PAGES):
        params: dict[str, str | int] = {"x": "A"}
        if offset:
            params["o"] = offset
        got = fetcher.fetch(search_url(base_url, list_name, query, **params), conditional=False)
        if got.status == 404 or got.path is None:
            return
        entries = parse_atom(got.path.read_bytes())
        if not entries:
            return
        yield from entries
        offset += len(entries)
        page_size = page_size or len(entries)
        if len(entries) < page_size:
            return
    log.warning("%s: search listing cut after %d pages", list_url(base_url, list_name), MAX_ATOM_PAGES)


def fetch_thread_entries(fetcher: Fetcher, base_url: str, list_name: str, message_id: str) -> list[AtomEntry]:
    """The messages of the thread of `message_id` from its Atom feed (`t.atom`); [] when unknown."""
    got = fetcher.fetch(message_url(base_url, list_name, message_id) + "t.atom", conditional=False)
    if got.status == 404 or got.path is None:
        return []
    if looks_like_html(got.path.read_bytes()[:512]):
        raise FetchError(got.url, "an HTML page where an Atom feed was expected")
    return parse_atom(got.path.read_bytes())


def fetch_epochs(fetcher: Fetcher, base_url: str, list_name: str) -> dict[int, dict]:
    """The list's git epochs from `/<list>/manifest.js.gz`: {N: its manifest entry (`fingerprint`,
    `modified`)}. Asked with If-Modified-Since, so an unchanged manifest costs a 304 where honoured."""
    url = list_url(base_url, list_name) + "manifest.js.gz"
    got = fetcher.fetch(url, expect="gzip")
    if got.status == 404 or got.path is None:
        raise FetchError(url, "no manifest.js.gz: not a public-inbox v2 inbox (or git access is off)")
    text_path = got.path.with_name(got.path.name + ".json")
    try:
        gunzip_capped(got.path, text_path, 64 * 1024 * 1024, url)
        manifest = json.loads(text_path.read_text("utf-8"))
    except (ValueError, FetchError) as exc:
        fetcher.forget(url)
        raise FetchError(url, f"unreadable manifest: {exc}") from exc
    epochs: dict[int, dict] = {}
    for path, entry in manifest.items():
        parts = path.strip("/").split("/")
        if len(parts) >= 3 and parts[-2] == "git" and parts[-1].endswith(".git") and parts[-1][:-4].isdigit():
            epochs[int(parts[-1][:-4])] = entry if isinstance(entry, dict) else {}
    return epochs


def mirror_epoch(base_url: str, list_name: str, epoch: int, inbox_dir: Path) -> bool:
    """Clone (first time) or fetch (after) epoch `epoch` into `inbox_dir/git/<N>.git` with git itself;
    True when the epoch's head moved. FetchError when git fails."""
    url = f"{list_url(base_url, list_name)}git/{epoch}.git"
    dest = inbox_dir / "git" / f"{epoch}.git"
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0"}
    config = ["-c", f"http.userAgent={USER_AGENT}", "-c", "http.followRedirects=false"]
    before = _git_head(dest) if dest.exists() else None
    if dest.exists():
        command = ["git", *config, "--git-dir", str(dest), "fetch", "--quiet", "--prune", url, "+refs/*:refs/*"]
    else:  # clone beside and rename, so an existing epoch directory is always a complete clone
        dest.parent.mkdir(parents=True, exist_ok=True)
        partial = dest.with_name(dest.name + ".part")
        shutil.rmtree(partial, ignore_errors=True)
        command = ["git", *config, "clone", "--quiet", "--mirror", url, str(partial)]
    try:
        subprocess.run(command, check=True, capture_output=True, text=True, env=env, timeout=GIT_TIMEOUT_S)
    except subprocess.CalledProcessError as exc:
        raise FetchError(url, f"git failed: {(exc.stderr or '').strip().splitlines()[-1:] or exc}") from exc
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise FetchError(url, f"git failed: {exc}") from exc
    if before is None and not dest.exists():
        os.replace(partial, dest)
    return _git_head(dest) != before


def _git_head(git_dir: Path) -> str | None:
    result = subprocess.run(["git", "--git-dir", str(git_dir), "rev-parse", "--verify", "-q", "HEAD"],
                            capture_output=True, text=True)
    return result.stdout.strip() or None


def _gunzip(fetcher: Fetcher, src: Path, dest: Path, url: str) -> None:
    try:
        gunzip_capped(src, dest, fetcher.max_gunzip_bytes, url)
    except FetchError:
        fetcher.forget(url)
        raise


def _copy(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".part")
    partial.write_bytes(src.read_bytes())
    os.replace(partial, dest)
