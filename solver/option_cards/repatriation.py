"""1.1.1 Step 2: "As this card is revealed, any interned units (16.7) on its back are repatriated back to the
map as per Placing Replacements (1.3.4)."

The interned units of a Pending Card (``factions.F.M.interned``, docs/format-additions.md) are placed by the
rules of placing of the Replacements Segment, with no second definition: the facts of the Segment are
gathered by :func:`solver.replacements.make_context` (the interned units joined as extra units: the 1.3.4
Replacement Locations of each, the enemy presence that forbids a hex), and the rows of
:mod:`solver.replacements.rules` are posted for them: 1.3.4 Replacement Locations and Enemy Units and
Markers and 9.1 (Minor Country Stacking; HQ and Fortress Stacking) rule on a placement; 9.2 Stacking is enforced after the Segment
(1.3.4), so a player's placement that overstacks a hex is legal and the excess is eliminated then
(:func:`solver.replacements.ruling.overstacked` says which), while the best placement never overstacks.
1.3.3 (the steps received, the Force Pool, the unit types taken) is not read: an interned unit is placed
whole, not taken as a replacement step.

The best placement places the most units, then prefers earlier Replacement Locations (the order of the
1.3.4 table), solved by the one compiler (:mod:`solver.engine.compiler`; ortools is imported only for a card that
carries interned units). A unit with no Replacement Location free is not placed: the text is silent on it,
so the interpretation ``unplaced-interned`` decides (default ``force-pool``: it goes to the faction's Force
Pool of that map, ``boxes.MAP.force-pool``; ``removed``: it is removed from the game, ``counters.removed``).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Optional

from ...model.game.board import Unit
from ...model.files.errors import InputError, Problem
from ...model.files.load import Position
from ...model.game.vocabulary import faction_name, with_article

from ..engine.constraints import Evaluator
from ..engine.registry import Violation, rules
from ..replacements import make_context, post
from ..replacements.rules import ENEMY, LOCATIONS, STACKING, STACKING_9_1
from ..replacements.ruling import overstacked
from .steps import Step, step

REPATRIATE = rules["1.1.1"].row(
    "Repatriate interned units", step="Step 2",
    text="any interned units (16.7) on its back are repatriated back to the map as per Placing Replacements (1.3.4)")
UNPLACED = rules["1.1.1"].row(
    "Interned unit not placed", interpretations=("unplaced-interned",), step="Step 2",
    text="an interned unit with no Replacement Location free (the text is silent: interpretation unplaced-interned)")

#: The rules of placing a repatriated unit (1.3.4 and the 9.1 rows `replacements` uses: Minor Country, HQ and
#: Fortress stacking; 9.2 is enforced after the Segment).
PLACING = (LOCATIONS, ENEMY) + STACKING_9_1
#: The rules the best placement keeps: placing, and no hex overstacked (9.2).
BEST = PLACING + (STACKING,)


@dataclass
class Repatriated:
    """One interned unit repatriated (or not): ``unit`` id, ``described`` as rulings name it, ``location``
    (None: not placed), ``basis`` (why the location is a Replacement Location, 1.3.4), ``chosen`` (``player``:
    ``--repatriate``; ``best``: aeref's best placement), ``fate`` of a unit not placed (``force-pool`` /
    ``removed``), ``rule`` and ``message``."""
    unit: str
    described: str
    map: str
    location: Optional[str]
    basis: str
    chosen: str
    fate: Optional[str]
    rule: str
    message: str

    def as_json(self) -> dict:
        return {"unit": self.unit, "map": self.map, "location": self.location, "basis": self.basis,
                "chosen": self.chosen, "fate": self.fate, "rule": self.rule, "message": self.message}


@dataclass
class Repatriation:
    """The repatriation of one card's interned units: ``placed`` (:class:`Repatriated` each), ``violations`` of a
    player's placement (then nothing is placed: it is refused), ``eliminated`` (9.2 after the Segment: the hexes
    a player's placement overstacks)."""
    placed: list = field(default_factory=list)
    violations: list = field(default_factory=list)
    eliminated: list = field(default_factory=list)


def _context(pos: Position, faction: str, map_: str, units: list[Unit], given: dict):
    """The Replacements Segment's facts for ``units`` alone: each unit's candidates are its Replacement
    Locations free of enemy presence (1.3.4), plus the location the player gave."""
    ctx = make_context(pos, faction, map_, extra_units=units)
    ctx.units = {u.id: u for u in units}
    for u in units:
        ctx.place_values[u.id] = [loc for loc in ctx.eligible[u.id] if loc not in ctx.blocked]
        loc = given.get(u.id)
        if loc is not None and loc not in ctx.place_values[u.id]:
            ctx.place_values[u.id].append(loc)
        ctx.pay_values[u.id] = []
    return ctx


