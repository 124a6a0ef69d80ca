"""Regressions from a new user's first session: each error names the place, each display follows the file."""
import json

from click.testing import CliRunner

from aeref.cli.main import cli


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_a_key_written_twice_is_bad_input(tmp_path):
    p = tmp_path / "state.yaml"
    p.write_text("game: tk\nturn: May-June 1942\nwar-state: limited\nturn: Nov-Dec 1942\n")
    r = run("validate", p)
    assert r.exit_code == 2
    assert "line 4" in r.stderr and "'turn' is written twice" in r.stderr


def test_yaml_merge_keys_still_override(tmp_path):
    from aeref.model.yamlio import load_yaml_text
    assert load_yaml_text("a: &x {b: 1, c: 2}\nd:\n  <<: *x\n  b: 3\n", "f")["d"] == {"b": 3, "c": 2}


def test_unknown_card_in_requires_names_the_item(tmp_path):
    (tmp_path / "deck.yaml").write_text(
        "cards:\n  - {map: tk, faction: axis, number: 1, name: Test-only card, war-state: pre-war,\n"
        "     requires: [{flag: x}, {played: 99}]}\n")
    p = tmp_path / "state.yaml"
    p.write_text("game: tk\nturn: May-June 1938\nwar-state: pre-war\ndecks: [deck.yaml]\n")
    r = run("validate", p, "--json")
    probs = json.loads(r.stdout)["problems"]
    assert probs[0]["where"] == "cards[0].requires[1]" and "tk-axis-99" in probs[0]["message"]


ALLOC_STATE = """
game: tk
turn: Mar-Apr 1942
war-state: total
factions:
  western:
    tk: {hand: []}
countries:
  Greece: {minor: true, status: active, alignment: western}
replacements:
  tk:
    western:
      steps:
        - {nationality: minor, kind: any, count: 1}
      force-pool:
        - {id: GR-1, nationality: Greece, type: infantry}    # test-only unit
map:
  hexes:
    "0101": {country: Greece, city: true, control: western}
"""


def test_a_misspelt_step_in_an_allocation_is_bad_input(tmp_path):
    (tmp_path / "s.yaml").write_text(ALLOC_STATE)
    (tmp_path / "a.yaml").write_text('- {unit: GR-1, location: "0101", paid-with: ["minor infantery"]}\n')
    r = run("check-replacements", tmp_path / "s.yaml", tmp_path / "a.yaml", "--faction", "western")
    assert r.exit_code == 2
    assert "a.yaml: [0].paid-with[0]: unknown step 'minor infantery'" in r.stderr
    (tmp_path / "a.yaml").write_text('- {unit: GR-1, location: "0101", paid-with: ["minor infantry"]}\n')
    assert run("check-replacements", tmp_path / "s.yaml", tmp_path / "a.yaml", "--faction", "western").exit_code == 0


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


def test_12_previous_position_with_a_later_war_state_is_bad_input(tmp_path):
    """12: no going back to an earlier War State, so the turn before cannot have a later one."""
    import shutil
    from pathlib import Path
    ex = Path(__file__).resolve().parent.parent / "examples"
    shutil.copytree(ex / "decks", tmp_path / "decks")
    prev = (ex / "ds-axis-selected.yaml").read_text()
    (tmp_path / "ds-axis-selected.yaml").write_text(prev.replace("\nwar-state: limited", "\nwar-state: total"))
    shutil.copy(ex / "ds-axis-reveal.yaml", tmp_path / "reveal.yaml")
    r = run("reveal", tmp_path / "reveal.yaml", "--faction", "axis")
    assert r.exit_code == 2 and "no going back" in r.stderr and "previous" in r.stderr
