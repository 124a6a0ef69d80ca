"""Writing a position back as a state file (FORMAT section 4 plus the aeref
additions), e.g. after a reveal: ``aeref reveal ... --write NEXT.yaml``.

The sections the procedure changes (war state, factions, countries, markers,
boxes, counters, ESV, Turn Track, European war) are written from the
:class:`~model.position.Position`; everything else is copied from the file as
read (``map``, ``replacements``, ``cards``, ``interpretations`` ...). Deck
paths and ``previous`` are rewritten relative to the new file's folder. The
file is written atomically and never over an existing file unless ``force``
(:mod:`model.atomic`).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

import yaml

from .atomic import write_text
from .names import norm_key
from .position_data import FactionMap, Position
from .seasonal import Seasonal
from .yamlio import load_yaml_file

_MINE = {"war-state", "factions", "countries", "markers", "boxes", "counters", "esv", "turn-track", "european-war",
         "decks", "previous", "turn", "government", "flags", "interpretations"}


def _turn(pos: Position, t) -> str:
    return t.name(pos.interpretations_in_force["calendar"])


def _rel(path: Path, out_dir: Path) -> str:
    """``path`` relative to ``out_dir`` when it lies below that folder, else absolute."""
    rel = os.path.relpath(path, out_dir)
    return str(path) if rel.startswith("..") else rel


def state_dict(pos: Position, out_path: str | Path, previous: Optional[str | Path] = None) -> dict:
    """The position as a state-file mapping, with paths relative to ``out_path``.

    ``previous`` is the state file of the Seasonal Turn the Pending Cards were
    selected in (1.1.1 Step 2); None keeps the position's own ``previous:``.
    """
    raw = load_yaml_file(pos.file, pos.file)
    out_dir = Path(out_path).resolve().parent
    base = (pos.base_dir or Path(".")).resolve()
    d: dict[str, Any] = {"game": pos.game, "turn": _turn(pos, pos.turn)}
    prev = Path(previous).resolve() if previous is not None else (
        pos.seasonal.previous_path.resolve() if pos.seasonal.previous_path is not None else None)
    if prev is not None:
        d["previous"] = _rel(prev, out_dir)
    decks = pos.raw.decks if pos.raw is not None else []
    if decks:
        d["decks"] = [_rel(base / x, out_dir) for x in decks]
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
    return d


def _faction_map(pos: Position, fm: FactionMap) -> dict[str, Any]:
    """One faction's cards on one map as a state file writes them."""
    sec: dict[str, Any] = {"current": fm.current}
    if fm.pending:
        sec["pending"] = fm.pending
    sec["hand"] = list(fm.hand)
    sec["played"] = [{"card": p.card, "turn": _turn(pos, p.turn)} if p.turn else p.card for p in fm.played]
    if fm.removed:
        sec["removed"] = list(fm.removed)
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


def write_state(pos: Position, out_path: str | Path, previous: Optional[str | Path] = None, force: bool = False) -> None:
    """Write ``pos`` as a state file at ``out_path`` (see :func:`state_dict`), atomically.

    Raises :class:`~model.atomic.FileExists` when ``out_path`` exists and not
    ``force``, ``OSError`` when it cannot be written.
    """
    d = state_dict(pos, out_path, previous)
    text = yaml.safe_dump(d, sort_keys=False, allow_unicode=True, default_flow_style=None, width=110)
    write_text(out_path, text, force)
