"""`aeref reveal --repatriate UNIT=HEX` (1.1.1 Step 2, 1.3.4) and `--remove-card CARD` (1.1.2), and the state file's
`interned:` units: bad input is one `Error:` line naming the file or option and the place, exit 2, nothing written.

Test-only data: cards, hexes and units are made up for these tests."""
from __future__ import annotations

import pytest
import yaml

from ..rules.test_1_1_1_interned import G, _state
from ..rules.test_1_1_2_card_type_removal import _state as _removal_state
from ..support.seasonal import run, write_state


@pytest.mark.parametrize("arg, said", [
    ("G-9=2315", "Error: --repatriate G-9=2315: no unit G-9 is interned on an Axis Pending Card (interned: G-7)"),
    ("G-7=9999", "Error: --repatriate G-7=9999: no hex or Off-Map Box 9999 on the TK map"),
    ("G-7", "Error: --repatriate G-7: write UNIT=HEX"),
])
def test_1_1_1_step2_repatriate_bad_input(tmp_path, arg, said):
    """1.1.1 Step 2: an unknown unit, a hex not on the map, a value not written UNIT=HEX."""
    p = _state(tmp_path, [G("G-7")])
    code, out, err = run("reveal", p, "--faction", "axis", "--repatriate", arg, "--write", tmp_path / "o.yaml")
    assert code == 2 and err.startswith(said) and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "o.yaml").exists()


def test_1_1_1_step2_repatriate_needs_one_faction(tmp_path):
    p = _state(tmp_path, [G("G-7")])
    code, _, err = run("reveal", p, "--faction", "all", "--repatriate", "G-7=2315")
    assert code == 2 and err.startswith("Error: --repatriate: name the faction")


@pytest.mark.parametrize("card, said", [
    ("95", "Error: --remove-card tk-axis-95: tk-axis-95 Test Other Card (test only) is not a card that may be removed"),
    ("99", "Error: --remove-card: unknown card tk-axis-99"),
])
def test_1_1_2_remove_card_not_in_hand_or_discard_pile(tmp_path, card, said):
    """1.1.2: a card that is not of the type the revealed card removes, or in no deck."""
    p = _removal_state(tmp_path, [92, 95], played=[93])
    code, _, err = run("reveal", p, "--faction", "axis", "--remove-card", card, "--write", tmp_path / "o.yaml")
    assert code == 2 and err.startswith(said) and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "o.yaml").exists()


def _bad_interned(tmp_path, **section):
    st = {"game": "tk", "turn": "Nov-Dec 1939", "war-state": "limited", "decks": [],
          "cards": [{"map": "tk", "faction": "axis", "number": 90, "name": "Test Card (test only)", "war-state": "limited"}],
          "factions": {"axis": {"tk": {"current": None, "hand": [], **section}}},
          "map": {"hexes": {"2315": {"country": "Germany", "city": True,
                                     "units": [{"id": "G-1", "faction": "axis", "nationality": "Germany", "type": "infantry"}]}}}}
    return write_state(tmp_path, "s.yaml", st)


@pytest.mark.parametrize("section, place, said", [
    ({"interned": [{"id": "G-7", "nationality": "Germany", "type": "infantry"}]},
     "factions.axis.tk.interned", "interned units lie on the back of the Pending Card"),
    ({"pending": 90, "interned": [{"id": "G-1", "nationality": "Germany", "type": "infantry"}]},
     "factions.axis.tk.interned[0].id", "unit G-1 is in two places"),
    ({"pending": 90, "interned": [{"id": "G-7", "nationality": "Germany", "type": "tank-destroyer-x"}]},
     "factions.axis.tk.interned[0].type", ""),
    ({"pending": 90, "interned": [{"id": "G-7", "faction": "soviet", "nationality": "Germany", "type": "infantry"}]},
     "factions.axis.tk.interned[0].faction", "so it is an Axis unit"),
])
def test_1_1_1_step2_interned_units_bad_input(tmp_path, section, place, said):
    """1.1.1 Step 2 "interned units (16.7) on its back": no Pending Card, a unit in two places, an unknown unit
    type, another faction's unit: one Error line naming the file and place, exit 2."""
    p = _bad_interned(tmp_path, **section)
    code, _, err = run("reveal", p, "--faction", "axis", "--write", tmp_path / "o.yaml")
    assert code == 2 and err.startswith(f"Error: {p}: {place}") and said in err, err
    assert not (tmp_path / "o.yaml").exists()


def test_1_1_1_step2_interned_units_and_no_map_is_missing_data(tmp_path):
    """1.1.1 Step 2 / 1.3.4 with no hex of the map in the file: "cannot rule", exit 2, never a unit sent to the
    Force Pool for want of data."""
    p = _state(tmp_path, [G("G-7")], hexes={})
    code, _, err = run("reveal", p, "--faction", "axis", "--write", tmp_path / "o.yaml")
    assert code == 2 and err.startswith(f"Error: {p}: map.hexes: cannot rule: the file has no hexes of the TK map"), err
    assert not (tmp_path / "o.yaml").exists()


def test_1_1_1_step2_next_turn_carries_the_interned_units_with_the_pending_card(tmp_path):
    """1.1.1 Step 2 reveals the card "with any interned units on its back": `next-turn` carries them to the
    position of the reveal."""
    p = _state(tmp_path, [G("G-7")], name="sel.yaml", turn="Aug-Sept 1939")
    code, _, err = run("next-turn", p, "--write", tmp_path / "nov.yaml")
    assert code == 0, err
    w = yaml.safe_load((tmp_path / "nov.yaml").read_text())
    assert [u["id"] for u in w["factions"]["axis"]["tk"]["interned"]] == ["G-7"]
    code, res, _ = run("reveal", tmp_path / "nov.yaml", "--faction", "axis", "--json")
    assert code == 0 and res["maps"]["tk"]["repatriated"][0]["location"] == "2315"
