"""The answers about a Replacements Segment (1.3): :class:`Allocation` (``replacements``),
:class:`ReplacementsRuling` (``check-replacements``) and their :class:`Placement` s. Loaded on
first use. Import them from :mod:`aeref.answers` (or :mod:`aeref`).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Optional

from .ruling import Violation


@dataclass(frozen=True)
class Placement:
    """One unit taken and placed: ``unit`` id, ``location``, the steps it is ``paid_with``, the
    ``basis`` of the Replacement Location (1.3.4) and, in a ruling, the rule it ``broken`` (or None)."""

    unit: str
    location: str
    paid_with: tuple[Any, ...]
    basis: str
    broken: Optional[str] = None


def _units(ctx: Any) -> tuple[dict[str, Any], ...]:
    """The Force Pool units of a Segment: ``{"id", "text", "locations"}`` (their Replacement Locations),
    ``"nationality"`` (a list), ``"type"``, ``"steps"``, and ``"barred"``: why the unit cannot be taken at all
    (``{"rule", "title", "message"}``, the first rule that bars it: 1.3.3.3 Garrison Units ...), or None."""
    from ..solver.replacements.taking import takeable_problems      # lazy: the 1.3 rules

    def barred(u: Any) -> Optional[dict[str, Any]]:
        probs = takeable_problems(ctx, u)
        return {"rule": probs[0][0].number, "title": probs[0][0].title, "message": probs[0][1]} if probs else None
    return tuple({"id": uid, "text": ctx.describe(u), "locations": sorted(ctx.eligible.get(uid, {})),
                  "nationality": list(u.nationality), "type": u.type, "steps": u.steps, "barred": barred(u)}
                 for uid, u in ctx.units.items() if uid in ctx.force_pool)


@dataclass(frozen=True)
class Allocation:
    """The best allocation of one faction's replacement steps on one map (1.3): ``placements``,
    ``steps_received``, ``steps_used``, ``proved`` (every stage of the optimisation proved its
    optimum), ``bound`` (the proven upper bound on the steps that can be used), ``lost`` (the
    steps left unused, each ``{"step", "count", "rule", "reason"}``), ``status`` in words,
    ``units`` (the Force Pool units and their Replacement Locations)."""

    faction: str
    map: str
    placements: tuple[Placement, ...]
    steps_received: int
    steps_used: int
    proved: bool
    bound: Optional[int]
    lost: tuple[Any, ...]
    status: str
    units: tuple[Any, ...]
    _json: dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref replacements``."""
        return copy.deepcopy(self._json)


def _allocation_json(ctx: Any, res: Any, budget: Any = None, progress: Any = None) -> dict[str, Any]:
    from ..solver.replacements import interpretations_used as used, paid_with_text  # lazy: the 1.3 rules
    from ..solver.replacements.relaxed import lost_steps                         # lazy: re-solves (ortools)

    alloc, bound = res.allocation, res.bound
    locs = {loc: i for i, loc in enumerate(ctx.locations())}
    units = {uid: i for i, uid in enumerate(ctx.units)}
    placements = [{"unit": uid, "location": loc, "paid-with": paid_with_text(ctx, uid, pay),
                   "basis": ctx.eligible[uid].get(loc, "")}
                  for uid, loc, pay in sorted(alloc.placements, key=lambda r: (locs.get(r[1], len(locs)), units[r[0]]))]
    proved_used = bound is None or bound <= alloc.steps_used()
    out = {"faction": ctx.faction, "map": ctx.map, "optimal": res.optimal,
           "steps-received": sum(p.count for p in ctx.pools.values()), "steps-used": alloc.steps_used(),
           "placements": placements,
           "lost": lost_steps(ctx, alloc, proved_used, bound=bound, budget=budget, progress=progress),
           "received": [{"step": p.key, "count": p.count, "sources": list(p.sources)} for p in ctx.pools.values()],
           "interpretations": used(ctx.pos, ctx.map)}
    if ctx.notes:
        out["notes"] = list(ctx.notes)
    out["status"] = res.status
    if not res.optimal:
        out["steps-bound"] = res.bound
    return out


@dataclass(frozen=True)
class ReplacementsRuling:
    """A ruling on a proposed allocation (1.3): ``legal``, every :class:`Violation`, the steps
    received and used, the steps left unused (``lost``), the units 9.2 eliminates after the
    Segment (``eliminated``), ``placements`` (each with the rule its own placement breaks),
    ``units`` and ``notes``."""

    legal: bool
    violations: tuple[Violation, ...]
    steps_received: int
    steps_used: int
    lost: list[Any]
    eliminated: list[Any]
    placements: tuple[Placement, ...]
    units: tuple[Any, ...]
    notes: list[Any]
    interpretations: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref check-replacements``."""
        return {"legal": self.legal, "violations": [v.as_json() for v in self.violations],
                "steps-received": self.steps_received, "steps-used": self.steps_used,
                "steps-lost": self.steps_received - self.steps_used, "lost": self.lost,
                "eliminated": self.eliminated, "interpretations": self.interpretations,
                **({"notes": self.notes} if self.notes else {})}
