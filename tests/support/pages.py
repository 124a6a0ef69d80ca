"""Documentation generated from the code: the table of named interpretations on
docs/interpretations.md, written from ``model/game/interpretations.py``.

The generated part of a page lies between the lines ``<!-- generated: NAME -->``
and ``<!-- end generated -->``; the rest of the page is written by hand.
``tests/test_readme.py`` checks that the committed page is current. After a
change to the interpretations, run from the top of the repository (in the
virtual environment)::

    python -m tests.support.pages
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INTERPRETATIONS_PAGE = ROOT / "docs" / "interpretations.md"
_BLOCK = re.compile(r"(<!-- generated: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- end generated -->)", re.S)


def _cell(text: str) -> str:
    """One table cell: no line break, no unescaped ``|``."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _value(value) -> str:
    return ",".join(value) if isinstance(value, (list, tuple)) else str(value)


def interpretations_table() -> str:
    """The Markdown table of every named interpretation (``model.game.interpretations.INTERPRETATIONS``), in
    registry order: name, rule, default, the values it takes, what each means. Returns the table's lines,
    each ending with a newline."""
    from aeref.model.game.interpretations import INTERPRETATIONS

    lines = ["| name | rule | default | values | meaning |\n", "|---|---|---|---|---|\n"]
    for it in INTERPRETATIONS.values():
        values = " or ".join(f"`{v}`" for v in it.values) if it.values else "a list of names"
        lines.append(f"| `{it.name}` | {it.rule} | `{_cell(_value(it.default))}` | {values} | {_cell(it.meaning)} |\n")
    return "".join(lines)


GENERATORS = {"interpretations": interpretations_table}


def current(text: str) -> str:
    """``text`` (a page) with every generated block rewritten from the code; raises ``KeyError`` for a block
    whose name has no generator."""
    return _BLOCK.sub(lambda m: m.group(1) + GENERATORS[m.group("name")]() + m.group(4), text)


def update(page: Path = INTERPRETATIONS_PAGE) -> bool:
    """Rewrite the generated blocks of ``page``; returns whether anything changed."""
    old = page.read_text(encoding="utf-8")
    new = current(old)
    if new != old:
        page.write_text(new, encoding="utf-8")
    return new != old


if __name__ == "__main__":
    for name in sys.argv[1:] or [str(INTERPRETATIONS_PAGE.relative_to(ROOT))]:
        print(("updated " if update(ROOT / name) else "current: ") + name)
