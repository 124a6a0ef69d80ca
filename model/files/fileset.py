"""Writing a set of files as one: a public file and its private files (``select --seal``, ``split``,
``reveal``), so that every command reads either the old set or the new set whole.

A multi-file write goes in four steps (docs/state-files.md "How aeref writes"):

1. **Lock.** The *journal* beside the first file of the set (``.NAME.aeref-set``, the public file's) is
   opened and locked (``flock``): a second writer of the same set is refused while the first is under
   way, and nothing of its set is touched.
2. **Stage.** Every file is written whole to a temporary file in its own folder and flushed to disk. A
   failure here removes what was staged: nothing changed.
3. **Commit.** The journal lists every temporary file, its target and the backup of each file replaced,
   flushed to disk: from this moment the set is decided. Each file replaced is hard-linked to its backup,
   which also proves it can be replaced (an immutable file refuses the link); then the temporary files are
   put in place one by one, the first file of the set (the public file) last. A failure puts back the
   backups: nothing changed.
4. **Done.** The journal and the backups are removed.

A writer killed during step 3 leaves its journal: the next command that reads the public file
(:func:`recover`, called by every state file read) finishes the commit before reading, so it reads the new
set whole. A writer killed before step 3 leaves only temporary files, which are never read (and removed as
stale by the next write, :mod:`model.files.atomic`).

For tests only: the environment variable ``AEREF_TEST_KILL_AFTER=N`` kills the writer (SIGKILL) right
after the N-th file of a set is put in place (``0``: after the journal is written; ``staged``: every file
staged, the journal not yet written), to show that a kill at any moment leaves the old set or the new one.
"""
from __future__ import annotations

import errno
import json
import os
import shutil
import signal
from pathlib import Path
from typing import Optional

from .atomic import FileExists, stage, write_text
from .journal import finish, lock, journal_path


def _check_target(path: Path, force: bool) -> Path:
    if not str(path).strip():
        raise OSError(errno.ENOENT, "an empty file name")
    if not force and (path.exists() or path.is_symlink()):
        raise FileExists(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if target.exists() and not target.is_file():
        raise OSError(errno.EINVAL, f"{path}: not a regular file: aeref replaces only files")
    return target


def _backup_name(target: Path) -> str:
    return str(target.with_name(f".{target.name}.{os.getpid()}.aeref-old"))


def _backup(target: Path, backup: str) -> None:
    """A hard link ``backup`` to ``target`` (a copy where links are not supported); raises ``OSError`` when
    the file cannot be linked (an immutable file: it could not be replaced either)."""
    if os.path.exists(backup):
        os.unlink(backup)
    try:
        os.link(target, backup)
    except OSError as exc:
        if exc.errno in (errno.EXDEV, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            shutil.copy2(target, backup)   # no hard links on this file system: a copy serves to put it back
            return
        raise OSError(exc.errno, f"{target}: cannot be replaced ({exc.strerror})") from None


def _kill_after(n: object) -> None:
    if os.environ.get("AEREF_TEST_KILL_AFTER") == str(n):
        os.kill(os.getpid(), signal.SIGKILL)


def write_set(files: dict[Path, tuple[str, Optional[int]]], force: bool = False) -> None:
    """Write every file of ``files`` (``{path: (text, mode)}``, the first the public file) as one set: after
    a kill at any moment, a file that cannot be replaced or a second writer, every reader sees the old set or
    the new one whole. Without ``force`` no existing file is replaced (:class:`~model.files.atomic.FileExists`,
    nothing written). Raises ``OSError`` when a file cannot be written (nothing changed)."""
    if len(files) == 1:
        (path, (text, mode)), = files.items()
        write_text(path, text, force, mode)
        return
    targets = {p: _check_target(Path(p), force) for p in files}
    first = next(iter(targets.values()))
    journal = journal_path(first)
    fd = lock(journal)
    if os.fstat(fd).st_size:
        try:
            finish(fd, journal)             # a killed writer's commit: finish it before writing over it
        finally:
            os.close(fd)
        fd = lock(journal)
    staged: list[tuple[str, Path]] = []
    backups: list[tuple[str, Path]] = []
    try:
        for p, target in targets.items():
            staged.append((stage(target, *files[p], force), target))
        _kill_after("staged")
        planned = [(_backup_name(g), g) for _, g in staged if g.exists()]
        os.write(fd, json.dumps({"files": [(t, str(g)) for t, g in staged],
                                 "backups": [(b, str(g)) for b, g in planned]}).encode())
        os.fsync(fd)
        _kill_after(0)
        for b, g in planned:                 # also proves each file can be replaced (an immutable one cannot be linked)
            _backup(g, b)
            backups.append((b, g))
        _commit(staged, backups, force)
        os.unlink(journal)
    except BaseException:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)
        for b, _ in backups:
            if os.path.exists(b):
                os.unlink(b)
        if journal.exists():
            os.unlink(journal)               # rolled back (or never begun): nothing to finish
        raise
    finally:
        os.close(fd)
    for b, _ in backups:
        if os.path.exists(b):
            os.unlink(b)


def _commit(staged: list[tuple[str, Path]], backups: list[tuple[str, Path]], force: bool) -> None:
    """Put the staged files in place, the first (public) file last; on a failure put back every file
    replaced (from its backup) and remove every file made, then raise."""
    order = staged[1:] + staged[:1]
    done: list[Path] = []
    old = {g: b for b, g in backups}
    try:
        for n, (tmp, target) in enumerate(order, 1):
            if force:
                os.replace(tmp, target)
            else:
                try:
                    os.link(tmp, target)
                except FileExistsError:
                    raise FileExists(target) from None
                os.unlink(tmp)
            done.append(target)
            _kill_after(n)
    except BaseException:
        for target in done:
            if target in old:
                os.replace(old[target], target)
            elif target.exists():
                os.unlink(target)
        raise
