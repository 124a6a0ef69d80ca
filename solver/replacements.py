"""1.3 Replacements Segment: steps received, taking and placing, defined once.

Steps received (1.3.1 Current Card, 1.3.2 markers) are facts computed in
plain Python (:func:`steps_received`) and grouped into *pools* of
interchangeable steps. Which locations are Replacement Locations for a unit
(1.3.4: Home Country Cities, supplied HQs, Logistics markers traced to their
supply source, Partisan Bases, Off-Map Boxes, colonial rules ...) are facts
too, computed before any model is built and recorded with their reasons
(:class:`ReplacementContext`).

The choices are two *slots* per Force Pool unit: ``("place", unit)`` holds a
location or None, ``("pay", unit)`` a payment (a sorted tuple of pool keys,
one per step spent) or None. Each rule below has its number as printed and a
title, and posts :class:`~solver.core.Nogood` / :class:`~solver.core.AtMost`
constraints over literals ``(slot, value)``; the value :data:`ANY` means
"the slot holds something". :func:`evaluate` interprets them on one proposed
allocation (``check-replacements``); :mod:`solver.replacements_cpsat`
compiles the same constraints to CP-SAT (``replacements``).

No ortools or networkx import at module level (networkx is imported by the
supply tracing of :class:`model.board.Board` when a trace is needed).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any, Iterable, Optional

from ..model.board import ARMOR_TYPES, INFANTRY_TYPES, Board, Unit, same_country
from ..model.errors import InputError, Problem, join_path
from ..model.names import norm_name
from ..model.position import Position
from ..model.replacements import FactionReplacements, StepLine

from .core import AtMost, Nogood, Rule, Violation

#: A literal value meaning "the slot holds some value (not None)".
ANY = "*"
FACTION_NAMES = {"axis": "Axis", "western": "Western", "soviet": "Soviet"}
ALLIED = ("western", "soviet")
TWO_STEP_TYPES = ("airborne", "marine")


# =============================================================================== steps received (1.3.1, 1.3.2)

@dataclass(frozen=True)
class Pool:
    """Interchangeable steps received: ``key`` (unique label, as printed in
    ``paid-with`` and ``lost``), ``nationality`` (a country, ``minor``,
    ``Communist Chinese``, ``Nationalist Chinese``), ``kind`` (infantry /
    armor / any), ``colonial`` (False, True or a code), ``pairs_to_armor``,
    ``count`` steps, ``sources`` where they come from, ``rule`` the rule that
    grants the pair exchange."""
    key: str
    nationality: str
    kind: str
    colonial: Any = False
    pairs_to_armor: bool = False
    count: int = 0
    sources: tuple = ()
    rule: str = "1.3.2"

    @property
    def special(self) -> Optional[str]:
        n = norm_name(self.nationality)
        if n in ("minor", "minor country"):
            return "minor"
        if n == "communist chinese":
            return "communist"
        if n == "nationalist chinese":
            return "nationalist"
        return None


def pool_key(line: StepLine, pair_label: Optional[str] = None) -> str:
    col = ""
    if line.colonial:
        col = "colonial " + (f"{line.colonial} " if isinstance(line.colonial, str) else "")
    kind = "step" if line.kind == "any" else line.kind
    key = f"{line.nationality} {col}{kind}"
    if line.pairs_to_armor:
        key += f" ({pair_label or 'pairs-to-armor'})"
    return key


@dataclass(frozen=True)
class MarkerRule:
    """A rule of 1.3.2: its number, title, maps, and ``steps(pos, faction, map)`` -> StepLines."""
    number: str
    title: str
    maps: tuple
    steps: Any


def swb_markers(pos: Position, map_: Optional[str] = None) -> list:
    """The marker names in the Strategic Warfare Box: ``markers.strategic-warfare-box`` and, for
    ``map_``, that map's ``boxes`` Strategic Warfare Box (where ``reveal`` puts what a card places
    there, 1.1.2.2; per map in AE)."""
    out = []
    for box, names in pos.markers.boxes.items():
        if box == "strategic warfare box":
            out.extend(names)
    maps = [map_] if map_ is not None else list(pos.seasonal.boxes)
    for m in maps:
        mb = pos.seasonal.boxes.get(m)
        if mb is not None:
            out.extend(str(x) for x in mb.strategic_warfare_box)
    return list(dict.fromkeys(out))


def _swb(pos: Position, name: str, map_: Optional[str] = None) -> bool:
    return any(norm_name(x) == norm_name(name) for x in swb_markers(pos, map_))


def _vp(pos: Position, side: str) -> Optional[int]:
    return pos.markers.vp_box if pos.markers.vp_side == side else None


def _anti_comintern(pos, f, m):
    russia = pos.country("Russia")
    if f == "axis" and _swb(pos, "Anti-Comintern Crusade", m) and russia is not None and russia.posture == "war":
        yield StepLine("Germany", "any", 1, True, False, "1.3.2.1 Anti-Comintern Crusade (Russia's Posture is War)")


def _minor_production(pos, f, m):
    for name in swb_markers(pos, m):
        n = norm_name(name)
        for plus in (1, 2):
            if f"minor country production +{plus}" in n and norm_name(FACTION_NAMES[f]) in n:
                yield StepLine("minor", "any", plus, False, False, f"Minor Country Production +{plus} ({name})")


def _vp_steps(marker: str, side: str, nat: str, own_box: bool):
    def steps(pos, f, m):
        if f != "axis":
            return
        own = pos.markers.vp_track_box(marker)
        vp = _vp(pos, side)
        if own is None or vp is None:
            return
        n = vp + (own if own_box else 0)
        text = f"VP marker reads {side.replace('-', ' ').title()} in the {vp} VP Box"
        if own_box:
            text += f", {marker} marker in the {own} VP Box"
        if n:
            yield StepLine(nat, "infantry", n, False, True, f"{marker} ({text})")
    return steps


def _us_victory(map_):
    def steps(pos, f, m):
        if f == "western" and _swb(pos, "US Victory Program", m):
            yield StepLine("US", "infantry", 1, False, False, "US Victory Program")
            if map_ == "tk":
                yield StepLine("US", "armor", 1, False, False, "US Victory Program")
    return steps


def _war_economy(pos, f, m):
    for name in swb_markers(pos, m):
        n = norm_name(name)
        for plus in (1, 2):
            suffix = f" war economy +{plus}"
            if n.endswith(suffix):
                country = name.strip()[: -len(suffix)].strip()
                c = pos.country(country)
                if c is not None and c.alignment == f:
                    yield StepLine(c.name, "any", plus, False, False, f"War Economy +{plus} ({name})")


#: 1.3.2 Additional Seasonal Replacements, per map (△).
MARKER_RULES = (
    MarkerRule("1.3.2.1", "Anti-Comintern Crusade", ("tk",), _anti_comintern),
    MarkerRule("1.3.2.2", "Minor Country Production", ("tk",), _minor_production),
    MarkerRule("1.3.2.3", "No Retreat", ("tk",), _vp_steps("No Retreat", "axis-tide", "Germany", False)),
    MarkerRule("1.3.2.4", "SS Europa", ("tk",), _vp_steps("SS Europa", "axis-tide", "Germany", True)),
    MarkerRule("1.3.2.5", "US Victory Program", ("tk",), _us_victory("tk")),
    MarkerRule("1.3.2.6", "War Economy", ("tk",), _war_economy),
    MarkerRule("1.3.2.1", "Hakko Ichiu", ("ds",), _vp_steps("Hakko Ichiu", "rising-sun", "Japan", True)),
    MarkerRule("1.3.2.2", "Japanese Mandate", ("ds",), _vp_steps("Japanese Mandate", "rising-sun", "Japan", False)),
    MarkerRule("1.3.2.3", "Minor Country Production", ("ds",), _minor_production),
    MarkerRule("1.3.2.4", "US Victory Program", ("ds",), _us_victory("ds")),
)


def steps_received(pos: Position, faction: str, map_: str) -> list:
    """The steps ``faction`` receives in its Replacements Segment on ``map_``.

    When the state file states ``steps`` they are used as given. Otherwise
    1.3.1 (the Current Card's Replacements Segment box) and 1.3.2 (the
    markers in the Strategic Warfare Box and on the VP Track) are applied.
    Returns a list of :class:`~model.replacements.StepLine` (``count`` in steps),
    each with its ``source`` (the rule number and marker or card).
    """
    fr = pos.replacements.get((map_, faction))
    if fr is not None and fr.steps is not None:
        return list(fr.steps)
    out = []
    fm = pos.factions.get(faction, {}).get(map_)
    if fm is not None and fm.current:
        card = pos.cards[fm.current]
        for box in card.replacements:
            out.append(StepLine(box.nationality, box.kind, box.steps, box.colonial, box.pairs_to_armor,
                                f"1.3.1 Current Card {card.id} {card.name}"))
    for r in MARKER_RULES:
        if map_ in r.maps:
            for line in r.steps(pos, faction, map_):
                src = line.source if line.source.startswith(r.number) else f"{r.number} {line.source}"
                out.append(StepLine(line.nationality, line.kind, line.count, line.colonial, line.pairs_to_armor, src))
    return out


def make_pools(lines: Iterable[StepLine]) -> dict:
    """Group step lines into :class:`Pool` s keyed by label (equal lines add up). Returns ``{key: Pool}`` in order."""
    pools: dict = {}
    for line in lines:
        label = None
        rule = "1.3.2"
        if line.pairs_to_armor:
            label = line.source.split(" (")[0]
            for r in MARKER_RULES:
                if label.startswith(r.number) or label == r.title:
                    rule = r.number
            parts = label.split(" ", 1)
            if len(parts) == 2 and parts[0][:1].isdigit():
                rule, label = parts[0], parts[1]
            if ":" in label or label.startswith("state file"):
                label = "pairs-to-armor"
        key = pool_key(line, label)
        old = pools.get(key)
        if old is None:
            pools[key] = Pool(key, line.nationality, line.kind, line.colonial, line.pairs_to_armor, line.count, (line.source,), rule)
        else:
            pools[key] = Pool(key, old.nationality, old.kind, old.colonial, old.pairs_to_armor, old.count + line.count,
                              old.sources + (line.source,), old.rule)
    return pools


# =============================================================================== the context: facts before choices

@dataclass
class ReplacementContext:
    """Everything the rules of 1.3.3 / 1.3.4 read for one faction on one map.

    ``units`` by id (the Force Pool plus any other unit an allocation names);
    ``force_pool`` the ids in the Force Pool; ``pools`` by key; candidates:
    ``place_values[uid]`` locations and ``pay_values[uid]`` payments
    (tuples of pool keys) the model may choose from; ``eligible[uid]`` the
    Replacement Locations of a unit with the basis of each (a fact of
    1.3.4); ``near_miss[uid][loc]`` why a location that almost qualified does
    not; ``blocked[loc]`` the enemy units and markers in a location;
    ``supply`` every supply trace made, ``(what, SupplyTrace)``.
    """
    pos: Position
    faction: str
    map: str
    board: Board
    units: dict
    force_pool: list
    pools: dict
    prefer: dict
    place_values: dict = field(default_factory=dict)
    pay_values: dict = field(default_factory=dict)
    eligible: dict = field(default_factory=dict)
    near_miss: dict = field(default_factory=dict)
    blocked: dict = field(default_factory=dict)
    supply: list = field(default_factory=list)
    _trace_cache: dict = field(default_factory=dict)

    # ------------------------------------------------------------------ unit facts
    def unit_class(self, u: Unit) -> Optional[str]:
        """``infantry`` / ``armor`` / None: the unit-type class of 1.3.3 on this map (△)."""
        if u.type in INFANTRY_TYPES[self.map]:
            return "infantry"
        if u.type in ARMOR_TYPES[self.map]:
            return "armor"
        return None

    def describe(self, u: Unit) -> str:
        col = ""
        if u.colonial:
            col = f"colonial {u.colonial_code + ' ' if u.colonial_code else ''}"
        kw = "Kwantung " if u.kwantung else ""
        return f"{u.id} ({u.nationality_text} {kw}{col}{u.type})"

    def country(self, name: Optional[str]):
        return self.pos.country(name) if name else None

    def is_minor(self, nat: str) -> bool:
        c = self.country(nat)
        return bool(c and c.minor)

    def trace(self, what: str, start: str, targets: list, stated: Optional[bool], overland: bool):
        key = (start, tuple(targets), stated, overland)
        if key not in self._trace_cache:
            if stated is not None:
                from ..model.board import SupplyTrace
                res = SupplyTrace(bool(stated), (), "supplied as stated" if stated else "unsupplied as stated")
            elif not targets:
                from ..model.board import SupplyTrace
                res = SupplyTrace(False, (), "no supply source of that country on the map")
            else:
                res = self.board.trace_supply(start, self.faction, targets, overland=overland)
            self._trace_cache[key] = res
            self.supply.append((what, res))
        return self._trace_cache[key]


def make_context(pos: Position, faction: str, map_: str, extra_units: Iterable[Unit] = (),
                 extra_pools: Iterable[Pool] = ()) -> ReplacementContext:
    """Build the facts for ``faction``'s Replacements Segment on ``map_``.

    ``extra_units`` / ``extra_pools`` add units and (unreceived, count 0)
    pools named by a proposed allocation. Raises :class:`InputError` when the
    faction or map is not in the position.
    """
    if map_ not in pos.maps:
        raise InputError(Problem(pos.file, "", f"map {map_} is not in play in game {pos.game} (maps: {', '.join(pos.maps)})"))
    fr = pos.replacements.get((map_, faction)) or FactionReplacements(map_, faction)
    board = pos.board or Board()
    pools = make_pools(steps_received(pos, faction, map_))
    for p in extra_pools:
        pools.setdefault(p.key, p)
    units = {u.id: u for u in fr.force_pool}
    for u in extra_units:
        units.setdefault(u.id, u)
    ctx = ReplacementContext(pos, faction, map_, board, units, [u.id for u in fr.force_pool], pools, dict(fr.prefer))
    for loc in _locations(ctx):
        things = enemy_presence(ctx, loc)
        if things:
            ctx.blocked[loc] = things
    cache: dict = {}
    for uid, u in units.items():
        sig = (u.nationality, bool(u.colonial), u.colonial_code, u.kwantung)
        if sig not in cache:
            cache[sig] = replacement_locations(ctx, u)
        ok, near = cache[sig]
        ctx.eligible[uid] = ok
        ctx.near_miss[uid] = near
        ctx.place_values[uid] = [loc for loc in ok if loc not in ctx.blocked]
        ctx.pay_values[uid] = sorted((opt for opt in payment_options(ctx, u) if not payment_problems(ctx, u, opt)),
                                     key=lambda o: (sum(_flexibility(ctx.pools[k], ctx.unit_class(u)) for k in o), [list(ctx.pools).index(k) for k in o]))
        if takeable_problems(ctx, u):
            ctx.place_values[uid], ctx.pay_values[uid] = [], []
    return ctx


def _flexibility(p: Pool, cls: Optional[str]) -> int:
    """Tie-break order of payments: the step the unit's type calls for first, the most flexible last."""
    if cls == "armor":
        return {"armor": 0, "any": 1}.get(p.kind, 2)
    if p.kind == "infantry":
        return 1 if p.pairs_to_armor else 0
    return 2 if p.kind == "any" else 3


