"""The game record, checked: every link of a chain of public files re-derived from the mail a player holds.

A chained state file names the public file it was made from by the SHA-256 of its bytes and what made it
(``record:``, :mod:`aeref.model.files.record`). :func:`verify` walks a file's chain back to its root
(``aeref split``) through the files of a mail folder and checks every link; :func:`check_link` checks one
file's own link against the parent beside it (every command does, before it answers on a chained file);
:func:`game_log` tells the game turn by turn from the chain. What a link must satisfy:

- its parent is a file the player holds, byte for byte (the digest names it);
- ``select`` (1.1.1 Step 4, 1.1.3): the file is its parent with the faction's Pending Cards placed: nothing
  else changed, the hand one card smaller per card placed, each card sealed (a card placed face down without
  a seal cannot be checked by anyone at its reveal) over the file's own position digest, and no card placed
  again in a Seasonal Turn whose selection was made (1.1.3 "Card selection is final");
- ``reveal``, ``next-turn``, ``war-state``: the file is exactly what aeref derives from its parent (the
  seals opened with the card and nonce the file publishes: 1.1.1 Step 2 checks each card against the
  position it was selected in), apart from the record;
- ``split`` is the root only.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

from .model.files.errors import InputError, Problem
from .model.files.load import keeping_previous
from .model.files.names import norm_key
from .model.files.record import bytes_digest
from .model.files.yamlio import load_yaml_file
from .model.game.vocabulary import faction_name
from .model.secrecy.private import split
from .model.secrecy.seal import HIDDEN_KEYS, RECORD, canonical, position_digest, seal as _seal

_MISSING = object()
#: The keys of a faction's section a selection may change (1.1.1 Step 4).
_SELECTION_KEYS = set(HIDDEN_KEYS)


@dataclass
class Link:
    """One file of a chain: its ``file``, its ``parent`` file (None: the root), ``made_by`` (the record's
    ``made-by``), the seals it ``opened`` and its ``turn``."""
    file: str
    parent: Optional[str]
    made_by: dict
    opened: list
    turn: str

    def as_json(self) -> dict:
        return {"file": self.file, "parent": self.parent, "made-by": self.made_by, "turn": self.turn,
                "opened": self.opened}


@dataclass
class Verified:
    """The answer of :func:`verify`: ``links`` from the root to the file checked, ``broken`` (None when the
    whole chain holds; else ``{file, where, message, rule}`` of the first broken link)."""
    file: str
    links: list = field(default_factory=list)
    broken: Optional[dict] = None

    @property
    def holds(self) -> bool:
        return self.broken is None

    def summary(self) -> dict:
        """``{turns, selections, opened, deal}``: the Seasonal Turns the chain spans, the selections made, how
        many seals were opened, and the deal the chain starts from (``{file, digest}``: the SHA-256 of its bytes,
        which the players compare once, as any file with no parent could claim to be a deal)."""
        turns = sorted({ln.turn for ln in self.links}, key=lambda t: [ln.turn for ln in self.links].index(t))
        sel = [ln for ln in self.links if ln.made_by.get("command") == "select"]
        root = self.links[0] if self.links and self.links[0].parent is None else None
        deal = {"file": root.file, "digest": bytes_digest(root.file)} if root is not None else None
        return {"turns": turns, "selections": len(sel), "opened": sum(len(ln.opened) for ln in self.links),
                "deal": deal}

    def as_json(self) -> dict:
        """The JSON of ``aeref verify``."""
        return {"file": self.file, "holds": self.holds, "links": [ln.as_json() for ln in self.links],
                **self.summary(), "broken": self.broken}


class BrokenLink(Exception):
    """A link of the chain does not hold: ``file``, ``where`` (a place in it), ``message`` and ``rule``."""

    def __init__(self, file: str, where: str, message: str, rule: str = ""):
        self.file, self.where, self.message, self.rule = file, where, message, rule
        super().__init__(f"{file}: {where}: {message}" + (f" ({rule})" if rule else ""))

    def as_json(self) -> dict:
        return {"file": self.file, "where": self.where, "message": self.message, "rule": self.rule or None}

    def problem(self) -> Problem:
        return Problem(self.file, self.where, self.message + (f" ({self.rule})" if self.rule else ""))


def _record(raw: Any) -> Optional[dict]:
    rec = next((v for k, v in raw.items() if norm_key(k) == RECORD), None) if isinstance(raw, dict) else None
    return canonical(rec) if isinstance(rec, dict) else None


class Mail:
    """The files a player holds: every ``*.yaml`` of a folder (its sub-folders too), found by the SHA-256 of
    their bytes (computed once, when first asked)."""

    def __init__(self, folder: Union[str, Path]):
        self.folder = Path(folder)
        self._by_digest: Optional[dict[str, Path]] = None
        #: the files read so far, parsed (a chain reads each file twice: as a link and as its parent)
        self.parsed: dict = {}
        self._children: Optional[dict[str, list[Path]]] = None

    def children(self, digest: str) -> list[Path]:
        """The files of this folder whose record names the parent ``digest``."""
        self.find(digest)
        if self._children is None:
            self._children = {}
            for p in (self._by_digest or {}).values():
                try:
                    raw, rec = _load_record(p, self.parsed)
                except InputError:
                    continue
                if rec is not None and isinstance(rec.get("parent"), str):
                    self._children.setdefault(rec["parent"], []).append(p)
        return self._children.get(digest, [])

    def find(self, digest: str) -> Optional[Path]:
        """The file of this folder whose bytes have ``digest``, or None."""
        if self._by_digest is None:
            self._by_digest = {}
            for p in sorted(self.folder.rglob("*.yaml")):
                if p.is_file() and not p.name.endswith(".private.yaml"):
                    try:
                        self._by_digest.setdefault(bytes_digest(p), p)
                    except OSError:
                        continue
        return self._by_digest.get(digest)


def _parent(file: Path, rec: dict, mail: Mail) -> Path:
    """The parent of the chained ``file`` among the files held; raises :class:`BrokenLink` naming it."""
    digest = str(rec.get("parent"))
    found = mail.find(digest)
    if found is not None:
        return found
    named = rec.get("parent-file")
    hint = file.parent / named if named else None
    if hint is not None and hint.is_file():
        raise BrokenLink(str(file), "record.parent", f"it was made from a file {named} whose digest is {digest}, but "
                                                     f"your {hint} is {bytes_digest(hint)}: the file you received "
                                                     "differs from the one this file was made from")
    raise BrokenLink(str(file), "record.parent", f"it was made from a file you never received ({named or 'unnamed'}, "
                                                 f"{digest}) in {mail.folder}")


def _first_difference(a: Any, b: Any, path: str = "") -> Optional[tuple[str, Any, Any]]:
    if a == b:
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            d = _first_difference(a.get(k, _MISSING), b.get(k, _MISSING), f"{path}.{k}" if path else str(k))
            if d is not None:
                return d
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            d = _first_difference(x, y, f"{path}[{i}]")
            if d is not None:
                return d
    return path, a, b


def _shown(v: Any) -> str:
    return "nothing" if v is _MISSING else repr(v) if not isinstance(v, str) else v


def _public(raw: dict) -> dict:
    out = canonical(raw)
    out.pop(RECORD, None)
    return out


def _without_selection(public: dict, faction: str) -> dict:
    out = dict(public)
    factions = dict(out.get("factions") or {})
    factions[faction] = {m: {k: v for k, v in (sec or {}).items() if k not in _SELECTION_KEYS}
                         for m, sec in (factions.get(faction) or {}).items()}
    out["factions"] = factions
    return out


def _check_select(file: Path, raw: dict, parent: Path, praw: dict, made_by: dict) -> None:
    """A ``select`` link: the parent with the faction's Pending Cards placed, sealed, and nothing else."""
    f = str(made_by.get("faction", ""))
    name = faction_name(f) if f else "the"
    child, par = _public(raw), _public(praw)
    if f not in (child.get("factions") or {}):
        raise BrokenLink(str(file), "record.made-by.faction", f"no faction {f!r} in this file")
    diff = _first_difference(_without_selection(par, f), _without_selection(child, f))
    if diff is not None:
        where, was, now = diff
        raise BrokenLink(str(file), where, f"a selection by the {name} faction changed it (was {_shown(was)} in "
                                           f"{parent.name}, now {_shown(now)}): a selection places Pending Cards only",
                         "1.1.1 Step 4")
    digest = position_digest(raw)
    made = 0
    for m, sec in (child["factions"][f] or {}).items():
        before = (par.get("factions", {}).get(f) or {}).get(m) or {}
        made += _check_placed(file, f"factions.{f}.{m}", f"the {name} {m.upper()}", sec, before, parent, digest)
    if not made:
        raise BrokenLink(str(file), f"factions.{f}", f"a selection by the {name} faction that selects nothing: no card "
                                                     "placed and no 'no card' recorded", "1.1.1 Step 4")


