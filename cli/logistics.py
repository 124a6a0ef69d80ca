"""``aeref logistics`` and ``aeref check-logistics``: the Logistics / Partisan Segment (1.2)."""
from __future__ import annotations

import click

from ..model.vocabulary import faction_name
from .common import (
    EXIT_ILLEGAL, EXIT_OK, BadInput, choose_map, emit_json, faction_option, json_option, load, map_option,
    require_faction,
)


def _ctx_line(ctx):
    return (f"{faction_name(ctx.faction)} Force Pool: Logistics {', '.join(ctx.pool_logistics) or 'none'}, "
            f"Partisan Bases {ctx.pool_partisans}; on the map: Logistics "
            f"{', '.join(f'{n} in {h}' for n, h in ctx.on_map_logistics) or 'none'}, Partisan Bases "
            f"{', '.join(ctx.on_map_partisans) or 'none'}")


@click.command()
@click.argument("state", type=click.Path(dir_okay=False))
@faction_option
@map_option
@json_option
def logistics(state, faction, map_, as_json):
    """Every legal action of the Logistics / Partisan Segment (1.2): place or
    remove one Logistics marker, place or remove Partisan Bases.

    \b
    Example:
      aeref logistics examples/ds-axis-reveal.yaml --faction axis
    """
    from ..solver.logistics import action_json, consequences, describe, legal_actions

    pos = load(state)
    f = require_faction(pos, faction)
    m = choose_map(pos, map_)
    ctx, legal = legal_actions(pos, f, m)
    if as_json:
        emit_json({"faction": f, "map": m, "rule": "1.2", "count": len(legal),
                   "actions": [dict(action_json(s), consequences=consequences(ctx, s)) for s in legal],
                   "notes": ["1.2.1: at most one Logistics action (place or remove) per segment",
                             "1.2.2: at most one Partisan Base per Conquered Allied Minor Country per segment"]})
    else:
        click.echo(f"Logistics / Partisan Segment (1.2): {faction_name(f)}, {m.upper()} map, {pos.turn}")
        click.echo(f"  {_ctx_line(ctx)}")
        for s in legal:
            extra = "; ".join(consequences(ctx, s))
            click.echo(f"  - {describe(s)}" + (f" ({extra})" if extra else ""))
        click.echo(f"{len(legal)} legal action{'s' if len(legal) != 1 else ''}; at most one Logistics action (1.2.1), "
                   "at most one Partisan Base per Conquered Allied Minor Country (1.2.2).")
    return EXIT_OK


def _split(value, option):
    if "@" not in value:
        raise BadInput(f"{option} {value}: write NAME@HEX, e.g. IGHQ@1706")
    name, hid = (x.strip() for x in value.rsplit("@", 1))
    if not name or not hid:
        raise BadInput(f"{option} {value}: write NAME@HEX with both parts, e.g. IGHQ@1706")
    return name, hid


@click.command(name="check-logistics")
@click.argument("state", type=click.Path(dir_okay=False))
@faction_option
@map_option
@click.option("--place-logistics", "place_log", multiple=True, metavar="NAME@HEX", help="Place a Logistics marker.")
@click.option("--remove-logistics", "remove_log", multiple=True, metavar="NAME",
              help="Remove an on-map Logistics marker to the Delay Box (NAME or NAME@HEX).")
@click.option("--place-partisan", "place_pb", multiple=True, metavar="HEX", help="Place a Partisan Base (repeatable).")
@click.option("--remove-partisan", "remove_pb", multiple=True, metavar="HEX", help="Remove a Partisan Base (repeatable).")
@json_option
def check_logistics(state, faction, map_, place_log, remove_log, place_pb, remove_pb, as_json):
    """Rule on a proposed set of Logistics / Partisan Segment actions (1.2).

    Exit code 0 when legal, 1 when illegal.

    \b
    Example:
      aeref check-logistics examples/ds-axis-reveal.yaml --faction axis --place-logistics IGHQ@0101
    """
    from ..solver.logistics import action_json, consequences, make_context, rule_on

    pos = load(state)
    f = require_faction(pos, faction)
    m = choose_map(pos, map_)
    ctx = make_context(pos, f, m)
    actions = []
    for v in place_log:
        n, h = _split(v, "--place-logistics")
        n = next((x for x in ctx.pool_logistics if x.casefold() == n.casefold()), n)
        actions.append(("place-logistics", n, h))
    for v in remove_log:
        n, h = _split(v, "--remove-logistics") if "@" in v else (v.strip(), None)
        found = [(x, hh) for x, hh in ctx.on_map_logistics if x.casefold() == n.casefold() and (h is None or hh == h)]
        actions.append(("remove-logistics",) + (found[0] if found else (n, h)))   # hex None: not on the map
    actions += [("place-partisan", str(h)) for h in place_pb]
    actions += [("remove-partisan", str(h)) for h in remove_pb]
    ctx, vs = rule_on(pos, f, m, actions)
    legal = not vs
    if as_json:
        emit_json({"legal": legal, "violations": [v.as_json() for v in vs],
                   "actions": [dict(action_json(a), consequences=consequences(ctx, a) if a in set(ctx.slots()) else []) for a in actions]})
    else:
        from ..solver.logistics import describe
        click.echo(f"{'Legal' if legal else 'Illegal'}: {faction_name(f)} {m.upper()} Logistics / Partisan Segment: "
                   + ("; ".join(describe(a) for a in actions) or "no action"))
        for v in vs:
            click.echo(f"  {v}")
        if legal:
            for a in actions:
                for c in consequences(ctx, a):
                    click.echo(f"  {c}")
    return EXIT_OK if legal else EXIT_ILLEGAL
