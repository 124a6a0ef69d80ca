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
    # a small map is drawn large (it is read at a glance; its counters carry their symbols and steps)
    # (a map of more than BIG hexes: small hexes, drawn to the page's width; numbers where they are legible)
    R = 52.0 if len(ids) <= 40 else 34.0 if len(ids) <= 120 else 20.0 if len(ids) <= BIG else SMALL_R
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
        lay.boxes[name] = (bx, by, BOX_W, BOX_H)
        by += BOX_H + 10
    if board.boxes:
        lay.width = bx + BOX_W + 8
        lay.height = max(lay.height, by)
    return lay


#: A map of more than BIG hexes is drawn with hexes of radius SMALL_R: each hex draws no name and one row of
#: at most SMALL_PER_HEX counters, and its number only when it holds something (:func:`small_hex_slots`).
BIG = 800
SMALL_R = 12.0
SMALL_PER_HEX = 3
#: An Off-Map Box as drawn (px): room for two rows of six counters under its name.
BOX_W, BOX_H = 170.0, 90.0
#: The most counters a hex draws (two rows of three); more are shown as the last one's "+n".
PER_HEX = 6


def font(r: float) -> float:
    """The font size (px) of a hex's number and name at hex radius ``r``."""
    return round(max(7.0, min(11.0, r * 0.22)), 1)


def fit(text: str, width: float, size: float) -> str:
    """``text`` cut to ``width`` px at font ``size`` (about 0.6 em a character), ending in an ellipsis
    when cut (the whole text stays in the element's title)."""
    room = max(1, int(width / (size * 0.62)))
    return text if len(text) <= room else text[:max(1, room - 1)] + "\u2026"


def hex_slots(cx: float, cy: float, r: float, n: int) -> dict:
    """Where a flat-topped hex of radius ``r`` centred at ``(cx, cy)`` draws its contents so that none
    overlaps another or leaves the hex: ``number`` and ``name`` (``(x, y, width)``: the text's centre
    baseline and the width it may use), ``city`` (``(x, y, size)``), ``counters``: ``n`` (at most
    :data:`PER_HEX`) squares ``(x, y, size)`` in two rows of three between them; ``font`` and ``name-font``
    the sizes (px) of the number and the name."""
    h = math.sqrt(3) / 2 * r                        # half the hex's height
    size = font(r)
    half = lambda dy: r - abs(dy) / math.sqrt(3)    # the hex's half-width at height dy from the centre
    top = -h + 0.06 * r + size                      # the number's baseline, just inside the top edge
    small = round(size * 0.88, 1)                   # the name's font
    bottom = h - 0.24 * r                           # the name's baseline, above the bottom edge (room to read)
    band_top, band_bottom = top + size * 0.35 + 2, bottom - small - 2
    c = min((band_bottom - band_top - 3) / 2, 0.44 * r)
    gap = max(1.5, c * 0.12)
    rows = [band_top + (band_bottom - band_top - (2 * c + gap)) / 2]
    rows.append(rows[0] + c + gap)
    counters = []
    for k in range(min(n, PER_HEX)):
        row, col = divmod(k, 3)
        per_row = min(3, min(n, PER_HEX) - 3 * row)
        x0 = cx - (per_row * c + (per_row - 1) * gap) / 2
        counters.append((round(x0 + col * (c + gap), 1), round(cy + rows[row], 1), round(c, 1)))
    city = max(4.0, size * 0.6)
    num_w = 2 * half(top - size) - 2 * city - 6
    return {"number": (cx, round(cy + top, 1), round(num_w, 1)),
            "city": (round(cx + num_w / 2 + 2, 1), round(cy + top - size * 0.7, 1), round(city, 1)),
            "name": (cx, round(cy + bottom, 1), round(2 * half(bottom + small * 0.25) - 6, 1)),
            "counters": counters, "font": size, "name-font": small}


def small_hex_slots(cx: float, cy: float, r: float, n: int) -> dict:
    """:func:`hex_slots` for the small hexes of a big map (radius ``r`` about :data:`SMALL_R`): the City
    square at the top, the number under it, one row of ``n`` (at most :data:`SMALL_PER_HEX`) counters below
    the centre; no name (a tap on the hex gives it). Each part inside the hex and apart from the others."""
    h = math.sqrt(3) / 2 * r
    size = round(r * 0.4, 1)                        # the number's font: legible when the map is zoomed in
    city = round(r * 0.25, 1)
    c = round(r * 0.36, 1)
    gap = round(r * 0.07, 1)
    k = min(n, SMALL_PER_HEX)
    x0 = cx - (k * c + (k - 1) * gap) / 2
    counters = [(round(x0 + i * (c + gap), 1), round(cy + 0.12 * r, 1), c) for i in range(k)]
    return {"number": (cx, round(cy - 0.1 * r, 1), round(1.5 * r, 1)),
            "city": (round(cx - city / 2, 1), round(cy - h + 0.1 * r, 1), city),
            "name": (cx, cy, 0.0), "counters": counters, "font": size, "name-font": size}


def box_slots(x: float, y: float, n: int) -> list:
    """``n`` counter squares ``(x, y, size)`` in an Off-Map Box drawn at ``(x, y)``: rows of six under its name."""
    c, gap = 22.0, 4.0
    per_row = int((BOX_W - 8) // (c + gap))
    rows = int((BOX_H - 26) // (c + gap))
    return [(x + 6 + (k % per_row) * (c + gap), y + 22 + (k // per_row) * (c + gap), c)
            for k in range(min(n, per_row * rows))]
