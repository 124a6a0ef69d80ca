"""1.3.1 Current Card Seasonal Replacements and 1.3.2 Additional Seasonal Replacements: the steps received.

Steps received are facts, computed in plain Python before any model is
built (:func:`steps_received`), and grouped into *pools* of interchangeable
steps (:func:`make_pools`). The markers of 1.3.2 are a table
(:data:`MARKER_RULES`), one row per rule of each map's list (△).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Iterable, Optional

from ...model.files.names import norm_name
from ...model.files.load import Position
from ...model.game.replacements import StepLine
from ...model.game.vocabulary import faction_name

from ..engine.registry import Row, rules

TK, DS = ("tk",), ("ds",)
#: 1.3.1: the steps of the Current Card (a stated line that names no marker: 1.3.2).
CURRENT_CARD = rules["1.3.1"].row("Current Card Seasonal Replacements")
STATED = rules["1.3.2"].row("Additional Seasonal Replacements")


@dataclass(frozen=True)
class Pool:
    """Interchangeable steps received: ``key`` (unique label, as printed in
    ``paid-with`` and ``lost``), ``nationality`` (a country, ``minor``,
    ``Communist Chinese``, ``Nationalist Chinese``), ``kind`` (infantry /
    armor / any), ``colonial`` (False, True or a code), ``pairs_to_armor``,
    ``count`` steps, ``sources`` where they come from, ``rule`` the rule that
    grants them (and their pair exchange)."""
    key: str
    nationality: str
    kind: str
    colonial: Any = False
    pairs_to_armor: bool = False
    count: int = 0
    sources: tuple = ()
    rule: Row = STATED

    @property
    def special(self) -> Optional[str]:
        """``minor`` (1.3.3.1), ``communist`` / ``nationalist`` (1.3.1 △ DS Chinese steps), or None."""
        n = norm_name(self.nationality)
        if n in ("minor", "minor country"):
            return "minor"
        if n == "communist chinese":
            return "communist"
        if n == "nationalist chinese":
            return "nationalist"
        return None


def colonial_words(colonial) -> str:
    """The words a colonial step or unit limit adds before its kind (1.3.3.5): ``""`` (not colonial),
    ``"colonial "`` or, with a code, ``"colonial Ind "``."""
    if not colonial:
        return ""
    return "colonial " + (f"{colonial} " if isinstance(colonial, str) else "")


def pool_key(line: StepLine, pair_label: Optional[str] = None) -> str:
    """The label of a line's pool: ``Germany infantry``, ``Britain colonial Ind infantry``,
    ``minor step`` (kind ``any``), ``Japan infantry (Hakko Ichiu)`` (pairs-to-armor)."""
    kind = "step" if line.kind == "any" else line.kind
    key = f"{line.nationality} {colonial_words(line.colonial)}{kind}"
    if line.pairs_to_armor:
        key += f" ({pair_label or 'pairs-to-armor'})"
    return key


# =============================================================================== 1.3.2 markers

def swb_markers(pos: Position, map_: str) -> list:
    """The marker names in ``map_``'s Strategic Warfare Box: its ``markers`` (in a one-map game
    also those written without a map) and its ``boxes`` Strategic Warfare Box (where ``reveal``
    puts what a card places there, 1.1.2.2). In AE each map has its own box: a marker written
    without a map is in neither (:func:`unplaced_notes` says so)."""
    names, _ = pos.markers.box("strategic warfare box", map_)
    mb = pos.seasonal.boxes.get(map_)
    if mb is not None:
        names += [str(x) for x in mb.strategic_warfare_box]
    return list(dict.fromkeys(names))


def unplaced_notes(pos: Position, map_: str) -> list[str]:
    """What the file leaves unsaid for ``map_``'s Segment (AE): markers listed in a Strategic
    Warfare Box without a map, which count on neither map."""
    _, unplaced = pos.markers.box("strategic warfare box", map_)
    here = {norm_name(x) for x in swb_markers(pos, map_)}
    return [pos.markers.unplaced_note(x, "strategic warfare box", map_, " or boxes")
            for x in unplaced if norm_name(x) not in here]


def in_swb(pos: Position, name: str, map_: str) -> bool:
    """True when marker ``name`` is in ``map_``'s Strategic Warfare Box."""
    return any(norm_name(x) == norm_name(name) for x in swb_markers(pos, map_))


