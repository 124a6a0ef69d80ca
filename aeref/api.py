"""aeref's public Python API: load a position, ask it the Seasonal Phase questions, get typed answers.

>>> import aeref
>>> pos = aeref.load("examples/ae-soviet-production.yaml")
>>> aeref.Selection(tk="38", ds="24") in pos.legal_selections("soviet")
False

:func:`load` reads a state file (``-``: standard input) into a :class:`Position`;
its methods answer what the ``aeref`` commands answer, and each answer's
``as_json()`` is exactly the dict the command prints with ``--json``
(docs/format.md section 5). The command line is built on this module and on
nothing else of the rules (``tests/package/test_cli_uses_public_api.py``).

``time_limit`` means one thing everywhere: seconds (a float) the question may
take, None or 0 for no limit, or a :class:`Budget` shared by several questions
(the command line's one budget per command). When it ends a search, the answer
says it is not proved (``complete``, ``proved``) rather than failing, except
where no answer exists yet (:class:`TimeLimitReached`, :class:`Undecided`).

Bad input raises :class:`InputError` (``.file``, ``.place``, ``.message`` of its
first problem, ``.problems`` for all). Importing this module and ruling on one
selection (:meth:`Position.check`, ``Selection in legal``) never imports ortools
or networkx; counting, explaining and optimising do, when first asked.
"""
from __future__ import annotations

import copy
import importlib
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, Union

from .model.game.cards import parse_card_ref
from .model.files.errors import InputError, Problem
from .model.game.interpretations import check_value
from .model.files.names import norm_key
from .model.files.load import Position as PositionData, load_position
from .model.files.previous import replaced_earlier
from .model.game.vocabulary import FACTIONS, MAPS, WAR_STATES, Faction, Map, WarState, faction_name, plural
from .model.secrecy.private import private_path
from .model.secrecy.seal import file_digest as _file_digest, seal as _seal
from .model.secrecy.views import REFEREE, VIEWERS, hidden_cards as _hidden_cards, view as _view
from .model.files.wording import unknown_card
from .solver.option_cards import drm as _drm
from .solver.engine.constraints import Rule
from .solver.engine.limits import DEFAULT_TIME_LIMIT, Budget, Progress, ProgressSink, TimeLimitReached
from .solver.engine.limits import process_started as process_started   # re-exported: the console script's clock
from .solver.selection.rules import RULES as SELECTION_RULES
from .solver.selection.rules import complete_choice, evaluator, final_message, interpretations_used, make_context, selection_made
from .plan_options import assumption, card_named, horizon, plan_card, plan_turn
from .model.files.record import new_record, relative, selected_in
from .answers import LAZY as _LAZY_ANSWERS
from .answers.ruling import AllocationError, Ruling, TimeLimit, Undecided, Violation, _broken, _budget, _ruling, _violations
from .answers.selection import LegalSelections, Selection

if TYPE_CHECKING:   # for the signatures: the answers `check` never gives are imported where they are made
    from .answers.logistics import LogisticsActions, LogisticsRuling
    from .answers.plan import Plan
    from .answers.replacements import Allocation, Placement, ReplacementsRuling
    from .answers.turn import DrmAnswer, NextTurn, Placed, RevealAnswer, WarStateAnswer
    from .answers.why import Count, Why
    from .answers.others import PossiblePlan, PossibleRuling, PossibleSelections

__all__ = [
    "Allocation", "Budget", "Count", "DEFAULT_TIME_LIMIT", "DrmAnswer", "FACTIONS", "Faction", "InputError",
    "AllocationError", "LegalSelections", "LogisticsActions", "LogisticsRuling", "MAPS", "Map", "NextTurn", "Placed",
    "Placement", "Plan", "Position", "PossiblePlan", "PossibleRuling", "PossibleSelections", "Progress", "ReplacementsRuling", "RevealAnswer", "Rule", "Ruling", "SEGMENTS",
    "Selection", "TimeLimit", "TimeLimitReached", "Undecided", "Violation", "WAR_STATES", "WarState",
    "WarStateAnswer", "Why", "load", "REFEREE", "VIEWERS",
]   # and, loaded on first use (``__getattr__``), the game record's names of :data:`_RECORD`

#: The names of :mod:`aeref.record` (the game record: ``verify``, ``log``) this module exports.
_RECORD = ("BrokenLink", "Verified", "check_link", "game_log", "verify")


