"""Countries and the Posture Display of each map (FORMAT section 4, "AE, per map").

In AE each map has its own Posture Display (© 12 "each map has its own War
State"; 1.1.3.3 "Russia's Posture is War on both maps"). A country entry gives
facts that hold on both maps at its top level, facts of one map under
``tk:`` / ``ds:``, and an entry with ``map: tk|ds`` is on that map's display
only::

    Russia:
      alignment: soviet
      tk: {posture: war, status: active}
      ds: {posture: policy-affected, policy: neutrality, status: neutral}

:meth:`CountryEntry.on` resolves an entry to the :class:`Country` one map's
display shows; :meth:`model.files.load.Position.country` is the one lookup every
rule uses. Derived here, once: a country with a Policy marker in its Posture
Box is a Policy Affected Country (12.3), whether or not ``posture:`` is written.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal, Optional

from pydantic import field_validator

from ..files.base import FileModel, one_of
from ..files.errors import Problem, join_path
from ..files.names import norm_name
from .requirements import ALIGNMENTS, POSTURES, STATUSES
from .seasonal import policy_value
from .vocabulary import ALLIED
from ..files.wording import map_not_in_play

FACT_NAMES = ("posture", "status", "alignment", "dependent_of", "minor", "chinese", "influence", "neutrality", "policy")


class CountryFactsFile(FileModel):
    """A country's facts on a Posture Display as written: Posture, Status, Alignment, the
    Policy marker in its Posture Box, and map facts used by 1.2 and 1.3."""
    posture: Optional[str] = None
    status: Optional[str] = None
    alignment: Optional[str] = None
    dependent_of: Optional[str] = None
    minor: Optional[bool] = None
    chinese: Optional[bool] = None
    influence: Optional[int] = None
    neutrality: Optional[int] = None      # 1.1.2.1: the DRM of a Neutrality marker
    policy: Optional[str] = None          # 12.3: the Policy marker in its Posture Box

    _policy = field_validator("policy", mode="before")(classmethod(lambda cls, v: policy_value(v)))
    _posture = field_validator("posture", mode="before")(classmethod(lambda cls, v: one_of(POSTURES, "posture")(v)))
    _status = field_validator("status", mode="before")(classmethod(lambda cls, v: one_of(STATUSES, "status")(v)))
    _alignment = field_validator("alignment", mode="before")(classmethod(lambda cls, v: one_of(ALIGNMENTS, "alignment")(v)))


class CountryFile(CountryFactsFile):
    """A country entry as written: facts on both maps, ``tk:`` / ``ds:`` facts of one map (AE),
    or ``map:`` for an entry on one map's display only."""
    map: Optional[Literal["tk", "ds"]] = None
    tk: Optional[CountryFactsFile] = None
    ds: Optional[CountryFactsFile] = None

    @field_validator("map", mode="before")
    @classmethod
    def _map(cls, v: Any) -> Any:
        return v.strip().lower() if isinstance(v, str) else v


@dataclass(frozen=True)
class Country:
    """A country as one map's Posture Display shows it: ``name`` as written, ``map``
    (None in a one-map game's display) and its facts; ``posture`` is derived
    (a Policy marker makes it ``policy-affected``)."""
    name: str
    map: Optional[str] = None
    posture: Optional[str] = None
    status: Optional[str] = None
    alignment: Optional[str] = None
    dependent_of: Optional[str] = None
    minor: Optional[bool] = None
    chinese: Optional[bool] = None
    influence: Optional[int] = None
    neutrality: Optional[int] = None
    policy: Optional[str] = None

    def is_minor_of(self, faction: str) -> bool:
        """True when this is a Minor Country belonging to ``faction`` (aligned with it)."""
        return bool(self.minor) and self.alignment == faction

    @property
    def conquered_allied_minor(self) -> bool:
        """A Conquered Allied Minor Country (1.2.2, 1.3.3.1): minor, Conquered, aligned Western or Soviet."""
        return bool(self.minor) and self.status == "conquered" and self.alignment in ALLIED


