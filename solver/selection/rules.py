"""1.1.3 Pending Card Selection: every restriction, defined once.

Each rule below posts constraints over the literals ``(slot, card id or
None)`` of one faction's selection (a slot per map in play). They are
evaluated directly for rulings (:func:`check`, the one
:class:`~solver.engine.constraints.Evaluator`) and compiled to CP-SAT for
enumeration and explanation (:mod:`solver.selection.choices`, the one compiler of
:mod:`solver.engine.compiler`). See docs/design.md.

Rules: 1.1.1 the © twin of a played card cannot be selected; 1.1.3 the card
comes from the hand, card selection is final, and a slot stays empty only when
no card fits (interpretation ``empty-slot``); 1.1.3.1 Selection Requirements;
1.1.3.2 War State; and, from :mod:`solver.selection.restrictions`, 1.1.3.3 Sequential
(interpretation ``sequential-scope``), Annual (interpretation ``annual-scope``),
Theater, identically named © cards, Soviet Production Limit. ``RULES`` lists
them all in the order rulings give them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any, Iterable, Optional

from ...model.files.load import Position
from ...model.game.vocabulary import faction_name, with_article

from ..engine.constraints import Evaluator, Lit, Nogood, post
from ..engine.registry import Row, rules
from .requirements import check_requirement
# 1.1.3.3 Other Selection Restrictions, a module of their own (production_limit: read by rulings of 1.1.3.3 too)
from .restrictions import ANNUAL_RULE, PRODUCTION, SEQUENTIAL_RULE, THEATER, TWINS, production_limit  # noqa: F401

@dataclass
class SelectionContext:
    """One faction's Pending Card selection in one position.

    ``slots`` are the maps in play; ``candidates[slot]`` the card ids
    considered for the slot (the hand, plus any card a ruling asks about);
    every slot may also hold ``None``. ``interp`` holds the interpretations
    in force. ``made`` is the selection already made (a Pending Card placed on
    some map: ``{map: card id or None}``), or None.
    """

    pos: Position
    faction: str
    slots: tuple
    candidates: dict
    interp: dict = field(default_factory=dict)
    made: Optional[dict] = None
    _hands: dict = field(default_factory=dict, repr=False, compare=False)   # map -> the hand as a set
    _memo: dict = field(default_factory=dict, repr=False, compare=False)    # facts read once: the cards revealed

    def values(self, slot: str) -> list:
        return list(self.candidates[slot]) + [None]

    def cards(self) -> Iterable[tuple[str, str, Any]]:
        """Every ``(slot, card id, Card)`` a rule rules on: each slot's candidates."""
        for slot in self.slots:
            for cid in self.candidates[slot]:
                yield slot, cid, self.pos.cards[cid]

    def in_hand(self, cid: str) -> bool:
        """The card is in the faction's hand, or is the Pending Card already selected from it."""
        card = self.pos.cards[cid]
        hand = self._hands.get(card.map)
        if hand is None:
            hand = self._hands[card.map] = set(self.pos.hand(self.faction, card.map))
        return cid in hand or (self.made or {}).get(card.map) == cid

    @property
    def reveal_turn(self):
        """The Seasonal Turn in which a Pending Card selected now is revealed."""
        return self.pos.turn.next()

    # The facts a plan changes from turn to turn. Each is asked of the context as *cases*: a value
    # and the guard (choice literals) under which it holds. This context resolves each to the position's one
    # value with an empty guard, so a rule yields exactly the constraints it always did; the plan model's
    # context (:class:`solver.plan.model.TurnContext`) returns a case per value, each guarded by its
    # literals, and a rule yields its constraint with the guard added (a Nogood's extra literals).

    #: False: every fact is the position's (the plan's contexts are symbolic).
    symbolic = False

    def out_of_hand(self, cid: str) -> list:
        """The guards under which card ``cid`` is not in the hand (1.1.3): ``[()]`` or ``[]`` here."""
        return [] if self.in_hand(cid) else [()]

    def twins_revealed(self, card) -> list:
        """``[(when, twin id, guard)]``: the © twin of ``card`` revealed (1.1.1 Step 2); here the first in the history."""
        if "revealed" not in self._memo:
            self._memo["revealed"] = [r for r in self.pos.revealed(self.faction) if self.pos.cards[r.card].combined]
        for r in self._memo["revealed"]:
            if card.is_twin_of(self.pos.cards[r.card]):
                return [(r.when, r.card, ())]
        return []

    def current(self, m: str) -> list:
        """``[(Current Card id or None, guard)]`` of the faction on map ``m`` (1.1.3.3 Sequential)."""
        fm = self.pos.factions[self.faction].get(m)
        return [(fm.current if fm else None, ())]

    def war_states(self, m: str) -> list:
        """``[(war state, guard)]`` in effect on map ``m`` (1.1.3.2, the Soviet Production Limit)."""
        return [(self.pos.war_state[m], ())]

    def requirement(self, card, req) -> list:
        """``[(holds, text, guard)]`` of the Selection Requirement ``req`` of ``card`` (1.1.3.1)."""
        return [(*check_requirement(self.pos, card, req), ())]

    def annual_prior(self, group: tuple, kind: str, maps: tuple, year: int) -> tuple:
        """The cards of ``kind`` revealed on the maps of ``group`` in calendar year ``year`` before this
        selection (1.1.3.3 Annual): ``(prior, terms)``, ``prior`` ``[(card id, turn)]`` of the history,
        ``terms`` further ``(1, literal)`` terms (none here: the history is all there is)."""
        prior = []
        for r in self.pos.revealed(self.faction):
            c = self.pos.cards[r.card]
            if r.map in group and r.turn is not None and r.turn.calendar_year == year and kind in c.kinds and c.map in maps:
                prior.append((r.card, r.turn))
        return prior, ()


