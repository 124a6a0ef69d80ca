"""1.1.1 Option Card Procedure (Steps 1, 2 and *5): revealing a faction's Pending Cards.

The interned units on a card's back are repatriated by :mod:`solver.option_cards.repatriation` (Step 2); the
actions of the new Current Card (1.1.2 card-type removal, 1.1.2.2 Reinforcements, *1.1.4 ESV
Adjustment) are :mod:`solver.option_cards.actions`.

:func:`reveal` takes a position whose ``turn`` is the Seasonal Turn of the
reveal (the Current Cards were revealed in the Seasonal Turn before, the
Pending Cards selected then) and returns a :class:`Reveal`: every step with
its rule number and concrete values, and the resulting position.

The legality of a revealed card (1.1.1 Step 2: "in compliance with its Option
Card Selection Restrictions at the time it was selected") is decided by the
very rules of :mod:`solver.selection.rules`, evaluated on the position of the
earlier turn (``previous``); without it the ruling says the check could not
be made and the card is taken as played.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ...model.files.errors import InputError, Problem, join_path
from ...model.files.load import PlayedCard, Position, load_position
from ...model.game.vocabulary import faction_name

from .. import war_state as ws
from ..engine.constraints import Evaluator
from ..engine.registry import rules
from ..selection.rules import EMPTY, RULES, make_context, post
# after solver.selection.rules: the rows of 1.1.1 are registered (and listed in docs/rules.md) in the order of the rulebook
from .repatriation import check_placement, repatriate_on_reveal
from ..replacements import interpretations_used
from .actions import ESV, REINFORCEMENTS, check_removals, esv_adjustment, perform_removals, reinforcements
from .steps import Step, step

# The rows of the procedure, as its steps print them.
NO_SECTION = rules["1.1.1"].row(text="a faction reveals on each map of its sections")
DISCARD = rules["1.1.1"].row("Discard the Current Card", step="Step 1")
REVEAL = rules["1.1.1"].row("Reveal the Pending Card", step="Step 2")
ILLEGAL = rules["1.1.1"].row("Illegal Current Card", step="Step 2")
TWIN = rules["1.1.1"].row("Remove the © twin", step="Step 2", mark="©")
TOTAL_WAR_OPTION = rules["1.1.1"].row("Total War option", text="either Allied faction may declare Total War")



@dataclass
class MapReveal:
    """What happened on one map: the card ``discarded`` and where it went
    (``discarded_to``: ``hand`` / ``set-aside``), the card ``revealed``,
    ``legal`` (True, False, or None when the check could not be made) with its
    ``violations``, the new ``current`` card, the © ``twin_removed``, the
    ``reinforcements`` and the ``esv`` adjustment."""
    map: str
    discarded: Optional[str] = None
    discarded_to: Optional[str] = None
    revealed: Optional[str] = None
    legal: Optional[bool] = None
    checked_against: Optional[str] = None
    violations: list = field(default_factory=list)
    current: Optional[str] = None
    twin_removed: Optional[str] = None
    reinforcements: list = field(default_factory=list)
    esv: Optional[dict] = None
    #: 1.1.1 Step 2: the interned units of the revealed card (:class:`~solver.option_cards.repatriation.Repatriated` each),
    #: None when it carried none; ``refused``: the violations of a player's placement (nothing placed)
    repatriated: Optional[list] = None
    refused: list = field(default_factory=list)
    #: 1.1.2: the removals the Current Card's actions call for (:func:`card_removals` entries), None when none
    removals: Optional[list] = None

    def as_json(self) -> dict:
        out = {
            "discarded": {"card": self.discarded, "to": self.discarded_to} if self.discarded else None,
            "revealed": self.revealed, "legal": self.legal, "checked-against": self.checked_against,
            "violations": [v.as_json() for v in self.violations], "current": self.current,
            "twin-removed": self.twin_removed, "reinforcements": self.reinforcements, "esv": self.esv,
        }
        if self.repatriated is not None:       # only a card that carried interned units (the JSON stays as it was)
            out["repatriated"] = [x.as_json() for x in self.repatriated]
            out["repatriation-refused"] = [v.as_json() for v in self.refused]
        if self.removals is not None:          # only a card whose actions remove a type of card
            out["removals"] = copy.deepcopy(self.removals)
        return out


@dataclass
class Reveal:
    """The result of :func:`reveal`: ``maps`` (map -> :class:`MapReveal`),
    ``steps`` in the order of play, ``war_state`` changes (:class:`solver.war_state.Change`),
    ``total_war_option`` (the Allies may declare Total War, 1.1.1), and the
    resulting ``position``."""
    faction: str
    turn: str
    maps: dict
    steps: list
    war_state: list
    total_war_option: Optional[dict]
    interpretations: dict
    position: Position

    @property
    def illegal(self) -> bool:
        return any(r.legal is False for r in self.maps.values())

    @property
    def refused(self) -> list:
        """The violations of a player's placement of repatriated units (1.1.1 Step 2, 1.3.4): the reveal is
        refused and nothing is to be written."""
        return [v for r in self.maps.values() for v in r.refused]

    @property
    def open_choices(self) -> list:
        """The 1.1.2 removals that wait for the player's choice (several cards may be removed, none chosen)."""
        return [e for r in self.maps.values() for e in (r.removals or []) if e["removed"] is None and e["candidates"]]

    def as_json(self) -> dict:
        return {
            "faction": self.faction, "turn": self.turn, "legal": None if any(r.legal is None and r.revealed for r in self.maps.values()) and not self.illegal else not self.illegal,
            "maps": {m: r.as_json() for m, r in self.maps.items()},
            "steps": [s.as_json() for s in self.steps],
            "war-state": [c.as_json() for c in self.war_state],
            "total-war-option": self.total_war_option,
            "interpretations": self.interpretations,
        }


