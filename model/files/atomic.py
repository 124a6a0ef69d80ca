"""Writing a file atomically, and never over an existing one unless asked.

Every command that writes a file (``select``, ``next-turn``, ``reveal
--write``, ``war-state --write``, ``schema -o``) writes through
:func:`write_text`: the text goes to a temporary file in the same folder,
which is flushed to disk and then put in place in one step, so a crash
leaves the old file or the new one, never half of one.
"""
from __future__ import annotations

import errno
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Optional

#: A temporary file of :func:`write_text` older than this (seconds) is stale: its writer was killed
#: (``kill -9``) before putting it in place. The next write to the same file removes it.
STALE_SECONDS = 60


class FileExists(Exception):
    """The file to write exists and ``force`` was not given."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        super().__init__(f"{path} exists")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove_stale(folder: Path, name: str) -> None:
    """Remove the stale temporary files of writes to ``name`` in ``folder``: exactly the pattern of this
    module's own (``.NAME.XXXXXXXX.tmp``, as :func:`tempfile.mkstemp` names them) and older than
    :data:`STALE_SECONDS` (a write under way is left alone); never any other file."""
    own = re.compile(rf"\.{re.escape(name)}\.[a-z0-9_]{{8}}\.tmp")
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            if own.fullmatch(entry.name) and entry.is_file(follow_symlinks=False) \
                    and now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS:
                os.unlink(entry.path)
        except OSError:                    # gone meanwhile, or not ours to remove
            continue


def stage(target: Path, text: str, mode: Optional[int], force: bool) -> str:
    """Write ``text`` (UTF-8) whole to a temporary file beside ``target`` (``.NAME.XXXXXXXX.tmp``), flushed to
    disk, with the mode ``mode``, else that of the file it is to replace (``force``), else the usual one; returns
    its path. Stale temporary files of earlier writes to ``target`` are removed first (:func:`_remove_stale`)."""
    _remove_stale(target.parent, target.name)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(target.parent or Path(".")))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        # mkstemp makes the file private: give it the mode of the file it replaces, or the usual one
        os.chmod(tmp, mode if mode is not None else (os.stat(target).st_mode & 0o7777) if force and target.exists()
                 else 0o666 & ~_umask())
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def write_text(path: str | Path, text: str, force: bool = False, mode: int | None = None) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically.

    Without ``force`` an existing file is never replaced: raises
    :class:`FileExists` (checked again at the moment the file is put in
    place, so a file that appears meanwhile is not overwritten either).
    With ``force`` a symbolic link is followed (the file it names is replaced)
    and the replaced file's mode is kept; ``mode`` (e.g. ``0o600``, a private file) sets it instead.
    Raises ``OSError`` when the folder cannot be written or ``path`` names
    something other than a regular file (a folder, a device, a pipe; ``t9/``
    names a folder even when there is none). Stale temporary files of earlier
    writes to the same file are removed (:func:`_remove_stale`).
    """
    if not str(path).strip():
        raise OSError(errno.ENOENT, "an empty file name")
    if str(path).endswith(("/", os.sep)):
        raise OSError(errno.EISDIR, "names a folder, not a file")
    target = Path(path)
    if not force and (target.exists() or target.is_symlink()):
        raise FileExists(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))   # --force through a link replaces the file it names, not the link
    if target.exists() and not target.is_file():
        # a folder, a device (/dev/null), a pipe: never replaced by a state file
        raise OSError(errno.EINVAL, "not a regular file: aeref replaces only files")
    tmp = stage(target, text, mode, force)
    try:
        if force:
            os.replace(tmp, target)
        else:
            try:
                os.link(tmp, target)       # fails if the file exists: never overwrite
            except FileExistsError:
                raise FileExists(path) from None
            except OSError:                # no hard links on this file system
                if target.exists():
                    raise FileExists(path) from None
                os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
