"""The facts and answers the API hands a caller cannot be changed behind the referee's back: a card of
``pos.cards`` and the mapping itself are read-only, the answers are frozen, and the lists handed out are
copies; so no later ruling on the position can differ from what the rules say (1.1.3.3 here)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import aeref

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
AE = EXAMPLES / "ae-soviet-production.yaml"


def _ruling(pos: aeref.Position) -> tuple:
    r = pos.check("soviet", tk="38", ds="24")
    return r.legal, [str(v) for v in r.violations]


def test_1_1_3_3_a_card_handed_out_cannot_be_changed():
    """1.1.3.3: tk-soviet-38 (3) + ds-soviet-24 (1) = 4 exceeds the limit 3. Setting the card's Production
    Value to 0 raises, and the ruling after the attempt is the ruling before it."""
    pos = aeref.load(AE)
    before = _ruling(pos)
    assert before == (False, ["1.1.3.3 Soviet Production Limit: tk-soviet-38 (3) + ds-soviet-24 (1) = 4 exceeds "
                              "the limit 3 (Total War on TK)"])
    card = pos.cards["tk-soviet-38"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.production = 0
    with pytest.raises(TypeError):                        # the mapping is read-only too
        pos.cards["tk-soviet-38"] = dataclasses.replace(card, production=0)
    with pytest.raises(TypeError):
        del pos.cards["tk-soviet-38"]
    with pytest.raises(AttributeError):                   # the card's lists are tuples
        card.kinds.add("production")                      # type: ignore[attr-defined]
    assert isinstance(card.requires, tuple) and isinstance(card.replacements, tuple)
    assert pos.cards["tk-soviet-38"].production == 3 and _ruling(pos) == before


def test_a_copy_made_by_the_caller_is_the_callers_own():
    """``dataclasses.replace`` gives the caller a changed card of its own; the position's is unchanged."""
    pos = aeref.load(AE)
    mine = dataclasses.replace(pos.cards["tk-soviet-38"], production=0)
    assert mine.production == 0 and pos.cards["tk-soviet-38"].production == 3


def test_the_facts_handed_out_are_copies():
    """``hand``, ``war_state``, ``maps`` and ``factions``: changing what was handed out changes nothing."""
    pos = aeref.load(AE)
    pos.hand("soviet", "ds").clear()
    pos.war_state.clear()
    assert pos.hand("soviet", "ds") == ["ds-soviet-11b", "ds-soviet-24"]
    assert pos.war_state["tk"].display == "Total War"
    assert isinstance(pos.maps, tuple) and isinstance(pos.factions, tuple)


@pytest.mark.parametrize("make, field", [
    (lambda: aeref.load(AE).check("soviet", tk="38", ds="24"), "legal"),
    (lambda: aeref.load(AE).check("soviet", tk="38", ds="24").violations[0], "message"),
    (lambda: aeref.load(EXAMPLES / "tk-soviet-replacements.yaml").replacements("soviet", time_limit=5.0),
     "steps_used"),
    (lambda: aeref.load(EXAMPLES / "tk-soviet-replacements.yaml").replacements("soviet", time_limit=5.0)
     .placements[0], "location"),
    (lambda: aeref.load(EXAMPLES / "ds-axis-reveal.yaml").reveal("axis"), "illegal"),
    (lambda: aeref.load(EXAMPLES / "ds-axis-selected.yaml").next_turn(), "position"),
    (lambda: aeref.load(EXAMPLES / "tk-1939.yaml").why("axis", "22a"), "legal"),
    (lambda: aeref.load(EXAMPLES / "tk-axis-1939-plan.yaml").plan("axis", turns=2), "result"),
    (lambda: aeref.load(EXAMPLES / "tk-soviet-replacements.yaml").logistics("soviet"), "actions"),
    (lambda: aeref.load(EXAMPLES / "tk-1939.yaml").select("axis", tk="4a", seal=True), "seals"),
])
def test_every_answer_is_frozen(make, field):
    """A ruling, a violation, an allocation and its placements, a reveal, the next turn, a why, a plan, the
    logistics actions and a selection placed: setting a field raises."""
    answer = make()
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(answer, field, None)


def test_the_count_is_immutable():
    counted = aeref.load(AE).legal_selections("soviet").count()
    with pytest.raises(AttributeError):
        counted.complete = False                          # type: ignore[misc]
