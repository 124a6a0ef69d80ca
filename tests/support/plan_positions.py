"""Random small planning positions (TK, DS, AE) for the ``aeref plan`` agreement tests: a hypothesis
strategy of (state dict, deck dict, faction, horizon) with at most 6 hand cards (3 per map in AE) and
at most 4 Seasonal Turns (3 in AE). Test-only data: the card names and numbers are made up.

Skewed toward hands whose cards chain across turns: Selection Requirements that another hand card
has been played (or not), cards of one Sequential or Annual type, Limited War cards with a card
that starts Limited War, recyclable Current Cards, © twins in AE, Soviet Production Values."""
from __future__ import annotations

from hypothesis import strategies as st

NAMES = ("Demand Austria", "Demand Denmark", "Diplomatic Overtures", "Winter Offensive", "War Progress",
         "Test Card Alpha", "Test Card Beta", "Test Card Gamma")
NUMBERS = ("1", "2", "3", "4a", "4b", "5", "6", "7", "8")
SEASONS = ("Mar-Apr", "May-June", "Aug-Sept", "Nov-Dec")


def _card(draw, m, f, num, names):
    c = {"map": m, "faction": f, "number": num, "name": draw(st.sampled_from(names)),
         "war-state": draw(st.sampled_from(["pre-war", "pre-war", "pre-war", "limited", "total"]))}
    if draw(st.integers(0, 3)) == 0:
        c["rearmament"] = True
    if m == "tk" and draw(st.integers(0, 4)) == 0:
        c["blitz"] = 2
    if draw(st.integers(0, 5)) == 0:
        c["starts"] = "limited"
    if f == "soviet":
        c["production"] = draw(st.integers(0, 3))
    if f == "western" and draw(st.integers(0, 3)) == 0:
        c["kinds"] = ["limited-war-blitz"]
    if f == "soviet" and draw(st.integers(0, 3)) == 0:
        c["kinds"] = [draw(st.sampled_from(["offensive", "war-progress"]))]
    return c


@st.composite
def plan_cases(draw, games=("tk", "ds", "ae")):
    """(state, deck, faction, turns)."""
    game = draw(st.sampled_from(list(games)))
    maps = {"tk": ["tk"], "ds": ["ds"], "ae": ["tk", "ds"]}[game]
    faction = draw(st.sampled_from(["axis", "western", "soviet"] + (["soviet", "soviet"] if game == "ae" else [])))
    per_map = 3 if game == "ae" else 6
    turns = draw(st.integers(1, 3 if game == "ae" else 4))
    year, season = draw(st.integers(1938, 1941)), draw(st.integers(0, 3))
    now = year * 4 + season
    war_state = {m: draw(st.sampled_from(["pre-war", "pre-war", "limited", "total"])) for m in maps}
    cards, factions = [], {faction: {}}
    ids_by_map = {}
    for m in maps:
        n = draw(st.integers(1, per_map))
        nums = draw(st.lists(st.sampled_from(NUMBERS), min_size=n + 1, max_size=n + 1, unique=True))
        mine = [_card(draw, m, faction, num, NAMES) for num in nums]
        cards += mine
        ids_by_map[m] = [f"{m}-{faction}-{c['number']}" for c in mine]
    ids = [i for m in maps for i in ids_by_map[m]]
    by_id = {f"{c['map']}-{c['faction']}-{c['number']}": c for c in cards}
    # Selection Requirements that chain the cards: another card played (or not), a war state
    for c in cards:
        cid = f"{c['map']}-{c['faction']}-{c['number']}"
        k = draw(st.integers(0, 5))
        others = [i for i in ids if i != cid]
        if k == 0 and others:
            c["requires"] = [{"played": draw(st.sampled_from(others))}]
        elif k == 1 and others:
            c["requires"] = [{"not": {"played": draw(st.sampled_from(others))}}]
        elif k == 2:
            c["requires"] = [{"war-state": draw(st.sampled_from([["limited", "total"], ["pre-war", "limited"]]))}]
    if game == "ae" and draw(st.integers(0, 3)) > 0:        # (c) twins
        a = by_id[draw(st.sampled_from(ids_by_map["tk"]))]
        b = by_id[draw(st.sampled_from(ids_by_map["ds"]))]
        b["name"] = a["name"]
        a["combined"] = b["combined"] = True
        if draw(st.booleans()):                    # both selectable in the same season: 1.1.3.3 decides
            for c in (a, b):
                c["war-state"] = "pre-war"
                c.pop("requires", None)
    for m in maps:
        mine = list(ids_by_map[m])
        sec = {"current": None, "hand": [], "played": []}
        if draw(st.booleans()):
            cur = mine.pop(0)
            sec["current"] = cur
            if draw(st.integers(0, 3)) == 0:
                by_id[cur]["recyclable"] = True
        else:
            extra = mine.pop(0)                         # an earlier Current Card, maybe this calendar year
            back = draw(st.integers(1, 4))
            t = now - back
            sec["played"] = [{"card": extra, "turn": f"{SEASONS[t % 4]} {t // 4}"}]
        if sec["current"] and mine and faction in ("axis", "western") and draw(st.booleans()):
            # a hand card of the Current Card's Sequential type (1.1.3.3)
            for cid in (sec["current"], draw(st.sampled_from(mine))):
                if faction == "axis":
                    by_id[cid]["name"] = draw(st.sampled_from(["Demand Austria", "Demand Denmark"]))
                else:
                    by_id[cid]["kinds"] = ["limited-war-blitz"]
        sec["hand"] = mine
        if mine and draw(st.integers(0, 7)) == 0:     # a Pending Card already placed (1.1.3: final)
            sec["pending"] = mine.pop()
        if not sec["played"]:
            del sec["played"]
        factions[faction][m] = sec
    state = {"game": game, "turn": f"{SEASONS[now % 4]} {now // 4}", "decks": ["decks/test-deck.yaml"],
             "war-state": dict(war_state) if game == "ae" else war_state[maps[0]], "factions": factions,
             "countries": {"Russia": {"posture": "policy-affected", "status": "neutral", "alignment": "soviet"}}}
    interps = {}
    for name, vals in (("annual-scope", ["faction", "map"]), ("empty-slot", ["forced", "voluntary"]),
                       ("sequential-scope", ["map", "faction"])):
        if draw(st.booleans()):
            interps[name] = draw(st.sampled_from(vals))
    if interps:
        state["interpretations"] = interps
    return state, {"cards": cards}, faction, turns


