"""The referee's ruling on a proposed allocation (``check-replacements``, 1.3).

An :class:`~.allocation.Allocation` is one way of taking and placing: ``[(unit, location,
payment)]``. :func:`allocation_context` turns the rows a player wrote
(:func:`model.files.allocation.parse_allocation`) into that form against the
steps received; :func:`check_allocation` evaluates every rule's constraints
on it with the one :class:`~solver.engine.constraints.Evaluator` and says which
steps it leaves unused (:mod:`.lost`). Does not import ortools.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ...model.files.allocation import Placement, parse_allocation, parse_step, step_problem
from ...model.game.board import same_country
from ...model.files.errors import Problem
from ...model.files.names import norm_name
from ...model.files.load import Position
from ...model.game.vocabulary import plural

from ..engine.constraints import Evaluator
from .allocation import Allocation
from .context import ReplacementContext
from .locations import LOCATIONS, PROHIBITIONS
from .lost import explain_lost
from .received import Pool, make_pools, steps_received
from .rules import CAPACITY, RULES, STACKING, friendly_stack, post, stacking_limits
from .segment import make_context
from .taking import FORCE_POOL_LIMITATION

#: The rules of placing (every rule but 9.2 Stacking, which is enforced after the Segment: 1.3.4).
PLACING_RULES = tuple(r for r in RULES if r != STACKING)


def resolve_step(pools: dict, text: str) -> Optional[str]:
    """The pool key a ``paid-with`` string names (FORMAT 5: ``"Japan armor"``, ``"minor infantry"``), or None."""
    t = " ".join(str(text).split())
    for k in pools:
        if norm_name(k) == norm_name(t):
            return k
    st = parse_step(t)
    cands = []
    for k, p in pools.items():
        if not same_country(p.nationality, st.nationality) and norm_name(p.nationality) != norm_name(st.nationality):
            continue
        if bool(p.colonial) != st.colonial:
            continue
        if st.kind in ("infantry", "armor") and p.kind not in (st.kind, "any"):
            continue
        if st.suffix and norm_name(st.suffix) not in norm_name(k):
            continue
        cands.append(p)
    if not cands:
        return None
    cands.sort(key=lambda p: (p.pairs_to_armor, list(pools).index(p.key)))
    return cands[0].key


def _phantom_pool(text: str) -> Pool:
    """A pool of steps not received (count 0), for a step an allocation names: the ruling says so."""
    st = parse_step(text)
    kind = st.kind if st.kind in ("infantry", "armor") else "any"
    return Pool(text, st.nationality or text, kind, st.colonial, False, 0, ("not received",))


def allocation_context(pos: Position, faction: str, map_: str, rows: list[Placement], units: dict, file: str
                       ) -> tuple[ReplacementContext, list, list[Problem]]:
    """The context of a proposed allocation and its rows ``[(unit, location, payment, where)]``.

    Steps are resolved against the steps received; a step written as a step
    that was not received becomes an empty pool (the ruling says none was
    received); one not written as a step at all is a problem (bad input).
    The units and values the proposal uses join the candidates so that the
    rules judge them. Returns ``(context, rows, problems)``.
    """
    problems: list[Problem] = []
    base = make_pools(steps_received(pos, faction, map_), map_)
    fr = pos.replacements.get((map_, faction))
    in_pool = {u.id for u in (fr.force_pool if fr else [])}
    extra_pools: dict = {}
    out = []
    for row in rows:
        keys = []
        for j, s in enumerate(row.paid_with):
            k = resolve_step(base, s)
            if k is None:
                st = parse_step(s)
                if not st.is_step:
                    problems.append(step_problem(file, f"{row.where}.paid-with[{j}]", s, list(base)))
                    continue
                k = st.text
                extra_pools.setdefault(k, _phantom_pool(k))
            keys.append(k)
        out.append((row.unit, row.location, tuple(sorted(keys)) if keys else None, row.where))
    extra_units = [u for uid, u in units.items() if uid not in in_pool]
    ctx = make_context(pos, faction, map_, extra_units, extra_pools.values())
    for uid, loc, pay, _ in out:
        if loc not in ctx.place_values[uid]:
            ctx.place_values[uid].append(loc)
        if pay is not None and pay not in ctx.pay_values[uid]:
            ctx.pay_values[uid].append(pay)
    return ctx, out, problems


def read_allocation(pos: Position, faction: str, map_: str, data, file: str
                    ) -> tuple[Optional[ReplacementContext], list, list[Problem]]:
    """A proposed allocation read from ``data`` (the loaded YAML of ``file``): the rows of
    :func:`model.files.allocation.parse_allocation` resolved by :func:`allocation_context`.
    Returns ``(context, rows, problems)``; the context is None when the file has problems."""
    placements, units, problems = parse_allocation(pos, faction, map_, data, file)
    if problems:
        return None, [], problems
    return allocation_context(pos, faction, map_, placements, units, file)


@dataclass
class ReplacementRuling:
    """``check-replacements``: ``legal``, every :class:`Violation`, the steps received and used,
    the steps the allocation leaves unused (``lost``, each with rule and reason) and the units
    eliminated for stacking after the Segment (``eliminated``, 9.2)."""
    legal: bool
    violations: list
    steps_received: int
    steps_used: int
    lost: list
    interpretations: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    eliminated: list = field(default_factory=list)
    broken_by: dict = field(default_factory=dict)      # unit id -> the first Violation its own placement breaks


def interpretations_used(pos: Position, map_: str) -> dict:
    """The interpretations the replacement rules of ``map_`` read (the rows of :data:`.rules.RULES` and
    the 1.3.4 tables for that map name them), with their values in force."""
    used = {n for row in RULES + LOCATIONS + PROHIBITIONS if map_ in row.maps for n in row.interpretations}
    return {k: v for k, v in pos.interpretations_in_force.items() if k in used}


def overstacked(ctx: ReplacementContext, placements: list) -> list[dict]:
    """9.2 after the Segment: the hexes ``placements`` overstack and the replacement units eliminated there.

    1.3.4: "any number of replacements can be placed in the same hex ... stacking limits (9.2) are
    enforced after every Phase and Segment, so ... you'll have to eliminate the excess". The owning
    player chooses which units; counted here are the replacements placed last in the hex (each a
    one-step unit). Returns ``[{"location", "units", "message"}]`` in the order of the allocation.
    """
    by_hex: dict = {}
    for uid, loc, pay in placements:
        if loc in ctx.board.hexes:
            by_hex.setdefault(loc, []).append(uid)
    out = []
    for loc, placed in by_hex.items():
        n0, s0 = friendly_stack(ctx, loc)
        max_u, max_s = stacking_limits(ctx, loc)
        n, steps = n0 + len(placed), s0 + len(placed)
        k = max(n - max_u, steps - max_s, 0)
        if not k:
            continue
        gone = placed[-k:] if k <= len(placed) else list(placed)
        lim = " (Limited Stacking)" if ctx.board.hexes[loc].limited_stacking else ""
        more = "" if k <= len(placed) else f" (the {k - len(placed)} more come from the units there before)"
        out.append({"location": loc, "units": gone, "rule": STACKING.number,
                    "message": (f"{loc} holds {plural(n, 'friendly ground unit')} with {plural(steps, 'step')} after "
                                f"placement, the limit{lim} is {max_u} units and {max_s} steps: {plural(k, 'unit')} must be eliminated at the "
                                f"end of the Segment{more}; counted here: {', '.join(gone)}, the replacement{'s' if len(gone) != 1 else ''} "
                                "placed last (the owning player chooses which)")})
    return out


def check_allocation(ctx: ReplacementContext, rows: list) -> ReplacementRuling:
    """Rule on a proposed allocation (rows from :func:`allocation_context`).

    Returns a :class:`ReplacementRuling`: every violated rule with its
    number and values; the units 9.2 eliminates after the Segment
    (``eliminated``: overstacking is no violation when placing, 1.3.4); and
    the steps that end up unused (``lost``, each with rule and reason): never
    spent, spent on a placement that breaks a rule, or spent on a unit
    eliminated for stacking. A unit named twice is a 1.3.3 violation. Does
    not import ortools.
    """
    violations = []
    seen: dict = {}
    placements = []
    for uid, loc, pay, w in rows:
        if uid in seen:
            violations.append(FORCE_POOL_LIMITATION.violation(
                f"{ctx.describe(ctx.units[uid])} is taken twice ({seen[uid]} and {w}); the Force Pool holds it once"))
            continue
        seen[uid] = w
        placements.append((uid, loc, pay))
    alloc = Allocation(placements)
    broken = Evaluator(post(ctx, PLACING_RULES)).broken(alloc.choice(ctx))
    for b in broken:
        if b.violation not in violations:
            violations.append(b.violation)
    # a placement breaking a rule of its own (not the pool totals) spends its steps for nothing
    bad: dict = {}
    for b in broken:
        if b.rule != CAPACITY:
            for lit in b.held:
                bad.setdefault(lit[0][1], b.violation)
    fine = [p for p in placements if p[0] not in bad]
    eliminated = overstacked(ctx, fine)
    gone = {uid for e in eliminated for uid in e["units"]}
    counted = Allocation([p for p in fine if p[0] not in gone])
    received = sum(p.count for p in ctx.pools.values())
    spent_ok = counted.pool_use(ctx)
    used = sum(min(p.count, spent_ok.get(k, 0)) for k, p in ctx.pools.items())
    lost = explain_lost(ctx, alloc, proposed=True)
    lost += _wasted(ctx, alloc, counted, placements, bad, eliminated)
    return ReplacementRuling(not violations, violations, received, used, lost, interpretations_used(ctx.pos, ctx.map),
                             list(ctx.notes), eliminated, bad)


def _wasted(ctx, alloc, counted, placements, bad, eliminated) -> list:
    """Lost steps that were spent: on a unit eliminated for stacking (9.2), or on a placement that breaks a rule."""
    spent_all, spent_ok = alloc.pool_use(ctx), counted.pool_use(ctx)
    why_gone = {uid: e for e in eliminated for uid in e["units"]}
    out = []
    for key, p in ctx.pools.items():
        wasted = min(p.count, spent_all.get(key, 0)) - min(p.count, spent_ok.get(key, 0))
        if wasted <= 0:
            continue
        for uid, loc, pay in placements:
            n = min(wasted, (pay or ()).count(key))
            if not n or (uid not in bad and uid not in why_gone):
                continue
            if uid in why_gone:
                out.append({"step": key, "count": n, "rule": STACKING.number,
                            "reason": f"spent on {uid}, eliminated for stacking in {loc} at the end of the Segment (9.2)"})
            else:
                v = bad[uid]
                out.append({"step": key, "count": n, "rule": v.rule.number,
                            "reason": f"spent on {uid}, whose placement breaks {v.rule} {v.title}: {v.message}"})
            wasted -= n
            if not wasted:
                break
    return out