def _check_placed(file: Path, where: str, whose: str, sec: dict, before: dict, parent: Path, digest: str) -> int:
    """One map of a ``select`` link: 1 when the selection of that map is made here (a card sealed, or no card
    recorded with ``selected:``), 0 when it was made before and is unchanged; raises :class:`BrokenLink`."""
    keys = ("sealed", "sealed-in", "pending-placed", "pending", "selected")
    n, was = sec.get("hand-count"), before.get("hand-count")
    if was is not None and (not isinstance(n, int) or isinstance(n, bool)):
        raise BrokenLink(str(file), f"{where}.hand-count", f"the hand count is {_shown(n)}, not a number of cards "
                                                           f"({was} in {parent.name})", "1.1.1 Step 4")
    if any(before.get(k) for k in keys):
        if any(sec.get(k) != before.get(k) for k in keys) or n != was:
            raise BrokenLink(str(file), where, f"{whose} selection was made in {parent.name} already and is made "
                                               "again", "1.1.3 Card selection is final")
        return 0
    placed = bool(sec.get("sealed") or sec.get("pending-placed") or sec.get("pending"))
    if sec.get("pending-placed") and not sec.get("sealed"):
        raise BrokenLink(str(file), where, f"{whose} Pending Card is placed face down without a seal: no other player "
                                           "can check it at its reveal (select --seal)", "1.1.1 Step 2")
    if sec.get("sealed") and sec.get("sealed-in") != digest:
        raise BrokenLink(str(file), f"{where}.sealed-in", f"the seal names the position {sec.get('sealed-in')}, "
                                                          f"but this file is the position {digest}")
    if isinstance(was, int) and n != was - placed:
        raise BrokenLink(str(file), f"{where}.hand-count", f"{was} - {int(placed)} = {was - placed} cards are left in "
                                                           f"the hand, not {n}", "1.1.1 Step 4")
    return 1 if placed or sec.get("selected") else 0


