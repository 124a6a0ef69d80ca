"""A plain greedy placer for the Replacements Segment: the baseline the optimiser is measured against.

It walks the Force Pool in order and gives each unit the first payment (one-step
payments first, in the order the steps were received) and the first location
(in the order of :class:`~.context.ReplacementContext`) that keeps the
allocation legal under the very same constraints (:func:`.rules.post`, checked
by the one :class:`~solver.constraints.Evaluator`). It never looks ahead, so it
can spend an armor step on an infantry unit that an infantry step could have
paid for. Never imports ortools.
"""
from __future__ import annotations

from typing import Optional

from ...model.position import Position

from ..constraints import Evaluator
from .context import ReplacementContext, make_context
from .ruling import Allocation
from .rules import post


def greedy(pos: Position, faction: str, map_: str, ctx: Optional[ReplacementContext] = None) -> tuple:
    """Greedy allocation. Returns ``(context, Allocation)``."""
    ctx = ctx or make_context(pos, faction, map_)
    ev = Evaluator(post(ctx))
    choice = {}
    for uid in ctx.units:
        choice[("place", uid)] = None
        choice[("pay", uid)] = None
    keys = list(ctx.pools)
    placements = []
    for uid in ctx.units:
        slots = (("place", uid), ("pay", uid))
        done = False
        for opt in sorted(ctx.pay_values[uid], key=lambda o: (len(o), [keys.index(k) for k in o])):
            for loc in ctx.place_values[uid]:
                choice[slots[0]], choice[slots[1]] = loc, opt
                if ev.fits(choice, slots):
                    placements.append((uid, loc, opt))
                    done = True
                    break
            if done:
                break
        if not done:
            choice[slots[0]] = choice[slots[1]] = None
    return ctx, Allocation(placements)
