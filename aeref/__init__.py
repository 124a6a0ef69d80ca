"""aeref: a rules referee for the Seasonal Phase of the Axis Empires games.

The public face is :mod:`aeref.api`, re-exported here (``aeref.load``,
``aeref.Selection``, ``aeref.InputError`` ...; see ``docs/api.md``), loaded on
first use so that ``import aeref`` stays cheap. The package is laid out as the
repository is: :mod:`aeref.model` (the game position as data, from ``model/``),
:mod:`aeref.solver` (the rules and CP-SAT, from ``solver/``) and :mod:`aeref.cli`
(the ``aeref`` console script, from ``cli/``). See ``docs/design.md``.
"""
from typing import Any

#: The names of :mod:`aeref.api` that ``aeref`` exports.
_API = (
    "Allocation", "AllocationError", "Budget", "Count", "DEFAULT_TIME_LIMIT", "DrmAnswer", "FACTIONS", "Faction",
    "InputError", "LegalSelections", "LogisticsActions", "LogisticsRuling", "MAPS", "Map", "NextTurn", "Placed",
    "Placement", "Plan", "Position", "Progress", "ReplacementsRuling", "RevealAnswer", "Rule", "Ruling", "SEGMENTS",
    "Selection", "TimeLimit", "TimeLimitReached", "Undecided", "Violation", "WAR_STATES", "WarState",
    "WarStateAnswer", "Why", "load", "BrokenLink", "Verified", "check_link", "game_log", "verify",
)
__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    """``__version__``, read from the installed package's metadata on first use (importing
    importlib.metadata costs every command a few hundredths of a second at start-up), and the
    names of :mod:`aeref.api`, imported on first use."""
    if name in _API:
        from . import api   # lazy: `import aeref` alone (e.g. for __version__) does not load the rules
        value = getattr(api, name)
    elif name == "__version__":
        from importlib.metadata import PackageNotFoundError, version  # lazy: see above

        try:
            value = version("aeref")
        except PackageNotFoundError:  # running from a source tree that is not installed
            value = "0+unknown"
    else:
        raise AttributeError(f"module 'aeref' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[Any]:
    return sorted(__all__)
