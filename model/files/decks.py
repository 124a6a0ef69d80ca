"""Deck files (FORMAT section 2) and inline ``cards:``: loading every card with
its problems, and checking a deck file on its own (``aeref validate DECK``).

:func:`load_cards` is what a state file's loader uses; :func:`check_deck`
validates one deck file without a state file: every card's fields, the
numbering (one card per number, map and faction) and the © twins.
"""
from __future__ import annotations

import os

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from .base import validate_items
from ..game.cards import Card, CardFile, derive_kinds
from .errors import InputError, Problem, join_path
from .names import norm_key, norm_name
from ..game.requirements import AllOf, AnyOf, CountryIs, Not, parse_requirements, referenced_cards
from ..game.vocabulary import WarState, faction_name
from .wording import suggest, unknown_card, unknown_key
from .yamlio import load_yaml_file


@dataclass
class DeckCards:
    """The cards loaded (``cards`` by id); ``unreadable`` the ids of cards that
    could not be read (a hand naming one is not reported again); ``missing``:
    a deck file could not be read at all; ``refs``: requirements naming a card
    that is not loaded (problems in a state file, notes for a deck alone)."""
    cards: dict = field(default_factory=dict)
    unreadable: set = field(default_factory=set)
    missing: bool = False
    refs: list = field(default_factory=list)


def _valid_cards(items: Any, file: str, problems: list[Problem], unreadable: set) -> list[tuple[CardFile, str]]:
    """The valid cards of ``items``; the ids of the invalid ones go to ``unreadable``."""
    good = validate_items(items, CardFile, file, "cards", problems, "a card", "map, faction, number, name, war-state")
    if len(good) == len(items) if isinstance(items, list) else True:
        return good                    # every card read (or none to read): none unreadable
    valid = {f"{cf.map}-{cf.faction}-{cf.number}" for cf, _ in good}
    for item in items:
        if isinstance(item, dict):
            d = {norm_key(k): v for k, v in item.items()}
            cid = "-".join(str(d.get(k)).strip().lower() for k in ("map", "faction", "number"))
            if cid not in valid:
                unreadable.add(cid)
    return good


_UNREAD = object()      # a deck file that is not a mapping with cards: (its problem is reported)


#: Deck files as parsed, by (path, modification time, size): a process that reads many positions of one game
#: (aeref verify walks a chain of hundreds) parses each deck once. The parsed YAML is only read, never changed.
_PARSED: dict[tuple, Any] = {}


def _parsed(path: Path, shown: str) -> Any:
    """The YAML of the deck file at ``path`` (:func:`load_yaml_file`), parsed once per version of the file."""
    try:
        st = os.stat(path)
        key = (str(Path(path).resolve()), st.st_mtime_ns, st.st_size, st.st_ino)
    except OSError:
        return load_yaml_file(path, shown)      # it says why the file cannot be read
    if key not in _PARSED:
        if len(_PARSED) > 64:
            _PARSED.clear()
        _PARSED[key] = load_yaml_file(path, shown)
    return _PARSED[key]


def _what_it_is(data: Any) -> str:
    """What a file that is no deck holds, in words (`` (it is a state file)``), or ``""``."""
    keys = {norm_key(k) for k in data} if isinstance(data, dict) else set()
    if "private" in keys:
        return " (it is a private file)"
    if "game" in keys:
        return " (it is a state file)"
    if isinstance(data, list) or keys == {"placements"}:
        return " (it is a list: an allocation file?)"
    return ""


def _read_deck(path: Path, shown: str, out: DeckCards, problems: list[Problem], listed_in: str = "",
               where: str = "") -> Any:
    """The ``cards`` of the deck file at ``path`` as written (any value: the caller
    validates it), or :data:`_UNREAD` when the file is not a deck (reported: at ``where`` of the
    state file ``listed_in`` that lists it, when one does)."""
    deck = _parsed(path, shown)
    if not isinstance(deck, dict) or "cards" not in {norm_key(k) for k in deck}:
        if listed_in:       # the mistake may be the entry of decks: (a state file listed there): name it
            problems.append(Problem(listed_in, where, f"deck file {shown}: a deck file is a mapping with a "
                                                      f"`cards:` list{_what_it_is(deck)}"))
        else:
            problems.append(Problem(shown, "", "a deck file is a mapping with a `cards:` list"))
        out.missing = True
        return _UNREAD
    extra = [k for k in deck if norm_key(k) != "cards"]
    if extra:
        problems.append(Problem(shown, str(extra[0]), unknown_key(extra[0], ("cards",)) + " (a deck file has only `cards:`)"))
    items = next(v for k, v in deck.items() if norm_key(k) == "cards")
    if items is None:           # `cards:` with nothing under it (the form `aeref deck new` writes): no card yet
        items = []
    if not isinstance(items, list):
        out.missing = True      # validate_items reports it: "a list is expected here"
    return items


