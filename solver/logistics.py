"""1.2 Logistics / Partisan Segment: every rule defined once over action literals.

An action is a choice literal ``(slot, True)``; the slots are
``("place-logistics", NAME, HEX)``, ``("remove-logistics", NAME, HEX)``,
``("place-partisan", HEX)`` and ``("remove-partisan", HEX)``. Each rule below
posts :class:`~solver.core.Nogood` / :class:`~solver.core.AtMost`
constraints over them for one position; :func:`rule_on` evaluates them on a
proposed set of actions (the ruling) and :func:`legal_actions` enumerates the
single actions that break no constraint by direct enumeration (the space is
one literal per marker and hex: small, no solver needed).

Facts that are not choices (supply lines, zones of control, who is in a hex)
are computed first with the map model (:mod:`model.game.board`, networkx) and
quoted in the messages.

Rules: 1.2.1 one Logistics marker placed or removed, not both; the placement
rule of each faction on each map (△); the Logistics Marker Placement
Restrictions; 1.2.2 at most one Partisan Base per Conquered Allied Minor
Country per segment, no more than the Force Pool holds; 1.2.2.1 Partisan Base
placement and its restrictions. Assumptions (not in the rules text), labelled:
an enemy ground unit exerts a zone of control into its own and the adjacent
hexes; the DS "West Map" sheet is not modelled, so the Western rule forbids
every British Dependent on the DS map.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..model.game.board import same_country
from ..model.game.countries import dependent_of
from ..model.files.errors import InputError, Problem
from ..model.files.names import norm_name
from ..model.files.load import Position
from ..model.game.vocabulary import ALLIED, faction_name

from .engine.constraints import AtMost, Evaluator, Lit, Nogood, Violation, post
from .engine.registry import rules
from .replacements.locations import western_logistics_targets


@dataclass
class LogisticsContext:
    """One faction's Logistics / Partisan Segment on one map: the hexes of the
    map, the faction's Logistics markers in its Force Pool and on the map,
    its Partisan Bases in the Force Pool and on the map."""
    pos: Position
    faction: str
    map: str
    hexes: dict
    pool_logistics: list
    on_map_logistics: list          # [(name, hex id)]
    pool_partisans: int
    on_map_partisans: list          # [hex id]
    facts: dict = field(default_factory=dict)

    def slots(self) -> list:
        out = []
        for name in self.pool_logistics:
            out += [("place-logistics", name, h) for h in sorted(self.hexes)]
        out += [("remove-logistics", n, h) for n, h in self.on_map_logistics]
        if self.faction in ALLIED and self.pool_partisans:
            out += [("place-partisan", h) for h in sorted(self.hexes)]
        out += [("remove-partisan", h) for h in self.on_map_partisans]
        return out


def make_context(pos: Position, faction: str, map_: str) -> LogisticsContext:
    """The context of ``faction``'s segment on ``map_``. Raises
    :class:`~model.files.errors.InputError` for a faction not in the position, and
    for a file without a map (the segment places markers in hexes)."""
    faction = pos.require_faction(faction)
    if pos.map_board is None or not any(h.map in (None, map_) for h in pos.map_board.hexes.values()):
        raise InputError(Problem(pos.file, "map", f"the Logistics / Partisan Segment (1.2) places markers in hexes, "
                                 f"and the state file has no hexes of the {map_.upper()} map (map: hexes:)"))
    board = pos.board
    hexes = {hid: h for hid, h in (board.hexes.items() if board is not None else ()) if h.map in (None, map_)}
    pool = pos.seasonal.pool(map_, faction)
    on_log, on_pb = [], []
    for hid, h in sorted(hexes.items()):
        for mk in h.markers:
            if mk.faction == faction and mk.type == "logistics":
                on_log.append((mk.name or "Logistics", hid))
            if mk.faction == faction and mk.type == "partisan-base":
                on_pb.append(hid)
    return LogisticsContext(pos, faction, map_, hexes, list(pool.logistics), on_log, pool.partisan_bases, on_pb)


# --------------------------------------------------------------------------- facts

def _enemy(x, faction) -> bool:
    return x.faction is not None and x.faction != faction


def _country(ctx, name):
    """Country ``name`` on the Posture Display of the segment's map."""
    return ctx.pos.country(name, ctx.map) if name else None


