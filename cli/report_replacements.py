"""The Replacements Segment (1.3) on the page of ``aeref report``: the map of one faction's replacements, with
``replacements``' allocation and lost steps or ``check-replacements``' ruling on a proposed one."""
from __future__ import annotations

from typing import Optional

from ..api import AllocationError, Position
from ..model.game.vocabulary import faction_name
from .arguments import BadInput


def replacement_map(pos: Position, faction: str, map_: str, allocation: Optional[tuple] = None, limit=None) -> dict:
    """The Replacements Segment of ``faction`` on ``map_`` drawn: the hexes and Off-Map Boxes (positions
    from :mod:`.report_map`), each hex's control, units and markers, the placements with the steps that
    pay for them, the lost steps with their rule, each unit's Replacement Locations; with ``allocation``
    (``(file, data)`` of a proposed allocation) ``check-replacements``' ruling instead of the optimiser's."""
    from .report_map import SMALL_R, box_slots, fit, hex_slots, layout, small_hex_slots  # lazy: only the page draws the map

    board = pos.data.board
    lay = layout(board, map_)
    if allocation is None:
        res = pos.replacements(faction, map_, limit)
        out = res.as_json()
        placements = out["placements"]
        ruling = None
    else:
        try:
            res = pos.check_replacements(faction, allocation[1], map_, allocation[0])
        except AllocationError as exc:
            p = exc.problems[0]
            raise BadInput(f"{p.file}: {p.where}: {p.message}" if p.where else f"{p.file}: {p.message}") from None
        out = ruling = res.as_json()
        placements = [{"unit": p.unit, "location": p.location, "paid-with": list(p.paid_with), "basis": p.basis,
                       "broken": p.broken} for p in res.placements]
    bad_units = {p["unit"] for p in placements if p.get("broken")}
    gone = {uid for e in (ruling or {}).get("eliminated", []) for uid in e["units"]}
    pool = {u["id"]: u for u in res.units}
    here: dict = {}
    for p in placements:
        u = pool.get(p["unit"], {})
        state = "bad" if p["unit"] in bad_units else "gone" if p["unit"] in gone else "new"
        why = f"; {p['broken']}" if p.get("broken") else "; eliminated for stacking after the Segment (9.2)" \
            if state == "gone" else ""
        here.setdefault(p["location"], []).append(_counter(
            p["unit"], faction, u.get("nationality", []), u.get("type", ""), u.get("steps", 1), state,
            f"{u.get('text', p['unit'])}: a replacement placed in {p['location']}, paid with "
            f"{', '.join(p['paid-with'])}" + (f" ({p['basis']})" if p.get("basis") else "") + why))
    hexes = []
    for hid, (x, y) in lay.hexes.items():
        h = board.hexes[hid]
        items = [_counter(u.id, u.faction, list(u.nationality), u.type, u.steps, "", f"{_unit_words(u)}: in {hid}")
                 for u in h.units]
        items += here.get(hid, [])
        items += [{"kind": "marker", "type": m.type, "id": m.label, "text": _MARKER_LETTERS.get(m.type, m.type[:1].upper()),
                   "legend": f"marker-{m.type}",
                   "tip": f"{m.label} in {hid}"} for m in h.markers]
        small = lay.r <= SMALL_R          # a big map: small hexes, a number only where the hex holds something
        slots = (small_hex_slots if small else hex_slots)(x, y, lay.r, len(items))
        shown = items[:len(slots["counters"])]
        if len(items) > len(shown):          # more than a hex draws: the last square says how many more
            rest = items[len(shown) - 1:]
            shown[-1] = {"kind": "more", "id": f"+{len(rest)}", "text": f"+{len(rest)}", "legend": "more",
                         "tip": "; ".join(i["tip"] for i in rest)}
        for item, (cx, cy, c) in zip(shown, slots["counters"]):
            item.update(x=cx, y=cy, s=c)
        size = slots["font"]
        nx, ny, nw = slots["number"]
        tx, ty, tw = slots["name"]
        hexes.append({"id": hid, "x": x, "y": y, "points": lay.polygon[hid], "control": h.control or "none",
                      "city": h.city, "country": h.country, "limited": h.limited_stacking, "name": h.name,
                      "font": size, "number": {"x": nx, "y": ny, "text": fit(hid, nw, size)}
                      if not small or items or h.city else None,
                      "label": {"x": tx, "y": ty, "text": fit(h.name, tw, slots["name-font"]), "font": slots["name-font"]}
                      if h.name and not small else None,
                      "city-at": slots["city"], "items": shown,
                      "units": [{"id": u.id, "faction": u.faction, "type": u.type, "steps": u.steps} for u in h.units],
                      "markers": [m.label for m in h.markers]})
    boxes = []
    for n, (bx, by, w, hh) in lay.boxes.items():
        items = [_counter(u.id, u.faction, list(u.nationality), u.type, u.steps, "", f"{_unit_words(u)}: in the {n}")
                 for u in board.box_units.get(n, ())] + here.get(n, [])
        slots = box_slots(bx, by, len(items))
        for item, (cx, cy, c) in zip(items, slots):
            item.update(x=cx, y=cy, s=c)
        boxes.append({"name": n, "x": bx, "y": by, "w": w, "h": hh, "items": items[:len(slots)],
                      "label": fit(n, w - 12, 10)})
    units = []
    used_all = out.get("steps-used") == out.get("steps-received")
    for u in res.units:
        placed = any(p["unit"] == u["id"] for p in placements)
        why = None
        if not placed:
            b = u.get("barred")
            why = (f"{b['rule']} {b['title']}: {b['message']}" if b else
                   "no Replacement Location (1.3.4)" if not u["locations"] else
                   f"every step received is used ({out.get('steps-used')} of {out.get('steps-received')})"
                   if used_all else "no step left that may pay for it (see Lost steps)")
        units.append({**u, "placed": placed, "why": why})
    drawn = [{**p, "state": "bad" if p["unit"] in bad_units else "gone" if p["unit"] in gone else ""}
             for p in placements]
    legend = _legend(hexes, boxes, bool(units))
    numbered = sum(1 for h in hexes if h["number"])
    numbers = None if numbered == len(hexes) else (
        f"This map has {len(hexes):,} hexes, too many to number each at a size a page can show: hex numbers are "
        f"drawn in the {numbered:,} hexes that hold a unit, a marker or a City (zoom in to read them); tap any hex "
        "for its number and contents.")
    return {"faction": faction, "map": map_, "r": lay.r, "width": lay.width, "height": lay.height, "hexes": hexes,
            "numbers": numbers,
            "boxes": boxes, "placements": drawn, "units": units, "legend": legend, "lost": out.get("lost", []),
            "received": out.get("steps-received"), "used": out.get("steps-used"),
            "status": out.get("status"), "optimal": out.get("optimal"), "ruling": ruling,
            "bad-locations": sorted({p["location"] for p in placements if p["unit"] in bad_units}),
            "eliminated": (ruling or {}).get("eliminated", []), "notes": out.get("notes", [])}


