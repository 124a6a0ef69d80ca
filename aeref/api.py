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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional, Sequence, Union

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
from .solver.selection import evaluator, final_message, interpretations_used, make_context, post, selection_made
from .solver.turn import next_turn as _next_turn, reveal_all, select as _select
from .solver.procedure import reveal as _reveal

__all__ = [
    "Allocation", "Budget", "Count", "DEFAULT_TIME_LIMIT", "DrmAnswer", "FACTIONS", "Faction", "InputError",
    "AllocationError", "LegalSelections", "LogisticsActions", "LogisticsRuling", "MAPS", "Map", "NextTurn", "Placed",
    "Placement", "Position", "Progress", "ReplacementsRuling", "RevealAnswer", "Rule", "Ruling", "SEGMENTS",
    "Selection", "TimeLimit", "TimeLimitReached", "Undecided", "Violation", "WAR_STATES", "WarState",
    "WarStateAnswer", "Why", "load",
]

#: ``time_limit``: seconds (None or 0: no limit), or a :class:`Budget` shared by several calls.
TimeLimit = Union[float, int, None, Budget]
#: The Segments of a Political DRM roll (1.1.2.1): Political DRMs apply only in the first two.
SEGMENTS: tuple[str, ...] = _drm.SEGMENTS


class Undecided(TimeLimitReached):
    """The time limit (or Ctrl-C) ended the search before the question was decided."""


class AllocationError(InputError):
    """A proposed allocation file names units, locations or steps the position does not have."""


def _budget(time_limit: TimeLimit) -> Budget:
    """The :class:`Budget` of ``time_limit`` (seconds; None or 0: no limit; or a Budget, shared)."""
    if isinstance(time_limit, Budget):
        return time_limit
    return Budget(float(time_limit) if time_limit else None)


# ----------------------------------------------------------------------------- rules and violations

@dataclass(frozen=True)
class Violation:
    """A broken rule in a ruling: ``rule`` (the :class:`Rule` itself: ``.number`` as printed,
    ``.title``), ``message``, which says why with the concrete values of the position, and
    ``values``: the ``(slot, value)`` pairs of the choice that together break it (in a
    selection ruling ``("tk", "tk-soviet-38")``; empty where the ruling does not say)."""

    rule: Rule
    message: str
    values: tuple = ()

    @classmethod
    def of(cls, v: Any) -> "Violation":
        """The violation of a rules module's ruling (its registered ``rule``, the ``title`` of the
        part broken, ``message``): ``rule`` becomes the registered row of that rule with that title."""
        row = next((r for r in getattr(v.rule, "rows", ()) if r.title == v.title), None)
        return cls(row if row is not None else Rule(v.rule, v.title), v.message)

    def as_json(self) -> dict:
        """``{"rule", "title", "message"}`` (FORMAT 5)."""
        return {"rule": self.rule.number, "title": self.rule.title, "message": self.message}

    def __str__(self) -> str:
        return f"{self.rule.number} {self.rule.title}: {self.message}"


def _violations(vs: Sequence[Any]) -> tuple[Violation, ...]:
    return tuple(Violation.of(v) for v in vs)


def _broken(broken: Sequence[Any]) -> tuple[Violation, ...]:
    """The violations of the evaluator's broken constraints, each once (as ``Evaluator.violations``),
    with the constraint's own rule and the literals that held."""
    out, seen = [], set()
    for b in broken:
        if b.violation not in seen:
            seen.add(b.violation)
            out.append(Violation(b.rule, b.message, tuple((lit[0], lit[1]) for lit in b.held)))
    return tuple(out)


@dataclass(frozen=True)
class Ruling:
    """A ruling on one proposed Pending Card selection (1.1.3): ``legal``, every
    :class:`Violation` in rule order, and the ``interpretations`` it read."""

    legal: bool
    violations: tuple[Violation, ...]
    interpretations: dict

    def as_json(self) -> dict:
        """The JSON of ``aeref check``."""
        return {"legal": self.legal, "violations": [v.as_json() for v in self.violations],
                "interpretations": self.interpretations}


def _ruling(r: Any) -> Ruling:
    return Ruling(r.legal, _violations(r.violations), dict(r.interpretations))


# ----------------------------------------------------------------------------- selections

