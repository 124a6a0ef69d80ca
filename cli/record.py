"""``aeref verify`` and ``aeref log``: the game record of a chain of public files, checked link by link
from the mail a player holds, and told turn by turn (docs/face-down.md "The game record")."""
from __future__ import annotations

import click

from .common import EXIT_ILLEGAL, EXIT_OK
from .jsonout import emit_json
from .options import json_option
from ..model.game.vocabulary import plural

_MAIL = click.option("--mail", "mail", type=click.Path(file_okay=False), default=None, metavar="DIR",
                     help="The folder of the files you received (default: the folder of FILE).")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@_MAIL
@json_option
def verify(file, mail, as_json):
    """Check the game record of FILE back to the deal: every file it was made from is one you hold, byte
    for byte; every selection placed only Pending Cards, sealed; every seal opened matches its card; every
    reveal, war state change and next Seasonal Turn is what aeref derives from the file before (1.1.1).
    Exit 0 when the whole chain holds, 1 at the first broken link.

    \b
    Example:
      aeref verify mail/t7.yaml
    """
    from ..api import verify as _verify
    v = _verify(file, mail)
    if as_json:
        emit_json(v.as_json())
    else:
        s = v.summary()
        if v.holds:
            click.echo(f"The game record of {file} holds: {plural(len(v.links), 'file')} from the deal "
                       f"({v.links[0].file}), {s['turns'][0]} to {s['turns'][-1]}; "
                       f"{plural(s['selections'], 'selection')}, {plural(s['opened'], 'seal')} opened.")
            click.echo(f"  The deal is {s['deal']['digest']}: the same for every player (compare it once).")
        else:
            b = v.broken
            click.echo(f"Broken: {b['file']}: {b['where']}: {b['message']}" + (f" ({b['rule']})" if b['rule'] else ""))
            if v.links:
                click.echo(f"  (the {len(v.links)} files after it, up to {file}, hold)")
    return EXIT_OK if v.holds else EXIT_ILLEGAL


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@_MAIL
@click.option("--as", "viewer", default=None, metavar="FACTION",
              help="Your faction: your own sealed cards are named (with your private files, --private).")
@click.option("--private", "privates", multiple=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="Your private files (repeatable): your own sealed Pending Cards are named in the log.")
@json_option
def log(file, mail, viewer, privates, as_json):
    """The game turn by turn from the game record of FILE: the deal, each selection (placed or sealed),
    each next Seasonal Turn, each reveal (the seals opened, the Current Cards) and war state change, as
    every player may see them; with --as FACTION and its private files, that faction's own sealed cards too.
    The chain is checked as `aeref verify` checks it. Going back a turn is taking the earlier file of the chain.

    \b
    Example:
      aeref log mail/t7.yaml --as axis --private axis/t2.axis.private.yaml
    """
    from ..api import game_log
    v, entries = game_log(file, mail, viewer.lower() if viewer else None, tuple(privates))
    if as_json:
        emit_json({"file": file, "holds": v.holds, "entries": entries, "broken": v.broken})
    else:
        turn = None
        for e in entries:
            if e["turn"] != turn:
                turn = e["turn"]
                click.echo(turn)
            who = f" {e['faction']}" if e.get("faction") else ""
            click.echo(f"  {e['file']}: {e['command']}{who}")
            for ev in e["events"]:
                click.echo(f"    {ev}")
        if not v.holds:
            b = v.broken
            click.echo(f"Broken: {b['file']}: {b['where']}: {b['message']}")
    return EXIT_OK if v.holds else EXIT_ILLEGAL
