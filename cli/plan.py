"""``aeref plan``: the Pending Cards of the next Seasonal Turns, proved (rules 1.1.1, 1.1.3 - 1.1.3.3, 12)."""
from __future__ import annotations

import click

from ..api import InputError
from ..model.files.atomic import FileExists
from ..model.game.vocabulary import faction_name, plural
from .arguments import load, require_faction
from .common import EXIT_ILLEGAL, EXIT_OK, BadInput, budget
from .jsonout import emit_json
from .liveline import live_line
from .others import hand_lines
from .options import STDIN_HELP, OutputFolder, as_option, private_option, faction_option, force_option, interp_option, json_option, plan_goal_options, state_argument, time_limit_option
from .text import interpretations_text
from .writing import _refused


def _cell(pos, m, cid):
    if not cid:
        return f"{m.upper()} no card"
    c = pos.cards[cid]
    return f"{m.upper()} {c.number} {c.name}"


def _timeline(pos, steps, indent="    "):
    lines = []
    for s in steps:
        cards = ", ".join(_cell(pos, m, c) for m, c in s.choice.items())
        lines.append(f"{indent}{s.turn}: select {cards} -> revealed in {s.reveal_turn}")
        lines += [f"{indent}  {c}" for c in s.changes]
    return lines


def _text(pos, ans) -> list[str]:
    r = ans.result
    out = [f"Plan for the {faction_name(r.faction)} faction, {r.start} to {r.last} "
           f"(a card selected in a Seasonal Turn is revealed in the next, 1.1.3)"]
    if r.goal.empty:
        for e in r.earliest:
            name = f"{e.card} {pos.cards[e.card].name}"
            if e.turn is not None:
                out.append(f"  {name}: earliest {e.turn} (proved: no plan reveals it earlier)")
                out += _timeline(pos, e.plan)
                if e.reasons:
                    out.append(f"    not in {e.turn.ahead(-1)}: a minimal set of the rules that stop it (each in a "
                               f"Seasonal Turn of the plan):")
                    out += [f"      {rule}: {msg}" for rule, msg in e.reasons]
            elif e.proved:
                out.append(f"  {name}: cannot be revealed by {r.last}: a minimal set of the rules that stop it "
                           f"in every Seasonal Turn from {r.start} to {r.last.ahead(-1)} (each in its turn):")
                out += [f"      {rule}: {msg}" for rule, msg in e.reasons]
            else:
                out.append(f"  {name}: not found; proved not before {e.not_before} (the time limit ended the search)")
    else:
        want = ", ".join(r.goal.want) or "nothing"
        by = f" by {r.goal.by}" if r.goal.by else f" by {r.last}"
        avoid = f", never {', '.join(r.goal.avoid)}" if r.goal.avoid else ""
        out.append(f"  Goal: reveal {want}{by}{avoid}")
        if r.goal_plan is not None:
            out.append(f"  Earliest: {r.goal_turn} (proved: no plan reaches the goal earlier)")
            out += _timeline(pos, r.goal_plan)
        elif r.complete:
            out.append(f"  No plan reaches the goal; these wanted cards cannot all come: {', '.join(r.conflict)}")
            if r.conflict_rules:
                out.append("  a minimal set of the rules that keep them from all coming (each in a Seasonal Turn):")
                out += [f"      {rule}: {msg}" for rule, msg in r.conflict_rules]
        else:
            out.append("  No plan found before the time limit ended the search (not proved impossible)")
    if r.count is not None:
        out.append(f"  Plans: {r.count}" if r.count_exact else f"  Plans: at least {r.count} (the search was stopped)")
    out.append("  Assumed:")
    out += [f"    {f}" for f in r.facts]
    if not r.complete:
        out.append("  Not proved in full: the time limit ended the search (raise --time-limit)")
    out.append(interpretations_text(r.interpretations))
    return out


