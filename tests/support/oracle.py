"""A brute-force oracle for Pending Card selection (1.1.3), for the tests.

Written from the rules text (1.1.3 - 1.1.3.3 of both Seasonal Phase files),
FORMAT.md sections 1-4 and the interpretations of DESIGN.md only. It imports
nothing from ``solver/``: it reads the loaded :class:`model.files.load.Position`
(hands, history, war states), the raw state file's ``countries`` and ``markers``
(each map's Posture Display resolved here, independently) and each card's *raw* deck entry
(``card.raw``: name, marks, Blitz Value, ``kinds`` and the unparsed
``requires`` list), so the derived card types and the requirement parser of
the implementation are checked too.

``legal(pos, faction, choice)`` decides one concrete selection with plain
Python; ``legal_set(pos, faction)`` tries every combination of every known
card (not only the hand) and nothing.
"""
from __future__ import annotations

import copy
from itertools import product
from types import SimpleNamespace

RANK = {"pre-war": 0, "limited": 1, "total": 2}

# Sequential Selection Restrictions (1.1.3.3): (faction, type, maps whose rules list it)
SEQ = [
    ("axis", "demand", {"tk", "ds"}),
    ("axis", "blitz-2", {"tk"}),                 # TK only (the triangle mark)
    ("axis", "diplomatic-overtures", {"ds"}),    # DS only (the triangle mark)
    ("western", "limited-war-blitz", {"tk", "ds"}),
]
# Annual Selection Restrictions (1.1.3.3)
ANN = [
    ("axis", "rearmament", {"tk", "ds"}),
    ("western", "rearmament", {"tk", "ds"}),
    ("soviet", "rearmament", {"tk", "ds"}),
    ("soviet", "offensive", {"tk", "ds"}),
    ("soviet", "war-progress", {"ds"}),          # DS only (the triangle mark)
]


def _key(k):
    return str(k).strip().lower().replace("_", "-")


def _ws(v):
    v = str(v).strip().lower().replace("_", "-").replace(" ", "-")
    return {"pre-war": "pre-war", "prewar": "pre-war", "blue": "pre-war", "limited": "limited",
            "limited-war": "limited", "gray": "limited", "grey": "limited", "total": "total",
            "total-war": "total", "red": "total"}[v]


def card_types(card) -> set:
    """Card types of FORMAT section 2, from the raw card."""
    raw = card.raw
    words = raw.name.casefold().split()         # whole words, however the name is capitalised or spaced
    pairs = list(zip(words, words[1:]))
    t = {_key(k).replace(" ", "-") for k in (raw.kinds or [])}
    if "demand" in words:
        t.add("demand")
    if ("diplomatic", "overtures") in pairs:
        t.add("diplomatic-overtures")
    if "offensive" in words:
        t.add("offensive")
    if ("war", "progress") in pairs:
        t.add("war-progress")
    if raw.rearmament:
        t.add("rearmament")
    if (raw.blitz or 0) >= 2:
        t.add("blitz-2")
    if raw.faction == "western" and _ws(raw.war_state) == "limited" and (raw.blitz or 0) >= 1:
        t.add("limited-war-blitz")
    return t


def _ref(ref, map_, faction):
    text = str(ref).strip().lower()
    if text.startswith(("tk-", "ds-")):
        return text
    return f"{map_}-{faction}-{text}"


def _revealed(pos) -> set:
    """Every card revealed as a Current Card so far (history of every faction, and Current Cards now)."""
    out = set()
    for f, maps in pos.factions.items():
        for m, fm in maps.items():
            out.update(p.card for p in fm.played)
            if fm.current:
                out.add(fm.current)
    return out


_FACTS = ("posture", "status", "alignment", "dependent_of", "minor", "chinese", "influence", "neutrality", "policy")


