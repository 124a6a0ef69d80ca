"""1.3.3 Taking Replacements: which units may be taken, and with which steps.

Facts about one unit, or one unit and one payment (a sorted tuple of pool
keys, one per step spent), each decided by a named rule:

* :data:`TAKE_RULES` - a unit that cannot be taken at all (Force Pool
  Limitation, 1.3.3.3 Garrison Units, the △ DS Quit India Restriction);
* :data:`PAYMENT_RULES` - a payment that does not fit the unit (nationality,
  1.3.3.1 Minor Country, △ DS Chinese steps, Unit-Type Limitation, 1.3.3.5
  Colonial Units, 1.3.3.2 step counts and the pair exchanges of 1.3.2).

Each is a :class:`~solver.engine.registry.Row` of its rule whose ``run`` is the
check and whose ``post`` the constraints (:mod:`.rules` lists them with the
others); :func:`payment_problems` also filters the candidate payments
before a model is built.
"""
from __future__ import annotations

from functools import partial
from itertools import combinations_with_replacement
from typing import Callable, Optional

from ...model.game.board import INFANTRY_TYPES, Unit, same_country
from ...model.files.names import norm_name
from ...model.game.vocabulary import ALLIED, faction_name, step_words, with_article

from ..engine.constraints import ANY, Lit, Nogood
from ..engine.registry import Row, rules
from .context import ReplacementContext
from .received import Pool, in_swb

#: Unit types that cost two replacement steps (1.3.3.2).
TWO_STEP_TYPES = ("airborne", "marine")

def flexibility(p: Pool, cls: Optional[str]) -> int:
    """Tie-break order of payments: the step the unit's type calls for first, the most flexible last."""
    if cls == "armor":
        return {"armor": 0, "any": 1}.get(p.kind, 2)
    if p.kind == "infantry":
        return 1 if p.pairs_to_armor else 0
    return 2 if p.kind == "any" else 3


def payment_options(ctx: ReplacementContext, u: Unit) -> list:
    """Candidate payments for ``u``: every one- and two-step multiset of pools. Returns sorted tuples of pool keys."""
    keys = list(ctx.pools)
    opts = [(k,) for k in keys]
    opts += [tuple(sorted(pair)) for pair in combinations_with_replacement(keys, 2)]
    return opts


def _pools_of(ctx, opt) -> list:
    return [ctx.pools[k] for k in opt]


def minor_of_faction(ctx: ReplacementContext, nat: str) -> bool:
    """1.3.3.1: ``nat`` is a Minor Country of the faction that may receive its Minor Country steps
    ("An Allied faction cannot allocate replacements to a Conquered Allied Minor Country")."""
    c = ctx.country(nat)
    return bool(c and c.is_minor_of(ctx.faction) and not (ctx.faction in ALLIED and c.status == "conquered"))


def pool_fits_nationality(ctx: ReplacementContext, p: Pool, u: Unit) -> bool:
    """True when steps of pool ``p`` are of a nationality ``u`` has (minor and Chinese steps by their rules)."""
    sp = p.special
    if sp == "minor":
        return any(minor_of_faction(ctx, n) for n in u.nationality)
    if sp in ("communist", "nationalist"):
        want = "soviet" if sp == "communist" else "western"
        return any((c := ctx.country(n)) is not None and c.chinese and c.alignment == want for n in u.nationality)
    return u.has_nationality(p.nationality)


# =============================================================================== payments

def check_nationality(ctx, u, opt) -> Optional[str]:
    # 1.3.3 "Replacements are taken from a Force Pool as one-step ground units of the nationality ... received."
    bad = [p for p in _pools_of(ctx, opt) if p.special is None and not u.has_nationality(p.nationality)]
    if bad:
        return f"{ctx.describe(u)} paid with {', '.join(p.key for p in bad)}: replacements are taken as units of the nationality received"
    return None