# --------------------------------------------------------------------------- 1.1.1 Step 2 check

def load_previous(pos: Position, path=None) -> Optional[Position]:
    """The position of the Seasonal Turn the Pending Cards were selected in:
    ``path`` (a command-line file) or the state's ``previous``, or None.

    Raises :class:`InputError` when that file is broken or is not the state
    of the Seasonal Turn before ``pos.turn``.
    """
    shown = str(path) if path is not None else pos.seasonal.previous
    target = path if path is not None else pos.seasonal.previous_path
    if target is None:
        return None
    if not Path(target).exists():
        raise InputError(Problem(pos.file, "previous", f"the state file of the previous Seasonal Turn {shown} is not found (looked in {target})"))
    where = "previous" if path is None else "--previous"
    try:
        prev = load_position(target, previous_link=False)     # its own previous: is the chain's, not this reveal's
    except InputError as exc:       # name the file this one was reached from, and the key
        raise InputError([Problem(pos.file, where, f"{shown}, the state file of the previous Seasonal Turn: "
                                  + (f"{p.where}: " if p.where else "") + p.message) for p in exc.problems]) from None
    if prev.turn.next() != pos.turn:
        raise InputError(Problem(pos.file, where, f"{shown} is the position of {prev.turn}; Pending Cards selected then are "
                                 f"revealed in {prev.turn.next()}, not in {pos.turn}"))
    if prev.maps != pos.maps:
        raise InputError(Problem(pos.file, where, f"{shown} is a game {prev.game}, this is a game {pos.game}"))
    for m in pos.maps:
        if prev.war_state[m] > pos.war_state[m]:
            raise InputError(Problem(pos.file, where, f"{shown} has {prev.war_state[m].display} on the "
                                     f"{m.upper()} map and this position {pos.war_state[m].display}: there is "
                                     "no going back to an earlier War State (12)"))
    return prev


