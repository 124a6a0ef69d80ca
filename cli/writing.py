"""Writing files from the command line: a page or a schema, or the position an answer results in;
atomically, an existing file only with ``--force``. Each problem is a :class:`~.common.BadInput`
naming the option."""
from __future__ import annotations

import os
import sys
from typing import Optional

import click

from ..model.files.atomic import FileExists, write_text
from .common import BadInput


def _refused(option: str, path: str, exc: Exception) -> BadInput:
    if isinstance(exc, FileExists):
        # the file in the way may be one of the set written with it (a private file beside the public one)
        other = exc.path if exc.path and not _same_file(exc.path, path) else None
        what = f"{other}, written with it, exists" if other else "the file exists"
        return BadInput(f"{option} {path}: {what}; give --force to overwrite it (nothing was written)")
    return BadInput(f"{option} {path}: cannot write: {getattr(exc, 'strerror', None) or exc}")


def write_text_safely(path: str, text: str, force: bool, option: str) -> None:
    """Write ``text`` to ``path`` atomically (:func:`aeref.model.files.atomic.write_text`); an existing file only
    with ``force``; ``-`` is standard output (as STATE ``-`` is standard input), never a file named ``-``.
    Raises :class:`BadInput` naming ``option``."""
    if path == "-":
        click.echo(text, nl=False)
        return
    try:
        write_text(path, text, force)
    except (FileExists, OSError) as exc:
        raise _refused(option, path, exc) from None


def write_answer(answer, path: str, force: bool, option: str = "--write", previous: Optional[str] = None) -> None:
    """Write the position ``answer`` results in (its ``write``: a reveal, a war state change, a
    selection, the next turn) at ``path``; an existing file only with ``force``. Raises
    :class:`BadInput` naming ``option``; also when ``previous`` (the file the written ``previous:`` names)
    is ``path`` itself: replacing it would destroy the position the Pending Cards were selected in, which the
    reveal checks them against (1.1.1 Step 2)."""
    if path == "-":
        _to_standard_output(answer, option, previous)
        return
    if previous and previous != "-" and _same_file(previous, path):
        raise BadInput(f"{option} {path}: this is the file its previous: names ({previous}); the earlier position "
                       "must be kept: write to a new file (nothing was written)")
    try:
        answer.write(path, force, previous)
    except (FileExists, OSError) as exc:
        raise _refused(option, path, exc) from None


def _to_standard_output(answer, option: str, previous: Optional[str]) -> None:
    """``--write -``: the resulting state file on standard output, for a pipe (``aeref next-turn S --write - |
    aeref reveal - ...``); what the command says for people then goes to standard error, so that standard
    output holds the one state file. ``--json`` would be a second document there: a usage error (and so is a
    position that is a public file and private files). Raises :class:`BadInput` naming ``option``."""
    ctx = click.get_current_context()
    if ctx.params.get("as_json"):
        raise BadInput(f"{option} -: the state file goes to standard output, and so would the JSON: give a file "
                       "name, or leave out --json (nothing was written)")
    try:
        text = answer.text(previous)
    except ValueError as exc:
        raise BadInput(f"{option} -: {exc} (nothing was written)") from None
    click.echo(text, nl=False)
    out = sys.stdout
    sys.stdout = sys.stderr            # the rest of the command's words, for people

    def restore():
        sys.stdout = out
    ctx.call_on_close(restore)


def written_name(path: str) -> str:
    """How the command's words name the file it wrote: ``-`` is standard output."""
    return "the state file to standard output" if path == "-" else path


def _same_file(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` name one file (the same inode, or the same path once resolved)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)
