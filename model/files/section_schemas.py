"""Models of the sections the loader reads by hand (``map``, ``replacements``,
``markers``, ``boxes``, ``marker-pool``, ``turn-track``, ``interpretations``,
a card's ``requires``), for the JSON Schema only (:mod:`model.files.json_schema`).

They describe what the loader accepts (:mod:`model.files.load`,
:mod:`model.files.map_section`, :mod:`model.game.replacements`, :mod:`model.game.seasonal`,
:mod:`model.game.requirements`), reusing its models where it has them, so that an
editor completes every part of a position file; the loader stays the
authority (the fuzz test checks that the schema accepts what it accepts).
"""
from __future__ import annotations

from typing import Any, Literal, Optional, Union

from pydantic import ConfigDict, Field, create_model

from .base import FileModel, empty_list
from ..game.board import MARKER_TYPES, UNIT_TYPES
from ..game.cards import CardFile, ReplacementBox
from ..game.interpretations import INTERPRETATIONS
from .map_section import HexFile, MarkerFile, UnitFile
from ..game.replacements import MAX_PREFER, StepFile
from ..game.requirements import ALIGNMENTS, EUROPEAN_WAR, GOVERNMENTS, POSTURES, STATUSES
from ..game.seasonal import MapBoxesFile, PoolMarkersFile
from ..game.vocabulary import UNIT_TYPE_ALIASES, WAR_STATE_SPELLINGS

CardRef = Union[int, str]
WarStateName = Literal[WAR_STATE_SPELLINGS]   # type: ignore[valid-type]
Name = Union[int, str]       # the order of CardRef: typing caches equal Unions, so one order keeps the schema stable


def _f(description: str, default: Any = None, **kw: Any) -> Any:
    if "default_factory" in kw:
        return Field(description=description, **kw)
    return Field(default=default, description=description, **kw)


# ----------------------------------------------------------------------------- map (FORMAT 6)

class UnitSchema(UnitFile):
    id: Union[str, int, float] = Field(description="The unit's id, e.g. G-1 (unique in the file)")
    type: Literal[UNIT_TYPES + tuple(UNIT_TYPE_ALIASES)] = Field(   # type: ignore[valid-type]
        description="The unit type: infantry, cavalry, airborne, marine, mountain, ski, armor, mechanized, helicopter, "
                    "garrison, hq, fortress, exp (ground); air, naval, support")


class HexMarkerSchema(MarkerFile):
    type: Literal[MARKER_TYPES + ("logistics-marker", "partisan", "partisan-base-marker")] = Field(   # type: ignore[valid-type]
        description="logistics, partisan-base or detachment")


class HexSchema(HexFile):
    units: list[UnitSchema] = _f("The units in the hex, e.g. [{id: G-1, faction: axis, nationality: Germany, type: infantry}]",
                                 default_factory=list)
    markers: list[HexMarkerSchema] = _f("Logistics markers, Partisan Bases and Detachments in the hex", default_factory=list)


class BoxSchema(FileModel):
    model_config = ConfigDict(extra="allow")
    units: Optional[list[UnitSchema]] = _f("The units in the Off-Map Box")


class StackingSchema(FileModel):
    units: int = _f("9.2: at most this many friendly ground units in a hex", 3, ge=0)
    steps: int = _f("9.2: at most this many steps in a hex", 6, ge=0)
    limited_steps: int = _f("9.2: at most this many steps in a hex with the Limited Stacking symbol", 3, ge=0)


class MapSchema(FileModel):
    """The map (FORMAT 6): hexes, Off-Map Boxes and the stacking limits."""
    hexes: Optional[dict[str, HexSchema]] = _f("The hexes by number, e.g. {\"2315\": {country: Germany, city: true, neighbours: [\"2314\"]}}")
    boxes: Union[list[Name], dict[str, Optional[BoxSchema]], None] = _f(
        "The Off-Map Boxes: a list of names, or {BOX: {units: [...]}}")
    stacking: Optional[StackingSchema] = _f("The 9.2 stacking limits")


# ----------------------------------------------------------------------------- replacements (FORMAT 6)

class FactionReplacementsSchema(FileModel):
    steps: Optional[list[StepFile]] = _f(
        "The steps received (left out: derived from the Current Card and the markers, 1.3.1 and 1.3.2), "
        "e.g. [{nationality: Germany, kind: armor, count: 3}]")
    force_pool: Optional[list[UnitSchema]] = _f("The one-step ground units in the Force Pool")
    prefer: Optional[dict[str, int]] = _f("Weights on units or locations, e.g. {G-7: 5, \"2315\": 2}; whole numbers "
                                          f"between -{MAX_PREFER:,} and {MAX_PREFER:,}")


class ReplacementsByFaction(FileModel):
    axis: Optional[FactionReplacementsSchema] = _f("The Axis faction's Replacements Segment")
    western: Optional[FactionReplacementsSchema] = _f("The Western faction's Replacements Segment")
    soviet: Optional[FactionReplacementsSchema] = _f("The Soviet faction's Replacements Segment")


class ReplacementsByMap(FileModel):
    tk: Optional[ReplacementsByFaction] = _f("On the TK map")
    ds: Optional[ReplacementsByFaction] = _f("On the DS map")


# ----------------------------------------------------------------------------- markers, boxes, pools, Turn Track

class VpSchema(FileModel):
    side: Literal["axis-tide", "rising-sun", "allied-crusade"] = Field(description="What the VP marker reads")
    box: int = Field(ge=0, description="The VP Track box it is in (a number of VP)")


