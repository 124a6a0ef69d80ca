"""The facts of one Replacements Segment, before any choice (1.3): the data type.

:func:`.segment.make_context` gathers what the rules of 1.3.3 and 1.3.4 read for one
faction on one map: the steps received as pools (:mod:`.received`), the
Force Pool, which locations are Replacement Locations for each unit and why
(:mod:`.locations`), which payments each unit may take (:mod:`.taking`),
the enemy presence that forbids a location, and every supply trace made.

The choices are two *slots* per Force Pool unit: ``("place", unit)`` holds a
location or None, ``("pay", unit)`` a payment (a sorted tuple of pool keys,
one per step spent) or None.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ...model.game.board import ARMOR_TYPES, INFANTRY_TYPES, Board, SupplyTrace, Unit
from ...model.files.load import Position


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
    ``valid_place`` / ``valid_pay`` the candidates the rules allow, before a
    proposed allocation adds its own values to ``place_values`` / ``pay_values``;
    ``supply`` every supply trace made, ``(what, SupplyTrace)``; ``notes`` what
    the file leaves unsaid for this map (a marker written without a map in AE).
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
    valid_place: dict = field(default_factory=dict)
    valid_pay: dict = field(default_factory=dict)
    supply: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    _trace_cache: dict = field(default_factory=dict)
    _posted: dict = field(default_factory=dict, repr=False)   # rules -> (what was read, the constraints posted): rules.post

    # ------------------------------------------------------------------ unit facts
    def unit_class(self, u: Unit) -> Optional[str]:
        """``infantry`` / ``armor`` / None: the unit-type class of 1.3.3 on this map (△)."""
        if u.type in INFANTRY_TYPES[self.map]:
            return "infantry"
        if u.type in ARMOR_TYPES[self.map]:
            return "armor"
        return None

    def describe(self, u: Unit) -> str:
        """``R-1 (Russia infantry)``, ``B-3 (Britain colonial Ind infantry)``: a unit in a ruling."""
        col = ""
        if u.colonial:
            col = f"colonial {u.colonial_code + ' ' if u.colonial_code else ''}"
        kw = "Kwantung " if u.kwantung else ""
        return f"{u.id} ({u.nationality_text} {kw}{col}{u.type})"

    def country(self, name: Optional[str]):
        """Country ``name`` on the Posture Display of this Segment's map (None: not there)."""
        return self.pos.country(name, self.map) if name else None

    def is_minor(self, nat: str) -> bool:
        c = self.country(nat)
        return bool(c and c.minor)

    def locations(self) -> list:
        """Every location of this map: its hexes, then the Off-Map Boxes."""
        return [h.id for h in self.board.hexes.values() if h.map in (None, self.map)] + list(self.board.boxes)

    def trace(self, what: str, start: str, targets: list, stated: Optional[bool], overland: bool) -> SupplyTrace:
        """Supply for ``what`` in ``start`` (:meth:`Board.supplied`), recorded in ``supply`` and cached."""
        key = (start, tuple(targets), stated, overland)
        if key not in self._trace_cache:
            res = self.board.supplied(start, self.faction, targets, stated, overland=overland)
            self._trace_cache[key] = res
            self.supply.append((what, res))
        return self._trace_cache[key]