def _locations(ctx: ReplacementContext) -> list:
    return [h.id for h in ctx.board.hexes.values() if h.map in (None, ctx.map)] + list(ctx.board.boxes)


def enemy_presence(ctx: ReplacementContext, loc: str) -> list:
    """1.3.4: the enemy ground units, support units, Detachments and Logistics markers in ``loc`` (texts)."""
    f = ctx.faction
    out = [f"{FACTION_NAMES.get(u.faction, u.faction)} {'ground' if u.ground else 'support'} unit {u.id}"
           for u in ctx.board.units_at(loc) if u.faction and u.faction != f]
    out += [m.label for m in ctx.board.markers_at(loc)
            if m.type in ("detachment", "logistics") and m.faction and m.faction != f]
    return out


# =============================================================================== 1.3.4 Replacement Locations (facts)

def _home_hexes(ctx, nat):
    return [h for h in ctx.board.hexes.values() if h.map in (None, ctx.map) and same_country(h.country, nat)]


def _dependent_of(ctx, hex_, of: str) -> bool:
    c = ctx.country(hex_.country)
    return bool(c and c.dependent_of and same_country(c.dependent_of, of))


def _box(ctx, name):
    return ctx.board.box(name)


def _dependent_cities(ctx, ok: dict, near: dict, country: str, adjective: str, map_: str, fac: str) -> None:
    """1.3.4 French / Italian colonial units: a City under friendly control in any of ``country``'s
    Dependents on ``map_``; such a City under enemy control goes to ``near`` with the reason."""
    for h in ctx.board.hexes.values():
        if h.map in (None, map_) and h.city and _dependent_of(ctx, h, country):
            if h.control == fac:
                ok.setdefault(h.id, f"a City under friendly control in the {adjective} Dependent {h.country}")
            else:
                near.setdefault(h.id, f"{h.id} is a City in the {adjective} Dependent {h.country} but not under {FACTION_NAMES[fac]} control")


