"""The CLI through click's CliRunner: exit codes and JSON of validate / pairs / check / why exactly as
FORMAT 5 states them, sorting, byte-identical output, --interpretation, human output, --help."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aeref.cli.jsonout import json_text

from ..support.cli import run
from ..support.seasonal import write_state

DECK = """\
# test deck: the Soviet cards of the 1.1.3.3 Production Limit example (values stated in the rules text;
# the war states of 24 / 26b / 11b and the Production Value 0 of 26b / 11b are test assumptions)
cards:
  - {map: tk, faction: soviet, number: 38, name: Total War Production, war-state: total, production: 3}
  - {map: tk, faction: soviet, number: 39, name: Total War Production, war-state: total, production: 2}
  - {map: tk, faction: soviet, number: 23, name: Limited War Production, war-state: limited, production: 1}
  - {map: tk, faction: soviet, number: 26b, name: Siberian Reserves Released, war-state: limited, production: 0, combined: true}
  - {map: ds, faction: soviet, number: 24, name: Limited War Production, war-state: limited, production: 1}
  - {map: ds, faction: soviet, number: 11b, name: Siberian Reserves Released, war-state: limited, production: 0, combined: true}
  - {map: tk, faction: axis, number: 10, name: Demand Austria, war-state: pre-war}
  - {map: tk, faction: axis, number: 11, name: Demand Denmark, war-state: pre-war}
"""

# the FORMAT 5 `pairs` example: exactly two legal choices
FORMAT_EXAMPLE = """\
game: ae
turn: Nov-Dec 1941
decks: [deck.yaml]
war-state: {tk: total, ds: limited}
factions:
  soviet:
    tk:
      current: 23
      hand: [38, 39]
    ds:
      current: null
      hand: [24]
countries:
  Russia: {posture: war, status: active, alignment: soviet}
