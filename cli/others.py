"""``pairs --faction G --as F`` and ``check --faction G --as F``: what another faction may hold and may
have placed, from F's view (1.1 face down, 1.1.3). Prints the answers of
:meth:`aeref.api.Position.possible_selections` and :meth:`aeref.api.Position.check_possible`."""
from __future__ import annotations

from itertools import islice

import click

from ..api import Undecided
from ..model.game.vocabulary import faction_name, plural
from .common import EXIT_ILLEGAL, EXIT_INCOMPLETE, EXIT_OK, BadInput, tabulate
from .jsonout import emit_json
from .text import interpretations_text, natural as _natural


def hidden(pos, faction: str, viewer) -> bool:
    """``faction``'s hand lies face down in ``viewer``'s view: another faction's (1.1)."""
    return viewer is not None and viewer.lower() not in ("referee", faction)


def _cell(pos, cid) -> str:
    if cid is None:
        return "-"
    c = pos.cards[cid]
    return f"{c.number} {c.name}"


def _slot_cell(pos, m: str, cid) -> str:
    """A card in map ``m``'s slot: its number and name, or, for a card of another map, its id and name."""
    c = pos.cards[cid]
    return _cell(pos, cid) if c.map == m else f"{cid} {c.name}"


def hand_lines(pos, ans) -> list[str]:
    """What G may hold, map by map (1.1: the cards of its deck less those public elsewhere)."""
    name = faction_name(ans.faction)
    out = []
    for h in ans.seen:
        placed = " and a Pending Card placed face down" if h.placed else ""
        size = h.count + h.placed
        cards = ", ".join(_cell(pos, c) for c in h.candidates) if size else "no card"
        known = "known exactly" if h.known else f"{size} of {len(h.candidates)}"
        out.append(f"  {h.map.upper()}: {plural(h.count, 'card')} face down{placed}; may hold ({known}): {cards}")
        if h.left_out:
            out.append("      cannot hold: " + "; ".join(f"{_cell(pos, c)} ({why})" for c, why in h.left_out))
    return [f"The {name} hand as the {faction_name(ans.viewer)} faction sees it (1.1):"] + out


def print_pairs(pos, faction: str, as_json: bool, limit, rows: int, count_only: bool, progress, natural) -> int:
    """``pairs --as``: every selection G may have made for some hand of its count, the table in the order
    ``natural`` (a card's sort key) gives. Exit as ``pairs``."""
    ans = pos.possible_selections(faction, limit, progress)
    if count_only:
        if as_json:
            emit_json({"count": ans.count(), "complete": ans.complete})
        else:
            click.echo(str(ans.count()) if ans.complete else f"at least {ans.count()}")
    elif as_json:
        emit_json(ans.as_json())
    else:
        name = faction_name(faction)
        click.echo(f"Possible Pending Card selections: {name}, {ans.turn} ({pos.game.upper()}), as the "
                   f"{faction_name(ans.viewer)} faction sees them: each legal for some hand the {name} faction may "
                   "hold (1.1, 1.1.3)")
        for note in ans.notes:
            click.echo(f"Note: {note}")
        for line in hand_lines(pos, ans):
            click.echo(line)
        if ans.nothing_only:
            click.echo(f"Only no Pending Card is possible, whatever the {name} faction holds: no card it may hold can be "
                       "selected without violating a restriction, so it must say so (1.1.3).")
        else:
            ordered = sorted(ans.choices, key=lambda ch: tuple(natural(ch[m]) for m in pos.maps))
            shown = list(islice(ordered, rows)) if rows else ordered
            table = [[i + 1] + [_cell(pos, ch[m]) for m in pos.maps] for i, ch in enumerate(shown)]
            click.echo(tabulate(table, headers=["#"] + [m.upper() for m in pos.maps], tablefmt="simple"))
            if len(shown) < ans.count():
                click.echo(f"... and {ans.count() - len(shown):,} more (--limit 0 shows every selection, --json lists "
                           "them with a hand that allows each)")
            words = f"{ans.count():,} possible selection{'s' if ans.count() != 1 else ''}"
            click.echo(words + ("." if ans.complete else " at least (not complete: the time limit)."))
        click.echo("Assumes: " + ans.as_json()["assumes"] + ".")
        click.echo(interpretations_text(ans.interpretations))
    if not ans.complete:
        return EXIT_INCOMPLETE
    return EXIT_ILLEGAL if ans.nothing_only else EXIT_OK


