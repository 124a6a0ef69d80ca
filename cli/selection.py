"""``aeref validate``, ``pairs``, ``check`` and ``why`` (FORMAT 5; rules 1.1.3)."""
from __future__ import annotations

from itertools import islice

import click

from ..api import Undecided
from ..model.files.decks import country_notes
from ..model.files.load import read_state
from ..model.game.vocabulary import faction_name, join_and, plural
from .arguments import BadInput, card_arg, load, privates_given, require_faction, selection_args
from .common import EXIT_ILLEGAL, EXIT_INCOMPLETE, EXIT_OK, budget, print_problems, problems_exit, tabulate
from .jsonout import emit_json
from .liveline import live_line
from .options import (
    STDIN_HELP, Count, card_option, faction_option, interp_option, json_option, state_argument, time_limit_option,
)
from .options import as_option, private_option
from .text import natural as _natural, interpretations_text

#: Rows of the ``pairs`` table shown when ``--limit`` is not given.
DEFAULT_ROWS = 50
#: The most rows ``pairs --limit 0`` prints as a table (more: use --count, --limit or --json).
MAX_TABLE_ROWS = 100_000


def count_text(number: int, complete: bool, interrupted: bool = False) -> str:
    """``1,234 legal selections``, or ``at least 12 legal selections (not complete: the time limit)``
    (``interrupted``: ``(not complete: interrupted by Ctrl-C)``)."""
    text = f"{number:,} legal selection{'s' if number != 1 else ''}"
    why = "interrupted by Ctrl-C" if interrupted else "the time limit"
    return text if complete else f"at least {text} (not complete: {why})"


def _card_cell(pos, cid):
    if cid is None:
        return "-"
    c = pos.cards[cid]
    return f"{c.number} {c.name}"


@click.command(epilog=STDIN_HELP)
@state_argument()
@click.option("--state", "state_file", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="With an allocation file: the state file it is checked against; with a private file: its public file.")
@json_option
@private_option
def validate(state, state_file, as_json):
    """Load STATE and its decks and report every problem. A deck file (a
    mapping with `cards:` and no `game:`) is checked on its own: every card's
    fields, one card per number, the © twins. An allocation file (a list of
    {unit, location, paid-with}) is checked against its state file (--state).
    A private file (`private: FACTION`) is checked joined to its public file
    (STEM.yaml beside STEM.FACTION.private.yaml, or --state).

    \b
    Example:
      aeref validate examples/ae-soviet-production.yaml
      aeref validate examples/decks/soviet.yaml
      aeref validate examples/tk-soviet-allocation.yaml --state examples/tk-soviet-replacements.yaml
    """
    from .validate_allocation import is_allocation, state_option_misused, validate_allocation
    from .validate_deck import is_deck, validate_deck
    from .validate_private import is_private, validate_private

    if is_allocation(state):
        return validate_allocation(state, state_file, as_json)
    faction = is_private(state)
    if faction is not None:
        return validate_private(state, faction, state_file, privates_given(), as_json)
    if state_file is not None:
        raise BadInput(str(state_option_misused(state)))
    if is_deck(state):
        return validate_deck(state, as_json)
    pos, problems = read_state(state, privates=privates_given())
    notes = country_notes(pos) if pos is not None else []
    if as_json:
        out = {"ok": not problems, "problems": [p.as_json() for p in problems]}
        if notes:
            out["notes"] = [p.as_json() for p in notes]
        emit_json(out)
    elif not problems:
        n = sum(len(fm.hand) for f in pos.factions.values() for fm in f.values())
        click.echo(
            f"OK: {state}: {pos.game.upper()} {pos.turn}, {plural(len(pos.cards), 'card')}, "
            f"factions {join_and(pos.factions) or 'none'}, {plural(n, 'card')} in hands"
        )
        for note in notes:
            click.echo(f"Note: {note}")
    else:
        return print_problems(problems)
    return problems_exit(problems)


@click.command(epilog=STDIN_HELP)
@state_argument()
@faction_option
@json_option
@interp_option
@time_limit_option
@click.option("--limit", "rows", type=Count(), default=DEFAULT_ROWS, show_default=True, metavar="N",
              help="Show at most N selections in the table (0: all, up to 100,000); the count is always exact and "
                   "--json lists every selection.")
@click.option("--count", "count_only", is_flag=True,
              help="Print only the number of legal selections (with --json: {\"count\", \"complete\"}).")