@click.command(epilog=STDIN_HELP)
@state_argument()
@faction_option
@plan_goal_options()
@click.option("--count", "count", is_flag=True, help="Count the distinct plans over the horizon.")
@click.option("--write-dir", "write_dir", type=OutputFolder(), default=None, metavar="DIR",
              help="Write the position after each planned turn into DIR.")
@force_option
@json_option
@interp_option
@time_limit_option
@as_option
@private_option
def plan(state, faction, turns, want, by, avoid, count, assume, write_dir, force, as_json, interpretations, time_limit,
         viewer):
    """Plan a faction's Pending Cards over the next Seasonal Turns (1.1.1, 1.1.3): for every
    card of its hand the earliest turn it can be revealed in, with a plan and the rules that stop it
    the turn before; with --want/--by/--avoid the earliest plan that reaches the goal, or the wanted
    cards that cannot all come. Each turn is ruled by the selection rules on the position that turn
    reaches, and every plan shown is re-checked turn by turn. What the faction does not decide stays
    as in the file (listed under Assumed).

    With --as F of another faction (its hand face down in F's view, 1.1): for every card it may
    hold the earliest turn it can be revealed in for some hand F's view allows, with that hand and
    its plan; with --want/--by the earliest plan of any hand (each consistent hand is planned).

    Exit code 0, or 1 when a goal cannot be reached.

    \b
    Example:
      aeref plan examples/tk-axis-1939-plan.yaml --faction axis --turns 4
      aeref plan examples/ds-1941.yaml --faction axis --as western --turns 3
    """
    limit = budget(time_limit)
    pos = load(state, interpretations, limit)
    f = require_faction(pos, faction)
    if viewer is not None:
        pos = pos.view(viewer.lower())
        if viewer.lower() not in ("referee", f):
            if avoid or count or write_dir:
                raise BadInput("--avoid, --count and --write-dir plan a faction's own hand: with --as of another "
                               "faction only --turns, --want, --by and --assume are read")
            return _possible(pos, f, turns, want, by, assume, as_json, limit)
    try:
        with live_line(as_json) as progress:
            ans = pos.plan(f, turns, want, by, avoid, count, assume, time_limit=limit, progress=progress)
    except (ValueError, InputError) as exc:
        raise BadInput(str(getattr(exc, "message", None) or exc)) from None
    if write_dir:
        try:
            ans.write_dir(write_dir, force)
        except (FileExists, OSError) as exc:
            raise _refused("--write-dir", exc.path if isinstance(exc, FileExists) else write_dir, exc) from None
    if as_json:
        emit_json(ans.as_json())
    else:
        for line in _text(pos, ans):
            click.echo(line)
        for w in ans.written:
            click.echo(f"Wrote {w}")
    r = ans.result
    return EXIT_ILLEGAL if not r.goal.empty and r.goal_plan is None and r.complete else EXIT_OK


def _hand_text(pos, h) -> str:
    """A hand of the answer, map by map (card numbers), and the Pending Cards face down it assumes."""
    def num(c):
        return pos.cards[c].number
    parts = []
    for m, cs in h["hand"].items():
        placed = f" and the Pending Card {num(h['pending'][m])}" if m in h["pending"] else ""
        parts.append(f"{m.upper()} {', '.join(num(c) for c in cs) or 'no card'}{placed}")
    return "; ".join(parts)


#: The bound of every hand (aeref/solver/plan/hidden_plan.py), as the text names it.
BOUND_HAND = "every card it may hold in hand and no slot it must fill (a bound of every hand)"


