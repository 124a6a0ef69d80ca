"""What the random positions of the property tests reach: distributions and rule coverage.

Used by ``tests/rules/test_generator_coverage.py`` (which asserts that the generators reach every rule) and
printed by ``python -m tests.support.distributions`` (from the top of the repository) to measure a
generator. Test-only code: it reads positions through the oracles of ``tests/support``, never ``solver/``.
"""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, Phase, given, seed, settings

from . import oracle


def draw_examples(strategy, n: int, runs: int = 0) -> list:
    """``n`` examples of ``strategy``, the same ones on every run: ``runs`` runs of hypothesis (default: one per
    ten examples), each from a fixed seed (no database), so that the set is not one run's variations of its
    first examples."""
    runs = runs or max(1, n // 10)
    out = []

    def collect(example):
        out.append(example)

    for k in range(runs):
        run = seed(k)(settings(max_examples=n // runs, derandomize=False, database=None, deadline=None,
                               suppress_health_check=list(HealthCheck), phases=[Phase.generate])(given(strategy)(collect)))
        run()
    return out


def selection_profile(pos, faction, extra=()) -> dict:
    """The facts of one selection position that the coverage test and the measurements count."""
    hand = [c for m in pos.maps for c in pos.hand(faction, m)]
    pending = [fm.pending for fm in pos.factions[faction].values() if fm.pending]
    cards = sorted(set(hand) | set(extra) | set(pending))
    only = Counter()
    legal = 0                      # legal selections (of cards in the hand, or already placed, or none)
    for ch in oracle.every_choice(pos, cards):
        v = oracle.violations(pos, faction, ch)
        legal += not v
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
        "game": pos.game, "faction": faction, "hand": len(hand), "legal": legal,
        "ae-soviet-cards": pos.game == "ae" and faction == "soviet" and bool(hand),
        "partial": bool(pending) and not oracle.awaits_reveal(pos, faction) and len(pending) < len(pos.maps)
        and any(fm.hand for m, fm in pos.factions[faction].items() if m in pos.maps and not fm.pending),
        "awaits": bool(pending) and oracle.awaits_reveal(pos, faction),
        "european-war-boxes": pos.game == "ds" and "european_war" not in pos.raw.model_fields_set
        and oracle._european_war(pos) > 0,
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
        "a slot left open beside a placed Pending Card": sum(p["partial"] for p in profiles),
        "Pending Cards awaiting their reveal": sum(p["awaits"] for p in profiles),
        "DS European war from the European War Boxes alone": sum(p["european-war-boxes"] for p in profiles),
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




def replacement_profile(spec, rows, deciding: bool = True) -> dict:
    """The facts of one Replacements Segment and proposed allocation that the coverage test counts
    (``deciding``: also which rules decide the optimum, the costly part)."""
    from . import replacement_oracle as R
    r = R.ruling(spec, rows)
    b = R.best(spec)
    return {"universe": spec["universe"], "best": b, "rows": len(rows), "violations": r["violations"],
            "eliminated": bool(r["eliminated"]), "deciding": R.deciding(spec) if deciding else set(),
            "searched": deciding}


def summarise_replacements(profiles: list) -> dict:
    n = len(profiles)
    only, deciding = Counter(), Counter()
    for p in profiles:
        if len(p["violations"]) == 1:
            only[next(iter(p["violations"]))] += 1
        if not p["violations"] and p["eliminated"]:
            only["9.2 Stacking (legal, units eliminated after the Segment)"] += 1
        for r in p["deciding"]:
            deciding[r] += 1
    return {
        "examples": n,
        "optimum 0 steps": sum(p["best"] == 0 for p in profiles) / n,
        "optimum 1 step": sum(p["best"] == 1 for p in profiles) / n,
        "optimum 2 or more steps": sum(p["best"] >= 2 for p in profiles) / n,
        "optimum 3 or more steps": sum(p["best"] >= 3 for p in profiles) / n,
        "empty allocations checked": sum(p["rows"] == 0 for p in profiles) / n,
        "legal allocations checked": sum(not p["violations"] for p in profiles) / n,
        "universes": dict(Counter(p["universe"] for p in profiles)),
        "allocations where a rule is the only violation": dict(sorted(only.items())),
        "optima a rule decides (larger without it)": dict(sorted(deciding.items())),
        "examples searched for the rules that decide the optimum": sum(p["searched"] for p in profiles),
    }


def replacement_summary(n: int = 400) -> dict:
    from .replacement_positions import spec_and_allocation
    examples = draw_examples(spec_and_allocation(), n)
    return summarise_replacements([replacement_profile(s, rows, i < DECIDING) for i, (s, rows) in enumerate(examples)])


#: Of the replacement examples, the first this many are searched for the rules that decide the optimum.
DECIDING = 200


if __name__ == "__main__":
    _print("Selection positions (tests/support/selection_positions.py)", selection_summary())
    _print("Replacements Segments (tests/support/replacement_positions.py)", replacement_summary())