def _same_pending(pos: Position, prev: Position, faction: str, pending: dict) -> None:
    """1.1.1 Step 2 reveals the Pending Card selected in ``prev``: where ``prev`` holds a Pending Card
    of ``faction``, ``pos`` must hold the same one. Raises :class:`~model.files.errors.InputError` (at
    the Pending Card of ``pos``) when they differ."""
    for m in pos.maps:
        pfm = prev.factions.get(faction, {}).get(m)
        if pfm is None or pfm.pending is None or pfm.pending == pending.get(m):
            continue
        fm = pos.factions[faction].get(m)
        if pending.get(m) is None and fm is not None and fm.current == pfm.pending:
            raise InputError(Problem(pos.file, join_path("factions", faction, m, "current"),
                                     f"{pos.card_text(fm.current)}, selected in {prev.turn} ({prev.file}), is already "
                                     f"the Current Card: it was revealed this Seasonal Turn, and a faction reveals "
                                     f"once a Season (1.1.1 Step 2)"))
        now = pos.card_text(pending[m]) if pending.get(m) else "no Pending Card"
        raise InputError(Problem(pos.file, join_path("factions", faction, m, "pending"),
                                 f"the Pending Card revealed is {now}, but {pos.card_text(pfm.pending)} was selected "
                                 f"in {prev.turn} ({prev.file}); 1.1.1 Step 2 reveals the card selected"))


def selection_violations(prev: Position, faction: str, pending: dict) -> dict:
    """The violations of 1.1.3 by each Pending Card, in the position ``prev``
    in which it was selected: map -> [Violation].

    The Pending Cards are put back in ``prev``'s hand (the selection was made
    from the hand) and the selection rules of :mod:`solver.selection.rules` are
    evaluated on the choice ``pending``; a card's violations are those of the
    broken constraints its literal takes part in. "No Pending Card" (1.1.3, a
    slot left empty) is not a play and makes no card illegal.
    Raises :class:`~model.files.errors.InputError` when the faction is not in ``prev``.
    """
    p = copy.deepcopy(prev)
    faction = p.require_faction(faction)
    for m in p.maps:
        fm = p.factions[faction].get(m)
        if fm is not None and fm.pending is not None and fm.pending not in fm.hand:
            fm.hand.append(fm.pending)
            fm.pending = fm.selected = None
    choice = {m: pending.get(m) for m in p.maps}
    ctx = make_context(p, faction, {m: [v] for m, v in choice.items() if v})
    evaluator = Evaluator([c for c in post(RULES, ctx) if c.rule != EMPTY])
    out: dict = {m: [] for m in p.maps}
    for broken in evaluator.broken(choice):
        for s, v in broken.held:
            if v is not None and v == choice.get(s) and broken.violation not in out[s]:
                out[s].append(broken.violation)
    return out


# --------------------------------------------------------------------------- the procedure

def _twin(pos: Position, card) -> list[tuple[str, str]]:
    """The identically named © cards in the faction's other deck: [(map, card id)]."""
    return [(c.map, cid) for cid, c in pos.cards.items() if c.map in pos.maps and card.is_twin_of(c)]


def _to_hand(fm, cid: str) -> None:
    """``cid`` goes back into the hand of the map section ``fm``; into a hand that lies face down (a public file
    read without its private file: another player checking the reveal) it goes face down, one card more."""
    if fm.hand_face_down is not None:
        fm.hand_face_down += 1
    else:
        fm.hand.append(cid)


def _discard(pos: Position, fm, m: str, r: MapReveal) -> Step:
    """1.1.1 Step 1 on map ``m``: the Current Card of ``fm`` (the faction's map section of the position
    being changed) is discarded, to the hand when recyclable (♺), else set aside."""
    if not fm.current:
        return step(DISCARD, "no Current Card to discard", m)
    c = pos.cards[fm.current]
    r.discarded = fm.current
    fm.played.append(PlayedCard(fm.current, pos.turn.ahead(-1)))
    if c.recyclable:
        r.discarded_to = "hand"
        _to_hand(fm, fm.current)
        msg = f"{pos.card_text(c.id)} is discarded; it is recyclable (♺) and is returned to the faction's deck for possible future play"
    else:
        r.discarded_to = "set-aside"
        msg = f"{pos.card_text(c.id)} is discarded and set aside; it cannot be played again"
    fm.current = None
    return step(DISCARD, msg, m)


