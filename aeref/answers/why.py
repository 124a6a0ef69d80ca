"""The answers of counting and explaining Pending Card selections (1.1.3): :class:`Count`
(``pairs --count``) and :class:`Why` (``why``, ``pairs``' ``excluded``). Loaded on first use:
``check`` gives neither. Import them from :mod:`aeref.answers` (or :mod:`aeref`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from .ruling import Violation, _violations
from ..solver.engine.constraints import Rule


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
