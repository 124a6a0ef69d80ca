"""A plain greedy placer for the Replacements Segment: the baseline the optimiser is measured against.

It walks the Force Pool in order and gives each unit the first payment (one-step
payments first, in the order the steps were received) and the first location
(in the order of :class:`~.context.ReplacementContext`) that keeps the
allocation legal under the very same constraints (:func:`.rules.post`, checked
incrementally by the evaluator's :class:`~solver.engine.constraints.Tracker`). It never looks ahead, so it
can spend an armor step on an infantry unit that an infantry step could have
paid for. Never imports ortools.
"""
from __future__ import annotations

from typing import Optional

from ...model.files.load import Position

from ..engine.constraints import Tracker
from .context import ReplacementContext
from .allocation import Allocation
from .rules import post
from .segment import make_context


def greedy(pos: Position, faction: str, map_: str, ctx: Optional[ReplacementContext] = None,
           constraints: Optional[list] = None, same: Optional[dict] = None) -> tuple:
    """Greedy allocation of ``faction``'s replacement steps on ``map_`` (1.3).

    ``ctx`` / ``constraints``: the context and its posted rules when already
    built; ``same``: unit id -> a key shared by units that no rule tells apart
    (the classes of :func:`~solver.engine.counts.compile_counts`): a unit like one that
    found no place is skipped while nothing has been placed since. Returns
    ``(context, Allocation)``; the allocation is legal under every rule and
    deterministic (it depends on the order of the Force Pool, the payments and
    the locations only). Each trial is evaluated incrementally
    (:class:`~solver.engine.constraints.Tracker`).
    """
    ctx = ctx or make_context(pos, faction, map_)
    tracker = Tracker(constraints if constraints is not None else post(ctx), {})   # nothing placed: every slot None
    keys = list(ctx.pools)
    placements = []
    failed: dict = {}                 # class key -> tracker version when a unit of it found no place
    for uid in ctx.units:
        place, pay = ("place", uid), ("pay", uid)
        key = same.get(uid) if same else None
        if key is not None and failed.get(key) == tracker.version:
            continue
        # the cheapest payment first (fewest steps, then pools in order), then the locations in order
        fit = next(((loc, opt) for opt in sorted(ctx.pay_values[uid], key=lambda o: (len(o), [keys.index(k) for k in o]))
                    for loc in ctx.place_values[uid] if tracker.fits({place: loc, pay: opt})), None)
        if fit is None:
            if key is not None:
                failed[key] = tracker.version
            continue
        loc, opt = fit
        tracker.set({place: loc, pay: opt})
        placements.append((uid, loc, opt))
    return ctx, Allocation(placements)
