"""`miner serve`: Datasette over a listminer database, with the project's metadata (`db/metadata.yaml`)
and the templates and plugin of `web/`.

Datasette runs in this process (its own command line, called as a library), so stopping `miner serve`
stops the server. `db/metadata.yaml` describes the database under the name `listminer`; Datasette names a
database after its file, so the metadata is rewritten for the file actually served and handed to
Datasette as a temporary JSON file that lives as long as the server.
"""

from __future__ import annotations

import json
import logging
import signal
import tempfile
from pathlib import Path

import yaml

import db as db_package
import web as web_package
from miner.pipeline.database import open_database

log = logging.getLogger(__name__)

METADATA_PATH = Path(db_package.__file__).resolve().parent / "metadata.yaml"
WEB_DIR = Path(web_package.__file__).resolve().parent
TEMPLATES_DIR = WEB_DIR / "templates"
PLUGINS_DIR = WEB_DIR / "plugins"
METADATA_DATABASE = "listminer"
# Message bodies are long: cut them in table pages (the row page shows the whole message). The canned
# queries and evidence pages read the views over a whole archive: give them 5 s, not Datasette's 1 s.
_DATASETTE_SETTINGS = {"truncate_cells_html": "300", "default_page_size": "50", "facet_time_limit_ms": "500",
                       "sql_time_limit_ms": "5000"}


def load_metadata(database_name: str) -> dict:
    """`db/metadata.yaml` with its database section under `database_name` (the served file's stem)."""
    metadata = yaml.safe_load(METADATA_PATH.read_text(encoding="utf-8"))
    databases = metadata.get("databases", {})
    if METADATA_DATABASE in databases:
        databases[database_name] = databases.pop(METADATA_DATABASE)
    return metadata


def datasette_args(db_path: str, metadata_path: str, *, host: str, port: int) -> list[str]:
    """The `datasette serve` arguments for one database with listminer's metadata, templates and plugin."""
    args = ["serve", db_path, "--metadata", metadata_path, "--template-dir", str(TEMPLATES_DIR),
            "--plugins-dir", str(PLUGINS_DIR), "--host", host, "--port", str(port)]
    for name, value in _DATASETTE_SETTINGS.items():
        args += ["--setting", name, value]
    return args


def serve(db_path: str, *, host: str = "127.0.0.1", port: int = 8001) -> None:
    """Serve `db_path` with Datasette until interrupted (Ctrl-C or SIGTERM), then return.

    Raises DatabaseError when the database does not exist (serving would silently create an empty one) or
    is not a listminer database. The schema and views are brought up to date first, so an older database
    shows the same pages; opening a current one writes nothing, so serving starts while an import writes.
    """
    path = Path(db_path)
    open_database(db_path, create=False).close()
    from datasette.cli import cli as datasette_cli  # Datasette's command line, imported only when serving

    # uvicorn re-raises the SIGINT/SIGTERM that stopped it once it has shut down; as KeyboardInterrupt
    # both unwind through here, so the temporary metadata is removed and stopping counts as a normal end.
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        with tempfile.TemporaryDirectory(prefix="listminer-serve-") as tmp:
            metadata_path = Path(tmp) / "metadata.json"
            metadata_path.write_text(json.dumps(load_metadata(path.stem), ensure_ascii=False), encoding="utf-8")
            log.info("serving %s on http://%s:%s/", db_path, host, port)
            datasette_cli.main(args=datasette_args(str(path), str(metadata_path), host=host, port=port),
                               prog_name="datasette", standalone_mode=False)
    except KeyboardInterrupt:
        log.info("stopped serving %s", db_path)
    finally:
        signal.signal(signal.SIGTERM, previous)
