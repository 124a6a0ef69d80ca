"""``aeref validate ALLOCATION --state STATE``: a proposed allocation of replacement steps
(FORMAT 5 ``check-replacements``) checked against its state file, as ``check-replacements``
reads it (every unit, location and step must be one the position has), without the ruling."""
from __future__ import annotations

import re
from typing import Any, Optional

import click

from ..api import Position
from ..model.files.errors import InputError, Problem
from ..model.files.load import read_state
from ..model.game.vocabulary import faction_name
from ..model.files.yamlio import load_yaml_file
from .common import BadInput, print_problems, problems_exit
from .jsonout import emit_json


def looks_like_allocation(data: Any) -> bool:
    """A YAML document that is an allocation: ``{placements: [...]}``, or a list that is empty or
    holds a placement (a mapping with ``unit:``); a list of anything else is no allocation."""
    if isinstance(data, dict) and len(data) == 1 and str(next(iter(data))).strip().lower() == "placements":
        return True
    return isinstance(data, list) and (not data or any(
        isinstance(x, dict) and "unit" in {str(k).strip().lower() for k in x} for x in data))


def is_allocation(path: str) -> bool:
    """True when the file at ``path`` reads as an allocation file (:func:`looks_like_allocation`).
    A file whose first line of data does not open a list or ``placements:`` is not parsed here
    (a state file is read once, by the state file reader)."""
    try:
        with open(path, encoding="utf-8") as fh:
            first = next((line for line in fh if line.strip() and not line.lstrip().startswith("#")), "")
        if not re.match(r"\s*(-|\[|['\"]?placements['\"]?\s*:)", first, re.IGNORECASE):
            return False
        return looks_like_allocation(load_yaml_file(path))
    except (InputError, OSError, UnicodeDecodeError):
        return False          # the file's own problem is reported by the state file reader


def _rows(data: Any) -> list:
    rows = next(iter(data.values())) if isinstance(data, dict) else data
    return rows if isinstance(rows, list) else []


def _whose(pos, data: Any) -> tuple[str, str]:
    """The (faction, map) whose replacements the allocation places: the Force Pool that holds the
    most units it names (of the ``replacements:`` sections of the state file, in their order)."""
    named = {str(r.get("unit")) for r in _rows(data) if isinstance(r, dict)}
    pools = list(pos.replacements.items()) or [((m, f), None) for f in pos.factions for m in pos.maps]
    def held(item):
        (_, _), fr = item
        return len(named & {u.id for u in fr.force_pool}) if fr is not None else 0
    (m, f), _ = max(pools, key=held) if pools else ((pos.maps[0], "axis"), None)
    return f, m


def _report(problems: list, as_json: bool, extra: dict, ok_line: str) -> int:
    if as_json:
        emit_json({"ok": not problems, "kind": "allocation", **extra, "problems": [p.as_json() for p in problems]})
    elif problems:
        return print_problems(problems)
    else:
        click.echo(ok_line)
    return problems_exit(problems)


def validate_allocation(path: str, state: Optional[str], as_json: bool) -> int:
    """Check the allocation file ``path`` against the state file ``state`` as ``check-replacements``
    reads it (:meth:`aeref.api.Position.allocation_problems`): every unit in the position, every
    location on its map, every step one received. Prints every problem (or ``OK: ...``) and
    returns the exit code: 0, or 2 with one ``Error:`` line. Raises :class:`BadInput` when
    ``state`` is None (an allocation is validated against its state file; with ``as_json`` the
    JSON with that problem is printed first)."""
    if state is None:
        missing = Problem(path, "", "an allocation file (a list of {unit, location, paid-with}, as `check-replacements` "
                                    f"reads): validate it against its state file: aeref validate {path} --state STATE")
        if as_json:
            emit_json({"ok": False, "kind": "allocation", "problems": [missing.as_json()]})
        raise BadInput(str(missing))       # one line, on stderr
    pos, problems = read_state(state)
    if pos is None or problems:
        return _report(problems, as_json, {"state": state}, "")
    data = load_yaml_file(path)
    f, m = _whose(pos, data)
    n, problems = Position(pos).allocation_problems(f, data, m, path)
    extra = {"state": state, "faction": f, "map": m, "placements": n}
    return _report(problems, as_json, extra,
                   f"OK: {path}: {n} placement{'s' if n != 1 else ''} of {faction_name(f)} replacements on the "
                   f"{m.upper()} map, checked against {state} (`aeref check-replacements` rules on them)")


def state_option_misused(path: str) -> Problem:
    """The problem of ``--state`` given with a file that is not an allocation."""
    return Problem(path, "", "--state names the state file of an allocation file; this is not one (a list of "
                             "{unit, location, paid-with})")
