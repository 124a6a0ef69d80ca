"""Input errors in a player's words: what was expected, with an example.

:func:`describe_errors` turns the errors pydantic reports for one file into
:class:`~model.files.errors.Problem` s that a player understands: one problem per
mistake (the branches pydantic tried for a value that may be written two
ways are one mistake; an unknown key and the required key it misspells are
one mistake), the place as the YAML path the player wrote (no class or type
names), and a message saying what is expected, with an example
(``turn: write a Seasonal Turn such as Nov-Dec 1938, not 1941``).
:func:`suggest` adds "did you mean" for unknown names.
"""
from __future__ import annotations

import difflib
import re
import types
import typing
from typing import Any, Iterable, Optional, Union

import pydantic   # its BaseModel is loaded on first use (pydantic imports lazily)

from .errors import Problem, join_path
from .names import fold

CARD = "a card number such as 38 or an id such as tk-soviet-38"
CARDS = "a list of cards in brackets such as [26b, 38, 39]"

#: What a place in a file holds, by its path (list indices written ``[]``, any name ``*``), first match wins.
EXPECTED: list[tuple[str, str]] = [
    (r"^game$", "the game: tk, ds or ae"),
    (r"^turn$", "a Seasonal Turn such as Nov-Dec 1938"),
    (r"^previous$", "the state file the Pending Cards were selected in, such as 1941-aug.yaml"),
    (r"^decks$", "a list of deck files such as [decks/soviet.yaml]"),
    (r"^decks\[\]$", "a deck file such as decks/soviet.yaml"),
    (r"^war-state$", "the war state: pre-war, limited or total (in AE one per map: {tk: limited, ds: total})"),
    (r"^war-state\.\*$", "the war state of that map: pre-war, limited or total"),
    (r"^factions$", "the factions, such as {soviet: {tk: {current: 23, hand: [26b, 38]}}}"),
    (r"^factions\.\*$", "the faction's cards per map, such as {tk: {current: 23, hand: [26b, 38]}}"),
    (r"^factions\.\*\.\*$", "the faction's cards on that map, such as {current: 23, hand: [26b, 38]}"),
    (r"\.current$", CARD + ", or null (no Current Card)"),
    (r"\.pending$", CARD + ", or null (no Pending Card)"),
    (r"\.hand$", CARDS),
    (r"\.hand\[\]$", CARD),
    (r"\.removed$", CARDS),
    (r"\.removed\[\]$", CARD),
    (r"\.played$", "a list of earlier Current Cards such as [{card: 20, turn: Mar-Apr 1941}]"),
    (r"\.played\[\]$", "an earlier Current Card such as {card: 20, turn: Mar-Apr 1941}, or a card number such as 20"),
    (r"\.played\[\]\.card$", CARD),
    (r"\.played\[\]\.turn$", "the Seasonal Turn it was revealed in, such as Mar-Apr 1941"),
    (r"^countries$", "the countries, such as {Russia: {posture: war, status: active, alignment: soviet}}"),
    (r"^countries\.\*$", "the country's facts, such as {posture: war, status: active, alignment: soviet}"),
    (r"^countries\.\*\.map$", "tk or ds: the map whose Posture Display this entry is"),
    (r"^countries\.\*\.dependent-of$", "the country it is a Dependent of, such as Japan"),
    (r"^countries\.\*\.(influence|neutrality)$", "the marker's DRM, a whole number such as 1 or -1"),
    (r"^countries\.\*\.(minor|chinese)$", "true or false"),
    (r"^markers$", "the markers by box, such as {strategic-warfare-box: [US Victory Program]}"),
    (r"^flags$", "a list of names in brackets"),
    (r"^interpretations$", "the interpretations in force, such as {annual-scope: map}"),
    (r"^replacements$", "the Replacements Segment by map and faction, such as {ds: {axis: {force-pool: [...]}}}"),
    (r"^map$", "the map: {hexes: {...}, boxes: [...]}"),
    (r"^boxes$", "the boxes by map, such as {ds: {delay-box: [Kiangsu Inf]}}"),
    (r"^counters$", "{in-play: [...], removed: [...]}"),
    (r"^turn-track$", "the Turn Track by map, such as {tk: {US Entry: Mar-Apr 1942}}"),
    (r"^marker-pool$", "the markers in each Force Pool, such as {axis: {logistics: [IGHQ]}}"),
    (r"^esv(-table\[\]\.(production|no-war|war))?$", "a whole number such as 5"),
    (r"^esv-table$", "a list of table lines such as [{war-state: limited, production: 1, no-war: 1, war: 0}]"),
    (r"^uscl-drm$", "the USCL Political DRM, a whole number 0 or less"),
    (r"(^|\.)cards$", "a list of cards, each such as {map: tk, faction: soviet, number: 38, name: Total War Production, war-state: total}"),
    (r"(^|\.)cards\[\]$", "a card such as {map: tk, faction: soviet, number: 38, name: Total War Production, war-state: total}"),
    (r"cards\[\]\.map$", "tk or ds"),
    (r"cards\[\]\.faction$", "axis, western or soviet"),
    (r"cards\[\]\.number$", "the card's number as printed, such as 26b or 38"),
    (r"cards\[\]\.name$", "the card's name as printed, such as Total War Production"),
    (r"cards\[\]\.war-state$", "the card's war state: pre-war (blue), limited (gray) or total (red)"),
    (r"cards\[\]\.production$", "the Production Value (the black circle), a whole number such as 3"),
    (r"cards\[\]\.blitz$", "the Blitz Value, a whole number such as 2"),
    (r"cards\[\]\.(combined|recyclable|rearmament)$", "true or false"),
    (r"cards\[\]\.kinds$", "a list of card types such as [demand]"),
    (r"cards\[\]\.requires$", "a list of Selection Requirements such as [{played: 3}, {war-state: total}]"),
    (r"cards\[\]\.starts$", "the war state the card starts: limited or total"),
    (r"cards\[\]\.replacements$", "the Replacements Segment box, such as [{nationality: Japan, kind: armor, steps: 1}]"),
    (r"cards\[\]\.replacements\[\]\.steps$", "a number of steps such as 4"),
    (r"cards\[\]\.reinforcements$", "a list such as [{counter: Kiangsu Inf, country: Kiangsu, to: delay-box}]"),
    (r"\.to$", "force-pool, delay-box or strategic-warfare-box"),
    (r"\.units$", "a list of units such as [{id: J-1, faction: axis, nationality: Japan, type: infantry}]"),
    (r"\.neighbours$", "a list of hex numbers in brackets such as [\"2314\", \"2316\"]"),
    (r"(units|force-pool)\[\]\.steps$", "the unit's steps, a whole number such as 2"),
    (r"\.(supplied|city|road|rail|limited-stacking|strategic|kwantung|elite|pairs-to-armor)$", "true or false"),
    (r"\.(count|partisan-bases)$", "a whole number such as 2"),
    (r"\.logistics$", "a list of Logistics marker names such as [IGHQ]"),
    (r"(^|\.)nationality$", "the nationality, such as Germany (a unit may have a list such as [Britain, US])"),
    (r"(^|\.)colonial$", "true, false or a colonial code such as Ind"),
]

