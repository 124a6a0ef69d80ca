"""aeref: a rules referee for the Seasonal Phase of the Axis Empires games.

The package is laid out as the repository is: :mod:`aeref.model` (the game
position as data, from ``model/``), :mod:`aeref.solver` (the rules and CP-SAT,
from ``solver/``) and :mod:`aeref.cli` (the ``aeref`` console script, from
``cli/``). See ``docs/design.md``.
"""
from importlib.metadata import PackageNotFoundError, version as _version

try:
    __version__ = _version("aeref")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