RANK = {"pre-war": 0, "limited": 1, "total": 2}


@st.composite
def fact_cases(draw):
    """(state, deck, faction, turns, war): a :func:`plan_cases` position skewed toward the facts one turn hands on
    to the next: hand cards with the recyclable mark (back in the hand once discarded, 1.1.1 Step 1: selectable
    again two turns after their selection, so horizons of three or four turns), often with empty-slot=forced
    (1.1.3: a recyclable card back in the hand must be selected when it fits); a card that starts Limited War
    beside a Limited War card of its map (12: the war state stays once started); and, most often, a war state
    assumed from a turn ahead, ``war`` = ``(map, war state, turns ahead)`` one or two ranks above the file's
    (``--assume [MAP:]war-state=STATE@TURN``), or None."""
    state, deck, faction, turns = draw(plan_cases())
    if draw(st.booleans()):
        turns = max(turns, 3)
    hands = [c for sec in state["factions"][faction].values() for c in sec["hand"] + [sec.get("pending")] if c]
    marked = draw(st.lists(st.sampled_from(hands), max_size=2, unique=True)) if hands else []
    for c in deck["cards"]:
        if f"{c['map']}-{c['faction']}-{c['number']}" in marked:
            c["recyclable"] = True
    if marked and draw(st.booleans()):
        state.setdefault("interpretations", {})["empty-slot"] = "forced"
    by_id = {f"{c['map']}-{c['faction']}-{c['number']}": c for c in deck["cards"]}
    if len(hands) >= 2 and draw(st.booleans()):
        # a card that starts Limited War in Pre-War, and a Limited War card of its map: the war state it starts
        # stays (12: never back), so the second card can come in every turn after the first's reveal
        first = by_id[draw(st.sampled_from(hands))]
        same = [h for h in hands if by_id[h] is not first and by_id[h]["map"] == first["map"]]
        if same:
            first.update({"starts": "limited", "war-state": "pre-war"})
            first.pop("requires", None)
            by_id[draw(st.sampled_from(same))]["war-state"] = "limited"
            if isinstance(state["war-state"], dict):
                state["war-state"][first["map"]] = "pre-war"
            else:
                state["war-state"] = "pre-war"
            turns = max(turns, 3)
    war = None
    ws = state["war-state"] if isinstance(state["war-state"], dict) else {state["game"]: state["war-state"]}
    maps = sorted(m for m, w in ws.items() if w != "total")
    if maps and draw(st.integers(0, 3)):
        m = draw(st.sampled_from(maps))
        w = draw(st.sampled_from([x for x, r in RANK.items() if r > RANK[ws[m]]]))
        war = (m, w, draw(st.integers(1, turns)))
    return state, deck, faction, turns, war


#: 12.3 Step 2 removes these Policy markers; the others stay (Steps 3-4: the Axis faction may, and by default does not).
REMOVED_POLICIES = ("disputes", "peace", "quarantine", "resistance", "treaty")
KEPT_POLICIES = ("acceptance", "neutrality")
MARKERS = ("US Victory Program", "Test Marker")


