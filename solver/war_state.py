"""12 War State: what starts Limited War and Total War, and what happens then.

* :func:`triggers` - the war state changes a position, a revealed card or an
  illegal Axis Current Card sets off on one map (12).
* :func:`change` - the change of one map's war state with every effect that
  goes with it: 12.2 (Outbreak of War units to the Delay Box) when Limited War
  goes into effect, the numbered steps of 12.3 when Total War does. Never
  backwards (12 "There is no going back").
* :func:`apply` - carries a :class:`Change` out on a copy of the position.

The steps of 12.3 are those of the DS rules (△): they apply to the DS map
(game ``ds``, or the DS map in AE); © steps only in AE, * steps only in DS
alone. The TK version of 12.3 is not part of the rules text this referee
implements: on the TK map the war state changes and no step is listed.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..model.game.calendar import parse_turn
from ..model.files.names import norm_name
from ..model.files.load import Position
from ..model.game.vocabulary import ALLIED, WarState, faction_name, join_and

from .engine.registry import rules

#: 12.3 Step 2: the Policy markers the Axis faction must remove.
MUST_REMOVE = ("disputes", "peace", "quarantine", "resistance", "treaty")
#: 12.3 Step 7: the countries whose Entry markers go on the Turn Track while they are PACs.
ENTRY_COUNTRIES = {"Britain": "British", "Communist China": "Communist Chinese", "Nationalist China": "Nationalist Chinese",
                   "Russia": "Russian"}


#: 12 "Changing War States: ... There is no going back to an earlier War State." - the ruling on a change back.
NO_GOING_BACK = rules["12"].row("Changing War States", text="There is no going back to an earlier War State.")
#: 12: a war state change and what sets it off, as a step of a procedure prints it.
WAR_STATE = rules["12"].row("War State")
#: 12.2 "When Limited War goes into effect: Each faction immediately places in the Delay Box any Outbreak of War
#: units it has in the Conditional Event Box."
LIMITED_WAR = rules["12.2"].row("When Limited War goes into effect")


class Backwards(ValueError):
    """A war state change to an earlier war state (12: no going back). :attr:`violation` is the
    ruling (:data:`NO_GOING_BACK` with the message)."""

    @property
    def violation(self):
        return NO_GOING_BACK.violation(str(self))


@dataclass
class Effect:
    """One effect of a war state change: ``rule`` as printed ("12.3 Step 6"),
    ``title``, ``message`` with the concrete result; ``applies`` false for a
    step that does not apply (the message says why); ``moves`` the markers and
    counters it places: ``{"marker", "map", "to"}`` (``to`` a Turn Track box
    such as ``Aug-Sept 1942`` or a box name); ``carry_out(position)`` what else it changes
    when :func:`apply` carries it out (*12.3 Step 8: European Total War and the ESV)."""
    rule: str
    title: str
    message: str
    applies: bool = True
    optional: bool = False
    moves: list = field(default_factory=list)
    carry_out: Optional[Callable[[Position], None]] = field(default=None, repr=False, compare=False)

    def as_json(self) -> dict:
        return {"rule": self.rule, "title": self.title, "applies": self.applies, "optional": self.optional,
                "message": self.message, "moves": self.moves}

    def __str__(self) -> str:
        return f"{self.rule} {self.title}: {self.message}"


@dataclass
class Change:
    """``map``'s war state goes from ``before`` to ``after`` because of ``cause``."""
    map: str
    before: str
    after: str
    cause: str
    effects: list = field(default_factory=list)
    removed_policies: list = field(default_factory=list)   # countries whose Policy marker goes (Steps 2-4)
    removed_truces: list = field(default_factory=list)

    @property
    def changes(self) -> bool:
        return self.before != self.after

    def as_json(self) -> dict:
        return {"map": self.map, "rule": WAR_STATE.number, "before": self.before, "after": self.after, "cause": self.cause,
                "effects": [e.as_json() for e in self.effects]}

    def headline(self) -> str:
        if not self.changes:
            return f"{WarState.of(self.before).display} stays in effect on the {self.map.upper()} map ({self.cause})"
        return (f"{WarState.of(self.after).display} goes into effect on the {self.map.upper()} map "
                f"(was {WarState.of(self.before).display}): {self.cause}")


