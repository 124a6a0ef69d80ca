"""The plan on the report page: :func:`plan_timeline` draws the answers of
:meth:`aeref.api.Position.plan` as a timeline per map, a column per Seasonal Turn (the Pending Card selected,
1.1.3, and the Current Card it becomes, 1.1.1 Step 2); :func:`plans` asks for them, refusing a page made
``--as`` another faction (1.1). Only the answers' JSON is read, never the planner's internals."""
from __future__ import annotations

from typing import Optional

from ..api import InputError, Position
from ..model.game.vocabulary import WarState, faction_name
from .arguments import BadInput, require_faction


def card_tile(pos, cid: Optional[str]) -> Optional[dict]:
    """A card as the page draws it (None: "no card")."""
    if cid is None:
        return None
    from .show import _card as card_facts    # lazy: the command module of `show`
    return card_facts(pos.data, cid)


def _plan_turns(pos: Position, first: str, last: str) -> list[str]:
    """The Seasonal Turns from ``first`` to ``last`` (their names as the plan prints them)."""
    start = next((i for i in range(-1, 42) if str(pos.turn.ahead(i)) == first), 0)
    out = []
    for i in range(start, start + 42):
        out.append(str(pos.turn.ahead(i)))
        if out[-1] == last:
            break
    return out


def _plan_text(pos: Position, steps: list) -> str:
    """A plan's turns in ``plan``'s words: each turn's selection and what its reveal changes."""
    lines = []
    for s in steps:
        picks = ", ".join(f"{m.upper()} {_card_words(pos, c)}" for m, c in s["pending"].items())
        lines.append(f"{s['turn']}: select {picks or 'nothing'} -> revealed in {s['reveal']}")
        lines += [f"  {c}" for c in s["changes"]]
    return "\n".join(lines)


def _card_words(pos: Position, cid: Optional[str]) -> str:
    return f"{pos.cards[cid].number} {pos.cards[cid].name}" if cid else "no card"


def _war_chip(change: str) -> str:
    """``Total War (12)`` / ``Limited War (assumed)``: a war state change of a planned turn, short."""
    text = change.split(": ", 1)[1] if change.startswith("12 War State") else change
    name = min((w.display for w in WarState if w.display in text), key=text.index, default="war state")
    return f"\u2192 {name} ({'assumed' if change.endswith('(assumed)') else '12'})"


def _plan_row(pos: Position, m: str, steps: list, current: Optional[str], turns: list[str],
              target: Optional[str] = None, wanted: tuple = ()) -> list[dict]:
    """One plan drawn on ``m``'s timeline: per Seasonal Turn of ``turns`` the Current Card in force
    (``current`` in the first, then the Pending Card revealed that turn, 1.1.1 Step 2) and the Pending Card
    selected (1.1.3); ``None`` where the plan says nothing (the slot is not planned, or the plan is over).
    ``target``: the card the row is about (its reveal is marked earliest); ``wanted``: cards marked wanted."""
    by_turn = {s["turn"]: s for s in steps}
    by_reveal = {s["reveal"]: s for s in steps}
    cells = []
    for i, t in enumerate(turns):
        cell: dict = {"turn": t, "current": None, "pending": None, "mark": "", "war": []}
        if i == 0:
            cell["current"] = {"card": card_tile(pos, current), "how": "file"}
        elif t in by_reveal and m in by_reveal[t]["pending"]:
            cid = by_reveal[t]["pending"][m]
            cell["current"] = {"card": card_tile(pos, cid), "how": "revealed"}
            # the war state the reveal puts in effect on this map (12), or one assumed from this turn
            cell["war"] = [{"text": _war_chip(c), "whole": c} for c in by_reveal[t]["changes"]
                           if f"{m.upper()} map" in c and (c.startswith("12 War State") and "goes into effect" in c
                                                            or c.endswith("(assumed)"))]
            if cid and cid == target:
                cell["mark"] = "earliest"
            elif cid and cid in wanted:
                cell["mark"] = "wanted"
        if t in by_turn and m in by_turn[t]["pending"]:
            cell["pending"] = {"card": card_tile(pos, by_turn[t]["pending"][m])}
        cells.append(cell)
    return cells


