"""1.3.3 "the extra unplaced replacement steps are lost": which steps an allocation leaves unused, and why.

:func:`explain_lost` looks, for each pool of steps left over, at the Force Pool units those steps could pay
for: none (1.3.3, or the rule that bars them), all taken (1.3.3), none with a Replacement Location (1.3.4),
two-step units with one step left (1.3.3.2), or no room under the stacking limits (9.2 / 9.1). For a
proposed allocation it also tries one more placement: if one fits, the steps were not lost to the rules but
to the proposal.

For the best allocation, how many steps each rule is charged is decided by
the optimum re-solved with the placement rules relaxed in turn
(:mod:`.relaxed`, the ``relaxation`` argument): the entries read here are
matched to those counts pool by pool (:func:`_reconcile`), their reasons kept.
"""
from __future__ import annotations

from typing import Optional

from ...model.game.vocabulary import faction_name, step_words
from ..engine.constraints import Evaluator
from .context import ReplacementContext
from .received import Pool, colonial_words
from .allocation import Allocation, paid_with_text
from .rules import RULES, post
from .taking import (AIRBORNE, TWO_STEP_TYPES, check_conquered_minor, payment_options, payment_problems,
                     pool_fits_nationality, takeable_problems)

#: The steps no relaxation of the placement rules recovers (:mod:`.relaxed`): 1.3.3, no unit at all.
REST = "1.3.3"
#: The rules a lost step may be charged to, in the order :mod:`.relaxed` relaxes them, then the rest.
CHARGED = ("9.1", "9.2", "1.3.4", "1.3.3.1", REST)


def _one_more(ctx: ReplacementContext, ev: Evaluator, alloc: Allocation, key: str, placeable: list) -> Optional[tuple]:
    """One more placement ``(unit, location, payment)`` that pays with a ``key`` step left over and
    breaks no rule the allocation does not already break, or None (a few units and locations are tried)."""
    before = set(ev.violations(alloc.choice(ctx)))
    spent = alloc.pool_use(ctx)
    left = {k: p.count - spent.get(k, 0) for k, p in ctx.pools.items()}
    for u in placeable[:5]:
        for opt in ctx.valid_pay[u.id]:
            if key not in opt or any(opt.count(k) > left.get(k, 0) for k in opt):
                continue
            for loc in ctx.valid_place[u.id][:12]:
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
        if u.type == "garrison" or any(p.key in opt for opt in ctx.valid_pay[uid]):
            continue
        if p.colonial and not u.is_colonial:
            continue
        countries = [c for c in (ctx.country(n) for n in u.nationality) if c is not None]
        if p.special == "minor":
            if not any(c.is_minor_of(ctx.faction) for c in countries):
                continue
        elif p.special in ("communist", "nationalist"):
            want = "soviet" if p.special == "communist" else "western"
            if not any(c.chinese and c.alignment == want for c in countries):
                continue
        elif not u.has_nationality(p.nationality):
            continue
        tp = takeable_problems(ctx, u)
        if tp:
            out.append((uid, tp[0][0].number, tp[0][1]))
    return out


def _refused(ctx: ReplacementContext, p: Pool, taken: frozenset = frozenset()) -> list:
    """Force Pool units of the steps' nationality that could be taken, but with no payment that spends a
    step of pool ``p``: ``[(unit id, rule number, message)]``, the rule of the payment that comes closest
    (the fewest rules broken, the unit's full cost) - the Unit-Type Limitation, 1.3.3.2 under the
    interpretation airborne-steps, a colonial step for a non-colonial unit; not the units ``taken`` (placed)."""
    out = []
    for uid in ctx.force_pool:
        u = ctx.units[uid]
        if uid in taken or u.type == "garrison" or takeable_problems(ctx, u) or any(p.key in opt for opt in ctx.valid_pay[uid]):
            continue
        if not pool_fits_nationality(ctx, p, u):
            continue
        tried = [(payment_problems(ctx, u, opt), opt) for opt in payment_options(ctx, u) if p.key in opt]
        tried = [(probs, opt) for probs, opt in tried if probs]
        if not tried:
            continue
        probs, _ = min(tried, key=lambda t: (len(t[0]), -len(t[1])))
        rule, msg = probs[0]
        out.append((uid, rule.number, msg))
    return out


