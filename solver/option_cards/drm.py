"""1.1.2.1 Political DRMs: the total DRM of a die roll and every term behind it.

Terms (cumulative):
* VP marker (△): +1 per VP in its box when it reads Axis Tide (TK) or Rising
  Sun (DS); -1 per VP when it reads Allied Crusade.
* USCL: the Political DRM of the European USCL marker on the USCL Track, a
  value the position gives (``uscl-drm``, 0 or less).
* Influence or Neutrality marker of the country selected for the event: only
  on the tables that directly involve that country (Diplomatic Incident,
  International Crisis, a Current Card table); it does not carry over to a
  roll on another table.

Political DRMs apply only to die rolls of the Option Card Segment and the
Political Events Segment.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ...model.files.names import norm_name
from ...model.files.load import Position

#: Tables on which the selected country's Influence or Neutrality marker applies (1.1.2.1).
COUNTRY_TABLES = ("current-card", "diplomatic-incident", "international-crisis")
TABLE_NAMES = {"current-card": "Current Card table", "diplomatic-incident": "Diplomatic Incident Table",
               "international-crisis": "International Crisis Table"}
SEGMENTS = ("option-card", "political-events", "other")
VP_SIDES = {"axis-tide": "Axis Tide", "rising-sun": "Rising Sun", "allied-crusade": "Allied Crusade"}


def table_key(name: str) -> str:
    """``Diplomatic Incident Table`` -> ``diplomatic-incident``; other names normalised the same way."""
    k = norm_name(name).replace(" ", "-").replace("_", "-")
    for suffix in ("-table",):
        if k.endswith(suffix):
            k = k[: -len(suffix)]
    if k in ("card", "current", "current-card"):
        return "current-card"
    return k


def table_title(key: str) -> str:
    return TABLE_NAMES.get(key, " ".join(w.capitalize() for w in key.split("-")) + " Table")


@dataclass
class Term:
    """One Political DRM: ``rule``, ``name``, ``value`` and ``message`` with the facts."""
    rule: str
    name: str
    value: int
    message: str

    def as_json(self) -> dict:
        return {"rule": self.rule, "name": self.name, "value": self.value, "message": self.message}


@dataclass
class Roll:
    """The Political DRM of one roll on ``table``: ``total`` and every ``terms`` entry."""
    table: str
    country: Optional[str]
    total: int
    terms: list = field(default_factory=list)

    def as_json(self) -> dict:
        return {"table": self.table, "country": self.country, "drm": self.total, "terms": [t.as_json() for t in self.terms]}


def _signed(v: int) -> str:
    return f"{v:+d}"


def country_marker(pos: Position, country: str, map_: str) -> tuple[int, str]:
    """The DRM of the Influence or Neutrality marker of ``country`` on ``map_``'s Posture Display
    and what it is.

    Raises ``ValueError`` when the country is not on that display.
    """
    c = pos.country(country, map_)
    if c is None:
        raise ValueError(f"country {country} is not on the {map_.upper()} Posture Display of the state file")
    if c.influence is not None and c.influence != 0:
        return c.influence, f"{c.name} has an Influence marker with a {_signed(c.influence)} DRM"
    if c.neutrality is not None and c.neutrality != 0:
        return c.neutrality, f"{c.name} has a Neutrality marker with a {_signed(c.neutrality)} DRM"
    return 0, f"{c.name} has no Influence or Neutrality marker"


def political_drm(pos: Position, map_: str, table: str, country: Optional[str], segment: str) -> Roll:
    """The Political DRM (1.1.2.1) of one roll on ``table`` (a :func:`table_key`)
    on ``map_``, for the event's selected ``country`` (or None), in ``segment``
    (``option-card``, ``political-events`` or ``other``: no Political DRM).

    Returns a :class:`Roll`. Raises ``ValueError`` for a country not in the
    state file.
    """
    title = table_title(table)
    if segment == "other":
        return Roll(title, country, 0, [Term("1.1.2.1", "segment", 0,
                    "Political DRMs apply only to die rolls of the Option Card and Political Events Segments")])
    terms = []
    vp, note = pos.markers.vp(map_)          # each map has its own VP marker (AE)
    if vp is None:
        terms.append(Term("1.1.2.1", "VP marker", 0, f"{note}: no VP DRM" if note else "no VP marker in the state file (markers.vp)"))
    else:
        if vp.side == "allied-crusade":
            v = -vp.box
            terms.append(Term("1.1.2.1", "VP marker", v, f"the VP marker reads Allied Crusade in the {vp.box} VP Box: -1 per VP = {_signed(v)}"))
        else:                       # the map's own Axis side (△ Axis Tide / Rising Sun): the other map's is refused on reading
            v = vp.box
            terms.append(Term("1.1.2.1", "VP marker", v, f"the VP marker reads {VP_SIDES[vp.side]} in the {vp.box} VP Box: +1 per VP = {_signed(v)}"))
    u = pos.seasonal.uscl_drm or 0
    terms.append(Term("1.1.2.1", "USCL", u, f"the European USCL marker gives {_signed(u) if u else '0'}"
                      + (" (uscl-drm not given: the US has not entered the war)" if pos.seasonal.uscl_drm is None else "")))
    if country is not None:
        v, what = country_marker(pos, country, map_)
        if table in COUNTRY_TABLES:
            terms.append(Term("1.1.2.1", "Influence/Neutrality", v, f"{what}; it applies on the {title}"))
        else:
            terms.append(Term("1.1.2.1", "Influence/Neutrality", 0,
                              f"{what}, but it applies only to rolls on the Diplomatic Incident Table, the International "
                              f"Crisis Table or a Current Card table, not on the {title}: it does not carry over"))
    return Roll(title, country, sum(t.value for t in terms), terms)
