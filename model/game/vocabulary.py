"""The game's vocabulary, once: factions, maps and war states (a leaf module).

Every layer imports these names from here and nowhere else: the factions and
their display names, the two maps, and the ordered :class:`WarState` with the
colour of its cards (FORMAT 2: pre-war blue, limited gray, total red).
See docs/design.md "One vocabulary".
"""
from __future__ import annotations

from enum import Enum
from typing import Literal

from ..files.names import norm_word
from ..files.wording import unknown

#: A faction (FORMAT 1): Axis, Western, Soviet. Western and Soviet are the Allied factions.
Faction = Literal["axis", "western", "soviet"]
FACTIONS: tuple[Faction, ...] = ("axis", "western", "soviet")
ALLIED: tuple[Faction, ...] = ("western", "soviet")
_FACTION_NAMES = {"axis": "Axis", "western": "Western", "soviet": "Soviet"}

#: A map (FORMAT 1): ``tk`` (Totaler Krieg!, Europe) or ``ds`` (Dai Senso!, Pacific).
Map = Literal["tk", "ds"]
MAPS: tuple[Map, ...] = ("tk", "ds")


def faction_name(faction: str) -> str:
    """The faction as the rules name it: ``faction_name('western')`` -> ``'Western'``.

    Raises ``KeyError`` for a name that is not a faction.
    """
    return _FACTION_NAMES[faction]


def with_article(word: str) -> str:
    """``an Axis``, ``a Soviet``, ``an Offensive``: the indefinite article English wants."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def join_and(items) -> str:
    """``a``, ``a and b``, ``a, b and c``: a list as a sentence lists it."""
    items = [str(x) for x in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def plural(n: int, singular: str, plural_form: str = "") -> str:
    """``1 card``, ``2 cards`` (``plural_form`` when the plural is not singular + s)."""
    return f"{n} {singular if n == 1 else (plural_form or singular + 's')}"


def step_words(label: str, count: int, bare: bool = False) -> str:
    """The words for ``count`` steps of pool ``label``, without the number: ``Russia infantry steps``,
    ``minor step`` (an ``any`` pool's label already ends in "step": ``minor step`` -> ``minor steps``, never
    "minor step steps", and ``minor steps (Minor Country Production +1)``); else "step" follows the label
    (``Japan infantry (Hakko Ichiu) steps``), or with ``bare`` the label stands alone (``Russia infantry``)."""
    s = "" if count == 1 else "s"
    head, sep, tail = label.partition(" (")
    if head.endswith(" step"):
        return f"{head}{s}{sep}{tail}"
    return label if bare else f"{label} step{s}"


class WarState(str, Enum):
    """A war state (12), ordered Pre-War < Limited War < Total War.

    A member is also the plain string of FORMAT (``WarState.TOTAL == "total"``),
    so it may key dicts, be compared with file values and be written to JSON.
    ``rank`` orders them; ``display`` is the rules' name (``Limited War``);
    ``colour`` the colour of its cards (FORMAT 2).
    """

    PRE_WAR = "pre-war"
    LIMITED = "limited"
    TOTAL = "total"

    __str__ = str.__str__
    __format__ = str.__format__

    @property
    def rank(self) -> int:
        return _RANK[self.value]

    @property
    def display(self) -> str:
        return _TITLES[self.value]

    @property
    def colour(self) -> str:
        return _COLOURS[self.value]

    @classmethod
    def of(cls, value: object) -> "WarState":
        """The war state a file spells ``value`` (``pre-war``/``blue``, ``limited``/``gray``/``Limited War``,
        ``total``/``red``). Raises ``ValueError`` naming the accepted values."""
        if isinstance(value, WarState):
            return value
        key = norm_word(value)
        if key in _SPELLINGS:
            return cls(_SPELLINGS[key])
        raise ValueError(unknown("war state", value, ("pre-war", "limited", "total")))

    def up_to(self) -> list["WarState"]:
        """This war state and every earlier one, in order."""
        return [w for w in WarState if w.rank <= self.rank]

    def _cmp(self, other: object) -> int:
        return self.rank - WarState.of(other).rank

    def __lt__(self, other: object) -> bool:
        return self._cmp(other) < 0

    def __le__(self, other: object) -> bool:
        return self._cmp(other) <= 0

    def __gt__(self, other: object) -> bool:
        return self._cmp(other) > 0

    def __ge__(self, other: object) -> bool:
        return self._cmp(other) >= 0

    __hash__ = str.__hash__
    __eq__ = str.__eq__


_RANK = {"pre-war": 0, "limited": 1, "total": 2}
_TITLES = {"pre-war": "Pre-War", "limited": "Limited War", "total": "Total War"}
_COLOURS = {"pre-war": "blue", "limited": "gray", "total": "red"}
_SPELLINGS = {
    "pre-war": "pre-war", "prewar": "pre-war", "blue": "pre-war",
    "limited": "limited", "limited-war": "limited", "gray": "limited", "grey": "limited",
    "total": "total", "total-war": "total", "red": "total",
}
#: Every spelling of a war state a file may use (FORMAT 2 and 4), for the JSON Schema.
WAR_STATE_SPELLINGS: tuple[str, ...] = tuple(_SPELLINGS)
#: Every war state, in order.
WAR_STATES: tuple[WarState, ...] = tuple(WarState)


#: Unit types as files may spell them (FORMAT 6), to the type the rules name; step kinds
#: (``infantry`` / ``armor`` / ``any``) read the same table, so a deck's ``panzer`` step is a state file's.
UNIT_TYPE_ALIASES = {
    "panzer": "armor", "tank": "armor", "armour": "armor", "mech": "mechanized", "mechanised": "mechanized",
    "inf": "infantry", "cav": "cavalry", "para": "airborne", "paratroop": "airborne", "parachute": "airborne",
    "headquarters": "hq", "mountain-infantry": "mountain", "air-unit": "air", "fleet": "naval",
}
#: Step kinds of FORMAT 6 as files may spell them.
STEP_KINDS = ("infantry", "armor", "any")
_STEP_KIND_ALIASES = {"either": "any", "step": "any", "steps": "any", "mechanized": "armor"}


def step_kind(value: object) -> str:
    """Normalise a step kind (``panzer``/``tank``/``armour`` -> ``armor``, ``either`` -> ``any``).

    Raises ``ValueError`` naming the kinds.
    """
    key = norm_word(value)
    key = _STEP_KIND_ALIASES.get(key, UNIT_TYPE_ALIASES.get(key, key))
    if key not in STEP_KINDS:
        raise ValueError(unknown("step kind", value, STEP_KINDS))
    return key


#: Every spelling of a step kind :func:`step_kind` accepts, for the JSON Schema.
STEP_KIND_SPELLINGS: tuple[str, ...] = STEP_KINDS + tuple(
    k for k in list(_STEP_KIND_ALIASES) + list(UNIT_TYPE_ALIASES)
    if _STEP_KIND_ALIASES.get(k, UNIT_TYPE_ALIASES.get(k)) in STEP_KINDS)
