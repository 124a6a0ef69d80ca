"""Selection Requirements as data (FORMAT section 3).

:func:`parse_requirements` turns a card's ``requires`` list into the
dataclasses below, reporting every unknown item, field or value as a
:class:`~model.files.errors.Problem`. Whether a requirement holds is a rule
(1.1.3.1) and is decided in :mod:`solver.selection.requirements`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Union

from .cards import parse_card_ref
from .vocabulary import WarState
from ..files.errors import Problem, join_path
from ..files.wording import unknown
from ..files.names import norm_key, norm_word

POSTURES = ("war", "policy-affected", "truce-affected")
STATUSES = ("active", "neutral", "conquered")
ALIGNMENTS = ("axis", "western", "soviet", "none")
COUNTRY_FIELDS = {"posture": POSTURES, "status": STATUSES, "alignment": ALIGNMENTS}
GOVERNMENTS = ("army", "navy", "none")
EUROPEAN_WAR = ("none", "limited", "total")


@dataclass(frozen=True)
class Played:
    """``played: CARD`` (``negate``: ``not-played: CARD``)."""
    card: str
    negate: bool = False


@dataclass(frozen=True)
class WarStateIs:
    """``war-state: ...``: the war state of ``map`` (None: the card's own map) is one of ``states``."""
    states: tuple
    map: Optional[str] = None


@dataclass(frozen=True)
class CountryIs:
    """``posture: {C: v}`` / ``country: {C: {field: v}}``: ``fields`` is ((country, field, value), ...)."""
    fields: tuple


@dataclass(frozen=True)
class GovernmentIs:
    """``government: army|navy|none``: which branch leads the Japanese Government."""
    value: str


@dataclass(frozen=True)
class EuropeanWar:
    """``european-war: limited|total|none``."""
    value: str


@dataclass(frozen=True)
class MarkerIn:
    """``marker: NAME`` or ``marker: {name: NAME, in: BOX}``."""
    name: str
    box: Optional[str] = None


@dataclass(frozen=True)
class Flag:
    """``flag: NAME``."""
    name: str


@dataclass(frozen=True)
class AnyOf:
    items: tuple


@dataclass(frozen=True)
class AllOf:
    items: tuple


@dataclass(frozen=True)
class Not:
    item: Any


Requirement = Union[Played, WarStateIs, CountryIs, GovernmentIs, EuropeanWar, MarkerIn, Flag, AnyOf, AllOf, Not]

ITEMS = ("played", "not-played", "war-state", "posture", "country", "government", "european-war", "marker", "flag", "any", "all", "not")


#: The deepest a requirement nests (``any``/``all``/``not`` inside each other, docs/decks.md): every card of the
#: rulebooks needs 3 at most; hundreds would exhaust Python's recursion in the evaluation and the CP-SAT compiler.
MAX_DEPTH = 32


class _Bad(Exception):
    def __init__(self, where: str, message: str):
        self.where, self.message = where, message


def _choice(value: Any, allowed: tuple, what: str, where: str) -> str:
    key = norm_word(value) if value is not None else "none"
    if key not in allowed:
        raise _Bad(where, unknown(what, value, allowed))
    return key


def _states(value: Any, where: str) -> tuple:
    vals = value if isinstance(value, list) else [value]
    if not vals:
        raise _Bad(where, "empty list of war states")
    out = []
    for i, v in enumerate(vals):
        try:
            out.append(WarState.of(v))
        except ValueError as exc:
            raise _Bad(join_path(where, i) if isinstance(value, list) else where, str(exc)) from None
    return tuple(out)


def _parse(item: Any, where: str, map_: str, faction: str, depth: int = 1) -> Requirement:
    if depth > MAX_DEPTH:
        raise _Bad(where, f"a requirement nested more than {MAX_DEPTH} levels deep (any/all/not): "
                          f"the limit is {MAX_DEPTH} (docs/decks.md)")
    if not isinstance(item, dict) or len(item) != 1:
        raise _Bad(where, f"a requirement is a mapping with one key ({', '.join(ITEMS)}), not {item!r}")
    (key, value), = item.items()
    key = norm_key(key)
    here = join_path(where, str(key))
    if key in ("played", "not-played"):
        try:
            return Played(parse_card_ref(value, map_, faction), negate=(key == "not-played"))
        except ValueError as exc:
            raise _Bad(here, str(exc)) from None
    if key == "war-state":
        return _war_state_item(value, here, map_)
    if key == "posture":
        if not isinstance(value, dict) or not value:
            raise _Bad(here, "write posture: {Country: war|policy-affected|truce-affected}")
        return CountryIs(tuple((str(c), "posture", _choice(p, POSTURES, "posture", join_path(here, str(c)))) for c, p in value.items()))
    if key == "country":
        return _country_item(value, here)
    if key == "government":
        return GovernmentIs(_choice(value, GOVERNMENTS, "government", here))
    if key == "european-war":
        return EuropeanWar(_choice(value, EUROPEAN_WAR, "european-war value", here))
    if key == "marker":
        return _marker_item(value, here)
    if key == "flag":
        if not isinstance(value, (str, int)) or isinstance(value, bool) or not str(value).strip():
            raise _Bad(here, "write flag: NAME")
        return Flag(str(value).strip())
    if key in ("any", "all"):
        if not isinstance(value, list) or not value:
            raise _Bad(here, f"write {key}: [ITEMS] with at least one item")
        items = tuple(_parse(x, join_path(here, i), map_, faction, depth + 1) for i, x in enumerate(value))
        return AnyOf(items) if key == "any" else AllOf(items)
    if key == "not":
        return Not(_parse(value, here, map_, faction, depth + 1))
    raise _Bad(here, unknown("requirement item", key, ITEMS))


def _war_state_item(value: Any, here: str, map_: str) -> WarStateIs:
    """``war-state: [states]`` (the card's map) or ``war-state: {map: tk|ds, is: [states]}``."""
    if isinstance(value, dict):
        v = {norm_key(k): x for k, x in value.items()}
        extra = set(v) - {"map", "is"}
        if extra or "is" not in v:
            raise _Bad(here, "write war-state: {map: tk|ds, is: [states]}")
        m = str(v.get("map", map_)).strip().lower()
        if m not in ("tk", "ds"):
            raise _Bad(join_path(here, "map"), unknown("map", v.get("map"), ("tk", "ds")))
        return WarStateIs(_states(v["is"], join_path(here, "is")), m)
    return WarStateIs(_states(value, here), None)


def _country_item(value: Any, here: str) -> CountryIs:
    """``country: {Country: {status: ..., alignment: ..., posture: ...}}``."""
    if not isinstance(value, dict) or not value:
        raise _Bad(here, "write country: {Country: {status: ..., alignment: ..., posture: ...}}")
    fields = []
    for c, spec in value.items():
        cw = join_path(here, str(c))
        if not isinstance(spec, dict) or not spec:
            raise _Bad(cw, "give the country's fields: status, alignment, posture")
        for f, v in spec.items():
            f = norm_key(f)
            if f not in COUNTRY_FIELDS:
                raise _Bad(join_path(cw, str(f)), unknown("country field", f, tuple(COUNTRY_FIELDS)))
            fields.append((str(c), f, _choice(v, COUNTRY_FIELDS[f], f, join_path(cw, f))))
    return CountryIs(tuple(fields))


def _marker_item(value: Any, here: str) -> MarkerIn:
    """``marker: NAME`` or ``marker: {name: NAME, in: BOX}``."""
    if isinstance(value, dict):
        v = {norm_key(k): x for k, x in value.items()}
        if set(v) - {"name", "in"} or "name" not in v or not all(
                isinstance(x, (str, int)) and not isinstance(x, bool) for x in (v["name"], v.get("in", "")) if x is not None):
            raise _Bad(here, "write marker: NAME or marker: {name: NAME, in: BOX}")
        return MarkerIn(str(v["name"]), None if v.get("in") is None else str(v["in"]))
    if not isinstance(value, str) or not value.strip():
        raise _Bad(here, "write marker: NAME")
    return MarkerIn(value.strip())


def parse_requirements(items: list, file: str, where: str, map_: str, faction: str) -> tuple[list, list[Problem]]:
    """Parse a card's ``requires`` list.

    ``where`` is the YAML path of the list (``cards[3].requires``); a bare card
    number means ``faction``'s card on ``map_``. Returns the parsed items and
    the problems found (every bad item is reported; bad items are dropped).
    """
    out, problems = [], []
    for i, item in enumerate(items):
        try:
            out.append(_parse(item, join_path(where, i), map_, faction))
        except _Bad as bad:
            problems.append(Problem(file, bad.where, bad.message))
    return out, problems


def referenced_cards(req: Requirement) -> list[str]:
    """Every card id a requirement names (for checking that the cards exist)."""
    if isinstance(req, Played):
        return [req.card]
    if isinstance(req, (AnyOf, AllOf)):
        return [c for it in req.items for c in referenced_cards(it)]
    if isinstance(req, Not):
        return referenced_cards(req.item)
    return []
