"""``aeref show``: the whole position at a glance, for people (and ``--json``).

Every fact a ruling reads, as the file gives it (no rule is applied here):
per map the war state, the Posture Display, the Turn Track, the boxes, the
Logistics markers and Partisan Bases in the Force Pools, a one-line summary
of the map and the ``replacements:`` section; per faction and map the
Current Card, the Pending Card, the hand, the cards revealed by calendar
year and the removed cards; then the markers, flags and the rest.
"""
from __future__ import annotations

from typing import Any, Optional

import click

from ..model.game.vocabulary import WarState, faction_name, join_and
from ..model.files.wording import rules_word
from .arguments import choose_map, load, require_faction
from .common import EXIT_OK, tabulate
from .jsonout import emit_json
from .options import STDIN_HELP, as_option, faction_choice, json_option, map_choice, state_argument
from .options import private_option

_COUNTRY_FIELDS = ("posture", "policy", "status", "alignment")
_COUNTRY_MORE = ("dependent_of", "minor", "chinese", "influence", "neutrality")
_BOX_NAMES = {"force-pool": "Force Pool", "delay-box": "Delay Box", "strategic-warfare-box": "Strategic Warfare Box",
              "outbreak-of-war": "Conditional Event Box (Outbreak of War units)"}


# ----------------------------------------------------------------------------- the facts (the JSON)

#: A card that lies face down in a view (model.secrecy.views): the viewer sees its back only (1.1).
FACE_DOWN = {"face-down": True}


def _card(pos, cid: Optional[str]) -> Optional[dict]:
    if cid is None:
        return None
    c = pos.cards[cid]
    out = {"id": cid, "number": c.number, "name": c.name, "war-state": str(c.war_state)}
    if c.production is not None:
        out["production"] = c.production
    for mark in ("combined", "recyclable", "rearmament"):
        if getattr(c, mark):
            out[mark] = True
    if c.blitz:
        out["blitz"] = c.blitz
    if c.starts:
        out["starts"] = str(c.starts)
    if c.kinds:
        out["kinds"] = sorted(c.kinds)
    return out


def _played_by_year(pos, faction: str, m: str) -> list[dict]:
    """The cards played on map ``m`` (revealed as Current Cards: ``played`` and the Current Card,
    FORMAT 3), by calendar year (1.1.3.3: a Winter turn counts in the year of its Nov-Dec)."""
    years: dict = {}
    for r in pos.revealed(faction):
        if r.map != m:
            continue
        entry = {**_card(pos, r.card), "turn": str(r.turn) if r.turn else None}
        if r.current:
            entry["current"] = True
        years.setdefault(r.turn.calendar_year if r.turn else None, []).append(entry)
    return [{"year": y, "cards": years[y]} for y in sorted(years, key=lambda y: (y is None, y or 0))]


def _country(c) -> dict:
    out = {"country": c.name}
    for k in _COUNTRY_FIELDS + _COUNTRY_MORE:
        v = getattr(c, k, None)
        if v is not None or k in _COUNTRY_FIELDS:
            out[k.replace("_", "-")] = v
    return out


def _map_summary(pos, m: str) -> Optional[dict]:
    if pos.map_board is None:
        return None
    hexes = [h for h in pos.board.hexes.values() if getattr(h, "map", None) in (None, m)]
    units = [u for h in hexes for u in h.units]
    by_faction: dict = {}
    for u in units:
        by_faction[u.faction] = by_faction.get(u.faction, 0) + 1
    return {"hexes": len(hexes), "cities": sum(1 for h in hexes if h.city),
            "supply-sources": sum(1 for h in hexes if h.supply_source), "units": by_faction,
            "markers": [f"{mk.label} in {h.id}" for h in hexes for mk in h.markers],
            "off-map-boxes": list(pos.board.boxes)}


def _replacements(pos, m: str) -> dict:
    out = {}
    for (rm, f), fr in pos.replacements.items():
        if rm != m:
            continue
        steps = None if fr.steps is None else [
            {"nationality": s.nationality, "kind": s.kind, "count": s.count, "colonial": s.colonial or False,
             "pairs-to-armor": s.pairs_to_armor} for s in fr.steps]
        out[f] = {"steps": steps,
                  "force-pool": [{"id": u.id, "nationality": u.nationality_text, "type": u.type, "steps": u.steps}
                                 for u in fr.force_pool],
                  "prefer": dict(fr.prefer)}
    return out