def _check_cause(file: Path, made_by: dict, praw: dict, parent: Path) -> None:
    """A war state change named as set off by a card (12: "the card being revealed") names a Current Card of
    the file it was made from: a card still face down in a hand sets off nothing."""
    card = made_by.get("card")
    if card is None:
        return
    currents = {str(sec.get("current")) for sections in (canonical(praw).get("factions") or {}).values()
                for sec in (sections or {}).values() if isinstance(sec, dict) and sec.get("current")}
    if str(card) not in currents:
        raise BrokenLink(str(file), "record.made-by.card", f"{card} sets off the war state change, but it is no Current "
                                                           f"Card of {parent.name}: only a card revealed does", "12")


def _check_decks_carried(file: Path, rec: dict, parent: Path, praw: dict) -> None:
    """A link carries its parent's decks and their digests unchanged (the decks of the deal, every player's
    same cards): compared as files, wherever each record names them from."""
    def resolved(r: Optional[dict], where: Path) -> dict[str, Any]:
        decks = (r or {}).get("decks")
        return {str((where.parent / str(k)).resolve()): v for k, v in decks.items()} if isinstance(decks, dict) else {}
    same_folder = file.parent == parent.parent      # as aeref writes them: compared as written, no path resolved
    mine = rec.get("decks") if same_folder else resolved(rec, file)
    theirs = (_record(praw) or {}).get("decks") if same_folder else resolved(_record(praw), parent)
    if mine != theirs:
        raise BrokenLink(str(file), "record.decks", f"the decks differ from those of {parent.name}: every file of a game "
                                                    "carries the decks of the deal and their digests")