def _country(pos, name, map_):
    """Country ``name`` as ``map_``'s Posture Display shows it, read from the raw state file
    (FORMAT 4 "AE, per map": top-level keys on both maps, ``tk:`` / ``ds:`` keys on that map,
    ``map:`` an entry on one map only); a Policy marker makes a Policy Affected Country (12.3)."""
    for cname, c in pos.raw.countries.items():
        if str(cname).casefold() != str(name).casefold():
            continue
        if c.map is not None and c.map != map_:
            return None
        facts = {k: None for k in _FACTS}
        facts.update({k: getattr(c, k) for k in _FACTS if k in c.model_fields_set})
        sec = getattr(c, map_, None)
        if sec is not None:
            facts.update({k: getattr(sec, k) for k in _FACTS if k in sec.model_fields_set})
        if (str(name).casefold(), map_) in getattr(pos, "oracle_policy_removed", ()):
            # 12.3 Step 2 removed its Policy marker (tests/support/plan_oracle.py): no longer a Policy Affected Country
            facts["policy"] = None
            if facts["posture"] == "policy-affected":
                facts["posture"] = None
        if facts["policy"] and not facts["posture"]:
            facts["posture"] = "policy-affected"
        return SimpleNamespace(**facts)
    return None


def _markers_in(pos, map_):
    """``{box: [names]}`` of the raw ``markers:`` written for ``map_`` and, in a one-map game, without a
    map (in AE each map has its own boxes: a marker written without a map is in neither)."""
    raw = pos.raw.markers
    alone = pos.game != "ae"
    out = {}
    if isinstance(raw, list):
        if alone:
            out["unplaced"] = list(raw)
        raw = {}
    for k, v in raw.items():
        if _key(k) in ("tk", "ds"):
            if _key(k) == map_:
                for b, names in v.items():
                    if _key(b) not in ("vp", "vp-track"):
                        out.setdefault(_box(b), []).extend(names if isinstance(names, list) else [names])
        elif _key(k) not in ("vp", "vp-track") and alone:
            out.setdefault(_box(k), []).extend(v if isinstance(v, list) else [v])
    # what a planned reveal placed (tests/support/plan_oracle.py: 1.1.2.2 counters, *12.3 Step 8 markers)
    for b, names in getattr(pos, "oracle_boxes", {}).get(map_, {}).items():
        out.setdefault(_box(b), []).extend(names)
    return out


def _european_war(pos) -> int:
    """0 none, 1 European Limited War has occurred, 2 European Total War has occurred."""
    if pos.game == "ds":                       # * DS alone: the European War Boxes
        # "European Limited War has occurred if the European Limited War marker is in a European War Box";
        # "European Total War has occurred if a European Total War marker is in a European War Box"
        found = {str(x).casefold() for b, names in _markers_in(pos, "ds").items() if b.endswith("european war box")
                 for x in names}
        if "european total war" in found:
            return 2
        if "european limited war" in found:
            return 1
        return {"none": 0, "limited": 1, "total": 2}[_key(pos.raw.european_war or "none")]   # no marker: the key
    return RANK[pos.war_state["tk"]]           # (c) AE (and TK): the TK war state


def _boxes_in(pos, map_):
    """``{box: [names]}`` of the raw ``boxes:`` of ``map_`` (FORMAT 4: the Strategic Warfare Box and the Delay Box,
    where a card's reinforcements enter, 1.1.2.2), written by map or, in a one-map game, without one."""
    raw = getattr(pos.raw, "boxes", None) or {}
    if any(_key(k) in ("tk", "ds") for k in raw):
        raw = next((v for k, v in raw.items() if _key(k) == map_), None) or {}
    elif pos.game == "ae":
        raw = {}
    return {b: [str(x) for x in names] for b, names in raw.items()
            if _box(b) in ("strategic warfare box", "delay box") and isinstance(names, list)}


def _box(name) -> str:
    """Box names: `strategic-warfare-box` = `Strategic Warfare Box` = `strategic_warfare_box`."""
    return " ".join(str(name).replace("-", " ").replace("_", " ").split()).casefold()


