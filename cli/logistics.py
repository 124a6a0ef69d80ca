"""``aeref logistics`` and ``aeref check-logistics``: the Logistics / Partisan Segment (1.2)."""
from __future__ import annotations

import click

from ..model.game.vocabulary import faction_name
from .arguments import BadInput, choose_map, load, require_faction
from .common import EXIT_ILLEGAL, EXIT_OK
from .jsonout import emit_json
from .options import STDIN_HELP, faction_option, json_option, map_option, private_option, state_argument


def _ctx_line(ctx):
    """The markers of the segment in one line: Force Pool and on the map."""
    return (f"{faction_name(ctx.faction)} Force Pool: Logistics {', '.join(ctx.pool_logistics) or 'none'}, "
            f"Partisan Bases {ctx.pool_partisans}; on the map: Logistics "
            f"{', '.join(f'{n} in {h}' for n, h in ctx.on_map_logistics) or 'none'}, Partisan Bases "
            f"{', '.join(ctx.on_map_partisans) or 'none'}")


@click.command(epilog=STDIN_HELP)
@state_argument()
@faction_option
@map_option
@json_option
@private_option
def logistics(state, faction, map_, as_json):
    """Every legal action of the Logistics / Partisan Segment (1.2): place or
    remove one Logistics marker, place or remove Partisan Bases.

    \b
    Example:
      aeref logistics examples/ds-axis-reveal.yaml --faction axis
    """
    pos = load(state)
    f = require_faction(pos, faction)
    m = choose_map(pos, map_)
    ans = pos.logistics(f, m)
    legal = ans.actions
    if as_json:
        emit_json(ans.as_json())
    else:
        click.echo(f"Logistics / Partisan Segment (1.2): {faction_name(f)}, {m.upper()} map, {pos.turn}")
        click.echo(f"  {_ctx_line(ans)}")
        for s in legal:
            extra = "; ".join(ans.consequences(s))
            click.echo(f"  - {ans.describe(s)}" + (f" ({extra})" if extra else ""))
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


@click.command(name="check-logistics", epilog=STDIN_HELP)
@state_argument()
@faction_option
@map_option
@click.option("--place-logistics", "place_log", multiple=True, metavar="NAME@HEX", help="Place a Logistics marker.")
@click.option("--remove-logistics", "remove_log", multiple=True, metavar="NAME",
              help="Remove an on-map Logistics marker to the Delay Box (NAME or NAME@HEX).")
@click.option("--place-partisan", "place_pb", multiple=True, metavar="HEX", help="Place a Partisan Base (repeatable).")
@click.option("--remove-partisan", "remove_pb", multiple=True, metavar="HEX", help="Remove a Partisan Base (repeatable).")
@json_option
@private_option
def check_logistics(state, faction, map_, place_log, remove_log, place_pb, remove_pb, as_json):
    """Rule on a proposed set of Logistics / Partisan Segment actions (1.2).

    Exit code 0 when legal, 1 when illegal.

    \b
    Example:
      aeref check-logistics examples/ds-axis-reveal.yaml --faction axis --place-logistics IGHQ@0101
    """
    pos = load(state)
    f = require_faction(pos, faction)
    m = choose_map(pos, map_)
    place = [_split(v, "--place-logistics") for v in place_log]
    remove = [_split(v, "--remove-logistics") if "@" in v else (v.strip(), None) for v in remove_log]
    ruling = pos.check_logistics(f, m, place, remove, place_pb, remove_pb)
    legal, actions = ruling.legal, ruling.actions
    if as_json:
        emit_json(ruling.as_json())
    else:
        click.echo(f"{'Legal' if legal else 'Illegal'}: {faction_name(f)} {m.upper()} Logistics / Partisan Segment: "
                   + ("; ".join(ruling.describe(a) for a in actions) or "no action"))
        for v in ruling.violations:
            click.echo(f"  {v}")
        if legal:
            for a in actions:
                for c in ruling.consequences(a):
                    click.echo(f"  {c}")
    return EXIT_OK if legal else EXIT_ILLEGAL