@as_option
@private_option
def pairs(state, faction, as_json, interpretations, time_limit, rows, count_only, viewer):
    """Every legal Pending Card selection of a faction this turn (1.1.3), and why each hand card
    in none of them is left out.

    With --as F of another faction: every selection the faction may have made for some hand F's
    view allows (1.1 face down), each with such a hand, and the cards it may hold.

    Exit code 1 when no legal selection exists other than selecting nothing, 4 when the time limit
    ended the enumeration before every selection was found (130: Ctrl-C did).

    \b
    Example:
      aeref pairs examples/ae-soviet-production.yaml --faction soviet
      aeref pairs examples/ae-soviet-production.yaml --faction soviet --as western
    """
    limit = budget(time_limit)
    pos = load(state, interpretations, limit)
    f = require_faction(pos, faction)
    if viewer is not None:
        from .others import hidden, print_pairs
        pos = pos.view(viewer.lower())
        if hidden(pos, f, viewer):
            with live_line(as_json) as progress:
                return print_pairs(pos, f, as_json, limit, rows, count_only, progress, _natural)
    with live_line(as_json) as progress:
        legal = pos.legal_selections(f, limit, progress)
        complete, excluded = legal.complete, legal.excluded()
    made = legal.selection_made
    counted = legal.count()
    if count_only:
        if as_json:
            emit_json({"count": counted.number, "complete": counted.complete})
        else:
            click.echo(f"{counted.number}" if counted.complete else count_text(counted.number, False, limit.interrupted))
        return _pairs_exit(legal, counted.complete)
    if not as_json and rows == 0 and counted.number > MAX_TABLE_ROWS:
        raise BadInput(f"{state}: {count_text(counted.number, counted.complete)}: too many to list; "
                       "use --count or --limit")
    if as_json:
        # streamed as it is written; the time limit cuts the list short (count: those written)
        out = legal.as_json(stream=True, stop=lambda: limit.limited and limit.left() <= 0)
        emit_json(out)
        return _pairs_exit(legal, out["complete"]())
    else:
        click.echo(f"Legal Pending Card selections: {faction_name(f)}, {pos.turn} ({pos.game.upper()}), "
                   f"revealed in {pos.turn.next()}")
        if made is not None:
            shown_made = ", ".join(f"{m.upper()} {_card_cell(pos, c)}" if c else f"no {m.upper()} card" for m, c in made.items())
            words = pos.final_message(f, made, shown_made)
            click.echo(f"Card selection is final (1.1.3): {words.split(': ', 1)[1]}.")
        if made is not None and not counted.number and complete:
            click.echo("That selection breaks a restriction (`aeref check` says which): at the reveal it returns to "
                       "the hand (1.1.1 Step 2).")
        elif legal.nothing_only:
            click.echo("No Pending Card can be selected without violating a restriction: the faction must say so "
                       "and will reveal no new Current Card next Seasonal Phase (1.1.3).")
        else:
            ordered = legal.ordered(pos.maps, _natural)     # the first rows in the order people read them
            cut = list(islice(ordered, rows)) if rows else list(ordered)
            table = [[i + 1] + [_card_cell(pos, ch[m]) for m in pos.maps] for i, ch in enumerate(cut)]
            click.echo(tabulate(table, headers=["#"] + [m.upper() for m in pos.maps], tablefmt="simple"))
            if len(cut) < counted.number:
                click.echo(f"... and {counted.number - len(cut):,} more (--limit 0 shows every selection, --json "
                           "lists them)")
            click.echo(count_text(counted.number, complete, limit.interrupted) + ".")
        if excluded:
            click.echo("In no legal selection:")
            for a in excluded:
                click.echo(f"  {a.map.upper()} {_card_cell(pos, a.card)}: {a.message}")
        for note in legal.notes:
            click.echo(f"Note: {note}")
        click.echo(interpretations_text(legal.as_json(stream=True)["interpretations"]))
    return _pairs_exit(legal, complete)


def _pairs_exit(legal, complete: bool) -> int:
    """``pairs``' exit code: 4 when the enumeration is not complete, 1 when it proved that nothing but
    selecting nothing is legal (exit 1 claims that nothing else is legal), else 0."""
    if not complete:
        return EXIT_INCOMPLETE
    return EXIT_ILLEGAL if legal.nothing_only else EXIT_OK


