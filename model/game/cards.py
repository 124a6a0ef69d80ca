"""Option cards and deck files (FORMAT sections 1 and 2)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, Optional, Union

from pydantic import Field, field_validator

from ..files.base import FileModel, empty_list
from ..files.names import norm_name, norm_word
from .seasonal import ReinforcementFile
from .vocabulary import WarState, step_kind
from ..files.wording import unknown

#: Card types of 1.1.3.3 that can be derived or added with ``kinds``; and the types of card 1.1.2 names as an
#: example of a card to remove ("Axis Production Directive cards" in TK, "Axis Imperial Directive cards" in DS),
#: given with ``kinds`` only (the rules text does not say how to tell them).
KINDS = ("demand", "diplomatic-overtures", "offensive", "war-progress", "rearmament", "blitz-2", "limited-war-blitz",
         "production-directive", "imperial-directive")


def card_kind(v: Any) -> str:
    """A card type of :data:`KINDS` as files spell it (``Production Directive`` -> ``production-directive``).
    Raises ``ValueError`` naming the types."""
    key = norm_word(v)
    if key not in KINDS:
        raise ValueError(unknown("card kind", v, KINDS))
    return key

_ID = re.compile(r"^(?P<map>tk|ds)-(?P<faction>axis|western|soviet)-(?P<number>[0-9]+[a-z]?)$")
_NUMBER = re.compile(r"^[0-9]+[a-z]?$")


def card_id(map_: str, faction: str, number: object) -> str:
    """The card id of FORMAT section 1: ``card_id('tk', 'soviet', '26B')`` -> ``tk-soviet-26b``."""
    return f"{map_}-{faction}-{str(number).strip().lower()}"


def parse_card_ref(ref: object, map_: Optional[str] = None, faction: Optional[str] = None) -> str:
    """Turn a card reference (an id or a bare number) into a card id.

    A bare number (``26b``, ``3``) needs ``map_`` and ``faction``. Raises
    ``ValueError`` when ``ref`` is neither.
    """
    if isinstance(ref, bool) or ref is None:
        raise ValueError(f"not a card: {ref!r}")
    text = str(ref).strip().lower()
    m = _ID.match(text)
    if m:
        return text
    if _NUMBER.match(text):
        if map_ is None or faction is None:
            raise ValueError(f"card {ref!r}: write the full id such as tk-soviet-{text}")
        return card_id(map_, faction, text)
    raise ValueError(f"not a card id or number: {ref!r} (write e.g. tk-soviet-26b or 26b)")


def split_card_id(cid: str) -> tuple[str, str, str]:
    """``tk-soviet-26b`` -> ``('tk', 'soviet', '26b')``."""
    m = _ID.match(cid)
    if not m:
        raise ValueError(f"not a card id: {cid!r}")
    return m.group("map"), m.group("faction"), m.group("number")


class ReplacementBox(FileModel):
    """One line of a card's Replacements Segment box (1.3.1)."""

    nationality: str
    kind: str = "infantry"
    steps: int = Field(ge=0)
    colonial: bool = False
    pairs_to_armor: bool = False

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, v: Any) -> Any:
        return step_kind(v)          # one alias table with the state file's steps (``panzer`` -> armor)


class RemovalFile(FileModel):
    """1.1.2: an Option Card Segment action that removes a card of a type (``removes: [{kind: ..., faction: ...}]``):
    ``kind`` a card type of :data:`KINDS`, ``faction`` whose cards (None: the card's own faction)."""

    kind: str
    faction: Optional[Literal["axis", "western", "soviet"]] = None

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, v: Any) -> Any:
        return card_kind(v)

    @field_validator("faction", mode="before")
    @classmethod
    def _lower(cls, v: Any) -> Any:
        return v.strip().lower() if isinstance(v, str) else v


