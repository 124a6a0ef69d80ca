"""A Seasonal Turn from start to end: selecting the Pending Cards (1.1.1 Step 4,
1.1.3), moving on to the next Seasonal Turn, and revealing the Pending Cards
of every faction (1.1.1 Steps 1-2, with what a reveal sets off).

* :func:`select` - rules on a selection exactly as :func:`solver.selection.check`
  does (plus 1.1.3 "Card selection is final") and, when it is legal, returns
  the position with the cards placed face down as the Pending Cards.
* :func:`next_turn` - the position of the next Seasonal Turn, ready for the
  reveal: the turn advanced, the Pending Cards carried. What happens outside
  the Seasonal Phase (moves, combat, events) is the players' to enter.
* :func:`reveal_all` - every faction's reveal (:func:`solver.procedure.reveal`)
  in :data:`REVEAL_ORDER`, each on the position the one before left.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Optional

from ..model.position import Position
from ..model.vocabulary import faction_name, join_and

from .procedure import Reveal, reveal
from .registry import rules
from .selection import FINAL, Ruling, check, complete_choice, final_message, open_slots, selection_made

#: The order in which the factions carry out their Seasonal Phase and reveal
#: their Pending Cards (1.1.1). The rules give the Option Card Procedure to
#: "the phasing faction" and list the factions Axis, Western, Soviet wherever
#: they list them (1.1.3.3, 1.2.1); the Axis reveal comes before the Allied
#: factions', who may "immediately" declare Total War after an illegal Axis
#: Current Card (1.1.1). The rules text here does not state the order of the
#: factions' turns in so many words: this is aeref's reading (README,
#: Interpretations).
REVEAL_ORDER: tuple[str, ...] = ("axis", "western", "soviet")

#: 1.1.1 "the phasing faction" performs Steps 1-4 before the next faction's Step 1 (interpretation
#: ``order-of-play``): the ruling on a selection made after a later faction's reveal.
ORDER_OF_PLAY = rules["1.1.1"].row("Order of Play", interpretations=("order-of-play",))


def later_reveals(pos: Position, faction: str) -> list[str]:
    """The factions after ``faction`` in :data:`REVEAL_ORDER` that have revealed in this Seasonal Turn
    (:meth:`~model.position.Position.revealed_this_turn`): under ``order-of-play=faction-by-faction``
    ``faction`` selects (1.1.1 Step 4) before their Step 1, on the position before their reveals.
    Empty under ``reveals-first``, for a faction not in the order, or when it cannot be told."""
    if pos.interpretations_in_force.get("order-of-play") != "faction-by-faction" or faction not in REVEAL_ORDER:
        return []
    after = REVEAL_ORDER[REVEAL_ORDER.index(faction) + 1:]
    return [g for g in after if g in pos.factions and pos.revealed_this_turn(g)]


def order_message(pos: Position, faction: str, later: list[str]) -> str:
    """Why ``faction`` cannot select on this position: the ``later`` factions revealed before it selected."""
    names = join_and(f"the {faction_name(g)} faction" for g in later)
    return (f"{names} revealed {'its' if len(later) == 1 else 'their'} Pending Cards in this Seasonal Turn, but the "
            f"{faction_name(faction)} faction selects its next Pending Cards (Step 4) before "
            f"{'that' if len(later) == 1 else 'those'} reveal{'s' if len(later) > 1 else ''} (interpretation "
            f"order-of-play=faction-by-faction): this position is not the one the {faction_name(faction)} faction saw. "
            f"Select on the position its own reveal left (`aeref reveal --faction {faction}`), or rule with "
            "-i order-of-play=reveals-first")


def select(pos: Position, faction: str, choice: dict) -> tuple[Ruling, Optional[Position]]:
    """Rule on ``faction``'s selection ``choice`` (map -> card id; a map left
    out: no card, or the card already placed there) and place it.

    Returns the :class:`~solver.selection.Ruling` of :func:`~solver.selection.check`
    on the choice completed by the cards already placed
    (:func:`~solver.selection.complete_choice`), with a 1.1.3 violation added
    when the faction has no slot left open this Seasonal Turn ("Card selection
    is final": a placed card binds, a slot left open may still be filled), a
    1.1.1 Order of Play violation first when a later faction has already
    revealed in this Seasonal Turn (:func:`later_reveals`, interpretation
    ``order-of-play``), and the new position (the cards taken from the hand and made the Pending
    Cards, each with the turn it was selected in), or None when the selection
    is illegal. Raises :class:`~model.errors.InputError` for a faction not in
    the position.
    """
    f = pos.require_faction(faction)
    choice = complete_choice(pos, f, choice)
    ruling = check(pos, f, choice)
    made = selection_made(pos, f)
    if made is not None and not open_slots(pos, f):   # placing again, even the same cards, is no selection
        final = FINAL.violation(final_message(pos, f, made))
        ruling = Ruling(False, [final] + [v for v in ruling.violations if v != final], ruling.interpretations)
    later = later_reveals(pos, f)
    if later:                      # the ruling could depend on a reveal the faction had not seen (1.1.1)
        order = ORDER_OF_PLAY.violation(order_message(pos, f, later))
        interps = {**ruling.interpretations, "order-of-play": pos.interpretations_in_force["order-of-play"]}
        ruling = Ruling(False, [order] + ruling.violations, interps)
    if not ruling.legal:
        return ruling, None
    out = copy.deepcopy(pos)
    for m, cid in choice.items():
        if cid is None or (made or {}).get(m) == cid:
            continue
        fm = out.factions[f][m]
        fm.hand.remove(cid)
        fm.pending = cid
        fm.selected = pos.turn
    return ruling, out


@dataclass
class NextTurn:
    """The position of the next Seasonal Turn (``position``) and what it carries:
    ``pending`` (faction -> map -> card id or None, the cards to reveal) and
    ``notes`` (one line per faction and map without a Pending Card)."""
    position: Position
    pending: dict
    notes: list


def next_turn(pos: Position) -> NextTurn:
    """The next Seasonal Turn's position, ready for the reveal (1.1.1): the
    turn advanced by one, everything else as it is, the Pending Cards
    carried (they are revealed now: 1.1.3 "A Pending Card selected now is
    revealed at the next Seasonal Turn"; ``"face-down"`` for one whose card is
    in a private file). A faction with no Pending Card on a map reveals no
    new Current Card there (1.1.3)."""
    out = copy.deepcopy(pos)
    out.turn = pos.turn.next()
    pending, notes = {}, []
    for f in REVEAL_ORDER:
        for m in pos.maps:
            fm = pos.factions.get(f, {}).get(m)
            if fm is None:
                continue
            # a Pending Card placed face down (its card in the faction's private file, 1.1) is carried face down
            pending.setdefault(f, {})[m] = fm.pending or ("face-down" if fm.pending_face_down else None)
            if pending[f][m] is None:
                notes.append(f"{faction_name(f)} has no {m.upper()} Pending Card: it reveals no new {m.upper()} "
                             f"Current Card in {out.turn} (1.1.3)")
    return NextTurn(out, pending, notes)


@dataclass
class RevealAll:
    """Every faction's :class:`~solver.procedure.Reveal`, in :data:`REVEAL_ORDER`,
    and the resulting ``position``."""
    turn: str
    reveals: list
    position: Position

    @property
    def illegal(self) -> bool:
        return any(r.illegal for r in self.reveals)

    def as_json(self) -> dict:
        each = [r.as_json() for r in self.reveals]
        legal = False if self.illegal else (None if any(e["legal"] is None for e in each) else True)
        interps: dict = {}
        for e in each:
            interps.update(e["interpretations"])
        return {"faction": "all", "turn": self.turn, "order": [r.faction for r in self.reveals], "legal": legal,
                "reveals": each, "interpretations": interps}


def reveal_all(pos: Position, previous: Optional[Position] = None, declare_total_war: bool = False,
               remove: tuple = ()) -> RevealAll:
    """Reveal the Pending Cards of every faction in the position, in
    :data:`REVEAL_ORDER`, each on the position the reveal before it left
    (a war state started by the Axis card is in effect for the Allied
    reveals). ``declare_total_war`` is the Allied declaration after an
    illegal Axis Current Card (1.1.1): it goes with the Axis reveal.
    Raises ``ValueError`` as :func:`~solver.procedure.reveal` does."""
    reveals: list[Reveal] = []
    cur = pos
    for f in REVEAL_ORDER:
        if f not in pos.factions:
            continue
        res = reveal(cur, f, previous, declare_total_war and f == "axis", remove)
        reveals.append(res)
        cur = res.position
    if declare_total_war and "axis" not in pos.factions:
        raise ValueError("--declare-total-war: the Axis faction is not in the state file (1.1.1)")
    return RevealAll(str(pos.turn), reveals, cur)
