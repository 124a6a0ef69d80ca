"""Game positions: state files (FORMAT section 4) and the decks they name.

:func:`load_position` reads a state file and its decks and returns a
:class:`~model.game.position.Position`, or raises :class:`~model.files.errors.InputError`
carrying every problem found, each with its file and place. The types of a position
are in :mod:`model.game.position` (and may be imported from here too).
"""
from __future__ import annotations

import contextlib
import os

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional

from pydantic import ValidationError

from .base import problems_from_validation
from ..game.calendar import Turn, parse_turn
from ..game.cards import parse_card_ref, split_card_id
from .consistency import contradictions
from ..game.countries import parse_countries
from .decks import DeckCards, load_cards
from .journal import journal_path, recover
from .record import deck_problems
from .errors import InputError, Problem, join_path
from ..game.interpretations import check_value
from ..game.markers import Markers, parse_markers
from .names import norm_key
from .previous import link_problems
from ..secrecy.private import join as join_private
from ..game.position import GAME_MAPS, FactionMap, PlayedCard, Position, Revealed
from ..game.seasonal import parse_seasonal
from .state_schema import FactionMapFile, PlayedFile, StateFile
from ..game.vocabulary import FACTIONS, WarState, faction_name, with_article
from .wording import closest, map_not_in_play, suggest, unknown, unknown_card
from .yamlio import load_yaml_file, load_yaml_text

__all__ = ["GAME_MAPS", "FactionMap", "PlayedCard", "Position", "Revealed", "load_position", "read_state"]

#: Top-level keys the rest of a state file depends on: when one is in error, nothing more is checked.
_FOUNDATIONS = {"game", "turn", "war-state", "decks", "cards"}


@dataclass
class _Reading:
    """One state file being read: ``shown`` its name in messages, ``base`` its folder, the ``problems``
    found so far (every step appends to them) and the Seasonal Turn names of the ``calendar`` interpretation."""
    shown: str
    base: Path
    problems: list[Problem]
    calendar: Any = None

    def turn(self, text: Any, where: str) -> Optional[Turn]:
        """The Seasonal Turn ``text`` (at ``where``), or None after reporting why it is not one."""
        try:
            return parse_turn(text, self.calendar)
        except ValueError as exc:
            self.problems.append(Problem(self.shown, where, str(exc)))
            return None


def read_state(path: str | Path, war_state_due: bool = False,
               privates: Iterable[str | Path] = (), text: Optional[str] = None,
               previous_link: bool = True) -> tuple[Optional[Position], list[Problem]]:
    """Load a state file and its decks. Returns the position (None when there
    are problems) and every problem found, contradictions between its facts
    included (:mod:`model.files.consistency`; ``war_state_due``: a war state change
    of 12 not yet applied is allowed). The private files beside it and
    ``privates`` are joined to it first (:func:`model.secrecy.private.join`).
    ``text``: the file's text, held in memory (a write checking what it is about to
    write): read as if it were the file at ``path`` (its decks and ``previous:``
    relative to that folder), nothing read from ``path`` itself, no private file
    joined. ``previous_link``: check the file's ``previous:`` link
    (:func:`model.files.previous.link_problems`; False for a file read as another's previous, whose own
    link is the chain's, not this command's). Never raises for bad input."""
    key = _kept_key(path) if _KEPT is not None and not previous_link and text is None and not privates else None
    if key is not None and key in _KEPT:
        return _KEPT[key]
    out = _read_state(path, war_state_due, privates, text, previous_link)
    if key is not None:
        _KEPT[key] = out
    return out


