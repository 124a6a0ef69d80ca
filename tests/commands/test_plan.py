"""``aeref plan``: the Pending Cards of the next Seasonal Turns on the command line - the text
timeline, ``--json``, ``--write-dir`` (the position after each planned turn, each file written atomically),
the same output on every run, and bad input as one ``Error:`` line naming the option (exit 2)."""
from __future__ import annotations

import pytest

from aeref.model.files.load import load_position

from ..support import copy_examples

PLAN = "examples/tk-axis-1939-plan.yaml"


@pytest.fixture
def game(tmp_path, monkeypatch):
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_1_1_3_1_plan_json_names_the_earliest_turn_and_the_requirement_of_the_turn_before(aeref):
    """1.1.3.1: 4a Nazi-Soviet Pact needs 3 Continuing Rearmament played: earliest Aug-Sept 1939, and the
    requirement is the reason it cannot come in May-June; every plan's turns are legal."""
    r = aeref("plan", PLAN, "--faction", "axis", "--turns", "4", "--json")
    assert r.code == 0, r
    cards = {c["card"]: c for c in r.json["cards"]}
    assert cards["tk-axis-4a"]["earliest"] == "Aug-Sept 1939" and cards["tk-axis-4a"]["proved"]
    assert [s["pending"] for s in cards["tk-axis-4a"]["plan"]] == [{"tk": "tk-axis-3"}, {"tk": "tk-axis-4a"}]
    assert [x["rule"] for x in cards["tk-axis-4a"]["reasons"]] == ["1.1.3.1 Pending Card Selection Requirements"]
    assert cards["tk-axis-22a"]["earliest"] is None and cards["tk-axis-22a"]["proved"]
    assert all(s["legal"] for c in cards.values() for s in c["plan"])
    assert r.json["complete"] is True and r.json["facts"]


def test_1_1_3_plan_goal_that_cannot_be_met_names_the_wanted_cards_exit_1(aeref):
    """1.1.3: one Pending Card per map a Seasonal Turn: 4a and 11 cannot both be revealed by Aug-Sept 1939."""
    r = aeref("plan", PLAN, "--faction", "axis", "--want", "tk:4a", "--want", "11", "--by", "Aug-Sept 1939", "--json")
    assert r.code == 1, r
    assert r.json["plan"] is None and sorted(r.json["conflict"]) == ["tk-axis-11", "tk-axis-4a"]


def test_1_1_3_plan_avoid_keeps_a_card_in_the_hand(aeref):
    """1.1.3: with 3 avoided, 4a (which needs 3 played, 1.1.3.1) cannot come."""
    r = aeref("plan", PLAN, "--faction", "axis", "--turns", "3", "--want", "4a", "--avoid", "3", "--json")
    assert r.code == 1, r
    assert r.json["conflict"] == ["tk-axis-4a"]


def test_plan_output_is_the_same_on_every_run(aeref):
    a = aeref("plan", PLAN, "--faction", "axis", "--count")
    b = aeref("plan", PLAN, "--faction", "axis", "--count")
    assert a.code == 0 and a.stdout == b.stdout


def test_plan_write_dir_writes_the_position_after_each_turn(game, aeref):
    r = aeref("plan", PLAN, "--faction", "axis", "--turns", "3", "--want", "4a", "--want", "11", "--write-dir", "out")
    assert r.code == 0, r
    files = sorted(p.name for p in (game / "out").iterdir())
    assert files == ["01-may-june-1939.yaml", "02-aug-sept-1939.yaml", "03-nov-dec-1939.yaml"]
    last = load_position(game / "out" / files[-1])
    assert last.factions["axis"]["tk"].current == "tk-axis-4a"
    again = aeref("plan", PLAN, "--faction", "axis", "--turns", "3", "--want", "4a", "--want", "11", "--write-dir", "out")
    assert again.code == 2 and "--write-dir" in again.output and "--force" in again.output


@pytest.mark.parametrize("args, words", [
    (("--turns", "0"), "--turns 0"),
    (("--turns", "41"), "--turns 41"),
    (("--want", "tk:10"), "--want tk:10"),
    (("--want", "ds:4a"), "--want ds:4a"),
    (("--by", "Mar-Apr 1938", "--want", "4a"), "--by Mar-Apr 1938"),
    (("--by", "Aug-Sept 1939"), "give the cards with --want"),
    (("--assume", "played=tk-western-23@May-June 1939"), "no card 'tk-western-23' in the decks this file loads"),
    (("--assume", "war-state=total@Smarch 1940"), "--assume"),
    (("--assume", "ds:war-state=total@Mar-Apr 1940"), "--assume ds:war-state"),
    (("--assume", "war-state=sideways@Mar-Apr 1940"), "--assume war-state=sideways"),
    (("--assume", "russia=war"), "--assume russia=war"),
])
def test_plan_bad_input_is_one_error_line_exit_2(aeref, args, words):
    r = aeref("plan", PLAN, "--faction", "axis", *args)
    assert r.code == 2, r
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and words in lines[0], r.output


def test_12_plan_assumption_of_a_war_state_going_back_is_refused(aeref):
    """12: no going back: Pre-War assumed where Limited War is in effect is an error naming the option."""
    r = aeref("plan", "examples/ae-1941.yaml", "--faction", "axis", "--turns", "1", "--assume",
              "tk:war-state=pre-war@Aug-Sept 1941")
    assert r.code == 2, r
    assert r.output.startswith("Error: --assume tk:war-state=pre-war") and "never goes back" in r.output



def test_1_1_plan_of_a_faction_whose_hand_is_face_down_is_refused(aeref, game):
    """1.1: no player sees another's hand: planning the Axis cards in the Western view (or on a public file
    whose Axis hand is face down) is refused naming whose hand it needs (exit 2), never an empty plan."""
    import aeref as api
    from aeref.model.files.errors import InputError
    with pytest.raises(InputError, match="face down"):
        api.load("examples/ae-1941.yaml").view("western").plan("axis", turns=2)
    r = aeref("split", "examples/ae-1941.yaml", "-o", "public.yaml", "--private-dir", "axis=axis")
    assert r.code == 0, r
    r = aeref("plan", "public.yaml", "--faction", "axis", "--turns", "2")
    assert r.code == 2 and r.output.startswith("Error:") and "face down" in r.output, r