def _boxes(pos, m: str) -> dict:
    mb = pos.seasonal.boxes.get(m)
    if mb is None:
        return {}
    out = {"force-pool": {f: list(v) for f, v in mb.force_pool.items() if v}, "delay-box": list(mb.delay_box),
           "strategic-warfare-box": list(mb.strategic_warfare_box),
           "outbreak-of-war": {f: list(v) for f, v in mb.outbreak_of_war.items() if v}}
    return {k: v for k, v in out.items() if v}


def _markers(section, vp=None, note=None) -> dict:
    """Markers of one section of ``markers:`` (model.game.markers.MarkerSection, or None), with a VP marker."""
    out = {"boxes": {k: list(v) for k, v in (section.boxes.items() if section else ())},
           "vp": {"side": vp.side, "box": vp.box} if vp else None,
           "vp-track": dict(section.vp_track) if section else {}}
    if note:
        out["vp-note"] = note
    return out


def _markers_text(mk: dict) -> str:
    parts = [f"{_word(k)}: {', '.join(v)}" for k, v in mk["boxes"].items()]
    if mk["vp"]:
        parts.append(f"VP marker {_word(mk['vp']['side'])} in the {mk['vp']['box']} VP Box")
    elif mk.get("vp-note"):
        parts.append(mk["vp-note"])
    parts += [f"{k} in the {v} VP Box" for k, v in mk["vp-track"].items()]
    return "; ".join(parts)


def facts(pos, faction: Optional[str] = None, map_: Optional[str] = None) -> dict:
    """The position as the JSON of ``aeref show``: cards resolved (id, number, name)."""
    maps = [map_] if map_ else list(pos.maps)
    s = pos.seasonal
    out: dict[str, Any] = {"file": pos.file, "game": pos.game, "turn": str(pos.turn),
                           "reveal-turn": str(pos.turn.next()), "from-turn": str(pos.turn.ahead(-1)), "previous": s.previous, "maps": {}, "factions": {}}
    for m in maps:
        pool = {f: {"logistics": list(p.logistics), "partisan-bases": p.partisan_bases}
                for f, p in s.marker_pool.get(m, {}).items()}
        out["maps"][m] = {
            "war-state": str(pos.war_state[m]),
            "posture-display": [_country(c) for c in pos.countries_on(m)],
            "turn-track": [{"marker": k, "turn": str(t)} for k, t in sorted(s.turn_track.get(m, {}).items(),
                                                                             key=lambda kv: (kv[1], kv[0]))],
            "boxes": _boxes(pos, m),
            "marker-pool": pool,
            "map": _map_summary(pos, m),
            "replacements": _replacements(pos, m),
        }
        if len(pos.maps) > 1:           # AE: each map's own markers, VP marker and VP Track (FORMAT 4 "AE, per map")
            out["maps"][m]["markers"] = _markers(pos.markers.sections.get(m), *pos.markers.vp(m))
    for f in ([faction] if faction else list(pos.factions)):
        out["factions"][f] = {}
        awaiting = pos.awaiting_reveal(f)
        for m in maps:
            fm = pos.factions[f].get(m)
            if fm is None:
                continue
            out["factions"][f][m] = {
                "current": _card(pos, fm.current),
                "pending": dict(FACE_DOWN) if fm.pending_face_down else _card(pos, fm.pending),
                "hand": [_card(pos, c) for c in fm.hand] + [dict(FACE_DOWN) for _ in range(fm.hand_face_down or 0)],
                "played": _played_by_year(pos, f, m),
                "removed": [_card(pos, c) for c in fm.removed],
                "pending-awaits-reveal": m in awaiting,
            }
            if fm.selected is not None:     # recorded by `select` (1.1.1 Step 4); with no Pending Card: "no card" (1.1.3)
                out["factions"][f][m]["pending-selected"] = str(fm.selected)
    flat = pos.markers.sections.get(None)
    out["markers"] = _markers(flat, flat.vp if flat else None)      # written without a map
    out["government"] = pos.government
    if pos.game == "ds":
        out["european-war"] = pos.european_war
    out["flags"] = list(pos.flags)
    out["counters"] = {"in-play": list(s.in_play), "removed": list(s.removed)}
    out["esv"] = s.esv
    out["esv-table"] = [{"war-state": str(r.war_state), "production": r.production, "no-war": r.no_war, "war": r.war}
                        for r in s.esv_table]
    out["uscl-drm"] = s.uscl_drm
    out["interpretations"] = pos.interpretations_in_force
    if pos.viewer is not None:          # a view (--as): who sees it
        out["viewer"] = pos.viewer
    elif any(fm.hand_face_down is not None or fm.pending_face_down for sec in pos.factions.values() for fm in sec.values()):
        out["viewer"] = "public"        # a public file: some cards are in no file read
    else:
        out["viewer"] = "referee"       # a whole file, or a public file and every private file: everything (1.1)
    return out


