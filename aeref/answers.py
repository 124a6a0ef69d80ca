"""The typed answers of aeref's public API (:mod:`aeref.api`): rulings, selections,
allocations, reveals, war state changes, DRMs and Logistics actions.

Each answer is a dataclass (or a lazy view, :class:`LegalSelections`) whose
``as_json()`` is exactly the dict the matching ``aeref`` command prints with
``--json`` (docs/format.md section 5). They are made by the methods of
:class:`aeref.api.Position`; import them from :mod:`aeref` or :mod:`aeref.api`
(or from here).

The classes live in modules by concern: :mod:`aeref.answers_ruling` (what every
answer shares, and ``check``'s :class:`Ruling`), :mod:`aeref.answers_selection`
(1.1.3 selections), :mod:`aeref.answers_why` (counting and explaining them),
:mod:`aeref.answers_replacements` (1.3), :mod:`aeref.answers_turn` (select,
reveal, war state, DRM, next turn), :mod:`aeref.answers_logistics` (1.2) and
:mod:`aeref.answers_plan`. This module names them all; those ``check`` never
gives are imported on first use (PEP 562), so that a cold ``check`` does not
make their dataclasses (issue 20).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .answers_ruling import AllocationError, Ruling, TimeLimit, Undecided, Violation
from .answers_selection import ChoiceStream, LegalSelections, Selection

if TYPE_CHECKING:   # for type checkers and the API docs (griffe): at run time __getattr__ imports them on first use
    from .answers_logistics import LogisticsActions, LogisticsRuling
    from .answers_plan import Plan
    from .answers_replacements import Allocation, Placement, ReplacementsRuling
    from .answers_turn import DrmAnswer, NextTurn, Placed, RevealAnswer, WarStateAnswer
    from .answers_why import Count, Why

#: The answers imported on first use, by the module of aeref that holds each.
LAZY: dict[str, str] = {
    "Count": "aeref.answers_why", "Why": "aeref.answers_why",
    "Allocation": "aeref.answers_replacements", "Placement": "aeref.answers_replacements",
    "ReplacementsRuling": "aeref.answers_replacements",
    "DrmAnswer": "aeref.answers_turn", "NextTurn": "aeref.answers_turn", "Placed": "aeref.answers_turn",
    "RevealAnswer": "aeref.answers_turn", "WarStateAnswer": "aeref.answers_turn",
    "LogisticsActions": "aeref.answers_logistics", "LogisticsRuling": "aeref.answers_logistics",
    "Plan": "aeref.answers_plan",
}

__all__ = [
    "Allocation", "AllocationError", "ChoiceStream", "Count", "DrmAnswer", "LegalSelections", "LogisticsActions",
    "LogisticsRuling", "NextTurn", "Placed", "Placement", "Plan", "ReplacementsRuling", "RevealAnswer", "Ruling",
    "Selection", "TimeLimit", "Undecided", "Violation", "WarStateAnswer", "Why",
]


def __getattr__(name: str) -> Any:
    """An answer of :data:`LAZY` (``aeref.answers.Plan`` ...), imported from its module on first use and
    kept here. Raises ``AttributeError`` for a name this module does not have."""
    if name not in LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(LAZY[name]), name)   # lazy: `check` never gives these (issue 20)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