def make_context(pos: Position, faction: str, extra: Optional[dict] = None) -> SelectionContext:
    """The context for ``faction``'s selection; ``extra`` adds cards to a slot's candidates.

    Raises :class:`~model.files.errors.InputError` when the faction is not in the position.
    """
    faction = pos.require_faction(faction)
    made = selection_made(pos, faction)
    cands = {}
    for m in pos.maps:
        vals = list(pos.hand(faction, m))
        for c in [(made or {}).get(m)] + list((extra or {}).get(m, [])):
            if c is not None and c not in vals:
                vals.append(c)
        cands[m] = vals
    return SelectionContext(pos, faction, tuple(pos.maps), cands, pos.interpretations_in_force, made)


def selection_made(pos: Position, faction: str) -> Optional[dict]:
    """The Pending Card selection ``faction`` is bound to (1.1.3 "Card selection is final"):
    ``{map: card id or None}``, or None when no Pending Card is placed and no "no card" selection is
    recorded this turn (``selected:`` without a Pending Card on every map: it binds every slot).

    The faction is bound to the cards it placed, not to a slot it left open: in AE a faction that
    placed a TK Pending Card only may still fill its DS slot (``{"tk": card}``). Pending Cards
    that await their reveal (:meth:`~model.files.load.Position.awaiting_reveal`) bind every slot:
    they were selected in an earlier turn, empty slots included (1.1.1 Step 2)."""
    sections = pos.factions.get(faction, {})
    if not any(fm.pending for fm in sections.values()):
        if sections and all(fm.selected == pos.turn and not (fm.pending_face_down or fm.sealed)
                            for fm in sections.values()):
            return {m: None for m in pos.maps}      # "no card" said this turn (1.1.3 "must say so"): final too
        return None
    if pos.awaiting_reveal(faction):
        return {m: (sections[m].pending if m in sections else None) for m in pos.maps}
    return {m: sections[m].pending for m in pos.maps if m in sections and sections[m].pending}


def open_slots(pos: Position, faction: str) -> tuple:
    """The maps on which ``faction`` may still place a Pending Card this turn: every map in play
    when it has placed none, else those its selection made leaves open (:func:`selection_made`)."""
    made = selection_made(pos, faction)
    return tuple(m for m in pos.maps if made is None or m not in made)


def complete_choice(pos: Position, faction: str, choice: dict) -> dict:
    """``choice`` (map -> card id or None) with each slot it leaves out (or None) that a partial
    selection already made binds (1.1.3 "Card selection is final") filled with the bound card; a
    selection made that leaves no slot open, or none made, leaves ``choice`` as it is."""
    made = selection_made(pos, faction)
    full = {m: choice.get(m) for m in pos.maps}
    if made is None or not open_slots(pos, faction):
        return full
    return {m: full[m] if full[m] is not None else made.get(m) for m in pos.maps}


# ----------------------------------------------------------------------------- 1.1.1

def _post_procedure(ctx: SelectionContext):
    """1.1.1 Step 2 (AE): legally playing a © card removes the identically named card
    from the faction's other deck. (Step 1, a card set aside once played, cannot be
    in the hand: the loader refuses such a file, model/files/consistency.py.)"""
    pos, f = ctx.pos, ctx.faction
    for slot, cid, card in ctx.cards():
        if card.faction != f or not ctx.in_hand(cid):
            continue                      # a card not in the hand is ruled on by 1.1.3
        if pos.game == "ae":
            for when, twin, guard in ctx.twins_revealed(card):
                yield Nogood((Lit(slot, cid),) + guard, f"{card.text}: its © twin {pos.card_text(twin)} was played "
                             f"in {when}, which removed it from the {card.map.upper()} deck (Step 2)")


# ----------------------------------------------------------------------------- 1.1.3

