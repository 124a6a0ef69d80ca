"""The typed answers of aeref's public API (:mod:`aeref.api`): rulings, selections,
allocations, reveals, war state changes, DRMs and Logistics actions.

Each answer is a dataclass (or a lazy view, :class:`LegalSelections`) whose
``as_json()`` is exactly the dict the matching ``aeref`` command prints with
``--json`` (docs/format.md section 5). They are made by the methods of
:class:`aeref.api.Position`; import them from :mod:`aeref` or :mod:`aeref.api`.
"""
from __future__ import annotations


import copy
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Optional, Sequence, Union

from .model.atomic import FileExists
from .model.errors import InputError
from .model.vocabulary import MAPS, WarState
from .solver.constraints import Evaluator, Rule
from .solver.found import excluded_alone, format_key, plain_found
from .solver.limits import Budget, ProgressSink, TimeLimitReached
from .solver.selection import RULES as SELECTION_RULES
from .solver.selection import interpretations_used, make_context, post, selection_made


#: ``time_limit``: seconds (None or 0: no limit), or a :class:`Budget` shared by several calls.
TimeLimit = Union[float, int, None, Budget]


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
    #: a legal ruling made on the position before a later faction's reveal: why (1.1.1 Order of Play)
    notes: tuple[str, ...] = ()

    def as_json(self) -> dict:
        """The JSON of ``aeref check`` (``notes`` only when there are any)."""
        return {"legal": self.legal, "violations": [v.as_json() for v in self.violations],
                "interpretations": self.interpretations, **({"notes": list(self.notes)} if self.notes else {})}


