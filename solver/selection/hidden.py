"""What another faction may hold and may have placed, from one faction's view (1.1, 1.1.3).

1.1: "Players are not allowed to examine another player's cards before they have been played ...
All players are free to examine all discarded cards at any time." In faction F's view
(:func:`model.secrecy.views.view`) faction G's hand on each map is only its size (``hand-count``)
and its Pending Card only the fact that one is placed. This module states, in the engine's
language, what G's selection may be for *some* hand consistent with that view:

* :func:`hidden_hands` - the cards G's hand may hold on each map (the *candidates*): G's cards of
  that map's deck, less its Current Card (face up), the cards removed, the cards set aside once
  played (1.1.1 Step 1: a card without the recyclable mark; a recyclable one returns to the deck)
  and, in AE, a © card whose twin G has played (1.1.1 Step 2 removes it). The hand is any
  ``hand-count`` of them; on a map where a Pending Card lies face down the hand held one more
  card when it was selected (the Pending Card came from it).
* :class:`HiddenContext` - the selection context whose hand is a *choice*: one slot
  ``("held", card)`` per candidate (True: in the hand; None: not). 1.1.3 "from those currently in
  its hand" is the rules' own HAND row, guarded by the held literal; the hand's size is
  :data:`COUNT` (two sums: exactly ``hand-count`` candidates held); a Pending Card placed face down
  fills its slot (:data:`PLACED`); 1.1.3 No Pending Card under ``empty-slot=forced`` is
  :data:`EMPTY_HIDDEN`: a slot stays empty only when no card *held* fits, so it is decided over
  the possible hands, never over the candidate list as if it were the hand.

:mod:`solver.selection.hidden_solve` compiles these constraints (the one compiler) and asks
CP-SAT. Nothing here reads a hidden card: the view holds none. Does not import ortools.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any, Callable, Optional

from ...model.files.errors import InputError, Problem
from ...model.files.load import Position
from ...model.game.vocabulary import faction_name, plural

from ..engine.constraints import AtMost, Evaluator, Lit, Nogood, post
from ..engine.registry import Row, rules
from .rules import EMPTY, RULES, SelectionContext, interpretations_used

#: The first part of the slot of a candidate card: ``("held", card id)`` holds True (in the hand) or None.
HELD = "held"


def held(cid: str) -> tuple:
    """The slot saying whether candidate ``cid`` is in the hidden hand."""
    return (HELD, cid)


@dataclass(frozen=True)
class HiddenHand:
    """Faction ``faction``'s hand on ``map`` as another faction sees it (1.1): ``count`` cards face
    down (``hand-count``), ``placed`` a Pending Card face down, ``cards`` the candidates (the cards
    it may hold, in deck order) and ``left_out`` ``((card id, why), ...)``: G's cards of that deck
    that it cannot hold, with the rule."""

    faction: str
    map: str
    count: int
    placed: bool
    cards: tuple
    left_out: tuple = ()

    @property
    def size(self) -> int:
        """The cards the hand held when the Pending Card was selected: ``count``, plus the Pending Card."""
        return self.count + (1 if self.placed else 0)

    @property
    def known(self) -> bool:
        """The hand is known exactly: it holds every candidate, or none (its size is 0)."""
        return self.size == 0 or len(self.cards) == self.size

    def as_json(self) -> dict:
        return {"map": self.map, "hand-count": self.count, "pending-placed": self.placed,
                "candidates": list(self.cards), "known": self.known,
                "left-out": [{"card": c, "why": why} for c, why in self.left_out]}


def hidden_interpretations(pos: Position) -> dict:
    """The interpretations an answer about a face-down hand reads, with their values in force: those of the
    selection rules and ``hidden-hand``."""
    return {**interpretations_used(pos), "hidden-hand": pos.interpretations_in_force["hidden-hand"]}


def is_hidden(pos: Position, faction: str) -> bool:
    """True when ``faction``'s hand lies face down in ``pos`` (another faction's view, 1.1)."""
    return any(fm.hand_face_down is not None or fm.pending_face_down
               for fm in pos.factions.get(faction, {}).values())


def _left_out(pos: Position, faction: str, m: str) -> dict:
    """G's cards of map ``m``'s deck it cannot hold, each with why (what every faction may see)."""
    fm = pos.factions[faction][m]
    out: dict = {}
    revealed = pos.revealed(faction)
    for r in revealed:
        card = pos.cards.get(r.card)
        if card is not None and r.map == m and not card.recyclable:
            out.setdefault(r.card, f"played in {r.turn} and set aside: it is not recyclable (1.1.1 Step 1)")
    if fm.current:
        out[fm.current] = "it is the Current Card, face up (1.1)"
    for sections in pos.factions.values():
        for other in sections.values():
            for c in other.removed:
                out.setdefault(c, "it was removed (1.1: discarded cards are public)")
    if pos.game == "ae":
        for cid, card in pos.cards.items():
            if card.faction != faction or card.map != m or not card.combined:
                continue
            twin = next((r for r in revealed if card.is_twin_of(pos.cards[r.card])), None)
            if twin is not None:
                out.setdefault(cid, f"its © twin {pos.card_text(twin.card)} was played in {twin.turn}, which "
                                    f"removed it from the {m.upper()} deck (1.1.1 Step 2)")
    return out


def hidden_hands(pos: Position, faction: str) -> dict:
    """``{map: HiddenHand}``: what ``faction``'s hand on each map may hold, from the view ``pos``
    (1.1; see the module doc; interpretation ``hidden-hand``). Raises :class:`InputError` when the hand
    is not face down here, when its Pending Cards await their reveal (they were selected from an earlier
    hand: 1.1.1 Step 2), or when the ``hand-count`` exceeds the cards the hand can hold (the files
    contradict the deck) or, under ``hidden-hand=whole-deck``, differs from them."""
    f = pos.require_faction(faction)
    if not is_hidden(pos, f):
        raise InputError(Problem(pos.file, f"factions.{f}", f"the {faction_name(f)} hand is not face down in this "
                                                          "view: ask about it as that faction's own selection"))
    if any(pos.awaiting_reveal(f).values()):
        raise InputError(Problem(pos.file, f"factions.{f}", (
            f"the {faction_name(f)} Pending Cards were selected in an earlier Seasonal Turn and await their reveal "
            "(1.1.1 Step 2): what they may be depends on the hand of that turn, in the file of that turn, which "
            "previous: does not name or cannot be read; ask on that file, or after the reveal")))
    out = {}
    whole = pos.interpretations_in_force["hidden-hand"] == "whole-deck"
    for m in pos.maps:
        fm = pos.factions[f].get(m)
        if fm is None:
            continue
        gone = _left_out(pos, f, m)
        deck = [cid for cid, c in pos.cards.items() if c.faction == f and c.map == m]
        hand = HiddenHand(f, m, fm.hand_face_down or 0, bool(fm.pending_face_down),
                          tuple(c for c in deck if c not in gone), tuple((c, gone[c]) for c in deck if c in gone))
        if hand.size > len(hand.cards):
            raise InputError(Problem(pos.file, f"factions.{f}.{m}.hand-count", (
                f"the {faction_name(f)} {m.upper()} hand holds {plural(hand.size, 'card')} face down, but its deck "
                f"has only {plural(len(hand.cards), 'card')} it may hold ({', '.join(hand.cards) or 'none'}): "
                "the files contradict the deck")))
        if whole and hand.size != len(hand.cards):
            raise InputError(Problem(pos.file, f"factions.{f}.{m}.hand-count", (
                f"the {faction_name(f)} {m.upper()} hand holds {plural(hand.size, 'card')} face down, but under "
                f"interpretation hidden-hand=whole-deck it is every card of its deck not public elsewhere, "
                f"{len(hand.cards)} ({', '.join(hand.cards)}): the files contradict that reading")))
        out[m] = hand
    return out


@dataclass
class HiddenContext(SelectionContext):
    """The selection context of a faction whose hand lies face down: each map's candidates, the hand
    a choice over them (``hands``: ``{map: HiddenHand}``)."""

    hands: dict = field(default_factory=dict)
    #: every candidate taken as held (:data:`FITTING`: what fits, the hand's size aside), no held literal
    every_held: bool = False
    #: the hand is a choice (literals), not the position's: 1.1.3 No Pending Card is :data:`EMPTY_HIDDEN`
    symbolic = True

    def in_hand(self, cid: str) -> bool:
        card = self.pos.cards[cid]
        h = self.hands.get(card.map)
        return card.faction == self.faction and h is not None and cid in h.cards    # perhaps: out_of_hand says when not

    def out_of_hand(self, cid: str) -> list:
        """1.1.3 "from those currently in its hand": a candidate is out of the hand when not held."""
        if not self.in_hand(cid):
            return [()]
        return [] if self.every_held else [(Lit(held(cid), None),)]

    def held_slots(self) -> dict:
        """``{("held", card): [True, None]}`` for every candidate."""
        return {held(c): [True, None] for h in self.hands.values() for c in h.cards}


def make_hidden_context(pos: Position, faction: str, extra: Optional[dict] = None) -> HiddenContext:
    """The context of ``faction``'s selection as the view ``pos`` sees it; ``extra`` adds cards a
    ruling asks about to a slot (a card no hand may hold is ruled out by 1.1.3). Raises
    :class:`InputError` as :func:`hidden_hands`."""
    hands = hidden_hands(pos, faction)
    f = pos.require_faction(faction)
    cands = {}
    for m in pos.maps:
        vals = list(hands[m].cards) if m in hands else []
        vals += [c for c in (extra or {}).get(m, []) if c is not None and c not in vals]
        cands[m] = vals
    return HiddenContext(pos, f, tuple(pos.maps), cands, pos.interpretations_in_force, None, hands=hands)


# ----------------------------------------------------------------------------- the rows

def _post_count(ctx: HiddenContext):
    """The hand holds exactly ``hand-count`` of the candidates (plus a Pending Card placed from it)."""
    who = faction_name(ctx.faction)
    for m, h in ctx.hands.items():
        many = plural(h.size, "card")
        words = _hand_words(who, m, many)
        yield AtMost(tuple((1, Lit(held(c), True)) for c in h.cards), h.size, words)
        yield AtMost(tuple((1, Lit(held(c), None)) for c in h.cards), len(h.cards) - h.size, words)


def _post_placed(ctx: HiddenContext):
    """A Pending Card placed face down fills its slot (1.1.3: "placed face down on the table")."""
    for m, h in ctx.hands.items():
        if h.placed:
            yield Nogood((Lit(m, None),), f"the {faction_name(ctx.faction)} faction has placed a {m.upper()} Pending "
                                          "Card face down")


def _post_empty_hidden(ctx: HiddenContext, base: Evaluator):
    """1.1.3 No Pending Card (``empty-slot=forced``) over every hand: a slot may stay empty only when
    no card *in the hand* fits it, given the other slot. For each candidate that fits with the other
    slot's value, one nogood: "empty, that card held, that other value"."""
    if ctx.interp.get("empty-slot") != "forced":
        return
    base = Evaluator([c for c in base.constraints if c.rule is not COUNT])    # the size says nothing of fitting
    for slot in ctx.slots:
        others = [s for s in ctx.slots if s != slot]
        fitting = [c for c in ctx.candidates[slot] if ctx.in_hand(c) and not base.unary_excluded((slot, c))]
        for rest in product(*[ctx.values(s) for s in others]):
            partial = dict(zip(others, rest))
            holding = {held(v): True for v in rest if v is not None and ctx.in_hand(v)}
            given = [ctx.pos.card_text(v) if v else f"no {s.upper()} card" for s, v in partial.items()]
            with_ = f" with {', '.join(given)}" if given else ""
            for c in fitting:
                if base.fits({slot: c, **partial, **holding, held(c): True}):
                    yield Nogood(
                        (Lit(slot, None), Lit(held(c), True)) + tuple(Lit(s, v) for s, v in partial.items()),
                        f"no {slot.upper()} Pending Card although {ctx.pos.card_text(c)} fits{with_} if it is in "
                        "the hand (a slot stays empty only when no card fits; interpretation empty-slot=forced)")