def _two_steps(p: Pool, placeable: list) -> tuple[str, str]:
    """One step of pool ``p`` left and every unit it could go towards costs two: an airborne or marine
    unit (1.3.3.2) or an armor-type unit bought with a pair of exchangeable steps (the pair's own rule)."""
    two_step = [u for u in placeable if u.type in TWO_STEP_TYPES]
    armor = [u for u in placeable if u.type not in TWO_STEP_TYPES]
    parts = []
    if two_step:
        parts.append(f"{', '.join(u.id for u in two_step[:5])} cost{'s' if len(two_step) == 1 else ''} two "
                     f"infantry-type steps ({AIRBORNE.number} {AIRBORNE.title})")
    if armor:
        parts.append(f"{', '.join(u.id for u in armor[:5])} {'is an armor-type unit' if len(armor) == 1 else 'are armor-type units'}, "
                     f"for which only a pair of {step_words(p.key, 2)} is exchanged ({p.rule.number} {p.rule.title})")
    rule = AIRBORNE.number if two_step and not armor else p.rule.number
    return rule, f"one {step_words(p.key, 1)} is left, and " + " and ".join(parts)


def _blocked(ctx: ReplacementContext, ev: Evaluator, alloc: Allocation, key: str, placeable: list, what: str) -> tuple[str, str]:
    """Why the ``key`` steps left cannot go to the units still placeable: one more placement paying with
    such a step is tried for a few units, payments and locations, and the rules it would break are named
    (the one rule that decides every trial; else each trial's own rule)."""
    choice = alloc.choice(ctx)
    before = {id(b.constraint) for b in ev.broken(choice)}
    spent = alloc.pool_use(ctx)
    trials = []
    for u in placeable[:5]:
        slots = (("place", u.id), ("pay", u.id))
        for opt in [o for o in ctx.valid_pay[u.id] if key in o][:3]:
            for loc in ctx.valid_place[u.id][:12]:
                trial = dict(choice)
                trial[slots[0]], trial[slots[1]] = loc, opt
                # an unplaced unit placed: only the constraints its new values appear in can break anew
                new = [b for b in ev.broken_by(trial, ((slots[0], loc), (slots[1], opt))) if id(b.constraint) not in before]
                if new:
                    trials.append((u.id, loc, new))
    if not trials:
        short = [k for k in {k for u in placeable for o in ctx.valid_pay[u.id] if key in o for k in o}
                 if spent.get(k, 0) >= ctx.pools[k].count]
        return "1.3.3", (f"the {what} units left ({', '.join(u.id for u in placeable[:5])}) would need "
                         f"{' and '.join(sorted(short)) or 'other'} steps too, and none of those is left")
    rules_in = [{b.rule.key for b in new} for _, _, new in trials]
    order = [r.key for r in RULES]
    common = [k for k in order if all(k in s for s in rules_in)]
    if common:
        k = common[0]
        uid, loc, new = trials[0]
        b = next(b for b in new if b.rule.key == k)
        others = f" (so do the other {len(trials) - 1} placements tried)" if len(trials) > 1 else ""
        return b.rule.number, f"{uid} in {loc} breaks {k}: {b.message}{others}"
    counts: dict = {}
    for s in rules_in:
        for k in s:
            counts[k] = counts.get(k, 0) + 1
    top = max(order, key=lambda k: counts.get(k, 0))
    shown = "; ".join(f"{uid} in {loc} breaks {new[0].rule.key}: {new[0].message}" for uid, loc, new in trials[:4])
    n = len(trials) - 4
    more = f"; and {n} more placement{'s' if n != 1 else ''} tried" if n > 0 else ""
    return next(r.number for r in RULES if r.key == top), shown + more


