"""MkDocs hook: lay the package's source out as it installs, for mkdocstrings.

The repository keeps ``model/``, ``solver/`` and ``cli/`` at the top and installs
them as ``aeref.model``, ``aeref.solver`` and ``aeref.cli`` (``package-dir`` in
pyproject.toml). griffe, which reads the source for mkdocstrings, cannot follow
that mapping in an editable install, so at start-up and before each build this copies the
``.py`` files into ``build/docs-src/aeref/`` in the installed layout (the
``paths`` of the python handler in mkdocs.yml). Nothing is imported.
"""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "build" / "docs-src" / "aeref"
LAYOUT = {"aeref": "", "model": "model", "solver": "solver", "cli": "cli"}   # source folder -> place in aeref


def on_startup(command, dirty) -> None:
    """Before mkdocstrings reads its ``paths``: the first copy."""
    copy_source()


def on_pre_build(config, **kwargs) -> None:
    """Before each build (``mkdocs serve`` rebuilds on a change): the source as it is now."""
    copy_source()


def copy_source() -> None:
    """Copy the source into ``build/docs-src/aeref`` (replacing an older copy)."""
    shutil.rmtree(TARGET, ignore_errors=True)
    for source, place in LAYOUT.items():
        for path in (ROOT / source).rglob("*.py"):
            out = TARGET / place / path.relative_to(ROOT / source)
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, out)