@click.command(epilog=STDIN_HELP)
@state_argument()
@faction_option
@card_option("tk", "The proposed TK Pending Card (id or number).")
@card_option("ds", "The proposed DS Pending Card (id or number).")
@json_option
@interp_option
@as_option
@private_option
def check(state, faction, tk_card, ds_card, as_json, interpretations, viewer):
    """Rule on one proposed Pending Card selection (1.1.3). A slot left out means no card.

    With --as F of another faction: possible (legal for some hand F's view allows, 1.1 face down)
    with such a hand, or impossible whatever the faction holds, with the rules why.

    Exit code 0 when legal (possible), 1 when illegal (impossible).

    \b
    Example:
      aeref check examples/ae-soviet-production.yaml --faction soviet --tk 38 --ds 24
      aeref check examples/ae-soviet-production.yaml --faction soviet --tk 38 --ds 24 --as western
    """
    pos = load(state, interpretations)
    f = require_faction(pos, faction)
    if viewer is not None:
        from .others import hidden, print_check
        pos = pos.view(viewer.lower())
        if hidden(pos, f, viewer):
            return print_check(pos, f, selection_args(pos, f, tk_card, ds_card), as_json)
    choice = pos.completed(f, selection_args(pos, f, tk_card, ds_card))   # a slot left open by a placed card: 1.1.3
    ruling = pos.check(f, tk=choice.get("tk"), ds=choice.get("ds"))
    if as_json:
        emit_json(ruling.as_json())
    else:
        for line in ruling_lines(pos, f, choice, ruling):
            click.echo(line)
    return EXIT_OK if ruling.legal else EXIT_ILLEGAL


def ruling_lines(pos, faction: str, choice: dict, ruling) -> list[str]:
    """The text of `check`'s ruling on ``choice`` (map -> card id; a map left out: no card), line by line."""
    def cell(m):
        cid = choice.get(m)
        if not cid:
            return "no card"
        return _card_cell(pos, cid) if pos.cards[cid].map == m else f"{cid} {pos.cards[cid].name}"
    shown = ", ".join(f"{m.upper()} {cell(m)}" for m in pos.maps)
    return ([f"{'Legal' if ruling.legal else 'Illegal'}: {faction_name(faction)} Pending Cards {shown}"]
            + [f"  {v}" for v in ruling.violations] + [f"  Note: {n}" for n in ruling.notes]
            + [interpretations_text(ruling.interpretations)])


@click.command(epilog=STDIN_HELP)
@state_argument()
@click.argument("card")
@faction_option
@json_option
@interp_option
@time_limit_option
@private_option
def why(state, card, faction, as_json, interpretations, time_limit):
    """Why CARD is in no legal Pending Card selection, or one legal selection with it.

    Exit code 0 when CARD is in a legal selection, 1 when it is in none.

    \b
    Example:
      aeref why examples/ae-soviet-production.yaml tk-soviet-26b --faction soviet
    """
    limit = budget(time_limit)
    pos = load(state, interpretations, limit)
    f = require_faction(pos, faction)
    map_ = pos.maps[0] if len(pos.maps) == 1 else None
    if map_ is None and "-" not in card.strip():
        # a bare number in AE: the faction's card of that number on whichever map has one
        found = [m for m in pos.maps if f"{m}-{f}-{card.strip().lower()}" in pos.cards]
        if len(found) > 1:
            raise BadInput(f"CARD: {faction_name(f)} card {card} exists on both maps: write "
                           f"tk-{f}-{card.strip().lower()} or ds-{f}-{card.strip().lower()}")
        map_ = found[0] if found else pos.maps[0]
    cid = card_arg(pos, card, "CARD", map_, f)
    try:
        ans = pos.why(f, cid, limit)
    except Undecided:
        raise BadInput(f"{state}: the time limit of {time_limit:g} s (or Ctrl-C) ended the search before the solver "
                       f"decided whether {cid} is in a legal selection; raise --time-limit") from None
    if as_json:
        emit_json(ans.as_json())
    else:
        c = pos.cards[cid]
        if ans.legal:
            shown = ", ".join(f"{m.upper()} {_card_cell(pos, ans.example.get(m))}" for m in pos.maps)
            click.echo(f"{cid} {c.name} is in a legal selection, for example: {shown}")
        else:
            click.echo(f"{cid} {c.name} is in no legal selection:")
            for v in ans.violations:
                click.echo(f"  {v}")
            if not ans.complete:
                click.echo(f"  (the time limit of {time_limit:g} s was reached while the rules were narrowed down: "
                           "these rules together exclude the card, but fewer of them may do)")
        for note in ans.notes:
            click.echo(f"Note: {note}")
        click.echo(interpretations_text(ans.interpretations))
    return EXIT_OK if ans.legal else EXIT_ILLEGAL
