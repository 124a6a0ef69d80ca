"""A game position as data (FORMAT section 4): :class:`Position` and the cards of each faction and map.

:mod:`model.files.load` builds a :class:`Position` from a state file (``load_position``,
``read_state``); this module holds the types alone, so that the code that checks a
position (:mod:`model.files.consistency`) and the code that builds one need not import each other.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional

from .calendar import Turn
from .cards import Card
from .countries import Country, CountryEntry
from ..files.errors import InputError, Problem
from .interpretations import in_force
from .markers import Markers
from ..files.names import norm_name
from .seasonal import Seasonal
from ..files.state_schema import StateFile
from .vocabulary import WarState

if TYPE_CHECKING:      # imported only when a state file has a map (cold start)
    from .board import Board
    from .replacements import FactionReplacements

#: The maps in play in each game (FORMAT section 4 ``game``).
GAME_MAPS = {"tk": ("tk",), "ds": ("ds",), "ae": ("tk", "ds")}


@dataclass
class PlayedCard:
    """An earlier Current Card: its id and the Seasonal Turn it was revealed in (None: not given)."""
    card: str
    turn: Optional[Turn]


@dataclass(frozen=True)
class Revealed:
    """A card revealed as a Current Card: ``card`` id, ``turn`` (None when the file does not
    say), ``map``, and ``current`` (it is the Current Card now)."""
    card: str
    turn: Optional[Turn]
    map: str
    current: bool = False

    @property
    def when(self) -> str:
        """The turn in words (``an earlier turn`` when not given)."""
        return str(self.turn) if self.turn else "an earlier turn"


@dataclass
class FactionMap:
    """A faction's cards on one map: ``current`` Current Card id, ``pending``
    Pending Card id, ``selected`` the Seasonal Turn the Pending Card was selected in
    (None: the file does not say), ``hand`` card ids, ``played`` earlier Current Cards."""
    current: Optional[str] = None
    pending: Optional[str] = None
    selected: Optional[Turn] = None
    hand: list[str] = field(default_factory=list)
    played: list[PlayedCard] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    #: the units interned (16.7) on the back of the Pending Card (:class:`~model.game.board.Unit` s), repatriated
    #: as it is revealed (1.1.1 Step 2)
    interned: list = field(default_factory=list)
    #: in a view (:mod:`model.secrecy.views`): how many hand cards lie face down, unseen by the viewer (None: the hand is seen)
    hand_face_down: Optional[int] = None
    #: in a view: a Pending Card is placed face down, unseen by the viewer (1.1 "face down")
    pending_face_down: bool = False
    #: a sealed Pending Card (model/secrecy/seal.py): ``sha256:HEX`` over the card and its ``nonce`` (the private file's)
    sealed: Optional[str] = None
    nonce: Optional[str] = None
    sealed_in: Optional[str] = None     # the digest of the public position the seal was made in


#: A Pending Card placed face down whose card no file read names (model/secrecy/private.py).
FACE_DOWN = "face-down"


def _placed(fm: FactionMap) -> Optional[str]:
    """What tells a placed Pending Card apart across two files: its seal, else its card, else that it
    is face down (None: no Pending Card)."""
    return fm.sealed or fm.pending or (FACE_DOWN if fm.pending_face_down else None)


@dataclass
class Position:
    """A game position: everything a ruling reads.

    ``maps`` are the maps in play (``('tk', 'ds')`` in AE); ``war_state`` maps
    each to ``pre-war`` / ``limited`` / ``total``; ``cards`` every known card
    by id; ``factions[faction][map]`` a :class:`FactionMap`; ``countries``
    the :class:`~model.game.countries.CountryEntry` s keyed by case-folded name (read them
    through :meth:`country` / :meth:`countries_on`: each map has its own Posture Display).
    """
    file: str
    game: str
    turn: Turn
    maps: tuple
    war_state: dict[str, WarState]
    cards: dict[str, Card]
    factions: dict[str, dict[str, FactionMap]]
    countries: dict[str, CountryEntry]
    government: str = "none"
    european_war: str = "none"
    markers: Markers = field(default_factory=Markers)
    flags: list[str] = field(default_factory=list)
    interpretations: dict[str, Any] = field(default_factory=dict)
    map_board: Optional["Board"] = None     # the `map:` section; None when there is none
    replacements: dict[tuple[str, str], "FactionReplacements"] = field(default_factory=dict)   # (map, faction) ->
    raw: Optional[StateFile] = None
    base_dir: Optional[Path] = None
    seasonal: Seasonal = field(default_factory=Seasonal)
    #: reads the position of ``previous:`` (``path`` -> the position, None when unreadable); the loader,
    #: :func:`model.files.load.read_state`, sets it. None: the previous position is never read.
    read_previous: Optional[Callable[[Path], Optional["Position"]]] = field(default=None, repr=False, compare=False)
    _previous: Any = field(default=None, repr=False, compare=False)   # the previous position, read once (False: unreadable)
    #: who sees this position (:mod:`model.secrecy.views`): None or ``referee`` every card, else a faction's view
    viewer: Optional[str] = None
    #: in a view, the Pending Cards awaiting their reveal, by faction (:meth:`awaiting_reveal`, decided on the whole position)
    awaiting: Optional[dict[str, dict[str, str]]] = field(default=None, repr=False, compare=False)
    #: the private files joined to this public file (model/secrecy/private.py): ``[(faction, file)]``
    private_files: list[tuple[str, str]] = field(default_factory=list, compare=False)
    #: units a procedure put on the map since the file was read, ``[(location, Unit)]`` (1.1.1 Step 2: interned
    #: units repatriated); the map as written gains them (:func:`model.files.write.state_dict`)
    placed_units: list = field(default_factory=list, compare=False)

    #: What a deep copy shares with its original instead of copying: the cards of the decks and the file as
    #: read, which nothing changes once loaded. A reveal or the next Seasonal Turn deep-copies the position;
    #: copying these was most of its cost (measured: 2.9 of 3.8 s of `aeref verify` on a 40-turn AE game).
    SHARED = ("cards", "raw", "read_previous")

    def __deepcopy__(self, memo: dict) -> "Position":
        new = copy.copy(self)
        memo[id(self)] = new
        for f in fields(self):
            if f.name not in self.SHARED:
                setattr(new, f.name, copy.deepcopy(getattr(self, f.name), memo))
        return new

    @property
    def board(self) -> "Board":
        """The map (FORMAT 6) as a :class:`model.game.board.Board`; an empty one when the state file has no ``map:``."""
        if self.map_board is None:
            from .board import Board   # deliberately lazy: the map's module only when a rule reads a map (cold start)
            self.map_board = Board()
        return self.map_board

    def country(self, name: str, map_: Optional[str] = None) -> Optional[Country]:
        """Country ``name`` (compared case-insensitively) as the Posture Display of
        ``map_`` shows it: the one lookup every rule uses (FORMAT 4 "AE, per map").

        Returns None when it is not listed, or not on that map's display. In a
        one-map game ``map_`` may be left out. In AE leaving it out is allowed
        only for a country both displays show alike; else raises ``ValueError``
        (a rule always knows its map: a card's, or the Segment's).
        """
        e = self.countries.get(norm_name(name))
        if e is None:
            return None
        if map_ is None:
            if len(self.maps) == 1:
                map_ = self.maps[0]
            elif e.differs():
                raise ValueError(f"{e.name} is shown differently on the TK and DS displays: name the map")
        return e.on(map_)

    def countries_on(self, map_: str) -> list[Country]:
        """Every country on ``map_``'s Posture Display, in the order of the file."""
        return [c for c in (self.country(n, map_) for n in self.countries) if c is not None]

    def card_text(self, cid: str) -> str:
        """``tk-soviet-38 Total War Production`` (the id alone for an unknown card)."""
        c = self.cards.get(cid)
        return c.text if c else cid

    def hand(self, faction: str, map_: str) -> list[str]:
        fm = self.factions.get(faction, {}).get(map_)
        return list(fm.hand) if fm else []

    def returning(self, faction: str) -> list[tuple[str, str]]:
        """``[(map, card id)]``: ``faction``'s recyclable Current Cards, face up and back in its hand once
        discarded (1.1.1 Step 1: "returned to the faction's deck for possible future play"), in map order."""
        return [(m, fm.current) for m in self.maps if (fm := self.factions.get(faction, {}).get(m)) is not None
                and fm.current and fm.current in self.cards and self.cards[fm.current].recyclable]

    def require_faction(self, faction: str) -> str:
        """``faction`` (lower case) when the state file has it; else raises
        :class:`~model.files.errors.InputError` naming the factions it has (FORMAT 4:
        a faction left out cannot be queried)."""
        f = str(faction).lower()
        if f not in self.factions:
            raise InputError(Problem(self.file, "factions", f"faction {f} is not in the state file "
                                     f"(it has: {', '.join(self.factions) or 'none'})"))
        return f

    def revealed(self, faction: str) -> list[Revealed]:
        """Every card ``faction`` has revealed as a Current Card: its ``played``
        history on each map, oldest first, then the Current Card, revealed in
        this turn (FORMAT 4: "The Current Card counts as revealed in turn") -
        or, while the faction's Pending Cards await their reveal
        (:meth:`awaiting_reveal`), in the previous Seasonal Turn."""
        out = []
        current_turn = self.turn.ahead(-1) if self.awaiting_reveal(faction) else self.turn
        for m, fm in self.factions.get(faction, {}).items():
            out += [Revealed(p.card, p.turn, m) for p in fm.played]
            if fm.current:
                out.append(Revealed(fm.current, current_turn, m, current=True))
        return out

    def awaiting_reveal(self, faction: str) -> dict[str, str]:
        """The Pending Cards of ``faction`` selected in an earlier Seasonal Turn
        that await their reveal in this one (1.1.1 Step 2): ``{map: card id}``,
        empty when there are none.

        A Pending Card whose ``selected`` turn is recorded (``select`` records
        it) awaits its reveal exactly when it was selected before this turn: a
        card returned to the hand at a reveal (1.1.1 Step 2) and selected again
        in this turn is a new selection (Step 4). Without the record (files
        written before it): a position with ``previous:`` holds such cards
        until the faction reveals (``aeref reveal``): its Pending Cards are
        those the previous position holds. Pending Cards that differ from them
        were selected this turn, after the reveal (1.1.1 Step 4). When the
        previous file cannot be read, every Pending Card of a position with
        ``previous:`` counts as awaiting.
        """
        if self.awaiting is not None:
            return dict(self.awaiting.get(faction, {}))
        sections = self.factions.get(faction, {})
        out = {m: _placed(fm) for m, fm in sections.items() if _placed(fm) and fm.selected is not None
               and fm.selected < self.turn}
        unrecorded = {m: _placed(fm) for m, fm in sections.items() if _placed(fm) and fm.selected is None}
        return {**out, **self._awaiting_by_previous(faction, unrecorded)}

    def previous_position(self) -> Optional["Position"]:
        """The position of ``previous:`` (read once), or None when there is none or it cannot be read."""
        if self.seasonal.previous_path is None:
            return None
        if self._previous is None:
            path = self.seasonal.previous_path
            prev = self.read_previous(path) if self.read_previous is not None and path.is_file() else None
            self._previous = prev or False
        return self._previous or None

    def revealed_this_turn(self, faction: str) -> bool:
        """``faction`` has revealed its Pending Cards in this Seasonal Turn (1.1.1 Step 2): the position of
        ``previous:`` (the turn before) holds Pending Cards of the faction, and none of its Pending Cards
        awaits its reveal now. False when the file has no readable ``previous:`` (it cannot be told)."""
        prev = self.previous_position()
        if prev is None or prev.turn != self.turn.ahead(-1):
            return False
        had = any(fm.pending for fm in prev.factions.get(faction, {}).values())
        return had and not self.awaiting_reveal(faction)

    def _awaiting_by_previous(self, faction: str, pending: dict[str, str]) -> dict[str, str]:
        """:meth:`awaiting_reveal` for Pending Cards without a ``selected`` turn: read from ``previous:``."""
        if not pending or self.seasonal.previous_path is None:
            return {}
        if self.previous_position() is None:
            return pending
        before = {m: _placed(fm) for m, fm in self._previous.factions.get(faction, {}).items()
                  if _placed(fm) and m in pending}
        # a card face down in one file and named in the other (its private file read with one only) is the same
        same = before.keys() == pending.keys() and all(
            before[m] == pending[m] or FACE_DOWN in (before[m], pending[m]) for m in pending)
        return {m: self.factions[faction][m].pending or FACE_DOWN for m in pending} if same else {}

    def with_interpretations(self, overrides: dict[str, Any]) -> "Position":
        """A copy with ``overrides`` (already checked with :func:`check_value`) in force."""
        p = copy.copy(self)
        p.interpretations = {**self.interpretations, **overrides}
        return p

    @property
    def interpretations_in_force(self) -> dict[str, Any]:
        return in_force(self.interpretations)
