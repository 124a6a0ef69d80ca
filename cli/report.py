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
from typing import Any, Optional

import click

from .. import __version__
from ..api import AllocationError, InputError, Position
from ..model.vocabulary import faction_name
from ..model.yamlio import load_yaml_file
from .arguments import BadInput, load, require_faction
from .common import budget
from .jsonout import emit_json
from .options import OutputFile, STDIN_HELP, faction_choice, force_option, interp_option, state_argument, time_limit_option
from .writing import write_text_safely

_SCRIPT_NAME = "report.js"


# ----------------------------------------------------------------------------- the selection matrix

def matrix(pos: Position, faction: str) -> dict:
    """Every selection of ``faction``'s hands (each map's hand plus "no card"), ruled by the engine of
    ``check`` (:meth:`aeref.api.Position.check`) with ``check``'s words. In AE the rows are the TK hand and
    the columns the DS hand; in TK or DS alone one column. When the faction has placed its Pending Cards
    (1.1.3 "Card selection is final") they head the rows and columns and ``"final"`` says so in
    ``pairs``' words."""
    from .selection import ruling_lines      # lazy: the command module of `check`

    maps = list(pos.maps)
    made = pos.selection_made(faction)
    hands = {m: ([made[m]] if made and made.get(m) else []) + list(pos.hand(faction, m)) + [None] for m in maps}
    rows_map, cols_map = maps[0], (maps[1] if len(maps) > 1 else None)
    rows = []
    for r in hands[rows_map]:
        cells = []
        for c in (hands[cols_map] if cols_map else [None]):
            choice = {rows_map: r}
            if cols_map:
                choice[cols_map] = c
            ruling = pos.check(faction, tk=choice.get("tk"), ds=choice.get("ds"))
            lines = ruling_lines(pos, faction, {k: v for k, v in choice.items() if v}, ruling)
            cells.append({"choice": choice, "legal": ruling.legal, "text": "\n".join(lines),
                          "rules": sorted({v.rule.number for v in ruling.violations}),
                          "made": made is not None and all(made.get(m) == v for m, v in choice.items())})
        rows.append({"card": _card(pos, r), "cells": cells})
    return {"rows-map": rows_map, "cols-map": cols_map,
            "cols": [_card(pos, c) for c in hands[cols_map]] if cols_map else [None],
            "rows": rows,
            "final": pos.final_message(faction, made) if made is not None else None}


def _card(pos, cid: Optional[str]) -> Optional[dict]:
    """A card as the page draws it (None: "no card")."""
    if cid is None:
        return None
    from .show import _card as card_facts    # lazy: the command module of `show`
    return card_facts(pos.data, cid)


def excluded(pos: Position, faction: str, limit=None) -> list[dict]:
    """The hand cards in no legal selection with the minimal rules that exclude them, as ``pairs``
    lists them (the same enumeration and explanation, :meth:`aeref.api.LegalSelections.excluded`)."""
    legal = pos.legal_selections(faction, limit)
    return [{**a.excluded_json(), "card": _card(pos, a.card), "map": a.map} for a in legal.excluded()]


# ----------------------------------------------------------------------------- the replacement map

