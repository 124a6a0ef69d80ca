"""The ``replacements:`` section of a state file (FORMAT section 6) as data.

:func:`parse_replacements` validates the section against the map and returns,
per ``(map, faction)``, a :class:`FactionReplacements`: the steps received
when stated (else None: derived by the rules of 1.3.1 / 1.3.2 in
:mod:`solver.replacements`), the one-step units of the Force Pool and the
``prefer`` weights. No rule of 1.3 is decided here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

from pydantic import Field, field_validator

from ..files.base import FileModel, validate_items
from .board import Board
from ..files.map_section import parse_units
from ..files.errors import Problem, join_path
from ..files.wording import map_not_in_play, suggest, unknown, unknown_key
from ..files.names import norm_key
from .vocabulary import FACTIONS, step_kind


#: The most steps one line of ``steps`` grants: far more than any Force Pool holds, and small enough that
#: every sum the replacement model builds stays within CP-SAT's 64-bit integers (10^18 overflowed them).
MAX_STEPS = 1_000_000


class StepFile(FileModel):
    """One line of ``steps``: ``{nationality: Germany, kind: armor, count: 3}``."""
    nationality: str
    kind: str = "infantry"
    count: int = Field(default=1, ge=0, le=MAX_STEPS)
    colonial: Union[bool, str] = False
    pairs_to_armor: bool = False
    source: Optional[str] = None

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, v: Any) -> Any:
        return step_kind(v)


@dataclass(frozen=True)
class StepLine:
    """Steps received: ``count`` steps of ``nationality`` (a country, ``minor``,
    ``Communist Chinese`` or ``Nationalist Chinese``) and ``kind``
    (infantry / armor / any); ``colonial`` steps take colonial units only
    (a code such as ``Ind`` restricts them further); ``pairs_to_armor``: two
    may become one armor step; ``source`` says where they come from (a card,
    a marker, the state file); ``rule`` the number of the rule that grants
    them and ``label`` the name their pair exchange goes by (``Hakko Ichiu``),
    when a rule of 1.3.1 / 1.3.2 derived them."""
    nationality: str
    kind: str
    count: int
    colonial: Union[bool, str] = False
    pairs_to_armor: bool = False
    source: str = "state file"
    rule: Optional[str] = None
    label: Optional[str] = None


@dataclass
class FactionReplacements:
    """A faction's Replacements Segment on one map as stated in the state file
    (``Position.replacements`` holds it under its ``(map, faction)``)."""
    steps: Optional[list] = None           # list[StepLine] or None: derive them (1.3.1, 1.3.2)
    force_pool: list = field(default_factory=list)   # list[Unit]
    force_pool_stated: bool = False        # the file has a `force-pool:` key (`force-pool: []`: an empty Force Pool)
    prefer: dict = field(default_factory=dict)       # unit id or location -> weight
    where: str = ""


#: The largest ``prefer`` weight (in absolute value): the solver's objective is a 64-bit sum.
MAX_PREFER = 1_000_000


def parse_replacements(raw: Optional[dict], file: str, maps: tuple, board: Board, problems: list,
                       seen_units: Optional[dict] = None) -> dict:
    """Validate the ``replacements:`` section. Returns ``{(map, faction): FactionReplacements}``.

    ``maps`` are the maps in play; in a one-map game the map level may be
    left out. ``board`` is used to check ``prefer`` keys naming locations;
    ``seen_units`` (unit id -> place, filled by the map) reports a unit
    listed in two places. Problems are appended with file and place; never
    raises for bad input.
    """
    out: dict = {}
    if raw is None:
        return out
    if not isinstance(raw, dict):
        problems.append(Problem(file, "replacements", "replacements is a mapping: MAP: FACTION: {steps, force-pool, prefer}"))
        return out
    seen_units = {} if seen_units is None else seen_units
    data = {norm_key(k): (k, v) for k, v in raw.items()}
    if len(maps) == 1 and data and all(k in FACTIONS for k in data):
        data = {maps[0]: (None, raw)}
    for m, (orig, section) in data.items():
        mw = join_path("replacements", str(orig)) if orig is not None else "replacements"
        if m not in maps:
            problems.append(Problem(file, mw, map_not_in_play(repr(orig), maps, hint=suggest(orig, maps))))
            continue
        if not isinstance(section, dict):
            problems.append(Problem(file, mw, "write FACTION: {steps, force-pool, prefer}"))
            continue
        for fname, body in section.items():
            f = norm_key(fname)
            fw = join_path(mw, str(fname))
            if f not in FACTIONS:
                problems.append(Problem(file, fw, unknown("faction", fname, FACTIONS)))
                continue
            if not isinstance(body, dict):
                problems.append(Problem(file, fw, "write {steps: [...], force-pool: [...], prefer: {...}}"))
                continue
            out[(m, f)] = _faction_segment(body, f, fw, file, board, problems, seen_units)
    return out


def _faction_segment(body: dict, f: str, fw: str, file: str, board: Board, problems: list,
                     seen_units: dict) -> FactionReplacements:
    """One faction's section (at ``fw``): its ``steps``, ``force-pool`` and ``prefer``."""
    fr = FactionReplacements(where=fw)
    b = {norm_key(k): (k, v) for k, v in body.items()}
    for k, (ok, _) in b.items():
        if k not in ("steps", "force-pool", "prefer"):
            problems.append(Problem(file, join_path(fw, str(ok)), unknown_key(ok, ("steps", "force-pool", "prefer"))))
    if "steps" in b and b["steps"][1] is not None:
        sk, items = b["steps"]
        fr.steps = []
        for sf, w in validate_items(items, StepFile, file, join_path(fw, str(sk)), problems,
                                    "a step line", "nationality, kind, count"):
            fr.steps.append(StepLine(sf.nationality, sf.kind, sf.count, sf.colonial, sf.pairs_to_armor,
                                     sf.source or f"{file}: {w}", None, sf.source))
    if "force-pool" in b:
        fr.force_pool_stated = True
        pk, items = b["force-pool"]
        units = parse_units(items or [], file, join_path(fw, str(pk)), problems, faction=f)
        for u in units:
            if u.faction != f:
                problems.append(Problem(file, join_path(u.where, "faction"), f"unit {u.id} is {u.faction}, in the {f} Force Pool"))
            if u.id in seen_units:
                problems.append(Problem(file, join_path(u.where, "id"), f"unit {u.id} is in two places (also at {seen_units[u.id]})"))
                continue
            seen_units[u.id] = u.where
            fr.force_pool.append(u)
    if "prefer" in b and b["prefer"][1] is not None:
        pk, pref = b["prefer"]
        _read_prefer(fr, pref, join_path(fw, str(pk)), file, board, problems)
    return fr


def _read_prefer(fr: FactionReplacements, pref: Any, where: str, file: str, board: Board, problems: list) -> None:
    """The ``prefer`` weights (at ``where``) into ``fr``: each key a unit of its Force Pool or a location of the map."""
    if not isinstance(pref, dict):
        problems.append(Problem(file, where, "prefer is a mapping {UNIT-OR-LOCATION: weight}"))
        pref = {}
    ids = {u.id for u in fr.force_pool}
    for key, weight in pref.items():
        w = join_path(where, str(key))
        if not isinstance(weight, int) or isinstance(weight, bool):
            problems.append(Problem(file, w, f"a weight is a whole number, not {weight!r}"))
            continue
        if abs(weight) > MAX_PREFER:   # the solver's objective is 64-bit
            problems.append(Problem(file, w, f"a weight is between -{MAX_PREFER:,} and {MAX_PREFER:,}, not {weight}"))
            continue
        k = str(key)
        if k in ids:
            fr.prefer[k] = weight
        elif board.location(k) is not None:
            fr.prefer[board.location(k)] = weight
        else:
            problems.append(Problem(file, w, f"no unit {k} in this Force Pool and no location {k} on the map"))
