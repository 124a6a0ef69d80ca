"""1.1.3.3 Other Selection Restrictions: Sequential (interpretation ``sequential-scope``), Annual
(interpretation ``annual-scope``), Theater, identically named © cards and the Soviet Production Limit.

Each rule posts constraints over the literals ``(slot, card id or None)`` of one faction's selection, as
the other selection rules of :mod:`solver.selection.rules` do (which lists them all in ``RULES``, in the order
rulings give them); the facts a plan changes (the Current Card, the war state, the Annual count of earlier
reveals) are asked of the context (:class:`~solver.selection.rules.SelectionContext`) as cases with guards.
"""
from __future__ import annotations

from itertools import product
from typing import Any, Optional

from ...model.files.names import norm_name
from ...model.files.load import Position
from ...model.game.vocabulary import faction_name, join_and

from ..engine.constraints import AtMost, Lit, Nogood
from ..engine.registry import rules

# ``ctx`` below: the :class:`solver.selection.rules.SelectionContext` of the selection ruled on (not imported: that
# module imports this one)

#: Sequential Selection Restrictions (1.1.3.3): faction, card type, maps where the rule applies, and the
#: type as the rules name one card and several ("a Demand card", "cards with a Blitz Value of 2 or more").
SEQUENTIAL = (
    ("axis", "demand", ("tk", "ds"), ("a Demand card", "Demand cards")),
    ("axis", "blitz-2", ("tk",), ("a card with a Blitz Value of 2 or more", "cards with a Blitz Value of 2 or more")),  # △ TK
    ("axis", "diplomatic-overtures", ("ds",), ("a Diplomatic Overtures card", "Diplomatic Overtures cards")),        # △ DS
    ("western", "limited-war-blitz", ("tk", "ds"), ("a Limited War Blitz card", "Limited War Blitz cards")),
)
#: Annual Selection Restrictions (1.1.3.3).
ANNUAL = (
    ("axis", "rearmament", ("tk", "ds"), ("a Rearmament card", "Rearmament cards")),
    ("western", "rearmament", ("tk", "ds"), ("a Rearmament card", "Rearmament cards")),
    ("soviet", "rearmament", ("tk", "ds"), ("a Rearmament card", "Rearmament cards")),
    ("soviet", "offensive", ("tk", "ds"), ("an Offensive card", "Offensive cards")),
    ("soviet", "war-progress", ("ds",), ("a War Progress card", "War Progress cards")),                              # △ DS
)


def _post_sequential(ctx: Any):
    pos, f = ctx.pos, ctx.faction
    scope = ctx.interp.get("sequential-scope", "map")
    for fac, kind, maps, label in SEQUENTIAL:
        if fac != f:
            continue
        for slot, cid, card in ctx.cards():
            if card.faction != f or kind not in card.kinds or card.map not in maps:
                continue
            compare = [card.map] if scope == "map" else [m for m in pos.maps if m in maps]
            for m in compare:
                for cur_id, guard in ctx.current(m):
                    cur = pos.cards.get(cur_id) if cur_id else None
                    if cur is not None and kind in cur.kinds and cur.map in maps:
                        one, many = label
                        yield Nogood(
                            (Lit(slot, cid),) + guard,
                            f"{card.text} is {one} and the {faction_name(f)} {m.upper()} Current Card "
                            f"{cur.text} is one too: no two {many} back-to-back",
                        )


def _post_annual(ctx: Any):
    pos, f = ctx.pos, ctx.faction
    scope = ctx.interp.get("annual-scope", "faction")
    reveal = ctx.reveal_turn
    year = reveal.calendar_year
    for fac, kind, maps, label in ANNUAL:
        if fac != f:
            continue
        groups = [tuple(m for m in pos.maps if m in maps)] if scope == "faction" else [(m,) for m in pos.maps if m in maps]
        for group in groups:
            prior, earlier = ctx.annual_prior(group, kind, maps, year)
            terms = tuple(
                (1, Lit(slot, cid)) for slot, cid, card in ctx.cards()
                if card.faction == f and kind in card.kinds and card.map in group
            )
            if not terms:
                continue

            def explain(held, prior=tuple(prior), label=label):
                one, many = label
                chosen = join_and(pos.card_text(cid) for _, cid in held)
                msg = (f"{chosen} {'are' if len(held) > 1 else 'is'} {many if len(held) > 1 else one}, "
                       f"to be revealed in {reveal} (calendar year {year})")
                if prior:
                    before = join_and(f"{pos.card_text(pc)} in {t}" for pc, t in prior)
                    msg += f", and {before} {'was' if len(prior) == 1 else 'were'} already revealed that year"
                return msg + f": at most {one.replace('a ', 'one ', 1).replace('an ', 'one ', 1)} per calendar year" + (
                    "" if scope == "faction" else " on each map")

            # one earlier reveal that year already forbids every card of the type; selecting
            # nothing never breaks the rule, even after an (illegal) second reveal in the history
            yield AtMost(terms + tuple(earlier), 1, explain, const=min(len(prior), 1))


