"""A brute-force oracle for what another faction may have placed (1.1, 1.1.3), for the tests.

Written from the rules text (1.1 face down, 1.1.1 Steps 1-2, 1.1.3) and the selection oracle
(:mod:`tests.support.oracle`); it imports nothing from ``solver/``. From faction F's view of a
position (faction G's hands only counted, its Pending Cards only known to be placed) it works out
the cards G's hand may hold on each map, tries *every* hand of the right size drawn from them
(a map with a Pending Card face down: the hand as it was, one card more, the Pending Card one of
them), every selection of each, and takes the union.
"""
from __future__ import annotations

import copy
from itertools import combinations, product

from . import oracle


def _twin(a, b) -> bool:
    """1.1.1 Step 2 / 1.1.3.3: identically named © cards of one faction on the two maps."""
    return (a.raw.combined and b.raw.combined and a.faction == b.faction and a.map != b.map
            and a.raw.name.casefold() == b.raw.name.casefold())


def candidates(pos, faction) -> dict:
    """``{map: [card ids]}``: G's cards of each map's deck that may be in its hand. Out: the Current
    Card (face up), a card removed, a card played without the recyclable mark (1.1.1 Step 1: set
    aside), and in AE a © card whose twin G played (1.1.1 Step 2: removed)."""
    sections = pos.factions[faction]
    history = [p.card for fm in sections.values() for p in fm.played] + [fm.current for fm in sections.values() if fm.current]
    removed = {c for secs in pos.factions.values() for fm in secs.values() for c in fm.removed}
    out = {}
    for m, fm in sections.items():
        if m not in pos.maps:
            continue
        cards = []
        for cid in pos.cards:
            card = pos.cards[cid]
            if card.faction != faction or card.map != m or cid == fm.current or cid in removed:
                continue
            if cid in history and not card.raw.recyclable:
                continue
            if pos.game == "ae" and any(_twin(card, pos.cards[h]) for h in history):
                continue
            cards.append(cid)
        out[m] = cards
    return out


def sizes(pos, faction) -> dict:
    """``{map: (cards the hand held at the selection, a Pending Card is placed)}``."""
    return {m: ((fm.hand_face_down or 0) + (1 if fm.pending_face_down else 0), bool(fm.pending_face_down))
            for m, fm in pos.factions[faction].items() if m in pos.maps}


def consistent(pos, faction) -> bool:
    """No hand size exceeds the cards the hand may hold (else the files contradict the deck)."""
    cands = candidates(pos, faction)
    return all(n <= len(cands[m]) for m, (n, _) in sizes(pos, faction).items())


def hands(pos, faction):
    """Every hand the view allows: ``{map: tuple of card ids}``."""
    cands, size = candidates(pos, faction), sizes(pos, faction)
    maps = list(size)
    for combo in product(*[combinations(cands[m], size[m][0]) for m in maps]):
        yield dict(zip(maps, combo))


def whole(pos, faction, hand: dict, raw=None):
    """The view ``pos`` with G's hands given (the Pending Cards back in them: the selection is asked anew).
    ``raw``: the file as read, whose countries and markers the selection oracle reads (a view drops it;
    its hands are not read)."""
    out = copy.copy(pos)
    out.raw = raw if raw is not None else pos.raw
    out.factions = {f: dict(s) for f, s in pos.factions.items()}
    for m, cards in hand.items():
        fm = copy.copy(pos.factions[faction][m])
        fm.hand, fm.pending, fm.hand_face_down, fm.pending_face_down = list(cards), None, None, False
        out.factions[faction][m] = fm
    return out


def possible_set(pos, faction, raw=None) -> dict:
    """``{frozenset of (map, card or None): True}`` for every selection legal for some hand, by
    brute force (the value: any one hand that makes it legal)."""
    size = sizes(pos, faction)
    found: dict = {}
    for hand in hands(pos, faction):
        w = whole(pos, faction, hand, raw)
        slots = [list(hand.get(m, ())) + ([] if size.get(m, (0, False))[1] else [None]) for m in pos.maps]
        for vals in product(*slots):
            choice = dict(zip(pos.maps, vals))
            key = frozenset(choice.items())
            if key not in found and oracle.legal(w, faction, choice):
                found[key] = hand
    return found


def possible(pos, faction, choice, raw=None) -> bool:
    """Is ``choice`` legal for some hand the view allows?"""
    size = sizes(pos, faction)
    if any(size.get(m, (0, False))[1] and choice.get(m) is None for m in pos.maps):
        return False
    full = {m: choice.get(m) for m in pos.maps}
    return any(oracle.legal(whole(pos, faction, h, raw), faction, full) for h in hands(pos, faction))