def _check_opened(file: Path, opened: list, praw: dict) -> None:
    """Every seal the file opens: the card and nonce give the seal, and the parent holds that seal."""
    for i, o in enumerate(opened):
        where = f"record.opened[{i}]"
        try:
            again = _seal(o.get("sealed-in", ""), o.get("faction", ""), o.get("map", ""), o.get("card", ""),
                          o.get("nonce", ""))
        except ValueError as exc:
            raise BrokenLink(str(file), where, str(exc)) from None
        if again != o.get("seal"):
            raise BrokenLink(str(file), where, f"{o.get('card')} with that nonce gives {again}, not the seal "
                                               f"{o.get('seal')}: the card revealed is not the card sealed",
                             "1.1.3 Card selection is final")
        held = ((praw.get("factions") or {}).get(o.get("faction")) or {}).get(o.get("map")) or {}
        if canonical(held).get("sealed") != o.get("seal"):
            raise BrokenLink(str(file), where, f"the seal {o.get('seal')} is not the {o.get('faction')} "
                                               f"{str(o.get('map')).upper()} seal of the file it was revealed from")


def _derive(parent: Path, made_by: dict, opened: list, out: Path) -> Any:
    """What aeref derives from ``parent`` by ``made_by`` (reveal, next-turn, war-state): the position."""
    from . import api                                   # the answers the link re-derives
    cmd = made_by.get("command")
    pos = api.load(parent, war_state_due=cmd == "war-state")
    if cmd == "next-turn":
        return pos.next_turn().position.data, parent
    if cmd == "war-state":
        changed = pos.war_state_change(made_by.get("map"), made_by.get("card"), made_by.get("to"),
                                       tuple(made_by.get("remove") or ()))
        return changed.position.data, None
    by_faction: dict[str, dict] = {}
    for o in opened:
        by_faction.setdefault(o["faction"], {})[o["map"]] = (o["card"], o["nonce"])
    for f, cards in by_faction.items():
        pos = pos.unseal(f, cards)
    ans = pos.reveal(str(made_by.get("faction", "all")), None, bool(made_by.get("declare-total-war")),
                     tuple(made_by.get("remove") or ()), dict(made_by.get("repatriate") or {}) or None,
                     tuple(made_by.get("remove-cards") or ()))
    if ans.refused or ans.open_choices:
        raise BrokenLink(str(out), "record.made-by", "the reveal it records is refused by aeref on its parent")
    return ans.position.data, None


def _check_derived(file: Path, raw: dict, parent: Path, praw: dict, made_by: dict, opened: list) -> None:
    from .model.files.write import state_dict           # lazy: the writer is the one definition of a file's keys
    try:
        data, previous = _derive(parent, made_by, opened, file)
    except InputError as exc:
        raise BrokenLink(str(file), "record.made-by", f"{made_by.get('command')} is refused on {parent.name}: "
                                                      f"{exc.problems[0].message}") from None
    except ValueError as exc:
        raise BrokenLink(str(file), "record.made-by", f"{made_by.get('command')} is refused on {parent.name}: {exc}") from None
    derived, _ = split(state_dict(data, file, previous, praw, record=None))   # praw: the parent, parsed once
    want = _face_down_twins(data, _public(derived), _public(raw))
    diff = _first_difference(want, _public(raw))
    if diff is not None:
        where, want, got = diff
        rule = {"reveal": "1.1.1", "next-turn": "1.1.1", "war-state": "12"}.get(str(made_by.get("command")), "")
        raise BrokenLink(str(file), where, f"the file says {_shown(got)}; aeref derives {_shown(want)} from "
                                           f"{parent.name} by {made_by.get('command')}", rule)


