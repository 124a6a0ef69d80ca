"""A brute-force planner for ``aeref plan``, for the tests.

Written from the rules text only (1.1.1 Steps 1-2, 1.1.3 - 1.1.3.3, 12 of both
Seasonal Phase files) and imports nothing from ``solver/``: each turn's legal
selections are those of the selection oracle (:mod:`tests.support.oracle`, every
combination of hand cards and nothing), and the turn after is made here:

* 1.1.1 Step 1: the Current Card is discarded: set aside, or back to the hand when
  it carries the recyclable mark; it counts as played in the turn it was revealed;
* 1.1.1 Step 2: the Pending Card is revealed and becomes the Current Card (1.1.3: a
  Pending Card selected now is revealed at the next Seasonal Turn); no Pending Card,
  no Current Card. (AE) the identically named © card of the other deck leaves the hand;
* 12: a revealed card that starts a later war state on its map starts it; an Allied
  Country with a Posture of War ends Pre-War; there is no going back.

Every plan (one selection per turn over the horizon) is tried, without merging
positions: :func:`explore` returns each card's earliest reveal turn, the plan count and (asked) every
plan. Each fact the turn after reads can be left out (``off``, :data:`FACTS`) to see what it decides.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from aeref.model.game.position import FactionMap, PlayedCard

from . import oracle

RANK = oracle.RANK
ALLIED = ("western", "soviet")

#: The facts a turn hands on to the next (each can be left out of :func:`after` to see what it decides):
#: a recyclable Current Card back in the hand (1.1.1 Step 1), the © twin leaving the other deck (1.1.1 Step 2,
#: AE), the Current Card counted as played (1.1.3.1, 1.1.3.3 Annual: the history), the revealed Pending Card
#: becoming the Current Card (1.1.1 Step 2, read by 1.1.3.3 Sequential), a war state started by a revealed
#: card (12).
RECYCLE, TWIN_LEAVES, PLAYED, CURRENT, STARTS = "recycle", "twin leaves", "played", "current", "starts"
FACTS = (RECYCLE, TWIN_LEAVES, PLAYED, CURRENT, STARTS)


def choices(pos, faction, cards=(), without=()) -> list[dict]:
    """Every legal selection of ``faction`` now: each combination of the hand cards (a Pending Card placed,
    ``cards`` too: 1.1.3 rules on a card no longer in the hand) or nothing, per map; ``without``: rules
    not applied (to see what a rule decides)."""
    per_map = []
    for m in pos.maps:
        fm = pos.factions[faction].get(m)
        mine = (list(fm.hand) + ([fm.pending] if fm.pending else [])) if fm else []
        per_map.append(mine + [c for c in cards if pos.cards[c].map == m and c not in mine] + [None])
    out = []

    def rec(i, acc):
        if i == len(pos.maps):
            ch = dict(zip(pos.maps, acc))
            if not (oracle.violations(pos, faction, ch) - set(without)):
                out.append(ch)
            return
        for c in per_map[i]:
            rec(i + 1, acc + [c])
    rec(0, [])
    return out


def _allied_war(pos, m) -> bool:
    """12: any Allied Country (aligned Western or Soviet) has a Posture of War on map ``m``'s display."""
    for name in pos.countries:
        c = pos.country(name, m) if len(pos.maps) > 1 else pos.country(name)
        if c is not None and c.alignment in ALLIED and c.posture == "war":
            return True
    return False


def after(pos, faction, choice, off=()):
    """The position of the next Seasonal Turn after ``faction`` selects ``choice`` and reveals it (``off``:
    facts of :data:`FACTS` not handed on)."""
    out = copy.copy(pos)
    out.factions = dict(pos.factions)
    out.factions[faction] = {m: copy.deepcopy(fm) for m, fm in pos.factions[faction].items()}
    out.war_state = dict(pos.war_state)
    out.turn = pos.turn.ahead(1)
    placed = dict(choice)
    for m, fm in out.factions[faction].items():
        if fm.pending:                       # a selection already made is the one revealed (1.1.3 final)
            placed[m] = fm.pending
            fm.pending = None
    for m in pos.maps:
        fm = out.factions[faction].get(m)
        if fm is None:
            continue
        if fm.current:                       # Step 1
            if PLAYED not in off:
                fm.played.append(PlayedCard(fm.current, pos.turn))
            if pos.cards[fm.current].raw.recyclable and RECYCLE not in off:
                fm.hand.append(fm.current)
            fm.current = None
        cid = placed.get(m)
        if cid:                              # Step 2
            if cid in fm.hand:
                fm.hand.remove(cid)
            fm.current = cid
    for m in pos.maps:
        fm = out.factions[faction].get(m)
        cid = fm.current if fm else None
        card = pos.cards[cid] if cid else None
        if card is not None and pos.game == "ae" and card.raw.combined and TWIN_LEAVES not in off:      # (c) twin leaves the other deck
            for om, ofm in out.factions[faction].items():
                for h in list(ofm.hand):
                    o = pos.cards[h]
                    if om != m and o.raw.combined and o.raw.name.casefold() == card.raw.name.casefold():
                        ofm.hand.remove(h)
                        ofm.removed.append(h)
        new = out.war_state[m]
        if card is not None and card.raw.starts and card.map == m and RANK[oracle._ws(card.raw.starts)] > RANK[new] and STARTS not in off:
            new = oracle._ws(card.raw.starts)
        if RANK[new] < RANK["limited"] and _allied_war(pos, m):
            new = "limited"
        if RANK[new] > RANK[out.war_state[m]]:
            out.war_state[m] = type(pos.war_state[m]).of(new)
    if CURRENT in off:                       # the revealed card counted played at once, no Current Card
        for m in pos.maps:
            fm = out.factions[faction].get(m)
            if fm is not None and fm.current:
                if PLAYED not in off:
                    fm.played.append(PlayedCard(fm.current, out.turn))
                fm.current = None
    return out