def _post_hand(ctx: SelectionContext):
    pos, f = ctx.pos, ctx.faction
    for slot, cid, card in ctx.cards():
        if card.faction != f:
            yield Nogood((Lit(slot, cid),), f"{card.text} is {with_article(faction_name(card.faction))} card, "
                         f"not {with_article(faction_name(f))} card")
            continue
        fm = pos.factions[f].get(card.map)
        guards = ctx.out_of_hand(cid)
        if not guards:
            continue                      # (the Pending Card was selected from the hand: 1.1.3 "Card selection is final")
        if card.map not in pos.maps:
            why = f"the {card.map.upper()} map is not in play in game {pos.game}"
        elif fm is not None and cid == fm.current:
            why = "it is the Current Card, not in the hand"
        elif fm is not None and any(p.card == cid for p in fm.played):
            why = "it was played before and is not in the hand"
        else:
            why = f"it is not in the {faction_name(f)} {card.map.upper()} hand"
        for guard in guards:
            yield Nogood((Lit(slot, cid),) + guard, f"{card.text}: {why}")


def final_message(pos: Position, faction: str, made: dict, cards: Optional[str] = None) -> str:
    """The words of 1.1.3 "Card selection is final" for the selection ``made``
    (``{map: card id or None}``, :func:`selection_made`); ``cards`` shows the cards another way
    (default: ids and names). Pending Cards that await their reveal say so (1.1.1 Step 2, 4); a
    partial selection names the card that binds and the slot still open."""
    if cards is None:
        cards = ", ".join(f"{pos.card_text(c)} on {m.upper()}" if c else f"no {m.upper()} card" for m, c in made.items())
    if pos.awaiting_reveal(faction):
        when = next((fm.selected for fm in pos.factions[faction].values() if fm.pending and fm.selected), None)
        return (f"card selection is final: the {faction_name(faction)} faction selected its Pending Cards ({cards}) in "
                f"{when or pos.turn.ahead(-1)}; they await their reveal in this Seasonal Turn (1.1.1 Step 2): reveal them "
                "(aeref reveal), then select the next Pending Cards (1.1.1 Step 4)")
    free = [m.upper() for m in pos.maps if m not in made]
    if free:
        return (f"card selection is final: the {faction_name(faction)} faction has placed {cards}, which binds it; "
                f"only its {' and '.join(free)} slot is still open")
    return f"card selection is final: the {faction_name(faction)} faction has already selected its Pending Cards ({cards})"


def _post_final(ctx: SelectionContext):
    """1.1.3 "Card selection is final": once a Pending Card is placed, the faction is bound to it;
    a slot it left open this turn is chosen as any other (:func:`selection_made`)."""
    if ctx.made is None:
        return
    for slot in ctx.slots:
        if slot not in ctx.made:
            continue
        for v in ctx.values(slot):
            if v != ctx.made[slot]:
                yield Nogood((Lit(slot, v),), final_message(ctx.pos, ctx.faction, ctx.made))


def _post_empty(ctx: SelectionContext, base: Evaluator):
    if ctx.interp.get("empty-slot") != "forced" or ctx.symbolic:
        return                            # (a plan's turn: solver.plan.model compiles this rule over the turn's constraints)
    if ctx.made is not None:
        # a selection already made is ruled on as it was made: the cards that fitted then, not 1.1.3 Final
        base = Evaluator([c for c in base.constraints if c.rule != FINAL])
    for slot in ctx.slots:
        others = [s for s in ctx.slots if s != slot]
        fitting = [c for c in ctx.candidates[slot] if not base.unary_excluded((slot, c))]
        for rest in product(*[ctx.values(s) for s in others]):
            partial = dict(zip(others, rest))
            for c in fitting:
                if base.fits({slot: c, **partial}):
                    given = [ctx.pos.card_text(v) if v else f"no {s.upper()} card" for s, v in partial.items()]
                    with_ = f" with {', '.join(given)}" if given else ""
                    yield Nogood(
                        (Lit(slot, None),) + tuple(Lit(s, v) for s, v in partial.items()),
                        f"no {slot.upper()} Pending Card although {ctx.pos.card_text(c)} fits{with_} "
                        "(a slot stays empty only when no card fits; interpretation empty-slot=forced)",
                    )
                    break


# ----------------------------------------------------------------------------- 1.1.3.1

def _post_requirements(ctx: SelectionContext):
    for slot, cid, card in ctx.cards():
        for req in card.requires:
            for holds, text, guard in ctx.requirement(card, req):
                if not holds:
                    yield Nogood((Lit(slot, cid),) + guard, f"{card.text} requires {text}")


# ----------------------------------------------------------------------------- 1.1.3.2