class CardFile(FileModel):
    """A card as written in a deck file (FORMAT section 2)."""

    map: Literal["tk", "ds"]
    faction: Literal["axis", "western", "soviet"]
    number: Union[int, str]
    name: str = Field(min_length=1)
    war_state: str
    production: Optional[int] = Field(default=None, ge=0)
    combined: bool = False
    recyclable: bool = False
    rearmament: bool = False
    blitz: int = Field(default=0, ge=0)
    kinds: list[str] = Field(default_factory=empty_list)
    requires: list[Any] = Field(default_factory=empty_list)
    starts: Optional[Literal["limited", "total"]] = None
    replacements: list[ReplacementBox] = Field(default_factory=empty_list)
    reinforcements: list[ReinforcementFile] = Field(default_factory=empty_list)   # 1.1.2.2 (model/game/seasonal.py)
    removes: list[RemovalFile] = Field(default_factory=empty_list)                 # 1.1.2 card-type removal

    @field_validator("map", "faction", mode="before")
    @classmethod
    def _lower(cls, v: Any) -> Any:
        return v.strip().lower() if isinstance(v, str) else v

    @field_validator("number", mode="before")
    @classmethod
    def _number(cls, v: Any) -> Any:
        if isinstance(v, bool):
            raise ValueError("a card number is written as printed, such as 26b or 38")
        text = str(v).strip().lower()
        if not _NUMBER.match(text):
            raise ValueError(f"a card number is written as printed, such as 26b or 38, not {v!r}")
        return text

    @field_validator("war_state", mode="before")
    @classmethod
    def _war_state(cls, v: Any) -> str:
        return WarState.of(v).value

    @field_validator("starts", mode="before")
    @classmethod
    def _starts(cls, v: Any) -> Any:
        return None if v is None else WarState.of(v).value

    @field_validator("kinds", mode="before")
    @classmethod
    def _kinds(cls, v: Any) -> Any:
        if isinstance(v, str):
            v = [v]
        if isinstance(v, list):
            return [card_kind(k) for k in v]
        return v


@dataclass(frozen=True)
class Card:
    """A resolved option card.

    ``id`` as FORMAT section 1; ``production`` is the Soviet Production Value
    (None on non-Soviet cards); ``kinds`` the card types of 1.1.3.3, derived
    from the name, marks and Blitz Value plus any ``kinds`` given; ``requires``
    the parsed Selection Requirements (:mod:`model.game.requirements`).

    Frozen, its lists tuples: a card is a fact of the decks that every ruling on the position reads, and a
    program handed it (``aeref.Position.cards``) must not change later rulings by setting
    ``card.production = 0`` (``dataclasses.FrozenInstanceError``).
    """

    id: str
    map: str
    faction: str
    number: str
    name: str
    war_state: WarState
    production: Optional[int] = None
    combined: bool = False
    recyclable: bool = False
    rearmament: bool = False
    blitz: int = 0
    kinds: frozenset = frozenset()
    requires: tuple = ()
    starts: Optional[str] = None
    replacements: tuple = ()
    reinforcements: tuple = ()   # ReinforcementFile items (1.1.2.2)
    removes: tuple = ()          # RemovalFile items (1.1.2: remove a card of a type)
    source: str = ""   # file and place where the card was defined
    raw: Optional[CardFile] = None   # the card as written, for the loader's messages only

    @property
    def label(self) -> str:
        """``38 Total War Production``: number and name as printed."""
        return f"{self.number} {self.name}"

    @property
    def text(self) -> str:
        """``tk-soviet-38 Total War Production``: the id and name, as rulings name a card."""
        return f"{self.id} {self.name}"

    def is_twin_of(self, other: "Card") -> bool:
        """True when ``other`` is this card's © twin (1.1.1 Step 2, 1.1.3.3): an identically
        named © card of the same faction in the other map's deck."""
        return (self.combined and other.combined and self.faction == other.faction and self.map != other.map
                and norm_name(self.name) == norm_name(other.name))


#: Card types named by words in the card's name (1.1.3.3 "cards that have the word ... in their names"):
#: whole words - a card named "Winter Counteroffensive" is no Offensive card.
NAME_KINDS = {"demand": "Demand", "diplomatic-overtures": "Diplomatic Overtures", "offensive": "Offensive",
              "war-progress": "War Progress"}
_ANY_NAME_KIND = "|".join(NAME_KINDS.values())


@cache
def _words_pattern(words: str) -> re.Pattern:
    """The compiled pattern of ``words`` as whole words, in any case (compiled once per wording); ``|``
    separates alternatives (``Demand|War Progress``: either)."""
    alternatives = (r"\s+".join(re.escape(w) for w in alt.split()) for alt in words.split("|"))
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.IGNORECASE)


def has_words(name: str, words: str) -> bool:
    """True when ``name`` contains ``words`` as whole words, in any case (``War  Progress`` too)."""
    return _words_pattern(words).search(name) is not None


def _name_kinds(name: str) -> frozenset:
    """The card types ``name`` names by its words (:data:`NAME_KINDS`, 1.1.3.3)."""
    if not _words_pattern(_ANY_NAME_KIND).search(name):      # a quick no: most names name none
        return frozenset()
    return frozenset(kind for kind, words in NAME_KINDS.items() if has_words(name, words))


def derive_kinds(c: CardFile) -> frozenset:
    """The card types of FORMAT section 2 (1.1.3.3): derived, plus ``kinds``."""
    kinds = set(c.kinds)
    kinds |= _name_kinds(c.name)
    if c.rearmament:
        kinds.add("rearmament")
    if c.blitz >= 2:
        kinds.add("blitz-2")
    if c.faction == "western" and c.war_state == "limited" and c.blitz >= 1:
        kinds.add("limited-war-blitz")
    return frozenset(kinds)
