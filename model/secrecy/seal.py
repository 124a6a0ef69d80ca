"""Sealed Pending Cards: a commitment to a card, made when it is selected, checked when it is revealed.

1.1.3: the Pending Card "is placed face down ... Card selection is final"; 1.1.1 Step 2: at its reveal it
is checked "at the time it was selected". At a distance the public file cannot hold the card, so it holds
a seal instead: a SHA-256 digest over the card, a random nonce and the public position it was selected
in. The faction's private file keeps the card and the nonce. At the reveal the seal is computed again: a
match proves the card was chosen then, against that position. The scheme, written so that another tool
can check a seal with a SHA-256 function alone (docs/face-down.md "The seal"):

1. The **position digest** of a state file: its YAML mapping, every mapping key lower case with ``_``
   written ``-``; from each faction's section of each map (``factions: F: M:``) the keys of the face-down
   cards and their selection turn taken out (:data:`HIDDEN_KEYS`: ``hand``, ``hand-count``, ``pending``,
   ``pending-placed``, ``selected``, ``sealed``, ``sealed-in``, ``nonce``) and the game record (the
   top-level ``record:``, model/files/record.py) taken out, so that the digest is the same before and after
   the selection, for every file of one Step 4 and for a whole file and its public file; written as JSON with the keys sorted, no spaces (separators
   ``,`` and ``:``), non-ASCII characters as they are, in UTF-8; ``sha256:`` and the lower-case hex
   SHA-256 of those bytes. Comments, key order and key spelling do not change it; every other value does.
2. The **seal** of faction F's Pending Card C on map M: ``sha256:`` and the hex SHA-256 of the UTF-8 text
   ``aeref-seal-v1\\n{position digest}\\n{F}\\n{M}\\n{C}\\n{nonce}\\n`` (F, M lower case; C the card id,
   ``tk-soviet-26b``; the nonce 32 lower-case hex digits, 16 bytes from :mod:`secrets`).
"""
from __future__ import annotations

import datetime
import hashlib
import json
import re
import secrets
from pathlib import Path
from typing import Any

from ..files.names import norm_key
from ..files.yamlio import load_yaml_file

#: The first line of the text a seal is the digest of: names the scheme and its version.
SCHEME = "aeref-seal-v1"
#: What a nonce looks like: 32 lower-case hexadecimal digits (16 random bytes).
NONCE = re.compile(r"[0-9a-f]{32}")
#: The keys of a faction's map section that the position digest leaves out: the face-down cards.
HIDDEN_KEYS = ("hand", "hand-count", "pending", "pending-placed", "selected", "sealed", "sealed-in", "nonce")
#: The top-level key of the game record (model/files/record.py), outside the position digest.
RECORD = "record"
#: What a digest looks like (a seal or a position digest).
DIGEST = re.compile(r"sha256:[0-9a-f]{64}")


def canonical(value: Any) -> Any:
    """``value`` with every mapping key lower case and ``-`` for ``_`` (dates as ISO text)."""
    if isinstance(value, dict):
        return {norm_key(str(k)): canonical(v) for k, v in value.items()}
    if isinstance(value, list):
        return [canonical(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


def canonical_bytes(data: dict) -> bytes:
    """The bytes the position digest is taken of: the state-file mapping ``data``, :func:`canonical`,
    without the face-down cards' keys (:data:`HIDDEN_KEYS`), as sorted compact JSON in UTF-8."""
    public = canonical(data)
    public.pop(RECORD, None)        # the chain names files; the seal binds the position
    factions = public.get("factions")
    for sections in (factions.values() if isinstance(factions, dict) else ()):
        for sec in (sections.values() if isinstance(sections, dict) else ()):
            if isinstance(sec, dict):
                for k in HIDDEN_KEYS:
                    sec.pop(k, None)
    return json.dumps(public, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def position_digest(data: dict) -> str:
    """``sha256:HEX`` of :func:`canonical_bytes` of the state-file mapping ``data``."""
    return "sha256:" + hashlib.sha256(canonical_bytes(data)).hexdigest()


def file_digest(path: str | Path) -> str:
    """The position digest of the state file at ``path``. Raises :class:`~model.files.errors.InputError`
    when it cannot be read."""
    return position_digest(load_yaml_file(path, str(path)))


def new_nonce() -> str:
    """A fresh nonce: 16 bytes from :mod:`secrets`, as 32 lower-case hex digits."""
    return secrets.token_hex(16)


def seal(digest: str, faction: str, map_: str, card: str, nonce: str) -> str:
    """The seal of ``faction``'s Pending Card ``card`` (an id) on ``map_`` placed in the position of
    ``digest`` with ``nonce``: ``sha256:HEX``. Raises ``ValueError`` for a nonce of the wrong form."""
    if not isinstance(nonce, str) or not NONCE.fullmatch(nonce):
        raise ValueError(f"the nonce {nonce!r} is not 32 lower-case hexadecimal digits")
    text = f"{SCHEME}\n{digest}\n{faction}\n{map_}\n{card}\n{nonce}\n"
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
