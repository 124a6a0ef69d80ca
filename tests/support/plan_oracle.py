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
  Country with a Posture of War ends Pre-War; there is no going back. When Total War goes
  into effect on the DS map (12.3, the DS rules): Step 2, the Disputes, Peace, Quarantine,
  Resistance and Treaty Policy markers are removed (the country is Policy Affected no more),
  and *Step 8 (DS alone) European Total War markers go into both Allied European War Boxes
  unless European Total War is in effect already (the other steps place nothing a Selection
  Requirement reads; the generated positions have no Outbreak of War units);
* 1.1.2.2: the counters a revealed Current Card enters (a Major Country's always, a Minor
  Country's when it is an active Minor Country of the faction, none already in play) are
  placed "after the faction's Pending Card has been placed": the next selection reads them.

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
#: What a reveal sets off beyond the cards (each can be left out too): 12.3 Step 2 (Policy markers removed),
#: *12.3 Step 8 (European Total War markers), 1.1.2.2 (the counters a Current Card enters).
POLICY, EUROPEAN, ARRIVE = "12.3 step 2", "12.3 step 8", "1.1.2.2"
EFFECTS = (POLICY, EUROPEAN, ARRIVE)
#: 12.3 Step 2: "must remove all Disputes, Peace, Quarantine, Resistance, and Treaty Policy markers".
MUST_REMOVE = ("disputes", "peace", "quarantine", "resistance", "treaty")


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
    facts of :data:`FACTS` and :data:`EFFECTS` not handed on)."""
    out = copy.copy(pos)
    out.factions = dict(pos.factions)
    out.factions[faction] = {m: copy.deepcopy(fm) for m, fm in pos.factions[faction].items()}
    out.war_state = dict(pos.war_state)
    out.turn = pos.turn.ahead(1)
    _place(out, getattr(pos, "oracle_arriving", ()))      # 1.1.2.2: after this turn's Pending Card was placed
    out.oracle_arriving = ()
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
    arriving = []
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
            raise_war(out, m, new, off)
        if card is not None and ARRIVE not in off:
            arriving += _enters(out, faction, card)
    out.oracle_arriving = tuple(arriving)
    if CURRENT in off:                       # the revealed card counted played at once, no Current Card
        for m in pos.maps:
            fm = out.factions[faction].get(m)
            if fm is not None and fm.current:
                if PLAYED not in off:
                    fm.played.append(PlayedCard(fm.current, out.turn))
                fm.current = None
    return out


def raise_war(out, m, new, off=()):
    """12: ``new`` goes into effect on map ``m`` of ``out`` (in place); Total War on the DS map sets off
    12.3 Step 2 and *Step 8 (the DS rules, △)."""
    was = out.war_state[m]
    out.war_state = dict(out.war_state)
    out.war_state[m] = type(was).of(new)
    if new != "total" or m != "ds":
        return
    if POLICY not in off:
        removed = set(getattr(out, "oracle_policy_removed", ()))
        for name in out.raw.countries:
            c = oracle._country(out, name, m)
            if c is not None and c.policy and str(c.policy).casefold() in MUST_REMOVE:
                removed.add((str(name).casefold(), m))
        out.oracle_policy_removed = frozenset(removed)
    if out.game == "ds" and EUROPEAN not in off and oracle._european_war(out) < 2:
        _place(out, (("ds", "western european war box", "European Total War"),
                     ("ds", "soviet european war box", "European Total War")))


def _place(out, counters) -> None:
    """``out`` (in place) with ``counters`` (``(map, box, name)``) in its boxes."""
    if not counters:
        return
    boxes = {m: {b: list(v) for b, v in bs.items()} for m, bs in getattr(out, "oracle_boxes", {}).items()}
    for m, b, name in counters:
        boxes.setdefault(m, {}).setdefault(b, []).append(name)
    out.oracle_boxes = boxes


def _enters(pos, faction, card) -> list:
    """1.1.2.2: the counters ``card`` enters, ``(map, box, name)``: "Major Country units are always received.
    Minor Country units are received only if that country is an active Minor Country aligned with the faction";
    "only if they have not already entered play"."""
    out = []
    for r in card.raw.reinforcements:
        c = oracle._country(pos, r.country, card.map)
        minor = c.minor if c is not None and c.minor is not None else bool(r.minor)
        if minor and not (c is not None and c.status == "active" and c.alignment == faction):
            continue
        seen = [x for mm in pos.maps for names in oracle._markers_in(pos, mm).values() for x in names]
        seen += [x for _, _, x in out] + [x for _, _, x in getattr(pos, "oracle_arriving", ())]
        if any(str(x).casefold() == r.counter.casefold() for x in seen):
            continue
        out.append((card.map, str(r.to).replace("-", " "), r.counter))
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


#: 1.1.1: "the phasing faction" performs Steps 1 to 4 before the next faction's Step 1, in this order (the
#: order of play of interpretation ``order-of-play=faction-by-faction``).
ORDER = ("axis", "western", "soviet")


def assume_played(pos, assumed=(), faction=None):
    """``pos`` with the cards of ``assumed`` (``(card id, Seasonal Turn)``: another faction reveals it in that
    turn) due by ``pos.turn`` in their faction's ``played`` history: from then on each counts as played (1.1.3.1).
    With ``faction`` (the faction planning) under ``order-of-play=faction-by-faction``: a card of a faction after
    it in :data:`ORDER` is revealed after its Step 4 of that turn, so it counts from the next Seasonal Turn."""
    def due_by(cid, t):
        other = pos.cards[cid].faction
        late = (faction in ORDER and other in ORDER and ORDER.index(other) > ORDER.index(faction)
                and pos.interpretations.get("order-of-play", "faction-by-faction") == "faction-by-faction")
        return (t.ahead(1) if late else t) <= pos.turn
    due = [(c, t) for c, t in assumed if due_by(c, t)]
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
    for m, w in due:
        if RANK[w] > RANK[str(out.war_state[m])]:
            raise_war(out, m, w)          # with what it sets off (12.3), as a reveal's war state
    return out


def explore(pos, faction, turns, without=(), assumed=(), war=(), off=(), plans=False) -> Explored:
    """Every plan of ``turns`` Seasonal Turns from ``pos``, depth first (``without``: rules not applied;
    ``assumed``: other factions' cards revealed, :func:`assume_played`; ``war``: war states assumed,
    :func:`assume_war`; ``off``: facts not handed on, :data:`FACTS`; ``plans``: keep every plan)."""
    res = Explored()
    pos = assume_war(assume_played(pos, assumed, faction), war)
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
            nxt = assume_war(assume_played(after(p, faction, ch, off), assumed, faction), war)
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
