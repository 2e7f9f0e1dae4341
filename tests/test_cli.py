"""The command line as a whole: every command has help text, an example, and a row in README."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from miner.app.cli import cli

from conftest import REPO


def _commands(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    found = []
    for name, command in group.commands.items():
        found.append((f"{prefix}{name}", command))
        if isinstance(command, click.Group):
            found.extend(_commands(command, f"{prefix}{name} "))
    return found


COMMANDS = _commands(cli)


@pytest.mark.parametrize("name, command", COMMANDS, ids=[name for name, _ in COMMANDS])
def test_every_command_has_help_and_is_in_readme(name, command):
    result = CliRunner().invoke(cli, [*name.split(), "--help"])
    assert result.exit_code == 0, result.output
    assert (command.help or "").strip(), f"{name} has no help text"
    if not isinstance(command, click.Group):
        assert "Example:" in command.help, f"{name}'s help has no example"
    assert f"miner {name}" in (REPO / "README.md").read_text(), f"README does not list 'miner {name}'"


def test_usage_error_exits_2():
    result = CliRunner().invoke(cli, ["import"])
    assert result.exit_code == 2


def test_extract_reports_a_bad_file_in_one_line(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    result = CliRunner().invoke(cli, ["extract", "--json", str(empty)])
    assert result.exit_code == 1
    assert result.output.strip().count("\n") == 0 and "empty file" in result.output


def test_python_dash_m_miner_runs():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "miner", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and "miner" in result.stdout


def test_readme_describes_every_table_as_the_metadata_does():
    import yaml

    metadata = yaml.safe_load((REPO / "db" / "metadata.yaml").read_text())
    readme = (REPO / "README.md").read_text()
    for database in metadata["databases"].values():
        for name, table in database["tables"].items():
            assert f"| `{name}` | {table['description'].strip()} |" in readme, name
