"""Views: a position as one viewer may see it (1.1 "face down").

1.1: "Players are not allowed to examine another player's cards before they have been played ...
All players are free to examine all discarded cards at any time." A Pending Card "is placed face
down" (1.1.3). So a faction sees its own hands and Pending Cards; of the other factions only what
the rules make public: their Current Cards (face up), the cards they played and the cards removed
or set aside, that a Pending Card is placed (1.1 "It must be clear to all players at all times
which cards are Current Cards and which are Pending Cards") and how many cards a hand holds. The
referee (:data:`REFEREE`) sees everything.

:func:`view` makes that view as a position of its own (:class:`~model.game.position.Position`
with ``viewer`` set): the hidden cards are gone from it, not merely left unprinted, so nothing
built from a view can show them. Each hidden hand is replaced by its size
(``FactionMap.hand_face_down``), each hidden Pending Card by ``FactionMap.pending_face_down``.
"""
from __future__ import annotations

import copy
from typing import Optional

from ..game.position import FACE_DOWN, FactionMap, Position
from ..game.vocabulary import FACTIONS

#: The viewer who sees every card (``--as referee``).
REFEREE = "referee"
#: The viewers a view may be made for.
VIEWERS = tuple(FACTIONS) + (REFEREE,)


def check_viewer(viewer: str) -> str:
    """``viewer`` in lower case (a faction or ``referee``); raises ``ValueError`` for anything else."""
    v = str(viewer).lower()
    if v not in VIEWERS:
        raise ValueError(f"--as {viewer}: a viewer is a faction ({', '.join(FACTIONS)}) or referee")
    return v


def hidden_cards(pos: Position, viewer: str) -> set[str]:
    """The card ids of ``pos`` that ``viewer`` may not see (1.1): the other factions' hands and
    Pending Cards, less any card that is public anyway (played, removed or a Current Card).
    Empty for the referee."""
    viewer = check_viewer(viewer)
    if viewer == REFEREE:
        return set()
    public = {c for sections in pos.factions.values() for fm in sections.values()
              for c in [fm.current, *fm.removed, *(p.card for p in fm.played)] if c}
    out: set[str] = set()
    for f, sections in pos.factions.items():
        if f == viewer:
            continue
        for fm in sections.values():
            out.update(c for c in [*fm.hand, fm.pending] if c and c not in public)
    return out


def _awaiting_seen(pos: Position, faction: str) -> dict:
    """Which of ``faction``'s Pending Cards await their reveal (1.1.1 Step 2), told from public facts alone
    (``{map: "face-down"}``): the turn a selection was made in (``selected``), else ``previous:`` holding a
    Pending Card placed on that map, the faction's Current Card and played cards unchanged since (it has not
    revealed) and no other seal. The whole position compares the Pending Cards themselves
    (:meth:`~model.game.position.Position.awaiting_reveal`): a view must not, or whether a card face down is
    the one of the turn before would show through."""
    sections = pos.factions.get(faction, {})
    placed = {m for m, fm in sections.items() if fm.pending or fm.pending_face_down or fm.sealed}
    out = {m: FACE_DOWN for m in placed if (sel := sections[m].selected) is not None and sel < pos.turn}
    unrecorded = {m for m in placed if sections[m].selected is None}
    if not unrecorded or pos.seasonal.previous_path is None:
        return out
    prev = pos.previous_position()
    if prev is None:
        return {**out, **{m: FACE_DOWN for m in unrecorded}}
    before = prev.factions.get(faction, {})
    if any(m not in before or not (before[m].pending or before[m].pending_face_down or before[m].sealed)
           for m in unrecorded):
        return out
    for m in unrecorded:
        b, now = before[m], sections[m]
        if b.current != now.current or [p.card for p in b.played] != [p.card for p in now.played] or (
                b.sealed and now.sealed and b.sealed != now.sealed):
            return out                                  # it has revealed this turn: these are new selections
    return {**out, **{m: FACE_DOWN for m in unrecorded}}


def view(pos: Position, viewer: Optional[str]) -> Position:
    """The position as ``viewer`` (a faction, or ``referee``; None: the referee) sees it (1.1).

    Returns a copy: the viewer's own sections and every public fact as they are; of every other
    faction, each map's hand replaced by its number of cards and the Pending Card by the fact that
    one is placed face down. Which Pending Cards await their reveal is decided on the whole
    position first (it compares with the ``previous:`` file, which the view no longer reads).
    Raises ``ValueError`` for an unknown viewer.
    """
    v = check_viewer(viewer) if viewer is not None else REFEREE
    out = copy.copy(pos)
    out.viewer = v
    if v == REFEREE:
        return out
    out.awaiting = {f: (pos.awaiting_reveal(f) if f == v else _awaiting_seen(pos, f)) for f in pos.factions}
    out.factions = {}
    for f, sections in pos.factions.items():
        out.factions[f] = {}
        for m, fm in sections.items():
            if f == v:
                out.factions[f][m] = fm
                continue
            out.factions[f][m] = FactionMap(current=fm.current, pending=None, hand=[],
                                            played=list(fm.played), removed=list(fm.removed),
                                            hand_face_down=len(fm.hand) + (fm.hand_face_down or 0),
                                            pending_face_down=fm.pending is not None or fm.pending_face_down,
                                            # public: the turn of the selection (a card or no card) and its seal
                                            selected=fm.selected, sealed=fm.sealed, sealed_in=fm.sealed_in)
    out.read_previous = None      # the previous position holds the hands as they were: not the viewer's to read
    out._previous = False
    out.raw = None                # the file as read holds every card
    return out