def check_minor(ctx, u, opt) -> Optional[str]:
    # 1.3.3.1: Minor Country steps go to the faction's Minor Countries, never to a Conquered Allied Minor Country.
    for p in _pools_of(ctx, opt):
        if p.special != "minor":
            continue
        if not pool_fits_nationality(ctx, p, u):
            conquered = [c.name for c in (ctx.country(n) for n in u.nationality)
                         if c is not None and c.is_minor_of(ctx.faction) and c.status == "conquered"]
            if conquered:
                return (f"{ctx.describe(u)} paid with {p.key}: {conquered[0]} is a Conquered Allied Minor Country, "
                        "and an Allied faction cannot allocate replacements to one")
            return f"{ctx.describe(u)} paid with {p.key}: {u.nationality_text} is not {with_article(faction_name(ctx.faction))} Minor Country"
    return None


def check_chinese(ctx, u, opt) -> Optional[str]:
    # 1.3.1 △ (DS): Communist / Nationalist Chinese steps serve any Soviet / Western Chinese Country.
    for p in _pools_of(ctx, opt):
        if p.special in ("communist", "nationalist") and not pool_fits_nationality(ctx, p, u):
            want = "Soviet" if p.special == "communist" else "Western"
            return f"{ctx.describe(u)} paid with {p.key}: {u.nationality_text} is not a {want} Chinese Country"
    return None


def check_unit_type(ctx, u, opt) -> Optional[str]:
    # 1.3.3 Unit-Type Limitation: infantry steps take infantry-type units; armor steps armor- or infantry-type (△ types).
    cls = ctx.unit_class(u)
    if cls is None:
        return f"{ctx.describe(u)} is neither an infantry-type nor an armor-type unit on the {ctx.map.upper()} map"
    if cls == "armor":
        bad = [p for p in _pools_of(ctx, opt) if p.kind == "infantry" and not p.pairs_to_armor]
        if bad:
            inf = ", ".join(INFANTRY_TYPES[ctx.map])
            return f"{ctx.describe(u)} is an armor-type unit, paid with {bad[0].key}: infantry steps take only infantry-type units ({inf})"
    return None


def check_colonial(ctx, u, opt) -> Optional[str]:
    # 1.3.3.5: "When an option card specifies replacements to be colonial steps, non-colonial steps cannot be taken instead."
    for p in _pools_of(ctx, opt):
        if p.colonial and not u.is_colonial:
            return f"{ctx.describe(u)} is not colonial, paid with {p.key}: colonial steps cannot be taken as non-colonial units"
        if isinstance(p.colonial, str) and u.colonial_code and norm_name(p.colonial) != norm_name(u.colonial_code):
            return f"{ctx.describe(u)} paid with {p.key}: the steps are {p.colonial} colonial steps"
    return None


def _nat_is(p: Pool, nat: str) -> bool:
    return p.special is None and same_country(p.nationality, nat)


def check_step_count(ctx, u, opt) -> Optional[tuple[Row, str]]:
    """How many steps a unit costs: 1.3.3 one step; 1.3.3.2 two infantry-type steps for an airborne or
    marine unit (one British and one US for the multinational Western airborne unit); the pair exchanges
    of 1.3.2 (two steps for one armor unit). Returns ``(rule, message)`` - the pair's own rule - or None."""
    pools = _pools_of(ctx, opt)
    n = len(pools)
    if u.type in TWO_STEP_TYPES:
        if n != 2:
            return AIRBORNE, f"{ctx.describe(u)} costs two infantry-type replacement steps, paid with {n}"
        armor = [p for p in pools if p.kind == "armor"]
        if armor and ctx.pos.interpretations_in_force.get("airborne-steps") == "infantry-only":
            return AIRBORNE, (f"{ctx.describe(u)} costs two infantry replacement steps, paid with {armor[0].key} "
                              "(interpretation airborne-steps=infantry-only)")
        if len(u.nationality) > 1:
            # one step of each, in either order (a payment's steps are in no particular order)
            if sorted((_nat_is(p, "Britain"), _nat_is(p, "US")) for p in pools) != [(False, True), (True, False)]:
                return AIRBORNE, (f"the multinational Western airborne unit {u.id} needs one British and one US "
                                  f"infantry step, paid with {pools[0].key} and {pools[1].key}")
        elif any(p.special is None and not u.has_nationality(p.nationality) for p in pools):
            return AIRBORNE, f"{ctx.describe(u)}: both steps must be of the same nationality, paid with {pools[0].key} and {pools[1].key}"
        return None
    cls = ctx.unit_class(u)
    if n == 2 and cls == "armor" and pools[0].key == pools[1].key and pools[0].pairs_to_armor:
        return None
    if n == 2 and cls == "armor" and any(p.pairs_to_armor for p in pools):
        pair = next(p for p in pools if p.pairs_to_armor)
        return pair.rule, f"{ctx.describe(u)}: only a pair of {step_words(pair.key, 2)} may be exchanged for one armor step"
    if n == 1 and cls == "armor" and pools[0].pairs_to_armor and pools[0].kind == "infantry":
        return pools[0].rule, f"{ctx.describe(u)}: one {step_words(pools[0].key, 1)} is an infantry step; a pair of them is exchanged for one armor step"
    if n != 1:
        return TAKING, f"{ctx.describe(u)} is a one-step unit and costs one replacement step, paid with {n}"
    return None


