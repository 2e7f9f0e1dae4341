"""`python -m miner` runs the same command line as `miner`."""

from miner.cli import cli

cli()
