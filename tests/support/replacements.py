"""Helpers for the Replacements Segment tests (1.3): build state files from dicts.

Test-only data: hex numbers, Force Pools and maps here are made up for the tests.
"""
from __future__ import annotations

import itertools
from pathlib import Path

import yaml

from aeref.model.files.load import load_position

_n = itertools.count()


def hexes(*specs):
    """``hexes(("0101", {"country": "Russia", "city": True}), ...)`` -> a hexes mapping."""
    return {h: dict(v) for h, v in specs}


def state(tmp_path: Path, *, game="tk", faction="soviet", steps=None, pool=(), hexes=None, boxes=(), countries=None,
          markers=None, current=None, decks=(), prefer=None, map_=None, extra=None):
    """Write a state file and return its path. ``pool`` are Force Pool unit dicts."""
    m = map_ or ("tk" if game in ("tk", "ae") else "ds")
    fr = {"force-pool": list(pool)}
    if steps is not None:
        fr["steps"] = list(steps)
    if prefer:
        fr["prefer"] = prefer
    data = {
        "game": game, "turn": "Mar-Apr 1942",
        "war-state": "total" if game != "ae" else {"tk": "total", "ds": "total"},
        "factions": {faction: {m: {"current": current, "hand": []}}},
        "countries": countries or {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"}},
        "replacements": {m: {faction: fr}},
        "map": {"hexes": hexes or {}, "boxes": list(boxes)},
    }
    if decks:
        data["decks"] = list(decks)
    if markers:
        data["markers"] = markers
    if extra:
        data.update(extra)
    p = tmp_path / f"state-{next(_n)}.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False))
    return p


def position(tmp_path, **kw):
    return load_position(state(tmp_path, **kw))


def alloc_file(tmp_path: Path, rows) -> Path:
    p = tmp_path / f"alloc-{next(_n)}.yaml"
    p.write_text(yaml.safe_dump(list(rows), sort_keys=False))
    return p


def inf(uid, nat="Russia", type_="infantry", **kw):
    return {"id": uid, "nationality": nat, "type": type_, **kw}
