"""``aeref report``: one self-contained HTML page of a position and its rulings.

Everything on the page comes from the commands' own functions, so the page
says what the commands say: the position (``show``'s facts), the selection
matrix (every cell ruled by ``check``'s engine, with ``check``'s words, the
cards in no legal selection with ``pairs``' reasons), the replacement map
(``replacements``' allocation and lost steps, or ``check-replacements``'
ruling on a proposed allocation), and - for a reveal position - the steps of
``reveal`` with the markers they move on the Turn Track.

The page is one file: no server, no network, no external script, font or
image. Names from position files are untrusted text: Jinja2 escapes them
(auto-escaping on), and a Content-Security-Policy admits only the page's own
inline style and the one inline script (by its hash).
"""
from __future__ import annotations

import base64
import hashlib
import time
from dataclasses import dataclass
from functools import cache
from itertools import islice
from typing import Any, Optional

import click

from .. import __version__
from ..api import AllocationError, Budget, InputError, Position
from ..model.game.vocabulary import WarState, faction_name
from ..model.files.wording import rules_word
from ..model.files.yamlio import load_yaml_file
from .arguments import BadInput, load, require_faction
from .common import budget
from .jsonout import emit_json
from .options import OutputFile, STDIN_HELP, as_option, faction_choice, force_option, interp_option, state_argument, time_limit_option
from .options import PRIVATES_KEY, plan_goal_options, private_option
from .report_plan import card_tile, plan_timeline, plans
from .writing import write_text_safely

_SCRIPT_NAME = "report.js"


# ----------------------------------------------------------------------------- the selection matrix

#: The most cells a selection matrix draws (50 x 50): a bigger one is left out and the page lists the
#: first :data:`LISTED` legal selections instead, saying how many cells it left out.
MATRIX_CELLS = 2500
LISTED = 200


def matrix(pos: Position, faction: str, legal=None, limit=None, reserve: float = 0.0) -> dict:
    """Every selection of ``faction``'s hands (each map's hand plus "no card"), ruled by the engine of
    ``check`` (:meth:`aeref.api.LegalSelections.check`: ``check``'s ruling, the rules posted once) with
    ``check``'s words. In AE the rows are the TK hand and the columns the DS hand; in TK or DS alone one
    column. When the faction has placed its Pending Cards (1.1.3 "Card selection is final") they head the
    rows and columns and ``"final"`` says so in ``pairs``' words.

    ``legal``: the faction's :class:`~aeref.api.LegalSelections` (default: a new one within ``limit``).
    A matrix of more than :data:`MATRIX_CELLS` cells is not drawn: ``"omitted"`` gives its size and
    ``"legal"`` the first :data:`LISTED` legal selections in the order people read them (``"legal-count"``,
    ``"legal-complete"``). Cells the time limit (``limit``, a Budget) leaves unruled have ``"legal"`` None,
    counted in ``"unruled"``; the ruling stops ``reserve`` seconds before the limit (the time the page
    takes to build and write, :func:`page_reserve`)."""
    from .selection import _natural, ruling_lines      # lazy: the command module of `check`

    legal = legal if legal is not None else pos.legal_selections(faction, limit)
    maps = list(pos.maps)
    made = pos.selection_made(faction)
    hands = {m: ([made[m]] if made and made.get(m) else []) + list(pos.hand(faction, m)) + [None] for m in maps}
    rows_map, cols_map = maps[0], (maps[1] if len(maps) > 1 else None)
    final = pos.final_message(faction, made) if made is not None else None
    n_rows, n_cols = len(hands[rows_map]), (len(hands[cols_map]) if cols_map else 1)
    if n_rows * n_cols > MATRIX_CELLS:
        counted = legal.count()
        listed = [{m: card_tile(pos, ch[m]) for m in maps} for ch in islice(legal.ordered(maps, _natural), LISTED)]
        return {"rows-map": rows_map, "cols-map": cols_map, "cols": [], "rows": [], "final": final,
                "omitted": {"cells": n_rows * n_cols, "rows": n_rows, "cols": n_cols}, "unruled": 0,
                "legal": listed, "legal-count": counted.number, "legal-complete": counted.complete}
    rows, unruled = [], 0
    for r in hands[rows_map]:
        cells = []
        for c in (hands[cols_map] if cols_map else [None]):
            choice = {rows_map: r}
            if cols_map:
                choice[cols_map] = c
            cell_made = made is not None and all(made.get(m) == v for m, v in choice.items())
            if limit is not None and limit.limited and limit.left() <= reserve:
                unruled += 1
                cells.append({"choice": choice, "legal": None, "text": "not ruled: the time limit ran out first",
                              "rules": [], "made": cell_made})
                continue
            ruling = legal.check(choice)
            lines = ruling_lines(pos, faction, {k: v for k, v in choice.items() if v}, ruling)
            cells.append({"choice": choice, "legal": ruling.legal, "text": "\n".join(lines),
                          "rules": sorted({v.rule.number for v in ruling.violations}), "made": cell_made})
        rows.append({"card": card_tile(pos, r), "cells": cells})
    return {"rows-map": rows_map, "cols-map": cols_map,
            "cols": [card_tile(pos, c) for c in hands[cols_map]] if cols_map else [None], "rows": rows, "final": final,
            "omitted": None, "unruled": unruled}


