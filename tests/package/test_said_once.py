"""In model/: a spelling rule and a message are written once, and no function is long.

Read from the source with :mod:`ast` and plain text; nothing is executed.
"""
from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

MODEL = Path(next(iter(importlib.util.find_spec("aeref.model").submodule_search_locations)))

#: The longest function model/ may hold, in lines (docstring included): longer ones are cut into named steps.
LONGEST = 60


def _sources() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(MODEL.rglob("*.py"))}


def _where(pattern: str) -> list[str]:
    return [f"{name}:{text.count(chr(10), 0, m.start()) + 1}"
            for name, text in _sources().items() for m in re.finditer(pattern, text)]


def test_the_spelling_of_a_word_is_normalised_in_names_py_only():
    """``.strip().lower().replace("_", "-").replace(" ", "-")`` (either order) is :func:`model.files.names.norm_word`."""
    chain = r"""\.strip\(\)\.lower\(\)\.replace\(["'](?:_|\s)["'], ["']-["']\)\.replace\(["'](?:_|\s)["'], ["']-["']\)"""
    assert [w.split(":")[0] for w in _where(chain)] == ["names.py"], _where(chain)


def test_map_not_in_play_is_written_in_wording_py_only():
    """The message for a map that is not in play is :func:`model.files.wording.map_not_in_play`."""
    assert {w.split(":")[0] for w in _where(r"is not in play")} == {"wording.py"}, _where(r"is not in play")


def test_no_function_of_model_is_longer_than_sixty_lines():
    long = []
    for name, text in _sources().items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= LONGEST:
                long.append(f"{name}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)")
    assert not long, "cut into named steps: " + "; ".join(long)
