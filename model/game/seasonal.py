"""State-file sections read by the Option Card Procedure (1.1.1, 1.1.2, 1.1.4),
the war state (12) and the Political DRMs (1.1.2.1). aeref additions to FORMAT
section 4, documented in ``docs/state-files.md``.

```yaml
previous: 1941-aug.yaml        # the state of the Seasonal Turn the Pending Cards were selected in
boxes:                         # counters in boxes, per map (in TK or DS alone the map key may be left out)
  ds:
    force-pool: {western: [US 1 Mar]}
    delay-box: [Kiangsu 1 Inf]
    strategic-warfare-box: [US Victory Program]
    outbreak-of-war: {axis: [J 5 Inf]}     # Outbreak of War units in each faction's Conditional Event Box
counters: {in-play: [Szechwan 1 Inf], removed: []}
esv: 5                         # * DS alone: the European Strength Value
esv-table:                     # * 1.1.4 the Soviet Current Card ESV Adjustment Table
  - {war-state: limited, production: 1, no-war: 1, war: 0}
uscl-drm: 0                    # 1.1.2.1 the Political DRM of the European USCL marker (0 or less)
turn-track:                    # markers on the Turn Track, per map in AE
  tk: {US Entry: Mar-Apr 1942}
```

Nothing here decides a rule: the rules are in :mod:`solver.option_cards.procedure`,
:mod:`solver.war_state` and :mod:`solver.option_cards.drm`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import Field, ValidationError, field_validator

from ..files.base import FileModel, empty_dict, empty_list, problems_from_validation
from ..files.errors import Problem, join_path
from ..files.wording import map_not_in_play, suggest, unknown
from ..files.names import norm_key, norm_word
from .vocabulary import WarState

#: The Policy markers of the Posture Display (12.3 Steps 2-4).
POLICIES = ("disputes", "peace", "quarantine", "resistance", "treaty", "acceptance", "neutrality", "surrender")


def _word(v: Any) -> Any:
    return norm_word(v) if isinstance(v, str) else v


class ReinforcementFile(FileModel):
    """One counter a card enters (1.1.2.2): ``{counter: Kiangsu 1 Inf, country: Kiangsu, to: delay-box}``.

    ``minor`` marks a Minor Country counter when the country is not listed in
    the state's ``countries`` (there ``minor: true`` on the country decides).
    """
    counter: str = Field(min_length=1)
    country: str = Field(min_length=1)
    to: Literal["force-pool", "delay-box", "strategic-warfare-box"]
    minor: Optional[bool] = None

    @field_validator("to", mode="before")
    @classmethod
    def _to(cls, v: Any) -> Any:
        v = _word(v)
        if not isinstance(v, str):
            return v          # pydantic reports the wrong type (a list is unhashable: no lookup)
        return {"pool": "force-pool", "delay": "delay-box", "swb": "strategic-warfare-box"}.get(v, v)


class MapBoxesFile(FileModel):
    force_pool: dict[str, list[str]] = Field(default_factory=empty_dict)
    delay_box: list[str] = Field(default_factory=empty_list)
    strategic_warfare_box: list[str] = Field(default_factory=empty_list)
    outbreak_of_war: dict[str, list[str]] = Field(default_factory=empty_dict)


class CountersFile(FileModel):
    in_play: list[str] = Field(default_factory=empty_list)
    removed: list[str] = Field(default_factory=empty_list)


class EsvRowFile(FileModel):
    """One line of the * Current Card ESV Adjustment Table (1.1.4)."""
    war_state: str
    production: int = Field(ge=0)
    no_war: int = 0
    war: int = 0

    @field_validator("war_state", mode="before")
    @classmethod
    def _ws(cls, v: Any) -> Any:
        return WarState.of(v).value


@dataclass
class MapBoxes:
    """The boxes of one map: ``force_pool`` per faction, ``delay_box``,
    ``strategic_warfare_box`` and the ``outbreak_of_war`` units in each
    faction's Conditional Event Box."""
    force_pool: dict = field(default_factory=dict)
    delay_box: list = field(default_factory=list)
    strategic_warfare_box: list = field(default_factory=list)
    outbreak_of_war: dict = field(default_factory=dict)

    def counters(self) -> list[str]:
        out = list(self.delay_box) + list(self.strategic_warfare_box)
        for v in list(self.force_pool.values()) + list(self.outbreak_of_war.values()):
            out.extend(v)
        return out


