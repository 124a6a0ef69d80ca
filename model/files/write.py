"""Writing a position back as a state file (FORMAT section 4 plus the aeref
additions), e.g. after a reveal: ``aeref reveal ... --write NEXT.yaml``.

What the position says is :func:`state_dict`: the sections the procedure
changes (war state, factions, countries, markers, boxes, counters, ESV, Turn
Track, European war) are written from the :class:`~model.files.load.Position`;
everything else is copied from the file as read (``map``, ``replacements``,
``cards``, ``interpretations`` ...). Deck paths and ``previous`` are rewritten
relative to the new file's folder.

How it is written is the player's: :func:`round_trip_text` loads the source
file with ruamel.yaml's round-trip mode and applies only what changed between
the source's :func:`state_dict` and the new one, so comments (the
``# yaml-language-server: $schema=...`` line too), key order, flow style,
quoting and short card ids (``hand: [11, 4a]``) stay as the player wrote them;
every part of the file the Seasonal Turn did not change is copied line for
line. The result is read back and must give the same position as the plain
dump of :func:`state_dict`, or that plain dump is written instead.

The file is written atomically and never over an existing file unless
``force`` (:mod:`model.files.atomic`).
"""
from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any, Optional

import yaml

from .atomic import write_text
from .fileset import write_set
from .record import new_record, relative
from .errors import InputError, Problem
from ..secrecy.private import private_path, public_problems, split
from ..secrecy.seal import new_nonce, position_digest, seal
from ..game.interpretations import check_value
from ..game.vocabulary import faction_name
from .names import norm_key
from .previous import replaced_earlier
from ..game.position import FactionMap, Position
from .round_trip import read_derived, round_trip_text
from ..game.seasonal import Seasonal
from .yamlio import load_yaml_file

#: The mode of a private file: the owner's alone.
PRIVATE_MODE = 0o600

_MINE = {"war-state", "factions", "countries", "markers", "boxes", "counters", "esv", "turn-track", "european-war",
         "decks", "previous", "turn", "government", "flags", "interpretations", "record"}


def _turn(pos: Position, t) -> str:
    return t.name(pos.interpretations_in_force["calendar"])


def _rel(path: Path, out_dir: Path) -> str:
    """``path`` relative to ``out_dir`` (``../decks/x.yaml`` too): a file never names a folder of the
    machine that wrote it (:func:`model.files.record.relative`)."""
    return relative(path, out_dir)


def state_dict(pos: Position, out_path: str | Path, previous: Optional[str | Path] = None,
               raw: Optional[dict] = None, record: Optional[dict] = None,
               decks: Optional[list[Path]] = None) -> dict:
    """The position as a state-file mapping, with paths relative to ``out_path``.

    ``previous`` is the state file of the Seasonal Turn the Pending Cards were
    selected in (1.1.1 Step 2); None keeps the position's own ``previous:``.
    The sections aeref does not change are copied from ``raw``, the loaded
    YAML of the position's file (None: the file is read again). ``record``: the
    game record written (model/files/record.py; None: none); ``decks``: the deck
    files named instead of the position's own (``split`` names the copies it writes).
    """

    raw = load_yaml_file(pos.file, pos.file) if raw is None else raw
    out_dir = Path(out_path).resolve().parent
    base = (pos.base_dir or Path(".")).resolve()
    d: dict[str, Any] = {"game": pos.game, "turn": _turn(pos, pos.turn)}
    prev = Path(previous).resolve() if previous is not None else (
        pos.seasonal.previous_path.resolve() if pos.seasonal.previous_path is not None else None)
    if prev is not None:
        d["previous"] = _rel(prev, out_dir)
    files = decks if decks is not None else [base / x for x in (pos.raw.decks if pos.raw is not None else [])]
    if files:
        d["decks"] = [_rel(x, out_dir) for x in files]
    if record is not None:
        d["record"] = record
    d["war-state"] = str(pos.war_state[pos.maps[0]]) if len(pos.maps) == 1 else {m: str(w) for m, w in pos.war_state.items()}
    d["factions"] = {f: {m: _faction_map(pos, fm) for m, fm in sections.items()} for f, sections in pos.factions.items()}
    countries = {e.name: e.as_file() for e in pos.countries.values()}
    if countries:
        d["countries"] = countries
    if pos.game in ("ds", "ae") or pos.government != "none":
        d["government"] = pos.government
    if pos.game == "ds":
        d["european-war"] = pos.european_war
    markers = pos.markers.as_file()
    if markers:
        d["markers"] = markers
    if pos.flags:
        d["flags"] = list(pos.flags)
    s = pos.seasonal
    boxes = _boxes(s)
    if boxes:
        d["boxes"] = boxes
    if s.in_play or s.removed:
        d["counters"] = {"in-play": list(s.in_play), "removed": list(s.removed)}
    if s.esv is not None:
        d["esv"] = s.esv
    track = {m: {k: _turn(pos, t) for k, t in tr.items()} for m, tr in s.turn_track.items() if tr}
    if track:
        d["turn-track"] = track
    if pos.interpretations:
        # the file's and the command line's (-i): the position is ruled on as the command that wrote it ruled
        d["interpretations"] = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in pos.interpretations.items()}
    for k, v in raw.items():
        if norm_key(k) not in _MINE and norm_key(k) not in d:
            d[norm_key(k)] = v
    if pos.placed_units:
        d["map"] = _with_units(d.get("map"), pos.placed_units)
    return d