def _what(ctx: ReplacementContext, p: Pool) -> str:
    """The units the steps of pool ``p`` buy, in words: ``one-step Russia infantry-type``."""
    fac = faction_name(ctx.faction)
    kind = {"infantry": "infantry-type", "armor": "armor- or infantry-type", "any": "infantry- or armor-type"}[p.kind]
    if p.kind == "infantry" and p.pairs_to_armor:   # 1.3.2: a pair of them is exchanged for one armor step
        kind += " (or, with a pair, armor-type)"
    nat = (p.nationality if p.special is None else
           f"{fac} Minor Country" if p.special == "minor" else p.nationality + " Country")
    return f"one-step {nat} {colonial_words(p.colonial)}{kind}"


def _none_fits(ctx: ReplacementContext, p: Pool, what: str, barred: list, taken: frozenset = frozenset()) -> tuple[str, str]:
    """No Force Pool unit can be taken with the steps of ``p``: 1.3.3, or the one rule that bars them all."""
    fac = faction_name(ctx.faction)
    garrison = [u.id for u in ctx.units.values() if u.type == "garrison" and u.id in ctx.force_pool
                and pool_fits_nationality(ctx, p, u)]
    refused = _refused(ctx, p, taken)
    reason = f"no {what} unit in the {fac} Force Pool that can be taken"
    if refused:
        reason += " with them"
    if garrison:
        reason += f" (garrison units {', '.join(garrison)} are never taken, 1.3.3.3)"
    rule = "1.3.3"
    if barred or refused:
        reason += ": " + "; ".join(f"{msg} [{r}]" for _, r, msg in barred + refused)
        if len({r for _, r, _ in barred + refused}) == 1:
            rule = (barred + refused)[0][1]
    return rule, reason


def _all_taken(ctx: ReplacementContext, alloc: Allocation, key: str, fits: list, what: str, barred: list) -> tuple[str, str]:
    """Every Force Pool unit the steps of pool ``key`` could buy is taken already (1.3.3)."""
    taken_with = sum(1 for uid, _, pay in alloc.placements if uid in {u.id for u in fits} and key not in (pay or ()))
    reason = f"only {len(fits)} {what} unit{'s' if len(fits) != 1 else ''} in the {faction_name(ctx.faction)} Force Pool"
    if taken_with:
        reason += f", {taken_with} of them taken with other steps"
    if barred:
        reason += "; " + "; ".join(f"{msg} [{rule}]" for _, rule, msg in barred)
    return "1.3.3", reason


def _unplaceable(ctx: ReplacementContext, free: list, what: str) -> tuple[str, str]:
    """The units left have no Replacement Location free of enemy units and markers (1.3.4)."""
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
    return "1.3.4", f"the {what} units left in the Force Pool cannot be placed: " + "; ".join(details)


def _not_proved(alloc: Allocation, bound: Optional[int]) -> str:
    """The reason of a step an allocation found before a time limit leaves unused (not proved lost)."""
    more = (f"at most {bound - alloc.steps_used()} more step{'s' if bound - alloc.steps_used() != 1 else ''} "
            "may be placeable" if bound is not None else "more steps may be placeable")
    return ("not used by the best allocation found before the search was stopped (time limit or Ctrl-C); "
            f"the allocation is not proved optimal: {more}")


def _cost(ctx: ReplacementContext, key: str, u) -> int:
    """How many steps of pool ``key`` unit ``u`` can take at most (2: an airborne or marine unit, 1.3.3.2,
    or an armor-type unit bought with a pair; else 1)."""
    return max((opt.count(key) for opt in ctx.valid_pay[u.id] if key in opt), default=1)