def _japanese_presence(ctx, h) -> bool:
    return any(u.ground and u.has_nationality("Japan") for u in h.units) or any(
        m.type in ("detachment", "logistics") and m.faction == "axis" for m in h.markers)


def _german_presence(ctx, h) -> bool:
    return any(u.ground and u.has_nationality("Germany") for u in h.units) or any(
        m.type in ("detachment", "logistics") and m.faction == "axis" for m in h.markers)


def _logistics(ctx, faction, name=None):
    for h in ctx.board.hexes.values():
        if h.map not in (None, ctx.map):
            continue
        for m in h.markers:
            if m.type == "logistics" and m.faction == faction and (name is None or norm_name(m.name or "") == norm_name(name)):
                yield h, m


def _logistics_site(ctx, u, ok, near, faction, name, targets, overland, label):
    for h, m in _logistics(ctx, faction, name):
        tr = ctx.trace(f"{m.label} in {h.id}", h.id, targets, m.supplied, overland)
        if tr.ok:
            ok.setdefault(h.id, f"{m.label} in {h.id}, {tr.reason} ({label})")
        else:
            near.setdefault(h.id, f"the {m.label} in {h.id} cannot trace {'an overland ' if overland else 'a '}supply line to {label}: {tr.reason}")


def replacement_locations(ctx: ReplacementContext, u: Unit) -> tuple:
    """1.3.4 Replacement Locations of unit ``u`` on the context's map.

    Returns ``(ok, near)``: ``ok`` maps each location where the unit may be
    placed to the basis in words; ``near`` maps locations that fail a
    condition (supply, control, presence) to the reason. Enemy units and
    markers are not considered here (see :data:`ENEMY`). Every location
    rule of the TK and DS lists is applied (△).
    """
    ok: dict = {}
    near: dict = {}
    fac = ctx.faction
    tk = ctx.map == "tk"
    nats = list(u.nationality)
    col = u.is_colonial
    code = (u.colonial_code or "").casefold()
    # A Minor Country / major-power unit: its Home Country is its nationality.
    for nat in nats:
        generic = not col and (tk or not u.kwantung)
        if generic:
            for h in _home_hexes(ctx, nat):
                if h.city:
                    ok.setdefault(h.id, f"a Home Country City hex of {nat}")
            for h in _home_hexes(ctx, nat):
                for hq in h.units:
                    if hq.type == "hq" and hq.faction == fac and hq.has_nationality(nat):
                        tr = ctx.trace(f"HQ {hq.id} in {h.id}", h.id, ctx.board.supply_sources(nat), hq.supplied, False)
                        if tr.ok:
                            ok.setdefault(h.id, f"a Home Country hex of {nat} with the supplied {nat} HQ {hq.id} ({tr.reason})")
                        else:
                            near.setdefault(h.id, f"the {nat} HQ {hq.id} in {h.id} is not supplied: {tr.reason}")
        if ctx.is_minor(nat):
            for h in _home_hexes(ctx, nat):
                if any(m.type == "partisan-base" and m.faction in (None, fac) for m in h.markers):
                    ok.setdefault(h.id, f"a Home Country hex of {nat} with a Partisan Base")
        is_ = lambda name: same_country(nat, name)
        if tk:
            if is_("Britain") or is_("US"):       # "A British or US unit" (British colonial units "can" also go as listed)
                targets = [b for b in [_box(ctx, "Eastern US/Canada")] if b] + ctx.board.supply_sources("Britain")
                _logistics_site(ctx, u, ok, near, "western", None, targets, False, "the Eastern US/Canada Box or a supply source in Great Britain")
            if is_("Britain") and col:
                table = {"afr": ["Africa"], "fra": ["Africa", "@gb", "Eastern US/Canada"], "sa": ["Africa"],
                         "aus": ["Middle East"], "ind": ["Middle East"], "nz": ["Middle East"], "can": ["Eastern US/Canada"],
                         "italy": ["@gb", "Eastern US/Canada"], "pol": ["@gb", "Eastern US/Canada"],
                         "spain": ["@gb", "Eastern US/Canada"], "swe": ["@gb", "Eastern US/Canada"],
                         "turk": ["@gb", "Eastern US/Canada"]}
                for where in table.get(code, []):
                    if where == "@gb":
                        for h in _home_hexes(ctx, "Britain"):
                            if h.city:
                                ok.setdefault(h.id, f"a City hex in Great Britain (British colonial {u.colonial_code})")
                    elif _box(ctx, where):
                        ok.setdefault(_box(ctx, where), f"the {where} Box (British colonial {u.colonial_code})")
            if is_("France") and col:
                _dependent_cities(ctx, ok, near, "France", "French", "tk", fac)
            if is_("Germany") and not col:
                _logistics_site(ctx, u, ok, near, "axis", None, ctx.board.supply_sources("Germany"), True, "a supply source in Germany")
            if is_("Germany") and col:
                for h in ctx.board.hexes.values():
                    c = ctx.country(h.country)
                    soviet = same_country(h.country, "Russia") or bool(c and c.alignment == "soviet")
                    if h.map in (None, "tk") and h.strategic and soviet:
                        if _german_presence(ctx, h):
                            ok.setdefault(h.id, "a Soviet Strategic Hex with a German ground unit, Detachment or Logistics marker")
                        else:
                            near.setdefault(h.id, f"{h.id} is a Soviet Strategic Hex without a German ground unit, Detachment or Logistics marker")
            if is_("Italy") and col:
                _dependent_cities(ctx, ok, near, "Italy", "Italian", "tk", fac)
            if is_("Russia"):
                _logistics_site(ctx, u, ok, near, "soviet", None, ctx.board.supply_sources("Russia"), True, "a supply source in Russia")
                if _box(ctx, "Central Asia"):
                    ok.setdefault(_box(ctx, "Central Asia"), "the Central Asia Box")
            if is_("US") and _box(ctx, "Eastern US/Canada"):
                ok.setdefault(_box(ctx, "Eastern US/Canada"), "the Eastern US/Canada Off-Map Box")
        else:
            ea = _box(ctx, "Europe/Africa")
            if is_("Britain") and not col and ea:
                ok.setdefault(ea, "the Europe/Africa Off-Map Box")
            if is_("Britain") and col:
                where = {"afr": "@Europe/Africa", "aus": "Australia", "ind": "India", "nz": "New Zealand"}.get(code)
                if where == "@Europe/Africa" and ea:
                    ok.setdefault(ea, "the Europe/Africa Box (British colonial Afr)")
                elif where:
                    for h in ctx.board.hexes.values():
                        if h.map in (None, "ds") and h.city and same_country(h.country, where):
                            if h.control == "western":
                                ok.setdefault(h.id, f"a City under Western control in {where} (British colonial {u.colonial_code})")
                            else:
                                near.setdefault(h.id, f"{h.id} is a City in {where} but not under Western control")
            if is_("France") and col:
                _dependent_cities(ctx, ok, near, "France", "French", "ds", fac)
            if is_("France") and not col and ea:
                ok.setdefault(ea, "the Europe/Africa Off-Map Box")
            if is_("Japan") and not col and not u.kwantung:
                _logistics_site(ctx, u, ok, near, "axis", "IGHQ", ctx.board.supply_sources("Japan"), False, "a supply source in Japan")
            if is_("Japan") and u.kwantung:
                _logistics_site(ctx, u, ok, near, "axis", "Kwantung", ctx.board.supply_sources("Japan"), False, "a supply source in Japan")
            if is_("Japan") and col:
                for h in ctx.board.hexes.values():
                    if h.map not in (None, "ds") or not h.city:
                        continue
                    c = ctx.country(h.country)
                    if code == "col":
                        fits = _dependent_of(ctx, h, "Japan") or bool(c and c.status == "conquered" and c.alignment in ALLIED)
                        what = "a Japanese Dependent or Conquered Allied Country"
                    elif code == "bur":
                        fits, what = same_country(h.country, "Burma"), "Burma"
                    elif code == "ind":
                        fits, what = same_country(h.country, "India"), "India"
                    elif code == "rus":
                        fits = same_country(h.country, "Russia") or (
                            _dependent_of(ctx, h, "Japan") and norm_name(h.region or "") == "far east")
                        what = "Russia or a Far East Region Japanese Dependent"
                    else:
                        fits, what = False, ""
                    if not fits:
                        continue
                    if _japanese_presence(ctx, h):
                        ok.setdefault(h.id, f"a City in {what} with a Japanese ground unit, Detachment or Logistics marker")
                    else:
                        near.setdefault(h.id, f"{h.id} is a City in {what} without a Japanese ground unit, Detachment or Logistics marker")
            if is_("Russia"):
                soviet_boxes = [b for b in [_box(ctx, "Eastern Europe")] if b]
                _logistics_site(ctx, u, ok, near, "soviet", None, ctx.board.supply_sources("Russia") + soviet_boxes, True,
                                "a supply source in Russia or a Soviet Off-Map Box")
                if _box(ctx, "Eastern Europe"):
                    ok.setdefault(_box(ctx, "Eastern Europe"), "the Eastern Europe Box")
            wus = _box(ctx, "Western US")
            if is_("US") and not col and wus:
                ok.setdefault(wus, "the Western US Off-Map Box")
            if is_("US") and col and code == "phil":
                for h in ctx.board.hexes.values():
                    if h.map in (None, "ds") and h.city and same_country(h.country, "Philippines"):
                        if h.control == "western":
                            ok.setdefault(h.id, "a City in the Philippines under Western control")
                        else:
                            near.setdefault(h.id, f"{h.id} is a City in the Philippines but not under Western control")
            if is_("US") and not col:            # a US Phil colonial unit "must" go to the Philippines
                _logistics_site(ctx, u, ok, near, "western", None, [wus] if wus else [], False, "the Western US Off-Map Box")
    # prohibitions
    for nat in nats:
        if tk and same_country(nat, "Britain") and not col and len(nats) == 1:
            for b in ctx.board.boxes:
                near.setdefault(b, "a British non-colonial unit cannot be placed in any Off-Map Box")
            for loc in list(ok):
                if ctx.board.is_box(loc):
                    near[loc] = "a British non-colonial unit cannot be placed in any Off-Map Box"
                    del ok[loc]
        for dep, adj in (("France", "French"), ("Italy", "Italian")):
            if tk and same_country(nat, dep) and not col:
                for loc in list(ok):
                    h = ctx.board.hexes.get(loc)
                    if h is not None and _dependent_of(ctx, h, dep):
                        near[loc] = f"a {adj} non-colonial unit cannot be placed in a {adj} Dependent"
                        del ok[loc]
        if not tk and same_country(nat, "France") and not col:
            for loc in list(ok):
                if _box(ctx, "Europe/Africa") != loc:
                    near[loc] = "a French non-colonial unit must be placed in the Europe/Africa Off-Map Box"
                    del ok[loc]
    if not tk:
        ea = _box(ctx, "Europe/Africa")
        if ea in ok and ctx.faction != "western":
            near[ea] = "only Western units are allowed in the Europe/Africa Off-Map Box"
            del ok[ea]
    return ok, near


