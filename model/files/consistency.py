"""One consistent position: facts of a state file that contradict each other are bad input.

:func:`contradictions` is run by the loader on every position, so that
`validate` and every command refuse the same files, each problem naming the
file and the place:

* a card both in the hand and removed from the game;
* a card that is not recyclable both played (set aside, 1.1.1 Step 1) and in the hand,
  played twice, or played and the Current or Pending Card;
* the same card as Current and Pending Card, or a Current / Pending Card removed from the game;
* a ``played`` entry dated the current Seasonal Turn while a Current Card is set,
  or two ``played`` entries of one map dated the same turn (two reveals in one season, 1.1.1);
* Pre-War in effect on a map while an Allied Country has a Posture of War on
  that map's display (12: that event ends Pre-War) - except for the command
  that applies 12 (``aeref war-state``), which puts Limited War into effect;
* neighbour lists of the map that are not symmetric (a hex lists a neighbour
  that does not list it back).
"""
from __future__ import annotations

from typing import Optional

from .errors import Problem, join_path
from .names import norm_key, norm_name
from ..game.position import FactionMap, Position
from ..game.vocabulary import ALLIED


def _written(keys, key: str) -> str:
    """The key as the file spells it (``Soviet`` for ``soviet``)."""
    return next((str(k) for k in keys if norm_key(k) == key), key)


def _other_display(pos: Position, m: str) -> str:
    """AE: the other way out of a Posture of War read on map ``m`` - the posture is on the other map's display."""
    if len(pos.maps) < 2:
        return ""
    other = next(x for x in pos.maps if x != m)
    return (f"; or, if that Posture of War is on the {other.upper()} display only, say so "
            f"(map: {other}, or {other}: {{posture: war}} and {m}: {{posture: ...}})")


def contradictions(pos: Position, war_state_due: bool = False) -> list[Problem]:
    """Every contradiction of the position (see the module), as problems with file and place.
    ``war_state_due``: a war state change of 12 not yet applied is the question asked, not a contradiction."""
    out: list[Problem] = []
    written = pos.raw.factions if pos.raw is not None else {}
    for f, sections in pos.factions.items():
        fkey = _written(written, f)
        fw = join_path("factions", fkey)
        private = next((name for g, name in pos.private_files if g == f), None)
        for m, fm in sections.items():
            mw = join_path(fw, _written(written.get(fkey, {}), m))
            # a hand read from the faction's private file is named there (its map section's hand)
            hand_at = (private, m) if private is not None else None
            out += _set_aside(pos, fm, mw, hand_at)
            out += _one_reveal_a_season(pos, fm, mw)
    if not war_state_due:
        out += _pre_war(pos)
    out += _neighbours(pos)
    return out


def _set_aside(pos: Position, fm: FactionMap, mw: str, hand_at: Optional[tuple] = None) -> list[Problem]:
    """One faction's cards on one map (at ``mw``): a card removed or set aside once played (1.1.1 Step 1)
    that is still in the hand, played again, or the Current or Pending Card; the Current Card as Pending Card."""
    out: list[Problem] = []
    for i, cid in enumerate(fm.removed):
        if cid in fm.hand:
            out.append(Problem(pos.file, join_path(mw, "removed", i),
                               f"{pos.card_text(cid)} is removed from the game and also listed in the hand"))
    for i, cid in enumerate(fm.hand):
        card = pos.cards[cid]
        earlier = [p for p in fm.played if p.card == cid]
        if earlier and not card.recyclable:
            when = f" in {earlier[0].turn}" if earlier[0].turn else ""
            file, where = (hand_at[0], join_path(hand_at[1], "hand", i)) if hand_at else (pos.file, join_path(mw, "hand", i))
            out.append(Problem(file, where, f"{card.text} was played{when} and is not recyclable: it was set aside "
                                            "(1.1.1 Step 1) and cannot be in the hand"))
    first: dict[str, int] = {}
    for i, p in enumerate(fm.played):
        card = pos.cards[p.card]
        if card.recyclable:
            continue
        if p.card in first:
            out.append(Problem(pos.file, join_path(mw, "played", i),
                               f"{card.text} is played twice (also played[{first[p.card]}]) and is not "
                               "recyclable: it was set aside after its first play (1.1.1 Step 1)"))
        first.setdefault(p.card, i)
    if fm.current and fm.current == fm.pending:
        out.append(Problem(pos.file, join_path(mw, "pending"),
                           f"{pos.card_text(fm.pending)} is the Current Card and cannot also be the Pending "
                           "Card: the Pending Card is selected from the hand (1.1.1 Step 4)"))
    for slot, cid in (("current", fm.current), ("pending", fm.pending)):
        if cid and cid in fm.removed:
            out.append(Problem(pos.file, join_path(mw, slot),
                               f"{pos.card_text(cid)} is removed from the game (removed) and cannot be the "
                               f"{slot.title()} Card"))
        if cid and cid in first:
            out.append(Problem(pos.file, join_path(mw, slot),
                               f"{pos.card_text(cid)} was played (played[{first[cid]}]) and is not recyclable: "
                               f"it was set aside (1.1.1 Step 1) and cannot be the {slot.title()} Card"))
    return out


