"""The journal of a set of files being written as one (:mod:`model.files.fileset`): its lock, and the
reader's side, :func:`recover`, which finishes a commit whose writer was killed. Kept apart from the writer
so that reading a state file loads nothing of the writing modules."""
from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

try:
    import fcntl                    # POSIX: a set is locked with flock
except ImportError:                 # pragma: no cover - no flock (Windows): sets are not locked
    fcntl = None                    # type: ignore[assignment]

#: How long a reader waits for a writer of the set under way before reading (seconds).
WAIT_SECONDS = 10.0


def journal_path(first: str | Path) -> Path:
    """The journal of the set whose first file (the public file) is ``first``."""
    p = Path(first)
    return p.with_name(f".{p.name}.aeref-set")


def lock(journal: Path, wait: float = 0.0) -> int:
    """An open, exclusively locked descriptor of ``journal``; raises ``OSError(EBUSY)`` when another writer
    holds it past ``wait`` seconds."""
    end = time.monotonic() + wait
    while True:
        fd = os.open(journal, os.O_RDWR | os.O_CREAT, 0o600)
        if fcntl is None:
            return fd
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() >= end:
                raise OSError(errno.EBUSY, f"another aeref is writing this set of files ({journal.name}); "
                                           "try again when it is done") from None
            time.sleep(0.05)
            continue
        try:
            if os.fstat(fd).st_ino == os.stat(journal).st_ino:
                return fd
        except FileNotFoundError:
            pass
        os.close(fd)                # the writer before removed the journal meanwhile: lock the one there now


def finish(fd: int, journal: Path) -> None:
    """Put in place what the journal on ``fd`` lists (a commit a killed writer began), then remove it."""
    os.lseek(fd, 0, os.SEEK_SET)
    text = b""
    while chunk := os.read(fd, 1 << 16):
        text += chunk
    if text.strip():
        plan = json.loads(text)
        for tmp, target in plan["files"]:
            if os.path.exists(tmp):
                os.replace(tmp, target)
        for backup, _ in plan["backups"]:
            if os.path.exists(backup):
                os.unlink(backup)
    os.unlink(journal)


def recover(first: str | Path) -> None:
    """Finish the commit of a set whose writer was killed during it (its journal is beside ``first``), so
    that what is read next is the new set whole; wait up to :data:`WAIT_SECONDS` for a writer under way.
    Nothing happens when there is no journal. Raises ``OSError`` when the journal cannot be finished."""
    journal = journal_path(first)
    if str(first) == "-" or not journal.exists():
        return
    fd = lock(journal, WAIT_SECONDS)
    try:
        if journal.exists():
            finish(fd, journal)
    finally:
        os.close(fd)