"""

FULL = FORMAT_EXAMPLE.replace("hand: [38, 39]", "hand: [26b, 38, 39]").replace("hand: [24]", "hand: [11b, 24]")


def write(tmp_path, state, name="state.yaml"):
    (tmp_path / "deck.yaml").write_text(DECK)
    p = tmp_path / name
    p.write_text(textwrap.dedent(state))
    return str(p)


def test_pairs_json_is_the_format_example(tmp_path):
    """FORMAT 5 pairs example: the ds-before-tk ordering puts {39, 24} before {38, null}."""
    path = write(tmp_path, FORMAT_EXAMPLE)
    r = run("pairs", path, "--faction", "soviet", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert {k: out[k] for k in ("game", "turn", "faction", "choices", "count")} == {
        "game": "ae", "turn": "Nov-Dec 1941", "faction": "soviet",
        "choices": [{"tk": "tk-soviet-39", "ds": "ds-soviet-24"}, {"tk": "tk-soviet-38", "ds": None}],
        "count": 2}
    assert r.stderr == ""


def sort_key(choice):
    return tuple((choice[m] is None, choice[m] or "") for m in sorted(choice))


def test_pairs_choices_sorted_by_card_ids_null_last(tmp_path):
    path = write(tmp_path, FULL + "interpretations: {empty-slot: voluntary}\n")
    out = json.loads(run("pairs", path, "--faction", "soviet", "--json").stdout)
    choices = out["choices"]
    assert len(choices) == out["count"] > 5
    assert all(set(c) == {"tk", "ds"} for c in choices)
    assert choices == sorted(choices, key=sort_key)
    assert choices[-1] == {"tk": None, "ds": None}
    assert len({json.dumps(c, sort_keys=True) for c in choices}) == len(choices)


def test_pairs_output_is_byte_identical_for_equal_inputs(tmp_path):
    """Repeated runs, and the same position written with hands in another order, give the same bytes."""
    a = write(tmp_path, FULL, "a.yaml")
    b = write(tmp_path, FULL.replace("[26b, 38, 39]", "[39, 26b, 38]").replace("[11b, 24]", "[24, 11b]"), "b.yaml")
    for fmt in ([], ["--json"]):
        outs = {run("pairs", p, "--faction", "soviet", *fmt).stdout for p in (a, a, b, b)}
        assert len(outs) == 1, outs


def test_pairs_single_map_game_has_one_key_per_choice(tmp_path):
    path = write(tmp_path, """\
        game: tk
        turn: Aug-Sept 1939
        decks: [deck.yaml]
        war-state: limited
        factions:
          axis:
            tk: {current: 10, hand: [11]}
          soviet:
            tk: {hand: [23]}
        """)
    r = run("pairs", path, "--faction", "axis", "--json")
    assert r.exit_code == 1                            # only selecting nothing is legal (1.1.3 must say so)
    assert json.loads(r.stdout)["choices"] == [{"tk": None}]
    assert json.loads(r.stdout)["count"] == 1
    r = run("pairs", path, "--faction", "soviet", "--json")
    assert r.exit_code == 0
    assert json.loads(r.stdout)["choices"] == [{"tk": "tk-soviet-23"}]


def test_pairs_exit_1_when_only_nothing_is_legal(tmp_path):
    path = write(tmp_path, FORMAT_EXAMPLE.replace("{tk: total, ds: limited}", "{tk: pre-war, ds: pre-war}")
                 .replace("Russia: {posture: war,", "Russia: {posture: policy-affected,"))      # 12: no War under Pre-War
    r = run("pairs", path, "--faction", "soviet", "--json")
    assert r.exit_code == 1
    assert json.loads(r.stdout)["choices"] == [{"tk": None, "ds": None}]
    r = run("pairs", path, "--faction", "soviet")
    assert r.exit_code == 1


def test_check_json_illegal_with_every_violation(tmp_path):
    path = write(tmp_path, FULL)
    r = run("check", path, "--faction", "soviet", "--tk", "38", "--ds", "24", "--json")
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert out == {
        "format-version": 1,
        "legal": False,
        "violations": [{"rule": "1.1.3.3", "title": "Soviet Production Limit",
                        "message": "tk-soviet-38 (3) + ds-soviet-24 (1) = 4 exceeds the limit 3 (Total War on TK)"}],
        "interpretations": out["interpretations"]}
    assert out["interpretations"]["annual-scope"] == "faction"
    # several rules at once: a card not in the hand, the wrong map, (c) twins
    r = run("check", path, "--faction", "soviet", "--tk", "tk-soviet-23", "--ds", "ds-soviet-24", "--json")
    assert r.exit_code == 1
    assert [v["rule"] for v in json.loads(r.stdout)["violations"]][0] == "1.1.3"
    r = run("check", path, "--faction", "soviet", "--tk", "26b", "--ds", "11b", "--json")
    vs = json.loads(r.stdout)["violations"]
    assert [(v["rule"], v["title"]) for v in vs] == [("1.1.3.3", "Identically Named © Cards")]
    assert "tk-soviet-26b" in vs[0]["message"] and "ds-soviet-11b" in vs[0]["message"]


def test_check_json_legal(tmp_path):
    path = write(tmp_path, FULL)
    r = run("check", path, "--faction", "soviet", "--tk", "tk-soviet-39", "--ds", "ds-soviet-24", "--json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out["legal"] is True and out["violations"] == []
    assert set(out) >= {"legal", "violations", "interpretations"}


def test_check_slot_left_out_means_no_card(tmp_path):
    path = write(tmp_path, FORMAT_EXAMPLE)
    assert run("check", path, "--faction", "soviet", "--tk", "38").exit_code == 0       # nothing fits beside 38
    r = run("check", path, "--faction", "soviet", "--tk", "39", "--json")                # DS 24 fits beside 39
    assert r.exit_code == 1
    assert [v["rule"] for v in json.loads(r.stdout)["violations"]] == ["1.1.3"]


def test_check_human_output_names_the_rule(tmp_path):
    path = write(tmp_path, FULL)
    r = run("check", path, "--faction", "soviet", "--tk", "38", "--ds", "24")
    assert r.exit_code == 1
    assert ("1.1.3.3 Soviet Production Limit: tk-soviet-38 (3) + ds-soviet-24 (1) = 4 exceeds the limit 3 "
            "(Total War on TK)") in r.stdout
    assert "annual-scope=faction" in r.stdout                   # the interpretations in force
    assert r.stderr == ""
    r = run("check", path, "--faction", "soviet", "--tk", "39", "--ds", "24")
    assert r.exit_code == 0 and "Legal" in r.stdout


def test_pairs_human_output(tmp_path):
    path = write(tmp_path, FORMAT_EXAMPLE)
    r = run("pairs", path, "--faction", "soviet")
    assert r.exit_code == 0
    assert "39 Total War Production" in r.stdout and "24 Limited War Production" in r.stdout
    assert "Interpretations:" in r.stdout


def test_why_json_excluded_and_legal(tmp_path):
    path = write(tmp_path, FULL.replace("{tk: total, ds: limited}", "{tk: limited, ds: limited}"))
    r = run("why", path, "tk-soviet-38", "--faction", "soviet", "--json")
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert out["legal"] is False and "example" not in out
    # each rule that alone excludes the card is listed, as check lists them (1.1.3.2 and 1.1.3.3)
    assert [(v["rule"], v["title"]) for v in out["violations"]] == [
        ("1.1.3.2", "War State Selection Restrictions"), ("1.1.3.3", "Soviet Production Limit")]
    for v in out["violations"]:
        assert set(v) == {"rule", "title", "message"} and "tk-soviet-38" in v["message"]
    r = run("why", path, "ds-soviet-24", "--faction", "soviet", "--json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out["legal"] is True and out["example"]["ds"] == "ds-soviet-24"
    assert run("check", path, "--faction", "soviet", "--json",
               *sum([[f"--{m}", c] for m, c in out["example"].items() if c], [])).exit_code == 0
    # human output
    r = run("why", path, "tk-soviet-38", "--faction", "soviet")
    assert r.exit_code == 1 and "1.1.3." in r.stdout


def test_why_card_legal_only_in_some_pairings(tmp_path):
    """`why` for 26b: legal, but never beside its (c) twin 11b."""
    path = write(tmp_path, FULL)
    r = run("why", path, "tk-soviet-26b", "--faction", "soviet", "--json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out["legal"] is True and out["example"]["tk"] == "tk-soviet-26b"
    assert out["example"]["ds"] != "ds-soviet-11b"


def test_why_bare_number_in_ae(tmp_path):
    """A bare number names the faction's card on whichever map has one; on both maps it is a usage error."""
    path = write(tmp_path, FULL)
    r = run("why", path, "26b", "--faction", "soviet", "--json")
    assert r.exit_code in (0, 1) and json.loads(r.stdout)["card"] == "tk-soviet-26b"
    r = run("why", path, "99", "--faction", "soviet")
    assert r.exit_code == 2 and r.stderr.startswith("Error: ") and len(r.stderr.splitlines()) == 1