def excluded(pos: Position, faction: str, limit=None, legal=None) -> list[dict]:
    """The hand cards in no legal selection with the minimal rules that exclude them, as ``pairs``
    lists them (the same enumeration and explanation, :meth:`aeref.api.LegalSelections.excluded`;
    ``legal``: the faction's LegalSelections when already made)."""
    legal = legal if legal is not None else pos.legal_selections(faction, limit)
    return [{**a.excluded_json(), "card": card_tile(pos, a.card), "map": a.map} for a in legal.excluded()]


# ----------------------------------------------------------------------------- the replacement map

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


# ----------------------------------------------------------------------------- the Seasonal Turn

def seasonal_turn(pos: Position) -> Optional[dict]:
    """For a reveal position (``previous:`` set and Pending Cards placed): every faction's reveal in the
    order of play (``reveal --faction all``), its steps with their rules, and each map's Turn Track before
    and after with the markers the war state changes move (12.2, 12.3). None for any other position."""
    data = pos.data
    if not data.seasonal.previous or not any(fm.pending for s in data.factions.values() for fm in s.values()):
        return None
    if any(fm.pending_face_down for s in data.factions.values() for fm in s.values()):
        return None             # a view (--as): another faction's Pending Card lies face down until its reveal (1.1)
    try:
        prev = pos.previous()
        note = None
    except InputError as exc:
        prev, note = None, exc.one_line()
    try:
        res = pos.reveal("all", prev or False)
    except InputError:
        return None             # no reveal due here: the Pending Cards were placed after this turn's reveal (Step 4)
    steps = [{"faction": faction_name(r.faction), "map": (s.map or "").upper(), "rule": s.rule, "title": s.title,
              "message": s.message} for r in res.reveals for s in r.steps]
    names = data.interpretations_in_force["calendar"]
    after_pos = res.position.data
    tracks = []
    for m in pos.maps:
        before = data.seasonal.turn_track.get(m, {})
        after = after_pos.seasonal.turn_track.get(m, {})
        turns = [t for t in after.values()] + [t for t in before.values()]
        last = max([pos.turn] + turns)
        shown = min(last.index - pos.turn.index, 23)
        boxes = []
        for i in range(shown + 1):
            t = pos.turn.ahead(i)
            here = [{"marker": k, "moved": before.get(k) != v} for k, v in after.items() if v == t]
            boxes.append({"turn": t.name(names), "markers": here})
        later = [{"marker": k, "moved": before.get(k) != v, "turn": v.name(names)} for k, v in after.items()
                 if v.index - pos.turn.index > shown]
        tracks.append({"map": m, "boxes": boxes, "later": later,
                       "war-state": str(after_pos.war_state[m]), "was": str(data.war_state[m])})
    return {"turn": str(pos.turn), "previous": data.seasonal.previous, "note": note, "legal": not res.illegal,
            "order": [faction_name(r.faction) for r in res.reveals], "steps": steps, "tracks": tracks}


# ----------------------------------------------------------------------------- the page

@dataclass
class _Reserved(Budget):
    """The command's :class:`~aeref.api.Budget` with ``reserve`` seconds of its wall clock kept back for
    building and writing the page: the solves, the enumeration and the matrix see the wall clock end that
    much earlier; the deterministic work budget is the command's own (the same answers on any machine)."""

    reserve: float = 0.0

    def left(self) -> Optional[float]:
        return None if self.seconds is None else max(0.0, self.seconds - self.reserve - self.elapsed())


