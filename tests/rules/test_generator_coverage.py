"""The random positions of the property tests reach every rule: a generator that drifts back to trivial
positions (empty hands, one legal selection, optima of 0 steps) fails here.

Over a fixed, derandomized set of generated positions (the same on every run, whatever the hypothesis
profile; ``tests/support/distributions.py``), every rule of 1.1.3 - 1.1.3.3, 1.3.3 - 1.3.4, 9.1 and
9.2 must be the *only* rule broken in some examples, as the oracles (written from the rules text) judge
them; and for the Replacements Segment every rule must decide some optima: without it, more steps could
be used. The agreement tests (``tests/rules/test_1_1_3_oracle.py``, ``tests/commands/test_why.py``,
``tests/rules/test_1_3_oracle.py``) draw from the same strategies, so the rules they check are the rules
reached here. ``python -m tests.support.distributions`` prints the numbers.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from aeref.solver.selection.choices import why

from ..support import oracle, replacement_oracle
from ..support.distributions import (
    DECIDING, draw_examples, replacement_profile, selection_profile, summarise_replacements, summarise_selection,
)
from ..support.replacement_positions import spec_and_allocation
from ..support.selection_positions import ANNUAL_TYPES, SEQUENTIAL_TYPES, load, made_pairs, scenarios

#: Examples drawn (the same examples on every run) and the least count each rule must reach in them.
SELECTION_EXAMPLES, REPLACEMENT_EXAMPLES, LEAST = 500, 400, 5


@lru_cache(maxsize=None)
def _replacement_examples() -> tuple:
    return tuple(draw_examples(spec_and_allocation(), REPLACEMENT_EXAMPLES))


def _short(counts: dict, want) -> dict:
    return {k: counts.get(k, 0) for k in want if counts.get(k, 0) < LEAST}


def test_1_1_3_selection_positions_reach_every_rule():
    """1.1.3 - 1.1.3.3: each rule (and each Sequential and Annual type on each map whose rules list it)
    is the only rule broken by some selection, and the positions are not trivial: the asked faction
    holds cards, several selections are legal, AE Soviet hands meet the Production Limit, Current Cards
    of the sequential types sit on both maps, cards of the annual types were revealed in the calendar
    year of the reveal, AE countries differ between the maps."""
    profiles = [selection_profile(load(s, d), f, e) for s, d, f, e in draw_examples(scenarios(), SELECTION_EXAMPLES)]
    s = summarise_selection(profiles)
    only = s["examples where a rule is the only violation"]
    assert not _short(only, oracle.RULES), s
    seq = [f"{oracle.SEQUENTIAL}: {f} {k} on {m}" for f, k, ms in SEQUENTIAL_TYPES for m in ms]
    ann = [f"{oracle.ANNUAL}: {f} {k}" for f, k, _ in ANNUAL_TYPES]
    assert not _short(only, seq + ann), s
    assert s["empty hand (asked faction)"] <= 0.15, s
    assert s["several legal selections"] >= 0.25, s
    assert s["AE Soviet with cards in hand"] >= 50, s
    assert s["a Current Card of a sequential kind (TK)"] >= 30 and s["a Current Card of a sequential kind (DS)"] >= 30, s
    assert s["an annual kind revealed in the reveal year"] >= 50, s
    assert s["AE countries differing between the maps"] >= 50, s
    # 1.1.3 "Card selection is final" binds the card placed, not a slot left open; cards selected in an
    # earlier turn (selected:) await their reveal (1.1.1 Step 2) and bind every slot
    assert s["a slot left open beside a placed Pending Card"] >= 10, s
    assert s["Pending Cards awaiting their reveal"] >= 5, s
    # * DS 1.1.3.1: the European war read from the markers in the European War Boxes, no european-war key
    assert s["DS European war from the European War Boxes alone"] >= 10, s
    assert set(s["games"]) == {"tk", "ds", "ae"}


def test_why_minimal_sets_of_two_rules_occur():
    """`why` (tests/commands/test_why.py) meets minimal sets of two rules - a Pending Card placed on each map
    (1.1.3 "Card selection is final") whose pair breaks a pair rule - so that "minimal" is tested where
    it can fail (each rule of the set, left out, lets the card back in)."""
    sizes = Counter()
    for (state, deck, faction, _), pending in draw_examples(made_pairs(), 30):
        pos = load(state, deck)
        for card in pending:
            ans = why(pos, faction, card)
            sizes["legal" if ans.legal else len(ans.rules)] += 1
    assert sizes[2] >= 10 and sizes[1] >= 5, sizes


def test_1_3_replacement_positions_reach_every_rule():
    """1.3.3 - 1.3.4, 9.1, 9.2: each rule is the only one a proposed allocation breaks in some examples
    (9.2, no violation when placing, eliminates units after the Segment in some legal allocations) and
    decides some optima (without it, more steps could be used); the optima are not trivial. 1.3.3.3 is
    the exception the oracle names: the Unit-Type Limitation already excludes every garrison unit."""
    profiles = [replacement_profile(s, rows, i < DECIDING) for i, (s, rows) in enumerate(_replacement_examples())]
    s = summarise_replacements(profiles)
    alone = [r for r in replacement_oracle.RULES if r not in replacement_oracle.IMPLIED]
    only = s["allocations where a rule is the only violation"]
    assert not _short(only, [r for r in alone if r != replacement_oracle.STACKING]), s
    assert only.get("9.2 Stacking (legal, units eliminated after the Segment)", 0) >= LEAST, s
    assert not _short(s["optima a rule decides (larger without it)"], alone), s
    for rule in replacement_oracle.IMPLIED:          # implied indeed: never alone, never deciding
        assert rule not in only and rule not in s["optima a rule decides (larger without it)"]
    assert s["optimum 0 steps"] <= 0.45 and s["optimum 3 or more steps"] >= 0.12, s
    assert s["empty allocations checked"] <= 0.2, s
    assert set(s["universes"]) == {"tk-soviet", "ds-western"}


def test_1_3_4_replacement_positions_hold_partisan_bases_of_every_faction_and_minor_countries_that_meet():
    """The inputs 1.3.4 and 9.1 read: Partisan Bases of each faction (and of none said) under both values
    of the interpretation partisan-base-faction, hexes where units of two Minor Countries would meet,
    Limited Stacking, pairs of steps exchangeable for armor, airborne and marine units under both values
    of airborne-steps."""
    seen = Counter()
    for spec, _ in _replacement_examples():
        interp = spec["interpretations"]
        for h in spec["hexes"].values():
            if h.get("partisan"):
                seen[("partisan", h["partisan"], interp.get("partisan-base-faction", "own"))] += 1
            minors = {n for x in h.get("own", []) for n in x["nationality"] if replacement_oracle.is_minor(spec, n)}
            placed = {n for u in spec["pool"] for n in u["nationality"] if n == h["country"] and replacement_oracle.is_minor(spec, n)}
            if minors - placed and placed:
                seen["minor countries meet"] += 1
            seen["limited stacking"] += bool(h.get("limited"))
        for t in spec["pools"]:
            seen["pairs-to-armor"] += replacement_oracle.pool(spec, t)["pairs"]
        for u in spec["pool"]:
            if u["type"] in ("airborne", "marine"):
                seen[(u["type"], interp.get("airborne-steps", "armor-counts"))] += 1
    want = [("partisan", f, i) for f in ("soviet", "western", "axis", "unsaid") for i in ("own", "any")]
    want += ["minor countries meet", "limited stacking", "pairs-to-armor"]
    want += [(t, i) for t in ("airborne", "marine") for i in ("armor-counts", "infantry-only")]
    assert not _short(seen, want), seen


def test_1_1_1_order_of_play_positions_decide_some_selections():
    """1.1.1 Step 4 (order-of-play=faction-by-faction): in the random Seasonal Turns of the order-of-play
    agreement test (tests/support/order_positions.py) the later factions' reveals decide selections both ways,
    as the oracle judges them: some legal only on the position after those reveals (a card the later reveal's
    war state or card let through), some legal only on the position the faction saw."""
    import itertools
    import tempfile
    from pathlib import Path

    from aeref.model.files.load import load_position

    from ..support.order_positions import order_scenarios, write_turn
    let_through = made_illegal = deciding = 0
    for spec in draw_examples(order_scenarios(), 40):
        with tempfile.TemporaryDirectory() as d:
            pos = load_position(write_turn(Path(d), spec))
            f = spec["asked"]
            seen = oracle.seen_position(pos, f, load_position)
            decided = 0
            for vals in itertools.product(*[pos.factions[f][m].hand + [None] for m in pos.maps]):
                ch = dict(zip(pos.maps, vals))
                before, after = oracle.legal(seen, f, ch), oracle.legal(pos, f, ch)
                let_through += after and not before
                made_illegal += before and not after
                decided += before != after
            deciding += bool(decided)
    assert deciding >= 12 and let_through >= 20 and made_illegal >= 10, (deciding, let_through, made_illegal)
