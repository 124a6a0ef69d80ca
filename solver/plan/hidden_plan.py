"""Planning ahead for a faction whose hand lies face down: the earliest Seasonal Turn each card of
faction G can be revealed in over every hand G may hold, from faction F's view (1.1, 1.1.1, 1.1.3).

1.1: "Players are not allowed to examine another player's cards before they have been played." In F's
view G's hand on each map is only its size (``hand-count``) and a Pending Card placed face down only the
fact that one lies there; :func:`~solver.selection.hidden.hidden_hands` says which cards the hand may
hold (the *candidates*). A card can be revealed in turn T for *some* hand consistent with the view iff
one such hand has a plan that reveals it in T; so the earliest over every hand is the least of the
earliest turns of the plans of the hands (:func:`~solver.plan.planner.plan` on the whole position each
hand makes, the planner's proof for each one). This module plans each consistent hand: exact by
construction, the proof "whatever G holds" being that every hand was planned.

Every hand is bounded first by one plan (:func:`_relaxed`): every candidate held, no Pending Card placed, and
1.1.3 No Pending Card read as ``empty-slot=voluntary``. Each consistent hand's plans are plans of that
position (its cards are among the candidates, a Pending Card placed is one of the turn's choices, and a slot
it must leave empty may be left empty), so a card's earliest turn there is a lower bound over every hand
(proved: no hand reveals it earlier), and a card it cannot reveal within the horizon no hand reveals (the
rules that stop it there stop it in every hand). A hand is then made from the bound's own plan (the cards
it selects, the rest of the hand's size from the other candidates; the first choice on a map with a
Pending Card face down, that card) and planned under the rules in force (:func:`_realise`): a card
reaching its bound there is proved. Why that is not the answer itself: under ``empty-slot=forced`` a
larger hand is not a relaxation of a smaller one (a card it must select may keep another back), so a hand
is always planned as it is.

The cards the bounds leave unproved are planned hand by hand: every consistent hand, when they number at
most :data:`MAX_HANDS`, a hand skipped when every card it holds has already been found revealed in the
first turn possible (no hand can do better: a card selected in a Seasonal Turn is revealed in the next,
1.1.3). Beyond it those cards are answered unproved, with their bound (``not_before``) and the best plan
found. A goal likewise: the bound's plan, its hand planned; if it falls short, every hand (refused beyond
:data:`MAX_HANDS`, with the count).

A map where G's Pending Card lies face down: the hand held one card more when it was selected (the
Pending Card came from it); each hand of that size is planned once per card of it as the Pending Card, the
rest the hand (1.1.3 Card Selection Is Final then rules the first turn as in any plan). Imports ortools
(through the planner): the API loads this module lazily.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from itertools import combinations, product
from math import comb, prod
from typing import Optional

from ...model.files.errors import InputError, Problem
from ...model.files.load import Position
from ...model.game.calendar import Turn
from ...model.game.vocabulary import faction_name

from ..engine.limits import Budget, ProgressSink
from ..selection.hidden import hidden_hands, hidden_interpretations
from . import planner as _planner

#: The most hands planned one by one (each a whole plan). Beyond it the question is refused with the count:
#: answering over fewer hands would not be a proof "whatever G holds". Measured (bench/hidden_plan.py): 105
#: AE hands planned in 1.8 s, most of the 420 of ae-1941's Axis skipped; 5,000 stays within the default
#: time limit on the shipped examples' scale, the time limit ending a longer search (not proved).
MAX_HANDS = 5000


@dataclass
class HiddenEarliest:
    """The earliest turn ``card`` (on ``map``) can be revealed over every consistent hand: ``earliest``
    the planner's :class:`~solver.plan.planner.Earliest` of a hand that reaches it first (None: no hand
    holds the card in a plan that reveals it), ``hand`` that hand (``{"hand": {map: [card ids]}, "pending":
    {map: card id}}``, the Pending Cards placed face down that hand assumes); ``proved``
    False when some hand's search was ended by the time limit."""
    card: str
    map: str
    earliest: Optional[_planner.Earliest]
    hand: Optional[dict]
    proved: bool = True
    #: a card no hand reveals: the hand (None: every candidate held, the bound) and the planner's rules that stop
    #: it there in every turn
    stopped: Optional[_planner.Earliest] = None
    #: the bound over every hand (:func:`_relaxed`): no hand reveals the card before this turn (None: not known)
    not_before: Optional[Turn] = None

    @property
    def turn(self) -> Optional[Turn]:
        return self.earliest.turn if self.earliest is not None else None


