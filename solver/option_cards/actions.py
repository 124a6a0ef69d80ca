"""The actions of a revealed Current Card (1.1.1 Steps 3 and *5): 1.1.2 Option Card Segment Actions (a
card that removes a type of card takes it from the hand when the hand holds one), 1.1.2.2 Reinforcements
(the counters a card enters, and where) and *1.1.4 Soviet Current Card ESV Adjustment. Carried out by
:func:`solver.option_cards.procedure.reveal`."""
from __future__ import annotations

from ...model.files.names import norm_name
from ...model.files.load import Position
from ...model.game.vocabulary import faction_name, with_article

from ..engine.registry import rules
from .steps import Step, step

REINFORCEMENTS = rules["1.1.2.2"].row("Reinforcements")
REMOVE_TYPE = rules["1.1.2"].row("Remove a type of card",
                                 text="if a card says to remove a certain type of card that exists in both the faction's "
                                      "hand and the discard pile, the faction must remove a card from its hand")
ESV = rules["1.1.4"].row("Soviet Current Card ESV Adjustment", mark="*")

BOX_NAMES = {"force-pool": "Force Pool", "delay-box": "Delay Box", "strategic-warfare-box": "Strategic Warfare Box"}


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
    (:attr:`~model.game.markers.EuropeanWarBox.war_marker`, the one reading of the European War Boxes)."""
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


def perform_removals(out: Position, card, m: str, r, chosen: tuple) -> list[Step]:
    """1.1.1 Step 3 / 1.1.2 on map ``m``: the removals of ``card``'s actions carried out on ``out``, recorded
    on ``r`` (the :class:`~solver.option_cards.procedure.MapReveal` of that map: ``removals``, a refusal in ``refused``)."""
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
        steps.append(step(REMOVE_TYPE, e["message"], m))
    return steps


def check_removals(pos: Position, maps: dict, chosen: tuple) -> None:
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