def _cells(pos: Position, faction: str) -> int:
    """How many cells (or listed selections) the faction's matrix draws, as :func:`matrix` decides."""
    sizes = [len(pos.hand(faction, m)) + 2 for m in pos.maps]     # each hand, "no card" and a placed card
    cells = sizes[0] * (sizes[1] if len(sizes) > 1 else 1)
    return cells if cells <= MATRIX_CELLS else LISTED


def page_reserve(pos: Position, factions: list[str]) -> float:
    """Seconds of ``--time-limit`` kept back for building and writing the page: the time this process took
    to compile the page's template (so measured on this machine at its present load), scaled by what the
    page draws. Rendering a cell, a listed selection or a card costs about 1/2,000 of the compile (measured:
    801 cells 0.07 s, 2,401 cells 0.2 s beside a compile of 0.23 s); a quarter of the compile is added for
    the rest of the page and the write."""
    compiled = _page_template()[3]
    drawn = sum(_cells(pos, f) for f in factions) + len(pos.data.cards)
    return compiled * (0.25 + drawn / 2000)


def report_data(pos, factions: list[str], allocation: Optional[tuple] = None,
                allocation_faction: Optional[str] = None, limit=None, plan: Optional[tuple] = None,
                reserve: float = 0.0) -> dict:
    """Everything the page shows, as plain data (tested apart from the HTML). ``pos``: an
    :class:`aeref.api.Position` or the plain data of one; ``limit``: the command's
    :class:`~aeref.api.Budget` for every solve (default: none), of which ``reserve`` seconds are kept
    back for the page (:func:`page_reserve`): every solve, the enumeration and the matrix stop that much
    before the limit; ``plan``: ``(earliest, goal)``, the :class:`aeref.answers.Plan` answers
    :func:`plan_timeline` draws (``goal`` may be None), or None: no plan on the page (and no ``"plan"`` key)."""
    from .show import facts                 # lazy: the command module of `show`
    pos = pos if isinstance(pos, Position) else Position(pos)
    if limit is not None and limit.limited and reserve > 0:
        limit = _Reserved(limit.seconds, limit.start, limit.spent, limit.interrupted, reserve)
    data: dict[str, Any] = {"facts": facts(pos.data), "factions": [], "maps": [], "turn": seasonal_turn(pos)}
    for f in factions:
        legal = pos.legal_selections(f, limit)
        left_out = excluded(pos, f, limit, legal)      # enumerated first: the matrix rules cells while time is left
        data["factions"].append({"faction": f, "name": faction_name(f), "matrix": matrix(pos, f, legal, limit, reserve),
                                 "excluded": left_out})
    from .others import report_others       # lazy: the command module of `pairs --as`
    others = report_others(pos, limit)      # a faction's view: what the others may hold and may have placed (1.1)
    if others:
        data["others"] = others
    if pos.data.map_board is not None and pos.data.replacements:
        for (m, f) in sorted(pos.data.replacements):
            if f not in pos.factions:
                continue
            alloc = allocation if allocation is not None and f == (allocation_faction or f) else None
            data["maps"].append(replacement_map(pos, f, m, alloc, limit))
    if plan is not None:
        data["plan"] = plan_timeline(pos, *plan)
    return data


def game_record(state: str, viewer: Optional[str]) -> dict:
    """The game record of a chained ``state`` as the page shows it (``aeref log``): what ``viewer`` may see, its own
    sealed cards named from the private files given (--private)."""
    from ..api import game_log
    ctx = click.get_current_context(silent=True)
    privates = ctx.meta.get(PRIVATES_KEY, ()) if ctx is not None else ()
    v, entries = game_log(state, None, viewer if viewer not in (None, "referee", "public") else None,
                          tuple(privates) if viewer not in (None, "public") else ())
    return {"holds": v.holds, "broken": v.broken, "entries": entries}


@cache
def _page_template() -> tuple:
    """The page's template compiled (once a process), the inline script, its hash for the
    Content-Security-Policy, and the seconds the compile took (:func:`page_reserve`)."""
    from jinja2 import Environment, PackageLoader, select_autoescape     # lazy: only the page needs Jinja2

    started = time.perf_counter()
    env = Environment(loader=PackageLoader("aeref.cli", "templates"), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True)
    script = env.loader.get_source(env, _SCRIPT_NAME)[0]
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    template = env.get_template("report.html.j2")
    return template, script, f"sha256-{digest}", time.perf_counter() - started