@dataclass
class HiddenPlanResult:
    """The answer of :func:`plan_hidden`: per candidate card its :class:`HiddenEarliest` (no goal), or
    with a goal the earliest plan over every hand (``goal_plan``, ``goal_turn``, ``goal_hand``; None when
    no hand reaches it); ``seen`` the :class:`~solver.selection.hidden.HiddenHand` of each map;
    ``hands`` the number of consistent hands, ``planned`` how many were planned (the others held only
    cards already found in the first turn possible); ``facts`` as the planner's; ``complete`` False when
    the time limit ended some hand's search."""
    faction: str
    viewer: str
    start: Turn
    last: Turn
    seen: list
    hands: int
    goal: _planner.Goal
    facts: list
    interpretations: dict
    earliest: list = field(default_factory=list)
    goal_plan: Optional[list] = None
    goal_turn: Optional[Turn] = None
    goal_hand: Optional[dict] = None
    #: no hand reaches the goal: the first hand holding every wanted card, with the planner's minimal set of the
    #: wanted cards and of the rules (each in a turn) that keep them from all coming there (None: no hand holds them)
    goal_stopped: Optional[tuple] = None
    planned: int = 0
    complete: bool = True


def _map_hands(h) -> list:
    """Every hand of one map as the view allows it, ``(cards in the hand, Pending Card or None)``: ``size`` of
    the candidates (1.1), with a Pending Card face down each of them in turn the Pending Card."""
    out = []
    for held in combinations(h.cards, h.size):
        if not h.placed:
            out.append((tuple(held), None))
        else:
            out += [(tuple(c for c in held if c != p), p) for p in held]
    return out


def hand_count(seen: dict) -> int:
    """The number of hands consistent with the view: the product over the maps of C(candidates, size), times
    the size on a map whose Pending Card lies face down (which of them it is)."""
    return prod(comb(len(h.cards), h.size) * (h.size if h.placed else 1) for h in seen.values())


def consistent_hands(seen: dict):
    """Every hand ``{map: ((card ids), Pending Card or None)}`` the view allows, in deck order."""
    maps = list(seen)
    for combo in product(*[_map_hands(seen[m]) for m in maps]):
        yield dict(zip(maps, combo))


def whole(pos: Position, faction: str, hand: dict) -> Position:
    """The view ``pos`` with ``faction``'s hands and Pending Cards given as ``hand``. Only the hypothesis is
    added: no hidden card is read."""
    out = copy.copy(pos)
    out.factions = {f: dict(s) for f, s in pos.factions.items()}
    for m, (cards, pending) in hand.items():
        fm = copy.copy(pos.factions[faction][m])
        fm.hand, fm.pending = list(cards), pending
        fm.hand_face_down, fm.pending_face_down = None, False
        out.factions[faction][m] = fm
    return out


def _shown(hand: dict) -> dict:
    """The hand as the answer shows it: ``{"hand": {map: [card ids]}, "pending": {map: card id}}``."""
    return {"hand": {m: list(cs) for m, (cs, _) in hand.items()},
            "pending": {m: p for m, (_, p) in hand.items() if p is not None}}


def _held(hand: dict) -> set:
    return {c for cs, p in hand.values() for c in (*cs, *([p] if p else []))}


def _refuse_many(pos: Position, faction: str, n: int) -> InputError:
    return InputError(Problem(pos.file, f"factions.{faction}", (
        f"the {faction_name(faction)} hands consistent with this view number {n:,}; the plan with every card it "
        f"may hold does not settle this goal, and planning the hands one by one is limited to {MAX_HANDS} (a plan "
        f"over fewer would prove nothing whatever the {faction_name(faction)} faction holds)")))


