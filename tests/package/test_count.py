"""1.1.3: ``LegalSelections.count()`` is the number of legal selections, compared and computed as an
``int`` (as python-chess's ``legal_moves.count()``), and still says whether it is complete."""
from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import aeref

AE = str(Path(__file__).resolve().parents[2] / "examples" / "ae-soviet-production.yaml")


def test_1_1_3_count_is_the_number_of_legal_selections():
    legal = aeref.load(AE).legal_selections("soviet")
    counted = legal.count()
    assert counted == 4 and 4 == counted and counted == len(list(legal))
    assert counted + 1 == 5 and counted * 2 == 8 and sorted([5, counted, 3]) == [3, 4, 5]
    assert isinstance(counted, int) and counted.complete is True
    assert counted.number == 4 and type(counted.number) is int and type(counted + 0) is int
    assert repr(counted) == "Count(number=4, complete=True)"
    assert f"{counted:,}" == "4" and json.dumps({"count": counted}) == '{"count": 4}'


def test_an_incomplete_count_says_so_and_compares_by_its_number():
    partial = aeref.Count(3, False)
    assert partial == 3 and partial.complete is False and partial == aeref.Count(3, True)
    assert repr(partial) == "Count(number=3, complete=False)"
    assert {partial: "x"}[3] == "x"
    back = pickle.loads(pickle.dumps(partial))
    assert back == 3 and back.complete is False and type(back) is aeref.Count


def test_a_count_cannot_be_changed_or_made_of_nonsense():
    counted = aeref.Count(4, True)
    with pytest.raises(AttributeError):
        counted.complete = False
    with pytest.raises(AttributeError):
        counted.anything = 1
    for bad in (-1, 2.5, True):
        with pytest.raises(ValueError):
            aeref.Count(bad, True)
