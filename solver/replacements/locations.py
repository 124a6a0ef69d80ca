"""1.3.4 Placing Replacements: the Replacement Locations of each unit, as tables.

Each map has its own list (△). :data:`LOCATIONS` holds one row per item of
the lists of both maps, in the order of the rules text, each a row of 1.3.4
with the text it encodes; :data:`PROHIBITIONS` the sentences that forbid
a location. A row says *who* it is for (a unit as one of its nationalities)
and *where* that unit may go; a location that almost qualifies (an HQ out
of supply, a City under enemy control) is recorded with the reason, so that
a ruling can say why.

Enemy units and markers in a location are not considered here: the rule
"a replacement unit cannot be placed in a hex that contains an enemy ground
unit, support unit, Detachment, or Logistics marker" is posted as a
constraint (:mod:`.rules`).
"""
from __future__ import annotations

from functools import partial
from typing import Callable, Optional

from ...model.game.board import Board, Unit, same_country
from ...model.game.countries import dependent_of
from ...model.files.names import norm_name
from ...model.game.vocabulary import ALLIED, faction_name

from ..engine.registry import Row, rules
from .context import ReplacementContext

TK, DS, BOTH = ("tk",), ("ds",), ("tk", "ds")


def western_logistics_targets(board: Board, map_: str) -> list[str]:
    """Where the Western Logistics marker traces its supply line (1.3.4 △): TK the
    Eastern US/Canada Box or a supply source in Great Britain; DS the Western US Off-Map Box."""
    if map_ == "tk":
        return [b for b in [board.box("Eastern US/Canada")] if b] + board.supply_sources("Britain")
    return [b for b in [board.box("Western US")] if b]


# =============================================================================== where: the places a row names

def _home_hexes(ctx, nat):
    return [h for h in ctx.board.hexes_in(nat) if h.map in (None, ctx.map)]


def _dependent_of(ctx, hex_, of: str) -> bool:
    """The hex lies in a Dependent of ``of`` (its country's, or a Region ceded to it: model.game.countries.dependent_of)."""
    dep = dependent_of(ctx.pos, hex_, ctx.map)
    return dep is not None and same_country(dep[0], of)


def _add_box(ctx, ok, name: str, basis: str) -> None:
    b = ctx.board.box(name)
    if b:
        ok.setdefault(b, basis)


def home_cities(ctx, u, nat, ok, near):
    for h in _home_hexes(ctx, nat):
        if h.city:
            ok.setdefault(h.id, f"a Home Country City hex of {nat}")


def home_hqs(ctx, u, nat, ok, near):
    for h in _home_hexes(ctx, nat):
        for hq in h.units:
            if hq.type == "hq" and hq.faction == ctx.faction and hq.has_nationality(nat):
                tr = ctx.trace(f"HQ {hq.id} in {h.id}", h.id, ctx.board.supply_sources(nat), hq.supplied, False)
                if tr.ok:
                    ok.setdefault(h.id, f"a Home Country hex of {nat} with the supplied {nat} HQ {hq.id} ({tr.reason})")
                else:
                    near.setdefault(h.id, f"the {nat} HQ {hq.id} in {h.id} is not supplied: {tr.reason}")


def partisan_bases(ctx, u, nat, ok, near):
    anyone = ctx.pos.interpretations_in_force["partisan-base-faction"] == "any"   # a named interpretation
    for h in _home_hexes(ctx, nat):
        if any(m.type == "partisan-base" and (anyone or m.faction in (None, ctx.faction)) for m in h.markers):
            ok.setdefault(h.id, f"a Home Country hex of {nat} with a Partisan Base")


def _logistics_site_at(faction: str, name: Optional[str], targets: Callable, overland: bool, label: str,
                       ctx, u, nat, ok, near):
    for h in ctx.board.hexes.values():
        if h.map not in (None, ctx.map):
            continue
        for m in h.markers:
            if m.type != "logistics" or m.faction != faction or (name is not None and norm_name(m.name or "") != norm_name(name)):
                continue
            tr = ctx.trace(f"{m.label} in {h.id}", h.id, targets(ctx), m.supplied, overland)
            if tr.ok:
                ok.setdefault(h.id, f"{m.label} in {h.id}, {tr.reason} ({label})")
            else:
                near.setdefault(h.id, f"the {m.label} in {h.id} cannot trace {'an overland ' if overland else 'a '}"
                                      f"supply line to {label}: {tr.reason}")