def _read_state(path: str | Path, war_state_due: bool, privates: Iterable[str | Path], text: Optional[str],
                previous_link: bool) -> tuple[Optional[Position], list[Problem]]:
    """:func:`read_state`, read from the file."""
    shown = str(path)
    joined: list = []
    try:
        if text is None:
            recover(path)       # a set whose writer was killed mid-commit: read the new set whole
    except OSError as exc:
        return None, [Problem(shown, "", f"an interrupted write of this file's set could not be finished "
                                         f"({journal_path(path).name}): {exc.strerror or exc}")]
    state, problems = _validated(path, shown, privates, joined, text)
    if state is None:
        return None, problems
    r = _Reading(shown, Path(path).parent, problems)
    interps = _interpretations(state, r)      # first: the calendar may rename the Seasonal Turns
    r.calendar = interps.get("calendar")
    turn = r.turn(state.turn, "turn")
    maps = GAME_MAPS[state.game]
    war_state = _war_states(state, maps, r)
    decks = load_cards(state.decks, state.cards, r.base, shown, problems)
    problems.extend(deck_problems(state.record, state.decks, r.base, shown))
    factions = _factions(state, maps, decks, turn, r)
    countries = parse_countries(state.countries, shown, maps, problems)
    markers = parse_markers(state.markers, shown, maps, problems)
    board, replacements = _map_and_pools(state, maps, r)
    _interned(state, factions, board, replacements, r)
    seasonal = parse_seasonal(state, shown, r.base, maps, r.turn, problems)
    if previous_link and seasonal.previous_path is not None:
        problems += link_problems(shown, path, seasonal.previous, seasonal.previous_path)
    european_war = _european_war(state, markers, r)
    if problems:
        return None, problems
    pos = Position(
        file=shown, game=state.game, turn=turn, maps=maps, war_state=war_state, cards=decks.cards, factions=factions,
        countries=countries, government=state.government or "none", european_war=european_war,
        markers=markers, flags=list(state.flags), interpretations=interps, raw=state, base_dir=r.base,
        map_board=board, replacements=replacements,
        seasonal=seasonal, read_previous=_read_previous, private_files=joined,
    )
    problems = contradictions(pos, war_state_due)
    if problems:
        return None, problems
    return pos, []


#: Previous positions kept while :func:`keeping_previous` is on (``aeref verify`` re-derives hundreds of links,
#: each reading the position its Pending Cards were selected in): by the file's path and version.
_KEPT: Optional[dict[tuple, Any]] = None


@contextlib.contextmanager
def keeping_previous() -> Iterator[None]:
    """While on, a file read as a ``previous:`` position (``previous_link=False``, no private file) is read once per
    version of the file and the same :class:`Position` handed out again: its readers only read it."""
    global _KEPT
    was, _KEPT = _KEPT, {} if _KEPT is None else _KEPT
    try:
        yield
    finally:
        _KEPT = was


def _kept_key(path: str | Path) -> Optional[tuple]:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (str(Path(path).resolve()), st.st_mtime_ns, st.st_size, st.st_ino)


def _read_previous(path: Path) -> Optional[Position]:
    """The position of a ``previous:`` file, None when it cannot be read (:meth:`Position.awaiting_reveal`)."""
    return read_state(path, previous_link=False)[0]


def _validated(path: str | Path, shown: str, privates: Iterable[str | Path] = (),
               joined: Optional[list] = None, text: Optional[str] = None) -> tuple[Optional[StateFile], list[Problem]]:
    """The state file read (or its ``text``, see :func:`read_state`) and validated (FORMAT section 4), and its problems.

    Every problem is reported: the top-level keys in error are left out and the
    rest is checked, unless the rest depends on them (:data:`_FOUNDATIONS`);
    then the state is None."""
    try:
        data = load_yaml_file(path, shown) if text is None else load_yaml_text(text, shown)
    except InputError as exc:
        return None, exc.problems
    if not isinstance(data, dict):
        return None, [Problem(shown, "", f"a state file is a mapping (game:, turn:, factions: ...), not {type(data).__name__ if data is not None else 'an empty document'}")]
    if any(norm_key(k) == "private" for k in data):
        # a player's private file given where its public file goes: say so, not "unknown key private"
        return None, [Problem(shown, "private", "a private file (docs/face-down.md), not a state file: give its public "
                                                f"file as STATE, with this one beside it or as --private {shown}")]
    found, problems = join_private(data, shown, path, privates) if text is None else ([], [])
    if problems:
        return None, problems
    if joined is not None:
        joined += found
    try:
        return StateFile.model_validate(data), []
    except ValidationError as exc:
        problems = problems_from_validation(exc, shown)
        bad = {norm_key(e["loc"][0]) for e in exc.errors() if e.get("loc")}
    if not bad or bad & _FOUNDATIONS:
        return None, problems
    try:
        return StateFile.model_validate({k: v for k, v in data.items() if norm_key(k) not in bad}), problems
    except ValidationError:
        return None, problems


