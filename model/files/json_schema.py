"""JSON Schemas of state and deck files, generated from the pydantic models.

``json_schema("state")`` / ``json_schema("deck")`` take the schema pydantic
generates for :class:`~model.files.state_schema.StateFile` / a deck (a mapping with
``cards:``, a list of :class:`~model.game.cards.CardFile`) and post-process it so
that it accepts what the loader accepts, for an editor with a YAML language
server (validation and completion as the player types):

* every spelling of a key the loader reads (``war-state``, ``war_state``,
  ``War-State``): the hyphen spelling is the property (offered in
  completion), every spelling matches a pattern property; a required key is
  satisfied by any spelling;
* enumerations and the values the loader normalises (war states and their
  colours, Posture, Status, Alignment, government, European war, step kinds
  ...) are offered as completions and accepted in any letter case, with ``-``,
  ``_`` or a space between words;
* numbers and Booleans written as YAML strings (``"3"``, ``"yes"``) are
  accepted where pydantic's lax mode accepts them; a field that the loader
  takes as one value or a list (``decks``, ``flags``, ``kinds`` ...) takes
  both;
* inline ``cards:`` of a state file are described as deck cards.

The loader stays the authority: it also checks what a schema cannot
(unknown card ids, the Current Card in the hand, turns, requirements ...).
"""
from __future__ import annotations

import copy
import re
from typing import Any, Optional, Union, get_args

from pydantic import BaseModel, Field

from .base import FileModel, empty_dict, empty_list
from .section_schemas import (
    BoxesByMap, CardSchema, InterpretationsSchema, MapSchema, MarkersSchema, PoolByFaction, PoolByMap,
    ReplacementsByFaction, ReplacementsByMap, TurnTrackByMap,
)
from ..game.requirements import ALIGNMENTS, EUROPEAN_WAR, GOVERNMENTS, POSTURES, STATUSES
from ..game.seasonal import MapBoxesFile
from ..game.vocabulary import STEP_KIND_SPELLINGS, WAR_STATE_SPELLINGS
from .state_schema import StateFile

SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema"
KINDS = ("state", "deck")

#: Values offered for plain string fields the loader normalises (property name -> values).
_VALUE_HINTS: dict[str, tuple] = {
    "war-state": WAR_STATE_SPELLINGS,
    "starts": ("limited", "total"),
    "game": ("tk", "ds", "ae"),
    "kind": STEP_KIND_SPELLINGS,
}


def _hints() -> dict[str, tuple]:
    out = dict(_VALUE_HINTS)
    out.update({"posture": POSTURES, "status": STATUSES, "alignment": ALIGNMENTS,
                "government": GOVERNMENTS, "european-war": EUROPEAN_WAR})
    return out


class _DeckFile(FileModel):
    """A deck file (FORMAT section 2): a mapping with one key, ``cards``."""
    cards: list[CardSchema] = Field(default_factory=empty_list, description="The option cards, one mapping each")


class _StateSchema(StateFile):
    """The state file for the schema only: inline ``cards`` are deck cards, and the
    sections the loader reads by hand are typed (:mod:`model.files.section_schemas`)."""
    cards: list[CardSchema] = Field(default_factory=empty_list)
    map: Optional[MapSchema] = None
    replacements: Union[ReplacementsByMap, ReplacementsByFaction, None] = None
    markers: Union[MarkersSchema, list[str]] = Field(default_factory=empty_dict)
    boxes: Union[BoxesByMap, MapBoxesFile, None] = None
    marker_pool: Union[PoolByMap, PoolByFaction, None] = None
    turn_track: Union[TurnTrackByMap, dict[str, str], None] = None
    interpretations: InterpretationsSchema = Field(default_factory=empty_dict)


