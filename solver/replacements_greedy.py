"""A plain greedy placer for the Replacements Segment: the baseline the optimiser is measured against.

It walks the Force Pool in order and gives each unit the first payment (in
the order the steps were received, one-step payments first) and the first location (in the order of :class:`~solver.replacements.ReplacementContext`)
that keeps the allocation legal under the very same rules
(:func:`solver.replacements.post`). It never looks ahead, so it can spend
an armor step on an infantry unit that an infantry step could have paid for.
"""
from __future__ import annotations

from ..model.position import Position

from .core import Nogood
from .replacements import Allocation, ReplacementContext, lit_holds, make_context, post


def greedy(pos: Position, faction: str, map_: str, ctx: ReplacementContext = None) -> tuple:
    """Greedy allocation. Returns ``(context, Allocation)``; never imports ortools."""
    ctx = ctx or make_context(pos, faction, map_)
    constraints = post(ctx)
    by_slot: dict = {}
    for rule, c in constraints:
        lits = c.lits if isinstance(c, Nogood) else [l for _, l in c.terms]
        for slot in {l[0] for l in lits}:
            by_slot.setdefault(slot, []).append(c)
    choice = {}
    for uid in ctx.units:
        choice[("place", uid)] = None
        choice[("pay", uid)] = None

    def broken(cs) -> bool:
        for c in cs:
            if isinstance(c, Nogood):
                if all(lit_holds(choice, l) for l in c.lits):
                    return True
            elif c.const + sum(k for k, l in c.terms if lit_holds(choice, l)) > c.bound:
                return True
        return False

    placements = []
    for uid in ctx.units:
        cs = by_slot.get(("place", uid), []) + by_slot.get(("pay", uid), [])
        done = False
        keys = list(ctx.pools)
        for opt in sorted(ctx.pay_values[uid], key=lambda o: (len(o), [keys.index(k) for k in o])):
            for loc in ctx.place_values[uid]:
                choice[("place", uid)], choice[("pay", uid)] = loc, opt
                if not broken(cs):
                    placements.append((uid, loc, opt))
                    done = True
                    break
            if done:
                break
        if not done:
            choice[("place", uid)] = choice[("pay", uid)] = None
    return ctx, Allocation(placements)
