"""Random selection positions (TK, DS, AE) for the agreement tests: hypothesis
strategies that write a deck file plus inline cards as YAML. Test-only data:
the card names, numbers and countries here are made up for the tests."""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Optional

import yaml
from hypothesis import reject
from hypothesis import strategies as st

from aeref.model.files.load import load_position

FACTIONS = ("axis", "western", "soviet")
WAR_STATES = ("pre-war", "limited", "total")
WS_SPELLINGS = {"pre-war": ["pre-war", "blue", "Pre-War"], "limited": ["limited", "gray", "Limited War"],
                "total": ["total", "red", "total-war"]}
# Test-only card names: each carries (or not) a card type of FORMAT section 2.
NAMES = (
    "Demand Austria", "Demand Denmark", "Diplomatic Overtures", "Winter Offensive", "War Progress",
    "Limited War Production", "Siberian Reserves Released", "Test Card Alpha",
    "Winter Counteroffensive", "Demands Rejected", "Progress of War",     # the words inside other words: no card type
)
NUMBERS = ("1", "2", "3", "4a", "4b", "10", "11", "12", "23", "26b")
KINDS = ("demand", "diplomatic-overtures", "offensive", "war-progress", "rearmament", "blitz-2", "limited-war-blitz")
COUNTRIES = ("Russia", "France", "Nationalist China")
POSTURES = ("war", "policy-affected", "truce-affected")
STATUSES = ("active", "neutral", "conquered")
ALIGNMENTS = ("axis", "western", "soviet", "none")
POLICIES = ("neutrality", "resistance", "treaty", "acceptance")
MARKERS = ("US Victory Program", "Quit India")
BOXES = ("strategic-warfare-box", "delay-box")
BOX_SPELLINGS = {"strategic-warfare-box": ["strategic-warfare-box", "Strategic Warfare Box", "strategic_warfare_box"],
                 "delay-box": ["delay-box", "Delay Box"]}
FLAGS = ("Test Flag A", "Test Flag B")
EUROPEAN_WAR_BOXES = ("western-european-war-box", "Soviet European War Box")


def _key(draw, name):
    """Both spellings of a key are accepted (FORMAT): war-state = war_state."""
    return name.replace("-", "_") if draw(st.booleans()) else name


def _case(draw, name):
    """Names of countries, markers and flags compare case-insensitively (FORMAT)."""
    return draw(st.sampled_from([name, name.lower(), name.upper()]))


def simple_requirement(draw, game, card, ids):
    """One item of FORMAT section 3 (not any/all/not)."""
    same = [i for i in ids if i.startswith(f"{card['map']}-{card['faction']}-")]
    kinds = ["war-state", "posture", "country", "government", "european-war", "marker", "flag"]
    if ids:
        kinds += ["played", "not-played"]
    if game == "ae":
        kinds.append("war-state-map")
    k = draw(st.sampled_from(kinds))
    if k in ("played", "not-played"):
        ref = draw(st.sampled_from(ids))
        if ref in same and draw(st.booleans()):
            ref = ref.rsplit("-", 1)[1]           # a bare number: the card's own map and faction
        return {_key(draw, k): ref}
    if k == "war-state":
        states = draw(st.lists(st.sampled_from(WAR_STATES), min_size=1, max_size=2, unique=True))
        return {_key(draw, k): states if len(states) > 1 or draw(st.booleans()) else states[0]}
    if k == "war-state-map":
        return {"war-state": {"map": draw(st.sampled_from(["tk", "ds"])),
                              "is": draw(st.lists(st.sampled_from(WAR_STATES), min_size=1, max_size=2, unique=True))}}
    if k == "posture":
        return {"posture": {_case(draw, draw(st.sampled_from(COUNTRIES))): draw(st.sampled_from(POSTURES))}}
    if k == "country":
        fields = {}
        if draw(st.booleans()):
            fields["status"] = draw(st.sampled_from(STATUSES))
        if draw(st.booleans()) or not fields:
            fields["alignment"] = draw(st.sampled_from(ALIGNMENTS))
        if draw(st.booleans()):
            fields["posture"] = draw(st.sampled_from(POSTURES))
        return {"country": {_case(draw, draw(st.sampled_from(COUNTRIES))): fields}}
    if k == "government":
        return {"government": draw(st.sampled_from(["army", "navy", "none"]))}
    if k == "european-war":
        return {_key(draw, "european-war"): draw(st.sampled_from(["limited", "total"]))}
    if k == "marker":
        name = _case(draw, draw(st.sampled_from(MARKERS)))
        if draw(st.booleans()):
            return {"marker": name}
        return {"marker": {"name": name, "in": draw(st.sampled_from(BOXES))}}
    return {"flag": _case(draw, draw(st.sampled_from(FLAGS)))}