#: Descriptions of the state file's keys (completion shows them); the types come from the models.
_DESCRIPTIONS = {
    "game": "tk (Totaler Krieg!), ds (Dai Senso!) or ae (both)",
    "turn": "The current Seasonal Turn, e.g. Nov-Dec 1941",
    "decks": "Deck files, relative to this file, e.g. [decks/soviet.yaml]",
    "cards": "Cards written here instead of in a deck file",
    "war-state": "pre-war, limited or total; in AE per map: {tk: limited, ds: total}",
    "factions": "Each faction's cards per map: {soviet: {tk: {current: 23, pending: null, hand: [26b, 38], played: [...]}}}",
    "countries": "The Posture Display: {Russia: {posture: war, status: active, alignment: soviet}}",
    "government": "DS: which branch leads the Japanese Government: army, navy or none",
    "european-war": "* DS alone: European war: none, limited or total",
    "markers": "Markers in boxes, the VP marker and the VP Track",
    "flags": "Names a card's flag: requirement can test",
    "interpretations": "Readings of unclear rules, e.g. {annual-scope: map}",
    "replacements": "The Replacements Segment (1.3) by map and faction: steps, force-pool, prefer",
    "map": "The map (1.2, 1.3): hexes, Off-Map Boxes, stacking",
    "previous": "The state file of the Seasonal Turn the Pending Cards were selected in (1.1.1 Step 2)",
    "record": "The game record (aeref verify): the digest of the public file this one was made from, what made it, "
              "the decks' digests and the seals its reveal opened",
    "boxes": "Counters in the Force Pools, the Delay Box, the Strategic Warfare Box and the Conditional Event Boxes, per map",
    "counters": "Counters that entered play or were removed (1.1.2.2)",
    "esv": "* DS alone: the European Strength Value",
    "esv-table": "* 1.1.4: the Current Card ESV Adjustment Table",
    "uscl-drm": "1.1.2.1: the Political DRM of the European USCL marker (0 or less)",
    "turn-track": "Markers on the Turn Track, per map in AE: {tk: {US Entry: Mar-Apr 1942}}",
    "marker-pool": "1.2: Logistics markers and Partisan Bases in the Force Pools, per map in AE",
}


def _before_fields(model: type[BaseModel]) -> set[str]:
    """Fields of ``model`` with a ``mode='before'`` validator (they may accept more than their type)."""
    out = set()
    for dec in model.__pydantic_decorators__.field_validators.values():
        if dec.info.mode == "before":
            out.update(dec.info.fields)
    return out


def _ci(value: str) -> str:
    """A regex matching ``value`` in any case, with ``-``/``_``/space between words."""
    out = []
    for ch in value:
        if ch.isalpha():
            out.append(f"[{ch.lower()}{ch.upper()}]")
        elif ch in "-_ ":
            out.append("[-_ ]")
        else:
            out.append(re.escape(ch))
    return "".join(out)


def _key_pattern(key: str) -> str:
    """Every spelling of a key the loader reads as ``key`` (``norm_key``): any
    letter case, ``-`` or ``_``, surrounding blanks."""
    out = []
    for ch in key:
        if ch.isalpha():
            out.append(f"[{ch.lower()}{ch.upper()}]")
        elif ch in "-_":
            out.append("[-_]")
        else:
            out.append(re.escape(ch))
    return r"^\s*" + "".join(out) + r"\s*$"


def _enum_schema(values) -> dict:
    strs = [v for v in values if isinstance(v, str)]
    pattern = r"^\s*(" + "|".join(_ci(v) for v in strs) + r")\s*$"
    return {"anyOf": [{"enum": list(values)}, {"type": "string", "pattern": pattern}]}


_INT_PATTERN = r"^\s*[-+]?[0-9]+(\.0*)?\s*$"
_BOOL_STRINGS = ["true", "false", "True", "False", "TRUE", "FALSE", "yes", "no", "Yes", "No", "YES", "NO",
                 "on", "off", "On", "Off", "ON", "OFF", "t", "f", "y", "n", "1", "0"]