def requirement_holds(pos, card, item) -> bool:
    """One item of FORMAT section 3, on the raw YAML value."""
    ((k, v),) = item.items()
    k = _key(k)
    if k in ("played", "not-played"):
        was = _ref(v, card.map, card.faction) in _revealed(pos)
        return was if k == "played" else not was
    if k == "war-state":
        if isinstance(v, dict):
            vv = {_key(a): b for a, b in v.items()}
            m = str(vv.get("map", card.map)).lower()
            states = vv["is"]
        else:
            m, states = card.map, v
        states = states if isinstance(states, list) else [states]
        if m not in pos.war_state:
            return False
        return pos.war_state[m] in {_ws(s) for s in states}
    if k == "posture":
        return all((c := _country(pos, n, card.map)) is not None and c.posture == _key(p).replace(" ", "-")
                   for n, p in v.items())
    if k == "country":
        for n, fields in v.items():
            c = _country(pos, n, card.map)
            if c is None:
                return False
            for fld, val in fields.items():
                if getattr(c, _key(fld)) != _key(val).replace(" ", "-"):
                    return False
        return True
    if k == "government":
        return pos.government == _key(v)
    if k == "european-war":
        want = _key(v)
        now = _european_war(pos)
        return now == 0 if want == "none" else now >= {"limited": 1, "total": 2}[want]
    if k == "marker":
        if isinstance(v, dict):
            name, box = v["name"], v.get("in")
        else:
            name, box = v, None
        unseen = getattr(pos, "oracle_unseen", set())        # entered after the Step 4 asked about (1.1.2.2)
        for b, names in {**_boxes_in(pos, card.map), **_markers_in(pos, card.map)}.items():
            if any(str(x).casefold() == str(name).casefold() and str(x).casefold() not in unseen for x in names):
                if box is None or _box(b) == _box(box):
                    return True
        return False
    if k == "flag":
        return any(str(f).casefold() == str(v).casefold() for f in pos.flags)
    if k == "any":
        return any(requirement_holds(pos, card, x) for x in v)
    if k == "all":
        return all(requirement_holds(pos, card, x) for x in v)
    if k == "not":
        return not requirement_holds(pos, card, v)
    raise AssertionError(f"oracle: unknown requirement {item!r}")


def _interp(pos, name, default):
    return pos.interpretations.get(name, default)


def _next_year(pos) -> int:
    # the four Seasonal Turns of a year: a card selected in the last one (Nov-Dec) is revealed next year
    return pos.turn.year + 1 if pos.turn.season == 3 else pos.turn.year


# The rules as rulings name them (README "What is checked"): number and title.
PROCEDURE = "1.1.1 Option Card Procedure"
HAND = "1.1.3 Pending Card Selection"
FINAL = "1.1.3 Card Selection Is Final"
EMPTY = "1.1.3 No Pending Card"
REQUIREMENTS = "1.1.3.1 Pending Card Selection Requirements"
WAR_STATE = "1.1.3.2 War State Selection Restrictions"
THEATER = "1.1.3.3 Theater Selection Restrictions"
SEQUENTIAL = "1.1.3.3 Sequential Selection Restrictions"
ANNUAL = "1.1.3.3 Annual Selection Restrictions"
TWINS = "1.1.3.3 Identically Named © Cards"
PRODUCTION = "1.1.3.3 Soviet Production Limit"
#: Every selection rule the oracle decides.
RULES = (PROCEDURE, HAND, FINAL, EMPTY, REQUIREMENTS, WAR_STATE, THEATER, SEQUENTIAL, ANNUAL, TWINS, PRODUCTION)


def _in_hand(pos, faction, cid) -> bool:
    """1.1.3 "The card must be from those currently in its hand" (the hand of the card's own map in AE;
    a Pending Card already placed was taken from it)."""
    card = pos.cards[cid]
    fm = pos.factions[faction].get(card.map)
    return card.faction == faction and fm is not None and (cid in fm.hand or cid == fm.pending)


def awaits_reveal(pos, faction) -> bool:
    """A Pending Card of ``faction`` was selected in an earlier Seasonal Turn (its map's ``selected:`` turn; the
    generated positions have no ``previous:``): it awaits its reveal (1.1.1 Step 2)."""
    return any(fm.pending and fm.selected is not None and fm.selected < pos.turn
               for fm in pos.factions[faction].values())


def bound_slots(pos, faction) -> dict:
    """The slots 1.1.3 "Card selection is final" binds: ``{map: card or None}`` (empty: none)."""
    sections = pos.factions[faction]
    if not any(fm.pending for fm in sections.values()):
        return {}
    if awaits_reveal(pos, faction):
        return {m: (sections[m].pending if m in sections else None) for m in pos.maps}
    return {m: sections[m].pending for m in pos.maps if m in sections and sections[m].pending}