def _post_theater(ctx: Any):
    # a card of a map not in play (TK or DS alone) is ruled by 1.1.3 alone ("the DS map is not in play"):
    # the Theater Selection Restrictions are a (c) rule of AE, where both maps are
    for slot, cid, card in ctx.cards():
        if card.map != slot and card.map in ctx.pos.maps:
            yield Nogood(
                (Lit(slot, cid),),
                f"{card.text} is a {card.map.upper()} card and cannot be the {slot.upper()} Pending Card",
            )


def _post_twins(ctx: Any):
    if len(ctx.slots) < 2:
        return
    a, b = ctx.slots[0], ctx.slots[1]
    by_name: dict = {}                 # the © cards of slot b by name: only those can be twins (10,000 cards)
    for cb in ctx.candidates[b]:
        y = ctx.pos.cards[cb]
        if y.combined:
            by_name.setdefault(norm_name(y.name), []).append(cb)
    for ca in ctx.candidates[a]:
        x = ctx.pos.cards[ca]
        for cb in by_name.get(norm_name(x.name), ()) if x.combined else ():
            y = ctx.pos.cards[cb]
            if x.is_twin_of(y):
                yield Nogood(
                    (Lit(a, ca), Lit(b, cb)),
                    f"{x.text} and {y.text} are identically named © cards: they cannot be selected in the same season",
                )


def production_limit(pos: Position, war: Optional[dict] = None) -> tuple[int, str]:
    """The Soviet Production Limit (1.1.3.3) and the reason: 3 once Total War is
    in effect on either map (``war``: map -> war state; default the position's), else 1."""
    war = pos.war_state if war is None else war
    total = [m.upper() for m in pos.maps if war[m] == "total"]
    if total:
        return 3, f"Total War on {' and '.join(total)}"
    return 1, "Pre-War or Limited War on both maps"


def _post_production(ctx: Any):
    pos = ctx.pos
    if pos.game != "ae" or ctx.faction != "soviet":
        return
    terms = tuple(
        (card.production or 0, Lit(slot, cid)) for slot, cid, card in ctx.cards() if (card.production or 0) > 0
    )
    if not terms:
        return
    for war in product(*[ctx.war_states(m) for m in pos.maps]):
        limit, reason = production_limit(pos, {m: w for m, (w, _) in zip(pos.maps, war)})
        guard = tuple(l for _, g in war for l in g)

        def explain(held, limit=limit, reason=reason):
            held = [l for l in held if l[0] in ctx.slots]
            parts = [f"{cid} ({pos.cards[cid].production or 0})" for _, cid in held]
            total = sum(pos.cards[cid].production or 0 for _, cid in held)
            lhs = " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "")
            return f"{lhs} exceeds the limit {limit} ({reason})"

        yield guarded_at_most(terms, limit, explain, guard)


def guarded_at_most(terms: tuple, bound: int, explain, guard: tuple, const: int = 0) -> AtMost:
    """``const + sum(terms) <= bound`` in force only while every literal of ``guard`` holds: each guard
    literal a term whose coefficient (the most the terms can add) lifts the bound out of reach when it does
    not hold. An empty guard is the plain :class:`AtMost`."""
    big = sum(k for k, _ in terms)
    return AtMost(tuple(terms) + tuple((big, g) for g in guard), bound + big * len(guard), explain, const=const)


SEQUENTIAL_RULE = rules["1.1.3.3"].row("Sequential Selection Restrictions", _post_sequential, ("sequential-scope",))
ANNUAL_RULE = rules["1.1.3.3"].row("Annual Selection Restrictions", _post_annual, ("annual-scope",))
THEATER = rules["1.1.3.3"].row("Theater Selection Restrictions", _post_theater)
TWINS = rules["1.1.3.3"].row("Identically Named © Cards", _post_twins)
PRODUCTION = rules["1.1.3.3"].row("Soviet Production Limit", _post_production)
