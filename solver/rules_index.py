"""The rules index (docs/rules.md), generated from the registry: ``python -m aeref.solver.rules_index > docs/rules.md``.

Imports every module that defines rows of a rule (so that each row is
registered) and writes, for each rule of :data:`solver.engine.registry.RULES`, its
number, title, module, what it decides and the interpretations it reads,
then its rows: the number and title a ruling prints, the maps, the module
that defines it and the rules text it encodes.
``tests/package/test_rules_registry.py`` checks that the committed file is current.
"""
from __future__ import annotations

import sys

# the modules that define rows of a rule, imported so that each row is registered
from . import logistics, war_state  # noqa: F401
from .option_cards import procedure, turn  # noqa: F401
from .selection import rules as selection  # noqa: F401
from .selection import hidden  # noqa: F401
from .engine.registry import RULES, Row
from .replacements import locations, received, taking  # noqa: F401
from .replacements import rules as replacement_rules  # noqa: F401

_HEAD = """# Rules index

Generated from the rule registry (`solver/engine/registry.py`) by
`python -m aeref.solver.rules_index > docs/rules.md`; `tests/package/test_rules_registry.py`
checks that it is current. Each rule is one object, `rules["1.3.4"]`; what a ruling
prints ("number title: message") comes from its rows (parts and table lines).
"""


def _module(row: Row) -> str:
    """The module that made ``row``, without the package name."""
    return row.module.replace("aeref.", "", 1) or "-"


def _cell(text: str) -> str:
    return text.replace("|", "\\|") or "-"


def index() -> str:
    """The rules index as Markdown: one section per registered rule, a table of its rows."""
    out = [_HEAD]
    for rule in RULES:
        out.append(f"## {rule.number} {rule.title}\n")
        out.append(f"- module: `{rule.module}`")
        out.append(f"- decides: {rule.decides}")
        interp = ", ".join(f"`{n}`" for n in rule.interpretations) or "none"
        out.append(f"- interpretations: {interp}\n")
        if rule.rows:
            out.append("| printed | title | maps | defined in | text |")
            out.append("|---|---|---|---|---|")
            for row in rule.rows:
                maps = "both" if set(row.maps) == {"tk", "ds"} else "/".join(m.upper() for m in row.maps)
                out.append(f"| {row.printed} | {_cell(row.title)} | {maps} | `{_module(row)}` | {_cell(row.text)} |")
            out.append("")
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(index())
