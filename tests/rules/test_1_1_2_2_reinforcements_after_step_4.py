"""1.1.2.2 Reinforcements: "After the faction's Pending Card has been placed, check if the Current Card enters
new units into ... the Strategic Warfare Box". A file written by `reveal --write` already holds the counters
the revealed card entered; the ruling of that Seasonal Turn's Step 4 sees the position as it stood at that
Step 4 (without them), whatever the file records; the next Seasonal Turn's selection sees them."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ..support.seasonal import run, write_state

CARDS = [
    {"map": "ds", "faction": "western", "number": 90, "name": "Test Victory Program", "war-state": "pre-war",
     "reinforcements": [{"counter": "US Victory Program", "country": "USA", "to": "strategic-warfare-box"}]},
    {"map": "ds", "faction": "western", "number": 91, "name": "Test Needs Victory Program", "war-state": "pre-war",
     "requires": [{"marker": {"name": "US Victory Program", "in": "strategic-warfare-box"}}]},
]


@pytest.fixture
def revealed(tmp_path, monkeypatch):
    """DS, Aug-Sept 1941: the Western faction selected 90 (it enters US Victory Program into the Strategic
    Warfare Box); Nov-Dec 1941: it reveals 90 (`reveal --write r.yaml`)."""
    monkeypatch.chdir(tmp_path)
    write_state(tmp_path, "s.yaml", {
        "game": "ds", "turn": "Aug-Sept 1941", "war-state": "limited", "cards": CARDS,
        "factions": {"western": {"ds": {"current": None, "pending": 90, "selected": "Aug-Sept 1941", "hand": [91]}}}})
    assert run("next-turn", "s.yaml", "--write", "n.yaml")[0] == 0
    code, out, err = run("reveal", "n.yaml", "--faction", "western", "--write", "r.yaml")
    assert code == 0, out + err
    assert "US Victory Program" in yaml.safe_load(Path("r.yaml").read_text())["boxes"]["ds"]["strategic-warfare-box"]
    return "r.yaml"


def test_1_1_2_2_the_same_turns_step_4_does_not_see_the_reinforcement(revealed):
    """1.1.2.2: in Nov-Dec 1941 the marker enters after the Western Step 4: card 91 (requires the marker in the
    Strategic Warfare Box, 1.1.3.1) is illegal at that Step 4 by `check`, `select`, `pairs` and `why`, exit 1,
    the ruling saying which reinforcement it does not count."""
    code, res, _ = run("check", revealed, "--faction", "western", "--ds", "91", "--json")
    assert code == 1 and [v["rule"] for v in res["violations"]] == ["1.1.1", "1.1.3.1"], res
    first = res["violations"][0]["message"]
    assert "before its own reinforcements (US Victory Program: 1.1.2.2, entered after the Pending Card is placed)" in first
    assert "order-of-play" not in first
    assert "the US Victory Program marker in the strategic-warfare-box (it is not listed in markers)" in \
        res["violations"][1]["message"], res
    code, sel, _ = run("select", revealed, "--faction", "western", "--ds", "91", "--write", "x.yaml", "--json")
    assert code == 1 and sel["violations"] == res["violations"] and not Path("x.yaml").exists()
    code, pairs, _ = run("pairs", revealed, "--faction", "western", "--json")
    assert code == 1 and all(c["ds"] != "ds-western-91" for c in pairs["choices"]), pairs   # none: it says so (1.1.3)
    assert {e["card"]: e["rules"][0]["rule"] for e in pairs["excluded"]} == {"ds-western-91": "1.1.3.1"}, pairs
    assert "before its own reinforcements (US Victory Program" in pairs["notes"][0]
    code, why, _ = run("why", revealed, "91", "--faction", "western", "--json")
    assert code == 1 and why["violations"][0]["rule"] == "1.1.3.1", why


def test_1_1_2_2_the_next_seasonal_turns_selection_sees_it(revealed):
    """1.1.2.2: the marker entered in Nov-Dec 1941 is there for the Mar-Apr 1942 selection: 91 is legal then."""
    code, out, err = run("select", revealed, "--faction", "western", "--write", "s2.yaml")
    assert code == 0, out + err                 # no card fits (1.1.3): the faction says so
    assert run("next-turn", "s2.yaml", "--write", "n2.yaml")[0] == 0
    assert run("reveal", "n2.yaml", "--faction", "western", "--write", "r2.yaml")[0] == 0
    code, res, _ = run("check", "r2.yaml", "--faction", "western", "--ds", "91", "--json")
    assert code == 0 and res["legal"] and "notes" not in res, res


def test_1_1_2_2_a_card_entering_nothing_new_changes_no_ruling(revealed):
    """1.1.2.2 "only if they have not already entered play": with the marker in play before the reveal, the
    reveal enters nothing, and 91 is legal at the same turn's Step 4 (no note)."""
    data = yaml.safe_load(Path("s.yaml").read_text())
    data["boxes"] = {"ds": {"strategic-warfare-box": ["US Victory Program"]}}
    Path("s.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    Path("n.yaml").unlink()
    assert run("next-turn", "s.yaml", "--write", "n.yaml")[0] == 0
    assert run("reveal", "n.yaml", "--faction", "western", "--write", "r.yaml", "--force")[0] == 0
    code, res, _ = run("check", "r.yaml", "--faction", "western", "--ds", "91", "--json")
    assert code == 0 and "notes" not in res, res
