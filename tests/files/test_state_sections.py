"""The countries, markers and replacements sections of a state file (FORMAT 4 and 6) as `validate` reads
them: each problem at its key, with its map in AE, saying what to write. Test-only positions."""
from __future__ import annotations

import json

from ..support.seasonal import run, write_state


def _problems(tmp_path, game, **sections):
    """``(exit code, [(file name, place, message)])`` of `validate` on a bare state of ``game`` with these
    sections (``countries=...``, ``markers=...``)."""
    maps = {"tk": ["tk"], "ds": ["ds"], "ae": ["tk", "ds"]}[game]
    st = {"game": game, "turn": "Nov-Dec 1941", "war-state": "limited" if game != "ae" else {m: "limited" for m in maps},
          "factions": {"axis": {m: {"hand": []} for m in maps}}, **sections}
    code, out, err = run("validate", write_state(tmp_path, "s.yaml", st), "--json")
    out = json.loads(out) if isinstance(out, str) else out
    return code, [(p["file"].rsplit("/", 1)[-1], p["where"], p["message"]) for p in out["problems"]]


def test_country_entries_per_map_name_their_place_and_map_4(tmp_path):
    """FORMAT 4 "AE, per map": an entry's `map:` or map section for a map not in play, a map section of an
    entry that is on the other display only, and a Policy marker with another posture, each named at its key."""
    assert _problems(tmp_path, "tk", countries={"Japan": {"map": "ds", "posture": "war"}}) == (
        2, [("s.yaml", "countries.Japan.map", "map ds is not in play (maps: tk)")])
    assert _problems(tmp_path, "tk", countries={"Russia": {"alignment": "soviet", "ds": {"posture": "war"}}}) == (
        2, [("s.yaml", "countries.Russia.ds", "map ds is not in play (maps: tk)")])
    assert _problems(tmp_path, "ae", countries={"Japan": {"map": "ds", "tk": {"posture": "war"}, "ds": {"posture": "war"}}}) == (
        2, [("s.yaml", "countries.Japan.tk", "the entry is on the DS display only (map: ds)")])
    assert _problems(tmp_path, "ae", countries={"Russia": {"ds": {"posture": "war", "policy": "neutrality"}}}) == (
        2, [("s.yaml", "countries.Russia.ds.posture", "Russia has a Neutrality Policy marker on the DS map, which "
                                                       "makes it a Policy Affected Country, but its posture is war")])
    assert _problems(tmp_path, "tk", countries={"Russia": {"posture": "war", "policy": "neutrality"}}) == (
        2, [("s.yaml", "countries.Russia.posture", "Russia has a Neutrality Policy marker, which "
                                                    "makes it a Policy Affected Country, but its posture is war")])


def test_bad_markers_name_their_place(tmp_path):
    """FORMAT 6 `markers`: the VP marker's side and box, the VP Track, a map's section in AE - each problem at
    its key, saying what to write."""
    code, probs = _problems(tmp_path, "ds", markers={"vp-track": ["Hakko Ichiu"]})
    assert (code, probs) == (2, [("s.yaml", "markers.vp-track", "write vp-track: {MARKER: N}")])
    code, probs = _problems(tmp_path, "ds", markers={"vp-track": {"Hakko Ichiu": -1}})
    assert (code, probs) == (2, [("s.yaml", "markers.vp-track.Hakko Ichiu", "the VP Track box is a number of VP (0 or more), not -1")])
    code, probs = _problems(tmp_path, "ds", markers={"vp": {"side": "rising-sun", "box": 1, "colour": "red"}})
    assert code == 2 and probs[0][:2] == ("s.yaml", "markers.vp.colour") and "colour" in probs[0][2], probs
    code, probs = _problems(tmp_path, "ds", markers={"vp": {"box": 1}})
    assert code == 2 and probs[0][:2] == ("s.yaml", "markers.vp.side") and probs[0][2].startswith("unknown VP marker side"), probs
    for side in ("Rising Sun", "rising_sun", "RISING-SUN"):             # as a player may write the side
        assert _problems(tmp_path, "ds", markers={"vp": {"side": side, "box": 1}}) == (0, []), side
    code, probs = _problems(tmp_path, "ae", markers={"tk": ["No Retreat"]})
    assert (code, probs) == (2, [("s.yaml", "markers.tk", "write the map's markers as a mapping (boxes, vp, vp-track)")])


def test_bad_replacements_and_map_sections_name_their_place(tmp_path):
    """FORMAT 6: the replacements section with and without its map level, `prefer` weights, a country listed
    twice, a map section of markers for a map not in play - each problem at its key."""
    soviet = {"factions": {"soviet": {"tk": {"hand": []}}}}
    assert _problems(tmp_path, "tk", replacements={"soviet": {"force-pool": [], "colour": 1}}, **soviet) == (
        2, [("s.yaml", "replacements.soviet.colour", "unknown key 'colour': the keys here are steps, force-pool, prefer")])
    assert _problems(tmp_path, "tk", replacements={"tk": {"soviet": {"prefer": {"R-1": 1.5}}}}, **soviet) == (
        2, [("s.yaml", "replacements.tk.soviet.prefer.R-1", "a weight is a whole number, not 1.5")])
    assert _problems(tmp_path, "tk", countries={"Russia": {"posture": "war"}, "russia": {"posture": "war"}}) == (
        2, [("s.yaml", "countries.russia", "country russia is listed twice")])
    code, probs = _problems(tmp_path, "tk", markers={"ds": {"strategic-warfare-box": ["Quit India"]}})
    assert code == 2 and probs[0] == ("s.yaml", "markers.ds", "map ds is not in play (maps: tk)"), probs
