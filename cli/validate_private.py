"""``aeref validate PRIVATE [--state PUBLIC]``: a faction's private file (1.1 face down,
docs/face-down.md) checked as what it is: joined to its public file (``STEM.FACTION.private.yaml``
goes with ``STEM.yaml`` beside it, or the file ``--state`` names), as every command joins it, and the
whole position read. A private file alone is no position: without its public file the one ``Error:``
line says to give it."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import click

from ..model.files.errors import InputError, Problem
from ..model.files.load import read_state
from ..model.files.names import norm_key
from ..model.files.yamlio import load_yaml_file
from ..model.game.vocabulary import FACTIONS, faction_name, plural
from .common import BadInput, print_problems, problems_exit
from .jsonout import emit_json

#: The first line of data of a private file (``split`` writes ``private: FACTION`` first).
_FIRST = re.compile(r"""\s*['"]?private['"]?\s*:""", re.IGNORECASE)


def is_private(path: str) -> Optional[str]:
    """The faction of the private file at ``path`` (its ``private:`` key, as written), or None when
    the file is no private file. Only a file whose first line of data is ``private:`` is read whole
    (a state file is read once, by the state file reader)."""
    try:
        with open(path, encoding="utf-8") as fh:
            first = next((line for line in fh if line.strip() and not line.lstrip().startswith("#")), "")
        if not _FIRST.match(first):
            return None
        data = load_yaml_file(path)
    except (InputError, OSError, UnicodeDecodeError, ValueError):
        return None           # the file's own problem is reported by the state file reader
    if not isinstance(data, dict) or not any(norm_key(k) == "private" for k in data):
        return None
    return str(next(v for k, v in data.items() if norm_key(k) == "private"))


def public_of(path: str) -> Optional[Path]:
    """The public file the private file ``path`` goes with by its name: ``STEM.yaml`` for
    ``STEM.FACTION.private.yaml`` (model/secrecy/private.py ``private_path``), or None."""
    p = Path(path)
    m = re.fullmatch(r"(?P<stem>.+)\.(?P<faction>[a-z]+)\.private\.ya?ml", p.name, re.IGNORECASE)
    if m is None or m.group("faction").lower() not in FACTIONS:
        return None
    return p.with_name(m.group("stem") + ".yaml")


def validate_private(path: str, faction: str, state: Optional[str], privates: tuple, as_json: bool) -> int:
    """Check the private file ``path`` (of ``faction``) joined to its public file: ``state`` (``--state``)
    or :func:`public_of`. Prints every problem (or ``OK: ...``) and returns the exit code (0, or 2 with one
    ``Error:`` line). Raises :class:`BadInput` when the public file is not given and not found beside it."""
    public = Path(state) if state is not None else public_of(path)
    if public is None or not public.is_file():
        looked = f" ({public} not found)" if public is not None else ""
        f = norm_key(faction)
        whose = f"the {faction_name(f)} faction" if f in FACTIONS else f"faction {faction}"
        missing = Problem(path, "private", f"a private file of {whose}: a private file is validated with its public file{looked}: "
                                           f"aeref validate {path} --state PUBLIC")
        if as_json:
            emit_json({"ok": False, "kind": "private", "problems": [missing.as_json()]})
        raise BadInput(str(missing))
    pos, problems = read_state(public, privates=(path, *privates))
    if as_json:
        emit_json({"ok": not problems, "kind": "private", "public": str(public),
                   "problems": [p.as_json() for p in problems]})
        return problems_exit(problems)
    if problems:
        return print_problems(problems)
    assert pos is not None          # read_state gives a position when it found no problem
    f = str(norm_key(faction))
    n = sum(len(fm.hand) for fm in pos.factions.get(f, {}).values())
    click.echo(f"OK: {path}: the private file of the {faction_name(f)} faction, joined to {public}: "
               f"{pos.game.upper()} {pos.turn}, {plural(n, 'card')} in its hands")
    return 0
