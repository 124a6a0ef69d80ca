"""What another faction may have placed (1.1 face down, 1.1.3): CP-SAT over every hand the view
allows, the brute-force oracle (``tests/support/hidden_oracle.py``, independent of ``solver/``) and
the one-selection ruling agree exactly on random positions seen from another faction's view.

The positions (``tests/support/hidden_positions.py``) reach the cases where the hand's size
decides: forced empty slots, decks trimmed so the cards a hand may hold are its count or one
more, © twins, the Soviet Production Limit; :func:`test_the_generator_reaches_the_deciding_cases`
shows that each is reached.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, assume, find, given, settings
from hypothesis import strategies as st

from aeref.model.files.errors import InputError
from aeref.model.secrecy.views import view
from aeref.solver.selection.hidden import hidden_hands
from aeref.solver.selection.hidden_solve import possible, possible_selections

from ..support import hidden_oracle, oracle
from ..support.hidden_positions import hidden_scenarios
from ..support.profiles import scaled
from ..support.selection_positions import load


def _seen(scenario):
    """(whole position, F's view, G) of a drawn scenario; None when G's Pending Cards await their reveal."""
    state, deck, faction, viewer, _ = scenario
    try:
        pos = load(state, deck)
    except InputError:
        return None                                  # a trimmed deck lost a card a requirement names
    if oracle.awaits_reveal(pos, faction):
        return None
    return pos, view(pos, viewer), faction


def _as_key(choice) -> frozenset:
    return frozenset(choice.items())


def _candidates_as_hand(pos, seen, faction) -> set:
    """The selections legal when the candidate list is taken for the hand (the mistake 1.1.3 forbids)."""
    cands = hidden_oracle.candidates(seen, faction)
    w = hidden_oracle.whole(seen, faction, cands, pos.raw)
    size = hidden_oracle.sizes(seen, faction)
    out = set()
    for ch in oracle.every_choice(seen, sorted({c for cs in cands.values() for c in cs})):
        if any(size.get(m, (0, False))[1] and ch[m] is None for m in seen.maps):
            continue
        if oracle.legal(w, faction, ch):
            out.add(_as_key(ch))
    return out


@settings(max_examples=scaled(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(hidden_scenarios(), st.randoms(use_true_random=False))
def test_1_1_3_cpsat_oracle_and_check_agree_over_every_hand(scenario, rnd):
    got = _seen(scenario)
    assume(got is not None)
    pos, seen, g = got
    if not hidden_oracle.consistent(seen, g):
        with pytest.raises(InputError):
            hidden_hands(seen, g)
        return
    expected = hidden_oracle.possible_set(seen, g, pos.raw)
    found = possible_selections(seen, g)
    assert found.complete
    assert {_as_key(ch) for ch, _ in found.selections} == set(expected), scenario
    assert len(found.selections) == len(expected)
    for ch, hand in found.selections:                # each with a hand of the right size that makes it legal
        assert {m: len(cs) for m, cs in hand.items()} == {m: n for m, (n, _) in hidden_oracle.sizes(seen, g).items()}
        assert oracle.legal(hidden_oracle.whole(seen, g, hand, pos.raw), g, ch), (ch, hand)
    # the real hand is one of them: what G really may select is possible
    real = oracle.legal_set(pos, g) if not any(fm.pending for fm in pos.factions[g].values()) else set()
    assert real <= set(expected)
    # `check --as`: possible exactly when the oracle says so (a sample of the selections of candidates)
    cands = sorted({c for cs in hidden_oracle.candidates(seen, g).values() for c in cs})
    choices = oracle.every_choice(seen, cands)
    for ch in rnd.sample(choices, min(6, len(choices))):
        ruling = possible(seen, g, ch)
        assert ruling.possible == hidden_oracle.possible(seen, g, ch, pos.raw), (ch, ruling)
        if ruling.possible:
            assert oracle.legal(hidden_oracle.whole(seen, g, ruling.hand, pos.raw), g, ch)
        else:
            assert ruling.violations


def _deciding(pred):
    def check(scenario):
        got = _seen(scenario)
        if got is None or not hidden_oracle.consistent(got[1], got[2]):
            return False
        return pred(*got)
    return check


def _size_decides(pos, seen, g) -> bool:
    """A selection possible over the candidate list as if it were the hand but for no hand of the count."""
    return _candidates_as_hand(pos, seen, g) != set(hidden_oracle.possible_set(seen, g, pos.raw))


def _forced_empty(pos, seen, g) -> bool:
    """An empty slot possible only because some hand of the count holds no card that fits it."""
    extra = set(hidden_oracle.possible_set(seen, g, pos.raw)) - _candidates_as_hand(pos, seen, g)
    return any(None in dict(k).values() for k in extra)


def _just_above(pos, seen, g) -> bool:
    cands, size = hidden_oracle.candidates(seen, g), hidden_oracle.sizes(seen, g)
    return any(0 < n < len(cands[m]) <= n + 1 for m, (n, _) in size.items())


def _twins(pos, seen, g) -> bool:
    cands = hidden_oracle.candidates(seen, g)
    tk, ds = cands.get("tk", []), cands.get("ds", [])
    return seen.game == "ae" and any(hidden_oracle._twin(seen.cards[a], seen.cards[b]) for a in tk for b in ds)


def _production(pos, seen, g) -> bool:
    if seen.game != "ae" or g != "soviet":
        return False
    limit = 3 if "total" in seen.war_state.values() else 1
    cands = hidden_oracle.candidates(seen, g)
    return any((seen.cards[a].production or 0) + (seen.cards[b].production or 0) > limit
               for a in cands.get("tk", []) for b in cands.get("ds", []))


def _placed(pos, seen, g) -> bool:
    """A Pending Card placed face down this turn: the hand held one card more when it was selected."""
    return any(fm.pending_face_down for fm in seen.factions[g].values())


@pytest.mark.parametrize("name,pred", [("a Pending Card placed face down", _placed),("the hand's size decides", _size_decides), ("a forced empty slot", _forced_empty),
                                       ("candidates one above the count", _just_above), ("© twins", _twins),
                                       ("the Soviet Production Limit", _production)])
def test_the_generator_reaches_the_deciding_cases(name, pred):
    """1.1.3: each case where the hand's size decides is reached by the generator (found, not assumed)."""
    # generate only: the first example found is enough (shrinking it costs minutes)
    find(hidden_scenarios(), _deciding(pred), settings=settings(max_examples=2000, database=None, deadline=None,
                                                                   phases=(Phase.generate,), derandomize=True,
                                                                   suppress_health_check=list(HealthCheck)))