def _no_unit(ctx: ReplacementContext, fits: list, what: str, n: int) -> str:
    """The reason of ``n`` steps for which the Force Pool has no unit at all (1.3.3 Force Pool Limitation)."""
    fac = faction_name(ctx.faction)
    if not fits:
        return f"no {what} unit is left for {'them' if n > 1 else 'it'} in the {fac} Force Pool"
    return (f"no {what} unit is left for {'them' if n > 1 else 'it'}: the {fac} Force Pool has only {len(fits)} "
            f"({', '.join(u.id for u in fits[:5])}{' ...' if len(fits) > 5 else ''})")


def _claim_ids(ctx: ReplacementContext, claimed: dict, ids: list, want: int) -> int:
    """The steps, up to ``want``, the units ``ids`` (barred from being taken) would cost, of those not
    claimed yet: two for an airborne or marine unit (1.3.3.2), else one."""
    got = 0
    for uid in ids:
        if got < want and not claimed.get(uid):
            k = min(want - got, 2 if ctx.units[uid].type in TWO_STEP_TYPES else 1)
            claimed[uid] = k
            got += k
    return got


def _category(ctx: ReplacementContext, rule: str, uid: str) -> str:
    """The rule of the relaxation order (:data:`.relaxed.ORDER`) a step barred or refused to unit ``uid`` by
    ``rule`` is charged to: 1.3.3.1 for a Conquered Allied Minor Country's unit, else the rest (1.3.3)."""
    if rule == "1.3.3.1" and check_conquered_minor(ctx, ctx.units[uid]):
        return "1.3.3.1"
    return rule if rule in ("9.1", "9.2", "1.3.4") else REST


def _affordable(ctx: ReplacementContext, key: str, used: dict, u) -> bool:
    """Some payment of ``u`` with a step of pool ``key`` fits in the steps the allocation leaves (``used``)."""
    return any(all(opt.count(k) <= ctx.pools[k].count - used.get(k, 0) for k in opt)
               for opt in ctx.valid_pay[u.id] if key in opt)


def _claim(ctx: ReplacementContext, key: str, claimed: dict, units: list, want: int) -> int:
    """Up to ``want`` steps of ``key`` for what ``units`` have not given another pool (``claimed``, updated)."""
    got = 0
    for u in sorted(units, key=lambda u: -_cost(ctx, key, u)):   # two-step units first: the most steps fit
        whole = max((len(opt) for opt in ctx.valid_pay[u.id]), default=1)   # the steps the unit costs in all
        k = min(_cost(ctx, key, u), whole - claimed.get(u.id, 0))
        if 0 < k <= want - got:               # a unit stands for all the steps it costs, or for none
            claimed[u.id] = claimed.get(u.id, 0) + k
            got += k
    return got


def _by_rule(ctx: ReplacementContext, bars: list, into: Optional[dict] = None) -> dict:
    """The bars ``[(unit id, rule, message)]`` by (rule, :func:`_category`), but 1.3.3's own (its reason)."""
    out: dict = {} if into is None else into
    for uid, r, msg in bars:
        if r != "1.3.3":
            out.setdefault((r, _category(ctx, r, uid)), []).append((uid, msg))
    return out


def _none_fits_split(ctx: ReplacementContext, p: Pool, fits: list, what: str, barred: list, claimed: dict,
                     refusals: set, rest: int, taken: frozenset = frozenset()) -> list:
    """No unit of the Force Pool can take these ``rest`` steps: each rule but 1.3.3 itself that bars a unit
    (or refuses these steps to it) decides one step per unit; what is left is 1.3.3's, no unit at all."""
    rule, reason = _none_fits(ctx, p, what, barred, taken)
    refused = _refused(ctx, p, taken)
    by_rule = _by_rule(ctx, refused, _by_rule(ctx, barred))
    parts: list = []
    for (r, cat), items in by_rule.items():
        n = _claim_ids(ctx, claimed, [uid for uid, _ in items], rest - sum(x[0] for x in parts))
        if n:
            parts.append((n, r, "; ".join(msg for _, msg in items), cat))
    # a unit these steps were refused to (1.3.3.2 under airborne-steps, ...) is still one a lone step of
    # another pool may be lost towards (it costs two): remembered apart from the units barred outright
    refusals.update(uid for uid, _, _ in refused if claimed.get(uid))
    got = sum(x[0] for x in parts)
    if len(parts) == 1 and got == rest and rule == parts[0][1]:
        return [(rest, rule, reason, parts[0][3])]     # the one rule that bars them all: the whole reason
    if rest > got:
        parts.append((rest - got, "1.3.3", _no_unit(ctx, fits, what, rest - got) if parts else reason, REST))
    return parts