def _face_down_twins(data: Any, derived: dict, got: dict) -> dict:
    """``derived`` with the © twins the file says were removed from a face-down hand removed from it too
    (©1.1.1 Step 2): whether the identically named card was in a hand only its player sees is the one fact
    of a reveal that the file itself tells (the hand count goes down by one, the twin is listed removed)."""
    out = derived
    for f, sections in (got.get("factions") or {}).items():
        for m, sec in (sections or {}).items():
            mine = ((derived.get("factions") or {}).get(f) or {}).get(m)
            if not isinstance(mine, dict) or not isinstance(sec, dict) or not isinstance(mine.get("hand-count"), int):
                continue
            extra = [c for c in sec.get("removed") or [] if c not in (mine.get("removed") or [])]
            revealed = {s.get("current") for ms in (got["factions"].get(f) or {}).values() if isinstance(ms, dict)
                        for s in [ms]}
            twins = [c for c in extra if c in data.cards and any(
                r in data.cards and data.cards[r].is_twin_of(data.cards[c]) for r in revealed if r)]
            if twins and twins == extra and sec.get("hand-count") == mine["hand-count"] - len(twins):
                if out is derived:
                    out = copy.deepcopy(derived)
                fixed = out["factions"][f][m]
                fixed["removed"] = list(fixed.get("removed") or []) + twins
                fixed["hand-count"] = mine["hand-count"] - len(twins)
    return out


def _link(file: Path, raw: dict, rec: dict, mail: Mail) -> Optional[Path]:
    """Check the link of ``file`` (its loaded YAML ``raw``, its record ``rec``); returns its parent (None:
    the root). Raises :class:`BrokenLink`, also for a record that is not one aeref writes."""
    try:
        return _link_checked(file, raw, rec, mail)
    except (TypeError, AttributeError, KeyError, ValueError, IndexError) as exc:
        raise BrokenLink(str(file), "record", f"not a game record aeref writes ({type(exc).__name__}: {exc})") from None


def _link_checked(file: Path, raw: dict, rec: dict, mail: Mail) -> Optional[Path]:
    made_by = rec.get("made-by") or {}
    cmd = made_by.get("command")
    if "parent" not in rec:
        if cmd != "split":
            raise BrokenLink(str(file), "record", f"made by {cmd or 'nothing named'} but names no parent: only the "
                                                  "deal (aeref split) starts a game record")
        return None
    if cmd == "split":
        raise BrokenLink(str(file), "record.parent", "a deal (split) is the root of a game and has no parent")
    parent = _parent(file, rec, mail)
    praw, _ = _load_record(parent, mail.parsed)
    twins = [p for p in mail.children(str(rec.get("parent"))) if p.resolve() != file.resolve()]
    if twins:
        raise BrokenLink(str(file), "record.parent", f"{parent.name} was made into two files, {file.name} and "
                                                     f"{twins[0].name}: a game goes on from one file (a selection made "
                                                     "twice, or another player's turn taken); keep the one mailed first")
    opened = rec.get("opened") or []
    _check_decks_carried(file, rec, parent, praw)
    if cmd == "select":
        if opened:
            raise BrokenLink(str(file), "record.opened", "a selection opens no seal: only a reveal does", "1.1.1 Step 2")
        _check_select(file, raw, parent, praw, made_by)
    elif cmd in ("reveal", "next-turn", "war-state"):
        if cmd == "war-state":
            _check_cause(file, made_by, praw, parent)
        _check_opened(file, opened, praw)
        _check_derived(file, raw, parent, praw, made_by, opened)
    else:
        raise BrokenLink(str(file), "record.made-by.command", f"{cmd!r} is not a command that writes a game's files")
    return parent


