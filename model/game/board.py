"""The map (FORMAT section 6 ``map:``): hexes, Off-Map Boxes, units, markers, and supply tracing.

:func:`model.files.map_section.parse_map` turns the ``map:`` section of a state file
into a :class:`Board`. The :class:`Board` answers map questions that are facts, not
choices: which hexes lie in a country, which units and markers a location
holds, and whether a hex can trace supply (:meth:`Board.trace_supply`,
networkx, imported only when a trace is asked for).

Supply, as FORMAT section 6 states it: a unit or marker with ``supplied``
stated is supplied (or not) as stated; otherwise supply is traced over
``neighbours`` to a ``supply-source`` hex of the named country, through no
hex holding an enemy ground unit. Each faction is the enemy of both others.

Used by 1.2 (Logistics / Partisan Segment) and 1.3 (Replacements Segment).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Union

from ..files.names import norm_box, norm_name, norm_word
from .vocabulary import UNIT_TYPE_ALIASES, faction_name
from ..files.wording import shown, suggest

#: Infantry-type unit types (1.3.3 Unit-Type Limitation), per map (△).
INFANTRY_TYPES = {
    "tk": ("airborne", "cavalry", "infantry", "marine", "mountain", "ski"),
    "ds": ("airborne", "cavalry", "infantry", "marine"),
}
#: Armor-type unit types (1.3.3 Unit-Type Limitation), per map (△).
ARMOR_TYPES = {
    "tk": ("armor", "mechanized", "helicopter"),
    "ds": ("armor", "mechanized"),
}
#: Other ground unit types: garrison (never a replacement, 1.3.3.3), HQ, Fortress, Exp.
OTHER_GROUND_TYPES = ("garrison", "hq", "fortress", "exp")
#: Support units (not ground units): they block replacement placement (1.3.4) but do not stack (9.2).
SUPPORT_TYPES = ("air", "naval", "support")
GROUND_TYPES = tuple(sorted(set(INFANTRY_TYPES["tk"]) | set(ARMOR_TYPES["tk"]) | set(OTHER_GROUND_TYPES)))
UNIT_TYPES = GROUND_TYPES + SUPPORT_TYPES
MARKER_TYPES = ("logistics", "partisan-base", "detachment")

#: Country names written for a nationality (compared case-insensitively).
COUNTRY_ALIASES = {
    "britain": ("britain", "great britain", "united kingdom", "uk", "england"),
    "us": ("us", "usa", "united states", "united states of america"),
    "russia": ("russia", "ussr", "soviet union"),
}


def unit_type(v: Any) -> str:
    """Normalise a unit type (``Panzer`` -> ``armor``). Raises ``ValueError`` naming the known types."""
    key = norm_word(v)
    key = UNIT_TYPE_ALIASES.get(key, key)
    if key not in UNIT_TYPES:
        raise ValueError(f"unknown unit type {shown(v)}{suggest(key, list(UNIT_TYPES) + list(UNIT_TYPE_ALIASES))}: "
                         f"use one of {', '.join(UNIT_TYPES)}")
    return key


def same_country(a: Optional[str], b: Optional[str]) -> bool:
    """True when two country or nationality names mean the same country (``Britain`` = ``Great Britain``)."""
    if a is None or b is None:
        return False
    x, y = norm_name(a), norm_name(b)
    if x == y:
        return True
    for names in COUNTRY_ALIASES.values():
        if x in names and y in names:
            return True
    return False


@dataclass(frozen=True)
class Unit:
    """A unit: ``id``; ``faction``; ``nationality`` (a tuple: one name, or
    ``('Britain', 'US')`` for the multinational Western airborne unit);
    ``type`` normalised (:data:`UNIT_TYPES`); ``steps``; ``supplied`` as
    stated (None: trace it); ``colonial`` a code such as ``Ind`` or ``True``
    (colonial without a code) or None; ``kwantung``; ``elite``; ``where`` the
    place in the file it was read from."""
    id: str
    faction: Optional[str]
    nationality: tuple
    type: str
    steps: int = 1
    supplied: Optional[bool] = None
    colonial: Union[bool, str, None] = None
    kwantung: bool = False
    elite: bool = False
    where: str = ""

    @property
    def ground(self) -> bool:
        return self.type in GROUND_TYPES

    @property
    def is_colonial(self) -> bool:
        return bool(self.colonial)

    @property
    def colonial_code(self) -> Optional[str]:
        return self.colonial if isinstance(self.colonial, str) else None

    @property
    def nationality_text(self) -> str:
        return "/".join(self.nationality)

    def has_nationality(self, name: str) -> bool:
        return any(same_country(n, name) for n in self.nationality)


@dataclass(frozen=True)
class Marker:
    """A marker in a hex: ``type`` (logistics, partisan-base, detachment), ``faction``, ``name``, ``supplied``."""
    type: str
    faction: Optional[str] = None
    name: Optional[str] = None
    supplied: Optional[bool] = None

    @property
    def label(self) -> str:
        what = {"logistics": "Logistics marker", "partisan-base": "Partisan Base", "detachment": "Detachment"}.get(self.type, self.type)
        fac = f"{faction_name(self.faction)} " if self.faction else ""
        name = f" {self.name}" if self.name else ""
        return f"{fac}{what}{name}".strip()


@dataclass
class Hex:
    """One hex of the map (FORMAT section 6); ``id`` is the hex number as a string."""
    id: str
    country: Optional[str] = None
    region: Optional[str] = None
    city: bool = False
    terrain: Optional[str] = "clear"
    road: bool = False
    rail: bool = False
    limited_stacking: bool = False
    control: Optional[str] = None
    supply_source: Optional[str] = None
    strategic: bool = False
    map: Optional[str] = None
    neighbours: tuple = ()
    units: tuple = ()
    markers: tuple = ()
    at: Optional[tuple] = None            # (column, row) where a picture draws it (aeref report)
    name: Optional[str] = None            # the name the map prints (Kiev), shown by aeref report


@dataclass(frozen=True)
class SupplyTrace:
    """The answer of :meth:`Board.trace_supply`: ``ok``, and ``reason`` in
    words (when ok, the supply line from the start to the source)."""
    ok: bool
    reason: str


@dataclass
class Board:
    """The map of a position: ``hexes`` by id, ``boxes`` (Off-Map Box names
    as written), and a lazily built networkx graph over ``neighbours``
    (Off-Map Boxes named in ``neighbours`` are nodes too).

    ``stacking`` holds the 9.2 limits: ``units`` (3), ``steps`` (6) and
    ``limited-steps`` (3) for a hex with the Limited Stacking symbol.

    The graph, adjacency and supply traces are cached: treat a Board as immutable.
    """
    hexes: dict = field(default_factory=dict)
    boxes: list = field(default_factory=list)
    box_units: dict = field(default_factory=dict)
    stacking: dict = field(default_factory=lambda: {"units": 3, "steps": 6, "limited-steps": 3})
    _graph: Any = field(default=None, repr=False)
    # the caches (built on first use; see the methods that fill them)
    _hexes_in: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _by_country: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _sources: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _adjacent: Optional[dict] = field(default=None, init=False, repr=False, compare=False)
    _supply_cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _enemy_hexes: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    # ------------------------------------------------------------------ lookups
    def box(self, name: str) -> Optional[str]:
        """The Off-Map Box named ``name`` as written (case, ``-``/``_``, ``Box`` suffix ignored), or None."""
        key = _box_key(name)
        for b in self.boxes:
            if _box_key(b) == key:
                return b
        return None

    def location(self, name: Any) -> Optional[str]:
        """The id of a hex or the name of a box for ``name`` (a hex id or a box name), or None when it is not on the map."""
        text = str(name).strip()
        if text in self.hexes:
            return text
        return self.box(text)

    def is_box(self, loc: str) -> bool:
        return loc not in self.hexes and self.box(loc) is not None

    def units_at(self, loc: str) -> tuple:
        """The units in a hex or Off-Map Box."""
        if loc in self.hexes:
            return self.hexes[loc].units
        return tuple(self.box_units.get(self.box(loc) or loc, ()))

    def markers_at(self, loc: str) -> tuple:
        return self.hexes[loc].markers if loc in self.hexes else ()

    def hexes_in(self, country: str) -> list:
        """The hexes that lie in ``country`` (:func:`same_country`), in map order (cached per name)."""
        cache = self._hexes_in
        if country not in cache:
            by_name = self._by_country
            if not by_name:
                for h in self.hexes.values():
                    by_name.setdefault(h.country, []).append(h)
            names = [c for c in by_name if same_country(c, country)]
            cache[country] = [h for h in self.hexes.values() if h.country in names] if len(names) > 1 else \
                list(by_name[names[0]]) if names else []
        return cache[country]

    def supply_sources(self, country: str) -> list:
        """The ids of the hexes that are a supply source of ``country`` (cached per country)."""
        cache = self._sources
        if country not in cache:
            cache[country] = [h.id for h in self.hexes.values() if same_country(h.supply_source, country)]
        return list(cache[country])

    def enemy_ground_units(self, loc: str, faction: str) -> list:
        """The ground units in ``loc`` of a faction other than ``faction``."""
        return [u for u in self.units_at(loc) if u.ground and u.faction and u.faction != faction]

    def enemy_presence(self, loc: str, faction: str) -> list[str]:
        """What of the enemy is in ``loc`` for ``faction``, in words: ground and support units,
        Detachments and Logistics markers of the other factions (each the enemy of both others).
        1.2.1 / 1.2.2.1 and 1.3.4 forbid placing in such a hex."""
        out = [f"{faction_name(u.faction)} {'ground' if u.ground else 'support'} unit {u.id}"
               for u in self.units_at(loc) if u.faction and u.faction != faction]
        out += [m.label for m in self.markers_at(loc)
                if m.type in ("detachment", "logistics") and m.faction and m.faction != faction]
        return out

    def adjacent(self, loc: str) -> tuple:
        """The locations adjacent to ``loc``: those it lists in ``neighbours`` and those listing it
        (adjacency is symmetric, as in the supply graph, even when only one hex names the other)."""
        adj = self._adjacent
        if adj is None:
            adj = {}
            for h in self.hexes.values():
                for n in h.neighbours:
                    if n == h.id:
                        continue
                    adj.setdefault(h.id, []).append(n)
                    adj.setdefault(n, []).append(h.id)
            adj = {k: tuple(dict.fromkeys(v)) for k, v in adj.items()}
            self._adjacent = adj
        return adj.get(loc, ())

    # ------------------------------------------------------------------ graph
    @property
    def graph(self):
        """The undirected networkx graph of the map (hex ids and box names as nodes). Imports networkx."""
        if self._graph is None:
            import networkx as nx   # deliberately lazy: heavy, only when supply is traced
            g = nx.Graph()
            g.add_nodes_from(self.hexes)
            for h in self.hexes.values():
                for n in h.neighbours:
                    g.add_edge(h.id, n)
            self._graph = g
        return self._graph

    def trace_supply(self, start: str, faction: str, targets: Iterable[str], *, overland: bool = False) -> SupplyTrace:
        """Trace a supply line for ``faction`` from location ``start`` to any of ``targets``.

        ``targets`` are hex ids or box names; the line runs over ``neighbours``
        and through no hex holding a ground unit of another faction (the start
        and the target included). With ``overland`` the line passes through
        no Off-Map Box (a box may still be the target). Returns a
        :class:`SupplyTrace` (a shortest path when ok; among equally short ones,
        the one a breadth-first search from the targets in the order given finds
        first, so the same position always gives the same line). Imports networkx.
        """
        targets = tuple(dict.fromkeys(targets))
        if not targets:
            return SupplyTrace(False, "there is no supply source to trace to")
        if start not in self.graph:
            return SupplyTrace(False, f"{start} is not on the map")
        if start in self.hexes and self.enemy_ground_units(start, faction):
            return SupplyTrace(False, f"{start} holds an enemy ground unit")
        toward = self._supply_paths(faction, targets, overland)
        if start not in toward:
            return SupplyTrace(False, self._why_cut(start, faction, targets, overland))
        return SupplyTrace(True, f"supply line {' - '.join(self._line(toward, start))}")

    @staticmethod
    def _line(toward: dict, start: str) -> tuple:
        path = [start]
        while toward[path[-1]] is not None:
            path.append(toward[path[-1]])
        return tuple(path)

    def _why_cut(self, start: str, faction: str, targets: tuple, overland: bool) -> str:
        """Why no supply line runs from ``start`` to ``targets``, as it is: enemy ground units in the way,
        only lines through an Off-Map Box (overland), or no line of neighbours at all."""
        shown = ", ".join(sorted(str(t) for t in targets)[:5])
        through_enemy = self._supply_paths(faction, targets, overland, avoid_enemy=False)
        if start in through_enemy:
            blocking = [n for n in self._line(through_enemy, start) if n in self.hexes and self.enemy_ground_units(n, faction)]
            return (f"every line from {start} to {shown} passes a hex with an enemy ground unit "
                    f"(such as {', '.join(blocking[:3])})")
        if overland and start in self._supply_paths(faction, targets, False):
            return (f"the only lines from {start} to {shown} run through an Off-Map Box, and an overland supply line "
                    "cannot pass through one")
        return f"no line of neighbouring hexes runs from {start} to {shown}"

    def _supply_paths(self, faction: str, targets: tuple, overland: bool, avoid_enemy: bool = True) -> dict:
        """For every location that can trace to ``targets``: the next location on a shortest line
        toward them (None at a target). A breadth-first search from the targets in order over the
        graph's adjacency, as a unit-weight Dijkstra search finds them, cached per question.
        ``avoid_enemy`` False: hexes with enemy ground units are passable (to say why a line is cut)."""
        key = (faction, targets, overland, avoid_enemy)
        cache = self._supply_cache
        if key not in cache:
            g = self.graph
            enemy = self._enemy_hexes
            if faction not in enemy:
                enemy[faction] = {h.id for h in self.hexes.values() if self.enemy_ground_units(h.id, faction)}
            blocked = enemy[faction] if avoid_enemy else set()
            tset = set(targets)

            def open_(n):
                return n not in blocked and not (overland and n not in self.hexes and n not in tset)
            adj = g.adj
            toward: dict = {t: None for t in targets if t in g and open_(t)}
            queue = deque(toward)
            while queue:
                u = queue.popleft()
                for v in adj[u]:
                    if v not in toward and open_(v):
                        toward[v] = u
                        queue.append(v)
            cache[key] = toward
        return cache[key]

    def supplied(self, start: str, faction: str, targets: Iterable[str], stated: Optional[bool] = None, *,
                 overland: bool = False) -> SupplyTrace:
        """Is a unit or marker in ``start`` supplied from ``targets`` (hex ids or box names)?

        FORMAT 6: ``stated`` (its ``supplied`` key) overrides tracing; else
        :meth:`trace_supply`. The one place supply is decided for 1.2 and 1.3.
        """
        if stated is not None:
            return SupplyTrace(bool(stated), "supplied as stated" if stated else "unsupplied as stated")
        targets = list(targets)
        if not targets:
            return SupplyTrace(False, "no supply source of that country on the map")
        return self.trace_supply(start, faction, targets, overland=overland)


def _box_key(name: Any) -> str:
    k = norm_box(name).replace("/", " ").replace("off map", "").replace("  ", " ")
    k = " ".join(k.split())
    if k.endswith(" box"):
        k = k[:-4]
    return k