def completed(pos, faction, choice) -> dict:
    """``choice`` as `check` and `select` take it (docs/commands.md, Pending Card selection): while a partial
    selection made leaves a slot open, a bound slot left out (None) holds the card placed; otherwise (no
    selection made, or every slot bound) a slot left out holds no card."""
    full = {m: choice.get(m) for m in pos.maps}
    bound = bound_slots(pos, faction)
    if not bound or all(m in bound for m in pos.maps):
        return full
    return {m: bound[m] if full[m] is None and m in bound else full[m] for m in pos.maps}


def sequential_broken(pos, faction, card) -> list:
    """The Sequential Selection Restrictions (1.1.3.3) ``card`` breaks: ``[(type, map of the Current Card)]``."""
    out = []
    if card.faction != faction:
        return out
    scope = _interp(pos, "sequential-scope", "map")
    for fac, typ, maps in SEQ:
        if fac != faction or card.map not in maps or typ not in card_types(card):
            continue
        compare = [card.map] if scope == "map" else [m for m in pos.maps if m in maps]
        for m in compare:
            fm = pos.factions[faction].get(m)
            if fm is not None and fm.current and typ in card_types(pos.cards[fm.current]):
                out.append((typ, m))
    return out


def annual_broken(pos, faction, chosen) -> list:
    """The Annual Selection Restrictions (1.1.3.3) the chosen cards break: ``[(type, maps counted together)]``."""
    out = []
    year = _next_year(pos)
    scope = _interp(pos, "annual-scope", "faction")
    for fac, typ, maps in ANN:
        if fac != faction:
            continue
        groups = [[m for m in pos.maps if m in maps]] if scope == "faction" else [[m] for m in pos.maps if m in maps]
        for group in groups:
            before = 0
            for m in group:
                fm = pos.factions[faction].get(m)
                if fm is None:
                    continue
                revealed = [(p.card, p.turn) for p in fm.played]
                if fm.current:   # revealed this turn; while Pending Cards await their reveal, in the turn before
                    revealed.append((fm.current, pos.turn.ahead(-1) if awaits_reveal(pos, faction) else pos.turn))
                before += sum(1 for c, t in revealed if t is not None and t.year == year and typ in card_types(pos.cards[c]))
            picked = sum(1 for cid in chosen.values()
                         if pos.cards[cid].faction == faction and pos.cards[cid].map in group and typ in card_types(pos.cards[cid]))
            # a selected card of the type may not be a second reveal of that year
            if picked and before + picked > 1:
                out.append((typ, tuple(group)))
    return out