def unit_as_file(u: Any) -> dict[str, Any]:
    """A :class:`~model.game.board.Unit` as the map writes it (FORMAT 6): ``{id, faction, nationality, type, ...}``,
    the keys at their defaults left out."""
    out: dict[str, Any] = {"id": u.id, "faction": u.faction,
                           "nationality": u.nationality[0] if len(u.nationality) == 1 else list(u.nationality),
                           "type": u.type}
    if u.steps != 1:
        out["steps"] = u.steps
    if u.supplied is not None:
        out["supplied"] = u.supplied
    if u.colonial:
        out["colonial"] = u.colonial
    for k in ("kwantung", "elite"):
        if getattr(u, k):
            out[k] = True
    return out


def _with_units(raw_map: Any, placed: list) -> dict:
    """The ``map:`` section ``raw_map`` (as loaded) with the units ``placed`` (``[(location, Unit)]``) added: in
    their hex's ``units``, or in an Off-Map Box's (a list of box names becomes ``{BOX: {units: [...]}}``)."""
    m = copy.deepcopy(raw_map) if isinstance(raw_map, dict) else {}
    hexes = next((v for k, v in m.items() if norm_key(k) == "hexes"), None)
    boxes_key = next((k for k in m if norm_key(k) == "boxes"), "boxes")
    for loc, u in placed:
        entry = unit_as_file(u)
        if isinstance(hexes, dict) and any(str(h) == loc for h in hexes):
            key = next(h for h in hexes if str(h) == loc)
            hexes[key] = dict(hexes[key] or {})
            hexes[key]["units"] = list(hexes[key].get("units") or []) + [entry]
            continue
        boxes = m.get(boxes_key)
        if not isinstance(boxes, dict):
            boxes = {str(b): None for b in (boxes or [])}
        name = next((b for b in boxes if str(b) == loc), loc)
        content = dict(boxes.get(name) or {})
        content["units"] = list(content.get("units") or []) + [entry]
        boxes[name] = content
        m[boxes_key] = boxes
    return m


def _faction_map(pos: Position, fm: FactionMap) -> dict[str, Any]:
    """One faction's cards on one map as a state file writes them."""
    sec: dict[str, Any] = {"current": fm.current}
    if fm.pending:
        sec["pending"] = fm.pending
    elif fm.pending_face_down and not fm.sealed:
        sec["pending-placed"] = True            # face down: the card is in the faction's private file
    if fm.selected is not None:     # without a Pending Card: "no card" selected in that turn (1.1.3)
        same = fm.selected == pos.turn and pos.raw is not None   # this turn: as the file writes its `turn:` (Fall 1939 stays Fall 1939)
        sec["selected"] = str(pos.raw.turn).strip() if same else _turn(pos, fm.selected)
    if fm.sealed:
        sec["sealed"] = fm.sealed
        sec["sealed-in"] = fm.sealed_in
    if fm.nonce:
        sec["nonce"] = fm.nonce
    if fm.hand_face_down is not None:
        sec["hand-count"] = fm.hand_face_down   # face down: the cards are in the faction's private file
    else:
        sec["hand"] = list(fm.hand)
    sec["played"] = [{"card": p.card, "turn": _turn(pos, p.turn)} if p.turn else p.card for p in fm.played]
    if fm.removed:
        sec["removed"] = list(fm.removed)
    if fm.interned:
        sec["interned"] = [unit_as_file(u) for u in fm.interned]
    return sec


def _boxes(s: Seasonal) -> dict[str, dict]:
    """The ``boxes:`` section: each map's boxes that hold a counter."""
    boxes = {}
    for m, mb in s.boxes.items():
        b = {"force-pool": {f: list(v) for f, v in mb.force_pool.items() if v}, "delay-box": list(mb.delay_box),
             "strategic-warfare-box": list(mb.strategic_warfare_box),
             "outbreak-of-war": {f: list(v) for f, v in mb.outbreak_of_war.items() if v}}
        if any(b.values()):
            boxes[m] = {k: v for k, v in b.items() if v}
    return boxes


