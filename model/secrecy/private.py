"""Private files: a position split into a public file and one private file per faction (1.1 "face down").

The public file is a state file in which a faction's hidden cards are replaced by what every player
may see: ``hand-count: N`` for a hand (its cards are in the private file), ``pending-placed: true`` for
a Pending Card placed face down, or ``sealed: sha256:...`` for one placed as a commitment
(:mod:`model.secrecy.seal`). The private file of a faction holds the rest::

    private: axis            # whose file this is
    game: tk                 # the game of the public file
    tk:
      hand: [11, 4a, 28a]    # the hand, as a state file writes it
      pending: 22a           # the Pending Card, placed face down
      nonce: 9f...           # the seal's secret (select --seal)

A state file ``game.yaml`` finds its private files beside it as ``game.FACTION.private.yaml``
(:func:`private_path`); more are named with ``--private``. :func:`join` puts them back into the public
file's mapping before it is read (each problem with the private file's name and place);
:func:`split` takes them out of a whole one; :func:`public_problems` checks that a mapping to be
written as a public file holds no private field.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Iterable, Optional

from ..game.cards import parse_card_ref
from ..files.errors import InputError, Problem, join_path
from ..files.names import norm_key
from .seal import NONCE, seal
from ..game.vocabulary import FACTIONS, faction_name
from ..files.yamlio import load_yaml_file

#: The keys of a faction's section of one map that only its private file may hold.
PRIVATE_KEYS = ("hand", "pending", "nonce")
#: The hint of a private file that does not fit its public file: most often one of an earlier turn.
_OLDER = " (a private file of an earlier Seasonal Turn? give the newest one its player keeps)"
#: What a private file's section of one map may hold.
_SECTION_KEYS = set(PRIVATE_KEYS)
#: The top-level keys of a private file besides the maps.
_TOP_KEYS = {"private", "game"}


def private_path(state: str | Path, faction: str) -> Path:
    """The private file of ``faction`` beside the state file ``state``: ``STEM.FACTION.private.yaml``."""
    p = Path(state)
    return p.with_name(f"{p.stem}.{faction}.private.yaml")


def found_beside(state: str | Path) -> list[Path]:
    """The private files beside ``state`` (:func:`private_path` of each faction that has one)."""
    if str(state) == "-":
        return []
    return [q for q in (private_path(state, f) for f in FACTIONS) if q.is_file()]


def _ref(ref: Any, m: str, f: str) -> str:
    try:
        return parse_card_ref(ref, m, f)
    except ValueError:
        return str(ref)


def _sections(data: dict) -> dict:
    """``factions`` of a state-file mapping with its keys as written, by normalised faction and map."""
    out: dict = {}
    facs = data.get("factions")
    if not isinstance(facs, dict):
        return out
    for fk, sections in facs.items():
        if isinstance(sections, dict):
            for mk, sec in sections.items():
                if isinstance(sec, dict):
                    out[(norm_key(fk), norm_key(mk))] = (fk, mk, sec)
    return out


def _get(sec: dict, key: str, default: Any = None) -> Any:
    for k, v in sec.items():
        if norm_key(k) == key:
            return v
    return default


def _pop(sec: dict, key: str) -> Any:
    for k in list(sec):
        if norm_key(k) == key:
            return sec.pop(k)
    return None


def join(data: dict, shown: str, state: str | Path, privates: Iterable[str | Path] = ()) -> tuple[list[tuple[str, str]], list[Problem]]:
    """Put the private files into ``data`` (the public file's mapping, changed in place): those beside
    ``state`` (:func:`found_beside`) and ``privates``. Returns ``[(faction, private file)]`` joined and
    the problems: a private file of another game or of a faction the public file lacks, two files of one
    faction, a hand the public file also lists or counts differently, a hand card the public file lists as
    played, Current or removed, a Pending Card the public file does not show placed."""
    problems: list[Problem] = []
    joined: list[tuple[str, str]] = []
    seen: dict[str, str] = {}
    paths: list[Path] = []
    for p in [*map(Path, privates), *found_beside(state)]:
        if all(p.resolve() != q.resolve() for q in paths):
            paths.append(p)
    sections = _sections(data)
    for p in paths:
        name = str(p)
        try:
            priv = load_yaml_file(p, name)
        except InputError as exc:
            problems += exc.problems
            continue
        if not isinstance(priv, dict) or "private" not in priv:
            problems.append(Problem(name, "private", "a private file starts with private: FACTION (docs/face-down.md)"))
            continue
        f = norm_key(priv.get("private"))
        if f not in FACTIONS:
            problems.append(Problem(name, "private", f"{priv.get('private')!r} is not a faction ({', '.join(FACTIONS)})"))
            continue
        if str(priv.get("game", "")).lower() != str(data.get("game", "")).lower():
            problems.append(Problem(name, "game", f"this private file is of game {priv.get('game')}, the public file "
                                                  f"{shown} of game {data.get('game')}: another game's file"))
            continue
        if f in seen:
            problems.append(Problem(name, "private", f"a second private file of the {faction_name(f)} faction "
                                                     f"(the first: {seen[f]})"))
            continue
        seen[f] = name
        for key, body in priv.items():
            if not isinstance(key, str):
                # YAML reads `null:`, `true:`, `1:`, `1.5:` as keys of other types; a map's name is text.
                problems.append(Problem(name, repr(key), f"{key!r} is not a map's name (a section key is tk or ds)"))
                continue
            k = norm_key(key)
            if k in _TOP_KEYS:
                continue
            where = str(key)
            if (f, k) not in sections:
                problems.append(Problem(name, where, f"the public file {shown} has no {faction_name(f)} section of "
                                                     f"the {k.upper()} map (factions: {f}: {k}:)"))
                continue
            if not isinstance(body, dict):
                problems.append(Problem(name, where, "a map's section holds hand:, pending: and nonce:"))
                continue
            problems += _join_section(body, sections[(f, k)], f, k, name, where, shown)
        joined.append((f, name))
    return joined, problems


def _join_section(body: dict, at: tuple, f: str, m: str, name: str, where: str, shown: str) -> list[Problem]:
    fk, mk, sec = at
    pw = join_path("factions", str(fk), str(mk))
    problems = [Problem(name, join_path(where, str(k)), f"a private file's map section holds "
                                                        f"{', '.join(PRIVATE_KEYS)}, not {k}")
                for k in body if norm_key(k) not in _SECTION_KEYS]
    hand = _get(body, "hand")
    if hand is not None:
        if not isinstance(hand, list):
            return problems + [Problem(name, join_path(where, "hand"), "a hand is a list of cards")]
        if _get(sec, "hand"):
            problems.append(Problem(name, join_path(where, "hand"), f"the public file {shown} lists this hand too "
                                                                    f"({join_path(pw, 'hand')}): give it in one file"))
        count = _get(sec, "hand-count")
        if count is not None and count != len(hand):
            problems.append(Problem(name, join_path(where, "hand"), f"holds {len(hand)} cards; the public file "
                                                                    f"{shown} says {join_path(pw, 'hand-count')}: {count}{_OLDER}"))
        public = {}
        # a card played may be back in the hand when it is recyclable (♺, 1.1.1 Step 1): the decks decide that
        # (model/files/consistency.py), not the join
        for key in ("current", "removed"):
            v = _get(sec, key)
            for i, item in enumerate(v if isinstance(v, list) else [v] if v is not None else []):
                ref = item.get("card") if isinstance(item, dict) else item
                public[_ref(ref, m, f)] = join_path(pw, key, i) if isinstance(v, list) else join_path(pw, key)
        for i, ref in enumerate(hand):
            cid = _ref(ref, m, f)
            if cid in public:
                problems.append(Problem(name, join_path(where, "hand", i), f"{cid} is in this hand, but the public file "
                                                                           f"{shown} lists it at {public[cid]}"))
        _pop(sec, "hand-count")
        sec["hand"] = list(hand)
    pending = _get(body, "pending")
    if pending is not None:
        if not (_get(sec, "pending-placed") or _get(sec, "sealed")):
            problems.append(Problem(name, join_path(where, "pending"), f"the public file {shown} shows no Pending Card "
                                                                       f"placed ({join_path(pw, 'pending-placed')} or sealed){_OLDER}"))
        if _get(sec, "pending") is not None:
            problems.append(Problem(name, join_path(where, "pending"), f"the public file {shown} names a Pending Card "
                                                                       f"too ({join_path(pw, 'pending')})"))
        _pop(sec, "pending-placed")
        sec["pending"] = pending
    nonce = _get(body, "nonce")
    if nonce is not None:
        if not isinstance(nonce, str) or not NONCE.fullmatch(nonce):
            problems.append(Problem(name, join_path(where, "nonce"), f"the nonce {nonce!r} is not 32 lower-case "
                                                                     "hexadecimal digits (a seal's secret, select --seal)"))
        elif not _get(sec, "sealed"):
            problems.append(Problem(name, join_path(where, "nonce"), f"the public file {shown} holds no seal "
                                                                     f"({join_path(pw, 'sealed')}) for this nonce"))
        elif pending is not None and not _opens(sec, f, m, _ref(pending, m, f), nonce):
            # a set of files mixed (by hand, by mail, or a write cut short): refused before any command answers
            problems.append(Problem(name, join_path(where, "pending"), (
                f"{_ref(pending, m, f)} with this nonce does not open the seal of the public file {shown} "
                f"({join_path(pw, 'sealed')}): the card or the nonce is not the one sealed, or the two files come "
                f"from different writes; give the private file written with {Path(shown).name}")))
        sec["nonce"] = nonce
    return problems


def _opens(sec: dict, f: str, m: str, card: str, nonce: str) -> bool:
    """Whether ``card`` with ``nonce`` gives the seal of the public section ``sec`` (model/secrecy/seal.py)."""
    return seal(str(_get(sec, "sealed-in") or ""), f, m, card, nonce) == _get(sec, "sealed")


def split(data: dict, factions: Optional[Iterable[str]] = None) -> tuple[dict, dict[str, dict]]:
    """A whole state-file mapping split: the public mapping (each hand replaced by ``hand-count``, each
    Pending Card by ``pending-placed: true`` or its ``sealed:``, nonces dropped) and one private mapping per
    faction (of ``factions``; None: every faction) that has a hand or a Pending Card (a hand already face down,
    ``hand-count`` without ``hand``, stays as it is). ``data`` is not changed."""
    public = copy.deepcopy(data)
    privates: dict[str, dict] = {}
    want = None if factions is None else {norm_key(f) for f in factions}
    for (f, m), (_, mk, sec) in _sections(public).items():
        if want is not None and f not in want:
            continue
        body: dict = {}
        if any(norm_key(k) == "hand" for k in sec):      # else the hand is face down already (hand-count)
            hand = _pop(sec, "hand")
            body["hand"] = list(hand or [])
            sec["hand-count"] = len(hand or [])
        pending = _pop(sec, "pending")
        if pending is not None:
            body["pending"] = pending
            if not _get(sec, "sealed"):
                sec["pending-placed"] = True
        nonce = _pop(sec, "nonce")
        if nonce is not None:
            body["nonce"] = nonce
        if body:
            privates.setdefault(f, {"private": f, "game": public.get("game")})[str(mk)] = body
    return public, privates


def public_problems(data: dict, shown: str) -> list[Problem]:
    """Every private field of a mapping about to be written as a public file: a listed hand card, a named
    Pending Card, a nonce. Empty when the file may travel."""
    out = []
    for (f, m), (fk, mk, sec) in _sections(data).items():
        pw = join_path("factions", str(fk), str(mk))
        for k, v in sec.items():
            if norm_key(k) in PRIVATE_KEYS and v not in (None, []):
                out.append(Problem(shown, join_path(pw, str(k)), f"a private field in a public file: the "
                                                                 f"{faction_name(f)} {k} belongs in its private file"))
    return out