def base_violations(pos, faction, choice) -> set:
    """Every rule ``choice`` breaks except the 1.1.3 "must select if it can" rule (:data:`EMPTY`).

    Reporting conventions of the rulings (not rules): a card of another faction or out of the hand is
    reported under 1.1.3, and 1.1.1 (a card that left the deck) is named for cards in the hand only;
    the war state read is that of the card's own map (the slot's when that map is not in play)."""
    out = set()
    chosen = {m: c for m, c in choice.items() if c is not None}
    # 1.1.3 "Card selection is final. Once a faction has selected a card and placed it as its Pending Card, it
    # is bound to that card": bound to the card placed, not to a slot left open in this turn; cards selected in an
    # earlier Seasonal Turn await their reveal (1.1.1 Step 2) and bind every slot, an empty one too
    sections = pos.factions[faction]
    bound = bound_slots(pos, faction)
    if any(choice[m] != bound[m] for m in bound):
        out.add(FINAL)
    history = [p.card for fm2 in sections.values() for p in fm2.played]
    history += [fm2.current for fm2 in sections.values() if fm2.current]
    for slot, cid in chosen.items():
        card = pos.cards[cid]
        # 1.1.3 from that faction's hand (1.1.1 Step 1: a card without the recyclable mark is set aside once revealed)
        if not _in_hand(pos, faction, cid) or (not card.raw.recyclable and cid in history):
            out.add(HAND)
        # (c) 1.1.3.3 Theater: each slot takes only its own map's cards - a rule of AE only (both maps in play);
        # TK or DS alone, a card of the other map is not in the hand (1.1.3: that map is not in play), above
        if pos.game == "ae" and card.map != slot:
            out.add(THEATER)
        # 1.1.1 Step 2 (AE): a legally played (c) card removes its namesake from the other deck
        if pos.game == "ae" and _in_hand(pos, faction, cid) and card.raw.combined and any(
            pos.cards[h].map != card.map and pos.cards[h].raw.combined
            and pos.cards[h].raw.name.casefold() == card.raw.name.casefold() for h in history
        ):
            out.add(PROCEDURE)
        # 1.1.3.1 Selection Requirements: every item holds
        if not all(requirement_holds(pos, card, it) for it in (card.raw.requires or [])):
            out.add(REQUIREMENTS)
        # 1.1.3.2 War State of the card's map
        m = card.map if card.map in pos.war_state else slot
        if RANK[_ws(card.raw.war_state)] > RANK[pos.war_state[m]]:
            out.add(WAR_STATE)
        # 1.1.3.3 Sequential: same type as the Current Card
        if sequential_broken(pos, faction, card):
            out.add(SEQUENTIAL)
    # 1.1.3.3 Annual: revealed at most once per calendar year (the year of the next Seasonal Turn)
    if annual_broken(pos, faction, chosen):
        out.add(ANNUAL)
    if pos.game == "ae" and len(chosen) == 2:
        a, b = pos.cards[chosen["tk"]], pos.cards[chosen["ds"]]
        # (c) identically named cards with the (c) mark (a faction's TK and DS decks)
        if (a.raw.combined and b.raw.combined and a.map != b.map and a.faction == b.faction
                and a.raw.name.casefold() == b.raw.name.casefold()):
            out.add(TWINS)
    if pos.game == "ae" and faction == "soviet":
        limit = 3 if "total" in pos.war_state.values() else 1
        if sum(pos.cards[c].raw.production or 0 for c in chosen.values()) > limit:
            out.add(PRODUCTION)
    return out


def violations(pos, faction, choice) -> set:
    """Every rule ``choice`` (map -> card id or None; a map left out = None) breaks, by rule key."""
    choice = {m: choice.get(m) for m in pos.maps}
    out = base_violations(pos, faction, choice)
    if _interp(pos, "empty-slot", "forced") == "forced":
        for slot, cid in choice.items():
            if cid is not None:
                continue
            fm = pos.factions[faction].get(slot)
            for c in (fm.hand + [fm.pending] if fm and fm.pending else fm.hand if fm else []):
                # a card "fits" by the rules of the selection itself: a selection already made is
                # ruled on as it was made (1.1.3 Card Selection Is Final does not make a card fit or not)
                if not (base_violations(pos, faction, {**choice, slot: c}) - {FINAL}):
                    out.add(EMPTY)
    return out


def legal(pos, faction, choice) -> bool:
    """Is ``choice`` (map -> card id or None; a map left out = None) a legal selection?"""
    return not violations(pos, faction, choice)


def every_choice(pos, cards=None):
    """Every combination of ``cards`` (default: every known card) or nothing, per map in play."""
    cards = sorted(pos.cards) if cards is None else cards
    return [dict(zip(pos.maps, vals)) for vals in product(*[list(cards) + [None] for _ in pos.maps])]


def legal_set(pos, faction) -> set:
    """Every legal selection, each as a frozenset of (map, card or None) pairs."""
    return {frozenset(ch.items()) for ch in every_choice(pos) if legal(pos, faction, ch)}


# ----------------------------------------------------------------------------- 1.1.1 the order of play

#: 1.1.1 is written for "the phasing faction"; the factions in the order the rules list them (1.1.3.3, 1.2.1).
ORDER_OF_PLAY = ("axis", "western", "soviet")