def _vp(pos: Position, side: str, map_: str) -> Optional[int]:
    vp, _ = pos.markers.vp(map_)
    return vp.box if vp is not None and vp.side == side else None


def _anti_comintern(pos, f, m):
    # TK 1.3.2.1: Anti-Comintern Crusade in the SWB and Russia's Posture is War: one German step (any).
    russia = pos.country("Russia", m)
    if f == "axis" and in_swb(pos, "Anti-Comintern Crusade", m) and russia is not None and russia.posture == "war":
        yield StepLine("Germany", "any", 1, colonial=True, source="Anti-Comintern Crusade (Russia's Posture is War)")


def _minor_production(pos, f, m):
    # 1.3.2.x: a faction's Minor Country Production +1 / +2 marker in the SWB: one / two Minor Country steps.
    for name in swb_markers(pos, m):
        n = norm_name(name)
        for plus in (1, 2):
            if f"minor country production +{plus}" in n and norm_name(faction_name(f)) in n:
                yield StepLine("minor", "any", plus, source=f"Minor Country Production +{plus} ({name})")


def _vp_steps(marker: str, side: str, nat: str, own_box: bool, pos, f, m):
    # A VP Track marker while the VP marker reads `side`: one infantry step per VP in the VP marker's box
    # (and, `own_box`, per VP in the marker's own box); pairs may be exchanged for armor steps.
    # (A plain function bound with partial, not a closure: its body runs when the rule is read, where
    # mutation testing can see it.)
    if f != "axis":
        return
    own = pos.markers.vp_track_box(marker, m)
    vp = _vp(pos, side, m)
    if own is None or vp is None:
        return
    n = vp + (own if own_box else 0)
    text = f"VP marker reads {side.replace('-', ' ').title()} in the {vp} VP Box"
    if own_box:
        text += f", {marker} marker in the {own} VP Box"
    if n:
        yield StepLine(nat, "infantry", n, pairs_to_armor=True, source=f"{marker} ({text})")


def _us_victory(map_, pos, f, m):
    # US Victory Program in the SWB: one US infantry step (TK: and one US armor step).
    if f == "western" and in_swb(pos, "US Victory Program", m):
        yield StepLine("US", "infantry", 1, source="US Victory Program")
        if map_ == "tk":
            yield StepLine("US", "armor", 1, source="US Victory Program")


def _war_economy(pos, f, m):
    # TK 1.3.2.6: a country's War Economy +1 / +2 marker in the SWB: its faction receives one / two steps of it.
    for name in swb_markers(pos, m):
        n = norm_name(name)
        for plus in (1, 2):
            suffix = f" war economy +{plus}"
            if n.endswith(suffix):
                country = name.strip()[: -len(suffix)].strip()
                c = pos.country(country, m)
                if c is not None and c.alignment == f:
                    yield StepLine(c.name, "any", plus, source=f"War Economy +{plus} ({name})")


