"""`python -m miner` runs the same command line as `miner`."""

from miner.app.cli import cli

cli()
