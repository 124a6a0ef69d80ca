"""The typed answers of aeref's public API (:mod:`aeref.api`): rulings, selections,
allocations, reveals, war state changes, DRMs and Logistics actions.

Each answer is a dataclass (or a lazy view, :class:`LegalSelections`) whose
``as_json()`` is exactly the dict the matching ``aeref`` command prints with
``--json`` (docs/format.md section 5). They are made by the methods of
:class:`aeref.api.Position`; import them from :mod:`aeref` or :mod:`aeref.api`
(or from here).

The classes live in modules by concern: :mod:`aeref.answers.ruling` (what every
answer shares, and ``check``'s :class:`Ruling`), :mod:`aeref.answers.selection`
(1.1.3 selections), :mod:`aeref.answers.why` (counting and explaining them),
:mod:`aeref.answers.replacements` (1.3), :mod:`aeref.answers.turn` (select,
reveal, war state, DRM, next turn), :mod:`aeref.answers.logistics` (1.2) and
:mod:`aeref.answers.plan`. This module names them all; those ``check`` never
gives are imported on first use (PEP 562), so that a cold ``check`` does not
make their dataclasses.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .ruling import AllocationError, Ruling, TimeLimit, Undecided, Violation
from .selection import ChoiceStream, LegalSelections, Selection

if TYPE_CHECKING:   # for type checkers and the API docs (griffe): at run time __getattr__ imports them on first use
    from .logistics import LogisticsActions, LogisticsRuling
    from .plan import Plan
    from .replacements import Allocation, Placement, ReplacementsRuling
    from .turn import DrmAnswer, NextTurn, Placed, RevealAnswer, WarStateAnswer
    from .why import Count, Why
    from .others import HandSeen, PossiblePlan, PossibleRuling, PossibleSelections

#: The answers imported on first use, by the module of aeref that holds each.
LAZY: dict[str, str] = {
    "Count": "aeref.answers.why", "Why": "aeref.answers.why",
    "Allocation": "aeref.answers.replacements", "Placement": "aeref.answers.replacements",
    "ReplacementsRuling": "aeref.answers.replacements",
    "DrmAnswer": "aeref.answers.turn", "NextTurn": "aeref.answers.turn", "Placed": "aeref.answers.turn",
    "RevealAnswer": "aeref.answers.turn", "WarStateAnswer": "aeref.answers.turn",
    "LogisticsActions": "aeref.answers.logistics", "LogisticsRuling": "aeref.answers.logistics",
    "Plan": "aeref.answers.plan",
    "HandSeen": "aeref.answers.others", "PossiblePlan": "aeref.answers.others", "PossibleRuling": "aeref.answers.others",
    "PossibleSelections": "aeref.answers.others",
}

__all__ = [
    "Allocation", "AllocationError", "ChoiceStream", "Count", "DrmAnswer", "HandSeen", "LegalSelections", "LogisticsActions",
    "LogisticsRuling", "NextTurn", "Placed", "Placement", "Plan", "PossiblePlan", "PossibleRuling", "PossibleSelections", "ReplacementsRuling", "RevealAnswer",
    "Ruling", "Selection", "TimeLimit", "Undecided", "Violation", "WarStateAnswer", "Why",
]


def __getattr__(name: str) -> Any:
    """An answer of :data:`LAZY` (``aeref.answers.Plan`` ...), imported from its module on first use and
    kept here. Raises ``AttributeError`` for a name this module does not have."""
    if name not in LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(LAZY[name]), name)   # lazy: `check` never gives these
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
