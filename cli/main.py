"""The ``aeref`` console script."""
from __future__ import annotations

import click

from .common import AerefGroup
from .selection import check, pairs, validate, why


@click.group(cls=AerefGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="aeref")
def cli():
    """aeref: a rules referee for the Seasonal Phase of Totaler Krieg!, Dai Senso! and AE.

    \b
    Example:
      aeref pairs examples/ae-soviet-production.yaml --faction soviet
    """


for _cmd in (validate, pairs, check, why):
    cli.add_command(_cmd)

from .schema import schema  # noqa: E402  (editor support)
cli.add_command(schema)

from .replacements import check_replacements, replacements  # noqa: E402  (1.3)
for _cmd in (replacements, check_replacements):
    cli.add_command(_cmd)

from .procedure import drm, reveal, war_state  # noqa: E402  (1.1.1, 1.1.2.1, 12)
from .logistics import check_logistics, logistics  # noqa: E402  (1.2)
for _cmd in (reveal, war_state, drm, logistics, check_logistics):
    cli.add_command(_cmd)

from .turn import next_turn, select  # noqa: E402  (a Seasonal Turn by commands: 1.1.1 Step 4, 1.1.3)
from .show import show  # noqa: E402  (the whole position)
for _cmd in (select, next_turn, show):
    cli.add_command(_cmd)

from .report import report  # noqa: E402  (one HTML page of the position and its rulings)
cli.add_command(report)


def main() -> None:
    """Entry point of the ``aeref`` console script."""
    cli.main(prog_name="aeref")