# ----------------------------------------------------------------------------- the text

_word = rules_word      # a value as the rules print it (model/files/wording.py: one wording for show and report)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _cards_text(cards: list) -> str:
    down = sum(1 for c in cards if c.get("face-down"))
    seen = [f"{c['number']} {c['name']}" for c in cards if not c.get("face-down")]
    return ", ".join(seen + ([f"{down} face down"] if down else [])) or "none"


def _one(card: Optional[dict]) -> str:
    if card and card.get("face-down"):
        return "placed, face down"
    return f"{card['number']} {card['name']}" if card else "none"


def viewer_line(viewer: str) -> str:
    """The first line of a view (``--as``): who sees it, and what lies face down (1.1)."""
    if viewer == "referee":
        return "Referee's view: every faction's hands and Pending Cards are shown"
    if viewer == "public":
        return ("Public view: the hands and Pending Cards that no file read holds lie face down (1.1); "
                "the private files read are shown")
    return (f"{faction_name(viewer)} view: the other factions' hands and Pending Cards lie face down "
            "(1.1); their Current, played and removed cards are shown")


def _country_rows(display: list) -> list:
    rows = []
    for c in display:
        more = []
        for k in ("dependent-of", "minor", "chinese", "influence", "neutrality"):
            if k in c:
                v = c[k]
                more.append(k if v is True else f"{k} {v:+d}" if k in ("influence", "neutrality") else f"{k} {v}")
        rows.append([c["country"]] + [_word(c[k]) for k in _COUNTRY_FIELDS] + [", ".join(more) or "-"])
    return rows