#: Plain words for pydantic's error types (the fallback when a place is not in :data:`EXPECTED`).
_TYPE_WORDS = {
    "int": "a whole number such as 3", "float": "a number such as 1.5", "bool": "true or false",
    "string": "text", "list": "a list in brackets such as [a, b]", "dict": "a mapping such as {key: value}",
    "model": "a mapping such as {key: value}",
}


def rules_word(v: Any) -> str:
    """A value as the rules print it, the one wording of ``show`` and ``report``: ``policy-affected`` ->
    ``Policy Affected``, ``war`` -> ``War``; None -> ``-``; any other value as ``str``."""
    if v is None:
        return "-"
    return " ".join(w[:1].upper() + w[1:] for w in v.replace("-", " ").split()) if isinstance(v, str) else str(v)


def closest(word: Any, choices: Iterable[Any], cutoff: float = 0.6) -> Optional[str]:
    """The choice closest to ``word`` (case and ``-``/``_``/space ignored; difflib), or None."""
    def norm(x: Any) -> str:
        return fold(str(x)).strip().casefold().replace("_", "-").replace(" ", "-")
    by_norm: dict[str, str] = {}
    for c in choices:
        by_norm.setdefault(norm(c), str(c))
    close = difflib.get_close_matches(norm(word), list(by_norm), n=1, cutoff=cutoff)
    return by_norm[close[0]] if close and close[0] != norm(word) else None