def enemy_in_hex(ctx: LogisticsContext, hid: str) -> list[str]:
    """Enemy units, Detachments and Logistics markers in a hex (:meth:`Board.enemy_presence`)."""
    return ctx.pos.board.enemy_presence(hid, ctx.faction)


def us_supply_targets(pos: Position, map_: str) -> list[str]:
    """Where a US ground unit traces supply for 1.2.1 (an assumption: 10.2 is not in
    the rules text): where 1.3.4 traces the Western Logistics marker
    (:func:`~solver.replacements.locations.western_logistics_targets`: TK the
    Eastern US/Canada Box or a supply source in Great Britain; DS the Western
    US Off-Map Box), besides any US supply-source hex."""
    return pos.board.supply_sources("US") + western_logistics_targets(pos.board, map_)


def _supplied_unit(ctx: LogisticsContext, hid: str, unit, targets: tuple, overland: bool) -> tuple[bool, str]:
    key = ("supply", hid, unit.id, targets, overland)
    if key not in ctx.facts:
        tr = ctx.pos.board.supplied(hid, ctx.faction, targets, unit.supplied, overland=overland)
        ctx.facts[key] = (tr.ok, tr.reason)
    return ctx.facts[key]


def placement_rule(ctx: LogisticsContext, name: str, hid: str) -> Optional[str]:
    """Why the faction's Logistics marker ``name`` cannot go in ``hid`` under its
    placement rule (1.2.1, △ per map), or None when it can."""
    pos, f, m, h = ctx.pos, ctx.faction, ctx.map, ctx.hexes[hid]
    if f == "axis":
        nat = "Germany" if m == "tk" else "Japan"
        if not h.city:
            return f"{hid} is not a City hex"
        units = [u for u in h.units if u.faction == f and u.ground and u.has_nationality(nat)]
        if not units:
            return f"{hid} holds no {'German' if m == 'tk' else 'Japanese'} ground unit"
        reasons = []
        for u in units:
            ok, why = _supplied_unit(ctx, hid, u, tuple(pos.board.supply_sources(nat)), overland=(m == "tk"))
            if ok:
                break
            reasons.append(f"{u.id}: {why}")
        else:
            return (f"no {'German' if m == 'tk' else 'Japanese'} ground unit in {hid} can trace "
                    f"{'an overland ' if m == 'tk' else 'a '}supply line to a supply source in {nat} ({'; '.join(reasons)})")
        if m == "ds" and "kwantung" in norm_name(name):
            if norm_name(h.country or "") not in ("manchukuo", "korea"):
                return f"the Kwantung Logistics marker can only be placed in Manchukuo or Korea, and {hid} is in {h.country or 'no country'}"
            dep = dependent_of(pos, h, m)
            if dep is None or not same_country(dep[0], "Japan"):
                return f"the Kwantung Logistics marker needs a Japanese Dependent, and {h.country} is not one"
        return None
    if f == "soviet":
        if not (h.road or h.rail):
            return f"{hid} is not a Road or Rail hex"
        near = [hid] + [n for n in ctx.pos.board.adjacent(hid) if n in ctx.hexes]
        hqs = [(n, u) for n in near for u in ctx.hexes[n].units if u.faction == f and u.type == "hq" and u.has_nationality("Russia")]
        if not hqs:
            return f"no Russian HQ unit in or adjacent to {hid}"
        reasons = []
        for n, u in hqs:
            ok, why = _supplied_unit(ctx, n, u, tuple(pos.board.supply_sources("Russia")), overland=True)
            if ok:
                return None
            reasons.append(f"{u.id} in {n}: {why}")
        return f"no Russian HQ in or adjacent to {hid} can trace an overland supply line to Russia ({'; '.join(reasons)})"
    # western
    if not h.city:
        return f"{hid} is not a City hex"
    units = [u for u in h.units if u.faction == f and u.ground and u.has_nationality("US")]
    if not units:
        return f"{hid} holds no US ground unit"
    targets = tuple(us_supply_targets(pos, m))
    if not any(_supplied_unit(ctx, hid, u, targets, overland=False)[0] for u in units):
        where = ", ".join(western_logistics_targets(pos.board, m)) or "no US supply source on the map"
        return f"no US ground unit in {hid} is supplied (traced to a US supply source or {where})"
    if m == "ds":
        c = _country(ctx, h.country)
        if c is not None and norm_name(c.dependent_of or "") in ("britain", "great britain"):
            return f"{hid} is in {c.name}, a British Dependent (△ DS: not on the West Map; the map sheet is not modelled)"
    return None