def _post_war_state(ctx: SelectionContext):
    pos = ctx.pos
    for slot, cid, card in ctx.cards():
        m = card.map if card.map in pos.war_state else slot
        for now, guard in ctx.war_states(m):
            if card.war_state > now:
                allowed = [f"{w.colour} {w.display}" for w in now.up_to()]
                yield Nogood(
                    (Lit(slot, cid),) + guard,
                    f"{card.text} is a {card.war_state.colour} {card.war_state.display} card; "
                    f"{now.display} is in effect on the {m.upper()} map, so only {' or '.join(allowed)} cards may be selected",
                )


PROCEDURE = rules["1.1.1"].row("Option Card Procedure", _post_procedure)
HAND = rules["1.1.3"].row("Pending Card Selection", _post_hand)
FINAL = rules["1.1.3"].row("Card Selection Is Final", _post_final)
REQUIREMENTS = rules["1.1.3.1"].row("Pending Card Selection Requirements", _post_requirements)
WAR_STATE = rules["1.1.3.2"].row("War State Selection Restrictions", _post_war_state)
EMPTY = rules["1.1.3"].row("No Pending Card", _post_empty, ("empty-slot",), meta=True)

#: Every selection rule, in the order rulings list them.
RULES: tuple[Row, ...] = (PROCEDURE, HAND, FINAL, REQUIREMENTS, WAR_STATE, THEATER, SEQUENTIAL_RULE, ANNUAL_RULE, TWINS, PRODUCTION, EMPTY)


#: The rules a choice that fills every slot can break (all but 1.1.3 No Pending Card).
_FILLED: tuple[Row, ...] = tuple(r for r in RULES if r is not EMPTY)


def evaluator(ctx: SelectionContext, rules=RULES) -> Evaluator:
    """Post ``rules`` for ``ctx`` and index their constraints for evaluation."""
    return Evaluator(post(rules, ctx))


def interpretations_used(pos: Position) -> dict:
    """The interpretations a selection ruling reads, with their values in force."""
    used = {n for r in RULES for n in r.interpretations}
    return {k: v for k, v in pos.interpretations_in_force.items() if k in used}


@dataclass
class Ruling:
    """A referee ruling: ``legal`` and every :class:`Violation`."""
    legal: bool
    violations: list
    interpretations: dict
    notes: list = field(default_factory=list)    # words of a ruling made on an earlier position (1.1.1 Order of Play)

    def as_json(self) -> dict:
        return {"legal": self.legal, "violations": [v.as_json() for v in self.violations],
                "interpretations": self.interpretations}


def check(pos: Position, faction: str, choice: dict) -> Ruling:
    """Rule on one proposed selection.

    ``choice`` maps each map in play to a card id or None (no Pending Card);
    a map left out means no card. Returns a :class:`Ruling` listing every
    violated rule. Raises :class:`~model.files.errors.InputError` for a faction not
    in the position. Does not import ortools.
    """
    full = {m: choice.get(m) for m in pos.maps}
    ctx = make_context(pos, faction, {m: [v] for m, v in full.items() if v})
    # 1.1.3 No Pending Card rules on an empty slot only (each of its nogoods holds "no card" on one): a choice
    # filling every slot cannot break it, so it is not posted then (it tries every card of the other slots)
    vs = evaluator(ctx, RULES if None in full.values() else _FILLED).violations(full)
    return Ruling(not vs, vs, interpretations_used(pos))


def choice_key(choice: dict) -> tuple:
    """Sort key of FORMAT 5 ``pairs``: by the card ids (maps in id order, ds
    before tk), ``null`` last."""
    return tuple((choice[m] is None, choice[m] or "") for m in sorted(choice))


def sort_choices(choices: list, slots: tuple) -> list:
    """``choices`` (each with every slot of ``slots``) sorted by :func:`choice_key`: each value ranked
    once, each choice keyed by one integer (100,000 choices in a few hundredths of a second)."""
    order = sorted(slots)
    ranks = []
    for m in order:
        values = sorted({ch[m] for ch in choices}, key=lambda v: (v is None, v or ""))
        ranks.append({v: i for i, v in enumerate(values)})
    width = [len(r) + 1 for r in ranks]

    def key(ch):
        k = 0
        for m, r, w in zip(order, ranks, width):
            k = k * w + r[ch[m]]
        return k
    return sorted(choices, key=key)


def legal_choices_direct(pos: Position, faction: str) -> list[dict]:
    """Every legal selection by direct evaluation of every combination (no solver).

    Returns choices (map -> card id or None) sorted as :func:`choice_key`.
    """
    ctx = make_context(pos, faction)
    ev = evaluator(ctx)
    out = []
    for vals in product(*[ctx.values(s) for s in ctx.slots]):
        choice = dict(zip(ctx.slots, vals))
        if ev.fits(choice):
            out.append(choice)
    return sorted(out, key=choice_key)
