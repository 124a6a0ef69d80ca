"""Test-only helpers (oracles, generators, benchmarks, docs runner)."""
from __future__ import annotations

import shutil
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def copy_examples(dest: Path) -> Path:
    """Copy the shipped example positions and decks (their ``*.yaml`` files only,
    not reports or other files a user wrote next to them) to ``dest``; returns ``dest``."""
    shutil.copytree(EXAMPLES, dest, ignore=lambda d, names: [
        n for n in names if not n.endswith(".yaml") and not (Path(d) / n).is_dir()])
    return dest