def _loosen(node: Any, hints: dict, before: set, name: Optional[str] = None) -> Any:
    """Walk a schema node; ``name`` is the property it describes."""
    if isinstance(node, list):
        return [_loosen(x, hints, before) for x in node]
    if not isinstance(node, dict):
        return node
    node = {k: (v if k in ("enum", "const", "required", "default", "examples") else _loosen(v, hints, before))
            for k, v in node.items()}
    # properties: both key spellings, a required key either way, hints by property name
    if isinstance(node.get("properties"), dict):
        props = {}
        for key, sub in node["properties"].items():
            props[key] = _loosen_property(key, sub, hints, before)
        node["properties"] = props
        pattern_props = dict(node.get("patternProperties", {}))
        for key, sub in props.items():
            pattern_props[_key_pattern(key)] = sub
        if pattern_props:
            node["patternProperties"] = pattern_props
        req = node.pop("required", [])
        if req:
            # a required key written in another spelling (war_state, GAME) still counts
            node["allOf"] = node.get("allOf", []) + [
                {"anyOf": [{"required": [k]}, {"not": {"propertyNames": {"not": {"pattern": _key_pattern(k)}}}}]}
                for k in req]
    t = node.get("type")
    if "enum" in node and all(isinstance(v, str) for v in node["enum"]) and t in (None, "string"):
        rest = {k: v for k, v in node.items() if k not in ("enum", "type")}
        return {**rest, **_enum_schema(node["enum"])}
    if "const" in node and isinstance(node["const"], str):
        rest = {k: v for k, v in node.items() if k not in ("const", "type")}
        return {**rest, **_enum_schema([node["const"]])}
    if t == "integer":
        rest = {k: v for k, v in node.items() if k != "type"}
        bounds = {k: rest.pop(k) for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum") if k in rest}
        return {**rest, "anyOf": [{"type": "integer", **bounds}, {"type": "number", "multipleOf": 1, **bounds},
                                  {"type": "string", "pattern": _INT_PATTERN}]}
    if t == "number":
        rest = {k: v for k, v in node.items() if k != "type"}
        return {**rest, "anyOf": [{"type": "number"}, {"type": "string", "pattern": r"^\s*[-+]?[0-9.eE+-]+\s*$"}]}
    if t == "boolean":
        rest = {k: v for k, v in node.items() if k != "type"}
        return {**rest, "anyOf": [{"type": "boolean"}, {"enum": [0, 1]}, {"enum": _BOOL_STRINGS}]}
    return node


def _loosen_property(key: str, sub: Any, hints: dict, before: set) -> Any:
    if not isinstance(sub, dict):
        return sub
    field = key.replace("-", "_")
    if key in hints:
        sub = _with_hint(sub, hints[key])
    if field in before:
        sub = _one_or_many(sub)
    return sub


def _is_plain_string(s: Any) -> bool:
    return isinstance(s, dict) and s.get("type") == "string" and not ({"enum", "pattern", "const"} & set(s))


def _with_hint(sub: dict, values: tuple) -> dict:
    """Offer ``values`` where the property is a plain string (also inside anyOf and maps)."""
    if _is_plain_string(sub):
        rest = {k: v for k, v in sub.items() if k != "type"}
        return {**rest, **_enum_schema(values)}
    out = dict(sub)
    if isinstance(out.get("anyOf"), list):
        out["anyOf"] = [_with_hint(x, values) for x in out["anyOf"]]
    if isinstance(out.get("additionalProperties"), dict):
        out["additionalProperties"] = _with_hint(out["additionalProperties"], values)
    return out


def _one_or_many(sub: dict) -> dict:
    """A field the loader also takes as a single value: an array also accepts one item."""
    if sub.get("type") == "array" and isinstance(sub.get("items"), dict):
        rest = {k: v for k, v in sub.items() if k not in ("type", "items")}
        return {**rest, "anyOf": [{"type": "array", "items": sub["items"]}, sub["items"]]}
    if isinstance(sub.get("anyOf"), list):
        return {**sub, "anyOf": [_one_or_many(x) if isinstance(x, dict) else x for x in sub["anyOf"]]}
    return sub


def _all_models(model: type[BaseModel], seen: Optional[set] = None) -> list[type[BaseModel]]:
    """``model`` and every model its fields use (for their before-validators)."""
    seen = seen if seen is not None else set()
    if model in seen:
        return []
    seen.add(model)
    out = [model]

    def walk(t):
        if isinstance(t, type) and issubclass(t, BaseModel):
            out.extend(_all_models(t, seen))
        for a in get_args(t):
            walk(a)

    for f in model.model_fields.values():
        walk(f.annotation)
    return out


def json_schema(kind: str = "state") -> dict:
    """The JSON Schema of a ``state`` or ``deck`` file (a dict, ready for ``json.dumps``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown schema kind {kind!r}: use {' or '.join(KINDS)}")
    model = _StateSchema if kind == "state" else _DeckFile
    raw = model.model_json_schema(by_alias=True)
    before = set().union(*(_before_fields(m) for m in _all_models(model)))
    out = _loosen(copy.deepcopy(raw), _hints(), before)
    title = {"state": "aeref state file (docs/format.md sections 4, 6)", "deck": "aeref deck file (docs/format.md section 2)"}[kind]
    head = {"$schema": SCHEMA_DRAFT, "$id": f"https://aeref.invalid/schema/{kind}.schema.json", "title": title}
    out.pop("title", None)
    if kind == "state":
        for key, text in _DESCRIPTIONS.items():
            prop = out.get("properties", {}).get(key)
            if isinstance(prop, dict) and "description" not in prop:
                prop["description"] = text
        out["description"] = ("A game position of Totaler Krieg!, Dai Senso! or AE for aeref. Generated by "
                              "`aeref schema --kind state` from the pydantic models; the loader (`aeref validate`) "
                              "is the authority.")
    else:
        out["description"] = ("Option cards for aeref. Generated by `aeref schema --kind deck` from the pydantic "
                              "models; the loader (`aeref validate`) is the authority.")
    return {**head, **out}