def _interpretations(state: StateFile, r: _Reading) -> dict[str, Any]:
    """The ``interpretations:`` in force, each checked (:func:`~model.game.interpretations.check_value`)."""
    interps: dict[str, Any] = {}
    for name, value in state.interpretations.items():
        try:
            interps[norm_key(name)] = check_value(norm_key(name), value)
        except ValueError as exc:
            r.problems.append(Problem(r.shown, join_path("interpretations", str(name)), str(exc)))
    return interps


def _war_states(state: StateFile, maps: tuple, r: _Reading) -> dict[str, WarState]:
    """The war state of each map in play (12): one value in TK or DS, ``{tk: ..., ds: ...}`` in AE."""
    war_state: dict[str, WarState] = {}
    ws = state.war_state
    if not isinstance(ws, dict):
        if len(maps) > 1:
            r.problems.append(Problem(r.shown, "war-state", "in AE each map has its own war state: write war-state: {tk: ..., ds: ...}"))
        else:
            try:
                war_state[maps[0]] = WarState.of(ws)
            except ValueError as exc:
                r.problems.append(Problem(r.shown, "war-state", str(exc)))
        return war_state
    wsn = {norm_key(k): v for k, v in ws.items()}
    missing = [m for m in maps if m not in wsn]
    wrong = [k for k in wsn if k not in maps]
    for k in wrong:          # a misspelt map is one mistake, not also a missing war state
        meant = missing[0] if len(wrong) == len(missing) == 1 else closest(k, missing)
        r.problems.append(Problem(r.shown, join_path("war-state", str(k)), map_not_in_play(
            repr(k), maps, state.game, f" (did you mean {meant}?)" if meant else "")))
        missing = [m for m in missing if m != meant]
    for m in maps:
        if m not in wsn:
            if m in missing:
                r.problems.append(Problem(r.shown, join_path("war-state", m), f"the war state of the {m.upper()} map is missing"))
            continue
        try:
            war_state[m] = WarState.of(wsn[m])
        except ValueError as exc:
            r.problems.append(Problem(r.shown, join_path("war-state", m), str(exc)))
    return war_state


def _factions(state: StateFile, maps: tuple, decks: DeckCards, turn: Optional[Turn],
              r: _Reading) -> dict[str, dict[str, FactionMap]]:
    """Each faction's cards on each map (FORMAT section 4 ``factions``), every card checked to be known,
    of that faction and map."""
    factions: dict[str, dict[str, FactionMap]] = {}
    for fname, sections in state.factions.items():
        f = norm_key(fname)
        fw = join_path("factions", str(fname))
        if f not in FACTIONS:
            r.problems.append(Problem(r.shown, fw, unknown("faction", fname, FACTIONS)))
            continue
        factions[f] = {}
        for mname, fm in sections.items():
            m = norm_key(mname)
            mw = join_path(fw, str(mname))
            if m not in maps:
                r.problems.append(Problem(r.shown, mw, map_not_in_play(repr(mname), maps, state.game, suggest(mname, maps))))
                continue
            factions[f][m] = _faction_map(fm, _CardRefs(decks, m, f, r), mw, turn, r)
    return factions


@dataclass
class _CardRefs:
    """The cards one faction's section of one map may name: those of ``decks``, of faction ``f`` and map ``m``."""
    decks: DeckCards
    m: str
    f: str
    r: _Reading

    def card(self, ref: Any, where: str) -> Optional[str]:
        """The card id ``ref`` names, or None after reporting why it is not a card of this section."""
        problems, shown, cards = self.r.problems, self.r.shown, self.decks.cards
        try:
            cid = parse_card_ref(ref, self.m, self.f)
        except ValueError as exc:
            problems.append(Problem(shown, where, str(exc)))
            return None
        if cid not in cards:
            if cid not in self.decks.unreadable and not (self.decks.missing and problems):   # else the deck's problem says why
                problems.append(Problem(shown, where, unknown_card(cid, cards)))
            return None
        cmap, cfac, _ = split_card_id(cid)
        if cfac != self.f:
            problems.append(Problem(shown, where, f"{cid} is {with_article(faction_name(cfac))} card, listed for the {faction_name(self.f)} faction"))
            return None
        if cmap != self.m:
            problems.append(Problem(shown, where, f"{cid} is a {cmap.upper()} card, listed in the {self.m.upper()} section"))
            return None
        return cid


