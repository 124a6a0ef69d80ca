"""The answers of counting and explaining Pending Card selections (1.1.3): :class:`Count`
(``pairs --count``) and :class:`Why` (``why``, ``pairs``' ``excluded``). Loaded on first use:
``check`` gives neither. Import them from :mod:`aeref.answers` (or :mod:`aeref`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from .ruling import Violation, _violations
from ..solver.engine.constraints import Rule


class Count(int):
    """How many legal selections there are (1.1.3): the number itself, so ``legal.count() == 4`` and
    ``count + 1`` work as with an ``int`` (arithmetic gives a plain ``int``), plus ``complete`` (False:
    the time limit ended the enumeration first and the number is those found). ``number`` is the same
    value as a plain ``int``. Two counts compare by their numbers alone, as ints do.

    ``Count(number, complete)``; raises :class:`TypeError`/:class:`ValueError` as ``int()`` does on a
    number that is not an integer, and :class:`ValueError` on a negative one.
    """

    # no __slots__: CPython refuses non-empty slots on an int subclass
    _complete: bool

    def __new__(cls, number: int, complete: bool) -> "Count":
        if isinstance(number, bool) or int(number) != number or number < 0:
            raise ValueError(f"Count: number must be a non-negative integer, not {number!r}")
        self = super().__new__(cls, number)
        object.__setattr__(self, "_complete", bool(complete))
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        # an answer handed to a caller cannot be changed behind the referee's back (as a frozen dataclass)
        raise AttributeError(f"Count is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Count is immutable: cannot delete {name!r}")

    @property
    def number(self) -> int:
        """The number of legal selections found, as a plain ``int``."""
        return int(self)

    @property
    def complete(self) -> bool:
        """True when every legal selection was counted (the time limit did not end the enumeration)."""
        return self._complete

    def __repr__(self) -> str:
        return f"Count(number={int(self)}, complete={self._complete})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Count, (int(self), self._complete))


@dataclass(frozen=True)
class Why:
    """Why a ``card`` (on ``map``) is in no legal selection, or one legal selection with it:
    ``legal`` and ``example``, or the ``violations`` of the minimal set of ``rules`` that exclude
    it; ``complete`` False when the time limit ended the narrowing (fewer rules may do)."""

    card: str
    map: str
    legal: bool
    example: Optional[dict[str, Any]]
    violations: tuple[Violation, ...]
    rules: tuple[Rule, ...]
    complete: bool
    interpretations: dict[str, Any]
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

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref why``."""
        out: dict[str, Any] = {"card": self.card, "legal": self.legal}
        if self.legal:
            out["example"] = self.example
        out["violations"] = [v.as_json() for v in self.violations]
        out["interpretations"] = self.interpretations
        out["complete"] = self.complete
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    def excluded_json(self) -> dict[str, Any]:
        """The entry of ``pairs --json`` ``excluded``: the card, its rules and :attr:`message`."""
        return {"card": self.card, "rules": [{"rule": r.number, "title": r.title} for r in self.rules],
                "message": self.message}
