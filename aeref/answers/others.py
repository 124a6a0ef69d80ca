"""What another faction may hold and may have placed, from one faction's view (1.1, 1.1.3): the
answers of ``pairs --faction G --as F`` (:class:`PossibleSelections`) and ``check --faction G --as F``
(:class:`PossibleRuling`), made by :meth:`aeref.api.Position.possible_selections` and
:meth:`aeref.api.Position.check_possible`. Built from the view alone: no hidden card is in them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from .ruling import Violation

#: What the deduction of the cards a hand may hold assumes (docs/face-down.md, docs/interpretations.md).
ASSUMES = ("a faction's hand on a map holds only cards of its own deck of that map; every card of that deck may be in "
           "it but the Current Card (face up), the cards removed, the cards set aside once played (1.1.1 Step 1: "
           "not recyclable) and, in AE, a © card whose twin the faction played (1.1.1 Step 2); the hand holds "
           "hand-count of them, and a Pending Card placed face down came from it")


@dataclass(frozen=True)
class HandSeen:
    """Faction G's hand on ``map`` as the viewer sees it: ``count`` cards face down, ``placed`` a
    Pending Card face down, ``candidates`` the cards it may hold, ``known`` True when it holds every
    one, ``left_out`` ``((card id, why), ...)`` the cards of its deck it cannot hold."""

    map: str
    count: int
    placed: bool
    candidates: tuple[Any, ...]
    known: bool
    left_out: tuple[Any, ...] = ()

    @classmethod
    def of(cls, h: Any) -> "HandSeen":
        return cls(h.map, h.count, h.placed, tuple(h.cards), h.known, tuple(h.left_out))

    def as_json(self) -> dict[str, Any]:
        return {"map": self.map, "hand-count": self.count, "pending-placed": self.placed,
                "candidates": list(self.candidates), "known": self.known,
                "left-out": [{"card": c, "why": why} for c, why in self.left_out]}


@dataclass
class PossibleSelections:
    """Every Pending Card selection ``faction`` may have made (or may make) for some hand that
    ``viewer``'s view allows (1.1.3 over every hand of the ``hand-count``): ``choices`` ``[{map: card
    id or None}]`` in FORMAT 5 order, ``hands[i]`` one hand (``{map: [card ids]}``) that makes
    ``choices[i]`` legal; ``seen`` the :class:`HandSeen` of each map; ``complete`` False when the time
    limit ended the search. A selection listed is legal for at least one such hand, one not listed
    for none."""

    game: str
    turn: str
    faction: str
    viewer: str
    seen: tuple[Any, ...]
    choices: list[Any]
    hands: list[Any]
    complete: bool
    interpretations: dict[str, Any]
    notes: list[Any] = field(default_factory=list)

    def count(self) -> int:
        """The number of possible selections."""
        return len(self.choices)

    @property
    def nothing_only(self) -> bool:
        """Only "no Pending Card" is possible, whatever the hand."""
        return self.complete and all(all(v is None for v in ch.values()) for ch in self.choices)

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref pairs --faction G --as F``: the fields of ``pairs`` (each choice with the
        ``hand`` that makes it legal) and ``viewer``, ``hands`` (what G may hold) and ``assumes``."""
        return {"game": self.game, "turn": self.turn, "faction": self.faction, "viewer": self.viewer,
                "hands": [h.as_json() for h in self.seen],
                "choices": [{**ch, "hand": hand} for ch, hand in zip(self.choices, self.hands)],
                "count": self.count(), "complete": self.complete, "interpretations": self.interpretations,
                "assumes": ASSUMES, **({"notes": list(self.notes)} if self.notes else {})}