def in_enemy_zoc(ctx: LogisticsContext, hid: str) -> list[str]:
    """Enemy ground units whose zone of control covers ``hid`` (assumption: their own and adjacent hexes)."""
    out = []
    for n in (hid,) + tuple(ctx.pos.board.adjacent(hid)):
        if n in ctx.hexes:
            out += [f"{u.id} in {n}" for u in ctx.hexes[n].units if u.ground and _enemy(u, ctx.faction)]
    return out


def partisan_country(ctx: LogisticsContext, hid: str) -> tuple[Optional[str], Optional[str]]:
    """(country name, why not) for a Partisan Base in ``hid``: the hex must lie in
    a Conquered Allied Minor Country and not in a Region ceded to Japan."""
    h = ctx.hexes[hid]
    c = _country(ctx, h.country)
    if c is None:
        return None, f"{hid} is in {h.country or 'no country'}, not listed as a Conquered Allied Minor Country"
    if not c.conquered_allied_minor:
        return None, (f"{hid} is in {c.name}, not a Conquered Allied Minor Country ({'a Minor Country' if c.minor else 'not a Minor Country'}, "
                      f"status {c.status or 'not given'}, alignment {c.alignment or 'not given'})")
    dep = dependent_of(ctx.pos, h, ctx.map)
    if dep is not None and h.region and norm_name(dep[1]) == norm_name(h.region) and same_country(dep[0], "Japan"):
        return None, f"{hid} is in the {h.region} Region of {c.name}, ceded to Japan (a Japanese Dependent)"
    return c.name, None


# --------------------------------------------------------------------------- rules

def _place_log(ctx):
    return [s for s in ctx.slots() if s[0] == "place-logistics"]


def _post_one_logistics(ctx: LogisticsContext):
    terms = tuple((1, Lit(s, True)) for s in ctx.slots() if s[0] in ("place-logistics", "remove-logistics"))
    if len(terms) > 1:
        def explain(held):
            return ("the faction may either place or remove one Logistics marker, not both nor more than one: "
                    + ", ".join(describe(l[0]) for l in held))
        yield AtMost(terms, 1, explain)


def _post_logistics_rule(ctx: LogisticsContext):
    for s in _place_log(ctx):
        why = placement_rule(ctx, s[1], s[2])
        if why:
            yield Nogood((Lit(s, True),), f"{describe(s)}: {why}")


def _post_logistics_restrictions(ctx: LogisticsContext):
    for s in _place_log(ctx):
        hid = s[2]
        enemy = enemy_in_hex(ctx, hid)
        if enemy:
            yield Nogood((Lit(s, True),), f"{describe(s)}: {hid} contains {', '.join(enemy)}")
        friendly = [mk.label for mk in ctx.hexes[hid].markers if mk.faction == ctx.faction and mk.type == "logistics"]
        if friendly:
            yield Nogood((Lit(s, True),), f"{describe(s)}: {hid} already contains the friendly {friendly[0]}")


def _post_partisan_pool(ctx: LogisticsContext):
    terms = tuple((1, Lit(s, True)) for s in ctx.slots() if s[0] == "place-partisan")
    if terms:
        yield AtMost(terms, ctx.pool_partisans,
                     lambda held: f"{len(held)} Partisan Bases placed, but the {faction_name(ctx.faction)} Force Pool holds {ctx.pool_partisans}")


