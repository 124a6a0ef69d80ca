"""``aeref validate DECK``: a deck file checked on its own (FORMAT section 2)."""
from __future__ import annotations

import re

import click

from ..model.files.decks import check_deck, looks_like_deck
from ..model.files.errors import InputError
from ..model.files.yamlio import load_yaml_file

from .common import print_problems, problems_exit
from .jsonout import emit_json


def is_deck(path: str) -> bool:
    """True when ``path`` reads as a deck file (a mapping with ``cards:`` and no ``game:``)."""
    try:
        with open(path, encoding="utf-8") as fh:
            if re.search(r"(?mi)^['\"]?game['\"]?\s*:", fh.read()):
                return False  # a state file: read once, by read_state
        return looks_like_deck(load_yaml_file(path))
    except (InputError, OSError, UnicodeDecodeError):
        return False          # read_state reports the file's problem


def validate_deck(path: str, as_json: bool) -> int:
    res = check_deck(path)
    if as_json:
        emit_json({"ok": not res.problems, "kind": "deck", "problems": [p.as_json() for p in res.problems],
                   "notes": [p.as_json() for p in res.notes]})
        return problems_exit(res.problems)
    code = print_problems(res.problems)
    if not res.problems:
        click.echo(f"OK: {path}: {res.summary()}")
    for n in res.notes:
        click.echo(f"Note: {n}")
    return code