def render(f: dict) -> list[str]:
    lines = [viewer_line(f["viewer"])] if "viewer" in f else []
    lines.append(f"{f['game'].upper()}, {f['turn']}: Pending Cards selected now are revealed in {f['reveal-turn']}")
    if f["previous"]:
        lines.append(f"previous: {f['previous']} (the position the Pending Cards were selected in)")
    waiting = [faction_name(fa) for fa, ms in f["factions"].items() if any(d.get("pending-awaits-reveal") for d in ms.values())]
    if waiting:
        lines.append(f"Pending Cards of {join_and(waiting)} await their reveal in this Seasonal Turn (1.1.1 Step 2): "
                     "aeref reveal; the next Pending Cards are selected after it (1.1.1 Step 4)")
    for m, d in f["maps"].items():
        lines.append("")
        lines.append(f"{m.upper()} map: {WarState.of(d['war-state']).display} in effect")
        if d["posture-display"]:
            lines.append("  Posture Display:")
            table = tabulate(_country_rows(d["posture-display"]),
                             headers=["country", "posture", "policy", "status", "alignment", "also"], tablefmt="simple")
            lines += ["    " + t for t in table.splitlines()]
        else:
            lines.append("  Posture Display: no country listed")
        track = "; ".join(f"{e['marker']} {e['turn']}" for e in d["turn-track"])
        lines.append(f"  Turn Track: {track or 'no marker'}")
        boxes = d["boxes"]
        if boxes:
            for k, v in boxes.items():
                text = "; ".join(f"{faction_name(fa)}: {', '.join(x)}" for fa, x in v.items()) if isinstance(v, dict) else ", ".join(v)
                lines.append(f"  {_BOX_NAMES[k]}: {text}")
        for fa, p in d["marker-pool"].items():
            lines.append(f"  {faction_name(fa)} Force Pool markers: Logistics {', '.join(p['logistics']) or 'none'}, "
                         f"Partisan Bases {p['partisan-bases']}")
        mp = d["map"]
        if mp is not None and not mp["hexes"] and not mp["off-map-boxes"]:
            lines.append(f"  Map: no hex of the {m.upper()} map in the file")
        elif mp is not None:
            units = ", ".join(f"{faction_name(k)} {n}" for k, n in mp["units"].items() if k) or "none"
            lines.append(f"  Map: {_count(mp['hexes'], 'hex', 'hexes')} ({_count(mp['cities'], 'City', 'Cities')}, "
                         f"{_count(mp['supply-sources'], 'supply source', 'supply sources')}), "
                         f"units {units}; markers {'; '.join(mp['markers']) or 'none'}; "
                         f"Off-Map Boxes {', '.join(mp['off-map-boxes']) or 'none'}")
        if d.get("markers") and _markers_text(d["markers"]):
            lines.append(f"  Markers: {_markers_text(d['markers'])}")
        for fa, r in d["replacements"].items():
            steps = ("derived from the Current Card and markers (1.3.1, 1.3.2)" if r["steps"] is None else
                     ", ".join(f"{s['count']} {s['nationality']} {s['kind']}" for s in r["steps"]) or "none")
            pool = ", ".join(f"{u['id']} ({u['nationality']} {u['type']})" for u in r["force-pool"]) or "none"
            lines.append(f"  Replacements, {faction_name(fa)}: steps {steps}; Force Pool {pool}")
    for fa, sections in f["factions"].items():
        lines.append("")
        lines.append(faction_name(fa))
        for m, d in sections.items():
            played = []
            for y in d["played"]:
                cards = ", ".join(f"{c['number']} {c['name']} ({'Current Card, ' if c.get('current') else ''}"
                                  f"{c['turn'] or 'turn not given'}{''.join(', ' + k for k in c.get('kinds', []))})"
                                  for c in y["cards"])
                played.append(f"{y['year'] if y['year'] is not None else 'year not given'}: {cards}")
            waits = f" (selected in {d.get('pending-selected', f['from-turn'])}, awaits its reveal)" if d.get(
                "pending-awaits-reveal") else (f" (selected in {d['pending-selected']}, revealed in {f['reveal-turn']})"
                                               if d.get("pending-selected") else "")
            if d["pending"] is None and d.get("pending-selected"):     # "no card" said (1.1.3), not "not yet"
                waits = f"no card (selected in {d['pending-selected']}, 1.1.3)"
            rows = [["Current Card", _one(d["current"])],
                    ["Pending Card", waits if d["pending"] is None and d.get("pending-selected") else _one(d["pending"]) + waits],
                    [f"Hand ({len(d['hand'])})", _cards_text(d["hand"])],
                    ["Played", "; ".join(played) or "none"], ["Removed", _cards_text(d["removed"])]]
            for i, (what, text) in enumerate(rows):
                lines.append(f"  {m.upper() if i == 0 else '  '}  {what:<13} {text}")
    lines.append("")
    per_map = any(d.get("markers") and _markers_text(d["markers"]) for d in f["maps"].values())
    lines.append(f"Markers{' (no map named)' if per_map else ''}: {_markers_text(f['markers']) or 'none'}")
    other = [f"Japanese Government {_word(f['government'])}"] if f["game"] != "tk" or f["government"] != "none" else []
    if "european-war" in f:
        other.append(f"European war {_word(f['european-war'])}")
    if f["esv"] is not None:
        other.append(f"ESV {f['esv']}")
    if f["esv-table"]:
        other.append("ESV table " + ", ".join(
            f"{WarState.of(r['war-state']).display} Production {r['production']}: no War {r['no-war']:+d}, War {r['war']:+d}"
            for r in f["esv-table"]))
    if f["uscl-drm"] is not None:
        other.append(f"USCL DRM {f['uscl-drm']:+d}")
    if f["flags"]:
        other.append(f"flags {', '.join(f['flags'])}")
    c = f["counters"]
    if c["in-play"] or c["removed"]:
        other.append(f"counters in play {', '.join(c['in-play']) or 'none'}, removed {', '.join(c['removed']) or 'none'}")
    if other:
        lines.append("; ".join(other))
    lines.append("Interpretations: " + ", ".join(
        f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in f["interpretations"].items()))
    return lines


@click.command(epilog=STDIN_HELP)
@state_argument()
@click.option("--faction", "-f", type=faction_choice(), default=None,
              help="Show only this faction's cards.")
@click.option("--map", "map_", type=map_choice(), default=None,
              help="Show only this map.")
@as_option
@json_option
@private_option
def show(state, faction, map_, viewer, as_json):
    """The whole position at a glance: per map the war state, the Posture
    Display, the Turn Track, the boxes and the map; per faction and map the
    Current Card, the Pending Card, the hand, the cards revealed by calendar
    year and the removed cards; the markers and the rest.

    \b
    Example:
      aeref show examples/ae-1941.yaml --faction soviet
    """
    pos = load(state)
    if viewer is not None:
        pos = pos.view(viewer)
    f = require_faction(pos, faction) if faction else None
    m = choose_map(pos, map_) if map_ else None
    data = facts(pos.data, f, m)
    if as_json:
        emit_json(data)
    else:
        for line in render(data):
            click.echo(line)
    return EXIT_OK