def plain_text(d: dict) -> str:
    """The state-file mapping ``d`` as YAML written from scratch (block style, leaf lists in flow style)."""
    return yaml.safe_dump(d, sort_keys=False, allow_unicode=True, default_flow_style=None, width=110)


def _derived(d: dict) -> dict:
    return {k: v for k, v in d.items() if (k in _MINE or k in ("game", "turn")) and k != "record"}


def state_text(pos: Position, out_path: str | Path, previous: Optional[str | Path] = None,
               record: Optional[dict] = None) -> str:
    """The text of ``pos`` as a state file at ``out_path``: the source file (``pos.file``) with only
    what changed rewritten (:func:`round_trip_text`), or :func:`plain_text` when the source cannot be
    read again or the round trip would not read back as the same position.

    The comparisons read the source and the result without their :data:`COPIED` sections, which
    are copied line for line, so that a large map costs one parse, not four.
    """
    raw = load_yaml_file(pos.file, pos.file)
    new = state_dict(pos, out_path, previous, raw, record)
    out = Path(out_path).resolve()
    try:
        source = Path(pos.file)
        before = read_derived(source.read_text(encoding="utf-8"), source.resolve().parent, source.name)
        if before is not None:
            # the source's paths (decks, previous) as relative to the source: those the new folder changes are rewritten
            old_record = next((v for k, v in raw.items() if norm_key(k) == "record"), None)
            text = round_trip_text(source, state_dict(before, source, None, raw, old_record), new)
            back = read_derived(text, out.parent, out.name)
            if back is not None and _derived(state_dict(back, out, None, {})) == _derived(new):
                return text
    except Exception:       # noqa: BLE001  the player's layout could not be kept: the position still is
        if os.environ.get("AEREF_DEBUG"):
            raise
    return plain_text(new)


def is_split(pos: Position) -> bool:
    """Whether ``pos`` is written as a public file and private files (:mod:`model.secrecy.private`): it was read
    with private files, or some of its cards lie face down or are sealed."""
    return bool(pos.private_files) or any(fm.hand_face_down is not None or fm.pending_face_down or fm.sealed
                                          for s in pos.factions.values() for fm in s.values())


def split_texts(pos: Position, out_path: str | Path, previous: Optional[str | Path] = None,
                factions: Optional[list[str]] = None,
                private_dirs: Optional[dict[str, str | Path]] = None, record: Optional[dict] = None,
                decks: Optional[list[Path]] = None) -> dict[Path, tuple[str, Optional[int]]]:
    """The files of ``pos`` as a public file at ``out_path`` and the private files beside it
    (:func:`model.secrecy.private.private_path`): ``{path: (text, mode)}``, the private files mode 0600. The
    private files are those of ``factions`` (None: every faction whose cards ``pos`` holds), each written
    in the folder of the private file it was read from, or of ``private_dirs[faction]``. No comment is copied
    (a comment may name a hidden card). ``record``, ``decks``: as :func:`state_dict`. Raises
    :class:`~model.files.errors.InputError` when the public file would hold a private field."""
    d = state_dict(pos, out_path, previous, record=record, decks=decks)
    public, privates = split(d, factions)
    problems = public_problems(public, str(out_path))
    if problems:
        raise InputError(problems)
    out = {Path(out_path): (plain_text(public), None)}
    kept = {f: Path(name).parent for f, name in pos.private_files}
    kept.update({f: Path(d) for f, d in (private_dirs or {}).items()})
    for f, body in privates.items():
        head = (f"# aeref private file of the {faction_name(f)} faction: its hand and Pending Cards, face down (1.1).\n"
                f"# Keep it to yourself; it goes with {Path(out_path).name} (docs/face-down.md).\n")
        # a private file stays where its player keeps it: beside the one it was read from (or in private_dirs)
        target = private_path(out_path, f)
        out[kept[f] / target.name if f in kept else target] = (head + plain_text(body), PRIVATE_MODE)
    return out


def seal_pending(pos: Position, faction: str, out_path: str | Path, previous: Optional[str | Path] = None) -> dict:
    """Seal ``faction``'s Pending Cards of ``pos`` (changed in place) for writing at ``out_path``: each
    gets a fresh nonce and the seal over the digest of the public position as written there
    (:mod:`model.secrecy.seal`). Returns ``{map: seal}``."""
    cards = {m: fm.pending for m, fm in pos.factions[faction].items() if fm.pending}
    for m in cards:
        pos.factions[faction][m].nonce = new_nonce()
    digest = position_digest(state_dict(pos, out_path, previous))
    out = {}
    for m, cid in cards.items():
        fm = pos.factions[faction][m]
        fm.sealed_in = digest
        fm.sealed = out[m] = seal(digest, faction, m, cid, fm.nonce)
    return out


