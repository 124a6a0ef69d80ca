"""``aeref select`` (1.1.1 Step 4, 1.1.3) and ``aeref next-turn``: a Seasonal Turn by commands."""
from __future__ import annotations

import click

from ..model.game.vocabulary import faction_name
from .arguments import BadInput, load, require_faction, selection_args
from .common import EXIT_ILLEGAL, EXIT_OK
from .jsonout import emit_json
from .options import OutputFile, STDIN_HELP, card_option, faction_option, force_option, interp_option, json_option, state_argument
from .options import as_option, private_option, seal_option, seal_requested
from .text import interpretations_text
from .writing import write_answer, written_name


def _cell(pos, m, cid):
    if not cid:
        return "no card"
    if cid == "face-down":          # another faction's Pending Card, placed face down (1.1)
        return "placed, face down"
    c = pos.cards[cid]
    return f"{c.number} {c.name}" if c.map == m else f"{cid} {c.name}"


@click.command(epilog=STDIN_HELP)
@state_argument()
@faction_option
@card_option("tk", "The TK Pending Card (id or number).")
@card_option("ds", "The DS Pending Card (id or number).")
@click.option("--write", "write", required=True, type=OutputFile(), metavar="FILE",
              help="The state file to write with the selection as the Pending Cards (-: standard output).")
@force_option
@json_option
@interp_option
@private_option
@seal_option
def select(state, faction, tk_card, ds_card, write, force, as_json, interpretations):
    """Select a faction's Pending Cards (1.1.1 Step 4, 1.1.3): rule on the
    selection as `check` does and, if it is legal, write the position with
    the cards placed face down as the Pending Cards. An illegal selection is
    refused with the ruling, and nothing is written. A slot left out means
    no card (1.1.3: only when no card fits it); with no card at all the file
    records the faction's "no card" selection (`selected:` without a Pending
    Card), which `next-turn` needs.

    Exit code 0 when legal (and written), 1 when illegal.

    \b
    Example:
      aeref select examples/ae-aug-1941.yaml --faction axis --tk 22a --ds 28b --write 1941-aug-axis.yaml
    """
    pos = load(state, interpretations)
    f = require_faction(pos, faction)
    choice = selection_args(pos, f, tk_card, ds_card)
    placed = pos.select(f, tk=choice.get("tk"), ds=choice.get("ds"), seal=seal_requested())
    ruling, new = placed.ruling, placed.position
    if new is not None:
        write_answer(placed, write, force)
    if as_json:
        emit_json(placed.as_json())
    else:
        shown = ", ".join(f"{m.upper()} {_cell(pos, m, placed.pending.get(m))}" for m in pos.maps)
        click.echo(f"{'Legal' if ruling.legal else 'Illegal'}: {faction_name(f)} Pending Cards {shown}")
        for v in ruling.violations:
            click.echo(f"  {v}")
        for n in ruling.notes:
            click.echo(f"  Note: {n}")
        click.echo(interpretations_text(ruling.interpretations))
        if new is not None and not any(placed.pending.values()):
            click.echo(f"Wrote {written_name(write)}: the {faction_name(f)} faction selects no card (1.1.3), recorded as "
                       f"selected: {pos.turn}; it reveals no new Current Card in {pos.turn.next()}")
        elif new is not None:
            click.echo(f"Wrote {written_name(write)}: the {faction_name(f)} Pending Cards are placed face down, to be revealed in "
                       f"{pos.turn.next()}")
        if new is not None:
            for m, s in placed.seals.items():
                click.echo(f"Sealed {m.upper()}: {s} (card and nonce in the {faction_name(f)} private file)")
            for p in placed.private_written:
                click.echo(f"Wrote {p} (a private file: give it to its player only)")
        else:
            click.echo("Nothing written: the selection is illegal.")
    return EXIT_OK if ruling.legal else EXIT_ILLEGAL


@click.command(name="next-turn", epilog=STDIN_HELP)
@state_argument()
@click.option("--write", "write", required=True, type=OutputFile(), metavar="FILE",
              help="The state file of the next Seasonal Turn to write (-: standard output, the words on standard error).")
@force_option
@json_option
@as_option
@private_option
def next_turn(state, write, force, as_json, viewer):
    """From the position in which the Pending Cards were selected (STATE),
    the next Seasonal Turn's position, ready for `aeref reveal`: the turn
    advanced by one, `previous:` naming STATE (so that the reveal can check
    the cards, 1.1.1 Step 2), the Pending Cards carried. Moves, combat and
    every other change outside the Seasonal Phase are the players' to enter;
    aeref does not guess them. Refused (exit 2) while Pending Cards of an
    earlier turn await their reveal (`aeref reveal` first) or a faction has
    not made its Step 4 selection (1.1.3: `aeref select` with no card says
    so). With --as FACTION the output shows another faction's Pending Cards
    as placed, face down (1.1); the file is whole.

    \b
    Example:
      aeref next-turn 1941-aug-soviet.yaml --write 1941-nov.yaml
    """
    if state == "-":
        # 1.1.1 Step 2 checks the reveal against STATE, named by previous:; standard input has no name to give
        raise BadInput("next-turn -: the next turn's previous: names STATE (the position the Pending Cards were "
                       "selected in, 1.1.1 Step 2), and standard input has no file name: give STATE as a file")
    pos = load(state)
    res = pos.next_turn(viewer)
    write_answer(res, write, force, previous=state)
    if as_json:
        emit_json(res.as_json())
        return EXIT_OK
    click.echo(f"Next Seasonal Turn: {res.position.turn} ({pos.game.upper()}), after {pos.turn}")
    click.echo(f"  previous: {state} (the position the Pending Cards were selected in, checked at the reveal: 1.1.1 Step 2)")
    for f, maps in res.pending.items():
        cards = ", ".join(f"{m.upper()} {_cell(pos, m, cid)}" for m, cid in maps.items())
        click.echo(f"  {faction_name(f)} Pending Cards to reveal: {cards}")
    for note in res.notes:
        click.echo(f"  {note}")
    click.echo("  Not entered by aeref: moves, combat and every other change outside the Seasonal Phase.")
    click.echo(f"Wrote {written_name(write)}")
    return EXIT_OK
