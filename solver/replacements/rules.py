"""1.3.3 / 1.3.4 (and the stacking rules 9.1 / 9.2 they refer to) as constraints.

Each rule posts :class:`~solver.engine.constraints.Nogood` / :class:`~solver.engine.constraints.AtMost`
constraints over the literals ``Lit(("place", unit), location)`` and
``Lit(("pay", unit), payment)`` of one :class:`~.context.ReplacementContext`
(``ANY``: the slot holds something). The same constraints give the ruling on a
proposed allocation (the one :class:`~solver.engine.constraints.Evaluator`) and the
optimiser's model (the one compiler, :mod:`solver.engine.compiler`).
"""
from __future__ import annotations

from functools import partial
from itertools import repeat
from typing import Optional

from ...model.game.vocabulary import step_words

from ..engine.constraints import ANY, AtMost, Lit, Nogood
from ..engine.constraints import post as post_rules
from ..engine.registry import rules
from .context import ReplacementContext
from .taking import PAYMENT_RULES, TAKE_RULES, check_step_count


def _units(ctx):
    return list(ctx.units.values())


def _post_link(ctx):
    # 1.3.3 "If a player cannot take all his replacement steps and place them on the map ... the extra unplaced
    # replacement steps are lost": a unit is paid for exactly when it is placed.
    for u in _units(ctx):
        yield Nogood((Lit(("place", u.id), None), Lit(("pay", u.id), ANY)),
                     f"{ctx.describe(u)} is paid for but not placed: unplaced replacement steps are lost")
        yield Nogood((Lit(("pay", u.id), None), Lit(("place", u.id), ANY)),
                     f"{ctx.describe(u)} is placed but not paid with any replacement step")


def _post_capacity(ctx):
    # 1.3.3 "Players cannot accumulate or save replacements": no more steps of a pool than were received.
    for key, p in ctx.pools.items():
        terms = []
        for u in _units(ctx):
            for opt in ctx.pay_values[u.id]:
                k = opt.count(key)
                if k:
                    terms.append((k, Lit(("pay", u.id), opt)))
        if not terms:
            continue

        def explain(held, p=p):
            ids = [lit[0][1] for lit in held]
            spent = sum(lit[1].count(p.key) for lit in held)
            got = f"{p.count} {'was' if p.count == 1 else 'were'} received" if p.count else "none was received"
            return f"{spent} {step_words(p.key, spent)} spent ({', '.join(ids)}) but {got}"
        yield AtMost(tuple(terms), p.count, explain)


def _listed(locs: list) -> str:
    """At most six locations, then how many more."""
    return ", ".join(locs[:6]) + (f" and {len(locs) - 6} more" if len(locs) > 6 else "")


def _post_locations(ctx):
    # 1.3.4 Replacement Locations (the tables of .locations).
    for u in _units(ctx):
        ok = ctx.eligible[u.id]
        for loc in ctx.place_values[u.id]:
            if loc in ok:
                continue
            why = ctx.near_miss[u.id].get(loc)
            where = [x for x in sorted(ok) if x not in ctx.blocked]      # 1.3.4: not where an enemy is
            msg = f"{loc} is not a Replacement Location for {ctx.describe(u)}"
            msg += f" ({why})" if why else ""
            if where:
                msg += f"; it may be placed in {_listed(where)}"
            elif ok:
                msg += (f"; {'its only Replacement Location' if len(ok) == 1 else 'each of its Replacement Locations'} "
                        f"({_listed(sorted(ok))}) holds enemy units or markers")
            else:
                msg += "; it has no Replacement Location on this map"
            yield Nogood((Lit(("place", u.id), loc),), msg)


def _post_enemy(ctx):
    # 1.3.4 "a replacement unit cannot be placed in a hex that contains an enemy ground unit, support unit,
    # Detachment, or Logistics marker."
    for u in _units(ctx):
        for loc in ctx.place_values[u.id]:
            if loc in ctx.blocked:
                yield Nogood((Lit(("place", u.id), loc),),
                             f"{loc} holds {', '.join(ctx.blocked[loc])}: no replacement can be placed in a hex with an enemy "
                             "ground unit, support unit, Detachment or Logistics marker")


def friendly_stack(ctx: ReplacementContext, loc: str) -> tuple[int, int]:
    """The friendly ground units in ``loc`` before placement: ``(units, steps)``."""
    us = [u for u in ctx.board.units_at(loc) if u.ground and u.faction == ctx.faction]
    return len(us), sum(u.steps for u in us)


