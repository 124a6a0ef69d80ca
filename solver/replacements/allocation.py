"""An allocation of one Replacements Segment: one way of taking and placing (1.3).

:class:`Allocation` is what the ruling (:mod:`.ruling`), the lost steps
(:mod:`.lost`), the greedy placer and the optimiser share; a module of its
own, so that none of them imports another for it.
"""
from __future__ import annotations

from dataclasses import dataclass

from .context import ReplacementContext


@dataclass
class Allocation:
    """One way of taking and placing: ``placements`` ``[(unit id, location, payment)]`` (payment: tuple of pool keys)."""
    placements: list

    def choice(self, ctx: ReplacementContext) -> dict:
        """The choice of every slot of ``ctx`` (None where the allocation takes nothing)."""
        out: dict = {}
        for uid in ctx.units:
            out[("place", uid)] = None
            out[("pay", uid)] = None
        for uid, loc, pay in self.placements:
            out[("place", uid)] = loc
            out[("pay", uid)] = tuple(sorted(pay)) if pay else None
        return out

    def steps_used(self) -> int:
        """Replacement steps spent (an airborne or marine unit spends two)."""
        return sum(len(p or ()) for _, _, p in self.placements)

    def pool_use(self, ctx: ReplacementContext) -> dict:
        """Steps spent from each pool: ``{pool key: steps}``."""
        used = {k: 0 for k in ctx.pools}
        for _, _, pay in self.placements:
            for k in pay or ():
                used[k] = used.get(k, 0) + 1
        return used


def paid_with_text(ctx: ReplacementContext, uid: str, opt: tuple) -> list:
    """The ``paid-with`` strings of a payment (``any`` steps shown as the kind the unit uses)."""
    out = []
    cls = ctx.unit_class(ctx.units[uid]) or "infantry"
    for k in opt:
        p = ctx.pools.get(k)
        if p is not None and p.kind == "any":
            out.append(k[: -len("step")] + cls if k.endswith("step") else k)
        else:
            out.append(k)
    return out