class PoolMarkersFile(FileModel):
    """1.2: a faction's Logistics markers (by name) and Partisan Bases (a number) in its Force Pool."""
    logistics: list[str] = Field(default_factory=empty_list)
    partisan_bases: int = Field(default=0, ge=0)


@dataclass
class PoolMarkers:
    logistics: list = field(default_factory=list)
    partisan_bases: int = 0


@dataclass
class Seasonal:
    """The sections above, resolved. ``turn_track[map][marker]`` is a
    :class:`~model.game.calendar.Turn`; ``previous_path`` is resolved against the
    state file's folder."""
    previous: Optional[str] = None
    previous_path: Optional[Path] = None
    boxes: dict = field(default_factory=dict)
    in_play: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    esv: Optional[int] = None
    esv_table: list = field(default_factory=list)
    uscl_drm: Optional[int] = None      # None: not given
    turn_track: dict = field(default_factory=dict)
    marker_pool: dict = field(default_factory=dict)   # map -> faction -> PoolMarkers

    def pool(self, map_: str, faction: str) -> "PoolMarkers":
        return self.marker_pool.get(map_, {}).get(faction, PoolMarkers())

    def map_boxes(self, map_: str) -> MapBoxes:
        return self.boxes.setdefault(map_, MapBoxes())


def _per_map(raw: Any, maps: tuple, file: str, where: str, problems: list[Problem]) -> dict:
    """``{tk: X, ds: Y}``, or a single X in TK or DS alone."""
    if not isinstance(raw, dict):
        problems.append(Problem(file, where, "write a mapping" + (" keyed by map (tk:, ds:)" if len(maps) > 1 else "")))
        return {}
    keys = {norm_key(k) for k in raw}
    if raw and keys <= {"tk", "ds"}:
        out = {}
        for k, v in raw.items():
            m = norm_key(k)
            if m not in maps:
                problems.append(Problem(file, join_path(where, str(k)), map_not_in_play(repr(k), maps, hint=suggest(k, maps))))
                continue
            out[m] = v
        return out
    if len(maps) > 1:
        problems.append(Problem(file, where, "in AE write it per map: {tk: ..., ds: ...}"))
        return {}
    return {maps[0]: raw}


def parse_seasonal(state: Any, file: str, base: Path, maps: tuple, turn_of, problems: list[Problem]) -> Seasonal:
    """Resolve the sections of this module from a validated ``StateFile``;
    ``turn_of(text, where)`` parses a turn (reporting a problem, returning
    None on failure). Appends every problem to ``problems``."""
    s = Seasonal()
    if state.previous:
        s.previous = state.previous
        s.previous_path = base / state.previous
    if state.boxes:
        s.boxes = _boxes(state.boxes, maps, file, problems)
    if state.counters is not None:
        s.in_play, s.removed = list(state.counters.in_play), list(state.counters.removed)
    s.esv = state.esv
    s.esv_table = list(state.esv_table)
    if state.esv_table and "ds" not in maps or state.esv_table and len(maps) > 1:
        problems.append(Problem(file, "esv-table", "the ESV (1.1.4) is used only in DS played alone (*)"))
    s.uscl_drm = state.uscl_drm
    if state.turn_track:
        s.turn_track = _turn_track(state.turn_track, maps, file, turn_of, problems)
    if state.marker_pool:
        s.marker_pool = _marker_pool(state.marker_pool, maps, file, problems)
    return s


