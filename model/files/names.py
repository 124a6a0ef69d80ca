"""Spelling rules of FORMAT: keys with hyphens or underscores, names compared case-insensitively."""
from __future__ import annotations

import re
import unicodedata

_SPACE = re.compile(r"\s+")
#: Quote characters a player may type for ' and " (curly, modifier letter, acute, grave, prime ...).
_QUOTES = str.maketrans({c: "'" for c in "\u2019\u2018\u02bc\u00b4`\u2032\u201b\uff07\u02b9\u02c8"}
                        | {c: '"' for c in "\u201c\u201d\u201e\u201f\u2033\uff02"})


def fold(text: str) -> str:
    """``text`` as names are compared: Unicode NFC (``Curaçao`` typed decomposed is ``Curaçao``) and every
    quote character folded to ``'`` or ``"`` (``Stalin’s Purge`` is ``Stalin's Purge``). Every comparison of
    names goes through it (:func:`norm_key`, :func:`norm_word`, :func:`norm_name`, :func:`norm_box`)."""
    if text.isascii() and "`" not in text:         # most names: nothing to fold
        return text
    return unicodedata.normalize("NFC", text).translate(_QUOTES)


def norm_key(key: object) -> object:
    """A mapping key as the schema spells it: lower case, ``_`` -> ``-`` (non-strings unchanged)."""
    if isinstance(key, str):
        return fold(key).strip().lower().replace("_", "-")
    return key


def norm_word(word: object) -> str:
    """A word of the rules' vocabulary as the schema spells it (a unit type, a step kind, a card kind, a
    government ...): lower case, ``_`` and space -> ``-`` (``Pre War`` -> ``pre-war``)."""
    return fold(str(word)).strip().lower().replace("_", "-").replace(" ", "-")


def norm_name(name: object) -> str:
    """A country, marker, box or nationality name for comparison: case-folded, single-spaced."""
    return _SPACE.sub(" ", fold(str(name)).strip()).casefold()


def norm_box(name: object) -> str:
    """A box name for comparison: ``Strategic Warfare Box`` = ``strategic-warfare-box``."""
    return _SPACE.sub(" ", fold(str(name)).replace("-", " ").replace("_", " ").strip()).casefold()