def _one_reveal_a_season(pos: Position, fm: FactionMap, mw: str) -> list[Problem]:
    """One faction's ``played`` cards on one map (at ``mw``): two dated the same turn, or one dated the
    current Seasonal Turn while a Current Card is set (a faction reveals one Current Card a Season, 1.1.1)."""
    out: list[Problem] = []
    dated: dict = {}
    for i, p in enumerate(fm.played):
        if p.turn is None:
            continue
        if p.turn in dated:
            out.append(Problem(pos.file, join_path(mw, "played", i, "turn"),
                               f"{pos.card_text(p.card)} and {pos.card_text(fm.played[dated[p.turn]].card)} "
                               f"(played[{dated[p.turn]}]) are both dated {p.turn}: a faction reveals one "
                               f"Current Card a Season on each map (1.1.1)"))
        dated.setdefault(p.turn, i)
    if fm.current:
        for i, p in enumerate(fm.played):
            if p.turn is not None and p.turn == pos.turn:
                out.append(Problem(pos.file, join_path(mw, "played", i, "turn"),
                                   f"{pos.card_text(p.card)} is dated {p.turn}, the current Seasonal Turn, while "
                                   f"{pos.card_text(fm.current)} is the Current Card: a faction reveals one "
                                   "Current Card a Season on each map (1.1.1)"))
    return out


def _pre_war(pos: Position) -> list[Problem]:
    """Pre-War in effect on a map while an Allied Country has a Posture of War on its display (12)."""
    out: list[Problem] = []
    for m in pos.maps:
        if pos.war_state[m] != "pre-war":
            continue
        for c in pos.countries_on(m):
            if c.alignment in ALLIED and c.posture == "war":
                entry = pos.countries[norm_name(c.name)]
                where = join_path(entry.where, m) if "posture" in entry.per_map.get(m, {}) else entry.where
                on = f" on the {m.upper()} map" if len(pos.maps) > 1 else ""
                out.append(Problem(pos.file, join_path(where, "posture"),
                                   f"Pre-War is in effect{on} (war-state) while {c.name}, an Allied Country, has a "
                                   "Posture of War: that event ends Pre-War and Limited War goes into effect (12); "
                                   "`aeref war-state FILE --write NEXT` applies it" + _other_display(pos, m)))
    return out


def _neighbours(pos: Position) -> list[Problem]:
    """Neighbour lists of the map that are not symmetric."""
    out: list[Problem] = []
    board = pos.map_board
    if board is not None:
        for h in board.hexes.values():
            for i, n in enumerate(h.neighbours):
                other = board.hexes.get(n)
                if other is not None and h.id not in other.neighbours:
                    out.append(Problem(pos.file, join_path("map", "hexes", h.id, "neighbours", i),
                                       f"{h.id} lists {n} as a neighbour but {n} does not list {h.id}: "
                                       "adjacency goes both ways"))
    return out