def logistics_site(faction: str, name: Optional[str], targets: Callable, overland: bool, label: str):
    """The hex of ``faction``'s Logistics marker (``name``: that marker only) if it traces
    (``overland``: an overland) supply line to ``targets(ctx)``."""
    return partial(_logistics_site_at, faction, name, targets, overland, label)   # pragma: no mutate (runs once, at import)


def _sources_at(country: str, boxes: tuple, ctx) -> list:
    return ctx.board.supply_sources(country) + [b for b in (ctx.board.box(x) for x in boxes) if b]


def sources(country: str, *boxes: str):
    """The supply sources of ``country`` (and these Off-Map Boxes) as trace targets."""
    return partial(_sources_at, country, boxes)   # pragma: no mutate (runs once, at import)


def _box_place(name: str, basis: Optional[str], ctx, u, nat, ok, near) -> None:
    _add_box(ctx, ok, name, basis or f"the {name} Box")


def box(name: str, basis: Optional[str] = None):
    """The placement of a row that names one Off-Map Box (``basis``: the reason's words)."""
    return partial(_box_place, name, basis)   # pragma: no mutate (runs once, at import)


def _dependent_cities_at(country: str, adjective: str, ctx, u, nat, ok, near):
    for h in ctx.board.hexes.values():
        if h.map in (None, ctx.map) and h.city and _dependent_of(ctx, h, country):
            dep = dependent_of(ctx.pos, h, ctx.map)[1]
            if h.control == ctx.faction:
                ok.setdefault(h.id, f"a City under friendly control in the {adjective} Dependent {dep}")
            else:
                near.setdefault(h.id, f"{h.id} is a City in the {adjective} Dependent {dep} but not under "
                                      f"{faction_name(ctx.faction)} control")


def dependent_cities(country: str, adjective: str):
    """A City under friendly control in any of ``country``'s Dependents; such a City under enemy control is a near miss."""
    return partial(_dependent_cities_at, country, adjective)   # pragma: no mutate (runs once, at import)


def _western_cities_at(country: str, basis: str, ctx, u, nat, ok, near):
    for h in ctx.board.hexes.values():
        if h.map in (None, ctx.map) and h.city and same_country(h.country, country):
            if h.control == "western":
                ok.setdefault(h.id, basis.format(country=country, code=u.colonial_code))
            else:
                near.setdefault(h.id, f"{h.id} is a City in {country} but not under Western control")


def _present(ctx, h, nat) -> bool:
    """A ground unit of ``nat``, or an Axis Detachment or Logistics marker, in hex ``h``."""
    return any(u.ground and u.has_nationality(nat) for u in h.units) or any(
        m.type in ("detachment", "logistics") and m.faction == "axis" for m in h.markers)


def british_colonial_tk(ctx, u, nat, ok, near):
    # Afr, Fra or SA - Africa Box; Aus, Ind or NZ - Middle East Box; Can - Eastern US/Canada Box;
    # Fra, Italy, Pol, Spain, Swe, or Turk - Any City hex in Great Britain or the Eastern US/Canada Box.
    table = {"afr": ["Africa"], "fra": ["Africa", "@gb", "Eastern US/Canada"], "sa": ["Africa"],
             "aus": ["Middle East"], "ind": ["Middle East"], "nz": ["Middle East"], "can": ["Eastern US/Canada"],
             "italy": ["@gb", "Eastern US/Canada"], "pol": ["@gb", "Eastern US/Canada"],
             "spain": ["@gb", "Eastern US/Canada"], "swe": ["@gb", "Eastern US/Canada"],
             "turk": ["@gb", "Eastern US/Canada"]}
    for where in table.get((u.colonial_code or "").casefold(), []):
        if where == "@gb":
            for h in _home_hexes(ctx, "Britain"):
                if h.city:
                    ok.setdefault(h.id, f"a City hex in Great Britain (British colonial {u.colonial_code})")
        else:
            _add_box(ctx, ok, where, f"the {where} Box (British colonial {u.colonial_code})")


