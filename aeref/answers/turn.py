"""The answers of the Seasonal Turn's steps that write a position: :class:`Placed` (``select``,
1.1.1 Step 4 and 1.1.3), :class:`RevealAnswer` (``reveal``: 1.1.1, 1.1.2.2, 12),
:class:`WarStateAnswer` (``war-state``, 12) and :class:`NextTurn` (``next-turn``); and
:class:`DrmAnswer` (``drm``, the Political DRM of 1.1.2.1). Loaded on first use.
Import them from :mod:`aeref.answers` (or :mod:`aeref`).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from .ruling import Ruling
from ..model.game.vocabulary import WarState


class _Writes:
    """An answer with a resulting ``position`` that :meth:`write` writes as a new state file."""

    position: Any               # the resulting Position (None: select ruled the selection illegal)
    written: Optional[str] = None
    #: the private files written beside the state file (a position with face-down cards, docs/face-down.md)
    private_written: tuple[Any, ...] = ()
    #: what made the position, for the game record of a chained file (``{command, faction, turn, ...}``)
    made_by: Optional[dict[str, Any]] = None
    #: the seals a reveal opened, published in the game record (docs/face-down.md "The game record")
    opened: tuple[Any, ...] = ()

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """Write the resulting position at ``path``, atomically; an existing file only with ``force``
        (else :class:`~aeref.model.files.atomic.FileExists`); ``previous``: the file named as its
        ``previous:``; the private files written with it are recorded in ``private_written``. Raises
        ``OSError`` when the file cannot be written."""
        from ..model.files.write import write_state          # lazy: only commands that write need it
        files = write_state(self.position.data, path, previous=previous, force=force, made_by=self.made_by,
                            opened=list(self.opened))
        # the answers are frozen (a caller cannot change them): what was written is recorded all the same
        object.__setattr__(self, "written", path)
        object.__setattr__(self, "private_written", tuple(str(p) for p in files if str(p) != str(path)))

    def text(self, previous: Optional[str] = None) -> str:
        """The resulting position as the text of one state file in the working directory (its deck paths and
        ``previous:`` relative to it, as a state file read from standard input reads them): what
        ``--write -`` prints. Raises ``ValueError`` when it is not written (as :meth:`write`) or when it is
        no single file: a position with face-down cards is a public file and private files (1.1)."""
        from ..model.files.write import chained, is_split, new_record, state_text   # lazy: only commands that write
        self._writable(previous)
        if is_split(self.position.data):
            raise ValueError("the position has face-down cards, written as a public file and private files "
                             "(docs/face-down.md): give a file name")
        object.__setattr__(self, "written", "-")
        out = Path.cwd() / "-"
        record = new_record(self.position.data, out, self.made_by, list(self.opened)) \
            if self.made_by is not None and chained(self.position.data) else None
        return state_text(self.position.data, out, previous, record)

    def _writable(self, previous: Optional[str]) -> None:
        """Raises ``ValueError`` when the resulting position is not to be written (the subclasses say when)."""


@dataclass(frozen=True)
class RevealAnswer(_Writes):
    """The Option Card Procedure of a faction, or of every faction in the order of play
    (1.1.1, 1.1.2.2, 12): ``reveals`` (each with ``faction`` and ``steps``), ``illegal`` (a
    revealed card was illegal) and the resulting ``position``."""

    reveals: list[Any]
    illegal: bool
    position: Any   # an aeref.api.Position (not imported, not even for type checking: aeref.api imports this)
    _json: dict[str, Any] = field(repr=False, default_factory=dict)
    #: the violations of the player's placement of repatriated units (1.1.1 Step 2, 1.3.4) or card removal (1.1.2)
    refused: list[Any] = field(default_factory=list)
    #: the 1.1.2 removals waiting for the player's choice (several cards may be removed, none chosen)
    open_choices: list[Any] = field(default_factory=list)

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """As :meth:`_Writes.write`; a refused placement or removal, or a removal waiting for the player's
        choice, writes nothing (``ValueError``)."""
        self._writable(previous)
        super().write(path, force, previous)

    def _writable(self, previous: Optional[str]) -> None:
        if self.refused:
            raise ValueError("the reveal is refused (" + "; ".join(str(v) for v in self.refused) + "): nothing is written")
        if self.open_choices:
            raise ValueError("; ".join(e["message"] for e in self.open_choices) + ": nothing is written")

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref reveal`` (``written``: the file :meth:`write` wrote, or None)."""
        return {**copy.deepcopy(self._json), "written": self.written}