#: Counter colours by nationality (the page's palette, close to the counters' own; any other nationality
#: takes its faction's colour). Keys as :func:`aeref.model.files.names.norm_name` writes them would do; lower case here.
NATIONALITY_COLOURS = {
    "germany": "#8c8f86", "italy": "#9fb07a", "japan": "#e0b43c", "russia": "#b5462f", "ussr": "#b5462f",
    "britain": "#c9a66b", "great britain": "#c9a66b", "france": "#5a7fb5", "us": "#6f8a3c", "usa": "#6f8a3c",
    "china": "#5f86a6", "nationalist china": "#5f86a6", "communist china": "#b5462f",
}
FACTION_COLOURS = {"axis": "#6b6b6b", "western": "#3f7f44", "soviet": "#c0392b", None: "#9e9e9e"}
#: Unit types with a symbol of their own (the others draw their name's first letters).
SYMBOLS = ("infantry", "armor", "mechanized", "cavalry", "airborne", "marine", "mountain", "ski", "hq", "fortress",
           "garrison", "exp")


def _unit_words(u) -> str:
    """``J-1A (Axis Japan infantry, 2 steps)``: a unit of the map in words."""
    who = " ".join(x for x in (faction_name(u.faction) if u.faction else "", u.nationality_text, u.type) if x)
    return f"{u.id} ({who}, {u.steps} step{'s' if u.steps != 1 else ''})"