def turn_name(pos: Position, t) -> str:
    """A Turn Track box as the state file names Seasonal Turns (interpretation ``calendar``)."""
    return t.name(pos.interpretations_in_force["calendar"])


def allied_at_war(pos: Position, map_: str) -> list[str]:
    """Allied Countries (aligned Western or Soviet) with a Posture of War on ``map_``'s Posture Display."""
    return [c.name for c in pos.countries_on(map_) if c.alignment in ALLIED and c.posture == "war"]


def missing_facts(pos: Position, map_: str) -> list[str]:
    """Facts 12 needs that the file does not give: a country at War on ``map_``'s display
    whose alignment is not given cannot be counted as an Allied Country."""
    return [f"{c.name} has a Posture of War on the {map_.upper()} map but no alignment is given, so it is not "
            "counted as an Allied Country (write alignment: western, soviet, axis or none)"
            for c in pos.countries_on(map_) if c.posture == "war" and c.alignment is None]


def triggers(pos: Position, map_: str, card=None, illegal_axis: bool = False) -> list[tuple[str, str]]:
    """The war state changes of 12 due on ``map_``: ``[(new state, cause), ...]``,
    latest war state first.

    ``card`` a Current Card just revealed (its ``starts``); ``illegal_axis``
    an illegal Axis Current Card whose Total War the Allies declare (or that
    interpretation ``illegal-axis-card=automatic`` makes automatic).
    """
    out = []
    if card is not None and card.starts and card.map == map_:
        out.append((WarState.of(card.starts), f"the {faction_name(card.faction)} faction plays card {card.number} {card.name}"))
    if illegal_axis:
        out.append((WarState.TOTAL, "the Axis faction made an illegal Current Card play (1.1.1)"))
    war = allied_at_war(pos, map_)
    if war:
        who = f"Allied Countr{'y' if len(war) == 1 else 'ies'} {join_and(sorted(war))}"
        out.append((WarState.LIMITED, f"{who} {'has' if len(war) == 1 else 'have'} a Posture of War"))
    out.sort(key=lambda x: -x[0].rank)
    return out


def due(pos: Position, map_: str, card=None, illegal_axis: bool = False) -> tuple[list, list]:
    """The :func:`triggers` of ``map_`` split by 12: ``(due, spent)``.

    An event starts a war state only while an earlier one is in effect ("Pre-War
    ends and Limited War goes into effect when ..."): ``due`` are the changes
    to a later war state than the one in effect, latest first; ``spent`` the
    triggers whose war state (or a later one) is already in effect - they
    change nothing and are no attempt to go back.
    """
    now = pos.war_state[map_]
    found = triggers(pos, map_, card, illegal_axis)
    return [t for t in found if t[0] > now], [t for t in found if t[0] <= now]


def _track(pos: Position, map_: str) -> dict:
    return pos.seasonal.turn_track.setdefault(map_, {})


def _find(track: dict, name: str):
    for k, v in track.items():
        if norm_name(k) == norm_name(name):
            return k, v
    return None, None


def change(pos: Position, map_: str, new: str, cause: str, remove: tuple = ()) -> Change:
    """The change of ``map_``'s war state to ``new`` and its effects (12, 12.2, 12.3).

    ``remove`` names the countries whose optional markers the Axis faction
    removes in 12.3 Steps 3-5 (Acceptance, Neutrality or Surrender Policy,
    Truce); by default it removes none. Raises :class:`Backwards` for a change
    to an earlier war state, ``ValueError`` for a marker the rules do not let
    it remove (the message says why).
    """
    before = pos.war_state[map_]
    new = WarState.of(new)
    if new < before:
        raise Backwards(f"{new.display} cannot go into effect on the {map_.upper()} map: "
                        f"{before.display} is in effect and there is no going back to an earlier War State (12)")
    ch = Change(map_, before, new, cause)
    if new == before:
        return ch
    if new == "limited":
        ch.effects.append(_outbreak(pos, map_, LIMITED_WAR.printed, LIMITED_WAR.title))
    else:
        ch.effects.extend(_total_war(pos, map_, before, ch, {norm_name(r) for r in remove}))
    return ch