def write_files(files: dict[Path, tuple[str, Optional[int]]], force: bool = False) -> None:
    """Write the files of ``files`` (``{path: (text, mode)}``, the public file first) as one set
    (:func:`model.files.fileset.write_set`): a reader sees the old set or the new one whole; when one
    exists and not ``force``, none is written (:class:`~model.files.atomic.FileExists`)."""
    write_set(files, force)


def chained(pos: Position) -> bool:
    """Whether ``pos`` was read from a file of a game record (it has a ``record:``)."""
    return getattr(pos.raw, "record", None) is not None


def _read_public(pos: Position) -> bool:
    """Whether ``pos`` was read from a public file (with private files, or with hands face down): a file
    written from it is a link of its game. A whole file (every hand in it, written by hand or by a referee)
    is no link every player can check: what is written from it as a public file starts no record (only
    ``split`` deals a game)."""
    raw = pos.raw
    sections = [sec for secs in ((getattr(raw, "factions", None) or {}).values()) for sec in (secs or {}).values()]
    return bool(pos.private_files) or any(getattr(sec, "hand_count", None) is not None for sec in sections)


def _same_interpretations(pos: Position) -> None:
    """Raises :class:`InputError` when ``pos`` is ruled under interpretations other than its file's (``-i``) and
    would be written into a file of a game record: every player rules the game's files by the readings its
    deal set, and a link that changes them is refused by every other player's ``aeref verify``."""
    given = getattr(pos.raw, "interpretations", None) or {}
    try:
        written = {k: check_value(k, v) for k, v in given.items()}
    except ValueError:
        return                                    # the loader has refused such a file already
    changed = sorted(k for k in set(written) | set(pos.interpretations)
                     if written.get(k) != pos.interpretations.get(k))
    if changed:
        raise InputError(Problem(str(pos.file), "interpretations", (
            f"-i {', '.join(changed)}: a file of a game record keeps the interpretations its deal set (every player "
            "rules the game's files by the same readings); agree on a change with the other players and deal again "
            "(aeref split), or ask without --write")))


def _beside_its_parent(pos: Position, out_path: str | Path) -> None:
    """Raises :class:`InputError` when a file of a game record would be written outside the folder of the file
    it is made from: its decks and ``previous:`` are named relative to it, and every other player holds the
    game's files in one folder; a file written elsewhere names folders of this machine that no one else has."""
    here, there = Path(pos.file).resolve().parent, Path(out_path).resolve().parent
    if here != there:
        raise InputError(Problem(str(out_path), "record", (
            f"a file of a game record is written beside the file it is made from ({Path(pos.file).name}, in "
            f"{Path(pos.file).parent}): its decks and previous: are named relative to it, as every player's copy of "
            "the game's files names them; write it into that folder (nothing was written)")))


def write_state(pos: Position, out_path: str | Path, previous: Optional[str | Path] = None,
                force: bool = False, made_by: Optional[dict] = None, opened: Optional[list] = None) -> list[Path]:
    """Write ``pos`` as a state file at ``out_path`` (see :func:`state_text`), atomically; a position
    read with private files or holding face-down cards as a public file and its private files
    (:func:`split_texts`), as one set. Returns the paths written, the state file first.

    ``made_by`` (``{command, faction, turn, ...}``) and ``opened`` (the seals opened) go into the file's
    game record (model/files/record.py) when the file written is a public file or ``pos`` was read from a
    chained file; None writes no record.

    Raises :class:`~model.files.atomic.FileExists` when ``out_path`` exists and not
    ``force``, ``OSError`` when it cannot be written, :class:`~model.files.errors.InputError` when
    ``out_path`` is an earlier position the written ``previous:`` leads to
    (:func:`model.files.previous.replaced_earlier`).
    """
    replaced_earlier(out_path, Path(previous) if previous is not None else pos.seasonal.previous_path)
    record = new_record(pos, out_path, made_by, opened) if made_by is not None and (
        chained(pos) or (is_split(pos) and _read_public(pos))) else None
    if record is not None and "parent" in record:
        _beside_its_parent(pos, out_path)
        _same_interpretations(pos)
    if is_split(pos):
        files = split_texts(pos, out_path, previous, record=record)
        write_files(files, force)
        return list(files)
    write_text(out_path, state_text(pos, out_path, previous, record), force)
    return [Path(out_path)]