def plan_hidden(pos: Position, faction: str, turns: int, assumptions: tuple = (), goal: _planner.Goal = _planner.Goal(),
                budget: Optional[Budget] = None, progress: ProgressSink = None) -> HiddenPlanResult:
    """``faction``'s plan from the view ``pos`` (another faction's: ``faction``'s hand face down), over every
    hand the view allows (see the module doc). Without a goal, per candidate card the earliest turn over the
    hands (a card left unproved when the bound does not settle it and the hands number more than
    :data:`MAX_HANDS`); with a goal (its cards among the candidates) the earliest plan of any hand. Raises
    :class:`InputError` as :func:`~solver.selection.hidden.hidden_hands`, or for a goal the bound does not
    settle when more than :data:`MAX_HANDS` hands are consistent; ``ValueError`` as
    :func:`~solver.plan.planner.plan`."""
    seen = hidden_hands(pos, faction)
    f = pos.require_faction(faction)
    n = hand_count(seen)
    budget = budget or Budget(None)
    res = HiddenPlanResult(f, pos.viewer or "referee", pos.turn, pos.turn.ahead(turns), list(seen.values()), n, goal,
                           _planner.facts(pos, f, assumptions), hidden_interpretations(pos))
    if goal.empty:
        _earliest(pos, f, turns, assumptions, budget, progress, seen, res)
    else:
        _goal(pos, f, turns, assumptions, goal, budget, progress, seen, res)
    return res


def _relaxed(pos: Position, faction: str, seen: dict) -> Position:
    """The bound of every hand (see the module doc): every candidate held, no Pending Card placed, 1.1.3 No
    Pending Card read as ``empty-slot=voluntary``."""
    return whole(pos, faction, {m: (tuple(h.cards), None) for m, h in seen.items()}).with_interpretations(
        {"empty-slot": "voluntary"})


def _realise(seen: dict, steps: list) -> Optional[dict]:
    """A consistent hand for the plan ``steps`` (the bound's, :class:`~solver.plan.turn.PlanTurn` each): the
    candidates it selects, then the first others up to the hand's size; on a map with a Pending Card face
    down, its first choice there that card (a plan that leaves that slot empty: the first candidate it does
    not select, which the hand's own plan then reveals first). None when it selects more cards on a map than
    the hand holds."""
    out = {}
    for m, h in seen.items():
        used = list(dict.fromkeys(st.choice.get(m) for st in steps if st.choice.get(m) in h.cards))
        pending = steps[0].choice.get(m) if h.placed and steps else None
        if h.placed and pending not in h.cards:
            pending = next((c for c in h.cards if c not in used), None)
            if pending is None:
                return None
        held = [c for c in used if c != pending]
        if len(held) > h.count:
            return None
        fill = [c for c in h.cards if c not in held and c != pending][: h.count - len(held)]
        out[m] = (tuple(c for c in h.cards if c in held or c in fill), pending)
    return out


def _spent(budget: Budget, res: HiddenPlanResult) -> bool:
    """The time limit has ended the search over the hands (the answer then proves nothing "whatever G holds")."""
    left = budget.left()
    if left is not None and left <= 0:
        res.complete = False
    return not res.complete


def _plan_hand(pos, f, turns, assumptions, goal, budget, progress, hand, res: HiddenPlanResult):
    got = _planner.plan(whole(pos, f, hand), f, turns, assumptions, goal, False, budget, progress)
    res.planned += 1
    res.complete = res.complete and got.complete
    return got


def _earliest(pos, f, turns, assumptions, budget, progress, seen, res: HiddenPlanResult) -> None:
    """Fill ``res.earliest``: per candidate its bound, settled by the bound's own hands where they reach it, the
    rest by every hand (see the module doc)."""
    best: dict = {(m, c): HiddenEarliest(c, m, None, None)
                  for m, c in [(m, c) for m, h in seen.items() for c in h.cards] + pos.returning(f)}
    bound = _planner.plan(_relaxed(pos, f, seen), f, turns, assumptions, _planner.Goal(), False, budget, progress)
    res.complete = res.complete and bound.complete
    low = {(e.map, e.card): e for e in bound.earliest if (e.map, e.card) in best and e.proved}
    todo = set(best)
    for key, e in low.items():
        best[key].not_before = e.turn
        if e.turn is None:                        # not in the bound: in no hand (the rules that stop it there)
            best[key].stopped = e
            todo.discard(key)
    tried: set = set()
    # in deck order within a turn (a set's order changes from run to run: the hands shown would too)
    for key in sorted((k for k in best if k in todo and k in low), key=lambda k: low[k].turn):
        hand = _realise(seen, low[key].plan) if key in todo else None
        if hand is None or repr(hand) in tried or _spent(budget, res):
            continue
        tried.add(repr(hand))
        got = _plan_hand(pos, f, turns, assumptions, _planner.Goal(), budget, progress, hand, res)
        for e in got.earliest:
            k = (e.map, e.card)
            if k in todo and e.turn is not None and e.turn == best[k].not_before:
                best[k].earliest, best[k].hand = e, _shown(hand)
                todo.discard(k)
    if todo and res.hands <= MAX_HANDS:
        _every_hand(pos, f, turns, assumptions, budget, progress, seen, res, best, todo)
    elif todo:
        for k in todo:
            best[k].proved = False
    if not res.complete:                          # a hand not planned may reveal any card earlier
        for k in todo:
            best[k].proved = False
    res.earliest = list(best.values())


