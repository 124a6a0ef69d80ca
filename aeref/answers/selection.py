"""The answers about one faction's Pending Card selection (1.1.3) that ``check`` and ``pairs`` give:
:class:`Selection`, :class:`LegalSelections` (a view: nothing is solved until asked) and its
:class:`ChoiceStream`. :class:`LegalSelections` loads the answers of counting and explaining
(:mod:`aeref.answers.why`) when first asked. Import them from :mod:`aeref.answers` (or :mod:`aeref`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Optional, Sequence

from .ruling import Ruling, TimeLimit, _broken, _budget
from ..model.files.errors import InputError
from ..model.game.vocabulary import MAPS
from ..solver.engine.constraints import Evaluator, Rule
from ..solver.selection.found import excluded_alone, format_key, plain_found
from ..solver.engine.limits import ProgressSink
from ..solver.selection.rules import RULES as SELECTION_RULES
from ..solver.selection.rules import interpretations_used, make_context, post, selection_made

if TYPE_CHECKING:   # for the signatures only: the answers of counting and explaining are loaded on first use
    from ..solver.selection.found import Found
    from .why import Count, Why


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

    def cards(self) -> dict[str, Any]:
        """``{map: card}`` for the maps with a card."""
        return {m: getattr(self, m) for m in MAPS if getattr(self, m) is not None}


class LegalSelections:
    """Every legal Pending Card selection of one faction this turn (1.1.3): a view, nothing is
    solved until asked.

    ``selection in legal`` rules on one selection by direct evaluation (no solver, no ortools);
    iterating (:class:`Selection` s in FORMAT 5 order), :meth:`count`, :attr:`choices`,
    :meth:`excluded` and :meth:`as_json` enumerate once by CP-SAT, within ``time_limit``;
    :meth:`why` explains one card. ``progress`` receives the reports of long solves.
    """

    def __init__(self, position: Any, faction: str, time_limit: TimeLimit = None,
                 progress: ProgressSink = None):
        self.position = position
        self.faction = position.data.require_faction(faction)
        self.budget = _budget(time_limit)
        self.progress = progress
        self._ctx = make_context(position.data, self.faction)
        self._constraints = post(SELECTION_RULES, self._ctx)
        self._found: Optional[Any] = None
        self._excluded: Optional[list[Any]] = None
        self._evaluator: Optional[Evaluator] = None
        #: the selections are those of the position before a later faction's reveal: why (1.1.1 Order of Play)
        self.notes: list[Any] = []

    def check(self, choice: Mapping[str, Optional[str]]) -> Ruling:
        """``check``'s ruling (:meth:`aeref.api.Position.check`) on ``choice`` (map -> card id or None;
        a map left out: no card), by direct evaluation with the rules of this view posted once: the
        selection matrix of ``report`` rules 800 cells with one posting, not 800. A card outside the
        hand (and the Pending Card placed) is ruled by :meth:`Position.check` itself."""
        full = {m: choice.get(m) for m in self.position.data.maps}
        if any(v is not None and v not in self._ctx.candidates[m] for m, v in full.items()):
            ruling: Ruling = self.position.check(self.faction, tk=full.get("tk"), ds=full.get("ds"))
            return ruling
        if self._evaluator is None:
            self._evaluator = Evaluator(self._constraints)
        vs = _broken(self._evaluator.broken(full))
        return Ruling(not vs, vs, interpretations_used(self.position.data))

    def __contains__(self, selection: object) -> bool:
        if not isinstance(selection, Selection):
            return False
        try:
            return bool(self.position.check(self.faction, selection).legal)
        except InputError:                 # a card the decks do not hold is in no selection
            return False

    def _enumerate(self) -> Found:
        """The enumeration, once (:class:`~solver.selection.choices.Found`: compact rows)."""
        if self._found is None and len(self._ctx.slots) == 1:
            self._found = plain_found(self._ctx, self._constraints)   # one map: no pairing, no solver
        if self._found is None:
            from ..solver.selection.choices import enumerate_found   # lazy: imports ortools
            self._found = enumerate_found(self.position.data, self.faction, budget=self.budget,
                                          progress=self.progress, ctx=self._ctx, constraints=self._constraints)
        return self._found

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Every legal selection as ``{map: card id or None}`` for each map in play, in FORMAT 5 order
        (a list of them all: :meth:`ordered` hands them out one by one, in constant memory)."""
        return list(self.ordered())

    def ordered(self, maps: Optional[Sequence[str]] = None, key: Optional[Any] = None) -> Iterator[dict[str, Any]]:
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
        from .why import Count   # lazy: `check` never counts (its dataclasses cost start-up time)
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
        return {c.rule.key: c.rule for c in self._constraints if c.rule is not None}   # posting stamps each

    def excluded(self) -> list[Why]:
        """Each hand card in no legal selection with the minimal rules that exclude it (empty while
        the enumeration is not complete), in map order then hand order."""
        if self._excluded is None:
            from .why import Why   # lazy: `check` never explains (see count)
            found = self._excluded_alone() if self.complete else []
            if found is None:
                from ..solver.selection.choices import excluded_cards      # lazy: imports ortools
                found = excluded_cards(self._ctx, self._constraints, self._enumerate(), self.budget)
            self._excluded = [Why.of(a, self.rules) for a in found]
        return self._excluded

    def _excluded_alone(self) -> Optional[list[Any]]:
        """The hand cards in no legal selection explained without the solver, when a rule excludes each
        alone (:func:`~solver.selection.found.excluded_alone`; an empty list when every card is in one), else None."""
        used = self._enumerate().used()
        cards = [(s, cid) for s in self._ctx.slots for cid in self._ctx.candidates[s] if (s, cid) not in used]
        return excluded_alone(self._ctx, self._constraints, cards) if cards else []

    def why(self, card: str) -> Why:
        """Why ``card`` (an id, or a bare number) is in no legal selection, or one legal selection with it.
        Raises :class:`InputError` for a card the decks do not hold and :class:`Undecided` when the time
        limit ends the search before it is decided."""
        answer: Why = self.position.why(self.faction, card, self.budget)
        return answer

    @property
    def selection_made(self) -> Optional[dict[str, Any]]:
        """The selection already made this turn (1.1.3 "Card selection is final"), or None."""
        return selection_made(self.position.data, self.faction)

    def as_json(self, stream: bool = False, stop: Optional[Any] = None) -> dict[str, Any]:
        """The JSON of ``aeref pairs``. With ``stream``, ``"choices"`` is a :class:`ChoiceStream` (the
        selections one by one, FORMAT 5 order) and ``"count"`` and ``"complete"`` are functions called
        once the choices are written (:func:`aeref.cli.jsonout.emit_json` writes such a dict as it goes:
        ``count`` comes after ``choices``); ``stop()`` True ends the stream early (the time limit), and
        the count is then the selections written and ``complete`` False."""
        pos = self.position.data
        excluded = [a.excluded_json() for a in self.excluded()]
        listed: Any
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

    def __init__(self, choices: Iterator[dict[str, Any]], stop: Optional[Any] = None):
        self._choices = choices
        self._stop = stop
        self.written = 0
        self.cut = False

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for ch in self._choices:
            if self._stop is not None and not self.written & 4095 and self.written and self._stop():
                self.cut = True
                return
            self.written += 1
            yield ch