@dataclass(frozen=True)
class Selection:
    """A Pending Card selection: the card for each map (a card id such as ``tk-soviet-38``, or
    its bare number ``38`` for the faction asked about), None for no card."""

    tk: Optional[str] = None
    ds: Optional[str] = None

    @classmethod
    def of(cls, choice: Mapping[str, Optional[str]]) -> "Selection":
        """The selection of a mapping ``{map: card id or None}``."""
        return cls(**{m: choice.get(m) for m in MAPS})

    def cards(self) -> dict:
        """``{map: card}`` for the maps with a card."""
        return {m: getattr(self, m) for m in MAPS if getattr(self, m) is not None}


@dataclass(frozen=True)
class Count:
    """How many legal selections there are: ``number``, and ``complete`` (False: the time limit
    ended the enumeration first and ``number`` is those found)."""

    number: int
    complete: bool

    def __int__(self) -> int:
        return self.number


@dataclass(frozen=True)
class Why:
    """Why a ``card`` (on ``map``) is in no legal selection, or one legal selection with it:
    ``legal`` and ``example``, or the ``violations`` of the minimal set of ``rules`` that exclude
    it; ``complete`` False when the time limit ended the narrowing (fewer rules may do)."""

    card: str
    map: str
    legal: bool
    example: Optional[dict]
    violations: tuple[Violation, ...]
    rules: tuple[Rule, ...]
    complete: bool
    interpretations: dict

    @classmethod
    def of(cls, ans: Any, rules: Mapping[str, Rule]) -> "Why":
        keyed = tuple(rules[k] if k in rules else Rule(*k.split(" ", 1)) for k in ans.rules)
        return cls(ans.card, ans.slot, ans.legal, ans.example, _violations(ans.violations), keyed, ans.complete,
                   dict(ans.interpretations))

    @property
    def message(self) -> str:
        """The reason the card is in no legal selection, in one line (``pairs``' words)."""
        if not self.rules:
            return "the time limit ran out before the rules that exclude it were found (ask aeref why)"
        text = "; ".join(str(v) for v in self.violations)
        if not self.complete:
            text += " (the time limit ran out while the rules were narrowed down: fewer of them may do)"
        return text

    def as_json(self) -> dict:
        """The JSON of ``aeref why``."""
        out: dict = {"card": self.card, "legal": self.legal}
        if self.legal:
            out["example"] = self.example
        out["violations"] = [v.as_json() for v in self.violations]
        out["interpretations"] = self.interpretations
        out["complete"] = self.complete
        return out

    def excluded_json(self) -> dict:
        """The entry of ``pairs --json`` ``excluded``: the card, its rules and :attr:`message`."""
        return {"card": self.card, "rules": [{"rule": r.number, "title": r.title} for r in self.rules],
                "message": self.message}