def _barred_split(ctx: ReplacementContext, barred: list, claimed: dict, rest: int) -> list:
    """Of ``rest`` steps, one for each unit a rule bars from being taken (1.3.3.1 ...), rule by rule."""
    out = []
    for (r, cat), items in _by_rule(ctx, barred).items():
        n = _claim_ids(ctx, claimed, [uid for uid, _ in items], rest)
        if n:
            out.append((n, r, "; ".join(msg for _, msg in items), cat))
            rest -= n
    return out


def _split(ctx: ReplacementContext, alloc: Allocation, ev_box: list, key: str, p: Pool, left: int, claimed: dict,
           refusals: set) -> list:
    """The ``left`` steps of pool ``key`` split by the rule that decides each (1.3.3 "The one-step units in a
    faction's Force Pool limit how many and what type of units can be taken"): the steps the units still
    in the Force Pool could take, lost to what stops those units (1.3.4 no Replacement Location, 9.2
    stacking, 1.3.3.2 ...); the steps for units barred from being taken (1.3.3.1 a Conquered Allied
    Minor Country, the Quit India Restriction ...), one rule each; the rest lost to 1.3.3: no unit at
    all. A unit stands for the steps of one pool only: ``claimed`` (unit id -> steps) holds what the pools
    split before took of each, and is updated; ``refusals`` the units claimed only because a pool's steps
    were refused to them, and is updated. Returns ``[(count, rule, reason, charged)]``, in that order, counts
    adding up to ``left``; ``charged`` is the rule of :data:`.relaxed.ORDER` (or 1.3.3, the rest) the entry
    stands for (:func:`_reconcile` matches it to the re-solves' split)."""
    taken = frozenset(uid for uid, _, _ in alloc.placements)
    fits = [u for u in ctx.units.values() if u.id in ctx.force_pool and any(key in opt for opt in ctx.valid_pay[u.id])]
    what = _what(ctx, p)
    barred = _barred(ctx, p)
    free = [u for u in fits if u.id not in taken]
    used = alloc.pool_use(ctx)
    # a unit stops steps (its location, its stacking) only if the steps left could pay for it
    unplaceable = [u for u in free if not ctx.valid_place[u.id] and _affordable(ctx, key, used, u)]
    halves = [u for u in free if ctx.valid_place[u.id] and not _affordable(ctx, key, used, u)
              and max((len(opt) for opt in ctx.valid_pay[u.id]), default=1) == 2]
    placeable = [u for u in free if ctx.valid_place[u.id] and _affordable(ctx, key, used, u)]
    out, rest = [], left
    n = _claim(ctx, key, claimed, placeable, rest)
    if n:
        if not ev_box:
            ev_box.append(Evaluator(post(ctx)))
        rule, reason = _blocked(ctx, ev_box[0], alloc, key, placeable, what)
        out.append((n, rule, reason, rule if rule in ("9.1", "9.2") else REST))
        rest -= n
    halves += [u for u in placeable if _cost(ctx, key, u) == 2 and not claimed.get(u.id)]
    halves = [u for u in halves if not claimed.get(u.id) or u.id in refusals]
    if rest == 1 and halves:
        # one step left and the units it could go towards cost two (1.3.3.2, or a pair's own rule)
        claimed[halves[0].id] = 1
        out.append((1, *_two_steps(p, halves), REST))
        rest = 0
    n = _claim(ctx, key, claimed, unplaceable, rest)
    if n:
        out.append((n, *_unplaceable(ctx, unplaceable, what), "1.3.4"))
        rest -= n
    if rest and not fits:
        out += _none_fits_split(ctx, p, fits, what, barred, claimed, refusals, rest, taken)
        rest = 0
    if rest and barred:
        out += (parts := _barred_split(ctx, barred, claimed, rest))
        rest -= sum(x[0] for x in parts)
    if rest:
        rule, reason = _all_taken(ctx, alloc, key, fits, what, barred) if not out else \
            ("1.3.3", _no_unit(ctx, fits, what, rest))
        out.append((rest, rule, reason, REST))
    return out