def post_payment(check, ctx):
    """The constraints of a payment row: a payment ``check(ctx, unit, payment)`` rejects is not made (a pair
    exchange's violation cites the exchange's own row). A plain function bound with partial, not a closure,
    so that its body runs when a position is ruled on (where mutation testing sees it), not once at import."""
    for u in ctx.units.values():
        for opt in ctx.pay_values[u.id]:
            res = check(ctx, u, opt)
            if res:
                rule, msg = (None, res) if isinstance(res, str) else res
                yield Nogood((Lit(("pay", u.id), opt),), msg, rule)


def _payment(rule: str, title: str, check: Callable, text: str, maps: tuple = ("tk", "ds"), interpretations: tuple = ()) -> Row:
    """A row of 1.3.3 deciding a payment: ``run`` = ``check(ctx, unit, payment)`` -> a message (or
    ``(row, message)`` when the row broken is another, such as a pair exchange's), or None."""
    return rules[rule].row(title, partial(post_payment, check), interpretations, run=check, text=text, maps=maps)


TAKING = _payment("1.3.3", "Taking Replacements", check_nationality,
                  "Replacements are taken from a Force Pool as one-step ground units of the nationality received")
MINOR_COUNTRY = _payment("1.3.3.1", "Minor Country Replacements", check_minor,
                         "Minor Country steps go to the faction's Minor Countries")
CHINESE = _payment("1.3.1", "Chinese Replacements", check_chinese,
                   "△ DS Communist / Nationalist Chinese steps serve any Soviet / Western Chinese Country", ("ds",))
UNIT_TYPE_LIMITATION = _payment("1.3.3", "Unit-Type Limitation", check_unit_type,
                                "infantry steps take infantry-type units; armor steps armor- or infantry-type units")
COLONIAL = _payment("1.3.3.5", "Colonial Units", check_colonial,
                    "When an option card specifies replacements to be colonial steps, non-colonial steps cannot be taken instead")
AIRBORNE = _payment("1.3.3.2", "Airborne and Marine Units", check_step_count,
                    "an airborne or marine unit costs two infantry-type steps; a one-step unit one step",
                    interpretations=("airborne-steps",))

#: Payment rules, in the order rulings list them.
PAYMENT_RULES = (TAKING, MINOR_COUNTRY, CHINESE, UNIT_TYPE_LIMITATION, COLONIAL, AIRBORNE)


def payment_problems(ctx: ReplacementContext, u: Unit, opt: tuple) -> list[tuple[Row, str]]:
    """Every rule a payment breaks for ``u``: ``[(rule, message)]`` (empty: a valid payment)."""
    out = []
    for c in PAYMENT_RULES:
        msg = c.run(ctx, u, opt)
        if msg:
            out.append((c, msg) if isinstance(msg, str) else msg)
    return out


# =============================================================================== units that cannot be taken

def where_is(ctx, uid) -> str:
    """Where unit ``uid`` is, in words (the map, a box, another Force Pool)."""
    for h in ctx.board.hexes.values():
        if any(x.id == uid for x in h.units):
            return f"on the map in {h.id}"
    for b, us in ctx.board.box_units.items():
        if any(x.id == uid for x in us):
            return f"in the {b} Box"
    for (m, f), fr in ctx.pos.replacements.items():
        if any(x.id == uid for x in fr.force_pool):
            return f"in the {faction_name(f)} {m.upper()} Force Pool"
    return "not in any Force Pool"