def suggest(word: Any, choices: Iterable[Any], cutoff: float = 0.6) -> str:
    """`` (did you mean X?)`` when a choice is close to ``word``, else ``""``; two choices
    when the second is nearly as close (``countrys``: counters or countries)."""
    def norm(x: Any) -> str:
        return fold(str(x)).strip().casefold().replace("_", "-").replace(" ", "-")
    by_norm: dict[str, str] = {}
    for c in choices:
        by_norm.setdefault(norm(c), str(c))
    w = norm(word)
    scored = sorted(((difflib.SequenceMatcher(None, w, c).ratio(), c) for c in by_norm if c != w), reverse=True)
    best = [c for r, c in scored[:2] if r >= cutoff and r >= scored[0][0] - 0.1]
    return f" (did you mean {' or '.join(by_norm[c] for c in best)}?)" if best else ""


def map_not_in_play(shown: str, maps: Iterable[str], game: Optional[str] = None, hint: str = "") -> str:
    """The message for a map that is not in play (FORMAT section 4 ``game``):
    ``map 'dss' is not in play in game ae (did you mean ds?) (maps: tk, ds)``.

    ``shown`` is the map as the message writes it (``repr`` of the key the file wrote, or the name);
    ``game`` is named when given; ``hint`` (a :func:`suggest`) follows."""
    return f"map {shown} is not in play{f' in game {game}' if game else ''}{hint} (maps: {', '.join(maps)})"


def unknown_card(cid: str, cards: Iterable[str]) -> str:
    """``unknown card ds-soviet-25 (did you mean ds-soviet-24?)``: the close ids of the same map and faction."""
    head, number = cid.rsplit("-", 1)
    head += "-"
    same = sorted((c for c in cards if c.startswith(head)),
                  key=lambda c: (int(re.sub(r"\D", "", c[len(head):]) or 0), c))
    # a number is close when only its letter differs (26 / 26b) or two characters are swapped (93 / 39)
    close = [c for c in same if c[len(head):].rstrip("abcdefgh") == number.rstrip("abcdefgh")
             or sorted(c[len(head):]) == sorted(number)]
    if close:
        return f"unknown card {cid} (did you mean {' or '.join(close)}?)"
    m, f = head[:-1].split("-", 1)
    if not same:
        return f"unknown card {cid}: the decks hold no {f.capitalize()} {m.upper()} card"
    return f"unknown card {cid}: not in the decks" + (
        f" (the {f.capitalize()} {m.upper()} cards are {', '.join(c[len(head):] for c in same)})" if len(same) <= 12 else "")


def _or(words: list) -> str:
    """``a, b or c``."""
    words = [str(w) for w in words]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def unknown_key(key: Any, keys: Iterable[str]) -> str:
    """``unknown key 'neighbors' (did you mean neighbours?)``, or the keys when none is close."""
    keys = [str(k) for k in keys]
    hint = suggest(key, keys)
    return f"unknown key {shown(key)}{hint}" if hint else f"unknown key {shown(key)}: the keys here are {', '.join(keys)}"


def unknown(what: str, value: Any, choices: Iterable[Any]) -> str:
    """``unknown posture 'wat' (did you mean war?): use war, policy-affected or truce-affected``."""
    choices = [str(c) for c in choices]
    return f"unknown {what} {shown(value)}{suggest(value, choices)}: use {_or(choices)}"


def shown(value: Any) -> str:
    """A value as the player wrote it in YAML, short: ``'26b, 38'``, ``[38]``, ``{card: 20}``."""
    def flow(v: Any, depth: int = 0) -> str:
        if isinstance(v, (dict, list)) and depth > 3:      # deep or cyclic (YAML anchors): cut short
            return "..."
        if isinstance(v, dict):
            return "{" + ", ".join(f"{flow(k, depth + 1)}: {flow(x, depth + 1)}" for k, x in list(v.items())[:8]) + "}"
        if isinstance(v, list):
            return "[" + ", ".join(flow(x, depth + 1) for x in v[:8]) + (", ..." if len(v) > 8 else "") + "]"
        if v is None:
            return "null"
        if isinstance(v, bool):
            return "true" if v else "false"
        return str(v)
    text = repr(value) if isinstance(value, str) else flow(value)
    if len(text) <= 60:
        return text
    return text[:57] + "..." + (f" ({len(value)} characters)" if isinstance(value, str) else "")