def _reveal_pending(pos: Position, faction: str, fm, m: str, r: MapReveal, previous: Optional[Position],
                    checked: Optional[dict]) -> Step:
    """1.1.1 Step 2 on map ``m``: the Pending Card is revealed and becomes the Current Card, unless it was
    illegal when selected (``checked``: the violations by map, None when no check could be made); an
    illegal card returns to the hand."""
    cid = fm.pending
    fm.pending = fm.selected = None
    r.revealed = cid
    if checked is None:
        r.legal, r.current, fm.current = None, cid, cid
        return step(REVEAL,
                    f"{pos.card_text(cid)} is revealed and becomes the Current Card; the check against the "
                    f"Option Card Selection Restrictions at the time it was selected ({pos.turn.ahead(-1)}) could not be "
                    "made: the state file names no previous position (previous: FILE or --previous FILE)", m)
    r.checked_against = f"{previous.file} ({previous.turn})"
    r.violations = checked.get(m, [])
    r.legal = not r.violations
    if r.legal:
        r.current, fm.current = cid, cid
        return step(REVEAL,
                    f"{pos.card_text(cid)} is revealed and becomes the Current Card; it was legally selected "
                    f"in {previous.turn} (checked against {previous.file})", m)
    _to_hand(fm, cid)
    why = "; ".join(f"{v.rule} {v.title}: {v.message}" for v in r.violations)
    return step(ILLEGAL,
                f"{pos.card_text(cid)} was illegal when selected in {previous.turn} ({why}): it returns "
                f"to the hand, is not considered played, and the {faction_name(faction)} faction has no "
                f"{m.upper()} Current Card this Season", m)


def _remove_twin(pos: Position, out: Position, faction: str, card, m: str, r: MapReveal) -> list[Step]:
    """©1.1.1 Step 2: the identically named © card of a revealed © card leaves the other deck's hand."""
    steps = []
    for om, tw in _twin(pos, card):
        ofm = out.factions[faction].get(om)
        if ofm is not None and tw in ofm.hand:
            ofm.hand.remove(tw)
            ofm.removed.append(tw)
            r.twin_removed = tw
            steps.append(step(TWIN,
                              f"{pos.card_text(card.id)} carries the © mark: the identically named "
                              f"{pos.card_text(tw)} is removed from the {om.upper()} deck", m))
        else:
            steps.append(step(TWIN,
                              f"{pos.card_text(card.id)} carries the © mark; the identically named "
                              f"{pos.card_text(tw)} is not in the {om.upper()} hand, nothing to remove", m))
    return steps


def _reveal_map(pos: Position, out: Position, faction: str, m: str, previous: Optional[Position],
                checked: Optional[dict], given: Optional[dict] = None) -> tuple[MapReveal, list[Step]]:
    """1.1.1 Steps 1-2 (the interned units repatriated, the © twin) of ``faction`` on map ``m``, carried out on ``out``."""
    fm = out.factions[faction].get(m)
    r = MapReveal(m)
    if fm is None:
        return r, [step(NO_SECTION, f"the {faction_name(faction)} faction has no {m.upper()} section", m)]
    steps = [_discard(pos, fm, m, r)]
    if fm.pending is None:
        said = f" (it selected no card in {fm.selected})" if fm.selected is not None else ""
        fm.selected = None                      # the "no card" selection is spent with the reveal
        steps.append(step(REVEAL,
                          f"no Pending Card{said}: the {faction_name(faction)} faction has no {m.upper()} Current Card this Season (1.1.3)", m))
        return r, steps
    card = pos.cards[fm.pending]
    if fm.interned:
        steps += repatriate_on_reveal(out, faction, fm, m, r, given or {})
    steps.append(_reveal_pending(pos, faction, fm, m, r, previous, checked))
    if r.current and pos.game == "ae" and card.combined:
        steps += _remove_twin(pos, out, faction, card, m, r)
    return r, steps


