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

from pathlib import Path
from typing import Any, Mapping, Optional, Sequence, Union

from .model.cards import parse_card_ref
from .model.errors import InputError, Problem
from .model.interpretations import check_value
from .model.names import norm_key
from .model.position import Position as PositionData, load_position
from .model.vocabulary import FACTIONS, MAPS, WAR_STATES, Faction, Map, WarState
from .model.wording import unknown_card
from .solver import drm as _drm
from .solver import war_state as _ws
from .solver.constraints import Rule
from .solver.limits import DEFAULT_TIME_LIMIT, Budget, Progress, ProgressSink, TimeLimitReached
from .solver.procedure import load_previous
from .solver.selection import RULES as SELECTION_RULES
from .solver.selection import evaluator, final_message, interpretations_used, make_context, selection_made
from .solver.turn import next_turn as _next_turn, reveal_all, select as _select
from .solver.procedure import reveal as _reveal
from .answers import (
    Allocation, AllocationError, Count, DrmAnswer, LegalSelections, LogisticsActions,
    LogisticsRuling, NextTurn, Placed, Placement, ReplacementsRuling, RevealAnswer,
    Ruling, Selection, TimeLimit, Undecided, Violation, WarStateAnswer,
    Why, _allocation_json, _broken, _budget, _ruling, _units,
    _violations,
)

__all__ = [
    "Allocation", "Budget", "Count", "DEFAULT_TIME_LIMIT", "DrmAnswer", "FACTIONS", "Faction", "InputError",
    "AllocationError", "LegalSelections", "LogisticsActions", "LogisticsRuling", "MAPS", "Map", "NextTurn", "Placed",
    "Placement", "Position", "Progress", "ReplacementsRuling", "RevealAnswer", "Rule", "Ruling", "SEGMENTS",
    "Selection", "TimeLimit", "TimeLimitReached", "Undecided", "Violation", "WAR_STATES", "WarState",
    "WarStateAnswer", "Why", "load",
]

#: The Segments of a Political DRM roll (1.1.2.1): Political DRMs apply only in the first two.
SEGMENTS: tuple[str, ...] = _drm.SEGMENTS


# ----------------------------------------------------------------------------- the position

