"""The facts of one Replacements Segment gathered (1.3): :func:`make_context`.

The builder of :class:`~.context.ReplacementContext`, in a module of its own:
it reads the rules of :mod:`.received`, :mod:`.locations` and :mod:`.taking`,
which read the context type.
"""
from __future__ import annotations

from typing import Iterable, Optional

from ...model.game.board import Unit
from ...model.files.errors import InputError, Problem
from ...model.files.load import Position
from ...model.game.replacements import FactionReplacements
from ...model.game.vocabulary import faction_name
from ...model.files.wording import map_not_in_play

from .context import ReplacementContext
from .locations import replacement_locations
from .received import Pool, make_pools, steps_received, unplaced_notes
from .taking import flexibility, payment_options, payment_problems, takeable_problems


def missing_data(pos: Position, faction: str, map_: str) -> Optional[Problem]:
    """What the file lacks to rule on ``faction``'s Replacements Segment on ``map_`` (1.3), or None.

    Missing data is not a ruling: with steps received (1.3.1, 1.3.2) and no
    ``force-pool:`` for that map and faction (an empty ``force-pool: []`` is a
    Force Pool, and a ruling: its steps are lost to 1.3.3), or Force Pool
    units and no hex of that map nor Off-Map Box to place them in (1.3.4), the Problem names
    the place in the file and how to add what is missing."""
    faction = pos.require_faction(faction)
    if map_ not in pos.maps or not any(s.count for s in steps_received(pos, faction, map_)):
        return None
    fr = pos.replacements.get((map_, faction))
    place = f"replacements.{map_}.{faction}"
    if fr is None or not fr.force_pool_stated:
        return Problem(pos.file, place, f"cannot rule: the file has no {faction_name(faction)} Force Pool for the "
                       f"{map_.upper()} map; add `replacements: {map_}: {faction}: force-pool: [...]` (one-step units: "
                       "{id, nationality, type}), or `force-pool: []` when it holds none")
    if fr.force_pool and not pos.board.boxes and not any(h.map in (None, map_) for h in pos.board.hexes.values()):
        return Problem(pos.file, "map.hexes", f"cannot rule: the file has no hexes of the {map_.upper()} map (nor an "
                       f"Off-Map Box) to place the {faction_name(faction)} replacements in (1.3.4); add them under `map: hexes:`"
                       + (f" with `map: {map_}`" if len(pos.maps) > 1 else ""))
    return None


def make_context(pos: Position, faction: str, map_: str, extra_units: Iterable[Unit] = (),
                 extra_pools: Iterable[Pool] = ()) -> ReplacementContext:
    """Build the facts for ``faction``'s Replacements Segment on ``map_``.

    ``extra_units`` / ``extra_pools`` add units and (unreceived, count 0)
    pools named by a proposed allocation. Raises :class:`InputError` when the
    faction or map is not in the position.
    """
    faction = pos.require_faction(faction)
    if map_ not in pos.maps:
        raise InputError(Problem(pos.file, "", map_not_in_play(map_, pos.maps, pos.game)))
    fr = pos.replacements.get((map_, faction)) or FactionReplacements()
    board = pos.board
    pools = make_pools(steps_received(pos, faction, map_), map_)
    for p in extra_pools:
        pools.setdefault(p.key, p)
    units = {u.id: u for u in fr.force_pool}
    for u in extra_units:
        units.setdefault(u.id, u)
    ctx = ReplacementContext(pos, faction, map_, board, units, [u.id for u in fr.force_pool], pools, dict(fr.prefer))
    ctx.notes = unplaced_notes(pos, map_)
    for loc in ctx.locations():
        things = board.enemy_presence(loc, faction)
        if things:
            ctx.blocked[loc] = things
    keys = list(pools)
    cache: dict = {}
    pays: dict = {}
    for uid, u in units.items():
        sig = (u.nationality, bool(u.colonial), u.colonial_code, u.kwantung)
        if sig not in cache:
            ok, near = replacement_locations(ctx, u)
            cache[sig] = ok, near, [loc for loc in ok if loc not in ctx.blocked]
        ok, near, places = cache[sig]
        ctx.eligible[uid] = ok
        ctx.near_miss[uid] = near
        ctx.place_values[uid] = list(places)
        cls = ctx.unit_class(u)
        # the payment rules read the unit's facts, not its id: units alike share the answer
        psig = (u.nationality, u.type, u.colonial, u.kwantung, u.elite, u.steps)
        if psig not in pays:
            pays[psig] = sorted((opt for opt in payment_options(ctx, u) if not payment_problems(ctx, u, opt)),
                                key=lambda o: (sum(flexibility(ctx.pools[k], cls) for k in o), [keys.index(k) for k in o]))
        ctx.pay_values[uid] = list(pays[psig])
        if takeable_problems(ctx, u):
            ctx.place_values[uid], ctx.pay_values[uid] = [], []
        ctx.valid_place[uid], ctx.valid_pay[uid] = list(ctx.place_values[uid]), list(ctx.pay_values[uid])
    return ctx