def british_colonial_ds(ctx, u, nat, ok, near):
    # Afr - Europe/Africa Box; Aus - Australia; Ind - India; NZ - New Zealand (a City under Western control).
    where = {"afr": "@Europe/Africa", "aus": "Australia", "ind": "India", "nz": "New Zealand"}.get(
        (u.colonial_code or "").casefold())
    if where == "@Europe/Africa":
        _add_box(ctx, ok, "Europe/Africa", "the Europe/Africa Box (British colonial Afr)")
    elif where:
        _western_cities_at(where, "a City under Western control in {country} (British colonial {code})", ctx, u, nat, ok, near)


def german_colonial(ctx, u, nat, ok, near):
    for h in ctx.board.hexes.values():
        c = ctx.country(h.country)
        soviet = same_country(h.country, "Russia") or bool(c and c.alignment == "soviet")
        if h.map in (None, "tk") and h.strategic and soviet:
            if _present(ctx, h, "Germany"):
                ok.setdefault(h.id, "a Soviet Strategic Hex with a German ground unit, Detachment or Logistics marker")
            else:
                near.setdefault(h.id, f"{h.id} is a Soviet Strategic Hex without a German ground unit, Detachment or Logistics marker")


def japanese_colonial(ctx, u, nat, ok, near):
    code = (u.colonial_code or "").casefold()
    for h in ctx.board.hexes.values():
        if h.map not in (None, "ds") or not h.city:
            continue
        c = ctx.country(h.country)
        if code == "col":      # "in any Japanese Dependent or Conquered Allied Country"
            fits = _dependent_of(ctx, h, "Japan") or bool(c and c.status == "conquered" and c.alignment in ALLIED)
            what = "a Japanese Dependent or Conquered Allied Country"
        elif code == "bur":    # "Bur - Burma"
            fits, what = same_country(h.country, "Burma"), "Burma"
        elif code == "ind":    # "Ind - India"
            fits, what = same_country(h.country, "India"), "India"
        elif code == "rus":    # "Rus - Russia or any Far East Region Japanese Dependent"
            fits = same_country(h.country, "Russia") or (
                _dependent_of(ctx, h, "Japan") and norm_name(h.region or "") == "far east")
            what = "Russia or a Far East Region Japanese Dependent"
        else:
            fits, what = False, ""
        if not fits:
            continue
        if _present(ctx, h, "Japan"):
            ok.setdefault(h.id, f"a City in {what} with a Japanese ground unit, Detachment or Logistics marker")
        else:
            near.setdefault(h.id, f"{h.id} is a City in {what} without a Japanese ground unit, Detachment or Logistics marker")


def philippine_cities(ctx, u, nat, ok, near):
    for h in ctx.board.hexes.values():
        if h.map in (None, "ds") and h.city and same_country(h.country, "Philippines"):
            if h.control == "western":
                ok.setdefault(h.id, "a City in the Philippines under Western control")
            else:
                near.setdefault(h.id, f"{h.id} is a City in the Philippines but not under Western control")


# =============================================================================== who: the units a row is for

def _is(*names: str):
    return lambda nat: any(same_country(nat, n) for n in names)


def _code(u: Unit) -> str:
    return (u.colonial_code or "").casefold()


def _row(maps: tuple, who: Callable, where: Callable, text: str, title: str = "Replacement Locations",
         interpretations: tuple = ()) -> Row:
    """One item of a map's list of Replacement Locations (1.3.4), a row of 1.3.4: the ``maps`` whose list has
    it, ``when`` = ``who(ctx, unit, nationality)`` it is for, ``run`` = ``where(ctx, unit, nationality, ok, near)``
    and the ``text`` it encodes (a prohibition: ``title`` "Prohibited Locations"); the ``interpretations`` it reads."""
    return rules["1.3.4"].row(title, interpretations=interpretations, maps=maps, when=who, run=where, text=text)