def _post_partisan_country(ctx: LogisticsContext):
    for s in ctx.slots():
        if s[0] != "place-partisan":
            continue
        name, why = partisan_country(ctx, s[1])
        if why:
            yield Nogood((Lit(s, True),), f"{describe(s)}: {why}")
            continue
        h = ctx.hexes[s[1]]
        if not (h.city or (h.terrain or "").lower() == "rough"):
            yield Nogood((Lit(s, True),), f"{describe(s)}: {s[1]} is neither a Rough nor a City hex (terrain {h.terrain})")


def _post_partisan_per_country(ctx: LogisticsContext):
    by_country: dict = {}
    for s in ctx.slots():
        if s[0] == "place-partisan":
            name, why = partisan_country(ctx, s[1])
            if name is not None:
                by_country.setdefault(name, []).append(s)
    for name, ss in sorted(by_country.items()):
        if len(ss) > 1:
            yield AtMost(tuple((1, Lit(s, True)) for s in ss), 1,
                         lambda held, name=name: f"Partisan Bases in {', '.join(l[0][1] for l in held)}: no more than one "
                                                 f"in a single Conquered Allied Minor Country ({name}) per segment")


def _post_partisan_restrictions(ctx: LogisticsContext):
    enemy_pb_countries = {}
    for hid, h in ctx.hexes.items():
        for mk in h.markers:
            if mk.type == "partisan-base" and _enemy(mk, ctx.faction) and h.country:
                enemy_pb_countries.setdefault(norm_name(h.country), (mk, hid))
    for s in ctx.slots():
        if s[0] != "place-partisan":
            continue
        hid = s[1]
        h = ctx.hexes[hid]
        pb = [mk.label for mk in h.markers if mk.type == "partisan-base"]
        enemy = enemy_in_hex(ctx, hid)
        if pb or enemy:
            yield Nogood((Lit(s, True),), f"{describe(s)}: {hid} contains {', '.join(pb + enemy)}")
        zoc = in_enemy_zoc(ctx, hid)
        friends = [u.id for u in h.units if u.faction == ctx.faction]
        if zoc and not friends:
            yield Nogood((Lit(s, True),), f"{describe(s)}: {hid} is in an enemy ZOC ({', '.join(zoc)}) and holds no other friendly unit")
        if h.country and norm_name(h.country) in enemy_pb_countries:
            mk, where = enemy_pb_countries[norm_name(h.country)]
            yield Nogood((Lit(s, True),), f"{describe(s)}: {h.country} contains the enemy {mk.label} in {where}")


ONE_LOGISTICS = rules["1.2.1"].row("One Logistics Marker", _post_one_logistics)
LOGISTICS_PLACEMENT = rules["1.2.1"].row("Logistics Marker Placement", _post_logistics_rule)
LOGISTICS_RESTRICTIONS = rules["1.2.1"].row("Logistics Marker Placement Restrictions", _post_logistics_restrictions)
PARTISAN_POOL = rules["1.2.2"].row("Partisan Bases in the Force Pool", _post_partisan_pool)
PARTISAN_PER_COUNTRY = rules["1.2.2"].row("One Partisan Base per Country", _post_partisan_per_country)
PARTISAN_PLACEMENT = rules["1.2.2.1"].row("Partisan Base Placement", _post_partisan_country)
PARTISAN_RESTRICTIONS = rules["1.2.2.1"].row("Partisan Base Placement Restrictions", _post_partisan_restrictions)
# The rows an action that names what the faction does not have breaks (:func:`rule_on`): no constraint, a ruling.
SEGMENT = rules["1.2"].row(text="an action names a hex of the map")
LOGISTICS_MARKERS = rules["1.2.1"].row(text="an action names a Logistics marker the faction has")
PARTISAN_MARKERS = rules["1.2.2"].row(text="only the Allied factions have Partisan Bases")
ON_MAP_PARTISANS = rules["1.2.2.2"].row(text="a Partisan Base removed is on the map")