def requirement(draw, game, card, ids):
    k = draw(st.sampled_from(["simple", "simple", "simple", "any", "all", "not"]))
    if k == "simple":
        return simple_requirement(draw, game, card, ids)
    if k == "not":
        return {"not": simple_requirement(draw, game, card, ids)}
    return {k: [simple_requirement(draw, game, card, ids) for _ in range(draw(st.integers(1, 2)))]}


#: Names that carry the card types of 1.1.3.3 each faction's restrictions read (test-only names).
FACTION_NAMES = {
    "axis": ("Demand Austria", "Demand Denmark", "Diplomatic Overtures", "Test Card Alpha"),
    "western": ("Test Card Alpha", "Demands Rejected", "Limited War Production"),
    "soviet": ("Winter Offensive", "War Progress", "War Progress", "Limited War Production", "Siberian Reserves Released",
               "Winter Counteroffensive", "Progress of War"),
}
RANK = {"pre-war": 0, "limited": 1, "total": 2}


def _often(draw, n: int) -> bool:
    """True but one time in ``n + 1``. Hypothesis draws the simplest value (0) more often than its share,
    so the simplest draw is the interesting branch here."""
    return draw(st.integers(0, n)) != n


def _rarely(draw, n: int) -> bool:
    """True one time in ``n + 1`` (the simplest draw is False)."""
    return draw(st.integers(0, n)) == n


def _sequential_kinds(card: dict) -> set:
    """Roughly the sequential card types of a generated card (only to bias the draws; the oracle decides)."""
    name = str(card["name"]).casefold().split()
    out = set()
    if "demand" in name:
        out.add("demand")
    if "overtures" in name:
        out.add("diplomatic-overtures")
    if (card.get("blitz") or 0) >= 2:
        out.add("blitz-2")
    ws = next(v for k, v in card.items() if k in ("war-state", "war_state"))
    if card["faction"] == "western" and ws in WS_SPELLINGS["limited"] and (card.get("blitz") or 0) >= 1:
        out.add("limited-war-blitz")
    return out | set(card.get("kinds") or ())


def _annual_kinds(card: dict) -> set:
    name = str(card["name"]).casefold().split()
    out = {"offensive"} & set(name)
    if "war progress" in " ".join(name):
        out.add("war-progress")
    if card.get("rearmament"):
        out.add("rearmament")
    return out | set(card.get("kinds") or ())


def _card(draw, m, f, num, map_war_state, asked):
    """One test-only card of ``f`` on map ``m``: mostly selectable under the map's war state, with names,
    marks and values that give it the types the restrictions of 1.1.3.3 read for that faction."""
    c = {"map": m, "faction": f, "number": int(num) if num.isdigit() and draw(st.booleans()) else num}
    pool = FACTION_NAMES[f] if _often(draw, 2) else NAMES
    c["name"] = draw(st.sampled_from(pool)) if draw(st.integers(0, 3)) else _case(draw, draw(st.sampled_from(pool)))
    if map_war_state is not None and _often(draw, 4):
        ws = draw(st.sampled_from([w for w in WAR_STATES if RANK[w] <= RANK[map_war_state]]))
    else:
        ws = draw(st.sampled_from(WAR_STATES))
    if f == "western" and draw(st.integers(0, 2)) == 0 and (map_war_state in (None, "limited", "total")):
        ws = "limited"                                   # a Limited War Blitz card (FORMAT 2)
        c["blitz"] = draw(st.integers(1, 3))
    c[_key(draw, "war-state")] = draw(st.sampled_from(WS_SPELLINGS[ws]))
    if f == "soviet":
        c["production"] = draw(st.sampled_from([0, 0, 1, 1, 2, 3]))
    if draw(st.integers(0, 2)) == 0:
        c["combined"] = True
    if _rarely(draw, 3):
        c["rearmament"] = True
    if "blitz" not in c and draw(st.booleans()):
        c["blitz"] = draw(st.integers(0, 3))
    if draw(st.integers(0, 4)) == 0:
        c["kinds"] = draw(st.lists(st.sampled_from(KINDS), max_size=2, unique=True))
    return c


