"""``aeref deck new``: a deck file skeleton (FORMAT section 2) to type a faction's cards into.

The skeleton holds no card: for each map of the game it holds the form of one card, every
field of FORMAT section 2 commented with what to write there (the required ones first, the
others with their default), to be copied once per card and filled in from the cards.
"""
from __future__ import annotations

import click

from ..model.game.vocabulary import faction_name
from .common import AerefGroup
from .options import OutputFile, Words, faction_choice
from .writing import write_text_safely

#: The fields of a card (FORMAT section 2), in its order: (field, placeholder, what to write).
#: A placeholder in capitals is no value: the field must be filled in; the others are the defaults.
FIELDS: tuple = (
    ("number", "NUMBER", "required: the number as printed (3, 26b); one card per number on the map"),
    ("name", "NAME", "required: the name as printed"),
    ("war-state", "WAR-STATE", "required: pre-war (blue) | limited (gray) | total (red)"),
    ("production", "VALUE", "required on Soviet cards: the Soviet Production Value (black circle)"),
    ("combined", "false", "the \u00a9 mark in the upper left corner"),
    ("recyclable", "false", "the \u267a mark"),
    ("rearmament", "false", "the hammer-and-wrench mark"),
    ("blitz", "0", "Blitz Value"),
    ("kinds", "[]", "extra card types: demand, diplomatic-overtures, offensive, war-progress, rearmament, "
                    "blitz-2, limited-war-blitz"),
    ("requires", "[]", "Selection Requirements, all must hold (FORMAT section 3), e.g. [{played: 3}]"),
    ("starts", "null", "the war state the card starts on its map when played: limited | total"),
    ("replacements", "[]", "the Replacements Segment box, e.g. [{nationality: Germany, kind: armor, steps: 3}]"),
)

GAME_MAPS = {"tk": ("tk",), "ds": ("ds",), "ae": ("tk", "ds")}
MAP_NAMES = {"tk": "Totaler Krieg! (TK)", "ds": "Dai Senso! (DS)"}


def skeleton(game: str, faction: str) -> str:
    """The text of a deck file for ``faction``'s cards in ``game`` (tk, ds or ae): comments and
    one commented card form per map, every field of FORMAT section 2 with what to write in it."""
    maps = GAME_MAPS[game]
    lines = [
        "# yaml-language-server: $schema=deck.schema.json",
        f"# The {faction_name(faction)} option cards of {' and '.join(MAP_NAMES[m] for m in maps)}"
        " (a deck file, FORMAT section 2),",
        "# written by `aeref deck new`. It holds no card yet: for each card, copy the commented form",
        "# of its map below `cards:`, remove the \"# \" in front of each line and write what the card",
        "# shows. Words in capitals are to be replaced; a line showing what the card shows already",
        "# (the default) may be left out. Then check the deck: aeref validate THIS-FILE",
        "# The first line gives editors the deck schema; write it next to this file with",
        "#   aeref schema --kind deck -o deck.schema.json",
        "cards:",
    ]
    width = max(len(f"#   {k}: {v}") for k, v, _ in FIELDS) + 2
    for m in maps:
        lines.append(f"# --- a {m.upper()} card:")
        form = [(f"# - map: {m}", f"required: {m}"), (f"#   faction: {faction}", f"required: {faction}")]
        form += [(f"#   {k}: {v}", why) for k, v, why in FIELDS if k != "production" or faction == "soviet"]
        lines += [f"{text.ljust(width)}# {why}" for text, why in form]
    return "\n".join(lines) + "\n"


@click.group(cls=AerefGroup)
def deck():
    """Deck files (FORMAT section 2): `aeref deck new` writes one to type the cards into.

    \b
    Example:
      aeref deck new --game tk --faction axis -o decks/axis.yaml
    """


@deck.command(name="new")
@click.option("--game", required=True, type=Words(["tk", "ds", "ae"]),
              help="The game: tk or ds (one map) or ae (a form for each map).")
@click.option("--faction", "-f", required=True, type=faction_choice(),
              help="The faction whose cards the deck holds.")
@click.option("--output", "-o", type=OutputFile(), default=None, metavar="FILE",
              help="Write the skeleton to FILE (atomically) instead of printing it.")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists (without it an existing file is never replaced).")
def new(game, faction, output, force):
    """A deck file skeleton for a faction's cards: one commented form per map
    with every field of a card (FORMAT section 2) and what to write in it.
    It holds no card data: copy the form once per card and fill it in.

    \b
    Example:
      aeref deck new --game tk --faction axis -o decks/axis.yaml
    """
    text = skeleton(game.lower(), faction.lower())
    if output is None:
        click.echo(text, nl=False)
        return 0
    write_text_safely(output, text, force, "--output")
    click.echo(f"Wrote {output}: a {game.upper()} deck skeleton for the {faction_name(faction.lower())} cards")
    return 0
