"""Positions far larger than any game's (bounded everywhere), for the tests that check a
command ends within its limit and says what it left out, and for ``bench/scale.py``.

Test-only data: every card is named "Test-only card N", not a card of the games.
"""
from __future__ import annotations

from pathlib import Path

import yaml

_RUSSIA = {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"}}


def tk_hand(n: int, excluded_every: int = 50) -> dict:
    """TK alone, Soviet, Limited War: ``n`` test-only cards in the TK hand, every ``excluded_every``-th
    of them a Total War card (in no legal selection: 1.1.3.2), the others legal alone."""
    cards = [{"map": "tk", "faction": "soviet", "number": 100 + i, "name": f"Test-only card {100 + i}",
              "war-state": "total" if excluded_every and i % excluded_every == excluded_every - 1 else "pre-war",
              "production": 0} for i in range(n)]
    return {"game": "tk", "turn": "Aug-Sept 1942", "war-state": "limited", "cards": cards,
            "factions": {"soviet": {"tk": {"current": None, "hand": [100 + i for i in range(n)]}}},
            "countries": dict(_RUSSIA)}


def ae_hands(n_tk: int, n_ds: int) -> dict:
    """AE, Soviet: ``n_tk`` and ``n_ds`` test-only cards that no rule tells apart in the TK and DS
    hands, so ``n_tk * n_ds`` legal selections."""
    cards = [{"map": m, "faction": "soviet", "number": 100 + i, "name": f"Test-only card {m} {100 + i}",
              "war-state": "pre-war", "production": 0} for m, n in (("tk", n_tk), ("ds", n_ds)) for i in range(n)]
    return {"game": "ae", "turn": "Aug-Sept 1942", "war-state": {"tk": "total", "ds": "total"}, "cards": cards,
            "factions": {"soviet": {m: {"current": None, "hand": [100 + i for i in range(n)]}
                                    for m, n in (("tk", n_tk), ("ds", n_ds))}},
            "countries": dict(_RUSSIA)}


def write(state: dict, path: Path) -> Path:
    """Write ``state`` as a YAML state file at ``path`` (the C dumper when there is one: 10,000 cards)."""
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    path.write_text(yaml.dump(state, Dumper=dumper, sort_keys=False))
    return path
