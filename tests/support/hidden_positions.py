"""Random positions seen from another faction's view (1.1), for the tests of what that faction may
hold and may have placed: :func:`hidden_scenarios` draws a selection position
(:func:`tests.support.selection_positions.scenarios`), a viewer other than the faction asked, and
shapes it toward the cases where the hand's size decides: a deck trimmed so that the cards the hand
may hold are exactly its count or one more, ``empty-slot=forced``, hands of cards that do not fit
(forced empty slots), © twins and Soviet Production Values near the limit (the scenarios' focus).
Test-only data; imports nothing from ``solver/``."""
from __future__ import annotations

from hypothesis import strategies as st

from .selection_positions import FACTIONS, scenarios


def _id(m, f, ref) -> str:
    ref = str(ref).lower()
    return ref if ref.startswith(f"{m}-") else f"{m}-{f}-{ref}"


def _kept(state, faction) -> set:
    """The card ids of ``faction`` the file places somewhere (hand, Pending, Current, played)."""
    out = set()
    for m, sec in state["factions"].get(faction, {}).items():
        refs = list(sec.get("hand") or []) + [sec.get("pending"), sec.get("current")]
        refs += [p["card"] for p in sec.get("played") or []]
        out |= {_id(m, faction, r) for r in refs if r is not None}
    return out


@st.composite
def hidden_scenarios(draw):
    """(state, deck, faction asked G, viewer F, how: the shaping drawn)."""
    state, deck, faction, _ = draw(scenarios())
    viewer = draw(st.sampled_from([f for f in FACTIONS if f != faction]))
    how = draw(st.sampled_from(["as-drawn", "exact", "one-more", "one-more", "forced"]))
    if how != "as-drawn":
        state.setdefault("interpretations", {})["empty-slot"] = "forced"
    if how in ("exact", "one-more"):
        kept = _kept(state, faction)
        for m in state["factions"].get(faction, {}):
            spare = [c for c in deck["cards"] + state["cards"]
                     if c["faction"] == faction and c["map"] == m and _id(m, faction, c["number"]) not in kept]
            keep = 1 if how == "one-more" else 0
            drop = {id(c) for c in spare[keep:]}
            deck["cards"] = [c for c in deck["cards"] if id(c) not in drop]
            state["cards"] = [c for c in state["cards"] if id(c) not in drop]
    if how == "forced":
        # the hand's cards of the wrong war state: some hands hold no card that fits
        for c in deck["cards"] + state["cards"]:
            if c["faction"] == faction and draw(st.booleans()):
                for k in ("war-state", "war_state", "War-State"):
                    c.pop(k, None)
                c["war-state"] = "total"
    return state, deck, faction, viewer, how
