"""1.3.3.2 and the named interpretation `airborne-steps` (test-only position)."""
import json

from ..support.cli import run

STATE = """
game: tk
turn: Mar-Apr 1943
war-state: total
factions:
  western:
    tk: {current: null, hand: []}
countries:
  Britain: {status: active, alignment: western}
  US: {status: active, alignment: western}
replacements:
  western:
    steps:
      - {nationality: US, kind: infantry, count: 1}
      - {nationality: Britain, kind: armor, count: 1}
    force-pool:
      - {id: W-AB, nationality: [Britain, US], type: airborne}
map:
  hexes:
    "0101": {country: Great Britain, city: true, control: western, supply-source: Britain}
"""


def _run(tmp_path, *extra):
    p = tmp_path / "state.yaml"
    p.write_text(STATE)
    r = run("replacements", str(p), "--faction", "western", "--json", *extra)
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_1_3_3_2_western_airborne_paid_with_a_british_armor_step_by_default(tmp_path):
    out = _run(tmp_path)
    assert out["steps-used"] == 2 and out["interpretations"] == {"airborne-steps": "armor-counts", "partisan-base-faction": "own"}
    assert sorted(out["placements"][0]["paid-with"]) == ["Britain armor", "US infantry"]


def test_1_3_3_2_infantry_only_interpretation_refuses_the_armor_step(tmp_path):
    out = _run(tmp_path, "-i", "airborne-steps=infantry-only")
    assert out["steps-used"] == 0 and out["placements"] == []
    assert out["interpretations"] == {"airborne-steps": "infantry-only", "partisan-base-faction": "own"}