def test_interpretation_option_overrides_the_state_file(tmp_path):
    state = """\
        game: ae
        turn: Mar-Apr 1938
        decks: [deck.yaml]
        war-state: {tk: pre-war, ds: pre-war}
        factions:
          axis:
            tk: {current: 10, hand: [11]}
            ds: {hand: []}
        interpretations: {empty-slot: forced, annual-scope: map}
        """
    path = write(tmp_path, state)
    out = json.loads(run("check", path, "--faction", "axis", "--json").stdout)
    assert out["interpretations"]["annual-scope"] == "map"
    r = run("check", path, "--faction", "axis", "--json", "--interpretation", "annual-scope=faction",
            "-i", "empty-slot=voluntary")
    out = json.loads(r.stdout)
    assert out["interpretations"]["annual-scope"] == "faction"
    assert out["interpretations"]["empty-slot"] == "voluntary"
    # the override changes the ruling: with no Demand card selectable, no card is legal either way;
    # with a selectable card, forced vs voluntary decides
    path = write(tmp_path, state.replace("current: 10, hand: [11]", "current: null, hand: [11]"))
    assert run("check", path, "--faction", "axis").exit_code == 1                     # forced: 11 fits
    assert run("check", path, "--faction", "axis", "-i", "empty-slot=voluntary").exit_code == 0
    out = json.loads(run("pairs", path, "--faction", "axis", "--json", "-i", "empty-slot=voluntary").stdout)
    assert out["choices"] == [{"tk": "tk-axis-11", "ds": None}, {"tk": None, "ds": None}]


def test_validate_ok_json_and_human(tmp_path):
    path = write(tmp_path, FULL)
    r = run("validate", path, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout) == {"format-version": 1, "ok": True, "problems": []}
    r = run("validate", path)
    assert r.exit_code == 0 and r.stdout.strip() and r.stderr == ""


@pytest.mark.parametrize("command", ["validate", "pairs", "check", "why"])
def test_help_of_every_command_shows_an_example(command):
    r = run(command, "--help")
    assert r.exit_code == 0
    assert "Example" in r.stdout and f"aeref {command} " in r.stdout


def test_help_of_the_group_shows_an_example():
    r = run("--help")
    assert r.exit_code == 0 and "Example" in r.stdout


