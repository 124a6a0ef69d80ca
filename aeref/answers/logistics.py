"""The answers about a Logistics / Partisan Segment (1.2): :class:`LogisticsActions`
(``logistics``) and :class:`LogisticsRuling` (``check-logistics``). Loaded on first use (issue
20). Import them from :mod:`aeref.answers` (or :mod:`aeref`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .ruling import Violation


_SEGMENT_NOTES = ["1.2.1: at most one Logistics action (place or remove) per segment",
                  "1.2.2: at most one Partisan Base per Conquered Allied Minor Country per segment"]


class _Segment:
    """What the answers about a Logistics / Partisan Segment share: the context and the words."""

    ctx: Any

    def describe(self, action: tuple[Any, ...]) -> str:
        """An action in words (``place Logistics marker IGHQ in 0101``)."""
        from ..solver.logistics import describe       # lazy: the 1.2 rules read the map
        return describe(action)

    def consequences(self, action: tuple[Any, ...]) -> list[str]:
        """What the action entails (the markers it moves, the supply it needs), line by line."""
        from ..solver.logistics import consequences   # lazy: the 1.2 rules read the map
        return consequences(self.ctx, action)

    def _action_json(self, action: tuple[Any, ...], consequences: list[Any]) -> dict[str, Any]:
        from ..solver.logistics import action_json    # lazy: the 1.2 rules read the map
        return dict(action_json(action), consequences=consequences)


@dataclass(frozen=True)
class LogisticsActions(_Segment):
    """Every single legal action of ``faction``'s Logistics / Partisan Segment on ``map`` (1.2),
    with the Force Pool and on-map markers (``pool_logistics``, ``pool_partisans``,
    ``on_map_logistics`` ``[(name, hex)]``, ``on_map_partisans``)."""

    faction: str
    map: str
    actions: list[Any]
    ctx: Any = field(repr=False)

    def __getattr__(self, name: str) -> Any:
        if name in ("pool_logistics", "pool_partisans", "on_map_logistics", "on_map_partisans"):
            return getattr(self.ctx, name)
        raise AttributeError(name)

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref logistics``."""
        return {"faction": self.faction, "map": self.map, "rule": "1.2", "count": len(self.actions),
                "actions": [self._action_json(a, self.consequences(a)) for a in self.actions],
                "notes": list(_SEGMENT_NOTES)}


@dataclass(frozen=True)
class LogisticsRuling(_Segment):
    """A ruling on a proposed set of Logistics / Partisan Segment ``actions`` (1.2): ``legal`` and
    every :class:`Violation`."""

    legal: bool
    violations: tuple[Violation, ...]
    actions: list[Any]
    ctx: Any = field(repr=False)

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref check-logistics``."""
        known = set(self.ctx.slots())
        return {"legal": self.legal, "violations": [v.as_json() for v in self.violations],
                "actions": [self._action_json(a, self.consequences(a) if a in known else []) for a in self.actions]}
