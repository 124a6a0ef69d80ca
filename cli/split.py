"""``aeref split``: a whole position as a public file and one private file per faction (1.1 "face down").

The public file (``-o``, default ``STEM.public.yaml``) holds what every player may see: each hand as
``hand-count``, each Pending Card as ``pending-placed: true`` (or its ``sealed:``); each faction's private
file beside it (``STEM.public.FACTION.private.yaml``, mode 0600) holds its hands, Pending Cards and seal
nonces (docs/face-down.md). No comment of the whole file is copied: a comment may name a hidden card.
"""
from __future__ import annotations

import click

from ..api import InputError
from ..model.files.atomic import FileExists
from ..model.game.vocabulary import FACTIONS
from .arguments import load
from .common import BadInput
from .jsonout import emit_json
from .options import force_option, json_option, private_option, state_argument


@click.command()
@state_argument()
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="The public file to write (default: STATE with .public.yaml); the private files go beside it.")
@click.option("--private-dir", "private_dirs", multiple=True, metavar="FACTION=DIR",
              help="Write FACTION's private file into DIR (its player's own folder; repeatable) instead of beside "
                   "the public file.")
@force_option
@json_option
@private_option
def split(state, output, private_dirs, force, as_json):
    """Split a whole position into a public file, which every player may see, and one private file per
    faction (its hands, Pending Cards and seal nonces, 1.1), written beside it with owner-only
    permissions. Nothing is written when a file exists (without --force) or the public file would
    hold a private field.

    \b
    Example:
      aeref split game.yaml -o mail/turn-1.yaml --private-dir axis=axis
    """
    dirs = {}
    for item in private_dirs:
        f, eq, d = item.partition("=")
        if not eq or not d or f.lower() not in FACTIONS:
            raise BadInput(f"--private-dir {item}: write FACTION=DIR, e.g. axis=axis-player")
        dirs[f.lower()] = d
    pos = load(state)
    path = output or (state[:-5] if state.endswith(".yaml") else state) + ".public.yaml"
    try:
        written = pos.split(path, force, dirs)
    except FileExists as exc:
        raise BadInput(f"{'-o' if output else 'split'} {exc.path}: the file exists; give --force to overwrite it "
                       "(nothing was written)") from None
    except InputError:
        raise
    except OSError as exc:
        raise BadInput(f"{path}: cannot write: {getattr(exc, 'strerror', None) or exc}") from None
    private = [p for p in written[1:] if p.endswith(".private.yaml")]
    decks = [p for p in written[1:] if not p.endswith(".private.yaml")]
    if as_json:
        emit_json({"public": written[0], "private": private, "decks": decks})
    else:
        click.echo(f"Wrote the public file {written[0]}")
        for p in private:
            click.echo(f"Wrote the private file {p} (mode 0600: keep it to yourself)")
        for p in decks:
            click.echo(f"Wrote the deck {p} (it goes with the public file: every player needs it)")
    return 0