class LegalSelections:
    """Every legal Pending Card selection of one faction this turn (1.1.3): a view, nothing is
    solved until asked.

    ``selection in legal`` rules on one selection by direct evaluation (no solver, no ortools);
    iterating (:class:`Selection` s in FORMAT 5 order), :meth:`count`, :attr:`choices`,
    :meth:`excluded` and :meth:`as_json` enumerate once by CP-SAT, within ``time_limit``;
    :meth:`why` explains one card. ``progress`` receives the reports of long solves.
    """

    def __init__(self, position: "Position", faction: str, time_limit: TimeLimit = None,
                 progress: ProgressSink = None):
        self.position = position
        self.faction = position.data.require_faction(faction)
        self.budget = _budget(time_limit)
        self.progress = progress
        self._ctx = make_context(position.data, self.faction)
        self._constraints = post(SELECTION_RULES, self._ctx)
        self._found: Optional[tuple[list, bool]] = None
        self._excluded: Optional[list] = None

    def __contains__(self, selection: object) -> bool:
        if not isinstance(selection, Selection):
            return False
        try:
            return self.position.check(self.faction, selection).legal
        except InputError:                 # a card the decks do not hold is in no selection
            return False

    def _enumerate(self) -> tuple[list, bool]:
        if self._found is None:
            from .solver.choices import enumerate_choices   # lazy: imports ortools
            self._found = enumerate_choices(self.position.data, self.faction, budget=self.budget,
                                            progress=self.progress, ctx=self._ctx, constraints=self._constraints)
        return self._found

    @property
    def choices(self) -> list[dict]:
        """Every legal selection as ``{map: card id or None}`` for each map in play, in FORMAT 5 order."""
        return self._enumerate()[0]

    @property
    def complete(self) -> bool:
        """False when the time limit (or Ctrl-C) ended the enumeration before every selection was found."""
        return self._enumerate()[1]

    def __iter__(self) -> Iterator[Selection]:
        return (Selection.of(ch) for ch in self.choices)

    def count(self) -> Count:
        """How many legal selections there are (:class:`Count`: the number and whether it is complete)."""
        return Count(len(self.choices), self.complete)

    @property
    def nothing_only(self) -> bool:
        """True when the enumeration is complete and no card can be selected (1.1.3: say so)."""
        return self.complete and all(all(v is None for v in ch.values()) for ch in self.choices)

    @property
    def rules(self) -> dict[str, Rule]:
        """The rules posted for this selection, by ``Rule.key``."""
        return {c.rule.key: c.rule for c in self._constraints}

    def excluded(self) -> list[Why]:
        """Each hand card in no legal selection with the minimal rules that exclude it (empty while
        the enumeration is not complete), in map order then hand order."""
        if self._excluded is None:
            from .solver.choices import excluded_cards      # lazy: imports ortools
            found = excluded_cards(self._ctx, self._constraints, self.choices, self.budget) if self.complete else []
            self._excluded = [Why.of(a, self.rules) for a in found]
        return self._excluded

    def why(self, card: str) -> Why:
        """Why ``card`` (an id, or a bare number) is in no legal selection, or one legal selection with it.
        Raises :class:`InputError` for a card the decks do not hold and :class:`Undecided` when the time
        limit ends the search before it is decided."""
        return self.position.why(self.faction, card, self.budget)

    @property
    def selection_made(self) -> Optional[dict]:
        """The selection already made this turn (1.1.3 "Card selection is final"), or None."""
        return selection_made(self.position.data, self.faction)

    def as_json(self) -> dict:
        """The JSON of ``aeref pairs``."""
        pos = self.position.data
        out = {"game": pos.game, "turn": str(pos.turn), "faction": self.faction, "choices": self.choices,
               "count": len(self.choices)}
        if self.selection_made is not None:
            out["selection-made"] = self.selection_made
        out["complete"] = self.complete
        out["interpretations"] = interpretations_used(pos)
        out["excluded"] = [a.excluded_json() for a in self.excluded()]
        return out


# ----------------------------------------------------------------------------- replacements (1.3)

@dataclass(frozen=True)
class Placement:
    """One unit taken and placed: ``unit`` id, ``location``, the steps it is ``paid_with``, the
    ``basis`` of the Replacement Location (1.3.4) and, in a ruling, the rule it ``broken`` (or None)."""

    unit: str
    location: str
    paid_with: tuple
    basis: str
    broken: Optional[str] = None


def _units(ctx: Any) -> tuple[dict, ...]:
    """The Force Pool units of a Segment: ``{"id", "text", "locations"}`` (their Replacement Locations)."""
    return tuple({"id": uid, "text": ctx.describe(u), "locations": sorted(ctx.eligible.get(uid, {}))}
                 for uid, u in ctx.units.items() if uid in ctx.force_pool)


@dataclass
class Allocation:
    """The best allocation of one faction's replacement steps on one map (1.3): ``placements``,
    ``steps_received``, ``steps_used``, ``proved`` (every stage of the optimisation proved its
    optimum), ``bound`` (the proven upper bound on the steps that can be used), ``lost`` (the
    steps left unused, each ``{"step", "count", "rule", "reason"}``), ``status`` in words,
    ``units`` (the Force Pool units and their Replacement Locations)."""

    faction: str
    map: str
    placements: tuple[Placement, ...]
    steps_received: int
    steps_used: int
    proved: bool
    bound: Optional[int]
    lost: tuple
    status: str
    units: tuple
    _json: dict = field(repr=False, compare=False, default_factory=dict)

    def as_json(self) -> dict:
        """The JSON of ``aeref replacements``."""
        return copy.deepcopy(self._json)