def print_check(pos, faction: str, choice: dict, as_json: bool) -> int:
    """``check --as``: possible for some hand (exit 0) or impossible whatever G holds (exit 1)."""
    try:
        ans = pos.check_possible(faction, tk=choice.get("tk"), ds=choice.get("ds"))
    except Undecided as exc:
        raise BadInput(f"{pos.file}: {exc}") from None
    if as_json:
        emit_json(ans.as_json())
        return EXIT_OK if ans.possible else EXIT_ILLEGAL
    name = faction_name(faction)
    shown = ", ".join(f"{m.upper()} {_slot_cell(pos, m, choice.get(m)) if choice.get(m) else 'no card'}" for m in pos.maps)
    if ans.possible:
        hand = "; ".join(f"{m.upper()} {', '.join(_cell(pos, c) for c in cs) or 'no card'}"
                         for m, cs in ans.hand.items())
        click.echo(f"Possible: {name} Pending Cards {shown}, legal if the {name} hand holds {hand}")
        for note in ans.notes:
            click.echo(f"Note: {note}")
    else:
        click.echo(f"Impossible whatever the {name} faction holds: {name} Pending Cards {shown}")
        for v in ans.violations:
            click.echo(f"  {v}")
        for note in ans.notes:
            click.echo(f"Note: {note}")
        if not ans.complete:
            click.echo("  (the time limit was reached while the rules were narrowed down: fewer of them may do)")
    click.echo(interpretations_text(ans.interpretations))
    return EXIT_OK if ans.possible else EXIT_ILLEGAL


#: The possible selections the page lists for each other faction (the JSON lists all; ``pairs --as`` too).
PAGE_SELECTIONS = 60


def report_others(pos, limit=None) -> list[dict]:
    """``report --as F``: for each other faction, the cards its hand may hold on each map (``cards``: ids;
    ``candidates``: how many) and the selections it may have made (``count``; ``choices``, each a map to a
    card id or None, in FORMAT 5 order, as ``pairs --as`` gives them, without the hands); a faction whose
    selection cannot be asked (its Pending Cards await their reveal) with the reason. Made from the view
    alone (1.1). Empty for the referee's view and a page without ``--as``."""
    from ..api import InputError
    viewer = pos.data.viewer
    if viewer in (None, "referee"):
        return []
    out = []
    for g in pos.factions:
        if g == viewer:
            continue
        row = {"faction": g, "name": faction_name(g)}
        try:
            ans = pos.possible_selections(g, limit)
        except InputError as exc:
            row["note"] = exc.message
        else:
            row["hands"] = [{"map": h.map, "hand-count": h.count, "pending-placed": h.placed,
                             "candidates": len(h.candidates), "known": h.known, "cards": list(h.candidates),
                             "names": [_cell(pos, c) for c in h.candidates],
                             "left-out": [f"{_cell(pos, c)} ({why})" for c, why in h.left_out]} for h in ans.seen]
            row["count"], row["complete"] = ans.count(), ans.complete
            if ans.notes:
                row["notes"] = list(ans.notes)
            row["choices"] = ans.choices
            # in the order and the words of the table of `pairs --as`: its row N is the page's N
            ordered = sorted(ans.choices, key=lambda ch: tuple(_natural(ch.get(m)) for m in pos.maps))
            row["shown"] = [", ".join(f"{m.upper()} {_cell(pos, ch.get(m))}" if ch.get(m) else f"no {m.upper()} card"
                                      for m in pos.maps) for ch in ordered[:PAGE_SELECTIONS]]
        out.append(row)
    return out
