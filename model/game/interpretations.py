"""Named interpretations of unclear rules (docs/design.md, docs/interpretations.md).

Each has a documented default and can be set in the state file
(``interpretations:``) or on the command line (``--interpretation NAME=VALUE``).
Every ruling lists the interpretations in force.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .calendar import DEFAULT_NAMES
from ..files.wording import unknown


@dataclass(frozen=True)
class Interpretation:
    name: str
    default: Any
    values: Optional[tuple]          # allowed values; None = free (validated by ``check``)
    rule: str
    meaning: str


INTERPRETATIONS: dict[str, Interpretation] = {
    i.name: i
    for i in [
        Interpretation(
            "annual-scope", "faction", ("faction", "map"), "1.1.3.3",
            "faction: a faction reveals at most one card of each annual type per calendar year, counting both maps "
            "in AE; map: each map's deck counts on its own",
        ),
        Interpretation(
            "empty-slot", "forced", ("forced", "voluntary"), "1.1.3",
            "forced: a slot may stay empty only when no card in the hand fits it, given the other slot; "
            "voluntary: a faction may always decline",
        ),
        Interpretation(
            "sequential-scope", "map", ("map", "faction"), "1.1.3.3",
            "map: in AE a Pending Card is compared with the Current Card of its own map; faction: with the "
            "Current Cards of both maps",
        ),
        Interpretation(
            "illegal-axis-card", "allied-option", ("allied-option", "automatic"), "1.1.1",
            "allied-option: after an illegal Axis Current Card in Pre-War or Limited War either Allied faction may "
            "declare Total War; automatic: Total War goes into effect (12)",
        ),
        Interpretation(
            "order-of-play", "faction-by-faction", ("faction-by-faction", "reveals-first"), "1.1.1",
            "faction-by-faction: each faction in the order of play (Axis, Western, Soviet) performs 1.1.1 Steps 1-4 "
            "(discard, reveal, actions, select its next Pending Cards) before the next faction's Step 1, so a "
            "faction selects on the position before the later factions' reveals; reveals-first: every faction "
            "reveals, then every faction selects",
        ),
        Interpretation(
            "unplaced-interned", "force-pool", ("force-pool", "removed"), "1.1.1",
            "1.1.1 Step 2 repatriates interned units \"as per Placing Replacements (1.3.4)\" and is silent on a unit "
            "with no Replacement Location free: force-pool: it goes to the faction's Force Pool of the card's map; "
            "removed: it is removed from the game",
        ),
        Interpretation(
            "airborne-steps", "armor-counts", ("armor-counts", "infantry-only"), "1.3.3.2",
            "armor-counts: an armor step (which may be taken as an infantry-type unit) may pay for half of an "
            "airborne or marine unit; infantry-only: only infantry (or Minor Country) steps pay for them",
        ),
        Interpretation(
            "hidden-hand", "part-of-deck", ("part-of-deck", "whole-deck"), "1.1",
            "what another faction's face-down hand may hold: 1.1.1 Step 1 returns a recyclable card \"to the "
            "faction's deck for possible future play\" and 1.1.3 selects \"from those currently in its hand\"; the "
            "text does not say how a deck's cards come into the hand. part-of-deck: the hand holds hand-count of the "
            "faction's cards of that map's deck not public elsewhere, any of them; whole-deck: the hand is every "
            "such card (known exactly; a hand-count that differs is refused)",
        ),
        Interpretation(
            "calendar", list(DEFAULT_NAMES), None, "1.1.3.3",
            "the names of the four Seasonal Turns of a year, in order",
        ),
        Interpretation(
            "partisan-base-faction", "own", ("own", "any"), "1.3.4",
            "own: \"a Home Country hex that contains a Partisan Base marker\" is one with the placing faction's "
            "Partisan Base (or one whose faction is not given); any: a Partisan Base of any faction",
        ),
        Interpretation(
            "soviet-off-map-boxes", ["Eastern Europe"], None, "1.3.4",
            "DS 1.3.4 \"a supply source in Russia or a Soviet Off-Map Box\": the Off-Map Boxes of the DS map that "
            "are Soviet (names, in any order)",
        ),
    ]
}


def check_value(name: str, value: Any) -> Any:
    """Validate and normalise an interpretation value; raises ``ValueError``.

    ``calendar`` takes four names (a list, or one string separated by commas).
    """
    if name not in INTERPRETATIONS:
        raise ValueError(unknown("interpretation", name, INTERPRETATIONS))
    it = INTERPRETATIONS[name]
    if name == "calendar":
        names = value.split(",") if isinstance(value, str) else value
        if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) and n.strip() for n in names):
            raise ValueError("calendar takes the four names of the Seasonal Turns, e.g. Mar-Apr,May-June,Aug-Sept,Nov-Dec")
        return [n.strip() for n in names]
    if it.values is None:                     # a list of names (Off-Map Boxes)
        names = value.split(",") if isinstance(value, str) else value
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            raise ValueError(f"{name} takes a list of names, e.g. {','.join(it.default)}")
        return [n.strip() for n in names]
    v = str(value).strip().lower()
    if it.values is not None and v not in it.values:
        raise ValueError(f"interpretation {name} takes {' or '.join(it.values)}, not {value!r}")
    return v


def in_force(given: dict[str, Any]) -> dict[str, Any]:
    """Every interpretation with the value in force (``given`` overrides defaults)."""
    return {name: given.get(name, it.default) for name, it in INTERPRETATIONS.items()}
