"""1.2.1 Western Logistics: "a City hex containing a supplied US ground unit" - the US
unit traces supply to the Off-Map Box that 1.3.4 names for the Western Logistics
marker (DS: the Western US Box). Test-only map: two Philippine City hexes."""

from ..support.cli import run

STATE = """
game: ds
turn: Mar-Apr 1943
war-state: total
factions:
  western:
    ds: {current: null, hand: []}
countries:
  US: {status: active, alignment: western}
  Philippines: {dependent-of: US, alignment: western}
marker-pool:
  western: {logistics: [Western]}
map:
  boxes: [Western US]
  hexes:
    "0101": {country: Philippines, city: true, control: western, neighbours: [Western US, "0102"],
             units: [{id: US-A, faction: western, nationality: US, type: infantry, steps: 2}]}
    "0102": {country: Philippines, city: true, control: western, neighbours: ["0101"],
             units: [{id: US-B, faction: western, nationality: US, type: infantry, steps: 2}]}
    "0103": {country: Philippines, city: true, control: western, neighbours: [],
             units: [{id: US-C, faction: western, nationality: US, type: infantry, steps: 2}]}
"""


def _run(tmp_path, *args):
    p = tmp_path / "state.yaml"
    p.write_text(STATE)
    return run(args[0], str(p), *args[1:])


def test_1_2_1_us_unit_traces_supply_to_the_western_us_box(tmp_path):
    r = _run(tmp_path, "check-logistics", "--faction", "western", "--place-logistics", "Western@0102")
    assert r.exit_code == 0, r.output


def test_1_2_1_us_unit_cut_off_is_not_supplied(tmp_path):
    r = _run(tmp_path, "check-logistics", "--faction", "western", "--place-logistics", "Western@0103")
    assert r.exit_code == 1
    assert "1.2.1" in r.output and "no US ground unit in 0103 is supplied" in r.output


def test_logistics_for_a_faction_not_in_the_state_file_is_bad_input(tmp_path):
    """FORMAT 4: a faction left out of `factions` cannot be queried."""
    for cmd in ("logistics", "check-logistics"):
        r = _run(tmp_path, cmd, "--faction", "axis")
        assert r.exit_code == 2
        assert r.output.strip().startswith("Error:") and "factions" in r.output