def __getattr__(name: str) -> Any:
    """The answers :mod:`aeref.answers` imports on first use (``aeref.api.Plan`` ...), so that a cold `check` does not build their dataclasses."""
    if name in _LAZY_ANSWERS:
        return getattr(importlib.import_module("aeref.answers"), name)
    if name in _RECORD:             # the game record re-derives links with this module: loaded on first use
        return getattr(importlib.import_module("aeref.record"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The Segments of a Political DRM roll (1.1.2.1): Political DRMs apply only in the first two.
SEGMENTS: tuple[str, ...] = _drm.SEGMENTS


# ----------------------------------------------------------------------------- the position

def load(path: Union[str, Path], interpretations: Optional[Mapping[str, Any]] = None,
         war_state_due: bool = False, privates: Sequence[Union[str, Path]] = ()) -> "Position":
    """The position of the state file at ``path`` (``-``: read from standard input, its decks
    then relative to the working directory), with its decks.

    ``interpretations`` overrides the file's (``{"annual-scope": "map"}``); ``war_state_due``:
    the file may await a war state change of 12 (as ``aeref war-state`` allows); ``privates``:
    private files joined to a public file (docs/face-down.md), besides those found beside it
    (``STEM.FACTION.private.yaml``). Raises
    :class:`InputError` for a file that is missing or broken or contradicts itself, and
    ``ValueError`` for an unknown interpretation or value.
    """
    overrides: dict[str, Any] = {}
    for name, value in (interpretations or {}).items():
        key = str(norm_key(name))
        overrides[key] = check_value(key, value)
    data = load_position(path, war_state_due, privates)
    return Position(data.with_interpretations(overrides) if overrides else data)


def _viewer_name(viewer: Optional[str]) -> str:
    """A viewer as the words name it: a faction's name, or "referee's"."""
    return "referee's" if viewer in (None, REFEREE) else faction_name(viewer)


def _names(value: Any) -> tuple[Any, ...]:
    """A sequence of names, a single name (a string) taken as one, not letter by letter."""
    return (value,) if isinstance(value, str) else tuple(value)


def _made_by(answer: Any, made_by: dict[str, Any], opened: Sequence[dict[str, Any]] = ()) -> None:
    """Record on ``answer`` (frozen) what made its position and the seals it opened, for the game record its
    ``write`` puts into a chained file (docs/face-down.md "The game record")."""
    object.__setattr__(answer, "made_by", made_by)
    object.__setattr__(answer, "opened", tuple(opened))


def _deck_copies(data: PositionData, out_dir: Path) -> list[tuple[Path, Path]]:
    """``[(deck file, its copy in out_dir/decks/)]`` for the decks of ``data``: what the other players need
    beside the public file (a second deck of the same name gets the number of its entry)."""
    base = (data.base_dir or Path(".")).resolve()
    out, names = [], set()
    for i, d in enumerate(data.raw.decks if data.raw is not None else []):
        src = (base / d).resolve()
        name = src.name if src.name not in names else f"{src.stem}-{i}{src.suffix}"
        names.add(name)
        out.append((src, out_dir / "decks" / name))
    return out


def _require_replacement_data(data: PositionData, faction: str, map_: str) -> None:
    """Raise :class:`InputError` (exit 2) when the file lacks what a Replacements Segment ruling needs
    (1.3): no Force Pool stated for ``faction`` on ``map_``, or no hexes of that map (missing data is not
    a ruling; an empty ``force-pool: []`` is one)."""
    from .solver.replacements.segment import missing_data   # lazy: the 1.3 rules trace supply on the map
    problem = missing_data(data, faction, map_)
    if problem is not None:
        raise InputError(problem)


class Position:
    """A game position (a state file and its decks) and the questions aeref answers about it.

    ``data`` is the position as plain data (:class:`aeref.model.files.load.Position`); ``file``,
    ``game``, ``turn``, ``maps``, ``factions``, ``cards`` and ``war_state`` are its facts. Every
    method raises :class:`InputError` for a faction or map the position does not have.
    """

    def __init__(self, data: PositionData):
        self.data = data

    def __repr__(self) -> str:
        return f"<aeref.Position {self.data.file}: {self.data.game.upper()} {self.data.turn}>"

    file = property(lambda self: self.data.file, doc="The state file's name as given.")
    game = property(lambda self: self.data.game, doc="``tk``, ``ds`` or ``ae``.")
    turn = property(lambda self: self.data.turn, doc="The Seasonal Turn.")
    maps = property(lambda self: tuple(self.data.maps), doc="The maps in play.")
    factions = property(lambda self: tuple(self.data.factions), doc="The factions of the file.")
    cards = property(lambda self: MappingProxyType(self.data.cards),
                     doc="Every card of the decks, by id: a read-only mapping of frozen cards (a caller cannot "
                         "change a fact later rulings read).")
    war_state = property(lambda self: dict(self.data.war_state), doc="The war state in effect, by map.")

    def hand(self, faction: str, map: str) -> list[str]:
        """The card ids of ``faction``'s hand on ``map``."""
        return list(self.data.hand(self.data.require_faction(faction), map))

    viewer = property(lambda self: self.data.viewer or REFEREE,
                      doc="Who sees this position: ``referee`` (every card) or the faction of a :meth:`view`.")

    @property
    def chained(self) -> bool:
        """Whether this position was read from a file of a game record (it has a ``record:``, docs/face-down.md
        "The game record"): its link is checked (:func:`check_link`) and what is written from it is chained."""
        return getattr(self.data.raw, "record", None) is not None

    def view(self, viewer: Optional[str]) -> "Position":
        """The position as ``viewer`` sees it (1.1: another player's cards are not examined before they
        are played; a Pending Card lies face down): a faction's view keeps its own hands and Pending
        Cards and, of the others, only the public facts (Current, played and removed cards, how many
        cards each hand holds, that a Pending Card is placed); ``referee`` (or None) sees everything.
        Raises ``ValueError`` for a viewer that is neither a faction nor ``referee``."""
        return Position(_view(self.data, viewer))

    def hidden_cards(self, viewer: str) -> set[str]:
        """The card ids ``viewer`` may not see in this position (1.1): the other factions' hands and
        Pending Cards that are not public otherwise. Raises ``ValueError`` for an unknown viewer."""
        return _hidden_cards(self.data, viewer)

    def require_seen(self, faction: str) -> str:
        """``faction`` when this position shows its hands; raises :class:`InputError` naming whose
        hand is face down in this view (1.1) or missing from the files."""
        f = self.data.require_faction(faction)
        if any(fm.hand_face_down is not None or fm.pending_face_down for fm in self.data.factions[f].values()):
            name = faction_name(f)
            if self.data.viewer not in (None, REFEREE, f):     # another faction's view hides it (1.1)
                why = f"the {name} faction's hand is face down in the {faction_name(self.data.viewer)} view (1.1)"
            else:
                why = (f"the {name} faction's hand is face down (not in the files read): this ruling needs it; give "
                       f"the {name} private file (--private FILE: the newest its player keeps, which select and "
                       f"reveal write beside the one they read; or {private_path(self.data.file, f).name} beside "
                       "the state file)")
            raise InputError(Problem(self.data.file, f"factions.{f}", why))
        return f

    def split(self, path: Union[str, Path], force: bool = False,
              private_dirs: Optional[Mapping[str, Union[str, Path]]] = None) -> list[str]:
        """Deal the game: write this position as a public file at ``path`` and one private file per faction
        beside it (``STEM.FACTION.private.yaml``, mode 0600: the faction's hands, Pending Cards and nonces; in
        ``private_dirs[faction]`` when given; a folder is made if missing), as one set; the public file is
        checked to hold no private field first. The public file is the root of the game record
        (docs/face-down.md "The game record"): its decks are copied into ``decks/`` beside it (a copy already
        there with the same bytes is kept) and named relative to it, each with its digest. Returns the files
        written, the public one first. Raises :class:`~aeref.model.files.atomic.FileExists` (nothing written)
        when one exists and not ``force``, ``OSError`` when one cannot be written, :class:`InputError` when
        ``path`` is an earlier position its ``previous:`` leads to."""
        from .model.files.write import split_texts, write_files     # lazy: only the commands that write load the writer
        replaced_earlier(path, self.data.seasonal.previous_path)   # never over the position previous: names
        out_dir = Path(path).parent
        for d in [out_dir, *(private_dirs or {}).values()]:
            Path(d).mkdir(parents=True, exist_ok=True)
        copies = _deck_copies(self.data, out_dir)
        record = new_record(self.data, path, {"command": "split", "turn": str(self.data.turn)},
                            deck_files={relative(dst, out_dir.resolve()): src for src, dst in copies})
        files = split_texts(self.data, path, factions=list(self.data.factions),
                            private_dirs={k.lower(): v for k, v in (private_dirs or {}).items()},
                            record=record, decks=[dst for _, dst in copies])
        for src, dst in copies:
            text = src.read_text(encoding="utf-8")
            if not (dst.is_file() and dst.read_text(encoding="utf-8") == text):
                dst.parent.mkdir(parents=True, exist_ok=True)
                files[dst] = (text, None)
        write_files(files, force)
        return [str(p) for p in files]

    def _require_pending_seen(self, f: str) -> None:
        """Raises :class:`InputError` when a Pending Card of ``f`` lies face down here (its reveal needs it)."""
        for m, fm in self.data.factions[f].items():
            if fm.pending_face_down:
                name = faction_name(f)
                raise InputError(Problem(self.data.file, f"factions.{f}.{m}", (
                    f"the {name} Pending Card on the {m.upper()} map is face down (not in the files read): its reveal "
                    f"needs the {name} private file (--private FILE: the newest its player keeps; or "
                    f"{private_path(self.data.file, f).name} beside the state file)")))

    def _check_seals(self, f: str, previous: Any) -> None:
        """Raises :class:`InputError` when a sealed Pending Card of ``f`` does not match its seal (card,
        nonce) or the position the seal names is not the ``previous`` one (docs/face-down.md)."""
        for m, fm in self.data.factions[f].items():
            if not (fm.sealed and fm.pending):
                continue
            where = f"factions.{f}.{m}.sealed"
            name = f"the {faction_name(f)} {m.upper()} seal {fm.sealed}"
            if fm.nonce is None:
                raise InputError(Problem(self.data.file, where, f"{name} needs its nonce: the {faction_name(f)} private "
                                                                f"file, or --unseal {m}=CARD:NONCE"))
            try:
                again = _seal(fm.sealed_in or "", f, m, fm.pending, fm.nonce)
            except ValueError as exc:
                raise InputError(Problem(self.data.file, f"factions.{f}.{m}.nonce", f"{name}: {exc}")) from None
            if again != fm.sealed:
                raise InputError(Problem(self.data.file, where, f"{name} does not match {fm.pending} with that nonce "
                                                                f"(it gives {again}): the card or the nonce is not the "
                                                                "one sealed; nothing is revealed"))
            if previous is False:
                continue
            path = previous.data.file if isinstance(previous, Position) else previous
            path = Path(path) if path is not None else self.data.seasonal.previous_path
            if path is None:
                raise InputError(Problem(self.data.file, where, f"{name} was made in the position {fm.sealed_in}: the "
                                                                "reveal needs that file (--previous FILE)"))
            digest = _file_digest(path)
            if digest != fm.sealed_in:
                raise InputError(Problem(self.data.file, where, f"{name} was made in the position {fm.sealed_in}, but "
                                                                f"the previous file {path} is the position {digest}: the "
                                                                "reveal needs the file the card was selected in "
                                                                "(--previous FILE)"))

    def _previous_hands(self, prev: PositionData, faction: str) -> PositionData:
        """``prev`` with the revealing factions' face-down sections filled from this position: a public
        previous file holds no hand, and the hand now (the private file read) is the hand the Pending Card
        was selected from (1.1.1 Step 2 checks it came from the hand)."""
        if not any(fm.hand_face_down is not None or fm.pending_face_down
                   for sections in prev.factions.values() for fm in sections.values()):
            return prev
        out = copy.copy(prev)
        out.factions = {k: dict(v) for k, v in prev.factions.items()}
        for f in (self.data.factions if faction.lower() == "all" else [faction.lower()]):
            for m, fm in out.factions.get(f, {}).items():
                now = self.data.factions[f].get(m)
                if now is not None and (fm.hand_face_down is not None or fm.pending_face_down):
                    out.factions[f][m] = copy.copy(fm)
                    out.factions[f][m].hand, out.factions[f][m].pending = list(now.hand), now.pending
                    out.factions[f][m].hand_face_down, out.factions[f][m].pending_face_down = None, False
        return out

    def unseal(self, faction: str, cards: Mapping[str, tuple[Any, ...]]) -> "Position":
        """A copy of this position with ``faction``'s sealed Pending Cards given: ``cards`` is
        ``{map: (card, nonce)}`` (``--unseal tk=26b:NONCE``); :meth:`reveal` checks them against the
        seals. Raises :class:`InputError` for a map with no sealed Pending Card or an unknown card."""
        f = self.data.require_faction(faction)
        data = copy.copy(self.data)
        data.factions = {k: dict(v) for k, v in self.data.factions.items()}
        for m, (card, nonce) in cards.items():
            fm = data.factions[f].get(m)
            if fm is None or not fm.sealed:
                raise InputError(Problem(self.data.file, f"factions.{f}.{m}", f"--unseal {m}: the {faction_name(f)} "
                                                                              f"faction has no sealed Pending Card on the {m.upper()} map"))
            fm = copy.copy(fm)
            fm.pending, fm.nonce, fm.pending_face_down = self.card_id(card, m, f), nonce, False
            data.factions[f][m] = fm
        return Position(data)

    def choose_map(self, map: Optional[str]) -> str:
        """``map``, or the only map of a TK or DS game. Raises ``ValueError`` for a map not in play
        and for None in AE."""
        if map is None:
            if len(self.data.maps) > 1:
                raise ValueError(f"game {self.data.game} has two maps: give the map, tk or ds")
            return str(self.data.maps[0])
        m = map.lower()
        if m not in self.data.maps:
            raise ValueError(f"game {self.data.game} has no {m.upper()} map (maps: {', '.join(self.data.maps)})")
        return m

    # -- 1.1.3 Pending Card selection

    def card_id(self, ref: str, map: Optional[str] = None, faction: Optional[str] = None) -> str:
        """The id of the card ``ref`` names (an id, or a bare number of ``faction``'s cards on ``map``).
        Raises :class:`InputError` for a card the decks do not hold."""
        try:
            cid = parse_card_ref(ref, map, faction)
        except ValueError as exc:
            raise InputError(Problem(self.data.file, map or "", str(exc))) from None
        if cid not in self.data.cards:
            raise InputError(Problem(self.data.file, map or "", unknown_card(cid, self.data.cards)))
        return cid

    def _choice(self, faction: str, selection: Optional[Selection], tk: Optional[str], ds: Optional[str]) -> dict[str, Any]:
        sel = selection if selection is not None else Selection(tk, ds)
        f = self.data.require_faction(faction)
        out = {}
        for m, ref in sel.cards().items():
            if m not in self.data.maps:
                raise InputError(Problem(self.data.file, m, f"game {self.data.game} has no {m.upper()} map"))
            out[m] = self.card_id(ref, m, f)
        return complete_choice(self.data, f, out)

    def legal_selections(self, faction: str, time_limit: TimeLimit = None,
                         progress: ProgressSink = None) -> LegalSelections:
        """Every legal Pending Card selection of ``faction`` this turn (1.1.3), as a view
        (:class:`LegalSelections`): nothing is solved until asked. On the position the faction saw at its
        1.1.1 Step 4 (interpretation ``order-of-play``; ``notes`` says so when it is not this one). Raises
        :class:`InputError` when the faction's hand is face down here (:meth:`require_seen`) or that
        position cannot be told (what the file lacks)."""
        f = self.require_seen(faction)
        seen, message = self._seen(f)
        legal = LegalSelections(seen, f, time_limit, progress)
        legal.notes = [message] if message else []
        return legal

    def _position_seen(self, faction: str) -> Any:
        """:func:`aeref.solver.option_cards.turn.position_seen` of this position and ``faction``, computed once (a replay of
        this turn's reveals)."""
        from .solver.option_cards.turn import position_seen   # lazy: see select
        cache = self.__dict__.setdefault("_seen_cache", {})
        if faction not in cache:
            cache[faction] = position_seen(self.data, faction)
        return cache[faction]

    def _seen(self, faction: str) -> tuple["Position", Optional[str]]:
        """The position ``faction`` saw at its 1.1.1 Step 4 under the order of play (``order-of-play``) and,
        when it is not this one, the words saying which reveals it comes before (else None). Raises
        :class:`InputError` when it cannot be told (what the file lacks)."""
        if self.data.seasonal.previous_path is None:     # no reveal of this turn can be told: this position
            return self, None
        from .solver.option_cards.turn import lacking_error, seen_message, seen_note   # lazy: see select
        seen = self._position_seen(faction)
        if seen.position is None:
            raise lacking_error(self.data, faction, seen)
        if seen.position is self.data:
            return self, None
        return Position(seen.position), seen_note(seen_message(self.data, faction, seen))

    def check(self, faction: str, selection: Optional[Selection] = None, *, tk: Optional[str] = None,
              ds: Optional[str] = None) -> Ruling:
        """Rule on one proposed selection (1.1.3): ``selection``, or the cards ``tk`` and ``ds`` (ids
        or bare numbers; a map left out: no card, or the card a partial selection made placed there,
        :meth:`completed`). By direct evaluation, no solver. Ruled on the position the faction saw at its
        1.1.1 Step 4 under the order of play (interpretation ``order-of-play``,
        :func:`aeref.solver.option_cards.turn.rule_in_order`): a ruling a later faction's reveal in this turn would change
        is made on the position before it, with a 1.1.1 Order of Play violation first (or its words in
        ``notes`` when legal). Raises :class:`InputError` for a card the decks do not hold, a hand face down
        (:meth:`require_seen`) or a position whose earlier position cannot be told (what the file lacks)."""
        f = self.require_seen(faction)
        choice = self._choice(f, selection, tk, ds)
        full = {m: choice.get(m) for m in self.data.maps}

        def rule(data: PositionData) -> Ruling:
            ctx = make_context(data, f, {m: [v] for m, v in full.items() if v})
            vs = _broken(evaluator(ctx).broken(full))
            return Ruling(not vs, vs, interpretations_used(data))

        if self.data.seasonal.previous_path is None:     # no reveal of this turn can be told (1.1.1 order of play)
            return rule(self.data)
        from .solver.option_cards.turn import ORDER_OF_PLAY, rule_in_order, seen_note   # lazy: see select
        ruling, message = rule_in_order(self.data, f, rule, lambda a, b: a.as_json() == b.as_json(),
                                        self._position_seen(f))
        if message is None:
            return ruling
        interps = {**ruling.interpretations, "order-of-play": self.data.interpretations_in_force["order-of-play"]}
        if ruling.legal:
            return Ruling(True, (), interps, (seen_note(message),))
        return Ruling(False, (Violation.of(ORDER_OF_PLAY.violation(message)),) + ruling.violations, interps)

    # -- 1.1 face down: what another faction may have placed

    def _hidden_faction(self, faction: str) -> str:
        """``faction`` when its hand lies face down in this view (1.1); raises :class:`InputError`
        naming why not (its hand is seen here: ask :meth:`legal_selections`)."""
        from .solver.selection.hidden import is_hidden   # lazy: see select
        f = self.data.require_faction(faction)
        if not is_hidden(self.data, f):
            raise InputError(Problem(self.data.file, f"factions.{f}", (
                f"the {faction_name(f)} hand is not face down in the {_viewer_name(self.viewer)} view: its selections are "
                "its legal selections (pairs without --as, or --as of that faction)")))
        return f

    def _asked_on(self, faction: str) -> tuple[PositionData, list[str]]:
        """The position ``faction``'s face-down selection is asked on, and the words saying so when it is not this
        one: this view; when its Pending Cards await their reveal (selected in the Seasonal Turn before, 1.1.1
        Step 2), this viewer's view of ``previous:``, the position of that selection (the interpretations in force
        here); when it selected this turn before a later reveal, the file its ``select`` made
        (:meth:`_selected_on_record`). This view when there is no ``previous:``
        (:func:`~aeref.solver.selection.hidden.hidden_hands` then says why it cannot be asked). Raises
        :class:`InputError` for a ``previous:`` that is broken, of another Seasonal Turn than the one before, or
        whose hand and Pending Card of ``faction`` number other cards than here."""
        data = self.data
        if not any(data.awaiting_reveal(faction).values()):
            return self._selected_on_record(faction)
        if data.seasonal.previous_path is None:
            return data, []
        seen = self.previous()                    # as this viewer sees it (1.1); a broken previous: is named
        prev = seen.data if seen is not None else None
        if prev is None or prev.turn != data.turn.ahead(-1) or any(prev.awaiting_reveal(faction).values()):
            return data, []
        name = faction_name(faction)
        for m, fm in data.factions[faction].items():
            was = prev.factions.get(faction, {}).get(m)
            now_n = (fm.hand_face_down or 0) + bool(fm.pending_face_down)
            was_n = None if was is None else (was.hand_face_down or 0) + bool(was.pending_face_down)
            if was_n != now_n:
                raise InputError(Problem(data.file, f"factions.{faction}.{m}.hand-count", (
                    f"the {name} {m.upper()} hand and Pending Card hold {now_n} cards here but {was_n} in previous: "
                    f"{data.seasonal.previous}, where they were selected; nothing changes the hand between the "
                    "selection and its reveal (1.1.1 Steps 2 and 4): the files contradict each other")))
        return prev.with_interpretations(data.interpretations), [(
            f"the {name} Pending Cards await their reveal (1.1.1 Step 2): they were selected in {prev.turn}, so this "
            f"answers what the {name} faction may have selected then, from the {faction_name(self.viewer)} view of "
            f"previous: {data.seasonal.previous}")]

    def _selected_on_record(self, faction: str) -> tuple[PositionData, list[str]]:
        """1.1.1 Order of Play for a selection made face down this Seasonal Turn: when this file is of a game
        record and a reveal or a war state change came after ``faction``'s ``select`` link (a later faction's
        Step 2), the viewer's view of the file that link made (the position it selected on) and the words
        saying so; else this view."""
        data = self.data
        if not any(fm.pending_face_down for fm in data.factions[faction].values()) or not data.file or data.file == "-":
            return data, []
        found = selected_in(data.file, faction, str(data.turn))
        later = [c for c in (found[1] if found else []) if c in ("reveal", "war-state")]
        if found is None or not later:
            return data, []
        then = load(found[0]).view(self.viewer).data
        name = faction_name(faction)
        return then.with_interpretations(data.interpretations), [(
            f"the {name} faction selected its Pending Cards on {found[0].name} (1.1.1 Step 4); "
            f"{plural(len(later), 'link')} of this Seasonal Turn came after it ({', '.join(later)}), which it did "
            f"not see (1.1.1 Order of Play): this answers on the {faction_name(self.viewer)} view of {found[0].name}")]

    def possible_selections(self, faction: str, time_limit: TimeLimit = None,
                            progress: ProgressSink = None) -> PossibleSelections:
        """From this view (:meth:`view`), every Pending Card selection ``faction``, whose hand lies face
        down here, may have made or may make (1.1, 1.1.3): legal for *some* hand of its ``hand-count``
        drawn from the cards it may hold (:class:`~aeref.answers.others.HandSeen`), each with one such
        hand; 1.1.3 No Pending Card is decided over those hands. Pending Cards that await their reveal are
        asked on the viewer's view of ``previous:``, the Seasonal Turn they were selected in (``notes``
        says so). Raises :class:`InputError` when the hand is not face down here, when its Pending Cards
        await their reveal and ``previous:`` cannot be read, or when the hand-count exceeds the cards it
        may hold."""
        from .solver.selection.hidden_solve import possible_selections as _possible   # lazy: imports ortools
        from .solver.selection.hidden import hidden_interpretations                  # lazy: see select
        from .answers.others import HandSeen, PossibleSelections                    # lazy: see why
        f = self._hidden_faction(faction)
        data, notes = self._asked_on(f)
        res = _possible(data, f, budget=_budget(time_limit), progress=progress)
        return PossibleSelections(self.game, str(data.turn), f, self.viewer,
                                  tuple(HandSeen.of(h) for h in res.ctx.hands.values()),
                                  [ch for ch, _ in res.selections], [hand for _, hand in res.selections],
                                  res.complete, hidden_interpretations(data), notes)

    def check_possible(self, faction: str, selection: Optional[Selection] = None, *, tk: Optional[str] = None,
                       ds: Optional[str] = None, time_limit: TimeLimit = None) -> PossibleRuling:
        """From this view, may ``faction`` (its hand face down here) have selected ``selection`` (or the
        cards ``tk`` and ``ds``; a map left out: no card)? Possible with a hand that makes it legal, or
        impossible whatever it holds with a minimal set of rules (1.1, 1.1.3); Pending Cards awaiting their
        reveal as :meth:`possible_selections`. Raises :class:`InputError` as :meth:`possible_selections`
        and for a card the decks do not hold; :class:`Undecided` when the time limit ends the first solve."""
        from .solver.selection.choices import SolverLimitReached                       # lazy: imports ortools
        from .solver.selection.hidden_solve import possible as _possible                # lazy: imports ortools
        from .solver.selection.hidden import hidden_interpretations                     # lazy: see select
        from .answers.others import _possible_ruling                                    # lazy: see why
        f = self._hidden_faction(faction)
        sel = selection if selection is not None else Selection(tk, ds)
        if isinstance(sel, dict):                     # {"tk": ..., "ds": ...}, as a choice is written
            sel = Selection(sel.get("tk"), sel.get("ds"))
        choice = {m: self.card_id(ref, m, f) for m, ref in sel.cards().items()}
        data, notes = self._asked_on(f)
        try:
            r = _possible(data, f, choice, budget=_budget(time_limit))
        except SolverLimitReached:
            raise Undecided("the time limit ended the search before the solver decided the selection") from None
        return _possible_ruling(f, self.viewer, r, hidden_interpretations(data), notes)

    def possible_plan(self, faction: str, turns: Optional[int] = None, want: Sequence[str] = (),
                      by: Optional[str] = None, assume: Sequence[str] = (), time_limit: TimeLimit = None,
                      progress: ProgressSink = None) -> PossiblePlan:
        """From this view, ``faction``'s plan (its hand face down here) over every hand the view allows
        (1.1, 1.1.1, 1.1.3): per card it may hold the earliest Seasonal Turn it can be revealed in for some
        such hand, with that hand, its plan and the rules that stop the card the turn before in it; with
        ``want`` (cards it may hold) and ``by``, the earliest plan of any hand revealing them (by then).
        Exact: each consistent hand is planned as :meth:`plan` plans a hand. Raises :class:`InputError`
        as :meth:`possible_selections` and when more hands are consistent than are planned one by one;
        ``ValueError`` as :meth:`plan`, and for a wanted card no hand may hold."""
        from .solver.plan import hidden_plan as _hidden, planner as _plan   # lazy: imports ortools
        from .answers.others import HandSeen, PossiblePlan                 # lazy: see why
        f = self._hidden_faction(faction)
        if any(self.data.awaiting_reveal(f).values()):
            raise InputError(Problem(self.data.file, f"factions.{f}", (
                f"the {faction_name(f)} Pending Cards await their reveal (1.1.1 Step 2): a plan of its hand starts "
                "after it; plan on the file `aeref reveal` writes, or ask `pairs --as` or `check --as` what they may be")))
        want, assume = _names(want), _names(assume)
        n, last = horizon(self, turns, want, by, _plan.MAX_TURNS, _plan.default_turns(self.data.turn))
        goal = _plan.Goal(tuple(self._hidden_card(f, w) for w in want),
                          plan_turn(self, by, f"--by {by}", last) if by else None)
        assumptions = tuple(assumption(self, a, last, f) for a in assume)
        res = _hidden.plan_hidden(self.data, f, n, assumptions, goal, _budget(time_limit), progress)
        return PossiblePlan(res, tuple(HandSeen.of(h) for h in res.seen))

    def _hidden_card(self, faction: str, ref: str) -> str:
        """The card ``ref`` (``MAP:CARD``, an id or a bare number) of ``faction``, one its hidden hand may hold
        (1.1). Raises ``ValueError`` naming ``--want`` otherwise."""
        from .solver.selection.hidden import hidden_hands   # lazy: see select
        cid = card_named(self, faction, ref, "--want")
        held = [c for h in hidden_hands(self.data, faction).values() for c in h.cards]
        held += [c for _, c in self.data.returning(faction)]
        if cid not in held:
            raise ValueError(f"--want {ref}: no hand the {faction_name(faction)} faction may hold has {cid} "
                             f"(it may hold: {', '.join(held) or 'none'})")
        return str(cid)

    def why(self, faction: str, card: str, time_limit: TimeLimit = None) -> Why:
        """Why ``card`` (an id; or a bare number: the faction's card of that number on the only map
        holding one) is in no legal selection of ``faction``, or one legal selection with it, on the
        position the faction saw at its 1.1.1 Step 4 (as :meth:`legal_selections`; ``notes`` says so).
        Raises :class:`InputError` for an unknown card (or an earlier position that cannot be told) and
        :class:`Undecided` when the time limit ends the search before the answer is proved."""
        from .solver.selection.choices import SolverLimitReached, why   # lazy: imports ortools
        from .answers.why import Why   # lazy: `check` never gives it (its dataclasses cost start-up time)
        f = self.require_seen(faction)
        cid = self._why_card(f, card)
        seen, message = self._seen(f)
        try:
            ans = why(seen.data, f, cid, budget=_budget(time_limit))
        except SolverLimitReached:
            raise Undecided(f"the time limit ended the search before the solver decided whether {cid} is in a "
                            "legal selection") from None
        out = Why.of(ans, {r.key: r for r in SELECTION_RULES}, [message] if message else [])
        if message:
            out.interpretations["order-of-play"] = self.data.interpretations_in_force["order-of-play"]
        return out

    def _why_card(self, faction: str, card: str) -> str:
        maps = self.data.maps
        map_ = maps[0] if len(maps) == 1 else None
        ref = str(card).strip().lower()
        if map_ is None and "-" not in ref:
            found = [m for m in maps if f"{m}-{faction}-{ref}" in self.data.cards]
            if len(found) > 1:
                raise InputError(Problem(self.data.file, "", f"card {card} exists on both maps: write tk-{faction}-{ref} "
                                                              f"or ds-{faction}-{ref}"))
            map_ = found[0] if found else maps[0]
        return self.card_id(card, map_, faction)

    def selection_made(self, faction: str) -> Optional[dict[str, Any]]:
        """The selection ``faction`` made this turn (``{map: card or None}``: a Pending Card is
        placed, 1.1.3 "Card selection is final"), or None."""
        return selection_made(self.data, self.data.require_faction(faction))

    def completed(self, faction: str, choice: dict[str, Any]) -> dict[str, Any]:
        """``choice`` (map -> card id or None) as :meth:`check` and :meth:`select` rule on it: a slot
        left out that a partial selection made binds holds the card placed (1.1.3 "Card selection is
        final"); every other slot left out holds None."""
        return complete_choice(self.data, self.data.require_faction(faction), choice)

    def final_message(self, faction: str, made: dict[str, Any], cards: Optional[str] = None) -> str:
        """The words of 1.1.3 "Card selection is final" for the selection ``made``."""
        return final_message(self.data, faction, made, cards)

    def select(self, faction: str, selection: Optional[Selection] = None, *, tk: Optional[str] = None,
               ds: Optional[str] = None, seal: bool = False) -> Placed:
        """Select ``faction``'s Pending Cards (1.1.1 Step 4, 1.1.3): the ruling of :meth:`check` (and
        1.1.3 "Card selection is final"; made on the position the faction saw at its Step 4, 1.1.1 Order
        of Play, interpretation ``order-of-play``) and, when legal, this position with the cards placed face
        down (:meth:`Placed.write` writes it). Raises :class:`InputError` when the faction's hand is
        face down here (:meth:`require_seen`). ``seal``: the cards are sealed when written
        (:attr:`Placed.seal_for`, docs/face-down.md "Sealed Pending Cards")."""
        from .solver.option_cards.turn import select as _select   # lazy: 1.1.1 and 12 are loaded by the questions that ask them
        from .answers.turn import Placed   # lazy: see why
        choice = self._choice(self.require_seen(faction), selection, tk, ds)
        ruling, new = _select(self.data, faction, choice)
        out = Placed(_ruling(ruling), {m: choice.get(m) for m in self.data.maps},
                     Position(new) if new is not None else None, self.data.require_faction(faction) if seal else None)
        _made_by(out, {"command": "select", "faction": self.data.require_faction(faction), "turn": str(self.data.turn)})
        return out

    # -- 1.3 replacements

    def replacements(self, faction: str, map: Optional[str] = None, time_limit: TimeLimit = None,
                     progress: ProgressSink = None) -> Allocation:
        """The best way to take and place ``faction``'s replacement steps on ``map`` (1.3): the most
        steps used, then the ``prefer`` weights. When the time limit (or Ctrl-C) ends the search the
        best allocation found is returned with ``proved`` False and the proven ``bound``. Raises
        :class:`TimeLimitReached` when it runs out before any allocation exists."""
        from .solver.replacements.optimise import optimise   # lazy: imports ortools
        from .answers.replacements import Allocation, Placement, _allocation_json, _units   # lazy: see why
        f = self.data.require_faction(faction)
        _require_replacement_data(self.data, f, self._map(map))
        budget = _budget(time_limit)
        res = optimise(self.data, f, self._map(map), budget=budget, progress=progress)
        out = _allocation_json(res.ctx, res, budget, progress)      # the lost steps' re-solves share the budget
        placements = tuple(Placement(p["unit"], p["location"], tuple(p["paid-with"]), p["basis"])
                           for p in out["placements"])
        return Allocation(f, res.ctx.map, placements, out["steps-received"], out["steps-used"], res.optimal,
                          res.bound, tuple(out["lost"]), res.status, _units(res.ctx), out)

    def check_replacements(self, faction: str, allocation: Any, map: Optional[str] = None,
                           file: Optional[str] = None) -> ReplacementsRuling:
        """Rule on a proposed allocation (1.3): ``allocation`` is the path of a YAML list of
        ``{unit, location, paid-with}`` or that list itself (``file`` names it in errors). Raises
        :class:`AllocationError` (every problem) for rows that name what the position does not have."""
        from .model.files.yamlio import load_yaml_file                                # lazy: one command reads it
        from .solver.replacements import check_allocation, read_allocation      # lazy: the 1.3 rules
        from .answers.replacements import Placement, ReplacementsRuling, _units   # lazy: see why
        f = self.data.require_faction(faction)
        _require_replacement_data(self.data, f, self._map(map))
        if isinstance(allocation, (str, Path)):
            file, allocation = str(allocation), load_yaml_file(allocation, str(allocation))
        ctx, rows, problems = read_allocation(self.data, f, self._map(map), allocation, file or "allocation")
        if problems:
            raise AllocationError(problems)
        assert ctx is not None          # read_allocation makes the context whenever it reports no problem
        r = check_allocation(ctx, rows)
        placements = tuple(Placement(uid, loc, tuple(pay or ()), ctx.eligible.get(uid, {}).get(loc, ""),
                                     str(r.broken_by[uid]) if uid in r.broken_by else None)
                           for uid, loc, pay, _ in rows)
        return ReplacementsRuling(r.legal, _violations(r.violations), r.steps_received, r.steps_used, r.lost,
                                  r.eliminated, placements, _units(ctx), list(r.notes), dict(r.interpretations))

    def allocation_problems(self, faction: str, allocation: Any, map: str, file: str = "") -> tuple[int, list[Any]]:
        """The problems of a proposed allocation as :meth:`check_replacements` reads it (every unit in
        ``faction``'s Force Pool, every location on ``map``, every step written as a step), without
        ruling on it: ``allocation`` is the loaded YAML, ``file`` names it in the problems. Returns
        ``(placements, problems)``: the number of rows read and a list of :class:`Problem`."""
        from .solver.replacements import read_allocation      # lazy: the 1.3 rules trace supply on the map
        _, rows, problems = read_allocation(self.data, self.data.require_faction(faction), map, allocation, file)
        return len(rows), problems

    def _map(self, map: Optional[str]) -> str:
        try:
            return self.choose_map(map)
        except ValueError as exc:
            raise InputError(Problem(self.data.file, "", str(exc))) from None

    # -- 1.1.1 the Option Card Procedure, 12 war states, 1.1.2.1 DRMs

    def previous(self) -> Optional["Position"]:
        """The position the Pending Cards were selected in (the file's ``previous:``), or None; as this
        position's viewer sees it (1.1: everything reached from a faction's :meth:`view` is that view, never
        the previous file's hands and Pending Cards of another faction).
        Raises :class:`InputError` when that file is broken or not the Seasonal Turn before."""
        from .solver.option_cards.procedure import load_previous   # lazy: see select
        prev = load_previous(self.data, None)
        return self._as_seen(prev) if prev is not None else None

    def _as_seen(self, data: PositionData) -> "Position":
        """``data`` (a position read or made from this one) as this position's viewer sees it (1.1)."""
        viewer = self.data.viewer
        if viewer in (None, REFEREE) or data.viewer == viewer:
            return Position(data)
        return Position(_view(data, viewer))

    def reveal(self, faction: str, previous: Any = None, declare_total_war: bool = False,
               remove: Sequence[str] = (), repatriate: Optional[dict[str, Any]] = None,
               remove_cards: Sequence[str] = ()) -> RevealAnswer:
        """Reveal ``faction``'s Pending Cards (``"all"``: every faction, in the order of play): 1.1.1
        Steps 1-2 (and *5), 1.1.2.2 and the war state changes they set off (12). ``previous``: the
        position the cards were selected in (a path or a :class:`Position`; None: the file's
        ``previous:``; False: none, the Step 2 check is not made); ``declare_total_war``: an Allied
        declaration after an illegal Axis Current Card (1.1.1); ``remove``: the countries whose
        optional markers the Axis removes (12.3 Steps 3-5); ``repatriate``: ``{unit id: hex or box}``, the
        player's placement of units interned on the Pending Cards (1.1.1 Step 2, as per 1.3.4; the others
        take the best placement); ``remove_cards``: card ids the player removes where a Current Card's
        actions remove a type of card (1.1.2). A placement or removal the rules refuse is in the answer's
        ``refused`` (nothing is written). Raises ``ValueError`` for a declaration the rules do not allow, a
        unit not interned, a location not on the map, a card that may not be removed, or ``repatriate`` /
        ``remove_cards`` with ``"all"``; :class:`InputError` for a broken previous file, a reveal the file shows
        already made in this Seasonal Turn, or a Pending Card selected two or more Seasonal Turns before (1.1.3)."""
        from .solver.option_cards.procedure import load_previous, reveal as _reveal   # lazy: see select
        from .solver.option_cards.turn import reveal_all                              # lazy: see select
        from .answers.turn import RevealAnswer                           # lazy: see why
        from .solver.option_cards.due import reveal_refusal                 # lazy: see select
        revealing = list(self.data.factions) if faction.lower() == "all" else [self.data.require_faction(faction)]
        for f in revealing:
            problem = reveal_refusal(self.data, f)     # a reveal already made, or one skipped (1.1.1, 1.1.3)
            if problem is not None:
                raise InputError(problem)
            self._require_pending_seen(f)
            self._check_seals(f, previous)
        opened = [{"faction": f, "map": m, "card": fm.pending, "nonce": fm.nonce, "seal": fm.sealed,
                   "sealed-in": fm.sealed_in}            # published: every player checks the seal (docs/face-down.md)
                  for f in revealing for m, fm in self.data.factions[f].items() if fm.sealed and fm.pending]
        prev: Optional[PositionData]
        if isinstance(previous, Position):
            prev = previous.data
        else:
            prev = None if previous is False else load_previous(self.data, previous)
        if prev is not None:
            prev = self._previous_hands(prev, faction)
        if faction.lower() == "all":
            if repatriate or remove_cards:
                raise ValueError(f"{'--repatriate' if repatriate else '--remove-card'}: name the faction whose "
                                 "Pending Cards are revealed (--faction, not all)")
            res: Any = reveal_all(self.data, prev, declare_total_war, tuple(remove), self._selected_on(prev, "all"))
            reveals = res.reveals
        else:
            f = self.data.require_faction(faction)
            res = _reveal(self.data, f, prev, declare_total_war, tuple(remove), dict(repatriate or {}),
                          tuple(remove_cards), selected_on=self._selected_on(prev, f).get(f))
            reveals = [res]
        for r in reveals:               # a revealed card is face up: its seal is spent (docs/face-down.md)
            sections = res.position.factions.get(r.faction, {})
            for m, fm in list(sections.items()):
                if fm.pending is None and (fm.sealed or fm.nonce):
                    sections[m] = copy.copy(fm)
                    sections[m].sealed = sections[m].nonce = sections[m].sealed_in = None
        refused = [v for r in reveals for v in r.refused]
        choices = [e for r in reveals for e in r.open_choices]
        out = RevealAnswer(reveals, res.illegal, Position(res.position), res.as_json(), refused, choices)
        _made_by(out, {"command": "reveal", "faction": faction.lower(), "turn": str(self.data.turn),
                       "declare-total-war": declare_total_war, "remove": list(remove),
                       "repatriate": dict(repatriate or {}), "remove-cards": list(remove_cards)}, opened)
        return out

    def _selected_on(self, prev: Optional[PositionData], faction: str) -> dict[str, Any]:
        """1.1.1 Step 2 checks a card "at the time it was selected": the position each revealing faction saw at
        its Step 4 in ``prev``'s Seasonal Turn (:func:`~aeref.solver.option_cards.turn.position_seen`: before
        the later factions' reveals of that turn, under ``order-of-play``, and its own 1.1.2.2
        Reinforcements), by faction; a faction whose position cannot be told there is checked on ``prev``."""
        if prev is None:
            return {}
        from .solver.option_cards.turn import position_seen   # lazy: see select
        order = self.data.interpretations_in_force["order-of-play"]     # the reveal's reading (-i) rules the check
        prev = prev.with_interpretations({"order-of-play": order})
        out = {}
        for f in (self.data.factions if faction == "all" else [faction]):
            if f in prev.factions:
                seen = position_seen(prev, f).position
                out[f] = seen if seen is not None else prev
        return out

    def war_state_change(self, map: Optional[str] = None, card: Optional[str] = None, to: Optional[str] = None,
                         remove: Sequence[str] = ()) -> WarStateAnswer:
        """The war state of ``map`` (12) and what changes it: an Allied Country with a Posture of War,
        the ``card`` being revealed (its ``starts:``; an id) or ``to`` (a war state going into
        effect), with the effects of 12.2 or the steps of 12.3. A change back to an earlier war
        state is illegal (12: no going back). Raises ``ValueError`` for a ``remove`` the rules refuse."""
        from .answers.turn import WarStateAnswer   # lazy: see why
        from .solver import war_state as _ws   # lazy: see select
        m = self._map(map)
        c = self.data.cards[self.card_id(card, m)] if card is not None else None
        triggers = list(_ws.triggers(self.data, m, c))
        due, spent = _ws.due(self.data, m, c)
        if to is not None:
            due.insert(0, (WarState.of(to).value, "--to: it goes into effect"))
            triggers = [due[0]] + triggers
        legal, violation, ch = self._change(m, due, spent, tuple(remove))
        now = self.data.war_state[m]
        new = Position(_ws.apply(self.data, ch)) if legal else self
        out = WarStateAnswer(m, str(self.data.turn), now, legal, triggers, ch, violation,
                             _ws.missing_facts(self.data, m), new)
        _made_by(out, {"command": "war-state", "map": m, "turn": str(self.data.turn),
                       "card": c.id if c is not None else None, "to": to, "remove": list(remove)})
        return out

    def _change(self, m: str, due: list[Any], spent: list[Any], remove: tuple[Any, ...]) -> tuple[bool, Optional[dict[str, Any]], Any]:
        from .solver import war_state as _ws   # lazy: see select
        now = self.data.war_state[m]
        if due:
            new, cause = due[0]
            try:
                return True, None, _ws.change(self.data, m, new, cause, remove)
            except _ws.Backwards as exc:
                return False, exc.violation.as_json(), _ws.Change(m, now, now, "no change")
        if spent:
            return True, None, _ws.Change(m, now, now, "; ".join(
                f"{why}, which starts {s.display} only while an earlier War State is in effect" for s, why in spent))
        return True, None, _ws.Change(m, now, now, "nothing sets off a change")

    def drm(self, map: Optional[str] = None, tables: Sequence[str] = (), country: Optional[str] = None,
            segment: str = "option-card") -> DrmAnswer:
        """The Political DRM (1.1.2.1) of a roll on each of ``tables`` (default: the Current Card
        table), term by term, with ``country`` selected for the event. Raises ``ValueError`` for an
        empty table name or a ``segment`` not in :data:`SEGMENTS`."""
        from .answers.turn import DrmAnswer   # lazy: see why
        m = self._map(map)
        if segment not in SEGMENTS:
            raise ValueError(f"segment {segment!r}: one of {', '.join(SEGMENTS)}")
        for t in tables:
            if not _drm.table_key(t).strip("-"):
                raise ValueError(f"table {t!r}: name the table rolled on (current-card, diplomatic-incident, "
                                 "international-crisis or another table's name)")
        keys = [_drm.table_key(t) for t in tables] or ["current-card"]
        return DrmAnswer(m, segment, tuple(_drm.political_drm(self.data, m, k, country, segment) for k in keys))

    # -- 1.2 the Logistics / Partisan Segment

    def logistics(self, faction: str, map: Optional[str] = None) -> LogisticsActions:
        """Every single legal action of ``faction``'s Logistics / Partisan Segment on ``map`` (1.2)."""
        from .solver.logistics import legal_actions      # lazy: the 1.2 rules trace supply on the map
        from .answers.logistics import LogisticsActions   # lazy: see why
        f = self.data.require_faction(faction)
        m = self._map(map)
        ctx, legal = legal_actions(self.data, f, m)
        return LogisticsActions(f, m, legal, ctx)

    def check_logistics(self, faction: str, map: Optional[str] = None, place_logistics: Sequence[tuple[Any, ...]] = (),
                        remove_logistics: Sequence[tuple[Any, ...]] = (), place_partisan: Sequence[str] = (),
                        remove_partisan: Sequence[str] = ()) -> LogisticsRuling:
        """Rule on a proposed set of Logistics / Partisan Segment actions (1.2): Logistics markers
        placed (``(name, hex)``) and removed (``(name, hex or None)``), Partisan Bases placed and
        removed (hex ids). Marker names are matched without regard to case."""
        from .solver.logistics import make_context as logistics_context, rule_on  # lazy: supply on the map
        from .answers.logistics import LogisticsRuling   # lazy: see why
        f = self.data.require_faction(faction)
        m = self._map(map)
        ctx = logistics_context(self.data, f, m)
        actions: list[tuple[Any, ...]] = []
        for n, h in place_logistics:
            n = next((x for x in ctx.pool_logistics if x.casefold() == n.casefold()), n)
            actions.append(("place-logistics", n, h))
        for n, h in remove_logistics:
            found = [(x, hh) for x, hh in ctx.on_map_logistics if x.casefold() == n.casefold() and (h is None or hh == h)]
            actions.append(("remove-logistics",) + (found[0] if found else (n, h)))   # hex None: not on the map
        actions += [("place-partisan", str(h)) for h in place_partisan]
        actions += [("remove-partisan", str(h)) for h in remove_partisan]
        ctx, vs = rule_on(self.data, f, m, actions)
        return LogisticsRuling(not vs, _violations(vs), actions, ctx)

    # -- the next Seasonal Turn

    def next_turn(self, viewer: Optional[str] = None) -> NextTurn:
        """The next Seasonal Turn's position, ready for the reveal (1.1.1): the turn advanced by one,
        the Pending Cards carried (:meth:`NextTurn.write` writes it, naming this turn's file as
        ``previous:``). Raises :class:`InputError` while Pending Cards of an earlier turn await their reveal
        (1.1.1 Step 2: reveal first) or a faction has not made its Step 4 selection (1.1.3: a faction with no
        card to select says so, :meth:`select` with no card). With ``viewer`` (a faction), the answer's ``pending`` is as that faction sees it:
        another faction's Pending Card is ``"face-down"`` (1.1); the position written is the whole one.
        Raises ``ValueError`` for a viewer that is neither a faction nor ``referee``."""
        from .solver.option_cards.turn import next_turn as _next_turn   # lazy: see select
        from .answers.turn import NextTurn   # lazy: see why
        from .solver.option_cards.due import next_turn_refusal   # lazy: see select
        problem = next_turn_refusal(self.data)   # a reveal not made, or a Step 4 selection not made (1.1.1, 1.1.3)
        if problem is not None:
            raise InputError(problem)
        hidden = set() if viewer is None else self.hidden_cards(viewer)
        res = _next_turn(self.data)
        pending = {f: {m: "face-down" if c in hidden else c for m, c in by_map.items()}   # the viewer's view (1.1)
                   for f, by_map in res.pending.items()}
        out = NextTurn(str(self.data.turn), Position(res.position), pending, list(res.notes))
        _made_by(out, {"command": "next-turn", "turn": str(self.data.turn)})
        return out

    # -- planning ahead

    def plan(self, faction: str, turns: Optional[int] = None, want: Sequence[str] = (), by: Optional[str] = None,
             avoid: Sequence[str] = (), count: bool = False, assume: Sequence[str] = (),
             time_limit: TimeLimit = None, progress: ProgressSink = None) -> Plan:
        """``faction``'s Pending Cards over the next ``turns`` Seasonal Turns (default: to the end of the
        next calendar year), planned by the selection rules of 1.1.3 on each turn's position and the
        Option Card Procedure between turns (1.1.1, 12, with what the faction's own reveals set off: 12.2, 12.3,
        1.1.2.2; the first turn ruled on the position seen at Step 4, 1.1.1 Order of Play): every hand card's
        earliest turn with a plan and the rules that stop it the turn before (a card that never comes: the rules
        that stop it in every turn); with ``want`` (cards ``MAP:CARD``, ids or bare numbers),
        ``by`` (a Seasonal Turn) and ``avoid`` the earliest plan reaching that goal or a minimal set of
        wanted cards that cannot all come; ``count`` the distinct plans; ``assume``:
        ``[MAP:]war-state=STATE@TURN`` and ``played=CARD@TURN`` (another faction's card revealed in that
        turn, read by the Selection Requirements, 1.1.3.1) items. Every plan is re-checked turn by turn.

        Raises ``ValueError`` naming the option and value for a horizon of 0 or more than 40 turns, a
        wanted or avoided card not in the hand, ``by`` without ``want``, a turn outside the horizon, an unknown map, war state or
        assumption, or a war state going back; :class:`InputError` for a faction not in the position or
        whose hand is face down in this view (1.1, :meth:`require_seen`).
        """
        from .solver.plan import planner as _plan   # lazy: see select
        from .answers.plan import Plan   # lazy: see why
        f = self.require_seen(faction)     # a plan needs the hand (1.1: face down in another faction's view)
        n, last = horizon(self, turns, want, by, _plan.MAX_TURNS, _plan.default_turns(self.data.turn))
        goal = _plan.Goal(tuple(plan_card(self, f, w, "--want") for w in want),
                          plan_turn(self, by, f"--by {by}", last) if by else None,
                          tuple(plan_card(self, f, a, "--avoid") for a in avoid))
        assumptions = tuple(assumption(self, a, last, f) for a in assume)
        res = _plan.plan(self.data, f, n, assumptions, goal, count, _budget(time_limit), progress)
        return Plan(res)