# =============================================================================== 1.3.3 payments (facts about one unit and one payment)

def _pool_fits_nationality(ctx: ReplacementContext, p: Pool, u: Unit) -> bool:
    sp = p.special
    if sp == "minor":
        return any(_minor_of_faction(ctx, n) for n in u.nationality)
    if sp in ("communist", "nationalist"):
        want = "soviet" if sp == "communist" else "western"
        return any((c := ctx.country(n)) is not None and c.chinese and c.alignment == want for n in u.nationality)
    return u.has_nationality(p.nationality)


def _minor_of_faction(ctx, nat) -> bool:
    c = ctx.country(nat)
    return bool(c and c.minor and c.alignment == ctx.faction and not (ctx.faction in ALLIED and c.status == "conquered"))


def payment_options(ctx: ReplacementContext, u: Unit) -> list:
    """Candidate payments for ``u``: every one- and two-step multiset of pools. Returns sorted tuples of pool keys."""
    keys = list(ctx.pools)
    opts = [(k,) for k in keys]
    opts += [tuple(sorted(pair)) for pair in combinations_with_replacement(keys, 2)]
    return opts


def _pools_of(ctx, opt) -> list:
    return [ctx.pools[k] for k in opt]


def check_nationality(ctx, u, opt) -> Optional[str]:
    """1.3.3: steps are taken as units of the nationality received (minor and Chinese steps: see their rules)."""
    bad = [p for p in _pools_of(ctx, opt) if p.special is None and not u.has_nationality(p.nationality)]
    if bad:
        return f"{ctx.describe(u)} paid with {', '.join(p.key for p in bad)}: replacements are taken as units of the nationality received"
    return None


def check_minor(ctx, u, opt) -> Optional[str]:
    """1.3.3.1: Minor Country steps go to the faction's Minor Countries, never to a Conquered Allied Minor Country."""
    for p in _pools_of(ctx, opt):
        if p.special != "minor":
            continue
        if not _pool_fits_nationality(ctx, p, u):
            c = ctx.country(u.nationality[0])
            if c is not None and c.minor and c.alignment == ctx.faction and c.status == "conquered":
                return f"{ctx.describe(u)}: {c.name} is a Conquered Allied Minor Country; an Allied faction cannot allocate replacements to it"
            return f"{ctx.describe(u)} paid with {p.key}: {u.nationality_text} is not a {FACTION_NAMES[ctx.faction]} Minor Country"
    return None


def check_chinese(ctx, u, opt) -> Optional[str]:
    """1.3.1 △ (DS): Communist / Nationalist Chinese steps serve any Soviet / Western Chinese Country."""
    for p in _pools_of(ctx, opt):
        if p.special in ("communist", "nationalist") and not _pool_fits_nationality(ctx, p, u):
            want = "Soviet" if p.special == "communist" else "Western"
            return f"{ctx.describe(u)} paid with {p.key}: {u.nationality_text} is not a {want} Chinese Country"
    return None


