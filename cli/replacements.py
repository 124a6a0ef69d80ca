"""``aeref replacements`` and ``aeref check-replacements`` (FORMAT 5; rules 1.3)."""
from __future__ import annotations

import click

from ..model.vocabulary import faction_name, step_words
from .common import (
    choose_map, map_option,
    EXIT_ILLEGAL, EXIT_OK, BadInput, budget, emit_json, faction_option, interp_option, interpretations_text, json_option,
    live_line, load, require_faction, time_limit_option,
)



def solution_json(ctx, alloc, optimal: bool, extra: dict | None = None, bound: int | None = None) -> dict:
    """The JSON of ``aeref replacements`` (FORMAT 5) for an allocation of ``ctx``; ``bound``: the
    proven upper bound on the steps that can be used when the allocation is not proved optimal."""
    from ..solver.replacements import interpretations_used, paid_with_text
    from ..solver.replacements.lost import explain_lost

    received = sum(p.count for p in ctx.pools.values())
    placements = []
    locs = {loc: i for i, loc in enumerate(ctx.locations())}
    units = {uid: i for i, uid in enumerate(ctx.units)}
    for uid, loc, pay in sorted(alloc.placements, key=lambda r: (locs.get(r[1], len(locs)), units[r[0]])):
        placements.append({"unit": uid, "location": loc, "paid-with": paid_with_text(ctx, uid, pay),
                           "basis": ctx.eligible[uid].get(loc, "")})
    out = {"faction": ctx.faction, "map": ctx.map, "optimal": optimal, "steps-received": received,
           "steps-used": alloc.steps_used(), "placements": placements, "lost": explain_lost(ctx, alloc, bound is None or bound <= alloc.steps_used(), bound=bound),
           "received": [{"step": p.key, "count": p.count, "sources": list(p.sources)} for p in ctx.pools.values()],
           "interpretations": interpretations_used(ctx.pos, ctx.map)}
    if ctx.notes:
        out["notes"] = list(ctx.notes)
    if extra:
        out.update(extra)
    return out


def ruling_json(ruling) -> dict:
    """The JSON of ``aeref check-replacements`` (FORMAT 5) for a :class:`ReplacementRuling`."""
    return {"legal": ruling.legal, "violations": [v.as_json() for v in ruling.violations],
            "steps-received": ruling.steps_received, "steps-used": ruling.steps_used,
            "steps-lost": ruling.steps_received - ruling.steps_used, "lost": ruling.lost,
            "eliminated": ruling.eliminated, "interpretations": ruling.interpretations,
            **({"notes": ruling.notes} if ruling.notes else {})}


def _steps_text(count: int, label: str, bare: bool = False) -> str:
    """``2 minor steps``, ``1 Russia infantry step`` (``bare``: ``8 Russia infantry``)."""
    return f"{count} {step_words(label, count, bare)}"


@click.command()
@click.argument("state", type=click.Path(dir_okay=False))
@faction_option
@map_option
@json_option
@interp_option
@time_limit_option
def replacements(state, faction, map_, as_json, interpretations, time_limit):
    """The best way to take and place this turn's replacement steps (1.3).

    Maximises the steps used, then the `prefer` weights; every lost step is
    listed with its rule and reason. When the time limit (or Ctrl-C) ends the
    search, the best allocation found (never worse than the greedy one) is
    printed with the proven bound on the steps that can be used.

    \b
    Example:
      aeref replacements examples/tk-soviet-replacements.yaml --faction soviet
    """
    from ..solver.replacements.optimise import optimise

    limit = budget(time_limit)
    pos = load(state, interpretations, limit)
    m = choose_map(pos, map_)
    f = require_faction(pos, faction)
    with live_line(as_json) as progress:
        res = optimise(pos, f, m, budget=limit, progress=progress)
    out = solution_json(res.ctx, res.allocation, res.optimal, {"status": res.status}, res.bound)
    if not res.optimal:
        out["steps-bound"] = res.bound
    if as_json:
        emit_json(out)
        return EXIT_OK
    from tabulate import tabulate
    fac = faction_name(f)
    click.echo(f"Replacements Segment (1.3): {fac}, {m.upper()} map, {pos.turn}")
    rec = "; ".join(_steps_text(r["count"], r["step"], bare=True) for r in out["received"]) or "none"
    click.echo(f"Steps received: {out['steps-received']} ({rec})")
    rows = [[p["unit"], p["location"], ", ".join(p["paid-with"]), p["basis"]] for p in out["placements"]]
    if rows:
        click.echo(tabulate(rows, headers=["unit", "location", "paid with", "Replacement Location (1.3.4)"], tablefmt="simple"))
    used = out["steps-used"]
    if res.optimal:
        tail = " (optimal, proved)"
    elif res.bound is not None and res.bound > used:
        tail = f", at most {res.bound} can be used ({res.status})"
    else:
        tail = f" ({res.status})"
    click.echo(f"Steps used: {used} of {out['steps-received']}{tail}")
    for lost in out["lost"]:
        click.echo(f"Lost: {_steps_text(lost['count'], lost['step'])} [{lost['rule']}] {lost['reason']}")
    for note in out.get("notes", []):
        click.echo(f"Note: {note}")
    click.echo(interpretations_text(out["interpretations"]))
    return EXIT_OK


@click.command("check-replacements")
@click.argument("state", type=click.Path(dir_okay=False))
@click.argument("allocation", type=click.Path(dir_okay=False))
@faction_option
@map_option
@json_option
@interp_option
def check_replacements(state, allocation, faction, map_, as_json, interpretations):
    """Rule on a proposed allocation of replacement steps (1.3).

    ALLOCATION is a YAML list of {unit, location, paid-with}. Exit code 0 when
    legal, 1 when illegal.

    \b
    Example:
      aeref check-replacements examples/tk-soviet-replacements.yaml \\
          examples/tk-soviet-allocation.yaml --faction soviet
    """
    from ..model.yamlio import load_yaml_file
    from ..solver.replacements import check_allocation, read_allocation

    pos = load(state, interpretations)
    m = choose_map(pos, map_)
    f = require_faction(pos, faction)
    data = load_yaml_file(allocation, allocation)
    ctx, rows, problems = read_allocation(pos, f, m, data, allocation)
    if problems:
        # one Error: line naming the allocation file and every place (`aeref validate` reads state files only)
        first, rest = problems[0], problems[1:]
        more = f" (and {len(rest)} more: " + "; ".join(f"{p.where}: {p.message}" for p in rest) + ")" if rest else ""
        raise BadInput(f"{first.file}: {first.where}: {first.message}{more}" if first.where else f"{first.file}: {first.message}{more}")
    ruling = check_allocation(ctx, rows)
    if as_json:
        emit_json(ruling_json(ruling))
    else:
        click.echo(f"{'Legal' if ruling.legal else 'Illegal'}: {faction_name(f)} replacements on the {m.upper()} map "
                   f"({ruling.steps_used} of {ruling.steps_received} steps used)")
        for v in ruling.violations:
            click.echo(f"  {v}")
        for e in ruling.eliminated:
            click.echo(f"  Eliminated after the Segment: 9.2 Stacking: {e['message']}")
        for lost in ruling.lost:
            click.echo(f"  Unused: {_steps_text(lost['count'], lost['step'])} [{lost['rule']}] {lost['reason']}")
        for note in ruling.notes:
            click.echo(f"  Note: {note}")
        click.echo(interpretations_text(ruling.interpretations))
    return EXIT_OK if ruling.legal else EXIT_ILLEGAL