def plan_timeline(pos: Position, earliest, goal=None) -> dict:
    """The plan drawn as a timeline per map: a column per Seasonal Turn of the horizon, in each
    the Pending Card selected (1.1.3) and the Current Card it becomes when revealed the next turn (1.1.1).

    ``earliest``: the :class:`aeref.answers.Plan` of :meth:`aeref.api.Position.plan` without a goal (every hand
    card's earliest turn, its plan and the rules that stop it the turn before, or why it cannot come within the
    horizon); ``goal``: the Plan of the same horizon with ``want``/``by``/``avoid`` (its plan drawn, each wanted
    card's earliest turn marked), or None. Only the answers' JSON is read (``Plan.as_json``): the page says what
    ``aeref plan --json`` says. Returns plain data: ``turns``, per map ``cards`` (a row per hand card) and
    ``goal`` (the goal plan's row and the wanted cards' earliest turns), ``facts`` and ``interpretations``."""
    e = earliest.as_json()
    g = goal.as_json() if goal is not None else None
    f = e["faction"]
    turns = _plan_turns(pos, e["from"], e["to"])
    current = {m: pos.data.factions[f][m].current if m in pos.data.factions.get(f, {}) else None for m in pos.maps}
    first = {c["card"]: c["earliest"] for c in e["cards"]}
    wanted = tuple(g["goal"]["want"]) if g else ()
    maps = []
    for m in pos.maps:
        rows = []
        for c in e["cards"]:
            if c["map"] != m:
                continue
            row = {"card": card_tile(pos, c["card"]), "earliest": c["earliest"], "proved": c["proved"],
                   "not-before": c["not-before"], "wanted": c["card"] in wanted,
                   "reasons": [f"{r['rule']}: {r['message']}" for r in c["reasons"]], "plan": _plan_text(pos, c["plan"])}
            if c["earliest"]:
                row["cells"] = _plan_row(pos, m, c["plan"], current[m], turns, target=c["card"])
                at = turns.index(c["earliest"]) if c["earliest"] in turns else len(turns)
                for k, cell in enumerate(row["cells"]):
                    if 0 < k < at:
                        cell["mark"] = "before"      # proved: no plan reveals the card this early
                if row["reasons"] and at >= 2:
                    row["cells"][at - 1]["why"] = (f"{_card_words(pos, c['card'])} not in {turns[at - 1]}: in every "
                                                   f"position the faction can reach by {turns[at - 2]}:\n"
                                                   + "\n".join(row["reasons"]))
            rows.append(row)
        out = {"map": m, "cards": rows, "goal": None}
        if g is not None:
            want_here = [w for w in wanted if pos.cards[w].map == m] if wanted else []
            out["goal"] = {"cells": _plan_row(pos, m, g["plan"] or [], current[m], turns, wanted=wanted)
                           if g["plan"] else None,
                           "earliest": [{"card": card_tile(pos, w), "turn": first.get(w)} for w in want_here]}
        maps.append(out)
    data = {"faction": f, "name": faction_name(f), "from": e["from"], "to": e["to"], "turns": turns,
            "complete": e["complete"] and (g is None or g["complete"]), "maps": maps, "goal": None,
            "facts": list(dict.fromkeys(e["facts"] + (g["facts"] if g else []))),
            "interpretations": e["interpretations"]}
    if g is not None:
        data["goal"] = {"want": [card_tile(pos, w) for w in wanted], "by": g["goal"]["by"],
                        "avoid": [card_tile(pos, a) for a in g["goal"]["avoid"]], "reached": g["reached"],
                        "conflict": [card_tile(pos, c) for c in g["conflict"]], "count": g.get("count"),
                        "count-exact": g.get("count-exact"), "complete": g["complete"],
                        "plan": _plan_text(pos, g["plan"] or [])}
    return data


def plans(pos: Position, faction: str, turns, want, by, avoid, assume, limit) -> tuple:
    """The plan answers the page draws: every hand card's earliest turn, and the goal's plan when
    ``want``/``by``/``avoid`` set one (:meth:`aeref.api.Position.plan`). A plan is its faction's own
    thinking: a page made ``--as`` another faction (or the public) does not show it (refused, exit 2)."""
    if pos.viewer not in ("referee", faction):
        who = "the public" if pos.viewer == "public" else f"the {faction_name(pos.viewer)} faction"
        raise BadInput(f"--plan {faction}: a plan is the {faction_name(faction)} faction's own thinking (its hand, 1.1); "
                       f"a page made --as {pos.viewer} is for {who} and does not show it")
    f = require_faction(pos, faction)
    try:
        earliest = pos.plan(f, turns, (), None, (), False, assume, time_limit=limit)
        goal = pos.plan(f, turns, want, by, avoid, False, assume, time_limit=limit) if want or by or avoid else None
    except (ValueError, InputError) as exc:
        raise BadInput(str(getattr(exc, "message", None) or exc)) from None
    return earliest, goal
