"""What the random positions of the property tests reach: distributions and rule coverage.

Used by ``tests/test_generator_coverage.py`` (which asserts that the generators reach every rule) and
printed by ``python -m tests.support.distributions`` (from the top of the repository) to measure a
generator. Test-only code: it reads positions through the oracles of ``tests/support``, never ``solver/``.
"""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings

from . import oracle


def draw_examples(strategy, n: int) -> list:
    """``n`` examples of ``strategy``, the same ones on every run (derandomized, no database)."""
    out = []

    @settings(max_examples=n, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck), phases=["generate"])
    @given(strategy)
    def collect(example):
        out.append(example)

    collect()
    return out


def selection_profile(pos, faction, extra=()) -> dict:
    """The facts of one selection position that the coverage test and the measurements count."""
    hand = [c for m in pos.maps for c in pos.hand(faction, m)]
    legal = oracle.legal_set(pos, faction)
    cards = sorted(set(hand) | set(extra))
    only = Counter()
    for ch in oracle.every_choice(pos, cards):
        v = oracle.violations(pos, faction, ch)
        if len(v) == 1:
            (rule,) = v
            only[rule] += 1
            if rule == oracle.SEQUENTIAL:
                for c in ch.values():
                    if c is not None:
                        for typ, m in oracle.sequential_broken(pos, faction, pos.cards[c]):
                            only[f"{rule}: {faction} {typ} on {pos.cards[c].map}"] += 1
            if rule == oracle.ANNUAL:
                for typ, group in oracle.annual_broken(pos, faction, {m: c for m, c in ch.items() if c}):
                    only[f"{rule}: {faction} {typ}"] += 1
    currents = {m: pos.factions[faction][m].current for m in pos.maps
                if m in pos.factions[faction] and pos.factions[faction][m].current}
    seq_current = {m for m, c in currents.items()
                   if any(f == faction and t in oracle.card_types(pos.cards[c]) and m in ms for f, t, ms in oracle.SEQ)}
    year = oracle._next_year(pos)
    reveal_year = any(t is not None and t.year == year and any(
        f == faction and typ in oracle.card_types(pos.cards[c]) for f, typ, _ in oracle.ANN)
        for fm in pos.factions[faction].values()
        for c, t in [(p.card, p.turn) for p in fm.played] + ([(fm.current, pos.turn)] if fm.current else []))
    return {
        "game": pos.game, "faction": faction, "hand": len(hand), "legal": len(legal),
        "ae-soviet-cards": pos.game == "ae" and faction == "soviet" and bool(hand),
        "seq-current": sorted(seq_current), "reveal-year": reveal_year,
        "differs": pos.game == "ae" and any(e.differs() for e in pos.countries.values()),
        "only": only,
    }


def summarise_selection(profiles: list) -> dict:
    n = len(profiles)
    only = Counter()
    for p in profiles:
        for k, v in p["only"].items():
            only[k] += 1 if v else 0
    return {
        "examples": n,
        "empty hand (asked faction)": sum(p["hand"] == 0 for p in profiles) / n,
        "exactly one legal selection": sum(p["legal"] == 1 for p in profiles) / n,
        "several legal selections": sum(p["legal"] > 1 for p in profiles) / n,
        "AE Soviet with cards in hand": sum(p["ae-soviet-cards"] for p in profiles),
        "a Current Card of a sequential kind (TK)": sum("tk" in p["seq-current"] for p in profiles),
        "a Current Card of a sequential kind (DS)": sum("ds" in p["seq-current"] for p in profiles),
        "an annual kind revealed in the reveal year": sum(p["reveal-year"] for p in profiles),
        "AE countries differing between the maps": sum(p["differs"] for p in profiles),
        "games": dict(Counter(p["game"] for p in profiles)),
        "examples where a rule is the only violation": dict(sorted(only.items())),
    }


def selection_summary(n: int = 500) -> dict:
    from .selection_positions import load, scenarios
    profiles = []
    for state, deck, faction, extra in draw_examples(scenarios(), n):
        profiles.append(selection_profile(load(state, deck), faction, extra))
    return summarise_selection(profiles)


def _print(title, d):
    print(title)
    for k, v in d.items():
        if isinstance(v, dict):
            print(f"  {k}:")
            for kk, vv in v.items():
                print(f"    {kk}: {vv}")
        else:
            print(f"  {k}: {v:.0%}" if isinstance(v, float) else f"  {k}: {v}")


if __name__ == "__main__":
    _print("Selection positions (tests/support/selection_positions.py)", selection_summary())
