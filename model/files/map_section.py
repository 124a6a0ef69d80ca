"""The ``map:`` section of a state file (FORMAT section 6) as written, and its parsing into a :class:`~model.game.board.Board`.

:func:`parse_map` reports every problem with its file and place (a
``neighbours`` entry naming no hex, an unknown unit type, a unit listed in two
places ...); :func:`parse_units` validates a list of units (the map, a box,
a Force Pool).
"""
from __future__ import annotations

from typing import Any, Optional, Union

from pydantic import Field, ValidationError, field_validator

from .base import FileModel, empty_list, problems_from_validation, validate_items
from ..game.board import MARKER_TYPES, Board, Hex, Marker, Unit, unit_type
from .errors import Problem, join_path
from .wording import shown, unknown, unknown_key
from .names import norm_key, norm_word
from ..game.vocabulary import FACTIONS


def _faction(v: Any) -> Any:
    if v is None:
        return v
    key = str(v).strip().lower()
    if key not in FACTIONS:
        raise ValueError(unknown("faction", v, FACTIONS))
    return key


class UnitFile(FileModel):
    """A unit as written on the map or in a Force Pool."""
    id: str
    faction: Optional[str] = None
    nationality: Union[str, list[str]]
    type: str
    steps: int = Field(default=1, ge=1, le=4)
    supplied: Optional[bool] = None
    colonial: Union[bool, str, None] = None
    kwantung: bool = False
    elite: bool = False

    @field_validator("id", mode="before")
    @classmethod
    def _id(cls, v: Any) -> Any:
        return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, v: Any) -> Any:
        return unit_type(v)

    @field_validator("faction", mode="before")
    @classmethod
    def _fac(cls, v: Any) -> Any:
        return _faction(v)

    @field_validator("nationality", mode="before")
    @classmethod
    def _nat(cls, v: Any) -> Any:
        if isinstance(v, list) and not v:
            raise ValueError("write the unit's nationality, such as Germany (or a list such as [Britain, US]), not []")
        if isinstance(v, list) and len(v) == 1 and isinstance(v[0], str):
            return v[0]
        return v


class MarkerFile(FileModel):
    """A marker in a hex: ``{type: logistics, faction: axis, name: IGHQ, supplied: true}``."""
    type: str
    faction: Optional[str] = None
    name: Optional[str] = None
    supplied: Optional[bool] = None

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, v: Any) -> Any:
        key = norm_word(v)
        key = {"logistics-marker": "logistics", "partisan": "partisan-base", "partisan-base-marker": "partisan-base"}.get(key, key)
        if key not in MARKER_TYPES:
            raise ValueError(unknown("marker type", v, MARKER_TYPES))
        return key

    @field_validator("faction", mode="before")
    @classmethod
    def _fac(cls, v: Any) -> Any:
        return _faction(v)


class HexFile(FileModel):
    """A hex as written under ``map.hexes``."""
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
    neighbours: list[Union[str, int]] = Field(default_factory=empty_list)
    units: list[Any] = Field(default_factory=empty_list)
    markers: list[Any] = Field(default_factory=empty_list)
    at: Optional[tuple[int, int]] = Field(default=None, description=(
        "Where `aeref report` draws the hex: [column, row] (a hex numbered CCRR needs none), e.g. [23, 15]"))
    name: Optional[str] = Field(default=None, description=(
        "The hex's name as the map prints it (its City's), shown by `aeref report` beside its number, e.g. Kiev"))

    @field_validator("control", mode="before")
    @classmethod
    def _control(cls, v: Any) -> Any:
        return _faction(v)

    @field_validator("map", mode="before")
    @classmethod
    def _map(cls, v: Any) -> Any:
        if v is None:
            return v
        key = str(v).strip().lower()
        if key not in ("tk", "ds"):
            raise ValueError(unknown("map", v, ("tk", "ds")))
        return key

    @field_validator("neighbours", mode="before")
    @classmethod
    def _nb(cls, v: Any) -> Any:
        return [v] if isinstance(v, (str, int)) else v


def unit_from_file(uf: UnitFile, where: str, faction: Optional[str] = None) -> Unit:
    nat = tuple(uf.nationality) if isinstance(uf.nationality, list) else (uf.nationality,)
    col = uf.colonial
    if isinstance(col, str) and col.strip().lower() in ("true", "yes"):
        col = True
    if col is False:
        col = None
    return Unit(str(uf.id), uf.faction or faction, nat, uf.type, uf.steps, uf.supplied, col, uf.kwantung, uf.elite, where)


def parse_units(items: Any, file: str, where: str, problems: list, faction: Optional[str] = None) -> list:
    """Validate a list of units at ``where``; returns :class:`Unit` s and appends problems."""
    return [unit_from_file(uf, w, faction)
            for uf, w in validate_items(items, UnitFile, file, where, problems, "a unit", "id, nationality, type, ...")]


