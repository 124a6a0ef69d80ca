"""One ruling of the Option Card Procedure (1.1.1, 1.1.2, *1.1.4) as ``reveal`` prints it: :class:`Step`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Step:
    """One ruling of the procedure: ``rule`` as printed, ``title``, ``message`` with the values; ``map``."""
    rule: str
    title: str
    message: str
    map: Optional[str] = None

    def as_json(self) -> dict:
        return {"rule": self.rule, "title": self.title, "map": self.map, "message": self.message}

    def __str__(self) -> str:
        return f"{self.rule} {self.title}: {self.message}"


def step(row, message: str, map_: Optional[str]) -> Step:
    """The :class:`Step` of ``row`` (a :class:`~solver.engine.registry.Row`) with ``message`` on ``map_``."""
    return Step(row.printed, row.title, message, map_)
