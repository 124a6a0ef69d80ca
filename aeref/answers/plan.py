"""The answer of ``aeref plan``: :class:`Plan`, the Pending Cards of the next Seasonal Turns.
Loaded on first use. Import it from :mod:`aeref.answers` (or :mod:`aeref`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..model.files.atomic import FileExists


def _plan_turns_json(steps: Sequence[Any]) -> list[Any]:
    return [{"turn": str(s.turn), "reveal": str(s.reveal_turn), "pending": dict(s.choice), "changes": list(s.changes),
             "legal": s.legal} for s in steps]


def _reasons_json(reasons: Sequence[tuple[Any, ...]]) -> list[Any]:
    return [{"rule": rule, "message": message} for rule, message in reasons]


@dataclass(frozen=True)
class Plan:
    """``aeref plan``: the Pending Cards of the next Seasonal Turns, from the planner's
    result ``result`` (:class:`aeref.solver.plan.planner.PlanResult`). ``cards``: per hand card its
    earliest turn, plan and reasons; ``goal_plan`` / ``goal_turn`` / ``conflict`` for a goal;
    ``count`` / ``count_exact``; ``facts`` relied on; ``complete``; ``written``: the files
    :meth:`write_dir` wrote."""

    result: Any
    written: list[Any] = field(default_factory=list)

    def __getattr__(self, name: str) -> Any:
        if name == "result":
            raise AttributeError(name)
        return getattr(self.result, name)

    @property
    def cards(self) -> list[Any]:
        return list(self.result.earliest)      # a copy: the answer's own list stays as the planner made it

    def plans(self) -> list[tuple[str, list[Any]]]:
        """The plans to write: ``[("", goal plan)]`` with a goal, else ``[(card id, its plan), ...]``."""
        r = self.result
        if not r.goal.empty:
            return [("", r.goal_plan)] if r.goal_plan else []
        return [(e.card, e.plan) for e in r.earliest if e.plan]

    def write_dir(self, directory: str, force: bool = False) -> list[str]:
        """Write the position after each planned turn into ``directory`` (made when missing), each file
        atomically: ``NN-TURN.yaml`` for a goal's plan, ``CARD/NN-TURN.yaml`` per card otherwise. An
        existing file is replaced only with ``force`` (else :class:`~aeref.model.files.atomic.FileExists`).
        Returns the paths written; raises ``OSError`` when one cannot be written."""
        from ..model.files.write import write_state          # lazy: only commands that write need it
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
        object.__setattr__(self, "written", out)   # frozen: the one field the answer records after it is made
        return out

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref plan`` (docs/format-additions.md)."""
        r = self.result
        out: dict[str, Any] = {"faction": r.faction, "from": str(r.start), "to": str(r.last), "complete": r.complete}
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
