"""``aeref reveal`` (1.1.1, 1.1.2.2, *1.1.4), ``aeref war-state`` (12) and ``aeref drm`` (1.1.2.1)."""
from __future__ import annotations

import re

import click

from ..api import SEGMENTS
from ..model.game.vocabulary import faction_name
from .arguments import BadInput, card_arg, choose_map, country_arg, load, require_faction
from .common import EXIT_ILLEGAL, EXIT_OK
from .jsonout import emit_json
from .options import (
    OutputFile, STDIN_HELP, faction_choice, force_option, interp_option, json_option, map_option, state_argument,
    war_state_choice,
)
from .options import private_option, unseal_cards, unseal_option
from .text import interpretations_text
from .writing import write_answer, written_name

remove_option = click.option("--remove", "remove", multiple=True, metavar="COUNTRY",
                             help="12.3 Steps 3-5: the Axis faction removes this country's optional Acceptance, "
                                  "Neutrality or Surrender Policy or Truce marker (repeatable).")


@click.command(epilog=STDIN_HELP)
@state_argument()
@click.option("--faction", "-f", required=True, type=faction_choice("all"),
              help="The faction revealing, or all: every faction of the file, in the order of play (Axis, Western, Soviet).")
@click.option("--previous", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="The state file of the Seasonal Turn the Pending Cards were selected in (overrides `previous:`).")
@click.option("--declare-total-war", is_flag=True,
              help="An Allied faction declares Total War after an illegal Axis Current Card (1.1.1).")
@remove_option
@click.option("--repatriate", "repatriate", multiple=True, metavar="UNIT=HEX",
              help="1.1.1 Step 2: place this unit interned on the Pending Card here (a hex or an Off-Map Box), as "
                   "per Placing Replacements (1.3.4); repeatable. Units not named take the best placement.")
@click.option("--remove-card", "remove_cards", multiple=True, metavar="CARD",
              help="1.1.2: the card removed where the Current Card's actions remove a type of card (from the hand "
                   "when the hand holds one); repeatable.")
@click.option("--write", "write", type=OutputFile(), default=None, metavar="FILE",
              help="Write the resulting position as a new state file (ready for `aeref pairs`); its `previous:` "
                   "names the position the Pending Cards were selected in (-: standard output).")
@force_option
@json_option
@interp_option
@private_option
@unseal_option
def reveal(state, faction, previous, declare_total_war, remove, repatriate, remove_cards, write, force, as_json,
           interpretations):
    """Reveal a faction's Pending Cards: the Option Card Procedure (1.1.1 Steps 1-2, *5),
    Reinforcements (1.1.2.2), the war state changes it sets off (12) and *1.1.4.

    STATE's turn is the Seasonal Turn of the reveal; the Pending Cards are
    checked against the position they were selected in (`previous:` or
    --previous). With --faction all every faction reveals, in the order of
    play, each after the one before. Exit code 1 when a revealed card was
    illegal.

    \b
    Example:
      aeref reveal examples/ds-axis-reveal.yaml --faction axis
    """
    pos = load(state, interpretations)
    every = faction.lower() == "all"
    f = "all" if every else require_faction(pos, faction)
    if unseal_cards():              # --unseal MAP=CARD:NONCE: the sealed cards given on the command line
        if every:
            raise BadInput("--unseal: name the faction whose cards they are (--faction, not all)")
        pos = pos.unseal(f, unseal_cards())
    for name in remove:
        country_arg(pos, name, "--remove")
    given = _repatriate_args(repatriate)
    cards = tuple(card_arg(pos, c, "--remove-card", pos.maps[0] if len(pos.maps) == 1 else None,
                           None if every else f) for c in remove_cards)
    try:
        res = pos.reveal(f, previous, declare_total_war, tuple(remove), given, cards)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    if write and res.open_choices and not res.refused:
        raise BadInput("--write: " + "; ".join(e["message"] for e in res.open_choices) + " (nothing was written)")
    if write and not res.refused:
        write_answer(res, write, force, previous=previous)
    if as_json:
        emit_json(res.as_json())
    else:
        said = set()         # with --faction all, a war state fact every faction's reveal repeats is said once
        for one in res.reveals:
            click.echo(f"Option Card Procedure: {faction_name(one.faction)}, {pos.turn} ({pos.game.upper()})")
            for s in one.steps:
                tag = f"[{s.map.upper()}] " if s.map and len(pos.maps) > 1 else ""
                if s.rule == "12" and (tag, str(s)) in said:
                    continue
                said.add((tag, str(s)))
                click.echo(f"  {tag}{s}")
        click.echo(interpretations_text(res.as_json()["interpretations"]))
        if res.refused:
            for v in res.refused:
                click.echo(f"Refused: {v}")
            click.echo("Nothing written: the placement or removal is refused." if write else
                       "The placement or removal is refused.")
        elif write:
            click.echo(f"Wrote {written_name(write)}")
    return EXIT_ILLEGAL if res.illegal or res.refused else EXIT_OK


