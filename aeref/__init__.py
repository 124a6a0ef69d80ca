"""aeref: a rules referee for the Seasonal Phase of the Axis Empires games.

The package is laid out as the repository is: :mod:`aeref.model` (the game
position as data, from ``model/``), :mod:`aeref.solver` (the rules and CP-SAT,
from ``solver/``) and :mod:`aeref.cli` (the ``aeref`` console script, from
``cli/``). See ``docs/design.md``.
"""
__all__ = ["__version__"]


def __getattr__(name: str):
    """``__version__``, read from the installed package's metadata on first use (importing
    importlib.metadata costs every command a few hundredths of a second at start-up)."""
    if name != "__version__":
        raise AttributeError(f"module 'aeref' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        value = version("aeref")
    except PackageNotFoundError:  # running from a source tree that is not installed
        value = "0+unknown"
    globals()["__version__"] = value
    return value
