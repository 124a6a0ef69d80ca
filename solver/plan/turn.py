"""One Seasonal Turn of a plan (1.1.1): the faction's selection placed, the turn advanced, its Pending
Cards revealed, by the Seasonal Turn's own procedure (:mod:`solver.option_cards.turn`, :mod:`solver.option_cards.procedure`); a plan
carried out turn by turn and re-checked by the ``check`` ruling (:func:`replay`). The search over these
turns is :mod:`solver.plan.planner`. Does not import ortools.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Optional

from ...model.game.calendar import Turn
from ...model.files.load import Position
from ...model.game.position import FactionMap, PlayedCard
from ...model.game.vocabulary import WarState

from ..option_cards.procedure import reveal
from ..selection.rules import check, open_slots, selection_made
from ..option_cards.turn import next_turn, select

@dataclass(frozen=True)
class WarAssumption:
    """A fact the file does not give for the turns ahead: ``war_state`` in effect on ``map``
    from Seasonal Turn ``turn`` on (``--assume [MAP:]war-state=STATE@TURN``)."""
    map: str
    war_state: WarState
    turn: Turn

    def text(self) -> str:
        return f"{self.war_state.display} in effect on the {self.map.upper()} map from {self.turn} (assumed)"


#: The war state assumption's first name.
Assumption = WarAssumption


@dataclass(frozen=True)
class PlayedAssumption:
    """Another faction's card ``card`` revealed as its Current Card in Seasonal Turn ``turn``
    (``--assume played=CARD@TURN``): from that turn on it counts as played for the Selection
    Requirements "card X played" (1.1.3.1); ``text_card`` names it in words."""
    card: str
    turn: Turn
    text_card: str = ""

    def text(self) -> str:
        return f"{self.text_card or self.card} revealed by its faction in {self.turn} (assumed)"


@dataclass
class PlanTurn:
    """One turn of a plan: the Pending Cards ``choice`` (``{map: card id or None}``) selected in
    Seasonal Turn ``turn``, revealed in ``reveal_turn``; ``position`` the position after that
    reveal; ``changes`` what the reveal changed (one line each); ``legal``: the re-check (the
    ``check`` ruling of the selection on the position of ``turn``)."""
    turn: Turn
    reveal_turn: Turn
    choice: dict
    position: Position
    changes: list
    legal: bool = True


class _SharedCards(dict):
    """The decks' cards, shared by every position a plan reaches: no rule changes a card, so a deep copy of a
    position (each turn's :func:`~solver.option_cards.turn.select`, :func:`~solver.option_cards.turn.next_turn`, reveal) keeps this dict."""

    def __deepcopy__(self, memo):
        return self


def _lean(pos: Position) -> Position:
    """A copy of ``pos`` for the search: its cards shared (:class:`_SharedCards`) and without the raw state
    file (read only when a position is written: :func:`replay` puts it back)."""
    out = copy.copy(pos)
    out.raw = None
    out.cards = _SharedCards(pos.cards)
    return copy.deepcopy(out)


def start(pos: Position, faction: str, assumptions: tuple) -> Position:
    """The position the plan's first selection is made on: a lean copy of ``pos`` (:func:`_lean`) with the
    faction's Pending Cards that await their reveal (selected in an earlier Seasonal Turn) revealed first,
    as 1.1.1 Step 2 does before this turn's Step 4; without that the card would count as this turn's
    selection and every later turn of the plan would shift by one. Then the assumptions due are applied."""
    out = _lean(pos)
    if out.awaiting_reveal(faction):
        out = reveal(out, faction, None).position
    _assume(out, assumptions)
    return out


# ----------------------------------------------------------------------------- one turn

def _key(pos: Position, faction: str) -> tuple:
    """What the rules read of a reachable position, as one hashable value: two positions with the same
    key allow the same plans from here on (hands, Current and Pending Cards, cards revealed with the
    calendar year when it is this year or later (1.1.3.3 Annual), removed cards, war states)."""
    year = pos.turn.calendar_year
    parts = [str(pos.turn), tuple(sorted((m, str(w)) for m, w in pos.war_state.items()))]
    for m, fm in sorted(pos.factions[faction].items()):
        played = tuple(sorted((p.card, p.turn.calendar_year if p.turn and p.turn.calendar_year >= year else -1)
                              for p in fm.played))
        parts.append((m, tuple(sorted(fm.hand)), fm.current, fm.pending, played, tuple(sorted(fm.removed))))
    return tuple(parts)


def _assume(pos: Position, assumptions: tuple) -> None:
    """Apply the assumptions due by ``pos.turn`` (in place); a war state never goes back (12); another
    faction's card assumed played joins its faction's ``played`` history (once)."""
    for a in assumptions:
        if a.turn > pos.turn:
            continue
        if isinstance(a, PlayedAssumption):
            card = pos.cards[a.card]
            fm = pos.factions.setdefault(card.faction, {}).setdefault(card.map, FactionMap())
            if a.card != fm.current and all(p.card != a.card for p in fm.played):
                fm.played.append(PlayedCard(a.card, a.turn))
        elif a.map in pos.war_state and pos.war_state[a.map] < a.war_state:
            pos.war_state[a.map] = a.war_state


def _placed(pos: Position, faction: str, choice: dict) -> Position:
    """``pos`` with ``choice`` placed face down as the faction's Pending Cards (1.1.1 Step 4), the turn advanced to
    the next Seasonal Turn (:func:`~solver.option_cards.turn.next_turn`'s one change): the faction's sections copied, the rest
    shared (the reveal copies the whole position). A card already placed (a partial selection: 1.1.3 "Card
    selection is final" binds it, the open slot is filled) stays; each card placed now records the turn it was
    selected in, as :func:`~solver.option_cards.turn.select` does."""
    out = copy.copy(pos)
    out.factions = dict(pos.factions)
    out.factions[faction] = {m: copy.deepcopy(fm) for m, fm in pos.factions[faction].items()}
    for m, cid in choice.items():
        fm = out.factions[faction][m] if cid is not None else None
        if fm is not None and cid != fm.pending:
            fm.hand.remove(cid)
            fm.pending = cid
            fm.selected = pos.turn
    out.turn = pos.turn.next()
    return out


def _bound(pos: Position, faction: str) -> Optional[dict]:
    """The selection ``faction`` is wholly bound to this turn (1.1.3 "Card selection is final": a Pending Card
    placed on every slot, or Pending Cards awaiting their reveal), ``{map: card id or None}``; None when a slot is
    still open (no selection made, or a partial one: :func:`~solver.selection.rules.open_slots`)."""
    if open_slots(pos, faction):
        return None
    return {m: (selection_made(pos, faction) or {}).get(m) for m in pos.maps}


def advance(pos: Position, faction: str, choice: dict, assumptions: tuple = (), ruled: bool = False
            ) -> tuple[bool, Position, list]:
    """One Seasonal Turn of ``faction`` from ``pos``: ``choice`` selected (ruled on as ``check`` does:
    :func:`~solver.option_cards.turn.select`, unless ``ruled``: the choice is one of the legal selections of the same rules;
    a selection already made is kept), the turn advanced, the faction's Pending Cards revealed (1.1.1 Steps 1-2,
    12) and the assumptions due applied. Returns ``(legal, position after the reveal, what the reveal changed)``;
    when ``legal`` is False the position is ``pos``."""
    made = _bound(pos, faction)
    if made is not None:
        if made != {m: choice.get(m) for m in made}:
            return False, pos, []
        nxt = copy.copy(pos)
        nxt.turn = pos.turn.next()
    elif ruled:
        nxt = _placed(pos, faction, choice)
    else:
        ruling, placed = select(pos, faction, {m: c for m, c in choice.items() if c})
        if not ruling.legal or placed is None:
            return False, pos, []
        nxt = next_turn(placed).position
    # the reveal (1.1.1 Steps 1-2, 12); the selection was ruled on when it was made, so no Step 2 check here
    res = reveal(nxt, faction, None)
    out = res.position
    before = dict(out.war_state)
    _assume(out, assumptions)
    # what the reveal changed: the Step 2 line without its check (the plan re-checks every turn itself)
    changes = [f"{st.map.upper() + ': ' if st.map and len(pos.maps) > 1 else ''}{st}".split("; the check against")[0]
               for st in res.steps if "no Current Card to discard" not in st.message and "Pending Card" not in st.message]
    changes += [f"{out.war_state[m].display} in effect on the {m.upper()} map from {out.turn} (assumed)"
                for m in pos.maps if out.war_state[m] != before[m]]
    return True, out, changes


def replay(pos: Position, faction: str, choices: list, assumptions: tuple = (), memo: Optional[dict] = None
           ) -> list[PlanTurn]:
    """The plan ``choices`` (one selection a turn) carried out from ``pos`` turn by turn, each turn's
    selection re-checked by the ``check`` ruling on the position that turn reaches (1.1.3 "Card selection
    is final" for a selection already made). ``memo`` (a dict kept by the caller) shares the turns of plans
    that begin alike. Raises ``AssertionError`` when a turn is illegal (a plan found by the search never is)."""
    memo = {} if memo is None else memo
    if () not in memo:
        memo[()] = (start(pos, faction, assumptions), [])
    done = 0
    while done < len(choices) and tuple(map(_frozen, choices[:done + 1])) in memo:
        done += 1
    cur, out = memo[tuple(map(_frozen, choices[:done]))]
    out = list(out)
    for i in range(done, len(choices)):
        choice = choices[i]
        made = _bound(cur, faction) is not None      # wholly bound: advance checks the choice is that selection
        legal = True if made else check(cur, faction, choice).legal
        ok, after, changes = advance(cur, faction, choice, assumptions, ruled=True)
        if not (ok and legal):
            raise AssertionError(f"the plan's selection {choice} in {cur.turn} is not legal")
        shown = copy.copy(after)
        shown.raw, shown.cards = pos.raw, pos.cards       # the position as a state file of its own
        out.append(PlanTurn(cur.turn, after.turn, dict(choice), shown, changes, legal))
        cur = after
        memo[tuple(map(_frozen, choices[:i + 1]))] = (cur, list(out))
    return out


def _frozen(choice: dict) -> tuple:
    return tuple(sorted(choice.items()))