def _repatriate_args(values) -> dict:
    """``--repatriate UNIT=HEX`` as ``{unit: location}``; raises :class:`BadInput` for one not so written or a
    unit named twice."""
    out: dict = {}
    for v in values:
        uid, sep, loc = str(v).partition("=")
        if not sep or not uid.strip() or not loc.strip():
            raise BadInput(f"--repatriate {v}: write UNIT=HEX, such as G-3=2315 (a hex or an Off-Map Box)")
        if uid.strip() in out:
            raise BadInput(f"--repatriate {v}: unit {uid.strip()} is placed twice")
        out[uid.strip()] = loc.strip()
    return out


@click.command(name="war-state", epilog=STDIN_HELP)
@state_argument()
@map_option
@click.option("--card", default=None, metavar="CARD", help="A card being revealed: the war state it starts (its `starts:`).")
@click.option("--to", "to", type=war_state_choice(), default=None,
              help="A war state going into effect (e.g. total: an Allied declaration after an illegal Axis card).")
@remove_option
@click.option("--write", "write", type=OutputFile(), default=None, metavar="FILE",
              help="Write the resulting position as a new state file (-: standard output).")
@force_option
@json_option
@interp_option
@private_option
def war_state(state, map_, card, to, remove, write, force, as_json, interpretations):
    """The war state of a map (12) and what changes it: an Allied Country with a
    Posture of War, a card's `starts:`, or --to. With the effects of 12.2 or the
    numbered steps of 12.3 that apply, each with its Turn Track box.

    Exit code 1 when --to would go back to an earlier war state (12).

    \b
    Example:
      aeref war-state examples/ds-axis-reveal.yaml --to total
    """
    pos = load(state, interpretations, war_state_due=True)
    m = choose_map(pos, map_)
    for name in remove:
        country_arg(pos, name, "--remove", m)
    if card is not None:
        card = _war_state_card(pos, card, m)
    try:
        ans = pos.war_state_change(m, card, to, tuple(remove))
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    if write and ans.legal:
        write_answer(ans, write, force)
    if as_json:
        emit_json(ans.as_json())
    else:
        click.echo(f"War State, {m.upper()} map, {pos.turn}: {ans.war_state.display} in effect")
        if ans.violation:
            v = ans.violation
            click.echo(f"Illegal: {v['rule']} {v['title']}: {v['message']}")
        else:
            click.echo(f"  {ans.change.headline()}")
            for e in ans.change.effects:
                click.echo(f"  {e}")
        for note in ans.notes:
            click.echo(f"Note: {note}")
        if write and ans.legal:
            click.echo(f"Wrote {written_name(write)}")
    return EXIT_OK if ans.legal else EXIT_ILLEGAL


def _war_state_card(pos, card: str, m: str) -> str:
    """``--card``: the id of a card of map ``m`` (a bare number: the card of that number on this map,
    when only one faction has one); raises :class:`BadInput`."""
    ref = str(card).strip().lower()
    if re.fullmatch(r"[0-9]+[a-z]?", ref):
        ids = sorted(cid for cid, x in pos.cards.items() if x.map == m and x.number == ref)
        if len(ids) != 1:
            which = f"write the full id: {' or '.join(ids)}" if ids else f"no {m.upper()} card has the number {ref}"
            raise BadInput(f"--card {card}: {which}")
        card = ids[0]
    cid = card_arg(pos, card, "--card", m, None)
    c = pos.cards[cid]
    if c.map != m:
        raise BadInput(f"--card: {cid} is a {c.map.upper()} card, not a {m.upper()} card")
    return cid


@click.command(epilog=STDIN_HELP)
@state_argument()
@map_option
@click.option("--country", default=None, metavar="COUNTRY", help="The country selected for the event.")
@click.option("--table", "tables", multiple=True, metavar="TABLE",
              help="The table rolled on, in order (repeatable): current-card, diplomatic-incident, "
                   "international-crisis or any other table's name. Default: current-card.")
@click.option("--segment", type=click.Choice(SEGMENTS), default="option-card",
              help="The Segment of the roll: Political DRMs apply only in the first two.")
@json_option
@private_option
def drm(state, map_, country, tables, segment, as_json):
    """The Political DRM (1.1.2.1) of each roll, term by term: VP marker, USCL,
    and the selected country's Influence or Neutrality marker (only on tables
    that involve that country; it does not carry over).

    \b
    Example:
      aeref drm examples/ds-axis-reveal.yaml --country Hopeh --table current-card \\
          --table diplomatic-incident --table colonialism
    """
    pos = load(state)
    m = choose_map(pos, map_)
    if country is not None:
        country_arg(pos, country, "--country", m)
    try:
        ans = pos.drm(m, tables, country, segment)
    except ValueError as exc:
        raise BadInput(f"--{exc}") from None      # "table 'x': ...", said of the option
    if as_json:
        emit_json(ans.as_json())
    else:
        for i, r in enumerate(ans.rolls, 1):
            click.echo(f"Roll {i}, {r.table}: Political DRM {r.total:+d} (1.1.2.1)")
            for t in r.terms:
                click.echo(f"  {t.value:+d} {t.name}: {t.message}")
    return EXIT_OK
