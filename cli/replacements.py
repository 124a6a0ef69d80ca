"""``aeref replacements`` and ``aeref check-replacements`` (FORMAT 5; rules 1.3)."""
from __future__ import annotations

import click

from ..api import AllocationError
from ..model.game.vocabulary import faction_name, step_words
from .arguments import BadInput, choose_map, load, require_faction
from .common import EXIT_ILLEGAL, EXIT_OK, budget, tabulate
from .jsonout import emit_json
from .liveline import live_line
from .options import STDIN_HELP, faction_option, interp_option, json_option, map_option, state_argument, time_limit_option
from .options import private_option
from .text import interpretations_text


def _steps_text(count: int, label: str, bare: bool = False) -> str:
    """``2 minor steps``, ``1 Russia infantry step`` (``bare``: ``8 Russia infantry``)."""
    return f"{count} {step_words(label, count, bare)}"


@click.command(epilog=STDIN_HELP)
@state_argument()
@faction_option
@map_option
@json_option
@interp_option
@time_limit_option
@private_option
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
    limit = budget(time_limit)
    pos = load(state, interpretations, limit)
    m = choose_map(pos, map_)
    f = require_faction(pos, faction)
    with live_line(as_json) as progress:
        res = pos.replacements(f, m, limit, progress)
    out = res.as_json()
    if as_json:
        emit_json(out)
        return EXIT_OK
    fac = faction_name(f)
    click.echo(f"Replacements Segment (1.3): {fac}, {m.upper()} map, {pos.turn}")
    rec = "; ".join(_steps_text(r["count"], r["step"], bare=True) for r in out["received"]) or "none"
    click.echo(f"Steps received: {out['steps-received']} ({rec})")
    rows = [[p["unit"], p["location"], ", ".join(p["paid-with"]), p["basis"]] for p in out["placements"]]
    if rows:
        click.echo(tabulate(rows, headers=["unit", "location", "paid with", "Replacement Location (1.3.4)"], tablefmt="simple"))
    used = out["steps-used"]
    if res.proved:
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


@click.command("check-replacements", epilog=STDIN_HELP)
@state_argument()
@click.argument("allocation", type=click.Path(dir_okay=False))
@faction_option
@map_option
@json_option
@interp_option
@private_option
def check_replacements(state, allocation, faction, map_, as_json, interpretations):
    """Rule on a proposed allocation of replacement steps (1.3).

    ALLOCATION is a YAML list of {unit, location, paid-with}. Exit code 0 when
    legal, 1 when illegal.

    \b
    Example:
      aeref check-replacements examples/tk-soviet-replacements.yaml \\
          examples/tk-soviet-allocation.yaml --faction soviet
    """
    pos = load(state, interpretations)
    m = choose_map(pos, map_)
    f = require_faction(pos, faction)
    try:
        ruling = pos.check_replacements(f, allocation, m)
    except AllocationError as exc:
        # one Error: line naming the allocation file and every place (`aeref validate` reads state files only)
        first, rest = exc.problems[0], exc.problems[1:]
        more = f" (and {len(rest)} more: " + "; ".join(f"{p.where}: {p.message}" for p in rest) + ")" if rest else ""
        raise BadInput(f"{first.file}: {first.where}: {first.message}{more}" if first.where else f"{first.file}: {first.message}{more}")
    if as_json:
        emit_json(ruling.as_json())
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