def _possible_text(pos, ans) -> list[str]:
    """``plan --as``: per card G may hold its earliest turn over every hand, with a hand and its plan."""
    r = ans.result
    g, v = faction_name(r.faction), faction_name(r.viewer)
    then = f", then {plural(r.planned, 'hand')} planned, each as its own plan" if r.planned else ""
    out = [f"Plan for the {g} faction as the {v} faction sees it, {r.start} to {r.last}: over every hand the "
           f"{g} faction may hold (1.1 face down; {r.hands:,} consistent hand{'s' if r.hands != 1 else ''}, one plan with every card it may hold "
           f"bounding them all{then})"]
    out += hand_lines(pos, ans)
    if r.goal.empty:
        for b in r.earliest:
            name = f"{b.card} {pos.cards[b.card].name}"
            if b.turn is not None and b.proved:
                hand = _hand_text(pos, b.hand)
                out.append(f"  {name}: earliest {b.turn} whatever the {g} faction holds (proved over every hand); "
                           f"reached with the hand {hand}:")
                out += _timeline(pos, b.earliest.plan)
                if b.earliest.reasons:
                    out.append(f"    not in {b.turn.ahead(-1)} with that hand: a minimal set of the rules that stop it:")
                    out += [f"      {rule}: {msg}" for rule, msg in b.earliest.reasons]
            elif b.proved:
                out.append(f"  {name}: cannot be revealed by {r.last} whatever the {g} faction holds (proved over "
                           "every hand)")
                if b.stopped is not None and b.stopped.reasons:
                    hand = _hand_text(pos, b.hand) if b.hand else BOUND_HAND
                    out.append(f"    with {hand}: a minimal set of the rules that stop it in every turn:")
                    out += [f"      {rule}: {msg}" for rule, msg in b.stopped.reasons]
            elif b.not_before is not None and r.complete:
                found = (f"; the earliest found {b.turn}, with the hand {_hand_text(pos, b.hand)}" if b.turn is not None
                         else "; no hand planned reveals it")
                out.append(f"  {name}: not before {b.not_before} whatever the {g} faction holds (proved with "
                           f"{BOUND_HAND}){found} (not proved: the hands are too many to plan one by one)")
            else:
                out.append(f"  {name}: not found before the time limit ended the search (not proved)")
    else:
        by = f" by {r.goal.by}" if r.goal.by else f" by {r.last}"
        out.append(f"  Goal: reveal {', '.join(r.goal.want)}{by}")
        if r.goal_plan is not None:
            hand = _hand_text(pos, r.goal_hand)
            out.append(f"  Possible: earliest {r.goal_turn} (proved over every hand), with the hand {hand}:")
            out += _timeline(pos, r.goal_plan)
        elif r.complete:
            out.append(f"  Impossible whatever the {g} faction holds: no consistent hand has a plan that reaches it")
            if r.goal_stopped is None:
                out.append(f"    no hand the {g} faction may hold has every wanted card")
            else:
                hand, cards, rules = r.goal_stopped
                shown = f"the hand {_hand_text(pos, hand)}" if hand else BOUND_HAND
                out.append(f"    with {shown}: these wanted cards cannot all come: {', '.join(cards)}")
                if rules:
                    out.append("    a minimal set of the rules that keep them from all coming (each in a Seasonal Turn):")
                    out += [f"      {rule}: {msg}" for rule, msg in rules]
        else:
            out.append("  No plan found before the time limit ended the search (not proved impossible)")
    out.append("  Assumed:")
    out += [f"    {f}" for f in r.facts]
    out.append(f"    {ans.as_json()['assumes']}")
    if not r.complete:
        out.append("  Not proved in full: the time limit ended the search (raise --time-limit)")
    out.append(interpretations_text(r.interpretations))
    return out


def _possible(pos, f, turns, want, by, assume, as_json, limit) -> int:
    """``plan --faction G --as F``: the answer of :meth:`aeref.api.Position.possible_plan`, printed."""
    try:
        with live_line(as_json) as progress:
            ans = pos.possible_plan(f, turns, want, by, assume, time_limit=limit, progress=progress)
    except InputError as exc:
        raise BadInput(exc.one_line()) from None      # the file and the place in it (a deck, previous:, the hand)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        emit_json(ans.as_json())
    else:
        for line in _possible_text(pos, ans):
            click.echo(line)
    r = ans.result
    return EXIT_ILLEGAL if not r.goal.empty and r.goal_plan is None and r.complete else EXIT_OK