def _outbreak(pos: Position, map_: str, rule: str, title: str) -> Effect:
    ob = pos.seasonal.boxes.get(map_)
    units = {f: list(v) for f, v in (ob.outbreak_of_war.items() if ob else ()) if v}
    if not units:
        return Effect(rule, title, f"no Outbreak of War units in a Conditional Event Box on the {map_.upper()} map; "
                      "nothing is placed in the Delay Box")
    parts = [f"{faction_name(f)}: {', '.join(us)}" for f, us in sorted(units.items())]
    moves = [{"marker": u, "map": map_, "from": f"{f} conditional-event-box", "to": "delay-box"}
             for f, us in sorted(units.items()) for u in us]
    return Effect(rule, title, "Outbreak of War units from the Conditional Event Box to the Delay Box: " + "; ".join(parts),
                  moves=moves)


def _optional_removal(row, present: list, t: "TotalWar", marker: str, what: str, none: str):
    """12.3 Steps 3 and 5: the Axis faction may remove these markers. Returns the
    :class:`Effect` and the countries whose marker it removes (``t.remove``: the
    case-folded names given with ``--remove``)."""
    gone = [c for c in present if norm_name(c.name) in t.remove]
    text = ((f"the Axis faction may remove {what}; "
             + (f"it removes {', '.join(c.name for c in gone)}" if gone else "it removes none (use --remove COUNTRY)"))
            if present else none)
    return t.effect(row, text, applies=bool(present), optional=True,
                    moves=[{"marker": marker.format(c.name), "map": t.map, "to": "removed"} for c in gone]), gone


@dataclass
class TotalWar:
    """What the steps of 12.3 read: the position, the map, the war state ``before``, the
    :class:`Change` they add to (``removed_policies`` / ``removed_truces``) and ``remove``, the
    case-folded countries whose optional markers the Axis faction removes."""
    pos: Position
    map: str
    before: str
    change: Change
    remove: set

    def effect(self, row, message: str, applies: bool = True, optional: bool = False, moves: tuple = (),
               carry_out=None) -> Effect:
        """The :class:`Effect` of step ``row`` with ``message`` (its number and title from the row)."""
        return Effect(row.printed, row.title, message, applies, optional, list(moves), carry_out)


def _step_outbreak(row, t: TotalWar) -> Effect:
    # Step 1 "each faction immediately places in the Delay Box any Outbreak of War units ... in the Conditional Event Box"
    e = _outbreak(t.pos, t.map, row.printed, row.title)
    e.message = "Total War directly from Pre-War: " + e.message
    return e


def _step_must_remove(row, t: TotalWar) -> Effect:
    # Step 2 "must remove all Disputes, Peace, Quarantine, Resistance, and Treaty Policy markers"
    must = [c for c in t.pos.countries_on(t.map) if c.policy in MUST_REMOVE]
    t.change.removed_policies.extend(c.name for c in must)
    return t.effect(row, ("the Axis faction must remove " + ", ".join(f"{c.policy.capitalize()} ({c.name})" for c in must)
                          if must else "no Disputes, Peace, Quarantine, Resistance or Treaty Policy marker on the Posture Display"),
                    applies=bool(must), moves=[{"marker": f"{c.policy.capitalize()} ({c.name})", "map": t.map, "to": "removed"}
                                               for c in must])


def _step_acceptance(row, t: TotalWar) -> Effect:
    # Step 3 "may remove any Acceptance Policy markers"
    acc = [c for c in t.pos.countries_on(t.map) if c.policy == "acceptance"]
    effect, gone = _optional_removal(row, acc, t, "Acceptance ({})", f"Acceptance ({', '.join(c.name for c in acc)})",
                                     "no Acceptance Policy marker on the Posture Display")
    t.change.removed_policies.extend(c.name for c in gone)
    return effect