def revealed_now(pos, faction, load) -> bool:
    """``faction`` has revealed in this Seasonal Turn: the ``previous:`` position (read with ``load``), of the turn
    before, holds its Pending Cards, and none of its Pending Cards now was selected before this turn (a ``selected``
    turn before it, or, with none recorded, the same cards as in ``previous:``)."""
    path = pos.seasonal.previous_path
    if path is None or not path.is_file():
        return False
    prev = load(path)
    if prev.turn.index + 1 != pos.turn.index:
        return False
    before = {m: fm.pending for m, fm in prev.factions.get(faction, {}).items() if fm.pending}
    if not before:
        return False
    now = pos.factions.get(faction, {})
    recorded = [fm for fm in now.values() if fm.pending and fm.selected is not None]
    if any(fm.selected < pos.turn for fm in recorded):
        return False
    unrecorded = {m: fm.pending for m, fm in now.items() if fm.pending and fm.selected is None}
    return not unrecorded or {m: c for m, c in before.items() if m in unrecorded} != unrecorded


def order_refused(pos, faction, load) -> list:
    """1.1.1 Step 4 under ``order-of-play=faction-by-faction``: the later factions whose reveal in this turn the
    phasing ``faction`` had not seen when it selected (empty: it may select here)."""
    if _interp(pos, "order-of-play", "faction-by-faction") != "faction-by-faction" or faction not in ORDER_OF_PLAY:
        return []
    later = ORDER_OF_PLAY[ORDER_OF_PLAY.index(faction) + 1:]
    return [g for g in later if g in pos.factions and revealed_now(pos, g, load)]


def _starts(card):
    """12: the war state a card starts on its map when it is played (its raw ``starts``), or None."""
    return _ws(card.raw.starts) if getattr(card.raw, "starts", None) else None


def _entered(pos, factions) -> set:
    """1.1.2.2: the counters (case-folded names) the Current Cards of ``factions`` enter when revealed: a card's raw
    ``reinforcements`` entries, those of a Major Country (no ``minor: true``; the generated positions list no
    country) - the Minor Country case is left to the example tests."""
    out = set()
    for f in factions:
        for fm in pos.factions.get(f, {}).values():
            card = pos.cards.get(fm.current) if fm.current else None
            for r in (getattr(card.raw, "reinforcements", None) or []) if card is not None else []:
                r = r if isinstance(r, dict) else r.model_dump()
                if r.get("counter") and not r.get("minor"):
                    out.add(str(r["counter"]).casefold())
    return out


def seen_position(pos, faction, load):
    """1.1.1 Step 4 under ``order-of-play=faction-by-faction``: the position ``faction`` saw when it selected.

    1.1.1 is written for "the phasing faction": it discards (Step 1), reveals (Step 2), performs its card's
    actions (Step 3) and selects its next Pending Card (Step 4) before the next faction's Step 1. So the later
    factions (:func:`order_refused`) have not revealed yet: their cards are as the turn before left them (the
    ``previous:`` position, read with ``load``), and a war state is what the turn before had, raised (12, no
    going back) by the cards played since by the factions up to ``faction`` in the order of play - not by the
    later factions' cards. The rest is read from ``pos``. The generated positions
    (tests/support/order_positions.py) have no country at war and only legally selected Pending Cards, so the
    cards played are the only cause of a war state change. ``pos`` itself when no later faction revealed."""
    later = order_refused(pos, faction, load)
    own = _entered(pos, [faction]) if revealed_now(pos, faction, load) else set()
    if not later and not own:
        return pos
    prev = load(pos.seasonal.previous_path)
    out = copy.copy(pos)
    # 1.1.2.2 "After the faction's Pending Card has been placed": the counters its own Current Card and the later
    # factions' cards entered this turn were not there at its Step 4 (unless in play before: not entered again)
    before = {x.casefold() for m in prev.maps for d in (_boxes_in(prev, m), _markers_in(prev, m)) for xs in d.values()
              for x in xs}
    out.oracle_unseen = (own | _entered(pos, later)) - before
    out.factions = {**pos.factions, **{g: prev.factions[g] for g in later}}
    ws = dict(prev.war_state)
    for g in ORDER_OF_PLAY[:ORDER_OF_PLAY.index(faction) + 1]:
        for m, fm in prev.factions.get(g, {}).items():
            card = pos.cards[fm.pending] if fm.pending else None
            if card is not None and _starts(card) and RANK[_starts(card)] > RANK[ws[card.map]]:
                ws[card.map] = _starts(card)
    out.war_state = ws
    return out