def check_unit_type(ctx, u, opt) -> Optional[str]:
    """1.3.3 Unit-Type Limitation: infantry steps take infantry-type units; armor steps armor- or infantry-type."""
    cls = ctx.unit_class(u)
    if cls is None:
        return f"{ctx.describe(u)} is neither an infantry-type nor an armor-type unit on the {ctx.map.upper()} map"
    if cls == "armor":
        bad = [p for p in _pools_of(ctx, opt) if p.kind == "infantry" and not p.pairs_to_armor]
        if bad:
            inf = ", ".join(INFANTRY_TYPES[ctx.map])
            return f"{ctx.describe(u)} is an armor-type unit, paid with {bad[0].key}: infantry steps take only infantry-type units ({inf})"
    return None


def check_colonial(ctx, u, opt) -> Optional[str]:
    """1.3.3.5: colonial steps take colonial units only (of the code given, if any)."""
    for p in _pools_of(ctx, opt):
        if p.colonial and not u.is_colonial:
            return f"{ctx.describe(u)} is not colonial, paid with {p.key}: colonial steps cannot be taken as non-colonial units"
        if isinstance(p.colonial, str) and u.colonial_code and norm_name(p.colonial) != norm_name(u.colonial_code):
            return f"{ctx.describe(u)} paid with {p.key}: the steps are {p.colonial} colonial steps"
    return None


def check_step_count(ctx, u, opt) -> Optional[tuple]:
    """1.3.3 / 1.3.3.2 / 1.3.2 pairs: how many steps a unit costs. Returns ``(rule, message)`` or None."""
    pools = _pools_of(ctx, opt)
    n = len(pools)
    if u.type in TWO_STEP_TYPES:
        if n != 2:
            return "1.3.3.2", f"{ctx.describe(u)} costs two infantry-type replacement steps, paid with {n}"
        armor = [p for p in pools if p.kind == "armor"]
        if armor and ctx.pos.interpretations_in_force.get("airborne-steps") == "infantry-only":
            return "1.3.3.2", (f"{ctx.describe(u)} costs two infantry replacement steps, paid with {armor[0].key} "
                               "(interpretation airborne-steps=infantry-only)")
        if len(u.nationality) > 1:
            a, b = pools
            if not ((u.has_nationality("Britain") and _nat_is(a, "Britain") and _nat_is(b, "US")) or
                    (_nat_is(a, "US") and _nat_is(b, "Britain"))):
                return "1.3.3.2", f"the multinational Western airborne unit {u.id} needs one British and one US infantry step, paid with {a.key} and {b.key}"
        elif any(p.special is None and not u.has_nationality(p.nationality) for p in pools):
            return "1.3.3.2", f"{ctx.describe(u)}: both steps must be of the same nationality, paid with {pools[0].key} and {pools[1].key}"
        return None
    cls = ctx.unit_class(u)
    if n == 2 and cls == "armor" and pools[0].key == pools[1].key and pools[0].pairs_to_armor:
        return None
    if n == 2 and cls == "armor" and any(p.pairs_to_armor for p in pools):
        return pools[0].rule if pools[0].pairs_to_armor else pools[1].rule, \
            f"{ctx.describe(u)}: only a pair of {next(p for p in pools if p.pairs_to_armor).key} steps may be exchanged for one armor step"
    if n == 1 and cls == "armor" and pools[0].pairs_to_armor and pools[0].kind == "infantry":
        return pools[0].rule, f"{ctx.describe(u)}: one {pools[0].key} step is an infantry step; a pair of them is exchanged for one armor step"
    if n != 1:
        return "1.3.3", f"{ctx.describe(u)} is a one-step unit and costs one replacement step, paid with {n}"
    return None


def _nat_is(p: Pool, nat: str) -> bool:
    return p.special is None and same_country(p.nationality, nat)


def payment_problems(ctx: ReplacementContext, u: Unit, opt: tuple) -> list:
    """Every rule a payment breaks for ``u``: ``[(rule number, message)]`` (empty: a valid payment)."""
    out = []
    for number, _, check in PAYMENT_CHECKS:
        msg = check(ctx, u, opt)
        if msg:
            out.append((number, msg) if isinstance(msg, str) else msg)
    return out


def takeable_problems(ctx: ReplacementContext, u: Unit) -> Optional[list]:
    """Why ``u`` cannot be taken at all (Force Pool, garrison, Quit India), or None."""
    out = []
    for number, title, check in TAKE_CHECKS:
        msg = check(ctx, u)
        if msg:
            out.append((number, title, msg))
    return out or None


def _force_pool(ctx, u) -> Optional[str]:
    if u.id not in ctx.force_pool:
        where = _where_on_map(ctx, u.id)
        return (f"{ctx.describe(u)} is {where}, not in the {FACTION_NAMES[ctx.faction]} Force Pool: "
                "replacements are taken from the Force Pool only")
    if u.steps != 1:
        return f"{ctx.describe(u)} has {u.steps} steps: a player cannot place multi-step units as replacements"
    return None


def _where_on_map(ctx, uid) -> str:
    for h in ctx.board.hexes.values():
        if any(x.id == uid for x in h.units):
            return f"on the map in {h.id}"
    for b, us in ctx.board.box_units.items():
        if any(x.id == uid for x in us):
            return f"in the {b} Box"
    for (m, f), fr in ctx.pos.replacements.items():
        if any(x.id == uid for x in fr.force_pool):
            return f"in the {FACTION_NAMES[f]} {m.upper()} Force Pool"
    return "not in any Force Pool"


def _garrison(ctx, u) -> Optional[str]:
    if u.type == "garrison":
        return f"{ctx.describe(u)} is a garrison unit: garrison units cannot be taken as replacements"
    return None


def _quit_india(ctx, u) -> Optional[str]:
    if (ctx.map == "ds" and ctx.faction == "western" and u.has_nationality("Britain") and u.is_colonial
            and norm_name(u.colonial_code or "") == "ind" and _swb(ctx.pos, "Quit India", ctx.map)):
        return f"{ctx.describe(u)}: the Axis Quit India marker is in the Strategic Warfare Box, so British Ind colonial steps cannot be taken"
    return None


PAYMENT_CHECKS = (
    ("1.3.3", "Taking Replacements", check_nationality),
    ("1.3.3.1", "Minor Country Replacements", check_minor),
    ("1.3.1", "Chinese Replacements", check_chinese),
    ("1.3.3", "Unit-Type Limitation", check_unit_type),
    ("1.3.3.5", "Colonial Units", check_colonial),
    ("1.3.3.2", "Airborne and Marine Units", check_step_count),
)
TAKE_CHECKS = (
    ("1.3.3", "Force Pool Limitation", _force_pool),
    ("1.3.3.3", "Garrison Units", _garrison),
    ("1.3.3", "Quit India Restriction", _quit_india),
)


# =============================================================================== the rules as constraints

def _units(ctx):
    return list(ctx.units.values())


def _place_lits(ctx, uid):
    return [(("place", uid), loc) for loc in ctx.place_values[uid]]


def _post_take(number, title, check):
    def post(ctx):
        for u in _units(ctx):
            msg = check(ctx, u)
            if msg:
                yield Nogood(((("place", u.id), ANY),), msg)
                yield Nogood(((("pay", u.id), ANY),), msg)
    return Rule(number, title, post)


def _post_payment(number, title, check):
    def post(ctx):
        for u in _units(ctx):
            for opt in ctx.pay_values[u.id]:
                msg = check(ctx, u, opt)
                if msg:
                    yield Nogood(((("pay", u.id), opt),), msg if isinstance(msg, str) else msg[1])
    return Rule(number, title, post)


def _post_count(ctx):
    """1.3.3.2 and the pair exchanges: the rule number comes with the message."""
    return ()


def _post_link(ctx):
    for u in _units(ctx):
        yield Nogood(((("place", u.id), None), (("pay", u.id), ANY)),
                     f"{ctx.describe(u)} is paid for but not placed: unplaced replacement steps are lost")
        yield Nogood(((("pay", u.id), None), (("place", u.id), ANY)),
                     f"{ctx.describe(u)} is placed but not paid with any replacement step")


