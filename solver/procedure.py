"""1.1.1 Option Card Procedure (Steps 1, 2 and *5), 1.1.2.2 Reinforcements and
*1.1.4 Soviet Current Card ESV Adjustment: revealing a faction's Pending Cards.

:func:`reveal` takes a position whose ``turn`` is the Seasonal Turn of the
reveal (the Current Cards were revealed in the Seasonal Turn before, the
Pending Cards selected then) and returns a :class:`Reveal`: every step with
its rule number and concrete values, and the resulting position.

The legality of a revealed card (1.1.1 Step 2: "in compliance with its Option
Card Selection Restrictions at the time it was selected") is decided by the
very rules of :mod:`solver.selection`, evaluated on the position of the
earlier turn (``previous``); without it the ruling says the check could not
be made and the card is taken as played.
"""
from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..model.errors import InputError, Problem, join_path
from ..model.names import norm_name
from ..model.position import PlayedCard, Position, load_position
from ..model.vocabulary import faction_name, with_article

from . import war_state as ws
from .constraints import Evaluator
from .registry import rules
from .selection import EMPTY, RULES, make_context, post
# after solver.selection: the rows of 1.1.1 are registered (and listed in docs/rules.md) in the order of the rulebook
from .repatriation import REPATRIATE, repatriate as _repatriate
from .replacements import interpretations_used

# The rows of the procedure, as its steps print them.
NO_SECTION = rules["1.1.1"].row(text="a faction reveals on each map of its sections")
DISCARD = rules["1.1.1"].row("Discard the Current Card", step="Step 1")
REVEAL = rules["1.1.1"].row("Reveal the Pending Card", step="Step 2")
ILLEGAL = rules["1.1.1"].row("Illegal Current Card", step="Step 2")
TWIN = rules["1.1.1"].row("Remove the © twin", step="Step 2", mark="©")
TOTAL_WAR_OPTION = rules["1.1.1"].row("Total War option", text="either Allied faction may declare Total War")
REINFORCEMENTS = rules["1.1.2.2"].row("Reinforcements")
REMOVE_TYPE = rules["1.1.2"].row("Remove a type of card",
                                 text="if a card says to remove a certain type of card that exists in both the faction's "
                                      "hand and the discard pile, the faction must remove a card from its hand")
ESV = rules["1.1.4"].row("Soviet Current Card ESV Adjustment", mark="*")
BOX_NAMES = {"force-pool": "Force Pool", "delay-box": "Delay Box", "strategic-warfare-box": "Strategic Warfare Box"}


@dataclass
class Step:
    """One ruling of the procedure: ``rule`` as printed, ``title``, ``message`` with the values; ``map``."""
    rule: str
    title: str
    message: str
    map: Optional[str] = None

    def as_json(self) -> dict:
        return {"rule": self.rule, "title": self.title, "map": self.map, "message": self.message}

    def __str__(self) -> str:
        return f"{self.rule} {self.title}: {self.message}"