def _counter(uid: str, faction: Optional[str], nationality: list, type_: str, steps: int, state: str, tip: str) -> dict:
    """A unit as the map draws it: a counter of its nationality's colour (:data:`NATIONALITY_COLOURS`, else its
    faction's), its unit-type symbol and steps; ``state``: "" a unit already there, ``new`` a replacement
    placed, ``bad`` a placement a rule forbids, ``gone`` eliminated after the Segment (9.2); ``tip`` its words."""
    nat = nationality[0] if nationality else ""
    colour = NATIONALITY_COLOURS.get(nat.lower(), FACTION_COLOURS.get(faction, FACTION_COLOURS[None]))
    symbol = type_ if type_ in SYMBOLS else ""
    legend = [f"nat-{nat or faction or 'unit'}", f"type-{type_ or 'unit'}"] + ([state] if state else [])
    return {"kind": "unit", "id": uid, "nationality": nat, "faction": faction, "colour": colour, "type": type_,
            "symbol": symbol, "letters": "" if symbol else (type_[:3].capitalize() or "?"), "steps": steps,
            "state": state, "tip": tip, "legend": " ".join(legend)}


_TYPE_WORDS = {"hq": "HQ", "exp": "Exp", "infantry": "infantry", "armor": "armor"}
_MARKER_LETTERS = {"logistics": "L", "partisan-base": "P", "detachment": "D"}
_MARKER_WORDS = {"logistics": "Logistics marker", "partisan-base": "Partisan Base", "detachment": "Detachment"}
_STATE_WORDS = {"new": "a new replacement unit, placed in this Segment",
                "bad": "a placement a rule forbids (the ruling says which)",
                "gone": "eliminated for stacking after the Segment (9.2)"}


def _legend(hexes: list, boxes: list, pool: bool) -> list[dict]:
    """One entry for every symbol and colour the map draws (``key`` as the map's ``data-legend`` names it)."""
    out: list[dict] = []
    seen: set = set()

    def add(key, kind, text, **more):
        if key not in seen:
            seen.add(key)
            out.append({"key": key, "kind": kind, "text": text, **more})
    control = {"axis": "Axis", "western": "Western", "soviet": "Soviet", "none": "no faction"}
    for h in hexes:
        add(f"control-{h['control']}", "hex", f"hex controlled by {control.get(h['control'], h['control'])}",
            control=h["control"])
    if any(h["city"] for h in hexes):
        add("city", "city", "City")
    add("number", "number", "hex number")
    if any(h["label"] for h in hexes):
        add("name", "name", "hex name (whole on hover)")
    items = [i for h in hexes for i in h["items"]] + [i for b in boxes for i in b["items"]]
    for i in items:
        if i["kind"] == "unit":
            nat = i["nationality"] or i["faction"] or "unit"
            add(f"nat-{nat}", "colour", f"{nat if i['nationality'] else faction_name(i['faction']) if i['faction'] else 'unit'} unit",
                colour=i["colour"])
    for i in items:
        if i["kind"] == "unit":
            add(f"type-{i['type'] or 'unit'}", "type", _TYPE_WORDS.get(i["type"], i["type"] or "unit"), symbol=i["symbol"],
                letters=i["letters"])
    add("steps", "steps", "steps (the number on a counter)") if any(i["kind"] == "unit" for i in items) else None
    for state in ("new", "bad", "gone"):
        if any(i.get("state") == state for i in items):
            add(state, "state", _STATE_WORDS[state], state=state)
    for i in items:
        if i["kind"] == "marker":
            add(f"marker-{i['type']}", "marker", _MARKER_WORDS.get(i["type"], i["type"]), letter=i["text"])
    if any(i["kind"] == "more" for i in items):
        add("more", "more", "more counters than the hex draws (tap for them all)")
    if boxes:
        add("box", "box", "Off-Map Box")
    if pool:
        add("eligible", "eligible", "a Replacement Location of the unit picked below (1.3.4)")
    return out