#: 1.3.2 Additional Seasonal Replacements, per map (△): one row per rule of each map's list, its ``run(pos,
#: faction, map)`` -> the :class:`StepLine` s it grants (``source``: the marker and the facts read).
MARKER_RULES = (
    rules["1.3.2.1"].row("Anti-Comintern Crusade", maps=TK, run=_anti_comintern),
    rules["1.3.2.2"].row("Minor Country Production", maps=TK, run=_minor_production),
    rules["1.3.2.3"].row("No Retreat", maps=TK, run=partial(_vp_steps, "No Retreat", "axis-tide", "Germany", False)),
    rules["1.3.2.4"].row("SS Europa", maps=TK, run=partial(_vp_steps, "SS Europa", "axis-tide", "Germany", True)),
    rules["1.3.2.5"].row("US Victory Program", maps=TK, run=partial(_us_victory, "tk")),
    rules["1.3.2.6"].row("War Economy", maps=TK, run=_war_economy),
    rules["1.3.2.1"].row("Hakko Ichiu", maps=DS, run=partial(_vp_steps, "Hakko Ichiu", "rising-sun", "Japan", True)),
    rules["1.3.2.2"].row("Japanese Mandate", maps=DS, run=partial(_vp_steps, "Japanese Mandate", "rising-sun", "Japan", False)),
    rules["1.3.2.3"].row("Minor Country Production", maps=DS, run=_minor_production),
    rules["1.3.2.4"].row("US Victory Program", maps=DS, run=partial(_us_victory, "ds")),
)


def steps_received(pos: Position, faction: str, map_: str) -> list:
    """The steps ``faction`` receives in its Replacements Segment on ``map_``.

    When the state file states ``steps`` they are used as given. Otherwise
    1.3.1 (the Current Card's Replacements Segment box) and 1.3.2 (the
    markers in the Strategic Warfare Box and on the VP Track) are applied.
    Returns a list of :class:`~model.game.replacements.StepLine` (``count`` in steps),
    each with its ``source`` (the rule number and marker or card) and ``rule``.
    """
    fr = pos.replacements.get((map_, faction))
    if fr is not None and fr.steps is not None:
        return list(fr.steps)
    out = []
    fm = pos.factions.get(faction, {}).get(map_)
    if fm is not None and fm.current:
        card = pos.cards[fm.current]
        for box in card.replacements:
            out.append(StepLine(box.nationality, box.kind, box.steps, box.colonial, box.pairs_to_armor,
                                f"1.3.1 Current Card {card.text}", CURRENT_CARD.number, f"Current Card {card.text}"))
    for r in MARKER_RULES:
        if map_ in r.maps:
            for line in r.run(pos, faction, map_):
                out.append(StepLine(line.nationality, line.kind, line.count, line.colonial, line.pairs_to_armor,
                                    f"{r.number} {line.source}", r.number, r.title))
    return out


def _rule_of(line: StepLine, map_: Optional[str]) -> tuple[Row, str]:
    """The rule granting ``line`` and its pair label. A derived line names its rule and label
    (:func:`steps_received`: 1.3.1 with ``Current Card ...``, a marker rule of 1.3.2 with its
    title). A stated line names none: a ``source`` that names a marker of 1.3.2 gives that
    rule, else 1.3.2 and the label ``pairs-to-armor``."""
    if line.rule == CURRENT_CARD.number:
        return CURRENT_CARD, line.label
    if line.rule is not None:                    # numbers repeat across the maps: the title tells them apart
        r = next(r for r in MARKER_RULES if (r.number, r.title) == (line.rule, line.label))
        return r, r.title
    named = (line.label or "").split(" (")[0].strip()
    number, _, rest = named.partition(" ")
    if rest and number[:1].isdigit():            # "1.3.2.1 Hakko Ichiu": the rule's number, then its title
        named = rest.strip()
    for r in MARKER_RULES:
        if (map_ is None or map_ in r.maps) and named and norm_name(named) == norm_name(r.title):
            return r, r.title
    return STATED, named or "pairs-to-armor"


def make_pools(lines: Iterable[StepLine], map_: Optional[str] = None) -> dict:
    """Group step lines into :class:`Pool` s keyed by label (equal lines add up). Returns ``{key: Pool}`` in order."""
    pools: dict = {}
    for line in lines:
        rule, label = _rule_of(line, map_)
        key = pool_key(line, label)
        old = pools.get(key)
        if old is None:
            pools[key] = Pool(key, line.nationality, line.kind, line.colonial, line.pairs_to_armor, line.count,
                              (line.source,), rule)
        else:
            pools[key] = Pool(key, old.nationality, old.kind, old.colonial, old.pairs_to_armor, old.count + line.count,
                              old.sources + (line.source,), old.rule)
    return pools