COUNT = rules["1.1.3"].row("Hand Face Down", _post_count, text="the hand-count of a hand another faction sees")
PLACED = rules["1.1.3"].row("Pending Card Placed Face Down", _post_placed)
EMPTY_HIDDEN = rules["1.1.3"].row(EMPTY.title, _post_empty_hidden, ("empty-slot",), meta=True,
                                  text="over every hand of the hand-count")

#: The selection rules over a hidden hand: every rule of :data:`solver.selection.rules.RULES`, 1.1.3 No
#: Pending Card decided over the hands, the hand's size and a Pending Card placed face down.
HIDDEN_RULES: tuple[Row, ...] = tuple(r for r in RULES if r is not EMPTY) + (PLACED, COUNT, EMPTY_HIDDEN)
#: The facts of the view (not rules a selection breaks): always enforced.
FACTS: tuple[Row, ...] = (COUNT,)
#: What *fits* a slot (1.1.3 No Pending Card: "no card fits") in a context with ``every_held``: every rule
#: but the hand's size and the empty-slot rule itself, each candidate in the hand.
FITTING: tuple[Row, ...] = tuple(r for r in RULES if r is not EMPTY) + (PLACED,)


def _hand_words(who: str, m: str, many: str) -> Callable[[Any], str]:
    """The words of the hand count's two sums (1.1: the hand face down, its size public)."""
    return lambda _held: f"the {who} {m.upper()} hand holds {many} (1.1: face down)"


def hidden_constraints(ctx: HiddenContext) -> list:
    """Every constraint of :data:`HIDDEN_RULES` for ``ctx``."""
    return post(HIDDEN_RULES, ctx)


def domains(ctx: HiddenContext) -> dict:
    """``{slot: [value, ...]}``: each selection slot's candidates and None, each held slot True / None."""
    return {**{s: ctx.values(s) for s in ctx.slots}, **ctx.held_slots()}