def stacking_limits(ctx: ReplacementContext, loc: str) -> tuple[int, int]:
    """9.2: ``(units, steps)`` limits of hex ``loc`` (Limited Stacking: fewer steps)."""
    h = ctx.board.hexes[loc]
    st = ctx.board.stacking
    return st["units"], st["limited-steps"] if h.limited_stacking else st["steps"]


def units_by_hex(ctx: ReplacementContext) -> dict:
    """The units that may be placed in each hex (Off-Map Boxes have no stacking limit)."""
    out: dict = {}
    hexes = ctx.board.hexes
    by_values: dict = {}                 # units with one candidate list (often thousands) share the lookups
    for u in _units(ctx):
        values = ctx.place_values[u.id]
        key = tuple(values)
        if key not in by_values:
            by_values[key] = [loc for loc in values if loc in hexes]
        for loc in by_values[key]:
            if loc in out:
                out[loc].append(u)
            else:
                out[loc] = [u]
    return out


#: ``Lit`` made from a ``(slot, value)`` pair without the named tuple's Python-level constructor
#: (a stacking sum has a term per unit and hex: 232,000 for 2,000 units).
_lit = partial(tuple.__new__, Lit)


def _post_stacking(ctx):
    # 9.2 Stacking: at most 3 friendly ground units with 6 steps in a hex (Limited Stacking: 3 steps).
    slots = {u.id: ("place", u.id) for u in _units(ctx)}
    for loc, us in units_by_hex(ctx).items():
        n0, s0 = friendly_stack(ctx, loc)
        max_u, max_s = stacking_limits(ctx, loc)
        lim = " (Limited Stacking)" if ctx.board.hexes[loc].limited_stacking else ""
        terms = tuple(zip(repeat(1), map(_lit, zip([slots[u.id] for u in us], repeat(loc)))))
        for what, have, bound in (("ground units", n0, max_u), ("steps", s0, max_s)):
            if have >= bound:
                for u in us:
                    yield Nogood((Lit(("place", u.id), loc),),
                                 f"{loc} already holds {have} friendly {what}, the limit{lim} is {bound}: placing {u.id} there exceeds it")
                continue
            if have + len(terms) <= bound:
                continue

            def explain(held, loc=loc, have=have, bound=bound, what=what, lim=lim):
                ids = [lit[0][1] for lit in held]
                return (f"{loc} would hold {have + len(held)} friendly {what} ({have} there + {', '.join(ids)}), "
                        f"the limit{lim} is {bound}")
            yield AtMost(terms, bound, explain, const=have)


def minor_nationality(ctx: ReplacementContext, u) -> Optional[str]:
    """The Minor Country of a ground unit for 9.1 (None for a major power's unit or a one-step Exp unit:
    "one-step Exp units may stack with any units of their faction")."""
    if u.type == "exp" and u.steps == 1:
        return None
    for n in u.nationality:
        if ctx.is_minor(n):
            c = ctx.country(n)
            return c.name if c is not None else n        # one name per country, as the file writes it
    return None


def _post_minor_stacking(ctx):
    # 9.1 "ground units of different Minor Countries cannot stack together (one-step Exp units may stack with any
    # units of their faction)."
    minor_of = {u.id: minor_nationality(ctx, u) for u in _units(ctx)}
    for loc, us in units_by_hex(ctx).items():
        present = {}
        for x in ctx.board.units_at(loc):
            if x.ground and x.faction == ctx.faction and minor_nationality(ctx, x):
                present.setdefault(minor_nationality(ctx, x), x.id)
        if len(present) > 1:          # already mixed before placement: no replacement may join the stack
            for u in us:
                yield Nogood((Lit(("place", u.id), loc),),
                             f"{loc} already holds ground units of different Minor Countries ({', '.join(f'{i} ({m})' for m, i in present.items())}): "
                             f"placing {u.id} there leaves an illegal stack")
            continue
        minors = [(u, minor_of[u.id]) for u in us if minor_of[u.id]]
        for u, n in minors:
            others = [f"{i} ({m})" for m, i in present.items() if m != n]
            if others:
                yield Nogood((Lit(("place", u.id), loc),),
                             f"{loc} holds {', '.join(others)}: ground units of different Minor Countries cannot stack with {ctx.describe(u)}")
        for i in range(len(minors)):
            for j in range(i + 1, len(minors)):
                (a, na), (b, nb) = minors[i], minors[j]
                if na != nb:
                    yield Nogood((Lit(("place", a.id), loc), Lit(("place", b.id), loc)),
                                 f"{ctx.describe(a)} and {ctx.describe(b)} in {loc}: ground units of different Minor Countries cannot stack together")