def expected(path: str) -> Optional[str]:
    """What the place ``path`` (``factions.soviet.tk.hand[2]``) holds, in words with an example."""
    starred = _starred(re.sub(r"\[\d+\]", "[]", path))
    for pattern, text in EXPECTED:
        if re.search(pattern, starred):
            return text
    return None


def _starred(path: str) -> str:
    """``factions.soviet.tk.hand[]`` -> ``factions.*.*.hand[]``: the names a player chooses become ``*``."""
    parts = path.split(".")
    if parts[0] == "factions":
        for i in (1, 2):
            if len(parts) > i:
                parts[i] = "*"
    elif parts[0] in ("countries", "war-state") and len(parts) > 1:
        parts[1] = "*"
    return ".".join(parts)


# ----------------------------------------------------------------------------- walking pydantic's locations

def _unwrap(t: Any) -> Any:
    while True:
        origin = typing.get_origin(t)
        if origin is typing.Annotated:
            t = typing.get_args(t)[0]
            continue
        if origin in (Union, types.UnionType):
            members = [a for a in typing.get_args(t) if a is not type(None)]
            if len(members) == 1:
                t = members[0]
                continue
        return t


def _is_model(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, pydantic.BaseModel)


def _field(model: Any, key: Any) -> Any:
    for name, f in model.model_fields.items():
        if key in (name, f.alias):
            return f.annotation
    return None


def _branch(union: Any, tag: str) -> Any:
    for m in typing.get_args(union):
        m2 = _unwrap(m)
        if _is_model(m2) and m2.__name__ == tag:
            return m2
        origin = typing.get_origin(m2)
        if tag.startswith("list[") and origin is list or tag.startswith("dict[") and origin is dict:
            return m2
    return Any


def keys_of(model: Any) -> list[str]:
    """The keys a model's mapping takes, as the files spell them (``war-state``)."""
    return [f.alias or name for name, f in model.model_fields.items()]


_TAG = re.compile(r"^(int|str|float|bool|none|constrained-str|(list|dict|tuple|set|literal|union|tagged-union)\[.*\]|[A-Z]\w*File)$")


def walk(model: Any, loc: tuple) -> tuple[list, Optional[int], Any]:
    """Split pydantic's ``loc`` into the player's path, the index in that path
    where pydantic tried the branches of a union (None: no union), and the
    type at the end (a model for a mapping, or None when unknown)."""
    t, path, union_at = model, [], None
    for part in loc:
        if isinstance(part, str) and part.startswith("function-"):
            continue
        t = _unwrap(t)
        if typing.get_origin(t) in (Union, types.UnionType):
            if union_at is None:
                union_at = len(path)
            t = _branch(t, str(part))
            continue
        path.append(part)
        if _is_model(t):
            t = _field(t, part)
        elif typing.get_origin(t) in (list, tuple, set):
            t = typing.get_args(t)[0] if typing.get_args(t) else Any
        elif typing.get_origin(t) is dict:
            t = typing.get_args(t)[1]
        else:
            t = None
    if model is None:        # no model to follow: leave out what only pydantic's union branches are called
        path = [p for p in path if not (isinstance(p, str) and _TAG.match(p))]
    return path, union_at, (_unwrap(t) if t is not None else None)


def _union_words(model: Any, loc: tuple) -> Optional[str]:
    """``text or a list``: what the branches of the union at the start of ``loc`` take, in words."""
    t = model
    for part in loc:
        if isinstance(part, str) and part.startswith("function-"):
            continue
        t = _unwrap(t)
        if typing.get_origin(t) in (Union, types.UnionType):
            break
        if _is_model(t):
            t = _field(t, part)
        elif typing.get_origin(t) in (list, tuple, set, dict):
            t = typing.get_args(t)[-1] if typing.get_args(t) else Any
        else:
            return None
    else:
        return None
    words = []
    for m in typing.get_args(t):
        m = _unwrap(m)
        origin = typing.get_origin(m)
        word = ("a list" if origin in (list, tuple, set) else "a mapping" if origin is dict or _is_model(m)
                else _TYPE_WORDS.get({int: "int", str: "string", bool: "bool", float: "float"}.get(m, ""), None)
                if m is not type(None) else "nothing (null)")
        if word and word not in words:
            words.append(word.split(" such as")[0])
    return " or ".join(dict.fromkeys(words)) or None