def _faction_map(fm: FactionMapFile, refs: _CardRefs, mw: str, turn: Optional[Turn], r: _Reading) -> FactionMap:
    """One faction's cards on one map (at ``mw``): Current and Pending Card, hand, played, removed."""
    res = FactionMap()
    res.current = refs.card(fm.current, join_path(mw, "current")) if fm.current is not None else None
    res.pending = refs.card(fm.pending, join_path(mw, "pending")) if fm.pending is not None else None
    res.selected = _selected(fm, res, mw, turn, r)
    res.hand = _hand(fm, refs, res, mw, r)
    res.hand_face_down = fm.hand_count      # a public file: the hand is in the faction's private file (model/secrecy/private.py)
    res.pending_face_down = (fm.pending_placed or fm.sealed is not None) and res.pending is None
    res.sealed, res.nonce, res.sealed_in = fm.sealed, fm.nonce, fm.sealed_in
    for i, pl in enumerate(fm.played):
        where = join_path(mw, "played", i)
        card_ref, t = (pl.card, pl.turn) if isinstance(pl, PlayedFile) else (pl, None)
        cid = refs.card(card_ref, join_path(where, "card") if isinstance(pl, PlayedFile) else where)
        pturn = r.turn(t, join_path(where, "turn")) if t is not None else None
        if pturn is not None and turn is not None and pturn > turn:
            r.problems.append(Problem(r.shown, join_path(where, "turn"), f"{pturn} is after the current turn {turn}"))
        if cid is not None:
            res.played.append(PlayedCard(cid, pturn))
    for i, ref in enumerate(fm.removed):
        cid = refs.card(ref, join_path(mw, "removed", i))
        if cid is not None:
            res.removed.append(cid)
    return res


def _european_war(state: StateFile, markers: Markers, r: _Reading) -> str:
    """* DS alone: the European war, derived once from the markers in the European War Boxes
    (:meth:`~model.game.markers.Markers.european_war`, 1.1.3.1); the ``european-war`` key says it for a
    file whose boxes hold no such marker, and one that contradicts the boxes is an input error."""
    written = state.european_war or "none"
    if state.game != "ds":
        return written
    boxes = markers.european_war()
    if boxes is None:
        return written
    if "european_war" in state.model_fields_set and written != boxes:
        name = "European Total War" if boxes == "total" else "European Limited War"
        where = ", ".join(b.title() for b in markers.where(name) if b.endswith("european war box"))
        r.problems.append(Problem(r.shown, "european-war", f"european-war: {written} contradicts the markers: the "
                                  f"{name} marker is in the {where}, so European {name.split()[1]} War has occurred "
                                  f"(1.1.3.1); write european-war: {boxes} or leave the key out"))
    return boxes


def _selected(fm: FactionMapFile, res: FactionMap, mw: str, turn: Optional[Turn], r: _Reading) -> Optional[Turn]:
    """The turn the Pending Card was selected in (``selected:``, 1.1.1 Step 4): a Seasonal Turn not
    after the current one. Without a Pending Card it records that the faction selected no card on that
    map in that turn (1.1.3: a faction that cannot select "must say so"), as opposed to not yet selecting."""
    if fm.selected is None:
        return None
    where = join_path(mw, "selected")
    t = r.turn(fm.selected, where)
    if t is not None and turn is not None and t > turn:
        r.problems.append(Problem(r.shown, where, f"{t} is after the current turn {turn}"))
        return None
    return t