def _total_war_option(pos: Position, illegal_axis_maps: list, interp: dict, declare_total_war: bool) -> Optional[dict]:
    """1.1.1: after an illegal Axis Current Card in Pre-War or Limited War either Allied faction may declare
    Total War (interpretation ``illegal-axis-card``). Returns the option, or None. Raises ``ValueError`` for a
    declaration without an illegal Axis card."""
    if declare_total_war and not illegal_axis_maps:
        raise ValueError("--declare-total-war: there is no illegal Axis Current Card during Pre-War or Limited War (1.1.1)")
    if not illegal_axis_maps or interp["illegal-axis-card"] != "allied-option" or declare_total_war:
        return None
    ms = illegal_axis_maps
    return {"rule": TOTAL_WAR_OPTION.printed, "maps": ms, "message":
            f"the Axis faction made an illegal Current Card play during "
            f"{' / '.join(pos.war_state[x].display for x in ms)}: either Allied faction may declare "
            f"that Total War (12.3) immediately goes into effect on the {' and '.join(x.upper() for x in ms)} map "
            "(interpretation illegal-axis-card=allied-option; reveal again with --declare-total-war)"}


def _war_states(pos: Position, out: Position, maps: dict, illegal_axis_maps: list, illegal_total: bool, remove: tuple,
                steps: list, changes: list) -> Position:
    """12, map by map: the war state changes the revealed cards (and an illegal Axis card) set off, with
    their effects, appended to ``steps`` / ``changes``. Returns the position with them carried out."""
    interp = pos.interpretations_in_force
    for m in pos.maps:
        r = maps[m]
        card = out.cards[r.current] if r.current else None
        due, spent = ws.due(out, m, card, illegal_total and m in illegal_axis_maps)
        if not due:
            if spent:
                steps.append(step(ws.WAR_STATE, f"{spent[0][1]}, but {out.war_state[m].display} is already in "
                                  f"effect on the {m.upper()} map (no going back)", m))
            continue
        new, cause = due[0]
        if illegal_total and m in illegal_axis_maps:
            cause += " (" + ("interpretation illegal-axis-card=automatic" if interp["illegal-axis-card"] == "automatic"
                             else "an Allied faction declares Total War") + ")"
        ch = ws.change(out, m, new, cause, remove)
        changes.append(ch)
        steps.append(step(ws.WAR_STATE, ch.headline(), m))
        for e in ch.effects:
            steps.append(Step(e.rule, e.title, e.message, m))
        out = ws.apply(out, ch)
    return out


def _reinforce_and_esv(pos: Position, out: Position, faction: str, maps: dict, steps: list) -> None:
    """1.1.2.2 Reinforcements of each new Current Card, and *1.1.4 the Soviet ESV adjustment, carried out on ``out``."""
    for m in pos.maps:
        r = maps[m]
        if not r.current:
            continue
        card = out.cards[r.current]
        r.reinforcements = reinforcements(out, faction, card)
        for e in r.reinforcements:
            steps.append(step(REINFORCEMENTS, e["message"], m))
            if e["received"]:
                mb = out.seasonal.map_boxes(card.map)
                if e["to"] == "force-pool":
                    mb.force_pool.setdefault(faction, []).append(e["counter"])
                elif e["to"] == "delay-box":
                    mb.delay_box.append(e["counter"])
                else:
                    mb.strategic_warfare_box.append(e["counter"])
        if pos.game == "ds" and faction == "soviet":
            r.esv = esv_adjustment(out, card)
            steps.append(step(ESV, r.esv["message"], m))
            if r.esv["esv-after"] is not None:
                out.seasonal.esv = r.esv["esv-after"]


def _used(pos: Position, interp: dict, maps: dict) -> dict:
    """The interpretations a reveal applied (the 1.3.4 ones only where interned units were placed)."""
    used = {k: interp[k] for k in ("illegal-axis-card", "annual-scope", "empty-slot", "sequential-scope") if k in interp}
    if any(r.repatriated is not None for r in maps.values()):      # 1.1.1 Step 2 placed interned units (1.3.4)
        used["unplaced-interned"] = interp["unplaced-interned"]
        for m in (m for m, r in maps.items() if r.repatriated is not None):
            used.update(interpretations_used(pos, m))
    return used


