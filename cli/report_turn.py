"""The Seasonal Turn on the page of ``aeref report``: the reveal to come (1.1.1, 12) with the Turn Track before
and after, and the game record of a file played by e-mail (``aeref log``)."""
from __future__ import annotations

from typing import Optional

import click

from ..api import InputError, Position
from ..model.game.vocabulary import faction_name
from .options import PRIVATES_KEY


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


def game_record(state: str, viewer: Optional[str]) -> dict:
    """The game record of a chained ``state`` as the page shows it (``aeref log``): what ``viewer`` may see, its own
    sealed cards named from the private files given (--private)."""
    from ..api import game_log
    ctx = click.get_current_context(silent=True)
    privates = ctx.meta.get(PRIVATES_KEY, ()) if ctx is not None else ()
    v, entries = game_log(state, None, viewer if viewer not in (None, "referee", "public") else None,
                          tuple(privates) if viewer not in (None, "public") else ())
    return {"holds": v.holds, "broken": v.broken, "entries": entries}