def _post_capacity(ctx):
    for key, p in ctx.pools.items():
        terms = []
        for u in _units(ctx):
            for opt in ctx.pay_values[u.id]:
                k = opt.count(key)
                if k:
                    terms.append((k, (("pay", u.id), opt)))
        if not terms:
            continue

        def explain(held, p=p):
            ids = [lit[0][1] for lit in held]
            spent = sum(lit[1].count(p.key) for lit in held)
            got = f"{p.count} {'was' if p.count == 1 else 'were'} received" if p.count else "none was received"
            return f"{spent} {p.key} step{'' if spent == 1 else 's'} spent ({', '.join(ids)}) but {got}"
        yield AtMost(tuple(terms), p.count, explain)


def _post_locations(ctx):
    for u in _units(ctx):
        ok = ctx.eligible[u.id]
        for loc in ctx.place_values[u.id]:
            if loc in ok:
                continue
            why = ctx.near_miss[u.id].get(loc)
            where = sorted(ok)
            shown = ", ".join(where[:6]) + (f" and {len(where) - 6} more" if len(where) > 6 else "")
            msg = f"{loc} is not a Replacement Location for {ctx.describe(u)}"
            msg += f" ({why})" if why else ""
            msg += f"; it may be placed in {shown}" if where else "; it has no Replacement Location on this map"
            yield Nogood(((("place", u.id), loc),), msg)


def _post_enemy(ctx):
    for u in _units(ctx):
        for loc in ctx.place_values[u.id]:
            if loc in ctx.blocked:
                yield Nogood(((("place", u.id), loc),),
                             f"{loc} holds {', '.join(ctx.blocked[loc])}: no replacement can be placed in a hex with an enemy "
                             "ground unit, support unit, Detachment or Logistics marker")


def friendly_stack(ctx, loc) -> tuple:
    """The friendly ground units in ``loc`` before placement: ``(units, steps)``."""
    us = [u for u in ctx.board.units_at(loc) if u.ground and u.faction == ctx.faction]
    return len(us), sum(u.steps for u in us)


def stacking_limits(ctx, loc) -> tuple:
    """9.2: ``(units, steps)`` limits of hex ``loc`` (Limited Stacking: fewer steps)."""
    h = ctx.board.hexes[loc]
    st = ctx.board.stacking
    return st["units"], st["limited-steps"] if h.limited_stacking else st["steps"]


def _by_hex(ctx) -> dict:
    out: dict = {}
    for u in _units(ctx):
        for loc in ctx.place_values[u.id]:
            if loc in ctx.board.hexes:
                out.setdefault(loc, []).append(u)
    return out


def _post_stacking(ctx):
    for loc, us in _by_hex(ctx).items():
        n0, s0 = friendly_stack(ctx, loc)
        max_u, max_s = stacking_limits(ctx, loc)
        lim = " (Limited Stacking)" if ctx.board.hexes[loc].limited_stacking else ""
        for what, have, bound in (("ground units", n0, max_u), ("steps", s0, max_s)):
            terms = tuple((1, (("place", u.id), loc)) for u in us)
            if have >= bound:
                for u in us:
                    yield Nogood(((("place", u.id), loc),),
                                 f"{loc} already holds {have} friendly {what}, the limit{lim} is {bound}: placing {u.id} there exceeds it")
                continue
            if have + len(terms) <= bound:
                continue

            def explain(held, loc=loc, have=have, bound=bound, what=what, lim=lim):
                ids = [lit[0][1] for lit in held]
                return (f"{loc} would hold {have + len(held)} friendly {what} ({have} there + {', '.join(ids)}), "
                        f"the limit{lim} is {bound}")
            yield AtMost(terms, bound, explain, const=have)


def _minor_nat(ctx, u) -> Optional[str]:
    if u.type == "exp":
        return None
    for n in u.nationality:
        if ctx.is_minor(n):
            return norm_name(n)
    return None


def _post_minor_stacking(ctx):
    for loc, us in _by_hex(ctx).items():
        present = {}
        for x in ctx.board.units_at(loc):
            if x.ground and x.faction == ctx.faction and _minor_nat(ctx, x):
                present.setdefault(_minor_nat(ctx, x), x.id)
        if len(present) > 1:          # already mixed before placement: no replacement may join the stack
            for u in us:
                yield Nogood(((("place", u.id), loc),),
                             f"{loc} already holds ground units of different Minor Countries ({', '.join(f'{i} ({m})' for m, i in present.items())}): "
                             f"placing {u.id} there leaves an illegal stack")
            continue
        minors = [(u, _minor_nat(ctx, u)) for u in us if _minor_nat(ctx, u)]
        for u, n in minors:
            others = [f"{i} ({m})" for m, i in present.items() if m != n]
            if others:
                yield Nogood(((("place", u.id), loc),),
                             f"{loc} holds {', '.join(others)}: ground units of different Minor Countries cannot stack with {ctx.describe(u)}")
        for i in range(len(minors)):
            for j in range(i + 1, len(minors)):
                (a, na), (b, nb) = minors[i], minors[j]
                if na != nb:
                    yield Nogood(((("place", a.id), loc), (("place", b.id), loc)),
                                 f"{ctx.describe(a)} and {ctx.describe(b)} in {loc}: ground units of different Minor Countries cannot stack together")


FORCE_POOL = _post_take(*TAKE_CHECKS[0])
GARRISON = _post_take(*TAKE_CHECKS[1])
QUIT_INDIA = _post_take(*TAKE_CHECKS[2])
PAYMENT_RULES = tuple(_post_payment(n, t, c) for n, t, c in PAYMENT_CHECKS[:-1])


def _post_step_count(ctx):
    for u in _units(ctx):
        for opt in ctx.pay_values[u.id]:
            res = check_step_count(ctx, u, opt)
            if res:
                title = next((r.title for r in MARKER_RULES if r.number == res[0] and ctx.map in r.maps), "")
                yield Nogood(((("pay", u.id), opt),), f"[{res[0]}{'|' + title if title else ''}] {res[1]}")


STEP_COUNT = Rule("1.3.3.2", "Airborne and Marine Units", _post_step_count)
LINK = Rule("1.3.3", "Taking Replacements", _post_link)
CAPACITY = Rule("1.3.3", "Steps Received", _post_capacity)
LOCATIONS = Rule("1.3.4", "Replacement Locations", _post_locations)
ENEMY = Rule("1.3.4", "Enemy Units and Markers", _post_enemy)
STACKING = Rule("9.2", "Stacking", _post_stacking)
MINOR_STACKING = Rule("9.1", "Minor Country Stacking", _post_minor_stacking)

#: Every rule of 1.3.3 / 1.3.4 (and the stacking rules 1.3.4 refers to), in the order rulings list them.
RULES: tuple = (FORCE_POOL, GARRISON, QUIT_INDIA) + PAYMENT_RULES + (STEP_COUNT, LINK, CAPACITY, LOCATIONS, ENEMY, STACKING, MINOR_STACKING)


def post(ctx: ReplacementContext, rules=RULES) -> list:
    """Post every rule for ``ctx``: ``[(Rule, Nogood | AtMost)]``."""
    out = []
    for r in rules:
        out.extend((r, c) for c in r.post(ctx))
    return out


def lit_holds(choice: dict, lit: tuple) -> bool:
    slot, value = lit
    v = choice.get(slot)
    return v is not None if value == ANY else v == value


def evaluate(constraints: list, choice: dict) -> list:
    """Every :class:`Violation` of ``choice`` (slot -> value) under ``constraints``, in rule order, each once."""
    out, seen = [], set()
    for rule, c in constraints:
        if isinstance(c, Nogood):
            if all(lit_holds(choice, l) for l in c.lits):
                msg = c.message
            else:
                continue
        else:
            held = [l for _, l in c.terms if lit_holds(choice, l)]
            total = c.const + sum(coef for coef, l in c.terms if lit_holds(choice, l))
            if total <= c.bound:
                continue
            msg = c.explain(held)
        number, title = rule.number, rule.title
        if msg.startswith("[") and "] " in msg:
            number, msg = msg[1:].split("] ", 1)
            number, _, title = number.partition("|")
            title = title or (rule.title if number == rule.number else _title(number))
        v = Violation(number, title, msg)
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out