def _one_more_reason(ctx: ReplacementContext, ev_box: list, alloc: Allocation, key: str, left: int,
                     taken: set) -> Optional[str]:
    """A proposed allocation that leaves ``left`` steps of pool ``key`` unused although one more unit could
    still be taken and placed (1.3.3): the reason naming it, or None when none fits."""
    fits = [u for u in ctx.units.values() if u.id in ctx.force_pool and u.id not in taken
            and any(key in opt for opt in ctx.valid_pay[u.id]) and ctx.valid_place[u.id]]
    if not fits:
        return None
    if not ev_box:
        ev_box.append(Evaluator(post(ctx)))
    more = _one_more(ctx, ev_box[0], alloc, key, fits)
    if more is None:
        return None
    uid, loc, opt = more
    return (f"this allocation leaves {'them' if left > 1 else 'it'} unused, although {ctx.describe(ctx.units[uid])} could still be "
            f"taken with {', '.join(paid_with_text(ctx, uid, opt))} and placed in {loc}; "
            "unplaced replacement steps are lost")


def explain_lost(ctx: ReplacementContext, alloc: Allocation, proved: bool = True, proposed: bool = False,
                 bound: Optional[int] = None, relaxation=None) -> list:
    """The steps ``alloc`` leaves unused, per pool and, within a pool, per rule that decides them.

    Returns ``[{"step", "count", "rule", "reason"}]`` (FORMAT 5 ``lost``): one
    entry per pool and deciding rule (1.3.3 "The one-step units in a faction's
    Force Pool limit how many and what type of units can be taken": of 3
    steps, one may be lost to 1.3.4, no Replacement Location for the one unit
    left, and one to 1.3.3, no unit at all), the counts adding up to the
    steps the pool has left. ``proved``: False when the steps used are the
    most found before a time limit, not proved the most possible (one entry a
    pool, whose reason then says so, with ``bound``, the proven upper bound on
    the steps that can be used, when given); ``proposed``: a player's
    allocation (one more placement that fits is named, one entry a pool).
    ``relaxation``: the optimum re-solved with the placement rules relaxed in
    turn (:func:`.relaxed.relax`), which decides how many steps of each pool
    each rule is charged (9.1, 9.2, 1.3.4, 1.3.3.1, the rest 1.3.3); the
    reasons are read from the allocation and the Force Pool (the units that
    stop the steps). Without one (a proposed allocation, ruled on without a
    solver) the counts are read from the allocation itself, pool by pool.
    """
    used = alloc.pool_use(ctx)
    taken = {uid for uid, _, _ in alloc.placements}
    out = []
    ev_box: list = []
    claimed: dict = {}
    refusals: set = set()
    split = {}
    # the most constrained pools (fewest units to take) claim their units first
    order = sorted(ctx.pools, key=lambda k: sum(1 for uid in ctx.force_pool if any(k in o for o in ctx.valid_pay[uid])))
    for key in order:
        p = ctx.pools[key]
        left = p.count - used[key]
        if left > 0 and proved:
            split[key] = _split(ctx, alloc, ev_box, key, p, left, claimed, refusals)
    for key, p in ctx.pools.items():
        left = p.count - used[key]               # pool_use has every pool of ctx
        if left <= 0:
            continue
        # not proved the most possible, or a proposal that leaves room for one more unit: one entry, 1.3.3
        reason = _not_proved(alloc, bound) if not proved else \
            _one_more_reason(ctx, ev_box, alloc, key, left, taken) if proposed else None
        if reason is not None:
            out.append({"step": key, "count": left, "rule": "1.3.3", "reason": reason})
            continue
        entries = split[key]
        if relaxation is not None:
            entries = _reconcile(ctx, alloc, key, entries, relaxation)
        for n, rule, reason, *_ in entries:
            out.append({"step": key, "count": n, "rule": rule, "reason": reason})
    return out