#: Every rule of 1.2, in the order rulings list them.
RULES = (ONE_LOGISTICS, LOGISTICS_PLACEMENT, LOGISTICS_RESTRICTIONS, PARTISAN_POOL, PARTISAN_PER_COUNTRY, PARTISAN_PLACEMENT,
         PARTISAN_RESTRICTIONS)


def describe(slot: tuple) -> str:
    """An action in words: ``place Logistics marker IGHQ in 1706``."""
    if slot[0] == "place-logistics":
        return f"place Logistics marker {slot[1]} in {slot[2]}"
    if slot[0] == "remove-logistics":
        return f"remove Logistics marker {slot[1]}{'' if slot[2] is None else ' from ' + slot[2]} to the Delay Box"
    if slot[0] == "place-partisan":
        return f"place a Partisan Base in {slot[1]}"
    return f"remove the Partisan Base in {slot[1]} to the Delay Box"


def action_json(slot: tuple) -> dict:
    d = {"action": slot[0]}
    if slot[0].endswith("logistics"):
        d.update({"marker": slot[1], "hex": slot[2]})
    else:
        d["hex"] = slot[1]
    return d


def consequences(ctx: LogisticsContext, slot: tuple) -> list[str]:
    """What else happens: a friendly Detachment in the hex goes to the Delay Box (1.2.1)."""
    if slot[0] != "place-logistics":
        return []
    det = [mk.label for mk in ctx.hexes[slot[2]].markers if mk.type == "detachment" and mk.faction == ctx.faction]
    return [f"1.2.1: the friendly {d} in {slot[2]} is placed in the Delay Box" for d in det]


def evaluator(ctx: LogisticsContext) -> Evaluator:
    """The rules of 1.2 posted for ``ctx``, ready to evaluate actions."""
    return Evaluator(post(RULES, ctx))


def legal_actions(pos: Position, faction: str, map_: str) -> tuple[LogisticsContext, list[tuple]]:
    """Every single legal action of ``faction`` on ``map_`` (direct enumeration
    of the literals against the rules above), sorted."""
    ctx = make_context(pos, faction, map_)
    ev = evaluator(ctx)
    legal = [s for s in ctx.slots() if ev.fits({s: True})]
    return ctx, legal


def rule_on(pos: Position, faction: str, map_: str, actions: list[tuple]) -> tuple[LogisticsContext, list[Violation]]:
    """Every violation of the proposed set of ``actions`` (slots as above).

    An action that names a marker or hex the faction does not have is a
    violation of 1.2 itself (it has no such marker / no such hex)."""
    ctx = make_context(pos, faction, map_)
    known = set(ctx.slots())
    vs = []
    for a in actions:
        if a in known:
            continue
        if a[0] in ("place-logistics", "place-partisan") and (a[-1] not in ctx.hexes):
            vs.append(SEGMENT.violation(f"{describe(a)}: there is no hex {a[-1]} on the {map_.upper()} map"))
        elif a[0] == "place-logistics":
            vs.append(LOGISTICS_MARKERS.violation(f"{describe(a)}: the {faction_name(faction)} Force Pool holds no Logistics marker {a[1]} "
                                                  f"(it holds {', '.join(ctx.pool_logistics) or 'none'})"))
        elif a[0] == "place-partisan":
            if faction not in ALLIED:
                vs.append(PARTISAN_MARKERS.violation(f"{describe(a)}: only the Allied factions have Partisan Bases"))
            else:
                vs.append(PARTISAN_PLACEMENT.violation(f"{describe(a)}: the {faction_name(faction)} Force Pool holds no Partisan Base"))
        elif a[0] == "remove-logistics":
            vs.append(LOGISTICS_MARKERS.violation(f"{describe(a)}: there is no {faction_name(faction)} Logistics marker {a[1]} "
                                                  f"{'on the ' + ctx.map.upper() + ' map' if a[2] is None else 'in ' + a[2]}"))
        else:
            vs.append(ON_MAP_PARTISANS.violation(f"{describe(a)}: there is no {faction_name(faction)} Partisan Base in {a[1]}"))
    vs += evaluator(ctx).violations({a: True for a in actions if a in known})
    return ctx, vs
