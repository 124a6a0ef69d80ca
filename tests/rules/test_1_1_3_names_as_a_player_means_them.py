"""Names as a player means them: names are compared after Unicode NFC normalisation and
folding of quote characters, in one function (model/files/names.py ``fold``) behind every comparison of names:
© twins (1.1.3.3 Identically Named © Cards), countries in requirements (1.1.3.1), did-you-mean."""
from __future__ import annotations

import unicodedata

import pytest

from aeref.model.files.names import fold, norm_name, norm_word
from aeref.model.files.wording import suggest

from ..support.seasonal import ds_card_state, run, write_state

NFC = unicodedata.normalize("NFC", "Curaçao")
NFD = unicodedata.normalize("NFD", "Curaçao")


def test_fold_is_nfc_and_plain_quotes():
    assert NFC != NFD and fold(NFD) == NFC
    for q in "’‘ʼ´`′":
        assert fold(f"Stalin{q}s Purge") == "Stalin's Purge"
    assert fold("“Test”") == '"Test"'
    assert norm_name(NFD) == norm_name(NFC) and norm_word(f"{NFD} x") == norm_word(f"{NFC} x")


def test_did_you_mean_folds_names_too():
    assert "Stalin's Purge" in suggest("Stalin’s Purg", ["Stalin's Purge", "Other"])


@pytest.mark.parametrize("written", [NFD, NFC])
def test_1_1_3_1_curacao_decomposed_in_a_requirement_is_the_composed_country(tmp_path, written):
    """1.1.3.1 Selection Requirements: "Curaçao" written decomposed (NFD) in a requirement and composed
    (NFC) in `countries` is one country; the requirement holds."""
    code, res, err = run("check", ds_card_state(tmp_path, [{"country": {written: {"status": "active"}}}],
                                                countries={NFC: {"alignment": "western", "status": "active"}}),
                         "--faction", "axis", "--ds", "90", "--json")
    assert code == 0, (err, res)


def _twins(tmp_path, tk_name: str, ds_name: str) -> tuple:
    st = {"game": "ae", "turn": "Nov-Dec 1938", "war-state": {"tk": "pre-war", "ds": "pre-war"},
          "factions": {"soviet": {"tk": {"hand": [30]}, "ds": {"hand": [30]}}},
          "cards": [{"map": "tk", "faction": "soviet", "number": 30, "name": tk_name, "war-state": "pre-war",
                     "combined": True, "production": 0},
                    {"map": "ds", "faction": "soviet", "number": 30, "name": ds_name, "war-state": "pre-war",
                     "combined": True, "production": 0}]}
    return run("check", write_state(tmp_path, "s.yaml", st), "--faction", "soviet", "--tk", "30", "--ds", "30", "--json")


def test_1_1_3_3_stalins_purge_with_a_curly_apostrophe_is_a_twin(tmp_path):
    """1.1.3.3 Identically Named © Cards: "Stalin’s Purge" (curly apostrophe) and "Stalin's Purge" are
    identically named: TK 30 + DS 30 is illegal (it was ruled Legal)."""
    code, res, _ = _twins(tmp_path, "Stalin’s Purge", "Stalin's Purge")
    assert code == 1 and [v["rule"] for v in res["violations"]] == ["1.1.3.3"], res
    assert "identically named" in res["violations"][0]["message"]
    code, res, _ = _twins(tmp_path, "Stalin’s Purge", "Stalin's Purges")     # another name: no twins
    assert code == 0, res