#: 1.3.4 Replacement Locations of the TK and DS lists, in the order of the rules text.
LOCATIONS = (
    _row(BOTH, lambda ctx, u, n: not u.is_colonial and (ctx.map == "tk" or not u.kwantung), home_cities,
         '"A non-colonial unit can be placed in a Home Country City hex." (TK) "△ A non-colonial, non-Kwantung'
         ' unit can be placed in a Home Country City hex." (DS)'),
    _row(BOTH, lambda ctx, u, n: not u.is_colonial and (ctx.map == "tk" or not u.kwantung), home_hqs,
         '"A non-colonial unit can be placed in any Home Country hex that contains a supplied HQ of the same '
         'nationality." (TK; DS: "△ A non-colonial, non-Kwantung unit ...")'),
    _row(BOTH, lambda ctx, u, n: ctx.is_minor(n), partisan_bases,
         '"A Minor Country unit can be placed in a Home Country hex that contains a Partisan Base marker." '
         '(both)', interpretations=("partisan-base-faction",)),
    _row(TK, lambda ctx, u, n: _is("Britain", "US")(n),
             logistics_site("western", None, lambda ctx: western_logistics_targets(ctx.board, "tk"), False,
                            "the Eastern US/Canada Box or a supply source in Great Britain"),
         'TK "△ A British or US unit can be placed in the hex containing a Western Logistics marker, if that '
         'marker can trace a supply line to the Eastern US/Canada Box or a supply source in Great Britain."'),
    _row(TK, lambda ctx, u, n: _is("Britain")(n) and u.is_colonial, british_colonial_tk,
         'TK "△ A British colonial unit can be placed as follows: Afr, Fra or SA - Africa Box; Aus, Ind or NZ '
         '- Middle East Box; Can - Eastern US/Canada Box; Fra, Italy, Pol, Spain, Swe, or Turk - Any City hex '
         'in Great Britain or the Eastern US/Canada Box."'),
    _row(TK, lambda ctx, u, n: _is("France")(n) and u.is_colonial, dependent_cities("France", "French"),
         'TK "A French colonial unit must be placed in a City under friendly control in any French Dependent."'),
    _row(TK, lambda ctx, u, n: _is("Germany")(n) and not u.is_colonial,
             logistics_site("axis", None, sources("Germany"), True, "a supply source in Germany"),
         'TK "△ A German unit can be placed in the hex containing an Axis Logistics marker if it can trace an '
         'overland supply line to a supply source in Germany."'),
    _row(TK, lambda ctx, u, n: _is("Germany")(n) and u.is_colonial, german_colonial,
         'TK "△ A German colonial unit must be placed in a Soviet Strategic Hex that contains a German ground '
         'unit, Detachment, or Logistics marker."'),
    _row(TK, lambda ctx, u, n: _is("Italy")(n) and u.is_colonial, dependent_cities("Italy", "Italian"),
         'TK "△ An Italian colonial unit must be placed in a City under friendly control in any Italian '
         'Dependent."'),
    _row(TK, lambda ctx, u, n: _is("Russia")(n),
             logistics_site("soviet", None, sources("Russia"), True, "a supply source in Russia"),
         'TK "A Russian unit can be placed in the hex containing the Soviet Logistics marker if it can trace '
         'an overland supply line to a supply source in Russia."'),
    _row(TK, lambda ctx, u, n: _is("Russia")(n), box("Central Asia"),
         'TK "A Russian unit can be placed in the Central Asia Box."'),
    _row(TK, lambda ctx, u, n: _is("US")(n), box("Eastern US/Canada", "the Eastern US/Canada Off-Map Box"),
         'TK "△ A US unit can be placed in the Eastern US/Canada Off-Map Box."'),
    _row(DS, lambda ctx, u, n: _is("Britain")(n) and not u.is_colonial,
             box("Europe/Africa", "the Europe/Africa Off-Map Box"),
         'DS "△ A British non-colonial can be placed in the Europe/Africa Off-Map Box."'),
    _row(DS, lambda ctx, u, n: _is("Britain")(n) and u.is_colonial, british_colonial_ds,
         'DS "△ A British colonial must be placed in a City hex in the proper Dependent or Off-Map Box '
         'identified below. The City must be under Western control. Afr - Europe/Africa Box; Aus - Australia; '
         'Ind - India; NZ - New Zealand"'),
    _row(DS, lambda ctx, u, n: _is("France")(n) and u.is_colonial, dependent_cities("France", "French"),
         'DS "A French colonial unit must be placed in a City in a French Dependent. The City must be under '
         'friendly control."'),
    _row(DS, lambda ctx, u, n: _is("France")(n) and not u.is_colonial,
             box("Europe/Africa", "the Europe/Africa Off-Map Box"),
         'DS "△ A French non-colonial unit must be placed in the Europe/Africa Off-Map Box."'),
    _row(DS, lambda ctx, u, n: _is("Japan")(n) and not u.is_colonial and not u.kwantung,
             logistics_site("axis", "IGHQ", sources("Japan"), False, "a supply source in Japan"),
         'DS "△ A Japanese non-colonial, non-Kwantung unit can be placed in a hex containing the Axis IGHQ '
         'Logistics marker if it can trace a supply line to a supply source in Japan."'),
    _row(DS, lambda ctx, u, n: _is("Japan")(n) and u.kwantung,
             logistics_site("axis", "Kwantung", sources("Japan"), False, "a supply source in Japan"),
         'DS "△ A Japanese Kwantung unit can be placed in a hex containing the Axis Kwantung Logistics marker '
         'if it can trace a supply line to a supply source in Japan. ... the only location where Kwantung '
         'replacements can be placed"'),
    _row(DS, lambda ctx, u, n: _is("Japan")(n) and u.is_colonial, japanese_colonial,
         'DS "△ A Japanese Col colonial unit must be placed in a City hex in any Japanese Dependent or '
         'Conquered Allied Country that contains a Japanese ground unit, Detachment, or Logistics marker." and'
         ' "△ A Japanese Bur, Ind, or Rus colonial unit must be placed in a City hex in the Country or '
         'Dependent named as follows. The City must contain a Japanese ground unit, Detachment, or Logistics '
         'marker. Bur - Burma; Ind - India; Rus - Russia or any Far East Region Japanese Dependent"'),
    _row(DS, lambda ctx, u, n: _is("Russia")(n),
             logistics_site("soviet", None, lambda ctx: sources("Russia", *ctx.pos.interpretations_in_force[
                 "soviet-off-map-boxes"])(ctx), True, "a supply source in Russia or a Soviet Off-Map Box"),
         'DS "A Russian unit can be placed in the hex containing the Soviet Logistics marker if it can trace '
         'an overland supply line to a supply source in Russia or a Soviet Off-Map Box." (which boxes: '
         'interpretation soviet-off-map-boxes)', interpretations=("soviet-off-map-boxes",)),
    _row(DS, lambda ctx, u, n: _is("Russia")(n), box("Eastern Europe"),
         'DS "△ A Russian unit can be placed in the Eastern Europe Box."'),
    _row(DS, lambda ctx, u, n: _is("US")(n) and not u.is_colonial, box("Western US", "the Western US Off-Map Box"),
         'DS "△ A US non-colonial unit can be placed in the Western US Off- Map Box."'),
    _row(DS, lambda ctx, u, n: _is("US")(n) and u.is_colonial and _code(u) == "phil", philippine_cities,
         'DS "△ A US Phil colonial unit must be placed in a City in the Philippines. The City must be under '
         'Western control."'),
    _row(DS, lambda ctx, u, n: _is("US")(n) and not u.is_colonial,
             logistics_site("western", None, lambda ctx: western_logistics_targets(ctx.board, "ds"), False,
                            "the Western US Off-Map Box"),
         'DS "△ A US unit can be placed in the hex containing a Western Logistics marker if it can trace a '
         'supply line to the Western US Off-Map Box." (a US Phil colonial unit "must" go to the Philippines)'),
    # "The Western Airborne unit may be placed as either a British or US unit.": every row is tried for each
    # nationality of a unit (replacement_locations).
)


