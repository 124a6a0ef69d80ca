"""1.1.3.1 Pending Card Selection Requirements: does a requirement hold?

:func:`check_requirement` returns whether an item of FORMAT section 3 holds in
a position, with a text that states the requirement and the fact behind the
answer (``"Russia's Posture is war (it is policy-affected)"``).
"""
from __future__ import annotations

from ...model.game.cards import Card
from ...model.files.names import norm_box, norm_name
from ...model.files.load import Position
from ...model.game.requirements import AllOf, AnyOf, CountryIs, EuropeanWar, Flag, GovernmentIs, MarkerIn, Not, Played, WarStateIs
from ...model.game.vocabulary import WarState


def revealed_cards(pos: Position, faction: str) -> dict[str, str]:
    """Cards of ``faction`` revealed as Current Cards so far: id -> turn text
    (:meth:`Position.revealed`: a card's first reveal in the history, or now when it is the Current Card)."""
    out: dict[str, str] = {}
    for r in pos.revealed(faction):
        if r.current:
            out[r.card] = r.when
        else:
            out.setdefault(r.card, r.when)
    return out


def european_war(pos: Position, facts: "Facts" = None) -> str:
    """``none`` / ``limited`` / ``total``: the European war state for 1.1.3.1.

    In AE (©) and in TK it follows the TK war state (as ``facts`` give it: default the position's);
    in DS alone (*) it is the state file's ``european-war``.
    """
    if "tk" in pos.war_state:
        return {"pre-war": "none", "limited": "limited", "total": "total"}[(facts or DIRECT).war_state(pos, "tk")]
    return pos.european_war


class Facts:
    """The facts of a requirement that a plan changes from turn to turn: whether a card has been
    played (revealed as a Current Card) and the war state of a map. This one reads them from the position
    (every ruling); the plan model (:mod:`solver.plan.model`) gives each a value of its own and evaluates
    the requirement once per combination, so a requirement is defined once (:func:`check_requirement`)."""

    def played(self, pos: Position, cid: str):
        """The turn text in which card ``cid`` was revealed, or None when it was not."""
        return revealed_cards(pos, cid.split("-")[1]).get(cid)

    def war_state(self, pos: Position, m: str):
        """The war state in effect on map ``m`` (None: the map is not in play)."""
        return pos.war_state.get(m)


#: The facts of the position itself.
DIRECT = Facts()


def _played(pos: Position, card: Card, req: Played, facts: Facts) -> tuple[bool, str]:
    when = facts.played(pos, req.card)
    was = when is not None
    what = f"card {pos.card_text(req.card)}"
    fact = f"revealed in {when}" if was else "not played"
    if req.negate:
        return (not was), f"{what} not played ({fact})"
    return was, f"{what} played ({fact})"


def _war_state_is(pos: Position, card: Card, req: WarStateIs, facts: Facts) -> tuple[bool, str]:
    m = req.map or card.map
    wanted = " or ".join(WarState.of(s).display for s in req.states)
    if m not in pos.war_state:
        return False, f"{wanted} on the {m.upper()} map (that map is not in play)"
    now = facts.war_state(pos, m)
    return now in req.states, f"{wanted} in effect on the {m.upper()} map ({now.display} is)"


def _country_is(pos: Position, card: Card, req: CountryIs, facts: Facts) -> tuple[bool, str]:
    parts, ok = [], True
    for cname, fld, value in req.fields:
        c = pos.country(cname, card.map)          # the card's own map's Posture Display
        actual = getattr(c, fld) if c else None
        good = actual == value
        ok = ok and good
        on = f" on the {card.map.upper()} map" if len(pos.maps) > 1 else ""
        if c is None:
            where = (f"{cname} is not on the {card.map.upper()} Posture Display"
                     if pos.countries.get(norm_name(cname)) is not None else f"{cname} is not listed in countries")
            parts.append(f"{cname}'s {fld.capitalize()} is {value}{on} ({where})")
        else:
            parts.append(f"{c.name}'s {fld.capitalize()} is {value}{on} (it is {actual or 'not given'})")
    return ok, " and ".join(parts)


def _government_is(pos: Position, card: Card, req: GovernmentIs, facts: Facts) -> tuple[bool, str]:
    now = pos.government
    if req.value == "none":
        return now == "none", f"no branch leads the Japanese Government ({'none does' if now == 'none' else 'the ' + now.capitalize() + ' does'})"
    return now == req.value, f"the Japanese {req.value.capitalize()} leads the Government ({'no branch does' if now == 'none' else 'the ' + now.capitalize() + ' does'})"