def _every_hand(pos, f, turns, assumptions, budget, progress, seen, res: HiddenPlanResult, best: dict,
                todo: set) -> None:
    """The cards of ``todo`` (``(map, card)``) settled hand by hand: the least earliest turn over every hand."""
    first = pos.turn.ahead(1)                 # a card selected now is revealed in the next Seasonal Turn (1.1.3)
    for hand in consistent_hands(seen):
        if _spent(budget, res):
            break
        mine = [(m, c) for m, (cs, p) in hand.items() for c in (*cs, *([p] if p else [])) if (m, c) in todo]
        mine += [k for k in pos.returning(f) if k in todo]
        if all(best[k].turn == first for k in mine):
            continue                          # nothing this hand holds can come earlier
        got = _plan_hand(pos, f, turns, assumptions, _planner.Goal(), budget, progress, hand, res)
        for e in got.earliest:
            k = (e.map, e.card)
            if k not in todo:                 # settled by the bound
                continue
            b = best[k]
            if not e.proved:
                b.proved = False
            if e.turn is not None and (b.turn is None or e.turn < b.turn):
                b.earliest, b.hand, b.stopped = e, _shown(hand), None
            elif e.turn is None and b.earliest is None and b.stopped is None:
                b.stopped, b.hand = e, _shown(hand)


def _goal(pos, f, turns, assumptions, goal, budget, progress, seen, res: HiddenPlanResult) -> None:
    """Fill the goal's plan: the bound's (every candidate held), settled by the hand of its own plan when that
    hand reaches it as early; else the earliest over the hands that hold every wanted card."""
    held = {c for h in seen.values() for c in h.cards} | {c for _, c in pos.returning(f)}
    if not set(goal.want) <= held:
        return
    bound = _planner.plan(_relaxed(pos, f, seen), f, turns, assumptions, goal, False, budget, progress)
    res.complete = res.complete and bound.complete
    if bound.goal_plan is None:
        if bound.complete:                    # no hand reaches it: the bound's wanted cards and rules say why
            res.goal_stopped = (None, list(bound.conflict), list(bound.conflict_rules))
        return
    hand = _realise(seen, bound.goal_plan)
    if hand is not None:
        got = _plan_hand(pos, f, turns, assumptions, goal, budget, progress, hand, res)
        if got.goal_plan is not None and got.goal_turn == bound.goal_turn:
            res.goal_plan, res.goal_turn, res.goal_hand = got.goal_plan, got.goal_turn, _shown(hand)
            return
    if res.hands > MAX_HANDS:
        raise _refuse_many(pos, f, res.hands)
    for hand in consistent_hands(seen):
        if _spent(budget, res):
            break
        if not set(goal.want) <= _held(hand) | {c for _, c in pos.returning(f)}:
            continue
        got = _plan_hand(pos, f, turns, assumptions, goal, budget, progress, hand, res)
        turn = got.goal_turn
        if got.goal_plan is not None and turn is not None and (res.goal_turn is None or turn < res.goal_turn):
            res.goal_plan, res.goal_turn = got.goal_plan, turn
            res.goal_hand = _shown(hand)
        elif got.goal_plan is None and got.complete and res.goal_stopped is None:
            res.goal_stopped = (_shown(hand), list(got.conflict), list(got.conflict_rules))