def check_force_pool(ctx, u) -> Optional[str]:
    # 1.3.3 Force Pool Limitation: "One-step units located anywhere else ... cannot be taken";
    # "A player cannot place multi-step units as replacements."
    if u.id not in ctx.force_pool:
        return (f"{ctx.describe(u)} is {where_is(ctx, u.id)}, not in the {faction_name(ctx.faction)} Force Pool: "
                "replacements are taken from the Force Pool only")
    if u.steps != 1:
        return f"{ctx.describe(u)} has {u.steps} steps: a player cannot place multi-step units as replacements"
    return None


def check_garrison(ctx, u) -> Optional[str]:
    # 1.3.3.3 "Garrison units cannot be taken as replacements."
    if u.type == "garrison":
        return f"{ctx.describe(u)} is a garrison unit: garrison units cannot be taken as replacements"
    return None


def check_conquered_minor(ctx, u) -> Optional[str]:
    # 1.3.3.1 "Exception: An Allied faction cannot allocate replacements to a Conquered Allied Minor Country." -
    # with any step: Minor Country, Chinese (1.3.1) or the country's own.
    if ctx.faction not in ALLIED:
        return None
    for n in u.nationality:
        c = ctx.country(n)
        if c is not None and c.conquered_allied_minor:
            return (f"{ctx.describe(u)}: {c.name} is a Conquered Allied Minor Country; an Allied faction cannot "
                    "allocate replacements to it")
    return None


def check_quit_india(ctx, u) -> Optional[str]:
    # DS 1.3.3 △ "If the Axis Quit India marker is in the Strategic Warfare Box, the Western faction may not take
    # British Ind colonial steps as replacements."
    if (ctx.map == "ds" and ctx.faction == "western" and u.has_nationality("Britain") and u.is_colonial
            and norm_name(u.colonial_code or "") == "ind" and in_swb(ctx.pos, "Quit India", ctx.map)):
        return f"{ctx.describe(u)}: the Axis Quit India marker is in the Strategic Warfare Box, so British Ind colonial steps cannot be taken"
    return None


def post_take(check, ctx):
    """The constraints of a row keeping units from being taken: a unit ``check(ctx, unit)`` names is neither
    placed nor paid for (a plain function bound with partial, as :func:`post_payment`)."""
    for u in ctx.units.values():
        msg = check(ctx, u)
        if msg:
            yield Nogood((Lit(("place", u.id), ANY),), msg)
            yield Nogood((Lit(("pay", u.id), ANY),), msg)


def _take(rule: str, title: str, check: Callable, text: str, maps: tuple = ("tk", "ds")) -> Row:
    """A row of 1.3.3 keeping a unit from being taken at all: ``run`` = ``check(ctx, unit)`` -> a message or None."""
    return rules[rule].row(title, partial(post_take, check), run=check, text=text, maps=maps)


FORCE_POOL_LIMITATION = _take("1.3.3", "Force Pool Limitation", check_force_pool,
                              "One-step units located anywhere else ... cannot be taken; no multi-step units")
GARRISON = _take("1.3.3.3", "Garrison Units", check_garrison, "Garrison units cannot be taken as replacements.")
QUIT_INDIA = _take("1.3.3", "Quit India Restriction", check_quit_india,
                   "△ DS the Axis Quit India marker in the Strategic Warfare Box: no British Ind colonial steps", ("ds",))
CONQUERED_MINOR = _take("1.3.3.1", "Minor Country Replacements", check_conquered_minor,
                        "An Allied faction cannot allocate replacements to a Conquered Allied Minor Country.")

#: Rules that keep a unit from being taken at all, in the order rulings list them.
TAKE_RULES = (FORCE_POOL_LIMITATION, GARRISON, QUIT_INDIA, CONQUERED_MINOR)


def takeable_problems(ctx: ReplacementContext, u: Unit) -> list[tuple[Row, str]]:
    """Why ``u`` cannot be taken at all: ``[(rule, message)]`` (empty: it can be)."""
    return [(c, msg) for c in TAKE_RULES if (msg := c.run(ctx, u))]