def _ruling(r: Any) -> Ruling:
    return Ruling(r.legal, _violations(r.violations), dict(r.interpretations), tuple(getattr(r, "notes", ())))


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
    #: the answer was given on the position before a later faction's reveal: why (1.1.1 Order of Play)
    notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, ans: Any, rules: Mapping[str, Rule], notes: Sequence[str] = ()) -> "Why":
        keyed = tuple(rules[k] if k in rules else Rule(*k.split(" ", 1)) for k in ans.rules)
        return cls(ans.card, ans.slot, ans.legal, ans.example, _violations(ans.violations), keyed, ans.complete,
                   dict(ans.interpretations), tuple(notes))

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
        if self.notes:
            out["notes"] = list(self.notes)
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
        self._found: Optional[Any] = None
        self._excluded: Optional[list] = None
        self._evaluator: Optional[Evaluator] = None
        #: the selections are those of the position before a later faction's reveal: why (1.1.1 Order of Play)
        self.notes: list = []

    def check(self, choice: Mapping[str, Optional[str]]) -> Ruling:
        """``check``'s ruling (:meth:`aeref.api.Position.check`) on ``choice`` (map -> card id or None;
        a map left out: no card), by direct evaluation with the rules of this view posted once: the
        selection matrix of ``report`` rules 800 cells with one posting, not 800. A card outside the
        hand (and the Pending Card placed) is ruled by :meth:`Position.check` itself."""
        full = {m: choice.get(m) for m in self.position.data.maps}
        if any(v is not None and v not in self._ctx.candidates[m] for m, v in full.items()):
            return self.position.check(self.faction, tk=full.get("tk"), ds=full.get("ds"))
        if self._evaluator is None:
            self._evaluator = Evaluator(self._constraints)
        vs = _broken(self._evaluator.broken(full))
        return Ruling(not vs, vs, interpretations_used(self.position.data))

    def __contains__(self, selection: object) -> bool:
        if not isinstance(selection, Selection):
            return False
        try:
            return self.position.check(self.faction, selection).legal
        except InputError:                 # a card the decks do not hold is in no selection
            return False

    def _enumerate(self):
        """The enumeration, once (:class:`~solver.choices.Found`: compact rows)."""
        if self._found is None and len(self._ctx.slots) == 1:
            self._found = plain_found(self._ctx, self._constraints)   # one map: no pairing, no solver
        if self._found is None:
            from .solver.choices import enumerate_found   # lazy: imports ortools
            self._found = enumerate_found(self.position.data, self.faction, budget=self.budget,
                                          progress=self.progress, ctx=self._ctx, constraints=self._constraints)
        return self._found

    @property
    def choices(self) -> list[dict]:
        """Every legal selection as ``{map: card id or None}`` for each map in play, in FORMAT 5 order
        (a list of them all: :meth:`ordered` hands them out one by one, in constant memory)."""
        return list(self.ordered())

    def ordered(self, maps: Optional[Sequence[str]] = None, key: Optional[Any] = None) -> Iterator[dict]:
        """Every legal selection (``{map: card id or None}``), one at a time, in FORMAT 5 order; or sorted
        over ``maps`` in that order with ``key(card id or None)`` ranking each map's cards. Memory: the
        enumeration's rows, not one dict per selection (4,000,000 selections of 2,000 cards per map)."""
        if maps is None and key is None:
            return self._enumerate().ordered()
        return self._enumerate().ordered(tuple(maps) if maps else None, key or format_key)

    @property
    def complete(self) -> bool:
        """False when the time limit (or Ctrl-C) ended the enumeration before every selection was found."""
        return self._enumerate().complete

    def __iter__(self) -> Iterator[Selection]:
        return (Selection.of(ch) for ch in self.ordered())

    def __len__(self) -> int:
        """The number of legal selections (1.1.3), enumerating them once as iterating does; when the time
        limit ended the enumeration it is the number found (:attr:`complete` says so, :meth:`count` too)."""
        return self._enumerate().count()

    def __repr__(self) -> str:
        """``<aeref.LegalSelections soviet in examples/x.yaml (AE Nov-Dec 1941): 2 legal selections>``; before
        anything was asked ``not enumerated yet`` (a repr solves nothing); ``at least N`` when not complete."""
        pos = self.position.data
        head = f"<aeref.LegalSelections {self.faction} in {pos.file} ({pos.game.upper()} {pos.turn})"
        if self._found is None:
            return f"{head}: not enumerated yet>"
        n, complete = self._found.count(), self._found.complete
        return f"{head}: {'' if complete else 'at least '}{n} legal selection{'' if n == 1 else 's'}>"

    def count(self) -> Count:
        """How many legal selections there are (:class:`Count`: the number and whether it is complete),
        counted without listing them."""
        found = self._enumerate()
        return Count(found.count(), found.complete)

    @property
    def nothing_only(self) -> bool:
        """True when the enumeration is complete and no card can be selected (1.1.3: say so)."""
        found = self._enumerate()
        return found.complete and all(all(v is None for v in vs) for row in found.rows for vs in row)

    @property
    def rules(self) -> dict[str, Rule]:
        """The rules posted for this selection, by ``Rule.key``."""
        return {c.rule.key: c.rule for c in self._constraints}

    def excluded(self) -> list[Why]:
        """Each hand card in no legal selection with the minimal rules that exclude it (empty while
        the enumeration is not complete), in map order then hand order."""
        if self._excluded is None:
            found = self._excluded_alone() if self.complete else []
            if found is None:
                from .solver.choices import excluded_cards      # lazy: imports ortools
                found = excluded_cards(self._ctx, self._constraints, self._enumerate(), self.budget)
            self._excluded = [Why.of(a, self.rules) for a in found]
        return self._excluded

    def _excluded_alone(self) -> Optional[list]:
        """The hand cards in no legal selection explained without the solver, when a rule excludes each
        alone (:func:`~solver.found.excluded_alone`; an empty list when every card is in one), else None."""
        used = self._enumerate().used()
        cards = [(s, cid) for s in self._ctx.slots for cid in self._ctx.candidates[s] if (s, cid) not in used]
        return excluded_alone(self._ctx, self._constraints, cards) if cards else []

    def why(self, card: str) -> Why:
        """Why ``card`` (an id, or a bare number) is in no legal selection, or one legal selection with it.
        Raises :class:`InputError` for a card the decks do not hold and :class:`Undecided` when the time
        limit ends the search before it is decided."""
        return self.position.why(self.faction, card, self.budget)

    @property
    def selection_made(self) -> Optional[dict]:
        """The selection already made this turn (1.1.3 "Card selection is final"), or None."""
        return selection_made(self.position.data, self.faction)

    def as_json(self, stream: bool = False, stop: Optional[Any] = None) -> dict:
        """The JSON of ``aeref pairs``. With ``stream``, ``"choices"`` is a :class:`ChoiceStream` (the
        selections one by one, FORMAT 5 order) and ``"count"`` and ``"complete"`` are functions called
        once the choices are written (:func:`aeref.cli.jsonout.emit_json` writes such a dict as it goes:
        ``count`` comes after ``choices``); ``stop()`` True ends the stream early (the time limit), and
        the count is then the selections written and ``complete`` False."""
        pos = self.position.data
        excluded = [a.excluded_json() for a in self.excluded()]
        if stream:
            listed = ChoiceStream(self.ordered(), stop)
            count: Any = lambda: listed.written
            complete: Any = lambda: self.complete and not listed.cut
        else:
            listed = self.choices
            count, complete = len(listed), self.complete
        out = {"game": pos.game, "turn": str(pos.turn), "faction": self.faction, "choices": listed,
               "count": count}
        if self.selection_made is not None:
            out["selection-made"] = self.selection_made
        out["complete"] = complete
        out["interpretations"] = interpretations_used(pos)
        if self.notes:
            out["interpretations"]["order-of-play"] = pos.interpretations_in_force["order-of-play"]
            out["notes"] = list(self.notes)
        out["excluded"] = excluded
        return out