def parse_map(raw: Optional[dict], file: str, problems: list, seen_units: Optional[dict] = None) -> Board:
    """Build the :class:`Board` of the ``map:`` section.

    ``raw`` is the section as loaded (or None: an empty map); every problem
    is appended to ``problems`` with ``file`` and its place
    (``map.hexes.2315.neighbours[1]: no hex 9999``). ``seen_units`` (unit id
    -> place) collects unit ids so that a unit listed twice is reported.
    Never raises for bad input.
    """
    board = Board()
    if raw is None:
        return board
    if not isinstance(raw, dict):
        problems.append(Problem(file, "map", "the map is a mapping with hexes: and boxes:"))
        return board
    seen_units = {} if seen_units is None else seen_units
    data = {norm_key(k): v for k, v in raw.items()}
    for k in data:
        if k not in ("hexes", "boxes", "stacking"):
            problems.append(Problem(file, join_path("map", str(k)), unknown_key(k, ("hexes", "boxes", "stacking"))))
    _read_boxes(board, [] if data.get("boxes") is None else data["boxes"], file, problems, seen_units)
    if data.get("stacking") is not None:
        _read_stacking(board, data["stacking"], file, problems)
    hexes = {} if data.get("hexes") is None else data["hexes"]
    if not isinstance(hexes, dict):
        problems.append(Problem(file, "map.hexes", "hexes are a mapping from hex id to hex"))
        hexes = {}
    parsed = {}
    for hid, hraw in hexes.items():
        entry = _read_hex(hraw, join_path("map", "hexes", str(hid)), file, problems, seen_units)
        if entry is not None:
            parsed[str(hid)] = entry
    written = {str(k) for k in hexes}
    for hid, (hf, w, units, markers) in parsed.items():
        board.hexes[hid] = Hex(
            id=hid, country=hf.country, region=hf.region, city=hf.city, terrain=hf.terrain, road=hf.road, rail=hf.rail,
            limited_stacking=hf.limited_stacking, control=hf.control, supply_source=hf.supply_source,
            strategic=hf.strategic, map=hf.map, neighbours=_neighbours(hf, w, board, parsed, written, file, problems),
            units=tuple(units), markers=tuple(markers), at=hf.at, name=hf.name,
        )
    return board


def _read_boxes(board: Board, boxes: Any, file: str, problems: list, seen_units: dict) -> None:
    """The Off-Map Boxes of ``map.boxes`` into ``board``: a list of names, or a mapping of names to their units."""
    if isinstance(boxes, dict):
        for name, content in boxes.items():
            board.boxes.append(str(name))
            w = join_path("map", "boxes", str(name))
            if content is not None and not isinstance(content, dict):
                problems.append(Problem(file, w, f"write the box's units as {{units: [...]}} (or nothing), not {shown(content)}"))
                continue
            units = (content or {}).get("units", [])
            got = parse_units(units, file, join_path(w, "units"), problems)
            _register(got, seen_units, file, problems)
            board.box_units[str(name)] = tuple(got)
    elif isinstance(boxes, list):
        for i, b in enumerate(boxes):
            if isinstance(b, (str, int)) and not isinstance(b, bool):
                board.boxes.append(str(b))
            else:
                problems.append(Problem(file, join_path("map", "boxes", i), f"an Off-Map Box is named, such as Western US, not {shown(b)}"))
    else:
        problems.append(Problem(file, "map.boxes", "Off-Map Boxes are a list of names"))


def _read_stacking(board: Board, st: Any, file: str, problems: list) -> None:
    """The stacking limits of ``map.stacking`` (9) into ``board``."""
    if not isinstance(st, dict):
        problems.append(Problem(file, "map.stacking", "write stacking: {units: 3, steps: 6, limited-steps: 3}"))
        return
    for k, v in st.items():
        kk = norm_key(k)
        if kk not in board.stacking:
            problems.append(Problem(file, join_path("map", "stacking", str(k)), unknown_key(k, tuple(board.stacking))))
        elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
            problems.append(Problem(file, join_path("map", "stacking", str(k)), f"a limit is a whole number, not {v!r}"))
        else:
            board.stacking[kk] = v


def _read_hex(hraw: Any, w: str, file: str, problems: list, seen_units: dict) -> Optional[tuple]:
    """One hex at ``w`` validated: ``(HexFile, w, units, markers)``, or None after reporting why it is not one."""
    if not isinstance(hraw, dict):
        problems.append(Problem(file, w, "a hex is a mapping (country, city, neighbours, units ...)"))
        return None
    try:
        hf = HexFile.model_validate(hraw)
    except ValidationError as exc:
        problems.extend(problems_from_validation(exc, file, w))
        return None
    units = parse_units(hf.units, file, join_path(w, "units"), problems)
    for u in units:
        if u.faction is None:
            problems.append(Problem(file, join_path(u.where, "faction"), f"unit {u.id} on the map needs its faction (axis, western or soviet)"))
    _register(units, seen_units, file, problems)
    markers = []
    for i, m in enumerate(hf.markers):
        mw = join_path(w, "markers", i)
        if not isinstance(m, dict):
            problems.append(Problem(file, mw, f"a marker is a mapping {{type, faction, name}}, not {m!r}"))
            continue
        try:
            markers.append(Marker(**MarkerFile.model_validate(m).model_dump()))
        except ValidationError as exc:
            problems.extend(problems_from_validation(exc, file, mw))
    return hf, w, units, markers


def _neighbours(hf: HexFile, w: str, board: Board, parsed: dict, written: set, file: str, problems: list) -> tuple:
    """A hex's neighbours: hex ids of ``parsed`` and Off-Map Box names of ``board``. A neighbour that is
    neither is reported, unless it is a hex ``written`` in the file that has a problem of its own."""
    nbs = []
    for i, n in enumerate(hf.neighbours):
        ns = str(n)
        if ns in parsed:
            nbs.append(ns)
        elif board.box(ns) is not None:
            nbs.append(board.box(ns))
        elif ns not in written:       # a hex with its own problem is not reported again
            problems.append(Problem(file, join_path(w, "neighbours", i), f"no hex {ns} (and no Off-Map Box of that name) on the map"))
    return tuple(nbs)


def _register(units: list, seen: dict, file: str, problems: list) -> None:
    for u in units:
        if u.id in seen:
            problems.append(Problem(file, join_path(u.where, "id"), f"unit {u.id} is in two places (also at {seen[u.id]})"))
        else:
            seen[u.id] = u.where