def _step_neutrality(row, t: TotalWar) -> Effect:
    # Step 4 "may remove any Neutrality or Surrender Policy markers ..., provided he places the appropriate Government
    # marker in the Delay Box (14.22) ... cannot remove a Surrender Policy marker if its corresponding Enforced Peace
    # marker is on the Turn Track."
    ns = [c for c in t.pos.countries_on(t.map) if c.policy in ("neutrality", "surrender")]
    track = _track(t.pos, t.map)
    lines, moves = [], []
    for c in ns:
        ep = [k for k in track if "enforced peace" in norm_name(k) and norm_name(c.name) in norm_name(k)]
        blocked = c.policy == "surrender" and ep
        if norm_name(c.name) in t.remove:
            if blocked:
                raise ValueError(f"12.3 Step 4: the Surrender Policy marker of {c.name} cannot be removed: its Enforced "
                                 f"Peace marker {ep[0]} is on the Turn Track ({turn_name(t.pos, track[ep[0]])})")
            t.change.removed_policies.append(c.name)
            lines.append(f"removes {c.policy.capitalize()} ({c.name}) and places the {c.name} Government marker in the Delay Box (14.22)")
            moves += [{"marker": f"{c.policy.capitalize()} ({c.name})", "map": t.map, "to": "removed"},
                      {"marker": f"{c.name} Government", "map": t.map, "to": "delay-box"}]
        elif blocked:
            lines.append(f"cannot remove Surrender ({c.name}): its Enforced Peace marker {ep[0]} is on the Turn Track")
        else:
            lines.append(f"may remove {c.policy.capitalize()} ({c.name}) by placing the {c.name} Government marker in the "
                         "Delay Box (14.22); it keeps it (use --remove COUNTRY)")
    return t.effect(row, "the Axis faction " + "; ".join(lines) if ns else "no Neutrality or Surrender Policy marker on the Posture Display",
                    applies=bool(ns), optional=True, moves=moves)


def _step_truce(row, t: TotalWar) -> Effect:
    # Step 5 "may remove any Truce markers"
    tr = [c for c in t.pos.countries_on(t.map) if c.posture == "truce-affected"]
    effect, gone = _optional_removal(row, tr, t, "Truce ({})", f"the Truce markers of {', '.join(c.name for c in tr)}",
                                     "no Truce marker on the Posture Display")
    t.change.removed_truces.extend(c.name for c in gone)
    return effect


def _step_uscl(row, t: TotalWar) -> Effect:
    # Step 6 "Place the Increase USCL marker three Seasonal Turns ahead on the Turn Tracks."
    pos, now = t.pos, t.pos.turn
    t6 = now.ahead(3)
    tracks = list(pos.maps)
    return t.effect(row, f"the Increase USCL marker goes three Seasonal Turns ahead: {turn_name(pos, now)} + 3 = "
                         f"{turn_name(pos, t6)} on the Turn Track{'s of both maps' if len(tracks) > 1 else ''}",
                    moves=[{"marker": "Increase USCL", "map": m, "to": turn_name(pos, t6)} for m in tracks])


def _step_entry(row, t: TotalWar) -> Effect:
    # Step 7 "If any of Britain, Communist China, Nationalist China or Russia are PACs, place the respective ... Entry
    # marker(s) 15 Seasonal Turns ahead" (a PAC whose Policy marker Steps 2-4 removed is one no more)
    pos, now = t.pos, t.pos.turn
    removed = {norm_name(n) for n in t.change.removed_policies}
    pacs = []
    for name in ENTRY_COUNTRIES:
        c = pos.country(name, t.map)
        if c is not None and c.posture == "policy-affected" and norm_name(c.name) not in removed:
            pacs.append((c.name, ENTRY_COUNTRIES[name]))
    t7 = now.ahead(15)
    return t.effect(row, (f"{', '.join(n for n, _ in pacs)} {'is a PAC' if len(pacs) == 1 else 'are PACs'}: the "
                          + ", ".join(f"{a} Entry" for _, a in pacs) + f" marker{'s go' if len(pacs) > 1 else ' goes'}"
                          + f" 15 Seasonal Turns ahead: {turn_name(pos, now)} + 15 = {turn_name(pos, t7)}")
                    if pacs else "none of Britain, Communist China, Nationalist China or Russia is a PAC (Posture policy-affected)",
                    applies=bool(pacs), moves=[{"marker": f"{a} Entry", "map": t.map, "to": turn_name(pos, t7)} for _, a in pacs])