def load(path: Union[str, Path], interpretations: Optional[Mapping[str, Any]] = None,
         war_state_due: bool = False) -> "Position":
    """The position of the state file at ``path`` (``-``: read from standard input, its decks
    then relative to the working directory), with its decks.

    ``interpretations`` overrides the file's (``{"annual-scope": "map"}``); ``war_state_due``:
    the file may await a war state change of 12 (as ``aeref war-state`` allows). Raises
    :class:`InputError` for a file that is missing or broken or contradicts itself, and
    ``ValueError`` for an unknown interpretation or value.
    """
    overrides = {}
    for name, value in (interpretations or {}).items():
        overrides[norm_key(name)] = check_value(norm_key(name), value)
    data = load_position(path, war_state_due)
    return Position(data.with_interpretations(overrides) if overrides else data)


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

    ``data`` is the position as plain data (:class:`aeref.model.position.Position`); ``file``,
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
    cards = property(lambda self: self.data.cards, doc="Every card of the decks, by id.")
    war_state = property(lambda self: dict(self.data.war_state), doc="The war state in effect, by map.")

    def hand(self, faction: str, map: str) -> list[str]:
        """The card ids of ``faction``'s hand on ``map``."""
        return list(self.data.hand(self.data.require_faction(faction), map))

    def choose_map(self, map: Optional[str]) -> str:
        """``map``, or the only map of a TK or DS game. Raises ``ValueError`` for a map not in play
        and for None in AE."""
        if map is None:
            if len(self.data.maps) > 1:
                raise ValueError(f"game {self.data.game} has two maps: give the map, tk or ds")
            return self.data.maps[0]
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

    def _choice(self, faction: str, selection: Optional[Selection], tk: Optional[str], ds: Optional[str]) -> dict:
        sel = selection if selection is not None else Selection(tk, ds)
        f = self.data.require_faction(faction)
        out = {}
        for m, ref in sel.cards().items():
            if m not in self.data.maps:
                raise InputError(Problem(self.data.file, m, f"game {self.data.game} has no {m.upper()} map"))
            out[m] = self.card_id(ref, m, f)
        return out

    def legal_selections(self, faction: str, time_limit: TimeLimit = None,
                         progress: ProgressSink = None) -> LegalSelections:
        """Every legal Pending Card selection of ``faction`` this turn (1.1.3), as a view
        (:class:`LegalSelections`): nothing is solved until asked."""
        return LegalSelections(self, faction, time_limit, progress)

    def check(self, faction: str, selection: Optional[Selection] = None, *, tk: Optional[str] = None,
              ds: Optional[str] = None) -> Ruling:
        """Rule on one proposed selection (1.1.3): ``selection``, or the cards ``tk`` and ``ds`` (ids
        or bare numbers; a map left out: no card). By direct evaluation, no solver. Raises
        :class:`InputError` for a card the decks do not hold."""
        choice = self._choice(faction, selection, tk, ds)
        full = {m: choice.get(m) for m in self.data.maps}
        ctx = make_context(self.data, faction, {m: [v] for m, v in full.items() if v})
        vs = _broken(evaluator(ctx).broken(full))
        return Ruling(not vs, vs, interpretations_used(self.data))

    def why(self, faction: str, card: str, time_limit: TimeLimit = None) -> Why:
        """Why ``card`` (an id; or a bare number: the faction's card of that number on the only map
        holding one) is in no legal selection of ``faction``, or one legal selection with it.
        Raises :class:`InputError` for an unknown card and :class:`Undecided` when the time limit
        ends the search before the answer is proved."""
        from .solver.choices import SolverLimitReached, why   # lazy: imports ortools
        f = self.data.require_faction(faction)
        cid = self._why_card(f, card)
        try:
            ans = why(self.data, f, cid, budget=_budget(time_limit))
        except SolverLimitReached:
            raise Undecided(f"the time limit ended the search before the solver decided whether {cid} is in a "
                            "legal selection") from None
        return Why.of(ans, {r.key: r for r in SELECTION_RULES})

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

    def selection_made(self, faction: str) -> Optional[dict]:
        """The selection ``faction`` made this turn (``{map: card or None}``: a Pending Card is
        placed, 1.1.3 "Card selection is final"), or None."""
        return selection_made(self.data, self.data.require_faction(faction))

    def final_message(self, faction: str, made: dict, cards: Optional[str] = None) -> str:
        """The words of 1.1.3 "Card selection is final" for the selection ``made``."""
        return final_message(self.data, faction, made, cards)

    def select(self, faction: str, selection: Optional[Selection] = None, *, tk: Optional[str] = None,
               ds: Optional[str] = None) -> Placed:
        """Select ``faction``'s Pending Cards (1.1.1 Step 4, 1.1.3): the ruling of :meth:`check` (and
        1.1.3 "Card selection is final") and, when legal, the position with the cards placed face
        down (:meth:`Placed.write` writes it)."""
        choice = self._choice(faction, selection, tk, ds)
        ruling, new = _select(self.data, faction, choice)
        return Placed(_ruling(ruling), {m: choice.get(m) for m in self.data.maps},
                      Position(new) if new is not None else None)

    # -- 1.3 replacements

    def replacements(self, faction: str, map: Optional[str] = None, time_limit: TimeLimit = None,
                     progress: ProgressSink = None) -> Allocation:
        """The best way to take and place ``faction``'s replacement steps on ``map`` (1.3): the most
        steps used, then the ``prefer`` weights. When the time limit (or Ctrl-C) ends the search the
        best allocation found is returned with ``proved`` False and the proven ``bound``. Raises
        :class:`TimeLimitReached` when it runs out before any allocation exists."""
        from .solver.replacements.optimise import optimise   # lazy: imports ortools
        f = self.data.require_faction(faction)
        _require_replacement_data(self.data, f, self._map(map))
        res = optimise(self.data, f, self._map(map), budget=_budget(time_limit), progress=progress)
        out = _allocation_json(res.ctx, res)
        placements = tuple(Placement(p["unit"], p["location"], tuple(p["paid-with"]), p["basis"])
                           for p in out["placements"])
        return Allocation(f, res.ctx.map, placements, out["steps-received"], out["steps-used"], res.optimal,
                          res.bound, tuple(out["lost"]), res.status, _units(res.ctx), out)

    def check_replacements(self, faction: str, allocation: Any, map: Optional[str] = None,
                           file: Optional[str] = None) -> ReplacementsRuling:
        """Rule on a proposed allocation (1.3): ``allocation`` is the path of a YAML list of
        ``{unit, location, paid-with}`` or that list itself (``file`` names it in errors). Raises
        :class:`AllocationError` (every problem) for rows that name what the position does not have."""
        from .model.yamlio import load_yaml_file                                # lazy: one command reads it
        from .solver.replacements import check_allocation, read_allocation      # lazy: the 1.3 rules
        f = self.data.require_faction(faction)
        _require_replacement_data(self.data, f, self._map(map))
        if isinstance(allocation, (str, Path)):
            file, allocation = str(allocation), load_yaml_file(allocation, str(allocation))
        ctx, rows, problems = read_allocation(self.data, f, self._map(map), allocation, file or "allocation")
        if problems:
            raise AllocationError(problems)
        r = check_allocation(ctx, rows)
        placements = tuple(Placement(uid, loc, tuple(pay or ()), ctx.eligible.get(uid, {}).get(loc, ""),
                                     str(r.broken_by[uid]) if uid in r.broken_by else None)
                           for uid, loc, pay, _ in rows)
        return ReplacementsRuling(r.legal, _violations(r.violations), r.steps_received, r.steps_used, r.lost,
                                  r.eliminated, placements, _units(ctx), list(r.notes), dict(r.interpretations))

    def allocation_problems(self, faction: str, allocation: Any, map: str, file: str = "") -> tuple[int, list]:
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
        """The position the Pending Cards were selected in (the file's ``previous:``), or None.
        Raises :class:`InputError` when that file is broken or not the Seasonal Turn before."""
        prev = load_previous(self.data, None)
        return Position(prev) if prev is not None else None

    def reveal(self, faction: str, previous: Any = None, declare_total_war: bool = False,
               remove: Sequence[str] = ()) -> RevealAnswer:
        """Reveal ``faction``'s Pending Cards (``"all"``: every faction, in the order of play): 1.1.1
        Steps 1-2 (and *5), 1.1.2.2 and the war state changes they set off (12). ``previous``: the
        position the cards were selected in (a path or a :class:`Position`; None: the file's
        ``previous:``; False: none, the Step 2 check is not made); ``declare_total_war``: an Allied
        declaration after an illegal Axis Current Card (1.1.1); ``remove``: the countries whose
        optional markers the Axis removes (12.3 Steps 3-5). Raises ``ValueError`` for a
        declaration the rules do not allow and :class:`InputError` for a broken previous file."""
        if isinstance(previous, Position):
            prev = previous.data
        else:
            prev = None if previous is False else load_previous(self.data, previous)
        if faction.lower() == "all":
            res = reveal_all(self.data, prev, declare_total_war, tuple(remove))
            reveals = res.reveals
        else:
            res = _reveal(self.data, self.data.require_faction(faction), prev, declare_total_war, tuple(remove))
            reveals = [res]
        return RevealAnswer(reveals, res.illegal, Position(res.position), res.as_json())

    def war_state_change(self, map: Optional[str] = None, card: Optional[str] = None, to: Optional[str] = None,
                         remove: Sequence[str] = ()) -> WarStateAnswer:
        """The war state of ``map`` (12) and what changes it: an Allied Country with a Posture of War,
        the ``card`` being revealed (its ``starts:``; an id) or ``to`` (a war state going into
        effect), with the effects of 12.2 or the steps of 12.3. A change back to an earlier war
        state is illegal (12: no going back). Raises ``ValueError`` for a ``remove`` the rules refuse."""
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
        return WarStateAnswer(m, str(self.data.turn), now, legal, triggers, ch, violation,
                              _ws.missing_facts(self.data, m), new)

    def _change(self, m: str, due: list, spent: list, remove: tuple) -> tuple[bool, Optional[dict], Any]:
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
        f = self.data.require_faction(faction)
        m = self._map(map)
        ctx, legal = legal_actions(self.data, f, m)
        return LogisticsActions(f, m, legal, ctx)

    def check_logistics(self, faction: str, map: Optional[str] = None, place_logistics: Sequence[tuple] = (),
                        remove_logistics: Sequence[tuple] = (), place_partisan: Sequence[str] = (),
                        remove_partisan: Sequence[str] = ()) -> LogisticsRuling:
        """Rule on a proposed set of Logistics / Partisan Segment actions (1.2): Logistics markers
        placed (``(name, hex)``) and removed (``(name, hex or None)``), Partisan Bases placed and
        removed (hex ids). Marker names are matched without regard to case."""
        from .solver.logistics import make_context as logistics_context, rule_on  # lazy: supply on the map
        f = self.data.require_faction(faction)
        m = self._map(map)
        ctx = logistics_context(self.data, f, m)
        actions = []
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

    def next_turn(self) -> NextTurn:
        """The next Seasonal Turn's position, ready for the reveal (1.1.1): the turn advanced by one,
        the Pending Cards carried (:meth:`NextTurn.write` writes it, naming this turn's file as
        ``previous:``)."""
        res = _next_turn(self.data)
        return NextTurn(str(self.data.turn), Position(res.position), res.pending, res.notes)
