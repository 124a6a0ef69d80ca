"""Markers (FORMAT section 4 ``markers:``): markers in boxes, the VP marker and the VP Track, per map.

In AE each map has its own VP marker, VP Track, Strategic Warfare Box and Turn
Track (© 12). ``markers:`` may therefore be written per map::

    markers:
      tk: {strategic-warfare-box: [US Victory Program], vp: {side: axis-tide, box: 2}}
      ds: {vp: {side: rising-sun, box: 1}, vp-track: {Hakko Ichiu: 3}}

Keys at the top level name no map. In TK or DS alone they are that map's; in
AE a rule that needs to know the map says so in its ruling instead of guessing
(:meth:`Markers.swb`, :meth:`Markers.vp`). Nothing here decides a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..files.errors import Problem, join_path
from ..files.names import norm_box, norm_key, norm_name, norm_word
from ..files.wording import map_not_in_play, unknown, unknown_key

VP_SIDES = ("axis-tide", "rising-sun", "allied-crusade")
#: The side of the VP marker that names its map (△: Axis Tide on TK, Rising Sun on DS).
VP_SIDE_MAP = {"axis-tide": "tk", "rising-sun": "ds"}
SWB = "strategic warfare box"
#: * DS alone: the European War Boxes, one per Allied faction (1.1.3.1, *1.1.4, *12.3 Step 8).
EUROPEAN_WAR_BOXES = ("western european war box", "soviet european war box")
#: * The markers that say which European war has occurred (1.1.3.1), by what they show.
EUROPEAN_WAR_MARKERS = {"european total war": "total", "european limited war": "limited"}


@dataclass
class VPMarker:
    """The VP marker: ``side`` (axis-tide, rising-sun, allied-crusade) and the VP Track ``box`` (VP)."""
    side: str
    box: int


@dataclass(frozen=True)
class EuropeanWarBox:
    """* DS alone: one European War Box and the ``markers`` in it (names as written).

    ``shows``: the European war its markers say has occurred (1.1.3.1: ``total`` for a European Total
    War marker, ``limited`` for the European Limited War marker, None for neither); ``war_marker``:
    it holds a War marker (*1.1.4 "use the 'War' adjustment if there is a War marker in the Soviet
    European War Box"): the European Limited or Total War marker - the markers *12.3 Step 8 and the
    war itself put there - or a marker written plainly ``War`` (FORMAT's ``[War]``, which says a
    War marker is there without saying which war)."""
    box: str
    markers: tuple = ()

    @property
    def shows(self) -> Optional[str]:
        levels = {EUROPEAN_WAR_MARKERS.get(norm_name(x)) for x in self.markers}
        return "total" if "total" in levels else "limited" if "limited" in levels else None

    @property
    def war_marker(self) -> bool:
        return self.shows is not None or any(norm_name(x) == "war" for x in self.markers)


@dataclass
class MarkerSection:
    """The markers of one map (or of no map named): ``boxes`` box -> marker names,
    the ``vp`` marker, and ``vp_track`` marker -> VP Track box."""
    boxes: dict[str, list[str]] = field(default_factory=dict)
    vp: Optional[VPMarker] = None
    vp_track: dict[str, int] = field(default_factory=dict)

    def as_file(self) -> dict:
        out: dict[str, Any] = {k.replace(" ", "-"): list(v) for k, v in self.boxes.items()}
        if self.vp is not None:
            out["vp"] = {"side": self.vp.side, "box": self.vp.box}
        if self.vp_track:
            out["vp-track"] = dict(self.vp_track)
        return out


@dataclass
class Markers:
    """Every marker of the position: ``sections[map]`` per map and ``sections[None]``
    for those written without a map; ``maps`` the maps in play."""
    sections: dict = field(default_factory=dict)
    maps: tuple = ()

    def _own(self, map_: Optional[str]) -> list[MarkerSection]:
        """The sections that are surely ``map_``'s: its own, and the unnamed one in a one-map game."""
        out = [self.sections[map_]] if map_ in self.sections else []
        if None in self.sections and (len(self.maps) <= 1 or map_ is None):
            out.append(self.sections[None])
        return out

    @property
    def unnamed(self) -> MarkerSection:
        """The markers written without a map (created when missing)."""
        return self.sections.setdefault(None, MarkerSection())

    def box(self, box: str, map_: Optional[str] = None) -> tuple[list[str], list[str]]:
        """The markers in ``box`` on ``map_``: ``(names, unplaced)`` - ``unplaced`` are the
        names written without a map in AE, which could be on either map's box."""
        key = norm_box(box)
        names = [x for s in self._own(map_) for x in s.boxes.get(key, [])]
        unplaced = []
        if len(self.maps) > 1 and map_ is not None and None in self.sections:
            unplaced = [x for x in self.sections[None].boxes.get(key, []) if x not in names]
        return list(dict.fromkeys(names)), unplaced

    def vp(self, map_: str) -> tuple[Optional[VPMarker], Optional[str]]:
        """``map_``'s VP marker and, when the file leaves it unsaid, why: ``(marker, note)``.
        In AE a VP marker written without a map belongs to the map its side names (Axis Tide:
        TK, Rising Sun: DS); one reading Allied Crusade names no map."""
        own = self.sections.get(map_)
        if own is not None and own.vp is not None:
            return own.vp, None
        flat = self.sections.get(None)
        if flat is None or flat.vp is None:
            return None, None
        if len(self.maps) <= 1:
            return flat.vp, None
        side_map = VP_SIDE_MAP.get(flat.vp.side)
        if side_map == map_:
            return flat.vp, None
        if side_map is None:
            return None, (f"the VP marker reads Allied Crusade in the {flat.vp.box} VP Box but the state file does not "
                          f"say on which map's VP Track (AE: write it under markers: {{{map_}: {{vp: ...}}}})")
        return None, None

    def vp_track_box(self, name: str, map_: Optional[str] = None) -> Optional[int]:
        """The VP Track box of marker ``name`` on ``map_`` (a marker written without a map
        counts where the rule that reads it applies: its name is that map's)."""
        n = norm_name(name)
        order = ([self.sections.get(map_)] if map_ is not None else []) + [self.sections.get(None)]
        for s in order:
            if s is not None:
                for k, v in s.vp_track.items():
                    if norm_name(k) == n:
                        return v
        return None

    def where(self, name: str, map_: Optional[str] = None) -> list[str]:
        """The boxes that hold marker ``name`` on ``map_`` (``vp-track`` for a marker on the VP
        Track). In AE a marker written in a box without a map is on neither map's box
        (:meth:`unplaced_in` names those boxes); on the VP Track its name says the map
        (:meth:`vp_track_box`). ``map_`` None: every map's boxes."""
        n = norm_name(name)
        secs = self._own(map_) if map_ is not None else list(self.sections.values())
        out = [box for s in secs for box, names in s.boxes.items() if any(norm_name(x) == n for x in names)]
        if self.vp_track_box(name, map_) is not None or (map_ is None and any(
                norm_name(k) == n for s in self.sections.values() for k in s.vp_track)):
            out.append("vp-track")
        return list(dict.fromkeys(out))

    @staticmethod
    def unplaced_note(name: str, box: str, map_: str, also: str = "") -> str:
        """Why marker ``name``, written in ``box`` without a map, does not count on ``map_`` (AE);
        ``also``: another place the player may write it (``" or boxes"``)."""
        key = box.replace(" ", "-")
        return (f"{name} is listed in markers.{key} without a map: in AE each map has its own {box.title()}, "
                f"so it is not counted on the {map_.upper()} map (write it under markers: "
                f"{{{map_}: {{{key}: [...]}}}}{also})")

    def unplaced_in(self, name: str, map_: str) -> list[str]:
        """AE: the boxes that hold marker ``name`` written without a map, which :meth:`where`
        counts on neither map (the file does not say which map's box)."""
        n = norm_name(name)
        if len(self.maps) <= 1 or None not in self.sections:
            return []
        return [box for box, names in self.sections[None].boxes.items() if any(norm_name(x) == n for x in names)]

    def european_war_boxes(self, map_: Optional[str] = None) -> dict[str, "EuropeanWarBox"]:
        """* DS alone: what each European War Box shows, ``{box: EuropeanWarBox}`` - the Western and the
        Soviet box always (empty when the file lists nothing there), and any other box whose name ends in
        "european war box". The one reading of the boxes that 1.1.3.1 (:meth:`european_war`), *1.1.4 (the
        War marker in the Soviet European War Box), *12.3 Step 8 and ``show`` use."""
        names: dict[str, list[str]] = {b: [] for b in EUROPEAN_WAR_BOXES}
        for s in self._own(map_) if map_ is not None else list(self.sections.values()):
            for box, held in s.boxes.items():
                if box.endswith("european war box"):
                    names.setdefault(box, []).extend(held)
        return {b: EuropeanWarBox(b, tuple(dict.fromkeys(v))) for b, v in names.items()}

    def european_war(self, map_: Optional[str] = None) -> Optional[str]:
        """* DS alone: the European war the European War Boxes show (1.1.3.1 "European Limited War has
        occurred if the European Limited War marker is in a European War Box"; "European Total War has
        occurred if a European Total War marker is in a European War Box"): ``total``, ``limited``, or
        None when no such marker is in a European War Box (the boxes do not say)."""
        shown = {b.shows for b in self.european_war_boxes(map_).values()}
        return "total" if "total" in shown else "limited" if "limited" in shown else None

    def has(self, name: str, box: Optional[str] = None, map_: Optional[str] = None) -> bool:
        boxes = self.where(name, map_)
        return bool(boxes) if box is None else norm_box(box) in boxes

    def as_file(self) -> dict:
        """The ``markers:`` section as a state file writes it."""
        out = self.sections[None].as_file() if None in self.sections else {}
        for m in ("tk", "ds"):
            if m in self.sections:
                sec = self.sections[m].as_file()
                if sec:
                    out[m] = sec
        return out


def _section(raw: Any, file: str, where: str, problems: list[Problem], map_: Optional[str] = None) -> MarkerSection:
    """One map's markers (``map_``: the map whose VP Track it is, None: not known)."""
    m = MarkerSection()
    for key, value in raw.items():
        k = norm_key(key)
        w = join_path(where, str(key))
        if k == "vp":
            if not isinstance(value, dict):
                problems.append(Problem(file, w, "write vp: {side: axis-tide|rising-sun|allied-crusade, box: N}"))
                continue
            v = {norm_key(a): b for a, b in value.items()}
            side = norm_word(v.get("side", ""))
            ok = True
            if side not in VP_SIDES:
                problems.append(Problem(file, join_path(w, "side"), unknown("VP marker side", v.get("side"), VP_SIDES)))
                ok = False
            box = v.get("box")
            if not isinstance(box, int) or isinstance(box, bool) or box < 0:
                problems.append(Problem(file, join_path(w, "box"), f"the VP Track box is a number of VP (0 or more), not {box!r}"))
                ok = False
            extra = set(v) - {"side", "box"}
            if extra:
                problems.append(Problem(file, join_path(w, sorted(extra)[0]), unknown_key(sorted(extra)[0], ("side", "box"))))
            side_map = VP_SIDE_MAP.get(side)
            if ok and map_ is not None and side_map not in (None, map_):
                problems.append(Problem(file, join_path(w, "side"),
                                        f"the {side.replace('-', ' ').title()} side of the VP marker is the "
                                        f"{side_map.upper()} map's, not the {map_.upper()} map's (Axis Tide: TK, "
                                        "Rising Sun: DS)"))
                ok = False
            if ok:
                m.vp = VPMarker(side, box)
        elif k == "vp-track":
            if not isinstance(value, dict):
                problems.append(Problem(file, w, "write vp-track: {MARKER: N}"))
                continue
            for name, box in value.items():
                if not isinstance(box, int) or isinstance(box, bool) or box < 0:
                    problems.append(Problem(file, join_path(w, str(name)), f"the VP Track box is a number of VP (0 or more), not {box!r}"))
                    continue
                m.vp_track[str(name)] = box
        else:
            names = [value] if isinstance(value, str) else value
            if not isinstance(names, list) or not all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in names):
                problems.append(Problem(file, w, "a box holds a list of marker names"))
                continue
            m.boxes.setdefault(norm_box(key), []).extend(str(x) for x in names)
    return m


