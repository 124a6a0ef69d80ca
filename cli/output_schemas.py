"""The JSON Schema (draft 2020-12) of each command's ``--json`` output, for a program that reads it:
``aeref schema --command NAME`` prints one, ``schema/output/NAME.schema.json`` are the shipped copies.

Each schema states ``"format-version": 1`` (:data:`~cli.jsonout.FORMAT_VERSION`, the version of the
shape) and the fields every answer of that command has, with their types; a field a command gives only
sometimes (``pairs``' ``selection-made``, ``war-state``'s ``notes``) is described but not required. Every
object allows more fields (``additionalProperties`` is left open): a field added keeps the format version
(docs/commands.md, "Every command"), so a reader validating with these schemas keeps working when one comes.
The fields' meanings are in docs/format.md section 5 and docs/commands.md.
"""
from __future__ import annotations

from typing import Any

from .jsonout import FORMAT_VERSION

STR: dict = {"type": "string"}
INT: dict = {"type": "integer"}
BOOL: dict = {"type": "boolean"}
OPT_STR: dict = {"type": ["string", "null"]}
OPT_BOOL: dict = {"type": ["boolean", "null"]}
OBJ: dict = {"type": "object"}
STRINGS: dict = {"type": "array", "items": STR}


def obj(required: dict, optional: dict | None = None) -> dict:
    """An object with the ``required`` fields (name -> schema) and the ``optional`` ones, more allowed."""
    return {"type": "object", "properties": {**required, **(optional or {})}, "required": list(required)}


def array(items: dict) -> dict:
    return {"type": "array", "items": items}


VIOLATION = obj({"rule": STR, "title": STR, "message": STR})
RULE = obj({"rule": STR, "title": STR})
INTERPRETATIONS: dict = {"type": "object", "additionalProperties": {"type": ["string", "array"], "items": STR},
                         "description": "the named interpretations the ruling used: name -> value (a list for a "
                                        "list-valued one, such as calendar)"}
MAP: dict = {"type": "string", "enum": ["tk", "ds"]}
FACTION: dict = {"type": "string", "enum": ["axis", "western", "soviet"]}
CHOICE: dict = {"type": "object", "properties": {"tk": OPT_STR, "ds": OPT_STR}, "minProperties": 1,
                "description": "one key per map in play: the Pending Card's id, null for no card"}
LOST = obj({"step": STR, "count": INT, "rule": STR, "reason": STR})
RULING = {"legal": BOOL, "violations": array(VIOLATION)}

#: a seal a reveal opened (the game record, docs/face-down.md)
OPENED = obj({"faction": FACTION, "map": MAP, "card": STR, "nonce": STR, "seal": STR, "sealed-in": STR})
#: the first broken link of a game record, or null when the chain holds
BROKEN: dict = {"oneOf": [{"type": "null"}, obj({"file": STR, "where": STR, "message": STR, "rule": OPT_STR})]}

