"""Writing files from the command line: a page or a schema, or the position an answer results in;
atomically, an existing file only with ``--force``. Each problem is a :class:`~.common.BadInput`
naming the option."""
from __future__ import annotations

from typing import Optional

from ..model.files.atomic import FileExists, write_text
from .common import BadInput


def _refused(option: str, path: str, exc: Exception) -> BadInput:
    if isinstance(exc, FileExists):
        return BadInput(f"{option} {path}: the file exists; give --force to overwrite it (nothing was written)")
    return BadInput(f"{option} {path}: cannot write: {getattr(exc, 'strerror', None) or exc}")


def write_text_safely(path: str, text: str, force: bool, option: str) -> None:
    """Write ``text`` to ``path`` atomically (:func:`aeref.model.files.atomic.write_text`); an existing file only
    with ``force``. Raises :class:`BadInput` naming ``option``."""
    try:
        write_text(path, text, force)
    except (FileExists, OSError) as exc:
        raise _refused(option, path, exc) from None


def write_answer(answer, path: str, force: bool, option: str = "--write", previous: Optional[str] = None) -> None:
    """Write the position ``answer`` results in (its ``write``: a reveal, a war state change, a
    selection, the next turn) at ``path``; an existing file only with ``force``. Raises
    :class:`BadInput` naming ``option``."""
    try:
        answer.write(path, force, previous)
    except (FileExists, OSError) as exc:
        raise _refused(option, path, exc) from None
