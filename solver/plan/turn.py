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

from .. import war_state as ws
from ..option_cards.procedure import reveal
from ..selection.rules import check, open_slots, selection_made
from ..option_cards.turn import REVEAL_ORDER, lacking_error, next_turn, position_seen, select

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

    def seen_from(self, pos: Position, faction: str) -> Turn:
        """The Seasonal Turn from whose Step 4 on ``faction`` counts the card as played (1.1.1 Order of Play,
        interpretation ``order-of-play``): under ``faction-by-faction`` a faction selects (Step 4) before the
        later factions' Step 1, so a card another faction reveals in ``turn`` after it in the order of play
        (:data:`~solver.option_cards.turn.REVEAL_ORDER`) counts only from the next Seasonal Turn's Step 4."""
        other = pos.cards[self.card].faction
        if (pos.interpretations_in_force.get("order-of-play") == "faction-by-faction" and faction in REVEAL_ORDER
                and other in REVEAL_ORDER and REVEAL_ORDER.index(other) > REVEAL_ORDER.index(faction)):
            return self.turn.next()
        return self.turn


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
    """The position the plan's turns are carried out from: a lean copy of ``pos`` (:func:`_lean`) with the
    faction's Pending Cards that await their reveal (selected in an earlier Seasonal Turn) revealed first,
    as 1.1.1 Step 2 does before this turn's Step 4; without that the card would count as this turn's
    selection and every later turn of the plan would shift by one. The counters that reveal's Current Cards
    enter arrive after this turn's selection (1.1.2.2: :func:`_withhold`). Then the assumptions due are
    applied. The first selection itself is ruled on :func:`first_seen`."""
    out = _lean(pos)
    if out.awaiting_reveal(faction):
        res = reveal(out, faction, None)
        out = res.position
        _withhold(out, res)
    _assume(out, assumptions, faction)
    return out


def first_seen(pos: Position, faction: str, assumptions: tuple, started: Position) -> Position:
    """The position the plan's first selection (1.1.1 Step 4 of the file's Seasonal Turn) is ruled on, as
    ``check`` rules it: under ``order-of-play=faction-by-faction`` the faction selects before the later
    factions' Step 1, so their reveals of this Seasonal Turn (and the war states they started, with their
    effects) are undone (:func:`~solver.option_cards.turn.position_seen`); ``started`` (:func:`start`)
    when no later faction has revealed. The turns after read ``started``: those reveals happened.
    Raises :class:`~model.files.errors.InputError` when the file cannot tell that position (as ``check``)."""
    seen = position_seen(pos, faction)
    if seen.position is None:
        raise lacking_error(pos, faction, seen)
    if seen.position is pos:
        return started
    return start(seen.position, faction, assumptions)


def arriving(pos: Position) -> tuple:
    """The counters the faction's Current Cards of this Seasonal Turn enter once its Pending Card is placed
    (1.1.2.2 "After the faction's Pending Card has been placed"): ``((map, box, counter, faction), ...)``."""
    return getattr(pos, "plan_arriving", ())


def _withhold(out: Position, res) -> None:
    """1.1.2.2 "After the faction's Pending Card has been placed, check if the Current Card enters new
    units": the counters the reveal ``res`` placed are taken out of ``out`` (in place) and kept in
    :func:`arriving`, so this Seasonal Turn's Step 4 is ruled without them; :func:`_arrive` places them."""
    got = []
    for r in res.maps.values():
        for e in r.reinforcements:
            if e["received"]:
                got.append((e["map"], e["to"], e["counter"], res.faction))
    for m, to, counter, f in got:
        _box_list(out, m, to, f).remove(counter)
    out.plan_arriving = tuple(got)


def _box_list(pos: Position, m: str, to: str, faction: str) -> list:
    mb = pos.seasonal.map_boxes(m)
    if to == "force-pool":
        return mb.force_pool.setdefault(faction, [])
    return mb.delay_box if to == "delay-box" else mb.strategic_warfare_box


def _arrive(pos: Position) -> Position:
    """``pos`` (a copy when something arrives) with the :func:`arriving` counters placed (1.1.2.2): after the
    faction's Pending Card has been placed."""
    got = arriving(pos)
    if not got:
        return pos
    out = copy.copy(pos)
    out.seasonal = copy.deepcopy(pos.seasonal)
    for m, to, counter, f in got:
        _box_list(out, m, to, f).append(counter)
    out.plan_arriving = ()
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
    # the counters arriving after this turn's selection (1.1.2.2); what a war state set off (12.2, 12.3) follows
    # the war states and what reinforcements entered follows the cards played, both in the key already
    parts.append(arriving(pos))
    return tuple(parts)