def render(data: dict) -> str:
    """The page: the template filled with ``data`` (Jinja2, auto-escaping on)."""
    template, script, digest, _ = _page_template()
    return template.render(d=data, script=script, script_hash=digest, faction_name=faction_name,
                           rules_word=rules_word, war_state_name=lambda w: WarState.of(w).display,
                           version=__version__)


def _seen(pos: Position, faction: str) -> bool:
    """Whether the files read show ``faction``'s hands (:meth:`aeref.api.Position.require_seen`)."""
    try:
        pos.require_seen(faction)
    except InputError:
        return False
    return True


@click.command(epilog=STDIN_HELP)
@state_argument()
@click.option("--faction", "-f", "factions", multiple=True,
              type=faction_choice(),
              help="A faction whose selection matrix the page shows (repeatable; default: every faction of the file).")
@click.option("--allocation", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="A proposed allocation (as check-replacements takes it): the map shows its ruling.")
@click.option("--allocation-faction", type=faction_choice(),
              default=None, help="The faction of --allocation (default: the file's only Replacements faction).")
@click.option("-o", "--output", "output", type=OutputFile(), default=None, metavar="FILE",
              help="Where to write the page (default: STATE with .html).")
@force_option
@interp_option
@time_limit_option
@as_option
@click.option("--json", "as_json", is_flag=True, help="Print the page's data as JSON instead of writing the page.")
@private_option
@click.option("--plan", "plan_faction", type=faction_choice(), default=None, metavar="FACTION",
              help="Draw FACTION's plan as a timeline per map (as aeref plan finds it): every hand card's earliest "
                   "turn, and with --want the earliest plan that reveals the wanted cards.")
@plan_goal_options("With --plan: ")
def report(state, factions, allocation, allocation_faction, output, force, interpretations, time_limit, viewer, as_json,
           plan_faction, turns, want, by, avoid, assume):
    """Write one self-contained HTML page of the position and its rulings: the
    position as the game's displays, each faction's selection matrix (tap a
    cell for check's ruling), the replacement map, the Seasonal Turn; with
    --plan FACTION the faction's plan as a timeline per map.

    \b
    Example:
      aeref report examples/ae-soviet-production.yaml
      aeref report examples/tk-axis-1939-plan.yaml --plan axis --want 4a --want 11
    """
    for name, given in (("--turns", turns is not None), ("--want", want), ("--by", by), ("--avoid", avoid),
                        ("--assume", assume)):
        if given and plan_faction is None:
            raise BadInput(f"{name}: it sets the plan the page draws; give --plan FACTION with it")
    limit = budget(time_limit)
    pos = load(state, interpretations, limit)
    chained = pos.data.raw is not None and pos.data.raw.record is not None and state != "-"
    if viewer is not None:      # the page as one viewer sees it (1.1): only its own selection matrix
        pos = pos.view(viewer)
        fs = [pos.require_seen(f) for f in factions] or [f for f in pos.factions if f == pos.viewer or pos.viewer == "referee"]
    else:
        # no --as: the public view of a public file; a hand face down in every file read gets no matrix (asking
        # for its faction with --faction says which private file is needed)
        fs = [require_faction(pos, f) for f in factions] or [f for f in pos.factions if _seen(pos, f)]
    alloc = None
    if allocation is not None:
        alloc = (allocation, load_yaml_file(allocation, allocation))
    plan = None
    if plan_faction is not None:
        plan = plans(pos, plan_faction.lower(), turns, want, by, avoid, assume, limit)
    reserve = page_reserve(pos, fs) if limit.limited and not as_json else 0.0
    data = report_data(pos, fs, alloc, allocation_faction.lower() if allocation_faction else None, limit, plan,
                       reserve)
    if chained:
        data["record"] = game_record(state, pos.viewer if viewer is not None else None)
    if as_json:
        emit_json(data)
        return 0
    path = output or (state[:-5] if state.endswith(".yaml") else state.rsplit(".", 1)[0] if "." in state else state) + ".html"
    # the message names the option when it was given, else the page's default place (STATE with .html)
    write_text_safely(path, render(data), force, "-o" if output else "the report")
    click.echo(f"Wrote {path}")
    return 0