#: command name -> (title, the object's fields: required, optional)
COMMANDS: dict[str, tuple[str, dict, dict]] = {
    "validate": ("aeref validate --json", {
        "ok": BOOL, "problems": array(obj({"file": STR, "where": STR, "message": STR}))}, {}),
    "show": ("aeref show --json", {
        "file": STR, "game": STR, "turn": STR, "reveal-turn": STR, "from-turn": STR, "previous": OPT_STR,
        "maps": OBJ, "factions": OBJ, "markers": OBJ, "government": STR, "flags": array({}), "counters": OBJ,
        "esv": {"type": ["integer", "null"]}, "esv-table": array({}), "uscl-drm": {"type": ["integer", "null"]},
        "interpretations": INTERPRETATIONS, "viewer": STR}, {"european-war": STR}),
    "pairs": ("aeref pairs --json", {
        "game": STR, "turn": STR, "faction": FACTION, "choices": array(CHOICE), "count": INT, "complete": BOOL,
        "interpretations": INTERPRETATIONS,
        "excluded": array(obj({"card": STR, "rules": array(RULE), "message": STR}))},
        {"selection-made": CHOICE, "notes": STRINGS}),
    "check": ("aeref check --json", {**RULING, "interpretations": INTERPRETATIONS}, {"notes": STRINGS}),
    "why": ("aeref why --json", {
        "card": STR, "legal": BOOL, "violations": array(VIOLATION), "interpretations": INTERPRETATIONS,
        "complete": BOOL}, {"example": CHOICE, "notes": STRINGS}),
    "select": ("aeref select --json", {
        **RULING, "interpretations": INTERPRETATIONS, "pending": CHOICE, "written": OPT_STR},
        {"notes": STRINGS, "sealed": OBJ}),
    "reveal": ("aeref reveal --json", {
        "faction": STR, "turn": STR, "order": STRINGS, "legal": OPT_BOOL,
        "reveals": array(obj({"faction": STR, "turn": STR, "legal": OPT_BOOL, "maps": OBJ,
                              "steps": array(obj({"rule": STR, "title": STR, "map": STR, "message": STR})),
                              "war-state": array({}), "total-war-option": {},
                              "interpretations": INTERPRETATIONS})),
        "interpretations": INTERPRETATIONS, "written": OPT_STR}, {}),
    "war-state": ("aeref war-state --json", {
        "map": MAP, "turn": STR, "legal": BOOL, "war-state": STR,
        "triggers": array(obj({"war-state": STR, "cause": STR})),
        "change": {"oneOf": [{"type": "null"}, obj({"map": MAP, "rule": STR, "before": STR, "after": STR,
                                                    "cause": STR, "effects": array({})})]},
        "violations": array(VIOLATION), "written": OPT_STR}, {"notes": STRINGS}),
    "drm": ("aeref drm --json", {
        "map": MAP, "rule": STR, "segment": STR,
        "rolls": array(obj({"table": STR, "country": OPT_STR, "drm": INT,
                            "terms": array(obj({"rule": STR, "name": STR, "value": INT, "message": STR}))}))}, {}),
    "logistics": ("aeref logistics --json", {
        "faction": FACTION, "map": MAP, "rule": STR, "count": INT,
        "actions": array(obj({"action": STR, "hex": STR, "consequences": array({})}, {"marker": STR})),
        "notes": STRINGS}, {}),
    "check-logistics": ("aeref check-logistics --json", {**RULING, "actions": array({})}, {}),
    "replacements": ("aeref replacements --json", {
        "faction": FACTION, "map": MAP, "optimal": BOOL, "steps-received": INT, "steps-used": INT,
        "placements": array(obj({"unit": STR, "location": STR, "paid-with": STRINGS, "basis": STR})),
        "lost": array(LOST), "received": array(obj({"step": STR, "count": INT, "sources": array({})})),
        "interpretations": INTERPRETATIONS, "status": STR}, {"steps-bound": INT, "notes": STRINGS}),
    "check-replacements": ("aeref check-replacements --json", {
        **RULING, "steps-received": INT, "steps-used": INT, "steps-lost": INT, "lost": array(LOST),
        "eliminated": array(obj({"location": STR, "units": array({}), "rule": STR, "message": STR})),
        "interpretations": INTERPRETATIONS}, {}),
    "next-turn": ("aeref next-turn --json", {
        "turn": STR, "from": STR, "previous": OPT_STR, "pending": OBJ, "notes": STRINGS, "written": OPT_STR}, {}),
    "plan": ("aeref plan --json", {
        "faction": FACTION, "from": STR, "to": STR, "complete": BOOL, "facts": array({}),
        "interpretations": INTERPRETATIONS, "written": array({})},
        {"cards": array(obj({"card": STR, "map": MAP, "earliest": OPT_STR, "proved": BOOL, "plan": array(OBJ),
                             "reasons": array({})}))}),
    "split": ("aeref split --json", {"public": STR, "private": STRINGS}, {"decks": STRINGS}),
    "verify": ("aeref verify --json", {
        "file": STR, "holds": BOOL, "turns": STRINGS, "selections": INT, "opened": INT,
        "deal": {"oneOf": [{"type": "null"}, obj({"file": STR, "digest": STR})]},
        "links": array(obj({"file": STR, "parent": OPT_STR, "made-by": OBJ, "turn": STR, "opened": array(OPENED)})),
        "broken": BROKEN}, {}),
    "log": ("aeref log --json", {
        "file": STR, "holds": BOOL, "broken": BROKEN,
        "entries": array(obj({"file": STR, "turn": STR, "command": STR, "faction": OPT_STR, "events": STRINGS}))},
        {}),
}


def output_schema(command: str) -> dict[str, Any]:
    """The JSON Schema of ``aeref COMMAND --json``. Raises ``KeyError`` for a command without one."""
    title, required, optional = COMMANDS[command]
    body = obj({"format-version": {"const": FORMAT_VERSION}, **required}, optional)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://aeref.invalid/schema/output/{command}.schema.json",
            "title": title, "description": f"The output of `{title}`, format-version {FORMAT_VERSION} "
                                           "(docs/commands.md#json-schemas-of-the-output)", **body}
