"""12.3 Steps 3 and 5: the Axis faction may remove Acceptance Policy and Truce markers (test-only countries)."""
import json

from ..support.cli import run

STATE = """
game: ds
turn: Nov-Dec 1941
war-state: limited
countries:
  Siam: {posture: truce-affected}
  Burma: {policy: acceptance}
"""


def _steps(tmp_path, *extra):
    p = tmp_path / "s.yaml"
    p.write_text(STATE)
    r = run("war-state", str(p), "--to", "total", "--json", *extra)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    return {e["rule"]: e for e in out["change"]["effects"]}


def test_12_3_steps_3_and_5_removals_are_the_axis_option(tmp_path):
    kept = _steps(tmp_path)
    assert "it removes none" in kept["12.3 Step 3"]["message"] and kept["12.3 Step 3"]["moves"] == []
    assert "it removes none" in kept["12.3 Step 5"]["message"] and kept["12.3 Step 5"]["moves"] == []
    gone = _steps(tmp_path, "--remove", "Burma", "--remove", "Siam")
    assert gone["12.3 Step 3"]["moves"] == [{"marker": "Acceptance (Burma)", "map": "ds", "to": "removed"}]
    assert gone["12.3 Step 5"]["moves"] == [{"marker": "Truce (Siam)", "map": "ds", "to": "removed"}]