def load_cards(decks: list, inline: Any, base: Path, shown: str, problems: list[Problem]) -> DeckCards:
    """Load the deck files ``decks`` (relative to ``base``) and the state file's
    ``inline`` cards. Every problem goes to ``problems`` with its file and
    place; requirements naming an unknown card go to ``problems`` too (and
    to ``refs``)."""
    key = _built_key(decks, inline, base)
    if key is not None and key in _BUILT:
        return DeckCards(cards=_BUILT[key])     # the same deck files, unchanged: their cards (frozen) once built
    before = len(problems)
    out = _load_cards(decks, inline, base, shown, problems)
    if key is not None and len(problems) == before and not out.unreadable and not out.missing:
        if len(_BUILT) > 16:
            _BUILT.clear()
        _BUILT[key] = out.cards
    return out


#: The cards built from deck files, by the files' versions (:func:`_built_key`): a process that reads many
#: positions of one game (aeref verify) builds them once. The cards are frozen and their mapping is not changed.
_BUILT: dict[tuple, dict] = {}


def _built_key(decks: list, inline: Any, base: Path) -> Optional[tuple]:
    """What the cards of ``decks`` depend on: each file's path, modification time, size and inode; None when
    the state file writes cards inline or a deck cannot be read (then nothing is kept)."""
    if inline:
        return None
    try:
        return tuple((str((base / d).resolve()), st.st_mtime_ns, st.st_size, st.st_ino)
                     for d in decks for st in [os.stat(base / d)])
    except (OSError, TypeError, ValueError):
        return None


def _load_cards(decks: list, inline: Any, base: Path, shown: str, problems: list[Problem]) -> DeckCards:
    """:func:`load_cards`, built from the files."""
    out = DeckCards()
    loaded: list[tuple[CardFile, str, str]] = []
    listed: dict[Path, int] = {}
    for i, rel in enumerate(decks):
        deck_path = base / rel
        if not str(rel).strip():
            out.missing = True
            problems.append(Problem(shown, join_path("decks", i), "an empty deck file name: write a deck file such as decks/soviet.yaml"))
            continue
        first = listed.setdefault(deck_path.resolve(), i)
        if first != i:                  # the second entry is the mistake, not the cards of the first
            problems.append(Problem(shown, join_path("decks", i), f"deck file {rel} is listed twice (also at decks[{first}])"))
            continue
        try:
            items = _read_deck(deck_path, str(rel), out, problems, shown, join_path("decks", i))
        except InputError as exc:
            out.missing = True
            for p in exc.problems:
                if p.message == "file not found":
                    problems.append(Problem(shown, join_path("decks", i), f"deck file {rel} not found (looked in {deck_path.resolve()}: "
                                                                              "decks are found from the state file's folder)"))
                elif not p.where and p.message.startswith(("is a directory", "cannot read", "not a regular file")):
                    # the path is no deck file at all: say which entry of which state file named it
                    message = p.message.replace("give a state file", "give a deck file such as decks/soviet.yaml")
                    problems.append(Problem(shown, join_path("decks", i), f"deck file {rel}: {message}"))
                else:
                    problems.append(p)
            continue
        if items is not _UNREAD:
            loaded += [(cf, str(rel), w) for cf, w in _valid_cards(items, str(rel), problems, out.unreadable)]
    loaded += [(cf, shown, w) for cf, w in _valid_cards(inline, shown, problems, out.unreadable)]
    out.cards = _build(loaded, problems, out)
    problems.extend(out.refs)
    return out


def _build(loaded: list, problems: list[Problem], out: DeckCards) -> dict:
    cards: dict[str, Card] = {}
    for cf, file, where in loaded:
        cid = f"{cf.map}-{cf.faction}-{cf.number}"
        if cid in cards:
            problems.append(Problem(file, join_path(where, "number"), f"duplicate card {cid} (also defined at {cards[cid].source})"))
            continue
        if cf.faction == "soviet" and cf.production is None:
            problems.append(Problem(file, join_path(where, "production"), f"{cid} {cf.name}: a Soviet card needs its Production Value (the black circle)"))
        reqs, rp = parse_requirements(cf.requires, file, join_path(where, "requires"), cf.map, cf.faction) \
            if cf.requires else ([], ())
        problems.extend(Problem(p.file, p.where, f"{cid} {cf.name}: {p.message}") for p in rp)   # name the card (FORMAT 3)
        cards[cid] = Card(
            id=cid, map=cf.map, faction=cf.faction, number=str(cf.number), name=cf.name,
            war_state=WarState(cf.war_state), production=cf.production, combined=cf.combined,
            recyclable=cf.recyclable, rearmament=cf.rearmament, blitz=cf.blitz, kinds=derive_kinds(cf),
            requires=tuple(reqs), starts=WarState.of(cf.starts) if cf.starts else None,
            replacements=tuple(cf.replacements), reinforcements=tuple(cf.reinforcements), removes=tuple(cf.removes),
            source=f"{file}: {where}", raw=cf,
        )
    for cid, card in cards.items():
        if not card.requires:
            continue
        file, where = card.source.split(": ", 1)
        raw_items = card.raw.requires if card.raw is not None else []
        for i, req in enumerate(card.requires):
            # the parsed items follow the written ones (a bad item is reported and dropped)
            at = join_path(where, "requires", i) if len(raw_items) == len(card.requires) else join_path(where, "requires")
            for ref in dict.fromkeys(referenced_cards(req)):
                if ref not in cards and ref not in out.unreadable:
                    out.refs.append(Problem(file, at, f"{cid} requires {unknown_card(ref, cards)}"))
    return cards


