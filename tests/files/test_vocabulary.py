"""The words files may use and rulings are written with (model/game/vocabulary.py, model/game/calendar.py,
model/game/cards.py, model/game/interpretations.py): war states in order and in every spelling (12), step kinds
(1.3), Seasonal Turns of either calendar, card numbers, interpretation values - and what a bad value is
told to write instead."""
from __future__ import annotations

import pytest

from aeref.model.game.calendar import parse_turn
from aeref.model.game.cards import parse_card_ref
from aeref.model.game.interpretations import check_value
from aeref.model.game.vocabulary import WarState, join_and, plural, step_kind, step_words, with_article


def test_war_states_compare_by_their_order_12():
    """12: Pre-War, then Limited War, then Total War; a war state equals itself, in any spelling."""
    order = [WarState.of("pre-war"), WarState.of("grey"), WarState.of("Total War")]
    for i, a in enumerate(order):
        for j, b in enumerate(order):
            assert (a < b, a <= b, a > b, a >= b) == (i < j, i <= j, i > j, i >= j), (a, b)
            assert (a < b.value, a >= b.value) == (i < j, i >= j)
    assert [w.value for w in WarState.of("red").up_to()] == ["pre-war", "limited", "total"]


def test_step_kinds_in_every_spelling_1_3():
    assert [step_kind(x) for x in ("Infantry", " ARMOR ", "panzer", "tank", "armour", "mechanized", "either",
                                   "step", "Steps", "any")] == [
        "infantry", "armor", "armor", "armor", "armor", "armor", "any", "any", "any", "any"]
    with pytest.raises(ValueError, match="step kind"):
        step_kind("cavalry horse")


def test_words_a_ruling_is_written_with():
    assert [with_article(w) for w in ("Axis", "Offensive", "Soviet", "Western", "infantry")] == [
        "an Axis", "an Offensive", "a Soviet", "a Western", "an infantry"]
    assert [join_and(x) for x in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == ["", "a", "a and b", "a, b and c"]
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(2, "country", "countries") == "2 countries" and plural(1, "country", "countries") == "1 country"


def test_bad_step_kind_says_what_was_written_and_what_to_use():
    with pytest.raises(ValueError) as exc:
        step_kind("cavalry horse")
    assert str(exc.value) == "unknown step kind 'cavalry horse': use infantry, armor or any"


def test_turn_and_war_state_errors_name_what_to_write():
    with pytest.raises(ValueError) as exc:
        parse_turn(1941)
    assert str(exc.value) == "write a Seasonal Turn such as Nov-Dec 1941 (the turn, then the year), not 1941"
    with pytest.raises(ValueError) as exc:
        parse_turn("Fal 1941")
    assert str(exc.value) == ("unknown turn 'Fal 1941' (did you mean Fall?): the Seasonal Turns are Mar-Apr, May-June, "
                              "Aug-Sept, Nov-Dec (or Spring, Summer, Fall, Winter)")
    with pytest.raises(ValueError) as exc:
        parse_turn("Fal 1941", ["Spring", "Summer", "Fall", "Winter"])
    assert str(exc.value) == "unknown turn 'Fal 1941' (did you mean Fall?): the Seasonal Turns are Spring, Summer, Fall, Winter"
    with pytest.raises(ValueError) as exc:
        WarState.of("purple")
    assert str(exc.value) == "unknown war state 'purple': use pre-war, limited or total"


def test_a_misspelt_season_is_suggested_in_either_calendar():
    """FORMAT 1 turns: each name of the season calendar (Spring .. Winter) is suggested for its misspelling."""
    for typo, name in (("Sprng", "Spring"), ("Sumer", "Summer"), ("Wintr", "Winter")):
        with pytest.raises(ValueError) as exc:
            parse_turn(f"{typo} 1941")
        assert str(exc.value).startswith(f"unknown turn '{typo} 1941' (did you mean {name}?)"), exc.value


def test_a_bare_card_number_needs_both_map_and_faction():
    """FORMAT 1: a bare number (26b) is a card only inside a faction's section of a map."""
    assert parse_card_ref("26B", "tk", "soviet") == "tk-soviet-26b"
    assert parse_card_ref("ds-axis-3") == "ds-axis-3"
    for map_, faction in ((None, None), ("tk", None), (None, "soviet")):
        with pytest.raises(ValueError) as exc:
            parse_card_ref("26b", map_, faction)
        assert str(exc.value) == "card '26b': write the full id such as tk-soviet-26b"


def test_interpretation_values_are_checked_and_normalised():
    """Interpretations (FORMAT 7, -i NAME=VALUE): a calendar of four names, a list of Off-Map Box names, a
    named value - as a list or one string with commas; anything else refused with what to write."""
    assert check_value("calendar", " Spring, Summer ,Fall,Winter") == ["Spring", "Summer", "Fall", "Winter"]
    assert check_value("calendar", ["Spring", "Summer", "Fall", "Winter"]) == ["Spring", "Summer", "Fall", "Winter"]
    for bad in ("Spring,Summer", ["Spring", "Summer", "Fall", ""], 4):
        with pytest.raises(ValueError) as exc:
            check_value("calendar", bad)
        assert str(exc.value) == "calendar takes the four names of the Seasonal Turns, e.g. Mar-Apr,May-June,Aug-Sept,Nov-Dec"
    assert check_value("soviet-off-map-boxes", "Eastern Europe, Central Asia") == ["Eastern Europe", "Central Asia"]
    with pytest.raises(ValueError) as exc:
        check_value("soviet-off-map-boxes", 3)
    assert str(exc.value) == "soviet-off-map-boxes takes a list of names, e.g. Eastern Europe"
    assert check_value("empty-slot", " Voluntary ") == "voluntary"
    with pytest.raises(ValueError) as exc:
        check_value("empty-slot", "sometimes")
    assert str(exc.value) == "interpretation empty-slot takes forced or voluntary, not 'sometimes'"


def test_step_words_of_a_label_with_step_and_a_note():
    """A label that ends in "step" before its parenthesised note takes the plural before the note."""
    assert step_words("minor step (Minor Country Production +1)", 2) == "minor steps (Minor Country Production +1)"
    assert step_words("minor step (Minor Country Production +1)", 1) == "minor step (Minor Country Production +1)"
    assert step_words("Japan infantry (Hakko Ichiu)", 2) == "Japan infantry (Hakko Ichiu) steps"