def reveal(pos: Position, faction: str, previous: Optional[Position] = None, declare_total_war: bool = False,
           remove: tuple = (), repatriate: Optional[dict] = None, remove_cards: tuple = (), *,
           selected_on: Optional[Position] = None, before_step_4: bool = False) -> Reveal:
    """Carry out 1.1.1 Steps 1-2 (and *5), 1.1.2.2 and the war state changes (12)
    for ``faction`` in ``pos``.

    ``previous`` is the position the Pending Cards were selected in (None:
    the Step 2 check cannot be made). ``declare_total_war``: an Allied faction
    declares Total War after an illegal Axis Current Card in Pre-War or
    Limited War (1.1.1, interpretation ``illegal-axis-card``). ``remove``:
    countries whose optional markers the Axis removes in 12.3 Steps 3-5.
    ``repatriate``: ``{unit id: location}``, the player's placement of units
    interned on the Pending Cards (1.1.1 Step 2, as per 1.3.4; the others take
    the best placement); ``remove_cards``: the cards the player removes where
    a Current Card's actions remove a type of card (1.1.2). ``selected_on``: the
    position the faction saw at its Step 4 in ``previous``'s Seasonal Turn
    (1.1.1 Order of Play: before the later factions' reveals of that turn and its
    own reinforcements), on which Step 2 checks the cards "at the time [they were]
    selected" (default ``previous``). ``before_step_4``: stop before what comes
    after the faction's Step 4 - 1.1.2.2 Reinforcements ("after the faction's
    Pending Card has been placed") and *Step 5 (*1.1.4).

    Returns a :class:`Reveal` (``refused``: the violations of the player's
    placement or removal: nothing is to be written). Raises
    :class:`~model.files.errors.InputError` for a faction not in the position and
    ``ValueError`` for a Total War declaration the rules do not allow, a
    ``repatriate`` unit not interned or location not on the map, and a
    ``remove_cards`` card no revealed card's actions may remove.
    """
    faction = pos.require_faction(faction)
    interp = pos.interpretations_in_force
    out = copy.deepcopy(pos)
    steps: list[Step] = []
    maps: dict = {}
    pending = {m: fm.pending for m, fm in pos.factions[faction].items()}
    if previous is not None:
        _same_pending(pos, previous, faction, pending)
    checked = (selection_violations(selected_on if selected_on is not None else previous, faction, pending)
               if previous is not None and any(pending.values()) else None)
    given = check_placement(pos, faction, dict(repatriate or {}))
    for m in pos.maps:
        maps[m], map_steps = _reveal_map(pos, out, faction, m, previous, checked, given)
        steps += map_steps
        if maps[m].current and pos.cards[maps[m].current].removes:
            steps += perform_removals(out, pos.cards[maps[m].current], m, maps[m], tuple(remove_cards))
    check_removals(pos, maps, tuple(remove_cards))
    illegal_axis_maps = [m for m in pos.maps if maps[m].legal is False
                         and faction == "axis" and pos.war_state[m] in ("pre-war", "limited")]
    total_war_option = _total_war_option(pos, illegal_axis_maps, interp, declare_total_war)
    if total_war_option is not None:
        steps.append(step(TOTAL_WAR_OPTION, total_war_option["message"], illegal_axis_maps[0]))
    illegal_total = bool(illegal_axis_maps) and (declare_total_war or interp["illegal-axis-card"] == "automatic")
    changes: list = []
    out = _war_states(pos, out, maps, illegal_axis_maps, illegal_total, remove, steps, changes)
    if not before_step_4:
        _reinforce_and_esv(pos, out, faction, maps, steps)
    return Reveal(faction, str(pos.turn), maps, steps, changes, total_war_option, _used(pos, interp, maps), out)
