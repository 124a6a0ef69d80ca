"""Random Seasonal Turns for the 1.1.1 order-of-play agreement tests: a position of the turn before
(every faction's Pending Cards placed, some starting a war state when played, 12), the next Seasonal
Turn (`next-turn`) and every faction's reveal in the order of play (`reveal --faction all`), written
as files. The faction asked selects on the file of the last reveal; under
``order-of-play=faction-by-faction`` it must be ruled on the position before the later factions'
reveals. Test-only data: the card names and numbers here are made up for the tests."""
from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import strategies as st

import aeref

FACTIONS = ("axis", "western", "soviet")
RANK = {"pre-war": 0, "limited": 1, "total": 2}
WAR_STATES = tuple(RANK)
#: the Seasonal Turn the Pending Cards are selected in, and the one they are revealed in
SELECTED_IN, REVEALED_IN = "Aug-Sept 1941", "Nov-Dec 1941"


def _requirement(draw, card: dict, pending: list, counters: list) -> dict:
    """A Selection Requirement the later reveals may decide: a war state, a Pending Card of another faction
    played (or not) - each revealed in this turn -, a counter a Pending Card enters into the Strategic Warfare
    Box when revealed (1.1.2.2: after its faction's Pending Card is placed; the asked faction's own card too),
    or (rarely) nothing the reveals touch."""
    k = draw(st.sampled_from(["war-state", "war-state", "played", "not-played", "marker"]))
    if k == "marker" and counters:
        return {"marker": {"name": draw(st.sampled_from(counters)), "in": "strategic-warfare-box"}}
    others = [c for c in pending if not c.startswith(f"{card['map']}-{card['faction']}-")]
    if k in ("played", "not-played") and others:
        return {k: draw(st.sampled_from(others))}
    return {"war-state": draw(st.lists(st.sampled_from(WAR_STATES), min_size=1, max_size=2, unique=True))}


def _tk_card(f, num, colour, name=None, **extra):
    return {"map": "tk", "faction": f, "number": num, "name": name or f"Test Card {f} {num}", "war-state": colour,
            **({"production": 0} if f == "soviet" else {}), **extra}


#: TK, Limited War: the Western Pending Card starts Total War when it is played (12); the Axis faction selects
#: after every reveal of Nov-Dec 1941 (`reveal --faction all`). Test-only cards.
TOTAL_WAR_TURN = {
    "game": "tk", "asked": "axis", "war-state": {"tk": "limited"},
    "deck": [_tk_card("axis", "1", "limited"), _tk_card("axis", "10", "total"), _tk_card("axis", "11", "limited"),
             _tk_card("axis", "12", "limited", requires=[{"war-state": "limited"}]),
             _tk_card("axis", "13", "limited", requires=[{"played": "tk-western-1"}]),
             _tk_card("western", "1", "limited", "Test Total War", starts="total"), _tk_card("western", "10", "limited"),
             _tk_card("soviet", "1", "pre-war")],
    "factions": {"axis": {"tk": {"pending": "tk-axis-1", "hand": ["tk-axis-10", "tk-axis-11", "tk-axis-12", "tk-axis-13"]}},
                 "western": {"tk": {"pending": "tk-western-1", "hand": ["tk-western-10"]}},
                 "soviet": {"tk": {"pending": "tk-soviet-1", "hand": []}}},
}


@st.composite
def order_scenarios(draw):
    """A spec: ``game``, ``war-state`` (map -> state before the reveals), ``deck`` (cards), ``factions``
    (faction -> map -> ``{pending, hand}``) and ``asked`` (the faction whose selection is ruled: one with
    a later faction in the order of play)."""
    game = draw(st.sampled_from(["tk", "ae"]))
    maps = ["tk", "ds"] if game == "ae" else ["tk"]
    war_state = {m: draw(st.sampled_from(["pre-war", "limited", "limited"])) for m in maps}
    asked = draw(st.sampled_from(["axis", "axis", "western"]))
    deck, sections, pending, counters = [], {}, [], []
    for f in FACTIONS:
        sections[f] = {}
        for m in maps:
            sec: dict = {"hand": []}
            # the Pending Card, legal when selected: of a war state in effect then, no requirement
            if f != asked or draw(st.booleans()):
                colour = draw(st.sampled_from([s for s in WAR_STATES if RANK[s] <= RANK[war_state[m]]]))
                card = {"map": m, "faction": f, "number": "1", "name": f"Test Pending {f} {m}", "war-state": colour}
                starts = draw(st.sampled_from([None, "limited", "total", "total"]))
                if starts is not None:
                    card["starts"] = starts
                if draw(st.integers(0, 2)) == 0:      # 1.1.2.2: it enters a counter (a Major Country's) when revealed
                    card["reinforcements"] = [{"counter": f"Test Counter {f} {m}", "country": "Testland",
                                               "to": "strategic-warfare-box"}]
                    counters.append(f"Test Counter {f} {m}")
                deck.append(card)
                sec["pending"] = f"{m}-{f}-1"
                pending.append(f"{m}-{f}-1")
            sections[f][m] = sec
    for f in FACTIONS:
        for m in maps:
            n = draw(st.integers(2, 4)) if f == asked else draw(st.integers(0, 1))
            for i in range(n):
                card = {"map": m, "faction": f, "number": str(10 + i), "name": f"Test Card {f} {m} {i}",
                        "war-state": draw(st.sampled_from(["limited", "total", "total", "pre-war"]))}
                if f == asked and draw(st.booleans()):
                    card["requires"] = [_requirement(draw, card, pending, counters)]
                deck.append(card)
                sections[f][m]["hand"].append(f"{m}-{f}-{10 + i}")
    for card in deck:
        if card["faction"] == "soviet":
            card["production"] = 0          # no Soviet faction is asked here: the Production Limit is not in play
    return {"game": game, "war-state": war_state, "deck": deck, "factions": sections, "asked": asked}


def write_turn(d: Path, spec: dict) -> Path:
    """Write the spec's position of the turn before (``selected.yaml``, its deck beside it), the next
    Seasonal Turn (``next.yaml``, naming ``selected.yaml`` as ``previous:``) and the position after every
    faction's reveal (``revealed.yaml``), with aeref's own commands (the API). Returns the last."""
    (d / "decks").mkdir(parents=True, exist_ok=True)
    (d / "decks" / "test.yaml").write_text(yaml.safe_dump({"cards": spec["deck"]}, sort_keys=False))
    ws = spec["war-state"]
    # every section records its Step 4 selection: a Pending Card, or "no card" said (1.1.3), as next-turn needs
    factions = {f: {m: {**({"pending": s["pending"]} if "pending" in s else {}), "selected": SELECTED_IN,
                        "hand": list(s["hand"])} for m, s in sections.items()}
                for f, sections in spec["factions"].items()}
    state = {"game": spec["game"], "turn": SELECTED_IN, "decks": ["decks/test.yaml"],
             "war-state": ws if spec["game"] == "ae" else ws["tk"], "factions": factions}
    selected = d / "selected.yaml"
    selected.write_text(yaml.safe_dump(state, sort_keys=False))
    nt = aeref.load(selected).next_turn()
    nt.write(str(d / "next.yaml"), True, str(selected))
    revealed = aeref.load(d / "next.yaml").reveal("all")
    revealed.write(str(d / "revealed.yaml"), True)
    return d / "revealed.yaml"
