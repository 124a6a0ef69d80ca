"""A proposed allocation of replacement steps (FORMAT 5 ``check-replacements``) as data.

:func:`parse_allocation` reads the YAML list ``[{unit, location, paid-with}]``
(or ``{placements: [...]}``) against a position: every unit named must exist
(in a Force Pool, on the map or in a box), every location must be on the map,
every step must be written as a step (``NATIONALITY [colonial [CODE]]
infantry|armor``, as the output prints it). It decides no rule: whether the
allocation is legal is :mod:`solver.replacements`'s ruling.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..game.board import Unit
from .errors import Problem, join_path
from .names import norm_key
from ..game.position import Position
from ..game.vocabulary import UNIT_TYPE_ALIASES, faction_name
from .wording import shown

#: The last word of a ``paid-with`` step: its kind (``step`` / ``any``: a step of kind any).
STEP_WORDS = ("infantry", "armor", "armour", "panzer", "tank", "step", "steps", "any")


@dataclass(frozen=True)
class StepText:
    """A ``paid-with`` step as written: ``text``, and its parts - ``nationality``, ``colonial``,
    ``kind`` (infantry / armor / step, or None when not given) and the ``(...)`` ``suffix``."""
    text: str
    nationality: str
    colonial: bool
    kind: Optional[str]
    suffix: Optional[str]

    @property
    def is_step(self) -> bool:
        """Written as a step at all: a nationality and a kind (a typo such as ``Rusia`` alone is not)."""
        return bool(self.nationality) and self.kind is not None


def parse_step(text: Any) -> StepText:
    """Split a ``paid-with`` string (``"Britain colonial infantry"``, ``"Japan infantry (Hakko Ichiu)"``)."""
    t = " ".join(str(text).split())
    body, suffix = t, None
    if "(" in t and t.endswith(")"):
        body, suffix = t[: t.index("(")].strip(), t[t.index("(") + 1: -1]
    words = body.split()
    kind = None
    if words and words[-1].lower() in STEP_WORDS:
        w = words[-1].lower()
        kind = {"steps": "step", "any": "step"}.get(w, UNIT_TYPE_ALIASES.get(w, w))
        words = words[:-1]
    lower = [w.lower() for w in words]
    colonial = "colonial" in lower
    if colonial:
        i = lower.index("colonial")
        words = words[:i] + words[i + 1:]
    return StepText(t, " ".join(words), colonial, kind, suffix)


@dataclass
class Placement:
    """One row of an allocation: ``unit`` id, ``location`` (a hex id or box name as the map
    writes it), ``paid_with`` steps as written, and ``where`` it is in the file."""
    unit: str
    location: str
    paid_with: list = field(default_factory=list)
    where: str = ""


def parse_allocation(pos: Position, faction: str, map_: str, data: Any, file: str
                     ) -> tuple[list[Placement], dict[str, Unit], list[Problem]]:
    """Read a proposed allocation for ``faction`` on ``map_``.

    ``data`` is the loaded YAML. Returns ``(placements, units, problems)``:
    ``units`` every unit named, by id (a ruling says why one outside the
    Force Pool cannot be taken); ``problems`` every malformed entry, unknown
    unit, location not on the map and step that is not written as a step,
    each with ``file`` and its place. Never raises for bad input.
    """
    problems: list[Problem] = []
    if isinstance(data, dict) and len(data) == 1 and str(next(iter(data))).lower() == "placements":
        data = next(iter(data.values()))
    if data is None:
        data = []
    if not isinstance(data, list):
        return [], {}, [Problem(file, "", "an allocation is a list of {unit, location, paid-with}")]
    known = _known_units(pos, faction, map_)
    rows: list[Placement] = []
    named: dict[str, Unit] = {}
    for i, item in enumerate(data):
        row = _placement(item, f"[{i}]", pos, faction, map_, known, named, file, problems)
        if row is not None:
            rows.append(row)
    return rows, named, problems


def _known_units(pos: Position, faction: str, map_: str) -> dict[str, Unit]:
    """Every unit an allocation may name, by id: the faction's Force Pool on ``map_`` first, then the map's
    hexes and boxes, then the other Force Pools."""
    board = pos.board
    known: dict[str, Unit] = {}
    fr = pos.replacements.get((map_, faction))
    for u in (fr.force_pool if fr else []):
        known.setdefault(u.id, u)
    for h in board.hexes.values():
        for u in h.units:
            known.setdefault(u.id, u)
    for us in board.box_units.values():
        for u in us:
            known.setdefault(u.id, u)
    for other in pos.replacements.values():
        for u in other.force_pool:
            known.setdefault(u.id, u)
    return known


def _placement(item: Any, w: str, pos: Position, faction: str, map_: str, known: dict[str, Unit],
               named: dict[str, Unit], file: str, problems: list[Problem]) -> Optional[Placement]:
    """One row of the allocation (at ``w``), or None after reporting why it is not one; a unit it names
    goes to ``named``."""
    if not isinstance(item, dict):
        problems.append(Problem(file, w, f"a placement is a mapping {{unit, location, paid-with}}, not {item!r}"))
        return None
    it = {norm_key(str(k)): v for k, v in item.items()}
    for k in it:
        if k not in ("unit", "location", "paid-with"):
            problems.append(Problem(file, join_path(w, k), "unknown key (unit, location, paid-with)"))
    uid = it.get("unit")
    if uid is None:
        problems.append(Problem(file, join_path(w, "unit"), "required key missing"))
        return None
    if isinstance(uid, (list, dict, bool)):
        problems.append(Problem(file, join_path(w, "unit"), f"write one unit's id, not {shown(uid)}"))
        return None
    uid = str(uid)
    if uid not in known:
        problems.append(Problem(file, join_path(w, "unit"),
                                f"no unit {uid} in the {faction_name(faction)} {map_.upper()} Force Pool or on the map"))
        return None
    named[uid] = known[uid]
    loc_raw = it.get("location")
    if loc_raw is None:
        problems.append(Problem(file, join_path(w, "location"), "required key missing"))
        return None
    loc = pos.board.location(loc_raw)
    if loc is None:
        problems.append(Problem(file, join_path(w, "location"),
                                f"location {loc_raw if isinstance(loc_raw, (str, int)) else shown(loc_raw)} is not on the map (no such hex or Off-Map Box in {pos.file})"))
        return None
    paid = it.get("paid-with", [])
    if isinstance(paid, str):
        paid = [paid]
    if not isinstance(paid, list):
        problems.append(Problem(file, join_path(w, "paid-with"), "paid-with is a list of steps such as \"Japan armor\""))
        return None
    odd = [j for j, s in enumerate(paid) if not isinstance(s, str)]
    for j in odd:
        problems.append(Problem(file, join_path(join_path(w, "paid-with"), j),
                                f"write a step such as \"Russia infantry\", not {shown(paid[j])}"))
    if odd:
        return None
    return Placement(uid, loc, list(paid), w)


def step_problem(file: str, where: str, text: str, received: list[str]) -> Problem:
    """The problem of a ``paid-with`` entry that is not written as a step (a typo: bad input, not a ruling)."""
    return Problem(file, where, f"unknown step {text!r}: write NATIONALITY [colonial] infantry|armor, "
                                f"as received ({', '.join(received) or 'none'})")