def _step(row, message: str, map_: Optional[str]) -> Step:
    """The :class:`Step` of ``row`` (a :class:`~solver.registry.Row`) with ``message`` on ``map_``."""
    return Step(row.printed, row.title, message, map_)


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
    #: 1.1.1 Step 2: the interned units of the revealed card (:class:`~solver.repatriation.Repatriated` each),
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
        prev = load_position(target)
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
    of ``faction``, ``pos`` must hold the same one. Raises :class:`~model.errors.InputError` (at
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
    from the hand) and the selection rules of :mod:`solver.selection` are
    evaluated on the choice ``pending``; a card's violations are those of the
    broken constraints its literal takes part in. "No Pending Card" (1.1.3, a
    slot left empty) is not a play and makes no card illegal.
    Raises :class:`~model.errors.InputError` when the faction is not in ``prev``.
    """
    p = copy.deepcopy(prev)
    faction = p.require_faction(faction)
    for m in p.maps:
        fm = p.factions[faction].get(m)
        if fm is not None and fm.pending is not None and fm.pending not in fm.hand:
            fm.hand.append(fm.pending)
            fm.pending = None
    choice = {m: pending.get(m) for m in p.maps}
    ctx = make_context(p, faction, {m: [v] for m, v in choice.items() if v})
    evaluator = Evaluator([c for c in post(RULES, ctx) if c.rule != EMPTY])
    out: dict = {m: [] for m in p.maps}
    for broken in evaluator.broken(choice):
        for s, v in broken.held:
            if v is not None and v == choice.get(s) and broken.violation not in out[s]:
                out[s].append(broken.violation)
    return out


# --------------------------------------------------------------------------- 1.1.2.2

def counters_in_play(pos: Position) -> set:
    """Names of counters that have entered play: ``counters.in-play``, every
    counter in ``boxes``, in a box of ``markers``, on the map or in a Force
    Pool of ``replacements`` (case-folded)."""
    out = {norm_name(x) for x in pos.seasonal.in_play}
    for mb in pos.seasonal.boxes.values():
        out |= {norm_name(x) for x in mb.counters()}
    for section in pos.markers.sections.values():
        for names in section.boxes.values():
            out |= {norm_name(x) for x in names}
    for h in pos.board.hexes.values():
        out |= {norm_name(u.id) for u in h.units}
    for units in pos.board.box_units.values():
        out |= {norm_name(u.id) for u in units}
    for fr in pos.replacements.values():
        out |= {norm_name(u.id) for u in fr.force_pool}
    return out


def reinforcements(pos: Position, faction: str, card) -> list[dict]:
    """The counters ``card`` enters (1.1.2.2) and whether each is received.

    Each entry: ``counter``, ``country``, ``to`` (box), ``map`` (the card's
    map: ©a DS card's counters go to DS boxes, a TK card's to TK boxes),
    ``received`` and ``message`` with the reason. Major Country counters are
    always received; Minor Country counters only for an active Minor Country
    aligned with ``faction``; never a counter already in play or removed.
    """
    entries = card.reinforcements
    if not entries:
        return []
    seen = counters_in_play(pos)
    removed = {norm_name(x) for x in pos.seasonal.removed}
    out = []
    for r in entries:
        c = pos.country(r.country, card.map)
        minor = c.minor if (c is not None and c.minor is not None) else bool(r.minor)
        box = BOX_NAMES[r.to]
        where = f"the {card.map.upper()} {box}" if pos.game == "ae" else f"the {box}"
        if norm_name(r.counter) in removed:
            ok, why = False, f"{r.counter} has been removed from the game"
        elif norm_name(r.counter) in seen:
            ok, why = False, f"{r.counter} has already entered play"
        elif not minor:
            ok, why = True, f"{r.counter} ({r.country}, a Major Country) enters {where}"
        elif c is None:
            ok, why = False, f"{r.counter}: {r.country} is not listed in countries, so it is not an active {faction_name(faction)} Minor Country"
        elif c.status == "active" and c.alignment == faction:
            ok, why = True, f"{r.counter} ({c.name}, an active {faction_name(faction)} Minor Country) enters {where}"
        else:
            ok, why = False, (f"{r.counter}: {c.name} is not an active {faction_name(faction)} Minor Country "
                              f"(status {c.status or 'not given'}, alignment {c.alignment or 'not given'})")
        if ok and pos.game == "ae":
            why += f" (© a {card.map.upper()} card's counters start in {card.map.upper()} boxes)"
        out.append({"counter": r.counter, "country": r.country, "to": r.to, "map": card.map, "received": ok,
                    "rule": REINFORCEMENTS.printed, "message": why})
    return out


# --------------------------------------------------------------------------- *1.1.4

def esv_adjustment(pos: Position, card) -> dict:
    """*1.1.4: the ESV adjustment for the Soviet Current Card ``card`` from the
    table the state file gives (``esv-table``). Returns ``{"rule", "adjustment"
    (None when it cannot be looked up), "esv-before", "esv-after", "message"}``. The War column
    when the Soviet European War Box holds a War marker
    (:attr:`~model.markers.EuropeanWarBox.war_marker`, the one reading of the European War Boxes)."""
    war = pos.markers.european_war_boxes("ds")["soviet european war box"].war_marker
    col = "war" if war else "no-war"
    state = pos.war_state["ds"]
    prod = card.production or 0
    head = (f"{card.text}: Production Value {prod}, {state.display} in effect in DS, "
            f"{'a' if war else 'no'} War marker in the Soviet European War Box ({col.replace('-', ' ').title()} column)")
    if not pos.seasonal.esv_table:
        return {"rule": ESV.printed, "adjustment": None, "esv-before": pos.seasonal.esv, "esv-after": pos.seasonal.esv,
                "message": head + "; the state file gives no esv-table, so the adjustment could not be looked up"}
    row = next((r for r in pos.seasonal.esv_table if r.war_state == state and r.production == prod), None)
    adj = 0 if row is None else (row.war if war else row.no_war)
    before = pos.seasonal.esv
    after = None if before is None else before + adj
    if row is None:
        msg = head + "; no line of the table: no ESV adjustment"
    elif adj == 0:
        msg = head + "; the table lists no adjustment"
    else:
        msg = head + f"; the ESV is {'increased' if adj > 0 else 'decreased'} by {abs(adj)}"
    if before is not None:
        msg += f" ({before} -> {after})"
    return {"rule": ESV.printed, "adjustment": adj, "esv-before": before, "esv-after": after, "message": msg}


# --------------------------------------------------------------------------- the procedure

def _twin(pos: Position, card) -> list[tuple[str, str]]:
    """The identically named © cards in the faction's other deck: [(map, card id)]."""
    return [(c.map, cid) for cid, c in pos.cards.items() if c.map in pos.maps and card.is_twin_of(c)]