def _boxes(raw: Any, maps: tuple, file: str, problems: list[Problem]) -> dict[str, MapBoxes]:
    """``boxes:``: the counters in each map's boxes."""
    out: dict[str, MapBoxes] = {}
    for m, mraw in _per_map(raw, maps, file, "boxes", problems).items():
        where = join_path("boxes", m)
        try:
            mb = MapBoxesFile.model_validate(mraw if isinstance(mraw, dict) else {"_": mraw})
        except ValidationError as exc:
            problems.extend(problems_from_validation(exc, file, where))
            continue
        for f in list(mb.force_pool) + list(mb.outbreak_of_war):
            if norm_key(f) not in ("axis", "western", "soviet"):
                problems.append(Problem(file, join_path(where, str(f)), unknown("faction", f, ("axis", "western", "soviet"))))
        out[m] = MapBoxes(
            {norm_key(k): list(v) for k, v in mb.force_pool.items()}, list(mb.delay_box),
            list(mb.strategic_warfare_box), {norm_key(k): list(v) for k, v in mb.outbreak_of_war.items()},
        )
    return out


def _turn_track(raw: Any, maps: tuple, file: str, turn_of, problems: list[Problem]) -> dict[str, dict]:
    """``turn-track:``: each map's markers on the Turn Track and their turns."""
    out: dict[str, dict] = {}
    for m, mraw in _per_map(raw, maps, file, "turn-track", problems).items():
        if not isinstance(mraw, dict):
            problems.append(Problem(file, join_path("turn-track", m), "write {MARKER: TURN}"))
            continue
        track = {}
        for name, t in mraw.items():
            where = join_path("turn-track", m, str(name)) if len(maps) > 1 else join_path("turn-track", str(name))
            turn = turn_of(t, where)
            if turn is not None:
                track[str(name)] = turn
        out[m] = track
    return out


def _marker_pool(raw: Any, maps: tuple, file: str, problems: list[Problem]) -> dict[str, dict]:
    """``marker-pool:``: each map's Logistics markers and Partisan Bases in the Force Pools (1.2), by faction."""
    out: dict[str, dict] = {}
    for m, mraw in _per_map(raw, maps, file, "marker-pool", problems).items():
        where = join_path("marker-pool", m) if len(maps) > 1 else "marker-pool"
        if not isinstance(mraw, dict):
            problems.append(Problem(file, where, "write {FACTION: {logistics: [NAME], partisan-bases: N}}"))
            continue
        for f, v in mraw.items():
            fw = join_path(where, str(f))
            if norm_key(f) not in ("axis", "western", "soviet"):
                problems.append(Problem(file, fw, unknown("faction", f, ("axis", "western", "soviet"))))
                continue
            try:
                pm = PoolMarkersFile.model_validate(v if v is not None else {})
            except ValidationError as exc:
                problems.extend(problems_from_validation(exc, file, fw))
                continue
            if pm.partisan_bases and norm_key(f) == "axis":
                problems.append(Problem(file, join_path(fw, "partisan-bases"), "only the Allied factions have Partisan Base markers (1.2.2)"))
            out.setdefault(m, {})[norm_key(f)] = PoolMarkers(list(pm.logistics), pm.partisan_bases)
    return out


def uscl_value(v: Any) -> Any:
    """Validate ``uscl-drm``: the USCL Political DRM is 0 or negative (1.1.2.1 "-?")."""
    if v is None:
        return v
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"the USCL DRM is a whole number, 0 or less, not {v!r}")
    if v > 0:
        raise ValueError(f"the USCL DRM is 0 or less (1.1.2.1: -? for the European USCL marker), not {v}")
    return v


def policy_value(v: Any) -> Any:
    """Validate a country's ``policy`` (the Policy marker in its Posture Box)."""
    if v is None:
        return v
    w = _word(v)
    if w not in POLICIES:
        raise ValueError(unknown("Policy marker", v, POLICIES))
    return w