# ----------------------------------------------------------------------------- a deck file on its own

@dataclass
class DeckCheck:
    """The result of :func:`check_deck`: the ``cards``, every ``problem`` and
    the ``notes`` (facts worth a look that are not errors)."""
    file: str
    cards: dict
    problems: list
    notes: list

    def summary(self) -> str:
        counts: dict = {}
        for c in self.cards.values():
            counts[(c.map, c.faction)] = counts.get((c.map, c.faction), 0) + 1
        parts = ", ".join(f"{m.upper()} {faction_name(f)} {n}" for (m, f), n in sorted(counts.items(), key=lambda kv: (kv[0][0] != "tk", kv[0][1])))
        twins = [f"{a} / {b}" for a, b in twin_pairs(self.cards)]
        return (f"a deck of {len(self.cards)} card{'s' if len(self.cards) != 1 else ''} ({parts or 'none'})"
                + (f"; © twins {', '.join(twins)}" if twins else ""))


def looks_like_deck(data: Any) -> bool:
    """A YAML document that is a deck file: a mapping with ``cards:`` and no ``game:``."""
    if not isinstance(data, dict):
        return False
    keys = {norm_key(k) for k in data}
    return "cards" in keys and "game" not in keys


def twin_pairs(cards: dict) -> list[tuple[str, str]]:
    """The © twins among ``cards`` (1.1.1 Step 2, 1.1.3.3): (TK id, DS id) pairs."""
    return sorted((a.id, b.id) for a in cards.values() for b in cards.values() if a.map == "tk" and a.is_twin_of(b))


def check_deck(path: str | Path) -> DeckCheck:
    """Validate a deck file on its own: every card's fields and Selection
    Requirements, one card per number on each map and faction, and the ©
    twins (an identically named © card on the faction's other map). A
    requirement naming a card that is not in this deck is a note (it may be in
    another deck a state file names), as is a © card whose twin is not here or
    an identically named pair of which only one card carries the ©."""
    shown = str(path)
    problems: list[Problem] = []
    out = DeckCards()
    try:
        items = _read_deck(Path(path), shown, out, problems)
    except InputError as exc:
        return DeckCheck(shown, {}, list(exc.problems), [])
    loaded = [(cf, shown, w) for cf, w in _valid_cards(items, shown, problems, out.unreadable)] if items is not _UNREAD else []
    cards = _build(loaded, problems, out)
    notes = [Problem(p.file, p.where, p.message + " (it may be in another deck a state file names)") for p in out.refs]
    if items == []:
        notes.append(Problem(shown, "cards", "the deck holds no card yet (for each card, write it below `cards:`; "
                             "`aeref deck new` writes a commented form to copy)"))
    for c in cards.values():
        file, where = c.source.split(": ", 1)
        same_name = [o for o in cards.values() if o.faction == c.faction and o.map != c.map and norm_name(o.name) == norm_name(c.name)]
        twins = [o for o in same_name if c.is_twin_of(o)]
        if c.combined and len(twins) > 1:
            problems.append(Problem(file, where, f"{c.text} carries © and has {len(twins)} identically named © cards on the "
                                    f"{twins[0].map.upper()} map ({', '.join(t.id for t in twins)}): its twin must be one card"))
        elif c.combined and not same_name:
            notes.append(Problem(file, where, f"{c.text} carries © but no identically named {c.map == 'tk' and 'DS' or 'TK'} "
                                 f"card is in this deck: its © twin is not known"))
        for o in same_name:
            if c.combined and not o.combined:
                notes.append(Problem(file, where, f"{c.text} carries © but the identically named {o.id} does not: © twins both "
                                     "carry the mark (1.1.3.3)"))
    return DeckCheck(shown, cards, problems, notes)


def country_notes(pos: Any) -> list[Problem]:
    """Selection Requirements naming a country that is not on the Posture Display
    of the card's map while a listed country has a close name: a likely
    misspelling (a country not listed is a fact, not an error: the requirement
    does not hold). One note per card and name."""
    def names(req: Any) -> list[str]:
        if isinstance(req, CountryIs):
            return [c for c, _, _ in req.fields]
        if isinstance(req, (AnyOf, AllOf)):
            return [n for it in req.items for n in names(it)]
        if isinstance(req, Not):
            return names(req.item)
        return []

    notes = []
    for card in pos.cards.values():
        if card.map not in pos.maps:
            continue
        listed = [c.name for c in pos.countries_on(card.map)]
        for name in dict.fromkeys(n for req in card.requires for n in names(req)):
            hint = suggest(name, listed)
            if pos.country(name, card.map) is None and hint:
                file, where = card.source.split(": ", 1)
                notes.append(Problem(file, join_path(where, "requires"), f"{card.text} names {name}, which is not on the "
                                     f"{card.map.upper()} Posture Display{hint}: the requirement cannot hold"))
    return notes