def _european_total_war(p: Position) -> None:
    """*12.3 Step 8 carried out on ``p``: European Total War goes into effect, the ESV decreases by 2."""
    p.european_war = "total"
    if p.seasonal.esv is not None:
        p.seasonal.esv -= 2


def _step_european_total_war(row, t: TotalWar) -> Effect:
    # * Step 8 "decrease the ESV by 2 and place European Total War markers in the European War Box of both Allied factions"
    esv = t.pos.seasonal.esv
    esv_text = f"the ESV decreases by 2 ({esv} -> {esv - 2})" if esv is not None else "the ESV decreases by 2 (esv not given in the state file)"
    return t.effect(row, esv_text + "; European Total War markers go into the Western and Soviet European War Boxes",
                    moves=[{"marker": "European Total War", "map": "ds", "to": f"{f} european war box"} for f in ALLIED],
                    carry_out=_european_total_war)


def _step_us_entry(row, t: TotalWar) -> Effect:
    # © Step 9 "Place the US Entry marker one Seasonal Turn ahead on the TK map ... move the US Entry marker forward to
    # the next Seasonal Turn if necessary."
    pos = t.pos
    key, at = _find(_track(pos, "tk"), "US Entry")
    t9 = pos.turn.next()
    if at is not None and at <= t9:
        return t.effect(row, f"the US Entry marker stays in the {turn_name(pos, at)} box of the TK Turn Track: it is already "
                             f"no later than one Seasonal Turn ahead ({turn_name(pos, t9)})")
    was = f"from {turn_name(pos, at)} " if at is not None else "(it is not on the TK Turn Track) "
    return t.effect(row, f"the US Entry marker moves {was}to {turn_name(pos, t9)} on the TK Turn Track: one Seasonal Turn ahead",
                    moves=[{"marker": key or "US Entry", "map": "tk", "to": turn_name(pos, t9)}])


def _step_vj_day(row, t: TotalWar) -> Effect:
    # Step 10 "Place the V-J Day marker 16 Seasonal Turns (i.e., four Years) ahead on the Turn Track."
    pos, now = t.pos, t.pos.turn
    t10 = now.ahead(16)
    return t.effect(row, f"the V-J Day marker goes 16 Seasonal Turns (four years) ahead: {turn_name(pos, now)} + 16 = {turn_name(pos, t10)}",
                    moves=[{"marker": "V-J Day", "map": t.map, "to": turn_name(pos, t10)}])


def _from_pre_war(t: TotalWar):
    if t.before != "pre-war":
        return f"does not apply: Total War goes into effect from {WarState.of(t.before).display}, not from Pre-War"
    return None


def _european_war_not_total(t: TotalWar):
    if t.pos.game != "ds":
        return "applies only to DS played alone (*)"
    if t.pos.european_war == "total":
        return "European Total War is already in effect: the ESV and the European War Boxes do not change"
    return None


def _in_ae(t: TotalWar):
    return None if t.pos.game == "ae" else "applies only in AE (©)"


def _step(n: int, title: str, run, text: str, when=None, mark: str = ""):
    return rules["12.3"].row(title, step=f"Step {n}", mark=mark, run=run, when=when, text=text, maps=("ds",))


