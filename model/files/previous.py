"""The ``previous:`` link of a state file: the state file of the Seasonal Turn the Pending Cards were
selected in (1.1.1 Step 2 checks each revealed card against it, "at the time it was selected").

Every command that reads a state file checks this one link (:func:`link_problems`, called by
:func:`model.files.load.read_state`): the file it names is there, is a file (not a folder, a device or
a pipe), is not the state file itself, and the files reached by following ``previous:`` from it never
lead back (a cycle would make "the position before" of some file one of its own later positions).
The whole position of that file is read only by the commands that need it (``reveal``). Every write
checks that the file it writes is not one of the earlier positions its ``previous:`` leads to
(:func:`replaced_earlier`): writing over one would destroy the position a later reveal is checked
against.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Optional

from .errors import InputError, Problem

#: The top-level ``previous:`` key of a state file as written (any case, quoted or not) and its value.
_KEY = re.compile(r"""^["']?previous["']?[ \t]*:[ \t]*(?P<value>[^\n]*)$""", re.IGNORECASE | re.MULTILINE)
#: At most this many files are followed back for a cycle (a game of 10 years is 60 Seasonal Turns).
MAX_LINKS = 10_000
#: How much of a file is read first for its ``previous:`` (bytes): a 20,000-hex map is megabytes, its key a line.
_HEAD = 64 * 1024
#: The largest file a link is followed through (bytes; as :data:`model.files.yamlio.MAX_FILE_BYTES`).
_MAX_BYTES = 256 * 2**20


def _kind(path: Path) -> Optional[str]:
    """What stands at ``path`` when it is not a regular file: ``"missing"``, ``"folder"``, ``"device"``
    (a device, a pipe, a socket), ``"bad name"`` (a NUL in it, too long); None for a regular file."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except ValueError:
        return "bad name"
    except OSError as exc:
        return "bad name" if exc.errno == 36 else "missing"     # ENAMETOOLONG; ELOOP: a link that leads nowhere
    if stat.S_ISDIR(mode):
        return "folder"
    return None if stat.S_ISREG(mode) else "device"


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.realpath(a) == os.path.realpath(b)


def previous_of(path: Path) -> Optional[Path]:
    """The file the top-level ``previous:`` of state file ``path`` names (relative to its folder), read
    from its text without parsing the whole file; None when it has none or cannot be read (then the
    chain ends there: the command that reads that file says why)."""
    try:
        if os.stat(path).st_size > _MAX_BYTES:
            return None
        with open(path, "rb") as fh:
            head = fh.read(_HEAD).decode("utf-8", "replace")
            # the writers put previous: near the top; the whole file is read only when the head does not hold it
            m = _KEY.search(head)
            if m is None or m.end() >= len(head):
                fh.seek(0)
                m = _KEY.search(fh.read().decode("utf-8"))
    except (OSError, ValueError):
        return None
    if m is None:
        return None
    value = m.group("value").split(" #")[0].strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        value = value[1:-1]
    if not value or value in ("~", "null"):
        return None
    return Path(path).parent / value


def chain(first: Path) -> tuple[list[Path], bool]:
    """The files reached from ``first`` by following ``previous:`` (``first`` included), and whether
    they lead back to one of them (a cycle). Ends at a file without ``previous:`` or one that is not there."""
    seen: list[Path] = []
    known: set = set()                  # (device, inode) of each file seen: one file by any of its names
    here: Optional[Path] = first
    while here is not None and len(seen) < MAX_LINKS:
        if _kind(here) is not None:
            break
        st = os.stat(here)
        if (st.st_dev, st.st_ino) in known:
            return seen + [here], True
        known.add((st.st_dev, st.st_ino))
        seen.append(here)
        here = previous_of(here)
    return seen, False


def link_problems(shown: str, file: str | Path, previous: str, target: Path) -> list[Problem]:
    """The problems of state file ``file`` (``shown`` in messages; ``-``: standard input) whose
    ``previous:`` says ``previous``, resolved to ``target``: not there, a folder, a device, the file
    itself, or a chain of ``previous:`` files that leads back to one of them. Each names ``previous``."""
    head = f"{previous}, the state file of the previous Seasonal Turn"
    fix = "; correct previous: or remove it (it names the file the Pending Cards were selected in, 1.1.1 Step 2)"
    kind = _kind(target)
    if kind == "missing":
        return [Problem(shown, "previous", f"{head}, is not found (looked in {target}){fix}")]
    if kind == "folder":
        return [Problem(shown, "previous", f"{head}: is a directory, not a state file{fix}")]
    if kind == "device":
        return [Problem(shown, "previous", f"{head}: is not a regular file (a device or a pipe), not a state file{fix}")]
    if kind == "bad name":
        return [Problem(shown, "previous", f"{head}: is not a file name this system can open{fix}")]
    if str(file) != "-" and _same(target, Path(file)):
        return [Problem(shown, "previous", f"{previous} is this file itself: a Seasonal Turn's previous: names the "
                                           "state file of the turn before it (1.1.1 Step 2)")]
    files, cycle = chain(target)
    back = next((i for i, f in enumerate(files) if str(file) != "-" and _same(f, Path(file))), None)
    if back is not None:
        return [Problem(shown, "previous", f"{previous} leads back to this file ({_shown_chain([Path(file), *files[:back + 1]])}): the "
                                           "previous: files form a cycle; each names an earlier Seasonal Turn")]
    if cycle:
        return [Problem(shown, "previous", f"{previous} leads to a cycle of previous: files ({_shown_chain(files)}); "
                                           "each names an earlier Seasonal Turn")]
    return []


def _shown_chain(files: list[Path]) -> str:
    return " -> ".join(f.name for f in files)


def replaced_earlier(out_path: str | Path, previous: Optional[Path]) -> None:
    """Refuse to write ``out_path`` when it is ``previous`` (the file its ``previous:`` will name) or a file
    reached from it by ``previous:``: that file holds an earlier position, the one a reveal is checked
    against (1.1.1 Step 2), and would be destroyed. Raises :class:`~model.files.errors.InputError`
    naming ``previous:`` and what to do instead."""
    if previous is None:
        return
    files, _ = chain(Path(previous))
    hit = next((f for f in [Path(previous), *files] if _same(f, Path(out_path))), None)
    if hit is None:
        return
    whose = "its previous: names" if _same(hit, Path(previous)) else f"is an earlier position its previous: ({previous}) leads to"
    raise InputError(Problem(str(out_path), "previous", f"{out_path} is the file {whose}; writing over it would "
                             "destroy the position the Pending Cards were selected in (1.1.1 Step 2): write to a "
                             "new file (nothing was written)"))