def _title(number: str) -> str:
    return {"1.3.3": "Taking Replacements", "1.3.3.2": "Airborne and Marine Units", "1.3.2.1": "Additional Seasonal Replacements",
            }.get(number, "Additional Seasonal Replacements" if number.startswith("1.3.2") else "Replacements")


# =============================================================================== allocations, rulings, lost steps

@dataclass
class Allocation:
    """One way of taking and placing: ``placements`` ``[(unit id, location, payment)]`` (payment: tuple of pool keys)."""
    placements: list

    def choice(self, ctx: ReplacementContext) -> dict:
        out = {}
        for uid in ctx.units:
            out[("place", uid)] = None
            out[("pay", uid)] = None
        for uid, loc, pay in self.placements:
            out[("place", uid)] = loc
            out[("pay", uid)] = tuple(sorted(pay)) if pay else None
        return out

    def steps_used(self) -> int:
        return sum(len(p or ()) for _, _, p in self.placements)


def paid_with_text(ctx: ReplacementContext, u: Unit, opt: tuple) -> list:
    """The ``paid-with`` strings of a payment (``any`` steps shown as the kind the unit uses)."""
    out = []
    cls = ctx.unit_class(u) or "infantry"
    for k in opt:
        p = ctx.pools.get(k)
        if p is not None and p.kind == "any":
            out.append(k[: -len("step")] + cls if k.endswith("step") else k)
        else:
            out.append(k)
    return out


#: The last word of a ``paid-with`` step: its kind.
STEP_WORDS = ("infantry", "armor", "armour", "panzer", "tank", "step", "steps", "any")


def resolve_step(ctx_pools: dict, text: str) -> Optional[str]:
    """The pool key a ``paid-with`` string names (FORMAT 5: ``"Japan armor"``, ``"minor infantry"``), or None."""
    t = " ".join(str(text).split())
    for k in ctx_pools:
        if norm_name(k) == norm_name(t):
            return k
    suffix = None
    if "(" in t and t.endswith(")"):
        t, suffix = t[: t.index("(")].strip(), t[t.index("(") + 1: -1]
    words = t.split()
    kind = None
    if words and words[-1].lower() in STEP_WORDS:
        kind = {"armour": "armor", "panzer": "armor", "tank": "armor", "steps": "step"}.get(words[-1].lower(), words[-1].lower())
        words = words[:-1]
    colonial = False
    if "colonial" in [w.lower() for w in words]:
        i = [w.lower() for w in words].index("colonial")
        colonial = True
        words = words[:i] + words[i + 1:]
    nat = " ".join(words)
    cands = []
    for k, p in ctx_pools.items():
        if not same_country(p.nationality, nat) and norm_name(p.nationality) != norm_name(nat):
            continue
        if bool(p.colonial) != colonial:
            continue
        if kind in ("infantry", "armor") and p.kind not in (kind, "any"):
            continue
        if suffix and norm_name(suffix) not in norm_name(k):
            continue
        cands.append(p)
    if not cands:
        return None
    cands.sort(key=lambda p: (p.pairs_to_armor, list(ctx_pools).index(p.key)))
    return cands[0].key


@dataclass
class ReplacementRuling:
    """``check-replacements``: ``legal``, every :class:`Violation`, and the steps the allocation leaves unused."""
    legal: bool
    violations: list
    steps_received: int
    steps_used: int
    lost: list
    interpretations: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        return {"legal": self.legal, "violations": [v.as_json() for v in self.violations],
                "steps-received": self.steps_received, "steps-used": self.steps_used,
                "steps-lost": self.steps_received - self.steps_used, "lost": self.lost,
                "interpretations": self.interpretations}


def interpretations_used(pos: Position) -> dict:
    """The interpretations the replacement rules read, with their values in force."""
    return {k: v for k, v in pos.interpretations_in_force.items() if k in ("airborne-steps",)}


def parse_allocation(pos: Position, faction: str, map_: str, data: Any, file: str) -> tuple:
    """Read a proposed allocation (FORMAT 5 ``check-replacements``).

    ``data`` is the loaded YAML (a list of ``{unit, location, paid-with}``
    or ``{placements: [...]}``). Returns ``(context, Allocation, problems)``
    where problems are :class:`~model.errors.Problem` s with ``file`` and
    place (unknown unit, location not on the map, malformed entries).
    Units the allocation names outside the Force Pool are added to the
    context so that the ruling can say why they cannot be taken.
    """
    problems = []
    if isinstance(data, dict) and len(data) == 1 and str(next(iter(data))).lower() == "placements":
        data = next(iter(data.values()))
    if data is None:
        data = []
    if not isinstance(data, list):
        return None, None, [Problem(file, "", "an allocation is a list of {unit, location, paid-with}")]
    base = make_pools(steps_received(pos, faction, map_))
    fr = pos.replacements.get((map_, faction))
    pool_units = {u.id: u for u in (fr.force_pool if fr else [])}
    all_units = dict(pool_units)
    board = pos.board or Board()
    for h in board.hexes.values():
        for u in h.units:
            all_units.setdefault(u.id, u)
    for us in board.box_units.values():
        for u in us:
            all_units.setdefault(u.id, u)
    for (m, f), other in pos.replacements.items():
        for u in other.force_pool:
            all_units.setdefault(u.id, u)
    extra_units, extra_pools, rows = [], {}, []
    for i, item in enumerate(data):
        w = f"[{i}]"
        if not isinstance(item, dict):
            problems.append(Problem(file, w, f"a placement is a mapping {{unit, location, paid-with}}, not {item!r}"))
            continue
        it = {str(k).strip().lower().replace("_", "-"): v for k, v in item.items()}
        for k in it:
            if k not in ("unit", "location", "paid-with"):
                problems.append(Problem(file, join_path(w, k), "unknown key (unit, location, paid-with)"))
        uid = it.get("unit")
        if uid is None:
            problems.append(Problem(file, join_path(w, "unit"), "required key missing"))
            continue
        uid = str(uid)
        if uid not in all_units:
            problems.append(Problem(file, join_path(w, "unit"), f"no unit {uid} in the {FACTION_NAMES[faction]} {map_.upper()} Force Pool or on the map"))
            continue
        if uid not in pool_units:
            extra_units.append(all_units[uid])
        loc_raw = it.get("location")
        if loc_raw is None:
            problems.append(Problem(file, join_path(w, "location"), "required key missing"))
            continue
        loc = board.location(loc_raw)
        if loc is None:
            problems.append(Problem(file, join_path(w, "location"), f"location {loc_raw} is not on the map (no such hex or Off-Map Box in {pos.file})"))
            continue
        paid = it.get("paid-with", [])
        if isinstance(paid, str):
            paid = [paid]
        if not isinstance(paid, list):
            problems.append(Problem(file, join_path(w, "paid-with"), "paid-with is a list of steps such as \"Japan armor\""))
            continue
        keys = []
        for j, s in enumerate(paid):
            k = resolve_step(base, str(s))
            if k is None:
                k = " ".join(str(s).split())
                words = k.split("(")[0].split()
                if len(words) < 2 or words[-1].lower() not in STEP_WORDS:
                    # not a step at all (a typo): bad input, not a ruling
                    received = ", ".join(base) or "none"
                    problems.append(Problem(file, join_path(w, "paid-with", j),
                                            f"unknown step {s!r}: write NATIONALITY [colonial] infantry|armor, "
                                            f"as received ({received})"))
                    continue
                if k not in extra_pools:
                    extra_pools[k] = _phantom_pool(k)
            keys.append(k)
        rows.append((uid, loc, tuple(sorted(keys)) if keys else None, w))
    ctx = make_context(pos, faction, map_, extra_units, extra_pools.values())
    # the values a proposal uses become candidates, so that the rules can judge them
    for uid, loc, pay, _ in rows:
        if loc not in ctx.place_values[uid]:
            ctx.place_values[uid].append(loc)
        if pay is not None and pay not in ctx.pay_values[uid]:
            ctx.pay_values[uid].append(pay)
    return ctx, rows, problems