@st.composite
def scenarios(draw, games=("tk", "ds", "ae")):
    """(state dict, deck dict, faction asked, extra cards for check).

    Skewed toward positions where the rules decide something: the asked faction mostly holds cards on
    every map in play, most of them selectable under the map's war state (so that several selections are
    legal and one restriction at a time can be the only one broken); names and marks give the types the
    faction's restrictions read; Current Cards and earlier reveals of those types, some in the calendar
    year of the reveal; Soviet Production Values near the limit in AE; © twins in both hands."""
    # the restriction to shape the position around first (:func:`_focus`): the first draws spread most evenly
    focus = draw(st.sampled_from(FOCUS))
    game = draw(st.sampled_from(list(games)))
    faction = draw(st.sampled_from(FACTIONS + (("soviet",) if game == "ae" else ())))
    if focus is not None and focus[0] in ("sequential", "annual"):
        _, faction, _, on = focus
        if not set({"tk": ["tk"], "ds": ["ds"], "ae": ["tk", "ds"]}[game]) & set(on):
            game = next((g for g in games if g in on or g == "ae"), game)
    elif focus is not None and "ae" in games:
        game = "ae"
        faction = "soviet" if focus[0] == "production" else faction
    maps = {"tk": ["tk"], "ds": ["ds"], "ae": ["tk", "ds"]}[game]
    present = sorted({faction} | set(draw(st.lists(st.sampled_from(FACTIONS), max_size=2))))
    year, season = draw(st.integers(1937, 1944)), draw(st.integers(0, 3))
    turn_names = (["Mar-Apr", "May-June", "Aug-Sept", "Nov-Dec"], ["Spring", "Summer", "Fall", "Winter"],
                  ["Mar-Apr", "May-Jun", "Aug-Sep", "Nov-Dec"])
    tn = draw(st.sampled_from(turn_names))

    def turn_text(i):                      # i Seasonal Turns since Mar-Apr of year 0
        return f"{tn[i % 4]} {i // 4}"

    now = year * 4 + season
    war_state = {m: draw(st.sampled_from(WAR_STATES)) for m in maps}
    # the cards of every (map, faction); in TK or DS alone sometimes a few of the other map
    skeleton = []
    card_maps = list(maps)
    if game != "ae" and draw(st.booleans()):
        card_maps.append("ds" if game == "tk" else "tk")
    for m in card_maps:
        for f in present:
            if f == faction and m in maps and _often(draw, 9):
                n = 5 - draw(st.integers(0, 3))          # the simplest draw: the most cards
            else:
                n = draw(st.integers(0, 3 if m in maps else 2))
            for num in draw(st.lists(st.sampled_from(NUMBERS), min_size=n, max_size=n, unique=True)):
                skeleton.append((m, f, num))
    ids = [f"{m}-{f}-{n}" for m, f, n in skeleton]
    cards = []
    for m, f, num in skeleton:
        c = _card(draw, m, f, num, war_state.get(m), f == faction)
        reqs = [requirement(draw, game, c, [i for i in ids if i != f"{m}-{f}-{num}"])
                for _ in range(draw(st.sampled_from([0, 0, 0, 0, 0, 0, 1, 2])))]
        if reqs:
            c["requires"] = reqs
        cards.append(c)
    # (c) twins: an identically named pair with the (c) mark on both maps
    twins = set()
    if game == "ae" and _often(draw, 2):
        for f in present:
            tk = [c for c in cards if c["map"] == "tk" and c["faction"] == f]
            ds = [c for c in cards if c["map"] == "ds" and c["faction"] == f]
            if tk and ds and (f == faction or draw(st.booleans())):
                a, b = draw(st.sampled_from(tk)), draw(st.sampled_from(ds))
                b["name"] = a["name"] if draw(st.booleans()) else a["name"].upper()
                a["combined"] = True
                b["combined"] = draw(st.integers(0, 3)) > 0
                twins |= {f"tk-{f}-{a['number']}".lower(), f"ds-{f}-{b['number']}".lower()}
    # hands, Current Cards, history
    by_id = {f"{c['map']}-{c['faction']}-{c['number']}".lower(): c for c in cards}
    reveal_year = (now + 1) // 4
    factions = {}
    for f in present:
        factions[f] = {}
        for m in maps:
            mine = [i for i in ids if i.startswith(f"{m}-{f}-")]
            mine = list(draw(st.permutations(mine)))
            sec = {}
            if f == faction and mine and _often(draw, 2):
                # a Current Card of a type another card of the faction has (a sequential or annual restriction)
                kinds = {i: _sequential_kinds(by_id[i]) | _annual_kinds(by_id[i]) for i in mine}
                paired = [i for i in mine if any(kinds[i] & kinds[j] for j in mine if j != i)]
                if paired:
                    pick = draw(st.sampled_from(paired))
                    mine.remove(pick)
                    mine.insert(0, pick)
            rest = list(mine)
            if rest and (_often(draw, 2) if f == faction else draw(st.booleans())):
                sec["current"] = _ref(draw, rest.pop(0))
            else:
                sec["current"] = None
            if f == faction and rest and _often(draw, 9):
                hand_n = min(4, len(rest)) - draw(st.integers(0, min(4, len(rest)) - 1))
            else:
                hand_n = draw(st.integers(0, min(4, len(rest))))
            hand, rest = rest[:hand_n], rest[hand_n:]
            for t in [r for r in rest if r in twins]:
                if len(hand) < 4 and draw(st.booleans()):
                    rest.remove(t)
                    hand.append(t)
            if hand and _rarely(draw, 7):                 # a Pending Card already placed (1.1.3: final)
                sec["pending"] = _ref(draw, hand.pop())
                # the turn it was selected in (1.1.1 Step 4): mostly this one (a slot left open may still be
                # filled), sometimes the one before (it awaits its reveal: every slot is bound)
                when = draw(st.sampled_from([None, 0, 0, 1]))
                if when is not None:
                    sec["selected"] = turn_text(now - when)
            sec["hand"] = [_ref(draw, h) for h in hand]
            played = []
            # earlier Current Cards (some back in the hand: recyclable cards, 1.1.1 Step 1)
            again = [h for h in hand if draw(st.integers(0, 3)) == 0]
            for h in again:
                by_id[h]["recyclable"] = True
            pool = rest + again
            used: set = set()
            for p in pool:
                if draw(st.booleans()):
                    same_year = [b for b in range(1, 10) if (now - b) // 4 == reveal_year]
                    if same_year and _annual_kinds(by_id[p]) and _often(draw, 1):
                        back = draw(st.sampled_from(same_year))     # revealed in the calendar year of the reveal
                    else:
                        back = draw(st.integers(1, 9))
                    if back in used:
                        continue                  # one Current Card a Season on each map (1.1.1)
                    used.add(back)
                    played.append({"card": _ref(draw, p), "turn": turn_text(now - back)})
            if played:
                sec["played"] = played
            if game == "ae" and _rarely(draw, 9 if f != faction else 19):
                continue                          # a map section left out: no cards on that map
            factions[f][m] = sec
    _focus(draw, focus, game, faction, factions, by_id, war_state, now, reveal_year, turn_text)
    state = {"game": game, "turn": turn_text(now), "decks": ["decks/test-deck.yaml"]}
    if game == "ae":
        state[_key(draw, "war-state")] = dict(war_state)
    else:
        state[_key(draw, "war-state")] = war_state[maps[0]]
    state["factions"] = factions
    state["countries"] = countries(draw, game, maps, next(v for k, v in state.items() if k in ("war-state", "war_state")))
    state["government"] = draw(st.sampled_from(["army", "navy", "none"]))
    state[_key(draw, "european-war")] = draw(st.sampled_from(["none", "limited", "total"]))
    state["markers"] = {draw(st.sampled_from(BOX_SPELLINGS[b])): draw(st.lists(st.sampled_from(MARKERS), max_size=2, unique=True))
                        for b in BOXES}
    # * DS alone: the European war as the markers in the European War Boxes show it (1.1.3.1), with the key or without
    war = state[next(k for k in state if k in ("european-war", "european_war"))]
    if game == "ds" and war != "none" and draw(st.booleans()):
        marker = {"limited": "European Limited War", "total": "European Total War"}[war]
        for box in draw(st.lists(st.sampled_from(EUROPEAN_WAR_BOXES), min_size=1, max_size=2, unique=True)):
            state["markers"][box] = [marker]
        if draw(st.booleans()):
            del state[next(k for k in state if k in ("european-war", "european_war"))]
    state["flags"] = draw(st.lists(st.sampled_from(FLAGS), max_size=2, unique=True))
    interps = {}
    for name, vals in (("annual-scope", ["faction", "map"]), ("empty-slot", ["forced", "voluntary"]),
                       ("sequential-scope", ["map", "faction"])):
        if draw(st.booleans()):
            interps[name] = draw(st.sampled_from(vals))
    state["interpretations"] = interps
    # split the cards between the deck file and inline `cards:`
    inline = draw(st.lists(st.booleans(), min_size=len(cards), max_size=len(cards)))
    deck = {"cards": [c for c, i in zip(cards, inline) if not i]}
    state["cards"] = [c for c, i in zip(cards, inline) if i]
    extra = draw(st.lists(st.sampled_from(ids), max_size=4, unique=True)) if ids else []
    return state, deck, faction, extra


#: The Sequential and Annual Selection Restrictions of 1.1.3.3 (faction, type, maps whose rules list it):
#: :func:`_focus` gives each its share of the positions.
SEQUENTIAL_TYPES = (("axis", "demand", ("tk", "ds")), ("axis", "blitz-2", ("tk",)),
                    ("axis", "diplomatic-overtures", ("ds",)), ("western", "limited-war-blitz", ("tk", "ds")))
ANNUAL_TYPES = (("axis", "rearmament", ("tk", "ds")), ("western", "rearmament", ("tk", "ds")),
                ("soviet", "rearmament", ("tk", "ds")), ("soviet", "offensive", ("tk", "ds")),
                ("soviet", "war-progress", ("ds",)))


def _give(card: dict, kind: str) -> None:
    """Give a generated card the card type ``kind`` of 1.1.3.3 (FORMAT 2: by its name, marks, values)."""
    if kind == "demand":
        card["name"] = "Demand Denmark"
    elif kind == "diplomatic-overtures":
        card["name"] = "Diplomatic Overtures"
    elif kind == "blitz-2":
        card["blitz"] = 2
    elif kind == "limited-war-blitz":
        for k in ("war-state", "war_state"):
            card.pop(k, None)
        card["war-state"] = "limited"
        card["blitz"] = 1
    elif kind == "rearmament":
        card["rearmament"] = True
    elif kind == "offensive":
        card["name"] = "Winter Offensive"
    elif kind == "war-progress":
        card["name"] = "War Progress"


def _selectable(card: dict, kind: Optional[str] = None) -> None:
    """Make a generated card selectable but for the restriction of ``kind``: no requirement, a Pre-War card,
    no other type, no © mark, no Production Value."""
    for k in ("requires", "kinds", "combined", "rearmament", "blitz", "war-state", "war_state"):
        card.pop(k, None)
    card["name"] = "Test Card Alpha"
    card["war-state"] = "pre-war"
    if "production" in card:
        card["production"] = 0
    if kind:
        _give(card, kind)


#: What :func:`scenarios` shapes a position around: ("sequential" or "annual", faction, type, maps), "twins",
#: "production", or nothing (None, the most common).
FOCUS = ((None, None, None, None) + tuple(("sequential", f, k, ms) for f, k, ms in SEQUENTIAL_TYPES)
         + tuple(("annual", f, k, ms) for f, k, ms in ANNUAL_TYPES) + (("twins",), ("production",)))


def _focus(draw, focus, game, faction, factions, by_id, war_state, now, reveal_year, turn_text):
    """Shape the position around one restriction of 1.1.3.3, so that every restriction has its share of
    positions where it is the only one broken: a Sequential type and its Current Card, an Annual type
    revealed earlier in the reveal's calendar year, © twins, Soviet Production Values that exceed the
    limit together."""
    if focus is None:
        return
    secs = factions.get(faction, {})

    def ref(m, r):
        r = str(r).lower()
        return r if r.startswith(("tk-", "ds-")) else f"{m}-{faction}-{r}"

    hands = {m: [ref(m, h) for h in secs[m].get("hand", [])] for m in secs}
    if focus[0] == "sequential" and focus[1] == faction:
        options = [m for m in focus[3] if m in secs and secs[m].get("current") and hands[m]]
        if not options:
            return
        kind, m = focus[2], draw(st.sampled_from(options))
        _give(by_id[ref(m, secs[m]["current"])], kind)
        _selectable(by_id[draw(st.sampled_from(hands[m]))], kind)
        if kind == "limited-war-blitz" and war_state[m] == "pre-war":
            war_state[m] = "limited"
    elif focus[0] == "annual" and focus[1] == faction:
        options = [m for m in focus[3] if m in secs and hands[m]]
        if not options:
            return
        kind, m = focus[2], draw(st.sampled_from(options))
        _selectable(by_id[draw(st.sampled_from(hands[m]))], kind)
        if secs[m].get("current") and now // 4 == reveal_year:
            _give(by_id[ref(m, secs[m]["current"])], kind)         # revealed this turn, in the reveal's year
        elif now % 4 not in (0, 3) and draw(st.booleans()):
            played = [p for p in secs[m].get("played", []) if (now - 1) // 4 == reveal_year]
            if played:
                p = draw(st.sampled_from(played))
                for other in secs[m].get("played", []):
                    if other is not p and other.get("turn") == turn_text(now - 1):
                        other["turn"] = p["turn"]           # one Current Card a Season on each map (1.1.1)
                p["turn"] = turn_text(now - 1)
                _give(by_id[ref(m, p["card"])], kind)
    elif focus[0] == "twins" and game == "ae" and hands.get("tk") and hands.get("ds"):
        a, b = by_id[draw(st.sampled_from(hands["tk"]))], by_id[draw(st.sampled_from(hands["ds"]))]
        _selectable(a)
        _selectable(b)
        a["combined"] = b["combined"] = True
        a["name"] = b["name"] = "Test Card Twin"
    elif focus[0] == "production" and game == "ae" and faction == "soviet" and hands.get("tk") and hands.get("ds"):
        a, b = by_id[draw(st.sampled_from(hands["tk"]))], by_id[draw(st.sampled_from(hands["ds"]))]
        _selectable(a)
        _selectable(b)
        limit = 3 if "total" in war_state.values() else 1
        a["production"] = draw(st.integers(1, limit))
        b["production"] = limit + 1 - a["production"]


@st.composite
def made_pairs(draw):
    """AE positions where the asked faction has placed Pending Cards on both maps (1.1.3 "Card
    selection is final"), most of them a pair that breaks a pair rule of 1.1.3.3 (© twins, the Soviet
    Production Limit, two cards of an annual type): each card is then excluded only by two rules
    together (the selection is final, and the pair rule). Returns a scenario like :func:`scenarios`
    plus the two Pending Cards."""
    state, deck, faction, extra = draw(scenarios(games=("ae",)))
    secs = state["factions"][faction]
    ws_key = next(k for k in state if k in ("war-state", "war_state"))
    by_ref = {}
    for c in deck["cards"] + state["cards"]:
        by_ref[f"{c['map']}-{c['faction']}-{c['number']}".lower()] = c
    picked = {}
    for m in ("tk", "ds"):
        sec = secs.get(m)
        hand = [h for h in (sec or {}).get("hand", [])]
        if sec is None or sec.get("pending") is None and not hand:
            reject()
        if sec.get("pending") is None:
            ref = draw(st.sampled_from(hand))
            sec["hand"] = [h for h in hand if h != ref]
            sec["pending"] = ref
        ref = str(sec["pending"])
        picked[m] = by_ref[ref.lower() if ref.lower().startswith(m) else f"{m}-{faction}-{ref}".lower()]
    a, b = picked["tk"], picked["ds"]
    rule = draw(st.sampled_from(["twins", "annual", "production", "none"]))
    if rule == "twins":
        b["name"] = a["name"]
        a["combined"] = b["combined"] = True
    elif rule == "annual":
        a["rearmament"] = b["rearmament"] = True
        state["interpretations"]["annual-scope"] = "faction"
    elif rule == "production" and faction == "soviet":
        a["production"], b["production"] = 2, 2
        state[ws_key] = {**state[ws_key], "tk": "total"}      # the limit 3 (raising a war state keeps 12 consistent)
    ids = [f"{m}-{faction}-{picked[m]['number']}".lower() for m in ("tk", "ds")]
    return (state, deck, faction, extra), ids


def _resolve(cd, m):
    """The facts of country entry ``cd`` on map ``m``'s display (FORMAT 4 "AE, per map")."""
    if cd.get("map") not in (None, m):
        return None
    facts = {k: v for k, v in cd.items() if k not in ("tk", "ds", "map")}
    facts.update(cd.get(m) or {})
    if facts.get("policy") and not facts.get("posture"):
        facts["posture"] = "policy-affected"
    return facts


def countries(draw, game, maps, war_state):
    """Random countries; in AE some with facts that differ between the maps (``tk:`` / ``ds:``
    sections, ``map:``), some with a Policy marker. Consistent as 12 requires: no Allied Country
    at War on a map where Pre-War is in effect, no posture that contradicts a Policy marker."""
    ws = war_state if isinstance(war_state, dict) else {maps[0]: war_state}
    out = {}
    for cn in COUNTRIES:
        if _rarely(draw, 3):
            continue
        cd = {}
        for fld, vals in (("posture", POSTURES), ("status", STATUSES), ("alignment", ALIGNMENTS)):
            if draw(st.integers(0, 4)):
                cd[fld] = draw(st.sampled_from(vals))
        if draw(st.integers(0, 4)) == 0:
            cd["policy"] = draw(st.sampled_from(POLICIES))
            if draw(st.booleans()):
                cd.pop("posture", None)
        if game == "ae":
            kind = draw(st.integers(0, 3))
            if kind == 1:                               # facts that differ between the maps
                for m in maps:
                    if draw(st.booleans()):
                        sec = {"posture": draw(st.sampled_from(POSTURES))}
                        if draw(st.booleans()):
                            sec["status"] = draw(st.sampled_from(STATUSES))
                        cd[m] = sec
            elif kind == 2:                             # on one map's display only
                cd["map"] = draw(st.sampled_from(maps))
        for m in maps:                                  # 12, and the Policy marker
            facts = _resolve(cd, m)
            if facts is None:
                continue
            war_in_pre_war = (ws[m] in ("pre-war", "blue", "Pre-War") and facts.get("posture") == "war"
                              and facts.get("alignment") in ("western", "soviet"))
            contradicts = facts.get("policy") and facts.get("posture") != "policy-affected"
            if war_in_pre_war or contradicts:
                if m in cd and "posture" in cd[m]:
                    cd[m]["posture"] = "policy-affected"
                elif game == "ae" and "map" not in cd:
                    cd.setdefault(m, {})["posture"] = "policy-affected"
                else:
                    cd["posture"] = "policy-affected"
        out[cn] = cd
    return out


def _ref(draw, cid):
    """A card in a faction's section: its id or its bare number (FORMAT section 1)."""
    return cid.rsplit("-", 1)[1] if draw(st.booleans()) else cid


def load(state, deck):
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "decks").mkdir()
        (Path(d) / "decks" / "test-deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
        path = Path(d) / "state.yaml"
        path.write_text(yaml.safe_dump(state, sort_keys=False))
        return load_position(path)


def as_set(choices):
    return {frozenset(c.items()) for c in choices}
