"""The ``aeref`` console script: the group of :mod:`cli.help` (each command's module is
imported only when that command runs)."""
from __future__ import annotations

import click

from .help import ReferenceGroup


@click.group(cls=ReferenceGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(None, "-V", "--version", package_name="aeref")
def cli():
    """aeref: a rules referee for the Seasonal Phase of Totaler Krieg!, Dai Senso! and AE.

    \b
    Example:
      aeref pairs examples/ae-soviet-production.yaml --faction soviet
    """


def main() -> None:
    """Entry point of the ``aeref`` console script."""
    cli.main(prog_name="aeref")