def _load_record(file: Path, cache: Optional[dict] = None) -> tuple[dict, Optional[dict]]:
    key = str(file)
    if cache is not None and key in cache:
        return cache[key]
    raw = load_yaml_file(file, str(file))
    if not isinstance(raw, dict):
        raise InputError(Problem(str(file), "", "a state file is a mapping"))
    twice = _given_twice(raw)
    if twice:
        raise InputError(Problem(str(file), twice[0], f"key {twice[1]} is given twice (as every command reads it)"))
    out = (raw, _record(raw))
    if cache is not None:
        cache[key] = out
    return out


def _given_twice(value: Any, where: str = "") -> Optional[tuple[str, str]]:
    """The first mapping of ``value`` with two keys of one spelling (``War_State`` and ``war-state``): ``(where,
    key)``; None when there is none. The comparisons read keys as every command does, so a key written twice
    would otherwise be read one way here and another way there."""
    if isinstance(value, dict):
        seen: set[object] = set()
        for k, v in value.items():
            key = norm_key(k)               # as the schemas read a key (model/files/base.py)
            if key in seen:
                return where, str(key)
            seen.add(key)
            found = _given_twice(v, f"{where}.{k}" if where else str(k))
            if found:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found = _given_twice(v, f"{where}[{i}]")
            if found:
                return found
    return None


def verify(path: Union[str, Path], mail: Union[str, Path, None] = None) -> Verified:
    """Check the chain of the state file ``path`` back to its root, with the files of the folder ``mail``
    (default: the file's folder) as the files the player holds. Returns :class:`Verified` (``broken`` is the
    first broken link, walking back from ``path``). Raises :class:`InputError` when ``path`` cannot be read or
    is not a file of a game record."""
    with keeping_previous():            # each link re-derived reads its previous: position: read each once
        return _verify(Path(path), Mail(mail if mail is not None else Path(path).parent))


def _verify(file: Path, held: Mail) -> Verified:
    raw, rec = _load_record(file, held.parsed)
    if rec is None:
        raise InputError(Problem(str(file), "record", "not a file of a game record (no record:): a game's files "
                                                      "are chained from its deal, aeref split"))
    out = Verified(str(file))
    seen: set = set()
    while True:
        turn = str(raw.get("turn", ""))
        try:
            parent = _link(file, raw, rec, held)
        except BrokenLink as exc:
            out.broken = exc.as_json()
            return out
        out.links.insert(0, Link(str(file), str(parent) if parent else None, rec.get("made-by") or {},
                                 list(rec.get("opened") or []), turn))
        if parent is None:
            return out
        key = parent.resolve()
        if key in seen:
            out.broken = BrokenLink(str(parent), "record.parent", "the chain comes back to this file").as_json()
            return out
        seen.add(key)
        file = parent
        raw, rec = _load_record(file, held.parsed)
        if rec is None:
            out.broken = BrokenLink(str(file), "record", "the chain reaches a file that is not of a game record").as_json()
            return out


def check_link(path: Union[str, Path]) -> None:
    """Check the chained state file ``path``'s own link against the parent beside it (in its folder); nothing
    for a file of no game record or the root. Raises :class:`InputError` (one problem: the file, the place and
    what is broken) when the link does not hold, so that a forged file is refused by the first command that
    reads it."""
    file = Path(path)
    if str(path) == "-" or not file.is_file():
        return
    raw, rec = _load_record(file)
    if rec is None:
        return
    try:
        _link(file, raw, rec, Mail(file.parent))
    except BrokenLink as exc:
        p = exc.problem()
        raise InputError(Problem(p.file, p.where, p.message + "; aeref verify checks the whole game")) from None


def _private_cards(privates: list) -> dict[str, tuple[str, str]]:
    """``{seal: (card, text)}`` that the private files ``privates`` (paths) open: a faction sees its own
    sealed cards in its record (1.1: its own cards only)."""
    out: dict[str, tuple[str, str]] = {}
    for p in privates:
        try:
            body = canonical(load_yaml_file(p, str(p)))
        except InputError:
            continue
        if isinstance(body, dict):
            out.update({str(sec.get("nonce")): (str(body.get("private")), str(sec.get("pending")))
                        for m, sec in body.items() if isinstance(sec, dict) and sec.get("nonce")})
    return out