def _european_war(pos: Position, card: Card, req: EuropeanWar, facts: Facts) -> tuple[bool, str]:
    now = european_war(pos, facts)
    rank = {"none": 0, "limited": 1, "total": 2}
    if req.value == "none":
        holds = now == "none"
    else:
        holds = rank[now] >= rank[req.value]
    label = {"none": "no European war", "limited": "European Limited War has occurred", "total": "European Total War has occurred"}
    fact = {"none": "neither has occurred", "limited": "European Limited War has occurred", "total": "European Total War has occurred"}[now]
    return holds, f"{label[req.value]} ({fact})"


def _marker_in(pos: Position, card: Card, req: MarkerIn, facts: Facts) -> tuple[bool, str]:
    where = pos.markers.where(req.name, card.map)
    # the card's own map's boxes too (`boxes:`, where `reveal` puts what a card places, 1.1.2.2)
    mb = pos.seasonal.boxes.get(card.map) if pos.seasonal is not None else None
    if mb is not None:
        for box, names in (("strategic warfare box", mb.strategic_warfare_box), ("delay box", mb.delay_box)):
            if any(norm_name(x) == norm_name(req.name) for x in names) and box not in where:
                where.append(box)
    holds = bool(where) if req.box is None else norm_box(req.box) in where
    want = f"the {req.name} marker" + (f" in the {req.box}" if req.box else " in play")
    fact = f"it is in {', '.join(where)}" if where else "it is not listed in markers"
    unplaced = [b for b in pos.markers.unplaced_in(req.name, card.map) if b not in where]
    if unplaced and not holds:
        fact += "; " + pos.markers.unplaced_note(req.name, unplaced[0], card.map)
    return holds, f"{want} ({fact})"


def _flag(pos: Position, card: Card, req: Flag, facts: Facts) -> tuple[bool, str]:
    holds = any(norm_name(f) == norm_name(req.name) for f in pos.flags)
    return holds, f"flag {req.name} ({'set' if holds else 'not set'})"


def _grouped(pos: Position, card: Card, item, facts: Facts) -> tuple[bool, str]:
    """An item of an ``any``, ``all`` or ``not``, its text bracketed where the meaning depends on it: a
    country entry with several facts (``(France's Status is active and France's Posture is war)``);
    ``any`` and ``all`` bracket themselves."""
    h, t = check_requirement(pos, card, item, facts)
    if isinstance(item, CountryIs) and len(item.fields) > 1:
        t = f"({t})"
    return h, t


def _any_of(pos: Position, card: Card, req: AnyOf, facts: Facts) -> tuple[bool, str]:
    res = [_grouped(pos, card, it, facts) for it in req.items]
    return any(h for h, _ in res), "(" + " or ".join(t for _, t in res) + ")"


def _all_of(pos: Position, card: Card, req: AllOf, facts: Facts) -> tuple[bool, str]:
    res = [_grouped(pos, card, it, facts) for it in req.items]
    return all(h for h, _ in res), "(" + " and ".join(t for _, t in res) + ")"


def _not(pos: Position, card: Card, req: Not, facts: Facts) -> tuple[bool, str]:
    h, t = _grouped(pos, card, req.item, facts)
    return (not h), f"not {t}"


#: Each kind of requirement item and the function deciding it (1.1.3.1).
_CHECKS = ((Played, _played), (WarStateIs, _war_state_is), (CountryIs, _country_is), (GovernmentIs, _government_is),
           (EuropeanWar, _european_war), (MarkerIn, _marker_in), (Flag, _flag), (AnyOf, _any_of), (AllOf, _all_of),
           (Not, _not))


def check_requirement(pos: Position, card: Card, req, facts: Facts = None) -> tuple[bool, str]:
    """Whether ``req`` (a :mod:`model.game.requirements` item on ``card``) holds in ``pos``, the cards played
    and the war states read from ``facts`` (default :data:`DIRECT`: the position's).

    Returns ``(holds, text)``; ``text`` states the requirement and the fact. Raises ``TypeError`` for an
    unknown item.
    """
    for kind, decide in _CHECKS:
        if isinstance(req, kind):
            return decide(pos, card, req, facts or DIRECT)
    raise TypeError(f"unknown requirement {req!r}")
