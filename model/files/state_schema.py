"""The state file as written (FORMAT section 4): pydantic schemas of its sections.

Validation only: both key spellings, unknown keys refused, values normalised.
:mod:`model.files.load` resolves a validated :class:`StateFile` into a
:class:`~model.files.load.Position`.
"""
from __future__ import annotations

from typing import Any, Literal, Optional, Union

from pydantic import Field, field_validator

from .base import FileModel, empty_dict, empty_list, one_of
from ..game.calendar import parse_turn
from ..game.countries import CountryFile
from ..game.requirements import EUROPEAN_WAR, GOVERNMENTS
from ..game.seasonal import CountersFile, EsvRowFile, uscl_value

CardRef = Union[int, str]


class PlayedFile(FileModel):
    """An earlier Current Card: ``{card: 20, turn: Mar-Apr 1941}``."""
    card: CardRef
    turn: Optional[str] = None


class FactionMapFile(FileModel):
    """A faction's cards on one map."""
    current: Optional[CardRef] = None
    pending: Optional[CardRef] = None
    selected: Optional[str] = None      # the Seasonal Turn the Pending Card was selected in (1.1.1 Step 4)
    hand: list[CardRef] = Field(default_factory=empty_list)
    played: list[Union[PlayedFile, CardRef]] = Field(default_factory=empty_list)
    removed: list[CardRef] = Field(default_factory=empty_list)     # cards removed from the game (© twin, 1.1.1)
    # units interned (16.7) on the back of the Pending Card, repatriated when it is revealed (1.1.1 Step 2)
    interned: list[Any] = Field(default_factory=empty_list)
    # a public file (model/secrecy/private.py): the hand and the Pending Card face down, in the faction's private file
    hand_count: Optional[int] = Field(default=None, ge=0)
    pending_placed: bool = False
    sealed: Optional[str] = None      # sha256:HEX, a sealed Pending Card (model/secrecy/seal.py)
    sealed_in: Optional[str] = None   # sha256:HEX, the digest of the public position it was sealed in
    nonce: Optional[str] = None       # the seal's secret: a private file's only


class OpeningFile(FileModel):
    """A seal opened by a reveal (model/files/record.py): the card and nonce every player checks it with."""
    faction: str
    map: str
    card: str
    nonce: str
    seal: str
    sealed_in: str


class RecordFile(FileModel):
    """The game record of a chained file (model/files/record.py): the file it was made from, by what."""
    parent: Optional[str] = Field(default=None, pattern=r"^sha256:[0-9a-f]{64}$")
    parent_file: Optional[str] = None
    made_by: dict[str, Any] = Field(default_factory=empty_dict)
    decks: Optional[dict[str, str]] = None
    opened: list[OpeningFile] = Field(default_factory=empty_list)


class StateFile(FileModel):
    """A state file (FORMAT section 4 and 6) as written."""
    game: Literal["tk", "ds", "ae"]
    turn: str
    decks: list[str] = Field(default_factory=empty_list)
    cards: list[Any] = Field(default_factory=empty_list)
    war_state: Union[str, dict[str, str]]
    factions: dict[str, dict[str, FactionMapFile]] = Field(default_factory=empty_dict)
    countries: dict[str, CountryFile] = Field(default_factory=empty_dict)
    government: Optional[str] = "none"
    european_war: Optional[str] = "none"
    markers: Union[dict[str, Any], list[str]] = Field(default_factory=empty_dict)
    flags: list[str] = Field(default_factory=empty_list)
    interpretations: dict[str, Any] = Field(default_factory=empty_dict)
    replacements: Optional[dict[str, Any]] = None
    map: Optional[dict[str, Any]] = None
    # 1.1.1, 1.1.2, 1.1.4, 12 (model/game/seasonal.py)
    previous: Optional[str] = None
    record: Optional[RecordFile] = None     # the game record: the chain of files (model/files/record.py)
    boxes: Optional[dict[str, Any]] = None
    counters: Optional[CountersFile] = None
    esv: Optional[int] = None
    esv_table: list[EsvRowFile] = Field(default_factory=empty_list)
    uscl_drm: Optional[int] = None
    turn_track: Optional[dict[str, Any]] = None
    marker_pool: Optional[dict[str, Any]] = None     # 1.2: Logistics markers and Partisan Bases in Force Pools

    _uscl = field_validator("uscl_drm", mode="before")(classmethod(lambda cls, v: uscl_value(v)))

    @field_validator("game", mode="before")
    @classmethod
    def _game(cls, v: Any) -> Any:
        return v.strip().lower() if isinstance(v, str) else v

    @field_validator("decks", "flags", mode="before")
    @classmethod
    def _one_or_many(cls, v: Any) -> Any:
        return [v] if isinstance(v, str) else v

    @field_validator("turn", mode="before")
    @classmethod
    def _turn(cls, v: Any) -> Any:
        parse_turn(v) if not isinstance(v, str) else None
        return v

    @field_validator("government", mode="before")
    @classmethod
    def _government(cls, v: Any) -> Any:
        return one_of(GOVERNMENTS, "government")(v)

    @field_validator("european_war", mode="before")
    @classmethod
    def _european_war(cls, v: Any) -> Any:
        return one_of(EUROPEAN_WAR, "european-war value")(v)