@dataclass(frozen=True)
class PossibleRuling:
    """One proposed selection of ``faction`` from ``viewer``'s view: ``possible`` with a ``hand``
    that makes it legal, or impossible whatever ``faction`` holds with the :class:`Violation` of a
    minimal set of rules (``complete`` False: the time limit left them proved but perhaps not minimal)."""

    faction: str
    viewer: str
    selection: dict[str, Any]
    possible: bool
    hand: Optional[dict[str, Any]]
    violations: tuple[Any, ...]
    interpretations: dict[str, Any]
    complete: bool = True
    notes: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref check --faction G --as F``."""
        return {"faction": self.faction, "viewer": self.viewer, "selection": self.selection,
                "possible": self.possible, "hand": self.hand, "violations": [v.as_json() for v in self.violations],
                "complete": self.complete, "interpretations": self.interpretations, "assumes": ASSUMES,
                **({"notes": list(self.notes)} if self.notes else {})}


def _possible_ruling(faction: str, viewer: str, r: Any, interpretations: dict[str, Any],
                     notes: Any = ()) -> PossibleRuling:
    return PossibleRuling(faction, viewer, dict(r.choice), r.possible, r.hand,
                          tuple(Violation.of(v) for v in r.violations), interpretations, r.complete, tuple(notes))


def _hand_json(h: Any) -> dict[str, Any]:
    """``hand`` ({map: [card ids]}) and ``pending`` ({map: card id}, the Pending Cards face down it assumes)."""
    return {"hand": h["hand"] if h else None, "pending": h["pending"] if h else None}


def _reasons(b: Any) -> list[Any]:
    """The rules of the hand shown: that stop the card the turn before, or (no hand reveals it) in every turn."""
    e = b.earliest if b.earliest is not None else b.stopped
    return list(e.reasons) if e is not None else []


def _turns_json(steps: Any) -> list[Any]:
    return [{"turn": str(s.turn), "reveal": str(s.reveal_turn), "pending": dict(s.choice), "changes": list(s.changes),
             "legal": s.legal} for s in steps or ()]


@dataclass(frozen=True)
class PossiblePlan:
    """``faction``'s plan from ``viewer``'s view over every hand it allows (1.1, 1.1.1, 1.1.3), from the
    result ``result`` (:class:`aeref.solver.plan.hidden_plan.HiddenPlanResult`): per card it may hold the
    earliest Seasonal Turn it can be revealed in for some hand (``result.earliest``: the turn, the hand,
    that hand's plan and the rules that stop the card the turn before in it), or with a goal the earliest
    plan of any hand (``goal_plan``, ``goal_turn``, ``goal_hand``); ``seen`` the :class:`HandSeen` of each
    map; ``hands`` the consistent hands, ``planned`` those planned (the others held only cards already
    found in the first turn possible)."""

    result: Any
    seen: tuple[Any, ...]

    def __getattr__(self, name: str) -> Any:
        if name == "result":
            raise AttributeError(name)
        return getattr(self.result, name)

    def reached(self) -> bool:
        """With a goal: some hand has a plan reaching it."""
        return self.result.goal_plan is not None

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref plan --faction G --as F`` (docs/format-additions.md)."""
        r = self.result
        out: dict[str, Any] = {"faction": r.faction, "viewer": r.viewer, "from": str(r.start), "to": str(r.last),
                               "hands": [h.as_json() for h in self.seen], "hands-consistent": r.hands,
                               "hands-planned": r.planned, "complete": r.complete}
        if r.goal.empty:
            out["cards"] = [{"card": b.card, "map": b.map, "earliest": str(b.turn) if b.turn else None,
                             "proved": b.proved, "not-before": str(b.not_before) if b.not_before else None,
                             **_hand_json(b.hand),
                             "plan": _turns_json(b.earliest.plan if b.earliest else ()),
                             "reasons": [{"rule": k, "message": m} for k, m in _reasons(b)]}
                            for b in r.earliest]
        else:
            out["goal"] = {"want": list(r.goal.want), "by": str(r.goal.by) if r.goal.by else None}
            out["reached"] = str(r.goal_turn) if r.goal_turn else None
            out.update(_hand_json(r.goal_hand))
            out["plan"] = _turns_json(r.goal_plan) if r.goal_plan else None
            stop = r.goal_stopped
            out["stopped"] = None if stop is None else {**_hand_json(stop[0]), "conflict": list(stop[1]),
                                                        "conflict-rules": [{"rule": k, "message": m} for k, m in stop[2]]}
        out["facts"] = list(r.facts)
        out["interpretations"] = dict(r.interpretations)
        out["assumes"] = ASSUMES
        return out