def _discard(pos: Position, fm, m: str, r: MapReveal) -> Step:
    """1.1.1 Step 1 on map ``m``: the Current Card of ``fm`` (the faction's map section of the position
    being changed) is discarded, to the hand when recyclable (♺), else set aside."""
    if not fm.current:
        return _step(DISCARD, "no Current Card to discard", m)
    c = pos.cards[fm.current]
    r.discarded = fm.current
    fm.played.append(PlayedCard(fm.current, pos.turn.ahead(-1)))
    if c.recyclable:
        r.discarded_to = "hand"
        fm.hand.append(fm.current)
        msg = f"{pos.card_text(c.id)} is discarded; it is recyclable (♺) and returns to the hand"
    else:
        r.discarded_to = "set-aside"
        msg = f"{pos.card_text(c.id)} is discarded and set aside; it cannot be played again"
    fm.current = None
    return _step(DISCARD, msg, m)


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
        return _step(REVEAL,
                    f"{pos.card_text(cid)} is revealed and becomes the Current Card; the check against the "
                    f"Option Card Selection Restrictions at the time it was selected ({pos.turn.ahead(-1)}) could not be "
                    "made: the state file names no previous position (previous: FILE or --previous FILE)", m)
    r.checked_against = f"{previous.file} ({previous.turn})"
    r.violations = checked.get(m, [])
    r.legal = not r.violations
    if r.legal:
        r.current, fm.current = cid, cid
        return _step(REVEAL,
                    f"{pos.card_text(cid)} is revealed and becomes the Current Card; it was legally selected "
                    f"in {previous.turn} (checked against {previous.file})", m)
    fm.hand.append(cid)
    why = "; ".join(f"{v.rule} {v.title}: {v.message}" for v in r.violations)
    return _step(ILLEGAL,
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
            steps.append(_step(TWIN,
                              f"{pos.card_text(card.id)} carries the © mark: the identically named "
                              f"{pos.card_text(tw)} is removed from the {om.upper()} deck", m))
        else:
            steps.append(_step(TWIN,
                              f"{pos.card_text(card.id)} carries the © mark; the identically named "
                              f"{pos.card_text(tw)} is not in the {om.upper()} hand, nothing to remove", m))
    return steps


# --------------------------------------------------------------------------- 1.1.1 Step 2: interned units

def _put_on_map(out: Position, placed: list) -> None:
    """The units ``placed`` (``[(location, Unit)]``) put on the map of ``out`` (a new :class:`~model.board.Board`:
    a board's caches hold for the units it was made with), and recorded for the file written."""
    if not placed:
        return
    board = out.board
    hexes, box_units = dict(board.hexes), dict(board.box_units)
    for loc, u in placed:
        if loc in hexes:
            hexes[loc] = dataclasses.replace(hexes[loc], units=tuple(hexes[loc].units) + (u,))
        else:
            box_units[loc] = tuple(box_units.get(loc, ())) + (u,)
    out.map_board = dataclasses.replace(board, hexes=hexes, box_units=box_units)
    out.placed_units = list(out.placed_units) + list(placed)


def _repatriate_units(out: Position, faction: str, fm, m: str, r: MapReveal, given: dict) -> list[Step]:
    """1.1.1 Step 2 on map ``m``: the units interned on the back of the card being revealed (``fm.pending``) are
    repatriated as per Placing Replacements (1.3.4) (:mod:`solver.repatriation`), before the card is checked;
    a player's placement (``given``) that breaks a rule of placing is refused (``r.refused``), nothing placed."""
    card = out.card_text(fm.pending)
    res = _repatriate(out, faction, m, list(fm.interned), given)
    r.repatriated, r.refused = res.placed, list(res.violations)
    if res.violations:
        return [_step(REPATRIATE, f"the placement of the units interned on {card} is refused: "
                      + "; ".join(str(v) for v in res.violations) + "; nothing is placed", m)]
    steps, placed = [], []
    by_id = {u.id: u for u in fm.interned}
    for x in res.placed:
        if x.location is not None:
            placed.append((x.location, by_id[x.unit]))
        elif x.fate == "force-pool":
            out.seasonal.map_boxes(m).force_pool.setdefault(faction, []).append(x.unit)
        else:
            out.seasonal.removed.append(x.unit)
        steps.append(Step(x.rule if x.location is None else REPATRIATE.printed,
                          "Interned unit not placed" if x.location is None else REPATRIATE.title, x.message, m))
    for e in res.eliminated:
        steps.append(Step(e["rule"], "Stacking", e["message"].replace("the Segment", "the Option Card Segment"), m))
    fm.interned = []
    _put_on_map(out, placed)
    return steps


def _check_given(pos: Position, faction: str, given: dict) -> dict:
    """``given`` (unit id -> location, the player's placement of repatriated units) checked against the interned
    units of ``faction``'s Pending Cards and the map: the locations as the map names them. Raises ``ValueError``
    (naming ``--repatriate``) for a unit not interned there or a location not on the card's map."""
    interned = {u.id: m for m, fm in pos.factions[faction].items() for u in fm.interned}
    out = {}
    for uid, loc in given.items():
        if uid not in interned:
            listed = ", ".join(interned) or "none"
            raise ValueError(f"--repatriate {uid}={loc}: no unit {uid} is interned on {with_article(faction_name(faction))} Pending "
                             f"Card (interned: {listed})")
        m = interned[uid]
        where = pos.board.location(loc)
        h = pos.board.hexes.get(where) if where is not None else None
        if where is None or (h is not None and h.map not in (None, m)):
            raise ValueError(f"--repatriate {uid}={loc}: no hex or Off-Map Box {loc} on the {m.upper()} map")
        out[uid] = where
    return out


# --------------------------------------------------------------------------- 1.1.2 card-type removal

def discard_pile(pos: Position, fm) -> list[str]:
    """The discard pile of one faction's deck (``fm``: its section of one map): the cards played and set aside
    (1.1.1 Step 1), neither back in the hand nor removed from the game, each once."""
    out: list[str] = []
    for p in fm.played:
        cid = p.card
        if cid not in out and cid not in fm.hand and cid not in fm.removed and cid not in (fm.current, fm.pending):
            out.append(cid)
    return out


def card_removals(pos: Position, card, chosen: tuple = ()) -> list[dict]:
    """1.1.2: the removals the actions of ``card`` (the Current Card) call for, one entry per ``removes`` line:
    ``kind``, ``faction``, ``map``, ``hand`` / ``discard-pile`` (the cards of that type in each), ``from``
    (``hand`` when the hand holds one, else ``discard-pile``, None when neither does), ``candidates`` (the cards
    that may be removed), ``removed`` (the card removed: the one chosen in ``chosen``, or the only candidate;
    None while several wait for the player's choice), ``violation`` (a chosen card from the discard pile while
    the hand holds one), ``rule`` and ``message``."""
    out = []
    for spec in card.removes:
        whose = spec.faction or card.faction
        fm = pos.factions.get(whose, {}).get(card.map)
        hand = [c for c in (fm.hand if fm else []) if spec.kind in pos.cards[c].kinds]
        pile = [c for c in (discard_pile(pos, fm) if fm else []) if spec.kind in pos.cards[c].kinds]
        cands = hand or pile
        src = "hand" if hand else ("discard-pile" if pile else None)
        mine = [c for c in chosen if c in hand or c in pile]
        kind = spec.kind.replace("-", " ").title()
        who = f"{faction_name(whose)} {kind} card"
        a_who = with_article(who)
        e = {"kind": spec.kind, "faction": whose, "map": card.map, "hand": hand, "discard-pile": pile, "from": src,
             "candidates": cands, "removed": None, "chosen": mine[0] if mine else None, "violation": None,
             "rule": REMOVE_TYPE.printed}
        texts = lambda ids: ", ".join(pos.card_text(c) for c in ids)
        if not cands:
            e["message"] = f"{card.text} removes {a_who}: none is in the hand or the discard pile, nothing to remove"
        elif mine and mine[0] in pile and hand:
            e["violation"] = REMOVE_TYPE.violation(
                f"{pos.card_text(mine[0])} is in the discard pile, but the hand holds {texts(hand)}: {a_who} that "
                "exists in both the hand and the discard pile must be removed from the hand")
            e["message"] = f"{card.text} removes {a_who}: refused: {e['violation'].message}"
        elif mine or len(cands) == 1:
            e["removed"] = mine[0] if mine else cands[0]
            both = " (the discard pile holds " + texts(pile) + ": the card must come from the hand)" if hand and pile else ""
            how = "as the player chose" if mine else "the only one"
            where = "the hand" if src == "hand" else "the discard pile (the hand holds none)"
            e["message"] = (f"{card.text} removes {a_who}: {pos.card_text(e['removed'])} is removed from {where}, "
                            f"{how}{both}")
        else:
            where = "the hand" if src == "hand" else "the discard pile (the hand holds none)"
            e["message"] = (f"{card.text} removes {a_who}: the faction chooses one from {where}: {texts(cands)} "
                            "(reveal again with --remove-card CARD)")
        out.append(e)
    return out


def _remove_cards(out: Position, card, m: str, r: MapReveal, chosen: tuple) -> list[Step]:
    """1.1.1 Step 3 / 1.1.2 on map ``m``: the removals of ``card``'s actions carried out on ``out``."""
    r.removals = card_removals(out, card, chosen)
    steps = []
    for e in r.removals:
        if e["violation"] is not None:
            r.refused.append(e["violation"])
            e["violation"] = e["violation"].as_json()
        elif e["removed"] is not None:
            fm = out.factions[e["faction"]][e["map"]]
            if e["removed"] in fm.hand:
                fm.hand.remove(e["removed"])
            fm.removed.append(e["removed"])
        steps.append(_step(REMOVE_TYPE, e["message"], m))
    return steps


def _reveal_map(pos: Position, out: Position, faction: str, m: str, previous: Optional[Position],
                checked: Optional[dict], given: Optional[dict] = None) -> tuple[MapReveal, list[Step]]:
    """1.1.1 Steps 1-2 (the interned units repatriated, the © twin) of ``faction`` on map ``m``, carried out on ``out``."""
    fm = out.factions[faction].get(m)
    r = MapReveal(m)
    if fm is None:
        return r, [_step(NO_SECTION, f"the {faction_name(faction)} faction has no {m.upper()} section", m)]
    steps = [_discard(pos, fm, m, r)]
    if fm.pending is None:
        steps.append(_step(REVEAL,
                          f"no Pending Card: the {faction_name(faction)} faction has no {m.upper()} Current Card this Season (1.1.3)", m))
        return r, steps
    card = pos.cards[fm.pending]
    if fm.interned:
        steps += _repatriate_units(out, faction, fm, m, r, given or {})
    steps.append(_reveal_pending(pos, faction, fm, m, r, previous, checked))
    if r.current and pos.game == "ae" and card.combined:
        steps += _remove_twin(pos, out, faction, card, m, r)
    return r, steps


def _check_removals(pos: Position, maps: dict, chosen: tuple) -> None:
    """Every card of ``chosen`` (``--remove-card``) is one a revealed Current Card's actions may remove (1.1.2):
    in the hand or the discard pile, of the type the card names. Raises ``ValueError`` naming it."""
    used = {c for r in maps.values() for e in (r.removals or []) for c in e["hand"] + e["discard-pile"]}
    for cid in chosen:
        if cid not in used:
            named = [f"{e['kind']} ({', '.join(e['candidates']) or 'none in the hand or discard pile'})"
                     for r in maps.values() for e in (r.removals or [])]
            why = (f"the Current Cards' actions remove {'; '.join(named)}" if named
                   else "no Current Card revealed here names a type of card to remove")
            raise ValueError(f"--remove-card {cid}: {pos.card_text(cid)} is not a card that may be removed: it is not "
                             f"in the hand or the discard pile as the type a revealed card removes (1.1.2); {why}")


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
                steps.append(_step(ws.WAR_STATE, f"{spent[0][1]}, but {out.war_state[m].display} is already in "
                                  f"effect on the {m.upper()} map (no going back)", m))
            continue
        new, cause = due[0]
        if illegal_total and m in illegal_axis_maps:
            cause += " (" + ("interpretation illegal-axis-card=automatic" if interp["illegal-axis-card"] == "automatic"
                             else "an Allied faction declares Total War") + ")"
        ch = ws.change(out, m, new, cause, remove)
        changes.append(ch)
        steps.append(_step(ws.WAR_STATE, ch.headline(), m))
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
            steps.append(_step(REINFORCEMENTS, e["message"], m))
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
            steps.append(_step(ESV, r.esv["message"], m))
            if r.esv["esv-after"] is not None:
                out.seasonal.esv = r.esv["esv-after"]


def reveal(pos: Position, faction: str, previous: Optional[Position] = None, declare_total_war: bool = False,
           remove: tuple = (), repatriate: Optional[dict] = None, remove_cards: tuple = ()) -> Reveal:
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
    a Current Card's actions remove a type of card (1.1.2).

    Returns a :class:`Reveal` (``refused``: the violations of the player's
    placement or removal: nothing is to be written). Raises
    :class:`~model.errors.InputError` for a faction not in the position and
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
    checked = selection_violations(previous, faction, pending) if previous is not None and any(pending.values()) else None
    given = _check_given(pos, faction, dict(repatriate or {}))
    for m in pos.maps:
        maps[m], map_steps = _reveal_map(pos, out, faction, m, previous, checked, given)
        steps += map_steps
        if maps[m].current and pos.cards[maps[m].current].removes:
            steps += _remove_cards(out, pos.cards[maps[m].current], m, maps[m], tuple(remove_cards))
    _check_removals(pos, maps, tuple(remove_cards))
    illegal_axis_maps = [m for m in pos.maps if maps[m].legal is False
                         and faction == "axis" and pos.war_state[m] in ("pre-war", "limited")]
    total_war_option = _total_war_option(pos, illegal_axis_maps, interp, declare_total_war)
    if total_war_option is not None:
        steps.append(_step(TOTAL_WAR_OPTION, total_war_option["message"], illegal_axis_maps[0]))
    illegal_total = bool(illegal_axis_maps) and (declare_total_war or interp["illegal-axis-card"] == "automatic")
    changes: list = []
    out = _war_states(pos, out, maps, illegal_axis_maps, illegal_total, remove, steps, changes)
    _reinforce_and_esv(pos, out, faction, maps, steps)
    used = {k: interp[k] for k in ("illegal-axis-card", "annual-scope", "empty-slot", "sequential-scope") if k in interp}
    if any(r.repatriated is not None for r in maps.values()):      # 1.1.1 Step 2 placed interned units (1.3.4)
        used["unplaced-interned"] = interp["unplaced-interned"]
        for m in (m for m, r in maps.items() if r.repatriated is not None):
            used.update(interpretations_used(pos, m))
    return Reveal(faction, str(pos.turn), maps, steps, changes, total_war_option, used, out)
