"""1.3.3 "the extra unplaced replacement steps are lost": which steps an allocation leaves unused, and why.

:func:`explain_lost` looks, for each pool of steps left over, at the Force
Pool units those steps could pay for: none (1.3.3, or the rule that bars
them), all taken (1.3.3), none with a Replacement Location (1.3.4), two-step
units with one step left (1.3.3.2), or no room under the stacking limits
(9.2 / 9.1). For a proposed allocation it also tries one more placement: if
one fits, the steps were not lost to the rules but to the proposal.
"""
from __future__ import annotations

from typing import Optional

from ...model.vocabulary import faction_name

from ..constraints import Evaluator
from .context import ReplacementContext
from .received import Pool
from .ruling import Allocation, paid_with_text
from .rules import post
from .taking import MINOR_COUNTRY, check_minor, pool_fits_nationality, takeable_problems


def _one_more(ctx: ReplacementContext, ev: Evaluator, alloc: Allocation, key: str, placeable: list) -> Optional[tuple]:
    """One more placement ``(unit, location, payment)`` that pays with a ``key`` step left over and
    breaks no rule the allocation does not already break, or None (a few units and locations are tried)."""
    before = set(ev.violations(alloc.choice(ctx)))
    spent = alloc.pool_use(ctx)
    left = {k: p.count - spent.get(k, 0) for k, p in ctx.pools.items()}
    for u in placeable[:5]:
        for opt in ctx.pay_values[u.id]:
            if key not in opt or any(opt.count(k) > left.get(k, 0) for k in opt):
                continue
            for loc in ctx.place_values[u.id][:12]:
                trial = Allocation(list(alloc.placements) + [(u.id, loc, opt)])
                if set(ev.violations(trial.choice(ctx))) <= before:
                    return u.id, loc, opt
    return None


def _barred(ctx: ReplacementContext, p: Pool) -> list:
    """Force Pool units the steps of pool ``p`` would otherwise buy but that cannot be taken:
    ``[(unit id, rule number, message)]`` (1.3.3 Quit India Restriction and Force Pool Limitation,
    1.3.3.1 Conquered Allied Minor Country). Garrison units are reported apart (1.3.3.3)."""
    out = []
    for uid in ctx.force_pool:
        u = ctx.units[uid]
        if u.type == "garrison" or any(p.key in opt for opt in ctx.pay_values[uid]):
            continue
        if p.colonial and not u.is_colonial:
            continue
        if p.special == "minor":
            c = ctx.country(u.nationality[0])
            if not (c is not None and c.is_minor_of(ctx.faction)):
                continue
        elif p.special is not None or not u.has_nationality(p.nationality):
            continue
        tp = takeable_problems(ctx, u)
        if tp:
            out.append((uid, tp[0][0].number, tp[0][1]))
            continue
        if p.special == "minor":
            msg = check_minor(ctx, u, (p.key,))
            if msg:
                out.append((uid, MINOR_COUNTRY.number, msg))
    return out