@st.composite
def effect_cases(draw):
    """(state, deck, faction, turns): a small DS (or AE) hand where the faction's own reveals change what a Selection
    Requirement reads: a card that starts Total War on the DS map (12.3) from Pre-War or Limited War, countries with
    Policy markers 12.3 Step 2 removes (or keeps), *European Total War markers the Step 8 of DS alone places
    (``european-war`` none or limited in the file; in AE European Total War follows the TK war state), and cards
    whose reveal enters a counter into the Strategic Warfare Box (1.1.2.2, a Major Country's or a Minor Country's,
    active or not) beside cards requiring (or forbidding) those facts, with horizons of three or four turns."""
    game = draw(st.sampled_from(["ds", "ds", "ds", "ae"]))
    faction = draw(st.sampled_from(["axis", "western", "soviet"]))
    turns = draw(st.integers(3, 3 if game == "ae" else 4))
    year, season = draw(st.integers(1939, 1941)), draw(st.integers(0, 3))
    now = year * 4 + season
    countries = {}
    for name in draw(st.lists(st.sampled_from(["Thailand", "Siam", "Hopeh"]), min_size=1, max_size=2, unique=True)):
        entry = {"policy": draw(st.sampled_from(REMOVED_POLICIES + REMOVED_POLICIES + KEPT_POLICIES)), "status": "neutral"}
        if draw(st.booleans()):
            entry["posture"] = "policy-affected"
        countries[name] = entry
    countries["Kiangsu"] = {"status": draw(st.sampled_from(["active", "neutral"])), "minor": True,
                            "alignment": draw(st.sampled_from([faction, "none"]))}
    names = sorted(c for c in countries if c != "Kiangsu")
    n = draw(st.integers(3, 4 if game == "ae" else 5))
    nums = draw(st.lists(st.sampled_from(NUMBERS), min_size=n + 1, max_size=n + 1, unique=True))
    cards = [{"map": "ds", "faction": faction, "number": num, "name": draw(st.sampled_from(NAMES)),
              "war-state": draw(st.sampled_from(["pre-war", "pre-war", "limited", "total"]))} for num in nums]
    for c in cards:
        if faction == "soviet":
            c["production"] = draw(st.integers(0, 2))
    ids = [f"ds-{faction}-{c['number']}" for c in cards]
    starter = cards[1]                                    # a hand card that starts Total War on the DS map (12)
    starter.update({"starts": "total", "war-state": draw(st.sampled_from(["pre-war", "limited"]))})
    entered = []
    for c in cards[2:]:
        if draw(st.integers(0, 1)) == 0:                  # 1.1.2.2: it enters a counter into the Strategic Warfare Box
            minor = draw(st.integers(0, 2)) == 0
            entered.append(draw(st.sampled_from(MARKERS)))
            c["reinforcements"] = [{"counter": entered[-1], "country": "Kiangsu" if minor else "USA",
                                    "to": "strategic-warfare-box", **({"minor": True} if minor else {})}]
    for c in cards[1:]:
        kind = draw(st.integers(0, 4))
        if entered and "reinforcements" not in c and draw(st.booleans()):
            kind = 2                                      # a card requiring a counter another card enters
        item = None
        if kind == 0:
            item = {"posture": {draw(st.sampled_from(names)): "policy-affected"}}
        elif kind == 1:
            item = {"european-war": "total"}
        elif kind == 2:
            item = {"marker": {"name": draw(st.sampled_from(entered or MARKERS)), "in": "strategic warfare box"}}
        elif kind == 3:
            item = {"marker": draw(st.sampled_from(MARKERS))}
        if item is not None:
            c["requires"] = [{"not": item} if draw(st.integers(0, 3)) == 0 else item]
    sec = {"current": ids[0], "hand": ids[1:]}
    factions = {faction: {"ds": sec}}
    war = {"ds": draw(st.sampled_from(["pre-war", "limited", "limited"]))}
    if game == "ae":
        tk = {"map": "tk", "faction": faction, "number": "1", "name": "Test Card Beta", "war-state": "pre-war",
              **({"production": 0} if faction == "soviet" else {})}
        cards.append(tk)
        factions[faction]["tk"] = {"current": None, "hand": [f"tk-{faction}-1"]}
        war["tk"] = draw(st.sampled_from(["pre-war", "limited", "total"]))
    state = {"game": game, "turn": f"{SEASONS[now % 4]} {now // 4}", "decks": ["decks/test-deck.yaml"],
             "war-state": war if game == "ae" else war["ds"], "factions": factions, "countries": countries}
    if game == "ds":
        state["european-war"] = draw(st.sampled_from(["none", "limited"]))
    if draw(st.booleans()):
        state["interpretations"] = {"empty-slot": draw(st.sampled_from(["forced", "voluntary"]))}
    return state, {"cards": cards}, faction, turns