@dataclass
class Explored:
    """``earliest``: card id -> the earliest Seasonal Turn it is revealed in (absent: never within the
    horizon); ``count``: the plans over the whole horizon; ``plans``: each plan (a tuple of one selection a
    turn, each ``((map, card id or None), ...)`` in map order), when asked."""
    earliest: dict = field(default_factory=dict)
    count: int = 0
    plans: set = field(default_factory=set)


def hand_cards(pos, faction) -> list[str]:
    """The faction's hand cards, Pending Cards and a recyclable Current Card (it returns to the hand)."""
    out = []
    for fm in pos.factions[faction].values():
        out += list(fm.hand) + ([fm.pending] if fm.pending else [])
        if fm.current and pos.cards[fm.current].raw.recyclable:
            out.append(fm.current)
    return out


def assume_played(pos, assumed=()):
    """``pos`` with the cards of ``assumed`` (``(card id, Seasonal Turn)``: another faction reveals it in that
    turn) due by ``pos.turn`` in their faction's ``played`` history: from then on each counts as played (1.1.3.1)."""
    due = [(c, t) for c, t in assumed if t <= pos.turn]
    if not due:
        return pos
    out = copy.copy(pos)
    out.factions = {f: dict(sections) for f, sections in pos.factions.items()}
    for cid, t in due:
        card = pos.cards[cid]
        sections = out.factions.setdefault(card.faction, {})
        fm = copy.deepcopy(sections.get(card.map) or FactionMap())
        if all(p.card != cid for p in fm.played):
            fm.played.append(PlayedCard(cid, t))
        sections[card.map] = fm
    return out


def assume_war(pos, war=()):
    """``pos`` with the war states of ``war`` (``(map, war state, Seasonal Turn)``: in effect on that map from that
    turn on) due by ``pos.turn``: a war state only rises (12)."""
    due = [(m, w) for m, w, t in war if t <= pos.turn and RANK[w] > RANK[str(pos.war_state[m])]]
    if not due:
        return pos
    out = copy.copy(pos)
    out.war_state = dict(pos.war_state)
    for m, w in due:
        if RANK[w] > RANK[str(out.war_state[m])]:
            out.war_state[m] = type(pos.war_state[m]).of(w)
    return out


def explore(pos, faction, turns, without=(), assumed=(), war=(), off=(), plans=False) -> Explored:
    """Every plan of ``turns`` Seasonal Turns from ``pos``, depth first (``without``: rules not applied;
    ``assumed``: other factions' cards revealed, :func:`assume_played`; ``war``: war states assumed,
    :func:`assume_war`; ``off``: facts not handed on, :data:`FACTS`; ``plans``: keep every plan)."""
    res = Explored()
    pos = assume_war(assume_played(pos, assumed), war)
    # every card of the faction's decks in play is tried: 1.1.3 (from the hand) rules on the others
    cards = sorted(c for c, card in pos.cards.items() if card.faction == faction and card.map in pos.maps)

    def rec(p, k, path):
        if k == turns:
            res.count += 1
            if plans:
                res.plans.add(path)
            return
        for ch in choices(p, faction, cards, without):
            for c in ch.values():
                if c:
                    t = p.turn.ahead(1)
                    if c not in res.earliest or t < res.earliest[c]:
                        res.earliest[c] = t
            nxt = assume_war(assume_played(after(p, faction, ch, off), assumed), war)
            rec(nxt, k + 1, path + (tuple((m, ch[m]) for m in pos.maps),) if plans else ())
    rec(pos, 0, ())
    return res


def deciding(pos, faction, turns, rules=oracle.RULES) -> tuple[set, set]:
    """The rules that decide something in this position: those without which some card's earliest turn
    differs, and those without which the count of plans differs."""
    base = explore(pos, faction, turns)
    earliest, count = set(), set()
    for r in rules:
        other = explore(pos, faction, turns, (r,))
        if other.earliest != base.earliest:
            earliest.add(r)
        if other.count != base.count:
            count.add(r)
    return earliest, count