#: 9.1: the unit types of which a hex holds one (an HQ cannot stack with another HQ, a Fortress not with another
#: Fortress); Off-Map Boxes have no stacking limit.
ONE_A_HEX = ("hq", "fortress")


def _post_one_a_hex(ctx):
    # 9.1 "an HQ cannot stack with another HQ, a Fortress not with another Fortress": of each such type one
    # friendly unit a hex, the one there already or one placed.
    for loc, us in units_by_hex(ctx).items():
        for kind in ONE_A_HEX:
            placed = [u for u in us if u.type == kind]
            if not placed:
                continue
            there = [x.id for x in ctx.board.units_at(loc) if x.type == kind and x.faction == ctx.faction]
            name = "an HQ" if kind == "hq" else "a Fortress"
            for u in placed:
                if there:
                    yield Nogood((Lit(("place", u.id), loc),),
                                 f"{loc} holds the {kind.upper() if kind == 'hq' else kind} {there[0]}: {name} cannot stack "
                                 f"with another ({ctx.describe(u)})")
            for i in range(len(placed)):
                for j in range(i + 1, len(placed)):
                    a, b = placed[i], placed[j]
                    yield Nogood((Lit(("place", a.id), loc), Lit(("place", b.id), loc)),
                                 f"{ctx.describe(a)} and {ctx.describe(b)} in {loc}: {name} cannot stack with another")


LINK = rules["1.3.3"].row("Taking Replacements", _post_link,
                          text="the extra unplaced replacement steps are lost: a unit is paid for exactly when placed")
CAPACITY = rules["1.3.3"].row("Steps Received", _post_capacity, text="Players cannot accumulate or save replacements")
LOCATIONS = rules["1.3.4"].row("Replacement Locations", _post_locations, text="a unit is placed in one of its Replacement Locations")
ENEMY = rules["1.3.4"].row("Enemy Units and Markers", _post_enemy,
                           text="a replacement unit cannot be placed in a hex that contains an enemy ground unit, support unit, "
                                "Detachment, or Logistics marker")
STACKING = rules["9.2"].row("Stacking", _post_stacking, text="at most 3 friendly ground units with 6 steps in a hex")
MINOR_STACKING = rules["9.1"].row("Minor Country Stacking", _post_minor_stacking,
                                  text="ground units of different Minor Countries cannot stack together")
HQ_FORTRESS_STACKING = rules["9.1"].row("HQ and Fortress Stacking", _post_one_a_hex,
                                        text="an HQ cannot stack with another HQ, a Fortress not with another Fortress")
#: The rows of 9.1 (relaxed together when a lost step is charged to 9.1).
STACKING_9_1 = (MINOR_STACKING, HQ_FORTRESS_STACKING)

#: Every rule of 1.3.3 / 1.3.4 (and the stacking rules 1.3.4 refers to), in the order rulings list them.
RULES: tuple = TAKE_RULES + PAYMENT_RULES + (LINK, CAPACITY, LOCATIONS, ENEMY, STACKING, MINOR_STACKING,
                                              HQ_FORTRESS_STACKING)


def post(ctx: ReplacementContext, rules=RULES) -> list:
    """Post every rule for ``ctx``: the constraints, each carrying its rule (a new list; the constraints
    themselves are posted once per context and set of rules, and shared: the optimiser, the greedy
    placer and the explanation of lost steps read the same ones). A candidate added to the context
    since (a proposed allocation's own location or payment) posts them again."""
    key = (tuple(map(id, rules)), tuple((id(v), len(v)) for v in ctx.place_values.values()),
           tuple((id(v), len(v)) for v in ctx.pay_values.values()), len(ctx.units), len(ctx.pools))
    got = ctx._posted.get(key[0])
    if got is None or got[0] != key:
        got = ctx._posted[key[0]] = (key, post_rules(rules, ctx))
    return list(got[1])


__all__ = ["RULES", "post", "friendly_stack", "stacking_limits", "units_by_hex", "minor_nationality", "check_step_count"]
