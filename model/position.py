"""Game positions: state files (FORMAT section 4) and the decks they name.

:func:`load_position` reads a state file and its decks and returns a
:class:`Position`, or raises :class:`~model.errors.InputError` carrying every
problem found, each with its file and place.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from pydantic import ValidationError

from .base import problems_from_validation
from .calendar import Turn, parse_turn
from .cards import Card, parse_card_ref, split_card_id
from .errors import InputError, Problem, join_path
from .wording import closest, suggest, unknown, unknown_card
from .interpretations import check_value, in_force
from .names import norm_key, norm_name
from .seasonal import Seasonal, parse_seasonal
from .countries import Country, CountryEntry, parse_countries
from .markers import Markers, parse_markers
from .state_file import PlayedFile, StateFile
from .vocabulary import FACTIONS, WarState, faction_name, with_article

if TYPE_CHECKING:      # imported only when a state file has a map (cold start)
    from .board import Board
    from .replacements import FactionReplacements

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
    Pending Card id, ``hand`` card ids, ``played`` earlier Current Cards."""
    current: Optional[str] = None
    pending: Optional[str] = None
    hand: list[str] = field(default_factory=list)
    played: list[PlayedCard] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


@dataclass
class Position:
    """A game position: everything a ruling reads.

    ``maps`` are the maps in play (``('tk', 'ds')`` in AE); ``war_state`` maps
    each to ``pre-war`` / ``limited`` / ``total``; ``cards`` every known card
    by id; ``factions[faction][map]`` a :class:`FactionMap`; ``countries``
    the :class:`~model.countries.CountryEntry` s keyed by case-folded name (read them
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
    _previous: Any = field(default=None, repr=False, compare=False)   # the previous position, read once (False: unreadable)

    @property
    def board(self) -> "Board":
        """The map (FORMAT 6) as a :class:`model.board.Board`; an empty one when the state file has no ``map:``."""
        if self.map_board is None:
            from .board import Board
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

    def require_faction(self, faction: str) -> str:
        """``faction`` (lower case) when the state file has it; else raises
        :class:`~model.errors.InputError` naming the factions it has (FORMAT 4:
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
        """The Pending Cards of ``faction`` selected in the previous Seasonal Turn
        that await their reveal in this one (1.1.1 Step 2): ``{map: card id}``,
        empty when there are none.

        A position with ``previous:`` holds such cards until the faction reveals
        (``aeref reveal``): its Pending Cards are those the previous position
        holds. Pending Cards that differ from them were selected this turn,
        after the reveal (1.1.1 Step 4). When the previous file cannot be read,
        every Pending Card of a position with ``previous:`` counts as awaiting.
        """
        pending = {m: fm.pending for m, fm in self.factions.get(faction, {}).items() if fm.pending}
        if not pending or self.seasonal.previous_path is None:
            return {}
        if self._previous is None:
            prev, _ = read_state(self.seasonal.previous_path) if self.seasonal.previous_path.is_file() else (None, [])
            self._previous = prev or False
        if self._previous is False:
            return pending
        before = {m: fm.pending for m, fm in self._previous.factions.get(faction, {}).items() if fm.pending}
        return pending if before == pending else {}

    def with_interpretations(self, overrides: dict[str, Any]) -> "Position":
        """A copy with ``overrides`` (already checked with :func:`check_value`) in force."""
        import copy
        p = copy.copy(self)
        p.interpretations = {**self.interpretations, **overrides}
        return p

    @property
    def interpretations_in_force(self) -> dict[str, Any]:
        return in_force(self.interpretations)


# --------------------------------------------------------------------------- loading

def read_state(path: str | Path, war_state_due: bool = False) -> tuple[Optional[Position], list[Problem]]:
    """Load a state file and its decks. Returns the position (None when there
    are problems) and every problem found, contradictions between its facts
    included (:mod:`model.consistency`; ``war_state_due``: a war state change
    of 12 not yet applied is allowed). Never raises for bad input."""
    from .yamlio import load_yaml_file

    shown = str(path)
    problems: list[Problem] = []
    try:
        data = load_yaml_file(path, shown)
    except InputError as exc:
        return None, exc.problems
    if not isinstance(data, dict):
        return None, [Problem(shown, "", f"a state file is a mapping (game:, turn:, factions: ...), not {type(data).__name__ if data is not None else 'an empty document'}")]
    try:
        state = StateFile.model_validate(data)
    except ValidationError as exc:
        # report every problem: leave out the top-level keys in error and go on checking the rest,
        # unless the rest depends on them (game, turn, war state, the cards)
        problems.extend(problems_from_validation(exc, shown))
        bad = {norm_key(e["loc"][0]) for e in exc.errors() if e.get("loc")}
        if not bad or bad & {"game", "turn", "war-state", "decks", "cards"}:
            return None, problems
        try:
            state = StateFile.model_validate({k: v for k, v in data.items() if norm_key(k) not in bad})
        except ValidationError:
            return None, problems
    base = Path(path).parent

    # interpretations first: the calendar may rename the Seasonal Turns
    interps: dict[str, Any] = {}
    for name, value in state.interpretations.items():
        try:
            interps[norm_key(name)] = check_value(norm_key(name), value)
        except ValueError as exc:
            problems.append(Problem(shown, join_path("interpretations", str(name)), str(exc)))
    names = interps.get("calendar")

    def turn_of(text: Any, where: str) -> Optional[Turn]:
        try:
            return parse_turn(text, names)
        except ValueError as exc:
            problems.append(Problem(shown, where, str(exc)))
            return None

    turn = turn_of(state.turn, "turn")
    maps = GAME_MAPS[state.game]

    # war states
    war_state: dict[str, str] = {}
    ws = state.war_state
    if isinstance(ws, dict):
        wsn = {norm_key(k): v for k, v in ws.items()}
        missing = [m for m in maps if m not in wsn]
        wrong = [k for k in wsn if k not in maps]
        for k in wrong:          # a misspelt map is one mistake, not also a missing war state
            meant = missing[0] if len(wrong) == len(missing) == 1 else closest(k, missing)
            problems.append(Problem(shown, join_path("war-state", str(k)), f"map {k!r} is not in play in game "
                                    f"{state.game}{f' (did you mean {meant}?)' if meant else ''} (maps: {', '.join(maps)})"))
            missing = [m for m in missing if m != meant]
        for m in maps:
            if m not in wsn:
                if m in missing:
                    problems.append(Problem(shown, join_path("war-state", m), f"the war state of the {m.upper()} map is missing"))
                continue
            try:
                war_state[m] = WarState.of(wsn[m])
            except ValueError as exc:
                problems.append(Problem(shown, join_path("war-state", m), str(exc)))
    else:
        if len(maps) > 1:
            problems.append(Problem(shown, "war-state", "in AE each map has its own war state: write war-state: {tk: ..., ds: ...}"))
        else:
            try:
                war_state[maps[0]] = WarState.of(ws)
            except ValueError as exc:
                problems.append(Problem(shown, "war-state", str(exc)))

    # cards: decks then inline (model/decks.py)
    from .decks import load_cards
    deck_cards = load_cards(state.decks, state.cards, base, shown, problems)
    cards, unreadable, decks_missing = deck_cards.cards, deck_cards.unreadable, deck_cards.missing

    # factions
    factions: dict[str, dict[str, FactionMap]] = {}
    for fname, sections in state.factions.items():
        f = norm_key(fname)
        fw = join_path("factions", str(fname))
        if f not in FACTIONS:
            problems.append(Problem(shown, fw, unknown("faction", fname, FACTIONS)))
            continue
        factions[f] = {}
        for mname, fm in sections.items():
            m = norm_key(mname)
            mw = join_path(fw, str(mname))
            if m not in maps:
                problems.append(Problem(shown, mw, f"map {mname!r} is not in play in game {state.game}{suggest(mname, maps)} (maps: {', '.join(maps)})"))
                continue

            def ref(r: Any, where: str) -> Optional[str]:
                try:
                    cid = parse_card_ref(r, m, f)
                except ValueError as exc:
                    problems.append(Problem(shown, where, str(exc)))
                    return None
                if cid not in cards:
                    if cid not in unreadable and not (decks_missing and problems):   # else the deck's problem says why
                        problems.append(Problem(shown, where, unknown_card(cid, cards)))
                    return None
                cmap, cfac, _ = split_card_id(cid)
                if cfac != f:
                    problems.append(Problem(shown, where, f"{cid} is {with_article(faction_name(cfac))} card, listed for the {faction_name(f)} faction"))
                    return None
                if cmap != m:
                    problems.append(Problem(shown, where, f"{cid} is a {cmap.upper()} card, listed in the {m.upper()} section"))
                    return None
                return cid

            res = FactionMap()
            res.current = ref(fm.current, join_path(mw, "current")) if fm.current is not None else None
            res.pending = ref(fm.pending, join_path(mw, "pending")) if fm.pending is not None else None
            seen: set[str] = set()
            for i, h in enumerate(fm.hand):
                cid = ref(h, join_path(mw, "hand", i))
                if cid is None:
                    continue
                if cid in seen:
                    problems.append(Problem(shown, join_path(mw, "hand", i), f"{cid} is listed twice in the hand"))
                    continue
                if cid == res.current:
                    problems.append(Problem(shown, join_path(mw, "hand", i), f"{cid} is the Current Card and cannot also be in the hand"))
                    continue
                if cid == res.pending:
                    problems.append(Problem(shown, join_path(mw, "hand", i), f"{cid} is the Pending Card and cannot also be in the hand"))
                    continue
                seen.add(cid)
                res.hand.append(cid)
            for i, pl in enumerate(fm.played):
                where = join_path(mw, "played", i)
                card_ref, t = (pl.card, pl.turn) if isinstance(pl, PlayedFile) else (pl, None)
                cid = ref(card_ref, join_path(where, "card") if isinstance(pl, PlayedFile) else where)
                pturn = turn_of(t, join_path(where, "turn")) if t is not None else None
                if pturn is not None and turn is not None and pturn > turn:
                    problems.append(Problem(shown, join_path(where, "turn"), f"{pturn} is after the current turn {turn}"))
                if cid is not None:
                    res.played.append(PlayedCard(cid, pturn))
            for i, r in enumerate(fm.removed):
                cid = ref(r, join_path(mw, "removed", i))
                if cid is not None:
                    res.removed.append(cid)
            factions[f][m] = res

    countries = parse_countries(state.countries, shown, maps, problems)

    markers = parse_markers(state.markers, shown, maps, problems)
    # the map and the Replacements Segment (FORMAT 6; model/board.py, model/replacements.py)
    board, replacements = None, {}
    if state.map is not None or state.replacements is not None:   # imported only when there is a map to read
        from .map_file import parse_map
        from .replacements import parse_replacements
        seen_units: dict = {}
        board = parse_map(state.map, shown, problems, seen_units)
        replacements = parse_replacements(state.replacements, shown, maps, board, problems, seen_units)
    seasonal = parse_seasonal(state, shown, base, maps, turn_of, problems)

    if problems:
        return None, problems
    pos = Position(
        file=shown, game=state.game, turn=turn, maps=maps, war_state=war_state, cards=cards, factions=factions,
        countries=countries, government=state.government or "none", european_war=state.european_war or "none",
        markers=markers, flags=list(state.flags), interpretations=interps, raw=state, base_dir=base,
        map_board=board, replacements=replacements,
        seasonal=seasonal,
    )
    from .consistency import contradictions
    problems = contradictions(pos, war_state_due)
    if problems:
        return None, problems
    return pos, []


def load_position(path: str | Path, war_state_due: bool = False) -> Position:
    """Load a state file and its decks (``war_state_due``: see :func:`read_state`).

    Returns a :class:`Position`. Raises :class:`InputError` carrying every
    problem (file missing, YAML broken, unknown card, bad turn, contradictions ...).
    """
    pos, problems = read_state(path, war_state_due)
    if problems:
        raise InputError(problems)
    return pos