def _best(ctx, units: list[Unit], fixed: dict) -> dict:
    """The best placement of ``units`` (the most placed, then the earliest locations), the units in
    ``fixed`` where the player put them: ``{unit id: location or None}``."""
    free = [u for u in units if u.id not in fixed and ctx.place_values[u.id]]
    if not free:
        return dict(fixed)
    # deliberately lazy: CP-SAT (ortools) only for a card that carries interned units
    from ..engine.compiler import compile_model
    from ..engine.runner import solve
    doms = {("place", u.id): [[v] for v in ctx.place_values[u.id]] + [[None]] for u in free}
    doms.update({("place", uid): [[loc]] for uid, loc in fixed.items()})
    # the player's own placement may overstack a hex (legal: 9.2 eliminates the excess after the Segment); then
    # the others are placed by the same rules, in the locations the player's units do not hold
    taken = set(fixed.values())
    apart = {("place", u.id): [[v] for v in ctx.place_values[u.id] if v not in taken] + [[None]] for u in free}
    big = 1 + max(len(ctx.place_values[u.id]) for u in free)
    for domains in (doms, apart):
        comp = compile_model(post(ctx, BEST), domains)
        terms = []
        for u in free:
            for i, (values, var) in enumerate(comp.by_slot[("place", u.id)]):
                if values[0] is not None:
                    terms.append((big - i) * var)      # one more unit placed outweighs every earlier location
        comp.model.maximize(sum(terms))
        solver, out = solve(comp.model, what="placing the repatriated units")
        if out.found:
            return {**fixed, **{u.id: comp.chosen(solver, ("place", u.id))[0] for u in free}}
    return {**fixed, **{u.id: None for u in free}}


def repatriate(pos: Position, faction: str, map_: str, units: list[Unit], given: dict) -> Repatriation:
    """1.1.1 Step 2: place ``faction``'s interned ``units`` of a card of ``map_`` revealed in ``pos`` as per
    Placing Replacements (1.3.4). ``given``: ``{unit id: location}``, the player's own placement of some of
    them (locations as :meth:`~model.game.board.Board.location` names them); the others take the best placement.

    Returns a :class:`Repatriation`: with ``violations`` (each with its rule and values) when the player's
    placement breaks a rule of placing, and then nothing placed. Raises :class:`~model.files.errors.InputError`
    when the file has no hex of ``map_`` nor an Off-Map Box (missing data, not a ruling); the caller checks
    that ``given`` names these units and locations on the map.
    """
    if not units:
        return Repatriation()
    if not pos.board.boxes and not any(h.map in (None, map_) for h in pos.board.hexes.values()):
        # missing data is not a ruling: no location at all is the file's silence, not the rules' answer
        raise InputError(Problem(pos.file, "map.hexes", f"cannot rule: the file has no hexes of the {map_.upper()} map "
                                 f"(nor an Off-Map Box) to repatriate the units interned on the "
                                 f"{faction_name(faction)} Pending Card in (1.1.1 Step 2, 1.3.4); add them under `map: hexes:`"))
    mine = {uid: loc for uid, loc in given.items() if any(u.id == uid for u in units)}
    ctx = _context(pos, faction, map_, units, mine)
    res = Repatriation()
    if mine:
        choice = {("place", u.id): mine.get(u.id) for u in units}
        for b in Evaluator(post(ctx, PLACING)).broken(choice):
            if b.violation not in res.violations:
                res.violations.append(b.violation)
        if res.violations:
            return res
    where = _best(ctx, units, mine)
    fate = pos.interpretations_in_force["unplaced-interned"]
    for u in units:
        loc = where.get(u.id)
        who = "player" if u.id in mine else "best"
        d = ctx.describe(u)
        if loc is not None:
            basis = ctx.eligible[u.id].get(loc, "")
            how = "placed as the player chose" if who == "player" else "the best placement"
            res.placed.append(Repatriated(u.id, d, map_, loc, basis, who, None, "1.3.4",
                                          f"{d} is repatriated to {loc}: {basis} (1.3.4; {how})"))
            continue
        if ctx.eligible[u.id]:
            why = (f"each of its Replacement Locations ({', '.join(sorted(ctx.eligible[u.id])[:6])}) holds enemy units "
                   "or markers or is full (9.1, 9.2)")
        else:
            why = f"it has no Replacement Location on the {map_.upper()} map (1.3.4)"
        to = (f"it goes to the {map_.upper()} Force Pool" if fate == "force-pool" else "it is removed from the game")
        res.placed.append(Repatriated(u.id, d, map_, None, why, who, fate, UNPLACED.printed,
                                      f"{d} cannot be repatriated: {why}; {to} "
                                      f"(interpretation unplaced-interned={fate})"))
    res.eliminated = overstacked(ctx, [(uid, loc, ()) for uid, loc in where.items() if loc is not None and uid in mine])
    return res


def refused_text(v: Violation) -> str:
    """A violation of a player's placement as a ruling prints it."""
    return f"{v.rule.number} {v.title}: {v.message}"


# --------------------------------------------------------------------------- the reveal (solver.option_cards.procedure)

def _put_on_map(out: Position, placed: list) -> None:
    """The units ``placed`` (``[(location, Unit)]``) put on the map of ``out`` (a new :class:`~model.game.board.Board`:
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


def repatriate_on_reveal(out: Position, faction: str, fm, m: str, r, given: dict) -> list[Step]:
    """1.1.1 Step 2 on map ``m``: the units interned on the back of the card being revealed (``fm.pending``) are
    repatriated as per Placing Replacements (1.3.4) (:mod:`solver.option_cards.repatriation`), before the card is checked;
    a player's placement (``given``) that breaks a rule of placing is refused (``r.refused``), nothing placed.
    ``r``: the :class:`~solver.option_cards.procedure.MapReveal` of that map (``repatriated``, ``refused``)."""
    card = out.card_text(fm.pending)
    res = repatriate(out, faction, m, list(fm.interned), given)
    r.repatriated, r.refused = res.placed, list(res.violations)
    if res.violations:
        return [step(REPATRIATE, f"the placement of the units interned on {card} is refused: "
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


def check_placement(pos: Position, faction: str, given: dict) -> dict:
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