def _hand(fm: FactionMapFile, refs: _CardRefs, res: FactionMap, mw: str, r: _Reading) -> list[str]:
    """The hand: each card once, neither the Current nor the Pending Card (``res``)."""
    hand: list[str] = []
    seen: set = set()                      # the hand so far, for a quick "listed twice" (10,000 cards)
    for i, h in enumerate(fm.hand):
        where = join_path(mw, "hand", i)
        cid = refs.card(h, where)
        if cid is None:
            continue
        if cid in seen:
            r.problems.append(Problem(r.shown, where, f"{cid} is listed twice in the hand"))
        elif cid == res.current:
            r.problems.append(Problem(r.shown, where, f"{cid} is the Current Card and cannot also be in the hand"))
        elif cid == res.pending:
            r.problems.append(Problem(r.shown, where, f"{cid} is the Pending Card and cannot also be in the hand"))
        else:
            hand.append(cid)
            seen.add(cid)
    return hand


def _map_and_pools(state: StateFile, maps: tuple, r: _Reading) -> tuple[Any, dict]:
    """The map and the Replacements Segment's Force Pools (FORMAT 6; :mod:`model.files.map_section`,
    :mod:`model.game.replacements`): ``(None, {})`` when the file has neither."""
    if state.map is None and state.replacements is None:
        return None, {}
    # deliberately lazy: the map's and the Force Pools' schemas are built only for a file that has them (cold start)
    from .map_section import parse_map
    from ..game.replacements import parse_replacements
    seen_units: dict = {}
    board = parse_map(state.map, r.shown, r.problems, seen_units)
    return board, parse_replacements(state.replacements, r.shown, maps, board, r.problems, seen_units)


def _interned(state: StateFile, factions: dict, board: Any, replacements: dict, r: _Reading) -> None:
    """The units interned (16.7) on the back of each Pending Card (``factions.F.M.interned``), into
    ``factions``: units as on the map (FORMAT 6; faction: the section's), each on a placed Pending Card
    (1.1.1 Step 2 repatriates them as it is revealed) and in no other place of the file."""
    if not any(fm.interned for sections in state.factions.values() for fm in sections.values()):
        return
    # deliberately lazy: the units' schema only for a file that has units (cold start)
    from .map_section import parse_units
    seen = {u.id: u.where for h in (board.hexes.values() if board is not None else ()) for u in h.units}
    if board is not None:
        seen.update({u.id: u.where for units in board.box_units.values() for u in units})
    seen.update({u.id: u.where for fr in replacements.values() for u in fr.force_pool})
    for f, sections in state.factions.items():
        for m, fmf in sections.items():
            fm = factions.get(norm_key(f), {}).get(norm_key(m))
            if not fmf.interned or fm is None:
                continue
            w = join_path("factions", f, m, "interned")
            if fm.pending is None and not fm.pending_face_down:
                r.problems.append(Problem(r.shown, w, "interned units lie on the back of the Pending Card (1.1.1 Step 2), "
                                          "and this section has no Pending Card (pending:)"))
                continue
            for u in parse_units(fmf.interned, r.shown, w, r.problems, norm_key(f)):
                if u.faction != norm_key(f):
                    r.problems.append(Problem(r.shown, join_path(u.where, "faction"), f"unit {u.id} is interned on "
                                              f"{with_article(faction_name(norm_key(f)))} card, so it is "
                                              f"{with_article(faction_name(norm_key(f)))} unit"))
                elif u.id in seen:
                    r.problems.append(Problem(r.shown, join_path(u.where, "id"), f"unit {u.id} is in two places (also at {seen[u.id]})"))
                else:
                    seen[u.id] = u.where
                    fm.interned.append(u)


def load_position(path: str | Path, war_state_due: bool = False, privates: Iterable[str | Path] = (),
                  previous_link: bool = True) -> Position:
    """Load a state file and its decks (``war_state_due``, ``privates``, ``previous_link``: see :func:`read_state`).

    Returns a :class:`Position`. Raises :class:`InputError` carrying every
    problem (file missing, YAML broken, unknown card, bad turn, contradictions ...).
    """
    pos, problems = read_state(path, war_state_due, privates, previous_link=previous_link)
    if problems:
        raise InputError(problems)
    return pos