class MarkersSchema(FileModel):
    """Markers in boxes: ``BOX: [NAME, ...]`` for any box, the VP marker and the VP Track."""
    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, Union[str, list[Name]]]
    vp: Optional[VpSchema] = _f("The VP marker: {side: axis-tide|rising-sun|allied-crusade, box: N}")
    vp_track: Optional[dict[str, int]] = _f("Markers on the VP Track and their box, e.g. {Hakko Ichiu: 3}")
    strategic_warfare_box: Union[str, list[Name], None] = _f("Markers in the Strategic Warfare Box, e.g. [US Victory Program]")
    soviet_european_war_box: Union[str, list[Name], None] = _f("*1.1.4: the Soviet European War Box, e.g. [War]")


class BoxesByMap(FileModel):
    tk: Optional[MapBoxesFile] = _f("The boxes of the TK map")
    ds: Optional[MapBoxesFile] = _f("The boxes of the DS map")


class PoolByFaction(FileModel):
    axis: Optional[PoolMarkersFile] = _f("The Axis Force Pool's Logistics markers")
    western: Optional[PoolMarkersFile] = _f("The Western Force Pool's Logistics markers and Partisan Bases")
    soviet: Optional[PoolMarkersFile] = _f("The Soviet Force Pool's Logistics markers and Partisan Bases")


class PoolByMap(FileModel):
    tk: Optional[PoolByFaction] = _f("On the TK map")
    ds: Optional[PoolByFaction] = _f("On the DS map")


_TRACK = "Markers on the Turn Track and the Seasonal Turn box each is in, e.g. {US Entry: Mar-Apr 1942}"


class TurnTrackByMap(FileModel):
    tk: Optional[dict[str, str]] = _f("The TK Turn Track. " + _TRACK)
    ds: Optional[dict[str, str]] = _f("The DS Turn Track. " + _TRACK)


def _interpretations() -> type:
    fields: dict[str, Any] = {}
    for name, it in INTERPRETATIONS.items():
        desc = f"{it.rule}: {it.meaning} (default: {','.join(it.default) if isinstance(it.default, list) else it.default})"
        if it.values is None:
            fields[name.replace("-", "_")] = (Union[list[str], str, None], Field(default=None, description=desc))
        else:
            fields[name.replace("-", "_")] = (Optional[Literal[it.values]], Field(default=None, description=desc))   # type: ignore[valid-type]
    return create_model("InterpretationsSchema", __base__=FileModel, **fields)


InterpretationsSchema = _interpretations()


# ----------------------------------------------------------------------------- Selection Requirements (FORMAT 3)

class WarStateOnMap(FileModel):
    map: Optional[Literal["tk", "ds"]] = _f("The map (left out: the card's own map)")
    is_: Union[WarStateName, list[WarStateName]] = Field(alias="is", description="The war states, e.g. [limited, total]")


class CountryFields(FileModel):
    posture: Optional[Literal[POSTURES]] = _f("war, policy-affected or truce-affected")   # type: ignore[valid-type]
    status: Optional[Literal[STATUSES]] = _f("active, neutral or conquered")   # type: ignore[valid-type]
    alignment: Optional[Literal[ALIGNMENTS]] = _f("axis, western, soviet or none")   # type: ignore[valid-type]


class MarkerIn(FileModel):
    name: Name = Field(description="The marker's name")
    in_: Optional[Name] = Field(default=None, alias="in", description="The box it is in")


class PlayedItem(FileModel):
    played: CardRef = Field(description="1.1.3.1: this card was revealed as a Current Card before, e.g. 3")


class NotPlayedItem(FileModel):
    not_played: CardRef = Field(description="1.1.3.1: this card has not been played")


class WarStateItem(FileModel):
    war_state: Union[WarStateName, list[WarStateName], WarStateOnMap] = Field(
        description="The war state of the card's map is one of these, e.g. total or [limited, total] or "
                    "{map: tk, is: [limited, total]}")


class PostureItem(FileModel):
    posture: dict[str, Literal[POSTURES]] = Field(description="Every named country has that Posture, e.g. {Russia: war}")   # type: ignore[valid-type]


class CountryItem(FileModel):
    country: dict[str, CountryFields] = Field(
        description="Every given field of every named country matches, e.g. {France: {status: active, alignment: western}}")


class GovernmentItem(FileModel):
    government: Optional[Literal[GOVERNMENTS]] = Field(description="This branch leads the Japanese Government")   # type: ignore[valid-type]


class EuropeanWarItem(FileModel):
    european_war: Optional[Literal[EUROPEAN_WAR]] = Field(description="European Limited (or Total) War has occurred")   # type: ignore[valid-type]


class MarkerItem(FileModel):
    marker: Union[str, MarkerIn] = Field(description="The marker is listed in markers: NAME or {name: NAME, in: BOX}")


class FlagItem(FileModel):
    flag: Name = Field(description="NAME is listed in flags")


class AnyItem(FileModel):
    any: list["Requirement"] = Field(min_length=1, description="At least one of these items holds")


class AllItem(FileModel):
    all: list["Requirement"] = Field(min_length=1, description="Every one of these items holds")


class NotItem(FileModel):
    not_: "Requirement" = Field(alias="not", description="This item does not hold")


Requirement = Union[PlayedItem, NotPlayedItem, WarStateItem, PostureItem, CountryItem, GovernmentItem, EuropeanWarItem,
                    MarkerItem, FlagItem, AnyItem, AllItem, NotItem]
for _m in (AnyItem, AllItem, NotItem):
    _m.model_rebuild()


class CardSchema(CardFile):
    """A card as a deck file writes it (FORMAT 2), its Selection Requirements typed."""
    requires: list[Requirement] = Field(default_factory=empty_list,
                                        description="Selection Requirements (1.1.3.1), all must hold, e.g. [{played: 3}]")
    replacements: list[ReplacementBox] = Field(default_factory=empty_list,
                                               description="The Replacements Segment box, e.g. [{nationality: Japan, kind: armor, steps: 1}]")
