"""The benchmark scripts' position generators (``bench/*.py``, benchmark-only data) for tests.

``bench/`` is not a package: a script there is loaded from its file, once, and
kept under the name ``aeref_bench_<script>``.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load(script: str):
    """The module of ``bench/<script>.py`` (loaded once)."""
    name = f"aeref_bench_{script}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{script}.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]