def _allocation_json(ctx: Any, res: Any) -> dict:
    from .solver.replacements import interpretations_used as used, paid_with_text  # lazy: the 1.3 rules
    from .solver.replacements.lost import explain_lost                          # lazy: the 1.3 rules

    alloc, bound = res.allocation, res.bound
    locs = {loc: i for i, loc in enumerate(ctx.locations())}
    units = {uid: i for i, uid in enumerate(ctx.units)}
    placements = [{"unit": uid, "location": loc, "paid-with": paid_with_text(ctx, uid, pay),
                   "basis": ctx.eligible[uid].get(loc, "")}
                  for uid, loc, pay in sorted(alloc.placements, key=lambda r: (locs.get(r[1], len(locs)), units[r[0]]))]
    proved_used = bound is None or bound <= alloc.steps_used()
    out = {"faction": ctx.faction, "map": ctx.map, "optimal": res.optimal,
           "steps-received": sum(p.count for p in ctx.pools.values()), "steps-used": alloc.steps_used(),
           "placements": placements, "lost": explain_lost(ctx, alloc, proved_used, bound=bound),
           "received": [{"step": p.key, "count": p.count, "sources": list(p.sources)} for p in ctx.pools.values()],
           "interpretations": used(ctx.pos, ctx.map)}
    if ctx.notes:
        out["notes"] = list(ctx.notes)
    out["status"] = res.status
    if not res.optimal:
        out["steps-bound"] = res.bound
    return out


@dataclass
class ReplacementsRuling:
    """A ruling on a proposed allocation (1.3): ``legal``, every :class:`Violation`, the steps
    received and used, the steps left unused (``lost``), the units 9.2 eliminates after the
    Segment (``eliminated``), ``placements`` (each with the rule its own placement breaks),
    ``units`` and ``notes``."""

    legal: bool
    violations: tuple[Violation, ...]
    steps_received: int
    steps_used: int
    lost: list
    eliminated: list
    placements: tuple[Placement, ...]
    units: tuple
    notes: list
    interpretations: dict

    def as_json(self) -> dict:
        """The JSON of ``aeref check-replacements``."""
        return {"legal": self.legal, "violations": [v.as_json() for v in self.violations],
                "steps-received": self.steps_received, "steps-used": self.steps_used,
                "steps-lost": self.steps_received - self.steps_used, "lost": self.lost,
                "eliminated": self.eliminated, "interpretations": self.interpretations,
                **({"notes": self.notes} if self.notes else {})}


# ----------------------------------------------------------------------------- results that write a position

class _Writes:
    """An answer with a resulting ``position`` that :meth:`write` writes as a new state file."""

    written: Optional[str] = None

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """Write the resulting position at ``path``, atomically; an existing file only with ``force``
        (else :class:`~aeref.model.atomic.FileExists`); ``previous``: the file named as its
        ``previous:``. Raises ``OSError`` when the file cannot be written."""
        from .model.write import write_state          # lazy: only commands that write need it
        write_state(self.position.data, path, previous=previous, force=force)
        self.written = path


@dataclass
class RevealAnswer(_Writes):
    """The Option Card Procedure of a faction, or of every faction in the order of play
    (1.1.1, 1.1.2.2, 12): ``reveals`` (each with ``faction`` and ``steps``), ``illegal`` (a
    revealed card was illegal) and the resulting ``position``."""

    reveals: list
    illegal: bool
    position: "Position"
    _json: dict = field(repr=False, default_factory=dict)

    def as_json(self) -> dict:
        """The JSON of ``aeref reveal`` (``written``: the file :meth:`write` wrote, or None)."""
        return {**copy.deepcopy(self._json), "written": self.written}


@dataclass
class WarStateAnswer(_Writes):
    """The war state of a map (12) and what changes it: ``war_state`` in effect, ``triggers``
    (``(war state, cause)``), the ``change`` (``.headline()``, ``.effects``) or ``violation`` (a
    change back to an earlier war state: ``legal`` False), ``notes``, the resulting ``position``."""

    map: str
    turn: str
    war_state: WarState
    legal: bool
    triggers: list
    change: Any
    violation: Optional[dict]
    notes: list
    position: "Position"

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """As :meth:`RevealAnswer.write`; an illegal change writes nothing (``ValueError``)."""
        if not self.legal:
            raise ValueError("an illegal war state change is not written")
        super().write(path, force, previous)

    def as_json(self) -> dict:
        """The JSON of ``aeref war-state``."""
        out = {"map": self.map, "turn": self.turn, "legal": self.legal, "war-state": self.war_state,
               "triggers": [{"war-state": s, "cause": why} for s, why in self.triggers],
               "change": self.change.as_json() if self.change.changes else None,
               "violations": [self.violation] if self.violation else [], "written": self.written}
        if self.notes:
            out["notes"] = self.notes
        return out