def _events(link: Link, raw: dict, praw: Optional[dict], own: dict) -> list[str]:
    """What happened in one link, as every player may see it (and the viewer's own sealed cards)."""
    cmd, f = link.made_by.get("command"), str(link.made_by.get("faction", ""))
    child = _public(raw)
    par = _public(praw) if praw is not None else {}
    out = []
    if cmd == "split":
        return [f"the deal: {Path(link.file).name} is the root of the game record"]
    if cmd == "next-turn":
        out.append(f"next Seasonal Turn: {child.get('turn')} (the Pending Cards were selected in {link.made_by.get('turn')})")
    for g, sections in (child.get("factions") or {}).items():
        for m, sec in (sections or {}).items():
            before = ((par.get("factions") or {}).get(g) or {}).get(m) or {}
            if cmd == "select" and g == f:
                if sec.get("sealed") and not before.get("sealed"):
                    mine = next((c for n, (who, c) in own.items() if who == g and
                                 _opens(sec, g, m, c, n)), None)
                    what = f"{mine} placed as the Pending Card, sealed" if mine else "Pending Card placed face down, sealed"
                    out.append(f"{faction_name(g)} {m.upper()}: {what}")
                elif sec.get("pending") and not before.get("pending"):
                    out.append(f"{faction_name(g)} {m.upper()}: {sec['pending']} placed as the Pending Card")
                elif not (sec.get("sealed") or sec.get("pending") or sec.get("pending-placed")):
                    out.append(f"{faction_name(g)} {m.upper()}: no Pending Card")
            if sec.get("current") != before.get("current") and cmd != "select":
                out.append(f"{faction_name(g)} {m.upper()} Current Card: {before.get('current') or 'none'} -> "
                           f"{sec.get('current') or 'none'}")
    if cmd == "reveal" and not out and not link.opened:
        out.append(f"{faction_name(f) if f and f != 'all' else 'Every faction'}: no Pending Card to reveal (1.1.3: "
                   "no card was selected)")
    for o in link.opened:
        out.append(f"{faction_name(o['faction'])} {str(o['map']).upper()} seal opened: {o['card']} (it matches the "
                   "seal made at its selection)")
    was, now = par.get("war-state"), child.get("war-state")
    if praw is not None and was != now:
        card, to = link.made_by.get("card"), link.made_by.get("to")
        cause = f" (set off by {card})" if card else f" (declared with --to {to}: no card sets it off; agree on it)" \
            if to else ""
        out.append(f"war state: {was} -> {now}{cause}")
    return out


def _opens(sec: dict, f: str, m: str, card: str, nonce: str) -> bool:
    try:
        return _seal(sec.get("sealed-in", ""), f, m, card, nonce) == sec.get("sealed")
    except ValueError:
        return False


def game_log(path: Union[str, Path], mail: Union[str, Path, None] = None, viewer: Optional[str] = None,
             privates: tuple = ()) -> tuple[Verified, list[dict]]:
    """The game turn by turn from the chain of ``path`` (checked as :func:`verify` checks it): ``(verified,
    entries)``, each entry ``{file, turn, command, faction, events}`` from the root on. ``viewer`` (a faction)
    with its ``privates`` (private files) also sees its own sealed cards named; every other hidden card stays
    face down (1.1). Raises :class:`InputError` as :func:`verify`."""
    v = verify(path, mail)
    own = {n: (who, c) for n, (who, c) in _private_cards(list(privates)).items() if viewer and who == viewer}
    entries = []
    for ln in v.links:
        raw = load_yaml_file(ln.file, ln.file)
        praw = load_yaml_file(ln.parent, ln.parent) if ln.parent else None
        entries.append({"file": ln.file, "turn": ln.turn, "command": ln.made_by.get("command"),
                        "faction": ln.made_by.get("faction"), "events": _events(ln, raw, praw, own)})
    return v, entries