def parse_markers(raw: Any, file: str, maps: tuple, problems: list[Problem]) -> Markers:
    """Resolve the ``markers:`` section: a list (markers not in any box), a mapping of boxes,
    ``vp`` and ``vp-track``, and per map ``tk:`` / ``ds:`` sections of the same keys."""
    out = Markers(maps=tuple(maps))
    if isinstance(raw, list):
        out.unnamed.boxes["unplaced"] = [str(x) for x in raw]
        return out
    flat, per_map = {}, {}
    for key, value in (raw or {}).items():
        k = norm_key(key)
        if k in ("tk", "ds"):
            if k not in maps:
                problems.append(Problem(file, join_path("markers", str(key)), map_not_in_play(k, maps)))
            elif not isinstance(value, dict):
                problems.append(Problem(file, join_path("markers", str(key)), "write the map's markers as a mapping (boxes, vp, vp-track)"))
            else:
                per_map[k] = (str(key), value)
        else:
            flat[key] = value
    if flat:
        out.sections[None] = _section(flat, file, "markers", problems, maps[0] if len(maps) == 1 else None)
    for k, (key, value) in per_map.items():
        sec = _section(value, file, join_path("markers", key), problems, k)
        if len(maps) == 1:      # one map: its section and the unnamed keys are the same markers
            un = out.unnamed
            for b, names in sec.boxes.items():
                un.boxes.setdefault(b, []).extend(names)
            un.vp = sec.vp or un.vp
            un.vp_track.update(sec.vp_track)
        else:
            out.sections[k] = sec
    return out