@dataclass
class Placed(_Writes):
    """``select``: the :class:`Ruling` on the selection and, when legal, the ``position`` with the
    cards placed face down as the Pending Cards (None when illegal); ``pending`` ``{map: card}``."""

    ruling: Ruling
    pending: dict
    position: Optional["Position"]

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """As :meth:`RevealAnswer.write`; an illegal selection writes nothing (``ValueError``)."""
        if self.position is None:
            raise ValueError("an illegal selection is not written")
        super().write(path, force, previous)

    def as_json(self) -> dict:
        """The JSON of ``aeref select``."""
        return {**self.ruling.as_json(), "pending": dict(self.pending), "written": self.written}


@dataclass
class NextTurn(_Writes):
    """The next Seasonal Turn's ``position`` (from turn ``before``), the Pending Cards it carries
    (``pending``: faction -> map -> card) and ``notes``."""

    before: str
    position: "Position"
    pending: dict
    notes: list
    previous: Optional[str] = None

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """As :meth:`RevealAnswer.write`; ``previous`` (the state file of this turn) is remembered."""
        super().write(path, force, previous)
        self.previous = previous

    def as_json(self) -> dict:
        """The JSON of ``aeref next-turn``."""
        return {"turn": str(self.position.data.turn), "from": self.before, "previous": self.previous,
                "pending": self.pending, "notes": self.notes, "written": self.written}


# ----------------------------------------------------------------------------- DRM and logistics

@dataclass(frozen=True)
class DrmAnswer:
    """The Political DRM (1.1.2.1) of each roll on ``map`` in ``segment``: ``rolls`` (each with
    ``table``, ``total`` and ``terms``: ``value``, ``name``, ``message``)."""

    map: str
    segment: str
    rolls: tuple

    def as_json(self) -> dict:
        """The JSON of ``aeref drm``."""
        return {"map": self.map, "rule": "1.1.2.1", "segment": self.segment, "rolls": [r.as_json() for r in self.rolls]}


_SEGMENT_NOTES = ["1.2.1: at most one Logistics action (place or remove) per segment",
                  "1.2.2: at most one Partisan Base per Conquered Allied Minor Country per segment"]


class _Segment:
    """What the answers about a Logistics / Partisan Segment share: the context and the words."""

    ctx: Any

    def describe(self, action: tuple) -> str:
        """An action in words (``place Logistics marker IGHQ in 0101``)."""
        from .solver.logistics import describe       # lazy: the 1.2 rules read the map
        return describe(action)

    def consequences(self, action: tuple) -> list[str]:
        """What the action entails (the markers it moves, the supply it needs), line by line."""
        from .solver.logistics import consequences   # lazy: the 1.2 rules read the map
        return consequences(self.ctx, action)

    def _action_json(self, action: tuple, consequences: list) -> dict:
        from .solver.logistics import action_json    # lazy: the 1.2 rules read the map
        return dict(action_json(action), consequences=consequences)


@dataclass
class LogisticsActions(_Segment):
    """Every single legal action of ``faction``'s Logistics / Partisan Segment on ``map`` (1.2),
    with the Force Pool and on-map markers (``pool_logistics``, ``pool_partisans``,
    ``on_map_logistics`` ``[(name, hex)]``, ``on_map_partisans``)."""

    faction: str
    map: str
    actions: list
    ctx: Any = field(repr=False)

    def __getattr__(self, name: str) -> Any:
        if name in ("pool_logistics", "pool_partisans", "on_map_logistics", "on_map_partisans"):
            return getattr(self.ctx, name)
        raise AttributeError(name)

    def as_json(self) -> dict:
        """The JSON of ``aeref logistics``."""
        return {"faction": self.faction, "map": self.map, "rule": "1.2", "count": len(self.actions),
                "actions": [self._action_json(a, self.consequences(a)) for a in self.actions],
                "notes": list(_SEGMENT_NOTES)}


@dataclass
class LogisticsRuling(_Segment):
    """A ruling on a proposed set of Logistics / Partisan Segment ``actions`` (1.2): ``legal`` and
    every :class:`Violation`."""

    legal: bool
    violations: tuple[Violation, ...]
    actions: list
    ctx: Any = field(repr=False)

    def as_json(self) -> dict:
        """The JSON of ``aeref check-logistics``."""
        known = set(self.ctx.slots())
        return {"legal": self.legal, "violations": [v.as_json() for v in self.violations],
                "actions": [self._action_json(a, self.consequences(a) if a in known else []) for a in self.actions]}


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