class ChoiceStream:
    """The selections of :meth:`LegalSelections.as_json` handed out one by one: ``written`` counts those
    handed out, ``cut`` is True when ``stop()`` (checked every 4,096 selections) ended the stream early."""

    def __init__(self, choices: Iterator[dict], stop: Optional[Any] = None):
        self._choices = choices
        self._stop = stop
        self.written = 0
        self.cut = False

    def __iter__(self) -> Iterator[dict]:
        for ch in self._choices:
            if self._stop is not None and not self.written & 4095 and self.written and self._stop():
                self.cut = True
                return
            self.written += 1
            yield ch


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
    """The Force Pool units of a Segment: ``{"id", "text", "locations"}`` (their Replacement Locations),
    ``"nationality"`` (a list), ``"type"``, ``"steps"``, and ``"barred"``: why the unit cannot be taken at all
    (``{"rule", "title", "message"}``, the first rule that bars it: 1.3.3.3 Garrison Units ...), or None."""
    from .solver.replacements.taking import takeable_problems      # lazy: the 1.3 rules

    def barred(u):
        probs = takeable_problems(ctx, u)
        return {"rule": probs[0][0].number, "title": probs[0][0].title, "message": probs[0][1]} if probs else None
    return tuple({"id": uid, "text": ctx.describe(u), "locations": sorted(ctx.eligible.get(uid, {})),
                  "nationality": list(u.nationality), "type": u.type, "steps": u.steps, "barred": barred(u)}
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


def _allocation_json(ctx: Any, res: Any, budget: Any = None, progress: Any = None) -> dict:
    from .solver.replacements import interpretations_used as used, paid_with_text  # lazy: the 1.3 rules
    from .solver.replacements.relaxed import lost_steps                         # lazy: re-solves (ortools)

    alloc, bound = res.allocation, res.bound
    locs = {loc: i for i, loc in enumerate(ctx.locations())}
    units = {uid: i for i, uid in enumerate(ctx.units)}
    placements = [{"unit": uid, "location": loc, "paid-with": paid_with_text(ctx, uid, pay),
                   "basis": ctx.eligible[uid].get(loc, "")}
                  for uid, loc, pay in sorted(alloc.placements, key=lambda r: (locs.get(r[1], len(locs)), units[r[0]]))]
    proved_used = bound is None or bound <= alloc.steps_used()
    out = {"faction": ctx.faction, "map": ctx.map, "optimal": res.optimal,
           "steps-received": sum(p.count for p in ctx.pools.values()), "steps-used": alloc.steps_used(),
           "placements": placements,
           "lost": lost_steps(ctx, alloc, proved_used, bound=bound, budget=budget, progress=progress),
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
    #: the violations of the player's placement of repatriated units (1.1.1 Step 2, 1.3.4) or card removal (1.1.2)
    refused: list = field(default_factory=list)
    #: the 1.1.2 removals waiting for the player's choice (several cards may be removed, none chosen)
    open_choices: list = field(default_factory=list)

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """As :meth:`_Writes.write`; a refused placement or removal, or a removal waiting for the player's
        choice, writes nothing (``ValueError``)."""
        if self.refused:
            raise ValueError("the reveal is refused (" + "; ".join(str(v) for v in self.refused) + "): nothing is written")
        if self.open_choices:
            raise ValueError("; ".join(e["message"] for e in self.open_choices) + ": nothing is written")
        super().write(path, force, previous)

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
    #: ``select --seal``: the faction whose Pending Cards are sealed when written (model/seal.py), else None
    seal_for: Optional[str] = None
    #: the seals written, ``{map: "sha256:..."}`` (after :meth:`write` with ``seal_for``)
    seals: dict = field(default_factory=dict)

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """As :meth:`RevealAnswer.write`; an illegal selection writes nothing (``ValueError``). With
        ``seal_for``, each Pending Card is sealed first (a fresh nonce, the seal over the digest of the
        public position written, docs/face-down.md) and the position written as a public file and
        private files."""
        if self.position is None:
            raise ValueError("an illegal selection is not written")
        if self.seal_for is not None:
            from .model.write import seal_pending      # lazy: only commands that write load the writer
            self.seals = seal_pending(self.position.data, self.seal_for, path, previous)
        super().write(path, force, previous)

    def as_json(self) -> dict:
        """The JSON of ``aeref select`` (``sealed``: the seals written, with ``--seal``)."""
        out = {**self.ruling.as_json(), "pending": dict(self.pending), "written": self.written}
        if self.seal_for is not None:
            out["sealed"] = dict(self.seals)
        return out


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




# ----------------------------------------------------------------------------- plans (issue 23)

def _plan_turns_json(steps: Sequence[Any]) -> list:
    return [{"turn": str(s.turn), "reveal": str(s.reveal_turn), "pending": dict(s.choice), "changes": list(s.changes),
             "legal": s.legal} for s in steps]


def _reasons_json(reasons: Sequence[tuple]) -> list:
    return [{"rule": rule, "message": message} for rule, message in reasons]


@dataclass
class Plan:
    """``aeref plan``: the Pending Cards of the next Seasonal Turns (issue 23), from the planner's
    result ``result`` (:class:`aeref.solver.plan.PlanResult`). ``cards``: per hand card its
    earliest turn, plan and reasons; ``goal_plan`` / ``goal_turn`` / ``conflict`` for a goal;
    ``count`` / ``count_exact``; ``facts`` relied on; ``complete``; ``written``: the files
    :meth:`write_dir` wrote."""

    result: Any
    written: list = field(default_factory=list)

    def __getattr__(self, name: str) -> Any:
        if name == "result":
            raise AttributeError(name)
        return getattr(self.result, name)

    @property
    def cards(self) -> list:
        return self.result.earliest

    def plans(self) -> list[tuple[str, list]]:
        """The plans to write: ``[("", goal plan)]`` with a goal, else ``[(card id, its plan), ...]``."""
        r = self.result
        if not r.goal.empty:
            return [("", r.goal_plan)] if r.goal_plan else []
        return [(e.card, e.plan) for e in r.earliest if e.plan]

    def write_dir(self, directory: str, force: bool = False) -> list[str]:
        """Write the position after each planned turn into ``directory`` (made when missing), each file
        atomically: ``NN-TURN.yaml`` for a goal's plan, ``CARD/NN-TURN.yaml`` per card otherwise. An
        existing file is replaced only with ``force`` (else :class:`~aeref.model.atomic.FileExists`).
        Returns the paths written; raises ``OSError`` when one cannot be written."""
        from .model.write import write_state          # lazy: only commands that write need it
        todo = []
        for sub, steps in self.plans():
            folder = Path(directory) / sub if sub else Path(directory)
            todo += [(folder / f"{i:02d}-{str(s.reveal_turn).replace(' ', '-').lower()}.yaml", s)
                     for i, s in enumerate(steps, 1)]
        for path, _ in todo:                          # refuse before writing anything
            if path.exists() and not force:
                raise FileExists(path)
        out = []
        for path, s in todo:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_state(s.position, path, force=force)
            out.append(str(path))
        self.written = out
        return out

    def as_json(self) -> dict:
        """The JSON of ``aeref plan`` (docs/format-additions.md)."""
        r = self.result
        out: dict = {"faction": r.faction, "from": str(r.start), "to": str(r.last), "complete": r.complete}
        if r.goal.empty:
            out["cards"] = [{"card": e.card, "map": e.map, "earliest": str(e.turn) if e.turn else None,
                             "proved": e.proved, "not-before": str(e.not_before) if e.not_before else None,
                             "plan": _plan_turns_json(e.plan), "reasons": _reasons_json(e.reasons)}
                            for e in r.earliest]
        else:
            out["goal"] = {"want": list(r.goal.want), "by": str(r.goal.by) if r.goal.by else None,
                           "avoid": list(r.goal.avoid)}
            out["reached"] = str(r.goal_turn) if r.goal_turn else None
            out["plan"] = _plan_turns_json(r.goal_plan) if r.goal_plan else None
            out["conflict"] = list(r.conflict)
            out["conflict-rules"] = _reasons_json(r.conflict_rules)
        if r.count is not None:
            out["count"] = r.count
            out["count-exact"] = r.count_exact
        out["facts"] = list(r.facts)
        out["interpretations"] = dict(r.interpretations)
        out["written"] = list(self.written)
        return out
