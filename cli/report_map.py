"""The replacement map of ``aeref report``: where each hex and Off-Map Box is drawn.

Positions only (no rule): a hex id in the games' CCRR form (``2315``: column 23,
row 15) gives its place on a grid of flat-topped hexes, odd columns half a hex
lower; a hex with ``at: [col, row]`` in the file is placed there; any other map
is laid out from its ``neighbours`` (each connected part in rows by distance
from its first hex). Off-Map Boxes stand in a column at the right.
"""
from __future__ import annotations

import math
import re
from collections import deque
from dataclasses import dataclass, field

_CCRR = re.compile(r"^\d{4}$")


@dataclass
class Layout:
    """``hexes[id] = (x, y)`` centres, ``polygon[id]`` the hex outline (SVG points), ``boxes[name] =
    (x, y, w, h)``, the hex radius ``r`` and the picture's ``width`` and ``height`` (px)."""
    r: float = 30.0
    hexes: dict = field(default_factory=dict)
    polygon: dict = field(default_factory=dict)
    boxes: dict = field(default_factory=dict)
    width: float = 0.0
    height: float = 0.0


def _grid(ids, board) -> dict:
    """``{id: (col, row)}`` from CCRR ids or ``at:``; None when the map says neither for every hex."""
    out = {}
    for hid in ids:
        at = getattr(board.hexes[hid], "at", None)
        if at is not None:
            out[hid] = (int(at[0]), int(at[1]))
        elif _CCRR.match(hid):
            out[hid] = (int(hid[:2]), int(hid[2:]))
        else:
            return {}
    return out


def _from_neighbours(ids, board) -> dict:
    """A grid from adjacency: each connected part in columns by distance from its first hex."""
    ids_set, out, col0 = set(ids), {}, 0
    for start in ids:
        if start in out:
            continue
        depth = {start: 0}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            for n in board.adjacent(h):
                if n in ids_set and n not in depth:
                    depth[n] = depth[h] + 1
                    queue.append(n)
        rows: dict = {}
        for h in sorted(depth, key=lambda x: (depth[x], ids.index(x))):
            d = depth[h]
            out[h] = (col0 + d, rows.get(d, 0))
            rows[d] = rows.get(d, 0) + 1
        col0 += max(depth.values()) + 2
    return out


def layout(board, map_: str) -> Layout:
    """Where the hexes of ``map_`` (and the Off-Map Boxes) are drawn: large hexes for a small map
    (room for the counters), small ones for a large map (the page stays small)."""
    ids = [h.id for h in board.hexes.values() if h.map in (None, map_)]
    grid = _grid(ids, board) or _from_neighbours(ids, board)
    R = 34.0 if len(ids) <= 60 else 20.0 if len(ids) <= 800 else 8.0
    H = math.sqrt(3) * R
    lay = Layout(r=R)
    if grid:
        c0 = min(c for c, _ in grid.values())
        r0 = min(r for _, r in grid.values())
        for hid, (c, r) in grid.items():
            x = R + (c - c0) * 1.5 * R + 4
            y = H / 2 + (r - r0) * H + (H / 2 if c % 2 else 0) + 4
            lay.hexes[hid] = (round(x, 1), round(y, 1))
            lay.polygon[hid] = " ".join(f"{x + R * math.cos(math.radians(a)):.1f},{y + R * math.sin(math.radians(a)):.1f}"
                                        for a in range(0, 360, 60))
        lay.width = max(x for x, _ in lay.hexes.values()) + R + 8
        lay.height = max(y for _, y in lay.hexes.values()) + H / 2 + 8
    bx = lay.width + 16
    by = 8.0
    for name in board.boxes:
        lay.boxes[name] = (bx, by, 170.0, 90.0)
        by += 100
    if board.boxes:
        lay.width = bx + 178
        lay.height = max(lay.height, by)
    return lay
