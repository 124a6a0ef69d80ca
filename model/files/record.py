"""The game record: every public file names the file it was made from, so that the files of a game form
a chain every player can check from the mail received (1.1.1 Step 2 "verify the card played was in
compliance ... at the time it was selected", at a distance with no referee to trust).

A chained state file holds a ``record:`` section (docs/format-additions.md "The game record")::

    record:
      parent: sha256:9c1e...        # SHA-256 of the bytes of the public file it was made from (not in the root)
      parent-file: t4.yaml          # that file's name, relative to this one (a hint: the digest decides)
      made-by: {command: reveal, faction: axis, turn: May-June 1939}
      decks: {decks/axis.yaml: sha256:04d2...}      # each deck's SHA-256: every player plays the same cards
      opened:                       # the seals this file's reveal opened (model/secrecy/seal.py)
      - {faction: axis, map: tk, card: tk-axis-4a, nonce: 88d6..., seal: sha256:..., sealed-in: sha256:...}

The first file of a game (``aeref split``) is the root: a ``record:`` without ``parent``. Every file
aeref writes from a chained file, or as a public file, carries a new record; the position digest of a
seal leaves ``record:`` out (the seal binds the position, the chain binds the files).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Optional

from .errors import InputError, Problem, join_path

#: The commands whose files a record names as ``made-by``, and what each re-derives (aeref/record.py).
COMMANDS = ("split", "select", "reveal", "next-turn", "war-state")


def bytes_digest(path: str | Path) -> str:
    """``sha256:HEX`` of the bytes of the file at ``path``. Raises ``OSError`` when it cannot be read."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return "sha256:" + h.hexdigest()


def relative(path: str | Path, out_dir: Path) -> str:
    """``path`` as written in a file in ``out_dir``: relative to that folder (``../decks/axis.yaml`` too), so
    that a file never names a folder of the machine that wrote it; absolute only where no relative path
    exists (another drive)."""
    try:
        return os.path.relpath(Path(path).resolve(), out_dir.resolve())
    except ValueError:
        return str(Path(path).resolve())


def new_record(source: Any, out_path: str | Path, made_by: dict, opened: Optional[list] = None,
               deck_files: Optional[dict[str, Path]] = None) -> dict:
    """The ``record:`` of a file written at ``out_path`` from the position ``source`` (a
    :class:`~model.game.position.Position`) by ``made_by`` (``{command, faction, turn, ...}``).

    ``deck_files`` (``{deck as written: file}``) makes the root of a game: no ``parent``, the decks'
    digests computed from those files. Otherwise ``parent`` is the bytes digest of ``source``'s file
    (left out for a file read from standard input) and the decks' digests are carried from ``source``'s
    record. ``opened``: the seals the write opens. Raises ``OSError`` when a deck cannot be read."""
    out_dir = Path(out_path).resolve().parent
    rec: dict[str, Any] = {}
    src = Path(source.file)
    if deck_files is None and str(source.file) != "-" and src.is_file():
        rec["parent"] = bytes_digest(src)
        rec["parent-file"] = relative(src, out_dir)
    rec["made-by"] = {k: v for k, v in made_by.items() if v not in (None, (), [], {}, False)}
    if deck_files is not None:
        if deck_files:
            rec["decks"] = {k: bytes_digest(v) for k, v in deck_files.items()}
    else:
        raw = source.raw
        carried = getattr(getattr(raw, "record", None), "decks", None)
        if carried is not None:
            base = (source.base_dir or Path(".")).resolve()
            rec["decks"] = {relative(base / d, out_dir): carried[d] for d in (raw.decks or []) if d in carried}
    if opened:
        rec["opened"] = list(opened)
    return rec


def deck_problems(record: Any, decks: list, base: Path, shown: str) -> list[Problem]:
    """The decks of a chained file that differ from its record: a deck listed in ``decks`` with no
    digest in ``record.decks``, or whose bytes have another digest (every player must play with the
    same cards). A deck that cannot be read is left to the deck reader."""
    recorded = getattr(record, "decks", None)
    if record is None or recorded is None:
        return []
    out = []
    for i, d in enumerate(decks):
        want = recorded.get(str(d))
        where = join_path("decks", i)
        if want is None:
            out.append(Problem(shown, where, f"deck file {d} has no digest in record.decks: it is not a deck the game "
                                             "was dealt with"))
            continue
        try:
            got = bytes_digest(base / d)
        except OSError:
            continue
        if got != want:
            out.append(Problem(shown, where, f"deck file {d} differs from the deck the game was dealt with "
                                             f"(record.decks: {want}; this file: {got}): every player must play with "
                                             "the same cards; take the deck from the mail of the deal"))
    return out


def _read_record(file: Path) -> Optional[dict]:
    """The ``record:`` of a state file (its keys as every command reads them), or None (none, or unreadable)."""
    from .names import norm_key          # (the spellings of keys the loader accepts)
    from .yamlio import load_yaml_file
    try:
        raw = load_yaml_file(file, str(file))
    except Exception:                    # noqa: BLE001 - an unreadable file ends the walk; verify names it
        return None
    rec = next((v for k, v in raw.items() if norm_key(k) == "record"), None) if isinstance(raw, dict) else None
    return {norm_key(k): (dict((norm_key(a), b) for a, b in v.items()) if isinstance(v, dict) else v)
            for k, v in rec.items()} if isinstance(rec, dict) else None


def selected_in(path: str | Path, faction: str, turn: str) -> Optional[tuple[Path, list[str]]]:
    """The file of the game record of ``path`` that ``faction``'s ``select`` made in Seasonal Turn ``turn`` (its
    1.1.1 Step 4: the position it selected on), with the commands of the links made after it up to ``path``,
    newest first. Walks back through each file's ``parent-file`` (written beside it), each checked against the
    ``parent`` digest (a file renamed is found by its digest in the folder, as ``aeref verify`` finds it). None
    when ``path`` is not a file of a game record, or the walk reaches an earlier Seasonal Turn or the root first.
    Raises :class:`~model.files.errors.InputError` naming the file whose parent is not held."""
    file = Path(path)
    after: list[str] = []
    while file.is_file():
        rec = _read_record(file)
        made = rec.get("made-by") if rec is not None else None
        if rec is None or not isinstance(made, dict):
            return None
        if made.get("command") == "select" and made.get("faction") == faction and str(made.get("turn")) == turn:
            return file, after
        named, digest = rec.get("parent-file"), rec.get("parent")
        if str(made.get("turn")) != turn or not isinstance(named, str) or not isinstance(digest, str):
            return None
        after.append(str(made.get("command")))
        child, file = file, file.parent / named
        if not file.is_file() or bytes_digest(file) != digest:
            found = _held_by_digest(child.parent, digest)
            if found is None:
                raise InputError(Problem(str(child), "record.parent", (
                    f"the file it was made from ({named}, {digest}) is not beside it, and the {faction} faction's "
                    f"selection of {turn} is asked on a file of that chain (1.1.1 Order of Play): put the files of "
                    "the game received in one folder (aeref verify names what is missing)")))
            file = found
    return None


def _held_by_digest(folder: Path, digest: str) -> Optional[Path]:
    """The state file of ``folder`` (its sub-folders too, as ``aeref verify`` looks) whose bytes have ``digest``."""
    for p in sorted(folder.rglob("*.yaml")):
        if p.is_file() and not p.name.endswith(".private.yaml"):
            try:
                if bytes_digest(p) == digest:
                    return p
            except OSError:
                continue
    return None