def _assume(pos: Position, assumptions: tuple, faction: Optional[str] = None) -> list:
    """Apply the assumptions due by ``pos.turn`` (in place). A war state assumed goes into effect with
    what 12 sets off then (12.2, the steps of 12.3 with no optional marker removed: :func:`_war_goes_into_effect`),
    never back; another faction's card assumed played joins its faction's ``played`` history (once), from
    the Seasonal Turn whose Step 4 ``faction`` sees it in (:meth:`PlayedAssumption.seen_from`). Returns the war
    state changes made (:class:`solver.war_state.Change`)."""
    made = []
    for a in assumptions:
        if isinstance(a, PlayedAssumption):
            if (a.seen_from(pos, faction) if faction else a.turn) > pos.turn:
                continue
            card = pos.cards[a.card]
            fm = pos.factions.setdefault(card.faction, {}).setdefault(card.map, FactionMap())
            if a.card != fm.current and all(p.card != a.card for p in fm.played):
                fm.played.append(PlayedCard(a.card, a.turn))
        elif a.turn <= pos.turn and a.map in pos.war_state and pos.war_state[a.map] < a.war_state:
            made.append(_war_goes_into_effect(pos, a.map, a.war_state, f"assumed: {a.text()}"))
    return made


#: What a war state going into effect changes in a position (12.2, 12.3): copied back by :func:`_war_goes_into_effect`.
_WAR_FIELDS = ("war_state", "european_war", "markers", "countries", "seasonal")


def _war_goes_into_effect(pos: Position, m: str, new: WarState, cause: str) -> "ws.Change":
    """``new`` goes into effect on map ``m`` (in place) with its effects, as a reveal sets it off
    (:func:`solver.war_state.change`, :func:`solver.war_state.apply`): 12.3 Step 2's Policy markers removed,
    *Step 8's European Total War markers placed, the Outbreak of War units to the Delay Box ...; returns the change."""
    ch = ws.change(pos, m, new, cause)
    done = ws.apply(pos, ch)
    for name in _WAR_FIELDS:
        setattr(pos, name, getattr(done, name))
    return ch


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
    nxt = _arrive(nxt)                 # 1.1.2.2: last turn's reinforcements, now that the Pending Card is placed
    # the reveal (1.1.1 Steps 1-2, 12); the selection was ruled on when it was made, so no Step 2 check here
    res = reveal(nxt, faction, None)
    out = res.position
    _withhold(out, res)
    assumed = _assume(out, assumptions, faction)
    # what the reveal changed: the Step 2 line without its check (the plan re-checks every turn itself)
    changes = [f"{st.map.upper() + ': ' if st.map and len(pos.maps) > 1 else ''}{st}".split("; the check against")[0]
               for st in res.steps if "no Current Card to discard" not in st.message and "Pending Card" not in st.message]
    for ch in assumed:                 # an assumed war state, with what it sets off (12.2, 12.3)
        changes.append(f"{WarState.of(ch.after).display} in effect on the {ch.map.upper()} map from {out.turn} (assumed)")
        changes += [f"{ch.map.upper() + ': ' if len(pos.maps) > 1 else ''}{e}" for e in ch.effects if e.applies]
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
        memo["first seen"] = first_seen(pos, faction, assumptions, memo[()][0])
    done = 0
    while done < len(choices) and tuple(map(_frozen, choices[:done + 1])) in memo:
        done += 1
    cur, out = memo[tuple(map(_frozen, choices[:done]))]
    out = list(out)
    for i in range(done, len(choices)):
        choice = choices[i]
        made = _bound(cur, faction) is not None      # wholly bound: advance checks the choice is that selection
        # the first selection is ruled on the position the faction saw at its Step 4 (1.1.1 Order of Play)
        legal = True if made else check(memo["first seen"] if i == 0 else cur, faction, choice).legal
        ok, after, changes = advance(cur, faction, choice, assumptions, ruled=True)
        if not (ok and legal):
            raise AssertionError(f"the plan's selection {choice} in {cur.turn} is not legal")
        shown = copy.copy(_arrive(after))    # the file records the reinforcements, as `reveal --write` does
        shown.raw, shown.cards = pos.raw, pos.cards       # the position as a state file of its own
        out.append(PlanTurn(cur.turn, after.turn, dict(choice), shown, changes, legal))
        cur = after
        memo[tuple(map(_frozen, choices[:i + 1]))] = (cur, list(out))
    return out


def _frozen(choice: dict) -> tuple:
    return tuple(sorted(choice.items()))
