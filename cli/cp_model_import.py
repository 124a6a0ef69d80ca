"""The ``aeref`` console script's import of ortools' ``cp_model`` without pandas.

``ortools.sat.python.cp_model`` (9.10 to 9.15 at least) imports pandas at its top for its optional
"series" helpers (``new_int_var_series`` and the like), which aeref never calls; pandas is about 40% of a
cold ``pairs`` or ``replacements`` (bench/results/2026-12-05-pandas-orjson.md: 510 -> 300 ms on an idle
machine). In the console script's process, while that one module is imported, ``pandas`` is a stand-in
holding the two names the module reads at import (``Index`` and ``Series``, in its type aliases); the
stand-in is gone once the import ends, so anything else that imports pandas gets the real one. Nothing
changes for a program that uses :mod:`aeref.api` as a library (its cp_model is ortools' own).

Pinned by tests/package/test_cp_model_import.py: if a new ortools reads more of pandas at import, the
import with the stand-in fails there first (and, in a user's process, :func:`install`'s hook imports
the real pandas and tries again: slower, never wrong). To report upstream: a lazy import of pandas in
``cp_model.py`` would save every CP-SAT user this time.
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types

#: The module whose import gets the stand-in.
TARGET = "ortools.sat.python.cp_model"


def _stand_in() -> types.ModuleType:
    """A ``pandas`` with the names ``cp_model`` reads at import, and no other."""
    pd = types.ModuleType("pandas", "aeref's stand-in while ortools' cp_model is imported (cli/cp_model_import.py)")

    class Index:
        """Stand-in: cp_model's pandas helpers are never called by aeref."""

    class Series:
        """Stand-in: cp_model's pandas helpers are never called by aeref."""

    pd.Index, pd.Series = Index, Series   # type: ignore[attr-defined]
    return pd


class _Loader(importlib.abc.Loader):
    """Runs the real loader of :data:`TARGET` with the stand-in as ``pandas`` (unless pandas is loaded)."""

    def __init__(self, real: importlib.abc.Loader):
        self.real = real

    def create_module(self, spec):
        return self.real.create_module(spec)

    def exec_module(self, module) -> None:
        if "pandas" in sys.modules:                        # the real one is here already: nothing to save
            self.real.exec_module(module)
            return
        sys.modules["pandas"] = _stand_in()
        try:
            self.real.exec_module(module)
        except Exception:                                  # an ortools that needs more of pandas: the real one
            del sys.modules["pandas"]
            self.real.exec_module(module)
        finally:
            if (getattr(sys.modules.get("pandas"), "__doc__", None) or "").startswith("aeref's stand-in"):
                del sys.modules["pandas"]


class _Finder(importlib.abc.MetaPathFinder):
    """Finds :data:`TARGET` as the other finders do and wraps its loader in :class:`_Loader`."""

    def find_spec(self, fullname, path, target=None):
        if fullname != TARGET:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None and spec.loader is not None:
                spec.loader = _Loader(spec.loader)
                return spec
        return None


def install() -> None:
    """In the console script's process, before anything imports ortools: ``cp_model`` is imported
    without pandas (module doc). Does nothing when cp_model is loaded already or the hook is in place."""
    if TARGET in sys.modules or any(isinstance(f, _Finder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Finder())
