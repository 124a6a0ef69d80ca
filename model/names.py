"""Spelling rules of FORMAT: keys with hyphens or underscores, names compared case-insensitively."""
from __future__ import annotations

import re

_SPACE = re.compile(r"\s+")


def norm_key(key: object) -> object:
    """A mapping key as the schema spells it: lower case, ``_`` -> ``-`` (non-strings unchanged)."""
    if isinstance(key, str):
        return key.strip().lower().replace("_", "-")
    return key


def norm_word(word: object) -> str:
    """A word of the rules' vocabulary as the schema spells it (a unit type, a step kind, a card kind, a
    government ...): lower case, ``_`` and space -> ``-`` (``Pre War`` -> ``pre-war``)."""
    return str(word).strip().lower().replace("_", "-").replace(" ", "-")


def norm_name(name: object) -> str:
    """A country, marker, box or nationality name for comparison: case-folded, single-spaced."""
    return _SPACE.sub(" ", str(name).strip()).casefold()


def norm_box(name: object) -> str:
    """A box name for comparison: ``Strategic Warfare Box`` = ``strategic-warfare-box``."""
    return _SPACE.sub(" ", str(name).replace("-", " ").replace("_", " ").strip()).casefold()