def replacement_map(pos: Position, faction: str, map_: str, allocation: Optional[tuple] = None, limit=None) -> dict:
    """The Replacements Segment of ``faction`` on ``map_`` drawn: the hexes and Off-Map Boxes (positions
    from :mod:`.report_map`), each hex's control, units and markers, the placements with the steps that
    pay for them, the lost steps with their rule, each unit's Replacement Locations; with ``allocation``
    (``(file, data)`` of a proposed allocation) ``check-replacements``' ruling instead of the optimiser's."""
    from .report_map import layout          # lazy: only the page draws the map

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
    hexes = []
    for hid, (x, y) in lay.hexes.items():
        h = board.hexes[hid]
        hexes.append({"id": hid, "x": x, "y": y, "points": lay.polygon[hid], "control": h.control or "none",
                      "city": h.city, "country": h.country, "limited": h.limited_stacking,
                      "units": [{"id": u.id, "faction": u.faction, "type": u.type, "steps": u.steps} for u in h.units],
                      "markers": [m.label for m in h.markers]})
    boxes = [{"name": n, "x": x, "y": y, "w": w, "h": hh} for n, (x, y, w, hh) in lay.boxes.items()]
    units = [{**u, "placed": any(p["unit"] == u["id"] for p in placements)} for u in res.units]
    # each placement a counter: in a hex a row of up to three (then a second row), in a box a grid
    r = lay.r
    where = {h["id"]: (h["x"] - r * 0.72, h["y"] - r * 0.22, 2, r * 0.72) for h in hexes}
    where.update({b["name"]: (b["x"] + 6, b["y"] + 22, 6, 26.0) for b in boxes})
    drawn = []
    count: dict = {}
    for p in placements:
        x, y, per_row, step = where.get(p["location"], (None, None, 0, 0))
        if x is None:
            continue
        k = count.get(p["location"], 0)
        count[p["location"]] = k + 1
        drawn.append({**p, "x": round(x + step * (k % per_row), 1), "y": round(y + 14 * (k // per_row), 1),
                      "w": round(min(step - 2, 24), 1)})
    bad_units = {p["unit"] for p in placements if p.get("broken")}
    gone = {uid for e in (ruling or {}).get("eliminated", []) for uid in e["units"]}
    for p in drawn:
        p["state"] = "bad" if p["unit"] in bad_units else "gone" if p["unit"] in gone else ""
    return {"faction": faction, "map": map_, "r": lay.r, "width": lay.width, "height": lay.height, "hexes": hexes,
            "boxes": boxes, "placements": drawn, "units": units, "lost": out.get("lost", []),
            "received": out.get("steps-received"), "used": out.get("steps-used"),
            "status": out.get("status"), "optimal": out.get("optimal"), "ruling": ruling,
            "bad-locations": sorted({p["location"] for p in placements if p["unit"] in bad_units}),
            "eliminated": (ruling or {}).get("eliminated", []), "notes": out.get("notes", [])}


# ----------------------------------------------------------------------------- the Seasonal Turn

def seasonal_turn(pos: Position) -> Optional[dict]:
    """For a reveal position (``previous:`` set and Pending Cards placed): every faction's reveal in the
    order of play (``reveal --faction all``), its steps with their rules, and each map's Turn Track before
    and after with the markers the war state changes move (12.2, 12.3). None for any other position."""
    data = pos.data
    if not data.seasonal.previous or not any(fm.pending for s in data.factions.values() for fm in s.values()):
        return None
    try:
        prev = pos.previous()
        note = None
    except InputError as exc:
        prev, note = None, exc.one_line()
    res = pos.reveal("all", prev or False)
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

def report_data(pos, factions: list[str], allocation: Optional[tuple] = None,
                allocation_faction: Optional[str] = None, limit=None) -> dict:
    """Everything the page shows, as plain data (tested apart from the HTML). ``pos``: an
    :class:`aeref.api.Position` or the plain data of one; ``limit``: the command's
    :class:`~aeref.api.Budget` for every solve (default: none)."""
    from .show import facts                 # lazy: the command module of `show`
    pos = pos if isinstance(pos, Position) else Position(pos)
    data: dict[str, Any] = {"facts": facts(pos.data), "factions": [], "maps": [], "turn": seasonal_turn(pos)}
    for f in factions:
        data["factions"].append({"faction": f, "name": faction_name(f), "matrix": matrix(pos, f),
                                 "excluded": excluded(pos, f, limit)})
    if pos.data.map_board is not None and pos.data.replacements:
        for (m, f) in sorted(pos.data.replacements):
            if f not in pos.factions:
                continue
            alloc = allocation if allocation is not None and f == (allocation_faction or f) else None
            data["maps"].append(replacement_map(pos, f, m, alloc, limit))
    return data


def render(data: dict) -> str:
    """The page: the template filled with ``data`` (Jinja2, auto-escaping on)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(loader=PackageLoader("aeref.cli", "templates"), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True)
    script = env.loader.get_source(env, _SCRIPT_NAME)[0]
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return env.get_template("report.html.j2").render(d=data, script=script, script_hash=f"sha256-{digest}",
                                                      faction_name=faction_name, version=__version__)


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
@click.option("--json", "as_json", is_flag=True, help="Print the page's data as JSON instead of writing the page.")
def report(state, factions, allocation, allocation_faction, output, force, interpretations, time_limit, as_json):
    """Write one self-contained HTML page of the position and its rulings: the
    position as the game's displays, each faction's selection matrix (tap a
    cell for check's ruling), the replacement map, the Seasonal Turn.

    \b
    Example:
      aeref report examples/ae-soviet-production.yaml
    """
    limit = budget(time_limit)
    pos = load(state, interpretations, limit)
    fs = [require_faction(pos, f) for f in factions] or list(pos.factions)
    alloc = None
    if allocation is not None:
        alloc = (allocation, load_yaml_file(allocation, allocation))
    data = report_data(pos, fs, alloc, allocation_faction.lower() if allocation_faction else None, limit)
    if as_json:
        emit_json(data)
        return 0
    path = output or (state[:-5] if state.endswith(".yaml") else state.rsplit(".", 1)[0] if "." in state else state) + ".html"
    # the message names the option when it was given, else the page's default place (STATE with .html)
    write_text_safely(path, render(data), force, "-o" if output else "the report")
    click.echo(f"Wrote {path}")
    return 0
