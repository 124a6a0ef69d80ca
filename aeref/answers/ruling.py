"""What every answer of :mod:`aeref.api` shares: the time limit (:data:`TimeLimit`), the errors
(:class:`Undecided`, :class:`AllocationError`), a broken rule (:class:`Violation`) and a ruling on
one proposed Pending Card selection (:class:`Ruling`, 1.1.3: the answer of ``check``).

The answers are split by concern, so that a cold ``check`` makes only the dataclasses it gives
(a cold `check` pays only for what it gives): this module, :mod:`aeref.answers.selection` (1.1.3 selections, ``check`` and
``pairs``) and, loaded on first use, :mod:`aeref.answers.why` (counting and explaining
selections), :mod:`aeref.answers.replacements` (1.3), :mod:`aeref.answers.turn` (select, reveal,
war state, DRM, next turn), :mod:`aeref.answers.logistics` (1.2) and :mod:`aeref.answers.plan`.
Import them all from :mod:`aeref.answers` (or :mod:`aeref`).
"""
from __future__ import annotations

import math

from dataclasses import dataclass
from typing import Any, Sequence, Union

from ..model.files.errors import InputError
from ..solver.engine.constraints import Rule
from ..solver.engine.limits import Budget, TimeLimitReached


#: ``time_limit``: seconds (None or 0: no limit), or a :class:`Budget` shared by several calls.
TimeLimit = Union[float, int, None, Budget]


class Undecided(TimeLimitReached):
    """The time limit (or Ctrl-C) ended the search before the question was decided."""


class AllocationError(InputError):
    """A proposed allocation file names units, locations or steps the position does not have."""


def _budget(time_limit: TimeLimit) -> Budget:
    """The :class:`Budget` of ``time_limit`` (seconds; None or 0: no limit; or a Budget, shared).
    Raises ValueError naming ``time_limit`` for nan, a negative number or infinity (each would otherwise count
    nothing, or overflow the timers, without a word)."""
    if isinstance(time_limit, Budget):
        return time_limit
    if time_limit is None:
        return Budget(None)
    seconds = float(time_limit)
    if not math.isfinite(seconds) or seconds < 0:
        raise ValueError(f"time_limit={time_limit!r}: give seconds, 0 or more and finite (None or 0: no limit)")
    return Budget(seconds if seconds else None)


# ----------------------------------------------------------------------------- rules and violations

@dataclass(frozen=True)
class Violation:
    """A broken rule in a ruling: ``rule`` (the :class:`Rule` itself: ``.number`` as printed,
    ``.title``), ``message``, which says why with the concrete values of the position, and
    ``values``: the ``(slot, value)`` pairs of the choice that together break it (in a
    selection ruling ``("tk", "tk-soviet-38")``; empty where the ruling does not say)."""

    rule: Rule
    message: str
    values: tuple[Any, ...] = ()

    @classmethod
    def of(cls, v: Any) -> "Violation":
        """The violation of a rules module's ruling (its registered ``rule``, the ``title`` of the
        part broken, ``message``): ``rule`` becomes the registered row of that rule with that title."""
        row = next((r for r in getattr(v.rule, "rows", ()) if r.title == v.title), None)
        return cls(row if row is not None else Rule(v.rule, v.title), v.message)

    def as_json(self) -> dict[str, Any]:
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
    interpretations: dict[str, Any]
    #: a legal ruling made on the position before a later faction's reveal: why (1.1.1 Order of Play)
    notes: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref check`` (``notes`` only when there are any)."""
        return {"legal": self.legal, "violations": [v.as_json() for v in self.violations],
                "interpretations": self.interpretations, **({"notes": list(self.notes)} if self.notes else {})}


def _ruling(r: Any) -> Ruling:
    return Ruling(r.legal, _violations(r.violations), dict(r.interpretations), tuple(getattr(r, "notes", ())))