def explain_lost(ctx: ReplacementContext, alloc: Allocation, proved: bool = True, proposed: bool = False,
                 bound: Optional[int] = None) -> list:
    """The steps ``alloc`` leaves unused, per pool, each with the rule and the reason.

    Returns ``[{"step", "count", "rule", "reason"}]`` (FORMAT 5 ``lost``).
    ``proved``: False when the steps used are the most found before a time
    limit, not proved the most possible (the reason then says so, with
    ``bound``, the proven upper bound on the steps that can be used, when
    given); ``proposed``: a player's allocation (one more placement that fits
    is named).
    """
    used = alloc.pool_use(ctx)
    taken = {uid for uid, _, _ in alloc.placements}
    out = []
    fac = faction_name(ctx.faction)
    ev = None
    for key, p in ctx.pools.items():
        left = p.count - used.get(key, 0)
        if left <= 0:
            continue
        units = list(ctx.units.values())
        fits = [u for u in units if u.id in ctx.force_pool and any(key in opt for opt in ctx.pay_values[u.id])]
        kind = {"infantry": "infantry-type", "armor": "armor- or infantry-type", "any": "infantry- or armor-type"}[p.kind]
        nat = (p.nationality if p.special is None else
               f"{fac} Minor Country" if p.special == "minor" else p.nationality + " Country")
        what = f"one-step {nat} {'colonial ' if p.colonial else ''}{kind}"
        barred = _barred(ctx, p)
        barred_text = "; ".join(f"{msg} [{rule}]" for _, rule, msg in barred)
        free = [u for u in fits if u.id not in taken]
        placeable = [u for u in free if ctx.place_values[u.id]]
        if not fits:
            garrison = [u.id for u in units if u.type == "garrison" and u.id in ctx.force_pool
                        and pool_fits_nationality(ctx, p, u)]
            reason = f"no {what} unit in the {fac} Force Pool that can be taken"
            if garrison:
                reason += f" (garrison units {', '.join(garrison)} are never taken, 1.3.3.3)"
            rule = "1.3.3"
            if barred:
                reason += f": {barred_text}"
                if len({r for _, r, _ in barred}) == 1:
                    rule = barred[0][1]
        elif not free:
            taken_with = sum(1 for uid, _, pay in alloc.placements if uid in {u.id for u in fits} and key not in (pay or ()))
            reason = f"only {len(fits)} {what} unit{'s' if len(fits) != 1 else ''} in the {fac} Force Pool"
            if taken_with:
                reason += f", {taken_with} of them taken with other steps"
            if barred:
                reason += f"; {barred_text}"
            rule = "1.3.3"
        elif not placeable:
            groups: dict = {}
            for u in free:
                near = "; ".join(dict.fromkeys(ctx.near_miss[u.id].values()))
                blocked = [f"{loc} ({', '.join(ctx.blocked[loc])})" for loc in ctx.eligible[u.id] if loc in ctx.blocked]
                d = (f"enemy units or markers in {', '.join(blocked[:3])}" if blocked else
                     (near or "no Replacement Location for them on this map"))
                groups.setdefault(d, []).append(u.id)
            details = []
            for d, ids in groups.items():
                shown = ", ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")
                details.append(f"{shown}: {d}")
            reason = f"the {what} units left in the Force Pool cannot be placed: " + "; ".join(details)
            rule = "1.3.4"
        elif all(len(opt) == 2 for u in placeable for opt in ctx.pay_values[u.id] if key in opt) and left == 1:
            reason = f"the units left ({', '.join(u.id for u in placeable[:5])}) cost two steps and only one {key} step is left"
            rule = "1.3.3.2"
        else:
            locs = sorted({loc for u in placeable for loc in ctx.place_values[u.id]})
            rule = "9.2"
            reason = (f"the {what} units left ({', '.join(u.id for u in placeable[:5])}) can only go to "
                      f"{', '.join(locs[:6])}{' ...' if len(locs) > 6 else ''}, where the stacking limits (9.2) or "
                      "Minor Country stacking (9.1) leave no room, or their steps are better spent on other units")
        more = None
        if proposed and placeable:
            ev = ev or Evaluator(post(ctx))
            more = _one_more(ctx, ev, alloc, key, placeable)
        if more is not None:
            uid, loc, opt = more
            rule = "1.3.3"
            reason = (f"this allocation leaves {'them' if left > 1 else 'it'} unused, although {ctx.describe(ctx.units[uid])} could still be "
                      f"taken with {', '.join(paid_with_text(ctx, uid, opt))} and placed in {loc}; "
                      "unplaced replacement steps are lost")
        if not proved:
            rule = "1.3.3"
            more = (f"at most {bound - alloc.steps_used()} more step{'s' if bound - alloc.steps_used() != 1 else ''} "
                    "may be placeable" if bound is not None else "more steps may be placeable")
            reason = ("not used by the best allocation found before the search was stopped (time limit or Ctrl-C); "
                      f"the allocation is not proved optimal: {more}")
        out.append({"step": key, "count": left, "rule": rule, "reason": reason})
    return out