def _phantom_pool(text: str) -> Pool:
    words = text.split()
    kind = words[-1].lower() if words and words[-1].lower() in ("infantry", "armor") else "any"
    colonial = "colonial" in [w.lower() for w in words]
    nat = " ".join(w for w in words[:-1] if w.lower() != "colonial") if kind != "any" else text
    return Pool(text, nat or text, kind, colonial, False, 0, ("not received",))


def check_allocation(ctx: ReplacementContext, rows: list) -> ReplacementRuling:
    """Rule on a proposed allocation (rows from :func:`parse_allocation`).

    Returns a :class:`ReplacementRuling`: every violated rule with its
    number and values, and the steps left unused (``lost``, each with rule
    and reason). A unit named twice is a 1.3.3 violation. Does not import
    ortools.
    """
    violations = []
    seen: dict = {}
    placements = []
    for uid, loc, pay, w in rows:
        if uid in seen:
            violations.append(Violation("1.3.3", "Force Pool Limitation",
                                        f"{ctx.describe(ctx.units[uid])} is taken twice ({seen[uid]} and {w}); the Force Pool holds it once"))
            continue
        seen[uid] = w
        placements.append((uid, loc, pay))
    alloc = Allocation(placements)
    constraints = post(ctx)
    violations += evaluate(constraints, alloc.choice(ctx))
    received = sum(p.count for p in ctx.pools.values())
    spent = pool_use(ctx, alloc)
    used = sum(min(p.count, spent.get(k, 0)) for k, p in ctx.pools.items())
    lost = explain_lost(ctx, alloc, proposed=True)
    return ReplacementRuling(not violations, violations, received, used, lost, interpretations_used(ctx.pos))


def pool_use(ctx: ReplacementContext, alloc: Allocation) -> dict:
    """Steps spent from each pool by ``alloc``: ``{pool key: steps}``."""
    used = {k: 0 for k in ctx.pools}
    for _, _, pay in alloc.placements:
        for k in pay or ():
            used[k] = used.get(k, 0) + 1
    return used


def _one_more(ctx: ReplacementContext, alloc: Allocation, key: str, placeable: list) -> Optional[tuple]:
    """One more placement ``(unit, location, payment)`` that pays with a ``key`` step left over and
    breaks no rule the allocation does not already break, or None (a few units and locations are tried)."""
    constraints = post(ctx)
    before = set(evaluate(constraints, alloc.choice(ctx)))
    left = {k: p.count - n for k, p in ctx.pools.items() for n in [pool_use(ctx, alloc).get(k, 0)]}
    for u in placeable[:5]:
        for opt in ctx.pay_values[u.id]:
            if key not in opt or any(opt.count(k) > left.get(k, 0) for k in opt):
                continue
            for loc in ctx.place_values[u.id][:12]:
                trial = Allocation(list(alloc.placements) + [(u.id, loc, opt)])
                if set(evaluate(constraints, trial.choice(ctx))) <= before:
                    return u.id, loc, opt
    return None


def explain_lost(ctx: ReplacementContext, alloc: Allocation, proved: bool = True, proposed: bool = False) -> list:
    """The steps ``alloc`` leaves unused, per pool, each with the rule and the reason.

    Returns ``[{"step", "count", "rule", "reason"}]`` (FORMAT 5 ``lost``).
    The reason looks at the Force Pool units those steps could pay for:
    none or too few (1.3.3), all taken already (1.3.3), no Replacement
    Location (1.3.4), or no room under the stacking limits (9.2 / 9.1).
    """
    used = pool_use(ctx, alloc)
    taken = {uid for uid, _, _ in alloc.placements}
    out = []
    fac = FACTION_NAMES[ctx.faction]
    for key, p in ctx.pools.items():
        left = p.count - used.get(key, 0)
        if left <= 0:
            continue
        fits = [u for u in _units(ctx) if u.id in ctx.force_pool and any(key in opt for opt in ctx.pay_values[u.id])]
        kind = {"infantry": "infantry-type", "armor": "armor- or infantry-type", "any": "infantry- or armor-type"}[p.kind]
        nat = (p.nationality if p.special is None else
               f"{fac} Minor Country" if p.special == "minor" else p.nationality + " Country")
        what = f"one-step {nat} {'colonial ' if p.colonial else ''}{kind}"
        barred = _barred(ctx, p)
        barred_text = "; ".join(f"{msg} [{rule}]" for _, rule, msg in barred)
        free = [u for u in fits if u.id not in taken]
        placeable = [u for u in free if ctx.place_values[u.id]]
        if not fits:
            garrison = [u.id for u in ctx.units.values() if u.type == "garrison" and u.id in ctx.force_pool and any(
                not payment_problems(ctx, u, (key,)) or True for _ in [0]) and _pool_fits_nationality(ctx, p, u)]
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
        more = _one_more(ctx, alloc, key, placeable) if proposed and placeable else None
        if more is not None:
            uid, loc, opt = more
            rule = "1.3.3"
            reason = (f"this allocation leaves {'them' if left > 1 else 'it'} unused, although {ctx.describe(ctx.units[uid])} could still be "
                      f"taken with {', '.join(paid_with_text(ctx, ctx.units[uid], opt))} and placed in {loc}; "
                      "unplaced replacement steps are lost")
        if not proved:
            rule = "1.3.3"
            reason = ("not used by the best allocation found before the solver's time limit ran out; "
                      "the allocation is NOT proved optimal, more steps may be placeable")
        out.append({"step": key, "count": left, "rule": rule, "reason": reason})
    return out


def _barred(ctx: ReplacementContext, p: Pool) -> list:
    """Force Pool units the steps of pool ``p`` would otherwise buy but that cannot be taken:
    ``[(unit id, rule, message)]`` (1.3.3 Quit India Restriction and Force Pool Limitation,
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
            if not (c is not None and c.minor and c.alignment == ctx.faction):
                continue
        elif p.special is not None or not u.has_nationality(p.nationality):
            continue
        tp = takeable_problems(ctx, u)
        if tp:
            out.append((uid, tp[0][0], tp[0][2]))
            continue
        if p.special == "minor":
            msg = check_minor(ctx, u, (p.key,))
            if msg:
                out.append((uid, "1.3.3.1", msg))
    return out


def solution_json(ctx: ReplacementContext, alloc: Allocation, optimal: bool, extra: Optional[dict] = None) -> dict:
    """The JSON of ``aeref replacements`` (FORMAT 5) for an allocation."""
    received = sum(p.count for p in ctx.pools.values())
    placements = []
    locs = {loc: i for i, loc in enumerate(_locations(ctx))}
    units = {uid: i for i, uid in enumerate(ctx.units)}
    for uid, loc, pay in sorted(alloc.placements, key=lambda r: (locs.get(r[1], len(locs)), units[r[0]])):
        u = ctx.units[uid]
        placements.append({"unit": uid, "location": loc, "paid-with": paid_with_text(ctx, u, pay),
                           "basis": ctx.eligible[uid].get(loc, "")})
    out = {"faction": ctx.faction, "map": ctx.map, "optimal": optimal, "steps-received": received,
           "steps-used": alloc.steps_used(), "placements": placements, "lost": explain_lost(ctx, alloc, optimal),
           "received": [{"step": p.key, "count": p.count, "sources": list(p.sources)} for p in ctx.pools.values()],
           "interpretations": interpretations_used(ctx.pos)}
    if extra:
        out.update(extra)
    return out