# ----------------------------------------------------------------------------- the messages

def _value_error(msg: str) -> str:
    return msg[len("Value error, "):] if msg.startswith("Value error, ") else msg


def _message(err: dict, where: str, keys: Optional[list]) -> str:
    kind, inp = err.get("type", ""), err.get("input")
    want = expected(where)
    if kind == "extra_forbidden":
        key = where.rsplit(".", 1)[-1]
        return unknown_key(key, keys) if keys else f"unknown key {shown(key)}"
    if kind == "missing":
        return "required key missing" + (f": write {want}" if want else "")
    if kind == "value_error":
        return _value_error(err.get("msg", "invalid"))
    if kind == "literal_error":
        allowed = re.findall(r"'([^']*)'", str((err.get("ctx") or {}).get("expected", "")))
        field = where.rsplit(".", 1)[-1] if where and not where.endswith("]") else "value"
        return f"unknown {field} {shown(inp)}{suggest(inp, allowed)}: use {_or(allowed)}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        ctx = err.get("ctx") or {}
        bound = {"greater_than_equal": f"{ctx.get('ge')} or more", "greater_than": f"more than {ctx.get('gt')}",
                 "less_than_equal": f"{ctx.get('le')} or less", "less_than": f"less than {ctx.get('lt')}"}[kind]
        return f"write {want or 'a number'} ({bound}), not {shown(inp)}"
    if kind in ("string_too_short", "too_short"):
        return f"write {want or 'something'} here, not an empty value"
    if kind == "list_type" and isinstance(inp, str) and "," in inp:
        return f"a list is written in brackets: write [{inp.strip()}], not {shown(inp)}"
    base = kind.split("_")[0]
    what = want or _TYPE_WORDS.get(base)
    if what:
        return f"write {what}, not {shown(inp)}"
    msg = _value_error(err.get("msg", "invalid")).rstrip(".")
    if msg.startswith("Input should be "):           # pydantic's words for a type it has no name for here
        msg = "write " + msg[len("Input should be "):]
    return f"{msg}, not {shown(inp)}"


def describe_errors(errors: list, model: Any, file: str, prefix: str = "") -> list[Problem]:
    """The :class:`Problem` s of pydantic ``errors`` raised validating ``model``
    (one per mistake, in the player's words), with paths under ``prefix``."""
    rows = []
    for err in errors:
        path, union_at, end = walk(model, tuple(err.get("loc", ())))
        rows.append((err, path, union_at))
    # the branches of one union are one mistake: keep the mapping's branch when a mapping was written
    out_rows, groups = [], {}
    for err, path, union_at in rows:
        if union_at is None:
            out_rows.append((err, path))
        else:
            groups.setdefault(tuple(path[:union_at]), []).append((err, path))
    for point, members in groups.items():
        deeper = [(e, p) for e, p in members if len(p) > len(point)]
        at = [(e, p) for e, p in members if len(p) == len(point)]
        if deeper and at and isinstance(at[0][0].get("input"), dict):
            out_rows.extend(deeper)
        elif deeper and not at:
            out_rows.extend(deeper)
        else:
            first = at[0][0] if at else members[0][0]
            out_rows.append(({"type": "union", "input": first.get("input"), "msg": first.get("msg", ""),
                              "kinds": _union_words(model, first.get("loc", ()))}, list(point)))
    # an unknown key and the required key it misspells are one mistake
    extra = {}
    for err, path in out_rows:
        if err.get("type") == "extra_forbidden" and path:
            extra.setdefault(tuple(path[:-1]), []).append(str(path[-1]))
    problems, seen = [], set()
    for err, path in out_rows:
        if err.get("type") == "missing" and path and suggest(path[-1], extra.get(tuple(path[:-1]), [])):
            continue
        where = join_path(prefix, *path)
        if where in seen:
            continue
        seen.add(where)
        keys = None
        if err.get("type") == "extra_forbidden":
            _, _, parent = walk(model, tuple(err.get("loc", ()))[:-1])
            keys = keys_of(parent) if _is_model(parent) else None
        if err.get("type") == "union":
            want = expected(where)
            msg = f"write {want or err.get('kinds') or 'another value'}, not {shown(err.get('input'))}"
        else:
            msg = _message(err, where, keys)
        problems.append(Problem(file, where, msg))
    return problems