#: 12.3 Total War Effects (△ the DS rules): the steps, in order. ``when(t)`` says why a step does not apply
#: (None: it applies), ``run(row, t)`` its :class:`Effect`.
TOTAL_WAR_STEPS = (
    _step(1, "Outbreak of War units", _step_outbreak, "If Total War goes into effect directly from Pre-War, each faction "
          "immediately places in the Delay Box any Outbreak of War units it has in the Conditional Event Box.", _from_pre_war),
    _step(2, "Remove Policy markers", _step_must_remove, "The Axis faction must remove all Disputes, Peace, Quarantine, "
          "Resistance, and Treaty Policy markers from the Posture Display."),
    _step(3, "Acceptance Policy markers (optional)", _step_acceptance,
          "The Axis faction may remove any Acceptance Policy markers from the Posture Display."),
    _step(4, "Neutrality and Surrender Policy markers (optional)", _step_neutrality,
          "The Axis faction may remove any Neutrality or Surrender Policy markers from the Posture Display, provided he "
          "places the appropriate Government marker in the Delay Box (14.22)."),
    _step(5, "Truce markers (optional)", _step_truce, "The Axis faction may remove any Truce markers from the Posture Display"),
    _step(6, "Increase USCL marker", _step_uscl, "Place the Increase USCL marker three Seasonal Turns ahead on the Turn Tracks."),
    _step(7, "Entry markers", _step_entry, "If any of Britain, Communist China, Nationalist China or Russia are PACs, place "
          "the respective Entry marker(s) 15 Seasonal Turns ahead on the Turn Track."),
    _step(8, "European Total War", _step_european_total_war, "If European Total War is not already in effect, decrease "
          "the ESV by 2 and place European Total War markers in the European War Box of both Allied factions.",
          _european_war_not_total, "*"),
    _step(9, "US Entry marker", _step_us_entry, "Place the US Entry marker one Seasonal Turn ahead on the TK map.", _in_ae, "©"),
    _step(10, "V-J Day marker", _step_vj_day,
          "Place the V-J Day marker 16 Seasonal Turns (i.e., four Years) ahead on the Turn Track."),
)
#: 12.3 on the TK map: the steps of the rules text are the DS map's (△).
TK_TOTAL_WAR = rules["12.3"].row("When Total War goes into effect", maps=("tk",))


def _total_war(pos: Position, map_: str, before: str, ch: Change, remove: set) -> list[Effect]:
    """The :data:`TOTAL_WAR_STEPS` in order, each applied or said not to apply (12.3; none on the TK map)."""
    if map_ != "ds":
        return [Effect(TK_TOTAL_WAR.printed, TK_TOTAL_WAR.title,
                       "the steps of 12.3 given in the rules text are the DS map's (△); the TK map's version is not "
                       "part of the rules text this referee implements, so no step is listed", applies=False)]
    t = TotalWar(pos, map_, before, ch, remove)
    out = []
    for row in TOTAL_WAR_STEPS:
        why_not = row.when(t) if row.when is not None else None
        out.append(t.effect(row, why_not, applies=False) if why_not else row.run(row, t))
    return out


def apply(pos: Position, ch: Change) -> Position:
    """A copy of ``pos`` with the change ``ch`` carried out: war state, Turn
    Track, boxes, Policy and Truce markers, ESV and European War (12.3)."""
    p = copy.deepcopy(pos)
    if not ch.changes:
        return p
    p.war_state[ch.map] = WarState.of(ch.after)
    names = p.interpretations_in_force["calendar"]
    for e in ch.effects:
        if not e.applies:
            continue
        for mv in e.moves:
            m, to = mv["map"], mv["to"]
            boxes = p.seasonal.map_boxes(m)
            if mv.get("from", "").endswith("conditional-event-box"):
                f = mv["from"].split()[0]
                boxes.outbreak_of_war[f] = [u for u in boxes.outbreak_of_war.get(f, []) if u != mv["marker"]]
                boxes.delay_box.append(mv["marker"])
            elif to == "delay-box":
                boxes.delay_box.append(mv["marker"])
            elif to == "removed":
                pass
            elif to.endswith("european war box"):
                p.markers.unnamed.boxes.setdefault(to, []).append(mv["marker"])
            else:
                track = _track(p, m)
                key, _ = _find(track, mv["marker"])
                track[key or mv["marker"]] = parse_turn(to, names)
    for name in ch.removed_policies:            # the marker leaves this map's Posture Box: no longer a PAC there
        e = p.countries.get(norm_name(name))
        if e is not None:
            shown = e.on(ch.map)
            e.set(ch.map, "policy", None, p.maps)
            if shown is not None and shown.posture == "policy-affected":
                e.set(ch.map, "posture", None, p.maps)
    for name in ch.removed_truces:
        e = p.countries.get(norm_name(name))
        if e is not None:
            e.set(ch.map, "posture", None, p.maps)
    for e in ch.effects:
        if e.applies and e.carry_out is not None:
            e.carry_out(p)
    return p