# ----------------------------------------------------------------------------- the counts the re-solves decide
def _reconcile(ctx: ReplacementContext, alloc: Allocation, key: str, entries: list, relaxation) -> list:
    """Pool ``key``'s entries ``[(count, rule, reason, charged)]`` with the counts the re-solves charge each rule
    (``relaxation.split()``): an entry whose rule is charged as many steps keeps its count; one charged fewer
    (or none) gives up the difference, from the last entry of that rule on; a rule charged more steps than
    its entries hold adds them to its first entry, or gets an entry of its own, whose reason is read from
    the re-solve (the units its relaxation places)."""
    want = relaxation.split().get(key, {})
    counts = [e[0] for e in entries]
    added = []
    for cat in CHARGED:
        mine = [i for i, e in enumerate(entries) if e[3] == cat]
        have, need = sum(counts[i] for i in mine), want.get(cat, 0)
        if have > need:
            extra = have - need
            for i in reversed(mine):
                cut = min(extra, counts[i])
                counts[i] -= cut
                extra -= cut
        elif have < need:
            if mine:
                counts[mine[0]] += need - have
            else:
                added.append((need, *_relaxed_reason(ctx, alloc, key, cat, need, relaxation), cat))
    # in the order the direct reading gave, then the entries of their own
    return [(n, *e[1:]) for n, e in zip(counts, entries) if n > 0] + added


def _relaxed_reason(ctx: ReplacementContext, alloc: Allocation, key: str, cat: str, n: int, relaxation) -> tuple:
    """``(rule, reason)`` of ``n`` steps of pool ``key`` charged to ``cat`` when the direct reading found no unit
    stopped by that rule: the units the re-solve with ``cat`` relaxed pays with these steps, and why each
    cannot be taken or placed now."""
    p = ctx.pools[key]
    what = _what(ctx, p)
    if cat == REST:
        fits = [u for u in ctx.units.values() if u.id in ctx.force_pool and any(key in opt for opt in ctx.valid_pay[u.id])]
        return REST, _no_unit(ctx, fits, what, n)
    level = relaxation.level(cat)
    i = relaxation.levels.index(level)
    before = {u for u, _, _ in (relaxation.levels[i - 1].allocation if i else alloc).placements}
    new = [ctx.units[u] for u, _, pay in level.allocation.placements if key in (pay or ()) and u not in before]
    new = new or [ctx.units[u] for u, _, pay in level.allocation.placements if key in (pay or ())]
    ids = ", ".join(u.id for u in new[:5]) + (" ..." if len(new) > 5 else "")
    if cat == "1.3.4":
        return "1.3.4", _unplaceable(ctx, new, what)[1]
    if cat == "1.3.3.1":
        return "1.3.3.1", "; ".join(dict.fromkeys(m for u in new if (m := check_conquered_minor(ctx, u))))
    rows = tuple(r for r in RULES if r.number == cat)          # 9.1 / 9.2: the stacking rows
    rule = rows[0]
    # what the re-solve breaks of the rule: first where these units are placed, then elsewhere (a unit of
    # another pool placed against the rule that makes room for them)
    mine = {u.id for u in new}
    broken = Evaluator(post(ctx, rows)).broken(level.allocation.choice(ctx))
    broken.sort(key=lambda b: not any(lit[0][1] in mine for lit in b.held))
    msg = "; ".join(list(dict.fromkeys(b.message for b in broken))[:3])
    return cat, (f"{ids} could take {'them' if n > 1 else 'it'} but for {rule.key}" + (f": {msg}" if msg else ""))