def test_1_1_3_card_of_another_faction_reads_an_axis_card(tmp_path):
    """1.1.3: "The card must be from those currently in its hand" - the message's grammar."""
    st = {"game": "tk", "turn": "Mar-Apr 1939", "war-state": "pre-war",
          "factions": {"soviet": {"tk": {"current": None, "hand": [23]}}}}
    p = write_state(tmp_path, "s.yaml", st)
    r = run("check", p, "--faction", "soviet", "--tk", "tk-axis-10")
    assert r.exit_code == 1 and "is an Axis card, not a Soviet card" in r.stdout


def test_calendar_interpretation_names_the_turns_in_the_output(tmp_path):
    p = tmp_path / "state.yaml"
    p.write_text("game: tk\nturn: Jul-Aug 1942\nwar-state: total\n"
                 "interpretations: {calendar: [Mar-Apr, May-June, Jul-Aug, Nov-Dec]}\n"
                 "factions: {soviet: {tk: {hand: []}}}\n")
    r = run("pairs", p, "--faction", "soviet", "--json")
    assert json.loads(r.stdout)["turn"] == "Jul-Aug 1942"


def test_1_1_3_1_marker_requirement_reads_the_maps_strategic_warfare_box(tmp_path):
    """`reveal` puts what a card places in the Strategic Warfare Box under `boxes:`; a `marker:`
    requirement sees it there (on the card's own map). Test-only card."""
    (tmp_path / "deck.yaml").write_text(
        "cards:\n  - {map: ds, faction: western, number: 1, name: Test-only card, war-state: pre-war,\n"
        "     requires: [{marker: {name: US Victory Program, in: Strategic Warfare Box}}]}\n")
    base = "game: ds\nturn: May-June 1942\nwar-state: total\ndecks: [deck.yaml]\nfactions: {western: {ds: {hand: [1]}}}\n"
    p = tmp_path / "state.yaml"
    p.write_text(base)
    assert run("check", p, "--faction", "western", "--ds", "1").exit_code == 1
    p.write_text(base + "boxes: {ds: {strategic-warfare-box: [US Victory Program]}}\n")
    assert run("check", p, "--faction", "western", "--ds", "1").exit_code == 0
    p.write_text(base + "markers: {strategic-warfare-box: [US Victory Program]}\n")
    assert run("check", p, "--faction", "western", "--ds", "1").exit_code == 0


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_pairs_on_the_ae_production_example():
    r = run("pairs", str(EXAMPLES / "ae-soviet-production.yaml"), "--faction", "soviet", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert {"tk": "tk-soviet-39", "ds": "ds-soviet-24"} in out["choices"]
    assert {"tk": "tk-soviet-38", "ds": "ds-soviet-24"} not in out["choices"]


def test_aeref_alone_prints_its_usage():
    r = run()
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.startswith("Usage: ") and "[OPTIONS] COMMAND [ARGS]..." in r.stdout.splitlines()[0]
    assert "select" in r.stdout and "show" in r.stdout and "next-turn" in r.stdout


def test_validate_a_deck_file_on_its_own():
    for name, summary in (("soviet.yaml", "a deck of 7 cards (TK Soviet 4, DS Soviet 3); © twins tk-soviet-26b / ds-soviet-11b"),
                          ("axis.yaml", "a deck of 15 cards (TK Axis 6, DS Axis 9)")):
        r = run("validate", str(EXAMPLES / "decks" / name))
        assert r.exit_code == 0, r.output
        assert r.stdout.splitlines()[0].endswith(f"{name}: {summary}")
    r = run("validate", str(EXAMPLES / "decks" / "soviet.yaml"), "--json")
    assert json.loads(r.stdout) == {"format-version": 1, "ok": True, "kind": "deck", "problems": [], "notes": []}


def test_validate_a_deck_checks_numbering_and_twins(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(
        "cards:\n"
        "  - {map: tk, faction: soviet, number: 26b, name: Siberian Reserves Released, war-state: limited, production: 0, combined: true}\n"
        "  - {map: ds, faction: soviet, number: 11b, name: Siberian Reserves Released, war-state: limited, production: 0, combined: true}\n"
        "  - {map: ds, faction: soviet, number: 12b, name: Siberian Reserves Released, war-state: limited, production: 0, combined: true}\n"
        "  - {map: ds, faction: soviet, number: 24, name: Limited War Production, war-state: limited, production: 1, requires: [{played: 16}]}\n"
        "  - {map: ds, faction: soviet, number: 24, name: Limited War Production, war-state: limited, production: 1}\n")
    r = run("validate", str(deck), "--json")
    assert r.exit_code == 2
    out = json.loads(r.stdout)
    messages = [p["message"] for p in out["problems"]]
    assert any("duplicate card ds-soviet-24" in m for m in messages)
    assert any("tk-soviet-26b" in m and "its twin must be one card" in m for m in messages)
    assert any("ds-soviet-16" in n["message"] and "another deck" in n["message"] for n in out["notes"])


def test_shell_completion_as_the_readme_says(aeref_process):
    """bash, zsh and fish completion scripts come from click (README, Shell completion); a
    completion request for `aeref sh` offers `show`."""
    for shell in ("bash", "zsh", "fish"):
        r = aeref_process(env={"_AEREF_COMPLETE": f"{shell}_source"})
        assert r.exit_code == 0 and "_aeref_completion" in r.stdout, shell
    r = aeref_process(env={"_AEREF_COMPLETE": "bash_complete", "COMP_WORDS": "aeref sh", "COMP_CWORD": "1"})
    assert "show" in r.stdout.split()[0] or "plain,show" in r.stdout


def test_an_unknown_command_gets_a_did_you_mean():
    for typed, meant in (("pair", "pairs"), ("shwo", "show"), ("nexturn", "next-turn"), ("valdate", "validate")):
        r = run(typed, "x.yaml")
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr.strip() == f"Error: no such command '{typed}' (did you mean {meant}?); `aeref --help` lists the commands"
def test_a_misspelt_faction_map_or_war_state_gets_a_did_you_mean():
    """`--faction sovet` is a usage error (exit 2, FORMAT 5) that says which faction was meant, as an unknown
    command, key or card does; a word close to none is refused as before."""
    example = str(Path(__file__).resolve().parents[2] / "examples" / "ae-soviet-production.yaml")
    for args, said in ((("check", example, "--faction", "sovet", "--tk", "39"),
                        "Error: Invalid value for '--faction' / '-f': 'sovet' is not one of 'axis', 'western', 'soviet' "
                        "(did you mean soviet?)."),
                       (("show", example, "--map", "dss"),
                        "Error: Invalid value for '--map': 'dss' is not one of 'tk', 'ds' (did you mean ds?)."),
                       (("war-state", example, "--map", "tk", "--to", "totl"),
                        "Error: Invalid value for '--to': 'totl' is not one of 'pre-war', 'limited', 'total' "
                        "(did you mean total?)."),
                       (("deck", "new", "--game", "ae", "--faction", "westren"),
                        "Error: Invalid value for '--faction' / '-f': 'westren' is not one of 'axis', 'western', "
                        "'soviet' (did you mean western?)."),
                       (("check", example, "--faction", "xyz", "--tk", "39"),
                        "Error: Invalid value for '--faction' / '-f': 'xyz' is not one of 'axis', 'western', 'soviet'.")):
        r = run(*args)
        assert (r.exit_code, r.stdout, r.stderr.strip()) == (2, "", said), args


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    | st.lists(st.fixed_dictionaries({"tk": st.text(max_size=3) | st.none(), "ds": st.text(max_size=3) | st.none()}),
               max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_JSON)
def test_json_text_is_the_bytes_of_json_dumps(obj):
    """`--json` output is written by json_text (fast for 100,000 selections): byte for byte what
    json.dumps(indent=2, ensure_ascii=False) writes."""
    assert json_text(obj) == json.dumps(obj, indent=2, ensure_ascii=False)


def test_bad_input_time_limit_nan_and_a_yaml_alias_cycle(tmp_path):
    """`--time-limit nan` is not a number of seconds (exit 2); a YAML alias that contains itself would never
    end (a requirement list that is its own item): one line naming the file and the place, exit 2."""
    from ..support.seasonal import EXAMPLES
    r = run("pairs", str(EXAMPLES / "ae-1941.yaml"), "--faction", "axis", "--time-limit", "nan")
    assert r.exit_code == 2 and "not a number of seconds" in r.stderr
    p = tmp_path / "s.yaml"
    p.write_text("game: tk\nturn: Mar-Apr 1939\nwar-state: pre-war\nfactions: {axis: {tk: {hand: [1]}}}\n"
                 "cards:\n  - {map: tk, faction: axis, number: 1, name: Test Only, war-state: pre-war, requires: &r [*r]}\n")
    for cmd in (["validate", str(p)], ["pairs", str(p), "--faction", "axis"]):
        r = run(*cmd)
        assert r.exit_code == 2 and r.stderr.count("\n") == 1, (cmd, r.output)
        assert "s.yaml: line 6" in r.stderr and "alias" in r.stderr, r.stderr
