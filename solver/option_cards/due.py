"""When a reveal and a next Seasonal Turn are due (1.1.1, 1.1.3): what a file must show before
``aeref reveal`` or ``aeref next-turn`` may write the next position.

A faction reveals once a Seasonal Turn (1.1.1 Steps 1-2), the Pending Cards it selected in the Seasonal
Turn before (1.1.3 "A Pending Card selected now is revealed at the next Seasonal Turn"), and selects its
next Pending Cards after its reveal (Step 4). So:

* :func:`reveal_refusal` - a reveal is refused when the file shows it already made in this Seasonal Turn
  (a Current Card discarded in it, or a selection made in it: Step 4 comes after Step 2) or when the
  Pending Card was selected two or more Seasonal Turns before (its own reveal was skipped).
* :func:`next_turn_refusal` - the next Seasonal Turn is refused while Pending Cards (or a "no card"
  selection) of an earlier turn await their reveal, or while a faction has not made its Step 4 selection
  in this one (1.1.3: a faction with no card to select "must say so": ``selected: TURN`` without a
  Pending Card records it).

Both read only what the file records (``selected:``, ``played:`` turns); a file written before
``selected:`` was recorded is read as it always was. Each returns a
:class:`~model.files.errors.Problem` (the place in the file and the rule), or None.
"""
from __future__ import annotations

from typing import Optional

from ...model.files.errors import Problem, join_path
from ...model.game.position import FactionMap, Position
from ...model.game.vocabulary import faction_name, join_and


def _placed(fm: FactionMap) -> bool:
    """A Pending Card is placed in this section (named, face down or sealed)."""
    return bool(fm.pending or fm.pending_face_down or fm.sealed)


def said_no_card(fm: FactionMap) -> bool:
    """The section records a selection of no card (``selected:`` without a Pending Card, 1.1.3)."""
    return fm.selected is not None and not _placed(fm)


def _already(pos: Position, faction: str, m: str, fm: FactionMap) -> Optional[str]:
    """Why the file shows ``faction``'s reveal on map ``m`` already made in this Seasonal Turn, or None."""
    name = faction_name(faction)
    if fm.selected is not None and fm.selected == pos.turn:
        what = f"its Pending Card {pos.card_text(fm.pending)}" if fm.pending else (
            "its Pending Card" if _placed(fm) else "no card")
        return (f"the {name} faction selected {what} on the {m.upper()} map in {pos.turn} (selected: {pos.turn}): "
                f"it selects (1.1.1 Step 4) after its reveal (Step 2), so it has revealed in {pos.turn} already, "
                "and a faction reveals once a Seasonal Turn")
    before = pos.turn.ahead(-1)
    prev = pos.previous_position() if pos.seasonal.previous_path is not None else None
    was = prev.factions.get(faction, {}).get(m) if prev is not None and prev.turn == before else None
    if was is not None and said_no_card(was) and was.selected == before and fm.selected is None and not _placed(fm):
        return (f"the {name} faction selected no card on the {m.upper()} map in {before} ({pos.seasonal.previous}), "
                f"and this file no longer records it: it has revealed in {pos.turn} already (1.1.1 Step 2), and a "
                "faction reveals once a Seasonal Turn")
    late = [p for p in fm.played if p.turn is not None and p.turn >= before]
    if late:
        p = late[-1]
        now = f"{pos.card_text(fm.current)} is already the Current Card: " if fm.current else ""
        return (f"{now}{pos.card_text(p.card)} was discarded in {pos.turn} (played: {p.turn}, the Current Card of "
                f"{p.turn}): the {name} faction has revealed in {pos.turn} already (1.1.1 Step 1), and a faction "
                "reveals once a Seasonal Turn")
    return None


def reveal_refusal(pos: Position, faction: str) -> Optional[Problem]:
    """The :class:`Problem` refusing ``faction``'s reveal in ``pos`` (1.1.1 Steps 1-2, 1.1.3), or None when it
    is due: refused when the file shows the reveal of this Seasonal Turn already made (:func:`_already`)
    or a Pending Card selected two or more Seasonal Turns before this one (it is revealed at the next
    Seasonal Turn, 1.1.3; the reveal of the turn between was skipped)."""
    for m, fm in pos.factions.get(faction, {}).items():
        where = join_path("factions", faction, m)
        if fm.selected is not None and fm.selected < pos.turn.ahead(-1):
            return Problem(pos.file, join_path(where, "selected"), (
                f"the {faction_name(faction)} {m.upper()} selection was made in {fm.selected}, but this file is "
                f"{pos.turn}: a Pending Card selected in {fm.selected} is revealed in {fm.selected.next()} (1.1.3), "
                f"not in {pos.turn}; reveal it on the file of {fm.selected.next()} (nothing was revealed)"))
        why = _already(pos, faction, m, fm)
        if why is not None:
            return Problem(pos.file, join_path(where, "current") if "already the Current" in why else where, f"{why}; nothing was revealed (reveal on the file of {pos.turn} before "
                                            "its reveal, the one `aeref next-turn` wrote)")
    return None


def _awaiting(pos: Position, faction: str) -> list[str]:
    """The maps on which ``faction``'s selection of an earlier Seasonal Turn awaits its reveal."""
    sections = pos.factions.get(faction, {})
    out = [m for m, fm in sections.items() if fm.selected is not None and fm.selected < pos.turn]
    return out or [m for m in pos.awaiting_reveal(faction) if m in sections]


def _selected_now(pos: Position, faction: str) -> bool:
    """``faction`` has made its 1.1.1 Step 4 selection in this Seasonal Turn: a Pending Card placed (a file
    written before ``selected:`` was recorded counts it as made) or "no card" said (1.1.3)."""
    sections = pos.factions.get(faction, {}).values()
    return any(_placed(fm) or said_no_card(fm) for fm in sections)


def next_turn_refusal(pos: Position) -> Optional[Problem]:
    """The :class:`Problem` refusing the next Seasonal Turn from ``pos`` (1.1.1, 1.1.3), or None: refused while
    a faction's selection of an earlier turn awaits its reveal (``aeref reveal`` first: else the reveal is
    skipped and the Current Card stays two Seasons), and while a faction has not made its Step 4 selection
    (``aeref select``; a faction with no card to select says so, 1.1.3)."""
    waiting = {f: _awaiting(pos, f) for f in pos.factions}
    waiting = {f: ms for f, ms in waiting.items() if ms}
    if waiting:
        f = next(iter(waiting))
        fm = pos.factions[f][waiting[f][0]]
        when = fm.selected or pos.turn.ahead(-1)
        names = join_and(faction_name(g) for g in waiting)
        return Problem(pos.file, join_path("factions", f, waiting[f][0]), (
            f"the {names} Pending Cards selected in {when} await their reveal in {pos.turn} (1.1.1 Step 2): aeref "
            f"reveal first, then select (Step 4), then the next Seasonal Turn (nothing was written)"))
    missing = [f for f in pos.factions if not _selected_now(pos, f)]
    if missing:
        names = join_and(faction_name(g) for g in missing)
        return Problem(pos.file, join_path("factions", missing[0]), (
            f"the {names} faction{'s have' if len(missing) > 1 else ' has'} not made {'their' if len(missing) > 1 else 'its'} "
            f"1.1.1 Step 4 selection in {pos.turn}: aeref select --faction {missing[0]} (a faction with no card to "
            "select says so: aeref select with no card, 1.1.3) before the next Seasonal Turn (nothing was written)"))
    return None
