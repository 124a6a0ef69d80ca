"""1.2.2.2 On-map Partisan Bases: "If a Partisan Base is in a hex, the Allied faction may leave it there or remove
it and place it in the Delay Box. The Allied faction may do this even if the hex contains an enemy unit or
marker." Positions are test-only data."""
from aeref.model.files.load import load_position
from aeref.solver.logistics import legal_actions, rule_on

from ..support.seasonal import write_state

HEXES = {"0302": {"country": "Hopeh", "terrain": "rough", "neighbours": ["0304"],
                  "markers": [{"type": "partisan-base", "faction": "western"}],
                  "units": [{"id": "J-1", "faction": "axis", "nationality": "Japan", "type": "infantry", "steps": 2}]},
         "0304": {"country": "Hopeh", "terrain": "rough", "neighbours": ["0302"]}}


def _pos(tmp_path):
    st = {"game": "ds", "turn": "May-June 1942", "war-state": "total", "decks": [], "factions": {"western": {"ds": {}}},
          "map": {"hexes": HEXES}, "countries": {"Hopeh": {"minor": True, "status": "conquered", "alignment": "western"}}}
    return load_position(write_state(tmp_path, "pb.yaml", st))


def test_1_2_2_2_a_base_in_a_hex_with_an_enemy_unit_may_be_removed(tmp_path):
    pos = _pos(tmp_path)
    _, legal = legal_actions(pos, "western", "ds")
    assert ("remove-partisan", "0302") in legal
    _, vs = rule_on(pos, "western", "ds", [("remove-partisan", "0302")])
    assert vs == []


def test_1_2_2_2_removing_a_base_that_is_not_on_the_map(tmp_path):
    _, vs = rule_on(_pos(tmp_path), "western", "ds", [("remove-partisan", "0304")])
    assert [str(v) for v in vs] == ["1.2.2.2 On-map Partisan Bases: remove the Partisan Base in 0304 to the Delay Box: "
                                    "there is no Western Partisan Base in 0304"]
    assert vs[0].rule == "1.2.2.2" and vs[0].rule.title == "On-map Partisan Bases"