# =============================================================================== prohibitions

def _forbid(ok: dict, near: dict, bad: Callable[[str], bool], why: str) -> None:
    for loc in list(ok):
        if bad(loc):
            near[loc] = why
            del ok[loc]


def _no_boxes(ctx, u, nat, ok, near):
    why = "a British non-colonial unit cannot be placed in any Off-Map Box"
    for b in ctx.board.boxes:
        near.setdefault(b, why)
    _forbid(ok, near, ctx.board.is_box, why)


def _no_dependent_at(country: str, adjective: str, ctx, u, nat, ok, near):
    _forbid(ok, near, lambda loc: loc in ctx.board.hexes and _dependent_of(ctx, ctx.board.hexes[loc], country),
            f"a {adjective} non-colonial unit cannot be placed in a {adjective} Dependent")


def _no_dependent(country: str, adjective: str):
    return partial(_no_dependent_at, country, adjective)   # pragma: no mutate (runs once, at import)


def _only_europe_africa(ctx, u, nat, ok, near):
    ea = ctx.board.box("Europe/Africa")
    _forbid(ok, near, lambda loc: loc != ea, "a French non-colonial unit must be placed in the Europe/Africa Off-Map Box")


PROHIBITED = "Prohibited Locations"
#: The sentences of 1.3.4 that forbid a location, applied after :data:`LOCATIONS`.
PROHIBITIONS = (
    _row(TK, lambda ctx, u, n: _is("Britain")(n) and not u.is_colonial and len(u.nationality) == 1, _no_boxes,
         'TK "A British non-colonial unit cannot be placed in any Off-Map Box." (not the multinational '
         'airborne unit, which may be placed as a US unit)', PROHIBITED),
    _row(TK, lambda ctx, u, n: _is("France")(n) and not u.is_colonial, _no_dependent("France", "French"),
         'TK "A French non-colonial unit cannot be placed in a French Dependent."', PROHIBITED),
    _row(TK, lambda ctx, u, n: _is("Italy")(n) and not u.is_colonial, _no_dependent("Italy", "Italian"),
         'TK "An Italian non-colonial unit cannot be placed in an Italian Dependent."', PROHIBITED),
    _row(DS, lambda ctx, u, n: _is("France")(n) and not u.is_colonial, _only_europe_africa,
         'DS "△ A French non-colonial unit must be placed in the Europe/Africa Off-Map Box."', PROHIBITED),
)