@dataclass
class CountryEntry:
    """A country as the state file lists it: ``name``; ``both`` the facts given for both
    maps; ``per_map[map]`` the facts given for one map (only the keys written, None
    included: a fact a map's section sets to null is not on that map); ``only``
    the one map whose display the entry is on (``map:``), or None; ``where`` its place."""
    name: str
    both: dict = field(default_factory=dict)
    per_map: dict = field(default_factory=dict)
    only: Optional[str] = None
    where: str = ""

    def on(self, map_: Optional[str]) -> Optional[Country]:
        """The country as ``map_``'s Posture Display shows it (None: not on that display).
        ``map_`` None: the facts given for both maps (a one-map game, or facts no map changes)."""
        if map_ is not None and self.only not in (None, map_):
            return None
        facts = dict(self.both)
        if map_ is not None:
            facts.update(self.per_map.get(map_, {}))
        if facts.get("policy") and not facts.get("posture"):
            facts["posture"] = "policy-affected"        # 12.3: a Policy marker makes a Policy Affected Country
        return Country(self.name, map_, **facts)

    def differs(self) -> bool:
        """True when the two maps' displays show this country differently."""
        return self.only is not None or any(self.per_map.values())

    def set(self, map_: str, name: str, value: Any, maps: tuple) -> None:
        """Set fact ``name`` on ``map_``'s display only (the other map keeps what it shows)."""
        if len(maps) == 1 or self.only == map_:
            self.both[name] = value
            self.per_map.get(map_, {}).pop(name, None)   # a map section would override it: the fact is read there
            return
        self.per_map.setdefault(map_, {})[name] = value

    def as_file(self) -> dict:
        """The entry as a state file writes it (keys with hyphens; empty sections left out)."""
        out = {k.replace("_", "-"): v for k, v in self.both.items() if v is not None}
        if self.only:
            out["map"] = self.only
        for m in ("tk", "ds"):
            sec = self.per_map.get(m)
            if sec:
                out[m] = {k.replace("_", "-"): v for k, v in sec.items()}
        return out


def parse_countries(raw: dict, file: str, maps: tuple, problems: list) -> dict[str, CountryEntry]:
    """Resolve the validated ``countries:`` section (``{name: CountryFile}``) into entries keyed
    by case-folded name. Reports with file and place: a country listed twice, per-map facts
    or ``map:`` for a map not in play, and a Posture that contradicts the Policy marker
    (12.3: a Policy marker makes a Policy Affected Country)."""
    out: dict[str, CountryEntry] = {}
    for cname, c in raw.items():
        where = join_path("countries", str(cname))
        key = norm_name(cname)
        if key in out:
            problems.append(Problem(file, where, f"country {cname} is listed twice"))
            continue
        both = {k: getattr(c, k) for k in FACT_NAMES if k in c.model_fields_set}
        entry = CountryEntry(str(cname), both, {}, c.map, where)
        if c.map is not None and c.map not in maps:
            problems.append(Problem(file, join_path(where, "map"), map_not_in_play(c.map, maps)))
        for m in ("tk", "ds"):
            sec = getattr(c, m)
            if sec is None:
                continue
            if m not in maps:
                problems.append(Problem(file, join_path(where, m), map_not_in_play(m, maps)))
                continue
            if c.map is not None and c.map != m:
                problems.append(Problem(file, join_path(where, m), f"the entry is on the {c.map.upper()} display only (map: {c.map})"))
                continue
            entry.per_map[m] = {k: getattr(sec, k) for k in FACT_NAMES if k in sec.model_fields_set}
        for m in maps:
            shown = entry.on(m)
            if shown is None:
                continue
            if shown.policy and shown.posture != "policy-affected":
                place = join_path(where, m) if m is not None and "posture" in entry.per_map.get(m, {}) else where
                on = f" on the {m.upper()} map" if len(maps) > 1 else ""
                problems.append(Problem(file, join_path(place, "posture"),
                                        f"{cname} has a {shown.policy.capitalize()} Policy marker{on}, which makes it a "
                                        f"Policy Affected Country, but its posture is {shown.posture}"))
                break
        out[key] = entry
    return out


COUNTRY_FIELDS = tuple(f.name for f in fields(Country))


def dependent_of(pos, hex_, map_: str) -> Optional[tuple[str, str]]:
    """``(the country a hex is a Dependent of, the Dependent's name)`` on ``map_``'s display, or None.

    One concept for Dependents and ceded Regions: a hex lies in its Region's Dependent
    when the Region is listed as one ("if the Inner Mongolia Region of Hopeh has become a
    Japanese Dependent", DS 1.2.2.1, 13.3.2), else in its country's.
    """
    for name in (hex_.region, hex_.country):
        c = pos.country(name, map_) if name else None
        if c is not None and c.dependent_of:
            return c.dependent_of, c.name
    return None
