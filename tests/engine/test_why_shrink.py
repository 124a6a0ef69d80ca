"""`why` shrinks a core that is not minimal (solver/selection/choices.py, Explainer.why).

CP-SAT's infeasible core (``sufficient_assumptions_for_infeasibility``) is not
necessarily minimal, but on the generated positions it always was, so the
deletion loop that shrinks it never ran. Here the core is read back with every
rule of the model in it (``assumptions_core`` patched): `why` must still report
the minimal set, having dropped each superfluous rule by a solve, and re-checked
the set it reports.
"""
from __future__ import annotations

import pytest

from aeref.model.files.load import load_position
from aeref.solver.selection import choices
from aeref.solver.engine.runner import INFEASIBLE

PARTNER = """
game: ae
turn: Mar-Apr 1939
war-state: {tk: pre-war, ds: pre-war}
factions:
  western:
    tk: {current: 1, hand: [3], pending: 2}
    ds: {hand: [3], pending: 2}
cards:
  - {map: tk, faction: western, number: 1, name: Test Only Alpha, war-state: pre-war, combined: true}
  - {map: tk, faction: western, number: 2, name: Test Only Beta, war-state: pre-war}
  - {map: tk, faction: western, number: 3, name: Test Only Gamma, war-state: pre-war}
  - {map: ds, faction: western, number: 2, name: Test Only Alpha, war-state: pre-war, combined: true}
  - {map: ds, faction: western, number: 3, name: Test Only Delta, war-state: pre-war}
"""
MINIMAL = ["1.1.1 Option Card Procedure", "1.1.3 Card Selection Is Final"]


@pytest.fixture
def partner(tmp_path):
    """TK 2, a Pending Card whose DS partner is the © twin of the TK card played this turn (test-only
    cards): excluded by 1.1.1 and 1.1.3 "Card selection is final" together, by neither alone."""
    path = tmp_path / "s.yaml"
    path.write_text(PARTNER)
    return load_position(path)


@pytest.fixture
def whole_core(monkeypatch):
    """The core read back names every rule of the model (not minimal); yields the key lists of the
    solves of `why`, in order, with their statuses."""
    solves: list = []
    real_solve = choices.Explainer._solve

    def every_key(comp, keys, solver):
        return list(keys)

    def logged(self, card_lit, keys):
        status, solver = real_solve(self, card_lit, keys)
        solves.append((list(keys), status))
        return status, solver

    monkeypatch.setattr(choices, "assumptions_core", every_key)
    monkeypatch.setattr(choices.Explainer, "_solve", logged)
    yield solves


def test_1_1_3_why_shrinks_a_core_that_is_not_minimal(partner, whole_core):
    """The whole model as the core: the deletion loop drops every rule but the two that exclude the
    card together, and the answer is complete (proved minimal)."""
    ans = choices.why(partner, "western", "tk-western-2")
    assert not ans.legal
    assert sorted(ans.rules) == MINIMAL
    assert ans.complete is True
    first_keys, _ = whole_core[0]
    assert len(first_keys) > len(MINIMAL)          # the core really was not minimal
    dropped = [keys for keys, status in whole_core[1:-1] if status == INFEASIBLE]
    assert dropped                                 # the shrink loop ran and dropped rules


def test_1_1_3_why_rechecks_the_shrunk_set(partner, whole_core):
    """The last solve of `why` is the re-check of the set it reports: exactly those rules, infeasible."""
    ans = choices.why(partner, "western", "tk-western-2")
    keys, status = whole_core[-1]
    assert sorted(keys) == sorted(ans.rules) == MINIMAL
    assert status == INFEASIBLE
    # one solve to find the core, one per rule of the core (drop it or keep it), one re-check
    assert len(whole_core) == 1 + len(whole_core[0][0]) + 1