@dataclass(frozen=True)
class WarStateAnswer(_Writes):
    """The war state of a map (12) and what changes it: ``war_state`` in effect, ``triggers``
    (``(war state, cause)``), the ``change`` (``.headline()``, ``.effects``) or ``violation`` (a
    change back to an earlier war state: ``legal`` False), ``notes``, the resulting ``position``."""

    map: str
    turn: str
    war_state: WarState
    legal: bool
    triggers: list[Any]
    change: Any
    violation: Optional[dict[str, Any]]
    notes: list[Any]
    position: Any   # an aeref.api.Position (not imported, not even for type checking: aeref.api imports this)

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """As :meth:`RevealAnswer.write`; an illegal change writes nothing (``ValueError``)."""
        self._writable(previous)
        super().write(path, force, previous)

    def _writable(self, previous: Optional[str]) -> None:
        if not self.legal:
            raise ValueError("an illegal war state change is not written")

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref war-state``."""
        out = {"map": self.map, "turn": self.turn, "legal": self.legal, "war-state": self.war_state,
               "triggers": [{"war-state": s, "cause": why} for s, why in self.triggers],
               "change": self.change.as_json() if self.change.changes else None,
               "violations": [self.violation] if self.violation else [], "written": self.written}
        if self.notes:
            out["notes"] = self.notes
        return out


@dataclass(frozen=True)
class Placed(_Writes):
    """``select``: the :class:`Ruling` on the selection and, when legal, the ``position`` with the
    cards placed face down as the Pending Cards (None when illegal); ``pending`` ``{map: card}``."""

    ruling: Ruling
    pending: dict[str, Any]
    position: Any               # the resulting Position (None: select ruled the selection illegal)
    #: ``select --seal``: the faction whose Pending Cards are sealed when written (model/secrecy/seal.py), else None
    seal_for: Optional[str] = None
    #: the seals written, ``{map: "sha256:..."}`` (after :meth:`write` with ``seal_for``)
    seals: dict[str, Any] = field(default_factory=dict)

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """As :meth:`RevealAnswer.write`; an illegal selection writes nothing (``ValueError``). With
        ``seal_for``, each Pending Card is sealed first (a fresh nonce, the seal over the digest of the
        public position written, docs/face-down.md) and the position written as a public file and
        private files. A selection in a file of a game record is always sealed."""
        self._writable(previous)
        if self.seal_for is None and self.made_by and self.position.chained:
            # a file of a game record: a Pending Card placed face down is always sealed, or no other player
            # could check it at its reveal (aeref verify, docs/face-down.md "The game record")
            object.__setattr__(self, "seal_for", self.made_by["faction"])     # frozen: recorded as written
        if self.seal_for is not None:
            from ..model.files.write import seal_pending      # lazy: only commands that write load the writer
            object.__setattr__(self, "seals", seal_pending(self.position.data, self.seal_for, path, previous))
        super().write(path, force, previous)

    def _writable(self, previous: Optional[str]) -> None:
        if self.position is None:
            raise ValueError("an illegal selection is not written")

    def text(self, previous: Optional[str] = None) -> str:
        """As :meth:`_Writes.text`; a sealed selection is a public file and a private file (``ValueError``)."""
        if self.seal_for is not None:
            raise ValueError("--seal writes a public file and the faction's private file (docs/face-down.md): "
                             "give a file name")
        return super().text(previous)

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref select`` (``sealed``: the seals written, with ``--seal``)."""
        out = {**self.ruling.as_json(), "pending": dict(self.pending), "written": self.written}
        if self.seal_for is not None:
            out["sealed"] = dict(self.seals)
        return out


@dataclass(frozen=True)
class NextTurn(_Writes):
    """The next Seasonal Turn's ``position`` (from turn ``before``), the Pending Cards it carries
    (``pending``: faction -> map -> card) and ``notes``."""

    before: str
    position: Any   # an aeref.api.Position (not imported, not even for type checking: aeref.api imports this)
    pending: dict[str, Any]
    notes: list[Any]
    previous: Optional[str] = None

    def write(self, path: str, force: bool = False, previous: Optional[str] = None) -> None:
        """As :meth:`RevealAnswer.write`; ``previous`` (the state file of this turn; None: the file this
        position was read from) is remembered."""
        if previous is None and self.position.data.file != "-":
            previous = self.position.data.file
        super().write(path, force, previous)
        object.__setattr__(self, "previous", previous)   # frozen: recorded as written (see _Writes.write)

    def text(self, previous: Optional[str] = None) -> str:
        """As :meth:`_Writes.text`; ``previous`` is remembered."""
        out = super().text(previous)
        object.__setattr__(self, "previous", previous)
        return out

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref next-turn``."""
        return {"turn": str(self.position.data.turn), "from": self.before, "previous": self.previous,
                "pending": self.pending, "notes": self.notes, "written": self.written}


# ----------------------------------------------------------------------------- DRM and logistics

@dataclass(frozen=True)
class DrmAnswer:
    """The Political DRM (1.1.2.1) of each roll on ``map`` in ``segment``: ``rolls`` (each with
    ``table``, ``total`` and ``terms``: ``value``, ``name``, ``message``)."""

    map: str
    segment: str
    rolls: tuple[Any, ...]

    def as_json(self) -> dict[str, Any]:
        """The JSON of ``aeref drm``."""
        return {"map": self.map, "rule": "1.1.2.1", "segment": self.segment, "rolls": [r.as_json() for r in self.rolls]}