def replacement_locations(ctx: ReplacementContext, u: Unit) -> tuple[dict, dict]:
    """1.3.4 Replacement Locations of unit ``u`` on the context's map.

    Returns ``(ok, near)``: ``ok`` maps each location where the unit may be
    placed to the basis in words, in the order of the rules' list;
    ``near`` maps locations that fail a condition (supply, control,
    presence, a prohibition) to the reason. Every row of :data:`LOCATIONS`
    and :data:`PROHIBITIONS` of the context's map is tried for each of the
    unit's nationalities (△).
    """
    ok: dict = {}
    near: dict = {}
    for nat in u.nationality:
        for row in LOCATIONS:
            if ctx.map in row.maps and row.when(ctx, u, nat):
                row.run(ctx, u, nat, ok, near)
    for nat in u.nationality:
        for row in PROHIBITIONS:
            if ctx.map in row.maps and row.when(ctx, u, nat):
                row.run(ctx, u, nat, ok, near)
    # DS "Remember that only Western units are allowed in the Europe/Africa Off-Map Box."
    ea = ctx.board.box("Europe/Africa")
    if ctx.map == "ds" and ea in ok and ctx.faction != "western":
        near[ea] = "only Western units are allowed in the Europe/Africa Off-Map Box"
        del ok[ea]
    return ok, near
